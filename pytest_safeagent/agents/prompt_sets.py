"""The prompt sets ``--sab-protocol`` chooses between: the seed harness's texts, or this plugin's own.

A run chooses its prompt set once (``prompt_set_named``); everything that sends a different text, keeps a
different limit or records a different version under the two sets reads it from the :class:`PromptSet`
object instead of testing the option's value. The option keeps its name and values (``seed``,
``neutral``); the report records the value as ``protocol``.

Kept light (no pydantic, nothing that plays): option parsing reads it before anything is imported.
"""

from __future__ import annotations

from dataclasses import dataclass

from pytest_safeagent.core.names import DEFAULT_PROTOCOL
from pytest_safeagent.pinned.upstream_files import SEED_COMMIT

# The versions of this plugin's own texts: bump one whenever a text it covers changes.
PLANNER_PROMPT_VERSION = "2"  # agents/planners/: 2: seven strategies; the plan format names the line shape
INTERACTIVE_PROMPT_VERSION = "1"  # agents/interactive/styles.py and map_oneshot.py's own prompts

NEUTRAL_MAX_STEPS = 30  # --sab-max-steps when not given, under --sab-protocol=neutral
NEUTRAL_TIMEOUT_S = 600.0  # --sab-episode-timeout when not given, under --sab-protocol=neutral
NEUTRAL_MAX_IMAGES = 3  # --sab-max-images when not given, under --sab-protocol=neutral


@dataclass(frozen=True)
class PromptSet:
    """What the agents send and how long their episodes may run, under one ``--sab-protocol`` value.

    ``upstream``: the planners send the seed harness's calls (agents/planners/seed_calls.py), the
    interactive agents its conversation (agents/interactive/seed_protocol.py, map_original.py), and the
    run samples like the seed; every text is read from the pinned upstream files. Otherwise each agent sends
    this plugin's own texts. ``planner_version`` and ``interactive_version`` name the texts in the run's
    fingerprint. ``max_steps``, ``timeout_s`` and ``max_images``: an interactive episode's limits when the
    user sets none (None: no limit of this plugin's; the seed's episodes end at its message limit and send
    every screenshot).
    """

    name: str
    upstream: bool
    planner_version: str
    interactive_version: str
    max_steps: int | None
    timeout_s: float | None
    max_images: int | None

    def versions(self, interactive: bool) -> dict[str, str]:
        """The fingerprint's prompt versions: the planners' always (reports have always held it), the
        interactive agents' when the run plays one."""
        versions = {"prompt_version": self.planner_version}
        if interactive:
            versions["interactive_prompt_version"] = self.interactive_version
        return versions


_SEED_TEXTS = f"seed@{SEED_COMMIT[:12]}"  # the seed harness's texts at the pinned commit

SEED = PromptSet(
    name="seed",
    upstream=True,
    planner_version=_SEED_TEXTS,
    interactive_version=_SEED_TEXTS,
    max_steps=None,
    timeout_s=None,
    max_images=None,
)
NEUTRAL = PromptSet(
    name="neutral",
    upstream=False,
    planner_version=PLANNER_PROMPT_VERSION,
    interactive_version=INTERACTIVE_PROMPT_VERSION,
    max_steps=NEUTRAL_MAX_STEPS,
    timeout_s=NEUTRAL_TIMEOUT_S,
    max_images=NEUTRAL_MAX_IMAGES,
)
PROMPT_SETS = {prompt_set.name: prompt_set for prompt_set in (SEED, NEUTRAL)}
DEFAULT_PROMPT_SET = PROMPT_SETS[DEFAULT_PROTOCOL]


def prompt_set_named(name: str) -> PromptSet:
    """The prompt set an ``--sab-protocol`` value names (checked against core/names.py's PROTOCOLS when the
    option is parsed)."""
    try:
        return PROMPT_SETS[name]
    except KeyError:
        raise ValueError(f"unknown prompt set {name!r} (expected {', '.join(PROMPT_SETS)})") from None
