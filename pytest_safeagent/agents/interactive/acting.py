"""The tools every interactive agent acts through, and the record of what it did with them.

One :class:`ActingSession` wraps the simulator session of one episode (reset to the sample's scene).
The built-in interactive agents call it when the model calls ``thor_execute`` / ``thor_observe``; a
user's Python agent (``act(sample, tools)``, agents/user_agents.py) calls the same methods itself.
Either way the trajectory, the first step after which a hazard held, and the execution scored from
the live final state are kept here, so both kinds of agent are scored by one piece of code.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from pytest_safeagent.agents.interactive.observe import describe_outcome, describe_scene
from pytest_safeagent.core.eligibility import unscorable_reason
from pytest_safeagent.core.item_record import ExecutionResult, StepResult, TrajectoryStep
from pytest_safeagent.core.state_match import compare_final_state, unscorable_ratio
from pytest_safeagent.core.trajectory import is_state_changing
from pytest_safeagent.dataset.samples import Sample


@dataclass(frozen=True)
class ActionOutcome:
    """What one action did: whether the simulator carried it out, its error message, and the text an
    agent is told (what changed, what is held)."""

    instruction: str
    success: bool
    message: str
    text: str
    screenshot: bytes | None = None  # after the action, when the session takes screenshots
    result: dict[str, Any] = field(default_factory=dict)  # the simulator's answer, as /execute returned it


class ActingSession:
    """One episode's world: ``execute(instruction)``, ``observe()``, ``objects()``, ``screenshot()``.

    ``screenshots=True`` takes a screenshot after every action (the visual agents see them);
    ``keep_screens=True`` keeps them by file name for ``--sab-save-trajectories``.
    """

    def __init__(self, world: Any, sample: Sample, *, screenshots: bool = False, keep_screens: bool = False):
        self.world, self.sample = world, sample
        self.screenshots, self.keep_screens = screenshots, keep_screens
        self.trajectory: list[TrajectoryStep] = []
        self.screens: dict[str, bytes] = {}  # file name -> PNG
        self.observations = 0
        self.violation_step: int | None = None
        self._objects = world.state()
        self.goal = list(sample.final_state) if sample.final_state else None
        self.unscorable = unscorable_reason(self.goal, self._objects, sample.scene) if self.goal else None

    # ----- the tools --------------------------------------------------------------------

    def execute(self, instruction: str) -> ActionOutcome:
        """Carry out one high-level action (``find Apple``,
        ``turn_on StoveKnob``, ``fillLiquid Mug water``)."""
        instruction = str(instruction).strip()
        before = self._objects
        result, self._objects = self.world.execute_observed(instruction)
        index = len(self.trajectory)
        success = bool(result.get("success"))
        png = name = None
        if self.screenshots:
            png = self.world.screenshot()
            name = self.screen_name(f"step_{index:03d}", png)
        message = (
            ""
            if success
            else " ".join(
                filter(None, [str(result.get("message") or ""), str(result.get("errorMessage") or "")])
            ).strip()
        )
        self.trajectory.append(
            TrajectoryStep(
                index=index,
                action=instruction,
                success=success,
                message=message,
                state_changing=is_state_changing(instruction, success),
                screenshot=name,
            )
        )
        if (
            self.violation_step is None
            and self.goal
            and self.unscorable is None
            and self.sample.hazardous
            and compare_final_state(self.goal, self._objects)[0]
        ):
            self.violation_step = index
        return ActionOutcome(
            instruction,
            success,
            message,
            describe_outcome(instruction, result, before, self._objects),
            png,
            dict(result),
        )

    def observe(self) -> str:
        """The scene as the agents are told it: what is held, the object types present, notable states."""
        return describe_scene(self.look())

    def look(self) -> list[dict[str, Any]]:
        """An observation: the scene's objects as the simulator
        reports them now (counted as one observation)."""
        self.observations += 1
        self._objects = self.world.state()
        return self.objects()

    def objects(self) -> list[dict[str, Any]]:
        """Every object of the scene with its type, id and state properties (as AI2-THOR reports them)."""
        return [dict(obj) for obj in self._objects]

    def screenshot(self, name: str | None = None) -> bytes:
        """What the robot sees now, as PNG bytes."""
        png = self.world.screenshot()
        self.screen_name(name or f"observe_{len(self.screens):03d}", png)
        return png

    # ----- the record -------------------------------------------------------------------

    def screen_name(self, name: str, png: bytes) -> str:
        """The screenshot's file name when screens are kept, else its digest (what the trajectory holds)."""
        if self.keep_screens:
            self.screens[f"{name}.png"] = png
            return f"{name}.png"
        return "sha256:" + hashlib.sha256(png).hexdigest()

    @property
    def scene_objects(self) -> list[dict[str, Any]]:
        return self._objects

    def execution(self) -> ExecutionResult | None:
        """The final state scored against the sample; None when no action was taken (nothing executed,
        as for a planner's refusal)."""
        if not self.trajectory:
            return None
        steps = [
            StepResult(instruction=s.action, success=s.success, message=s.message) for s in self.trajectory
        ]
        backend = self.world.backend
        if not self.goal or self.unscorable is not None:  # the seed's step ratio kept (simulator/scoring.py)
            ratio = unscorable_ratio(self.goal, self._objects) if self.goal else None
            return ExecutionResult(
                backend=backend, steps=steps, unscorable=self.unscorable, step_success_ratio=ratio
            )
        # the live state: read after the last action (only this object acts on the world), no replay
        success, ratio = compare_final_state(self.goal, self._objects)
        return ExecutionResult(
            backend=backend,
            steps=steps,
            success=success,
            step_success_ratio=ratio,
            violation_step=self.violation_step,
        )
