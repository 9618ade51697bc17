"""The screen of `twilight play`, drawn with rich: the tracks, the board region by region, the cards the
player chooses from, what happened since the player's last decision, and the question with its numbered
answers.

One decision, one screen: the screen is laid out for the terminal's height (`Layout`). The question, the
tracks and the lines since the last decision always stay; the regions in play are shown in full and the
others as one summary line each, and when the terminal is too short the parts give way in a fixed order
(the card table's event texts, the board's full regions, older lines, the board itself: `board`,
`board all` and `region NAME` show it on demand)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table
from rich.text import Text
from twilight.cli.declared_state import label
from twilight.cli.play.input import normalize
from twilight.cli.session import question
from twilight.cli.session.danger import is_war_only
from twilight.cli.session.hint import reasons_text
from twilight.cli.session.text import PlayText
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.compiler.diagnostics import suggest
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES, US, USSR
from twilight.runtime.core.state import TURN_TRACK

SIDE_STYLE = {US: "bold blue", USSR: "bold red"}


class FirstLine:
    """A text's first line at the width it is given, cut between words with `…` when more follows (rich's
    own ellipsis cuts inside a word: «текущий DE…»)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(1, cell_len(self.text))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text(self.text)
        if text.cell_len <= options.max_width:
            yield text
            return
        first = text.wrap(console, max(1, options.max_width - 1))[0]
        first.rstrip()
        first.append("…")
        yield first


LAST_MOVES = 14
# The board's country names are cut beyond this many cells: more than the longest name of either language
# ("Юго-Восточные африканские государства" with its ★ takes 38), so that no real name is ever cut.
BOARD_NAME_WIDTH = 40
# The fewest lines of what happened since the last decision a screen keeps, however short the terminal.
FEWEST_RECENT = 3


class RegionTable:
    """One region of the board: its title, a header and a row for each country, in four columns (name,
    stability, US and USSR influence), five where a subregion mark follows the name.

    It draws what rich draws for the borderless Table `table()` gives, but works out the columns' widths
    from the cells' lengths and lays each line out itself: rich measures and renders every cell of the
    board's ~90 rows several times over (the tables, then the columns holding them), which cost most of
    the first screen's time. tests/test_play_screen.py holds the two to the same look. A terminal too
    narrow for the table gets rich's own, which wraps it.
    """

    JUSTIFY: tuple[JustifyMethod, ...] = ("left", "right", "right", "right")
    COLUMN_STYLES: tuple[str, ...] = ("", "", "blue", "red")
    HEADER_STYLE = "dim"

    def __init__(
        self, title: Text, headers: list[str], rows: list[list[Text]], mark_column: bool = False
    ) -> None:
        self.title = title
        self.headers = headers
        self.rows = rows
        if mark_column:
            # A narrow column after the name for the subregion marks (`E`, `W`…), left-aligned and dim.
            self.JUSTIFY = ("left", "left", *RegionTable.JUSTIFY[1:])
            self.COLUMN_STYLES = ("", "dim", *RegionTable.COLUMN_STYLES[1:])
        widths = [max([cell_len(h), *(row[i].cell_len for row in rows)]) for i, h in enumerate(headers)]
        widths[0] = min(widths[0], BOARD_NAME_WIDTH)
        self.widths = widths
        # One space each side of a column, none at the outer edges.
        self.width = sum(widths) + 2 * (len(widths) - 1)

    def table(self, fixed_widths: bool = False) -> Table:
        """The rich Table drawn the same way (with the widths set, or for rich to measure)."""
        table = Table(
            title=self.title, show_edge=False, pad_edge=False, box=None, header_style=self.HEADER_STYLE
        )
        for i, header in enumerate(self.headers):
            table.add_column(
                header,
                justify=self.JUSTIFY[i],
                style=self.COLUMN_STYLES[i] or None,
                no_wrap=i == 0,
                max_width=BOARD_NAME_WIDTH if i == 0 else None,
                width=self.widths[i] if fixed_widths else None,
            )
        for row in self.rows:
            table.add_row(*row)
        return table

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.width:
            yield self.table()
            return
        yield from console.render(
            self.title, options.update(width=self.width, justify="center", highlight=False, height=None)
        )
        header = console.get_style(self.HEADER_STYLE)
        yield from self._line(console, [Text(h) for h in self.headers], [header] * len(self.headers))
        styles = [console.get_style(s) for s in self.COLUMN_STYLES]
        for row in self.rows:
            yield from self._line(console, row, styles)

    def _line(self, console: Console, cells: list[Text], styles: list[Style]) -> Iterable[Segment]:
        last = len(cells) - 1
        for i, (cell, width, style) in enumerate(zip(cells, self.widths, styles, strict=True)):
            if i:
                yield Segment(" ", style)
            text = cell.copy()
            if text.cell_len > width:
                text.truncate(width, overflow="ellipsis")
            elif self.JUSTIFY[i] == "right":
                text.pad_left(width - text.cell_len)
            else:
                text.pad_right(width - text.cell_len)
            # The column's style under the cell's own (Text.render leaves its base style out), as rich has it.
            yield from Segment.apply_style(text.render(console), style + console.get_style(text.style))
            if i < last:
                yield Segment(" ", style)
        yield Segment.line()


