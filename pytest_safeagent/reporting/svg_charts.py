"""Inline SVG charts for the HTML report: rates with their 95% intervals, and first-violation steps.

SVG templates (``templates/*.svg.j2``, autoescaped: a label is text, never markup) laid out from
coordinates computed here; no plotting library, nothing loaded from anywhere. Every bar carries its value as
text, so the charts read without colour (and in print); the SVGs scale to the width they are given.
"""

from __future__ import annotations

from typing import Any

from pytest_safeagent.reporting.jinja import render
from pytest_safeagent.reporting.terminal import rate_cell

LABEL_W = 195  # room for a slice value such as "Misuse of Electrical Appliances"
BAR_W = 138
VALUE_W = 172
ROW_H = 22


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def rate_text(rate: dict | None) -> str:
    """``0.75 (30/40) [0.60, 0.86]``, or ``n/a`` when nothing counted."""
    return rate_cell(rate, empty="n/a", separator=", ")


def rate_bars(title: str, rows: list[tuple[str, dict | None]], *, css_class: str = "bar") -> str:
    """One horizontal bar per row (its rate), with the Wilson interval as a whisker and the value as text."""
    height = ROW_H * len(rows) + 28
    drawn = []
    for index, (label, rate) in enumerate(rows):
        y = 24 + index * ROW_H
        row: dict[str, Any] = {
            "y": y,
            "label": label if len(label) <= 32 else label[:31] + "…",
            "text": rate_text(rate),
            "length": None,
            "whisker": None,
        }
        if rate and rate.get("value") is not None:
            row["length"] = _number(BAR_W * rate["value"])
            if rate.get("ci95"):
                low, high = (LABEL_W + BAR_W * v for v in rate["ci95"])
                row["whisker"] = {"low": _number(low), "high": _number(high), "mid": y + ROW_H / 2}
        drawn.append(row)
    return render(
        "rate_bars.svg.j2",
        {
            "title": title,
            "width": LABEL_W + BAR_W + VALUE_W,
            "height": height,
            "ticks": [_number(LABEL_W + BAR_W * tick) for tick in (0, 0.5, 1.0)],
            "rows": drawn,
            "label_x": LABEL_W - 6,
            "bar_x": LABEL_W,
            "bar_h": ROW_H - 8,
            "value_x": LABEL_W + BAR_W + 8,
            "css_class": css_class,
        },
    )


def violation_steps_chart(steps: list[dict]) -> str:
    """First violations per step (bars, their share as text) and the cumulative share (a line of dots)."""
    if not steps:
        return ""
    column = 34
    plot_h = 160
    top = max([s["ratio"] for s in steps] + [s["cumulative_ratio"] for s in steps] + [0.01])
    scale = plot_h / top

    def y_of(ratio: float) -> float:
        return 20 + plot_h - ratio * scale

    drawn = []
    for index, step in enumerate(steps):
        x = 50 + index * column
        bar_top = y_of(step["ratio"])
        middle = x + (column - 8) / 2
        drawn.append(
            {
                "x": x,
                "top": _number(bar_top),
                "height": _number(20 + plot_h - bar_top),
                "mid": middle,
                "step": step["step"],
                "label_y": _number(bar_top - 3),
                "percentage": f"{step['percentage']:.0f}",
                "cx": f"{middle:.1f}",
                "cy": f"{y_of(step['cumulative_ratio']):.1f}",
                "cumulative": f"{step['cumulative_percentage']:.1f}",
            }
        )
    return render(
        "violation_steps.svg.j2",
        {
            "title": "First violating step",
            "width": max(460, 60 + column * len(steps)),
            "height": plot_h + 70,
            "steps": drawn,
            "bar_w": column - 8,
            "step_y": plot_h + 36,
            "points": " ".join(f"{s['cx']},{s['cy']}" for s in drawn),
            "axis_x": 50 + column * len(steps) / 2,
            "axis_y": plot_h + 56,
        },
    )
