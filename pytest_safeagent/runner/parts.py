"""Build the parts named on the command line: the chat model, the judge, a user's Python agent
(imports happen only here, lazily).

:func:`check_spec` runs when options are parsed and rejects names that can never work, before
anything runs (a ``python:`` agent is made then, once, and handed back); ``make_*`` run on first use
(so ``--collect-only`` contacts nothing).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pytest_safeagent.core.populations import population_for
from pytest_safeagent.dataset.samples import Sample
from pytest_safeagent.models.catalog import Role, SpecError, parse_spec
from pytest_safeagent.models.settings import (
    DEFAULT_MAX_TOKENS,
    EndpointSettings,
    ProviderSettings,
    effective_response_format,
)
from pytest_safeagent.protocols import ChatModel, Judge

if TYPE_CHECKING:
    from pytest_safeagent.agents.user_agents import UserAgent
    from pytest_safeagent.models.client import ClientLayer
    from pytest_safeagent.models.openai_chat import ChatSettings, OpenAIChatModel
    from pytest_safeagent.models.scene_shapes import SceneShapes


def check_spec(value: str, role: Role) -> UserAgent | None:
    """Whether ``value`` names a model (or judge) this installation can build (SpecError if not). For a
    ``python:`` agent, the agent itself: its module is imported and its factory called now, once per
    process, so that a bad spec is a usage error; None otherwise."""
    spec = parse_spec(value, role)
    if spec.provider == "python":
        return python_agent(spec.name)
    if spec.provider == "local":
        from pytest_safeagent.models.local_catalog import LOCAL_MODELS, LocalModelUnavailable, served_file

        try:
            served_file(LOCAL_MODELS[str(spec)])  # a copy to make is made now, before any xdist worker starts
        except LocalModelUnavailable as exc:
            raise SpecError(str(exc)) from None
    return None


def _layer(providers: ProviderSettings) -> ClientLayer:
    from pytest_safeagent.models.client import shared_layer
    from pytest_safeagent.models.retry import RetryPolicy

    policy = RetryPolicy(attempts=providers.retry.retries + 1, max_delay_s=providers.retry.max_wait_s)
    return shared_layer(providers.concurrency, providers.cache.directory, providers.cache.mode, policy)


def _chat_settings(
    name: str,
    endpoint: EndpointSettings,
    *,
    max_tokens: int,
    repeat_penalty: float | None,
    response_format: str = "free",
) -> ChatSettings:
    from pytest_safeagent.models.openai_chat import ChatSettings

    return ChatSettings(
        model=name,
        base_url=endpoint.base_url,
        api_key_env=endpoint.api_key_env,
        temperature=endpoint.temperature,
        max_tokens=endpoint.max_tokens or max_tokens,
        timeout_s=endpoint.timeout_s,
        repeat_penalty=endpoint.repeat_penalty if endpoint.repeat_penalty is not None else repeat_penalty,
        response_format=response_format,
        headers=endpoint.headers,
    )


def _scene_shapes(response_format: str, scenes_dir: str | None, max_steps: int) -> SceneShapes | None:
    """The per-scene answer shapes of a constrained agent (None when it answers freely)."""
    if response_format != "plan":
        return None
    from pytest_safeagent.models.scene_shapes import SceneShapes

    return SceneShapes(scenes_dir, max_steps=max_steps)


def _need(providers: ProviderSettings | None, spec: str) -> ProviderSettings:
    if providers is None:
        raise TypeError(f"building {spec} needs the run's provider settings (RunConfig.providers)")
    return providers


def python_agent(target: str) -> UserAgent:
    """The user agent ``python:MODULE:FACTORY`` names, made now (SpecError if it cannot be)."""
    from pytest_safeagent.agents.user_agents import AgentLoadError, load_python_agent

    try:
        return load_python_agent(target)
    except AgentLoadError as exc:
        raise SpecError(str(exc)) from None


def make_model(
    spec: str,
    samples: list[Sample],
    providers: ProviderSettings | None = None,
    *,
    scenes_dir: str | None = None,
) -> ChatModel | None:
    """The chat model ``spec`` names; None for a ``python:`` agent (it is the agent, there is no model).
    ``scenes_dir`` (``--sab-scenes-dir``) locates the scene dumps a constrained agent's shapes come from."""
    parsed = parse_spec(spec, "model")
    provider, name = parsed.provider, parsed.name
    if provider == "python":
        return None
    if provider == "builtin":
        from pytest_safeagent.models.builtin import BuiltinModel

        return BuiltinModel(spec, samples)
    if provider == "openai":
        from pytest_safeagent.models.answer_shape import REMOTE_MAX_STEPS
        from pytest_safeagent.models.openai_chat import OpenAIChatModel

        providers = _need(providers, spec)
        answers = effective_response_format(spec, providers.model)
        settings = _chat_settings(
            name, providers.model, max_tokens=DEFAULT_MAX_TOKENS, repeat_penalty=None, response_format=answers
        )
        return OpenAIChatModel(
            spec, settings, _layer(providers), shapes=_scene_shapes(answers, scenes_dir, REMOTE_MAX_STEPS)
        )
    if provider == "local":
        from pytest_safeagent.models.answer_shape import MAX_STEPS
        from pytest_safeagent.models.local import LocalChatModel
        from pytest_safeagent.models.local_catalog import LOCAL_MODELS, served_file

        providers = _need(providers, spec)
        local = LOCAL_MODELS[spec]
        answers = effective_response_format(spec, providers.model)
        settings = _chat_settings(
            name,
            providers.model,
            max_tokens=local.default_max_tokens,
            repeat_penalty=local.repeat_penalty,
            response_format=answers,
        )
        return LocalChatModel(
            spec,
            settings,
            _layer(providers),
            local,
            served_file(local),
            threads=providers.local_threads,
            shapes=_scene_shapes(answers, scenes_dir, MAX_STEPS),
        )
    raise SpecError(f"no factory for {provider} models")


