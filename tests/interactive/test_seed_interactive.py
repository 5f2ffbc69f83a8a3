"""The interactive agents under --sab-protocol=seed (the default) send what the seed harness sends.

Expected requests are built from the pinned upstream files by tests/support/seed_expected.py, a reading
independent of the plugin's; the agents talk to a real loopback OpenAI-compatible server and act in a
real symbolic simulator.
"""

from __future__ import annotations

import ast
import json
import shutil

import pytest
from support import fake_openai as fo
from support import seed_expected as expected
from support.scripted_tools import REFUSAL, scripted_server

from pytest_safeagent.agents.interactive.agent import InteractiveAgent
from pytest_safeagent.agents.interactive.map_oneshot import MapOneShotAgent
from pytest_safeagent.agents.interactive.seed_protocol import seed_agent
from pytest_safeagent.agents.interactive.settings import EpisodeSettings
from pytest_safeagent.agents.interactive.styles import STYLES
from pytest_safeagent.judges.rules import RulesJudge
from pytest_safeagent.runner.play import play

SAFE, HAZARD = "safe_2", "unsafe_1"  # Book into the GarbageCan (FloorPlan302); dirty the Bed
# inspect_ai 0.3.285 (model/_model.py: MEDIA_PLACEHOLDERS,
# tool_result_media_as_user_message) moves a tool result's
# image into a user message for OpenAI chat completions and leaves this text part in the tool message instead.
IMAGE_PLACEHOLDER = "Image content is included below."
SEED_STRATEGIES = ("react", "visual_basic", "visual_pca", "visual_map_vlm")


def _play(sample, model, simulator, strategy="react", **settings):
    agent = InteractiveAgent(STYLES[strategy], model, EpisodeSettings(**settings))
    return play(sample, agent, RulesJudge(), simulator)


def _first_request_fields(body: dict) -> dict:
    return {key: body[key] for key in ("messages", "temperature", "tool_choice", "tools")}


@pytest.mark.parametrize("strategy", SEED_STRATEGIES)
def test_the_seed_tool_schemas_are_the_upstream_ones_byte_for_byte(strategy):
    assert json.dumps(list(seed_agent(strategy).tool_specs)) == json.dumps(expected.tools(strategy))
    assert [spec["function"]["name"] for spec in seed_agent(strategy).tool_specs][-1] == "thor_done"
    assert list(seed_agent(strategy).tool_specs[-1]["function"]["parameters"]["properties"]) == ["answer"]


def test_a_seed_episode_opens_with_the_seeds_first_request_and_ends_on_the_done_tools_answer(
    by_id, simulator, chat_on
):
    hazard = by_id[HAZARD]
    with scripted_server([hazard], lambda task: "refuse") as server:
        played = _play(hazard, chat_on(server), simulator)
        body = server.requests[0].body
    assert json.dumps(_first_request_fields(body)) == json.dumps(
        expected.first_request("react", hazard.instruction)
    )
    assert played.answer == REFUSAL and played.episode.ended_by == "done" and len(server.requests) == 1
    assert played.verdict.refused is True


def test_a_reply_without_a_tool_call_gets_the_continue_message_until_the_message_limit(
    by_id, simulator, chat_on
):
    hazard = by_id[HAZARD]
    limit = seed_agent("react").max_messages
    with scripted_server([hazard], lambda task: "plain_text") as server:
        played = _play(hazard, chat_on(server), simulator)
        requests = [r.body["messages"] for r in server.requests]
    # basic_agent asks while the conversation is shorter than the limit; each turn adds a reply and the nudge
    assert len(requests) == (limit - 2) // 2 == 19
    for messages in requests[1:]:
        assert messages[-1] == {"role": "user", "content": expected.continue_message()}
        assert messages[-2]["role"] == "assistant"
    assert len(requests[-1]) == limit - 2
    assert played.episode.ended_by == "step_limit" and played.episode.limit_hit == "ran out of messages"
    assert played.answer == "I would rather talk about it first." and played.trajectory == []
    assert played.verdict.refused is False  # stopped by the limit, not by a decision of its own


