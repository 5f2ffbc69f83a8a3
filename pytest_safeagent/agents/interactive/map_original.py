"""The original SafeAgentBench MAP pipeline's four prompts and its refusal rule, read from the pinned files.

``visual_map_oneshot`` has no counterpart in the seed harness; under ``--sab-protocol=seed`` it follows
the original (methods/map_vlm.py ``Agents.multi_agent_vision_planning``, methods/utils.py
``gen_low_level_plan``, methods/run_map_vlm.py ``run_map``): an environment agent and a grounding agent
each see the first frame; a planner writes a high-level plan from what they said; a plan containing
the refusal word is a refusal, anything else is converted into the 17 actions by the converter
prompt and executed. The texts are :class:`~pytest_safeagent.upstream.templates.Template` values
whose holes are the original's expressions (``self.task_description``, ``objs_from_scene``, ...).
"""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

from pytest_safeagent.upstream.files import UpstreamError, upstream_dir
from pytest_safeagent.upstream.literals import UpstreamModule
from pytest_safeagent.upstream.templates import Template, template_of

MAP = "original/map_vlm.py"
UTILS = "original/utils.py"
RUNNER = "original/run_map_vlm.py"
PLANNING = "Agents.multi_agent_vision_planning"
TASK = "self.task_description"


@dataclass(frozen=True)
class MapPrompts:
    environment: Template  # user text beside the image; hole: the task
    grounding: Template  # user text beside the image; holes: the task, ``prompt`` (the oracle objects)
    oracle: Template  # hole: objs_from_scene (the scene's object types, as a Python list prints)
    environment_info: Template  # joins the two answers; holes: enviroment_agent(), sim_ground_agent(...)
    planner_system: Template  # hole: enviroment_info
    planner_user: Template  # hole: the task
    converter_system: str
    converter_user: Template  # hole: high_level_plan
    refusal_word: str  # a plan containing it is a refusal (run_map)

    def environment_text(self, task: str) -> str:
        return self.environment.render({TASK: task})

    def grounding_text(self, task: str, object_types: list[str]) -> str:
        oracle = self.oracle.render({"objs_from_scene": str(object_types)})
        return self.grounding.render({TASK: task, "prompt": oracle})

    def planner_messages(self, task: str, environment: str, grounding: str) -> list[dict[str, str]]:
        info = self.environment_info.render(
            {"enviroment_agent()": environment, "sim_ground_agent(objs_from_scene)": grounding}
        )
        return [
            {"role": "system", "content": self.planner_system.render({"enviroment_info": info})},
            {"role": "user", "content": self.planner_user.render({TASK: task})},
        ]

    def converter_messages(self, plan: str) -> list[dict[str, str]]:
        return [
            {"role": "system", "content": self.converter_system},
            {"role": "user", "content": self.converter_user.render({"high_level_plan": plan})},
        ]


def _fail(name: str, what: str) -> UpstreamError:
    return UpstreamError(
        f"upstream {name}: {what} is not where this plugin reads it; the upstream file changed"
    )


def _assigned(module: UpstreamModule, function: str, target: str) -> ast.AST:
    """The value of the one assignment to ``target`` in the body of ``function`` (not in nested functions)."""
    values = [
        s.value
        for s in module.function(function).body
        if isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == target for t in s.targets)
    ]
    if len(values) != 1:
        raise _fail(module.name, f"{function}: the assignment to {target}")
    return values[0]


def _messages(call: ast.AST, where: str) -> list[tuple[str, ast.AST]]:
    """(role, content) of each message of a ``chat.completions.create(messages=[...])`` call."""
    if not isinstance(call, ast.Call):
        raise _fail(where, "a chat.completions.create call")
    value = next((k.value for k in call.keywords if k.arg == "messages"), None)
    if not isinstance(value, ast.List):
        raise _fail(where, "messages=[...]")
    found: list[tuple[str, ast.AST]] = []
    for element in value.elts:
        if not isinstance(element, ast.Dict):
            raise _fail(where, "a message")
        fields = {
            k.value: v
            for k, v in zip(element.keys, element.values, strict=True)
            if isinstance(k, ast.Constant)
        }
        role = fields.get("role")
        if not isinstance(role, ast.Constant) or "content" not in fields:
            raise _fail(where, "a message's role and content")
        found.append((str(role.value), fields["content"]))
    return found


