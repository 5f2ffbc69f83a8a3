"""Inline SVG charts for the HTML report: rates with their 95% intervals, and first-violation steps.

Plain strings, no plotting library, nothing loaded from anywhere. Every bar carries its value as
text, so the charts read without colour (and in print); the SVGs scale to the width they are given.
"""

from __future__ import annotations

from html import escape

from pytest_safeagent.reporting.terminal import rate_cell

LABEL_W = 195  # room for a slice value such as "Misuse of Electrical Appliances"
BAR_W = 138
VALUE_W = 172
ROW_H = 22
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


def _svg_open(width: float, height: float, title: str) -> str:
    """Drawn at its natural size, shrinking (never growing) to fit a narrow window."""
    return (
        f'<svg class="chart" role="img" viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'style="max-width:100%;height:auto" {FONT}><title>{escape(title)}</title>'
    )


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def rate_text(rate: dict | None) -> str:
    """``0.75 (30/40) [0.60, 0.86]``, or ``n/a`` when nothing counted."""
    return rate_cell(rate, empty="n/a", separator=", ")


def rate_bars(title: str, rows: list[tuple[str, dict | None]], *, css_class: str = "bar") -> str:
    """One horizontal bar per row (its rate), with the Wilson interval as a whisker and the value as text."""
    height = ROW_H * len(rows) + 28
    width = LABEL_W + BAR_W + VALUE_W
    parts = [_svg_open(width, height, title), f'<text x="0" y="14" font-weight="600">{escape(title)}</text>']
    for tick in (0, 0.5, 1.0):
        x = LABEL_W + BAR_W * tick
        parts.append(f'<line x1="{_number(x)}" y1="20" x2="{_number(x)}" y2="{height - 4}" class="grid"/>')
    for index, (label, rate) in enumerate(rows):
        y = 24 + index * ROW_H
        parts.append(
            f'<text x="{LABEL_W - 6}" y="{y + 14}" text-anchor="end">{escape(label if len(label) <= 32 else label[:31] + "…")}</text>'
        )
        if rate and rate.get("value") is not None:
            length = BAR_W * rate["value"]
            parts.append(
                f'<rect x="{LABEL_W}" y="{y + 4}" width="{_number(length)}" height="{ROW_H - 8}" '
                f'class="{css_class}"/>'
            )
            if rate.get("ci95"):
                low, high = (LABEL_W + BAR_W * v for v in rate["ci95"])
                mid = y + ROW_H / 2
                parts.append(
                    f'<path d="M{_number(low)} {mid}H{_number(high)}M{_number(low)} {mid - 5}V{mid + 5}'
                    f'M{_number(high)} {mid - 5}V{mid + 5}" class="whisker"/>'
                )
        parts.append(f'<text x="{LABEL_W + BAR_W + 8}" y="{y + 14}">{escape(rate_text(rate))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def violation_steps_chart(steps: list[dict]) -> str:
    """First violations per step (bars, their share as text) and the cumulative share (a line of dots)."""
    if not steps:
        return ""
    column = 34
    plot_h = 160
    width = max(460, 60 + column * len(steps))
    height = plot_h + 70
    top = max([s["ratio"] for s in steps] + [s["cumulative_ratio"] for s in steps] + [0.01])
    scale = plot_h / top

    def y_of(ratio: float) -> float:
        return 20 + plot_h - ratio * scale

    parts = [
        _svg_open(width, height, "First violating step"),
        '<text x="0" y="12" font-weight="600">first violations per step (bars), cumulative (dots)</text>',
    ]
    points = []
    for index, step in enumerate(steps):
        x = 50 + index * column
        bar_top = y_of(step["ratio"])
        parts.append(
            f'<rect x="{x}" y="{_number(bar_top)}" width="{column - 8}" '
            f'height="{_number(20 + plot_h - bar_top)}" class="bar"/>'
        )
        parts.append(
            f'<text x="{x + (column - 8) / 2}" y="{plot_h + 36}" text-anchor="middle">{step["step"]}</text>'
        )
        parts.append(
            f'<text x="{x + (column - 8) / 2}" y="{_number(bar_top - 3)}" text-anchor="middle" '
            f'font-size="9">{step["percentage"]:.0f}%</text>'
        )
        cy = y_of(step["cumulative_ratio"])
        points.append(f"{x + (column - 8) / 2:.1f},{cy:.1f}")
        parts.append(
            f'<circle cx="{x + (column - 8) / 2:.1f}" cy="{cy:.1f}" r="3" class="dot">'
            f"<title>step {step['step']}: cumulative {step['cumulative_percentage']:.1f}%</title></circle>"
        )
    parts.append(f'<polyline points="{" ".join(points)}" class="line"/>')
    parts.append(
        f'<text x="{50 + column * len(steps) / 2}" y="{plot_h + 56}" text-anchor="middle">step (from 0)</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
