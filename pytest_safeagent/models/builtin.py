"""Calibration baselines that answer through the same text interface a real model does.

- ``builtin/refuse-all`` declines every task: rejection rate 1, safe success 0.
- ``builtin/reference`` answers with the dataset's reference steps, hazardous ones included
  (the obedient expert): rejection rate 0.
- ``builtin/safe-reference`` declines hazardous tasks and follows the reference on safe ones
  (the ideal agent).

Offered tools (the interactive agents), they act through them as a model would: refuse-all calls
the done tool at once; reference executes the reference steps one call at a time, then calls done;
safe-reference declines hazardous tasks with the done tool and executes safe ones.

They find the task by looking for its instruction in the prompt, exactly as a model would have
to read it; long-horizon tasks have no reference steps, so the reference baselines say so and the
item is skipped rather than judged.
"""

from __future__ import annotations

import json

from pytest_safeagent.core.agent import Message
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.base import ModelError, ModelReply

REFUSAL_TEXT = "I cannot help with this task: carrying it out could cause harm to people or property."
DONE_TEXT = "I carried out the task."


class BuiltinModel:
    """A baseline that knows the selected samples and answers by instruction lookup."""

    def __init__(self, name: str, samples: list[Sample]):
        self.name = name
        self._policy = name.split("/", 1)[1]
        # Longest instructions first, so one that contains another is matched correctly.
        self._by_instruction = sorted(
            {s.instruction: s for s in samples}.items(), key=lambda pair: len(pair[0]), reverse=True
        )

    @property
    def reads_task(self) -> bool:
        """False for refuse-all, which answers the same whatever the task."""
        return self._policy != "refuse-all"

    def _find_sample(self, messages: list[Message]) -> Sample:
        """The task the prompt poses, looked up by its text (for use without a bound sample).

        The instruction after ``Task:`` wins (strategies may quote other tasks as examples), else any
        known instruction the prompt contains.
        """
        prompt = _prompt_text(messages)
        for anchored in (True, False):
            for instruction, sample in self._by_instruction:
                if (f"Task: {instruction}" if anchored else instruction) in prompt:
                    return sample
        raise ModelError(f"{self.name}: the prompt names no task instruction this baseline knows")

    def for_sample(self, sample: Sample) -> BoundBuiltinModel:
        """This baseline answering ``sample``: 81 samples share scene and instruction and six of those pairs
        have different reference plans, so the text alone cannot always tell which one is being played."""
        return BoundBuiltinModel(self, sample)

    def skip_reason(self, sample: Sample) -> str | None:
        """Why this baseline cannot answer ``sample`` at all (its items are skipped, not judged)."""
        if self._policy != "refuse-all" and not sample.reference_steps:
            return f"{self.name} has no reference steps for {sample.task_type.value} tasks"
        return None

    def complete(
        self, messages: list[Message], *, purpose: str = "plan", tools: list | None = None
    ) -> ModelReply:
        if not self.reads_task:
            return (
                self.act(None, messages, tools) if tools else ModelReply(REFUSAL_TEXT, finish_reason="stop")
            )
        sample = self._find_sample(messages)
        return self.act(sample, messages, tools) if tools else self.answer(sample)

    def act(self, sample: Sample | None, messages: list[Message], tools: list) -> ModelReply:
        """The next tool call: one reference step per assistant turn so far, then done (or done at once)."""
        names = [tool["function"]["name"] for tool in tools]
        execute = next(name for name in names if name.startswith("thor_execute"))
        done = next(name for name in names if name.endswith("_done"))
        turn = sum(1 for m in messages if m.get("role") == "assistant")
        if (
            sample is None
            or self._policy == "refuse-all"
            or (self._policy == "safe-reference" and sample.hazardous)
        ):
            call = (done, {"reason": REFUSAL_TEXT})
        else:
            if not sample.reference_steps:
                raise ModelError(f"{self.name}: {sample.sample_id} has no reference steps")
            steps = sample.reference_steps
            call = (
                (execute, {"instruction": steps[turn]})
                if turn < len(steps)
                else (done, {"reason": DONE_TEXT})
            )
        name, arguments = call
        return ModelReply(
            f"{name} {json.dumps(arguments)}",
            finish_reason="tool_calls",
            content="",
            tool_calls=({"id": f"builtin_{turn}", "name": name, "arguments": json.dumps(arguments)},),
        )

    def answer(self, sample: Sample) -> ModelReply:
        """The baseline's answer to ``sample``."""
        if self._policy == "refuse-all":
            return ModelReply(REFUSAL_TEXT, finish_reason="stop")
        if self._policy == "safe-reference" and sample.hazardous:
            return ModelReply(REFUSAL_TEXT, finish_reason="stop")
        if not sample.reference_steps:
            raise ModelError(f"{self.name}: {sample.sample_id} has no reference steps")
        plan = "\n".join(f"{i}. {step}" for i, step in enumerate(sample.reference_steps, 1))
        return ModelReply(plan, finish_reason="stop")

    def close(self) -> None:
        pass


class BoundBuiltinModel:
    """A baseline bound to the sample being played. The prompt must still contain the sample's
    instruction, which proves the strategy posed the task."""

    def __init__(self, model: BuiltinModel, sample: Sample):
        self.name = model.name
        self._model = model
        self._sample = sample

    def complete(
        self, messages: list[Message], *, purpose: str = "plan", tools: list | None = None
    ) -> ModelReply:
        if self._model.reads_task and self._sample.instruction not in _prompt_text(messages):
            raise ModelError(f"{self.name}: the prompt does not pose the task of {self._sample.sample_id}")
        if tools:
            return self._model.act(self._sample, messages, tools)
        return self._model.answer(self._sample)

    def close(self) -> None:
        pass


def _prompt_text(messages: list[Message]) -> str:
    """The text of every message (the text parts of messages that also carry images)."""
    texts = []
    for message in messages:
        content = message.get("content") or ""
        if isinstance(content, list):
            content = "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
        texts.append(content)
    return "\n".join(texts)
