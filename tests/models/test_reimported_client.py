"""The openai client may be imported afresh in one process (pytest's in-process runs drop the modules a
run imported): the raw-response class handed to it must come from the httpx that client is built on."""

import sys

from pytest_safeagent.models import openai_chat
from pytest_safeagent.models.http_pool import httpx_module


def test_a_reimported_openai_gets_its_own_httpx_response_class():
    import openai

    first = openai_chat._raw_response_class()
    assert first is openai_chat._response_class_of(openai.DefaultHttpxClient)
    saved = {name: module for name, module in sys.modules.items()
             if name.split(".")[0] in ("openai", "httpx", "httpx2", "httpcore", "httpcore2")}
    try:
        for name in saved:
            del sys.modules[name]
        import openai as fresh  # noqa: F811 - the point: a second copy of the module

        second = openai_chat._raw_response_class()
        assert second is not first
        assert second is httpx_module(fresh.DefaultHttpxClient).Response
    finally:
        for name in [n for n in sys.modules if n.split(".")[0] in ("openai", "httpx", "httpx2", "httpcore", "httpcore2")]:
            del sys.modules[name]
        sys.modules.update(saved)
