"""The layering the package promises: the benchmark core and its domains import no pytest, the
simulator server imports nothing of the pytest layer (each checked by importing in a fresh interpreter,
because this test process has pytest loaded already), and no module imports from a higher layer or sits
in an import circle (read from the source with ast, imports inside functions included)."""

from __future__ import annotations

import ast
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


def module_names(
    root: Path, package: str, skip_folders: tuple[str, ...] = (), with_main: bool = False
) -> list[str]:
    """Every module under ``root``; ``__main__`` modules only
    with ``with_main`` (importing one must not run it)."""
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
    assert {
        "pytest_safeagent.core.metrics",
        "pytest_safeagent.gating.verdict",
        "pytest_safeagent.gating.resume",
        "pytest_safeagent.violations.loader",
        "pytest_safeagent.agents.planners.direct",
    } <= set(core)
    assert not [name for name in core if name.split(".")[1:2] in (["plugin"], ["cli"])]
    assert {"thor_server.symbolic.world", "thor_server.__main__"} <= set(
        module_names(SERVER_ROOT, "thor_server", with_main=True)
    )


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
    assert [
        name for name in loaded if name.startswith(("pytest_safeagent.plugin", "pytest_safeagent.cli"))
    ] == []


def test_the_probe_sees_pytest_when_it_is_imported():
    assert "pytest" in pytest_modules(modules_loaded_by(["pytest_safeagent.plugin.hooks"]))


# The layer order docs/architecture.md states, lowest first. A module may import from its own folder
# and from lower layers only; folders on one layer do not import each other. Entries are folders of
# pytest_safeagent, the package's own top modules (its __init__, protocols.py), and the thor_server
# package. Imports under ``if TYPE_CHECKING:`` never run and may name a type from any layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("pytest_safeagent", "pytest_safeagent.protocols"),
    ("pytest_safeagent.core", "pytest_safeagent.net"),
    ("pytest_safeagent.dataset", "pytest_safeagent.reportfile"),
    ("pytest_safeagent.pinned",),
    ("pytest_safeagent.models", "pytest_safeagent.simulator", "pytest_safeagent.upstream"),
    ("pytest_safeagent.judges", "pytest_safeagent.agents", "thor_server"),
    ("pytest_safeagent.gating", "pytest_safeagent.violations"),
    ("pytest_safeagent.reporting",),
    ("pytest_safeagent.runner", "pytest_safeagent.sharding"),
    ("pytest_safeagent.plugin",),
    ("pytest_safeagent.cli",),  # the commands read the plugin's option table (plugin/options.py)
)
ENTRY_POINTS = ("__main__",)  # ``python -m`` entry points sit above everything (nothing imports them)


def unit_of(module: str) -> str:
    """The LAYERS entry ``module`` belongs to (the longest that is it or a package above it)."""
    entries = [entry for layer in LAYERS for entry in layer]
    matches = [e for e in entries if module == e or module.startswith(e + ".")]
    return max(matches, key=len)


def level_of(module: str) -> float:
    if module.rsplit(".", 1)[-1] in ENTRY_POINTS:
        return float("inf")
    unit = unit_of(module)
    return next(index for index, layer in enumerate(LAYERS) if unit in layer)


def _runs(node: ast.AST) -> bool:
    """False for an ``if TYPE_CHECKING:`` block (its imports are for the type checker only)."""
    test = node.test if isinstance(node, ast.If) else None
    return not (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")


def imports_of(path: Path, module: str, is_package: bool) -> set[str]:
    """Every module of ours that ``path`` imports when it runs, at the top or inside functions."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if not _runs(node):
            for child in node.orelse if isinstance(node, ast.If) else ():
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{alias.name}" for alias in node.names)  # ``from package import module``
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return {name for name in found if name.split(".")[0] in ("pytest_safeagent", "thor_server")}


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of ours it imports (names that are not modules, such as a class
    imported from a package, are dropped)."""
    sources: dict[str, tuple[Path, bool]] = {}
    for root, package in ((PACKAGE_ROOT, "pytest_safeagent"), (SERVER_ROOT, "thor_server")):
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            is_package = parts[-1] == "__init__"
            name = ".".join((package, *(parts[:-1] if is_package else parts)))
            sources[name] = (path, is_package)
    return {
        name: {
            target
            for target in imports_of(path, name, is_package)
            if target in sources and not (name + ".").startswith(target + ".")
        }  # its own packages load first anyway
        for name, (path, is_package) in sources.items()
    }


def test_every_module_sits_on_a_layer():
    graph = import_graph()
    assert {"pytest_safeagent.runner.play", "pytest_safeagent.protocols", "thor_server.app"} <= set(graph)
    for module in graph:
        level_of(module)  # raises when a new folder is on no layer


def test_no_module_imports_from_a_higher_layer_or_a_sibling_folder():
    upward = []
    for module, targets in import_graph().items():
        for target in targets:
            same_unit = unit_of(module) == unit_of(target)
            if not same_unit and level_of(target) >= level_of(module):
                upward.append(f"{module} -> {target}")
    assert upward == []


def test_no_import_circle_between_files():
    graph = import_graph()
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def walk(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append(path[path.index(target) :] + [target])
            elif target not in state:
                walk(target, path + [target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    assert circles == []


def test_the_checks_see_an_upward_import_and_a_circle(tmp_path):
    lower = tmp_path / "core_mod.py"
    lower.write_text(
        "import os\nfrom pytest_safeagent.plugin import hooks\n\ndef late():\n"
        "    from pytest_safeagent.runner.play import play\n"
        "if TYPE_CHECKING:\n    from pytest_safeagent.cli import main\n"
    )
    found = imports_of(lower, "pytest_safeagent.core.core_mod", is_package=False)
    assert {"pytest_safeagent.plugin.hooks", "pytest_safeagent.runner.play"} <= found
    assert not any(name.startswith("pytest_safeagent.cli") for name in found)
    assert level_of("pytest_safeagent.plugin.hooks") > level_of("pytest_safeagent.core.core_mod")
