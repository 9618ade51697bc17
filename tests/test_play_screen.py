"""The board of `twilight play` lays its region tables out itself (cli/play/screen.py, RegionTable) rather
than have rich measure and render every cell: it must look exactly as rich's own Table draws it (each
character in the same place with the same style), in both languages, at several terminal widths and game
states."""

from __future__ import annotations

import contextlib
import functools
import io
from typing import Any

import pytest
from helpers import compiled_ir
from rich.columns import Columns
from rich.console import Console
from rich.style import Style
from rich.text import Text
from twilight.cli.play.screen import BOARD_NAME_WIDTH, Layout, RegionTable, Screen
from twilight.cli.session.log import Narrator
from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision, RandomPlayer
from twilight.runtime.core.engine import Engine
from twilight.runtime.game import new_engine
from twilight.runtime.solo.ai import players_with_ai


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
    engine = new_engine(ir, players, seed=seed)
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
    engine = engine_at("standard", 2, 1)  # (stopped at its first question: no event in effect yet)
    assert not engine.state.in_effect
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
    from twilight.runtime.core.primitives.operations import place_influence_with_ops

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


# ---------------------------------------------------------------------- one decision, one screen
# Real decisions of random games: (ruleset, seed, the decision's number). solo-v2 seed 5: the draft (1),
# a point of influence in the round's regions (12), Marshall Plan's countries (26), a coup (29);
# standard seed 2: the US's setup influence (2), the hand-shown card of an action round (8), influence
# anywhere (10); seed 29: Puppet Governments' 57 countries (161).
DECISIONS = [("solo-v2", 5, 1), ("solo-v2", 5, 12), ("solo-v2", 5, 26), ("solo-v2", 5, 29)]
DECISIONS += [("standard", 2, 2), ("standard", 2, 8), ("standard", 2, 10), ("standard", 29, 161)]
SIZES = [(80, 24), (80, 50), (120, 40)]


@functools.cache
def decision_at(ruleset: str, seed: int, stop: int) -> tuple[Engine, Decision]:
    asked: list[Decision] = []
    engine = engine_at(ruleset, seed, stop, asked)
    assert asked, (ruleset, seed, stop)
    return engine, asked[0]


def drawn_screen(
    ruleset: str, seed: int, stop: int, lang: str, width: int, height: int
) -> tuple[list[str], Layout, Screen, Decision, str]:
    engine, decision = decision_at(ruleset, seed, stop)
    text = PlayText(ruleset, lang, engine.ir)
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None)
    screen = Screen(console, text, engine, secret_hands=ruleset != "standard")
    prompt = text.maybe(f"decision-{decision.name}", min=1, max=1, side=text.side(decision.side)) or "?"
    # What the game said since the player's last decision: its last 40 lines (more than ever fit).
    recent = Narrator(text).lines(engine.events)[-40:]
    layout = screen.show(decision, prompt, recent)
    return out.getvalue().rstrip("\n").split("\n"), layout, screen, decision, prompt


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("ruleset", "seed", "stop"), DECISIONS)
def test_each_screen_fits_the_terminal_and_keeps_question_tracks_and_news(
    ruleset: str, seed: int, stop: int, lang: str, width: int, height: int
) -> None:
    lines, layout, screen, decision, prompt = drawn_screen(ruleset, seed, stop, lang, width, height)
    t, state = screen.text, screen.engine.state
    shown = "\n".join(lines)
    # The screen and the prompt line under it fit the terminal: nothing scrolls away.
    assert len(lines) <= height - 1, (len(lines), layout, shown)
    assert all(len(line) <= width for line in lines)
    # The question, every numbered answer whole, the tracks, and what changed since the last decision.
    assert prompt.split()[0] in shown
    for number, option in enumerate(decision.options, 1):
        assert f"{number}. {screen.option_label(option, decision.side)}" in shown, (option, shown)
    assert t.t("play-status-defcon", defcon=state.defcon) in shown
    assert t.t("play-status-turn-of", turn=state.turn, last=10).split()[0] in shown
    since = t.t("play-recent", count=0)
    assert since in shown
    # No country's name is cut ("Доминиканская Республи…"); only a card's event text may be, on a line
    # of the card table that names the card.
    board = "\n".join(line for line in lines if not any(t.card(c) in line for c in t.cards))
    for country in t.countries:
        name = t.country(country)
        assert not any(f"{name[:k]}…" in board for k in range(1, len(name))), name
    # The board: the regions in play in full, every other region one line.
    in_play = screen.regions_in_play(decision)
    if layout.board in ("focus", "inplay"):
        for region in in_play:
            members = [c for c, ci in t.countries.items() if ci["region"] == region]
            assert all(t.country(c) in shown for c in members), region
    if layout.board in ("focus", "summary"):
        others = [r for r in screen.top_regions() if layout.board == "summary" or r not in in_play]
        for region in others:
            summary = [line for line in lines if line.startswith(t.region(region)) and "★)" in line]
            assert len(summary) == 1, (region, shown)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_regions_in_play_are_shown_in_full_where_there_is_room(lang: str) -> None:
    """solo-v2's round regions (read from its declared variables) and where the candidates are: in full
    at 120x40; at 80x24 one line each; on a standard card choice no region is in play."""
    lines, layout, screen, decision, _ = drawn_screen("solo-v2", 5, 12, lang, 120, 40)
    state, t = screen.engine.state, screen.text
    rounds = {state.vars["primary_region"], state.vars["secondary_region"]}
    assert set(screen.regions_in_play(decision)) == rounds
    assert layout.board == "focus"
    guatemala = [line for line in lines if f" {t.country('guatemala')} " in line]
    assert guatemala and guatemala[0].split()[-3:] == ["1", "·", "·"], guatemala  # stability, US, USSR
    assert any(line.startswith(t.region("africa")) for line in lines)
    small, small_layout, *_ = drawn_screen("solo-v2", 5, 12, lang, 80, 24)
    assert small_layout.board != "focus"
    assert not any(f" {t.country('guatemala')} " in line for line in small)
    _, _, standard, choice, _ = drawn_screen("standard", 2, 8, lang, 80, 24)
    assert choice.name == "action_card" and standard.regions_in_play(choice) == []