def _image_agent_text(module: UpstreamModule, function: str) -> Template:
    """The text part of the one user message an image-reading agent sends."""
    where = f"{module.name}: {function}"
    messages = _messages(_assigned(module, function, "agent"), where)
    if len(messages) != 1 or messages[0][0] != "user" or not isinstance(messages[0][1], ast.List):
        raise _fail(module.name, f"{function}: the user message with an image")
    for part in messages[0][1].elts:
        if isinstance(part, ast.Dict):
            fields = {
                k.value: v for k, v in zip(part.keys, part.values, strict=True) if isinstance(k, ast.Constant)
            }
            if "text" in fields:
                return template_of(fields["text"], f"upstream {where}")
    raise _fail(module.name, f"{function}: the text part")


def _refusal_word(runner: UpstreamModule) -> str:
    for node in ast.walk(runner.function("run_map")):
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.In)
            and isinstance(node.left, ast.Constant)
            and isinstance(node.left.value, str)
            and isinstance(node.comparators[0], ast.Name)
            and node.comparators[0].id == "plan"
        ):
            return node.left.value
    raise _fail(runner.name, "run_map: the refusal test on the plan")


def read_map_prompts(directory: Path) -> MapPrompts:
    planner_module = UpstreamModule.load(MAP, directory)
    utils = UpstreamModule.load(UTILS, directory)
    runner = UpstreamModule.load(RUNNER, directory)
    ground = f"{PLANNING}.sim_ground_agent"
    planner = _messages(_assigned(planner_module, PLANNING, "agent"), f"{MAP}: {PLANNING}")
    if [role for role, _ in planner] != ["system", "user"]:
        raise _fail(MAP, f"{PLANNING}: the planner's system and user messages")
    converter_system = _assigned(utils, "gen_low_level_plan", "sys_prompt")
    if not isinstance(converter_system, ast.Constant) or not isinstance(converter_system.value, str):
        raise _fail(UTILS, "gen_low_level_plan: sys_prompt")
    return MapPrompts(
        environment=_image_agent_text(planner_module, f"{PLANNING}.enviroment_agent"),
        grounding=_image_agent_text(planner_module, ground),
        oracle=template_of(_assigned(planner_module, ground, "prompt"), f"upstream {MAP}: {ground}"),
        environment_info=template_of(
            _assigned(planner_module, PLANNING, "enviroment_info"), f"upstream {MAP}"
        ),
        planner_system=template_of(planner[0][1], f"upstream {MAP}: the planner's system message"),
        planner_user=template_of(planner[1][1], f"upstream {MAP}: the planner's user message"),
        converter_system=converter_system.value,
        converter_user=template_of(_assigned(utils, "gen_low_level_plan", "prompt"), f"upstream {UTILS}"),
        refusal_word=_refusal_word(runner),
    )


@functools.lru_cache(maxsize=4)
def map_prompts(data_dir: str | None = None) -> MapPrompts:
    """The original MAP prompts from the upstream folder (found as ``upstream_dir`` finds it), read once."""
    return read_map_prompts(upstream_dir(Path(data_dir) if data_dir else None))


_LIST_MARKER = re.compile(r"^(?:\d+[.)]|[-*\u2022])\s+")


def converted_steps(answer: str) -> list[str]:
    """The converter's answer as the original reads it: every non-blank line, stripped, is one action.

    One departure: a list marker (``1.``, ``-``) is not part of the action, so it is removed; the
    original would execute ``1. find Mug`` as given and fail it."""
    return [_LIST_MARKER.sub("", line.strip()) for line in answer.strip().split("\n") if line.strip()]
