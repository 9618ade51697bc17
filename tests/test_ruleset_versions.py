"""Choosing among rulesets and their versions (cli/versions.py), the rules store beside the saves
(cli/session/rules_store.py), and what a version changes in a player's words (cli/session/changes.py)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.ruleset_cmds import rulesets
from twilight.cli.session import rules_store
from twilight.cli.versions import UnknownRuleset, catalog, resolve, rules_root


def variant(root: Path, folder: str, name: str, version: str) -> Path:
    """A copy of solo-v2-quickdeal under `root/folder`, its manifest naming `name` at `version`."""
    target = root / folder
    shutil.copytree(rules_root() / "solo-v2-quickdeal", target)
    manifest = target / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace('ruleset "solo-v2-quickdeal"', f'ruleset "{name}"').replace(
        'version "2.0"', f'version "{version}"'
    )
    manifest.write_text(text, encoding="utf-8")
    return target


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return tmp_path


# ------------------------------------------------------------------------------------ versions side by side
def test_two_versions_of_one_ruleset_are_both_listed_and_a_bare_name_takes_the_highest(home: Path) -> None:
    variant(home / "rules", "deal-2.9", "house-deal", "2.9")
    variant(home / "rules", "deal-2.10", "house-deal", "2.10")
    entries = catalog()
    found = [(e.name, e.version, e.origin) for e in entries if e.name == "house-deal"]
    assert found == [("house-deal", "2.9", "home"), ("house-deal", "2.10", "home")]
    assert resolve("house-deal", entries).folder.name == "deal-2.10"  # 2.10 is above 2.9
    assert resolve("house-deal@2.9", entries).folder.name == "deal-2.9"
    assert resolve("solo-v2", entries).origin == "installed"


def test_an_unknown_version_says_which_versions_there_are(home: Path) -> None:
    variant(home / "rules", "deal-2.1", "house-deal", "2.1")
    with pytest.raises(UnknownRuleset) as caught:
        resolve("house-deal@2.2", catalog())
    assert caught.value.versions == ["2.1"]
    assert caught.value.hint == "2.1"
    with pytest.raises(UnknownRuleset) as unknown:
        resolve("solo-v3", catalog())
    assert unknown.value.versions == [] and unknown.value.hint == "solo-v2"


def test_a_rules_path_is_listed_and_a_copy_of_the_same_version_stands_for_the_installed_one(
    home: Path, tmp_path: Path
) -> None:
    extra = tmp_path / "elsewhere"
    copy = variant(extra, "solo-v2-quickdeal", "solo-v2-quickdeal", "2.0")
    entries = catalog([extra])
    same = [e for e in entries if e.spec == "solo-v2-quickdeal@2.0"]
    assert [e.folder for e in same] == [copy]
    assert [e.origin for e in same] == ["path"]


def test_the_rulesets_command_lists_every_version(home: Path) -> None:
    variant(home / "rules", "deal-3", "house-deal", "3.0")
    variant(home / "rules", "deal-4", "house-deal", "4.0")
    result = CliRunner().invoke(rulesets, ["--json"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r["spec"] for r in rows if r["name"] == "house-deal"] == ["house-deal@3.0", "house-deal@4.0"]


# ------------------------------------------------------------------------------------------- the store
def test_the_store_keeps_an_ir_once_compressed_when_big_and_gives_it_back(tmp_path: Path) -> None:
    small = {"ruleset": {"name": "x", "version": "1"}, "cards": {}}
    big = {"ruleset": {"name": "y", "version": "2"}, "cards": {f"c{i}": {"ops": i} for i in range(20000)}}
    digest_small = rules_store.store_ir(small, tmp_path)
    digest_big = rules_store.store_ir(big, tmp_path)
    assert (tmp_path / f"{digest_small}.json").is_file()
    packed = tmp_path / f"{digest_big}.json.gz"
    assert packed.is_file() and packed.stat().st_size < len(rules_store.canonical(big)) // 4
    assert json.loads(gzip.decompress(packed.read_bytes())) == big
    assert rules_store.load_ir(digest_small, tmp_path) == small
    assert rules_store.load_ir(digest_big, tmp_path) == big
    # Written once: a second store of the same IR leaves the file as it is.
    before = packed.stat().st_mtime_ns
    assert rules_store.store_ir(big, tmp_path) == digest_big
    assert packed.stat().st_mtime_ns == before
    pin = rules_store.pin_of(small, "x-name")
    assert pin == {"name": "x-name", "version": "1", "hash": digest_small}
    assert rules_store.valid_pin(pin) and not rules_store.valid_pin({**pin, "hash": "../x"})


def test_the_store_keeps_the_order_of_an_irs_maps(tmp_path: Path) -> None:
    # The rules go through cards, countries and options in the IR's order: a game replayed from a stored
    # IR in another order is another game.
    ir = {"ruleset": {"name": "x"}, "cards": {"zebra": {"ops": 1}, "apple": {"ops": 2}}}
    loaded = rules_store.load_ir(rules_store.store_ir(ir, tmp_path), tmp_path)
    assert loaded is not None and list(loaded["cards"]) == ["zebra", "apple"]
    assert list(loaded) == ["ruleset", "cards"]


def test_a_stored_ir_that_changed_is_not_taken_for_the_one_pinned(tmp_path: Path) -> None:
    ir = {"ruleset": {"name": "x", "version": "1"}, "cards": {"a": {"ops": 1}}}
    digest = rules_store.store_ir(ir, tmp_path)
    path = tmp_path / f"{digest}.json"
    path.write_text(json.dumps({**ir, "cards": {"a": {"ops": 4}}}), encoding="utf-8")
    assert rules_store.load_ir(digest, tmp_path) is None
    assert rules_store.load_ir("0" * 64, tmp_path) is None
    assert rules_store.load_ir("../../etc/passwd", tmp_path) is None


# ------------------------------------------------------------------------------- what changed, in words
def all_ir_ids() -> set[str]:
    """The id of every declaration of the three rulesets (cards, countries, settings, steps of play…)."""
    from twilight.cli.diff.views import SECTIONS, declarations
    from twilight.compiler import api

    ids: set[str] = set()
    for name in ("standard", "solo-v2", "solo-v2-quickdeal"):
        ir = api.compile_target(name).ir
        assert ir is not None
        for kind in SECTIONS:
            ids |= set(declarations(ir, kind))
    return ids


def english_words() -> set[str]:
    """The words of the English messages (what follows `=`): an id that is also an English word the game
    says ("deal", "level", "turn") is no raw id when it is read in English."""
    from twilight.cli.session.text import APP_FOLDER

    files = [*APP_FOLDER.glob("locales/en/*.ftl"), *rules_root().glob("*/locales/en/*.ftl")]
    words: set[str] = set()
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("#"):
                continue
            value = line.split(" = ", 1)[1] if " = " in line else line
            words |= set(re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", " ", value)))
    return words


@pytest.mark.parametrize("name", ["solo-v2-quickdeal", "solo-v2"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_changes_read_as_rules_for_players(name: str, lang: str) -> None:
    result = CliRunner().invoke(rulesets, ["--changes", name, "--lang", lang])
    assert result.exit_code == 0, result.output
    text = result.output
    tokens = set(re.findall(r"[A-Za-z0-9_]+", text))
    # No snake_case word, no id (but the names of the rulesets, and the English words that are ids too).
    allowed = {"standard", "solo", "v2", "quickdeal"} | (english_words() if lang == "en" else set())
    assert not [t for t in tokens if "_" in t], text
    assert not sorted((tokens & all_ir_ids()) - allowed), text
    assert not re.search(r"\b(procedure|appendix|zone)\b", text)
    assert f"{name} 2.0" in text
    if name == "solo-v2-quickdeal":
        # The step it changes is named as a player reads it, with the rule book section it follows.
        deal = (
            "the deal of the cards" if lang == "en" else "Раздача карточек в начале каждого хода"
        )  # the solo rule book's own term
        notes = "Play notes" if lang == "en" else "Игровые примечания"  # the section, in the language
        assert deal in text and notes in text
    if lang == "en":
        # The rule book's sections by their English titles (cli/seed_sections.yaml), not as the seed
        # writes them.
        assert re.search(r"[А-Яа-яЁё]", text) is None, text


# ------------------------------------------------------------------------------------------ the browser
def test_the_start_page_describes_the_rulesets_and_links_what_is_different(home: Path) -> None:
    import warnings

    pytest.importorskip("httpx")
    warnings.filterwarnings("ignore", message=".*httpx.*")
    from starlette.testclient import TestClient
    from twilight.cli.web.app import create_app

    base = "http://127.0.0.1:8000"
    with TestClient(create_app("127.0.0.1", 8000, "en"), base_url=base) as client:
        start = client.get("/?lang=ru")
        assert start.status_code == 200
        said = "solo-v2-quickdeal 2.0 (меняет solo-v2) — Одиночная игра (правила v2) с быстрой раздачей"
        assert said in start.text
        assert 'href="/changes/solo-v2-quickdeal@2.0?lang=ru"' in start.text
        page = client.get("/changes/solo-v2-quickdeal?lang=ru")
        assert page.status_code == 200
        assert "Раздача карточек в начале каждого хода" in page.text
        assert "solo_deal" not in page.text
        assert client.get("/changes/..%2Fetc").status_code == 404
        assert client.get("/changes/nothing").status_code == 404