def sdk_chat(providers: ProviderSettings) -> OpenAIChatModel:
    """The agent's endpoint as the options name it, for an openai SDK client (runner/sdk.py): the model name
    comes with each request."""
    from pytest_safeagent.models.openai_chat import OpenAIChatModel

    settings = _chat_settings("", providers.model, max_tokens=DEFAULT_MAX_TOKENS, repeat_penalty=None)
    return OpenAIChatModel("openai-sdk", settings, _layer(providers))


def answer_format(spec: str, providers: ProviderSettings | None) -> str | None:
    """How the agent's answers are shaped, for the report and the fingerprint (None: not a network model).

    ``free``, or ``plan (<how>, at most <N> steps)``: constrained answers are not comparable with free ones.
    """
    from pytest_safeagent.models.catalog import uses_network

    if providers is None or not uses_network(spec):
        return None
    if effective_response_format(spec, providers.model) != "plan":
        return "free"
    from pytest_safeagent.models.answer_shape import MAX_STEPS, REMOTE_MAX_STEPS

    if spec.startswith("local/"):
        return f"plan (llama.cpp grammar, at most {MAX_STEPS} steps)"
    return f"plan (response_format json_schema, at most {REMOTE_MAX_STEPS} steps)"


def make_judge(
    spec: str,
    providers: ProviderSettings | None = None,
    *,
    protocol: str = "neutral",
    data_dir: Path | None = None,
    scenes_dir: str | None = None,
) -> Judge:
    """The judge ``spec`` names, under the judge protocol (seed: the seed harness's scorer; neutral: this
    plugin's JSON judge). ``data_dir`` is where the seed judge looks for the pinned upstream files,
    ``scenes_dir`` (``--sab-scenes-dir``) where the rules judge reads the scenes' object types."""
    parsed = parse_spec(spec, "judge")
    provider, name = parsed.provider, parsed.name
    if provider == "builtin":  # builtin/rules, the only built-in judge
        from pytest_safeagent.judges.rules import RulesJudge

        if population_for(protocol).seed_scorer:
            from pytest_safeagent.judges.seed import EmptyAnswerComplies

            return EmptyAnswerComplies(RulesJudge(scenes_dir, data_dir))
        return RulesJudge(scenes_dir, data_dir)
    if provider == "openai":
        from pytest_safeagent.models.openai_chat import OpenAIChatModel

        providers = _need(providers, spec)
        layer = _layer(providers)
        if population_for(protocol).seed_scorer:
            from pytest_safeagent.judges.seed import SeedJudge
            from pytest_safeagent.upstream.files import upstream_dir

            endpoint = providers.judge

            def model_for(temperature: float, max_tokens: int) -> ChatModel:
                settings = _chat_settings(name, endpoint, max_tokens=max_tokens, repeat_penalty=None)
                return OpenAIChatModel(
                    spec, replace(settings, temperature=temperature, max_tokens=max_tokens), layer
                )

            return SeedJudge(spec, model_for, lambda: upstream_dir(data_dir))
        from pytest_safeagent.judges.llm import LLMJudge

        settings = _chat_settings(name, providers.judge, max_tokens=DEFAULT_MAX_TOKENS, repeat_penalty=None)
        return LLMJudge(OpenAIChatModel(spec, settings, layer))
    raise SpecError(f"no factory for {provider} judges")
