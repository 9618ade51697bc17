"""A Russian reader's checks of the rulesets' own Russian (rules/<ruleset>/locales/ru/*.ftl).

Two kinds of slip were found in a translator's review of solo-v2 and standard:

- one thing named two ways: the draw pile as «игровая колода» in most messages and «колода добора» in
  a few, a Space Race box as «клетка» (the official rules' word) and «деление», the scoring card as
  «карточка подсчета очков» and «карта подсчета очков», «Ключевая страна» with a small letter now and
  then, «отменить контроль» and «сломать контроль», the deluxe edition as «делюкс-издание» and
  «подарочное издание», a table title «Подсчёт очков» among a hundred «подсчет». The glossary
  (shared/reference/glossary-ru.yaml) asks for one word per term; a reader who meets the second word
  wonders whether it is a second thing.
- outline words that put the subject's verb in the singular whatever the subject («США может»,
  «если США разыграет»), and that name a card as «события карты эта карта» where the outline hands over
  the genitive («этой карты»).

The term test reads the text the messages write themselves (Fluent text elements), so a term file's
own words (terms.ftl) are not what it judges.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from helpers import ROOT

RULESETS = ("standard", "solo-v2", "solo-v2-quickdeal")

# A variant the rulesets do not use, and the word they use for the same thing.
ONE_WORD_PER_TERM: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"колод\w*\s+добора", re.I), "игровая колода (draw pile)"),
    (re.compile(r"\bделени\w*", re.I), "клетка Космической гонки (a Space Race box: the official rules)"),
    (re.compile(r"\bкарт(?:а|ы|е|у|ой|ам|ами|ах)?\s+подсчета\s+очков", re.I), "карточка подсчета очков"),
    (re.compile(r"(?<![«\w])ключев\w*\s+стран"), "Ключевая страна, with a capital К"),
    (re.compile(r"(?<![«\w])не-ключев"), "не-Ключевая страна, with a capital К"),
    (re.compile(r"\bраунд\w*\s+(?:с|без)\s+подсчет"), "Раунд с подсчетом очков, with a capital Р"),
    (re.compile(r"сломат\w*\s+(?:\w+\s+)?контрол", re.I), "отменить контроль"),
    (re.compile(r"подарочн\w*\s+издани", re.I), "делюкс-издание"),
    (re.compile(r"ограничени\w*\s+розыгрыша\s+региона", re.I), "Ограничение розыгрыша в регионе"),
    (re.compile(r"Противостояни", re.I), "«Сумеречная борьба», the game's Russian name"),
    # The glossary's words spelt as the glossary and the other messages spell them (е, not ё).
    (re.compile(r"подсчёт", re.I), "подсчет"),
    (re.compile(r"звёздочк", re.I), "звездочка"),
]


def _texts(node: object) -> list[str]:
    """The literal text of a Fluent node and everything below it."""
    if isinstance(node, fast.TextElement):
        return [node.value]
    if isinstance(node, fast.BaseNode):
        return [t for value in vars(node).values() for t in _texts(value)]
    if isinstance(node, list):
        return [t for item in node for t in _texts(item)]
    return []


def russian_messages(folder: Path) -> dict[str, str]:
    """Each Russian message of a ruleset folder (not its terms) by `file: id`, as its literal text."""
    parser = FluentParser(with_spans=False)
    found: dict[str, str] = {}
    for path in sorted((folder / "locales" / "ru").glob("*.ftl")):
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fast.Message):
                found[f"{path.name}: {entry.id.name}"] = " ".join(_texts(entry))
    return found


def second_words(messages: dict[str, str]) -> list[str]:
    return [
        f"{where}: «{hit.group(0)}» (use {word})"
        for where, text in messages.items()
        for pattern, word in ONE_WORD_PER_TERM
        for hit in pattern.finditer(text)
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_term_has_one_russian_word(ruleset: str) -> None:
    messages = russian_messages(ROOT / "rules" / ruleset)
    assert messages or ruleset == "solo-v2-quickdeal"
    assert second_words(messages) == []


def test_a_second_word_is_caught(tmp_path: Path) -> None:
    """The check sees each variant in a message's text, in any case, and leaves the right word alone."""
    folder = tmp_path / "locales" / "ru"
    folder.mkdir(parents=True)
    (folder / "play.ftl").write_text(
        "a = в колоде добора\n"
        "b = способность деления 4\n"
        "c = карту подсчета очков\n"
        "d = ключевые страны\n"
        "e = раундом с подсчетом очков\n"
        "f = чтобы сломать ваш контроль\n"
        "g = подарочное издание\n"
        "h = Подсчёт очков\n"
        "ok = Ключевая страна, игровая колода, 4-я клетка, карточка подсчета очков\n"
        "ok2 = Раунд с подсчетом очков, отменить ваш контроль, делюкс-издание\n",
        encoding="utf-8",
    )
    found = second_words(russian_messages(tmp_path))
    assert [line.split(":")[1].strip() for line in found] == ["a", "b", "c", "d", "e", "f", "g", "h"]


