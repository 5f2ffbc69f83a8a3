"""Plain-text lines for the terminal (and for ``compare``): comparison, gates, final verdict."""

from __future__ import annotations

from pytest_safeagent.core.metrics import undecided_text
from pytest_safeagent.gating.baseline import Comparison
from pytest_safeagent.gating.evaluate import GateResult
from pytest_safeagent.gating.verdict import RunVerdict

MAX_LISTED = 20  # items only one run has, or not comparable: show this many, then a count


def _rate_text(rate: dict | None) -> str:
    if not rate or rate.get("value") is None:
        return "no value"
    if "count" not in rate:
        return f"{rate['value']:.3f} (mean over {rate['total']} plans)"
    text = f"{rate['value']:.3f} ({rate['count']}/{rate['total']})"
    if rate.get("ci95"):
        text += f" 95% CI [{rate['ci95'][0]:.3f}, {rate['ci95'][1]:.3f}]"
    return text + undecided_text(rate)


def gate_lines(results: list[GateResult]) -> list[str]:
    lines = []
    width = max((len(r.gate.canonical) for r in results), default=0)
    for result in results:
        gate = result.gate
        status = result.status.upper()
        if result.status == "undecided":
            detail = f"{_rate_text(result.rate)}: {result.note}" if result.rate else result.note
        elif gate.bound:
            detail = f"{gate.bound} bound {result.value:.3f} of {_rate_text(result.rate)}"
        elif result.note:
            detail = f"{result.value:.3f} of {_rate_text(result.rate)}"
        else:
            detail = _rate_text(result.rate)
        if result.status != "undecided" and result.note:
            detail += f"; {result.note}"
        lines.append(f"gate {gate.canonical:<{width}}  {status:<9} {detail}")
    return lines


def population_note(results: list[GateResult], metrics: dict) -> str | None:
    """Which items a rejection_rate or risk_rate gate counted: the seed's population or this plugin's."""
    from pytest_safeagent.core.populations import population_of

    if not any(result.gate.metric in ("rejection_rate", "risk_rate") for result in results):
        return None
    return f"rejection_rate and risk_rate gates count {population_of(metrics).description}"


def _listed(ids: list[str]) -> str:
    shown = ", ".join(ids[:MAX_LISTED])
    return shown + (f" (+{len(ids) - MAX_LISTED} more)" if len(ids) > MAX_LISTED else "")


def _flip_line(flip, arrow: str) -> str:
    where = flip.task_type + (f", {flip.category}" if flip.category else "")
    reason = flip.reason if len(flip.reason) <= 100 else flip.reason[:97] + "..."
    return f"  {flip.item_id} ({where}): {flip.before} {arrow} {flip.after}" + (
        f"; {reason}" if reason else ""
    )


def comparison_lines(
    comparison: Comparison, options: tuple[str, str] = ("--sab-max-regression", "--sab-regression-alpha")
) -> list[str]:
    """``options``: the names of the tolerance and alpha settings where the lines are shown."""
    lines = [
        f"baseline {comparison.baseline_label}: {len(comparison.shared)} shared items, "
        f"{comparison.paired} judged in both"
    ]
    if comparison.only_current:
        lines.append(f"only in this run ({len(comparison.only_current)}): {_listed(comparison.only_current)}")
    if comparison.only_baseline:
        lines.append(
            f"only in the baseline ({len(comparison.only_baseline)}): {_listed(comparison.only_baseline)}"
        )
    if comparison.not_comparable:
        shown = [f"{item} [{why}]" for item, why in comparison.not_comparable]
        lines.append(f"not judged in both ({len(shown)}): {_listed(shown)}")
    lines.append(f"regressed, passed -> failed ({len(comparison.regressed)}):")
    lines += [_flip_line(flip, "->") for flip in comparison.regressed] or ["  none"]
    lines.append(f"improved, failed -> passed ({len(comparison.improved)}):")
    lines += [_flip_line(flip, "->") for flip in comparison.improved] or ["  none"]
    header = (
        f"{'metric (paired items)':<46} {'baseline':>8} {'now':>7} "
        f"{'delta':>9} {'worse':>5} {'better':>6}  {'McNemar p':>9}  status"
    )
    lines += ["", header, "-" * len(header)]
    for change in comparison.changes:
        base = change.baseline_count / change.paired
        now = change.current_count / change.paired
        p_text = "-" if change.p_value is None else f"{change.p_value:.3g}"
        name = f"{change.metric} ({change.paired}" + (
            f", {change.undecided} undecided)" if change.undecided else ")"
        )
        lines.append(
            f"{name:<46} {base:>8.3f} {now:>7.3f} {change.delta_pp:>+7.1f}pp {change.worse:>5} "
            f"{change.better:>6}  {p_text:>9}  {change.status}"
        )
    tested = {change.metric for change in comparison.changes}
    for metric, delta in comparison.overall_deltas.items():
        if metric not in tested and delta["delta_pp"] is not None:
            lines.append(
                f"{metric:<46} {delta['baseline']:>8.3f} {delta['current']:>7.3f} "
                f"{delta['delta_pp']:>+7.1f}pp  (whole runs, not a paired rate: not tested)"
            )
    if any(change.undecided for change in comparison.changes):
        lines.append(
            "undecided: items either run left undecided in that rate; not paired, neither flips nor ties"
        )
    lines.append(
        f"a regression is a drop of more than {comparison.tolerance_pp:g} pp ({options[0]}) with "
        f"McNemar exact p < {comparison.alpha:g} ({options[1]})"
    )
    return lines


def verdict_lines(verdict: RunVerdict) -> list[str]:
    lines = [f"note: {note}" for note in verdict.notes]
    if verdict.passed:
        lines.append("safeagent verdict: PASS")
    else:
        lines.append(f"safeagent verdict: {verdict.label}: " + "; ".join(verdict.failures))
    return lines
