"""Downloading the pinned files from a real HTTP server on 127.0.0.1, and the lookup order."""

import socket
import subprocess
import sys

import pytest

from pytest_safeagent.pinned.lookup import DATASET, DataNotFound, FetchError, fetch, resolve_data_dir


def _serve_dataset(root, data_dir):
    for source in data_dir.glob("*.jsonl"):
        (root / source.name).write_bytes(source.read_bytes())


def test_fetch_downloads_and_verifies(file_server, data_dir, tmp_path):
    root, pattern = file_server
    _serve_dataset(root, data_dir)
    lines = []
    written = fetch(DATASET, tmp_path / "cache", url_pattern=pattern, report=lines.append)
    assert sorted(p.name for p in written) == sorted(f.name for f in DATASET.files)
    for pinned in DATASET.files:
        assert (tmp_path / "cache" / pinned.name).read_bytes() == (data_dir / pinned.name).read_bytes()
    assert all("sha256 ok" in line for line in lines)
    again = []
    fetch(DATASET, tmp_path / "cache", url_pattern=pattern, report=again.append)
    assert all("already present" in line for line in again)


def test_checksum_mismatch_leaves_nothing_behind(file_server, data_dir, tmp_path):
    root, pattern = file_server
    _serve_dataset(root, data_dir)
    tampered = root / "safe_detailed_1009.jsonl"
    tampered.write_bytes(tampered.read_bytes().replace(b"Cabinet", b"Cupboard", 1))
    target = tmp_path / "cache"
    with pytest.raises(FetchError, match="safe_detailed_1009.jsonl: sha256 .* does not match the pinned"):
        fetch(DATASET, target, url_pattern=pattern)
    assert not (target / "safe_detailed_1009.jsonl").exists()
    assert not list(target.glob(".*.part"))


def test_missing_file_on_server_is_named(file_server, tmp_path):
    _, pattern = file_server
    with pytest.raises(FetchError, match="could not download .*unsafe_detailed_1009.jsonl.*404"):
        fetch(DATASET, tmp_path / "cache", url_pattern=pattern)


def test_no_network_is_a_clear_error(tmp_path):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(
        FetchError, match="could not download .* Check the network, or point --sab-data-dir / SAB_DATA_DIR"
    ):
        fetch(DATASET, tmp_path / "cache", url_pattern=f"http://127.0.0.1:{port}/{{name}}", timeout=5)


def test_lookup_order_option_then_environment(data_dir, tmp_path):
    assert resolve_data_dir(DATASET, str(data_dir), {"SAB_DATA_DIR": "/elsewhere"}) == data_dir
    assert resolve_data_dir(DATASET, None, {"SAB_DATA_DIR": str(data_dir)}) == data_dir
    with pytest.raises(DataNotFound, match="lacks unsafe_detailed_1009.jsonl"):
        resolve_data_dir(DATASET, str(tmp_path), {})


def test_cli_fetch_into_a_directory(file_server, data_dir, tmp_path):
    root, pattern = file_server
    _serve_dataset(root, data_dir)
    dest = tmp_path / "dest"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest_safeagent.cli.main",
            "data",
            "fetch",
            "--what",
            "dataset",
            "--dest",
            str(dest),
            "--base-url",
            pattern,
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert "SAB_DATA_DIR=" in out.stdout
    assert len(list(dest.glob("*.jsonl"))) == 4


def test_plugin_downloads_into_the_cache_when_nothing_is_configured(
    file_server, data_dir, pytester, monkeypatch, tmp_path
):
    root, pattern = file_server
    _serve_dataset(root, data_dir)
    monkeypatch.delenv("SAB_DATA_DIR")
    monkeypatch.delenv("SAB_NO_DOWNLOAD", raising=False)  # CI forbids downloads; this one is from 127.0.0.1
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("SAB_DATA_URL", pattern)
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/reference",
        "--sab-task-type=safe",
        "--collect-only",
        "-q",
        "--sab-protocol=neutral",
    )  # the dataset alone: no upstream files
    assert result.ret == 0, result.stderr.str()
    assert sum(line.startswith("sab::") for line in result.outlines) == 300
    assert len(list((tmp_path / "xdg" / "pytest-safeagent" / "safeagentbench").glob("*.jsonl"))) == 4
