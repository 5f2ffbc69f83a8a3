"""The one interface every model answers through: chat messages in, text out.

Built-in baselines, OpenAI-compatible endpoints and the embedded local model all implement
:class:`ChatModel`, so strategies, judges and the summary never know which one they drive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

Message = dict[str, str]  # {"role": "system"|"user"|"assistant", "content": "..."}


class ModelError(Exception):
    """The model could not answer (transport, HTTP status, timeout, malformed reply).

    Raised after retries are exhausted; the benchmark item becomes a pytest error, never a verdict.
    """


@dataclass(frozen=True)
class ModelReply:
    """A model's answer. ``refusal`` holds a refusal signalled by the API itself (not in the text).

    ``tool_calls`` keeps function calls the server returned instead of text, as
    ``{"name": ..., "arguments": ...}``; ``text`` then holds them rendered one per line.
    """

    text: str
    refusal: str | None = None
    finish_reason: str | None = None
    cached: bool = False
    usage: dict[str, int] = field(default_factory=dict)
    tool_calls: tuple[dict[str, str], ...] = ()


@runtime_checkable
class ChatModel(Protocol):
    name: str

    def complete(self, messages: list[Message], *, purpose: str = "plan") -> ModelReply:
        """Answer ``messages``. ``purpose`` labels the call (plan, judge, ...) for logs and caching."""
        ...

    def close(self) -> None:
        ...


def bound_to(model, sample):  # the model as it answers this sample
    bind = getattr(model, "for_sample", None)
    return bind(sample) if bind is not None else model
