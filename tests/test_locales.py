"""The locale files of the standard ruleset: complete, nothing stray, English and Russian alike."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers import compiled_ir
from twilight.cli.explain_cmd import EXPLAIN_WORDS
from twilight.cli.i18n import LANGUAGES, locale_files, message_table, ruleset_folders, syntax_errors
from twilight.cli.outline import code_message_ids

# Attributes a language may add for its grammar: genitive and accusative forms (cli/outline.py), and the
# instrumental and the locative and directional forms with their preposition (play.ftl, map names).
CASE_ATTRIBUTES = {"gen", "acc", "ins", "in", "to"}


@pytest.fixture(scope="module")
def ir() -> dict[str, Any]:
    return compiled_ir("standard")


@pytest.fixture(scope="module")
def tables() -> dict[str, dict[str, set[str]]]:
    folders = ruleset_folders("standard")
    return {lang: message_table(locale_files(folders, lang)) for lang in LANGUAGES}


def missing(ir: dict[str, Any], table: dict[str, set[str]]) -> list[str]:
    """Names (and card summaries) the IR needs and the table lacks."""
    problems: list[str] = []
    for card in ir["cards"]:
        if f"card-{card}" not in table:
            problems.append(f"card-{card}")
        elif "summary" not in table[f"card-{card}"]:
            problems.append(f"card-{card}.summary")
    for kind, ids in (
        ("country", ir["map"]["countries"]),
        ("region", ir["map"]["regions"]),
        ("side", ir["map"]["sides"]),
    ):
        problems.extend(f"{kind}-{i}" for i in ids if f"{kind}-{i}" not in table)
    return problems


def allowed_ids(ir: dict[str, Any]) -> set[str]:
    """Every message id a locale file of the ruleset may hold."""
    ids = {f"card-{c}" for c in ir["cards"]}
    ids |= {f"country-{c}" for c in ir["map"]["countries"]}
    ids |= {f"region-{r}" for r in ir["map"]["regions"]}
    ids |= {f"side-{s}" for s in ir["map"]["sides"]}
    ids |= {f"procedure-{p}" for p in ir.get("procedures", {})}
    ids |= {f"function-{f}" for f in ir.get("functions", {})}
    return ids | code_message_ids() | set(EXPLAIN_WORDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_country_region_is_named(
    ir: dict[str, Any], tables: dict[str, dict[str, set[str]]], lang: str
) -> None:
    assert missing(ir, tables[lang]) == []
    assert len([m for m in tables[lang] if m.startswith("card-")]) == len(ir["cards"]) == 110


def test_a_missing_name_or_summary_is_caught(
    ir: dict[str, Any], tables: dict[str, dict[str, set[str]]]
) -> None:
    broken = {k: set(v) for k, v in tables["ru"].items() if k not in ("card-nato", "country-cuba")}
    broken["card-blockade"] = set()
    assert missing(ir, broken) == ["card-blockade.summary", "card-nato", "country-cuba"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_stray_messages(ir: dict[str, Any], tables: dict[str, dict[str, set[str]]], lang: str) -> None:
    stray = sorted(set(tables[lang]) - allowed_ids(ir))
    assert stray == [], f"{lang}: messages that are neither ruleset names nor words of the code: {stray}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_code_is_translated(tables: dict[str, dict[str, set[str]]], lang: str) -> None:
    wanted = code_message_ids() | set(EXPLAIN_WORDS)
    assert sorted(wanted - set(tables[lang])) == []


def test_english_and_russian_have_the_same_messages(tables: dict[str, dict[str, set[str]]]) -> None:
    en, ru = tables["en"], tables["ru"]
    assert sorted(set(en) ^ set(ru)) == []
    differ = {m: (en[m], ru[m]) for m in en if en[m] - CASE_ATTRIBUTES != ru[m] - CASE_ATTRIBUTES}
    assert differ == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_locale_files_parse(lang: str) -> None:
    files = locale_files(ruleset_folders("standard"), lang)
    assert {p.name for p in files} >= {"cards.ftl", "map.ftl", "outline.ftl"}
    assert syntax_errors(files) == []
    for path in files:
        assert Path(path).read_text(encoding="utf-8").startswith("#"), f"{path} has no comment header"


def test_a_derived_ruleset_sees_the_parent_messages() -> None:
    folders = ruleset_folders("solo-v2")
    assert [f.name for f in folders] == ["standard", "solo-v2"]
    assert "card-the_china_card" in message_table(locale_files(folders, "ru"))


REFERENCE_CARDS = Path("/work/shared/reference/cards.yaml")


@pytest.mark.skipif(not REFERENCE_CARDS.is_file(), reason="the shared reference data is not here")
def test_summaries_are_reworded_not_copied() -> None:
    import yaml
    from twilight.cli.i18n import Localizer

    reference = {c["id"]: c["summary"] for c in yaml.safe_load(REFERENCE_CARDS.read_text())["cards"]}
    loc = Localizer.for_ruleset("standard", "en")
    same = [cid for cid, text in reference.items() if loc.get(f"card-{cid}", "summary") == text]
    assert same == []
    names = {c["id"]: c["name"] for c in yaml.safe_load(REFERENCE_CARDS.read_text())["cards"]}
    assert {cid: loc.card(cid) for cid in names} == names


# The solo AI's words (rules/solo-v2/locales/*/ai.ftl and appendix.ftl) for `explain trace` and the card
# appendix of `explain card`: every priority list, option name and ai_decision rule key of the rules, and
# every appendix word of the code, has a message in each language (the lists read from the IR), so an
# author who adds one without its words fails here.

AI_RULESET = "solo-v2"


@pytest.fixture(scope="module")
def solo_ir() -> dict[str, Any]:
    return compiled_ir(AI_RULESET)


def own_locale_files(lang: str) -> list[Path]:
    """The locale files solo-v2 itself holds (not those of standard, which it extends)."""
    return locale_files(ruleset_folders(AI_RULESET)[-1:], lang)


def missing_ai_words(ir: dict[str, Any], table: dict[str, set[str]]) -> list[str]:
    from twilight.cli.appendix_view import APPENDIX_WORDS
    from twilight.cli.explain_trace import TRACE_WORDS, ai_message_ids

    return sorted((ai_message_ids(ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)) - set(table))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ai_list_option_and_rule_has_words(solo_ir: dict[str, Any], lang: str) -> None:
    table = message_table(locale_files(ruleset_folders(AI_RULESET), lang))
    assert missing_ai_words(solo_ir, table) == []


def test_the_ai_words_cover_what_the_rules_use(solo_ir: dict[str, Any]) -> None:
    from twilight.cli.explain_trace import ai_message_ids, ai_rule_keys

    ids = ai_message_ids(solo_ir)
    # The lists and options as the rule files spell them, and the rule keys of their ai_decision calls.
    folder = ruleset_folders(AI_RULESET)[-1]
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.tsr")))
    lists = set(re.findall(r"^priority\s+(\w+)", text, re.M))
    options = set(re.findall(r"^\s*option\s+\d+\s+(\w+)", text, re.M))
    calls = [
        line for line in text.splitlines() if "ai_decision(" in line and not line.lstrip().startswith("#")
    ]
    keys = {s for line in calls for s in re.findall(r'"(\w+)"', line)} - {"headline", "action"}
    assert lists and options and keys
    assert {f"ai-priority-{n}" for n in lists} <= ids
    assert {f"ai-option-{n}" for n in options} <= ids
    assert ai_rule_keys(solo_ir) == keys
    assert {"headline_top_card", "headline_turned_over", "own_card_for_ops"} <= keys


def test_a_missing_ai_word_is_caught(solo_ir: dict[str, Any]) -> None:
    table = message_table(locale_files(ruleset_folders(AI_RULESET), "ru"))
    for gone in ("ai-option-key_spread", "ai-rule-headline_turned_over", "ai-priority-ai_anywhere"):
        del table[gone]
    assert missing_ai_words(solo_ir, table) == [
        "ai-option-key_spread",
        "ai-priority-ai_anywhere",
        "ai-rule-headline_turned_over",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_stray_ai_words(solo_ir: dict[str, Any], lang: str) -> None:
    from twilight.cli.appendix_view import APPENDIX_WORDS
    from twilight.cli.explain_trace import TRACE_WORDS, ai_message_ids

    own = message_table(own_locale_files(lang))
    assert own, f"solo-v2 has no {lang} locale files"
    words = ai_message_ids(solo_ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)
    stray = sorted(set(own) - words - allowed_ids(solo_ir))
    assert stray == [], f"{lang}: messages that are neither AI words nor ruleset names: {stray}"


def test_ai_words_in_english_and_russian_alike() -> None:
    en, ru = message_table(own_locale_files("en")), message_table(own_locale_files("ru"))
    assert sorted(set(en) ^ set(ru)) == []
    assert {m: (en[m], ru[m]) for m in en if en[m] - CASE_ATTRIBUTES != ru[m] - CASE_ATTRIBUTES} == {}
    for lang in LANGUAGES:
        files = own_locale_files(lang)
        assert syntax_errors(files) == []
        for path in files:
            assert path.read_text(encoding="utf-8").startswith("#"), f"{path} has no comment header"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ai_words_format_without_errors(solo_ir: dict[str, Any], lang: str) -> None:
    from twilight.cli.appendix_view import APPENDIX_WORDS
    from twilight.cli.explain_trace import TRACE_WORDS, ai_message_ids
    from twilight.cli.i18n import Localizer

    loc = Localizer.for_ruleset(AI_RULESET, lang)
    args = {"count": 2, "number": 1, "desc": "yes", "n": "5", "first": 1, "last": 9}
    for msg in sorted(ai_message_ids(solo_ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)):
        text = loc.get(msg, **{k: args.get(k, "x") for k in PLACES.findall(_source(loc, msg))})
        assert text and "{" not in text, msg
    assert loc.errors == []


PLACES = re.compile(r"\$(\w+)")


def _source(loc: Any, msg: str) -> str:
    """The message's text in its file (to learn which arguments it takes)."""
    for path in locale_files(ruleset_folders(AI_RULESET), loc.lang):
        text = path.read_text(encoding="utf-8")
        found = re.search(rf"^{re.escape(msg)} =(.*?)(?=^[\w#]|\Z)", text, re.M | re.S)
        if found:
            return found.group(1)
    return ""
