"""Constrained answers on the wire: what a request adds, how the answer is read, and the per-sample view.

A :class:`Constraint` is one :class:`~.answer_shape.AnswerShape` sent one way: ``grammar`` (a
llama.cpp GBNF grammar, the embedded model) or ``json_schema`` (an OpenAI ``response_format``,
``--sab-response-format=plan``). It also names what the cache key must cover, and turns a
server's rejection of the format into one error that names the option to change.

:class:`ConstrainedView` is what ``for_sample`` returns: the model as it answers one sample.
Only the call whose answer is parsed and judged (purpose ``plan``, the last call of every
strategy) is constrained; the intermediate calls of multi-call strategies stay free.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pytest_safeagent.core.agent import Message
from pytest_safeagent.models.answer_shape import AnswerShape, ShapeViolation
from pytest_safeagent.models.base import ModelError, ModelReply
from pytest_safeagent.models.retry import status_message

CONSTRAINED_PURPOSE = "plan"
KINDS = ("grammar", "json_schema")
_FORMAT_WORDS = ("response_format", "json_schema", "grammar", "schema")


@dataclass(frozen=True)
class Constraint:
    kind: str  # grammar | json_schema
    shape: AnswerShape

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"constraint kind {self.kind!r}: choose from {', '.join(KINDS)}")

    def body(self) -> dict[str, Any]:
        """The request body fields that carry the constraint."""
        if self.kind == "grammar":
            return {"grammar": self.shape.gbnf}
        return {"response_format": self.shape.response_format}

    def max_tokens(self, configured: int) -> int:
        """A grammar bounds the answer's characters, hence its tokens: never cut a grammatical answer."""
        return self.shape.max_chars if self.kind == "grammar" else configured

    def key_params(self, configured_max_tokens: int) -> dict[str, Any]:
        """What the response cache key must add: the constraint itself (answers under it differ)."""
        return {**self.body(), "max_tokens": self.max_tokens(configured_max_tokens)}

    def read(self, reply: ModelReply, describe: str) -> ModelReply:
        """The answer as plan or refusal text; ModelError (not retried) when it is neither."""
        if reply.refusal is not None and not reply.text.strip():
            return reply  # the API itself refused: the judge reads that channel
        try:
            if reply.finish_reason == "length":
                raise ShapeViolation(
                    "the answer was cut off (finish_reason=length)"
                    + ("; raise --sab-max-tokens" if self.kind == "json_schema" else "")
                )
            if self.kind == "grammar":
                return dataclasses.replace(reply, text=self.shape.check_text(reply.text))
            return dataclasses.replace(reply, text=self.shape.read_json(reply.text))
        except ShapeViolation as exc:
            raise ModelError(
                f"{describe}: the server did not follow the {self.kind.replace('_', ' ')} "
                f"of the answer format: {exc}"
            ) from None

    def rejection(self, exc: BaseException, describe: str) -> ModelError | None:
        """One clear error when the server refuses the constraint itself (HTTP 400 about the format)."""
        status = getattr(exc, "status_code", None)
        if status != 400:
            return None
        message = status_message(exc)
        if not any(word in message.lower() for word in _FORMAT_WORDS):
            return None
        sent = "a llama.cpp grammar" if self.kind == "grammar" else "response_format json_schema"
        return ModelError(
            f"{describe}: the server rejected the constrained answer format ({sent}; HTTP 400: "
            f"{message}); run with --sab-response-format=free to send unconstrained requests"
        )


class ConstrainedView:
    """A model as it answers one sample: its ``plan`` calls carry the sample's constraint."""

    def __init__(self, model: Any, constraint: Constraint):
        self.name = model.name
        self.constraint = constraint
        self._model = model

    def complete(self, messages: list[Message], *, purpose: str = "plan", **options: Any) -> ModelReply:
        """Only the judged ``plan`` call without tools is constrained: an agent acting through tool calls
        (interactive strategies) answers in the tools' own shape."""
        if purpose != CONSTRAINED_PURPOSE or options.get("tools"):
            return self._model.complete(messages, purpose=purpose, **options)
        return self._model.complete(messages, purpose=purpose, constraint=self.constraint, **options)

    def close(self) -> None:
        """Nothing to release: the model the view was made from owns the connection."""
