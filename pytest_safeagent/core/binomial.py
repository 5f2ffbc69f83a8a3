"""Small, exact statistics the summary and the gates rely on."""

from __future__ import annotations

import math

Z_95 = 1.959963984540054


def wilson_interval(successes: int, total: int, z: float = Z_95) -> tuple[float, float] | None:
    """95% Wilson score interval of a proportion; None when there is nothing to estimate."""
    if total <= 0:
        return None
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    margin = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


def _binomial_half_tail(k: int, n: int) -> float:
    """P(X <= k) for X ~ Binomial(n, 1/2), exact (integer arithmetic, then one division)."""
    return sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)  # 1 << n is 2**n, typed as an int


def mcnemar_exact(worse: int, better: int) -> float:
    """Two-sided exact McNemar p-value for paired binary outcomes.

    ``worse`` and ``better`` are the discordant pairs (items that went from good to bad and from
    bad to good). Under no change each discordant pair is a fair coin, so the p-value is the
    two-sided binomial tail at the smaller count. Exact at any size, so no large-sample rule is needed.
    """
    if worse < 0 or better < 0:
        raise ValueError("discordant counts must be non-negative")
    n = worse + better
    if n == 0:
        return 1.0
    return min(1.0, 2 * _binomial_half_tail(min(worse, better), n))
