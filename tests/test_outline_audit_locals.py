"""The names the rules give (local values, loop variables, parameters, lasting effects) in an outline:
in the reader's language when the ruleset words them (`outline-local-<name>`, `outline-lasting-<id>`),
as the rule file writes them when not; and `twilight i18n` knows those words (optional, listed by
`status` while no language has them)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from twilight.cli.explain.cmd import explain_cards
from twilight.cli.i18n.check import check_ruleset
from twilight.cli.localizer import Localizer, ruleset_folders
from twilight.cli.main import cli
from twilight.cli.outline import Outliner, lasting_ids, local_names, outline_event
from twilight.cli.ruleset_target import compile_ruleset
from twilight.cli.session import text as play_text
from twilight.compiler.loader import known_rulesets

LATIN_WORD = re.compile(r"[A-Za-z_]{2,}")
# Latin words a Russian outline may hold: names the Russian rules themselves write in Latin letters.
LATIN_IN_RUSSIAN = {"DEFCON"}


def ir_of(ruleset: str) -> dict[str, Any]:
    result = compile_ruleset(ruleset)
    assert result.ir is not None and result.ok
    return result.ir


def event_outline(ruleset: str, card: str, lang: str) -> list[str]:
    loc = Localizer.for_ruleset(ruleset, lang)
    ir = ir_of(ruleset)
    return outline_event(loc, ir, ir["cards"][card])


@pytest.mark.parametrize("card", ["olympic_games", "missile_envy"])
def test_a_russian_outline_names_the_rules_locals_in_russian(card: str) -> None:
    lines = event_outline("standard", card, "ru")
    latin = {w for line in lines for w in LATIN_WORD.findall(line)} - LATIN_IN_RUSSIAN
    assert latin == set(), lines


def test_the_olympic_games_read_in_russian() -> None:
    text = "\n".join(event_outline("standard", "olympic_games", "ru"))
    assert "пусть хозяин игр = игрок" in text
    assert "решает гость" in text
    assert "победитель получает ПО: 2" in text


def test_a_named_local_is_declined_where_the_phrase_asks_for_a_case() -> None:
    text = "\n".join(event_outline("standard", "missile_envy", "ru"))
    assert "рука соперника" in text  # the genitive: `outline-local-rival.gen`
    assert "до конца следующего раунда действий соперника" in text


def test_the_solo_appendix_names_its_locals_in_russian() -> None:
    _, [view] = explain_cards("solo-v2", "blockade", "ru")
    lines = [*view["appendix"]["reaction"], *view["appendix"]["against_human"]]
    text = "\n".join(lines)
    assert "пусть первая карта = первый из списка: рука игрока-человека" in text
    # `for each other`: the loop's word agrees with the name («каждой» for a feminine noun)
    assert "для каждой другой карты из списка: взятые карты" in text
    # an item of unknown kind is not declined as a side («ОО стороны c»)
    assert "ОО стороны c" not in text and "ОО карты c" in text


def test_a_chosen_local_with_words_is_said_without_its_kind() -> None:
    for lang, said in (("en", "choose the level from"), ("ru", "выбрать уровень из списка")):
        text = "\n".join(event_outline("standard", "how_i_learned_to_stop_worrying", lang))
        assert said in text


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_lasting_effect_is_named_by_its_id(ruleset: str, lang: str) -> None:
    _, views = explain_cards(ruleset, "all", lang)
    shown = "\n".join(line for view in views for line in view["outline"])
    appendix = [view.get("appendix") or {} for view in views]
    shown += "\n".join(
        line for entry in appendix for key in ("reaction", "against_human") for line in entry.get(key) or []
    )
    ids = lasting_ids(ir_of(ruleset))
    assert "missile_envy_obligation" in ids
    assert [i for i in sorted(ids) if i.replace("_", " ") in shown] == []
    if lang == "en":
        assert "Missile Envy: the card must be played" in shown


def words_folder(tmp_path: Path, en: str, ru: str) -> Path:
    """A locale folder holding an `outline.ftl` in English and Russian, to put after a ruleset's."""
    for lang, text in (("en", en), ("ru", ru)):
        folder = tmp_path / "words" / "locales" / lang
        folder.mkdir(parents=True)
        (folder / "outline.ftl").write_text(text, encoding="utf-8")
    return tmp_path / "words"


def test_a_local_with_no_words_is_shown_as_written(tmp_path: Path) -> None:
    loc = Localizer.for_ruleset("standard", "ru")
    body = [
        {"let": "zzz_share", "value": 3},
        {"do": {"gain_vp": [{"var": "player"}, {"var": "zzz_share"}]}},
    ]
    assert Outliner(loc, ir_of("standard")).body(body) == [
        "пусть zzz_share = 3",
        "игрок получает ПО: zzz_share",
    ]


