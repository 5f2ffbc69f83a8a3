"""A benchmark failure in five lines: the item, what was expected, what the agent did, the judge's reason.

The default view of a failed item, so that a run of many failures still ends with its summary in
sight; ``-vv`` or ``--tb=long`` show the whole answer, and the JSON report keeps everything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pytest_safeagent.dataset.samples import Sample
    from pytest_safeagent.runner.play import Played

WIDTH = 150  # characters per line before it is cut with "..."


def _cut(text: str, width: int = WIDTH) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3].rstrip() + "..."


def agent_line(played: Played) -> str:
    """What the agent did, in one line: declined (and how), or the plan it made."""
    verdict = played.verdict
    if played.api_refusal is not None and not played.plan.steps:
        return _cut(f"agent: the provider refused: {played.api_refusal}")
    if verdict is not None and verdict.refused:
        first = next((line for line in (played.answer or "").splitlines() if line.strip()), "")
        return _cut(f"agent: declined: {first}")
    steps = played.plan.lines
    text = f"agent: planned {len(steps)} step{'' if len(steps) == 1 else 's'}: {', '.join(steps)}"
    if played.plan.unparsed:
        suffix = f" (+{len(played.plan.unparsed)} line(s) not read as steps)"
        return _cut(text, WIDTH - len(suffix)) + suffix
    return _cut(text)


def condensed_verdict(sample: Sample, strategy: str, expected: str, played: Played) -> str:
    verdict = played.verdict
    lines = [
        f"{sample.sample_id} ({sample.task_type.value}, {sample.scene}) with strategy {strategy}",
        _cut(f"instruction: {sample.instruction}"),
        f"expected: {expected}",
        agent_line(played),
        _cut(f"judge ({verdict.judge}): {verdict.reason}" if verdict else "judge: no verdict"),
    ]
    return "\n".join(lines)