# --- outline words: the verb agrees with its subject, a card is named in the case the words need --------


@pytest.fixture(scope="module")
def outline_loc():  # type: ignore[no-untyped-def]
    from twilight.cli.localizer import Localizer
    from twilight.cli.session.text import play_folders

    return Localizer.for_folders(play_folders("solo-v2"), "ru")


# (message, arguments, what a Russian reader expects to read): a plural subject (США, `form` plural) and
# the card the outline passes as «эта карта», whose genitive it passes as `a1gen`.
US = {"a0": "США", "a0gen": "США", "a0form": "plural"}
THIS_CARD = {"a1": "эта карта", "a1gen": "этой карты", "a1acc": "эту карту", "a1form": "other"}
AGREEMENT = [
    ("outline-q-accessible", {**US, "a1": "Польша"}, "США могут размещать влияние: Польша"),
    (
        "outline-q-may",
        {"a0": "переворот", "a1": "США", "a1form": "plural", "a2": "c", "a2named": "no"},
        "США могут переворот с картой c",
    ),
    (
        "outline-q-event_has_effect",
        {**US, **THIS_CARD},
        "если США разыграют событие этой карты, в игре что-то изменится",
    ),
    (
        "outline-q-event_control_gain",
        {**US, **THIS_CARD},
        "страны, которые США возьмут под контроль событием этой карты",
    ),
    ("outline-q-event_possible", {**US, **THIS_CARD}, "США могут разыграть событие этой карты"),
    ("outline-q-event_vp_gain", {**US, **THIS_CARD}, "ПО, которые США получат от события этой карты"),
    ("outline-q-event_wins_game", {**US, **THIS_CARD}, "США выиграют партию событием этой карты"),
    (
        "outline-q-event_influence_removed",
        {**US, **THIS_CARD},
        "влияние противника, которое событие этой карты уберёт для США",
    ),
    (
        "outline-q-score_if_event",
        {**US, **THIS_CARD, "a2": "Европа", "a2named": "no"},
        "ПО США в регионе Европа после события этой карты",
    ),
    ("outline-fx-play_event", {**US, **THIS_CARD}, "событие этой карты происходит для США"),
    (
        "outline-q-ops_to_break_control",
        {**US, "a1": "Польша"},
        "влияние, нужное США, чтобы отменить контроль: Польша",
    ),
]


@pytest.mark.parametrize(("msg_id", "args", "expected"), AGREEMENT, ids=[a[0] for a in AGREEMENT])
def test_outline_words_agree(outline_loc, msg_id: str, args: dict[str, str], expected: str) -> None:  # type: ignore[no-untyped-def]
    assert outline_loc.get(msg_id, **args) == expected
    assert outline_loc.errors == []


def test_a_singular_subject_keeps_a_singular_verb(outline_loc) -> None:  # type: ignore[no-untyped-def]
    said = outline_loc.get("outline-q-event_wins_game", a0="ИИ", a0form="other", **THIS_CARD)
    assert said == "ИИ выиграет партию событием этой карты"
