"""Items played ahead on threads may create loggers while pytest's log capture walks the logger registry
on the main thread (every setup, call and teardown): that must never turn an item into an error."""

from __future__ import annotations

import textwrap


def test_loggers_created_on_play_threads_do_not_break_log_capture(pytester):
    pytester.makeconftest(
        textwrap.dedent('''
        import itertools, logging, pytest

        names = itertools.count()

        class Chatty:
            """Asks for new loggers the way lazily imported modules do, on the play threads."""
            thread_safe = True

            def plan(self, task):
                for _ in range(40):
                    logging.getLogger(f"chatty.part{next(names)}")
                return "I will not do that."

        @pytest.fixture(scope="session")
        def sab_agent():
            return Chatty()
    ''')
    )
    result = pytester.runpytest(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/refuse-all",
        "--sab-concurrency=8",
        "--sab-task-type=unsafe_detailed,safe_detailed",
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("errors", 0) == 0, result.stdout.str()[-3000:]
    assert outcomes["passed"] + outcomes["failed"] == 600
