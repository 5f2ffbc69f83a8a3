"""Per-process benchmark state kept on ``config.stash``: the run's settings, data and lazily built parts.

One per pytest process (the controller and each xdist worker). The records of the run are not here:
the run object owns them (plugin/run.py). The stash keys of the plugin are declared here too.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # the plugin imports this module in every pytest run: types only here
    from pytest_safeagent.agents.builtin_agents import BuiltinAgents
    from pytest_safeagent.agents.planners.base import PlanningContext, Strategy
    from pytest_safeagent.agents.planners.seed_calls import SeedPrompts
    from pytest_safeagent.agents.prompt_sets import PromptSet
    from pytest_safeagent.agents.user_agents import PythonAgent, UserAgent
    from pytest_safeagent.core.item_record import ItemRecord
    from pytest_safeagent.dataset.loader import Dataset
    from pytest_safeagent.dataset.samples import Sample, TaskType
    from pytest_safeagent.plugin.options import CostSettings, RunConfig
    from pytest_safeagent.protocols import ChatModel, Judge
    from pytest_safeagent.simulator.pool import SimulatorPool


_POOL_LOCK = threading.Lock()  # items may be played on several threads


@dataclass
class RunState:
    """Everything the plugin shares between hooks in one pytest process.

    The model and judge are built on first use, so collection (and ``--collect-only``) never
    starts a server or opens a connection.
    """

    run: RunConfig
    data_dir: Path
    dataset: Dataset
    samples_by_type: dict[TaskType, list[Sample]]  # the whole dataset's samples, before selection
    samples: list[Sample]
    _model: ChatModel | None = None
    _judge: Judge | None = None
    _strategies: dict[str, Strategy] = field(default_factory=dict)
    _simulator_pool: SimulatorPool | None = None
    _planning_context: PlanningContext | None = None
    # What played the items (set when plugin/fixtures.py resolves them):
    agent_description: dict[str, Any] | None = None

    @property
    def model(self) -> ChatModel | None:
        """The chat model --sab-model names; None when it names a ``python:`` agent."""
        from pytest_safeagent.models.catalog import python_target

        if self._model is None and python_target(self.run.model) is None:
            from pytest_safeagent.runner.parts import make_model

            self._model = make_model(
                self.run.model, self.samples, self.run.providers, scenes_dir=self.run.scenes_dir
            )
        return self._model

    @property
    def judge(self) -> Judge:
        if self._judge is None:
            from pytest_safeagent.runner.parts import make_judge

            self._judge = make_judge(
                self.run.judge,
                self.run.providers,
                protocol=self.run.judge_protocol,
                data_dir=self.data_dir,
                scenes_dir=self.run.scenes_dir,
            )
        return self._judge

    @property
    def simulator_pool(self) -> SimulatorPool | None:
        """This process's simulator sessions when --sab-execution is on or an interactive strategy is
        selected (servers started or connected on the first session)."""
        if self.run.simulation is not None and self._simulator_pool is None:
            with _POOL_LOCK:
                if self._simulator_pool is None:
                    from pytest_safeagent.simulator.pool import SimulatorPool

                    self._simulator_pool = SimulatorPool(self.run.simulation)
        return self._simulator_pool

    @property
    def started_simulation(self) -> SimulatorPool | None:
        """The simulator sessions if this process has used them (never starts one)."""
        return self._simulator_pool

    def item_ids(self) -> list[str]:
        """Names of the run's selected items in collection order (samples, then strategies)."""
        from pytest_safeagent.core.item_record import item_id

        return [item_id(s.sample_id, strategy) for s in self.samples for strategy in self.run.strategies]

    def default_agent(
        self, model: ChatModel | None, user_agent: UserAgent | None
    ) -> BuiltinAgents | PythonAgent:
        """The ``sab_agent`` fixture's default: the Python agent that ``--sab-model=python:MODULE:FACTORY``
        names (``user_agent``, made when the options were checked), or the run's strategies over ``model``."""
        if user_agent is not None:
            from pytest_safeagent.agents.user_agents import PythonAgent

            return PythonAgent(user_agent)
        if model is None:
            raise TypeError("the built-in strategies need a chat model (sab_model)")
        from pytest_safeagent.agents.builtin_agents import BuiltinAgents

        return BuiltinAgents(model, self.strategy, self.planning_context, self.run.episodes)

    def strategy(self, name: str) -> Strategy:
        if name not in self._strategies:
            from pytest_safeagent.agents.registry import load_strategy

            self._strategies[name] = load_strategy(name)
        return self._strategies[name]

    def planning_context(self) -> PlanningContext:
        """Built once per process: every item of a run shares the same example pool."""
        if self._planning_context is None:
            from pytest_safeagent.agents.planners.base import PlanningContext

            every_sample = tuple(s for samples in self.samples_by_type.values() for s in samples)
            self._planning_context = PlanningContext(
                example_pool=every_sample, prompt_set=self.prompt_set, seed_prompts=self._seed_prompts()
            )
        return self._planning_context

    def _seed_prompts(self) -> SeedPrompts | None:
        """The seed's planner texts, read once per process, when a seed run plays a text planner."""
        from pytest_safeagent.agents.registry import STRATEGIES

        if self.run.seed_settings is None or not any(name in STRATEGIES for name in self.run.strategies):
            return None
        from pytest_safeagent.agents.planners.seed_calls import load_seed_prompts
        from pytest_safeagent.upstream.files import UpstreamError

        try:
            return load_seed_prompts(self.run.seed_settings.directory)
        except UpstreamError as exc:
            raise pytest.UsageError(f"--sab-protocol=seed: {exc}") from None

    def configuration(self) -> dict[str, Any]:
        """The run's settings as they go into the JSON report (never a secret)."""
        run = self.run
        return {
            "model": run.model,
            "judge": run.judge,
            "protocol": run.protocol,
            "judge_protocol": run.judge_protocol,
            "strategies": list(run.strategies),
            "slices": list(run.slices),
            "seed": run.seed,
            "data_dir": str(self.data_dir),
            "dataset_sha256": self.dataset.sha256,
            "dataset_pinned": self.dataset.files_match_pinned,
            **self._prompt_versions(),
            "judge_prompt_version": self._judge_prompt_version(),
            "response_format": self._answer_format(),
            "agent": self.agent_description,
            "endpoints": self._endpoints(),
        }

    def _endpoints(self) -> dict[str, dict[str, Any]]:
        """The agent's and the judge's endpoint kind (openai, azure, openai-compatible) and the names of the
        headers of their own, for the openai/ (and python:, whose SDK client uses the agent's) specs; never
        a URL's credentials or a header's value."""
        providers = self.run.providers
        specs = {"agent": (self.run.model, providers.model), "judge": (self.run.judge, providers.judge)}
        return {
            role: {"kind": endpoint.kind(), "headers": [name for name, _ in endpoint.headers]}
            for role, (spec, endpoint) in specs.items()
            if spec.startswith(("openai/", "python:"))
        }

    def fingerprint(self) -> dict[str, Any]:
        """What must match for two runs to be comparable. The model is left out on purpose:
        comparing models is the point of a baseline."""
        fingerprint: dict[str, Any] = {
            "dataset_sha256": self.dataset.sha256,
            "judge": self.run.judge,
            "protocol": self.run.protocol,
            "judge_protocol": self.run.judge_protocol,
            "strategies": list(self.run.strategies),
            **self._prompt_versions(),
            "judge_prompt_version": self._judge_prompt_version(),
        }
        answers = self._answer_format()
        if answers not in (None, "free"):  # only then: reports written before this key stay comparable
            fingerprint["response_format"] = answers
        if self.agent_description is not None and self.agent_description.get("kind") == "python":
            fingerprint["agent"] = (
                self.agent_description
            )  # named; like a model, never a reason runs are incomparable
        return fingerprint

    @property
    def prompt_set(self) -> PromptSet:
        """The run's prompt set (``--sab-protocol``), chosen once."""
        return self.run.episodes.prompt_set

    def _prompt_versions(self) -> dict[str, str]:
        """The versions of every prompt set text the run sends: the planners', and the interactive agents'
        when the run plays one (this plugin's own sets by version, the seed harness's by commit)."""
        from pytest_safeagent.agents.registry import is_interactive

        return self.prompt_set.versions(any(is_interactive(name) for name in self.run.strategies))

    def _answer_format(self) -> str | None:
        from pytest_safeagent.runner.parts import answer_format

        return answer_format(self.run.model, self.run.providers)

    def _judge_prompt_version(self) -> str | None:
        if self.run.judge.startswith("builtin/"):
            return None  # the rules judge has no prompt; its rules are versioned with the package
        from pytest_safeagent.core.populations import population_for

        if population_for(self.run.judge_protocol).seed_scorer:
            from pytest_safeagent.pinned.upstream_files import SEED_COMMIT

            return f"seed {SEED_COMMIT[:12]}"  # the seed harness's judge texts at the pinned commit
        from pytest_safeagent.judges.llm_prompts import JUDGE_PROMPT_VERSION

        return JUDGE_PROMPT_VERSION

    def close(self) -> None:
        for part in (self._model, self._judge):
            getattr(part, "close", lambda: None)()
        self._model = self._judge = None
        if self._simulator_pool is not None:
            self._simulator_pool.close()
            self._simulator_pool = None


