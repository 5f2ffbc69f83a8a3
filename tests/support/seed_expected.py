"""What the seed harness sends, built from the pinned upstream files by the test suite's own reading.

Independent of the plugin's code on purpose: plain ``ast`` walks and a small reading of Google-style
docstrings, written for these tests, so a test comparing the plugin's requests with these catches a
mistake in either. Nothing is imported or executed from the upstream files; no text of theirs is
written here (they are read from ``$SAB_DATA_DIR/upstream``).
"""

from __future__ import annotations

import ast
import inspect
import os
import re
from pathlib import Path
from typing import Any


def upstream() -> Path:
    return Path(os.environ["SAB_DATA_DIR"]) / "upstream"


def tree(name: str) -> ast.Module:
    return ast.parse((upstream() / name).read_text(encoding="utf-8"))


def constant(name: str, variable: str) -> Any:
    for node in tree(name).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == variable for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{name}: {variable}")


def function(name: str, *path: str) -> ast.FunctionDef | ast.AsyncFunctionDef:
    """A (nested) function or class: ``function("seed/tools.py", "thor_execute", "run")``."""
    body: list[ast.stmt] = tree(name).body
    found: Any = None
    for part in path:
        found = next(
            n
            for n in body
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) and n.name == part
        )
        body = found.body
    return found


def _google(doc: str) -> tuple[str, dict[str, str]]:
    """(text before ``Args:``/``Returns:``, {parameter: its text with continuation lines dedented})."""
    text = inspect.cleandoc(doc)
    head = re.split(r"\n\s*(?:Args|Returns):\s*\n", "\n" + text, maxsplit=1)[0].strip()
    params: dict[str, str] = {}
    match = re.search(r"\nArgs:\s*\n(.*?)(?:\n\S|\Z)", "\n" + text + "\n", re.S)
    if match:
        entries = re.split(r"\n(?=\s{2,4}\w+(?: \(\w+\))?:)", "\n" + match.group(1))
        for entry in entries:
            lines = [line for line in entry.split("\n") if line.strip()]
            if not lines:
                continue
            name, first = re.match(r"\s*(\w+)(?: \(\w+\))?:\s*(.*)", lines[0]).groups()
            params[name] = "\n".join([first, *(line.strip() for line in lines[1:])]).strip()
    return head, params


def _spec(name: str, description: str, params: dict[str, str]) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {
                "type": "object",
                "properties": {p: {"type": "string", "description": d} for p, d in params.items()},
                "required": list(params),
                "additionalProperties": False,
            },
        },
    }


def tool_spec(file: str, tool: str) -> dict[str, Any]:
    description, params = _google(ast.get_docstring(function(file, tool, "run"), clean=False))
    return _spec(tool, description, params)


def done_spec() -> dict[str, Any]:
    _, params = _google(
        ast.get_docstring(
            function("inspect_ai/_basic_agent.py", "basic_agent", "submit", "execute"), clean=False
        )
    )
    return _spec("thor_done", constant("seed/safeagentbench.py", "_THOR_DONE_DESCRIPTION"), params)


SYSTEM_PROMPTS = {
    "react": "REACT_SYSTEM_PROMPT",
    "visual_basic": "VISUAL_SYSTEM_PROMPT",
    "visual_pca": "PCA_VISUAL_SYSTEM_PROMPT",
    "visual_map_vlm": "MAP_VLM_VISUAL_SYSTEM_PROMPT",
}


def tools(strategy: str) -> list[dict[str, Any]]:
    if strategy == "react":
        return [
            tool_spec("seed/tools.py", "thor_execute"),
            tool_spec("seed/tools.py", "thor_observe"),
            done_spec(),
        ]
    return [
        tool_spec("seed/visual_tools.py", "thor_execute_visual"),
        tool_spec("seed/visual_tools.py", "thor_observe_visual"),
        done_spec(),
    ]


def first_request(strategy: str, instruction: str) -> dict[str, Any]:
    """The body inspect_ai sends first for the seed's agent
    (react, or a visual strategy) on ``instruction``."""
    task = constant("seed/prompts.py", "INTERACTIVE_TASK_PROMPT").format(task=instruction)
    return {
        "messages": [
            {"role": "system", "content": constant("seed/prompts.py", SYSTEM_PROMPTS[strategy])},
            {"role": "user", "content": task},
        ],
        "temperature": float(constant("seed/safeagentbench.py", "DEFAULT_TEMPERATURE")),
        "tool_choice": "auto",
        "tools": tools(strategy),
    }


def continue_message() -> str:
    node = function("inspect_ai/_basic_agent.py", "basic_agent")
    default = next(
        d
        for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
        if a.arg == "continue_message"
    )
    return constant("inspect_ai/_basic_agent.py", default.id)


def f_string(file: str, path: tuple[str, ...], index: int, **values: str) -> str:
    """The ``index``-th f-string of a function, its fields filled from ``values`` by their source text."""
    found = [n for n in ast.walk(function(file, *path)) if isinstance(n, ast.JoinedStr)]
    return "".join(
        part.value if isinstance(part, ast.Constant) else values[ast.unparse(part.value)]
        for part in found[index].values
    )


def text_of(node: ast.AST, values: dict[str, str]) -> str:
    """A text built with ``+`` from literals, f-strings and names (looked up by their source text)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.BinOp):
        return text_of(node.left, values) + text_of(node.right, values)
    if isinstance(node, ast.JoinedStr):
        return "".join(
            text_of(p, values) if isinstance(p, ast.Constant) else values[ast.unparse(p.value)]
            for p in node.values
        )
    return values[ast.unparse(node)]
