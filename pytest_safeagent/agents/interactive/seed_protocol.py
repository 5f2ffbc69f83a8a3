"""What the seed harness's interactive agents send, read
from the pinned upstream files (``--sab-protocol=seed``).

The seed builds its ReAct and visual agents with inspect_ai's ``basic_agent`` (seed/safeagentbench.py):
a system message, the task prompt as the first user message (seed/dataset.py: INTERACTIVE_TASK_PROMPT),
two tools and a done tool (``submit_name``/``submit_description``), a message limit (``max_messages``);
a reply without a tool call is answered with basic_agent's continue message. Everything here is read
from those files as data (names, calls and constants located with ``ast``), once per process and
upstream folder, so a changed file fails with an error naming it instead of sending other words.
"""

from __future__ import annotations

import ast
import functools
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pytest_safeagent.agents.interactive.seed_tools import ToolTexts, function_spec, tool_texts
from pytest_safeagent.agents.registry import STRATEGY_TABLE
from pytest_safeagent.upstream.files import UpstreamError, upstream_dir
from pytest_safeagent.upstream.literals import UpstreamModule

SEED = "seed/safeagentbench.py"
PROMPTS = "seed/prompts.py"
BASIC_AGENT = "inspect_ai/_basic_agent.py"
TASK_PROMPT = (
    "INTERACTIVE_TASK_PROMPT"  # seed/dataset.py formats it with the task for react and visual samples
)
# What inspect_ai (0.3.285: model/_model.py, MEDIA_PLACEHOLDERS)
# leaves in a tool result in place of each image
# it moves into a user message, for a provider whose tool messages take no images (OpenAI chat completions).
# Not in the pinned files (it is inspect_ai's package code, not basic_agent's), so it is kept here.
IMAGE_PLACEHOLDER = "Image content is included below."

# The seed's solver builder and visual strategy behind each
# of this plugin's interactive strategies: the strategy
# catalogue's (agents/registry.py).
SOLVERS: dict[str, tuple[str, str | None]] = {
    info.name: info.seed_solver for info in STRATEGY_TABLE if info.seed_solver is not None
}


@dataclass(frozen=True)
class SeedAgent:
    """One interactive strategy as the seed runs it."""

    system_prompt: str
    execute: str  # the tools' names
    observe: str
    done: str
    tool_specs: tuple[dict[str, Any], ...]  # execute, observe, done: what inspect_ai sends as ``tools``
    texts: ToolTexts
    max_messages: (
        int  # basic_agent's message limit: every message of the conversation, the system one included
    )
    continue_message: str  # the user message after a reply without a tool call
    task_prompt: str  # with a {task} field

    def task(self, instruction: str) -> str:
        return self.task_prompt.format(task=instruction)


def _value(module: UpstreamModule, node: ast.AST, what: str) -> object:
    """A literal, or a module-level constant it names."""
    if isinstance(node, ast.Name):
        return module.constant(node.id)
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise UpstreamError(f"upstream {module.name}: {what}: not a literal or a constant's name") from None


def _keyword(call: ast.Call, name: str) -> ast.AST | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _one_call(module: UpstreamModule, function: str, callee: str) -> ast.Call:
    calls = module.calls(function, callee)
    if len(calls) != 1:
        raise UpstreamError(
            f"upstream {module.name}: {function}: expected one call to {callee}, found {len(calls)}"
        )
    return calls[0]


def _imported_from(module: UpstreamModule, function: str, name: str) -> str:
    """The sibling module a function imports ``name`` from
    (``from .tools import thor_execute`` -> ``tools``)."""
    for node in ast.walk(module.function(function)):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and any(a.name == name for a in node.names):
            return str(node.module)
    raise UpstreamError(f"upstream {module.name}: {function} does not import {name}")


def _system_prompt_name(module: UpstreamModule, builder: str, strategy: str | None) -> str:
    argument = _one_call(module, builder, "system_message").args[0]
    if isinstance(argument, ast.Name):
        return argument.id
    mapping = next((node for node in ast.walk(module.function(builder)) if isinstance(node, ast.Dict)), None)
    if strategy is None or mapping is None:
        raise UpstreamError(
            f"upstream {module.name}: {builder}: the system prompt is not where this plugin reads it"
        )
    for key, value in zip(mapping.keys, mapping.values, strict=True):
        if isinstance(key, ast.Constant) and key.value == strategy and isinstance(value, ast.Name):
            return value.id
    raise UpstreamError(f"upstream {module.name}: {builder}: no system prompt for the {strategy!r} strategy")


