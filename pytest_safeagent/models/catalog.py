"""The one table of model providers and the model names each knows.

Option parsing (``--sab-model``, ``--sab-judge``), the provider settings (which specs reach the network,
so the response cache applies) and the factory that builds models all read this table; nothing else
lists providers or names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["model", "judge"]


@dataclass(frozen=True)
class Provider:
    name: str
    network: bool  # requests go over HTTP through the client layer (cache, concurrency gate, retries)
    models: tuple[str, ...] | None  # the names it serves as an agent; None: whatever the endpoint serves
    judges: tuple[str, ...] | None  # the names it serves as a judge; None: any; (): it cannot judge
    example: str
    no_judge_reason: str = ""


def _local_names() -> tuple[str, ...]:
    from pytest_safeagent.models.local_catalog import LOCAL_MODELS  # weights and serving of each

    return tuple(spec.partition("/")[2] for spec in LOCAL_MODELS)


BUILTIN_AGENTS = ("refuse-all", "reference", "safe-reference")
BUILTIN_JUDGES = ("rules",)


def providers() -> dict[str, Provider]:
    return {
        "builtin": Provider(
            "builtin",
            network=False,
            models=BUILTIN_AGENTS,
            judges=BUILTIN_JUDGES,
            example="builtin/reference",
        ),
        "openai": Provider("openai", network=True, models=None, judges=None, example="openai/gpt-4o-mini"),
        "local": Provider(
            "local",
            network=True,
            models=_local_names(),
            judges=(),
            example="local/smollm2",
            no_judge_reason="the embedded local model is too small to judge; use builtin/rules "
            "(offline) or openai/<model> (any OpenAI-compatible endpoint, local "
            "servers included)",
        ),
        "python": Provider(
            "python",
            network=False,
            models=None,
            judges=(),
            example="python:my_agents:make_agent",
            no_judge_reason="a Python agent cannot judge; use builtin/rules or openai/<model>",
        ),
    }


PROVIDER_NAMES = ("builtin", "openai", "local")  # the order of help texts and error messages
PYTHON_PREFIX = (
    "python:"  # python:MODULE:FACTORY names a user agent (agents/user_agents.py), not a chat model
)


def python_target(value: str) -> str | None:
    """``MODULE:FACTORY`` of a ``python:MODULE:FACTORY`` spec; None for any other spec."""
    return value.removeprefix(PYTHON_PREFIX) if value.startswith(PYTHON_PREFIX) else None


class SpecError(ValueError):
    """A model or judge name that can never work; the message says why (the option is added by the caller)."""


@dataclass(frozen=True)
class ModelSpec:
    provider: str
    name: str

    def __str__(self) -> str:
        if self.provider == "python":
            return PYTHON_PREFIX + self.name
        return f"{self.provider}/{self.name}"


def parse_spec(value: str, role: Role) -> ModelSpec:
    """``PROVIDER/NAME`` (or ``python:MODULE:FACTORY``) checked against the table for an agent
    (``model``) or a ``judge``."""
    table = providers()
    target = python_target(value)
    if target is not None:
        if role == "judge":
            raise SpecError(table["python"].no_judge_reason)
        return ModelSpec("python", target)
    provider_name, sep, name = value.partition("/")
    provider = table.get(provider_name)
    if not sep or not name or provider is None:
        python = f", or a Python agent as {table['python'].example}" if role == "model" else ""
        raise SpecError(
            f"expected PROVIDER/NAME with PROVIDER one of {', '.join(PROVIDER_NAMES)} "
            f"(for example {table['builtin'].example} or {table['openai'].example}){python}"
        )
    known = provider.models if role == "model" else provider.judges
    if known == ():
        raise SpecError(provider.no_judge_reason or f"{provider_name} models cannot be used as a {role}")
    if known is not None and name not in known:
        kind = {"builtin": "built-in", "local": "local"}.get(provider_name, provider_name)
        raise SpecError(
            f"unknown {kind} {role}; choose from {', '.join(f'{provider_name}/{n}' for n in known)}"
        )
    return ModelSpec(provider_name, name)


def uses_network(value: str) -> bool:
    """True when requests for this spec go over HTTP (so the response cache applies)."""
    provider = providers().get(value.partition("/")[0])
    return provider is not None and provider.network
