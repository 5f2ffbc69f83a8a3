"""Each use of pytest's private API (plugin/pytest_private.py), exercised against the installed pytest.

A pytest release that renames or reshapes one of them fails here first, with the shim's name, rather
than somewhere inside a benchmark run. tox.ini runs this on the lowest and the highest pytest allowed.
"""

from __future__ import annotations

import pytest

CONFTEST = """
import pytest

from pytest_safeagent.plugin.pytest_private import fixture_request, fixture_scope, python_failure_repr


@pytest.fixture(scope="session")
def shared_part():
    return "resolved once"


@pytest.fixture
def per_test_part():
    return "per test"


@pytest.fixture(scope="session")
def base_part():
    return "base"


@pytest.fixture(scope="session")
def part_built_from_another(base_part):  # as sab_agent is built from sab_model
    return base_part + ", then built on"


class PlainItem(pytest.Item):
    def runtest(self):
        assert fixture_scope(self, "shared_part")[0] == "session"
        assert fixture_scope(self, "per_test_part")[0] == "function"
        assert fixture_scope(self, "no_such_fixture") is None
        request = fixture_request(self)
        assert request.getfixturevalue("part_built_from_another") == "base, then built on"
        assert request.getfixturevalue("shared_part") == "resolved once"
        try:
            raise ValueError("boom")
        except ValueError:
            shown = python_failure_repr(self, pytest.ExceptionInfo.from_current(), "short")
        assert "ValueError: boom" in str(shown)


class PlainCollector(pytest.Collector):
    def collect(self):
        yield PlainItem.from_parent(self, name="plain")


def pytest_collect_file(file_path, parent):
    if file_path.name == "items.plain":
        return PlainCollector.from_parent(parent, name=file_path.name, path=file_path)
"""


def test_every_private_api_shim_works_on_this_pytest(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.path.joinpath("items.plain").write_text("")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "items.plain")
    result.assert_outcomes(passed=1)
