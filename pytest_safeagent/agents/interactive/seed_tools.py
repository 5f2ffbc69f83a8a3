"""The seed's tools as inspect_ai describes them to an
OpenAI-compatible server, built from the upstream files.

inspect_ai turns a tool function into a function spec: its name, the description (the docstring's
text before the first section such as ``Args:``), and one JSON-schema property per parameter (the
annotation's type, the description from the ``Args:`` entry, continuation lines dedented and joined
with newlines), every parameter without a default required, no additional properties. The seed's
tools are the inner ``run`` functions of ``seed/tools.py`` and ``seed/visual_tools.py``; the done
tool is basic_agent's ``submit`` renamed and redescribed by the seed (``submit_name``,
``submit_description``). The same file also gives the texts a tool answers with (the action
feedback, the observation's header and its empty case), read as :class:`Template` values.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from pytest_safeagent.upstream.files import UpstreamError
from pytest_safeagent.upstream.literals import UpstreamModule
from pytest_safeagent.upstream.templates import Template, template_of

# Google-style section headers inspect_ai's docstring parser knows; the description ends at the first.
_SECTION = re.compile(
    r"^\s*(Args|Arguments|Parameters|Params|Returns|Return|Yields|Yield|Raises|Raise|Except|"
    r"Exceptions|Attributes|Example|Examples|Note|Notes|Warns|Warnings|See Also|Todo):\s*$"
)
_ITEM = re.compile(r"^(\*{0,2}\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")
JSON_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean"}


def docstring_parts(doc: str, where: str) -> tuple[str, dict[str, str]]:
    """The description and the ``Args:`` entries of a cleaned docstring, as inspect_ai reads them."""
    lines = doc.splitlines()
    end = next((i for i, line in enumerate(lines) if _SECTION.match(line)), len(lines))
    description = "\n".join(lines[:end]).strip()
    params: dict[str, str] = {}
    start = next(
        (i for i, line in enumerate(lines) if re.match(r"^\s*(Args|Arguments|Parameters|Params):\s*$", line)),
        None,
    )
    if start is None:
        return description, params
    body: list[str] = []
    for line in lines[start + 1 :]:
        if _SECTION.match(line):
            break
        body.append(line)
    indents = [len(line) - len(line.lstrip()) for line in body if line.strip()]
    if not indents:
        return description, params
    item_indent = min(indents)
    current: str | None = None
    chunks: dict[str, list[str]] = {}
    for line in body:
        if line.strip() and len(line) - len(line.lstrip()) == item_indent:
            match = _ITEM.match(line.strip())
            if match is None:
                raise UpstreamError(f"{where}: cannot read the Args entry {line.strip()!r}")
            current = match.group(1)
            chunks[current] = [match.group(3)]
        elif current is not None:
            chunks[current].append(line)
    for name, chunk in chunks.items():
        first, rest = chunk[0], chunk[1:]
        continuation = [line[len(line) - len(line.lstrip()) :] if line.strip() else "" for line in rest]
        params[name] = "\n".join([first, *continuation]).strip()
    return description, params


def function_spec(
    module: UpstreamModule, qualified: str, name: str, description: str | None = None
) -> dict[str, Any]:
    """The OpenAI function spec inspect_ai sends for the
    function ``qualified`` of ``module``, called ``name``.

    ``description`` replaces the docstring's (what ``tool_with`` does for basic_agent's submit tool).
    """
    where = f"upstream {module.name}: {qualified}"
    node = module.function(qualified)
    own_description, documented = docstring_parts(module.docstring(qualified), where)
    arguments = node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    with_default = {arg.arg for arg in positional[len(positional) - len(arguments.defaults) :]}
    with_default |= {
        arg.arg
        for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
        if default is not None
    }
    properties: dict[str, Any] = {}
    for arg in [*positional, *arguments.kwonlyargs]:
        annotation = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if annotation not in JSON_TYPES:
            raise UpstreamError(
                f"{where}: parameter {arg.arg} has type {annotation or '(none)'}, which this "
                "plugin does not describe"
            )
        if arg.arg not in documented:
            raise UpstreamError(f"{where}: parameter {arg.arg} has no Args: entry")
        properties[arg.arg] = {"type": JSON_TYPES[annotation], "description": documented[arg.arg]}
    required = [name_ for name_ in properties if name_ not in with_default]
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": own_description if description is None else description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


def _strings_outside_fstrings(node: ast.AST) -> list[ast.Constant]:
    """String constants directly returned or assigned
    (``return "..."``, ``text = "..."``), in source order."""
    found = []
    for child in ast.walk(node):
        if (
            isinstance(child, ast.Return | ast.Assign)
            and isinstance(child.value, ast.Constant)
            and isinstance(child.value.value, str)
        ):
            found.append(child.value)
    return sorted(found, key=lambda c: (c.lineno, c.col_offset))


@dataclass(frozen=True)
class ToolTexts:
    """What one tool file's tools answer: action feedback and the observation, as the seed words them."""

    succeeded: Template  # holes: instruction
    failed: Template  # holes: instruction, msg
    notable_keys: tuple[str, ...]  # the state flags an observation lists, in order
    object_line: Template  # holes: obj['objectType'], ', '.join(props)
    receptacles: Template  # hole: the join of the parent receptacles' types
    header: str  # before the object lines
    nothing_notable: str  # when no object has a notable state

    def feedback(self, instruction: str, result: dict[str, Any]) -> str:
        """The seed's answer to one action (its result as the simulator's /execute returns it)."""
        if result.get("success"):
            return self.succeeded.render({"instruction": instruction})
        msg = result.get("message", "") or result.get("errorMessage", "")
        return self.failed.render({"instruction": instruction, "msg": str(msg)})

    def observation(self, objects: list[dict[str, Any]]) -> str:
        """The seed's observation of the scene (the simulator's /state objects, in their order)."""
        lines = []
        for obj in objects:
            props = [key for key in self.notable_keys if obj.get(key)]
            if obj.get("parentReceptacles"):
                kinds = ",".join(r.split("|")[0] for r in obj["parentReceptacles"])
                props.append(self.receptacles.render({self.receptacles.holes[0]: kinds}))
            if props:
                lines.append(
                    self.object_line.render(
                        {"obj['objectType']": str(obj["objectType"]), "', '.join(props)": ", ".join(props)}
                    )
                )
        return self.header + "\n".join(lines) if lines else self.nothing_notable


