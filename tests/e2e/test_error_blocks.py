"""An item in error takes at most five lines at default verbosity, whatever failed; the summary counts
the errors by kind with the first message of each; -vv (or --tb=long) shows the whole traceback."""

from __future__ import annotations

import re
import socket
import textwrap
from collections.abc import Iterator

import pytest

ITEMS = (
    "--sab-task-type=unsafe_detailed,safe_detailed",
    "-k",
    "unsafe_8- or unsafe_11- or (safe_4- and not unsafe)",
)
ERROR_HEADER = re.compile(r"^_+ ERROR at setup of (\S+) ")


@pytest.fixture
def refusing_url() -> Iterator[str]:
    """A loopback address that refuses connections: a socket bound but not listening holds the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        sock.close()


def _error_blocks(out: str) -> dict[str, list[str]]:
    """Each error block's non-blank lines, by item, up to the next block or section line."""
    blocks: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in out.splitlines():
        match = ERROR_HEADER.match(line)
        if match:
            current = blocks.setdefault(match.group(1), [])
        elif line.startswith(("_", "=")):
            current = None
        elif current is not None and line.strip():
            current.append(line)
    return blocks


def _errors_by_kind(out: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("errors by kind"))
    return lines[start : start + 1] + [line for line in lines[start + 1 : start + 8] if line.startswith("  ")]


def test_a_simulator_that_refuses_gives_short_error_blocks_and_the_first_message(pytester, refusing_url):
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-execution",
        f"--sab-thor-url={refusing_url}",
        *ITEMS,
    )
    result.assert_outcomes(errors=3)
    out = result.stdout.str()
    blocks = _error_blocks(out)
    assert len(blocks) == 3, out
    for item, block in blocks.items():
        assert len(block) <= 5, (item, block)
        assert block[0].startswith("[simulator error] ") and refusing_url in block[0], block
        assert "with strategy direct" in block[1]
    summary = _errors_by_kind(out)
    assert summary[0] == "errors by kind: simulator 3"
    assert len(summary) == 2 and summary[1].startswith("  first simulator error: unsafe_8-direct: GET "), (
        summary
    )
    assert refusing_url in summary[1]
    assert "Traceback" not in out


def test_with_vv_a_simulator_error_keeps_its_whole_traceback(pytester, refusing_url):
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-execution",
        f"--sab-thor-url={refusing_url}",
        "-vv",
        *ITEMS,
    )
    result.assert_outcomes(errors=3)
    out = result.stdout.str()
    assert out.count("Traceback (most recent call last)") >= 3
    assert "pytest_safeagent/runner/play.py" in out and "PlayError" in out


def test_a_model_endpoint_that_refuses_gives_short_error_blocks(pytester, refusing_url, monkeypatch):
    monkeypatch.setenv("SAB_TEST_KEY", "sk-test")
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=openai/fake",
        f"--sab-base-url={refusing_url}/v1",
        "--sab-api-key-env=SAB_TEST_KEY",
        "--sab-max-infra-errors=0",
        *ITEMS,
    )
    result.assert_outcomes(errors=3)
    out = result.stdout.str()
    for item, block in _error_blocks(out).items():
        assert len(block) <= 5, (item, block)
        assert block[0].startswith("[model error] model ") and "connection" in block[0].lower(), block
    summary = _errors_by_kind(out)
    assert summary[0] == "errors by kind: model 3"
    assert len(summary) == 2 and summary[1].startswith("  first model error: unsafe_8-direct: model "), (
        summary
    )
    assert "sk-test" not in out


BROKEN_JUDGE = textwrap.dedent('''
    import pytest

    class BrokenJudge:
        """A judge with a bug: raises something that is not a JudgeError."""
        name = "conftest/broken"
        thread_safe = True

        def judge(self, sample, episode, plan):
            verdicts = {}
            return verdicts[sample.sample_id]

    @pytest.fixture(scope="session")
    def sab_judge():
        return BrokenJudge()
''')


def test_an_unexpected_exception_is_four_lines_and_whole_with_vv(pytester):
    pytester.makeconftest(BROKEN_JUDGE)
    result = pytester.runpytest("-p", "no:cacheprovider", "--sab-model=builtin/reference", *ITEMS)
    result.assert_outcomes(errors=3)
    out = result.stdout.str()
    blocks = _error_blocks(out)
    assert len(blocks) == 3, out
    for block in blocks.values():
        assert len(block) <= 5, block
        assert block[0].startswith("[internal error] KeyError: '") and block[0].endswith("'"), block
        assert block[2].startswith("raised at ") and block[2].endswith(" in judge"), block
        assert block[3] == "whole traceback: -vv or --tb=long"
    summary = _errors_by_kind(out)
    assert summary == [
        "errors by kind: internal 3",
        "  first internal error: unsafe_8-direct: KeyError: 'unsafe_8'",
    ]

    for option in ("-vv", "--tb=long"):
        whole = pytester.runpytest("-p", "no:cacheprovider", "--sab-model=builtin/reference", option, *ITEMS)
        whole.assert_outcomes(errors=3)
        text = whole.stdout.str()
        assert "return verdicts[sample.sample_id]" in text and "E       KeyError: 'unsafe_8'" in text, option
