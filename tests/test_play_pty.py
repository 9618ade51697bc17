"""`twilight play` through a real pseudo-terminal: whole turns in each language, garbage at every kind
of prompt, quit and resume to the same state, a damaged save, and a whole demo game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from play_driver import PlayDriver, Question, answer_for, read_save

pexpect = pytest.importorskip("pexpect")

SEED = 11


# The setup question of the rules' own settings answered by a flag: the seeds' map (no Canada).
SEEDS_MAP = ("--set", "deluxe_map_canada=false")


def solo(seed: int | str, lang: str = "en", side: str = "us", *extra: str) -> list[str]:
    """The arguments of a solo game with every setup question answered by a flag."""
    return [
        "--seed",
        str(seed),
        "--lang",
        lang,
        "--side",
        side,
        "--level",
        "normal",
        *SEEDS_MAP,
        "--ids",
        *extra,
    ]


def play_turn(driver: PlayDriver, until_turn: int = 2) -> list[Question]:
    """Answer every question until turn `until_turn` begins; the questions asked, in order."""
    asked: list[Question] = []
    while True:
        q = driver.question()
        assert q is not None, "the game ended before the turn did"
        if f"[turn={until_turn}]" in q.screen or _turn_of(q.screen) >= until_turn:
            asked.append(q)
            return asked
        asked.append(q)
        driver.send(answer_for(q, len(asked)))


def _turn_of(screen: str) -> int:
    import re

    found = re.findall(r"(?:Turn|Ход) (\d+)\b", screen)
    return int(found[-1]) if found else 0


def no_traceback(text: str) -> None:
    assert "Traceback" not in text
    assert "internal error" not in text


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["Turn 1", "DEFCON", "Cards to choose from", "Since your last decision"]),
        ("ru", ["Ход 1", "DEFCON", "Первичный"]),
    ],
)
def test_a_whole_turn_in_each_language(tmp_path: Path, lang: str, words: list[str]) -> None:
    driver = PlayDriver(solo(SEED, lang), tmp_path)
    asked = play_turn(driver)
    kinds = {q.name for q in asked}
    # The draft, the headline (keep one, order the rest), and the action rounds' cards and targets.
    assert {"draft_keep", "headline_card", "action_card", "play_mode"} <= kinds
    out = driver.output()
    for word in words:
        assert word in out, word
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
    save = tmp_path / "saves" / f"solo-v2-{SEED}.json"
    data = read_save(save)
    assert data["play"]["lang"] == lang and data["play"]["humans"] == ["us"]
    assert data["settings"]["ai_side"] == "ussr"
    assert (tmp_path / "saves" / f"solo-v2-{SEED}.trace.jsonl").is_file()


GARBAGE = [
    *("", "zzzz", "999", "0", "-1", "+2", "1.", "2 2", " - ", "1,1,1,1,1,1,1,1,1"),
    *("Poland", "Польша", "!!! ??", "x" * 300, "ё" * 5),
]


def test_garbage_at_every_kind_of_prompt_changes_nothing(tmp_path: Path) -> None:
    driver = PlayDriver(solo(5), tmp_path)
    seen: set[str] = set()
    turn_two = False
    answered = 0
    while not turn_two:
        q = driver.question()
        assert q is not None
        if _turn_of(q.screen) >= 2:
            turn_two = True
            break
        if q.name not in seen:
            seen.add(q.name)
            before = q.screen
            for junk in GARBAGE:
                driver.send(junk)
                again = driver.until_prompt()
                # Re-asked, with a message, and nothing moved: no new history lines, no new screen.
                assert "decision=" not in again and "Since your last" not in again, (q.name, junk, again)
                assert again.strip(), (q.name, junk)
            assert before
        answered += 1
        driver.send(answer_for(q, answered))
    driver.send("quit")
    assert driver.finish() == 0
    out = driver.output()
    no_traceback(out)
    assert {"draft_keep", "headline_card", "action_card", "play_mode"} <= seen
    assert "is not one of the choices" in out
    assert "is not on the list" in out


def test_setup_questions_with_garbage_and_defaults(tmp_path: Path) -> None:
    driver = PlayDriver(["--seed", "3", "--ids"], tmp_path)
    driver.until_prompt()  # language
    for junk in ("klingon", "7", "-"):
        driver.send(junk)
        driver.until_prompt()
    driver.send("2")  # Русский
    driver.until_prompt()  # side
    driver.send("марсиане")
    driver.until_prompt()
    driver.send("")  # default: the US (the AI plays the USSR)
    driver.until_prompt()  # level
    driver.send("эксп")  # Эксперт, by its beginning
    asked = driver.until_prompt()  # the map: the seeds' (default) or the deluxe edition's Canada 2
    assert "Начальное влияние США: по какой карте?" in asked
    assert "1. По своду правил: 23 маркера США, в Канаде ни одного  (по умолчанию)" in asked
    driver.send("")  # default: the seeds' setup
    q = driver.question()
    assert q is not None and q.name == "draft_keep"
    driver.send("регион Европа")  # no region is in play at the draft: the board is one line a region
    europe = driver.until_prompt()
    driver.send("выход")  # quit, in Russian
    assert driver.finish() == 0
    no_traceback(driver.output())
    data = read_save(tmp_path / "saves" / "solo-v2-3.json")
    assert data["settings"]["level"] == "expert"
    assert data["settings"]["ai_side"] == "ussr"
    assert data["settings"]["deluxe_map_canada"] is False
    assert data["play"]["lang"] == "ru"
    assert re.search(r"\n ?Канада +З +4 +· ", europe), "no US influence in Canada on the seeds' map"


@pytest.mark.parametrize(
    ("lang", "answer", "canada"),
    [("en", "deluxe", r"Canada +W +4 +2 "), ("ru", "2", r"Канада +З +4 +2 ")],
)
def test_the_deluxe_map_canada_is_offered_and_honoured(
    tmp_path: Path, lang: str, answer: str, canada: str
) -> None:
    driver = PlayDriver(
        ["--seed", "6", "--lang", lang, "--side", "ussr", "--level", "normal", "--ids"], tmp_path
    )
    asked = driver.until_prompt()
    question, deluxe = {
        "en": (
            "The US's starting influence: which map?",
            "2. The deluxe edition's map: 2 more US influence in Canada",
        ),
        "ru": (
            "Начальное влияние США: по какой карте?",
            "2. По карте делюкс-издания: еще 2 очка влияния США в Канаде",
        ),
    }[lang]
    assert question in asked and deluxe in asked
    driver.send(answer)
    q = driver.question()
    assert q is not None
    # The board shows Canada (Western Europe, stability 4) with the US's 2, and the history says where
    # they came from.
    driver.send("region europe" if lang == "en" else "регион европа")
    europe = driver.until_prompt()
    assert re.search(canada, europe), europe
    driver.send("log all" if lang == "en" else "журнал все")
    history = driver.until_prompt()
    assert ("US +2 in Canada (now 2)." if lang == "en" else "США: +2 влияния в Канаде (теперь 2).") in history
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
    assert read_save(tmp_path / "saves" / "solo-v2-6.json")["settings"]["deluxe_map_canada"] is True


def test_a_flag_answers_the_map_question(tmp_path: Path) -> None:
    args = ["--seed", "6", "--lang", "en", "--side", "us", "--level", "normal", "--ids"]
    driver = PlayDriver([*args, "--set", "deluxe_map_canada=true"], tmp_path)
    q = driver.question()  # the game's first question: nothing more was asked
    assert q is not None and q.name == "draft_keep"
    assert "which map?" not in driver.output()
    driver.send("board all")
    board = driver.until_prompt()
    assert re.search(r"Canada +W +4 +2 ", board), board
    driver.send("quit")
    assert driver.finish() == 0


def answer_then_quit(driver: PlayDriver, count: int) -> Question:
    """Answer `count` questions, then quit at the next one (returned)."""
    for n in range(count):
        q = driver.question()
        assert q is not None
        driver.send(answer_for(q, n))
    last = driver.question()
    assert last is not None
    driver.send("quit")
    assert driver.finish() == 0
    return last


def test_quit_then_resume_reaches_the_same_state(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    q = answer_then_quit(PlayDriver(solo(21, "en", "ussr", "--save", str(save)), tmp_path), 14)
    first = read_save(save)

    resumed = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    again = resumed.question()
    assert again is not None
    assert (again.name, again.side) == (q.name, q.side)
    assert [o[2] for o in again.options] == [o[2] for o in q.options]
    resumed.send("save")
    resumed.until_prompt()
    second = read_save(save)
    assert second["digest"] == first["digest"]
    assert second["answers"] == first["answers"]
    # And play goes on from there.
    resumed.send(answer_for(again, 0))
    assert resumed.question() is not None
    resumed.send("quit")
    assert resumed.finish() == 0
    no_traceback(resumed.output())
    assert "Resumed" in resumed.output()


def test_resume_without_a_file_takes_the_last_unfinished_game(tmp_path: Path) -> None:
    driver = PlayDriver(solo(8), tmp_path)
    q = driver.question()
    assert q is not None
    driver.send("quit")
    assert driver.finish() == 0
    resumed = PlayDriver(["--resume", "--ids"], tmp_path)
    again = resumed.question()
    assert again is not None and again.name == q.name
    resumed.send("quit")
    assert resumed.finish() == 0


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"{not json", "damaged"),
        (b"", "damaged"),
        (b"\xff\xfe\x00garbage", "damaged"),
        (b'{"format": 1, "ruleset": "solo-v2"}', "not a twilight save"),
        (b"[1, 2, 3]", "not a twilight save"),
    ],
)
def test_a_damaged_save_gives_a_clear_message(tmp_path: Path, content: bytes, expected: str) -> None:
    save = tmp_path / "broken.json"
    save.write_bytes(content)
    driver = PlayDriver(["--resume", str(save), "--lang", "en"], tmp_path)
    status = driver.finish()
    out = driver.output()
    assert status == 1
    assert expected in out
    no_traceback(out)
    assert save.read_bytes() == content  # the file is left as it was


def test_a_save_whose_answers_do_not_fit_goes_on_from_the_last_that_does(tmp_path: Path) -> None:
    """Its first answer fits no question (a damaged save, or one of another version whose game now goes
    another way): the game goes on from before it, the file as it was kept beside it
    (tests/test_play_save_diverged_pty.py has one that fits for longer)."""
    save = tmp_path / "game.json"
    answer_then_quit(PlayDriver(solo(4, "en", "us", "--save", str(save)), tmp_path), 3)
    data = json.loads(save.read_text(encoding="utf-8"))
    data["answers"][0][1] = "not_a_card"
    written = json.dumps(data)
    save.write_text(written, encoding="utf-8")
    resumed = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    assert resumed.question() is not None
    resumed.send("quit")
    assert resumed.finish() == 0
    out = resumed.output()
    assert f"goes another way after 0 of its {len(data['answers'])} answers" in " ".join(out.split())
    assert (tmp_path / "game.json.old").read_text(encoding="utf-8") == written
    no_traceback(out)


def test_ctrl_d_at_a_prompt_saves_and_stops(tmp_path: Path) -> None:
    driver = PlayDriver(solo(9), tmp_path)
    assert driver.question() is not None
    driver.child.sendeof()
    assert driver.finish() == 0
    assert "Game saved" in driver.output()
    assert (tmp_path / "saves" / "solo-v2-9.json").is_file()


def test_commands_help_why_log_board_save(tmp_path: Path) -> None:
    driver = PlayDriver(solo(12), tmp_path)
    answered = 0
    while True:
        q = driver.question()
        assert q is not None
        if q.name == "action_card":
            break
        answered += 1
        driver.send(answer_for(q, answered))
    driver.send("?")
    help_text = driver.until_prompt()
    # (the solo ruleset's own words on the question come first: its face-down deck and its regions)
    assert "each action round you draw its top 2 cards" in " ".join(help_text.split())
    driver.send("why")
    why = driver.until_prompt()
    assert "AI" in why
    driver.send("log")
    log = driver.until_prompt()
    assert "History" in log and "Turn 1" in log
    driver.send("board")
    board = driver.until_prompt()
    assert "decision=action_card" in board
    driver.send("save")
    assert "Saved to" in driver.until_prompt()
    driver.send("q")
    assert driver.finish() == 0
    no_traceback(driver.output())


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_whole_demo_game_exits_0(tmp_path: Path, policy: str) -> None:
    driver = PlayDriver(["--human-policy", policy, "--seed", "31", "--lang", "ru", "--delay", "0"], tmp_path)
    status = driver.finish()
    out = driver.output()
    no_traceback(out)
    assert status == 0, out[-3000:]
    assert "Игра окончена" in out
    data = read_save(tmp_path / "saves" / "solo-v2-31.json")
    assert data["play"]["finished"] is True


def test_tab_completes_a_name(tmp_path: Path) -> None:
    driver = PlayDriver(solo(5), tmp_path)
    q = driver.question()
    assert q is not None
    _, label, ident = q.options[1]
    name = label.rsplit(" (", 1)[0]
    driver.child.send(name[:3] + "\t")
    driver.child.expect(name[3:].split()[0])  # the terminal shows the rest of the name, completed
    driver.child.send("\r")
    driver.child.expect("\n")
    after = driver.question()
    assert after is not None
    assert ident not in [o[2] for o in after.options]  # that card was taken
    driver.send("quit")
    assert driver.finish() == 0


def test_the_standard_ruleset_is_hot_seat_for_two(tmp_path: Path) -> None:
    driver = PlayDriver(
        ["--ruleset", "standard", "--seed", "2", "--lang", "en", *SEEDS_MAP, "--ids"], tmp_path
    )
    sides: set[str] = set()
    multi = 0
    for n in range(12):
        q = driver.question()
        assert q is not None
        sides.add(q.side)
        multi += not q.single
        driver.send(answer_for(q, n))
    assert sides == {"us", "ussr"}  # both sides answered at this terminal
    assert multi >= 1  # the setup's influence: several countries in one answer
    driver.send("quit")
    assert driver.finish() == 0
    no_traceback(driver.output())
    data = read_save(tmp_path / "saves" / "standard-2.json")
    assert data["play"]["humans"] == ["us", "ussr"]


def test_a_whole_game_by_keystrokes(tmp_path: Path) -> None:
    """A person's whole game, typed: names, beginnings and numbers in Russian, a `?` now and then, to
    the end screen."""
    driver = PlayDriver(solo(44, "ru"), tmp_path)
    answered = 0
    while (q := driver.question()) is not None:
        answered += 1
        if answered % 25 == 0:
            driver.send("?")
            driver.until_prompt()
        driver.send(answer_for(q, answered))
    out = driver.output()
    no_traceback(out)
    assert driver.finish() == 0
    assert "Игра окончена" in out
    assert answered > 20
    assert read_save(tmp_path / "saves" / "solo-v2-44.json")["play"]["finished"] is True
