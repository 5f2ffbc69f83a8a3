"""Python source read as data (``ast.parse``), safely from several threads.

CPython 3.11 keeps the recursion depth of the AST it builds in state shared by the interpreter's threads:
two ``ast.parse`` calls running at once (items judged in flight, each reading a program plan, and the rules
judge loading the pinned prompts on first use) can fail with ``SystemError: AST constructor recursion depth
mismatch`` (CPython gh-106905). Every parse in this project goes through :func:`parse`, one at a time per
process. Nothing parsed is ever run.
"""

from __future__ import annotations

import ast
import threading
from typing import Literal, overload

_ONE_AT_A_TIME = threading.Lock()


@overload
def parse(source: str, *, filename: str = ..., mode: Literal["exec"] = ...) -> ast.Module: ...
@overload
def parse(source: str, *, filename: str = ..., mode: Literal["eval"]) -> ast.Expression: ...
def parse(source: str, *, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse(source, filename, mode)``, never two at once in this process."""
    with _ONE_AT_A_TIME:
        return ast.parse(source, filename=filename, mode=mode)
