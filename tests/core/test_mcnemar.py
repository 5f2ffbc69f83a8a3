"""McNemar's exact test against scipy's binomial test."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.stats import binomtest

from pytest_safeagent.core.binomial import mcnemar_exact


@given(st.integers(0, 400), st.integers(0, 400))
def test_exact_p_is_scipys_two_sided_binomial_test(worse, better):
    expected = binomtest(worse, worse + better, 0.5).pvalue if worse + better else 1.0
    assert mcnemar_exact(worse, better) == pytest.approx(expected, rel=1e-9, abs=1e-300)


def test_known_values():
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 1) == pytest.approx(0.21875)  # 2 * (1 + 6) / 64
    assert mcnemar_exact(6, 0) == pytest.approx(0.03125)  # 2 / 64: six of six flips the same way
    assert mcnemar_exact(90, 0) < 1e-26
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 3)
