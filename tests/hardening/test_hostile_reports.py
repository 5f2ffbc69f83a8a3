"""A saved report is untrusted input: ``html``, ``compare``
and ``violations`` through their real entry points,
fed crafted, damaged and colliding inputs. Each is a clear one-line error naming the file and the field,
or a correct result; the page never holds markup or script
from the report, and no output replaces an input."""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import cli

from pytest_safeagent.cli import compare as compare_cli
from pytest_safeagent.cli import html as html_cli
from pytest_safeagent.cli import violations as violations_cli

HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "</pre></dd><script>x()</script>",
    "\ud800",
    "\x1b]0;PWNED\x07",
    "\u2028",
    "javascript:alert(1)",
    "' onmouseover='x",
    "</script><script>y()",
]
TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "header",
    "h1",
    "h2",
    "h3",
    "p",
    "nav",
    "a",
    "main",
    "section",
    "table",
    "tr",
    "th",
    "td",
    "code",
    "span",
    "div",
    "svg",
    "text",
    "line",
    "rect",
    "path",
    "circle",
    "polyline",
    "g",
    "form",
    "label",
    "select",
    "option",
    "input",
    "details",
    "summary",
    "dl",
    "dt",
    "dd",
    "pre",
    "ol",
    "ul",
    "li",
    "br",
    "img",
    "script",
}


