"""Release gating: gate expressions, baseline comparison, the results log and resuming from it.

The pytest side is the ``Gating`` part of the run's object in ``plugin/run.py`` (on the controller only);
``pytest-safeagent compare`` (``cli/compare.py``) compares two
saved reports outside pytest. Nothing is imported here, so
importing the package costs nothing.
"""