def _continue_message(basic: UpstreamModule, call: ast.Call) -> str:
    given = _keyword(call, "continue_message")
    if given is not None:
        raise UpstreamError(
            f"upstream {SEED}: the seed now passes continue_message; this plugin reads only "
            "basic_agent's default"
        )
    function = basic.function("basic_agent")
    for arg, default in zip(function.args.kwonlyargs, function.args.kw_defaults, strict=True):
        if arg.arg == "continue_message" and default is not None:
            value = _value(basic, default, "basic_agent(continue_message=...)")
            if isinstance(value, str):
                return value
    raise UpstreamError(f"upstream {BASIC_AGENT}: basic_agent has no string default for continue_message")


def _tool_names(call: ast.Call, module: UpstreamModule) -> list[str]:
    tools = _keyword(call, "tools")
    names = (
        [e.func.id for e in tools.elts if isinstance(e, ast.Call) and isinstance(e.func, ast.Name)]
        if isinstance(tools, ast.List)
        else []
    )
    if not isinstance(tools, ast.List) or len(names) != len(tools.elts):
        raise UpstreamError(f"upstream {module.name}: basic_agent(tools=...) is not a list of tool calls")
    return names


def read_seed_agent(directory: Path, strategy: str) -> SeedAgent:
    """The seed's agent for one of this plugin's interactive strategies, from the files in ``directory``."""
    seed, prompts, basic = (_module(name, directory) for name in (SEED, PROMPTS, BASIC_AGENT))
    builder, visual_strategy = SOLVERS[strategy]
    call = _one_call(seed, builder, "basic_agent")
    names = _tool_names(call, seed)
    if len(names) != 2:
        raise UpstreamError(f"upstream {SEED}: {builder}: expected two tools, found {names}")
    execute, observe = names
    tools_file = f"seed/{_imported_from(seed, builder, execute)}.py"
    tools = _module(tools_file, directory)
    done = _value(seed, _keyword(call, "submit_name") or ast.Constant(None), "submit_name")
    done_description = _value(
        seed, _keyword(call, "submit_description") or ast.Constant(None), "submit_description"
    )
    max_messages = _value(seed, _keyword(call, "max_messages") or ast.Constant(None), "max_messages")
    if (
        not isinstance(done, str)
        or not isinstance(done_description, str)
        or not isinstance(max_messages, int)
    ):
        raise UpstreamError(
            f"upstream {SEED}: {builder}: basic_agent lacks submit_name, submit_description or max_messages"
        )
    specs = (
        function_spec(tools, f"{execute}.run", execute),
        function_spec(tools, f"{observe}.run", observe),
        function_spec(basic, "basic_agent.submit.execute", done, done_description),
    )
    return SeedAgent(
        system_prompt=prompts.text(_system_prompt_name(seed, builder, visual_strategy)),
        execute=execute,
        observe=observe,
        done=done,
        tool_specs=specs,
        texts=tool_texts(tools, execute, observe),
        max_messages=max_messages,
        continue_message=_continue_message(basic, call),
        task_prompt=prompts.text(TASK_PROMPT),
    )


_parsed: dict[tuple[str, Path], UpstreamModule] = {}
_parsed_lock = threading.Lock()


def _module(name: str, directory: Path) -> UpstreamModule:
    """Each upstream file is read, checked and parsed once per process."""
    with _parsed_lock:
        key = (name, directory)
        if key not in _parsed:
            _parsed[key] = UpstreamModule.load(name, directory)
        return _parsed[key]


@functools.lru_cache(maxsize=8)
def seed_agent(strategy: str, data_dir: str | None = None) -> SeedAgent:
    """The seed's agent for ``strategy``, from the upstream folder beside the dataset (or found as
    :func:`~pytest_safeagent.upstream.files.upstream_dir` finds it)."""
    return read_seed_agent(upstream_dir(Path(data_dir) if data_dir else None), strategy)
