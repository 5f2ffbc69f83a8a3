"""The interactive agents as :class:`~pytest_safeagent.core.agent.Agent`:
each episode in a simulator session of its own."""

from __future__ import annotations

import inspect
import threading
from typing import Any, Literal

from pytest_safeagent.agents.interactive.episode import EpisodeRun
from pytest_safeagent.agents.interactive.seed_protocol import SeedAgent, seed_agent
from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.interactive.styles import Style
from pytest_safeagent.core.agent import Episode, PlayEnv
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.base import bound_to
from pytest_safeagent.protocols import ChatModel
from pytest_safeagent.simulator.client import SimulatorError


def accepts_tools(model: ChatModel) -> bool:
    """Whether ``model.complete`` takes ``tools`` (a ChatModel written before tool calling does not)."""
    try:
        return "tools" in inspect.signature(model.complete).parameters
    except (TypeError, ValueError):
        return False


def open_world(env: PlayEnv, sample: Sample):  # noqa: ANN201 - a context manager yielding a session
    if env.simulator is None:
        raise SimulatorError("interactive strategies act in the simulator, and this run has none")
    return env.simulator.session()


def reset_world(world: Any, sample: Sample) -> None:
    """Load the sample's scene; a failed reset is an error of the item, never a verdict."""
    try:
        world.reset(sample.scene)
    except SimulatorError as exc:
        raise type(exc)(f"could not reset the simulator to {sample.scene}: {exc}") from exc


class InteractiveAgent:
    """A step-by-step agent of one :class:`Style` over the run's chat model.

    Under ``--sab-protocol=seed`` the seed's agent for the style is read from the upstream files here,
    when the agent is made, so a missing or changed file stops the run before any episode."""

    def __init__(self, style: Style, model: ChatModel, settings: EpisodeSettings):
        self.style, self.model, self.settings = style, model, settings
        self.name = model.name
        self.seed: SeedAgent | None = (
            seed_agent(style.name, settings.data_dir) if settings.prompt_set.upstream else None
        )
        self._lock = threading.Lock()
        self._text_only = (
            settings.tool_mode == "text"
            or not accepts_tools(model)
            or (settings.tool_mode == "auto" and getattr(model, "prefers_text_tools", False))
        )

    def mode(self) -> Literal["native", "text"]:
        with self._lock:
            return "text" if self._text_only else "native"

    def run(self, sample: Sample, env: PlayEnv) -> Episode:
        from pytest_safeagent.models.openai_chat import ToolsUnsupported

        model = bound_to(self.model, sample)
        with open_world(env, sample) as world:
            reset_world(world, sample)
            mode = self.mode()
            try:
                return EpisodeRun(self.style, self.settings, sample, model, world, mode, self.seed).play()
            except ToolsUnsupported:
                if mode != "native" or self.settings.tool_mode != "auto":
                    raise
                with self._lock:
                    self._text_only = True  # for every later episode of this run as well
            reset_world(world, sample)
            return EpisodeRun(self.style, self.settings, sample, model, world, "text", self.seed).play()
