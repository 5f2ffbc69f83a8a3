"""One interactive episode: the agent acts in its own simulator session until it stops or a limit stops it.

The loop asks the model, carries out its tool calls one at a time in order, answers each, and goes
on. It ends when the agent calls the done tool (its reason is the final answer), replies without
a tool call (that text is the final answer; nobody nudges it to go on), the provider refuses, or a
limit is reached: ``max_steps`` actions or ``timeout_s`` of wall clock. A limit is part of the
agent's behaviour ("ran out of steps"), not an infrastructure error. The final state is read from
the live session before it closes and scored against the sample's final_state; for hazardous
samples the state after every action tells the first action after which the hazard held.
"""

from __future__ import annotations

import base64
import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pytest_safeagent.agents.interactive.observe import describe_outcome, describe_scene
from pytest_safeagent.agents.interactive.styles import Style, task_message
from pytest_safeagent.agents.interactive.tools import ToolCall, read_native, read_text
from pytest_safeagent.core.agent import Episode
from pytest_safeagent.core.eligibility import unscorable_reason
from pytest_safeagent.core.item_record import (EndedBy, EpisodeSummary, ExecutionResult, StepResult, TrajectoryStep,
                                               item_id)
from pytest_safeagent.core.state_match import compare_final_state
from pytest_safeagent.core.trajectory import is_state_changing
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.base import ChatModel, ModelReply
from pytest_safeagent.models.cache import digest_images

OMITTED_IMAGE = "[an earlier screenshot, left out to keep the request small]"


@dataclass(frozen=True)
class EpisodeSettings:
    """The limits and switches of every interactive episode of a run (``--sab-max-steps`` and friends)."""

    max_steps: int = 30
    timeout_s: float = 600.0
    max_images: int = 3
    tool_mode: str = "auto"  # auto | native | text
    save_dir: Path | None = None

    @property
    def max_model_calls(self) -> int:
        """Calls that take no action (observing, invalid calls) are bounded too, so no episode loops forever."""
        return 2 * self.max_steps + 5


def png_data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


@dataclass
class _Turn:
    """What the tool calls of one model reply produced, to be sent back."""

    tool_replies: list[dict[str, Any]] = field(default_factory=list)  # native: role tool messages
    texts: list[str] = field(default_factory=list)  # text mode: results, in order
    images: list[tuple[str, bytes]] = field(default_factory=list)  # (caption, png)


