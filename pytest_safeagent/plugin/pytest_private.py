"""Every use of pytest's private API, in one place, each with the public API that is missing.

pytest may change any of these in a release; tests/plugin/test_pytest_private.py exercises each one
against the installed pytest, and tox.ini runs the suite on the lowest and the highest pytest the
package declares (``tox -e pytest81,pytestlatest``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from _pytest._code.code import TerminalRepr


def fixture_scope(item: pytest.Item, name: str) -> tuple[str, str] | None:
    """(scope, where it is defined) of the fixture ``name`` as ``item`` would see it; None if undefined.

    Missing public API: looking up a fixture definition for a node (``Session._fixturemanager``).
    """
    definitions = item.session._fixturemanager.getfixturedefs(name, item) or ()
    if not definitions:
        return None
    return definitions[-1].scope, definitions[-1].baseid or "a plugin"


def fixture_request(item: pytest.Item) -> pytest.FixtureRequest:
    """A fixture request for a plain ``pytest.Item``, made the way pytest's own doctest items make theirs.

    Missing public API: a FixtureRequest for a non-function item (``_pytest.fixtures.TopRequest`` with
    ``_ispytest``, and the item's ``_fixtureinfo``, ``fixturenames`` and ``funcargs`` it reads; pytest
    8.1 reads ``fixturenames`` when a fixture asks for another through ``getfixturevalue``).
    """
    from _pytest.fixtures import TopRequest

    node: Any = item  # TopRequest is typed for Function items; it needs only these attributes
    node._fixtureinfo = item.session._fixturemanager.getfixtureinfo(node=item, func=None, cls=None)
    node.fixturenames = node._fixtureinfo.names_closure
    node.funcargs = {}
    return TopRequest(node, _ispytest=True)


def python_failure_repr(
    item: pytest.Item, excinfo: pytest.ExceptionInfo[BaseException], style: Any
) -> str | TerminalRepr:
    """pytest's own formatting of an exception raised in ``item`` (what ``Item._repr_failure_py`` gives).

    Missing public API: a hook or override point for a setup error's representation; pytest formats
    one through the private ``Node._repr_failure_py``, which the benchmark item overrides to skip the
    traceback of an item error (about 0.2 s an item).
    """
    return pytest.Item._repr_failure_py(item, excinfo, style)
