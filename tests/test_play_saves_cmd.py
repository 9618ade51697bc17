"""`twilight saves`: the unfinished games listed in the player's language, one deleted by its name (never
one another game holds), and the readable names of saves made without `--seed`."""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.play.cmd import play
from twilight.cli.session.saves import SaveLock, readable_save_path, write_atomic

# 2026-03-04 05:06 local time: when the listed saves were last written.
WRITTEN = time.mktime((2026, 3, 4, 5, 6, 0, 0, 0, -1))


def a_save(
    ruleset: str = "solo-v2",
    humans: tuple[str, ...] = ("ussr",),
    level: str | None = "hard",
    turn: int = 3,
    lang: str = "en",
    finished: bool = False,
) -> dict[str, Any]:
    settings: dict[str, Any] = {"ai_side": "us"} if len(humans) == 1 else {}
    if level is not None:
        settings["level"] = level
    return {
        "format": 1,
        "ruleset": ruleset,
        "seed": 7,
        "settings": settings,
        "answers": [],
        "digest": "0123456789abcdef",
        "state": {"turn": turn},
        "play": {"humans": list(humans), "lang": lang, "finished": finished},
    }


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return tmp_path


def put(home: Path, name: str, data: dict[str, Any], age: float = 0) -> Path:
    path = home / "saves" / f"{name}.json"
    write_atomic(path, data)
    os.utime(path, (WRITTEN - age, WRITTEN - age))
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), obj=None)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("lang", "solo", "hot_seat", "damaged"),
    [
        (
            "en",
            "Solo game against the AI, you play USSR, level: hard (the AI starts with 4 VP), turn 3,"
            " saved 2026-03-04 05:06",
            "Standard rules, both sides, turn 5, saved 2026-03-04 05:05",
            "is damaged: it is not valid JSON",
        ),
        (
            "ru",
            "Одиночная игра против ИИ, вы за СССР, уровень: сложный (ИИ начинает с 4 ПО), ход 3,"
            " сохранена 2026-03-04 05:06",
            "Стандартные правила, обе стороны, ход 5, сохранена 2026-03-04 05:05",
            "поврежден",
        ),
    ],
)
def test_the_unfinished_games_are_listed_in_the_players_language(
    home: Path, lang: str, solo: str, hot_seat: str, damaged: str
) -> None:
    put(home, "cold-war", a_save())
    put(home, "two-of-us", a_save("standard", ("us", "ussr"), None, 5), age=60)
    put(home, "over", a_save(finished=True), age=120)
    broken = home / "saves" / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    status, out = run("saves", "--lang", lang)
    assert status == 0, out
    text = " ".join(out.split())  # as it reads, whatever the width it was wrapped at
    assert text.index("cold-war") < text.index(solo) < text.index("two-of-us") < text.index(hot_seat)
    assert "over" not in out.split()  # a finished game is not listed
    assert damaged in text and "twilight saves delete broken" in text
    assert broken.exists()  # listed as damaged, left as it was


def test_no_unfinished_game_is_said_in_the_language_of_the_last_one(home: Path) -> None:
    assert run("saves")[1].strip() == "There is no unfinished game. Start one with: twilight play"
    put(home, "partie", a_save(lang="ru"))
    status, out = run("saves")  # no --lang: the language of the last game
    assert status == 0 and "вы за СССР" in out


@pytest.mark.parametrize("how", [["saves", "--delete"], ["saves", "delete"]])
@pytest.mark.parametrize(
    ("lang", "said"), [("en", "The save cold-war is deleted."), ("ru", "Сохранение cold-war удалено.")]
)
def test_a_save_is_deleted_by_name_with_its_trace(home: Path, how: list[str], lang: str, said: str) -> None:
    save = put(home, "cold-war", a_save())
    (home / "saves" / "cold-war.trace.jsonl").write_text("{}\n", encoding="utf-8")
    keep = put(home, "other", a_save())
    status, out = run(*how, "cold-war", "--lang", lang)
    assert (status, out.strip()) == (0, said)
    assert sorted(p.name for p in save.parent.iterdir()) == [keep.name]


@pytest.mark.parametrize(
    ("lang", "name", "said"),
    [
        ("en", "cold-wr", 'There is no save called "cold-wr". Did you mean cold-war?'),
        ("ru", "cold-wr", "Сохранения «cold-wr» нет. Может быть, вы имели в виду cold-war?"),
        ("en", "zzz", 'There is no save called "zzz". The saves are: cold-war, other.'),
        ("ru", "../saves/cold-war", "Сохранения «../saves/cold-war» нет. Есть такие: cold-war, other."),
        ("en", "/etc/passwd", 'There is no save called "/etc/passwd". The saves are: cold-war, other.'),
    ],
)
def test_an_unknown_name_is_told_and_nothing_is_deleted(home: Path, lang: str, name: str, said: str) -> None:
    put(home, "cold-war", a_save())
    put(home, "other", a_save())
    status, out = run("saves", "delete", name, "--lang", lang)
    assert (status, " ".join(out.split())) == (1, said)
    assert sorted(p.name for p in (home / "saves").iterdir()) == ["cold-war.json", "other.json"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The save cold-war is in use by another game (process {pid}); it is not deleted."),
        ("ru", "Сохранение cold-war сейчас занято другой игрой (процесс {pid}), поэтому оно не удалено."),
    ],
)
def test_a_save_another_game_holds_is_not_deleted(home: Path, lang: str, said: str) -> None:
    save = put(home, "cold-war", a_save())
    before = save.read_bytes()
    with SaveLock(save):  # a lock on its own open file: another holder, for flock
        status, out = run("saves", "delete", "cold-war", "--lang", lang)
        assert save.read_bytes() == before
        assert (home / "saves" / "cold-war.json.lock").exists()
    assert (status, " ".join(out.split())) == (1, said.format(pid=os.getpid()))


