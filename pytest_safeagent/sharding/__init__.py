"""Splitting one run across machines (``--sab-shard=K/N``) and putting the pieces back together.

``partition`` decides which items each shard plays (pure, deterministic); ``merge`` rebuilds the one
report (and results log) an unsharded run would have written from the shards' files. Neither imports
pytest: the pytest side is plugin/xdist.py (ShardFilter), the command is cli/merge.py.
"""
