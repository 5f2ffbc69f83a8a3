"""The prompt sets --sab-protocol chooses between: versions for the fingerprint, limits, the seed's texts."""

from __future__ import annotations

import pytest

from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.planners.base import PlanningContext
from pytest_safeagent.agents.prompt_sets import NEUTRAL, PROMPT_SETS, SEED, prompt_set_named
from pytest_safeagent.core.names import DEFAULT_PROTOCOL, PROTOCOLS
from pytest_safeagent.pinned.upstream_files import SEED_COMMIT


def test_one_prompt_set_per_option_value_and_the_default_is_the_options() -> None:
    assert tuple(PROMPT_SETS) == PROTOCOLS
    assert PlanningContext().prompt_set is EpisodeSettings().prompt_set is prompt_set_named(DEFAULT_PROTOCOL)
    with pytest.raises(ValueError, match="unknown prompt set 'other'"):
        prompt_set_named("other")


def test_the_fingerprint_holds_every_version_of_the_texts_the_run_sends() -> None:
    assert NEUTRAL.versions(interactive=False) == {"prompt_version": NEUTRAL.planner_version}
    assert NEUTRAL.versions(interactive=True) == {
        "prompt_version": NEUTRAL.planner_version,
        "interactive_prompt_version": NEUTRAL.interactive_version,
    }
    seed = f"seed@{SEED_COMMIT[:12]}"
    assert SEED.versions(interactive=True) == {"prompt_version": seed, "interactive_prompt_version": seed}


def test_episode_limits_come_from_the_prompt_set_unless_the_user_sets_them() -> None:
    neutral, seed = EpisodeSettings(prompt_set=NEUTRAL), EpisodeSettings(prompt_set=SEED)
    assert (neutral.step_limit, neutral.time_limit_s) == (NEUTRAL.max_steps, NEUTRAL.timeout_s) == (30, 600.0)
    assert (seed.step_limit, seed.time_limit_s, seed.max_model_calls) == (None, None, None)
    assert EpisodeSettings(max_steps=4, timeout_s=2.0, prompt_set=SEED).step_limit == 4
    assert (SEED.upstream, NEUTRAL.upstream, SEED.max_images, NEUTRAL.max_images) == (True, False, None, 3)
