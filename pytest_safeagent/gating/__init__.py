"""Release gating: gate expressions, baseline comparison, the results log and resuming from it.

The pytest side lives in ``plugin/gating.py`` (registered on the controller only); ``pytest-safeagent
compare`` (``cli/compare.py``) compares two saved reports outside pytest. Nothing is imported here, so
importing the package costs nothing.
"""
