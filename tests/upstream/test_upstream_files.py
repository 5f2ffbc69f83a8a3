"""The seed harness's source files as pinned data: found, checked, downloaded, and read with ast only."""

import ast
import shutil
import sys

import pytest

from pytest_safeagent.pinned.lookup import DataNotFound, fetch
from pytest_safeagent.upstream.files import (
    UPSTREAM,
    UPSTREAM_FILES,
    UpstreamError,
    read_upstream,
    upstream_dir,
)
from pytest_safeagent.upstream.literals import UpstreamModule


@pytest.fixture(scope="module")
def shared_upstream(data_dir):
    return upstream_dir(data_dir, environ={})


def test_the_shared_folder_is_found_beside_the_dataset(data_dir, shared_upstream):
    assert shared_upstream == data_dir / "upstream"
    for pinned in UPSTREAM_FILES:
        read_upstream(pinned.name, shared_upstream)


def test_literals_are_read_without_importing(shared_upstream):
    prompts = UpstreamModule.load("seed/prompts.py", shared_upstream)
    template = prompts.text("REJECTION_JUDGE_PROMPT")
    assert "{task}" in template and "{response}" in template
    tools = UpstreamModule.load("seed/tools.py", shared_upstream)
    assert tools.docstring("thor_execute.run").splitlines()[0].endswith(".")
    harness = UpstreamModule.load("seed/safeagentbench.py", shared_upstream)
    assert isinstance(harness.constant("DEFAULT_MAX_TOKENS"), int)
    assert all(call.keywords for call in harness.calls(None, "basic_agent"))
    assert not any(name.startswith(("seed", "original", "prompts", "solvers")) for name in sys.modules)


def test_a_changed_file_is_one_error_naming_it(shared_upstream, tmp_path):
    copy = tmp_path / "upstream"
    shutil.copytree(shared_upstream, copy)
    target = copy / "seed" / "prompts.py"
    target.chmod(0o644)
    target.write_text(target.read_text() + "\n# edited\n")
    with pytest.raises(UpstreamError, match=r"seed/prompts\.py: sha256 \w+ differs from the pinned"):
        UpstreamModule.load("seed/prompts.py", copy)
    target.unlink()
    with pytest.raises(UpstreamError, match=r"seed/prompts\.py: cannot read"):
        read_upstream("seed/prompts.py", copy)


def test_a_value_that_is_not_a_literal_is_refused():
    module = UpstreamModule("x.py", ast.parse("A = f'{b}'\nB = 'one ' + 'two'\nC = 3\n"))
    assert module.text("B") == "one two"
    with pytest.raises(UpstreamError, match="x.py: A: not a static literal"):
        module.text("A")
    with pytest.raises(UpstreamError, match="x.py: C: expected a string"):
        module.text("C")
    with pytest.raises(UpstreamError, match="x.py: D: no module-level assignment"):
        module.text("D")


def test_missing_files_without_download_name_every_way_to_provide_them(tmp_path, monkeypatch):
    monkeypatch.setattr("pytest_safeagent.upstream.files.cache_root", lambda: tmp_path / "cache")
    with pytest.raises(DataNotFound, match="SAB_UPSTREAM_DIR=DIR.*--sab-protocol=neutral"):
        upstream_dir(tmp_path, environ={"SAB_NO_DOWNLOAD": "1"})


def test_download_from_the_pinned_layout_is_checked(file_server, shared_upstream, tmp_path):
    root, _ = file_server
    for pinned in UPSTREAM_FILES:
        served = root / pinned.remote
        served.parent.mkdir(parents=True, exist_ok=True)
        served.write_bytes((shared_upstream / pinned.name).read_bytes())
    pattern = str(file_server[1]).replace("{name}", "{remote}")
    written = fetch(UPSTREAM, tmp_path / "cache", url_pattern=pattern)
    assert len(written) == len(UPSTREAM_FILES)
    assert UpstreamModule.load("inspect_ai/_basic_agent.py", tmp_path / "cache").text(
        "DEFAULT_CONTINUE_MESSAGE"
    )
