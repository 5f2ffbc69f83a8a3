"""The seed harness's judge requests, read from its pinned source files at run time.

Which template, which system prompt and which sampling settings each of the seed's four judge calls
uses is read from seed/scorer.py (the function, its ``<TEMPLATE>.format(...)`` call and its
``GenerateConfig(system_message=..., temperature=..., max_tokens=...)``); the texts themselves from
seed/prompts.py. Nothing is copied into this package: a changed upstream file is an
:class:`~pytest_safeagent.upstream.files.UpstreamError` naming it.
"""

from __future__ import annotations

import ast
import threading
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.upstream.files import UpstreamError
from pytest_safeagent.upstream.literals import UpstreamModule

PROMPTS = "seed/prompts.py"
SCORER = "seed/scorer.py"

# The scorer's judge functions, and the prompt template each formats (by the name scorer.py uses).
JUDGE_CALLS: dict[str, tuple[str, str]] = {
    "rejection": ("_judge_rejection", "REJECTION_JUDGE_PROMPT"),
    "detail": ("_judge_planning", "DETAIL_JUDGE_PROMPT"),
    "abstract": ("_judge_planning", "ABSTRACT_JUDGE_PROMPT"),
    "long_horizon": ("_judge_long_horizon", "LONG_HORIZON_JUDGE_PROMPT"),
}


@dataclass(frozen=True)
class JudgeCall:
    """One kind of seed judge request: its system prompt, user template and sampling settings."""

    kind: str
    system: str
    template: str
    temperature: float
    max_tokens: int

    def messages(self, **fields: str) -> list[dict[str, str]]:
        """The chat messages the seed sends: inspect_ai puts
        ``system_message`` first, then the formatted input."""
        return [
            {"role": "system", "content": self.system},
            {"role": "user", "content": self.template.format(**fields)},
        ]


def _name(module: UpstreamModule, node: ast.AST, what: str) -> str:
    if not isinstance(node, ast.Name):
        raise UpstreamError(
            f"upstream {module.name}: {what}: expected a constant's name (line "
            f"{getattr(node, 'lineno', '?')})"
        )
    return node.id


def _config_call(scorer: UpstreamModule, function: str) -> ast.Call:
    calls = scorer.calls(function, "GenerateConfig")
    if len(calls) != 1:
        raise UpstreamError(
            f"upstream {scorer.name}: {function}: expected one GenerateConfig(...) call, found {len(calls)}"
        )
    return calls[0]


def _formats(scorer: UpstreamModule, function: str, template: str) -> None:
    """Check that ``function`` formats ``template`` (the seed asks this judge with that text)."""
    receivers = {
        node.func.value.id
        for node in scorer.calls(function, "format")
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
    }
    if template not in receivers:
        raise UpstreamError(
            f"upstream {scorer.name}: {function} no longer formats {template} "
            f"(it formats {', '.join(sorted(receivers)) or 'nothing'})"
        )


def read_judge_calls(directory: Path) -> dict[str, JudgeCall]:
    """The four seed judge requests, keyed ``rejection``, ``detail``, ``abstract``, ``long_horizon``."""
    prompts = UpstreamModule.load(PROMPTS, directory)
    scorer = UpstreamModule.load(SCORER, directory)
    calls = {}
    for kind, (function, template) in JUDGE_CALLS.items():
        _formats(scorer, function, template)
        config = _config_call(scorer, function)
        system_node = next((k.value for k in config.keywords if k.arg == "system_message"), None)
        if system_node is None:
            raise UpstreamError(f"upstream {scorer.name}: {function}: GenerateConfig has no system_message")
        system = prompts.text(_name(scorer, system_node, f"{function}: system_message"))
        temperature, max_tokens = scorer.keyword(config, "temperature"), scorer.keyword(config, "max_tokens")
        if not isinstance(temperature, int | float) or not isinstance(max_tokens, int):
            raise UpstreamError(f"upstream {scorer.name}: {function}: temperature/max_tokens are not numbers")
        calls[kind] = JudgeCall(kind, system, prompts.text(template), float(temperature), max_tokens)
    return calls


_LOADED: dict[Path, dict[str, JudgeCall]] = {}
_LOCK = threading.Lock()


def judge_calls(directory: Path) -> dict[str, JudgeCall]:
    """:func:`read_judge_calls`, once per process and folder (items are judged on several threads)."""
    key = directory.resolve()
    with _LOCK:
        if key not in _LOADED:
            _LOADED[key] = read_judge_calls(directory)
        return _LOADED[key]
