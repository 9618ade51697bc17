"""The board as an SVG picture, built from a compiled ruleset (its map and `layout`) and a game state.

Nothing of the map is fixed here: the boxes stand where the ruleset's layout puts them (`map.layout`, grid
cells), the regions are the cells of their countries, the links are the map's adjacency (superpower links
included), the tracks' bounds are the IR's, and the marked regions of a solo game are the ruleset's own
variables of type region that hold a value (`primary_region`, `secondary_region`), each named by its
`state-<name>` label. What the picture fixes is only its look: sizes, colours, where the tracks go.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Any

from twilight.cli.declared_state import label
from twilight.cli.session.text import PlayText
from twilight.runtime.core import registry
from twilight.runtime.core.sides import SIDES, US, USSR, opponent
from twilight.runtime.core.state import (
    DEFCON_TRACK,
    MILITARY_OPERATIONS_TRACK,
    SPACE_RACE_TRACK,
    TURN_TRACK,
    VP_TRACK,
    GameState,
)

# A cell of the layout's grid and the country box inside it, in pixels.
CELL_W, CELL_H = 122, 80
BOX_W, BOX_H = 108, 66
MARGIN = 24
NAME_H = 30  # the box's name band
SIDE_COLOUR = {US: "#1f5fb4", USSR: "#c62828"}
SIDE_PALE = {US: "#dce8f8", USSR: "#f8dcdc"}
BATTLEGROUND = "#6a2c91"
# Pale fills for the regions, given out in the IR's order of regions.
REGION_FILLS = ("#dcebd0", "#f3e2c4", "#d5e6f3", "#f2d9e4", "#e1ddf3", "#eeeec8", "#d3ece6", "#f1dccd")
MARK_COLOUR = "#d4a017"
FONT = "DejaVu Sans, Noto Sans, Arial, sans-serif"
# Links longer than this many cells are drawn as two short arrows that name their far end, not as a line
# across the map (USA to Japan).
LONG_LINK = 7.5
STUB = 40


def board_svg(
    ir: dict[str, Any],
    state: GameState,
    text: PlayText | str,
    *,
    clickable: Iterable[str] = (),
    changed: Iterable[str] = (),
) -> str:
    """The board of `state` as an SVG document, its words those of `text` (a PlayText, or a language code
    to make one). Each country is `<g class="country" id="country-ID" data-country="ID">`; those named in
    `clickable` get the class `clickable` too (for a page that lets a player pick them), those in
    `changed` the class `changed` (what the last moves changed, outlined). Raises NoLayout when the
    ruleset lays out no map."""
    if isinstance(text, str):
        text = PlayText(ir["ruleset"]["name"], text, ir)
    board = Board(ir, state, text, set(clickable))
    board.changed = set(changed)
    return board.svg()


def svg_size(svg: str) -> tuple[int, int]:
    """The width and height (pixels) of a picture `board_svg` drew."""
    root = ET.fromstring(svg)
    return int(root.get("width", "0")), int(root.get("height", "0"))


class NoLayout(Exception):
    """The ruleset declares no `layout`: there is nothing to say where its countries go."""


class Board:
    def __init__(self, ir: dict[str, Any], state: GameState, text: PlayText, clickable: set[str]) -> None:
        layout = ir["map"].get("layout")
        if not layout:
            raise NoLayout(ir["ruleset"]["name"])
        self.ir, self.state, self.t, self.clickable = ir, state, text, clickable
        self.changed: set[str] = set()
        self.countries: dict[str, Any] = ir["map"]["countries"]
        self.regions: dict[str, Any] = ir["map"]["regions"]
        self.sides: dict[str, Any] = ir["map"]["sides"]
        self.superpower_side = {s["superpower"]: side for side, s in self.sides.items()}
        # only what the map has: a place left for a country a variant removed is not drawn
        self.places: dict[str, tuple[int, int]] = {
            name: (cell[0], cell[1])
            for name, cell in layout["places"].items()
            if name in self.countries or name in self.superpower_side
        }
        self.labels: dict[str, tuple[int, int]] = {n: (c[0], c[1]) for n, c in layout["labels"].items()}
        cells = [*self.places.values(), *self.labels.values()] or [(0, 0)]
        self.cols = max(c for c, _ in cells) + 1
        self.rows = max(r for _, r in cells) + 1
        self.map_w = self.cols * CELL_W
        self.map_h = self.rows * CELL_H
        top = [r for r, v in self.regions.items() if v["parent"] is None]
        self.fill = {r: REGION_FILLS[i % len(REGION_FILLS)] for i, r in enumerate(top)}
        for r, v in self.regions.items():
            if v["parent"] is not None:
                self.fill[r] = self.fill.get(v["parent"], REGION_FILLS[0])
        self.marked = self._marked_regions()

    # ------------------------------------------------------------------ geometry
    def centre(self, name: str) -> tuple[float, float]:
        col, row = self.places[name]
        return MARGIN + col * CELL_W + CELL_W / 2, MARGIN + row * CELL_H + CELL_H / 2

    def _marked_regions(self) -> list[tuple[str, str]]:
        """(variable, region) for each variable of type region that holds one of the map's regions."""
        out = []
        for name, decl in (self.ir.get("variables") or {}).items():
            value = self.state.vars.get(name)
            if decl.get("type") == "region" and isinstance(value, str) and value in self.regions:
                out.append((name, value))
        return out

    # ------------------------------------------------------------------ the document
    def svg(self) -> str:
        panel_h = 250
        width = self.map_w + 2 * MARGIN
        height = self.map_h + 2 * MARGIN + panel_h
        root = ET.Element(
            "svg",
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "width": str(width),
                "height": str(height),
                "viewBox": f"0 0 {width} {height}",
                "font-family": FONT,
                "class": "twilight-board",
                "lang": self.t.lang,
            },
        )
        ET.SubElement(root, "title").text = self.t.game_title(self.state.ruleset)
        ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": "#fbfaf6"})
        self.draw_regions(ET.SubElement(root, "g", {"class": "regions"}))
        self.draw_links(ET.SubElement(root, "g", {"class": "links"}))
        boxes = ET.SubElement(root, "g", {"class": "boxes"})
        for name in self.places:
            if name in self.superpower_side:
                self.draw_superpower(boxes, name)
            else:
                self.draw_country(boxes, name)
        self.draw_labels(ET.SubElement(root, "g", {"class": "labels"}))
        self.draw_panel(ET.SubElement(root, "g", {"class": "panel"}), MARGIN + self.map_h + MARGIN, width)
        return ET.tostring(root, encoding="unicode") + "\n"

    # ------------------------------------------------------------------ regions
    def region_cells(self, region: str) -> set[tuple[int, int]]:
        return {
            self.places[c]
            for c, v in self.countries.items()
            if c in self.places and (v["region"] == region or region in v["subregions"])
        }

    def outline(self, cells: set[tuple[int, int]], inset: float) -> str:
        """The edges of a set of cells that face no other cell of the set, as a path; each edge moved
        `inset` pixels into its cell (a subregion's line inside its region's)."""
        parts = []
        for col, row in sorted(cells):
            x0, y0 = MARGIN + col * CELL_W, MARGIN + row * CELL_H
            x1, y1 = x0 + CELL_W, y0 + CELL_H
            if (col, row - 1) not in cells:
                parts.append(f"M{x0:g},{y0 + inset:g}H{x1:g}")
            if (col, row + 1) not in cells:
                parts.append(f"M{x0:g},{y1 - inset:g}H{x1:g}")
            if (col - 1, row) not in cells:
                parts.append(f"M{x0 + inset:g},{y0:g}V{y1:g}")
            if (col + 1, row) not in cells:
                parts.append(f"M{x1 - inset:g},{y0:g}V{y1:g}")
        return "".join(parts)

    def draw_regions(self, group: ET.Element) -> None:
        marked = {region: var for var, region in self.marked}
        for region, decl in self.regions.items():
            cells = self.region_cells(region)
            if not cells:
                continue
            sub = decl["parent"] is not None
            g = ET.SubElement(group, "g", {"class": "subregion" if sub else "region", "data-region": region})
            if not sub:
                area = "".join(
                    f"M{MARGIN + c * CELL_W},{MARGIN + r * CELL_H}h{CELL_W}v{CELL_H}h{-CELL_W}z"
                    for c, r in sorted(cells)
                )
                ET.SubElement(
                    g, "path", {"d": area, "fill": self.fill[region], "shape-rendering": "crispEdges"}
                )
            style = (
                {"stroke": "#8a8270", "stroke-width": "1.5", "stroke-dasharray": "7 5"}
                if sub
                else {"stroke": "#6d6552", "stroke-width": "2"}
            )
            ET.SubElement(g, "path", {"d": self.outline(cells, 6 if sub else 0), "fill": "none", **style})
            if region in marked:
                g.set("class", g.get("class", "") + " marked")
                g.set("data-marked", marked[region])
                ET.SubElement(
                    g,
                    "path",
                    {
                        "d": self.outline(cells, 2),
                        "fill": "none",
                        "stroke": MARK_COLOUR,
                        "stroke-width": "5",
                        "stroke-opacity": "0.85",
                    },
                )

    def draw_labels(self, group: ET.Element) -> None:
        marked: dict[str, list[str]] = {}
        for var, region in self.marked:
            marked.setdefault(region, []).append(label(self.t.loc, var))
        for region, (col, row) in self.labels.items():
            if region not in self.regions:
                continue
            x = MARGIN + col * CELL_W + CELL_W / 2
            y = MARGIN + row * CELL_H + CELL_H / 2
            sub = self.regions[region]["parent"] is not None
            lines = wrap(self.t.region(region).upper() if not sub else self.t.region(region), 15)
            tags = marked.get(region, [])
            top = y - (len(lines) + len(tags) - 1) * 8
            g = ET.SubElement(group, "g", {"class": "region-label", "data-region": region})
            for i, line in enumerate(lines):
                _text(
                    g,
                    x,
                    top + i * 16,
                    line,
                    size=13 if not sub else 11,
                    weight="bold" if not sub else "normal",
                    fill="#4a4333",
                    style="italic" if sub else None,
                )
            for i, tag in enumerate(tags):
                y_tag = top + (len(lines) + i) * 16
                ET.SubElement(
                    g,
                    "rect",
                    {
                        "x": f"{x - 56:g}",
                        "y": f"{y_tag - 11:g}",
                        "width": "112",
                        "height": "15",
                        "rx": "7",
                        "fill": MARK_COLOUR,
                        "class": "region-mark",
                    },
                )
                _text(g, x, y_tag, tag, size=10, weight="bold", fill="#2b2100")

    # ------------------------------------------------------------------ links
    def links(self) -> list[tuple[str, str]]:
        """Each adjacency of the map once: country to country, and superpower to country."""
        pairs: set[tuple[str, str]] = set()
        for name, decl in self.countries.items():
            for other in decl["adjacent"]:
                pairs.add((min(name, other), max(name, other)))
        for side in self.sides.values():
            for other in side["adjacent"]:
                a, b = side["superpower"], other
                pairs.add((min(a, b), max(a, b)))
        return sorted(pairs)

    def draw_links(self, group: ET.Element) -> None:
        for a, b in self.links():
            if a not in self.places or b not in self.places:
                continue
            g = ET.SubElement(group, "g", {"class": "adjacency", "data-a": a, "data-b": b})
            (x1, y1), (x2, y2) = self.centre(a), self.centre(b)
            length = math.hypot((x2 - x1) / CELL_W, (y2 - y1) / CELL_H)
            superpower = a in self.superpower_side or b in self.superpower_side
            colour = "#7d7563" if not superpower else "#3c3c3c"
            if length <= LONG_LINK:
                ET.SubElement(
                    g,
                    "line",
                    {
                        "x1": f"{x1:g}",
                        "y1": f"{y1:g}",
                        "x2": f"{x2:g}",
                        "y2": f"{y2:g}",
                        "stroke": colour,
                        "stroke-width": "2" if not superpower else "2.5",
                    },
                )
                continue
            # Too long to cross the map: from each end a short line towards the other, named there.
            for (xa, ya), (xb, yb), far in (((x1, y1), (x2, y2), b), ((x2, y2), (x1, y1), a)):
                dx, dy = xb - xa, yb - ya
                norm = math.hypot(dx, dy)
                ux, uy = dx / norm, dy / norm
                sx, sy = xa + ux * (BOX_W / 2 + STUB), ya + uy * (BOX_H / 2 + STUB)
                ET.SubElement(
                    g,
                    "line",
                    {
                        "x1": f"{xa:g}",
                        "y1": f"{ya:g}",
                        "x2": f"{sx:g}",
                        "y2": f"{sy:g}",
                        "stroke": colour,
                        "stroke-width": "2",
                        "stroke-dasharray": "5 3",
                    },
                )
                _text(
                    g,
                    sx + ux * 6,
                    sy + uy * 6 + 14,
                    "→ " + self.name_of(far),
                    size=12,
                    weight="bold",
                    fill=colour,
                )

    def name_of(self, name: str) -> str:
        side = self.superpower_side.get(name)
        return self.t.side(side) if side else self.t.country(name)

    # ------------------------------------------------------------------ boxes
    def box_origin(self, name: str) -> tuple[float, float]:
        x, y = self.centre(name)
        return x - BOX_W / 2, y - BOX_H / 2

    def controller(self, name: str) -> str | None:
        influence = self.state.influence.get(name, {})
        stability = self.countries[name]["stability"]
        for side in SIDES:
            own, other = influence.get(side, 0), influence.get(_other(side), 0)
            if own > 0 and own - other >= stability:
                return side
        return None

    def draw_country(self, group: ET.Element, name: str) -> None:
        decl = self.countries[name]
        x, y = self.box_origin(name)
        influence = self.state.influence.get(name, {})
        owner = self.controller(name)
        classes = ["country"]
        if name in self.clickable:
            classes.append("clickable")
        if name in self.changed:
            classes.append("changed")
        if owner:
            classes.append(f"controlled-{owner}")
        g = ET.SubElement(
            group,
            "g",
            {
                "class": " ".join(classes),
                "id": f"country-{name}",
                "data-country": name,
                "data-region": decl["region"],
                "data-us": str(influence.get(US, 0)),
                "data-ussr": str(influence.get(USSR, 0)),
                "data-stability": str(decl["stability"]),
                "data-battleground": "true" if decl["battleground"] else "false",
                "data-controlled-by": owner or "",
            },
        )
        shown = self.t.country(name)
        ET.SubElement(g, "title").text = shown
        self._country_box(g, x, y, shown, owner, decl)
        self._influence_boxes(g, x, y + NAME_H + 4, influence, owner)
        self._stability_circle(g, x + BOX_W / 2, y + NAME_H + 4, decl)

    def _country_box(
        self, g: ET.Element, x: float, y: float, shown: str, owner: str | None, decl: dict[str, Any]
    ) -> None:
        """The box, its border in the controller's colour, and the name on its band (a battleground's)."""
        border = SIDE_COLOUR[owner] if owner else "#5b5445"
        ET.SubElement(
            g,
            "rect",
            {
                "x": f"{x:g}",
                "y": f"{y:g}",
                "width": str(BOX_W),
                "height": str(BOX_H),
                "rx": "5",
                "fill": "#ffffff",
                "stroke": border,
                "stroke-width": "3.5" if owner else "1.5",
                "class": "box",
            },
        )
        band = BATTLEGROUND if decl["battleground"] else self.fill.get(decl["region"], "#eeeeee")
        ET.SubElement(
            g,
            "path",
            {
                "d": f"M{x + 1:g},{y + NAME_H:g}V{y + 5:g}q0,-4 4,-4"
                f"H{x + BOX_W - 5:g}q4,0 4,4V{y + NAME_H:g}z",
                "fill": band,
                "class": "name-band battleground" if decl["battleground"] else "name-band",
            },
        )
        lines, size = fit(shown, BOX_W - 8, NAME_H)
        first = y + NAME_H / 2 - (len(lines) - 1) * size * 0.55 + size * 0.35
        for i, line in enumerate(lines):
            _text(
                g,
                x + BOX_W / 2,
                first + i * size * 1.1,
                line,
                size=size,
                weight="bold",
                fill="#ffffff" if decl["battleground"] else "#2d2a22",
                cls="name",
            )

    def _influence_boxes(
        self, g: ET.Element, x: float, low: float, influence: dict[str, int], owner: str | None
    ) -> None:
        # influence: a side's marker is solid when it controls the country
        for side, left in ((US, x + 5), (USSR, x + BOX_W - 5 - 30)):
            amount = influence.get(side, 0)
            solid = owner == side
            ET.SubElement(
                g,
                "rect",
                {
                    "x": f"{left:g}",
                    "y": f"{low:g}",
                    "width": "30",
                    "height": "27",
                    "rx": "3",
                    "fill": SIDE_COLOUR[side] if solid else (SIDE_PALE[side] if amount else "#ffffff"),
                    "stroke": SIDE_COLOUR[side],
                    "stroke-width": "1.5",
                    "stroke-opacity": "1" if amount or solid else "0.35",
                    "class": f"influence-box {side}",
                },
            )
            _text(
                g,
                left + 15,
                low + 19,
                str(amount) if amount else "",
                size=16,
                weight="bold",
                fill="#ffffff" if solid else SIDE_COLOUR[side],
                cls=f"influence {side}",
            )

    def _stability_circle(self, g: ET.Element, cx: float, low: float, decl: dict[str, Any]) -> None:
        ET.SubElement(
            g,
            "circle",
            {
                "cx": f"{cx:g}",
                "cy": f"{low + 13.5:g}",
                "r": "12",
                "fill": BATTLEGROUND if decl["battleground"] else "#fdfbf2",
                "stroke": "#5b5445",
                "stroke-width": "1",
            },
        )
        _text(
            g,
            cx,
            low + 19,
            str(decl["stability"]),
            size=15,
            weight="bold",
            fill="#ffffff" if decl["battleground"] else "#2d2a22",
            cls="stability",
        )

    def draw_superpower(self, group: ET.Element, name: str) -> None:
        side = self.superpower_side[name]
        x, y = self.box_origin(name)
        g = ET.SubElement(group, "g", {"class": "superpower", "id": f"superpower-{name}", "data-side": side})
        ET.SubElement(
            g,
            "rect",
            {
                "x": f"{x - 4:g}",
                "y": f"{y - 4:g}",
                "width": str(BOX_W + 8),
                "height": str(BOX_H + 8),
                "rx": "10",
                "fill": SIDE_COLOUR[side],
                "stroke": "#222222",
                "stroke-width": "2",
            },
        )
        _text(g, x + BOX_W / 2, y + BOX_H / 2 + 8, self.t.side(side), size=24, weight="bold", fill="#ffffff")

    # ------------------------------------------------------------------ tracks, the China Card, effects
    def track_values(self, name: str, *now: int) -> list[int]:
        """The boxes of a track, lowest first: those the ruleset declares (`track NAME from LOW to HIGH`);
        of a track it does not declare, only the values it holds now (no bounds are written here)."""
        decl = (self.ir.get("tracks") or {}).get(name)
        if decl is None:
            return sorted(set(now))
        return list(range(int(decl["min"]), int(decl["max"]) + 1))

    def draw_panel(self, group: ET.Element, top: float, width: float) -> None:
        t, state = self.t, self.state
        ET.SubElement(
            group,
            "rect",
            {
                "x": str(MARGIN),
                "y": f"{top - 8:g}",
                "width": f"{width - 2 * MARGIN:g}",
                "height": "236",
                "rx": "8",
                "fill": "#f1eee4",
                "stroke": "#b8b19c",
            },
        )
        left = MARGIN + 16
        y = top + 18
        # turn and action round
        turns = self.track_values(TURN_TRACK, state.turn)
        self.track(group, "turn", label(t.loc, TURN_TRACK), turns, [state.turn], left, y)
        if state.action_round:
            round_text = t.t("play-status-round", round=state.action_round, **t.side_args(state.phasing))
        elif state.in_headline:
            round_text = t.t("play-status-headline")
        else:
            round_text = ""
        if state.game_over:
            winner = t.t("play-end-draw") if state.winner == "draw" else t.side(state.winner)
            round_text = (round_text + "  ·  " if round_text else "") + f"✔ {winner}"
        _text(group, left + 520, y + 5, round_text, size=15, weight="bold", anchor="start", cls="round")
        # DEFCON and VP
        y += 44
        self.track(
            group,
            "defcon",
            label(t.loc, DEFCON_TRACK),
            self.track_values(DEFCON_TRACK, state.defcon)[::-1],
            [state.defcon],
            left,
            y,
        )
        vp_values = self.track_values(VP_TRACK, state.vp)
        self.track(group, "vp", label(t.loc, VP_TRACK), vp_values, [state.vp], left + 420, y, small=True)
        _text(group, left + 420, y + 21, self._standing(), size=11, anchor="start", cls="standing")
        # military operations and the space race, a row each side
        y += 44
        for side in SIDES:
            milops, space = state.milops.get(side, 0), state.space.get(side, 0)
            self.track(
                group, f"milops-{side}", f"{label(t.loc, MILITARY_OPERATIONS_TRACK)} · {t.side(side)}",
                self.track_values(MILITARY_OPERATIONS_TRACK, milops), [milops], left, y, side=side,
            )  # fmt: skip
            self.track(
                group, f"space-{side}", f"{label(t.loc, SPACE_RACE_TRACK)} · {t.side(side)}",
                self.track_values(SPACE_RACE_TRACK, space), [space], left + 420, y, side=side,
            )  # fmt: skip
            y += 34
        # The China Card
        china_x = left + 1240
        holder = state.china_holder
        card = ET.SubElement(
            group,
            "g",
            {
                "class": "china-card",
                "data-holder": holder,
                "data-face": "up" if state.china_face_up else "down",
            },
        )
        ET.SubElement(
            card,
            "rect",
            {
                "x": f"{china_x:g}",
                "y": f"{top + 4:g}",
                "width": "150",
                "height": "96",
                "rx": "8",
                "fill": "#f6d24a" if state.china_face_up else "#9a8f73",
                "stroke": SIDE_COLOUR.get(holder, "#333333"),
                "stroke-width": "4",
            },
        )
        for i, line in enumerate(wrap(t.card(registry.THE_CHINA_CARD.name), 16)):
            _text(card, china_x + 75, top + 32 + i * 18, line, size=14, weight="bold", fill="#2b2100")
        china = t.t(
            "play-status-china-up" if state.china_face_up else "play-status-china-down", **t.side_args(holder)
        )
        for i, line in enumerate(wrap(china, 44)):
            _text(group, china_x + 170, top + 30 + i * 18, line, size=13, anchor="start", cls="china-text")
        # declared state (solo: Primary and Secondary regions) and the events in effect
        notes = [f"{label(t.loc, var)}: {t.region(region)}" for var, region in self.marked]
        effects = list(dict.fromkeys(t.card(e.card) for e in state.in_effect if e.card in self.ir["cards"]))
        if effects:
            notes.append(t.t("play-status-effects", effects=", ".join(effects)))
        line_y = top + 128
        for note in notes:
            for line in wrap(note, 120):
                _text(group, china_x, line_y, line, size=13, anchor="start", cls="effects")
                line_y += 18

    def _standing(self) -> str:
        from twilight.cli.session.log import Narrator

        return Narrator(self.t).standing(self.state.vp)

    def track(
        self,
        group: ET.Element,
        key: str,
        title: str,
        values: list[int],
        current: list[int],
        x: float,
        y: float,
        *,
        side: str | None = None,
        small: bool = False,
    ) -> None:
        g = ET.SubElement(group, "g", {"class": "track", "data-track": key, "data-value": str(current[0])})
        _text(g, x, y + 5, title, size=12, weight="bold", anchor="start")
        step = 14 if small else 30
        start = x + 210
        colour = SIDE_COLOUR.get(side or "", "#333333")
        for i, value in enumerate(values):
            on = value in current
            ET.SubElement(
                g,
                "rect",
                {
                    "x": f"{start + i * step:g}",
                    "y": f"{y - 10:g}",
                    "width": f"{step - 2:g}",
                    "height": "22",
                    "rx": "3",
                    "fill": colour if on else "#ffffff",
                    "stroke": "#8a8270",
                    "class": "track-cell current" if on else "track-cell",
                },
            )
            if not small or on or value % 5 == 0:
                _text(
                    g,
                    start + i * step + (step - 2) / 2,
                    y + 5,
                    str(value),
                    size=12 if not small else 9,
                    weight="bold" if on else "normal",
                    fill="#ffffff" if on else "#4a4333",
                )