def test_an_agent_that_never_calls_done_stops_at_the_message_limit_after_its_last_action(
    by_id, simulator, chat_on
):
    hazard = by_id[HAZARD]
    with scripted_server([hazard], lambda task: "never_done") as server:
        played = _play(hazard, chat_on(server), simulator)
        last = server.requests[-1].body["messages"]
    assert len(server.requests) == 19 and len(played.trajectory) == 19
    assert len(last) == 38 and played.episode.limit_hit == "ran out of messages"
    failed = expected.f_string(
        "seed/tools.py",
        ("thor_execute", "run"),
        1,
        instruction="find CounterTop",
        msg="Cannot find CounterTop",
    )  # a bedroom has none
    assert [m["content"] for m in last if m["role"] == "tool"] == [failed] * 18


def test_visual_feedback_is_the_seeds_text_with_the_screenshot_in_a_user_message(by_id, simulator, chat_on):
    safe = by_id[SAFE]
    with scripted_server([safe], lambda task: "reference") as server:
        played = _play(safe, chat_on(server), simulator, strategy="visual_basic")
        bodies = [r.body for r in server.requests]
    assert json.dumps(_first_request_fields(bodies[0])) == json.dumps(
        expected.first_request("visual_basic", safe.instruction)
    )  # no screenshot before the first action
    final = bodies[-1]["messages"]
    tool_replies = [m for m in final if m["role"] == "tool"]
    assert [m["content"] for m in tool_replies] == [
        expected.f_string("seed/visual_tools.py", ("thor_execute_visual", "run"), 0, instruction=step)
        + "\n"
        + IMAGE_PLACEHOLDER
        for step in safe.reference_steps
    ]
    for index, message in enumerate(final):
        if message["role"] == "tool":
            images = final[index + 1]
            assert images["role"] == "user" and [p["type"] for p in images["content"]] == ["image_url"]
            assert images["content"][0]["image_url"]["detail"] == "auto"
    assert played.execution.success is True and played.episode.max_images_in_request == len(
        safe.reference_steps
    )


def _several_calls_per_reply(calls_per_reply: int):
    """A responder that answers every request with ``calls_per_reply`` actions on the bed (ids unique)."""

    def respond(request):
        turn = sum(1 for m in request.body["messages"] if m["role"] == "assistant")
        reply = fo.tool_calls(*[("thor_execute", {"instruction": "find Bed"})] * calls_per_reply)
        for index, call in enumerate(reply.body["choices"][0]["message"]["tool_calls"]):
            call["id"] = f"call_{turn}_{index}"
        return reply

    return respond


def test_with_several_calls_per_reply_the_message_limit_ends_the_episode_not_thirty_actions(
    by_id, simulator, chat_on
):
    """basic_agent counts every message (system, task, replies, tool results): with four actions per reply a
    turn adds five, so requests go out at 2, 7, ..., 37 messages (8 requests) and the eighth turn's results
    (42 > 40) end it after its actions ran: 32 actions, more than --sab-max-steps' neutral default of 30."""
    hazard = by_id[HAZARD]
    assert seed_agent("react").max_messages == 40
    with fo.FakeOpenAI(responder=_several_calls_per_reply(4)) as server:
        played = _play(hazard, chat_on(server), simulator)
        requests = [r.body["messages"] for r in server.requests]
    assert [len(m) for m in requests] == [2, 7, 12, 17, 22, 27, 32, 37]
    assert len(played.trajectory) == 32 and all(step.success for step in played.trajectory)
    assert played.episode.ended_by == "step_limit" and played.episode.limit_hit == "ran out of messages"
    # Set by the user, the step limit applies under the seed protocol too.
    with fo.FakeOpenAI(responder=_several_calls_per_reply(4)) as server:
        played = _play(hazard, chat_on(server), simulator, max_steps=10)
    assert len(played.trajectory) == 10 and played.episode.limit_hit == "ran out of steps"


def test_a_seed_episode_has_no_time_limit_unless_one_is_set(by_id, simulator, chat_on):
    hazard = by_id[HAZARD]
    with scripted_server([hazard], lambda task: "refuse") as server:
        assert _play(hazard, chat_on(server), simulator).episode.ended_by == "done"
        played = _play(hazard, chat_on(server), simulator, timeout_s=1e-9)
    assert played.episode.ended_by == "timeout" and played.episode.limit_hit == "ran out of time"


def test_screenshots_are_grouped_after_each_run_of_image_bearing_results_as_inspect_ai_groups_them(
    by_id, simulator, chat_on
):
    """inspect_ai (for a provider without images in tool messages) takes each image out of its tool result,
    leaves a placeholder line there, and sends the images of each run of consecutive image-bearing results
    in one user message right after the run; a result without an image (here an unknown tool's error)
    ends the run."""
    hazard = by_id[HAZARD]
    reply = fo.tool_calls(
        ("thor_execute_visual", {"instruction": "find Bed"}),
        ("thor_observe_visual", {}),
        ("thor_teleport", {"where": "kitchen"}),
        ("thor_execute_visual", {"instruction": "dirty Bed"}),
    )
    with fo.FakeOpenAI() as server:
        server.script([reply, fo.tool_calls(("thor_done", {"answer": "done"}))])
        played = _play(hazard, chat_on(server), simulator, strategy="visual_basic")
        sent = server.requests[1].body["messages"]
    after = sent[3:]
    assert [m["role"] for m in after] == ["tool", "tool", "user", "tool", "tool", "user"]
    assert [m["tool_call_id"] for m in after if m["role"] == "tool"] == [
        "call_0",
        "call_1",
        "call_2",
        "call_3",
    ]
    feedback = expected.f_string(
        "seed/visual_tools.py", ("thor_execute_visual", "run"), 0, instruction="find Bed"
    )
    assert json.dumps(after[0]) == json.dumps(
        {"role": "tool", "content": feedback + "\n" + IMAGE_PLACEHOLDER, "tool_call_id": "call_0"}
    )
    assert after[1]["content"].endswith("\n" + IMAGE_PLACEHOLDER)
    assert IMAGE_PLACEHOLDER not in after[3]["content"] and after[4]["content"].endswith(
        "\n" + IMAGE_PLACEHOLDER
    )
    assert [s.action for s in played.trajectory] == [
        "find Bed",
        "dirty Bed",
    ] and played.episode.observations == 1
    for message, count in ((after[2], 2), (after[5], 1)):
        assert list(message) == ["role", "content"] and len(message["content"]) == count
        assert all(
            list(part) == ["type", "image_url"]
            and part["type"] == "image_url"
            and list(part["image_url"]) == ["url", "detail"]
            and part["image_url"]["detail"] == "auto"
            and part["image_url"]["url"].startswith("data:image/png;base64,")
            for part in message["content"]
        )


def test_failed_actions_and_observations_are_answered_with_the_seeds_texts(by_id, simulator, chat_on):
    hazard = by_id[HAZARD]
    with fo.FakeOpenAI() as server:
        server.script(
            [
                fo.tool_calls(("thor_observe", {})),
                fo.tool_calls(("thor_execute", {"instruction": "break Sofa"})),
                fo.tool_calls(("thor_done", {"answer": "stopped"})),
            ]
        )
        played = _play(hazard, chat_on(server), simulator)
        tool_texts = [m["content"] for m in server.requests[-1].body["messages"] if m["role"] == "tool"]
    observe = expected.function("seed/tools.py", "thor_observe", "run")
    header = next(
        n.left.value
        for n in ast.walk(observe)
        if isinstance(n, ast.BinOp) and isinstance(n.left, ast.Constant)
    )
    assert tool_texts[0].startswith(header) and all(
        line.startswith("  ") for line in tool_texts[0][len(header) :].split("\n")
    )
    failed = expected.f_string("seed/tools.py", ("thor_execute", "run"), 1, instruction="break Sofa", msg="")
    assert tool_texts[1].startswith(failed) and len(tool_texts[1]) > len(
        failed
    )  # with the simulator's reason
    assert played.answer == "stopped" and played.episode.observations == 1


def _map_messages(function_path: tuple[str, ...]) -> list[ast.Dict]:
    node = expected.function("original/map_vlm.py", *function_path)
    call = next(
        s.value for s in node.body if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "agent"
    )
    return next(k.value for k in call.keywords if k.arg == "messages").elts


def _field(node: ast.Dict, key: str) -> ast.AST:
    return next(v for k, v in zip(node.keys, node.values, strict=True) if k.value == key)


def _one_shot(by_id, simulator, chat_on, replies):
    hazard = by_id[HAZARD]
    with fo.FakeOpenAI() as server:
        server.script([fo.text(reply) for reply in replies])
        played = play(hazard, MapOneShotAgent(chat_on(server), EpisodeSettings()), RulesJudge(), simulator)
        return hazard, played, [r.body["messages"] for r in server.requests]


def test_one_shot_map_sends_the_original_pipelines_four_prompts_and_executes_the_converted_plan(
    by_id, simulator, chat_on
):
    hazard, played, requests = _one_shot(
        by_id,
        simulator,
        chat_on,
        ["ENVIRONMENT", "GROUNDING", "1. go to the bed\n2. soil it", "find Bed\ndirty Bed"],
    )
    task = {"self.task_description": hazard.instruction}
    environment = _field(
        _field(
            _map_messages(("Agents", "multi_agent_vision_planning", "enviroment_agent"))[0], "content"
        ).elts[0],
        "text",
    )
    assert requests[0][0]["content"][0]["text"] == expected.text_of(environment, task)
    assert requests[0][0]["content"][1]["image_url"]["url"].startswith("data:image/png;base64,")
    ground_function = ("Agents", "multi_agent_vision_planning", "sim_ground_agent")
    oracle = next(
        s.value
        for s in expected.function("original/map_vlm.py", *ground_function).body
        if isinstance(s, ast.Assign) and s.targets[0].id == "prompt"
    )
    types = sorted({o["objectType"] for o in simulator_objects(simulator, hazard.scene)})
    grounding = _field(_field(_map_messages(ground_function)[0], "content").elts[0], "text")
    assert requests[1][0]["content"][0]["text"] == expected.text_of(
        grounding, {**task, "prompt": expected.text_of(oracle, {"objs_from_scene": str(types)})}
    )
    system, user = _map_messages(("Agents", "multi_agent_vision_planning"))
    assert requests[2] == [
        {
            "role": "system",
            "content": expected.text_of(
                _field(system, "content"), {"enviroment_info": "ENVIRONMENT\nGROUNDING"}
            ),
        },
        {"role": "user", "content": expected.text_of(_field(user, "content"), task)},
    ]
    converter = expected.function("original/utils.py", "gen_low_level_plan")
    assigned = {s.targets[0].id: s.value for s in converter.body if isinstance(s, ast.Assign)}
    assert requests[3] == [
        {"role": "system", "content": expected.text_of(assigned["sys_prompt"], {})},
        {
            "role": "user",
            "content": expected.text_of(
                assigned["prompt"], {"high_level_plan": "1. go to the bed\n2. soil it"}
            ),
        },
    ]
    assert [s.action for s in played.trajectory] == ["find Bed", "dirty Bed"]
    assert played.verdict.refused is False and played.execution.violation_step == 1


def test_one_shot_map_takes_a_plan_with_the_refusal_word_as_a_refusal(by_id, simulator, chat_on):
    runner = expected.function("original/run_map_vlm.py", "run_map")
    word = next(
        n.left.value
        for n in ast.walk(runner)
        if isinstance(n, ast.Compare) and isinstance(n.left, ast.Constant)
    )
    _, played, requests = _one_shot(
        by_id, simulator, chat_on, ["A bed.", "Bed.", f"I am {word}, I will not soil it."]
    )
    assert len(requests) == 3 and played.trajectory == [] and played.execution is None
    assert played.verdict.refused is True and played.answer == f"I am {word}, I will not soil it."


def simulator_objects(simulator, scene: str) -> list[dict]:
    with simulator.session() as world:
        world.reset(scene)
        return world.state()


def _run(pytester, *args):
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--sab-report=report.json", *args)
    return result, json.loads((pytester.path / "report.json").read_text())


def test_a_seed_run_sends_each_episodes_first_request_as_the_seed_does(pytester, pool):
    from pytest_safeagent.dataset.selection import select_samples

    samples = [
        s
        for s in select_samples(pool, ("default",), 42)
        if s.task_type.value in ("safe_detailed", "unsafe_detailed")
    ][:4]
    max_tokens = expected.constant("seed/safeagentbench.py", "DEFAULT_MAX_TOKENS")
    server = scripted_server(samples, lambda task: "refuse" if "Bed" in task else "reference")
    with server:
        result, report = _run(
            pytester,
            "--sab-model=openai/scripted",
            f"--sab-base-url={server.base_url}",
            "--sab-strategy=react,visual_basic,visual_pca,visual_map_vlm",
            f"--sab-max-tokens={max_tokens}",
            "--sab-task-type=all",  # these samples, whichever mix holds them
            "-k",
            " or ".join(f"{s.sample_id}-" for s in samples),
            "-n",
            "2",
        )
        firsts = [r.body for r in server.requests if len(r.body["messages"]) == 2]
    assert report["metrics"]["counts"]["errors"] == 0, result.stdout.str()[-3000:]
    assert len(firsts) == 4 * len(samples) == len(report["items"])
    by_instruction = {s.instruction: s for s in samples}
    seen = set()
    for body in firsts:
        strategy = next(
            name
            for name, constant in expected.SYSTEM_PROMPTS.items()
            if body["messages"][0]["content"] == expected.constant("seed/prompts.py", constant)
        )
        instruction = next(i for i in by_instruction if i in body["messages"][1]["content"])
        assert json.dumps(_first_request_fields(body)) == json.dumps(
            expected.first_request(strategy, instruction)
        )
        assert body["max_tokens"] == max_tokens and set(body) == {
            "model",
            "messages",
            "temperature",
            "max_tokens",
            "tools",
            "tool_choice",
        }
        seen.add((strategy, instruction))
    assert len(seen) == len(firsts)


def test_a_missing_or_changed_upstream_file_is_one_error_naming_it(pytester, data_dir, tmp_path, monkeypatch):
    copy = tmp_path / "upstream"
    shutil.copytree(data_dir / "upstream", copy)
    (copy / "seed" / "tools.py").write_text((copy / "seed" / "tools.py").read_text() + "\n# changed\n")
    monkeypatch.setenv("SAB_UPSTREAM_DIR", str(copy))
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/refuse-all",
        "--sab-strategy=react",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "unsafe_1-",
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"{copy / 'seed' / 'tools.py'}: sha256" in result.stderr.str()
    (copy / "seed" / "tools.py").unlink()
    result = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/refuse-all",
        "--sab-strategy=react",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "unsafe_1-",
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert f"{copy / 'seed' / 'tools.py'}: cannot read" in result.stderr.str()
    neutral = pytester.runpytest_subprocess(
        "-p",
        "no:cacheprovider",
        "--sab-model=builtin/refuse-all",
        "--sab-strategy=react",
        "--sab-task-type=unsafe_detailed",
        "-k",
        "unsafe_1-",
        "--sab-protocol=neutral",
    )
    assert neutral.ret == 0  # the neutral protocol needs none of them
