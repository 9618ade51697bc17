"""Schema errors in the IR are mapped back to the source position that produced the node."""

from __future__ import annotations

from typing import Any

import pytest
from twilight.compiler import api, vocab
from twilight.compiler.decls import RulesetChecker
from twilight.compiler.diagnostics import Sink
from twilight.compiler.loader import Loader, known_rulesets, merge, rules_root
from twilight.compiler.vocab import vocabulary


def _checked(name: str) -> tuple[dict[str, Any], RulesetChecker]:
    sink = Sink()
    loader = Loader(sink)
    chain = loader.load_chain(known_rulesets()[name], name, rules_root())
    loader.parse_all(chain)
    checker = RulesetChecker(merge(chain, sink), sink, vocabulary(), loader.ir_paths)
    ir = checker.run(name)
    assert not sink.has_errors(), [d.message for d in sink.items]
    return ir, checker


def test_schema_error_points_at_the_statement_that_produced_it() -> None:
    ir, checker = _checked("standard")
    statement = ir["cards"]["blockade"]["event"][0]
    statement["decision"] = "Not An Id"  # what a compiler bug could emit
    sink = Sink()
    api._validate(ir, checker.emit.where, sink)
    assert [d.code for d in sink.items] == ["E901"]
    diag = sink.items[0]
    assert diag.pos is not None
    assert diag.pos.file.endswith("010_blockade.tsr")
    assert "/cards/blockade/event/0/decision" in diag.message
    assert "does not match" in diag.message


def test_schema_error_in_an_expression_names_the_expression() -> None:
    ir, checker = _checked("solo-v2")
    option = ir["priorities"]["ai_influence_placement"]["options"][1]
    option["where"][0]["args"][0] = {"call": {"no_such_primitive": []}}
    sink = Sink()
    api._validate(ir, checker.emit.where, sink)
    assert sink.items and all(d.code == "E901" for d in sink.items)
    assert any("no_such_primitive" in d.message for d in sink.items)
    assert all(d.pos is not None and d.pos.file.endswith("influence_priority.tsr") for d in sink.items)


def test_the_real_ir_validates() -> None:
    for name in ("standard", "solo-v2"):
        ir, checker = _checked(name)
        sink = Sink()
        api._validate(ir, checker.emit.where, sink)
        assert sink.items == []


def test_schema_error_in_a_declaration_has_its_position() -> None:
    ir, checker = _checked("standard")
    ir["cards"]["europe_scoring"]["number"] = 0  # what a compiler bug could let through
    sink = Sink()
    api._validate(ir, checker.emit.where, sink)
    assert [d.code for d in sink.items] == ["E901"]
    assert sink.items[0].pos is not None
    assert sink.items[0].pos.file.endswith("002_europe_scoring.tsr")


def test_a_repeated_subtree_is_checked_again_once_changed() -> None:
    """The first, memoising pass remembers subtrees that passed; a subtree changed in one leaf after that
    must not be taken for the one already seen."""
    ir, checker = _checked("standard")
    sink = Sink()
    api._validate(ir, checker.emit.where, sink)  # the memo now holds every subtree of the real IR
    assert sink.items == []
    statement = ir["cards"]["blockade"]["event"][0]
    assert api._screen().valid(ir)
    statement["decision"] = "Not An Id"
    assert not api._screen().valid(ir)
    sink = Sink()
    api._validate(ir, checker.emit.where, sink)
    assert [d.code for d in sink.items] == ["E901"]
    assert "/cards/blockade/event/0/decision" in sink.items[0].message


def test_the_screen_tells_true_from_one() -> None:
    """1 == True in Python, but the schema tells an integer from a boolean: so must the memo."""
    ir, _ = _checked("standard")
    assert api._screen().valid(ir)
    card = ir["cards"]["europe_scoring"]
    assert isinstance(card["scoring"], bool)
    card["scoring"] = int(card["scoring"])  # equal to the bool in Python, but not a JSON boolean
    assert not api._screen().valid(ir)


def test_the_screen_stands_aside_for_a_schema_with_dynamic_scope(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under `$dynamicRef` a subschema's verdict depends on how it was reached, so equal subtrees may
    not share one: with such a keyword in the schema, only the full validation runs."""
    ir, _ = _checked("standard")
    assert api._Screen().valid(ir)
    scoped = dict(vocab.schema())
    scoped["$defs"] = {**scoped["$defs"], "anything": {"$dynamicRef": "#meta"}}
    monkeypatch.setattr(api, "schema", lambda: scoped)
    screen = api._Screen()
    assert not screen.usable and not screen.valid(ir)


def _broken_irs() -> list[dict[str, Any]]:
    """Copies of the real IR, each with one thing a compiler bug could get wrong."""
    import copy

    ir, _ = _checked("standard")
    out = []
    for change in (
        lambda d: d["cards"]["blockade"]["event"][0].__setitem__("decision", "Not An Id"),
        lambda d: d["cards"]["blockade"].__setitem__("ops", "three"),
        lambda d: d["map"]["countries"]["france"].__setitem__("stability", -1),
        lambda d: d["cards"]["blockade"]["event"].append({"no_such_statement": 1}),
        lambda d: d["functions"][next(iter(d["functions"]))].__setitem__("body", {"call": {"no_prim": []}}),
        lambda d: d.pop("sequence"),
        lambda d: d["rules"][next(iter(d["rules"]))].__setitem__("extra_key", True),
    ):
        broken = copy.deepcopy(ir)
        change(broken)
        out.append(broken)
    return out


def test_the_quick_pass_agrees_with_jsonschema() -> None:
    """jsonschema-rs answers "valid or not" first; jsonschema, which reports the errors, must agree."""
    rust = api._rust_validator()
    if rust is None:
        pytest.skip("jsonschema-rs is not installed: jsonschema validates alone")
    full = api.validator()
    for name in known_rulesets():
        ir, _ = _checked(name)
        assert rust.is_valid(ir) and full.is_valid(ir) and api._fast_valid(ir)
    for broken in _broken_irs():
        assert not rust.is_valid(broken) and not full.is_valid(broken) and not api._fast_valid(broken)


def test_every_error_is_still_reported_when_the_quick_pass_refuses() -> None:
    for broken in _broken_irs():
        sink = Sink()
        api._validate(broken, {}, sink)
        assert sink.items and all(d.code == "E901" for d in sink.items)
