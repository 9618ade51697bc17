"""The board of `twilight play` lays its region tables out itself (cli/play/screen.py, RegionTable) rather
than have rich measure and render every cell: it must look exactly as rich's own Table draws it (each
character in the same place with the same style), in both languages, at several terminal widths and game
states."""

from __future__ import annotations

import contextlib
import io
from typing import Any

import pytest
from helpers import compiled_ir
from rich.columns import Columns
from rich.console import Console
from rich.style import Style
from rich.text import Text
from twilight.cli.play.screen import BOARD_NAME_WIDTH, RegionTable, Screen
from twilight.cli.play.text import PlayText
from twilight.runtime.decisions import Decision, RandomPlayer
from twilight.runtime.engine import Engine
from twilight.runtime.solo_ai import players_with_ai


class Enough(Exception):
    pass


class Stopping(RandomPlayer):
    """A random player that stops the game at its `stop`-th decision (never, for 0)."""

    def __init__(self, seed: int, stop: int, count: list[int], asked: list[Decision] | None = None) -> None:
        super().__init__(seed)
        self.stop = stop
        self.count = count
        self.asked = asked if asked is not None else []

    def decide(self, decision: Decision) -> Any:
        self.count[0] += 1
        if self.count[0] == self.stop:
            self.asked.append(decision)
            raise Enough
        return super().decide(decision)


def engine_at(ruleset: str, seed: int, stop: int, asked: list[Decision] | None = None) -> Engine:
    """The game after `stop` decisions of random players (the one it stopped at added to `asked`)."""
    ir = compiled_ir(ruleset)
    count = [0]
    people = {"us": Stopping(seed, stop, count, asked), "ussr": Stopping(seed + 1, stop, count, asked)}
    players, ai = players_with_ai(ir, None, people)
    engine = Engine(ir, players, seed=seed)
    if ai is not None:
        ai.engine = engine
    with contextlib.suppress(Enough):
        engine.run()
    return engine


def cells(renderable: Any, width: int) -> list[list[tuple[str, str]]]:
    """What a terminal of `width` columns shows: each line's characters with their styles."""
    console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system="truecolor")
    lines = console.render_lines(renderable, console.options, pad=False)
    return [
        [(char, str(seg.style or Style.null())) for seg in line if not seg.control for char in seg.text]
        for line in lines
    ]


@pytest.mark.parametrize(
    ("ruleset", "seed", "stop"), [("solo-v2", 5, 1), ("solo-v2", 5, 120), ("standard", 2, 0)]
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_board_looks_as_rich_draws_it(ruleset: str, seed: int, stop: int, lang: str) -> None:
    engine = engine_at(ruleset, seed, stop)
    text = PlayText(ruleset, lang, engine.ir)
    screen = Screen(Console(file=io.StringIO()), text, engine, secret_hands=True)
    board = screen.board()
    regions = board.renderables
    assert regions and all(isinstance(r, RegionTable) for r in regions)
    by_rich = Columns([r.table() for r in regions], padding=board.padding)
    if stop == 120 and ruleset == "solo-v2":
        assert any(r.title.style == "bold yellow" for r in regions)  # a marked region is among them
    for width in (30, 60, 100, 160, 220):
        drawn = cells(board, width)
        assert drawn == cells(by_rich, width)
        shown = "\n".join("".join(c for c, _ in line) for line in drawn)
        assert text.t("play-board-country") in shown
        assert width < 60 or "★" in shown
    for region in regions:
        assert cells(region, 200) == cells(region.table(fixed_widths=True), 200) == cells(region.table(), 200)


def test_a_long_name_is_cut_as_rich_cuts_it() -> None:
    name = "A country whose name is far too long for the board"
    rows = [[Text("★" + name, style="yellow"), Text("3"), Text("12", style="reverse bold blue"), Text("·")]]
    region = RegionTable(Text("Somewhere", style="bold"), ["Country", "Stab", "US", "USSR"], rows)
    assert region.widths[0] == BOARD_NAME_WIDTH
    drawn = cells(region, 120)
    assert drawn == cells(region.table(), 120)
    assert "…" in "".join(c for c, _ in drawn[2])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_card_table_counts_ops_for_the_player_under_containment(lang: str) -> None:
    """Containment (+1 op for the US) in effect, a US player holding a USSR card: the table's Ops column
    says what the answer list says (the player's ops), not the card owner's."""
    engine = engine_at("standard", 2, 0)
    engine.start_lasting(("containment", "containment"), "end_of_turn", [], {"player": "us"})
    text = PlayText("standard", lang, engine.ir)
    screen = Screen(Console(file=io.StringIO()), text, engine, secret_hands=True)
    # Olympic Games is neutral and printed at 2: the 3 the US gets is Containment's.
    hand = ["olympic_games", "decolonization", "captured_nazi_scientist"]
    for card in hand:
        table_row = [
            line for line in text_of(screen.cards(hand, "hand", "us"), 120) if text.card(card) in line
        ]
        label = screen.option_label(card, "us")
        ops = label.rsplit("(", 1)[1].rstrip(")")
        assert table_row and table_row[0].split("│")[3].strip() == ops, (table_row, label)
    assert screen.option_label("olympic_games", "us").endswith("(3)")


def text_of(renderable: Any, width: int) -> list[str]:
    return ["".join(c for c, _ in line) for line in cells(renderable, width)]


class Recorder:
    """Records the first decision it is asked and stops the game there."""

    def __init__(self) -> None:
        self.asked: list[Decision] = []

    def decide(self, decision: Decision) -> Any:
        self.asked.append(decision)
        raise Enough


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_placing_influence_says_the_points_left_and_what_each_country_costs(lang: str) -> None:
    """Influence with operations, point by point: the question says how many of the card's points are
    left, and a country the opponent controls says it costs 2 (as the engine counts it)."""
    from twilight.runtime.primitives.operations import place_influence_with_ops

    engine = engine_at("standard", 2, 1)
    state = engine.state
    controlled = "mexico"  # next to the US: the US may always place there
    stability = engine.ir["map"]["countries"][controlled]["stability"]
    state.influence[controlled]["ussr"] = stability + 1
    recorder = Recorder()
    engine.players = {"us": recorder, "ussr": recorder}
    with contextlib.suppress(Enough):
        place_influence_with_ops(engine, "us", 3)
    decision = recorder.asked[0]
    assert decision.name == "influence_target" and controlled in decision.options
    text = PlayText("standard", lang, engine.ir)
    screen = Screen(Console(file=io.StringIO()), text, engine, secret_hands=True)
    shown = "\n".join(text_of(screen.question(decision, "?"), 200))
    points = {"en": "Influence: 3 of 3 points left", "ru": "Размещение влияния: осталось 3 из 3 очков"}
    assert points[lang] in shown, shown
    costs = {"en": "(costs 2)", "ru": "(стоит 2)"}
    assert f"{text.country(controlled)} {costs[lang]}" in shown, shown
    # The others cost one point each and say nothing.
    cheap = next(o for o in decision.options if o != controlled)
    assert f"{text.country(cheap)} {costs[lang][:-2]}" not in shown
    assert shown.count(costs[lang]) == 1