def test_a_local_with_words_only_in_english_is_said_in_english(tmp_path: Path) -> None:
    # (the Russian file words another name: a Fluent file with no message at all is another matter)
    extra = words_folder(tmp_path, "outline-local-zzz_share = the share\n", "outline-local-zzz_x = x\n")
    loc = Localizer.for_folders([*ruleset_folders("standard"), extra], "ru")
    body = [{"let": "zzz_share", "value": 3}]
    assert Outliner(loc, ir_of("standard")).body(body) == ["пусть the share = 3"]


def test_a_local_word_does_not_rename_the_games_variable_of_that_name(tmp_path: Path) -> None:
    # `target` is also the variable the game gives a hook: only a `let target` is the rules' own.
    extra = words_folder(tmp_path, "outline-local-target = the chosen one\n", "outline-local-zzz_x = x\n")
    loc = Localizer.for_folders([*ruleset_folders("standard"), extra], "en")
    outliner = Outliner(loc, ir_of("standard"))
    assert outliner.expr({"var": "target"}) == "the target country"
    assert outliner.body([{"let": "target", "value": 1}]) == ["let the chosen one be 1"]
    assert outliner.expr({"var": "target"}) == "the chosen one"


# ---------------------------------------------------------------------- twilight i18n


@pytest.fixture
def standard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the standard ruleset, and of the game's own words standing in for cli/locales."""
    app = tmp_path / "app"
    shutil.copytree(play_text.APP_FOLDER / "locales", app / "locales")
    monkeypatch.setattr(play_text, "APP_FOLDER", app)
    folder = tmp_path / "standard"
    shutil.copytree(known_rulesets()["standard"], folder)
    return folder


def i18n(*args: str) -> Result:
    return CliRunner().invoke(cli, ["i18n", *args])


def add_local(folder: Path) -> None:
    """A translator's new local in a card's event: `let spare = …` in Olympic Games."""
    path = folder / "cards" / "020_olympic_games.tsr"
    text = path.read_text(encoding="utf-8")
    assert "let guest = opponent(player)" in text
    path.write_text(
        text.replace(
            "let guest = opponent(player)", "let guest = opponent(player)\n    let spare = guest", 1
        ),
        encoding="utf-8",
    )


def test_every_local_of_the_outlines_is_worded_in_both_languages() -> None:
    for ruleset in ("standard", "solo-v2", "solo-v2-quickdeal"):
        ir = ir_of(ruleset)
        for lang in ("en", "ru"):
            loc = Localizer.for_ruleset(ruleset, lang)
            own = loc.catalogs[0]  # the language's own words, English not behind them
            unworded = sorted(
                name
                for name in local_names(ir)
                if len(name) > 1
                and not own.has(f"outline-local-{name}")
                and not own.has(f"outline-var-{name}")
            )
            assert unworded == [], (ruleset, lang)


def test_status_lists_a_new_local_until_it_is_worded(standard: Path) -> None:
    add_local(standard)
    result = i18n("status", str(standard), "-v")
    assert result.exit_code == 0, result.output
    assert "1 optional" in result.output
    assert "optional outline-local-spare (belongs in " in result.output
    assert str(Path("locales") / "ru" / "outline.ftl") in result.output
    # worded in English only: Russian lacks it (the English is what a translation is made from)
    english = standard / "locales" / "en" / "outline.ftl"
    english.write_text(english.read_text(encoding="utf-8") + "outline-local-spare = the spare\n", "utf-8")
    result = i18n("status", str(standard), "-v")
    assert "optional outline-local-spare" not in result.output
    assert re.search(r"^  missing +outline-local-spare ", result.output, re.M), result.output


def test_check_knows_the_outline_words_of_a_ruleset(standard: Path) -> None:
    add_local(standard)
    for lang, word in (("en", "the spare"), ("ru", "запасной")):
        path = standard / "locales" / lang / "outline.ftl"
        extra = f"outline-local-spare = {word}\noutline-local-no_such_local = {word}\n"
        path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")
    result = compile_ruleset(str(standard))
    assert result.ir is not None and result.ok
    report = check_ruleset(str(standard), result.ir)
    unused = {p["id"] for p in report.problems if p["kind"] == "unused"}
    assert unused == {"outline-local-no_such_local"}
    assert not [p for p in report.problems if "spare" in p["id"]]


def test_docs_name_a_procedures_parameters_as_its_outline_does(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["docs", "solo-v2", "--lang", "ru", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    sequence = (tmp_path / "sequence.md").read_text(encoding="utf-8")
    # the word first, then the declaration as the rule file writes it
    assert "число карт к сохранению (`keep: int`)" in sequence
    assert "пусть число сохраняемых карт = большее из 0 и" in sequence
