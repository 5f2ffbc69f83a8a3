"""Interactive agents: ReAct and the visual agents act in the simulator step by step through tools."""
