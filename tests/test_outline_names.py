"""The outline (`twilight docs`, `explain`, `diff --lang`) names the tables, zones, tracks, variables,
settings and priority lists a ruleset declares by the words the game names them by (`table-<name>`,
`state-<name>`, a setting's `.name`, `ai-priority-<name>`), quoted; the id, spaced, only when no message
names the thing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import run_cli
from twilight.cli.localizer import LANGUAGES, Localizer, readable
from twilight.cli.outline import Outliner
from twilight.cli.session.text import play_folders
from twilight.compiler import api
from twilight.harness.scenario import PLAY_MODES
from twilight.runtime.core.primitives import MODES

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def solo() -> dict[str, Any]:
    result = api.compile_target("solo-v2")
    assert result.ir is not None and result.ok
    return result.ir


def words(lang: str, ruleset: str = "solo-v2") -> Localizer:
    return Localizer.for_folders(play_folders(ruleset), lang)


def ref(kind: str, ident: str) -> dict[str, Any]:
    return {"ref": kind, "id": ident}


EXPECTED = {
    "en": {
        ("table", "variable_setup"): "“Variable setup”",
        ("zone", "scoring_revealed"): "“Scoring cards face up”",
        ("track", "turn"): "“Turn”",
        ("variable", "primary_region"): "“Primary region”",
        ("setting", "ai_side"): "“The AI's side”",
    },
    "ru": {
        ("table", "variable_setup"): "«Вариативная расстановка»",
        ("zone", "scoring_revealed"): "«Вскрытые карточки подсчета очков»",
        ("track", "turn"): "«Ход»",
        ("variable", "primary_region"): "«Первичный регион»",
        ("setting", "ai_side"): "«Сторона ИИ»",
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_declared_things_are_named_by_their_messages(solo: dict[str, Any], lang: str) -> None:
    words_of = Outliner(words(lang), solo)
    for (kind, ident), shown in EXPECTED[lang].items():
        assert words_of.expr(ref(kind, ident)) == shown, (kind, ident)
    assert words_of.loc.errors == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_names_them_once_quoted(solo: dict[str, Any], lang: str) -> None:
    outliner = Outliner(words(lang), solo)
    zone = outliner.expr({"call": {"zone": [ref("zone", "scoring_revealed")]}})
    track = outliner.expr({"call": {"track_max": [ref("track", "turn")]}})
    named = EXPECTED[lang]
    assert named[("zone", "scoring_revealed")] in zone and named[("track", "turn")] in track
    # The Russian words quoted the names themselves: not twice now («“turn”»).
    for text in (zone, track):
        assert "«“" not in text and "««" not in text and "»»" not in text, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_arguments_that_name_a_declared_thing(solo: dict[str, Any], lang: str) -> None:
    """`set primary_region = …` (set_variable's text), `setting("level")`, and a table's column."""
    outliner = Outliner(words(lang), solo)
    (line,) = outliner.body([{"do": {"set_variable": [{"str": "primary_region"}, None]}}])
    assert EXPECTED[lang][("variable", "primary_region")] in line and "primary_region" not in line
    level = outliner.expr({"call": {"setting": [{"str": "level"}]}})
    name = words(lang).get("setting-level", "name")
    assert name and name in level and "“level”" not in level, level
    cell = outliner.expr(
        {"call": {"table_value": [ref("table", "ai_head_start"), ref("setting", "level"), {"str": "vp"}]}}
    )
    column = words(lang).get("table-ai_head_start-column-vp")
    assert column and column in cell and "“vp”" not in cell, cell
    assert words(lang).get("table-ai_head_start") in cell


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_priority_list_picked_is_named_by_its_title(solo: dict[str, Any], lang: str) -> None:
    outliner = Outliner(words(lang), solo)
    text = outliner.expr({"pick": "ai_coup_target", "args": [{"var": "ai"}]})
    title = words(lang).get("ai-priority-ai_coup_target")
    assert title and title in text and "ai coup target" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_spaced_id_only_when_no_message_names_it(solo: dict[str, Any], lang: str) -> None:
    outliner = Outliner(words(lang), solo)
    quoted = outliner.expr(ref("variable", "no_such_variable"))
    assert readable("no_such_variable").lower() in quoted
    assert quoted == words(lang).get("outline-named", name="no such variable")


def variant(tmp_path: Path, setting_words: dict[str, str]) -> Path:
    """A variant of solo-v2 with a new setting worded in each language as given."""
    folder = tmp_path / "bonus"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "bonus" {\n  version "1"\n  extends "solo-v2"\n  description "a test"\n}\n'
        'setting nasser_bonus: int from 0 to 3 = 1 provisional "P1: a test"\n'
        'override card 15 nasser provisional "P1: a test" {\n'
        "  ops 1 side ussr period early starred\n"
        "  event { add_influence(ussr, egypt, 2 + nasser_bonus) }\n"
        "}\n",
        encoding="utf-8",
    )
    for lang, text in setting_words.items():
        (folder / "locales" / lang).mkdir(parents=True)
        (folder / "locales" / lang / "play.ftl").write_text(f"# test\n{text}\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("lang", "message", "shown"),
    [
        (
            "en",
            "setting-nasser_bonus = Extra influence Nasser places in Egypt",
            "“Extra influence Nasser places in Egypt”",
        ),
        (
            "ru",
            "setting-nasser_bonus = Сколько влияния добавляет Насер?",
            "«Сколько влияния добавляет Насер»",
        ),
        ("ru", "setting-nasser_bonus = Вопрос?\n    .name = Прибавка Насера", "«Прибавка Насера»"),
    ],
)
def test_a_variants_new_setting_is_named_in_explain(
    tmp_path: Path, lang: str, message: str, shown: str
) -> None:
    """By its `.name`, else by its question without the question mark; never `"nasser bonus"`."""
    folder = variant(tmp_path, {lang: message})
    code, text = run_cli(["explain", "card", "15", "--ruleset", str(folder), "--lang", lang])
    assert code == 0, text
    assert shown in text, text
    assert "nasser bonus" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_generated_pages_name_them_by_their_messages(tmp_path: Path, lang: str) -> None:
    """`twilight docs solo-v2`: the turn sequence names the tables, zones, tracks, variables and settings
    it uses by their words, in the page's language; no declared thing with words shows as its id."""
    out = tmp_path / lang
    code, text = run_cli(["docs", "solo-v2", "--lang", lang, "-o", str(out)])
    assert code == 0, text
    sequence = (out / "sequence.md").read_text(encoding="utf-8").replace("\\_", "_")
    for shown in EXPECTED[lang].values():
        assert shown in sequence, shown
    loc = words(lang)
    gains = loc.get("outline-fx-gain_vp", a0=EXPECTED[lang][("setting", "ai_side")], a1="X")
    assert gains and gains.split("X")[0] in sequence
    pages = "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.glob("*.md"))).replace("\\_", "_")
    ir = api.compile_target("solo-v2").ir
    assert ir is not None
    declared = {
        "table": ir["tables"],
        "state": [*ir["variables"], *ir["zones"], *ir["tracks"]],
        "setting": ir["settings"],
    }
    # (a way to play a card, `may("space", …)`, is a text of the rules and not the track `space`)
    texts = set(PLAY_MODES) | set(MODES)
    raw = [
        name
        for family, names in declared.items()
        for name in names
        if loc.get(f"{family}-{name}") is not None
        and name not in texts
        and re.search(rf"[“«\"]{re.escape(readable(name).lower())}[”»\"]", pages)
    ]
    assert raw == []


def test_diff_names_the_variants_setting_in_russian(tmp_path: Path) -> None:
    """`twilight diff --lang ru` names the variant's new setting in Russian in its card's outline."""
    folder = variant(
        tmp_path,
        {
            "en": "setting-nasser_bonus = Extra influence Nasser places in Egypt",
            "ru": "setting-nasser_bonus = Дополнительное влияние, которое Насер размещает в Египте",
        },
    )
    code, text = run_cli(["diff", "solo-v2", str(folder), "--lang", "ru"])
    assert code == 0, text
    assert "«Дополнительное влияние, которое Насер размещает в Египте»" in text, text
    assert "nasser bonus" not in text
