"""`twilight replay`: the digital edition's game logs read and replayed under `standard`.

The 32 games are in ../shared/reference/real-games (beside the repository); without them the tests that
read them are skipped, and the ones on made-up logs still run."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from twilight.cli.replay.driver import Replay
from twilight.cli.replay.judge import KINDS, judgments
from twilight.cli.replay.log import LogError, Names, parse_log, read_log
from twilight.cli.replay.names import compiled, ruleset_names

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT.parent / "shared" / "reference" / "real-games"
LOGS = sorted(GAMES.glob("game-*.txt")) if GAMES.is_dir() else []
needs_games = pytest.mark.skipif(
    not LOGS, reason="the real games (../shared/reference/real-games) are not beside the repository"
)


class _Standard:
    def __init__(self) -> None:
        self.ir, self.program = compiled("standard")


@lru_cache(maxsize=1)
def game() -> Any:
    return _Standard()


def names() -> Names:
    return ruleset_names(game().ir)


HEADER = """SETUP: : The USSR player will play as USSR.
The US player will play as USA.
Handicap influence: US +2
Scenario: Standard
Optional Cards Added
Time per Player: 90 Minutes
USSR +4 in Poland [0][4]
USSR +1 in East Germany [0][4]
USSR +1 in Austria [0][1]
US +4 in West Germany [4][0]
US +4 in Italy [4][0]
US +1 in Iran [2][0]
"""

ROUND = """
Turn 1, Headline Phase: Nasser* & Defectors: USSR Headlines Nasser*
US Headlines Defectors
Event: Defectors

Turn 1, USSR AR1: Nuclear Test Ban: Coup (4 Ops):
Target: Iran
SUCCESS: 4 [ + 4 - 2x2 = 4 ]
US -2 in Iran [0][0]
USSR +2 in Iran [0][2]
USSR Military Ops to 4
DEFCON degrades to 4

