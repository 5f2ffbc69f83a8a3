"""Literals read out of an upstream source file with ``ast``: constants, docstrings, defaults, call arguments.

The file is parsed, never imported or executed. Only static values are read: string literals and
their ``+`` concatenations, and what ``ast.literal_eval`` accepts. Anything else (an f-string, a
name, a call) is an :class:`UpstreamError` naming the file and what was asked for, so a changed
upstream file fails loudly instead of sending a different text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pytest_safeagent.core import python_source
from pytest_safeagent.upstream.files import UpstreamError, read_upstream

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


def static_value(node: ast.AST) -> object:
    """The value of a literal expression; strings joined with ``+`` count as one literal."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = static_value(node.left), static_value(node.right)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        raise ValueError("only strings are joined with +")
    return ast.literal_eval(node)


@dataclass
class UpstreamModule:
    """One pinned upstream file, parsed."""

    name: str
    tree: ast.Module
    _functions: dict[str, FunctionNode] = field(default_factory=dict, repr=False)

    @classmethod
    def load(cls, name: str, directory: Path) -> UpstreamModule:
        text = read_upstream(name, directory)
        try:
            tree = python_source.parse(text, filename=name)
        except SyntaxError as exc:
            raise UpstreamError(f"{directory / name}: line {exc.lineno}: not Python: {exc.msg}") from None
        return cls(name, tree)

    def _fail(self, what: str, problem: str) -> UpstreamError:
        return UpstreamError(f"upstream {self.name}: {what}: {problem}")

    def _value(self, node: ast.AST, what: str) -> object:
        try:
            return static_value(node)
        except (ValueError, TypeError, SyntaxError, RecursionError) as exc:
            raise self._fail(
                what, f"not a static literal (line {getattr(node, 'lineno', '?')}): {exc}"
            ) from None

    def constant(self, name: str) -> object:
        """The literal assigned to a module-level name (the last assignment wins, as at import)."""
        found: ast.AST | None = None
        for statement in self.tree.body:
            if isinstance(statement, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in statement.targets
            ):
                found = statement.value
            elif (
                isinstance(statement, ast.AnnAssign)
                and isinstance(statement.target, ast.Name)
                and statement.target.id == name
                and statement.value is not None
            ):
                found = statement.value
        if found is None:
            raise self._fail(name, "no module-level assignment")
        return self._value(found, name)

    def text(self, name: str) -> str:
        """A module-level string constant (a prompt template)."""
        value = self.constant(name)
        if not isinstance(value, str):
            raise self._fail(name, f"expected a string, found {type(value).__name__}")
        return value

    def _walk_functions(self, body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, FunctionNode]]:
        for statement in body:
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                qualified = prefix + statement.name
                yield qualified, statement
                yield from self._walk_functions(statement.body, qualified + ".")
            elif isinstance(statement, ast.ClassDef):
                yield from self._walk_functions(statement.body, prefix + statement.name + ".")

    def function(self, qualified: str) -> FunctionNode:
        """A function by dotted path: ``thor_execute.execute``
        is ``execute`` defined inside ``thor_execute``."""
        if not self._functions:
            self._functions = dict(self._walk_functions(self.tree.body, ""))
        try:
            return self._functions[qualified]
        except KeyError:
            raise self._fail(qualified, "no such function") from None

    def docstring(self, qualified: str, *, clean: bool = True) -> str:
        """A function's docstring; ``clean`` dedents it as ``inspect.cleandoc`` does."""
        doc = ast.get_docstring(self.function(qualified), clean=clean)
        if doc is None:
            raise self._fail(qualified, "no docstring")
        return doc

    def default(self, qualified: str, parameter: str) -> object:
        """The default value of one of a function's parameters."""
        arguments = self.function(qualified).args
        positional = [*arguments.posonlyargs, *arguments.args]
        pairs = list(
            zip(positional[len(positional) - len(arguments.defaults) :], arguments.defaults, strict=True)
        )
        pairs += [
            (arg, default)
            for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if default is not None
        ]
        for arg, default in pairs:
            if arg.arg == parameter:
                return self._value(default, f"{qualified}({parameter}=...)")
        raise self._fail(f"{qualified}({parameter})", "no such parameter with a default")

    def calls(self, qualified: str | None, callee: str) -> list[ast.Call]:
        """The calls to ``callee`` (a plain or dotted name's
        last part) inside a function, or the whole module."""
        scope: ast.AST = self.tree if qualified is None else self.function(qualified)
        found = []
        for node in ast.walk(scope):
            if isinstance(node, ast.Call):
                func = node.func
                name = (
                    func.id
                    if isinstance(func, ast.Name)
                    else func.attr
                    if isinstance(func, ast.Attribute)
                    else None
                )
                if name == callee:
                    found.append(node)
        return found

    def keyword(self, call: ast.Call, name: str) -> object:
        """A literal keyword argument of a call found with :meth:`calls`."""
        for keyword in call.keywords:
            if keyword.arg == name:
                return self._value(keyword.value, f"{name}= (line {call.lineno})")
        raise self._fail(f"{name}= (line {call.lineno})", "not passed")