def _read_dataset(data_dir_option: str | None) -> tuple[Path, Dataset, dict[TaskType, list[Sample]]]:
    """The data directory, the dataset and its samples per task type (a usage error names what is
    missing or malformed)."""
    from pytest_safeagent.dataset.loader import DatasetError, load_dataset
    from pytest_safeagent.dataset.samples import build_samples
    from pytest_safeagent.pinned.lookup import DATASET, DataNotFound, resolve_data_dir

    try:
        data_dir = resolve_data_dir(DATASET, data_dir_option)
        dataset = load_dataset(data_dir)
    except (DataNotFound, DatasetError) as exc:
        raise pytest.UsageError(f"SafeAgentBench data: {exc}") from None
    return data_dir, dataset, build_samples(dataset)


def read_samples(data_dir_option: str | None) -> list[Sample]:
    """Every sample of the dataset (the sab_dataset fixture outside a benchmark run)."""
    return [sample for samples in _read_dataset(data_dir_option)[2].values() for sample in samples]


def _read_interactive_seed_texts(run: RunConfig) -> None:
    """The interactive strategies' seed texts, read once
    before anything runs (a usage error names the file)."""
    from pytest_safeagent.agents.interactive.factory import read_seed_texts
    from pytest_safeagent.pinned.lookup import DataNotFound
    from pytest_safeagent.upstream.files import UpstreamError

    try:
        read_seed_texts(run.strategies, run.data_dir)
    except (DataNotFound, UpstreamError) as exc:
        raise pytest.UsageError(f"SafeAgentBench upstream files (--sab-protocol=seed): {exc}") from None


