"""The seed harness's and the original SafeAgentBench's source files, read as pinned data.

The seed protocol sends the model exactly the texts the seed harness sends. Those texts live in the
upstream files (prompts, tool docstrings, judge templates, the agent loop's messages); this package
finds the files (like the dataset: option, variable, cache with a checked download), verifies their
sha256 and reads literals out of them with ``ast``. Nothing here imports or executes them.
"""
