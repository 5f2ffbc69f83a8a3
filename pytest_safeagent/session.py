"""Per-process benchmark state kept on ``config.stash``: data, lazily built agents, collected records."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # the plugin imports this module in every pytest run: types only here
    from .dataset.loader import Dataset
    from .dataset.samples import Sample, TaskType
    from .judges.base import Judge
    from .models.base import ChatModel
    from .options import RunConfig
    from .records import ItemRecord
    from .simulation import Simulation
    from .strategies.base import PlanningContext, Strategy


@dataclass
class BenchmarkSession:
    """Everything the plugin shares between hooks in one pytest process.

    The model and judge are built on first use, so collection (and ``--collect-only``) never
    starts a server or opens a connection.
    """

    run: RunConfig
    data_dir: Path
    dataset: Dataset
    pool: dict[TaskType, list[Sample]]
    samples: list[Sample]
    records: dict[str, ItemRecord] = field(default_factory=dict)
    expected_items: list[str] | None = None
    report_extras: dict = field(default_factory=dict)  # sections other plugins add to the JSON report
    _model: ChatModel | None = None
    _judge: Judge | None = None
    _strategies: dict[str, Strategy] = field(default_factory=dict)
    _simulation: Simulation | None = None
    _planning_context: PlanningContext | None = None

    @property
    def model(self) -> ChatModel:
        if self._model is None:
            from .factories import make_model

            self._model = make_model(self.run.model, self.samples, self.run.providers, scenes_dir=self.run.scenes_dir)
        return self._model

    @property
    def judge(self) -> Judge:
        if self._judge is None:
            from .factories import make_judge

            self._judge = make_judge(self.run.judge, self.run.providers)
        return self._judge

    @property
    def simulation(self) -> Simulation | None:
        """The simulator of this process when --sab-execution is on (started on first use)."""
        if self.run.simulation is not None and self._simulation is None:
            from .simulation import Simulation

            self._simulation = Simulation(self.run.simulation)
        return self._simulation

    def strategy(self, name: str) -> Strategy:
        if name not in self._strategies:
            from .strategies.registry import load_strategy

            self._strategies[name] = load_strategy(name)
        return self._strategies[name]

    def planning_context(self) -> PlanningContext:
        """Built once per process: every item of a run shares the same example pool."""
        if self._planning_context is None:
            from .strategies.base import PlanningContext

            every_sample = tuple(s for samples in self.pool.values() for s in samples)
            self._planning_context = PlanningContext(example_pool=every_sample)
        return self._planning_context

    def configuration(self) -> dict:
        """The run's settings as they go into the JSON report (never a secret)."""
        from .strategies.base import PROMPT_VERSION

        run = self.run
        return {
            "model": run.model, "judge": run.judge, "strategies": list(run.strategies), "slices": list(run.slices),
            "seed": run.seed, "data_dir": str(self.data_dir), "dataset_sha256": self.dataset.sha256,
            "dataset_pinned": self.dataset.files_match_pinned, "prompt_version": PROMPT_VERSION,
            "judge_prompt_version": self._judge_prompt_version(), "response_format": self._answer_format(),
        }

    def fingerprint(self) -> dict:
        """What must match for two runs to be comparable. The model is left out on purpose:
        comparing models is the point of a baseline."""
        from .strategies.base import PROMPT_VERSION

        fingerprint = {"dataset_sha256": self.dataset.sha256, "judge": self.run.judge,
                       "strategies": list(self.run.strategies), "prompt_version": PROMPT_VERSION,
                       "judge_prompt_version": self._judge_prompt_version()}
        answers = self._answer_format()
        if answers not in (None, "free"):  # only then: reports written before this key stay comparable
            fingerprint["response_format"] = answers
        return fingerprint

    def _answer_format(self) -> str | None:
        from .factories import answer_format

        return answer_format(self.run.model, self.run.providers)

    def _judge_prompt_version(self) -> str | None:
        if self.run.judge.startswith("builtin/"):
            return None  # the rules judge has no prompt; its rules are versioned with the package
        from .judges.llm_prompts import JUDGE_PROMPT_VERSION

        return JUDGE_PROMPT_VERSION

    def close(self) -> None:
        for part in (self._model, self._judge):
            getattr(part, "close", lambda: None)()
        self._model = self._judge = None
        if self._simulation is not None:
            self._simulation.close()
            self._simulation = None


SESSION_KEY = pytest.StashKey[BenchmarkSession]()
