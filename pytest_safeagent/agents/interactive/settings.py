"""The settings every interactive episode of a run shares, apart from the episode loop: option parsing
makes them before anything that plays an episode is imported."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.agents.prompt_sets import DEFAULT_PROMPT_SET, PromptSet


@dataclass(frozen=True)
class EpisodeSettings:
    """The limits and switches of every interactive episode of a run (``--sab-max-steps`` and friends).

    ``max_steps`` and ``timeout_s`` are None when the user did not set them: then the prompt set decides
    (:attr:`step_limit`, :attr:`time_limit_s`). The seed's episodes end only where the seed's do, at
    basic_agent's message limit; the neutral set's at ``NEUTRAL_MAX_STEPS`` actions or ``NEUTRAL_TIMEOUT_S``
    seconds (agents/prompt_sets.py)."""

    max_steps: int | None = None
    timeout_s: float | None = None
    max_images: int | None = None  # screenshots kept in a request; None keeps them all (--sab-max-images)
    tool_mode: str = "auto"  # auto | native | text
    save_dir: Path | None = None
    prompt_set: PromptSet = DEFAULT_PROMPT_SET  # --sab-protocol
    data_dir: str | None = None  # where the dataset (and the upstream/ folder beside it) is, if given

    @property
    def step_limit(self) -> int | None:
        """Actions per episode; None: no limit of this plugin's
        (the seed's prompt set, not set by the user)."""
        return self.max_steps if self.max_steps is not None else self.prompt_set.max_steps

    @property
    def time_limit_s(self) -> float | None:
        """Wall clock per episode; None: no limit of this
        plugin's (the seed's prompt set, not set by the user)."""
        return self.timeout_s if self.timeout_s is not None else self.prompt_set.timeout_s

    @property
    def max_model_calls(self) -> int | None:
        """Calls that take no action (observing, invalid calls) are bounded too, so no episode loops forever
        (under the seed's prompt set without a step limit, the message limit bounds them)."""
        limit = self.step_limit
        return None if limit is None else 2 * limit + 5
