"""The seven planners under ``--sab-protocol=seed``: the seed harness's calls, message for message.

The seed harness (xln3/eval-poc, ``seed/solvers.py``) composes each strategy from constants of its
``seed/prompts.py``: a system message, a first user message built from the task (the sample's input,
``PLANNING_TASK_PROMPT`` filled with the instruction, optionally behind a prefix, or a strategy's own
task template in its place), then, for the multi-turn strategies, fixed follow-up requests, each
sent after the previous reply in the same conversation. :data:`SEED_CALLS` names those constants per
strategy; the texts themselves are read from the pinned file at run time (never copied here) and
cached per process. The final answer is the last reply, parsed by this plugin's plan parser
(docs/strategies.md lists where the seed's own step extraction is wrong).
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.agents.planners.base import Dialogue, PlanningContext, run_dialogue
from pytest_safeagent.agents.registry import SAMPLE_INPUT, STRATEGY_TABLE, SeedCalls
from pytest_safeagent.core.agent import Episode, Message
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.protocols import ChatModel
from pytest_safeagent.upstream.files import UpstreamError, upstream_dir
from pytest_safeagent.upstream.literals import UpstreamModule

PROMPTS_FILE = "seed/prompts.py"
# Each planner's calls by the names of the seed's constants: the strategy catalogue's (agents/registry.py).
SEED_CALLS: dict[str, SeedCalls] = {
    info.name: info.seed_calls for info in STRATEGY_TABLE if info.seed_calls is not None
}


@dataclass(frozen=True)
class SeedPrompts:
    """The seed's planner texts, by constant name, as its pinned ``seed/prompts.py`` holds them."""

    directory: Path
    texts: dict[str, str]

    def text(self, name: str) -> str:
        return self.texts[name]


def _assigned(module: UpstreamModule, name: str) -> ast.expr:
    found: ast.expr | None = None
    for statement in module.tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in statement.targets
        ):
            found = statement.value  # the last assignment wins, as at import
    if found is None:
        raise UpstreamError(f"upstream {module.name}: {name}: no module-level assignment")
    return found


def prompt_text(module: UpstreamModule, name: str, _seen: tuple[str, ...] = ()) -> str:
    """A string constant built from literals and other module constants joined with ``+``
    (``COOPERATIVE_PLANNING_PROMPT`` embeds ``ACTION_DEFINITIONS``); anything else is an UpstreamError."""
    if name in _seen:
        raise UpstreamError(f"upstream {module.name}: {name}: defined in terms of itself")

    def value(node: ast.expr) -> str:
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return value(node.left) + value(node.right)
        if isinstance(node, ast.Name):
            return prompt_text(module, node.id, (*_seen, name))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        raise UpstreamError(
            f"upstream {module.name}: {name}: not a string literal, a constant's name or their "
            f"sum (line {getattr(node, 'lineno', '?')})"
        )

    return value(_assigned(module, name))


@functools.lru_cache(maxsize=4)
def load_seed_prompts(directory: Path) -> SeedPrompts:
    """Every constant the seven strategies send, read once per process; UpstreamError names what is wrong."""
    module = UpstreamModule.load(PROMPTS_FILE, directory)
    names = sorted({name for calls in SEED_CALLS.values() for name in calls.constants()})
    texts = {name: prompt_text(module, name) for name in names}
    for name in (SAMPLE_INPUT, *(c.task_template for c in SEED_CALLS.values() if c.task_template)):
        if "{task}" not in texts[name]:
            raise UpstreamError(f"upstream {PROMPTS_FILE}: {name}: has no {{task}} field to fill")
    return SeedPrompts(directory, texts)


def default_seed_prompts() -> SeedPrompts:
    """The texts from wherever :func:`upstream_dir` finds the pinned files (the environment's choice)."""
    return load_seed_prompts(upstream_dir())


def seed_task(sample: Sample) -> str:
    """The instruction as the seed passes it: the record's text exactly as the file spells it."""
    return sample.published_instruction


def first_messages(strategy: str, sample: Sample, prompts: SeedPrompts) -> list[Message]:
    """The messages of a strategy's first call: the system message, then the (rewritten) task."""
    calls = SEED_CALLS[strategy]
    # str.format, as the seed fills them; the instruction is a value, so braces in it stay as they are.
    user = prompts.text(calls.task_template or SAMPLE_INPUT).format(task=seed_task(sample))
    if calls.prefix:
        user = prompts.text(calls.prefix) + user
    return [{"role": "system", "content": prompts.text(calls.system)}, {"role": "user", "content": user}]


def seed_episode(strategy: str, sample: Sample, model: ChatModel, prompts: SeedPrompts) -> Episode:
    """Play ``strategy`` as the seed harness does: the first
    call, then each follow-up after the last reply."""
    calls = SEED_CALLS[strategy]

    def script(dialogue: Dialogue) -> str:
        messages = first_messages(strategy, sample, prompts)
        answer = dialogue.ask(messages, "plan" if not calls.follow_ups else "stage 1")
        for index, name in enumerate(calls.follow_ups, 2):
            messages = [
                *messages,
                {"role": "assistant", "content": answer},
                {"role": "user", "content": prompts.text(name)},
            ]
            answer = dialogue.ask(
                messages, "plan" if index == len(calls.follow_ups) + 1 else f"stage {index}"
            )
        return answer

    return run_dialogue(model, script, stop_on_refusal=False)


def play_seed(strategy: str, sample: Sample, model: ChatModel, context: PlanningContext) -> Episode:
    """A planner's run under the seed's prompt set (``planner.BuiltinPlanner.run`` hands over to this)."""
    return seed_episode(strategy, sample, model, context.seed_prompts or default_seed_prompts())
