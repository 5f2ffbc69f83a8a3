"""The runner: plays one item from parts resolved once, between the pytest shell (plugin/) and the
domains (agents, models, judges, simulator). The only layer that knows all of them."""