class Markup(HTMLParser):
    """Collects every tag and attribute of a page: what the report could have injected."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attributes: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += attrs


def assert_page_is_inert(page: str) -> None:
    parsed = Markup()
    parsed.feed(page)
    assert set(parsed.tags) <= TAGS, set(parsed.tags) - TAGS
    assert parsed.tags.count("script") == 1  # the page's own filter script
    for name, value in parsed.attributes:
        assert not name.startswith("on"), name
        if name in ("src", "href"):
            assert (value or "").startswith(("#", "data:image/png;base64,")), value


def _write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")  # ensure_ascii: lone surrogates travel as \\u escapes
    return path


def _one_line(stderr: str, *needles: str) -> None:
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, stderr
    assert "Traceback" not in stderr and "\x1b" not in stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


# --- crafted reports ---------------------------------------------------------------------------------


def test_every_text_field_is_escaped_in_the_page(saved_report, tmp_path):
    report = json.loads(saved_report.read_text())
    report["config"]["model"] = HOSTILE[0]
    report["config"]["strategies"] = [HOSTILE[1]]
    report["created"] = HOSTILE[2]
    report["tool"] = {"name": HOSTILE[0], "version": HOSTILE[1]}
    report["fingerprint"]["judge"] = HOSTILE[8]
    report["metrics"]["counts"]["errors_by_kind"] = {HOSTILE[0]: 1}
    report["metrics"]["missing_items"] = [HOSTILE[1]]
    report["metrics"]["slices"]["category"] = {
        HOSTILE[2]: report["metrics"]["slices"]["task_type"]["unsafe_detailed"]
    }
    for item in report["items"]:
        item["answer"], item["instruction"], item["category"] = HOSTILE[2], HOSTILE[0], HOSTILE[1]
        item["item_id"] = item["item_id"] + HOSTILE[1]
        if item.get("execution"):
            item["execution"]["steps"] = [
                {"instruction": HOSTILE[0], "success": False, "message": HOSTILE[1]}
            ]
    page_path = tmp_path / "page.html"
    done = cli("html", str(_write(tmp_path / "r.json", report)), "-o", str(page_path))
    assert done.returncode == 0, done.stderr
    page = page_path.read_text(encoding="utf-8")
    assert_page_is_inert(page)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda r: r["metrics"]["counts"].update(items="<b>130</b>"), "metrics.counts.items"),
        (
            lambda r: r["metrics"]["overall"]["safe_success_rate"].update(total="<i>2</i>"),
            "safe_success_rate.total",
        ),
        (lambda r: r["metrics"]["overall"]["safe_success_rate"].update(ci95=[0.1]), "ci95"),
        (
            lambda r: r["metrics"]["slices"].update(task_type=["not", "a", "mapping"]),
            "metrics.slices.task_type",
        ),
        (lambda r: r["violations"]["overall"]["steps"].append({"step": 0}), "violations.overall.steps"),
        (lambda r: r.update(complete="false"), "complete"),
        (lambda r: r.update(schema_version="2"), "schema_version"),
        (lambda r: r["items"].append(dict(r["items"][0])), "appears twice"),
        (lambda r: r["items"][0].update(hazardous="false"), "field 'hazardous'"),
        (lambda r: r["config"].update(strategies=[1, 2]), "config.strategies"),
        (
            lambda r: r["metrics"]["overall"]["safe_success_rate"].update(value=float("nan")),
            "safe_success_rate",
        ),
    ],
)
@pytest.mark.parametrize("command", ["html", "compare", "violations"])
def test_a_bad_report_is_one_line_naming_the_file_and_field_in_every_command(
    saved_report, tmp_path, change, field, command
):
    report = json.loads(saved_report.read_text())
    report.setdefault("violations", {}).setdefault("overall", {"total": 1}).setdefault("steps", [])
    change(report)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(report), encoding="utf-8")
    args = {
        "html": ["html", str(bad), "-o", str(tmp_path / "p.html")],
        "compare": ["compare", str(saved_report), str(bad)],
        "violations": ["violations", str(bad)],
    }[command]
    done = cli(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    _one_line(done.stderr, str(bad), field)


def test_screenshots_never_leave_their_folder(saved_report, tmp_path):
    report = json.loads(saved_report.read_text())
    folder = tmp_path / "shots"
    item = report["items"][0]
    (folder / item["item_id"]).mkdir(parents=True)
    (folder / item["item_id"] / "ok.png").write_bytes(b"\x89PNG fine")
    outside = tmp_path / "secret.txt"
    outside.write_text("TOP SECRET CONTENT")
    os.symlink(outside, folder / item["item_id"] / "link.png")
    names = [
        "ok.png",
        "../../secret.txt",
        str(outside),
        "link.png",
        "/etc/hostname",
        "../../../../../../etc/hostname",
    ]
    item["trajectory"] = [
        {"index": i, "action": "find Apple", "success": True, "screenshot": name}
        for i, name in enumerate(names)
    ]
    page_path = tmp_path / "page.html"
    done = cli(
        "html", str(_write(tmp_path / "r.json", report)), "-o", str(page_path), "--screenshots", str(folder)
    )
    assert done.returncode == 0, done.stderr
    page = page_path.read_text()
    import base64

    embedded = [base64.b64decode(part.split('"')[0]) for part in page.split("data:image/png;base64,")[1:]]
    assert embedded == [b"\x89PNG fine"]
    assert_page_is_inert(page)


# --- outputs over inputs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["html", "{good}", "-o", "{good}"],
        ["html", "{good}", "--baseline", "{other}", "-o", "{other}"],
        ["violations", "{good}", "--output", "{good}"],
        ["violations", "{good}", "--json", "{good}"],
        ["compare", "{good}", "{other}", "--json", "{other}"],
        ["compare", "{good}", "{other}", "--json", "{good}"],
        ["html", "{good}", "-o", "{folder}"],
    ],
)
def test_an_output_never_replaces_an_input(saved_report, tmp_path, command):
    good, other = tmp_path / "good.json", tmp_path / "other.json"
    good.write_bytes(saved_report.read_bytes())
    other.write_bytes(saved_report.read_bytes())
    (tmp_path / "folder").mkdir()
    args = [a.format(good=good, other=other, folder=tmp_path / "folder") for a in command]
    done = cli(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    _one_line(done.stderr)
    assert good.read_bytes() == other.read_bytes() == saved_report.read_bytes()


# --- generated damage ------------------------------------------------------------------------------------

JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(HOSTILE),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            found += _paths(inner, (*prefix, index))
    return found


def _damaged(report: dict, data: st.DataObject) -> dict:
    report = json.loads(json.dumps(report))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(report)[1:]))
        *parents, last = path
        holder = report
        for part in parents:
            holder = holder[part]
        action = data.draw(st.sampled_from(["replace", "delete", "hostile", "duplicate"]))
        if action == "delete" and isinstance(holder, dict):
            del holder[last]
        elif action == "duplicate" and isinstance(holder, list):
            holder.append(json.loads(json.dumps(holder[last])))
        elif action == "hostile":
            holder[last] = data.draw(st.sampled_from(HOSTILE))
        else:
            holder[last] = data.draw(JSON_VALUES)
    return report


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_generated_damage_is_a_clear_error_or_a_correct_result(saved_report, tmp_path_factory, capsys, data):
    where = tmp_path_factory.mktemp("damaged")
    good = json.loads(saved_report.read_text())
    bad = _write(where / "bad.json", _damaged(good, data))
    page = where / "page.html"
    runs = [
        (html_cli.main, [str(bad), "-o", str(page)], {0}),
        (compare_cli.main, [str(saved_report), str(bad), "--force"], {0, 1}),
        (compare_cli.main, [str(bad), str(saved_report), "--force"], {0, 1}),
        (violations_cli.main, [str(bad)], {0}),
    ]
    for main, argv, fine in runs:
        capsys.readouterr()
        status = main(argv)
        out, err = capsys.readouterr()
        if status == 2:
            _one_line(err, str(bad))
        else:
            assert status in fine, (main, status, err)
            assert "\x1b" not in out + err
    if page.exists():
        assert_page_is_inert(page.read_text(encoding="utf-8"))


@pytest.mark.parametrize("depth", [150, 980, 100_000])
@pytest.mark.parametrize("command", ["html", "compare", "violations"])
def test_a_deeply_nested_report_is_one_line(saved_report, tmp_path, depth, command):
    deep = tmp_path / "deep.json"
    nested = "[" * depth + "]" * depth
    deep.write_text(saved_report.read_text().replace('"config": {', '"config": {"deep": ' + nested + ",", 1))
    args = {
        "html": ["html", str(deep), "-o", str(tmp_path / "p.html")],
        "compare": ["compare", str(saved_report), str(deep)],
        "violations": ["violations", str(deep)],
    }[command]
    done = cli(*args)
    assert done.returncode == 2
    _one_line(done.stderr, str(deep), "nested more than 100 levels deep")


def test_a_reader_that_stops_reading_is_no_traceback(saved_report):
    import subprocess
    import sys

    done = subprocess.run(
        f"{sys.executable} -m pytest_safeagent.cli.main compare {saved_report} {saved_report} | head -c 10",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr
