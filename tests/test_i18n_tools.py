"""`twilight i18n status`, `sync`, `mark-translated` and `review`, on copies of the locale files (the
game's own words and the standard ruleset), never on the repository's."""

from __future__ import annotations

import difflib
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from twilight.cli.i18n.review import md_text, pattern_lines
from twilight.cli.i18n.sources import SNAPSHOT_NAME, TODO_MARK, Translation, parse_messages
from twilight.cli.localizer import locale_files
from twilight.cli.main import cli
from twilight.cli.session import text as play_text
from twilight.compiler.loader import known_rulesets

RULESETS = ("standard", "solo-v2", "solo-v2-quickdeal")


@pytest.fixture
def standard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the standard ruleset, and of the game's own words standing in for cli/locales."""
    app = tmp_path / "app"
    shutil.copytree(play_text.APP_FOLDER / "locales", app / "locales")
    monkeypatch.setattr(play_text, "APP_FOLDER", app)
    folder = tmp_path / "standard"
    shutil.copytree(known_rulesets()["standard"], folder)
    return folder


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["i18n", *args])


def status(folder: Path) -> dict[str, object]:
    result = run("status", str(folder), "--json")
    assert result.exit_code == 0, result.output
    found: dict[str, object] = json.loads(result.output)
    return found


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def drop_message(path: Path, msg_id: str) -> str:
    """Remove a message (with its comment and the blank line after it) from a file; its text."""
    text = path.read_text(encoding="utf-8")
    message = next(m for m in parse_messages(path) if m.id == msg_id)
    end = message.end + (1 if text[message.end : message.end + 1] == "\n" else 0)
    path.write_text(text[: message.start] + text[end:], encoding="utf-8")
    return text[message.start : message.end]


# ---------------------------------------------------------------------- status
def test_no_translation_is_stale_today() -> None:
    """The records match today's English: a change to an English message comes with a look at its
    translation (and `twilight i18n mark-translated`). A new message without a record is only unknown."""
    result = run("status")
    assert result.exit_code == 0, result.output
    for ruleset in RULESETS:
        assert re.search(
            rf"^{ruleset} \[ru\]: \d+ translated, 0 missing, 0 stale, \d+ unknown", result.output, re.M
        )


def test_a_changed_english_message_becomes_stale(standard: Path) -> None:
    english = standard / "locales" / "en" / "cards.ftl"
    edit(english, "card-allende = Allende\n", "card-allende = Salvador Allende\n")
    # A comment is not what a translation is made from: changing one makes nothing stale.
    edit(english, "# 21 · Early War\n", "# 21 · Early War (NATO)\n")
    found = status(standard)
    assert (found["stale"], found["missing"], found["unknown"]) == (1, 0, 0)
    [stale] = found["stale_ids"]  # type: ignore[misc]
    assert stale["id"] == "card-allende"
    assert stale["english_then"].startswith("card-allende = Allende\n")
    assert stale["english_now"].startswith("card-allende = Salvador Allende\n")
    assert stale["where"].endswith("locales/ru/cards.ftl:" + str(line_of(standard, "ru", "card-allende")))

    text = run("status", str(standard), "--verbose").output
    assert "stale    card-allende" in text
    assert (
        "English then: card-allende = Allende" in text
        and "English now:  card-allende = Salvador Allende" in text
    )
    assert run("status", str(standard), "--strict").exit_code == 1

    # The translator updates the message and records it: nothing is stale, only that entry changed.
    record = standard / "locales" / "ru" / SNAPSHOT_NAME
    before = json.loads(record.read_text(encoding="utf-8"))["messages"]
    result = run("mark-translated", str(standard), "card-allende", "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert f"recorded 1 in {record}" in result.output
    after = json.loads(record.read_text(encoding="utf-8"))["messages"]
    assert {k for k in after if after[k] != before.get(k)} == {"card-allende"}
    assert after["card-allende"]["en"].startswith("card-allende = Salvador Allende")
    assert status(standard)["stale"] == 0


def line_of(folder: Path, lang: str, msg_id: str) -> int:
    files = locale_files([folder], lang)
    return next(m.line for path in files for m in parse_messages(path) if m.id == msg_id)


def test_a_message_the_record_lacks_is_unknown_not_stale(standard: Path) -> None:
    record = standard / "locales" / "ru" / SNAPSHOT_NAME
    data = json.loads(record.read_text(encoding="utf-8"))
    del data["messages"]["country-poland"]
    record.write_text(json.dumps(data), encoding="utf-8")
    found = status(standard)
    assert (found["unknown"], found["stale"], found["unknown_ids"]) == (1, 0, ["country-poland"])


def test_a_broken_record_or_an_unknown_ruleset_is_one_line(standard: Path) -> None:
    (standard / "locales" / "ru" / SNAPSHOT_NAME).write_text("{not json", encoding="utf-8")
    for result in (run("status", str(standard)), run("status", "no-such-ruleset")):
        assert result.exit_code == 1
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_mark_translated_refuses_what_is_not_translated(standard: Path) -> None:
    assert run("mark-translated", str(standard), "--lang", "ru").exit_code == 2  # neither ids nor --all
    result = run("mark-translated", str(standard), "no-such-message", "--lang", "ru")
    assert result.exit_code == 1 and "no English message" in result.output
    drop_message(standard / "locales" / "ru" / "cards.ftl", "card-nato")
    result = run("mark-translated", str(standard), "card-nato", "--lang", "ru")
    assert result.exit_code == 1 and "not translated" in result.output
    assert run("sync", str(standard), "--lang", "ru").exit_code == 0
    result = run("mark-translated", str(standard), "card-nato", "--lang", "ru")
    assert result.exit_code == 1 and TODO_MARK in result.output
    # --all records the others, not the copy still to translate.
    assert run("mark-translated", str(standard), "--all", "--lang", "ru").exit_code == 0
    found = status(standard)
    assert (found["missing_ids"], found["stale"], found["unknown"]) == (["card-nato"], 0, 0)


# ---------------------------------------------------------------------- sync
def test_sync_adds_exactly_the_missing_messages_and_keeps_every_byte(standard: Path) -> None:
    cards = standard / "locales" / "ru" / "cards.ftl"
    play = play_text.APP_FOLDER / "locales" / "ru" / "play.ftl"
    english_cards = [m.id for m in parse_messages(standard / "locales" / "en" / "cards.ftl")]
    # The file's first card, one in the middle, its last; a message of the game's own words; a whole file.
    dropped = {cards: [english_cards[0], "card-nato", english_cards[-1]], play: ["play-title"]}
    for path, ids in dropped.items():
        for msg_id in ids:
            drop_message(path, msg_id)
    rules = standard / "locales" / "ru" / "rules.ftl"
    rules.unlink()
    originals = {path: path.read_text(encoding="utf-8") for path in dropped}
    original_ids = {path: {m.id for m in parse_messages(path)} for path in dropped}
    before = file_bytes(standard, play_text.APP_FOLDER)

    preview = run("sync", str(standard), "--dry-run")
    assert preview.exit_code == 0, preview.output
    assert f"would add 3 to {cards}: {english_cards[0]}, card-nato, {english_cards[-1]}" in preview.output
    assert f"would add 1 to {play}: play-title" in preview.output
    assert file_bytes(standard, play_text.APP_FOLDER) == before and not rules.exists()

    result = run("sync", str(standard), "--lang", "ru")
    assert result.exit_code == 0, result.output
    for path, ids in dropped.items():
        new = path.read_text(encoding="utf-8")
        assert [m.id for m in parse_messages(path) if m.placeholder] == ids
        assert {m.id for m in parse_messages(path)} == original_ids[path] | set(ids)
        # Only insertions, each a marked copy of the English message.
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, originals[path], new, autojunk=False
        ).get_opcodes():
            assert tag in ("equal", "insert"), (tag, originals[path][i1:i2])
            if tag == "insert":
                assert new[j1:j2].count(f"# {TODO_MARK}") >= 1
    # Each copy follows its English neighbour.
    order = [m.id for m in parse_messages(cards)]
    assert order.index("card-nato") == order.index(english_cards[english_cards.index("card-nato") - 1]) + 1
    assert order[-1] == english_cards[-1]
    assert [m.id for m in parse_messages(rules)] == [
        m.id for m in parse_messages(standard / "locales/en/rules.ftl")
    ]
    assert Translation([play_text.APP_FOLDER, standard], "ru").states()  # still parses whole
    found = status(standard)
    assert sorted(found["missing_ids"]) == sorted(  # type: ignore[arg-type]
        [*dropped[cards], *dropped[play], *(m.id for m in parse_messages(rules))]
    )

    after = file_bytes(standard, play_text.APP_FOLDER)
    again = run("sync", str(standard))
    assert again.exit_code == 0 and "nothing to add" in again.output
    assert file_bytes(standard, play_text.APP_FOLDER) == after


def file_bytes(*folders: Path) -> dict[Path, bytes]:
    """Every locale file of the folders, and its content."""
    return {p: p.read_bytes() for f in folders for p in (f / "locales").rglob("*") if p.is_file()}


def test_sync_puts_a_variants_english_into_the_variants_file(tmp_path: Path) -> None:
    """A variant that rewrites a base message in English needs its own translation: the base's was made
    from other words, so it counts as missing, and sync copies the variant's English to the variant."""
    base, variant = tmp_path / "base", tmp_path / "variant"
    for folder, lang, text in (
        (base, "en", "# Base\nside-us = USA\nside-ussr = USSR\n"),
        (base, "ru", "# База\nside-us = США\nside-ussr = СССР\n"),
        (variant, "en", "side-us = The United States\n"),
        (variant, "ru", "## Варианты\n"),
    ):
        (folder / "locales" / lang).mkdir(parents=True, exist_ok=True)
        (folder / "locales" / lang / "map.ftl").write_text(text, encoding="utf-8")
    translation = Translation([base, variant], "ru")
    states = {s.id: s.state for s in translation.states()}
    assert states == {"side-us": "missing", "side-ussr": "unknown"}
    from twilight.cli.i18n.sync import apply, plan

    [addition] = plan(translation)
    assert addition.path == variant / "locales" / "ru" / "map.ftl"
    assert apply(addition) == (
        "## Варианты\n\n"
        f"# {TODO_MARK}: copied from English by twilight i18n sync; translate it, then delete this line\n"
        "side-us = The United States\n"
    )


# ---------------------------------------------------------------------- review
def test_review_shows_each_message_once_with_both_texts(standard: Path, tmp_path: Path) -> None:
    edit(
        standard / "locales" / "en" / "cards.ftl",
        "card-allende = Allende\n",
        "card-allende = Salvador Allende\n",
    )
    drop_message(standard / "locales" / "ru" / "map.ftl", "country-poland")
    result = run("review", str(standard))
    assert result.exit_code == 0, result.output
    text = result.output
    translation = Translation([play_text.APP_FOLDER, standard], "ru")
    for state in translation.states():
        rows = [line for line in text.splitlines() if line.startswith(f"| `{state.id}` |")]
        assert len(rows) == 1, state.id
        english = "<br>".join(md_text(line) for line in pattern_lines(state.id, state.english.canonical))
        assert f"| {english} |" in rows[0]
        if state.translation is not None:
            russian = "<br>".join(
                md_text(line) for line in pattern_lines(state.id, state.translation.canonical)
            )
            assert f"| {russian} |" in rows[0]
    assert re.search(r"^\| `country-poland` \| Poland \|  \| missing \|$", text, re.M)
    [allende] = [line for line in text.splitlines() if line.startswith("| `card-allende` |")]
    assert "Альенде" in allende and "stale; English was: Allende<br>" in allende
    assert f"## {standard / 'locales' / 'en' / 'cards.ftl'}" in text

    page = tmp_path / "review.html"
    result = run("review", str(standard), "-o", str(page))
    assert result.exit_code == 0 and f"wrote {page}" in result.output
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count('<tr class="stale">') == 1
    assert html.count("<td>card-") == len([s for s in translation.states() if s.id.startswith("card-")])
