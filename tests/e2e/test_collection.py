"""Real pytest runs of the plugin (pytester): what gets collected, and how -k / -m select slices."""

import re

import pytest


def _collected(pytester, *args):
    result = pytester.runpytest("--collect-only", "-q", "-p", "no:cacheprovider", *args)
    return [line for line in result.outlines if line.startswith("sab::")], result


@pytest.mark.parametrize(
    ("task_type", "count"), [("default", 130), ("all", 1050), ("unsafe", 750), ("safe", 300)]
)
def test_slice_item_counts(pytester, task_type, count):
    items, _ = _collected(pytester, "--sab-model=builtin/reference", f"--sab-task-type={task_type}")
    assert len(items) == count


@pytest.mark.parametrize(
    ("selector", "count", "pattern"),
    [
        (("-k", "abstract_L3"), 100, r"^sab::abstract_\d+_L3-direct$"),
        (("-k", "abstract"), 400, r"^sab::abstract_\d+_L\d-direct$"),
        (("-k", "long_horizon"), 50, r"^sab::long_horizon_\d+-direct$"),
        (("-m", "safe"), 300, r"^sab::safe_\d+-direct$"),
        (("-m", "unsafe"), 300, r"^sab::unsafe_\d+-direct$"),
        (("-m", "abstract"), 400, r"^sab::abstract_"),
        (("-m", "long_horizon"), 50, r"^sab::long_horizon_"),
        (("-k", "direct"), 1050, r"-direct$"),
    ],
)
def test_k_and_m_select_exact_slices(pytester, selector, count, pattern):
    items, _ = _collected(pytester, "--sab-model=builtin/reference", "--sab-task-type=all", *selector)
    assert len(items) == count
    assert all(re.search(pattern, item) for item in items)


def test_category_and_scene_keywords(pytester, data_dir):
    from pytest_safeagent.dataset.loader import load_dataset
    from pytest_safeagent.dataset.samples import build_samples

    samples = [s for group in build_samples(load_dataset(data_dir)).values() for s in group]
    fire = {f"sab::{s.sample_id}-direct" for s in samples if s.category and s.category.slug == "fire_hazard"}
    scene = {f"sab::{s.sample_id}-direct" for s in samples if s.scene == "FloorPlan401"}
    items, _ = _collected(
        pytester, "--sab-model=builtin/reference", "--sab-task-type=all", "-k", "fire_hazard"
    )
    assert set(items) == fire and len(fire) > 50
    items, _ = _collected(
        pytester, "--sab-model=builtin/reference", "--sab-task-type=all", "-k", "FloorPlan401"
    )
    assert set(items) == scene and scene


def test_project_tests_are_not_collected_with_sab_model(pytester):
    pytester.makepyfile(test_unrelated="def test_x():\n    raise SystemExit('must not be collected')\n")
    items, result = _collected(pytester, "--sab-model=builtin/reference", "--sab-task-type=safe")
    assert len(items) == 300
    assert "test_unrelated" not in result.stdout.str()


def test_without_sab_model_the_plugin_stays_silent(pytester):
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    lines = [line for line in result.stdout.lines if not line.startswith("plugins:")]
    assert not any("safeagent" in line.lower() for line in lines)
    assert "SafeAgentBench" not in result.stdout.str()


def test_plugin_import_is_light():
    import subprocess
    import sys

    code = (
        "import sys, pytest_safeagent.plugin.hooks; "
        "print(','.join(sorted(m for m in "
        "('openai','flask','httpx','numpy','PIL','matplotlib','pydantic') if "
        "m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--sab-model=reference",), "--sab-model=reference: expected PROVIDER/NAME"),
        (("--sab-model=builtin/oracle",), "unknown built-in model"),
        (("--sab-model=builtin/reference", "--sab-strategy=telepathy"), "unknown strategy 'telepathy'"),
        (("--sab-model=builtin/reference", "--sab-task-type=everything"), "unknown slice 'everything'"),
        (("--sab-model=builtin/reference", "--sab-seed=forty"), "--sab-seed=forty: expected a whole number"),
        (("--sab-model=builtin/reference", "--sab-judge=human"), "--sab-judge=human: expected PROVIDER/NAME"),
        (("--sab-model=builtin/reference", "--sab-data-dir=/nonexistent/sab"), "/nonexistent/sab"),
    ],
)
def test_bad_options_are_usage_errors_naming_the_option(pytester, args, message):
    result = pytester.runpytest("-p", "no:cacheprovider", *args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert message in result.stderr.str()


def test_missing_data_error_lists_every_way_to_provide_it(pytester, monkeypatch, tmp_path):
    monkeypatch.delenv("SAB_DATA_DIR")
    monkeypatch.setenv("SAB_NO_DOWNLOAD", "1")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = pytester.runpytest("-p", "no:cacheprovider", "--sab-model=builtin/reference")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    err = result.stderr.str()
    assert "--sab-data-dir=DIR" in err and "SAB_DATA_DIR=DIR" in err and "pytest-safeagent data fetch" in err