Turn 1, US AR1: Olympic Games: Place Influence (2 Ops):
US +2 in Egypt [2][0]
"""


# ---------------------------------------------------------------------------------------------- reader
@needs_games
def test_every_line_of_every_game_is_read() -> None:
    """No line of the 32 games is left unread: each is one or two events of a known shape."""
    assert len(LOGS) == 32
    total = 0
    for path in LOGS:
        log = read_log(path, names())
        read = {e.line for e in log.events}
        assert read == set(range(1, log.lines + 1)), path.name
        assert all(e.kind != "unknown" for e in log.events)
        assert log.handicap == {"us": 2} and log.optional_cards
        total += log.lines
    assert total == 22885  # (the folder holds 22,910 lines with its README)


@needs_games
def test_names_of_the_games_are_ours() -> None:
    """Every card and country the games name is one of ours (the reader refuses any it cannot name)."""
    cards = {e.card for path in LOGS for e in read_log(path, names()).events if e.card}
    assert {"middle_east_scoring", "ask_not_what_your_country_can_do_for_you", "the_china_card"} <= cards


def test_shapes_are_typed() -> None:
    log = parse_log(HEADER + ROUND, names())
    kinds = [e.kind for e in log.events if e.kind != "blank"]
    assert kinds[:2] == ["setup", "player_side"]
    coup = next(e for e in log.events if e.kind == "coup_roll")
    assert (coup.data["die"], coup.data["ops"], coup.data["stability"], coup.data["net"]) == (4, 4, 2, 4)
    change = next(e for e in log.events if e.kind == "influence" and e.country == "iran" and e.side == "ussr")
    assert (change.data["n"], change.data["us"], change.data["ussr"], change.line) == (2, 0, 2, 22)
    ar = next(e for e in log.events if e.kind == "ar")
    assert (ar.side, ar.card, ar.data["mode"], ar.data["turn"], ar.data["ar"]) == (
        "ussr",
        "nuclear_test_ban",
        "coup",
        1,
        1,
    )
    headline = next(e for e in log.events if e.kind == "headlines")
    assert (headline.side, headline.card) == ("ussr", "nasser")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("just some text\nnothing of a game\n", "replay-not-a-log"),
        (HEADER.splitlines()[0] + "\nThe US player will play as USA.\n", "replay-not-a-log"),
        (HEADER + ROUND.replace("Nuclear Test Ban", "Nuclear Test Bans"), "replay-unknown-card"),
        (HEADER + ROUND + "Turn 1, USSR AR2: Blockade*: Spaceship (3 Ops):\n", "replay-unknown-line"),
    ],
)
def test_bad_logs_are_one_error(text: str, message: str) -> None:
    with pytest.raises(LogError) as raised:
        parse_log(text, names())
    assert raised.value.message_id == message


def test_bad_logs_are_one_clear_line(tmp_path: Path) -> None:
    """A file that is no game log, a truncated log and an unknown card: one line each, no traceback."""
    from twilight.cli.replay.cmd import replay

    files = {
        "notes.txt": "hello\n",
        "cut.txt": HEADER,
        "card.txt": HEADER + ROUND.replace("Olympic Games", "Olympic Gamez"),
        "binary.txt": "\x00\xff\xfe",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="latin-1")
    result = CliRunner().invoke(replay, [str(tmp_path / n) for n in files], catch_exceptions=False)
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == len(files), result.output
    assert "Traceback" not in result.output
    assert "Olympic Gamez" in result.output


def test_judgments_are_data() -> None:
    table = judgments()
    assert table and all(j.kind in KINDS for j in table)
    faults = [j for j in table if j.kind == "edition_fault"]
    assert faults and all(j.rule and j.why for j in faults)


# ---------------------------------------------------------------------------------------------- driver
def test_a_made_up_game_replays_without_divergence() -> None:
    """The setup (with the US +2 handicap), a headline and two rounds, answered from the log, agree with
    the log's totals; the cards are moved into the hands the log plays them from."""
    log = parse_log(HEADER + ROUND, names())
    result = Replay(log, game().ir, game().program).run()
    assert result.complete
    assert result.divergences == []
    state = result.snapshots[-1].state
    assert state["influence"]["iran"] == {"us": 0, "ussr": 2}
    assert state["influence"]["italy"] == {"us": 4, "ussr": 0}
    assert state["milops"]["ussr"] == 4


@pytest.mark.parametrize("handicap", ["11", "1000"])
def test_a_handicap_beyond_the_settings_bounds_is_not_played(handicap: str) -> None:
    """us_handicap_influence is `int from 0 to 10`: a header asking for more stops the replay before setup,
    saying why, rather than asking for handicap points the log never places."""
    header = HEADER.replace("Handicap influence: US +2", f"Handicap influence: US +{handicap}")
    result = Replay(parse_log(header + ROUND, names()), game().ir, game().program).run()
    assert not result.complete and result.lines_replayed == 0
    assert result.stopped is not None and "us_handicap_influence" in result.stopped
    assert "from 0 to 10" in result.stopped and handicap in result.stopped


def test_a_divergence_is_told_in_the_players_words() -> None:
    """What our rules have instead and the card behind it, by their names in the player's language (never
    our ids); the JSON keeps its plain English `ours`."""
    from twilight.cli.replay.report import report_json, report_lines
    from twilight.cli.session.text import PlayText

    wrong = ROUND.replace("US +2 in Egypt [2][0]", "US +2 in Egypt [3][0]")
    result = Replay(parse_log(HEADER + wrong, names()), game().ir, game().program).run()
    assert len(result.divergences) == 1
    english = report_lines(PlayText("standard", "en", game().ir), result)
    russian = report_lines(PlayText("standard", "ru", game().ir), result)
    assert "ours: Egypt: US 2, USSR 0 | our bug | Olympic Games, played to place influence" in english[-1]
    assert (
        "у нас: Египет: США 2, СССР 0 | наша ошибка | «Олимпийские игры», сыграна на размещение влияния"
        in (russian[-1])
    )
    assert report_json(result)["divergences"][0]["ours"] == "egypt [2][0]"


