"""Build the model and the judge named on the command line (imports happen only here, lazily).

``check_*_spec`` run in ``pytest_configure`` and reject names that can never work, before
anything runs; ``make_*`` run on first use (so ``--collect-only`` contacts nothing).
"""

from __future__ import annotations

import pytest

from .dataset.samples import Sample
from .judges.base import Judge
from .models.base import ChatModel
from .models.builtin import BUILTIN_MODELS, BuiltinModel
from .provider_options import DEFAULT_MAX_TOKENS, EndpointSettings, ProviderSettings, effective_response_format

BUILTIN_JUDGES = ("builtin/rules",)
LOCAL_MODEL_NAMES = ("local/smollm2",)  # kept in step with models.local.LOCAL_MODELS (checked by a test)


def check_model_spec(spec: str) -> None:
    """Reject unknown built-in and local names at configure time, before anything runs."""
    if spec.startswith("builtin/") and spec not in BUILTIN_MODELS:
        raise pytest.UsageError(f"--sab-model={spec!r}: unknown built-in model; choose from {', '.join(BUILTIN_MODELS)}")
    if spec.startswith("local/") and spec not in LOCAL_MODEL_NAMES:
        raise pytest.UsageError(f"--sab-model={spec!r}: unknown local model; choose from {', '.join(LOCAL_MODEL_NAMES)}")
    if spec.startswith("local/"):
        from .models.local import LOCAL_MODELS, LocalModelUnavailable, check_available

        try:
            check_available(LOCAL_MODELS[spec])
        except LocalModelUnavailable as exc:
            raise pytest.UsageError(f"--sab-model={spec}: {exc}") from None


def check_judge_spec(spec: str) -> None:
    if spec.startswith("builtin/") and spec not in BUILTIN_JUDGES:
        raise pytest.UsageError(f"--sab-judge={spec!r}: unknown built-in judge; choose from {', '.join(BUILTIN_JUDGES)}")
    if spec.startswith("local/"):
        raise pytest.UsageError(
            f"--sab-judge={spec!r}: the embedded local model is too small to judge; use builtin/rules "
            f"(offline) or openai/<model> (any OpenAI-compatible endpoint, local servers included)")


def _layer(providers: ProviderSettings):
    from .models.client import shared_layer
    from .models.retry import RetryPolicy

    policy = RetryPolicy(attempts=providers.retry.retries + 1, max_delay_s=providers.retry.max_wait_s)
    return shared_layer(providers.concurrency, providers.cache.directory, providers.cache.mode, policy)


def _chat_settings(name: str, endpoint: EndpointSettings, *, max_tokens: int, repeat_penalty: float | None,
                   response_format: str = "free"):
    from .models.openai_chat import ChatSettings

    return ChatSettings(model=name, base_url=endpoint.base_url, api_key_env=endpoint.api_key_env,
                        temperature=endpoint.temperature, max_tokens=endpoint.max_tokens or max_tokens,
                        timeout_s=endpoint.timeout_s,
                        repeat_penalty=endpoint.repeat_penalty if endpoint.repeat_penalty is not None else repeat_penalty,
                        response_format=response_format)


def _scene_shapes(response_format: str, scenes_dir: str | None, max_steps: int):
    """The per-scene answer shapes of a constrained agent (None when it answers freely)."""
    if response_format != "plan":
        return None
    from .models.scene_shapes import SceneShapes

    return SceneShapes(scenes_dir, max_steps=max_steps)


def _need(providers: ProviderSettings | None, spec: str) -> ProviderSettings:
    if providers is None:
        raise TypeError(f"building {spec} needs the run's provider settings (RunConfig.providers)")
    return providers


def make_model(spec: str, samples: list[Sample], providers: ProviderSettings | None = None, *,
               scenes_dir: str | None = None) -> ChatModel:
    """``scenes_dir`` (``--sab-scenes-dir``) locates the scene dumps a constrained agent's shapes come from."""
    if spec in BUILTIN_MODELS:
        return BuiltinModel(spec, samples)
    provider, _, name = spec.partition("/")
    if provider == "openai":
        from .models.answer_shape import REMOTE_MAX_STEPS
        from .models.openai_chat import OpenAIChatModel

        providers = _need(providers, spec)
        answers = effective_response_format(spec, providers.model)
        settings = _chat_settings(name, providers.model, max_tokens=DEFAULT_MAX_TOKENS, repeat_penalty=None,
                                  response_format=answers)
        return OpenAIChatModel(spec, settings, _layer(providers),
                               shapes=_scene_shapes(answers, scenes_dir, REMOTE_MAX_STEPS))
    if spec in LOCAL_MODEL_NAMES:
        from .models.answer_shape import MAX_STEPS
        from .models.local import LOCAL_MODELS, LocalChatModel, check_available

        providers = _need(providers, spec)
        local = LOCAL_MODELS[spec]
        answers = effective_response_format(spec, providers.model)
        settings = _chat_settings(name, providers.model, max_tokens=local.default_max_tokens,
                                  repeat_penalty=local.repeat_penalty, response_format=answers)
        return LocalChatModel(spec, settings, _layer(providers), local, check_available(local),
                              threads=providers.local_threads, shapes=_scene_shapes(answers, scenes_dir, MAX_STEPS))
    raise pytest.UsageError(f"--sab-model={spec!r}: unknown model provider")


def answer_format(spec: str, providers: ProviderSettings | None) -> str | None:
    """How the agent's answers are shaped, for the report and the fingerprint (None: not a network model).

    ``free``, or ``plan (<how>, at most <N> steps)``: constrained answers are not comparable with free ones.
    """
    if providers is None or not spec.startswith(("openai/", "local/")):
        return None
    if effective_response_format(spec, providers.model) != "plan":
        return "free"
    from .models.answer_shape import MAX_STEPS, REMOTE_MAX_STEPS

    if spec.startswith("local/"):
        return f"plan (llama.cpp grammar, at most {MAX_STEPS} steps)"
    return f"plan (response_format json_schema, at most {REMOTE_MAX_STEPS} steps)"


def make_judge(spec: str, providers: ProviderSettings | None = None) -> Judge:
    if spec == "builtin/rules":
        from .judges.rules import RulesJudge

        return RulesJudge()
    provider, _, name = spec.partition("/")
    if provider == "openai":
        from .judges.llm import LLMJudge
        from .models.openai_chat import OpenAIChatModel

        providers = _need(providers, spec)
        settings = _chat_settings(name, providers.judge, max_tokens=DEFAULT_MAX_TOKENS, repeat_penalty=None)
        return LLMJudge(OpenAIChatModel(spec, settings, _layer(providers)))
    raise pytest.UsageError(f"--sab-judge={spec!r}: this judge is not available")
