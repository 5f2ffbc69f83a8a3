"""One self-contained HTML page for a run: headline metrics, charts, and every item's story.

Rendered from the JSON report (the same dict ``--sab-report`` writes), so ``--sab-html`` at the end of a
run and ``pytest-safeagent html REPORT.json`` give the same page. Nothing is loaded from anywhere:
the style, the charts (inline SVG) and a small filter script are in the file. Without the script the
page still shows every item; the filters only hide rows.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from pytest_safeagent.core.item_record import ItemRecord, verdict_label
from pytest_safeagent.core.populations import population_line
from pytest_safeagent.reporting.svg_charts import rate_bars, rate_text, violation_steps_chart
from pytest_safeagent.reporting.terminal import EXECUTION_RATES, RATES

HEADLINE = RATES
EXECUTION = tuple((key, meaning.strip()) for key, meaning in EXECUTION_RATES)
STEP_RATIOS = ("execution_step_success_rate", "execution_step_success_rate_safe", "execution_step_success_rate_hazardous")
SLICE_CHARTS = (("rejection_rate", "rejection", "bar"), ("hazard_success_rate", "hazard success", "bar bad"),
                ("safe_success_rate", "safe success", "bar good"))
SLICE_TITLES = {"task_type": "Task type", "level": "Abstraction level (L0 concrete .. L3 abstract)",
                "category": "Risk category", "strategy": "Strategy"}
FILTERS = (("task", "task type"), ("category", "category"), ("level", "level"), ("strategy", "strategy"),
           ("outcome", "outcome"))

STYLE = """
:root { color-scheme: light; --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --bar: #4a6fa5;
        --good: #2f7d4f; --bad: #b3413b; --bg-soft: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); margin: 0 auto;
       max-width: 1100px; padding: 16px; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
.muted { color: var(--muted); } .banner { padding: 8px 12px; border: 2px solid var(--bad); margin: 8px 0;
  font-weight: 600; } .banner::before { content: "\\26A0  "; }
nav a { margin-right: 12px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; } th, td { text-align: left; padding: 4px 8px;
  border-bottom: 1px solid var(--line); vertical-align: top; } th { background: var(--bg-soft); }
td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.charts { display: flex; flex-wrap: wrap; gap: 12px 16px; } svg .grid { stroke: var(--line); } svg .bar { fill: var(--bar); }
svg .bar.good { fill: var(--good); } svg .bar.bad { fill: var(--bad); } svg .whisker { stroke: var(--ink); stroke-width: 1.5; fill: none; }
svg .line { fill: none; stroke: var(--ink); stroke-dasharray: 4 3; } svg .dot { fill: var(--ink); } svg text { fill: var(--ink); }
.delta-worse { font-weight: 700; } .delta-worse::after { content: " (worse)"; }
.delta-better::after { content: " (better)"; }
form.filters { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; background: var(--bg-soft); padding: 8px;
  position: sticky; top: 0; z-index: 1; border: 1px solid var(--line); }
form.filters label { display: flex; flex-direction: column; font-size: 12px; }
form.filters input[type=search] { min-width: 220px; }
details.item { border-bottom: 1px solid var(--line); } details.item > summary { cursor: pointer; padding: 4px 0;
  display: flex; flex-wrap: wrap; gap: 4px 12px; } details.item[open] > summary { background: var(--bg-soft); }
.id { font-family: ui-monospace, monospace; font-weight: 600; min-width: 16em; }
.tag { font-size: 12px; color: var(--muted); }
.outcome { font-weight: 700; min-width: 6em; } .outcome.failed, .outcome.error { color: var(--bad); }
.outcome.passed { color: var(--good); }
.story { padding: 4px 0 12px 16px; } .story dt { font-weight: 600; margin-top: 6px; } .story dd { margin: 0 0 0 12px; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--bg-soft); padding: 6px; margin: 2px 0; }
ol.steps li.fail::marker { content: "\\2717  "; } ol.steps li.ok::marker { content: "\\2713  "; }
.shot { max-width: 320px; border: 1px solid var(--line); display: block; margin: 4px 0; }
@media (max-width: 640px) { body { padding: 8px; } .id { min-width: 0; } table { display: block; overflow-x: auto; } }
@media print { form.filters, nav { display: none; } details.item > summary { break-inside: avoid; } a { color: inherit; } }
"""

SCRIPT = """
(function () {
  var form = document.getElementById('filters'), items = document.querySelectorAll('details.item');
  var count = document.getElementById('shown'), texts = null;
  function apply() {
    var want = {}, query = form.elements.q.value.trim().toLowerCase(), shown = 0;
    ['task', 'category', 'level', 'strategy', 'outcome'].forEach(function (k) { want[k] = form.elements[k].value; });
    if (query && texts === null) { texts = Array.prototype.map.call(items, function (el) { return el.textContent.toLowerCase(); }); }
    for (var i = 0; i < items.length; i++) {
      var el = items[i], ok = true;
      for (var k in want) { if (want[k] && el.dataset[k] !== want[k]) { ok = false; break; } }
      if (ok && query) { ok = texts[i].indexOf(query) !== -1; }
      el.hidden = !ok; if (ok) { shown++; }
    }
    count.textContent = shown + ' of ' + items.length + ' items shown';
  }
  form.addEventListener('input', apply); form.addEventListener('submit', function (e) { e.preventDefault(); apply(); });
  apply();
})();
"""


def _rate_row(key: str, meaning: str, rate: dict | None, baseline: dict | None) -> str:
    attributes = ""
    if rate and rate.get("value") is not None:
        attributes = (f' data-metric="{key}" data-value="{rate["value"]!r}" data-count="{rate["count"]}" '
                      f'data-total="{rate["total"]}"')
    cells = [f"<td><code>{key}</code></td>", f'<td class="num"{attributes}>{escape(rate_text(rate))}</td>',
             f"<td>{escape(meaning)}</td>"]
    if baseline is not None:
        cells.append(f'<td class="num">{_delta(key, rate, baseline.get(key))}</td>')
    return "<tr>" + "".join(cells) + "</tr>"


LOWER_IS_BETTER = {"risk_rate", "hazard_success_rate", "long_horizon_completed_but_unsafe_rate",
                   "long_horizon_incomplete_rate", "execution_success_rate_hazardous"}


def _delta(key: str, now: dict | None, then: dict | None) -> str:
    if not now or not then or now.get("value") is None or then.get("value") is None:
        return "n/a"
    delta = 100.0 * (now["value"] - then["value"])
    if abs(delta) < 1e-9:
        return "0.0 pp"
    worse = (delta < 0) != (key in LOWER_IS_BETTER)
    return f'<span class="{"delta-worse" if worse else "delta-better"}">{delta:+.1f} pp</span>'


def _metrics_section(metrics: dict, baseline_metrics: dict | None) -> str:
    overall = metrics.get("overall", {})
    before = (baseline_metrics or {}).get("overall") if baseline_metrics is not None else None
    head = "<tr><th>metric</th><th>value (count/total) [95% CI]</th><th>meaning</th>" + (
        "<th>vs baseline</th>" if before is not None else "") + "</tr>"
    rows = [_rate_row(key, meaning, overall.get(key), before) for key, meaning in HEADLINE
            if not key.startswith("long_horizon") or (overall.get(key) or {}).get("total")]
    counts = metrics.get("counts", {})
    summary = ", ".join(f"{name} {counts.get(name, 0)}" for name in
                        ("items", "judged", "passed", "failed", "errors", "skipped", "missing"))
    errors = counts.get("errors_by_kind") or {}
    lines = [f'<table class="metrics">{head}{"".join(rows)}</table>']
    population = population_line(metrics)
    if population:
        lines.append(f'<p class="population">{escape(population)}</p>')
    lines.append(f"<p>{escape(summary)}</p>")
    if errors:
        lines.append("<p>errors by kind: " + escape(", ".join(f"{k} {n}" for k, n in errors.items())) + "</p>")
    missing = metrics.get("missing_items") or []
    if missing:
        lines.append(f"<p>items that produced no record: {escape(', '.join(missing[:20]))}"
                     + (f" (+{len(missing) - 20} more)" if len(missing) > 20 else "") + "</p>")
    return "".join(lines)


def _slice_charts(metrics: dict) -> str:
    parts = []
    for slice_name, groups in (metrics.get("slices") or {}).items():
        if not groups:
            continue
        charts = []
        for key, label, css in SLICE_CHARTS:
            rows = [(name, group.get(key)) for name, group in groups.items() if (group.get(key) or {}).get("total")]
            if rows:
                charts.append(rate_bars(f"{label} by {slice_name.replace('_', ' ')}", rows, css_class=css))
        if charts:
            parts.append(f"<h3>{escape(SLICE_TITLES.get(slice_name, slice_name))}</h3>"
                         f'<div class="charts">{"".join(charts)}</div>')
    return "".join(parts) or "<p>No judged items.</p>"


def _execution_section(metrics: dict) -> str:
    overall, counts = metrics.get("overall", {}), metrics.get("counts", {})
    rows = [_rate_row(key, meaning, overall.get(key), None) for key, meaning in EXECUTION if key in overall]
    for key in STEP_RATIOS:
        if key in overall:
            rows.append(f'<tr><td><code>{key}</code></td><td class="num" data-metric="{key}" '
                        f'data-value="{overall[key]["value"]!r}">{overall[key]["value"]:.3f} '
                        f'(mean over {overall[key]["total"]} plans)</td>'
                        f"<td>mean per-object match ratio (the original's step success rate)</td></tr>")
    if not rows:
        return "<p>No plan was executed in the simulator (run with <code>--sab-execution</code>).</p>"
    html = f'<table class="metrics"><tr><th>metric</th><th>value</th><th>meaning</th></tr>{"".join(rows)}</table>'
    if counts.get("unscorable"):
        reasons = ", ".join(f"{reason} ({n})" for reason, n in (counts.get("unscorable_by_reason") or {}).items())
        html += (f"<p>Executed plans not scored: {counts['unscorable']} (their final_state names objects the "
                 f"scene lacks): {escape(reasons)}</p>")
    return html


def _violations_section(violations: dict | None) -> str:
    overall = (violations or {}).get("overall")
    if not overall or not overall.get("total"):
        return "<p>No hazardous or long-horizon item was judged.</p>"
    step = overall.get("violation_step") or {}
    source = (violations.get("input") or {}).get("violation_source", "auto")
    text = (f"{overall['unsafe']} of {overall['total']} tasks unsafe ({overall['unsafe_percentage']:.2f}%)"
            + (f", first violation at step {step['min']}..{step['max']}, average {step['average']:.2f}"
               if step.get("average") is not None else "") + f" (source: {source})")
    return f"<p>{escape(text)}</p>" + violation_steps_chart(overall.get("steps") or [])


def _ordered_list(lines: list[str], empty: str = "(none)") -> str:
    if not lines:
        return f'<span class="muted">{empty}</span>'
    return "<ol start=\"0\">" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ol>"


def _execution_story(execution: Any) -> str:
    steps = "".join(f'<li class="{"ok" if s.success else "fail"}">{escape(s.instruction)}'
                    + (f' <span class="muted">{escape(s.message)}</span>' if s.message else "") + "</li>"
                    for s in execution.steps)
    result = ("not scored: " + execution.unscorable if execution.unscorable else
              "no final_state to compare" if execution.success is None else
              f"{'reached' if execution.success else 'did not reach'} the final state "
              f"(match ratio {execution.step_success_ratio:.2f})")
    html = f"<dd>{escape(execution.backend)}: {escape(result)}"
    if execution.unmet:
        html += "<br>unmet: " + escape(", ".join(execution.unmet))
    if execution.violation_step is not None:
        html += f"<br>the hazard's final state held after step {execution.violation_step}"
    return html + f'<ol class="steps" start="0">{steps}</ol></dd>'


def _screenshot_uri(shot: str, folder: Path | None) -> str | None:
    """The saved PNG as a data URI, when the run saved trajectories where this page can read them."""
    if shot.startswith("data:image/png;base64,"):
        return shot
    if folder is None or shot.startswith("sha256:"):
        return None
    path = folder / shot
    if not path.is_file():
        return None
    import base64

    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def _trajectory_story(trajectory: list[Any], folder: Path | None) -> str:
    rows = []
    for step in trajectory:
        data = step if isinstance(step, dict) else getattr(step, "model_dump", lambda: {})()
        action = data.get("action") or data.get("tool") or ""
        ok = data.get("success")
        line = f'<li class="{"ok" if ok else "fail" if ok is False else ""}">{escape(str(action))}'
        if data.get("message"):
            line += f' <span class="muted">{escape(str(data["message"]))}</span>'
        shot = data.get("screenshot")
        uri = _screenshot_uri(shot, folder) if isinstance(shot, str) else None
        if uri is not None:
            line += f'<img class="shot" alt="screenshot after {escape(str(action))}" src="{escape(uri)}">'
        elif shot:
            line += f' <span class="muted">screenshot: {escape(str(shot))}</span>'
        rows.append(line + "</li>")
    return f'<dd><ol class="steps" start="0">{"".join(rows)}</ol></dd>'


def _item(record: ItemRecord, screenshots: Path | None = None) -> str:
    verdict = record.verdict
    level = f"L{record.level}" if record.level is not None else ""
    data = {"task": record.task_type, "category": record.category or "", "level": level,
            "strategy": record.strategy, "outcome": record.outcome}
    attributes = " ".join(f'data-{key}="{escape(value)}"' for key, value in data.items())
    summary = (f'<span class="id">{escape(record.item_id)}</span><span class="outcome {record.outcome}">'
               f"{record.outcome}</span><span>{escape(verdict_label(record))}</span>"
               f'<span class="tag">{escape(record.task_type)}{" " + level if level else ""}'
               f'{" · " + escape(record.category) if record.category else ""} · {escape(record.scene)}</span>')
    story = [f"<dt>instruction</dt><dd>{escape(record.instruction)}</dd>"]
    if record.answer is not None:
        story.append(f"<dt>answer</dt><dd><pre>{escape(record.answer)}</pre></dd>")
    if record.api_refusal:
        story.append(f"<dt>provider refusal</dt><dd>{escape(record.api_refusal)}</dd>")
    story.append(f"<dt>parsed plan</dt><dd>{_ordered_list(record.plan)}</dd>")
    if record.unparsed_lines:
        story.append(f"<dt>unparsed lines</dt><dd>{escape(' | '.join(record.unparsed_lines))}</dd>")
    story.append(f"<dt>reference steps</dt><dd>{_ordered_list(record.reference_steps, 'none for this task')}</dd>")
    if verdict is not None:
        facts = [f"refused: {verdict.refused}", f"plan success: {verdict.plan_success}"]
        if verdict.long_horizon:
            facts.append(f"long-horizon: {verdict.long_horizon}")
        if record.violation_step is not None:
            facts.append(f"first violating step: {record.violation_step} ({record.violation_step_source})")
        story.append(f"<dt>verdict ({escape(verdict.judge)})</dt><dd>{escape('; '.join(facts))}<br>"
                     f"{escape(verdict.reason)}</dd>")
    if record.execution is not None:
        story.append("<dt>execution</dt>" + _execution_story(record.execution))
    trajectory = getattr(record, "trajectory", None)  # interactive agents' steps, when the record has them
    if trajectory:
        folder = screenshots / record.item_id if screenshots is not None else None
        story.append("<dt>trajectory</dt>" + _trajectory_story(trajectory, folder))
    if record.error is not None:
        story.append(f"<dt>error ({escape(record.error.kind)})</dt><dd>{escape(record.error.message)}</dd>")
    if record.skip_reason:
        story.append(f"<dt>skipped</dt><dd>{escape(record.skip_reason)}</dd>")
    if record.timings:
        story.append("<dt>timings</dt><dd>" + escape(", ".join(f"{k} {v:.3f}" for k, v in record.timings.items()))
                     + "</dd>")
    return (f'<details class="item" id="item-{escape(record.item_id)}" {attributes}><summary>{summary}</summary>'
            f'<dl class="story">{"".join(story)}</dl></details>')


def _filters(records: list[ItemRecord]) -> str:
    values: dict[str, set[str]] = {key: set() for key, _ in FILTERS}
    for record in records:
        values["task"].add(record.task_type)
        values["category"].add(record.category or "")
        values["level"].add(f"L{record.level}" if record.level is not None else "")
        values["strategy"].add(record.strategy)
        values["outcome"].add(record.outcome)
    selects = []
    for key, label in FILTERS:
        options = "".join(f'<option value="{escape(v)}">{escape(v)}</option>' for v in sorted(values[key]) if v)
        selects.append(f'<label>{label}<select name="{key}"><option value="">all</option>{options}</select></label>')
    return (f'<form class="filters" id="filters" role="search">{"".join(selects)}'
            f'<label>text<input type="search" name="q" placeholder="id, instruction, answer, reason"></label>'
            f'<span id="shown" aria-live="polite">{len(records)} items</span></form>')


def _comparison_section(comparison: Any) -> str:
    rows = "".join(
        f"<tr><td><code>{escape(c.metric)}</code></td><td class=\"num\">{c.paired}</td>"
        f"<td class=\"num\">{'n/a' if c.delta_pp is None else f'{c.delta_pp:+.1f} pp'}</td>"
        f"<td class=\"num\">{'n/a' if c.p_value is None else f'{c.p_value:.3g}'}</td><td>{escape(c.status)}</td></tr>"
        for c in comparison.changes)
    flips = []
    for title, group in (("regressed (passed, now failed)", comparison.regressed),
                         ("improved (failed, now passed)", comparison.improved)):
        entries = "".join(f'<li data-flip="{escape(f.item_id)}"><a href="#item-{escape(f.item_id)}">'
                          f"{escape(f.item_id)}</a>: {escape(f.before)} &rarr; {escape(f.after)}"
                          f' <span class="muted">{escape(f.reason)}</span></li>' for f in group)
        flips.append(f"<h3>{len(group)} {title}</h3><ul>{entries}</ul>")
    only = (f"<p>{len(comparison.only_current)} items only in this run, {len(comparison.only_baseline)} only in the "
            f"baseline; {comparison.paired} paired.</p>")
    return (f"<p>Baseline: {escape(comparison.baseline_label)}</p>{only}"
            f"<table><tr><th>metric</th><th>paired items</th><th>change</th><th>McNemar exact p</th><th>status</th></tr>"
            f"{rows}</table>{''.join(flips)}")


def _key_values(title: str, values: dict) -> str:
    rows = "".join(f"<tr><th>{escape(str(k))}</th><td>{escape(json.dumps(v) if not isinstance(v, str) else v)}</td></tr>"
                   for k, v in values.items())
    return f"<h3>{title}</h3><table>{rows}</table>"


def render_html(report: dict, *, baseline: Any = None, path: Path | str = "report",
                screenshots: Path | None = None) -> str:
    """The page for ``report`` (a JSON report dict); ``baseline`` is a :class:`reporting.reader.SavedRun`;
    ``screenshots`` is the run's ``--sab-save-trajectories`` folder (its PNGs are embedded)."""
    from pytest_safeagent.reporting.reader import parse_items

    records = parse_items(Path(str(path)), report.get("items", []))
    config, metrics = report.get("config") or {}, report.get("metrics") or {}
    comparison = None
    if baseline is not None:
        from pytest_safeagent.gating.baseline import compare_runs

        comparison = compare_runs(baseline.records, records, baseline_metrics=baseline.metrics,
                                  current_metrics=metrics, baseline_label=f"{baseline.path} (model {baseline.model})")
    from pytest_safeagent.reporting.terminal import played_by

    model = played_by(config.get("model", "?"), config.get("agent"))
    strategies = ", ".join(config.get("strategies") or [])
    banner = "" if report.get("complete", True) else (
        '<p class="banner" role="alert">Incomplete run: it was interrupted or some items produced no record; '
        "the figures cover only the items below.</p>")
    nav = ['<a href="#metrics">metrics</a>', '<a href="#slices">charts</a>', '<a href="#violations">violations</a>',
           '<a href="#execution">execution</a>', '<a href="#items">items</a>', '<a href="#configuration">configuration</a>']
    if comparison is not None:
        nav.insert(1, '<a href="#baseline">baseline</a>')
    sections = [
        f'<section id="metrics"><h2>Headline metrics</h2>'
        f'{_metrics_section(metrics, baseline.metrics if baseline is not None else None)}</section>',
    ]
    if comparison is not None:
        sections.append(f'<section id="baseline"><h2>Against the baseline</h2>{_comparison_section(comparison)}</section>')
    sections += [
        f'<section id="slices"><h2>By slice</h2>{_slice_charts(metrics)}</section>',
        f'<section id="violations"><h2>When agents go wrong: first violating step</h2>'
        f'{_violations_section(report.get("violations"))}</section>',
        f'<section id="execution"><h2>Execution in the simulator</h2>{_execution_section(metrics)}</section>',
        f'<section id="items"><h2>Items</h2>{_filters(records)}'
        f'<div class="item-list">{"".join(_item(record, screenshots) for record in records)}</div></section>',
        f'<section id="configuration"><h2>Configuration</h2>{_key_values("run", config)}'
        f'{_key_values("fingerprint (what must match to compare runs)", report.get("fingerprint") or {})}</section>',
    ]
    tool = report.get("tool") or {}
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>SafeAgentBench: {escape(model)}</title><style>{STYLE}</style></head><body>"
        f"<header><h1>SafeAgentBench: {escape(model)}</h1>"
        f'<p class="muted">strategies {escape(strategies)} · judge {escape(str(config.get("judge", "?")))} · '
        f'protocol {escape(str(config.get("protocol") or "neutral"))}, judge protocol '
        f'{escape(str(config.get("judge_protocol") or "neutral"))} · '
        f'{len(records)} items · created {escape(str(report.get("created", "?")))} · '
        f'{escape(str(tool.get("name", "pytest-safeagent")))} {escape(str(tool.get("version", "")))}</p>'
        f"{banner}<nav>{' '.join(nav)}</nav></header>"
        f"<main>{''.join(sections)}</main><script>{SCRIPT}</script></body></html>\n"
    )


def write_html(path: Path, report: dict, *, baseline: Any = None, screenshots: Path | None = None) -> None:
    """Render and write atomically (a reader never sees half a page)."""
    from pytest_safeagent.core.atomic_write import write_text_atomic

    write_text_atomic(Path(path), render_html(report, baseline=baseline, path=path, screenshots=screenshots))
