"""A chat model behind any OpenAI-compatible endpoint (``POST {base_url}/chat/completions``).

OpenAI itself, vLLM, llama.cpp, Ollama, GLM and the embedded local model all use this class.
Requests go through the process's :class:`~.client.ClientLayer` (cache, concurrency gate,
retries), which alone decides about retries. The request is the one the ``openai`` SDK's
``chat.completions.create`` sends (same body, same Bearer authorization, the SDK's
``OPENAI_BASE_URL``, ``OPENAI_ORG_ID`` and ``OPENAI_PROJECT_ID`` variables), sent with httpx through
:mod:`pytest_safeagent.net.transport` (proxies, certificates, Basic auth in the URL, a deadline for the
whole request). Headers of the user's own (``--sab-header``) go with every request; an ``api-key`` or
``Authorization`` among them replaces the Bearer key (Azure OpenAI: docs/models.md).

The API key is read from the environment variable *named* in the settings when the connection
is first needed, kept only in the request headers of the transport, and nowhere else: not in
this object's fields, not in cache keys or entries, not in error messages.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from pytest_safeagent import __version__
from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.agent import Message
from pytest_safeagent.core.secret_scrub import held_key, hold
from pytest_safeagent.models.base import ModelError, ModelReply
from pytest_safeagent.models.cache import endpoint_identity
from pytest_safeagent.models.client import ClientLayer
from pytest_safeagent.models.constrained import ConstrainedView, Constraint
from pytest_safeagent.models.retry import BadReply, StatusError
from pytest_safeagent.models.scene_shapes import SceneShapes
from pytest_safeagent.net.transport import Answer, HttpEndpoint, json_body

# Sent when no key is configured: local servers ignore it (the openai SDK sent one too, it requires one).
PLACEHOLDER_KEY = "sk-no-key-configured"
ENV_PREFIX = "env:"  # a --sab-header value naming an environment variable
DEFAULT_BASE_URL = "https://api.openai.com/v1"  # the openai SDK's default
# Headers the openai SDK adds from these variables when they are set.
OPTIONAL_HEADERS = (("OpenAI-Organization", "OPENAI_ORG_ID"), ("OpenAI-Project", "OPENAI_PROJECT_ID"))


@dataclass(frozen=True)
class ChatSettings:
    """What is sent with every request, plus where and how. Holds no secret, only a variable name."""

    model: str  # the model name the server knows
    base_url: str | None  # None: $OPENAI_BASE_URL, then the openai SDK's default (DEFAULT_BASE_URL)
    api_key_env: str
    temperature: float = 0.0
    max_tokens: int = 1024
    timeout_s: float = 120.0
    repeat_penalty: float | None = None  # sent as the llama.cpp/vLLM extension field when set
    response_format: str = "free"  # free | plan: plan calls are constrained (models/constrained.py)
    headers: tuple[
        tuple[str, str], ...
    ] = ()  # --sab-header: (name, value or env:VARIABLE); never a key itself

    def params(self) -> dict[str, Any]:
        """The sampling parameters that shape the answer (and so belong in the cache key)."""
        params: dict[str, Any] = {"temperature": self.temperature, "max_tokens": self.max_tokens}
        if self.repeat_penalty is not None:
            params["repeat_penalty"] = self.repeat_penalty
        return params


class ToolsUnsupported(ModelError):
    """The server refused a request because it carried ``tools`` (no function calling there)."""


class OpenAIChatModel:
    """:class:`~.base.ChatModel` over ``/chat/completions``."""

    def __init__(
        self,
        name: str,
        settings: ChatSettings,
        layer: ClientLayer,
        *,
        identity: str | None = None,
        connect: Callable[[], str] | None = None,
        shapes: SceneShapes | None = None,
    ):
        """``identity`` replaces the endpoint URL in cache keys (the local model's port changes per run);
        ``connect`` supplies the base URL when the first request is actually sent (starting a server);
        ``shapes`` gives each scene's answer shape when ``settings.response_format`` is ``plan``."""
        self.name = name
        self.settings = settings
        self.layer = layer
        self._identity = identity
        self._connect = connect
        self._transport: HttpEndpoint | None = None
        self._lock = threading.Lock()
        self._format_rejected: ModelError | None = None
        self._shapes = shapes

    def _http(self) -> HttpEndpoint:
        """The transport, made on first use (``connect`` may start a server then)."""
        with self._lock:
            if self._transport is None:
                if self._connect is not None:
                    base_url = self._connect()
                else:
                    base_url = self.settings.base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL
                own = resolved_headers(self.settings.headers)
                headers = {"Accept": "application/json", "User-Agent": f"pytest-safeagent/{__version__}"}
                if not replaces_bearer(own):
                    headers["Authorization"] = (
                        f"Bearer {held_key(self.settings.api_key_env) or PLACEHOLDER_KEY}"
                    )
                headers.update(
                    {
                        name: os.environ[variable]
                        for name, variable in OPTIONAL_HEADERS
                        if os.environ.get(variable)
                    }
                )
                headers.update(own)
                try:
                    # a server this process started (connect) is reached
                    # directly, whatever the proxy variables say
                    self._transport = HttpEndpoint(
                        base_url,
                        timeout_s=self.settings.timeout_s,
                        headers=headers,
                        secret_headers=tuple(own),
                        direct=self._connect is not None,
                    )
                    hold(self._transport.password)  # Basic auth from the URL: scrubbed like a key
                except ValueError as exc:
                    raise ModelError(f"{self.name}: the base URL is not usable: {exc}") from None
            return self._transport

    @property
    def endpoint(self) -> str:
        """Where requests go, without credentials (for cache keys and messages)."""
        if self._identity is None:
            self._identity = endpoint_identity(self._http().base_url)
        return self._identity

    def for_sample(self, sample: Any) -> Any:
        """The model as it answers ``sample``: with
        ``response_format=plan``, under the sample's scene schema."""
        if self.settings.response_format != "plan":
            return self
        if self._shapes is None:
            raise TypeError(
                f"{self.name}: response_format=plan needs the scene shapes (shapes=SceneShapes(...))"
            )
        return ConstrainedView(self, Constraint("json_schema", self._shapes.for_scene(sample.scene)))

    def complete(
        self,
        messages: list[Message],
        *,
        purpose: str = "plan",
        constraint: Constraint | None = None,
        tools: list[dict[str, Any]] | None = None,
    ) -> ModelReply:
        """Answer ``messages``. ``constraint`` asks for a
        constrained answer (grammar or JSON schema) and reads it;
        with ``tools`` (OpenAI function specs) the reply may call them.

        Messages may carry image content parts, assistant ``tool_calls`` and ``role: tool`` replies; the
        cache key covers the constraint, the tools and each image's digest. Raises :class:`ToolsUnsupported`
        when the server rejects the ``tools`` field itself.
        """
        if constraint is not None and self._format_rejected is not None:
            raise self._format_rejected  # one rejection is enough: do not send every item again
        endpoint = self.endpoint
        params = self.settings.params()
        if constraint is not None:
            params.update(constraint.key_params(self.settings.max_tokens))
        if tools:
            params = {**params, "tools": tools}
        describe = f"{self.name} ({purpose}) at {endpoint}"
        return self.layer.request(
            model=self.settings.model,
            endpoint=endpoint,
            messages=messages,
            params=params,
            send=lambda: self._send(messages, constraint, describe, tools),
            describe=describe,
        )

    def _send(
        self,
        messages: list[Message],
        constraint: Constraint | None = None,
        describe: str = "",
        tools: list[dict[str, Any]] | None = None,
    ) -> ModelReply:
        extra = (
            {"repeat_penalty": self.settings.repeat_penalty}
            if self.settings.repeat_penalty is not None
            else {}
        )
        max_tokens = self.settings.max_tokens
        if constraint is not None:
            extra.update(constraint.body())
            max_tokens = constraint.max_tokens(max_tokens)
        options: dict[str, Any] = {"tool_choice": "auto", "tools": tools} if tools else {}
        # the fields in the order inspect_ai sends them, so a
        # request can be compared byte for byte with the seed's
        body = {
            "model": self.settings.model,
            "messages": messages,
            "max_tokens": max_tokens,
            "temperature": self.settings.temperature,
            **options,
            **extra,
        }
        try:
            answer = self._http().request("POST", "chat/completions", json_body(body))
            if answer.status >= 300:
                raise StatusError(answer.status, answer.headers, answer.body)
            completion = completion_of(answer)
        except Exception as exc:  # noqa: BLE001 - only a rejected answer format or tools field is handled here
            if constraint is not None:
                rejected = constraint.rejection(exc, describe)
                if rejected is not None:
                    self._format_rejected = rejected
                    raise rejected from None
            if tools and _rejects_tools(exc):
                raise ToolsUnsupported(f"{self.name}: the server does not accept tools ({exc})") from None
            raise
        reply = reply_from_completion(completion)
        return constraint.read(reply, describe) if constraint is not None else reply

    def close(self) -> None:
        with self._lock:
            transport, self._transport = self._transport, None
        if transport is not None:
            transport.close()


def completion_of(answer: Answer) -> Any:
    """A 200's body as a chat completion with attribute access (``completion.choices[0].message``), as
    :func:`reply_from_completion` reads it; :class:`BadReply` naming what came back when it is not one
    (text in another encoding, not JSON, an error object, some other JSON)."""
    charset = body_charset(answer.headers)
    try:
        text = answer.body.decode(charset)
    except (UnicodeDecodeError, LookupError) as exc:
        reason = exc.reason if isinstance(exc, UnicodeDecodeError) else "unknown charset"
        raise BadReply(f"the body is not {charset} text ({reason}; {_what_came(answer)})") from None
    try:
        completion = bounded_json.loads(text, object_hook=lambda fields: SimpleNamespace(**fields))
    except json.JSONDecodeError as exc:
        raise BadReply(
            f"the body is not valid JSON ({exc.msg} at char {exc.pos}; {_what_came(answer)})"
        ) from None
    error = getattr(completion, "error", None)
    if error is not None and getattr(completion, "choices", None) is None:
        message = getattr(error, "message", None) if isinstance(error, SimpleNamespace) else error
        kind = (
            getattr(error, "type", None) or getattr(error, "code", None)
            if isinstance(error, SimpleNamespace)
            else None
        )
        raise BadReply(
            f"the server answered {answer.status} with an error object"
            f"{f' ({kind})' if kind else ''}: {str(message)[:300]}"
        )
    if isinstance(completion, SimpleNamespace) and not isinstance(getattr(completion, "choices", None), list):
        keys = ", ".join(sorted(vars(completion))[:8]) or "none"
        raise BadReply(f"the body is a JSON object without choices (keys: {keys}), not a chat completion")
    return completion


def body_charset(headers: Mapping[str, str]) -> str:
    """The charset a Content-Type names (UTF-8 when it names none, as JSON is)."""
    media = headers.get("content-type", "")
    return media.partition("charset=")[2].split(";")[0].strip().strip('"') or "utf-8"


def _what_came(answer: Answer) -> str:
    """What a body that cannot be read was: its type and its first characters."""
    start = answer.body[:120].decode("utf-8", "replace").replace("\n", " ").strip()
    return (
        "Content-Type "
        f"{answer.headers.get('content-type') or 'not given'}, "
        f"{len(answer.body)} bytes, starting {start!r}"
    )


def resolved_headers(headers: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """``--sab-header`` values as sent: ``env:VARIABLE`` read from the environment now and held as a
    secret (scrubbed from every output); a variable that is unset is a :class:`ModelError` naming it."""
    sent = {}
    for name, value in headers:
        if value.startswith(ENV_PREFIX):
            variable = value[len(ENV_PREFIX) :]
            read = held_key(variable)
            if not read:
                raise ModelError(f"header {name}: the environment variable {variable} is empty or not set")
            value = read
        sent[name] = value
    return sent


def replaces_bearer(headers: dict[str, str]) -> bool:
    """Whether the user's headers carry their own credentials (Azure's ``api-key``, an ``Authorization``):
    then no Bearer key is sent (Azure reads a Bearer token as an Entra ID token and refuses it)."""
    return any(name.lower() in ("api-key", "authorization") for name in headers)


def reply_from_completion(completion: Any) -> ModelReply:
    """Read the first choice of a chat completion; raise BadReply when there is nothing to read.

    A refusal the API signals itself (the ``refusal`` field, ``finish_reason`` content_filter,
    or an empty answer) becomes ``ModelReply.refusal``; tool calls are rendered as one
    ``name arg ...`` line each so the plan parser can read them.
    """
    choices = getattr(completion, "choices", None)
    if not isinstance(choices, list):
        raise BadReply(f"the body is not a chat completion (got {type(completion).__name__})")
    if not choices:
        raise BadReply("the completion has no choices")
    choice = choices[0]
    message = getattr(choice, "message", None)
    if message is None:
        raise BadReply("the first choice has no message")
    finish_reason = getattr(choice, "finish_reason", None)
    content = getattr(message, "content", None)
    if content is not None and not isinstance(content, str):
        raise BadReply(f"message content is {type(content).__name__}, not text")
    tool_calls = tuple(_tool_call(call) for call in (getattr(message, "tool_calls", None) or ()))
    text = "\n".join(
        part for part in [content or "", *(_render_tool_call(c) for c in tool_calls)] if part.strip()
    )
    refusal = getattr(message, "refusal", None) or None
    if refusal is None and finish_reason == "content_filter":
        refusal = "the provider's content filter stopped the answer (finish_reason=content_filter)"
    if refusal is None and not text.strip():
        if finish_reason == "length":
            raise BadReply(
                "the answer was cut off before any text (finish_reason=length); raise --sab-max-tokens"
            )
        refusal = f"the provider returned an empty answer (finish_reason={finish_reason})"
    usage = getattr(completion, "usage", None)
    counts = {}
    for field_name in ("prompt_tokens", "completion_tokens", "total_tokens"):
        value = getattr(usage, field_name, None) if usage is not None else None
        if isinstance(value, int):
            counts[field_name] = value
    return ModelReply(
        text=text,
        refusal=refusal,
        finish_reason=finish_reason,
        usage=counts,
        tool_calls=tool_calls,
        content=(content or "") if tool_calls else None,
    )


def _rejects_tools(exc: BaseException) -> bool:
    """A 4xx/5xx whose message is about tools or function calling (llama.cpp without --jinja, old servers)."""
    status = getattr(exc, "status_code", None)
    if not isinstance(status, int) or status < 400 or status in (401, 403, 408, 429):
        return False
    text = str(getattr(exc, "message", "") or exc).lower()
    return "tool" in text or "function" in text


def _tool_call(call: Any) -> dict[str, str]:
    function = getattr(call, "function", None)
    return {
        "id": str(getattr(call, "id", "") or ""),
        "name": str(getattr(function, "name", "") or ""),
        "arguments": str(getattr(function, "arguments", "") or ""),
    }


def _render_tool_call(call: dict[str, str]) -> str:
    """``{"name": "fillLiquid", "arguments": '{"object":
    "Mug", "liquid": "water"}'}`` -> ``fillLiquid Mug water``.

    A list argument (``{"steps": ["find Mug", ...]}``) becomes one line per element.
    """
    try:
        arguments = bounded_json.loads(call["arguments"]) if call["arguments"].strip() else {}
    except json.JSONDecodeError:
        return f"{call['name']} {call['arguments']}".strip()
    values = list(arguments.values()) if isinstance(arguments, dict) else [arguments]
    lines = [item for value in values if isinstance(value, list) for item in value if isinstance(item, str)]
    if lines:
        return "\n".join(lines)
    words = [str(v) for v in values if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    return " ".join([call["name"], *words]).strip()
