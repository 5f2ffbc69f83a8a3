"""The seed harness's string constants, read for tests with a reader of their own (not the plugin's).

The pinned ``seed/prompts.py`` is parsed with ``ast`` and never imported or executed: a constant is a
string literal, another constant's name, or a ``+`` of those. Tests compare what the plugin sends with
these texts, read at test time, so no copy of them lives in the test sources either.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path


def upstream_root() -> Path:
    return Path(os.environ.get("SAB_UPSTREAM_DIR") or Path(os.environ["SAB_DATA_DIR"]) / "upstream")


def string_constants(relative: str) -> dict[str, str]:
    """Every module-level constant of the file whose value is text."""
    tree = ast.parse((upstream_root() / relative).read_text(encoding="utf-8"))
    values: dict[str, str] = {}

    def value(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant):
            return node.value if isinstance(node.value, str) else None
        if isinstance(node, ast.Name):
            return values.get(node.id)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = value(node.left), value(node.right)
            return left + right if left is not None and right is not None else None
        return None

    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            text = value(statement.value)
            if text is not None:
                values[statement.targets[0].id] = text
    return values
