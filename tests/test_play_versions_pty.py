"""Issue 16's pseudo-terminal test: a player picks a ruleset from the list `twilight play` offers, plays
to a save, the ruleset's rule file changes, and the resumed game goes on exactly where it was (the same
state digest) under the rules it began with, saying so; a save whose rules are gone says which it needs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from twilight.cli.versions import rules_root

from tests.play_driver import PlayDriver, answer_for, read_save

pexpect = pytest.importorskip("pexpect")


def house_rules(home: Path) -> Path:
    """A variant in $TWILIGHT_HOME/rules: solo-v2's quick deal under the name `house`."""
    folder = home / "rules" / "house"
    shutil.copytree(rules_root() / "solo-v2-quickdeal", folder)
    manifest = folder / "ruleset.tsr"
    text = manifest.read_text(encoding="utf-8").replace('ruleset "solo-v2-quickdeal"', 'ruleset "house"')
    manifest.write_text(text.replace('version "2.0"', 'version "1.0"'), encoding="utf-8")
    return folder


def test_a_game_picked_from_the_list_resumes_under_its_own_rules_after_they_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from twilight.cli.board.game import BoardError, save_state
    from twilight.compiler import api

    folder = house_rules(tmp_path)
    save = tmp_path / "house-game.json"
    driver = PlayDriver(["--lang", "en", "--ids", "--save", str(save)], tmp_path)
    listing = driver.until_prompt()
    assert "Which rules?" in listing
    assert "solo-v2 2.0" in listing and "standard 1.0" in listing
    assert "no paper AI: play against the computer, or two players at this terminal" in listing  # standard
    number = re.search(r"(\d+)\. house 1\.0 \(changes solo-v2\) — ", listing)
    assert number is not None, listing
    driver.send(number.group(1))
    for _ in range(3):  # side, level, the map: the defaults
        driver.until_prompt()
        driver.send("")
    answered = 0
    while answered < 6:
        q = driver.question()
        assert q is not None
        driver.send(answer_for(q, answered))
        answered += 1
    assert driver.question() is not None
    driver.send("quit")
    assert driver.finish() == 0
    first = read_save(save)
    pin = first["play"]["rules"]
    assert (pin["name"], pin["version"]) == ("house", "1.0")
    assert list((tmp_path / "saves" / "rules").glob(f"{pin['hash']}.json*"))

    # The rule file changes: three-card hands fewer on the first turns.
    dealing = folder / "dealing.tsr"
    changed = dealing.read_text(encoding="utf-8").replace("then 8 else 9", "then 7 else 9")
    assert changed != dealing.read_text(encoding="utf-8")
    dealing.write_text(changed, encoding="utf-8")
    # Replayed under the rules as they are now, the game would not reach the state it was saved in.
    new_ir = api.compile_target(str(folder)).ir
    assert new_ir is not None
    with pytest.raises(BoardError, match="does not lead back to its game"):
        save_state(save, lambda _: new_ir, str(folder))

    resumed = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    said = resumed.until_prompt()
    assert "The rules of this game (house 1.0) have changed since it began" in said
    # what changed (the dealing's changed line: the rules' words, not a number of a table or track), and
    # what starting again would take
    assert "The rules' words, now and before:" in said and "then 7 else 9" in said, said
    assert "Starting again takes house 1.0." in said
    resumed.send("")  # go on under its own rules
    again = resumed.question()
    assert again is not None, resumed.output()[-3000:]
    resumed.send("save")
    resumed.until_prompt()
    second = read_save(save)
    assert second["digest"] == first["digest"]
    assert second["answers"] == first["answers"]
    assert second["play"]["rules"] == pin
    resumed.send("quit")
    assert resumed.finish() == 0
    # The board reads the save under its stored rules too (the rules folder says otherwise now).
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    _, state, _ = save_state(save, lambda _: new_ir)
    assert state.digest() == first["digest"]

    # The rules gone (the variant removed, the store emptied): the save says which it needs.
    shutil.rmtree(folder)
    shutil.rmtree(tmp_path / "saves" / "rules")
    gone = subprocess.run(
        [sys.executable, "-m", "twilight.cli.main", "play", "--resume", str(save), "--lang", "en"],
        env={"TWILIGHT_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert gone.returncode == 1
    told = " ".join(gone.stdout.split())  # the console wraps long lines
    assert f"needs ruleset house 1.0 (rules {pin['hash'][:16]})" in told, gone.stdout + gone.stderr
    assert "Traceback" not in gone.stdout + gone.stderr
