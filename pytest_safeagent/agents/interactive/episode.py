"""One interactive episode: the agent acts in its own simulator session until it stops or a limit stops it.

The loop asks the model, carries out its tool calls one at a time in order, answers each, and goes
on. It ends when the agent calls the done tool (its argument is the final answer), the provider
refuses, or a limit is reached: the settings' step limit (actions) or time limit (wall clock), and
under the seed protocol basic_agent's message limit. A limit is part of the agent's behaviour ("ran
out of steps"), not an infrastructure error. The final state is read
from the live session before it closes and scored against the sample's final_state; for hazardous
samples the state after every action tells the first action after which the hazard held.

Two protocols (``--sab-protocol``). ``seed``: the seed harness's conversation (its prompts, tools
and feedback texts, :mod:`.seed_protocol`), no initial observation, a reply without a tool call
answered with inspect_ai's continue message, basic_agent's message limit (and no step or time limit
unless the user set one), and a tool result's screenshots sent as inspect_ai sends them to an
OpenAI-compatible server (:meth:`EpisodeRun._results`). ``neutral``: this
plugin's own prompts (:mod:`.styles`) with an initial observation, and a reply without a tool call
ends the episode (that text is the final answer; nobody nudges the agent on).
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pytest_safeagent.agents.interactive.acting import ActingSession
from pytest_safeagent.agents.interactive.observe import describe_scene
from pytest_safeagent.agents.interactive.seed_protocol import IMAGE_PLACEHOLDER, SeedAgent
from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.interactive.styles import Style, task_message
from pytest_safeagent.agents.interactive.tools import ToolCall, ToolSet, read_native, read_text
from pytest_safeagent.core import bounded_json
from pytest_safeagent.core.agent import Episode
from pytest_safeagent.core.item_record import EndedBy, EpisodeSummary, item_id
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.base import ModelReply
from pytest_safeagent.models.cache import digest_images
from pytest_safeagent.protocols import ChatModel

OMITTED_IMAGE = "[an earlier screenshot, left out to keep the request small]"


def _reserialised(arguments: str) -> str:
    """Tool-call arguments as inspect_ai sends them back
    (parsed, then ``json.dumps``); as given when not JSON."""
    try:
        return json.dumps(bounded_json.loads(arguments)) if arguments.strip() else json.dumps({})
    except json.JSONDecodeError:
        return arguments


def png_data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _seed_image(png: bytes) -> dict[str, Any]:
    """A screenshot as inspect_ai sends a ContentImage (its detail defaults to auto)."""
    return {"type": "image_url", "image_url": {"url": png_data_url(png), "detail": "auto"}}


@dataclass
class _Result:
    """What one tool call produced: its text and the screenshots taken with it, (caption, png)."""

    call: ToolCall
    text: str
    images: list[tuple[str, bytes]] = field(default_factory=list)


@dataclass
class _Turn:
    """What the tool calls of one model reply produced, in order, to be sent back."""

    results: list[_Result] = field(default_factory=list)


class EpisodeRun:
    """Plays one sample in ``world`` (a reset simulator session) with ``model`` speaking ``mode``.

    ``seed`` is the seed harness's agent for this style under ``--sab-protocol=seed``, None under neutral.
    """

    def __init__(
        self,
        style: Style,
        settings: EpisodeSettings,
        sample: Sample,
        model: ChatModel,
        world: Any,
        mode: Literal["native", "text", "none"],
        seed: SeedAgent | None = None,
    ):
        self.style, self.settings, self.sample, self.model, self.world = style, settings, sample, model, world
        self.mode, self.seed = mode, seed
        self.tools = ToolSet(seed.execute, seed.observe, seed.done) if seed is not None else style.tools
        self.started = time.monotonic()
        self.messages: list[dict[str, Any]] = []
        self.counted = (
            0  # messages as basic_agent counts them for its limit (a tool result with images is one)
        )
        self.acting = ActingSession(
            world, sample, screenshots=style.visual, keep_screens=settings.save_dir is not None
        )
        self.calls = self.tokens = self.invalid = self.max_images_sent = 0
        self.ended_by: EndedBy | None = None
        self.limit_hit: str | None = None
        self.answer = ""
        self.api_refusal: str | None = None

    # ----- the loop ---------------------------------------------------------------------

    def play(self) -> Episode:
        self._open()
        while self.ended_by is None:
            if self._out_of_time():
                self._end("timeout", f"(ran out of time after {len(self.acting.trajectory)} actions)")
                break
            if self.settings.max_model_calls is not None and self.calls >= self.settings.max_model_calls:
                self._end(
                    "step_limit",
                    f"(ran out of steps: {self.calls} model calls, {len(self.acting.trajectory)} actions)",
                )
                break
            if self.seed is not None and self.counted >= self.seed.max_messages:
                self._out_of_messages()
                break
            reply = self._ask()
            calls = (
                read_native(
                    self.tools, reply.tool_calls, self.calls * 100, done_parameter=self._done_parameter
                )
                if self.mode == "native"
                else read_text(self.tools, reply.text, self.calls * 100)
            )
            if not calls:
                self._add([{"role": "assistant", "content": reply.text}])
                if reply.refusal is not None:
                    self.api_refusal = reply.refusal
                    self._end("api_refusal", reply.text or reply.refusal)
                elif self.seed is None:
                    self._end("text", reply.text)
                elif not self._add([{"role": "user", "content": self.seed.continue_message}]):
                    self._out_of_messages()
                continue
            self._add([self._assistant(reply, calls)])
            turn = _Turn()
            for call in calls:
                self._carry_out(call, turn)
                if self._ended():  # (mypy would keep the field narrowed to None across _carry_out)
                    break
            if self.ended_by is None and not self._add(
                self._results(turn), counted=len(calls) if self.mode == "native" else 1
            ):
                self._out_of_messages()
        return self._episode()

    def _open(self) -> None:
        """The system prompt and the task: the seed's (no observation), or this plugin's with the scene."""
        if self.seed is not None:
            system = self.seed.system_prompt
            if self.mode == "text":
                system += "\n\n" + self.tools.text_protocol()
            self._add(
                [
                    {"role": "system", "content": system},
                    {"role": "user", "content": self.seed.task(self.sample.published_instruction)},
                ]
            )
            return
        first = task_message(
            self.sample.instruction, self.sample.scene, describe_scene(self.acting.scene_objects)
        )
        self._add(
            [
                {"role": "system", "content": self.style.system_prompt(self.mode == "text")},
                self._user(first, self.acting.screenshot("initial") if self.style.visual else None),
            ]
        )

    @property
    def _done_parameter(self) -> str:
        return "answer" if self.seed is not None else "reason"

    def _add(self, messages: list[dict[str, Any]], counted: int | None = None) -> bool:
        """Append ``messages`` unless that passes the seed's message limit (then nothing is appended).

        ``counted`` is how many messages basic_agent would count (a visual tool result's screenshots
        travel in a user message of their own, which it does not count)."""
        count = len(messages) if counted is None else counted
        if self.seed is not None and self.counted + count > self.seed.max_messages:
            return False
        self.messages += messages
        self.counted += count
        return True

    def _out_of_messages(self) -> None:
        last = next((m.get("content") for m in reversed(self.messages) if m["role"] == "assistant"), None)
        self._end("step_limit", last if isinstance(last, str) else "", limit="ran out of messages")

    def _ask(self) -> ModelReply:
        request = self._request_messages()
        tools: list[dict[str, Any]] | None = None
        if self.mode == "native":
            tools = (
                [dict(spec) for spec in self.seed.tool_specs] if self.seed is not None else self.tools.specs()
            )
        reply = self.model.complete(request, purpose=self.style.name, **({"tools": tools} if tools else {}))
        self.calls += 1
        usage = reply.usage or {}
        self.tokens += usage.get("total_tokens") or (
            usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0)
        )
        return reply

    def _carry_out(self, call: ToolCall, turn: _Turn) -> None:
        tools = self.tools
        limit = self.settings.step_limit
        if call.problem is not None:
            self.invalid += 1
            turn.results.append(_Result(call, f"Error: {call.problem}. Nothing was done."))
        elif call.name == tools.done:
            text = str(call.arguments.get("reason", ""))
            self._end(
                "done", text if self.seed is not None else text.strip()
            )  # the seed's answer is as given
        elif call.name == tools.observe:
            objects = self.acting.look()
            result = _Result(
                call,
                self.seed.texts.observation(objects) if self.seed is not None else describe_scene(objects),
            )
            if self.style.visual:
                name = f"observe_{self.acting.observations:03d}"
                result.images.append(("what the robot sees now", self.acting.screenshot(name)))
            turn.results.append(result)
        elif limit is not None and len(self.acting.trajectory) >= limit:
            self._end(
                "step_limit", f"(ran out of steps: {len(self.acting.trajectory)} actions taken, the limit)"
            )
        else:
            instruction = str(call.arguments["instruction"])
            outcome = self.acting.execute(instruction)
            result = _Result(
                call,
                self.seed.texts.feedback(instruction, outcome.result)
                if self.seed is not None
                else outcome.text,
            )
            if outcome.screenshot is not None:
                result.images.append((f"after '{outcome.instruction}'", outcome.screenshot))
            turn.results.append(result)

    # ----- messages ---------------------------------------------------------------------

    def _results(self, turn: _Turn) -> list[dict[str, Any]]:
        """The replies to one turn: tool messages (native) or one user message (text), with its screenshots.

        Native, seed protocol: as inspect_ai sends tool results with images to an OpenAI-compatible
        server (chat completions take no images in a tool message): each image is taken out of its tool
        result, which gets inspect_ai's placeholder line in its place, and the images of each run of
        consecutive image-bearing results travel in one user message of image parts (``detail: auto``,
        no captions) right after that run; a result without an image ends the run. Native, neutral:
        the tool messages, then one user message with every screenshot, each after its caption."""
        if self.mode == "native" and self.seed is not None:
            return self._seed_native_results(turn)
        results = turn.results
        messages: list[dict[str, Any]]
        if self.mode == "native":
            messages = [{"role": "tool", "tool_call_id": r.call.id, "content": r.text} for r in results]
            parts: list[dict[str, Any]] = []
        else:
            messages = []
            parts = [{"type": "text", "text": "\n\n".join(self._text_result(r) for r in results)}]
        for caption, png in (image for r in results for image in r.images):
            if self.seed is not None:
                parts.append(_seed_image(png))
            else:
                parts += [
                    {"type": "text", "text": f"Screenshot {caption}:"},
                    {"type": "image_url", "image_url": {"url": png_data_url(png)}},
                ]
        if parts:
            only_text = all(p["type"] == "text" for p in parts)
            messages.append(
                {"role": "user", "content": "\n".join(p["text"] for p in parts) if only_text else parts}
            )
        return messages

    def _seed_native_results(self, turn: _Turn) -> list[dict[str, Any]]:
        messages: list[dict[str, Any]] = []
        pending: list[dict[str, Any]] = []
        for result in turn.results:
            if not result.images and pending:
                messages.append({"role": "user", "content": pending})
                pending = []
            text = "\n".join([result.text, *(IMAGE_PLACEHOLDER for _ in result.images)])
            messages.append(
                {"role": "tool", "content": text, "tool_call_id": result.call.id}
            )  # inspect_ai's order
            pending += [_seed_image(png) for _, png in result.images]
        if pending:
            messages.append({"role": "user", "content": pending})
        return messages

    @staticmethod
    def _text_result(result: _Result) -> str:
        call = result.call
        shown = f"{call.name.upper().removeprefix('THOR_')}: {call.raw_arguments}".strip(": ")
        return f"Result of {shown}:\n{result.text}"

    def _user(self, text: str, png: bytes | None) -> dict[str, Any]:
        if png is None:
            return {"role": "user", "content": text}
        return {
            "role": "user",
            "content": [
                {"type": "text", "text": text},
                {"type": "image_url", "image_url": {"url": png_data_url(png)}},
            ],
        }

    def _assistant(self, reply: ModelReply, calls: list[ToolCall]) -> dict[str, Any]:
        if self.mode == "text":
            return {"role": "assistant", "content": reply.text}
        if self.seed is not None:  # as inspect_ai sends a reply back: text content, arguments re-serialised
            return {
                "role": "assistant",
                "content": reply.message_text,
                "tool_calls": [
                    {
                        "id": call.id,
                        "function": {"name": call.name, "arguments": _reserialised(call.raw_arguments)},
                        "type": "function",
                    }
                    for call in calls
                ],
            }
        return {
            "role": "assistant",
            "content": reply.message_text or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.raw_arguments},
                }
                for call in calls
            ],
        }

    def _request_messages(self) -> list[dict[str, Any]]:
        """The history with only the last ``max_images`` screenshots kept (older ones become a note)."""
        positions = [
            (m, p)
            for m, message in enumerate(self.messages)
            if isinstance(message.get("content"), list)
            for p, part in enumerate(message["content"])
            if part.get("type") == "image_url"
        ]
        limit = self.settings.max_images
        keep = set(positions) if limit is None else set(positions[-limit:]) if limit > 0 else set()
        self.max_images_sent = max(self.max_images_sent, len(keep))
        if len(keep) == len(positions):
            return self.messages
        request = []
        for m, message in enumerate(self.messages):
            if isinstance(message.get("content"), list):
                parts = [
                    part
                    if part.get("type") != "image_url" or (m, p) in keep
                    else {"type": "text", "text": OMITTED_IMAGE}
                    for p, part in enumerate(message["content"])
                ]
                message = {**message, "content": parts}
            request.append(message)
        return request

    # ----- screenshots, ending, result --------------------------------------------------

    def _out_of_time(self) -> bool:
        limit = self.settings.time_limit_s
        return limit is not None and time.monotonic() - self.started >= limit

    def _ended(self) -> bool:
        return self.ended_by is not None

    def _end(self, how: EndedBy, answer: str, limit: str | None = None) -> None:
        self.ended_by, self.answer = how, answer
        self.limit_hit = limit or {"step_limit": "ran out of steps", "timeout": "ran out of time"}.get(how)

    def _episode(self) -> Episode:
        acting = self.acting
        execution = acting.execution()
        summary = EpisodeSummary(
            steps=len(acting.trajectory),
            failed_actions=sum(1 for s in acting.trajectory if not s.success),
            invalid_calls=self.invalid,
            observations=acting.observations,
            ended_by=self.ended_by or "text",
            limit_hit=self.limit_hit,
            model_calls=self.calls,
            tokens=self.tokens,
            time_s=round(time.monotonic() - self.started, 3),
            tool_mode="text" if self.mode == "text" else "native",
            max_images_in_request=self.max_images_sent,
        )
        episode = Episode(
            answer=self.answer,
            api_refusal=self.api_refusal,
            calls=self.calls,
            transcript=digest_images(self.messages),
            trajectory=list(acting.trajectory),
            summary=summary,
            execution=execution,
        )
        if self.settings.save_dir is not None:
            self._save(episode, summary, self.settings.save_dir)
        return episode

    def _save(self, episode: Episode, summary: EpisodeSummary, save_dir: Path) -> None:
        """``DIR/<item id>/transcript.json`` and the screenshots as PNG files beside it."""
        folder = save_dir / item_id(self.sample.sample_id, self.style.name)
        folder.mkdir(parents=True, exist_ok=True)
        for name, png in self.acting.screens.items():
            (folder / name).write_bytes(png)
        record = {
            "sample_id": self.sample.sample_id,
            "strategy": self.style.name,
            "model": self.model.name,
            "scene": self.sample.scene,
            "instruction": self.sample.instruction,
            "answer": episode.answer,
            "summary": summary.model_dump(mode="json"),
            "trajectory": [step.model_dump(mode="json") for step in self.acting.trajectory],
            "execution": episode.execution.model_dump(mode="json") if episode.execution else None,
            "messages": episode.transcript,
        }
        (folder / "transcript.json").write_text(
            json.dumps(record, indent=1, ensure_ascii=False), encoding="utf-8"
        )
