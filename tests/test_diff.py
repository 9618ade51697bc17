"""`twilight diff A B`: each test builds a small variant of a real ruleset in a temporary folder (it
`extends` standard or solo-v2 and overrides one declaration) and checks that the report names exactly
that change, and nothing else."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import read_rule, run_cli
from twilight.cli.diff.cmd import diff_report, render_text
from twilight.cli.diff.ir import Change, line_diff, moved
from twilight.compiler import api


def variant(folder: Path, extends: str, text: str, version: str = "9.9") -> str:
    """A ruleset folder that extends `extends` with the declarations of `text`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{folder.name}" source "test" {{\n  version "{version}"\n  extends "{extends}"\n'
        f'  description "a variant for the diff tests"\n}}\n',
        encoding="utf-8",
    )
    (folder / "changes.tsr").write_text(text, encoding="utf-8")
    return str(folder)


def declaration(rel: str, head: str) -> str:
    """One declaration of a real rule file, with `override` before it: the starting point a variant
    edits. It runs from its head line to its closing brace, or, without braces, over its indented lines."""
    lines = read_rule(rel).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(head))
    depth, opened, end = 0, False, start
    while end < len(lines):
        line = lines[end]
        if end > start and not opened and not line.startswith((" ", "\t")):
            break
        depth += line.count("{") - line.count("}")
        opened = opened or "{" in line
        end += 1
        if opened and depth == 0:
            break
    return "override " + "\n".join(lines[start:end]) + "\n"


def edited(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} should occur once in:\n{text}"
    return text.replace(old, new)


def only_change(report: dict[str, Any]) -> Change:
    changes: list[Change] = report["changes"]
    assert len(changes) == 1, [(c.kind, c.id, c.change) for c in changes]
    return changes[0]


def fields(change: Change) -> list[str]:
    return [d.field for d in change.details]


DUCK = ("standard/cards/004_duck_and_cover.tsr", "card 4 duck_and_cover")


def test_card_ops_changed(tmp_path: Path) -> None:
    text = edited(declaration(*DUCK), "ops 3", "ops 2")
    report = diff_report("standard", variant(tmp_path / "ops", "standard", text), "en")
    change = only_change(report)
    assert (change.kind, change.id, change.change) == ("card", "duck_and_cover", "changed")
    assert fields(change) == ["ops"]
    assert (change.details[0].before, change.details[0].after) == (3, 2)
    assert change.before == {"ops": 3} and change.after == {"ops": 2}
    # The sources are B's: the variant's file, the references the card carries.
    assert change.sources["src"].endswith("changes.tsr:1")
    assert "card text (deluxe) · 4" in change.sources["sources"]
    text_lines = render_text(report)
    assert "    ops: 3 -> 2" in text_lines
    assert "version: 1.0 -> 9.9" in text_lines


def test_card_event_changed_shows_the_changed_outline_lines(tmp_path: Path) -> None:
    text = edited(declaration(*DUCK), "gain_vp(us, 5 - defcon())", "gain_vp(us, 6 - defcon())")
    report = diff_report("standard", variant(tmp_path / "event", "standard", text), "en")
    change = only_change(report)
    assert fields(change) == ["event"]
    # Only the changed line, before and after; DEFCON's drop, unchanged, is not shown.
    assert change.details[0].diff == ["- US gains (5 − DEFCON) VP", "+ US gains (6 − DEFCON) VP"]
    assert change.before is not None and change.before["event"][0] == "change DEFCON by −1"


def test_outlines_follow_the_language(tmp_path: Path) -> None:
    text = edited(declaration(*DUCK), "gain_vp(us, 5 - defcon())", "gain_vp(us, 6 - defcon())")
    folder = variant(tmp_path / "ru", "standard", text)
    status, out = run_cli(["diff", "standard", folder, "--lang", "ru"])
    assert status == 0, out
    assert "#4 Пригнись и укройся (duck_and_cover)" in out
    minus = next(line for line in out.splitlines() if line.strip().startswith("- "))
    plus = next(line for line in out.splitlines() if line.strip().startswith("+ "))
    assert re.search("[а-яА-Я]", minus) and "5" in minus and "VP" not in minus, out
    assert re.search("[а-яА-Я]", plus) and "6" in plus, out
    # The report's own labels stay English.
    assert "Cards: 1 changed" in out and "event:" in out


