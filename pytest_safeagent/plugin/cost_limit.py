"""``--sab-max-cost``: stop the run cleanly once this invocation's model calls have cost more than the limit.

Registered in every process that plays items. It hears each call sent to a server (``core/usage.py``
listeners, as the replies arrive, so items finished ahead of pytest's loop count at once) and, when
the spend passes the limit, stops the way the fail-fast stop does: ``session.shouldstop`` with one
line, and the play-ahead pool submits nothing new. Items in flight finish; those pytest has not
reported yet are not in the results log, and ``--sab-resume`` plays them again (their replies are in
the response cache). Under xdist each of N workers stops at its 1/N share of the limit.

Cached replies cost nothing, and records preloaded by ``--sab-resume`` were paid for by the earlier
invocation: the limit is about the money this command spends.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from pytest_safeagent.core.prices import Prices
from pytest_safeagent.core.usage import add_listener, remove_listener
from pytest_safeagent.reporting.usage_text import usd

PLUGIN_NAME = "safeagent-cost-limit"


class CostLimit:
    def __init__(self, config: pytest.Config, prices: Prices, limit: float, workers: int = 1):
        self.config = config
        self.prices = prices
        self.limit = limit
        self.workers = max(workers, 1)
        self.budget = limit / self.workers
        self.spent = 0.0
        self.stop_reason: str | None = None
        self.session: pytest.Session | None = None
        self._lock = threading.Lock()
        add_listener(self.heard)

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.session = session

    def heard(self, role: str, prompt_tokens: int | None, completion_tokens: int | None) -> None:
        """A call came back from a server (on the thread that made it); None tokens: it did not say what
        the call used, so the spend is no longer known and the run stops rather than spend blind."""
        with self._lock:
            if self.stop_reason is not None:
                return
            if prompt_tokens is None or completion_tokens is None:
                self.stop_reason = (
                    f"safeagent: stopping the run: the {role} model's server did not report the "
                    f"usage of a call, so what this run spends is unknown and --sab-max-cost="
                    f"{self.limit:g} cannot be kept; the items in flight finish, nothing new is "
                    f"sent; rerun without --sab-max-cost, or against a server that reports usage"
                )
            else:
                self.spent += self.prices.cost(role, prompt_tokens, completion_tokens) or 0.0
                if self.spent <= self.budget:
                    return
                share = (
                    f" (this worker's 1/{self.workers} share: {usd(self.budget)})" if self.workers > 1 else ""
                )
                self.stop_reason = (
                    f"safeagent: stopping the run: model calls have cost {usd(self.spent)}, past "
                    f"--sab-max-cost={self.limit:g}{share}; the items in flight finish, nothing new "
                    f"is sent; rerun with --sab-resume to finish the rest"
                )
        self._stop()

    def _stop(self) -> None:
        if self.session is not None and self.stop_reason is not None:
            self.session.shouldstop = self.stop_reason
        from pytest_safeagent.plugin.items import PLAY_AHEAD_PLUGIN

        ahead: Any = self.config.pluginmanager.get_plugin(PLAY_AHEAD_PLUGIN)
        dispatcher = getattr(ahead, "dispatcher", None)
        if dispatcher is not None:
            dispatcher.stop()  # queued items are dropped; running ones finish

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        remove_listener(self.heard)


def register_cost_limit(config: pytest.Config, prices: Prices, limit: float) -> None:
    workerinput = getattr(config, "workerinput", None)
    workers = int(workerinput["workercount"]) if workerinput else 1
    config.pluginmanager.register(CostLimit(config, prices, limit, workers), PLUGIN_NAME)
