"""The locale files of the standard ruleset: complete, nothing stray, English and Russian alike."""

from __future__ import annotations

import itertools
import os
import re
import shutil
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from helpers import ROOT, compiled_ir
from twilight.cli.explain.cmd import EXPLAIN_WORDS
from twilight.cli.i18n.check import (
    OPTIONAL_PROGRESS_SUFFIX,
    optional_ids,
    play_message_ids,
    play_names,
    runtime_choices,
    table_message_ids,
)
from twilight.cli.localizer import (
    ALIAS_ATTRIBUTE,
    FALLBACK,
    LANGUAGES,
    locale_files,
    message_table,
    ruleset_folders,
    syntax_errors,
)
from twilight.cli.outline import code_message_ids
from twilight.cli.session.text import APP_FOLDER, play_folders
from twilight.cli.source_words import source_message_ids
from twilight.cli.sources_cmd import needed_message_ids
from twilight.cli.versions import DESCRIPTION_MESSAGE

# Attributes a language may add for its grammar: genitive and accusative forms (cli/outline.py), and the
# instrumental and the locative and directional forms with their preposition (play.ftl, map names); and a
# card's other names a player may type (`.also`, cli/localizer.py), which each language has as it needs.
CASE_ATTRIBUTES = {"gen", "acc", "ins", "in", "to", "form", ALIAS_ATTRIBUTE}


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
    ids |= play_message_ids(ir) | table_message_ids(ir)
    ids |= source_message_ids()
    ids.add(DESCRIPTION_MESSAGE)  # the ruleset's description in the list `twilight play` offers
    # A decision's own words for "pick 2 of 3" (optional, as `twilight i18n check` has it).
    ids |= {f"{d}{OPTIONAL_PROGRESS_SUFFIX}" for d in play_message_ids(ir) if d.startswith("decision-")}
    # What `?` says first of a question (optional, as `twilight i18n check` has it).
    ids |= optional_ids(ir)
    return ids | code_message_ids() | set(EXPLAIN_WORDS)


def a_log_answer(ir: dict[str, Any], msg_id: str) -> bool:
    """Whether `msg_id` is the log's own line for an answer to one of the ruleset's decisions
    (`log-answer-<decision>[-<answer>]`, cli/session/log.py; optional, as `twilight i18n check` has it)."""
    decisions = {d.removeprefix("decision-") for d in play_message_ids(ir) if d.startswith("decision-")}
    rest = msg_id.removeprefix("log-answer-")
    return rest != msg_id and any(rest == d or rest.startswith(f"{d}-") for d in decisions)


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
    stray = sorted(m for m in set(tables[lang]) - allowed_ids(ir) if not a_log_answer(ir, m))
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


# The shared reference lies beside the checkout (`../shared/reference/`), as in the project's own tree and
# in CI, whose clone has the shared folder linked next to it.
REFERENCE_CARDS = ROOT.parent / "shared" / "reference" / "cards.yaml"


def reference_cards(path: Path = REFERENCE_CARDS) -> Path:
    """The reference's cards file. Missing, the test fails in CI (CI=true: the folder must be there) and
    is skipped elsewhere, with the reason shown in the run's summary (a warning) rather than silently."""
    if path.is_file():
        return path
    why = f"the shared reference is not beside the checkout: {path} is missing"
    if os.environ.get("CI", "").strip().lower() == "true":
        pytest.fail(f"{why} (CI=true: link the shared folder next to the clone)")
    warnings.warn(f"skipped: {why}", stacklevel=2)
    pytest.skip(why)


def test_a_missing_reference_fails_in_ci_and_skips_with_its_reason_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "shared" / "reference" / "cards.yaml"
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        reference_cards(missing)
    monkeypatch.delenv("CI")
    with pytest.warns(UserWarning, match="is missing"), pytest.raises(pytest.skip.Exception, match="missing"):
        reference_cards(missing)
    assert reference_cards() == REFERENCE_CARDS  # beside this checkout, as in CI


