"""Two process-level measures of the plugin: the frozen heap of a run (freed by the next run in the
same process) and the HTTP pool under the openai client (quick acknowledgements, enough connections)."""

from __future__ import annotations

import gc
import socket
import threading
import weakref

import pytest
from support.fake_openai import FakeOpenAI, text


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_a_run_freezes_its_heap_and_the_next_run_in_the_process_frees_it(pytester):
    garbage = Node()
    alive = weakref.ref(garbage)
    args = ("-p", "no:cacheprovider", "--sab-model=builtin/refuse-all", "--sab-task-type=unsafe_detailed",
            "-k", "unsafe_1-")
    pytester.runpytest(*args).assert_outcomes(passed=1)
    del garbage
    gc.collect()
    assert alive() is not None  # frozen at the end of the run: the final collections skip it
    pytester.runpytest(*args).assert_outcomes(passed=1)
    assert alive() is None  # the next run unfroze and collected what the last one left


@pytest.mark.skipif(not hasattr(socket, "TCP_QUICKACK"), reason="TCP_QUICKACK is Linux only")
def test_the_pool_under_the_openai_client_acknowledges_at_once_and_keeps_a_connection_per_thread():
    from pytest_safeagent.models.http_pool import _QuickAckBackend, _QuickAckStream, http_client

    with FakeOpenAI(responder=lambda request: text("hello")) as server:
        client = http_client(concurrency=150)
        url = f"{server.base_url}/chat/completions"

        def ask() -> str:
            return client.post(url, json={"model": "m", "messages": []}).json()["choices"][0]["message"]["content"]

        try:
            assert ask() == ask() == "hello"
            (mine,) = client._transport._transports  # if this layout changes, http_client silently loses the quick ACK
            pool = mine._pool
            assert isinstance(pool._network_backend, _QuickAckBackend)
            assert len(pool.connections) == 1  # kept alive: the second call reused it
            assert isinstance(pool.connections[0]._connection._network_stream, _QuickAckStream)
            other = threading.Thread(target=ask)
            other.start()
            other.join()
            assert len(client._transport._transports) == 2  # another thread, another pool
        finally:
            client.close()
        assert not client._transport._transports
