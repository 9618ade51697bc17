"""`twilight i18n check` warns of the words a variant inherits for something it changed (`stale`): a card
it overrides still described by its parent's `card-*` summary, a procedure, a priority option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from twilight.cli.i18n.stale import changed_items
from twilight.cli.main import cli
from twilight.compiler import api

NASSER = (
    'override card 15 nasser provisional "P1: a test" {\n'
    "  ops 1 side ussr period early starred\n"
    "  event { add_influence(ussr, egypt, 3) }\n"
    "}\n"
)


def variant(tmp_path: Path, rules: str, name: str = "cautious") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        f'ruleset "{name}" {{\n  version "1"\n  extends "solo-v2"\n  description "a test"\n}}\n',
        encoding="utf-8",
    )
    (folder / "variant.tsr").write_text(rules, encoding="utf-8")
    return folder


def write(folder: Path, lang: str, name: str, text: str) -> None:
    (folder / "locales" / lang).mkdir(parents=True, exist_ok=True)
    (folder / "locales" / lang / name).write_text(f"# test\n{text}", encoding="utf-8")


def problems(folder: Path, *flags: str) -> tuple[int, list[dict[str, Any]]]:
    result = CliRunner().invoke(cli, ["i18n", "check", str(folder), "--json", *flags])
    assert "does not compile" not in result.output, result.output
    return result.exit_code, [json.loads(line) for line in result.output.splitlines()]


def test_an_overridden_card_keeps_its_parents_summary_a_warning(tmp_path: Path) -> None:
    folder = variant(tmp_path, NASSER)
    code, found = problems(folder)
    stale = [p for p in found if p["kind"] == "stale"]
    assert [(p["lang"], p["id"], p["severity"]) for p in stale] == [
        ("en", "card-nasser", "warning"),
        ("ru", "card-nasser", "warning"),
    ]
    assert code == 0, found  # a warning: the check passes
    en, ru = stale
    assert en["detail"] == (
        "comes from standard but cautious overrides card nasser (cautious/variant.tsr:1): "
        f"write its own text in {folder / 'locales' / 'en' / 'cards.ftl'}"
    )
    assert en["where"].startswith("rules/standard/locales/en/cards.ftl:")
    assert ru["where"].startswith("rules/standard/locales/ru/cards.ftl:")
    assert CliRunner().invoke(cli, ["i18n", "check", str(folder), "--strict"]).exit_code == 1
    text = CliRunner().invoke(cli, ["i18n", "check", str(folder)]).output
    assert "cautious [ru] stale: card-nasser: comes from standard but cautious overrides card nasser" in text
    assert "cautious: ok: 0 missing, 0 unused, 0 mismatched, 0 syntax, 0 untranslated, 0 plural;" in text
    assert "warnings: 2 stale (en, ru)" in text


def test_the_variants_own_words_answer_the_warning_language_by_language(tmp_path: Path) -> None:
    folder = variant(tmp_path, NASSER)
    write(
        folder,
        "en",
        "cards.ftl",
        "card-nasser = Nasser\n    .summary = The USSR gains 3 influence in Egypt.\n",
    )
    _, found = problems(folder)
    assert [(p["lang"], p["id"]) for p in found if p["kind"] == "stale"] == [("ru", "card-nasser")]
    write(
        folder, "ru", "cards.ftl", "card-nasser = Насер\n    .summary = СССР добавляет 3 влияния в Египет.\n"
    )
    code, found = problems(folder, "--strict")
    assert (code, found) == (0, [])


def test_a_changed_priority_option_and_procedure_are_stale_a_moved_option_is_not(tmp_path: Path) -> None:
    rules = (
        'patch priority ai_coup_target provisional "P1: a test" {\n'
        "  move option non_key_country before key_country\n"
        "  option 2 key_country { where battleground(c) and stability(c) <= 3 }\n"
        "}\n"
        'override procedure solo_deal(turn_number: int) provisional "P1: a test" {\n'
        "  for each s in [ussr, us] { deal_up_to(s, 8) }\n"
        "}\n"
    )
    folder = variant(tmp_path, rules)
    _, found = problems(folder)
    stale = {(p["lang"], p["id"]): p["detail"] for p in found if p["kind"] == "stale"}
    assert set(stale) == {
        (lang, i) for lang in ("en", "ru") for i in ("ai-option-key_country", "procedure-solo_deal")
    }
    assert (
        "cautious overrides option key_country of priority ai_coup_target (cautious/variant.tsr:1)"
        in (stale[("en", "ai-option-key_country")])
    )
    assert stale[("ru", "procedure-solo_deal")].startswith(
        "comes from solo-v2 but cautious overrides procedure"
    )
    assert stale[("ru", "procedure-solo_deal")].endswith(f"{folder / 'locales' / 'ru' / 'play.ftl'}")


def test_what_a_variant_changed_is_read_from_the_irs() -> None:
    """Against its parent, solo-v2-quickdeal changes its deal and nothing else that has words; a card
    whose links the compiler works out again (another card's override) is not a change."""
    quick, solo = api.compile_target("solo-v2-quickdeal").ir, api.compile_target("solo-v2").ir
    assert quick is not None and solo is not None
    assert [c.msg_id for c in changed_items(quick, solo)] == ["procedure-solo_deal"]
    relinked = json.loads(json.dumps(solo))
    relinked["cards"]["nato"]["prevented_by"] = ["nasser"]
    relinked["cards"]["nato"]["src"] = "elsewhere.tsr:1"
    assert list(changed_items(relinked, solo)) == []


def test_a_ruleset_that_extends_nothing_has_no_stale_words() -> None:
    code, found = problems(Path("rules/standard"))
    assert (code, [p for p in found if p["kind"] == "stale"]) == (0, [])