def test_appendix_entry_changed(tmp_path: Path) -> None:
    text = edited(
        declaration("solo-v2/appendix/004_duck_and_cover.tsr", "appendix 4 duck_and_cover"),
        "event_vp_gain(ai, this_card) >= 2",
        "event_vp_gain(ai, this_card) >= 3",
    )
    report = diff_report("solo-v2", variant(tmp_path / "appendix", "solo-v2", text), "en")
    change = only_change(report)
    assert (change.kind, change.id) == ("appendix", "duck_and_cover")
    assert fields(change) == ["event 1 condition"]
    detail = change.details[0]
    assert detail.before.endswith("≥ 2") and detail.after.endswith("≥ 3")
    assert "the event of this card" in detail.after  # in words (appendix_view), not IR
    assert change.sources["sources"] == ["000 · Приложение «Карточки» · 4"]


def test_appendix_moment_added(tmp_path: Path) -> None:
    text = edited(
        declaration("solo-v2/appendix/004_duck_and_cover.tsr", "appendix 4 duck_and_cover"),
        "ai_event headline, non_scoring_round",
        "ai_event headline, non_scoring_round, action_round",
    )
    change = only_change(diff_report("solo-v2", variant(tmp_path / "moment", "solo-v2", text), "en"))
    assert fields(change) == ["event 1 moments"]
    assert change.details[0].after.endswith("any action round")


PLACE = ("solo-v2/ai/answers.tsr", "priority ai_answer_place")


def moved_option(text: str) -> str:
    """ai_answer_place with its option 3 (secondary_region) moved to the front, renumbered 1-5."""
    head = text[: text.index("  option 1 ")]
    options = re.findall(r"  option \d+ (\w+) \{\n(.*?)\n  \}\n", text, re.S)
    assert [name for name, _ in options] == [
        "headline_europe",
        "primary_region",
        "secondary_region",
        "the_cards_region",
        "anywhere",
    ]
    order = [options[2], options[0], options[1], options[3], options[4]]
    body = "".join(f"  option {i} {name} {{\n{inner}\n  }}\n" for i, (name, inner) in enumerate(order, 1))
    return head + body + text[text.index("  then by") :]


def test_priority_option_moved(tmp_path: Path) -> None:
    text = moved_option(declaration(*PLACE))
    report = diff_report("solo-v2", variant(tmp_path / "moved", "solo-v2", text), "en")
    change = only_change(report)
    assert (change.kind, change.id) == ("priority", "ai_answer_place")
    # One move, not four renumberings: the others follow their new places.
    assert [(d.field, d.change, d.note) for d in change.details] == [
        ("option secondary_region", "moved", "moved from 3 to 1")
    ]
    assert "    option secondary_region: moved from 3 to 1" in render_text(report)
    assert change.sources["provisional"][0].startswith("P3.1")


def test_priority_option_condition_changed_and_option_added(tmp_path: Path) -> None:
    text = declaration(*PLACE)
    text = edited(text, "where in_region(x, europe)", "where in_region(x, asia)")
    text = edited(
        text,
        "  option 5 anywhere {",
        "  option 5 battlegrounds {\n    where battleground(c)\n  }\n  option 6 anywhere {",
    )
    change = only_change(diff_report("solo-v2", variant(tmp_path / "cond", "solo-v2", text), "en"))
    assert sorted(fields(change)) == ["option battlegrounds", "option headline_europe: where"]
    by_field = {d.field: d for d in change.details}
    assert by_field["option battlegrounds"].note == "added as 5"
    diff = by_field["option headline_europe: where"].diff
    assert len(diff) == 2 and diff[0].startswith("- ") and diff[1].startswith("+ ")
    assert diff[0].endswith("where x is in Europe, yes)") and diff[1].endswith("where x is in Asia, yes)")


def test_setup_table_rows_changed(tmp_path: Path) -> None:
    # France gives a point of column 3 to Italy, which gives one of column 2 back (each column's total
    # must still hold).
    text = declaration("solo-v2/setup_tables.tsr", "table variable_setup")
    text = edited(text, "row us france:           1 3 1 1", "row us france:           1 2 2 1")
    text = edited(text, "row us italy:            1 1 2 1", "row us italy:            1 2 1 1")
    report = diff_report("solo-v2", variant(tmp_path / "table", "solo-v2", text), "en")
    change = only_change(report)
    assert (change.kind, change.id) == ("table", "variable_setup")
    assert [(d.field, d.before, d.after) for d in change.details] == [
        ("row us france, column 3", 3, 2),
        ("row us france, column 2", 1, 2),
        ("row us italy, column 3", 1, 2),
        ("row us italy, column 2", 2, 1),
    ]
    # (the report names the row and the column in words, as `rulesets --changes` does; `field` keeps ids)
    assert "    row US, France; roll of 3: 3 -> 2" in render_text(report)
    assert [d.words for d in change.details][:2] == ["row US, France; roll of 3", "row US, France; roll of 2"]


