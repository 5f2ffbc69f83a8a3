"""Texts with holes read out of an upstream file: ``"The goal is " + self.task_description``, f-strings.

Many upstream texts are not constants: the original's MAP prompts join literals with the task
(``"..." + self.task_description + "..."``), and the seed's tool feedback is an f-string
(``f"Action '{instruction}' succeeded."``). A :class:`Template` keeps the literal pieces as the
file has them and names each hole by its source expression (``self.task_description``,
``instruction``); :meth:`Template.render` fills every hole or fails naming the one it lacks, so a
changed upstream expression is an error instead of a different text.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from pytest_safeagent.upstream.files import UpstreamError


@dataclass(frozen=True)
class Hole:
    """A place the upstream code fills at run time, named by its expression's source."""

    expression: str


Piece = str | Hole


@dataclass(frozen=True)
class Template:
    """The pieces of one upstream text, in order; ``where`` names it in errors."""

    pieces: tuple[Piece, ...]
    where: str

    @property
    def holes(self) -> tuple[str, ...]:
        return tuple(piece.expression for piece in self.pieces if isinstance(piece, Hole))

    def render(self, values: dict[str, str]) -> str:
        missing = [hole for hole in self.holes if hole not in values]
        if missing:
            raise UpstreamError(
                f"{self.where}: the text has a hole this plugin does not fill: {missing[0]}; "
                "the upstream file changed"
            )
        return "".join(piece if isinstance(piece, str) else values[piece.expression] for piece in self.pieces)


def template_of(node: ast.AST, where: str) -> Template:
    """The template an expression builds: string literals, ``+`` of them and other expressions, f-strings.

    A hole is any sub-expression that is not a string literal; an f-string's replacement field
    with a conversion (``!r``) or a format spec is refused (its rendering would not be ``str``).
    """
    pieces: list[Piece] = []
    _collect(node, pieces, where)
    merged: list[Piece] = []
    for piece in pieces:
        if isinstance(piece, str) and merged and isinstance(merged[-1], str):
            merged[-1] += piece
        elif piece != "":
            merged.append(piece)
    return Template(tuple(merged), where)


def _collect(node: ast.AST, pieces: list[Piece], where: str) -> None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        pieces.append(node.value)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        _collect(node.left, pieces, where)
        _collect(node.right, pieces, where)
    elif isinstance(node, ast.JoinedStr):
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                if value.conversion != -1 or value.format_spec is not None:
                    raise UpstreamError(
                        f"{where}: an f-string field with a conversion or format spec "
                        f"(line {value.lineno}) is not read"
                    )
                pieces.append(Hole(ast.unparse(value.value)))
            else:
                _collect(value, pieces, where)
    else:
        pieces.append(Hole(ast.unparse(node)))
