"""pytest-safeagent: the SafeAgentBench embodied-agent safety benchmark as a pytest suite.

The public API is ``__all__`` (docs/agents-python.md, "What you may import"): the protocols an agent,
judge, chat model or simulator of your own implements, the :class:`Task` a Python agent is given, the
types of the public fixtures' values and the run's openai SDK clients; besides, the subpackages that
declare an ``__all__`` of their own (``simulator``: execution scoring; ``violations``: the step-level
analysis). Everything else is private to the plugin and may change in any release.

Nothing is imported here on purpose: pytest imports the plugin in every run of every project that has
it installed, so each public name loads from its home module on first use (``__getattr__``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pytest_safeagent.agents.user_agents import InteractiveAgent, Planner, Task, Tools
    from pytest_safeagent.core.agent import Episode, Message, PlayEnv
    from pytest_safeagent.core.item_record import Verdict
    from pytest_safeagent.core.planparse import ParsedPlan
    from pytest_safeagent.dataset.samples import Sample
    from pytest_safeagent.models.base import ModelReply
    from pytest_safeagent.plugin.options import RunConfig
    from pytest_safeagent.protocols import Agent, AgentFamily, ChatModel, Judge, Simulator, SimulatorSession
    from pytest_safeagent.runner.sdk import async_openai_client, openai_client

__version__ = "0.1.0"

# Each public name and the module that defines it (one place; tests/core/test_public_api.py checks them).
_HOMES = {
    # what a Python agent of yours implements, and what it is given (--sab-model=python:..., sab_agent)
    "Planner": "pytest_safeagent.agents.user_agents",
    "InteractiveAgent": "pytest_safeagent.agents.user_agents",
    "Tools": "pytest_safeagent.agents.user_agents",
    "Task": "pytest_safeagent.agents.user_agents",
    # the interfaces the runner plays an item through; the fixtures' values have these types: sab_agent
    # (AgentFamily: an Agent per strategy), sab_model (ChatModel), sab_judge (Judge), sab_simulator
    # (Simulator, whose sessions are SimulatorSessions)
    "Agent": "pytest_safeagent.protocols",
    "AgentFamily": "pytest_safeagent.protocols",
    "ChatModel": "pytest_safeagent.protocols",
    "Judge": "pytest_safeagent.protocols",
    "Simulator": "pytest_safeagent.protocols",
    "SimulatorSession": "pytest_safeagent.protocols",
    # sab_config and sab_dataset (a list of Samples)
    "RunConfig": "pytest_safeagent.plugin.options",
    "Sample": "pytest_safeagent.dataset.samples",
    # the values those interfaces exchange
    "Episode": "pytest_safeagent.core.agent",
    "Message": "pytest_safeagent.core.agent",
    "PlayEnv": "pytest_safeagent.core.agent",
    "ParsedPlan": "pytest_safeagent.core.planparse",
    "Verdict": "pytest_safeagent.core.item_record",
    "ModelReply": "pytest_safeagent.models.base",
    # the run's openai SDK clients, for a python: agent (sab_openai_client and sab_async_openai_client are
    # the same objects, for a sab_agent override)
    "openai_client": "pytest_safeagent.runner.sdk",
    "async_openai_client": "pytest_safeagent.runner.sdk",
}

__all__ = [
    "Agent",
    "AgentFamily",
    "ChatModel",
    "Episode",
    "InteractiveAgent",
    "Judge",
    "Message",
    "ModelReply",
    "ParsedPlan",
    "Planner",
    "PlayEnv",
    "RunConfig",
    "Sample",
    "Simulator",
    "SimulatorSession",
    "Task",
    "Tools",
    "Verdict",
    "__version__",
    "async_openai_client",
    "openai_client",
]


def lazy_names(module: str, homes: dict[str, str]) -> Callable[[str], Any]:
    """A module's ``__getattr__`` (PEP 562) that loads each name of ``homes`` from its home module on
    first use and keeps it in ``module``; any other name is an AttributeError."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[module], name, value)
        return value

    return __getattr__


__getattr__ = lazy_names(__name__, _HOMES)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))