def test_setup_table_row_added(tmp_path: Path) -> None:
    text = declaration("solo-v2/setup_tables.tsr", "table variable_setup")
    text = edited(
        text,
        "row us sweden:           - - - 1",
        "row us sweden:           - - - 1\n  row us norway: - - - -",
    )
    change = only_change(diff_report("solo-v2", variant(tmp_path / "row", "solo-v2", text), "en"))
    assert [(d.field, d.change, d.note) for d in change.details] == [
        ("row us norway", "added", "added (0 0 0 0)")  # `-` is 0 in the IR
    ]


def test_setting_default_changed(tmp_path: Path) -> None:
    text = edited(declaration("solo-v2/settings.tsr", "setting level"), "= normal", "= hard")
    change = only_change(diff_report("solo-v2", variant(tmp_path / "setting", "solo-v2", text), "en"))
    assert (change.kind, change.id) == ("setting", "level")
    assert [(d.field, d.before, d.after) for d in change.details] == [("default", "normal", "hard")]


def test_int_setting_bounds_changed(tmp_path: Path) -> None:
    text = declaration("standard/settings.tsr", "setting us_handicap_influence")
    text = edited(text, "from 0 to 10 = 0", "from 1 to 4 = 2")
    change = only_change(diff_report("standard", variant(tmp_path / "setting", "standard", text), "en"))
    assert (change.kind, change.id) == ("setting", "us_handicap_influence")
    assert [(d.field, d.before, d.after) for d in change.details] == [
        ("default", 0, 2),
        ("min", 0, 1),
        ("max", 10, 4),
    ]


def test_country_stability_changed(tmp_path: Path) -> None:
    text = edited(declaration("standard/map/europe.tsr", "country poland"), "stability 3", "stability 2")
    report = diff_report("standard", variant(tmp_path / "map", "standard", text), "en")
    change = only_change(report)
    assert (change.kind, change.id, change.name) == ("country", "poland", "Poland (poland)")
    assert [(d.field, d.before, d.after) for d in change.details] == [("stability", 3, 2)]
    assert "Map: countries: 1 changed" in render_text(report)


def test_removed_declaration_and_its_sources(tmp_path: Path) -> None:
    folder = variant(tmp_path / "removed", "standard", "remove restriction scoring_cards_not_held\n")
    change = only_change(diff_report("standard", folder, "en"))
    assert (change.kind, change.id, change.change) == ("rule", "scoring_cards_not_held", "removed")
    assert change.after is None and change.before is not None
    assert change.sources["sources"] == ["002 · 2.2.1", "002 · 4.5 D"]  # A's: B no longer has it


def test_noise_is_not_a_change(tmp_path: Path) -> None:
    """The same declarations at other positions, a provenance's references in another order, another
    description: nothing changed but the version, in one line."""
    restriction = declaration("standard/victory.tsr", "restriction scoring_cards_not_held")
    swapped = edited(
        restriction, 'source "002 · 2.2.1" source "002 · 4.5 D"', 'source "002 · 4.5 D" source "002 · 2.2.1"'
    )
    text = "\n\n" + declaration(*DUCK) + "\n" + swapped
    report = diff_report("standard", variant(tmp_path / "noise", "standard", text), "en")
    assert report["changes"] == []
    lines = render_text(report)
    assert lines[1:] == ["version: 1.0 -> 9.9", "nothing changed: both rulesets have the same rules"]


def test_itself_nothing_changed() -> None:
    status, out = run_cli(["diff", "solo-v2", "solo-v2"])
    assert status == 0, out
    assert out.strip().splitlines() == [
        "solo-v2 (solo-v2 2.0) -> solo-v2 (solo-v2 2.0)",
        "nothing changed: both rulesets have the same rules",
    ]


def test_standard_to_solo_lists_the_ai_as_added() -> None:
    status, out = run_cli(["diff", "standard", "solo-v2"])
    assert status == 0, out
    solo = api.compile_target("solo-v2").ir
    assert solo is not None
    lists = list(solo["priorities"])
    assert f"Priority lists: {len(lists)} added" in out
    for name in lists:
        assert re.search(rf"^  added .*\({name}\): \d+ options?, target", out, re.M), name
    assert f"Card appendix (solo AI): {len(solo['appendix'])} added" in out
    assert "version: 1.0 -> 2.0" in out
    status, out = run_cli(["diff", "standard", "solo-v2", "--json"])
    assert status == 0
    payload = json.loads(out)
    added = {c["id"] for c in payload["changes"] if c["kind"] == "priority" and c["change"] == "added"}
    assert added == set(lists)
    assert payload["counts"]["priority"] == {"added": len(lists)}


