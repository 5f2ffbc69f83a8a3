"""The settings every interactive episode of a run shares, apart from the episode loop: option parsing
makes them before anything that plays an episode is imported."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class EpisodeSettings:
    """The limits and switches of every interactive episode of a run (``--sab-max-steps`` and friends)."""

    max_steps: int = 30
    timeout_s: float = 600.0
    max_images: int | None = None  # screenshots kept in a request; None keeps them all (--sab-max-images)
    tool_mode: str = "auto"  # auto | native | text
    save_dir: Path | None = None
    protocol: str = "seed"  # seed | neutral (--sab-protocol)
    data_dir: str | None = None  # where the dataset (and the upstream/ folder beside it) is, if given

    @property
    def max_model_calls(self) -> int:
        """Calls that take no action (observing, invalid calls) are bounded too, so no episode loops forever."""
        return 2 * self.max_steps + 5
