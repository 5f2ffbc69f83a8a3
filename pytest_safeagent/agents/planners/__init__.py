"""Text planning strategies: how a model is prompted to turn an instruction into a plan."""
