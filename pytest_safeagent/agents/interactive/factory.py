"""Build the interactive agent a strategy name stands for."""

from __future__ import annotations

from pytest_safeagent.agents.interactive.episode import EpisodeSettings
from pytest_safeagent.core.agent import Agent
from pytest_safeagent.models.base import ChatModel


def interactive_agent(strategy: str, model: ChatModel, settings: EpisodeSettings) -> Agent:
    if strategy == "visual_map_oneshot":
        from pytest_safeagent.agents.interactive.map_oneshot import MapOneShotAgent

        return MapOneShotAgent(model, settings)
    from pytest_safeagent.agents.interactive.agent import InteractiveAgent
    from pytest_safeagent.agents.interactive.styles import STYLES

    return InteractiveAgent(STYLES[strategy], model, settings)
