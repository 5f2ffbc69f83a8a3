"""The pytest shell's shape (docs/architecture.md, "The pytest layer"): at most ten modules, at most four
plugin objects registered in a run, one end-of-run summary in a fixed order, and one option table that the
plugin and the command-line tools both read."""

from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

import pytest

import pytest_safeagent.plugin
from pytest_safeagent.cli import compare, html, merge
from pytest_safeagent.plugin.options import CLI_FLAGS, OPTIONS, add_cli_option, cli_problem
from pytest_safeagent.plugin.run import SUMMARY_SECTIONS, BenchmarkRun

PLUGIN_DIR = Path(pytest_safeagent.plugin.__file__).parent


def test_the_shell_is_at_most_ten_modules_and_its_package_file_is_empty():
    modules = sorted(path.name for path in PLUGIN_DIR.glob("*.py") if path.name != "__init__.py")
    assert len(modules) <= 10, modules
    assert (PLUGIN_DIR / "__init__.py").read_text().strip() == ""


def test_one_terminal_summary_in_the_shell():
    found = [
        f"{path.name}:{node.lineno}"
        for path in PLUGIN_DIR.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef) and node.name == "pytest_terminal_summary"
    ]
    assert found == [f"run.py:{BenchmarkRun.pytest_terminal_summary.__code__.co_firstlineno + 1}"], found


def test_every_summary_section_is_written():
    assert all(callable(getattr(BenchmarkRun, f"_summary_{name}", None)) for name in SUMMARY_SECTIONS)


def test_a_run_registers_at_most_four_plugin_objects(pytester: pytest.Pytester):
    pytester.makeconftest(
        "import pytest_safeagent\n"
        "def pytest_sessionfinish(session):\n"
        "    names = [name for name, plugin in session.config.pluginmanager.list_name_plugin()\n"
        "             if name and name.startswith('safeagent-')]\n"
        "    print('REGISTERED', sorted(names))\n"
    )
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "-s",
        "--sab-model=builtin/reference",
        "--sab-task-type=long_horizon",
        "--sab-max-cost=1",
        "--sab-shard=1/2",
        "--sab-report=r.json",
    )
    line = next(line[line.index("REGISTERED") :] for line in result.outlines if "REGISTERED" in line)
    assert line == "REGISTERED ['safeagent-fixtures', 'safeagent-play-ahead', 'safeagent-run']"


def test_the_shard_line_sits_inside_the_summary(pytester: pytest.Pytester):
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-task-type=long_horizon",
        "--sab-shard=1/2",
        "--sab-log=run.jsonl",
    )
    lines = result.outlines
    header = next(i for i, line in enumerate(lines) if "SafeAgentBench summary" in line)
    shard = next(i for i, line in enumerate(lines) if line.startswith("safeagent: shard 1/2: "))
    log = next(i for i, line in enumerate(lines) if "SafeAgentBench results log" in line)
    where = next(i for i, line in enumerate(lines) if "where to look" in line)
    assert header < shard < log < where, lines


@pytest.mark.parametrize("option", sorted(CLI_FLAGS))
def test_the_commands_declare_the_shared_options_from_the_table(option):
    for module in (compare, merge):
        if module is compare and option == "--sab-baseline":
            continue  # compare's baseline is its first report
        actions = {flag: action for action in module._parser()._actions for flag in action.option_strings}
        flag = CLI_FLAGS[option] if not (module is compare and option == "--sab-force-compare") else "--force"
        action = actions[flag]
        entry = OPTIONS[option]
        assert action.metavar == entry.metavar
        if isinstance(entry.default, (int, float)) and not isinstance(entry.default, bool):
            assert action.default == entry.default


def test_the_html_command_takes_alpha_from_the_table():
    action = next(a for a in html._parser()._actions if "--alpha" in a.option_strings)
    assert action.metavar == OPTIONS["--sab-regression-alpha"].metavar and action.default is None


def test_the_ranges_are_the_plugin_options():
    parser = argparse.ArgumentParser()
    for option in ("--sab-max-regression", "--sab-regression-alpha", "--sab-gate-min-items"):
        add_cli_option(parser, option)
    checked = ("--sab-max-regression", "--sab-regression-alpha", "--sab-gate-min-items")
    assert cli_problem(parser.parse_args([]), *checked) is None
    assert cli_problem(parser.parse_args(["--alpha", "1"]), *checked) is None
    assert cli_problem(parser.parse_args(["--max-regression", "100.5"]), *checked) == (
        "--max-regression 100.5: must be between 0 and 100"
    )
    assert (
        cli_problem(parser.parse_args(["--alpha", "0"]), *checked)
        == "--alpha 0: must be above 0 and at most 1"
    )


def test_the_commands_do_not_load_pytest():
    probe = (
        "import sys, pytest_safeagent.cli.compare, pytest_safeagent.cli.merge, pytest_safeagent.cli.html\n"
    )
    probe += "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pytest', '_pytest')))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
