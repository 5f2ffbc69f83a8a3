"""The layering the package promises: the benchmark core and its domains import no pytest, and the
simulator server imports nothing of the pytest layer. Each check imports in a fresh interpreter,
because this test process has pytest loaded already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest_safeagent
import thor_server

PACKAGE_ROOT = Path(pytest_safeagent.__file__).parent
SERVER_ROOT = Path(thor_server.__file__).parent
PYTEST_LAYER = ("plugin", "cli")  # the only folders that may import pytest
PROBE = """
import importlib, json, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(json.dumps(sorted(sys.modules)))
"""


def module_names(root: Path, package: str, skip_folders: tuple[str, ...] = (), with_main: bool = False) -> list[str]:
    """Every module under ``root``; ``__main__`` modules only with ``with_main`` (importing one must not run it)."""
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[0] in skip_folders or (parts[-1] == "__main__" and not with_main):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join((package, *parts)))
    return names


def modules_loaded_by(names: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *names], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def pytest_modules(loaded: list[str]) -> list[str]:
    return [name for name in loaded if name.split(".")[0] in ("pytest", "_pytest")]


def test_the_module_lists_cover_the_packages():
    core = module_names(PACKAGE_ROOT, "pytest_safeagent", PYTEST_LAYER)
    assert {"pytest_safeagent.core.metrics", "pytest_safeagent.gating.verdict", "pytest_safeagent.gating.resume",
            "pytest_safeagent.violations.loader", "pytest_safeagent.agents.planners.direct"} <= set(core)
    assert not [name for name in core if name.split(".")[1:2] in (["plugin"], ["cli"])]
    assert {"thor_server.symbolic.world", "thor_server.__main__"} <= set(module_names(SERVER_ROOT, "thor_server",
                                                                                      with_main=True))


def test_core_and_domains_import_no_pytest():
    names = [n for n in module_names(PACKAGE_ROOT, "pytest_safeagent", PYTEST_LAYER)]
    loaded = modules_loaded_by(names)
    assert set(names) <= set(loaded)
    assert pytest_modules(loaded) == []


def test_the_server_imports_nothing_of_the_pytest_layer():
    names = module_names(SERVER_ROOT, "thor_server", with_main=True)
    loaded = modules_loaded_by(names)
    assert set(names) <= set(loaded)
    assert pytest_modules(loaded) == []
    assert [name for name in loaded if name.startswith(("pytest_safeagent.plugin", "pytest_safeagent.cli"))] == []


def test_the_probe_sees_pytest_when_it_is_imported():
    assert "pytest" in pytest_modules(modules_loaded_by(["pytest_safeagent.plugin.hooks"]))
