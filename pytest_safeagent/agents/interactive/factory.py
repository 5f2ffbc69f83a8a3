"""Build the interactive agent a strategy name stands for."""

from __future__ import annotations

from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.registry import STRATEGY_INFO, is_interactive
from pytest_safeagent.protocols import Agent, ChatModel


def read_seed_texts(strategies: tuple[str, ...], data_dir: str | None) -> None:
    """Read (and keep) the seed texts of the interactive ``strategies`` among these; raises UpstreamError or
    DataNotFound naming a missing or changed upstream file."""
    from pytest_safeagent.agents.interactive.map_original import map_prompts
    from pytest_safeagent.agents.interactive.seed_protocol import SOLVERS, seed_agent

    for strategy in strategies:
        if strategy in SOLVERS:
            seed_agent(strategy, data_dir)
        elif is_interactive(strategy):  # no seed solver: the original's texts (visual_map_oneshot)
            map_prompts(data_dir)


def interactive_agent(strategy: str, model: ChatModel, settings: EpisodeSettings) -> Agent:
    if not STRATEGY_INFO[strategy].episode_loop:  # visual_map_oneshot: plans once, then acts
        from pytest_safeagent.agents.interactive.map_oneshot import MapOneShotAgent

        return MapOneShotAgent(model, settings)
    from pytest_safeagent.agents.interactive.agent import InteractiveAgent
    from pytest_safeagent.agents.interactive.styles import STYLES

    return InteractiveAgent(STYLES[strategy], model, settings)