def tool_texts(module: UpstreamModule, execute: str, observe: str) -> ToolTexts:
    """The feedback and observation texts of the ``execute`` and ``observe`` tools of ``module``."""
    where = f"upstream {module.name}"
    execute_fstrings = [
        node for node in ast.walk(module.function(f"{execute}.run")) if isinstance(node, ast.JoinedStr)
    ]
    by_holes = {
        template_of(node, f"{where}: {execute}.run").holes: template_of(node, f"{where}: {execute}.run")
        for node in execute_fstrings
    }
    succeeded, failed = by_holes.get(("instruction",)), by_holes.get(("instruction", "msg"))
    observe_fn = module.function(f"{observe}.run")
    keys = [
        node
        for node in ast.walk(observe_fn)
        if isinstance(node, ast.List)
        and node.elts
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    ]
    fstrings = [
        template_of(node, f"{where}: {observe}.run")
        for node in ast.walk(observe_fn)
        if isinstance(node, ast.JoinedStr)
    ]
    object_line = next((t for t in fstrings if t.holes == ("obj['objectType']", "', '.join(props)")), None)
    receptacles = next((t for t in fstrings if len(t.holes) == 1 and "parentReceptacles" in t.holes[0]), None)
    headers = [
        node.left.value
        for node in ast.walk(observe_fn)
        if isinstance(node, ast.BinOp)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.left.value, str)
        and isinstance(node.right, ast.Call)
    ]
    plain = _strings_outside_fstrings(observe_fn)
    if (
        succeeded is None
        or failed is None
        or len(keys) != 1
        or object_line is None
        or receptacles is None
        or len(headers) != 1
        or len(plain) != 1
    ):
        raise UpstreamError(
            f"{where}: the texts of {execute} and {observe} are not where this plugin reads them; "
            "the upstream file changed"
        )
    return ToolTexts(
        succeeded,
        failed,
        tuple(str(ast.literal_eval(e)) for e in keys[0].elts),
        object_line,
        receptacles,
        str(headers[0]),
        str(plain[0].value),
    )
