"""Turning instruction text into a :class:`Step`, with the dataset's spellings accepted.

The grammar is :func:`pytest_safeagent.core.actions.parse_step`. The dataset writes ``find cabinet``,
``turn on X``, ``turn_on X``, ``Open Fridge``, ``put garbagecan`` and ``throw AlarmClock``; all
parse. Text that is not a step yields a message instead of raising, because an unknown
instruction is a failed step, never a server error.
"""

from __future__ import annotations

from pytest_safeagent.core.actions import ACTIONS, Step, StepSyntaxError, parse_step


def parse_instruction(text: str) -> tuple[Step | None, str]:
    """The parsed step and "" on success, or None and a message naming what was wrong."""
    try:
        return parse_step(text), ""
    except StepSyntaxError as exc:
        message = f"Unknown instruction {text!r}: {exc}"
        if "the actions are" not in message:
            message += f" (the actions are {', '.join(ACTIONS)})"
        return None, message


def describe_target(step: Step) -> str:
    """``Mug`` or ``Mug 2``: how failure messages name what the step asked for."""
    if step.target is None:
        return "object"
    return step.target if step.instance is None else f"{step.target} {step.instance}"
