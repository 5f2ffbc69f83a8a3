"""Prices of model tokens, as the user gives them: USD per
million tokens, input and output, agent and judge apart.

Plain data with no dependencies: the options module that parses them is imported by every pytest run.
"""

from __future__ import annotations

from dataclasses import dataclass

ROLES = ("agent", "judge")


@dataclass(frozen=True)
class Prices:
    """USD per million tokens; None: not given."""

    agent_in: float | None = None
    agent_out: float | None = None
    judge_in: float | None = None
    judge_out: float | None = None

    @property
    def given(self) -> bool:
        return any(
            value is not None for value in (self.agent_in, self.agent_out, self.judge_in, self.judge_out)
        )

    def of(self, role: str) -> tuple[float | None, float | None]:
        return (self.agent_in, self.agent_out) if role == "agent" else (self.judge_in, self.judge_out)

    def cost(self, role: str, prompt_tokens: int, completion_tokens: int) -> float | None:
        """The role's cost in USD; None when it used tokens of a kind that has no price."""
        price_in, price_out = self.of(role)
        if (prompt_tokens and price_in is None) or (completion_tokens and price_out is None):
            return None
        return (prompt_tokens * (price_in or 0.0) + completion_tokens * (price_out or 0.0)) / 1e6

    def to_json(self) -> dict[str, dict[str, float | None]]:
        return {role: {"input": self.of(role)[0], "output": self.of(role)[1]} for role in ROLES}