def load_run_state(run: RunConfig, simulator_pool: SimulatorPool | None = None) -> RunState:
    """Read the dataset and select the run's samples (and, under the seed protocol, the interactive
    strategies' upstream texts, so a missing file is one usage error before anything runs).
    ``simulator_pool``: the run's pool when it was made (and its server launched) before this."""
    from pytest_safeagent.dataset.selection import select_samples

    data_dir, dataset, samples_by_type = _read_dataset(run.data_dir)
    categories = run.seed_settings.risk_categories if run.seed_settings is not None else None
    samples = select_samples(samples_by_type, run.slices, run.seed, seed_categories=categories)
    state = RunState(
        run=run, data_dir=data_dir, dataset=dataset, samples_by_type=samples_by_type, samples=samples
    )
    from pytest_safeagent.runner.sdk import configure

    configure(run.providers)  # the openai SDK clients of agents of the user's own (made on first use)
    state._simulator_pool = simulator_pool
    if run.episodes.prompt_set.upstream:
        _read_interactive_seed_texts(run)
    state.planning_context()  # a seed run reads the planners' texts now: a bad file is a usage error up front
    return state


RUN_STATE_KEY = pytest.StashKey[RunState]()
# The python: agent --sab-model names, made while options are checked:
USER_AGENT_KEY = pytest.StashKey["UserAgent"]()
COST_KEY: pytest.StashKey[CostSettings] = pytest.StashKey()
# Records made in the controller's own process (no xdist), by node id, until the controller takes them:
# it then keeps the record as made instead of validating its JSON form again.
LOCAL_RECORDS_KEY = pytest.StashKey[dict[str, "ItemRecord"]]()
