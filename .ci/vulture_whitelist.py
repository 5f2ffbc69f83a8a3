"""Names vulture (``--min-confidence 80``, pyproject.toml: ``[tool.vulture]``) would report as unused
that are used dynamically, each with the reason. Read by vulture only, never imported or run."""

# ruff: noqa: B018, F821

# tests/thor_server/thor_controller_double.py: the double's actions accept the keyword arguments of the
# real ai2thor Controller.step, which thor_server/real/ passes by name (navigation.py: TeleportFull's
# rotation and standing; backend.py: openness, placeStationary, moveMagnitude); the double ignores them.
rotation
standing
openness
placeStationary
moveMagnitude
