"""The screen of `twilight play`, drawn with rich: the tracks, the board region by region, the cards the
player chooses from, the last moves, and the question with its numbered answers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from twilight.cli.declared_state import face_down, label, variable_text
from twilight.cli.play.text import PlayText
from twilight.cli.source_words import TITLE_WORD
from twilight.runtime.decisions import Decision
from twilight.runtime.state import TURN_TRACK

SIDE_STYLE = {"us": "bold blue", "ussr": "bold red"}
LAST_MOVES = 14
# The board's country names are cut beyond this many cells.
BOARD_NAME_WIDTH = 24


class RegionTable:
    """One region of the board: its title, a header and a row for each country, in four columns (name,
    stability, US and USSR influence).

    It draws what rich draws for the borderless Table `table()` gives, but works out the columns' widths
    from the cells' lengths and lays each line out itself: rich measures and renders every cell of the
    board's ~90 rows several times over (the tables, then the columns holding them), which cost most of
    the first screen's time. tests/test_play_screen.py holds the two to the same look. A terminal too
    narrow for the table gets rich's own, which wraps it.
    """

    JUSTIFY: tuple[JustifyMethod, ...] = ("left", "right", "right", "right")
    COLUMN_STYLES = ("", "", "blue", "red")
    HEADER_STYLE = "dim"

    def __init__(self, title: Text, headers: list[str], rows: list[list[Text]]) -> None:
        self.title = title
        self.headers = headers
        self.rows = rows
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

    # ------------------------------------------------------------------ parts
    def status(self) -> Panel:
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
                            us=state.milops["us"],
                            ussr=state.milops["ussr"],
                            needed=state.defcon,
                        ),
                        t.t(
                            "play-status-space",
                            us=state.space["us"],
                            ussr=state.space["ussr"],
                        ),
                    ]
                )
            )
        )
        china = t.t(
            "play-status-china-up" if state.china_face_up else "play-status-china-down",
            **t.side_args(state.china_holder),
        )
        lines.append(Text(china))
        declared = self.declared_state()
        if declared:
            lines.append(Text("  ·  ".join(declared), style="yellow"))
        effects = list(dict.fromkeys(t.card(e.card) for e in state.in_effect if e.card in t.cards))
        if effects:
            lines.append(Text(t.t("play-status-effects", effects=", ".join(effects))))
        return Panel(
            Group(*lines),
            title=t.t("play-title", ruleset=t.maybe(TITLE_WORD) or state.ruleset),
            expand=True,
        )

    def declared_state(self) -> list[str]:
        """The variables the ruleset declares that hold a value, then its zones: a face-up zone's cards by
        name, a face-down zone's by number only."""
        t, state, ir = self.text, self.engine.state, self.engine.ir
        shown = [
            t.t("play-status-state", name=label(t.loc, name), value=variable_text(t.loc, ir, name, value))
            for name, value in state.vars.items()
            if value is not None and value != []
        ]
        for zone, cards in state.zones.items():
            if face_down(ir, zone) or not cards:
                content = t.t("play-status-zone-size", count=len(cards))
            else:
                content = ", ".join(t.card(c) for c in cards)
            shown.append(t.t("play-status-state", name=label(t.loc, zone), value=content))
        return shown

    def _standing(self) -> str:
        from twilight.cli.play.log import Narrator

        return Narrator(self.text).standing(self.engine.state.vp)

    def board(self) -> Columns:
        """A table for each region, side by side."""
        from twilight.runtime.primitives import controls

        t, state = self.text, self.engine.state
        headers = [t.t("play-board-country"), t.t("play-board-stability"), t.side("us"), t.side("ussr")]
        tables = []
        region_variables = [
            name for name, v in (self.engine.ir.get("variables") or {}).items() if v.get("type") == "region"
        ]
        for region, info in t.regions.items():
            if info.get("parent"):
                continue
            members = [c for c, ci in t.countries.items() if ci["region"] == region]
            # A region some declared variable names (the solo game's Primary region…) is marked with it.
            marks = [label(t.loc, name) for name in region_variables if state.vars.get(name) == region]
            marked = bool(marks)
            title_style = "bold yellow" if marked else "bold"
            title = " · ".join([t.region(region), *marks])
            rows: list[list[Text]] = []
            for country in members:
                key = "★" if t.countries[country]["battleground"] else " "
                influence = state.influence[country]
                cells = [
                    Text(f"{key}{t.country(country)}", style="yellow" if marked else ""),
                    Text(str(t.countries[country]["stability"])),
                ]
                for side in ("us", "ussr"):
                    amount = influence[side]
                    shown = str(amount) if amount else "·"
                    style = ("reverse " + SIDE_STYLE[side]) if controls(self.engine, side, country) else ""
                    cells.append(Text(shown, style=style))
                rows.append(cells)
            tables.append(RegionTable(Text(title, style=title_style), headers, rows))
        return Columns(tables, padding=(1, 3))

    def legend(self) -> Text:
        return Text(self.text.t("play-board-legend"), style="dim")

    def cards(self, cards: list[str], title: str, side: str) -> Table:
        from twilight.runtime.primitives import ops_for

        t = self.text
        table = Table(title=title, title_justify="left", expand=True, show_lines=False)
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column(t.t("play-cards-card"), no_wrap=True)
        table.add_column(t.t("play-cards-ops"), justify="right")
        table.add_column(t.t("play-cards-side"), no_wrap=True)
        table.add_column(t.t("play-cards-summary"), ratio=1)
        for card in cards:
            info = t.cards[card]
            # The card's own side names and colours it; its ops are those of the player who holds it
            # (a modifier such as Containment counts for the player's side, not the card's).
            card_side = info["side"]
            side_name = t.side(card_side) if card_side in ("us", "ussr") else t.t("play-cards-neutral")
            ops = "-" if info["scoring"] else str(ops_for(self.engine, side, card))
            table.add_row(
                str(info.get("number", "")),
                Text(t.card(card), style=SIDE_STYLE.get(card_side, "")),
                ops,
                side_name,
                t.summary(card),
            )
        return table

    def question(self, decision: Decision, prompt: str) -> Group:
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
        parts: list[Any] = [Text(prompt, style="bold")]
        if self.show_ids:
            picks = f"{decision.min_count}-{decision.max_count}"
            parts.append(Text(f"[decision={decision.name} side={decision.side} pick={picks}]", style="dim"))
        how = self.how_many(decision)
        if how:
            parts.append(Text(how, style="dim"))
        points = self.points_left(decision)
        if points:
            parts.append(Text(points, style="yellow"))
        parts.append(Columns([Text(label) for label in labels], padding=(0, 3)))
        parts.append(Text(t.t("play-hint"), style="dim"))
        return Group(*parts)

    def how_many(self, decision: Decision) -> str | None:
        if decision.single:
            return None
        return self.text.t("play-how-many", min=decision.min_count, max=decision.max_count)

    def points_left(self, decision: Decision) -> str | None:
        """Where a player is in spending a card's operations point by point: the points left of the
        card's, as the engine counts them (the decision's context), and that a marked country costs more."""
        left, total = decision.context.get("points_left"), decision.context.get("points")
        if left is None or total is None:
            return None
        costs = decision.context.get("costs") or {}
        dearer = any(cost != 1 for cost in costs.values())
        return self.text.t("play-points-left", left=left, total=total, marked="yes" if dearer else "no")

    def option_label(self, option: Any, side: str) -> str:
        label = self.text.option(option)
        text = str(option)
        if text in self.text.cards and not self.text.cards[text]["scoring"]:
            from twilight.runtime.primitives import ops_for

            label += f" ({ops_for(self.engine, side, text)})"
        return label

    # ------------------------------------------------------------------ whole screens
    def show(
        self,
        decision: Decision | None,
        prompt: str | None,
        recent: list[str],
        notices: list[str] | None = None,
    ) -> None:
        """The whole screen for a decision of the player (or for the demo to watch), with the notices of
        the start of the player's round just above the question."""
        c = self.console
        c.rule()
        c.print(self.status())
        c.print(self.board())
        c.print(self.legend())
        if recent:
            shown = recent[-LAST_MOVES:]
            body = Text("\n".join(shown))
            title = self.text.t("play-recent", count=len(recent) - len(shown))
            c.print(Panel(body, title=title, title_align="left"))
        if decision is not None:
            cards = [str(o) for o in decision.options if str(o) in self.text.cards]
            if cards and len(cards) == len(decision.options):
                c.print(self.cards(cards, self.text.t("play-cards-choose"), decision.side))
            elif not self.secret_hands and self.engine.state.hands[decision.side]:
                hand = list(self.engine.state.hands[decision.side])
                title = self.text.t("play-cards-hand", **self.text.side_args(decision.side))
                c.print(self.cards(hand, title, decision.side))
            for notice in notices or []:
                c.print(Text(notice, style="bold yellow"))
            if prompt is not None:
                c.print(self.question(decision, prompt))