def test_new_saves_get_readable_unique_names(home: Path) -> None:
    moment = time.mktime((2026, 12, 1, 18, 30, 0, 0, 0, -1))
    first, lock = readable_save_path("solo-v2", ["us"], moment)
    assert first.name == "solo-v2-us-2026-12-01-1830.json"
    write_atomic(first, a_save())
    lock.release()
    second, held = readable_save_path("solo-v2", ["us"], moment)
    assert second.name == "solo-v2-us-2026-12-01-1830-2.json"
    # a game starting that holds the name (its lock) but has written no save yet
    third, lock = readable_save_path("solo-v2", ["us"], moment)
    assert third.name == "solo-v2-us-2026-12-01-1830-3.json"
    held.release()
    lock.release()
    # a lock file a killed game left behind locks nothing: the name is free
    assert readable_save_path("solo-v2", ["us"], moment)[0].name == "solo-v2-us-2026-12-01-1830-2.json"
    assert readable_save_path("standard", ["us", "ussr"], moment)[0].name == "standard-2026-12-01-1830.json"


def test_new_games_started_at_once_never_share_a_save_name(home: Path, tmp_path: Path) -> None:
    """Two `twilight serve` on one saves folder once gave concurrent new games one name (the name was
    chosen before the save's lock was taken): one game overwrote the other, or was refused. New browser
    games begun at the same moment in several processes now each keep a save of their own."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    processes, each = 6, 3
    at = time.time() + 8  # (after every process has started and compiled its rules)
    jobs = [(str(home), str(tmp_path / f"warm-{i}"), i * each, each, at) for i in range(processes)]
    with context.Pool(processes) as pool:
        started = [game for games in pool.map(_start_browser_games, jobs) for game in games]
    problems = [problem for _, _, problem in started if problem]
    assert not problems, problems
    names = [name for name, _, _ in started]
    assert len(set(names)) == processes * each, sorted(names)
    for name, seed, _ in started:  # each save is the game that took its name
        assert json.loads((home / "saves" / f"{name}.json").read_text(encoding="utf-8"))["seed"] == seed


def _start_browser_games(job: tuple[str, str, int, int, float]) -> list[tuple[str, int, str]]:
    """In a process of its own: new solo-v2 games as `twilight serve` starts them (each saved at the
    person's first question), with seeds of their own, begun at the moment `at` (after a first game in a
    folder of its own has warmed the process up)."""
    import os

    from twilight.cli.web.game import Games, WebError

    home, warm, first, count, at = job
    games = Games()
    os.environ["TWILIGHT_HOME"] = warm
    games.start("solo-v2", "us", None, "en", seed=1)
    os.environ["TWILIGHT_HOME"] = home
    time.sleep(max(0.0, at - time.time()))
    started = []
    for seed in range(first, first + count):
        try:
            started.append((games.start("solo-v2", "us", None, "en", seed=seed).name, seed, ""))
        except WebError as err:
            started.append(("", seed, f"{err.msg_id} {err.args_}"))
    return started


def test_a_demo_without_a_seed_asks_nothing_and_saves_under_a_readable_name(home: Path) -> None:
    """Unfinished games do not stop a demo (it asks nothing, as before); its save is named readably."""
    put(home, "cold-war", a_save())
    result = CliRunner().invoke(play, ["--human-policy", "random", "--lang", "en", "--delay", "0"], input="")
    assert result.exit_code == 0, result.output
    assert "unfinished" not in result.output
    names = sorted(p.name for p in (home / "saves").glob("*.json"))
    new = [n for n in names if n != "cold-war.json"]
    assert len(new) == 1 and re.fullmatch(r"solo-v2-us-\d{4}-\d\d-\d\d-\d{4}\.json", new[0]), names
    assert json.loads((home / "saves" / new[0]).read_text(encoding="utf-8"))["play"]["finished"] is True


def test_a_new_game_of_a_seed_never_takes_an_unfinished_games_save(home: Path) -> None:
    """`twilight play --seed 7` with another side or level once replaced the unfinished game saved under
    seed 7: it now keeps it, saves the new game beside it and says so; a finished game's save gives way."""
    kept = put(home, "solo-v2-7", a_save())
    before = kept.read_bytes()
    args = ["--seed", "7", "--side", "us", "--human-policy", "random", "--lang", "en", "--delay", "0"]
    result = CliRunner().invoke(play, args, input="")
    assert result.exit_code == 0, result.output
    assert kept.read_bytes() == before  # the unfinished game is untouched
    said = " ".join(result.output.split())
    assert "An unfinished game of this seed is saved as solo-v2-7: it stays." in said
    assert "This game is saved as solo-v2-7-2" in said
    assert json.loads((home / "saves" / "solo-v2-7-2.json").read_text(encoding="utf-8"))["seed"] == 7
    # The new game (a demo: played to its end) is finished: the next game of seed 7 may take its name.
    result = CliRunner().invoke(play, args, input="")
    assert result.exit_code == 0 and "solo-v2-7-2" in " ".join(result.output.split())
    assert kept.read_bytes() == before
