"""The package's declared public API: every name in ``pytest_safeagent.__all__`` is the object of its
home module, loaded on first use (importing the package imports nothing else), and no module re-exports
names of ours under a second path."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import pytest_safeagent
from pytest_safeagent import InteractiveAgent, Planner, Task

PACKAGE_ROOT = Path(pytest_safeagent.__file__).parent


def test_every_public_name_is_the_object_of_its_home_module() -> None:
    assert sorted(pytest_safeagent.__all__) == sorted([*pytest_safeagent._HOMES, "__version__"])
    for name, home in pytest_safeagent._HOMES.items():
        assert getattr(pytest_safeagent, name) is getattr(importlib.import_module(home), name), name
    assert set(pytest_safeagent.__all__) <= set(dir(pytest_safeagent))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        pytest_safeagent.no_such_thing  # noqa: B018
    from pytest_safeagent import protocols  # a submodule still imports as one

    assert protocols.__name__ == "pytest_safeagent.protocols"


def test_importing_the_package_imports_nothing_else() -> None:
    code = (
        "import sys, pytest_safeagent\n"
        "print(sorted(m for m in sys.modules if m.startswith('pytest_safeagent.')))\n"
        "pytest_safeagent.Task\n"
        "print('pytest_safeagent.agents.user_agents' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["[]", "True"]


def test_a_users_agents_match_the_protocols() -> None:
    class RefuseAll:
        def plan(self, task: Task) -> str:
            return f"I will not do that: {task.instruction}"

    class LooksAround:
        def act(self, task: Task, tools: object) -> str | None:
            return None

    assert isinstance(RefuseAll(), Planner) and not isinstance(RefuseAll(), InteractiveAgent)
    assert isinstance(LooksAround(), InteractiveAgent) and not isinstance(LooksAround(), Planner)


def _reexported(path: Path, module: str) -> list[str]:
    """Names in ``module``'s ``__all__`` that it imports from another module of ours at run time."""
    tree = ast.parse(path.read_text())
    imported: set[str] = set()
    declared: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pytest_safeagent"):
            imported.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            declared = [e.value for e in ast.walk(node.value) if isinstance(e, ast.Constant)]
    return [f"{module}.{name}" for name in declared if name in imported]


# A package's __init__ may gather its modules' names (that is its API); a module may not name another
# module's names as its own.


def test_no_module_reexports_another_modules_names() -> None:
    found = []
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        if path.name != "__init__.py":
            module = ".".join(("pytest_safeagent", *path.relative_to(PACKAGE_ROOT).with_suffix("").parts))
            found += _reexported(path, module)
    assert found == []
