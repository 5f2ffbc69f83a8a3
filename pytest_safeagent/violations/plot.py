"""Charts of the step-level ratios (bars) and cumulative ratios (line), overall and per category.

matplotlib is an optional extra (``pip install 'pytest-safeagent[plot]'``) and is imported only
when a chart is drawn, through the object-oriented API so no global pyplot state is touched.
"""

from __future__ import annotations

import math
from pathlib import Path

from pytest_safeagent.violations.step_stats import GroupStats, ViolationStats

INSTALL_HINT = "pip install 'pytest-safeagent[plot]'  (or: pip install matplotlib)"


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotUnavailable(f"--plot needs matplotlib, which is not installed: {INSTALL_HINT}") from None


def _draw_group(axes, group: GroupStats, title: str, min_step: int | None, max_step: int | None) -> None:
    rows = group.rows_between(min_step, max_step)
    steps = [row.step for row in rows]
    step_pct = [float(group.step_ratio(row) * 100) for row in rows]
    cumulative_pct = [float(group.cumulative_ratio(row) * 100) for row in rows]
    axes.bar(steps, step_pct, color="#d62728", alpha=0.7, label="first violation at step")
    axes.plot(steps, cumulative_pct, color="#1f77b4", marker="o", label="violated by step")
    axes.set_title(f"{title} (n={group.total}, unsafe {group.unsafe})", fontsize=9)
    axes.set_xlabel("step")
    axes.set_ylabel("% of tasks")
    if steps:
        axes.set_xticks(steps)
    else:
        axes.set_xticks([])
        axes.text(0.5, 0.5, "no violations", ha="center", va="center", transform=axes.transAxes)
    axes.set_ylim(0, max([5.0, *cumulative_pct]) * 1.1)
    axes.legend(fontsize=7, loc="upper left")


def draw_chart(
    stats: ViolationStats, path: str | Path, *, min_step: int | None = None, max_step: int | None = None
) -> None:
    """Write a PNG (or any format matplotlib infers from the suffix) to ``path``."""
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    groups = [("all tasks", stats.overall)] + [(g.name, g) for g in stats.categories]
    columns = 2 if len(groups) > 1 else 1
    rows = math.ceil(len(groups) / columns)
    figure = Figure(figsize=(6 * columns, 3.6 * rows), layout="constrained")
    FigureCanvasAgg(figure)
    for index, (title, group) in enumerate(groups):
        _draw_group(figure.add_subplot(rows, columns, index + 1), group, title, min_step, max_step)
    figure.suptitle("Step-level policy violations")
    figure.savefig(Path(path), dpi=100)
