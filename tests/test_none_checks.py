"""A value that may be none never reaches a primitive that needs one.

Hostile round 3 found rules that compiled clean yet passed none into a primitive (`first()` of an empty
list; one `!=` turned into `==` in a real appendix file): the game died with a bare `KeyError: None`. Now
a value that may be none has a type that says so (`card or none`); the compiler refuses it where a value
is required unless the rule checked it (E512, at the value, with the way out); and whatever still gets
through (an IR made some other way) stops the game with a rule error naming the rule file and line.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from helpers import check_lone, describe, errors, read_rule, shown
from twilight.compiler import api
from twilight.compiler.diagnostics import render
from twilight.runtime.backend.program import Program
from twilight.runtime.core.decisions import RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.core.rule_errors import RuleError
from twilight.runtime.game import IMPLEMENTATIONS


def e512(result: Any) -> list[Any]:
    return [d for d in result.diagnostics if d.code == "E512"]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        # the first card of an empty list, into a primitive
        ("ops_for(us, first([each c in hand(us) where false]))", (2, 15)),
        # a parameter that may be none, not checked
        ("ops_for(us, c)", (2, 15)),
        # checked the wrong way round
        ("if c != none then 0 else ops_for(us, c)", (2, 40)),
        ("if c != none or ops(c) > 1 then 0 else 1", (2, 23)),
        # arithmetic on a value that may be none
        ("if c == none then 0 else ops(c) + first([1, none])", (2, 37)),
    ],
)
def test_a_value_that_may_be_none_is_refused_where_a_primitive_needs_one(
    tmp_path: Path, body: str, where: tuple[int, int]
) -> None:
    text = f'function t(c: card or none): int source "test · 1" {{\n  {body}\n}}\n'
    result = check_lone(tmp_path, text)
    found = e512(result)
    assert found, describe(result.diagnostics)
    diag = found[0]
    assert (diag.pos.line, diag.pos.col) == where, describe(found)
    assert "may be none here" in diag.message and "check it first" in (diag.help or "")
    shown_text = render(diag, result.sources)
    assert "lone.tsr:2:" in shown_text and "^" in shown_text and "help:" in shown_text


@pytest.mark.parametrize(
    "body",
    [
        "if c == none then 0 else ops_for(us, c)",
        "if c != none then ops_for(us, c) else 0",
        "if c != none and ops(c) > 1 then ops_for(us, c) else 0",
        "if c == none or ops(c) < 2 then 0 else ops_for(us, c)",
        "if not (c == none) then ops(c) else 0",
        "sum(ops(x) for x in [each y in [c, none] where y != none])",
        # (a query asked twice in one expression)
        "if headline_of(us) == none then 0 else ops(headline_of(us))",
        "if c in hand(us) then ops(c) else 0",
    ],
)
def test_a_checked_value_is_taken(tmp_path: Path, body: str) -> None:
    result = check_lone(tmp_path, f'function t(c: card or none): int source "test · 1" {{\n  {body}\n}}\n')
    assert not errors(result.diagnostics), describe(result.diagnostics)


def test_a_functions_declared_type_says_whether_it_may_be_none(tmp_path: Path) -> None:
    plain = 'function t(): card source "test · 1" {\n  first(hand(us))\n}\n'
    diag = e512(check_lone(tmp_path, plain))[0]
    assert "the function's value may be none" in diag.message and diag.pos.line == 2
    declared = 'function t(): card or none source "test · 1" {\n  first(hand(us))\n}\n'
    user = 'function u(): int source "test · 1" {\n  ops(t())\n}\n'
    result = check_lone(tmp_path, declared + user)
    assert [d.pos.line for d in e512(result)] == [5], describe(result.diagnostics)
    guarded = 'function u(): int source "test · 1" {\n  if t() == none then 0 else 1\n}\n'
    assert not errors(check_lone(tmp_path, declared + guarded).diagnostics)


def test_statements_follow_what_is_known(tmp_path: Path) -> None:
    """A check holds in its block; a `set` changes what is known from there on; after an `if`, a name is
    known not none when every branch left it so; a loop that may set a name to none does not keep it
    known at its start."""
    fine = """procedure t source "test · 1" {
  let c = first(hand(us))
  if c == none {
    set c = the_china_card
  }
  discard(us, c)
  let d = first(hand(us))
  if d != none {
    discard(us, d)
  }
}
"""
    result = check_lone(tmp_path, fine)
    assert not errors(result.diagnostics), describe(result.diagnostics)
    looped = """procedure t source "test · 1" {
  let c = first(hand(us))
  if c != none {
    repeat 2 {
      discard(us, c)
      set c = first(hand(us))
    }
  }
}
"""
    result = check_lone(tmp_path, looped)
    assert [(d.pos.line, d.pos.col) for d in e512(result)] == [(5, 19)], describe(result.diagnostics)
    one_branch = """procedure t source "test · 1" {
  let c = first(hand(us))
  if c == none and defcon() > 2 {
    set c = the_china_card
  }
  discard(us, c)
}
"""
    assert [d.pos.line for d in e512(check_lone(tmp_path, one_branch))] == [6]


def test_one_edit_of_a_real_appendix_file_is_refused_at_its_line() -> None:
    """The hostile round's case: Blockade's `where c != none` turned into `== none` once compiled clean
    and ended a game in `KeyError: None`; now the use of the card is refused."""
    rel = "solo-v2/appendix/010_blockade.tsr"
    text = read_rule(rel)
    assert text.count("where c != none") == 1
    result = api.compile_target(
        "solo-v2", overrides={shown(rel): text.replace("where c != none", "where c == none")}, use_cache=False
    )
    found = e512(result)
    assert found and all(d.pos.file == shown(rel) for d in found), describe(result.diagnostics)
    assert any("argument 'card' of ops_for() may be none" in d.message for d in found), describe(found)


def test_a_none_that_reaches_a_primitive_at_run_time_names_the_rule() -> None:
    """An IR made some other way (here: a country taken out of a setup statement) stops the game with a
    rule error naming the rule file and line, the primitive and its argument, never `KeyError: None`."""
    ir = copy.deepcopy(api.compile_target("standard").ir)
    assert ir is not None
    ir["procedures"]["fixed_setup_influence"]["body"][2]["do"]["add_influence"][1] = None
    players = {"us": RandomPlayer(1), "ussr": RandomPlayer(2)}
    engine = Engine(ir, players, seed=1, program=Program(ir, IMPLEMENTATIONS))
    with pytest.raises(RuleError) as raised:
        engine.run()
    message = str(raised.value)
    src = ir["procedures"]["fixed_setup_influence"]["src"]
    said = f"{src}: in procedure fixed_setup_influence: add_influence() got none for 'country'"
    assert message.startswith(said), message
