"""gating/verdict.py keeps its own exit statuses so that it imports no pytest; they must be pytest's."""

import pytest

from pytest_safeagent.gating.verdict import ExitStatus, RunVerdict


def test_exit_statuses_have_pytests_values():
    for status in ExitStatus:
        assert status == pytest.ExitCode[status.name]


@pytest.mark.parametrize(
    ("verdict", "pytest_status", "expected"),
    [
        (RunVerdict(), pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.OK),
        (RunVerdict(failures=["1 gate failed"]), pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED),
        (RunVerdict(interrupted=True), pytest.ExitCode.OK, pytest.ExitCode.INTERRUPTED),
        (RunVerdict(), pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.USAGE_ERROR),
        (RunVerdict(), pytest.ExitCode.INTERNAL_ERROR, pytest.ExitCode.INTERNAL_ERROR),
    ],
)
def test_the_verdict_decides_the_exit_status(verdict, pytest_status, expected):
    assert verdict.exit_status(pytest_status) == expected
