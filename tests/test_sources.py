"""`twilight sources RULESET`: the seed sections the rules cite, the provisional marks, what no rule cites;
docs/sources-solo-v2.md is its current output; cli/seed_sections.yaml agrees with the seeds' text."""

from __future__ import annotations

import copy
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers import ROOT, RULES, compiled_ir, run_cli
from twilight.cli.sources_cmd import Words, build_report, load_seeds, render_markdown, report_for
from twilight.cli.sources_words import provisional_message_id, provisional_summary

SOLO = "solo-v2"
DOC = ROOT / "docs" / "sources-solo-v2.md"
# The seeds, beside the repository in a checkout of the project (read-only); not needed by the command.
SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.fixture(scope="module")
def solo_ir() -> dict[str, Any]:
    return compiled_ir(SOLO)


@pytest.fixture(scope="module")
def report(solo_ir: dict[str, Any]) -> dict[str, Any]:
    return build_report(solo_ir)


def rows(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Every section and part by its reference ("000 · Расстановка · 3")."""
    out: dict[str, dict[str, Any]] = {}
    for seed in report["seeds"]:
        for row in seed["sections"]:
            out[row["ref"]] = row
            for part in row["parts"]:
                out[f"{row['ref']} · {part['id']}"] = part
    return out


def test_the_docs_table_is_current() -> None:
    assert DOC.read_text(encoding="utf-8") == render_markdown(report_for(SOLO), Words("en", SOLO)), (
        "docs/sources-solo-v2.md is stale: run "
        "`twilight sources solo-v2 --markdown -o docs/sources-solo-v2.md`"
    )


@pytest.mark.parametrize("ruleset", ["standard", SOLO, "solo-v2-quickdeal"])
def test_every_seed_citation_names_a_section(ruleset: str) -> None:
    assert build_report(compiled_ir(ruleset))["unmatched"] == []


def test_sections_cited_within_and_uncovered(report: dict[str, Any]) -> None:
    found = rows(report)
    # Setup step 4: the variable setup table and the setting of its dice, with their places.
    step4 = found["000 · Расстановка · 4"]
    assert step4["status"] == "cited"
    assert {c["declaration"] for c in step4["citations"]} == {"setting setup_dice", "table variable_setup"}
    assert all(
        re.fullmatch(r"solo-v2/(settings|setup_tables)\.tsr:\d+", c["src"]) for c in step4["citations"]
    )
    # Step 3 is followed through the official setup (002 · 3.3-3.4), and only the whole section cites it.
    assert found["000 · Расстановка · 3"]["status"] == "within"
    assert "000 · Расстановка · 3" in report["cited_only_within"]
    # A range names each rule in it; "4.5 C" is the part C of 4.5.
    assert all(found[f"002 · 3.{n}"]["status"] == "cited" for n in range(1, 5))
    assert "setting deluxe_map_canada" in {c["declaration"] for c in found["002 · 3.3"]["citations"]}
    assert found["002 · 4.5 · C"]["status"] == "cited"
    # The manifest cites the introduction; a chapter whose headings are cited is cited through them.
    assert found["000 · Введение"]["citations"][0]["declaration"] == "ruleset solo-v2"
    assert found["000 · Правила"]["status"] == "parts"
    # The seeds' table of contents names the Region/Country Priority Table, which the text lacks (P4).
    assert "000 · Таблица Приоритетов по регионам и странам" in report["uncovered"]
    # 001 repeats 000's Gameplay and 004 repeats 002's chapter 7: their citations count there.
    assert found["001 · Геймплей"]["status"] == "copy"
    # Every appendix entry of the seed has an entry in the rules.
    appendix = found["000 · Приложение «Карточки»"]
    assert [p["id"] for p in appendix["parts"] if p["status"] != "cited"] == []


def test_provisional_marks_with_their_numbers(report: dict[str, Any]) -> None:
    marks = report["provisional"]
    assert marks and all(re.fullmatch(r"P\d+(\.\d+)*", m["code"]) for m in marks)
    assert all(m["text"].startswith(m["code"] + ":") for m in marks)
    assert "order region_country_priority" in {m["declaration"] for m in marks if m["code"] == "P4"}
    assert [m["code"] for m in marks] == sorted(
        (m["code"] for m in marks), key=lambda c: [int(n) for n in re.findall(r"\d+", c)]
    )


def test_a_section_no_longer_cited_is_listed_as_uncovered(solo_ir: dict[str, Any]) -> None:
    # Take away every citation of "000 · Условия Окончания Игры": it moves to the uncovered list.
    ir = copy.deepcopy(solo_ir)
    wanted = "000 · Условия Окончания Игры"

    def strip(node: Any) -> None:
        if isinstance(node, dict):
            provenance = node.get("provenance")
            if isinstance(provenance, dict):
                provenance["sources"] = [s for s in provenance.get("sources", []) if s != wanted]
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)

    before = build_report(ir)
    assert wanted not in before["uncovered"]
    strip(ir)
    assert wanted in build_report(ir)["uncovered"]


def test_a_citation_of_no_section_is_listed(solo_ir: dict[str, Any]) -> None:
    ir = copy.deepcopy(solo_ir)
    ir["settings"]["level"]["provenance"]["sources"] = [
        "000 · Растановка · 5",
        "000 · Приложение «Карточки» · 99",
    ]
    unmatched = build_report(ir)["unmatched"]
    assert [(u["source"], u["reason"], u["declaration"]) for u in unmatched] == [
        ("000 · Растановка · 5", "section", "setting level"),
        ("000 · Приложение «Карточки» · 99", "part", "setting level"),
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Sources of solo-v2", "Sections no rule cites (", "Provisional marks (", "1 citation"]),
        (
            "ru",
            ["Источники набора правил solo-v2", "Разделы, на которые не ссылается", "Временные правила ("],
        ),
    ],
)
def test_the_command_in_each_language(lang: str, words: list[str]) -> None:
    code, out = run_cli(["sources", SOLO, "--lang", lang])
    assert code == 0, out
    for word in words:
        assert word in out, word
    assert "  P4: order region_country_priority — solo-v2/ai/region_country_priority.tsr:" in out


@pytest.mark.parametrize(
    ("lang", "said", "ranked", "readings", "change"),
    [
        (
            "en",
            "Measured (200 games a cell",
            "Rank 1 of the 6 P-numbers measured",
            ["lifted: US ", "a penalty of 1 a point: US "],
            "Δ US -4.5 (p 0.022), USSR -21.0 (p < 0.001)",
        ),
        (
            "ru",
            "Измерено (200 партий",
            "Место 1 из 6",
            ["ограничение снято: США ", "штраф: очко влияния вне двух регионов"],
            "Δ США -4.5 (p 0.022), СССР -21.0 (p < 0.001)",
        ),
    ],
)
def test_a_mark_whose_readings_were_measured_shows_what_they_weigh(
    lang: str, said: str, ranked: str, readings: list[str], change: str
) -> None:
    """The readings measured (rules/solo-v2/readings.yaml, docs/balance.md): each with the human's wins,
    the others against ours with their change and McNemar's p, and the P-number's rank by effect."""
    code, out = run_cli(["sources", SOLO, "--lang", lang])
    assert code == 0, out
    lines = out.splitlines()
    marks = [i for i, line in enumerate(lines) if line.startswith("  P1.1: ")]
    assert marks and all(said in lines[i + 2] for i in marks), lines[marks[0] : marks[0] + 3]
    shown = lines[marks[0] + 2]
    assert all(reading in shown for reading in readings), shown
    assert change in shown
    assert all(lines[i + 3].strip().startswith(ranked) for i in marks), lines[marks[0] + 3]
    code, out = run_cli(["sources", SOLO, "--json"])
    provisional = json.loads(out)["provisional"]
    measured = [m for m in provisional if m["code"] == "P1.1"]
    assert all(len(m["measured"]["measured"]) == 3 for m in measured)
    # six P-numbers measured, each with a place of its own, in the order of their effect
    ranks = {m["code"]: m["measured"]["rank"] for m in provisional if "measured" in m}
    assert len(ranks) == 6 and sorted(r["place"] for r in ranks.values()) == [1, 2, 3, 4, 5, 6]
    by_place = sorted(ranks.values(), key=lambda r: r["place"])
    assert [r["effect"] for r in by_place] == sorted((r["effect"] for r in by_place), reverse=True)


def test_json_and_errors() -> None:
    code, out = run_cli(["sources", SOLO, "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == SOLO and data["lang"] == "en"
    assert {s["seed"] for s in data["seeds"]} == {"000", "001", "002", "004"}
    code, out = run_cli(["sources", "no-such-ruleset"])
    assert code == 1 and out.startswith("error: ") and "Traceback" not in out


def _norm(text: str) -> str:
    return " ".join(text.replace("«", "").replace("»", "").split()).casefold()


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds (../shared/seeds) are not beside the repository")
def test_the_sections_are_the_seeds_own() -> None:
    for seed in load_seeds().values():
        text = (SEEDS / seed.file).read_text(encoding="utf-8")
        lines = [_norm(line) for line in text.splitlines()]
        whole = _norm(text)
        for section in seed.sections:
            if section.title:
                # a chapter of the official rules: its heading is a line of its own
                assert _norm(section.title) in lines, section.ref
            elif re.fullmatch(r"[\d.]+", section.id):
                # a numbered rule of the official rules starts its paragraph
                assert any(line.startswith(section.id + " ") for line in lines), section.ref
            elif not re.fullmatch(r"\d+", section.id):
                assert _norm(section.id) in whole, section.ref
            for part, title in section.parts.items():
                if title and re.fullmatch(r"\d+", part):
                    assert any(line.startswith(_norm(f"{part}. {title}")) for line in lines), (
                        section.ref,
                        part,
                    )
    # 000's table of contents: each entry is a section with its number.
    toc = {}
    for line in (SEEDS / load_seeds()["000"].file).read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"(\d)\. (.+?)\s{5,}\d+\s*", line)
        if m:
            toc[m.group(1)] = _norm(m.group(2))
    mine = {s.toc: _norm(s.id) for s in load_seeds()["000"].sections if s.toc is not None}
    assert toc == mine


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "readings:\n  P1.1:\n    measured:\n      - {name: x, human_wins: {us: 5}}\n",
            "P1.1, x: `human_wins`",
        ),
        ("readings:\n  P1.1:\n    rank: 7\n", "P1.1: `rank` must give"),
        ("readings: [1]\n", "`readings` must map"),
    ],
)
def test_a_misshapen_readings_file_is_told_where(tmp_path: Path, text: str, said: str) -> None:
    """A hand edit of readings.yaml gone astray: one line naming the file and the entry, no traceback."""
    folder = tmp_path / "solo-v2-edited"
    shutil.copytree(RULES / "solo-v2", folder)
    (folder / "readings.yaml").write_text(text, encoding="utf-8")
    code, out = run_cli(["sources", str(folder)])
    assert code == 1 and out.startswith("error: ") and said in out, out
    assert "Traceback" not in out and "internal error" not in out


# ---------------------------------------------------------------------- the provisional list in Russian
# Every part of the list a reader reads comes from the ruleset's messages (rules/solo-v2/locales/<lang>/
# provisional.ftl: each mark's summary, each reading's name, the policy) or the program's (cli/locales),
# in English as written when a language lacks them.


def provisional_part(out: str, heading: str) -> str:
    """The provisional list of `twilight sources`' text output: from its heading to the blank line."""
    start = out.index(heading)
    return out[start : out.index("\n\n", start)]


def english_words(report: dict[str, Any]) -> set[str]:
    """What the list says in English: each mark's summary, and each reading's name and policy as
    readings.yaml writes them."""
    words = {provisional_summary(mark["text"]) for mark in report["provisional"]}
    for mark in report["provisional"]:
        entry = mark.get("measured") or {}
        words.add(entry.get("policy", ""))
        words |= {reading["name"] for reading in entry.get("measured", [])}
    return words - {""}


def test_the_russian_list_has_no_english_and_the_english_list_is_as_written(
    solo_ir: dict[str, Any],
) -> None:
    report = report_for(SOLO)
    english = english_words(report)
    assert len(english) > 100 and "lifted" in english and "search --playouts 6 (normal level)" in english
    code, out = run_cli(["sources", SOLO, "--lang", "ru"])
    assert code == 0, out
    russian = provisional_part(out, "Временные правила (")
    assert sorted(w for w in english if w in russian) == []
    # the sides by their Russian names, not by the ids of the rules
    sides = solo_ir["map"]["sides"]
    assert re.findall(rf"\b({'|'.join(sides)})\b", russian) == []
    assert "как написано (наше прочтение): США " in russian and "СССР 34%" in russian
    assert "ваши операции — только в Первичном или Вторичном регионе" in russian
    # the Markdown page in Russian likewise
    markdown = render_markdown(report, Words("ru", SOLO))
    table = markdown[markdown.index("## Временные правила") :]
    assert sorted(w for w in english if w in table.split("\n## ")[0]) == []
    # English: each mark as the rule file writes it, each reading by its name in readings.yaml
    code, out = run_cli(["sources", SOLO])
    assert code == 0, out
    lines = provisional_part(out, "Provisional marks (").splitlines()
    heads = [i for i, line in enumerate(lines) if re.match(r"  P\d", line)]
    assert [lines[i + 1].strip() for i in heads] == [mark["text"] for mark in report["provisional"]]
    shown = "\n".join(lines)
    assert all(w in shown for w in english)


def _edited_copy(tmp_path: Path) -> Path:
    """solo-v2 copied, with a reading worded nowhere (an id no locale names) and one without an id, and
    P1.1's first mark reworded in its rule file."""
    folder = tmp_path / "solo-v2-edited"
    shutil.copytree(RULES / "solo-v2", folder)
    readings_file = folder / "readings.yaml"
    readings = yaml.safe_load(readings_file.read_text(encoding="utf-8"))
    measured = readings["readings"]["P1.1"]["measured"]
    wins = measured[0]["human_wins"]
    measured.append({"id": "p1-1-new-guess", "name": "a new guess", "human_wins": wins})
    measured.append({"name": "a guess without an id", "human_wins": wins})
    readings_file.write_text(yaml.safe_dump(readings, allow_unicode=True), encoding="utf-8")
    human = folder / "human.tsr"
    text = human.read_text(encoding="utf-8")
    assert OLD_P1_1 in text
    human.write_text(text.replace(OLD_P1_1, NEW_P1_1), encoding="utf-8")
    return folder


OLD_P1_1 = "P1.1: your operations only in the Primary or Secondary region; the Space Race is open"
NEW_P1_1 = "P1.1: your operations only in the Primary or Secondary region; the Space Race is always open"


def test_words_a_language_lacks_are_shown_in_english(tmp_path: Path) -> None:
    """A reading readings.yaml adds, and a mark reworded in a rule file, are shown as written (English)
    until their words are translated; `twilight i18n check` names what is to be worded, and the old
    words of the reworded mark as unused."""
    folder = _edited_copy(tmp_path)
    code, out = run_cli(["sources", str(folder), "--lang", "ru"])
    assert code == 0 and "Traceback" not in out, out
    russian = provisional_part(out, "Временные правила (")
    assert "a new guess: США " in russian and "a guess without an id: США " in russian
    assert NEW_P1_1 in russian and "Космическая гонка открыта всегда" not in russian.split("\n")[2]
    # the reworded mark's words are a new message, named in the JSON
    code, out = run_cli(["sources", str(folder), "--json"])
    marks = {m["text"]: m["message"] for m in json.loads(out)["provisional"]}
    assert code == 0 and marks[NEW_P1_1] == provisional_message_id(NEW_P1_1) != provisional_message_id(
        OLD_P1_1
    )
    code, out = run_cli(["i18n", "check", str(folder), "--json"])
    assert code == 1, out
    found = {(p["kind"], p["lang"], p["id"]) for p in map(json.loads, out.splitlines())}
    old_id = provisional_message_id(OLD_P1_1)
    assert found == {
        ("missing", "en", "reading-p1-1-new-guess"),
        ("missing", "ru", "reading-p1-1-new-guess"),
        ("unused", "en", old_id),
        ("unused", "ru", old_id),
    }