@pytest.mark.parametrize(
    ("lang", "marks"),
    [
        ("en", {"poland": "E", "france": "W", "austria": "EW", "thailand": "S"}),
        ("ru", {"poland": "В", "france": "З", "austria": "ВЗ", "thailand": "ЮВ"}),
    ],
)
def test_subregions_are_marked_on_the_board_with_a_legend(lang: str, marks: dict[str, str]) -> None:
    engine = engine_at("solo-v2", 5, 1)
    text = PlayText("solo-v2", lang, engine.ir)
    out = io.StringIO()
    screen = Screen(Console(file=out, width=200, color_system=None), text, engine, secret_hands=True)
    screen.show_board(None)  # board all
    drawn = out.getvalue()
    for country, mark in marks.items():
        row = next(line for line in drawn.split("\n") if f"{text.country(country)} " in line)
        assert row.split(text.country(country), 1)[1].split()[0] == mark, row
    legend = {"eastern_europe": "poland", "western_europe": "france", "southeast_asia": "thailand"}
    for sub, country in legend.items():
        assert f"{marks[country]} {text.region(sub)}" in drawn
    # A country of no subregion has no mark: its stability follows its name.
    cuba = next(line for line in drawn.split("\n") if f"{text.country('cuba')} " in line)
    assert cuba.split(text.country("cuba"), 1)[1].split()[0] == "3", cuba


@pytest.mark.parametrize(
    ("lang", "typed", "title", "member", "outsider"),
    [
        ("en", "eastern europe", "Eastern Europe", "Poland", "France"),
        ("en", "east eur", "Eastern Europe", "Poland", "France"),
        ("en", "Centr", "Central America", "Guatemala", "Colombia"),
        ("ru", "юва", "Юго-Восточная Азия", "Таиланд", "Индия"),
        ("ru", "Ближний восток", "Ближний Восток", "Ирак", "Польша"),
        ("ru", "вост евр", "Восточная Европа", "Польша", "Франция"),
    ],
)
def test_region_shows_a_region_or_subregion_in_full(
    lang: str, typed: str, title: str, member: str, outsider: str
) -> None:
    engine, decision = decision_at("solo-v2", 5, 12)
    text = PlayText("solo-v2", lang, engine.ir)
    out = io.StringIO()
    screen = Screen(Console(file=out, width=100, color_system=None), text, engine, secret_hands=True)
    screen.region_command(typed, decision)
    drawn = out.getvalue()
    assert title in drawn.split("\n")[0] and f"{member} " in drawn, drawn
    assert f"{outsider} " not in drawn


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "Eurpoe", '"Eurpoe" is not a region. Did you mean Europe?'),
        ("ru", "Африак", "«Африак» — не регион. Может быть, Африка?"),
        ("en", "", "Which region? Europe, Western Europe"),
        ("ru", "qqqqqq", "«qqqqqq» — не регион: Европа, Западная Европа"),
    ],
)
def test_a_misspelt_region_gets_did_you_mean(lang: str, typed: str, said: str) -> None:
    engine, decision = decision_at("solo-v2", 5, 12)
    text = PlayText("solo-v2", lang, engine.ir)
    out = io.StringIO()
    screen = Screen(Console(file=out, width=200, color_system=None), text, engine, secret_hands=True)
    screen.region_command(typed, decision)
    assert said in out.getvalue()
    assert text.country("poland") not in out.getvalue()
