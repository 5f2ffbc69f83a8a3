"""An ``openai.OpenAI`` / ``openai.AsyncOpenAI`` client whose requests go through the plugin's own layer.

A user's agent that calls the SDK itself would otherwise bypass the response cache, the item's usage
and cost, ``--sab-max-cost``, the concurrency gate and the 429 back-off. Here the SDK keeps its API
(``client.chat.completions.create(...)``, typed answers, ``AsyncOpenAI``) and gets an httpx client
whose transport is :class:`LayerTransport`: a chat completion request is read (its ``model``, its
``messages``, every other field as the cache key's parameters) and handed to the
:class:`~.client.ClientLayer` like the plugin's own calls; the answer the server sent is kept with the
reply (``ModelReply.raw``), so a cached reply gives the SDK the same completion. Other requests
(``models.list``...) are forwarded to the endpoint as they are, without the layer.

The endpoint, the key and the headers come from the run's options (an :class:`~.openai_chat.OpenAIChatModel`
built from them does the sending: proxies, Basic auth, the whole-request deadline); the SDK's own
retries are off (the layer retries). A failure reaches the SDK as an exception whose cause is the
:class:`~.base.ModelError`; the agent adapter (agents/user_agents.py) makes it an error of the item.

``openai`` is imported only when a client is made.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from types import ModuleType
from typing import Any

import httpx

from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.usage import carried_metering, current_metering
from pytest_safeagent.models.base import ModelReply
from pytest_safeagent.models.openai_chat import (
    OpenAIChatModel,
    body_charset,
    completion_of,
    reply_from_completion,
)
from pytest_safeagent.models.retry import StatusError
from pytest_safeagent.net.transport import json_body

SDK_KEY = "sk-sent-by-pytest-safeagent"  # the SDK insists on a key; the layer sends the configured one
CHAT_PATH = "chat/completions"


class LayerTransport(httpx.BaseTransport):
    """The plugin's layer as an httpx transport, for the SDK's requests to the options' endpoint."""

    def __init__(self, chat: OpenAIChatModel, http: ModuleType = httpx):
        self.chat = chat
        self.http = (
            http  # the HTTP library of the SDK's client (httpx, or a fork of it): its Response is answered
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()
        relative = _relative_path(request.url, self.chat)
        if request.method != "POST" or relative.rstrip("/") != CHAT_PATH:
            answer = self.chat._http().request(
                request.method,
                relative,
                request.content or None,
                headers={"Content-Type": request.headers.get("content-type", "")}
                if request.content
                else None,
            )
            return self.http.Response(answer.status, headers=dict(answer.headers), content=answer.body)
        body = json.loads(request.content)
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list):
            return self.http.Response(
                400, json={"error": {"message": "a chat completion request needs messages"}}
            )
        if body.get("stream"):
            return self.http.Response(
                400,
                json={
                    "error": {
                        "message": "streamed completions are not supported through "
                        "the plugin's client (leave stream unset)"
                    }
                },
            )
        model = str(body.get("model") or "")
        params = {key: value for key, value in body.items() if key not in ("model", "messages")}
        endpoint = self.chat.endpoint
        describe = f"openai SDK {model} at {endpoint}"
        reply = self.chat.layer.request(
            model=model,
            endpoint=endpoint,
            messages=body["messages"],
            params=params,
            send=lambda: self._send(body),
            describe=describe,
        )
        completion = reply.raw if reply.raw is not None else _completion_from(reply, model)
        return self.http.Response(200, json=completion)

    def _send(self, body: dict[str, Any]) -> ModelReply:
        answer = self.chat._http().request("POST", CHAT_PATH, json_body(body))
        if answer.status >= 300:
            raise StatusError(answer.status, answer.headers, answer.body)
        reply = reply_from_completion(completion_of(answer))
        return ModelReply(
            text=reply.text,
            refusal=reply.refusal,
            finish_reason=reply.finish_reason,
            usage=reply.usage,
            tool_calls=reply.tool_calls,
            content=reply.content,
            raw=bounded_json.loads(answer.body.decode(body_charset(answer.headers))),
        )


class AsyncLayerTransport(httpx.AsyncBaseTransport):
    """The same for ``AsyncOpenAI``: each request runs on a worker thread, counted for the item whose
    coroutine sent it (the metering of the thread that runs the event loop goes with it)."""

    def __init__(self, chat: OpenAIChatModel, http: ModuleType = httpx):
        self._sync = LayerTransport(chat, http)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        await request.aread()
        carried = current_metering()
        return await asyncio.to_thread(
            lambda: carried_metering(carried, lambda: self._sync.handle_request(request))
        )


def openai_client(chat: OpenAIChatModel, *, asynchronous: bool = False) -> Any:
    """An ``openai.OpenAI`` (``AsyncOpenAI``) configured
    for ``chat``'s endpoint, sending through the layer."""
    import openai

    http = _sdk_http(openai)
    base_url = chat._http().url("").rstrip("/").split("?")[0]
    if asynchronous:
        async_client: Any = http.AsyncClient(transport=AsyncLayerTransport(chat, http), trust_env=False)
        return openai.AsyncOpenAI(base_url=base_url, api_key=SDK_KEY, max_retries=0, http_client=async_client)
    client: Any = http.Client(transport=LayerTransport(chat, http), trust_env=False)
    return openai.OpenAI(base_url=base_url, api_key=SDK_KEY, max_retries=0, http_client=client)


def _sdk_http(openai: ModuleType) -> ModuleType:
    """The HTTP library the installed SDK is built on (httpx; some releases use a fork under another
    name): the client handed to it must be that library's, found from its public ``DefaultHttpxClient``."""
    default = getattr(openai, "DefaultHttpxClient", None)
    base = next((cls for cls in getattr(default, "__mro__", ()) if cls.__name__ == "Client"), None)
    return importlib.import_module(base.__module__.partition(".")[0]) if base is not None else httpx


def _relative_path(url: httpx.URL, chat: OpenAIChatModel) -> str:
    prefix = httpx.URL(chat._http().url("")).path.rstrip("/")
    path = url.path
    return path[len(prefix) :].lstrip("/") if path.startswith(prefix) else path.lstrip("/")


def _completion_from(reply: ModelReply, model: str) -> dict[str, Any]:
    """A chat completion rebuilt from a reply cached by the plugin's own calls (no ``raw`` kept)."""
    message: dict[str, Any] = {"role": "assistant", "content": reply.message_text or None, "refusal": None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": call.get("id") or f"call_{n}",
                "type": "function",
                "function": {"name": call["name"], "arguments": call["arguments"]},
            }
            for n, call in enumerate(reply.tool_calls)
        ]
    return {
        "id": "chatcmpl-cached",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {"index": 0, "message": message, "finish_reason": reply.finish_reason or "stop", "logprobs": None}
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }
