"""Under --sab-protocol=seed each planner sends the seed harness's messages, call for call.

The expected conversations are this test's own reading of the seed's seed/solvers.py and
seed/dataset.py, filled with texts read from the pinned seed/prompts.py at test time
(tests/support/upstream_texts.py, a reader independent of the plugin's).
"""

from __future__ import annotations

import ast
import dataclasses

import pytest
from support import fake_openai as fo
from support.upstream_texts import string_constants, upstream_root

from pytest_safeagent.agents.planners.base import PlanningContext
from pytest_safeagent.agents.planners.seed_calls import SEED_CALLS, load_seed_prompts, prompt_text
from pytest_safeagent.agents.prompt_sets import SEED
from pytest_safeagent.agents.registry import STRATEGIES, load_strategy
from pytest_safeagent.dataset.samples import TaskType
from pytest_safeagent.upstream.files import UpstreamError
from pytest_safeagent.upstream.literals import UpstreamModule


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return string_constants("seed/prompts.py")


@pytest.fixture(scope="module")
def seed_context(pool) -> PlanningContext:
    return PlanningContext(
        example_pool=tuple(s for group in pool.values() for s in group),
        prompt_set=SEED,
        seed_prompts=load_seed_prompts(upstream_root()),
    )


def expected_conversation(name: str, task: str, t: dict[str, str], replies: list[str]) -> list[list[dict]]:
    """The messages of each call, as the seed's solvers build them."""
    sample_input = t["PLANNING_TASK_PROMPT"].format(task=task)
    system, first, follow_ups = {
        "direct": ("PLANNING_SYSTEM_PROMPT", sample_input, []),
        "cot": ("PLANNING_SYSTEM_PROMPT", t["COT_PLANNING_PREFIX"] + sample_input, []),
        "fewshot": ("PLANNING_SYSTEM_PROMPT", t["FEWSHOT_EXAMPLES"] + sample_input, []),
        "progprompt": ("PROGPROMPT_SYSTEM_PROMPT", t["PROGPROMPT_TASK_PROMPT"].format(task=task), []),
        "two_stage": (
            "HIGH_LEVEL_SYSTEM_PROMPT",
            t["HIGH_LEVEL_TASK_PROMPT"].format(task=task),
            ["LOW_LEVEL_CONVERSION_PROMPT"],
        ),
        "cooperative": (
            "COOPERATIVE_ENV_SYSTEM_PROMPT",
            t["COOPERATIVE_ENV_TASK_PROMPT"].format(task=task),
            ["COOPERATIVE_PLANNING_PROMPT"],
        ),
        "mldt": (
            "MLDT_DECOMPOSE_SYSTEM_PROMPT",
            t["MLDT_DECOMPOSE_PROMPT"].format(task=task),
            ["MLDT_DETAIL_PROMPT", "MLDT_ACTION_PROMPT"],
        ),
    }[name]
    messages = [{"role": "system", "content": t[system]}, {"role": "user", "content": first}]
    calls = [messages]
    for reply, follow_up in zip(replies, follow_ups, strict=False):
        messages = [
            *messages,
            {"role": "assistant", "content": reply},
            {"role": "user", "content": t[follow_up]},
        ]
        calls.append(messages)
    return calls


@pytest.mark.parametrize("name", list(STRATEGIES))
@pytest.mark.parametrize("sample_id", ["unsafe_2", "abstract_3_L2", "long_horizon_0", "safe_10"])
def test_each_call_sends_the_seed_messages_and_sampling(
    name, sample_id, by_id, fake, chat, seed_context, texts
):
    sample = by_id[sample_id]
    replies = [f"reply {i} of {name}\nfind Egg" for i in range(3)]
    fake.script(fo.text(r) for r in replies)
    seeded = dataclasses.replace(chat.settings, temperature=0.0, max_tokens=2048)
    chat.settings = seeded
    episode = load_strategy(name).run(sample, chat, seed_context)
    expected = expected_conversation(name, sample.verbatim_instruction or sample.instruction, texts, replies)
    assert [r.messages for r in fake.requests] == expected
    assert episode.calls == len(expected) == len(SEED_CALLS[name].follow_ups) + 1
    assert episode.answer == replies[len(expected) - 1]  # the last reply, unparsed
    assert all((r.body["temperature"], r.body["max_tokens"]) == (0.0, 2048) for r in fake.requests)


def test_long_horizon_instructions_go_out_as_the_file_spells_them(pool, fake, chat, seed_context):
    spaced = [s for s in pool[TaskType.LONG_HORIZON] if s.verbatim_instruction]
    assert spaced, "the pinned file has instructions with stray spaces"
    fake.script([fo.text("find Mug")])
    load_strategy("direct").run(spaced[0], chat, seed_context)
    assert spaced[0].verbatim_instruction in fake.requests[0].messages[1]["content"]
    assert spaced[0].verbatim_instruction != spaced[0].instruction


def test_the_call_table_follows_the_seed_solvers():
    """Each strategy's system message is the constant seed/solvers.py's build_solver passes, and each
    rewriting solver fills the template this table names."""
    solvers = UpstreamModule.load("seed/solvers.py", upstream_root())
    build = solvers.function("build_solver")
    systems: dict[str, str] = {}
    for node in ast.walk(build):
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.comparators[0], ast.Constant)
        ):
            call = next(
                n
                for stmt in node.body
                for n in ast.walk(stmt)
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "system_message"
            )
            systems[node.test.comparators[0].value] = call.args[0].id
    last = build.body[-1]
    systems["mldt"] = (
        next(
            n
            for n in ast.walk(last)
            if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "system_message"
        )
        .args[0]
        .id
    )
    assert systems == {name: calls.system for name, calls in SEED_CALLS.items()}
    templates = {
        "rewrite_for_high_level": "two_stage",
        "progprompt_rewrite": "progprompt",
        "cooperative_planning": "cooperative",
        "mldt_planning": "mldt",
    }
    for function, strategy in templates.items():
        formatted = {
            n.func.value.id
            for n in ast.walk(solvers.function(function))
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "format"
        }
        assert formatted == {SEED_CALLS[strategy].task_template}
    for function, strategy in {"cot_planning": "cot", "fewshot_prefix": "fewshot"}.items():
        names = {
            n.id for n in ast.walk(solvers.function(function)) if isinstance(n, ast.Name) and n.id.isupper()
        }
        assert names == {SEED_CALLS[strategy].prefix}
    for function, strategy in {
        "two_stage_planning": "two_stage",
        "cooperative_planning": "cooperative",
        "mldt_planning": "mldt",
    }.items():
        appended = [
            n.args[0].keywords[0].value.id
            for n in ast.walk(solvers.function(function))
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "append"
        ]
        assert tuple(appended) == SEED_CALLS[strategy].follow_ups


def test_a_changed_prompts_file_is_one_error_naming_it(tmp_path):
    for name in ("seed/prompts.py",):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        original = (upstream_root() / name).read_text(encoding="utf-8")
        (tmp_path / name).write_text(original.replace("home robot", "house robot", 1), encoding="utf-8")
    with pytest.raises(UpstreamError, match=r"seed/prompts\.py: sha256 .* differs from the pinned"):
        load_seed_prompts(tmp_path)


def test_a_constant_that_is_not_static_text_is_refused():
    module = UpstreamModule("seed/prompts.py", ast.parse("A = 'x' + f'{y}'\nB = A + 'z'\nC = C + 'loop'\n"))
    with pytest.raises(UpstreamError, match="A: not a string literal"):
        prompt_text(module, "B")
    with pytest.raises(UpstreamError, match="C: defined in terms of itself"):
        prompt_text(module, "C")


def test_an_empty_answer_does_not_end_a_seed_conversation(by_id, fake, chat, seed_context, texts):
    """The seed makes every call whatever the replies; the empty first reply goes back as it came."""
    fake.script([fo.text(""), fo.text("find Egg")])
    episode = load_strategy("two_stage").run(by_id["unsafe_2"], chat, seed_context)
    assert len(fake.requests) == episode.calls == 2
    assert fake.requests[1].messages[2] == {"role": "assistant", "content": ""}
    assert fake.requests[1].messages[3] == {"role": "user", "content": texts["LOW_LEVEL_CONVERSION_PROMPT"]}
    assert (episode.answer, episode.api_refusal) == ("find Egg", None)


def test_an_empty_last_answer_is_the_episode_s_api_refusal(by_id, fake, chat, seed_context):
    fake.script([fo.text("")])
    episode = load_strategy("direct").run(by_id["unsafe_2"], chat, seed_context)
    assert episode.answer == "" and episode.api_refusal is not None
