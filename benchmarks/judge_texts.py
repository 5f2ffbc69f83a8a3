"""How the seed's judge and planner texts differ from the
original SafeAgentBench's, counted. Prints the figures.

    python benchmarks/judge_texts.py [--show]

The seed harness (xln3/eval-poc) relays the original's detail, abstract and long-horizon judge prompts
(original/*_evaluate.py, built there with f-strings) and its low-level plan converter's prompts
(original/utils.py) as constants in seed/prompts.py. This script
rebuilds each original prompt from the pinned file with ``ast`` (the function's local string
variables filled in, the call's own fields left as ``{name}``), compares it with the seed's constant
character by character, and counts every difference by kind: a line break where the original ran two
sentences together, a space where it ran them together, a curly quote made straight, a real newline
written as the two characters ``\\n``, whitespace trimmed,
and anything else. It also prints the sampling each side asks
for (the original's ``call_gpt`` defaults; the seed's ``GenerateConfig`` in scorer.py).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pytest_safeagent.pinned.lookup import DATASET, resolve_data_dir  # noqa: E402
from pytest_safeagent.upstream.files import upstream_dir  # noqa: E402
from pytest_safeagent.upstream.literals import UpstreamModule  # noqa: E402

# The seed constant and the original function it names as its source (seed/prompts.py's comments and
# docstring); the planner prompts come from the original's low-level plan converter.
PAIRS = {
    "PLANNING_SYSTEM_PROMPT": ("original/utils.py", "gen_low_level_plan"),
    "PLANNING_TASK_PROMPT": ("original/utils.py", "gen_low_level_plan"),
    "DETAIL_JUDGE_PROMPT": ("original/detail_evaluate.py", "compute_SR_llm"),
    "ABSTRACT_JUDGE_PROMPT": ("original/abstract_evaluate.py", "compute_abstract_llm"),
    "LONG_HORIZON_JUDGE_PROMPT": (
        "original/long_horizon_evaluate.py",
        "compute_safety_llm_long_horizon_another",
    ),
}
CURLY = {"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'}


def _evaluate(node: ast.AST, names: dict[str, str]) -> str:
    """A string expression of the original (constants, f-strings, ``+``), unknown names kept as ``{name}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_evaluate(part, names) for part in node.values)
    if isinstance(node, ast.FormattedValue):
        return _evaluate(node.value, names)
    if isinstance(node, ast.Name):
        return names.get(node.id, "{" + node.id + "}")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _evaluate(node.left, names) + _evaluate(node.right, names)
    raise ValueError(f"cannot evaluate {ast.unparse(node)!r}")


VARIABLE = {"PLANNING_SYSTEM_PROMPT": "sys_prompt"}  # else the function's ``prompt``
FIELDS = {"high_level_plan": "task"}  # the original's field name -> the seed's, for the same value


def assigned_texts(body: list[ast.stmt]) -> dict[str, str]:
    """The string variables a block of statements assigns, in order, each built from the ones before."""
    names: dict[str, str] = {}
    for statement in body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            try:
                names[statement.targets[0].id] = _evaluate(statement.value, names)
            except ValueError:
                continue
    return names


def original_prompt(directory: Path, file: str, function: str, variable: str = "prompt") -> str:
    tree = ast.parse((directory / file).read_text(encoding="utf-8"))
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function)
    text = assigned_texts(node.body)[variable]
    for original, seed in FIELDS.items():
        text = text.replace("{" + original + "}", "{" + seed + "}")
    return text


def seed_constants(directory: Path) -> dict[str, str]:
    """seed/prompts.py's module-level texts (literals, and the ones it builds with ``+`` from others)."""
    return assigned_texts(ast.parse((directory / "seed/prompts.py").read_text(encoding="utf-8")).body)


def call_defaults(directory: Path, file: str) -> dict[str, object]:
    tree = ast.parse((directory / file).read_text(encoding="utf-8"))
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "call_gpt")
    arguments = node.args.args[len(node.args.args) - len(node.args.defaults) :]
    return {
        a.arg: ast.literal_eval(d)
        for a, d in zip(arguments, node.args.defaults, strict=True)
        if a.arg in ("temperature", "max_tokens")
    }


def classify(original: str, seed: str) -> tuple[Counter[str], list[str]]:
    kinds: Counter[str] = Counter()
    shown = []
    matcher = difflib.SequenceMatcher(None, original, seed, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        was, now = original[a0:a1], seed[b0:b1]
        if op == "insert" and now == "\n":
            kind = "line break added where the original ran two sentences together"
        elif op == "insert" and now == " ":
            kind = "space added where the original ran two sentences together"
        elif (
            op == "replace"
            and len(was) == len(now)
            and all(CURLY.get(x) == y for x, y in zip(was, now, strict=True))
        ):
            kind = "curly quote made straight"
            kinds[kind] += len(was) - 1  # one per character
        elif op == "replace" and was == "\n" * len(was) and now == "\\n" * len(was):
            kind = "real newline written as the two characters \\n"
            kinds[kind] += len(was) - 1
        elif not was.strip() and not now.strip():
            kind = "whitespace trimmed (spaces at a line's end, blank lines, the text's last newline)"
        else:
            kind = "other"
        kinds[kind] += 1
        shown.append(
            f"    {kind}: original {original[max(0, a0 - 25) : a1 + 25]!r}\n"
            f"    {' ' * len(kind)}  seed     {seed[max(0, b0 - 25) : b1 + 25]!r}"
        )
    return kinds, shown


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="print each difference with its context")
    args = parser.parse_args()
    directory = upstream_dir(resolve_data_dir(DATASET, None))
    UpstreamModule.load("seed/prompts.py", directory)  # found and its sha256 checked
    prompts = seed_constants(directory)
    total: Counter[str] = Counter()
    for constant, (file, function) in PAIRS.items():
        original = original_prompt(directory, file, function, VARIABLE.get(constant, "prompt"))
        seed = prompts[constant]
        kinds, shown = classify(original, seed)
        total += kinds
        print(
            f"{constant} vs {file}:{function}: {len(original)} / {len(seed)} characters, "
            f"{'identical' if original == seed else f'{sum(kinds.values())} differences'}"
        )
        for kind, count in sorted(kinds.items()):
            print(f"  {count:>4}  {kind}")
        if args.show:
            print("\n".join(shown))
    print("all:", dict(total))
    for file in sorted({file for file, _ in PAIRS.values() if "evaluate" in file}):
        print(
            f"sampling of the original's judge ({file}: call_gpt defaults): {call_defaults(directory, file)}"
        )
    scorer = (directory / "seed/scorer.py").read_text(encoding="utf-8")
    configs = [
        ast.unparse(n)
        for n in ast.walk(ast.parse(scorer))
        if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "GenerateConfig"
    ]
    print("sampling of the seed's judge calls (seed/scorer.py):", "; ".join(configs))


if __name__ == "__main__":
    main()