def test_a_log_that_stops_mid_game_is_said_to() -> None:
    """A log whose last line is a round in the middle of turn 1 (a resignation, a clock, a file cut short)
    is replayed to its end, and the report says that our game goes on from there, in both languages; its
    JSON says the game is not over."""
    from twilight.cli.replay.report import report_json, report_lines
    from twilight.cli.session.text import PlayText

    result = Replay(parse_log(HEADER + ROUND, names()), game().ir, game().program).run()
    assert result.complete and result.end_reason is None
    assert report_json(result)["game_over"] is False
    english = report_lines(PlayText("standard", "en", game().ir), result)
    assert english[1].strip().startswith("the log stops at turn 1, US action round 1 while our game goes on")
    russian = report_lines(PlayText("standard", "ru", game().ir), result)
    assert "1-й ход, раунд 1, США" in russian[1] and "партия продолжается" in russian[1]


def test_a_wrong_total_is_a_divergence() -> None:
    log = parse_log(HEADER + ROUND.replace("US +2 in Egypt [2][0]", "US +2 in Egypt [3][0]"), names())
    result = Replay(log, game().ir, game().program).run()
    (found,) = result.divergences
    assert (found.line, found.kind, found.what) == (27, "our_bug", "influence")
    assert "[2][0]" in found.ours


HEADLINE = """
Turn 1, Headline Phase: Nasser* & Defectors: USSR Headlines Nasser*
US Headlines Defectors
Event: Defectors
"""


def test_points_taken_away_are_answered_in_the_logs_order() -> None:
    """De-Stalinization's removals are the USSR's own points the log takes away, each once, in order (the
    choice's intent is `remove_own`), then the points it places."""
    rounds = """
Turn 1, USSR AR1: De-Stalinization*: Event: De-Stalinization*
USSR -1 in Poland [0][3]
USSR -1 in Austria [0][0]
USSR +1 in Chile [0][1]
USSR +1 in Algeria [0][1]
"""
    result = Replay(parse_log(HEADER + HEADLINE + rounds, names()), game().ir, game().program).run()
    assert result.complete and result.divergences == []
    state = result.snapshots[-1].state
    assert state["influence"]["poland"] == {"us": 0, "ussr": 3}
    assert state["influence"]["chile"] == {"us": 0, "ussr": 1}


def test_defcon_the_log_does_not_print_stays_where_it_is() -> None:
    """How I Learned To Stop Worrying with no DEFCON line after it: the player set DEFCON where it was (the
    log prints DEFCON only when it moves), not a guess that ends the game."""
    rounds = """
Turn 1, USSR AR1: How I Learned To Stop Worrying*: Event: How I Learned To Stop Worrying*
USSR Military Ops to 5

Turn 1, US AR1: Olympic Games: Place Influence (2 Ops):
US +2 in Egypt [2][0]
"""
    result = Replay(parse_log(HEADER + HEADLINE + rounds, names()), game().ir, game().program).run()
    assert result.complete and result.divergences == [] and result.guesses == []
    assert result.snapshots[-1].state["defcon"] == 5


@needs_games
@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_every_game_replays(path: Path) -> None:
    """Every game replays to its last line with no divergence judged our bug (issue 49's "done when"), and
    its report is the JSON the issue asks for."""
    from twilight.cli.replay.report import report_json

    result = Replay(read_log(path, names()), game().ir, game().program).run()
    assert result.complete, result.stopped
    bugs = [f"{d.line}: {d.log} | ours: {d.ours}" for d in result.divergences if d.kind == "our_bug"]
    assert bugs == [], "\n".join(bugs)
    out = json.loads(json.dumps(report_json(result)))
    assert {"lines_replayed", "complete", "divergences"} <= set(out)
    assert out["lines_replayed"] == out["lines"]
    for d in out["divergences"]:
        assert {"line", "log", "ours", "kind"} <= set(d) and d["kind"] in KINDS