def test_summaries_are_reworded_not_copied() -> None:
    import yaml
    from twilight.cli.localizer import Localizer

    cards_file = reference_cards()
    reference = {c["id"]: c["summary"] for c in yaml.safe_load(cards_file.read_text())["cards"]}
    loc = Localizer.for_ruleset("standard", "en")
    same = [cid for cid, text in reference.items() if loc.get(f"card-{cid}", "summary") == text]
    assert same == []
    names = {c["id"]: c["name"] for c in yaml.safe_load(cards_file.read_text())["cards"]}
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
    from twilight.cli.explain.appendix import APPENDIX_WORDS
    from twilight.cli.explain.trace import TRACE_WORDS, ai_message_ids

    return sorted((ai_message_ids(ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)) - set(table))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_ai_list_option_and_rule_has_words(solo_ir: dict[str, Any], lang: str) -> None:
    table = message_table(locale_files(ruleset_folders(AI_RULESET), lang))
    assert missing_ai_words(solo_ir, table) == []


def test_the_ai_words_cover_what_the_rules_use(solo_ir: dict[str, Any]) -> None:
    from twilight.cli.explain.trace import ai_message_ids, ai_rule_keys

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
    from twilight.cli.explain.appendix import APPENDIX_WORDS
    from twilight.cli.explain.trace import TRACE_WORDS, ai_message_ids

    own = message_table(own_locale_files(lang))
    assert own, f"solo-v2 has no {lang} locale files"
    words = ai_message_ids(solo_ir) | set(TRACE_WORDS) | set(APPENDIX_WORDS)
    # `twilight sources`' provisional list: the marks' summaries, the readings' names (cli/sources_words.py)
    words |= needed_message_ids(AI_RULESET, solo_ir, message_table(own_locale_files(FALLBACK)))
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
    from twilight.cli.explain.appendix import APPENDIX_WORDS
    from twilight.cli.explain.trace import TRACE_WORDS, ai_message_ids
    from twilight.cli.localizer import Localizer

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


# The words of `twilight play` (rules/*/locales/*/play.ftl): a prompt for every choice a player can be
# asked, a label for every answer that is a word, a reason for every refusal code, and the words for the
# game's end reasons, victory ratings, settings and phases, each read from the IR (and the runtime's own
# choices from its source), so an author who adds a decision, an option, a code or a phase without its
# words fails here. Russian also needs four cases of every map name (map.ftl).

PLAY_RULESETS = ("standard", "solo-v2", "solo-v2-quickdeal")
RUSSIAN_FORMS = {"gen", "ins", "in", "to"}


def missing_play_words(ir: dict[str, Any], table: dict[str, set[str]]) -> list[str]:
    """Messages of `twilight play` the table lacks, and map names without their Russian forms when the
    table is Russian (it has some `.in` form)."""
    problems = sorted(play_message_ids(ir) - set(table))
    if any("in" in attrs for attrs in table.values()):
        for kind, ids in (("country", ir["map"]["countries"]), ("region", ir["map"]["regions"])):
            for i in ids:
                lacking = RUSSIAN_FORMS - table.get(f"{kind}-{i}", set())
                problems.extend(f"{kind}-{i}.{form}" for form in sorted(lacking))
        problems.extend(
            f"side-{s}.gen" for s in ir["map"]["sides"] if "gen" not in table.get(f"side-{s}", set())
        )
    return problems