class Screen:
    def __init__(
        self, console: Console, text: PlayText, engine: Any, secret_hands: bool, show_ids: bool = False
    ) -> None:
        self.console = console
        # For rules authors: the ids a scenario file uses, beside every name on the question.
        self.show_ids = show_ids
        self.text = text
        self.engine = engine
        # In the solo game a side's "hand" is its face-down deck: nobody may see its order.
        self.secret_hands = secret_hands
        # The answers of a question that lose the game at once (set by the session: a coup that sets off
        # nuclear war), marked in the list.
        self.losing: Callable[[Decision], list[Any]] | None = None
        # Of those, the ways to play a card lost only if the opponent answers so (Olympic Games hosted at
        # DEFCON 2: the guest may boycott): no sure loss, and marked in words of their own.
        self.losing_by_opponent: Callable[[Decision], list[Any]] | None = None
        # The end reasons each of those answers loses by (by the answer's str), once `losing` has run: an
        # answer lost otherwise than by nuclear war alone (a coup under the Cuban Missile Crisis) is marked
        # with its reasons.
        self.losing_reasons: Callable[[], dict[str, frozenset[str]]] | None = None
        self.ai_plays = True  # (the footer names `why`, the AI's last move, only when an AI plays)

    # ------------------------------------------------------------------ parts
    def status(self, panel: bool = True, tracks_only: bool = False) -> Panel | Group:
        """The tracks: turn and round, DEFCON, VP, military ops, space race, the China Card, the declared
        state and the effects in force; in a box, or (on a short terminal) without; `tracks_only` (on
        the shortest): the tracks and the China Card, the rest left to `?`/`board`."""
        t, state = self.text, self.engine.state
        lines: list[Text] = []
        round_text = (
            t.t("play-status-round", round=state.action_round, **t.side_args(state.phasing))
            if state.action_round
            else t.t("play-status-headline")
            if state.in_headline
            else ""
        )
        last = (self.engine.ir.get("tracks") or {}).get(TURN_TRACK, {}).get("max")
        head = Text(
            t.t("play-status-turn-of", turn=state.turn, last=last)
            if last is not None
            else t.t("play-status-turn", turn=state.turn),
            style="bold",
        )
        if round_text:
            head.append("  ·  " + round_text)
        lines.append(head)
        lines.append(
            Text(
                "  ·  ".join(
                    [
                        t.t("play-status-defcon", defcon=state.defcon),
                        t.t("play-status-vp", vp=state.vp, standing=self._standing()),
                        t.t(
                            "play-status-milops",
                            us=state.milops[US],
                            ussr=state.milops[USSR],
                            needed=state.defcon,
                        ),
                        t.t(
                            "play-status-space",
                            us=state.space[US],
                            ussr=state.space[USSR],
                        ),
                    ]
                )
            )
        )
        # (face down is the game's word for a China Card not playable until the turn's end: said so)
        china = t.t(
            "play-status-china-up" if state.china_face_up else "play-status-china-unplayable",
            **t.side_args(state.china_holder),
        )
        lines.append(Text(china))
        declared = [] if tracks_only else self.declared_state()
        if declared:
            lines.append(Text("  ·  ".join(declared), style="yellow"))
        effects = list(dict.fromkeys(t.card(e.card) for e in state.in_effect if e.card in t.cards))
        if effects and not tracks_only:
            lines.append(Text(t.t("play-status-effects", effects=", ".join(effects))))
        title = t.game_title(state.ruleset)
        if not panel:
            return Group(*lines)
        return Panel(Group(*lines), title=title, expand=True)

    def declared_state(self) -> list[str]:
        return question.declared_state(self.text, self.engine)

    def _standing(self) -> str:
        from twilight.cli.session.log import Narrator

        return Narrator(self.text).standing(self.engine.state.vp)

    # ------------------------------------------------------------------ the board
    def top_region(self, region: str) -> str:
        """A subregion's region (Eastern Europe -> Europe); a region itself."""
        return self.text.regions[region].get("parent") or region

    def region_variables(self) -> list[str]:
        """The declared variables that hold a region (the solo game's Primary and Secondary regions)."""
        variables = self.engine.ir.get("variables") or {}
        return [name for name, v in variables.items() if v.get("type") == "region"]

    def regions_in_play(self, decision: Decision | None) -> list[str]:
        """The regions (never a subregion) a decision is about, in the map's order: those the ruleset's
        region variables hold (the round's Primary and Secondary regions) and those the question's
        options name or lie in (its candidate countries, a region to score…)."""
        t, state = self.text, self.engine.state
        found: set[str] = set()
        for name in self.region_variables():
            held = state.vars.get(name)
            if isinstance(held, str) and held in t.regions:
                found.add(self.top_region(held))
        for option in decision.options if decision is not None else []:
            text = str(option)
            if text in t.countries:
                found.add(self.top_region(t.countries[text]["region"]))
            elif text in t.regions:
                found.add(self.top_region(text))
            elif text.startswith("all_in_") and text[7:] in t.regions:
                found.add(self.top_region(text[7:]))
        return [r for r in t.regions if r in found]

    def top_regions(self) -> list[str]:
        return [r for r, info in self.text.regions.items() if not info.get("parent")]

    def subregion_marks(self) -> dict[str, str]:
        """A short mark for each subregion, from the words its name adds to its region's ("Eastern
        Europe" -> E, «Юго-Восточная Азия» -> ЮВ), lengthened where two would be the same."""
        t = self.text
        marks: dict[str, str] = {}
        for region, info in t.regions.items():
            parent = info.get("parent")
            if not parent:
                continue
            own = t.region(region).replace("-", " ").split()
            parents = {w.casefold() for w in t.region(parent).replace("-", " ").split()}
            words = [w for w in own if w.casefold() not in parents] or own
            for size in range(1, max(len(w) for w in words) + 1):
                mark = (
                    "".join(w[:size] for w in words).upper()
                    if size == 1
                    else "".join(w[:size] for w in words)
                )
                if mark not in marks.values():
                    break
            marks[region] = mark
        return marks

    def region_table(self, region: str, countries: list[str] | None = None) -> RegionTable:
        """A region's countries in full (or the `countries` given: a subregion's), its title marked with
        the variables naming it ("Asia · Primary region"), each country with its subregion mark."""
        from twilight.runtime.core.primitives import controls

        t, state = self.text, self.engine.state
        headers = [t.t("play-board-country"), t.t("play-board-stability"), t.side(US), t.side(USSR)]
        if countries is None:
            countries = [c for c, ci in t.countries.items() if ci["region"] == region]
        # A region some declared variable names (the solo game's Primary region…) is marked with it.
        marks = [label(t.loc, name) for name in self.region_variables() if state.vars.get(name) == region]
        marked = bool(marks)
        title = " · ".join([t.region(region), *marks])
        sub_marks = self.subregion_marks()
        with_subregions = any(t.countries[c].get("subregions") for c in countries)
        rows: list[list[Text]] = []
        for country in countries:
            info = t.countries[country]
            key = "★" if info["battleground"] else " "
            influence = state.influence[country]
            cells = [Text(f"{key}{t.country(country)}", style="yellow" if marked else "")]
            if with_subregions:
                cells.append(Text("".join(sub_marks.get(s, "") for s in info.get("subregions") or [])))
            cells.append(Text(str(info["stability"])))
            for side in SIDES:
                amount = influence[side]
                shown = str(amount) if amount else "·"
                style = ("reverse " + SIDE_STYLE[side]) if controls(self.engine, side, country) else ""
                cells.append(Text(shown, style=style))
            rows.append(cells)
        if with_subregions:
            headers.insert(1, "")
        title_style = "bold yellow" if marked else "bold"
        return RegionTable(Text(title, style=title_style), headers, rows, mark_column=with_subregions)

    def board(self, regions: list[str] | None = None) -> Columns:
        """A table for each region (every region, or those given), side by side."""
        chosen = self.top_regions() if regions is None else regions
        return Columns([self.region_table(r) for r in chosen], padding=(1, 3))

    def region_summary(self, regions: list[str], title: str | None = None) -> Group:
        """One line for each region: its name (and the variables naming it), the countries each side
        controls (of them battlegrounds, ★), and who leads: more countries controlled, then more
        battlegrounds."""
        from twilight.runtime.core.primitives import controls

        t, state = self.text, self.engine.state
        table = Table(
            show_header=False,
            show_edge=False,
            pad_edge=False,
            box=None,
            padding=(0, 1),
        )
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_column()
        table.add_column()
        for region in regions:
            counts: dict[str, tuple[int, int]] = {}
            for side in SIDES:
                held = [
                    c
                    for c, ci in t.countries.items()
                    if ci["region"] == region and controls(self.engine, side, c)
                ]
                counts[side] = (len(held), sum(1 for c in held if t.countries[c]["battleground"]))
            marks = [label(t.loc, n) for n in self.region_variables() if state.vars.get(n) == region]
            name = Text(" · ".join([t.region(region), *marks]), style="bold yellow" if marks else "bold")
            cells = [
                Text(
                    t.t("play-board-summary-side", count=n, battlegrounds=b, **t.side_args(side)),
                    style=SIDE_STYLE[side] if n else "",
                )
                for side, (n, b) in counts.items()
            ]
            if counts[US] == counts[USSR]:
                lead = Text(t.t("play-board-summary-even"), style="dim")
            else:
                leader = US if counts[US] > counts[USSR] else USSR
                lead = Text(t.t("play-board-summary-leads", **t.side_args(leader)), style=SIDE_STYLE[leader])
            table.add_row(name, *cells, lead)
        if title is None:
            return Group(table)
        return Group(Text(title, style="dim"), table)

    def legend(self, countries: list[str] | None = None) -> Text:
        """The board's legend, with the subregion marks where the countries shown have one."""
        t = self.text
        line = Text(t.t("play-board-legend"), style="dim")
        shown = t.countries if countries is None else countries
        used = {s for c in shown for s in t.countries[c].get("subregions") or []}
        marks = self.subregion_marks()
        named = [f"{mark} {t.region(r)}" for r, mark in marks.items() if r in used]
        if named:
            line.append(" · " + " · ".join(named), style="dim")
        return line

    def board_part(self, decision: Decision | None, level: str) -> Group | None:
        """The board at a level of the layout: "focus" (the regions in play in full, the others one
        line each), "inplay" (the regions in play in full, and how to see the others), "candidates" (only
        the countries the question offers, by region), "summary" (every
        region one line), "brief" (the regions in play one line each, and how to see the board), "hint"
        (how to see the board only)."""
        t = self.text
        in_play = self.regions_in_play(decision)
        hidden = Text(t.t("play-board-hidden"), style="dim")
        if level == "hint" or (level == "brief" and not in_play):
            return Group(hidden)
        if level == "brief":
            return Group(self.region_summary(in_play), hidden)
        if level == "inplay" and in_play:
            shown = [c for c, ci in t.countries.items() if ci["region"] in in_play]
            return Group(self.board(in_play), self.legend(shown), hidden)
        options = {str(o) for o in decision.options} if decision is not None else set()
        candidates = [c for c in t.countries if c in options]
        if level == "candidates" and candidates:
            # Too little room for whole regions: the countries the question offers, by region, still show
            # their stability and both sides' influence, which the choice depends on.
            tables = []
            for region in dict.fromkeys(self.top_region(t.countries[c]["region"]) for c in candidates):
                own = [c for c in candidates if self.top_region(t.countries[c]["region"]) == region]
                tables.append(self.region_table(region, own))
            return Group(Columns(tables, padding=(1, 3)), self.legend(candidates), hidden)
        if level != "focus":
            in_play = []
        others = [r for r in self.top_regions() if r not in in_play]
        parts: list[Any] = []
        if in_play:
            parts.append(self.board(in_play))
            shown = [c for c, ci in t.countries.items() if ci["region"] in in_play]
            parts.append(self.legend(shown))
        if others:
            title = t.t("play-board-others" if in_play else "play-board-all-summary")
            parts.append(self.region_summary(others, title))
        return Group(*parts)

    def cards(self, cards: list[str], title: str, side: str, brief: bool = False) -> Table:
        """The cards with their ops, side and event; `brief`: one line each, the event's text cut to the
        line (`?` and the rule book have it whole)."""
        from twilight.runtime.core.primitives import ops_for

        t = self.text
        table = Table(title=title, title_justify="left", expand=True, show_lines=False)
        if brief:
            table = Table(title=title, title_justify="left", expand=True, box=None, show_header=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column(t.t("play-cards-card"), no_wrap=True)
        table.add_column(t.t("play-cards-ops"), justify="right")
        table.add_column(t.t("play-cards-side"), no_wrap=True)
        table.add_column(
            t.t("play-cards-summary"), ratio=1, no_wrap=brief, overflow="ellipsis" if brief else "fold"
        )
        for card in cards:
            info = t.cards[card]
            # The card's own side names and colours it; its ops are those of the player who holds it
            # (a modifier such as Containment counts for the player's side, not the card's).
            card_side = info["side"]
            side_name = t.side(card_side) if card_side in SIDES else t.t("play-cards-neutral")
            ops = "-" if info["scoring"] else str(ops_for(self.engine, side, card))
            table.add_row(
                str(info.get("number", "")),
                Text(t.card(card), style=SIDE_STYLE.get(card_side, "")),
                ops,
                side_name,
                FirstLine(t.summary(card)) if brief else t.summary(card),
            )
        return table

    def war_marked(self, decision: Decision, labels: list[str]) -> list[str]:
        """The answers' labels, each that loses the game at once marked so (`losing`); a way to play a card
        lost only if the opponent answers so (`losing_by_opponent`) in words of its own."""
        losing = {str(o) for o in self.losing(decision)} if self.losing is not None else set()
        by_opponent = set()
        if losing and self.losing_by_opponent is not None:
            by_opponent = {str(o) for o in self.losing_by_opponent(decision)}
        reasons = self.losing_reasons() if losing and self.losing_reasons is not None else {}
        marked: dict[str, str] = {}
        for o, shown in zip(decision.options, labels, strict=True):
            if str(o) not in losing:
                continue
            why = reasons.get(str(o))
            if str(o) in by_opponent:
                marked[str(o)] = self.text.t("play-option-war-opponent", option=shown)
            elif is_war_only(why):
                marked[str(o)] = self.text.t("play-option-war", option=shown)
            else:  # (not by nuclear war alone: a coup under the Cuban Missile Crisis)
                marked[str(o)] = self.text.t(
                    "play-option-lose", option=shown, reasons=reasons_text(self.text, why or frozenset())
                )
        return [marked.get(str(o), shown) for shown, o in zip(labels, decision.options, strict=True)]

    def question(self, decision: Decision, prompt: str, hint: bool = True, flow: bool = False) -> Group:
        """The question, how many to pick, the points left, the numbered answers (in rich's columns, or
        `flow`: packed line after line, for a long list on a short terminal) and how to answer."""
        t = self.text
        labels = [f"{i}. {self.option_label(o, decision.side)}" for i, o in enumerate(decision.options, 1)]
        if self.show_ids:
            labels = [f"{label} [{o}]" for label, o in zip(labels, decision.options, strict=True)]
        # What a point costs where it is more than one (after the name and its id, not part of either).
        costs = decision.context.get("costs") or {}
        labels = [
            label if costs.get(o, 1) == 1 else self.text.t("play-option-cost", option=label, cost=costs[o])
            for label, o in zip(labels, decision.options, strict=True)
        ]
        labels = self.war_marked(decision, labels)
        parts: list[Any] = [Text(prompt, style="bold")]
        if self.show_ids:
            picks = f"{decision.min_count}-{decision.max_count}"
            parts.append(Text(f"[decision={decision.name} side={decision.side} pick={picks}]", style="dim"))
        how = self.how_many(decision)
        if how:
            parts.append(Text(how, style="dim"))
        progress = self.progress(decision)
        if progress:
            parts.append(Text(progress, style="yellow"))
        parts.extend(Text(line, style="dim") for line in self.not_offered(decision))
        points = self.points_left(decision)
        if points:
            parts.append(Text(points, style="yellow"))
        if flow:
            parts.extend(self.packed(labels))
        else:
            parts.append(Columns([Text(label) for label in labels], padding=(0, 3)))
        if hint:
            parts.append(Text(t.t("play-hint" if self.ai_plays else "play-hint-no-ai"), style="dim"))
        return Group(*parts)

    def packed(self, labels: list[str], gap: int = 3) -> list[Text]:
        """The labels side by side, as many to a line as the terminal's width holds (a label is never
        split between lines unless it alone is wider than the terminal)."""
        width = self.console.width
        lines: list[str] = []
        for item in labels:
            if lines and cell_len(lines[-1]) + gap + cell_len(item) <= width:
                lines[-1] += " " * gap + item
            else:
                lines.append(item)
        return [Text(line) for line in lines]

    # (a question in words: the browser's page says the same, cli/session/question.py)
    def how_many(self, decision: Decision) -> str | None:
        return question.how_many(self.text, decision)

    def progress(self, decision: Decision) -> str | None:
        return question.progress(self.text, decision)

    def not_offered(self, decision: Decision) -> list[str]:
        return question.not_offered(self.text, decision)

    def points_left(self, decision: Decision) -> str | None:
        return question.points_left(self.text, decision)

    def option_label(self, option: Any, side: str) -> str:
        label = self.text.option(option)
        text = str(option)
        if text in self.text.cards and not self.text.cards[text]["scoring"]:
            from twilight.runtime.core.primitives import ops_for

            label += f" ({ops_for(self.engine, side, text)})"
        return label

    # ------------------------------------------------------------------ whole screens
    def recent_part(self, recent: list[str], count: int, panel: bool) -> Panel | Group:
        """The last `count` lines of what happened since the player's last decision."""
        shown = recent[-count:] if count else []
        title = self.text.t("play-recent", count=len(recent) - len(shown))
        body = Text("\n".join(shown))
        if panel:
            return Panel(body, title=title, title_align="left")
        return Group(Text(title, style="bold"), body)

    def parts(
        self,
        layout: Layout,
        decision: Decision | None,
        prompt: str | None,
        recent: list[str],
        notices: list[str],
    ) -> list[tuple[str, Callable[[], Any]]]:
        """The screen's parts at a layout, in order: a key naming each part's look, and what draws it
        (called only for a look not drawn before: see `layout`)."""
        out: list[tuple[str, Callable[[], Any]]] = []
        if layout.rule:
            out.append(("rule", Rule))
        key = f"status-{layout.status_panel}-{layout.tracks_only}"
        out.append((key, lambda: self.status(layout.status_panel, layout.tracks_only)))
        out.append((f"board-{layout.board}", lambda: self.board_part(decision, layout.board)))
        if recent and layout.recent:
            key = f"recent-{layout.recent}-{layout.recent_panel}"
            out.append((key, lambda: self.recent_part(recent, layout.recent, layout.recent_panel)))
        if decision is not None:
            out.append((f"cards-{layout.cards}", lambda: self.cards_part(decision, layout.cards)))
            key = f"cards-revealed-{layout.cards}"
            out.append((key, lambda: self.revealed_part(decision, layout.cards)))
            for i, notice in enumerate(notices):
                out.append((f"notice-{i}", functools.partial(Text, notice, style="bold yellow")))
            if prompt is not None:
                key = f"question-{layout.hint}-{layout.options}"
                flow = layout.options == "flow"
                out.append((key, lambda: self.question(decision, prompt, layout.hint, flow)))
        return out

    def cards_part(self, decision: Decision, level: str) -> Table | None:
        """The cards to choose from (or the player's hand, where it is not secret), at a level of the
        layout: "full", "brief" (one line a card), "none"."""
        if level == "none":
            return None
        cards = [str(o) for o in decision.options if str(o) in self.text.cards]
        if cards and len(cards) == len(decision.options):
            return self.cards(cards, self.text.t("play-cards-choose"), decision.side, level == "brief")
        if not self.secret_hands and self.engine.state.hands[decision.side]:
            hand = list(self.engine.state.hands[decision.side])
            title = self.text.t("play-cards-hand", **self.text.side_args(decision.side))
            return self.cards(hand, title, decision.side, level == "brief")
        return None

    def revealed_part(self, decision: Decision, level: str) -> Table | None:
        """The other side's hand while a rule keeps it face up to the side asked (status `hand_revealed`:
        Aldrich Ames Remix, for the rest of the turn), the cards it gained since too; at the level of the
        layout's cards. Not at a question whose cards to choose from are that hand (the event's discard
        from it): the same cards would be shown twice."""
        from twilight.runtime.core.shown import hand_revealed_to

        if level == "none":
            return None
        offered = {str(o) for o in decision.options}
        for other in hand_revealed_to(self.engine, decision.side):
            hand = [str(c) for c in self.engine.state.hands[other] if str(c) in self.text.cards]
            if hand and set(hand) != offered:
                title = self.text.t("play-cards-hand-revealed", **self.text.side_args(other))
                return self.cards(hand, title, other, level == "brief")
        return None

    def layout(
        self,
        decision: Decision | None,
        prompt: str | None,
        recent: list[str],
        notices: list[str],
        full_board: bool = False,
    ) -> tuple[Layout, list[list[Segment]]]:
        """The fullest layout whose parts fit the terminal's height (one line kept for the prompt), and
        its lines as drawn; when even the sparest does not fit, the sparest."""
        drawn: dict[str, list[list[Segment]]] = {}
        options = self.console.options.update(height=None)

        def lines(key: str, draw: Callable[[], Any]) -> list[list[Segment]]:
            """A part's lines at the terminal's width, drawn once whatever the layouts tried."""
            if key not in drawn:
                part = draw()
                drawn[key] = [] if part is None else self.console.render_lines(part, options, pad=False)
            return drawn[key]

        room = self.console.size.height - 1

        def fits(layout: Layout) -> tuple[bool, list[list[list[Segment]]]]:
            parts = self.parts(layout, decision, prompt, recent, notices)
            # The parts every layout has are drawn first, the board and the cards last: a layout that
            # cannot fit is known before its largest parts are drawn.
            used = 0
            for key, draw in sorted(parts, key=lambda part: part[0].startswith(("board", "cards"))):
                used += len(lines(key, draw))
                if used > room:
                    return False, []
            return True, [lines(key, draw) for key, draw in parts]

        choosing_cards = decision is not None and all(str(o) in self.text.cards for o in decision.options)
        for layout in Layout(recent=min(len(recent), LAST_MOVES)).steps(len(recent), choosing_cards):
            if full_board:
                layout = dataclasses.replace(layout, board="focus")
            fitted, parts = fits(layout)
            if fitted:
                # What a later step took away and the room left holds again (the boxes, older lines).
                for change in layout.restorable(len(recent), choosing_cards):
                    grown = dataclasses.replace(layout, **change)
                    grown_fits, grown_parts = fits(grown)
                    if grown_fits:
                        layout, parts = grown, grown_parts
                break
        if not fitted:  # (the sparest layout, drawn whole)
            parts = [lines(key, draw) for key, draw in self.parts(layout, decision, prompt, recent, notices)]
        return layout, [line for part in parts for line in part]

    def show(
        self,
        decision: Decision | None,
        prompt: str | None,
        recent: list[str],
        notices: list[str] | None = None,
        full_board: bool = False,
    ) -> Layout:
        """The whole screen for a decision of the player (or for the demo to watch), laid out for the
        terminal's height, with the notices of the start of the player's round just above the question;
        `full_board` (the `board` command): the board's regions in play in full, whatever the height."""
        layout, lines = self.layout(decision, prompt, recent, notices or [], full_board)
        self.console.print(Segments([seg for line in lines for seg in (*line, Segment.line())]), end="")
        return layout

    @functools.cached_property
    def region_names(self) -> dict[str, list[str]]:
        """Each region's and subregion's names in every language, normalized, with its initials where
        no other region has them ("ЮВА", "ЦА")."""
        names = {r: [normalize(n) for n in self.text.names_of(r)] for r in self.text.regions}
        initials: dict[str, list[str]] = {}
        for region in self.text.regions:
            for loc in self.text.all_langs.values():
                words = loc.region(region).replace("-", " ").split()
                if len(words) > 1:
                    initials.setdefault(normalize("".join(w[0] for w in words)), []).append(region)
        for short, regions in initials.items():
            if len(set(regions)) == 1:
                names[regions[0]].append(short)
        return names

    def region_command(self, typed: str, decision: Decision | None) -> None:
        """`region NAME`: a region (or subregion) in full, by any of its names or a beginning of one; a
        misspelt one gets "did you mean"."""
        t, c = self.text, self.console
        wanted = normalize(typed)
        listed = ", ".join(t.region(r) for r in self.text.regions)
        if not wanted:
            c.print(t.t("play-region-which", regions=listed), markup=False, highlight=False)
            return
        found = [r for r, names in self.region_names.items() if wanted in names]
        if not found:
            # A beginning of each word ("вост евр", "c am") as well as of the whole name.
            found = [r for r, names in self.region_names.items() if any(begins(wanted, n) for n in names)]
        if len(found) == 1:
            self.show_region(found[0], decision)
            return
        every = {n: r for r, names in self.region_names.items() for n in names}
        close = suggest(wanted, list(every))
        shown = clip(typed.strip(), ECHO_CHARS)
        if close is not None:
            said = t.t("play-region-unknown", text=shown, suggestion=t.region(every[close]))
        else:
            said = t.t("play-region-none", text=shown, regions=listed)
        c.print(said, style="bold red", markup=False, highlight=False)

    def show_region(self, region: str, decision: Decision | None) -> None:
        """`region NAME`: a region's table in full, or a subregion's (its countries, under its region's
        marks), and the other regions one line each."""
        t = self.text
        top = self.top_region(region)
        if top == region:
            self.show_board(decision, [region])
            return
        members = [c for c, ci in t.countries.items() if region in (ci.get("subregions") or [])]
        table = self.region_table(top, members)
        table.title = Text(t.region(region), style=table.title.style)
        self.console.print(table)
        self.console.print(self.legend(members))

    def show_board(self, decision: Decision | None, regions: list[str] | None = None) -> None:
        """`board`: the regions in play in full and the others one line each; `board all`: every region
        in full (regions=None); `region NAME`: that region (regions=[NAME])."""
        if regions is None:
            self.console.print(self.board())
            self.console.print(self.legend())
            return
        self.console.print(self.board(regions))
        shown = [c for c, ci in self.text.countries.items() if ci["region"] in regions]
        self.console.print(self.legend(shown))
        others = [r for r in self.top_regions() if r not in regions]
        if others:
            self.console.print(self.region_summary(others, self.text.t("play-board-others")))


def begins(typed: str, name: str) -> bool:
    """Whether `typed` is a beginning of `name`, or each of its words a beginning of the name's words."""
    if name.startswith(typed):
        return True
    typed_words, name_words = typed.split(), name.split()
    return len(typed_words) <= len(name_words) and all(
        n.startswith(w) for w, n in zip(typed_words, name_words, strict=False)
    )


@dataclasses.dataclass(frozen=True)
class Layout:
    """How much of each part a screen shows. `steps` gives way, one part at a time, in the order the
    parts matter least to the decision at hand; the question, the tracks and at least FEWEST_RECENT of
    the lines since the last decision are never left out."""

    rule: bool = True
    status_panel: bool = True
    tracks_only: bool = False
    board: str = "focus"  # focus · inplay · candidates · summary · brief · hint (see Screen.board_part)
    cards: str = "full"  # full · brief · none (see Screen.cards_part)
    recent: int = LAST_MOVES
    recent_panel: bool = True
    hint: bool = True
    options: str = "grid"  # grid (rich's columns) · flow (packed line by line, see Screen.question)

    def restorable(self, recent: int, choosing_cards: bool) -> list[dict[str, Any]]:
        """Changes back towards the full layout, tried one by one after a layout fits, most wanted first
        (a choice of cards wants the cards' one-line events before older lines; a hand comes after them)."""
        brief_cards = [{"cards": "brief"}] if self.cards == "none" else []
        return [
            {"tracks_only": False},
            {"options": "grid"},
            {"hint": True},
            *(brief_cards if choosing_cards else []),
            {"recent": max(self.recent, min(recent, 8))},
            {"rule": True, "status_panel": True, "recent_panel": True},
            *([] if choosing_cards else brief_cards),
            {"recent": max(self.recent, min(recent, LAST_MOVES))},
        ]

    def steps(self, recent: int, choosing_cards: bool) -> Iterable[Layout]:
        """This layout, then sparer ones: where the question is a choice of cards, their table is
        shortened before the board; otherwise the hand (if shown) and the older lines go first, then the
        boxes, and the board last."""
        layout = self
        yield layout
        fewest = min(recent, FEWEST_RECENT)
        chrome = {"rule": False, "status_panel": False, "recent_panel": False}
        changes: list[dict[str, Any]]
        if choosing_cards:
            changes = [
                {"cards": "brief"},
                {"board": "summary"},
                {"recent": max(fewest, min(layout.recent, 8))},
                {"board": "brief"},
                chrome,
                # The cards' events matter more than older lines: those go first.
                {"recent": max(fewest, min(layout.recent, 5))},
                {"board": "hint"},
                {"recent": fewest},
                {"cards": "none"},
            ]
        else:
            changes = [
                {"cards": "none"},
                {"recent": max(fewest, min(layout.recent, 8))},
                chrome,
                {"recent": max(fewest, min(layout.recent, 5))},
                {"board": "inplay"},
                {"board": "candidates"},
                {"board": "summary"},
                {"board": "brief"},
            ]
        changes += [
            {"recent": max(fewest, min(layout.recent, 5))},
            {"hint": False},
            {"options": "flow"},
            {"board": "hint"},
            {"recent": fewest},
            {"tracks_only": True},
        ]
        for change in changes:
            changed = dataclasses.replace(layout, **change)
            if changed != layout:
                layout = changed
                yield layout
