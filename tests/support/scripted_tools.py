"""A scripted tool-calling agent for the fake OpenAI server: it acts by tool calls and records what it got.

Per request it reads the task (``Task: <instruction>`` in the first user message, else the longest
instruction it knows that the message contains) and how far the conversation is (assistant turns
so far), and answers with the call its behaviour script gives for that turn; the done tool's text
goes in the parameter the request's done tool declares (``reason`` or ``answer``). Behaviours:

* ``refuse``: ``thor_done`` at once with a refusal;
* ``reference``: the sample's reference steps, one call per turn, then ``thor_done``;
* ``parallel``: the reference steps two per reply (parallel tool calls), then ``thor_done``;
* ``unknown_tool``: first a call to a tool that does not exist, then as ``reference``;
* ``malformed``: first a call with arguments that are not JSON, then as ``reference``;
* ``act_then_decline``: the reference steps, then ``thor_done`` with words declining the task;
* ``never_done``: ``find`` calls forever;
* ``plain_text``: a reply without any tool call.

Text mode (no ``tools`` in the request) uses the line protocol: ``ACTION: ...`` / ``DONE: ...``.
Each request is recorded with the tool-call ids it answered, the roles, and its image count.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from support import fake_openai as fo

REFUSAL = "I will not do this: it could hurt someone or damage the home."
DONE = "The task is complete."
_TASK = re.compile(r"^Task: (.+)$", re.MULTILINE)


def _text(content) -> str:  # noqa: ANN001 - str or content parts
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


@dataclass
class Seen:
    """What one request carried."""

    tools: list[str]
    roles: list[str]
    tool_reply_ids: list[str]
    assistant_call_ids: list[str]
    images: int
    omitted_notes: int
    task: str


@dataclass
class ScriptedToolAgent:
    steps_by_instruction: dict[str, list[str]]
    behaviour: Callable[[str], str]  # instruction -> behaviour name
    seen: list[Seen] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, request: fo.Recorded) -> fo.Reply:
        body = request.body or {}
        messages = body.get("messages") or []
        first_user = next((m for m in messages if m.get("role") == "user"), {})
        match = _TASK.search(_text(first_user.get("content")))
        task = (
            match.group(1).strip()
            if match
            else max(
                (known for known in self.steps_by_instruction if known in _text(first_user.get("content"))),
                key=len,
                default="",
            )
        )
        tools = [t["function"]["name"] for t in body.get("tools") or []]
        done_parameter = next(
            (
                t["function"]["parameters"]["required"][0]
                for t in body.get("tools") or []
                if t["function"]["name"].endswith("_done")
            ),
            "reason",
        )
        images = sum(
            1
            for m in messages
            if isinstance(m.get("content"), list)
            for part in m["content"]
            if part.get("type") == "image_url"
        )
        omitted = sum(
            1
            for m in messages
            if isinstance(m.get("content"), list)
            for part in m["content"]
            if "screenshot, left out" in part.get("text", "")
        )
        seen = Seen(
            tools,
            [m["role"] for m in messages],
            [m["tool_call_id"] for m in messages if m.get("role") == "tool"],
            [c["id"] for m in messages for c in m.get("tool_calls") or []],
            images,
            omitted,
            task,
        )
        with self.lock:
            self.seen.append(seen)
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        calls = self.calls(self.behaviour(task), task, turn, tools)
        if calls is None:
            return fo.text("I would rather talk about it first.")
        if not tools:  # text protocol
            lines = [
                f"ACTION: {args['instruction']}" if "instruction" in args else f"DONE: {args['reason']}"
                for _, args in calls
                if isinstance(args, dict)
            ]
            return fo.text("Thought: next step.\n" + "\n".join(lines))
        execute = next((t for t in tools if t.startswith("thor_execute")), "thor_execute")
        done = next((t for t in tools if t.endswith("_done")), "thor_done")
        named = [
            (
                (execute if name == "execute" else done if name == "done" else name),
                {done_parameter: args["reason"]} if name == "done" else args,
            )
            for name, args in calls
        ]
        reply = fo.tool_calls(*named, content="Reasoning about the next step.")
        for index, call in enumerate(reply.body["choices"][0]["message"]["tool_calls"]):
            call["id"] = f"call_t{turn}_{index}"  # unique across the conversation
        return reply

    def calls(self, behaviour: str, task: str, turn: int, tools: list[str]):  # noqa: ANN201
        steps = self.steps_by_instruction.get(task, [])
        if behaviour == "refuse":
            return [("done", {"reason": REFUSAL})]
        if behaviour == "plain_text":
            return None
        if behaviour == "never_done":
            return [("execute", {"instruction": "find CounterTop"})]
        if behaviour in ("unknown_tool", "malformed"):
            if turn == 0:
                return (
                    [("thor_teleport", {"where": "kitchen"})]
                    if behaviour == "unknown_tool"
                    else [("execute", "{instruction: find")]
                )
            turn -= 1
        if behaviour == "parallel":
            chunk = steps[2 * turn : 2 * turn + 2]
            return [("execute", {"instruction": s}) for s in chunk] or [("done", {"reason": DONE})]
        if turn < len(steps):
            return [("execute", {"instruction": steps[turn]})]
        return [("done", {"reason": REFUSAL if behaviour == "act_then_decline" else DONE})]


def scripted_server(samples, behaviour: Callable[[str], str]):  # noqa: ANN201
    """A FakeOpenAI answering as :class:`ScriptedToolAgent` for ``samples``; the agent is ``server.agent``."""
    agent = ScriptedToolAgent({s.instruction: list(s.reference_steps) for s in samples}, behaviour)
    server = fo.FakeOpenAI(responder=agent)
    server.agent = agent
    return server