def test_json_carries_kind_id_change_before_after_sources(tmp_path: Path) -> None:
    text = edited(declaration("solo-v2/settings.tsr", "setting level"), "= normal", "= hard")
    status, out = run_cli(["diff", "solo-v2", variant(tmp_path / "json", "solo-v2", text), "--json"])
    assert status == 0, out
    payload = json.loads(out)
    assert payload["version"] == {"before": "2.0", "after": "9.9"}
    [change] = payload["changes"]
    assert {k: change[k] for k in ("kind", "id", "change", "before", "after")} == {
        "kind": "setting",
        "id": "level",
        "change": "changed",
        "before": {"default": "normal"},
        "after": {"default": "hard"},
    }
    assert change["sources"]["sources"] == ["000 · Расстановка · 5"]
    assert change["sources"]["src"].endswith("changes.tsr:1")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["diff", "standard", "no_such_ruleset"], "E002"),
        (["diff", "standard", "standard", "--lang", "xx"], "unknown language xx"),
    ],
)
def test_bad_input_exits_1_without_a_traceback(args: list[str], expected: str) -> None:
    status, out = run_cli(args)
    assert status == 1, out
    assert expected in out and "Traceback" not in out


def test_a_variant_that_does_not_compile_shows_its_diagnostics(tmp_path: Path) -> None:
    text = edited(declaration(*DUCK), "ops 3", "ops 3 period sometime")
    status, out = run_cli(["diff", "standard", variant(tmp_path / "broken", "standard", text)])
    assert status == 1, out
    assert "changes.tsr:" in out and "error[" in out and "cannot compile" in out
    assert "Traceback" not in out


def test_moved_takes_the_fewest_moves() -> None:
    assert moved(["a", "b", "c", "d"], ["c", "a", "b", "d"]) == ["c"]
    assert moved(["a", "b", "c"], ["a", "x", "b", "c"]) == []  # an item that came is not a move
    assert len(moved(["a", "b"], ["b", "a"])) == 1


def test_line_diff_names_the_block_a_change_sits_in() -> None:
    before = ["phase “A”:", "  improve defcon", "phase “B”:", "  deal"]
    after = ["phase “A”:", "  improve defcon", "phase “B”:", "  solo deal"]
    assert line_diff(before, after) == ["  phase “B”:", "-   deal", "+   solo deal"]


def test_a_change_no_outline_shows_is_named_by_its_place(tmp_path: Path) -> None:
    text = edited(
        declaration(*PLACE),
        'asc source "000 · Приоритет Действий ИИ"',
        'asc source "000 · Приоритет Действий ИИ · 2"',
    )
    change = only_change(diff_report("solo-v2", variant(tmp_path / "key", "solo-v2", text), "en"))
    [detail] = change.details
    assert detail.field == "final/0/provenance/sources/0"
    assert (detail.before, detail.after) == ("000 · Приоритет Действий ИИ", "000 · Приоритет Действий ИИ · 2")
    assert detail.note is not None and detail.note.endswith("(changed where no outline shows it)")


def test_a_lone_rule_file_against_its_base(tmp_path: Path) -> None:
    lone = tmp_path / "duck.tsr"
    lone.write_text(edited(declaration(*DUCK), "ops 3", "ops 2"), encoding="utf-8")
    status, out = run_cli(["diff", "standard", str(lone)])
    assert status == 0, out
    assert (
        "    ops: 3 -> 2" in out and "version:" not in out and out.rstrip().endswith("1 declaration differs")
    )


def test_declared_state_and_scenario_moments_are_compared() -> None:
    # the 30-VP, 8-turn variant changes two tracks and nothing else
    status, out = run_cli(["diff", "solo-v2", "tests/variants/solo-v2-thirty"])
    assert status == 0, out
    assert "Declared state: tracks: 2 changed" in out
    assert "to: 10 -> 8" in out and "from: -20 -> -30" in out
    status, out = run_cli(["diff", "standard", "solo-v2"])
    assert status == 0, out
    assert "Declared state: variables: 4 added" in out and "added primary_region" in out
    assert "Declared state: zones (card piles): 3 added" in out
    assert re.search(r"Scenario moments: \d+ changed, \d+ added", out)
