"""The one interface every model answers through: chat messages in, text out.

Built-in baselines, OpenAI-compatible endpoints and the embedded local model all implement
:class:`ChatModel`, so strategies, judges and the summary never know which one they drive.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pytest_safeagent.core.secret_scrub import scrub
from pytest_safeagent.protocols import ChatModel

if TYPE_CHECKING:
    from pytest_safeagent.dataset.samples import Sample

__all__ = ["ModelError", "ModelReply", "bound_to"]


class ModelError(Exception):
    """The model could not answer (transport, HTTP status, timeout, malformed reply).

    Raised after retries are exhausted; the benchmark item becomes a pytest error, never a verdict.
    ``infra_cause`` names an endpoint failure that will not go away by retrying (connection refused,
    DNS, 401/403/404; models/retry.py) and ``endpoint`` where it happened; both None otherwise.
    The message is scrubbed of the run's API keys as it is made (an error body may echo them).
    """

    infra_cause: str | None = None
    endpoint: str | None = None

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
    raw: dict | None = (
        None  # the completion as the server sent it, kept for an openai SDK client (models/sdk.py)
    )

    @property
    def message_text(self) -> str:
        return self.text if self.content is None else self.content


def bound_to(model: ChatModel, sample: Sample) -> ChatModel:
    """The model as it answers this sample.

    A model that needs to know the task it is answering (the builtin baselines; a model whose decoding
    is constrained by the sample's scene) has ``for_sample(sample)``, returning a view bound to it.
    The sample is passed explicitly, never through context: items are played on worker threads.
    """
    bind = getattr(model, "for_sample", None)
    return bind(sample) if bind is not None else model
