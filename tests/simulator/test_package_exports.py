"""The simulator package's public names load on first use, and the settings load without them."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import pytest_safeagent.simulator as simulator


def test_every_public_name_is_the_object_of_its_home_module() -> None:
    assert sorted(simulator.__all__) == sorted(simulator._HOMES)
    for name in simulator.__all__:
        home = importlib.import_module(simulator._HOMES[name])
        assert getattr(simulator, name) is getattr(home, name)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_thing"):
        simulator.no_such_thing  # noqa: B018


def test_the_settings_load_without_the_record_models() -> None:
    """Option parsing reads SimulationSettings before the run's
    simulator launches: nothing heavy may come with it."""
    code = (
        "import sys, pytest_safeagent.simulator.simulation\n"
        "print(sorted(m for m in ('pydantic', 'pytest_safeagent.core.item_record') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.strip() == "[]"