@pytest.mark.parametrize("ruleset", PLAY_RULESETS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_play_word_is_there(ruleset: str, lang: str) -> None:
    ir = compiled_ir(ruleset)
    table = message_table(locale_files(ruleset_folders(ruleset), lang))
    assert missing_play_words(ir, table) == []


def test_the_play_names_are_read_from_the_rules(ir: dict[str, Any], solo_ir: dict[str, Any]) -> None:
    names, solo = play_names(ir), play_names(solo_ir)
    assert {"warsaw_pact_remove", "summit_defcon", "north_sea_oil_pass_round"} <= names["decision"]
    assert {"play_drawn_card", "with_neighbours", "end_game"} <= names["option"]
    assert {"defcon_restricted", "target_protected", "un_intervention_without_partner"} <= names["refusal"]
    assert names["end"] == {
        "vp_20",
        "europe_control",
        "defcon_1",
        "final_scoring",
        "wargames",
        "cuban_missile_crisis",
    }
    assert names["rating"] == set() and solo["rating"] == {"master", "decisive", "clear", "marginal", "draw"}
    assert names["setting"] == {
        *("optional_cards", "optional_cards-true", "optional_cards-false"),
        *("deluxe_map_canada", "deluxe_map_canada-true", "deluxe_map_canada-false"),
        "us_handicap_influence",
    }
    assert {"level-expert", "setup_dice-lower_of_two", "ai_side-us"} <= solo["setting"]
    assert {"headline", "action_rounds", "final_scoring"} <= names["phase"]
    assert solo["phase"] - names["phase"] == {"regions"}
    assert {"draft_keep", "headline_bottom_card"} <= solo["decision"] - names["decision"]
    assert {"region_restricted", "influence_cap", "event_prevented"} <= solo["refusal"] - names["refusal"]
    decisions, words = runtime_choices()
    assert decisions == {"action_card", "play_mode", "event_first", "operations"} | {
        "coup_target",
        "realign_target",
        "influence_target",
        "ops_in_one_region",
    }
    assert words == {"influence", "coup", "realign", "space", "event", "ops", "yes", "no", "all_in"}


def test_a_missing_play_word_or_form_is_caught(ir: dict[str, Any]) -> None:
    table = message_table(locale_files(ruleset_folders("standard"), "ru"))
    for gone in ("decision-warsaw_pact_remove", "option-all_in", "refusal-quagmire", "phase-headline"):
        del table[gone]
    table["country-cuba"] = table["country-cuba"] - {"to"}
    assert missing_play_words(ir, table) == [
        "decision-warsaw_pact_remove",
        "option-all_in",
        "phase-headline",
        "refusal-quagmire",
        "country-cuba.to",
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_ruleset_holds_its_own_play_words(
    ir: dict[str, Any], solo_ir: dict[str, Any], lang: str
) -> None:
    """A word the standard rules need is in standard's play.ftl; solo-v2's play.ftl holds only its own."""
    solo_own = set(message_table(own_locale_files(lang)))
    standard_words = play_message_ids(ir)
    assert sorted(solo_own & standard_words) == []
    assert sorted((play_message_ids(solo_ir) - standard_words) - solo_own) == []


def test_russian_places_carry_their_preposition() -> None:
    """`.in` and `.to` start with the same preposition (в, во or на); the sides are indeclinable."""
    from twilight.cli.localizer import Localizer

    loc = Localizer.for_ruleset("standard", "ru")
    ir = compiled_ir("standard")
    for kind, ids in (("country", ir["map"]["countries"]), ("region", ir["map"]["regions"])):
        for i in ids:
            where, whither = loc.get(f"{kind}-{i}", "in"), loc.get(f"{kind}-{i}", "to")
            assert where and whither, f"{kind}-{i}"
            assert where.split()[0] in ("в", "во", "на"), f"{kind}-{i}.in: {where}"
            assert where.split()[0] == whither.split()[0], f"{kind}-{i}: {where} / {whither}"
            assert loc.get(f"{kind}-{i}", "gen") and loc.get(f"{kind}-{i}", "ins")
    assert loc.get("country-cuba", "in") == "на Кубе" and loc.get("country-poland", "to") == "в Польшу"
    assert loc.get("region-middle_east", "in") == "на Ближнем Востоке"
    assert {s: loc.get(f"side-{s}", "gen") for s in ir["map"]["sides"]} == {"us": "США", "ussr": "СССР"}
    assert loc.errors == []


PLAY_ARGS = {"side": "x", "country": "x", "country_in": "в x", "country_gen": "x", "card": "x", "region": "x"}
# A rule's own variables a question names (cli/session/question.py, rule_args): the crisis's way out.
PLAY_ARGS |= {"way_out": "x", "way_out_in": "в x"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_words_format_without_errors(solo_ir: dict[str, Any], lang: str) -> None:
    from twilight.cli.localizer import Localizer

    loc = Localizer.for_ruleset(AI_RULESET, lang)
    for msg in sorted(play_message_ids(solo_ir)):
        for n in (0, 1, 2, 5, 21):
            text = loc.get(msg, min=n, max=n, region_in="в x", **PLAY_ARGS)
            assert text and "{" not in text, msg
            # Prompts and labels are phrases; only help (`help-*`) is written in sentences.
            assert msg.startswith("help-") or not text.endswith("."), msg
    assert loc.errors == []
    # The prompts count in the language's plural forms.
    five = "Choose 5 different countries" if lang == "en" else "Выберите 5 разных стран"
    two = "Choose 2 different countries" if lang == "en" else "Выберите 2 разные страны"
    assert loc.get("decision-marshall_plan_countries", min=5, max=5).startswith(five)
    assert loc.get("decision-comecon_countries", min=2, max=2).startswith(two)


# Terms (rules/<ruleset>/locales/ru/terms.ftl). The two Russian seeds name three things differently:
# realignment («уравнивание влияния» in the official rules, 002; «снижение влияния» in the solitaire rule
# book, 000), the headline («заглавная фаза», «заглавная карта», «заглавное событие» / «Фаза Заголовка»)
# and The China Card («Карта Китая» / «Карточка Китая»). Each ruleset writes its words once, as Fluent
# terms: standard's terms.ftl gives the official words and solo-v2's overrides every term with the rule
# book's (solo-v2-quickdeal has no words of its own). Every Russian message a ruleset can show (the
# terminal game's, its parent's and its own), each value and attribute formatted with every variable
# given a value, must format without an error and never show the other seed's words. No message uses one
# of these words about something else («снижение DEFCON» is no «снижение влияния»), so nothing is exempt.

TERM_RULESETS = ("standard", "solo-v2")
TERMS = {
    "-realignment",
    "-headline-phase",
    "-headline-card",
    "-headline-event",
    "-china-card",
    "-improve-defcon-phase",
    "-deal-cards-phase",
}
# The words of each seed, in any case and number.
OFFICIAL_WORDS = re.compile(
    r"уравнива|заглавн|\bКарт(?:а|ы|е|у|ой)\s+Китая|Раздача карт\b|Повышение DEFCON", re.IGNORECASE
)
SOLO_WORDS = re.compile(
    r"снижени\w*\s+влияния|заголов|Карточк\w*\s+Китая|Раздача карточек|Повышение уровня DEFCON",
    re.IGNORECASE,
)
OWN_WORDS = {"standard": OFFICIAL_WORDS, "solo-v2": SOLO_WORDS}
FOREIGN_WORDS = {"standard": SOLO_WORDS, "solo-v2": OFFICIAL_WORDS}


def ast_nodes(node: Any) -> Iterator[Any]:
    """Every Fluent syntax node below node (a node or a list of them), node first."""
    if isinstance(node, fast.BaseNode):
        yield node
        for value in vars(node).values():
            yield from ast_nodes(value)
    elif isinstance(node, list):
        for item in node:
            yield from ast_nodes(item)


def ru_entries(files: list[Path]) -> tuple[dict[str, fast.Message], dict[str, fast.Term]]:
    """The messages and the terms (`-name`) of the files by id, a later file overriding an earlier one as
    at run time."""
    messages: dict[str, fast.Message] = {}
    terms: dict[str, fast.Term] = {}
    parser = FluentParser(with_spans=False)
    for path in files:
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fast.Message):
                messages[entry.id.name] = entry
            elif isinstance(entry, fast.Term):
                terms[f"-{entry.id.name}"] = entry
    return messages, terms


def term_references(node: Any) -> list[fast.TermReference]:
    return [n for n in ast_nodes(node) if isinstance(n, fast.TermReference)]


def dummy_values(message: fast.Message) -> list[Any]:
    """Values to give every variable of a message in turn: numbers of each plural category, a word, and
    each key the message selects on, so that every variant is shown."""
    values: list[Any] = [0, 1, 2, 5, 21, "x"]
    for node in ast_nodes(message):
        if isinstance(node, fast.Variant):
            key = node.key
            values.append(key.name if isinstance(key, fast.Identifier) else float(key.value))
    return values


def render_russian(folders: list[Path]) -> tuple[list[tuple[str, str | None, bool]], list[str]]:
    """Each Russian message and attribute of the folders formatted with dummy arguments, as (id or
    id.attribute, text, whether that pattern refers to a term), and the errors Fluent reported."""
    from twilight.cli.localizer import Localizer

    loc = Localizer.for_folders(folders, "ru")
    messages, _ = ru_entries(locale_files(folders, "ru"))
    shown: list[tuple[str, str | None, bool]] = []
    for msg_id, message in sorted(messages.items()):
        names = {n.id.name for n in ast_nodes(message) if isinstance(n, fast.VariableReference)}
        parts = [(None, message.value)] if message.value is not None else []
        parts += [(a.id.name, a.value) for a in message.attributes]
        for attribute, pattern in parts:
            label = f"{msg_id}.{attribute}" if attribute else msg_id
            for value in dummy_values(message):
                text = loc.get(msg_id, attribute, **{name: value for name in names})
                shown.append((label, text, bool(term_references(pattern))))
    return shown, loc.errors


def term_problems(folders: list[Path], own: re.Pattern[str], foreign: re.Pattern[str]) -> list[str]:
    """What is wrong with the Russian words of a ruleset (its folders, base first, the terminal game's
    before them): Fluent errors (an unknown term), text left unformatted, the other seed's words, and a
    message that refers to a term without showing the ruleset's own word."""
    shown, errors = render_russian(folders)
    problems = [f"error: {err}" for err in errors]
    problems += sorted({f"unformatted: {label}" for label, text, _ in shown if text is None or "{" in text})
    problems += sorted(
        {f"foreign: {label}: {text}" for label, text, _ in shown if foreign.search(text or "")}
    )
    problems += sorted(
        {f"not own: {label}: {text}" for label, text, term in shown if term and not own.search(text or "")}
    )
    return problems


def term_forms(term: fast.Term) -> dict[str, set[str]]:
    """The parameters a term selects on, each with its variant keys: {"case": {"nom", "gen", …}, …}."""
    forms: dict[str, set[str]] = {}
    for node in ast_nodes(term.value):
        if isinstance(node, fast.SelectExpression) and isinstance(node.selector, fast.VariableReference):
            keys = {v.key.name for v in node.variants if isinstance(v.key, fast.Identifier)}
            forms.setdefault(node.selector.id.name, set()).update(keys)
    return forms


def term_definition_problems(files: list[Path], own_file: Path, seed: str) -> list[str]:
    """A ruleset's terms (`files`: its Russian files, base first; `seed`: whose words, "standard" or
    "solo-v2"): its own terms.ftl defines each of TERMS, with the cases of the base's (the first
    terms.ftl), and every form of every term (each case, capitalised or not) is its seed's word and not
    the other's."""
    from fluent.runtime import FluentBundle, FluentResource

    problems: list[str] = []
    _, mine = ru_entries([own_file]) if own_file.is_file() else ({}, {})
    problems += [f"{own_file} lacks {name}" for name in sorted(TERMS - set(mine))]
    problems += [f"{own_file} has {name}, which no test knows" for name in sorted(set(mine) - TERMS)]
    _, standard = ru_entries([next(p for p in files if p.name == "terms.ftl")])
    bundle = FluentBundle(["ru"], use_isolating=False)
    for path in files:
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")), allow_overrides=True)
    for name, term in sorted(mine.items()):
        forms = term_forms(term)
        if name in standard and forms.get("case") != term_forms(standard[name]).get("case"):
            problems.append(f"{name}: cases {sorted(forms.get('case', ()))} differ from standard's")
        params = sorted(forms)
        for keys in itertools.product(*(sorted(forms[p]) for p in params)):
            args = dict(zip(params, keys, strict=True))
            call = ", ".join(f'{param}: "{key}"' for param, key in args.items())
            probe = f"probe{name}-" + "-".join(keys)  # a new id each time: the bundle caches what it formats
            bundle.add_resource(FluentResource(f"{probe} = {{ {name}({call}) }}"))
            text, errors = bundle.format_pattern(bundle.get_message(probe).value)
            if errors or not OWN_WORDS[seed].search(text) or FOREIGN_WORDS[seed].search(text):
                problems.append(f"{name}{args}: {text} {errors or ''}".strip())
    return problems


@pytest.mark.parametrize("ruleset", TERM_RULESETS)
def test_russian_messages_keep_to_their_seed(ruleset: str) -> None:
    """Every Russian message the ruleset can show formats, and in its own seed's words only."""
    folders = play_folders(ruleset)
    assert term_problems(folders, OWN_WORDS[ruleset], FOREIGN_WORDS[ruleset]) == []
    messages, _ = ru_entries(locale_files(folders, "ru"))
    assert len([m for m in messages.values() if term_references(m)]) >= 60


@pytest.mark.parametrize("ruleset", TERM_RULESETS)
def test_russian_terms_are_the_seed_words(ruleset: str) -> None:
    folders = play_folders(ruleset)
    own_file = folders[-1] / "locales" / "ru" / "terms.ftl"
    assert term_definition_problems(locale_files(folders, "ru"), own_file, ruleset) == []


@pytest.mark.parametrize("ruleset", TERM_RULESETS)
def test_every_term_reference_names_a_form(ruleset: str) -> None:
    """A reference names a defined term and only parameters and values it selects on: Fluent would show
    the default form for a misspelt case (`case: "gent"`) without an error."""
    messages, terms = ru_entries(locale_files(play_folders(ruleset), "ru"))
    _, standard = ru_entries(locale_files(ruleset_folders("standard"), "ru"))
    used: set[str] = set()
    wrong: list[str] = []
    for msg_id, message in sorted(messages.items()):
        for ref in term_references(message):
            name = f"-{ref.id.name}"
            used.add(name)
            if name not in terms:
                wrong.append(f"{msg_id}: {name} is not defined")
                continue
            mine, base = term_forms(terms[name]), term_forms(standard[name])
            for arg in ref.arguments.named if ref.arguments else []:
                param, value = arg.name.name, getattr(arg.value, "value", None)
                if value not in base.get(param, set()) or value not in mine.get(param, {value}):
                    wrong.append(f"{msg_id}: {name}({param}: {value!r})")
    assert wrong == []
    assert used == TERMS


def test_the_seed_words_are_written_only_in_terms() -> None:
    """Outside terms.ftl no Russian message (of the terminal game, standard or solo-v2) spells either
    seed's words: they come from the terms, in every variant of every message."""
    found = []
    for path in locale_files(play_folders("solo-v2"), "ru"):
        if path.name == "terms.ftl":
            continue
        for msg_id, message in ru_entries([path])[0].items():
            for node in ast_nodes(message):
                words = isinstance(node, fast.TextElement) and (
                    OFFICIAL_WORDS.search(node.value) or SOLO_WORDS.search(node.value)
                )
                if words:
                    found.append(f"{path.name}: {msg_id}: {node.value.strip()}")
    assert found == []


def _drop_term(path: Path, name: str) -> None:
    """Remove a term's definition (up to the next blank line) from a copied terms.ftl."""
    text = path.read_text(encoding="utf-8")
    shorter = re.sub(rf"^{re.escape(name)} =.*?(?:\n\n|\Z)", "", text, count=1, flags=re.M | re.S)
    assert shorter != text
    path.write_text(shorter, encoding="utf-8")


def test_a_removed_term_is_caught(tmp_path: Path) -> None:
    """A term gone from standard's terms.ftl leaves its messages unformatted; one gone from solo-v2's
    lets standard's word through to the solo game."""
    copies = []
    for name, folder in (("app", APP_FOLDER), *((f.name, f) for f in ruleset_folders("solo-v2"))):
        shutil.copytree(folder / "locales" / "ru", tmp_path / name / "locales" / "ru")
        copies.append(tmp_path / name)
    app, standard, solo = copies
    terms = {f: f / "locales" / "ru" / "terms.ftl" for f in (standard, solo)}
    assert term_definition_problems(locale_files([app, standard], "ru"), terms[standard], "standard") == []
    assert term_definition_problems(locale_files(copies, "ru"), terms[solo], "solo-v2") == []

    _drop_term(terms[solo], "-realignment")
    problems = term_problems([app, standard, solo], SOLO_WORDS, OFFICIAL_WORDS)
    assert "foreign: option-realign: Уравнивание влияния" in problems
    files = locale_files(copies, "ru")
    assert f"{terms[solo]} lacks -realignment" in term_definition_problems(files, terms[solo], "solo-v2")

    _drop_term(terms[standard], "-china-card")
    problems = term_problems([app, standard], OFFICIAL_WORDS, SOLO_WORDS)
    assert "error: card-the_china_card: Unknown term: -china-card" in problems
    assert "unformatted: play-status-china-up" in problems