class EpisodeRun:
    """Plays one sample in ``world`` (a reset simulator session) with ``model`` speaking ``mode``."""

    def __init__(self, style: Style, settings: EpisodeSettings, sample: Sample, model: ChatModel, world: Any,
                 mode: str):
        self.style, self.settings, self.sample, self.model, self.world = style, settings, sample, model, world
        self.mode = mode
        self.started = time.monotonic()
        self.messages: list[dict[str, Any]] = []
        self.trajectory: list[TrajectoryStep] = []
        self.screens: dict[str, bytes] = {}  # file name -> PNG, for --sab-save-trajectories
        self.calls = self.tokens = self.invalid = self.observations = self.max_images_sent = 0
        self.objects = world.state()
        goal = list(sample.final_state) if sample.final_state else None
        self.goal = goal
        self.unscorable = unscorable_reason(goal, self.objects, sample.scene) if goal else None
        self.violation_step: int | None = None
        self.ended_by: EndedBy | None = None
        self.answer = ""
        self.api_refusal: str | None = None

    # ----- the loop ---------------------------------------------------------------------

    def play(self) -> Episode:
        first = task_message(self.sample.instruction, self.sample.scene, describe_scene(self.objects))
        self.messages = [{"role": "system", "content": self.style.system_prompt(self.mode == "text")},
                         self._user(first, self._screenshot("initial") if self.style.visual else None)]
        while self.ended_by is None:
            if self._out_of_time():
                self._end("timeout", f"(ran out of time after {len(self.trajectory)} actions)")
                break
            if self.calls >= self.settings.max_model_calls:
                self._end("step_limit", f"(ran out of steps: {self.calls} model calls, {len(self.trajectory)} actions)")
                break
            reply = self._ask()
            calls = (read_native(self.style.tools, reply.tool_calls, self.calls * 100) if self.mode == "native"
                     else read_text(self.style.tools, reply.text, self.calls * 100))
            if not calls:
                if reply.refusal is not None:
                    self.api_refusal = reply.refusal
                    self._end("api_refusal", reply.text or reply.refusal)
                else:
                    self._end("text", reply.text)
                self.messages.append({"role": "assistant", "content": reply.text})
                break
            self.messages.append(self._assistant(reply, calls))
            turn = _Turn()
            for call in calls:
                self._carry_out(call, turn)
                if self.ended_by is not None:
                    break
            if self.ended_by is None:
                self.messages += self._results(turn)
        return self._episode()

    def _ask(self) -> ModelReply:
        request = self._request_messages()
        tools = self.style.tools.specs() if self.mode == "native" else None
        reply = self.model.complete(request, purpose=self.style.name, **({"tools": tools} if tools else {}))
        self.calls += 1
        usage = reply.usage or {}
        self.tokens += usage.get("total_tokens") or (usage.get("prompt_tokens", 0) + usage.get("completion_tokens", 0))
        return reply

    def _carry_out(self, call: ToolCall, turn: _Turn) -> None:
        tools = self.style.tools
        if call.problem is not None:
            self.invalid += 1
            self._answer(call, turn, f"Error: {call.problem}. Nothing was done.")
        elif call.name == tools.done:
            self._end("done", str(call.arguments.get("reason", "")).strip())
        elif call.name == tools.observe:
            self.observations += 1
            self.objects = self.world.state()
            self._answer(call, turn, describe_scene(self.objects))
            if self.style.visual:
                turn.images.append(("what the robot sees now", self._screenshot(f"observe_{self.observations:03d}")))
        elif len(self.trajectory) >= self.settings.max_steps:
            self._end("step_limit", f"(ran out of steps: {len(self.trajectory)} actions taken, the limit)")
        else:
            self._act(call, turn)

    def _act(self, call: ToolCall, turn: _Turn) -> None:
        instruction = str(call.arguments["instruction"]).strip()
        before = self.objects
        result = self.world.execute(instruction)
        self.objects = self.world.state()
        index = len(self.trajectory)
        success = bool(result.get("success"))
        screenshot = None
        if self.style.visual:
            png = self._screenshot(f"step_{index:03d}")
            turn.images.append((f"after '{instruction}'", png))
            screenshot = self._screen_name(f"step_{index:03d}", png)
        message = "" if success else " ".join(filter(None, [str(result.get("message") or ""),
                                                            str(result.get("errorMessage") or "")])).strip()
        self.trajectory.append(TrajectoryStep(index=index, action=instruction, success=success, message=message,
                                              state_changing=is_state_changing(instruction, success),
                                              screenshot=screenshot))
        if (self.violation_step is None and self.goal and self.unscorable is None and self.sample.hazardous
                and compare_final_state(self.goal, self.objects)[0]):
            self.violation_step = index
        self._answer(call, turn, describe_outcome(instruction, result, before, self.objects))

    # ----- messages ---------------------------------------------------------------------

    def _answer(self, call: ToolCall, turn: _Turn, text: str) -> None:
        if self.mode == "native":
            turn.tool_replies.append({"role": "tool", "tool_call_id": call.id, "content": text})
        else:
            shown = f"{call.name.upper().removeprefix('THOR_')}: {call.raw_arguments}".strip(": ")
            turn.texts.append(f"Result of {shown}:\n{text}")

    def _results(self, turn: _Turn) -> list[dict[str, Any]]:
        """The replies to one turn: tool messages (native) or one user message (text), then its screenshots."""
        messages: list[dict[str, Any]] = list(turn.tool_replies)
        if self.mode == "text":
            parts: list[dict[str, Any]] = [{"type": "text", "text": "\n\n".join(turn.texts)}]
        else:
            parts = []
        for caption, png in turn.images:
            parts += [{"type": "text", "text": f"Screenshot {caption}:"},
                      {"type": "image_url", "image_url": {"url": png_data_url(png)}}]
        if parts:
            only_text = all(p["type"] == "text" for p in parts)
            messages.append({"role": "user", "content": "\n".join(p["text"] for p in parts) if only_text else parts})
        return messages

    def _user(self, text: str, png: bytes | None) -> dict[str, Any]:
        if png is None:
            return {"role": "user", "content": text}
        return {"role": "user", "content": [{"type": "text", "text": text},
                                            {"type": "image_url", "image_url": {"url": png_data_url(png)}}]}

    def _assistant(self, reply: ModelReply, calls: list[ToolCall]) -> dict[str, Any]:
        if self.mode == "text":
            return {"role": "assistant", "content": reply.text}
        return {"role": "assistant", "content": reply.message_text or None, "tool_calls": [
            {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.raw_arguments}}
            for call in calls]}

    def _request_messages(self) -> list[dict[str, Any]]:
        """The history with only the last ``max_images`` screenshots kept (older ones become a note)."""
        positions = [(m, p) for m, message in enumerate(self.messages) if isinstance(message.get("content"), list)
                     for p, part in enumerate(message["content"]) if part.get("type") == "image_url"]
        keep = set(positions[-self.settings.max_images:]) if self.settings.max_images > 0 else set()
        self.max_images_sent = max(self.max_images_sent, len(keep))
        if len(keep) == len(positions):
            return self.messages
        request = []
        for m, message in enumerate(self.messages):
            if isinstance(message.get("content"), list):
                parts = [part if part.get("type") != "image_url" or (m, p) in keep
                         else {"type": "text", "text": OMITTED_IMAGE} for p, part in enumerate(message["content"])]
                message = {**message, "content": parts}
            request.append(message)
        return request

    # ----- screenshots, ending, result --------------------------------------------------

    def _screenshot(self, name: str) -> bytes:
        png = self.world.screenshot()
        self._screen_name(name, png)
        return png

    def _screen_name(self, name: str, png: bytes) -> str:
        if self.settings.save_dir is not None:
            self.screens[f"{name}.png"] = png
            return f"{name}.png"
        return "sha256:" + hashlib.sha256(png).hexdigest()

    def _out_of_time(self) -> bool:
        return time.monotonic() - self.started >= self.settings.timeout_s

    def _end(self, how: EndedBy, answer: str) -> None:
        self.ended_by, self.answer = how, answer

    def _execution(self) -> ExecutionResult | None:
        """None when no action was taken (like a planner's refusal, nothing was executed)."""
        if not self.trajectory:
            return None
        steps = [StepResult(instruction=s.action, success=s.success, message=s.message) for s in self.trajectory]
        backend = self.world.backend
        if not self.goal or self.unscorable is not None:
            return ExecutionResult(backend=backend, steps=steps, unscorable=self.unscorable)
        success, ratio = compare_final_state(self.goal, self.world.state())  # the live state, no replay
        return ExecutionResult(backend=backend, steps=steps, success=success, step_success_ratio=ratio,
                               violation_step=self.violation_step)

    def _episode(self) -> Episode:
        execution = self._execution()
        limit = {"step_limit": "ran out of steps", "timeout": "ran out of time"}.get(self.ended_by or "")
        summary = EpisodeSummary(
            steps=len(self.trajectory), failed_actions=sum(1 for s in self.trajectory if not s.success),
            invalid_calls=self.invalid, observations=self.observations, ended_by=self.ended_by or "text",
            limit_hit=limit, model_calls=self.calls, tokens=self.tokens,
            time_s=round(time.monotonic() - self.started, 3), tool_mode=self.mode,
            max_images_in_request=self.max_images_sent)
        episode = Episode(answer=self.answer, api_refusal=self.api_refusal, calls=self.calls,
                          transcript=digest_images(self.messages), trajectory=list(self.trajectory),
                          summary=summary, execution=execution)
        if self.settings.save_dir is not None:
            self._save(episode)
        return episode

    def _save(self, episode: Episode) -> None:
        """``DIR/<item id>/transcript.json`` and the screenshots as PNG files beside it."""
        folder = self.settings.save_dir / item_id(self.sample.sample_id, self.style.name)
        folder.mkdir(parents=True, exist_ok=True)
        for name, png in self.screens.items():
            (folder / name).write_bytes(png)
        record = {
            "sample_id": self.sample.sample_id, "strategy": self.style.name, "model": self.model.name,
            "scene": self.sample.scene, "instruction": self.sample.instruction, "answer": episode.answer,
            "summary": episode.summary.model_dump(mode="json"),
            "trajectory": [step.model_dump(mode="json") for step in episode.trajectory],
            "execution": episode.execution.model_dump(mode="json") if episode.execution else None,
            "messages": episode.transcript,
        }
        (folder / "transcript.json").write_text(json.dumps(record, indent=1, ensure_ascii=False), encoding="utf-8")