# ---------------------------------------------------------------------- text helpers
def _other(side: str) -> str:
    return opponent(side)


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    *,
    size: float = 12,
    weight: str = "normal",
    fill: str = "#2d2a22",
    anchor: str = "middle",
    style: str | None = None,
    cls: str | None = None,
) -> ET.Element:
    attrs = {
        "x": f"{x:.1f}",
        "y": f"{y:.1f}",
        "font-size": f"{size:g}",
        "text-anchor": anchor,
        "fill": fill,
    }
    if weight != "normal":
        attrs["font-weight"] = weight
    if style:
        attrs["font-style"] = style
    if cls:
        attrs["class"] = cls
    node = ET.SubElement(parent, "text", attrs)
    node.text = content
    return node


def wrap(words: str, width: int) -> list[str]:
    """`words` in lines of at most `width` characters where a space or a slash allows (a longer word
    keeps a line of its own)."""
    lines: list[str] = []
    current = ""
    for word in re.findall(r"[^\s/]+/?|/", words):
        glue = "" if not current or current.endswith("/") else " "
        joined = current + glue + word
        if current and len(joined) > width:
            lines.append(current)
            current = word
        else:
            current = joined
    if current:
        lines.append(current)
    return lines or [""]


def fit(name: str, width: float, height: float) -> tuple[list[str], float]:
    """A country's name in lines that fit a box's name band: the largest font (of a few) whose lines
    (~0.6 em a character, bold) fit its width and, 1.1 em a line, its height."""
    for size in (12.0, 11.0, 10.0, 9.0, 8.0):
        per_line = max(1, int(width / (size * 0.62)))
        lines = wrap(name, per_line)
        if len(lines) * size * 1.1 <= height and all(len(line) <= per_line for line in lines):
            return lines, size
    return wrap(name, max(1, int(width / (8 * 0.62)))), 8.0
