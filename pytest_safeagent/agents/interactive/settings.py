"""The settings every interactive episode of a run shares, apart from the episode loop: option parsing
makes them before anything that plays an episode is imported."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NEUTRAL_MAX_STEPS = 30  # --sab-max-steps when not given, under --sab-protocol=neutral
NEUTRAL_TIMEOUT_S = 600.0  # --sab-episode-timeout when not given, under --sab-protocol=neutral


@dataclass(frozen=True)
class EpisodeSettings:
    """The limits and switches of every interactive episode of a run (``--sab-max-steps`` and friends).

    ``max_steps`` and ``timeout_s`` are None when the user did not set them: then the protocol decides
    (:attr:`step_limit`, :attr:`time_limit_s`). The seed's episodes end only where the seed's do, at
    basic_agent's message limit; the neutral protocol's at :data:`NEUTRAL_MAX_STEPS` actions or
    :data:`NEUTRAL_TIMEOUT_S` seconds."""

    max_steps: int | None = None
    timeout_s: float | None = None
    max_images: int | None = None  # screenshots kept in a request; None keeps them all (--sab-max-images)
    tool_mode: str = "auto"  # auto | native | text
    save_dir: Path | None = None
    protocol: str = "seed"  # seed | neutral (--sab-protocol)
    data_dir: str | None = None  # where the dataset (and the upstream/ folder beside it) is, if given

    @property
    def step_limit(self) -> int | None:
        """Actions per episode; None: no limit of this plugin's (the seed protocol, not set by the user)."""
        if self.max_steps is not None:
            return self.max_steps
        return None if self.protocol == "seed" else NEUTRAL_MAX_STEPS

    @property
    def time_limit_s(self) -> float | None:
        """Wall clock per episode; None: no limit of this plugin's (the seed protocol, not set by the user)."""
        if self.timeout_s is not None:
            return self.timeout_s
        return None if self.protocol == "seed" else NEUTRAL_TIMEOUT_S

    @property
    def max_model_calls(self) -> int | None:
        """Calls that take no action (observing, invalid calls) are bounded too, so no episode loops forever
        (under the seed protocol without a step limit, the message limit bounds them)."""
        limit = self.step_limit
        return None if limit is None else 2 * limit + 5
