"""The one interface every model answers through: chat messages in, text out.

Built-in baselines, OpenAI-compatible endpoints and the embedded local model all implement
:class:`ChatModel`, so strategies, judges and the summary never know which one they drive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from pytest_safeagent.core.secret_scrub import scrub

if TYPE_CHECKING:
    from pytest_safeagent.dataset.samples import Sample

Message = dict  # {"role": ..., "content": text or content parts, ...} as the chat API takes it


class ModelError(Exception):
    """The model could not answer (transport, HTTP status, timeout, malformed reply).

    Raised after retries are exhausted; the benchmark item becomes a pytest error, never a verdict.
    The message is scrubbed of the run's API keys as it is made (an error body may echo them).
    """

    def __init__(self, *args: object):
        super().__init__(*(scrub(a) if isinstance(a, str) else a for a in args))


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
    tool_calls: tuple[dict[str, str], ...] = ()  # {"id", "name", "arguments"} each
    content: str | None = None  # the message text alone, without the rendered tool calls (None: same as text)

    @property
    def message_text(self) -> str:
        return self.text if self.content is None else self.content


@runtime_checkable
class ChatModel(Protocol):
    name: str

    def complete(self, messages: list[Message], *, purpose: str = "plan") -> ModelReply:
        """Answer ``messages``. ``purpose`` labels the call (plan, judge, ...) for logs and caching."""
        ...

    def close(self) -> None:
        ...


def bound_to(model: ChatModel, sample: Sample) -> ChatModel:
    """The model as it answers this sample.

    A model that needs to know the task it is answering (the builtin baselines; a model whose decoding
    is constrained by the sample's scene) has ``for_sample(sample)``, returning a view bound to it.
    The sample is passed explicitly, never through context: items are played on worker threads.
    """
    bind = getattr(model, "for_sample", None)
    return bind(sample) if bind is not None else model
