"""Declaration checks (map, cards, settings, priorities, appendix, tables, orders, procedures, rules)
and assembly of the ruleset IR."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from twilight.compiler import ast
from twilight.compiler import types as T
from twilight.compiler.contract import ContractCheck, check_track_tables
from twilight.compiler.diagnostics import Pos, Sink, suggest
from twilight.compiler.exprs import PROVISIONAL_RE, SOURCE_RE, Emitter, Procedure, Scope, Symbol
from twilight.compiler.loader import Merged
from twilight.compiler.vocab import Vocabulary

# The largest column or row of a layout: a picture of the board is a few dozen cells wide.
LAYOUT_CELLS = 99
ID_RE = re.compile(r"^[a-z_][a-z0-9_]*$")
PARAM_TYPES = {
    "int",
    "bool",
    "text",
    "side",
    "card_side",
    "country",
    "region",
    "card",
    "period",
    "scoring_level",
    "any",
}


class RulesetChecker:
    def __init__(
        self, merged: Merged, sink: Sink, vocab: Vocabulary, ir_paths: dict[str, str] | None = None
    ) -> None:
        self.merged = merged
        self.ir_paths = ir_paths or {}
        self.sink = sink
        self.vocab = vocab
        self.decls = list(merged.decls.items())
        self.symbols: dict[str, Symbol] = {}
        self.procedures: dict[str, Procedure] = {}
        self.emit = Emitter(sink, vocab, self.symbols, self.procedures, self.ir_paths)

    # ------------------------------------------------------------------ helpers
    def of(self, cls: type[Any]) -> list[Any]:
        seen: set[int] = set()
        out = []
        for _, decl in self.decls:
            if isinstance(decl, cls) and id(decl) not in seen:
                seen.add(id(decl))
                out.append(decl)
        return out

    def declare(self, name: str, sym: Symbol) -> None:
        other = self.symbols.get(name)
        if other is not None and (other.kind, other.type) != (sym.kind, sym.type):
            # A side and its superpower may share a name (ussr): the superpower is only used in adjacency.
            if {other.kind, sym.kind} == {"side", "superpower"}:
                if sym.kind == "side":
                    self.symbols[name] = sym
                return
            where = f" ({other.pos})" if other.pos else ""
            value = sym.kind == "enum" and sym.type.startswith("setting:")
            self.sink.add(
                "E203",
                f"'{name}' is already {_described(other)}{where}",
                sym.pos,
                "the values of settings share one namespace with the other names (countries, cards, the "
                "values of other settings): rename this one"
                if value
                else f"a name stands for one thing in the rules: rename this {sym.kind}",
            )
            return
        self.symbols[name] = sym

    def check_annotations(self, notes: list[ast.Annotation] | tuple[ast.Annotation, ...]) -> None:
        self.emit.check_annotations(notes)

    def provenance(self, decl: ast.Decl, notes: list[ast.Annotation] | None = None) -> dict[str, Any]:
        notes = decl.annotations if notes is None else notes
        self.check_annotations(notes)
        if not notes:
            where = "before its `{`" if _has_brace(decl) else "at the end of the declaration"
            self.sink.add(
                "W201",
                f"{decl.kind} '{decl.name.name}' has no source or provisional mark",
                decl.name.pos,
                f'write `source "<seed file> · <section>"` after `{decl.kind} {decl.name.name}…`, {where}, '
                'or `provisional "P<n>: <why>"` with the number of the gap it reads (the gaps file)',
            )
        return self.emit.provenance(notes)

    def common(self, decl: ast.Decl, notes: list[ast.Annotation] | None = None) -> dict[str, Any]:
        return {"provenance": self.provenance(decl, notes), "src": self.src(decl.pos)}

    def src(self, pos: Pos) -> str:
        return self.emit.src(pos)

    def check_id(self, ident: ast.Ident) -> None:
        if not ID_RE.match(ident.name):
            self.sink.add(
                "E105",
                f"'{ident.name}': ids are lowercase letters, digits and _",
                ident.pos,
                f"write '{ident.name.lower()}'",
            )

    def ref(self, ident: ast.Ident, kind: str, what: str | None = None) -> bool:
        """Check that a name in a clause is declared and of the right kind."""
        sym = self.symbols.get(ident.name)
        if sym is not None and (sym.kind == kind or (kind == "superpower" and sym.kind == "side")):
            return True
        label = what or kind
        if sym is not None:
            self.sink.add("E209", f"'{ident.name}' is a {sym.kind}, not a {label}", ident.pos)
            return False
        self.sink.unknown(
            label, ident.name, ident.pos, (k for k, s in self.symbols.items() if s.kind == kind)
        )
        return False

    # ------------------------------------------------------------------ symbols
    def collect(self) -> None:
        for enum_type, values in self.vocab.enums.items():
            if enum_type in ("side", "card_side"):
                continue
            for value in values:
                self.declare(value, Symbol("enum", enum_type))
        self.declare("neutral", Symbol("enum", "card_side"))
        for cls, collect in COLLECTED:
            for decl in self.of(cls):
                collect(self, decl)

    def _collect_side(self, decl: ast.SideDecl) -> None:
        self.check_id(decl.name)
        if decl.name.name not in self.vocab.enums["side"]:
            self.sink.add(
                "E206",
                f"side '{decl.name.name}' is not one of {', '.join(self.vocab.enums['side'])}",
                decl.name.pos,
            )
        self.declare(decl.name.name, Symbol("side", "side", decl.name.pos))
        if decl.superpower is not None:
            self.declare(decl.superpower.name, Symbol("superpower", "superpower", decl.superpower.pos))

    def _collect_region(self, decl: ast.RegionDecl) -> None:
        self.check_id(decl.name)
        self.declare(decl.name.name, Symbol("region", "region", decl.name.pos))
        for sub, _ in decl.subregions:
            self.check_id(sub)
            self.declare(sub.name, Symbol("region", "region", sub.pos))

    def _collect_setting(self, decl: ast.SettingDecl) -> None:
        self.check_id(decl.name)
        typ = f"setting:{decl.name.name}" if decl.type == "enum" else decl.type
        sides = set(self.vocab.enums["side"])
        if decl.type == "enum" and decl.values and {v.name for v in decl.values} <= sides:
            # A choice of side (`setting ai_side: us | ussr`): its value is a side, not a new name.
            self.declare(decl.name.name, Symbol("setting", "side", decl.name.pos))
            return
        self.declare(decl.name.name, Symbol("setting", typ, decl.name.pos))
        for value in decl.values:
            self.check_id(value)
            self.declare(value.name, Symbol("enum", typ, value.pos))

    def _collect_variable(self, decl: ast.VariableDecl) -> None:
        self.check_id(decl.name)
        typ = self.params([ast.Param(decl.name, decl.type, decl.type_pos or decl.pos)])[0][1]
        if decl.default is not None and decl.default[0] is None:  # `= none`: it may be none
            typ = T.maybe(typ)
        self.declare(decl.name.name, Symbol("variable", typ, decl.name.pos))

    def _collect_function(self, decl: ast.FunctionDecl) -> None:
        self.check_id(decl.name)
        if decl.name.name in self.vocab.primitives:
            self.sink.add(
                "E203", f"function '{decl.name.name}' has the name of a runtime primitive", decl.name.pos
            )
        returns = self.params([ast.Param(decl.name, decl.returns, decl.returns_pos or decl.pos)])[0][1]
        self.procedures[decl.name.name] = Procedure(self.params(decl.params), decl.pos, returns)

    def _collect_priority(self, decl: ast.PriorityDecl) -> None:
        # Usable as a value: `ai_influence_placement(ai, region, false)` is the country it picks.
        target = "any"
        if decl.target is not None:
            ident, typ, pos = decl.target
            target = self.params([ast.Param(ident, typ, pos)])[0][1]
        self._one_callable(decl.name, "priority")
        params = self.params(decl.params)
        self.procedures[decl.name.name] = Procedure(params, decl.pos, target, priority=True)

    def _collect_procedure(self, decl: ast.ProcedureDecl) -> None:
        self.check_id(decl.name)
        self._one_callable(decl.name, "procedure")
        if decl.name.name in self.vocab.primitives:
            self.sink.add(
                "E203", f"procedure '{decl.name.name}' has the name of a runtime primitive", decl.name.pos
            )
        self.procedures[decl.name.name] = Procedure(self.params(decl.params), decl.pos)

    def _one_callable(self, ident: ast.Ident, kind: str) -> None:
        """A function, a priority list and a procedure share one namespace: they are called alike."""
        other = self.procedures.get(ident.name)
        if other is not None:
            what = "priority list" if other.priority else "function" if other.returns else "procedure"
            self.sink.add(
                "E203",
                f"'{ident.name}' is already {_article(what)} ({other.pos})",
                ident.pos,
                f"functions, priority lists and procedures are called alike: rename this {kind}",
            )

    def params(self, params: list[ast.Param]) -> list[tuple[str, str]]:
        out = []
        for param in params:
            plain = param.type.removesuffix(T.MAYBE)  # (`card or none`)
            base = plain[5:-1] if plain.startswith("list[") and plain.endswith("]") else plain
            if base not in PARAM_TYPES and not base.startswith("setting:"):
                self.sink.unknown("type", param.type, param.type_pos, PARAM_TYPES, list_known=True)
            out.append((param.name.name, param.type))
        return out

    # ------------------------------------------------------------------ map
    def check_map(self) -> dict[str, Any]:
        regions = self._map_regions()
        sides, superpower_of = self._map_sides()
        countries: dict[str, Any] = {}
        adjacency: dict[str, set[str]] = {}
        decl_of: dict[str, ast.CountryDecl] = {}
        for decl in self.of(ast.CountryDecl):
            name = decl.name.name
            decl_of[name] = decl
            countries[name] = self._map_country(decl, regions, superpower_of)
            adjacency[name] = set(countries[name]["adjacent"])
        # Adjacency runs both ways, superpower links included.
        for superpower, side in superpower_of.items():
            adjacency[superpower] = set(sides[side]["adjacent"])
        self._adjacency_both_ways(adjacency, decl_of)
        for country in countries.values():
            if country["region"] == "":
                country["region"] = "europe"  # placeholder after an error; the IR is not emitted then
        return {"regions": regions, "sides": sides, "countries": countries}

    def _map_regions(self) -> dict[str, Any]:
        regions: dict[str, Any] = {}
        for decl in self.of(ast.RegionDecl):
            regions[decl.name.name] = {"parent": None, **self.common(decl)}
            for sub, notes in decl.subregions:
                self.check_annotations(notes)
                regions[sub.name] = {
                    "parent": decl.name.name,
                    "provenance": self.emit.provenance(notes or decl.annotations),
                    "src": self.src(sub.pos),
                }
        return regions

    def _map_sides(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The sides, and the side of each superpower."""
        sides: dict[str, Any] = {}
        superpower_of: dict[str, str] = {}
        for decl in self.of(ast.SideDecl):
            for adj in decl.adjacent:
                self.ref(adj, "country")
            if decl.superpower is not None:
                superpower_of[decl.superpower.name] = decl.name.name
            sides[decl.name.name] = {
                "superpower": decl.superpower.name if decl.superpower else decl.name.name,
                "adjacent": [a.name for a in decl.adjacent],
                **({"moves_first": True} if decl.moves_first else {}),
                **self.common(decl),
            }
        first = [d for d in self.of(ast.SideDecl) if d.moves_first]
        for decl in first[1:]:
            assert decl.moves_first is not None
            self.sink.add(
                "E206",
                f"side '{decl.name.name}' moves first, and so does '{first[0].name.name}'",
                decl.moves_first,
                "one side moves first: write `moves first` on one side only",
            )
        return sides, superpower_of

    def _map_country(
        self, decl: ast.CountryDecl, regions: dict[str, Any], superpower_of: dict[str, str]
    ) -> dict[str, Any]:
        """One country's entry of the map, each of its clauses checked in the order they are told."""
        name = decl.name.name
        for key, pos in decl.duplicates:
            self.sink.add("E205", f"'{key}' given twice for country '{name}'", pos)
        for key in ("region", "stability"):
            if key not in decl.clauses:
                self.sink.add("E204", f"country '{name}' has no '{key}'", decl.name.pos, f"add `{key} …`")
        region_name = self._country_region(decl)
        subs = self._country_subregions(decl, region_name, regions)
        stability = decl.clauses.get("stability", (0, decl.pos))
        stab_value = stability[0]
        assert isinstance(stab_value, int)
        if "stability" in decl.clauses and not 1 <= stab_value <= 9:
            self.sink.add("E206", f"stability {stab_value} is outside 1-9", stability[1])
        adj_names = self._country_adjacent(decl, superpower_of)
        if "adjacent" not in decl.clauses:
            self.sink.add("W301", f"country '{name}' has no adjacent countries", decl.name.pos)
        return {
            "region": region_name or "",
            "subregions": subs,
            "stability": stab_value if 1 <= stab_value <= 9 else 1,
            "battleground": "battleground" in decl.clauses,
            "adjacent": adj_names,
            **self.common(decl),
        }

    def _country_region(self, decl: ast.CountryDecl) -> str | None:
        region = decl.clauses.get("region")
        if region is None:
            return None
        ident = region[0]
        assert isinstance(ident, ast.Ident)
        return ident.name if self.ref(ident, "region") else None

    def _country_subregions(
        self, decl: ast.CountryDecl, region_name: str | None, regions: dict[str, Any]
    ) -> list[str]:
        subs: list[str] = []
        for sub in _listed(decl.clauses, "subregion"):
            assert isinstance(sub, ast.Ident)
            if self.ref(sub, "region", "subregion") and region_name is not None:
                parent = regions.get(sub.name, {}).get("parent")
                if parent != region_name:
                    self.sink.add("E302", f"'{sub.name}' is not a subregion of '{region_name}'", sub.pos)
            subs.append(sub.name)
        return subs

    def _country_adjacent(self, decl: ast.CountryDecl, superpower_of: dict[str, str]) -> list[str]:
        """The neighbours a country lists: countries, and superpowers by their own name (not the side's)."""
        name = decl.name.name
        adj_names: list[str] = []
        for adj in _listed(decl.clauses, "adjacent"):
            assert isinstance(adj, ast.Ident)
            if adj.name == name:
                self.sink.add("E303", f"country '{name}' is listed as adjacent to itself", adj.pos)
                continue
            sym = self.symbols.get(adj.name)
            if sym is None or sym.kind not in ("country", "superpower", "side"):
                self.ref(adj, "country")
                continue
            if sym.kind == "side" and adj.name not in superpower_of:
                self.sink.add("E209", f"'{adj.name}' is a side; adjacency names its superpower", adj.pos)
                continue
            adj_names.append(adj.name)
        return adj_names

    def _adjacency_both_ways(
        self, adjacency: dict[str, set[str]], decl_of: dict[str, ast.CountryDecl]
    ) -> None:
        for name, neighbours in adjacency.items():
            for other in sorted(neighbours):
                if other in adjacency and name not in adjacency[other]:
                    # (a superpower has no declaration of its own here: told at the country its
                    # help asks to change)
                    told_at = name if name in decl_of else other
                    where = decl_of[told_at].name.pos if told_at in decl_of else None
                    self.sink.add(
                        "E301",
                        f"'{name}' lists '{other}' as adjacent, but '{other}' does not list '{name}'",
                        where,
                        f"add {name} to the adjacency of {other}",
                    )

    # ------------------------------------------------------------------ the map's picture
    def check_layout(self, map_ir: dict[str, Any]) -> dict[str, Any] | None:
        """Where the board's picture draws each country, superpower and region name (`layout`): every
        country of the map in a cell of its own, nothing placed that the map does not have."""
        layouts = self.of(ast.LayoutDecl)
        if not layouts:
            return None
        for extra in layouts[1:]:
            self.sink.add(
                "E307",
                f"layout '{extra.name.name}' is a second layout (the first is '{layouts[0].name.name}')",
                extra.name.pos,
                notes=[f"the first is declared at {layouts[0].name.pos}"],
            )
        decl: ast.LayoutDecl = layouts[0]
        for what, spot in decl.duplicates:
            self.sink.add(
                "E205", f"'{spot.name.name}' is given a {what} twice in layout '{decl.name.name}'", spot.pos
            )
        superpowers = {side["superpower"] for side in map_ir["sides"].values()}
        boxes = [*map_ir["countries"], *sorted(superpowers)]
        places: dict[str, list[int]] = {}
        taken: dict[tuple[int, int], ast.LayoutSpot] = {}
        for spot in [*decl.places.values(), *decl.labels.values()]:
            if spot.col > LAYOUT_CELLS or spot.row > LAYOUT_CELLS:
                self.sink.add(
                    "E206",
                    f"cell {spot.col}, {spot.row} is outside the layout's grid (0-{LAYOUT_CELLS} each way)",
                    spot.pos,
                )
        for name, spot in decl.places.items():
            self.check_annotations(spot.annotations)
            if name not in map_ir["countries"] and name not in superpowers:
                self.sink.unknown("country or superpower", name, spot.name.pos, boxes, code="E304")
                continue
            cell = (spot.col, spot.row)
            other = taken.get(cell)
            if other is not None:
                self.sink.add(
                    "E306",
                    f"'{name}' and '{other.name.name}' are both placed at {spot.col}, {spot.row}",
                    spot.pos,
                    "move one of them to a free cell",
                    notes=[f"'{other.name.name}' is placed at {other.pos}"],
                )
            taken[cell] = spot
            places[name] = [spot.col, spot.row]
        for name in boxes:
            if name not in decl.places:
                self.sink.add(
                    "E305",
                    f"'{name}' has no place in layout '{decl.name.name}'",
                    decl.name.pos,
                    f"add `place {name} at COLUMN, ROW`",
                )
        labels: dict[str, list[int]] = {}
        for name, spot in decl.labels.items():
            self.check_annotations(spot.annotations)
            if name not in map_ir["regions"]:
                self.sink.unknown("region", name, spot.name.pos, map_ir["regions"], code="E304")
                continue
            labels[name] = [spot.col, spot.row]
        return {"name": decl.name.name, "places": places, "labels": labels, **self.common(decl)}

    # ------------------------------------------------------------------ cards
    def check_cards(self) -> dict[str, Any]:
        cards: dict[str, Any] = {}
        numbers: dict[int, ast.CardDecl] = {}
        enabled_by: dict[str, list[str]] = {}
        prevented_by: dict[str, list[str]] = {}
        for decl in self.of(ast.CardDecl):
            self._card_number(decl, numbers)
            cards[decl.name.name] = self._card(decl, enabled_by, prevented_by)
        for name, card in cards.items():
            card["requires_any"] = sorted(enabled_by.get(name, []))
            card["prevented_by"] = sorted(prevented_by.get(name, []))
        return dict(sorted(cards.items(), key=lambda kv: kv[1]["number"]))

    def _card_number(self, decl: ast.CardDecl, numbers: dict[int, ast.CardDecl]) -> None:
        """A card's number: 1 or more, and no other card's."""
        if decl.number < 1:
            self.sink.add("E206", f"card number {decl.number} is not 1 or more", decl.pos)
        if decl.number in numbers:
            # told at the card of the later ruleset (a variant's override that took the number), else at
            # the second
            other, card = numbers[decl.number], decl
            if self.merged.level_of(other.pos) > self.merged.level_of(card.pos):
                other, card = card, other
            self.sink.add(
                "E401",
                f"card number {decl.number} is used by '{other.name.name}' too",
                _head(card),
                self._number_help(card, other),
                notes=[f"'{other.name.name}' is declared at {other.pos}"],
            )
        numbers[decl.number] = decl

    def _number_help(self, card: ast.CardDecl, other: ast.CardDecl) -> str:
        """E401's fix: an override keeps the name and, unless it means to change it, the number of the
        card it replaces."""
        name = card.name.name
        changes = self.merged.changes.get(("card", name), [])
        replaced = changes[-1].replaced if changes and changes[-1].verb in ("override", "replace") else None
        if isinstance(replaced, ast.CardDecl) and replaced.number != card.number:
            return f"the override gives '{name}' number {card.number}: keep its number {replaced.number}"
        if card.override and self.merged.level_of(other.pos) < self.merged.level_of(card.pos):
            return (
                f"did you mean `override card {card.number} {other.name.name}`? an override keeps the name "
                "of the card it replaces"
            )
        return f"give '{name}' a number no other card has"

    def _card(
        self, decl: ast.CardDecl, enabled_by: dict[str, list[str]], prevented_by: dict[str, list[str]]
    ) -> dict[str, Any]:
        """One card's entry, its clauses checked in the order they are told; the cards it enables and
        prevents noted in `enabled_by` / `prevented_by`."""
        name = decl.name.name
        for key, pos in decl.duplicates:
            self.sink.add("E205", f"'{key}' given twice for card '{name}'", pos)
        for key in ("ops", "side", "period"):
            if key not in decl.clauses:
                self.sink.add("E204", f"card '{name}' has no '{key}'", decl.name.pos, f"add `{key} …`")
        ops = decl.clauses.get("ops", (0, decl.pos))
        ops_value = ops[0]
        assert isinstance(ops_value, int)
        if not 0 <= ops_value <= 4:
            self.sink.add("E206", f"ops {ops_value} is outside 0-4", ops[1])
        side = self._enum_clause(decl, "side", "card_side")
        period = self._enum_clause(decl, "period", "period")
        scoring = "scoring" in decl.clauses
        if scoring and ops_value != 0:
            self.sink.add("E409", f"scoring card '{name}' has ops {ops_value}", ops[1], "write ops 0")
        notes = list(decl.annotations)
        event_ir = self._card_event(decl, notes)
        links = {
            key: self._card_links(decl, key, enabled_by if key == "enables" else prevented_by)
            for key in ("enables", "prevents")
        }
        no_event = "no_event" in decl.clauses
        if event_ir is None and not no_event:
            self.sink.add(
                "W401",
                f"card {decl.number} '{name}' has no event yet: it cannot be played as an event",
                decl.name.pos,
                "write `event { … }`, or `no_event` for a card that has none",
            )
        elif event_ir is not None and no_event:
            self.sink.add(
                "E206", f"card '{name}' has an event and says `no_event`", decl.clauses["no_event"][1]
            )
        return {
            "number": decl.number,
            "no_event": no_event,
            "ops": ops_value if 0 <= ops_value <= 4 else 0,
            "side": side or "neutral",
            "period": period or "early",
            "starred": "starred" in decl.clauses,
            "permanent": "permanent" in decl.clauses,
            "scoring": scoring,
            "optional": "optional" in decl.clauses,
            "event": event_ir,
            "enables": links["enables"],
            "prevents": links["prevents"],
            **self._held_by(decl),
            **self.common(decl, notes),
        }

    def _held_by(self, decl: ast.CardDecl) -> dict[str, str]:
        """`held by SIDE`: the side holding the card as the game starts (The China Card), when said."""
        clause = decl.clauses.get("held_by")
        if clause is None:
            return {}
        ident = clause[0]
        assert isinstance(ident, ast.Ident)
        held = {n.name for n in self.vocab.contract.needs.values() if "held_by" in n.declares}
        if decl.name.name not in held:  # (the state keeps one holder: The China Card's)
            self.sink.add(
                "E209",
                f"card '{decl.name.name}' says who holds it, which only {', '.join(sorted(held))} may",
                clause[1],
                "the game keeps the holder of The China Card alone: remove `held by`",
            )
            return {}
        return {"held_by": ident.name} if self.ref(ident, "side") else {}

    def _card_event(self, decl: ast.CardDecl, notes: list[ast.Annotation]) -> Any:
        """The IR of a card's event (None without one); the event's own notes added to `notes`."""
        if "event" not in decl.clauses:
            return None
        event_value, _ = decl.clauses["event"]
        body, event_notes = cast(tuple[Any, list[ast.Annotation]], event_value)  # (the parser's event clause)
        notes.extend(event_notes)
        self.emit.decision_prefix = decl.name.name
        scope = Scope(dict(self.vocab.contexts["event"]))
        return self.emit.body(body, scope)

    def _card_links(self, decl: ast.CardDecl, key: str, linked: dict[str, list[str]]) -> list[str]:
        """The cards a card `enables` or `prevents` (never itself); each such card's entry in `linked`
        names this one."""
        name = decl.name.name
        out: list[str] = []
        for ident in _listed(decl.clauses, key):
            assert isinstance(ident, ast.Ident)
            if ident.name == name:
                self.sink.add("E410", f"card '{name}' {key} itself", ident.pos)
            elif self.ref(ident, "card"):
                out.append(ident.name)
                linked.setdefault(ident.name, []).append(name)
        return out

    def _enum_clause(self, decl: ast.CardDecl, key: str, enum: str) -> str | None:
        clause = decl.clauses.get(key)
        if clause is None:
            return None
        ident = clause[0]
        assert isinstance(ident, ast.Ident)
        values = self.vocab.enums[enum]
        if ident.name not in values:
            hint = suggest(ident.name, values)
            self.sink.add(
                "E206",
                f"{key} '{ident.name}' is not one of {', '.join(values)}",
                ident.pos,
                f"did you mean '{hint}'?" if hint else None,
            )
            return None
        return ident.name

    # ------------------------------------------------------------------ settings
    def check_settings(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.SettingDecl):
            values = [v.name for v in decl.values]
            default: Any = None
            if decl.default is not None:
                value, pos = decl.default
                ok = (
                    (decl.type == "bool" and isinstance(value, bool))
                    or (decl.type == "int" and isinstance(value, int) and not isinstance(value, bool))
                    or (decl.type == "enum" and isinstance(value, str) and value in values)
                )
                if not ok:
                    wanted = " | ".join(values) if decl.type == "enum" else decl.type
                    # (a bool as the rules write it, not as Python prints it)
                    written = str(value).lower() if isinstance(value, bool) else repr(value)
                    self.sink.add(
                        "E508",
                        f"default {written} of setting '{decl.name.name}' is not {wanted}",
                        pos,
                        _setting_default_help(decl, values, value),
                    )
                    value = values[0] if values else False
                default = value
            bounds: dict[str, int] = {}
            if decl.bounds is not None:
                self._check_setting_bounds(decl, decl.bounds, default)
                bounds = {"min": decl.bounds[0], "max": decl.bounds[1]}
            out[decl.name.name] = {
                "type": decl.type,
                "values": values,
                "default": default,
                **bounds,
                **({"asked": True} if decl.asked else {}),
                **self.common(decl),
            }
        return out

    def _check_setting_bounds(self, decl: ast.SettingDecl, bounds: tuple[int, int], default: Any) -> None:
        """`int from LOW to HIGH = DEFAULT`: the bounds in order (LOW = HIGH is allowed: a setting held at
        one value for now) and the default within them, since a game refuses a value outside them and the
        ruleset's own default would then be unplayable. A default of another type is E508's, said above."""
        low, high = bounds
        name = decl.name.name
        if low > high:
            self.sink.add(
                "E210",
                f"setting '{name}' runs from {low} to {high}: the first bound is above the second",
                decl.bounds_pos or decl.pos,
                f"the lower bound comes first: `int from {high} to {low}`",
            )
            return
        if decl.default is None or not isinstance(default, int) or isinstance(default, bool):
            return
        if not low <= default <= high:
            self.sink.add(
                "E210",
                f"default {default} of setting '{name}' is outside its bounds, {low} to {high}",
                decl.default[1],
                f"give a default from {low} to {high}, or widen the bounds",
            )

    # ------------------------------------------------------------------ the ruleset's own state
    def check_state(self) -> dict[str, Any]:
        """The variables, zones and tracks the ruleset declares: the game state starts from them."""
        variables: dict[str, Any] = {}
        for decl in self.of(ast.VariableDecl):
            value, pos = decl.default if decl.default is not None else (None, decl.pos)
            typ = decl.type
            if value is not None:
                if isinstance(value, bool):
                    got = "bool"
                elif isinstance(value, int):
                    got = "int"
                else:
                    sym = self.symbols.get(str(value))
                    got = sym.type if sym is not None else "?"
                    if sym is None:
                        self.sink.unknown("name", str(value), pos, self.symbols)
                        got = typ
                    elif sym.kind == "enum":
                        value = str(value)
                if not T.fits(got, typ):
                    self.sink.add(
                        "E503",
                        f"the initial value of variable '{decl.name.name}' is a {got}, not a {typ}",
                        pos,
                        f"give a {typ} or none",
                    )
            if T.element(typ) is not None and value is None:
                value = []  # a list starts empty
            variables[decl.name.name] = {"type": typ, "initial": value, **self.common(decl)}
        zones = {
            decl.name.name: {"face_down": decl.face_down, **self.common(decl)}
            for decl in self.of(ast.ZoneDecl)
        }
        tracks: dict[str, Any] = {}
        for decl in self.of(ast.TrackDecl):
            if decl.low >= decl.high:
                self.sink.add(
                    "E206",
                    f"track '{decl.name.name}' runs from {decl.low} to {decl.high}",
                    decl.pos,
                    "the first bound is the lower one: `track NAME from LOW to HIGH`",
                )
            start = {}
            if decl.start is not None:
                start = {"start": decl.start[0]}
                if not decl.low <= decl.start[0] <= decl.high:
                    self.sink.add(
                        "E206",
                        f"track '{decl.name.name}' starts at {decl.start[0]}, "
                        f"off its {decl.low} to {decl.high}",
                        decl.start[1],
                    )
            tracks[decl.name.name] = {
                "min": decl.low,
                "max": decl.high,
                "per_side": decl.per_side,
                **start,
                **self.common(decl),
            }
        return {"variables": variables, "zones": zones, "tracks": tracks}

    # ------------------------------------------------------------------ priority lists
    def check_priorities(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.PriorityDecl):
            params = self.params(decl.params)
            scope = Scope(dict(params))
            if decl.target is None:
                self.sink.add(
                    "E204",
                    f"priority '{decl.name.name}' has no 'target'",
                    decl.name.pos,
                    "add `target c: country`",
                )
                target = ("target", "any")
            else:
                ident, typ, pos = decl.target
                self.params([ast.Param(ident, typ, pos)])
                target = (ident.name, typ)
            inner = Scope({target[0]: target[1]}, scope)
            self.emit.decision_prefix = decl.name.name
            requires = []
            for expr, notes in decl.requires:
                self.check_annotations(notes)
                requires.append(
                    {
                        "expr": self.emit.condition(expr, inner, "a 'require' condition"),
                        "provenance": self.emit.provenance(notes),
                    }
                )
            options = []
            last = -1
            for option in decl.options:
                if option.number <= last:
                    self.sink.add(
                        "E406",
                        f"option {option.number} comes after option {last}",
                        Pos(option.pos.file, option.pos.line, option.pos.col, *_end(option.name.pos)),
                        "number the options 0, 1, 2 … in the order they are written",
                    )
                last = max(last, option.number)
                self.check_annotations(option.annotations)
                # An option's `when`s are asked first, then its `where`s in order (runtime/priorities.py):
                # each is worked out knowing the ones before it hold. (Not the `require`s: a list may ask
                # an option's conditions that do not name the target before them.)
                whens, known = [], scope
                for w in option.when:
                    whens.append(self.emit.condition(w, known, "a 'when' condition"))
                    known = self.emit.knowing(w, True, known)
                candidate = Scope({}, inner, facts=_facts_below(known, scope))
                wheres = []
                for w in option.where:
                    wheres.append(self.emit.condition(w, candidate, "a 'where' condition"))
                    candidate = self.emit.knowing(w, True, candidate)
                options.append(
                    {
                        "number": option.number,
                        "name": option.name.name,
                        "where": wheres,
                        "when": whens,
                        "prefer": [self.emit.sort_key(k, candidate) for k in option.prefer],
                        "place": self.emit.typed(option.place, "int", candidate, "'place'"),
                        "provenance": self.emit.provenance(option.annotations),
                    }
                )
            if not options:
                self._left_empty(decl, "has no options", "keep one option at least: remove fewer of them")
            final = []
            for key, notes in decl.final:
                self.check_annotations(notes)
                final.append({**self.emit.sort_key(key, inner), "provenance": self.emit.provenance(notes)})
            out[decl.name.name] = {
                "params": [{"name": n, "type": t} for n, t in params],
                "target": {"name": target[0], "type": target[1]},
                "restart": decl.restart.name if decl.restart else None,
                "requires": requires,
                "options": options,
                "final": final,
                **self.common(decl),
            }
        return out

    def _left_empty(self, decl: ast.Decl, what: str, fix: str) -> None:
        """E204 for a declaration left without the part it needs: at the patch that emptied it, when a
        patch did (the declaration it changed as a note), else at the declaration."""
        kind, name = decl.kind, decl.name.name
        patch = self.merged.patched_by(kind, name)
        if patch is None:
            self.sink.add("E204", f"{kind} '{name}' {what}", decl.name.pos, fix)
            return
        self.sink.add(
            "E204",
            f"{kind} '{name}' {what} after the patch",
            patch.at,
            fix,
            notes=[f"{kind} '{name}' is declared at {patch.was}"],
        )

    # ------------------------------------------------------------------ appendix
    def check_appendix(self, cards: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        by_number = {c["number"]: n for n, c in cards.items()}
        for decl in self.of(ast.AppendixDecl):
            out[decl.name.name] = self._appendix_entry(decl, by_number)
        if out:
            self._missing_appendix_entries(cards, out)
        return dict(sorted(out.items(), key=lambda kv: kv[1]["number"]))

    def _appendix_entry(self, decl: ast.AppendixDecl, by_number: dict[int, str]) -> dict[str, Any]:
        name = decl.name.name
        self._appendix_card(decl, by_number)
        self.emit.decision_prefix = name
        scope = Scope(dict(self.vocab.contexts["appendix"]))
        notes = list(decl.annotations)
        events = []
        for event in decl.events:
            events.append(self._appendix_event(event, scope))
            notes.extend(event.annotations)
        blocks: dict[str, Any] = {}
        for key in ("reaction", "against_human"):
            part = getattr(decl, key)
            if part is None:
                blocks[key] = None
                continue
            body, _, part_notes = part
            self.check_annotations(part_notes)
            notes.extend(part_notes)
            blocks[key] = self.emit.body(body, scope)
        if decl.ops_only is not None:
            notes.extend(decl.ops_only[1])
            if events:
                self.sink.add(
                    "E206", f"appendix '{name}' is ops_only but also names event moments", decl.ops_only[0]
                )
        if (
            not events
            and decl.ops_only is None
            and blocks["reaction"] is None
            and blocks["against_human"] is None
        ):
            self._left_empty(
                decl,
                "says nothing",
                "add `ai_event …`, `ops_only`, `reaction { … }` or `against_human { … }`",
            )
        return {
            "number": decl.number,
            "events": events,
            "ops_only": decl.ops_only is not None,
            **blocks,
            **self.common(decl, notes),
        }

    def _appendix_card(self, decl: ast.AppendixDecl, by_number: dict[int, str]) -> None:
        """E402 when the entry's number and name are not those of one card. When the card is declared by
        a later ruleset than the entry (a variant renamed, renumbered or removed it), the fix is the
        variant's, and the help says so."""
        name, number = decl.name.name, decl.number
        if by_number.get(number) == name:
            return
        cards = {d.name.name: d for d in self.of(ast.CardDecl)}
        own = cards.get(name)
        if own is not None and own.number == number:
            return  # (another card of its number is told by E401)
        card = cards.get(by_number.get(number, ""))
        if own is not None:
            message = f"appendix {number} '{name}': card '{name}' is number {own.number}"
            fix = f"write `appendix {own.number} {name}`"
            if self._later(own, decl):
                fix = f"keep card '{name}' at number {number} where it is declared ({own.pos})"
        elif card is not None:
            message = f"appendix {number} '{name}': card {number} is '{card.name.name}'"
            fix = f"write `appendix {number} {card.name.name}`"
            if self._later(card, decl):
                fix = f"name card {number} '{name}' where it is declared ({card.pos}), as the entry does"
        else:
            message = f"appendix {number} '{name}': there is no card {number}"
            fix = f"declare card {number} '{name}', or remove this entry"
            if self.merged.level_of(decl.pos) < len(self.merged.chain) - 1:
                fix = f"remove the entry with its card: `remove appendix {name}`"
        self.sink.add("E402", message, decl.name.pos, fix)

    def _later(self, decl: ast.Decl, than: ast.Decl) -> bool:
        """Whether `decl` is declared by a later ruleset of the chain than `than`."""
        return self.merged.level_of(decl.pos) > self.merged.level_of(than.pos)

    def _appendix_event(self, event: ast.AppendixEvent, scope: Scope) -> dict[str, Any]:
        """One `ai_event`: the moments it is played at, its condition and what it does instead."""
        self.check_annotations(event.annotations)
        moments = []
        for moment in event.moments:
            has_region = self.vocab.moments.get(moment.name.name)
            if has_region is None:
                self.sink.unknown(
                    "moment", moment.name.name, moment.name.pos, self.vocab.moments, "E504", True
                )
                continue
            region = None
            if moment.region is not None:
                if not has_region:
                    self.sink.add("E206", f"moment '{moment.name.name}' takes no region", moment.region.pos)
                elif self.ref(moment.region, "region"):
                    region = moment.region.name
            moments.append({"moment": moment.name.name, "region": region})
        return {
            "moments": moments or [{"moment": "headline", "region": None}],
            "when": self.emit.condition(event.when, scope),
            "resolve": self.emit.body(event.resolve, scope) if event.resolve is not None else None,
            "provenance": self.emit.provenance(event.annotations),
        }

    def _missing_appendix_entries(self, cards: dict[str, Any], entries: dict[str, Any]) -> None:
        """A ruleset with a card appendix (the solo AI) should say for every card with an event when the
        AI plays it; a card without an entry is only ever played for operations by the AI (W402)."""
        appendix = self.of(ast.AppendixDecl)
        folder = appendix[0].pos.file.rsplit("/", 1)[0] if appendix else ""
        levels = self.merged.levels
        appendix_level = max((levels.get(d.pos.file, 0) for d in appendix), default=0)
        for decl in self.of(ast.CardDecl):
            name = decl.name.name
            card = cards.get(name)
            if card is None or name in entries or card["no_event"] or card["scoring"]:
                continue
            # The entry goes where the card is in force: the appendix's folder for a card of a ruleset
            # below it (solo-v2's entries of standard's cards), the card's own ruleset for a card a
            # variant of it declares (a variant outside rules/ cannot write into its parent's folder).
            own = levels.get(decl.pos.file, 0) > appendix_level
            where = decl.pos.file.rsplit("/", 1)[0] if own else folder or "the appendix folder"
            self.sink.add(
                "W402",
                f"card {decl.number} '{name}' has no appendix entry: in its action rounds the AI plays it "
                "only for operations (in the headline its event is unchanged)",
                decl.name.pos,
                f"add `appendix {decl.number} {name} {{ … }}` in {where}",
            )

    # ------------------------------------------------------------------ tables and orders
    def check_tables(self) -> dict[str, Any]:
        return {decl.name.name: self._table(decl) for decl in self.of(ast.TableDecl)}

    def _table(self, decl: ast.TableDecl) -> dict[str, Any]:
        roll = None
        if decl.roll is not None:
            roll = self.emit.typed(decl.roll, "int", Scope(), "the table's roll")
        if not decl.columns:
            self.sink.add(
                "E204",
                f"table '{decl.name.name}' has no columns",
                decl.name.pos,
                'add `columns "6-5-4" "3" …`',
            )
        columns = self._table_columns(decl, roll is not None)
        key_kinds = [k.name for k in decl.keys]
        for key in decl.keys:
            if (
                key.name not in ("side", "country", "region", "card", "setting", "int")
                and self.symbols.get(key.name, Symbol("", "")).kind != "setting"
            ):
                self.sink.unknown(
                    "key type",
                    key.name,
                    key.pos,
                    ["side", "country", "region", "card", "int"],
                    list_known=True,
                )
        rows = []
        for row in decl.rows:
            self.check_annotations(row.annotations)
            if len(row.cells) != len(decl.columns):
                self.sink.add(
                    "E403",
                    f"row {' '.join(k.name for k in row.keys)} has {len(row.cells)} cells for "
                    f"{len(decl.columns)} columns",
                    row.pos,
                )
            self._row_keys(row.keys, key_kinds, row.pos)
            rows.append({"keys": [k.name for k in row.keys], "cells": [c or 0 for c in row.cells]})
        totals = [self._table_total(decl, key_kinds, rows, *total) for total in decl.totals]
        return {
            "roll": roll,
            "keys": key_kinds,
            "columns": columns,
            "rows": rows,
            "totals": totals,
            **self.common(decl),
        }

    def _table_columns(self, decl: ast.TableDecl, rolled: bool) -> list[dict[str, Any]]:
        """A table's columns; those of a rolled table with their die faces, each face in one column."""
        columns = []
        seen_faces: dict[int, str] = {}
        for label, pos in decl.columns:
            faces = None
            if rolled:
                faces = self._faces(label, pos)
                for face in faces:
                    if face in seen_faces:
                        self.sink.add(
                            "E405", f"die face {face} is in columns '{seen_faces[face]}' and '{label}'", pos
                        )
                    seen_faces[face] = label
            columns.append({"label": label, "faces": faces})
        missing = sorted(set(range(1, 7)) - set(seen_faces))
        if rolled and decl.columns and missing:
            self.sink.add(
                "E405", f"no column for die face {', '.join(map(str, missing))}", decl.columns[0][1]
            )
        return columns

    def _table_total(
        self,
        decl: ast.TableDecl,
        key_kinds: list[str],
        rows: list[dict[str, Any]],
        keys: Any,
        total: int,
        pos: Pos,
    ) -> dict[str, Any]:
        """A `total` line: the sum of each column over the rows its keys begin."""
        self._row_keys(keys, key_kinds[: len(keys)], pos)
        wanted = [k.name for k in keys]
        wrong = []
        for col, (label, _) in enumerate(decl.columns):
            got = sum(
                r["cells"][col] for r in rows if r["keys"][: len(wanted)] == wanted and col < len(r["cells"])
            )
            if got != total:
                wrong.append(f"'{label}' gives {got}")
        if wrong:
            self.sink.add(
                "E404", f"the {' '.join(wanted)} total is {total}, but column {', column '.join(wrong)}", pos
            )
        return {"keys": wanted, "total": total}

    def _faces(self, label: str, pos: Pos) -> list[int]:
        faces = []
        for part in label.split("-"):
            if not part.strip().isdigit() or not 1 <= int(part) <= 6:
                self.sink.add(
                    "E405", f"column '{label}' of a die table must list faces 1-6 like \"6-5-4\"", pos
                )
                return []
            faces.append(int(part))
        return faces

    def _row_keys(self, keys: list[ast.Ident], kinds: list[str], pos: Pos) -> None:
        if len(keys) != len(kinds):
            self.sink.add(
                "E403",
                f"a row key has {len(keys)} parts; the table's keys are {', '.join(kinds) or '(none)'}",
                pos,
            )
            return
        for ident, kind in zip(keys, kinds, strict=True):
            if kind == "int":
                if not ident.name.isdigit():
                    self.sink.add("E503", f"row key '{ident.name}' must be a number", ident.pos)
                continue
            if not ident.name[0].isalpha() and ident.name[0] != "_":
                self.sink.add("E503", f"row key '{ident.name}' must be a {kind}", ident.pos)
                continue
            if kind in ("side", "country", "region", "card"):
                self.ref(ident, kind)
                continue
            setting = self.symbols.get(kind)
            if setting is not None and setting.kind == "setting":
                value = self.symbols.get(ident.name)
                if value is None or value.type != setting.type:
                    values = [
                        k for k, v in self.symbols.items() if v.kind == "enum" and v.type == setting.type
                    ]
                    hint = suggest(ident.name, values)
                    self.sink.add(
                        "E508",
                        f"'{ident.name}' is not a value of setting '{kind}'",
                        ident.pos,
                        f"did you mean '{hint}'?" if hint else f"one of: {', '.join(values)}",
                    )

    def check_orders(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.OrderDecl):
            seen: set[str] = set()
            kinds: set[str] = set()
            for item in decl.items:
                if item.name in seen:
                    self.sink.add(
                        "E408", f"'{item.name}' is listed twice in order '{decl.name.name}'", item.pos
                    )
                seen.add(item.name)
                sym = self.symbols.get(item.name)
                if sym is None:
                    self.sink.unknown("name", item.name, item.pos, self.symbols)
                else:
                    kinds.add(sym.kind)
            if len(kinds) > 1:
                self.sink.add(
                    "E209", f"order '{decl.name.name}' mixes {', '.join(sorted(kinds))}", decl.name.pos
                )
            out[decl.name.name] = {"items": [i.name for i in decl.items], **self.common(decl)}
        return out

    # ------------------------------------------------------------------ procedures, sequence, rules
    def check_procedures(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.ProcedureDecl):
            params = self.procedures[decl.name.name].params
            self.emit.decision_prefix = decl.name.name
            self.emit.current_procedure = decl.name.name
            body = self.emit.body(decl.body, Scope(dict(params)))
            self.emit.current_procedure = None
            out[decl.name.name] = {
                "params": [{"name": n, "type": t} for n, t in params],
                "body": body,
                **self.common(decl),
            }
        self._no_procedure_runs_itself()
        return out

    def _no_procedure_runs_itself(self) -> None:
        """Procedures may not run themselves, directly or through others: nothing would end the calls but
        the step limit (a repetition is a `while` or `repeat` loop). Each procedure of a cycle is reported
        at its call of the next one."""
        runs = self.emit.runs
        for start in sorted(runs):
            names = cycle_through(runs, start)
            if names is not None:
                self.sink.add(
                    "E511",
                    f"procedure '{start}' runs itself: {' -> '.join(names)}",
                    runs[start][names[1]],
                    "a procedure may not run itself, directly or through others: repeat with "
                    "`while` or `repeat` instead",
                )

    def check_functions(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.FunctionDecl):
            proc = self.procedures[decl.name.name]
            self.emit.current_function = decl.name.name
            body = self.emit.typed(
                decl.body, proc.returns or "any", Scope(dict(proc.params)), "the function's value"
            )
            self.emit.current_function = None
            out[decl.name.name] = {
                "params": [{"name": n, "type": t} for n, t in proc.params],
                "returns": proc.returns,
                "body": body,
                **self.common(decl),
            }
        self._no_recursion()
        return out

    def _no_recursion(self) -> None:
        """Functions may not call themselves, directly or not: a value must not depend on itself."""
        calls = self.emit.calls
        for start in sorted(calls):
            names = cycle_through(calls, start)
            if names is not None:
                cycle = " -> ".join(names)
                self.sink.add("E510", f"function '{start}' calls itself: {cycle}", self.procedures[start].pos)

    def check_sequence(self) -> dict[str, Any]:
        sequences = self.of(ast.SequenceDecl)
        if len(sequences) != 1:
            where = sequences[1].pos if len(sequences) > 1 else self.manifest_pos()
            self.sink.add(
                "E407",
                f"the ruleset has {len(sequences)} sequence declarations",
                where,
                "declare `sequence NAME { … }` or keep the one the extended ruleset has",
            )
        if not sequences:
            return {"name": "missing", "body": [], "provenance": {"sources": []}, "src": ""}
        decl = sequences[0]
        self.emit.decision_prefix = decl.name.name
        return {"name": decl.name.name, "body": self.emit.body(decl.body, Scope()), **self.common(decl)}

    def check_moments(self) -> dict[str, Any]:
        """The scenario moments: a step kind or a setup each, run by the scenario runner with its context
        (`ai`, `human`, `round`, `turn_number`) and, for a step, the step's value as its one parameter."""
        out: dict[str, Any] = {}
        sequences = self.of(ast.SequenceDecl)
        self.emit.phase_blocks = phase_blocks(sequences[0].body) if sequences else {}
        context = dict(self.vocab.contexts.get("moment", {}))
        self.emit.in_moment = True
        for decl in self.of(ast.MomentDecl):
            self.check_id(decl.name)
            params = self.params(decl.params)
            taken = [p for p in decl.params if p.name.name in context]
            if decl.setup and decl.params:
                self.sink.add(
                    "E452", f"setup moment '{decl.name.name}' takes no parameter", decl.params[0].name.pos
                )
            elif len(decl.params) > 1:
                self.sink.add(
                    "E452",
                    f"moment '{decl.name.name}' has {len(decl.params)} parameters: a step has one value",
                    decl.params[1].name.pos,
                )
            for param in taken:
                self.sink.add(
                    "E452",
                    f"parameter '{param.name.name}' of moment '{decl.name.name}' has the name of the "
                    "runner's context",
                    param.name.pos,
                    f"the body reads '{param.name.name}' undeclared: name the step's value otherwise",
                )
            self.emit.decision_prefix = decl.name.name
            body = self.emit.body(decl.body, Scope({**context, **dict(params)}))
            out[decl.name.name] = {
                "setup": decl.setup,
                "params": [{"name": n, "type": t} for n, t in params],
                "body": body,
                **self.common(decl),
            }
        self.emit.in_moment = False
        return out

    def check_rules(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for decl in self.of(ast.RuleDecl):
            self.emit.decision_prefix = decl.name.name
            items = [
                self.emit.effect_item(item, Scope(dict(self.vocab.contexts["rule"]))) for item in decl.items
            ]
            for item in decl.items:
                self.check_annotations(item.annotations)
            if decl.rule_kind == "restriction" and not any(isinstance(i, ast.Forbid) for i in decl.items):
                self.sink.add(
                    "E204", f"restriction '{decl.name.name}' forbids nothing", decl.name.pos, "add `forbid …`"
                )
            if not decl.items:
                self.sink.add("E204", f"{decl.rule_kind} '{decl.name.name}' is empty", decl.name.pos)
            out[decl.name.name] = {"kind": decl.rule_kind, "items": items, **self.common(decl)}
        return out

    def manifest_provenance(self, manifest: ast.RulesetDecl) -> dict[str, Any]:
        """The manifest's marks in the IR. A manifest's annotations were never checked (`source "test"`
        is a valid manifest): only those of the checked forms are carried, the others are left out."""
        notes = manifest.annotations
        provenance: dict[str, Any] = {
            "sources": [n.text for n in notes if n.kind == "source" and SOURCE_RE.search(n.text)],
        }
        provisional = [n.text for n in notes if n.kind == "provisional" and PROVISIONAL_RE.match(n.text)]
        if provisional:
            provenance["provisional"] = provisional
        return {"provenance": provenance, "src": self.src(manifest.pos)}

    def manifest_pos(self) -> Pos:
        """Where to point at a problem of the whole ruleset: its manifest."""
        for loaded in reversed(self.merged.chain):
            if loaded.manifest is not None:
                return loaded.manifest.pos
        for loaded in reversed(self.merged.chain):
            if loaded.paths:
                return Pos(self.display(loaded.paths[0]), 1, 1)
        return Pos("ruleset.tsr", 1, 1)

    @staticmethod
    def display(path: Any) -> str:
        from twilight.compiler.loader import display_path

        return display_path(path)

    # ------------------------------------------------------------------ everything
    def run(self, name: str) -> dict[str, Any]:
        self.collect()
        manifest = self.merged.chain[-1].manifest if self.merged.chain else None
        settings = self.check_settings()
        map_ir = self.check_map()
        layout = self.check_layout(map_ir)
        if layout is not None:
            map_ir["layout"] = layout
        cards = self.check_cards()
        ir: dict[str, Any] = {
            "ir_version": self.vocab_version(),
            "ruleset": {
                "name": name,
                "title": manifest.title if manifest else name,
                "version": manifest.version if manifest else None,
                "description": manifest.description if manifest else None,
                "chain": [r.name for r in self.merged.chain],
                # The manifest's own sources: what the ruleset as a whole follows (`twilight sources`).
                **(self.manifest_provenance(manifest) if manifest else {}),
            },
            "settings": settings,
            **self.check_state(),
            "map": map_ir,
            "cards": cards,
            "priorities": self.check_priorities(),
            "appendix": self.check_appendix(cards),
            "tables": self.check_tables(),
            "orders": self.check_orders(),
            "procedures": self.check_procedures(),
            "functions": self.check_functions(),
            "sequence": self.check_sequence(),
            "rules": self.check_rules(),
            "moments": self.check_moments(),
        }
        self._mark_declarations(ir)
        contract = ContractCheck(self, self.sink, self.vocab.contract)
        contract.run(self.emit.primitive_calls, self.manifest_pos())
        check_track_tables(self, self.sink)
        return ir

    def _mark_declarations(self, ir: dict[str, Any]) -> None:
        """Tie each declaration's IR to its source, so a schema error anywhere in it has a position."""
        sections: list[tuple[str, type[ast.Decl]]] = [
            ("cards", ast.CardDecl),
            ("settings", ast.SettingDecl),
            ("variables", ast.VariableDecl),
            ("zones", ast.ZoneDecl),
            ("tracks", ast.TrackDecl),
            ("priorities", ast.PriorityDecl),
            ("appendix", ast.AppendixDecl),
            ("tables", ast.TableDecl),
            ("orders", ast.OrderDecl),
            ("procedures", ast.ProcedureDecl),
            ("functions", ast.FunctionDecl),
            ("rules", ast.RuleDecl),
            ("moments", ast.MomentDecl),
        ]
        for section, cls in sections:
            for decl in self.of(cls):
                entry = ir[section].get(decl.name.name)
                if entry is not None:
                    self.emit.mark(entry, decl.pos)
        for decl in self.of(ast.CountryDecl):
            self.emit.mark(ir["map"]["countries"].get(decl.name.name), decl.pos)
        for decl in self.of(ast.RegionDecl):
            self.emit.mark(ir["map"]["regions"].get(decl.name.name), decl.pos)
        for decl in self.of(ast.SideDecl):
            self.emit.mark(ir["map"]["sides"].get(decl.name.name), decl.pos)
        for decl in self.of(ast.LayoutDecl)[:1]:
            self.emit.mark(ir["map"].get("layout"), decl.pos)
        sequences = self.of(ast.SequenceDecl)
        if sequences:
            self.emit.mark(ir["sequence"], sequences[0].pos)

    def vocab_version(self) -> int:
        from twilight.compiler.vocab import schema

        version = schema()["x-twilight"]["ir_version"]
        assert isinstance(version, int)
        return version


# The kinds of declaration written with a `{ … }` body (a region has one when it has subregions).
_BRACED = (
    ast.CardDecl,
    ast.PriorityDecl,
    ast.AppendixDecl,
    ast.TableDecl,
    ast.OrderDecl,
    ast.SequenceDecl,
    ast.ProcedureDecl,
    ast.FunctionDecl,
    ast.RuleDecl,
    ast.MomentDecl,
    ast.LayoutDecl,
)


def _end(pos: Pos) -> tuple[int | None, int | None]:
    """Where a span ends (its line and column)."""
    return pos.end_line, pos.end_col


def _head(decl: ast.Decl) -> Pos:
    """A declaration's head, from its first word to the end of its name (`override card 15 nasser`)."""
    return Pos(decl.pos.file, decl.pos.line, decl.pos.col, *_end(decl.name.pos))


def _has_brace(decl: ast.Decl) -> bool:
    """Whether a declaration is written with a `{ … }` body, its marks before it."""
    return isinstance(decl, _BRACED) or (isinstance(decl, ast.RegionDecl) and bool(decl.subregions))


def _article(words: str) -> str:
    """`words` after "a" or "an", as its first sound asks."""
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _described(sym: Symbol) -> str:
    """What a name stands for, in an author's words: "a country", "a value of setting 'level'", "a
    period of the game" (a value the runtime gives, declared by no rule file)."""
    if sym.kind == "enum" and sym.type.startswith("setting:"):
        return f"a value of setting '{sym.type.removeprefix('setting:')}'"
    if sym.kind == "enum":
        return f"{_article(sym.type.replace('_', ' '))} of the game"
    return _article(sym.kind)


def _listed(clauses: dict[str, tuple[object, Pos]], key: str) -> Iterable[Any]:
    """The items of a list clause (`adjacent a, b`, `enables c`; the parser gives them as a list); none
    when the clause is not given."""
    return cast(Iterable[Any], clauses.get(key, ([], None))[0])


def _declares(kind: str) -> Callable[[RulesetChecker, Any], None]:
    """The collector of a declaration that only declares its name, as a `kind`."""

    def collect(checker: RulesetChecker, decl: Any) -> None:
        checker.check_id(decl.name)
        checker.declare(decl.name.name, Symbol(kind, kind, decl.name.pos))

    return collect


# What each kind of declaration declares, in this order (of two uses of one name, the first is kept).
COLLECTED: tuple[tuple[type[Any], Callable[[RulesetChecker, Any], None]], ...] = (
    (ast.SideDecl, RulesetChecker._collect_side),
    (ast.RegionDecl, RulesetChecker._collect_region),
    (ast.CountryDecl, _declares("country")),
    (ast.CardDecl, _declares("card")),
    (ast.SettingDecl, RulesetChecker._collect_setting),
    (ast.VariableDecl, RulesetChecker._collect_variable),
    (ast.ZoneDecl, _declares("zone")),
    (ast.TrackDecl, _declares("track")),
    (ast.TableDecl, _declares("table")),
    (ast.OrderDecl, _declares("order")),
    (ast.FunctionDecl, RulesetChecker._collect_function),
    (ast.PriorityDecl, RulesetChecker._collect_priority),
    (ast.ProcedureDecl, RulesetChecker._collect_procedure),
)


def phase_blocks(body: tuple[ast.Stmt, ...]) -> dict[str, list[str]]:
    """Each phase (or step) of a sequence, with the names of the phases of its block, in order."""
    found: dict[str, list[str]] = {}
    names = [stmt.name.name for stmt in body if isinstance(stmt, ast.Phase)]
    for name in names:
        found.setdefault(name, names)
    for stmt in body:
        for value in vars(stmt).values():
            if isinstance(value, tuple) and value and all(isinstance(v, ast.Stmt) for v in value):
                for name, block in phase_blocks(value).items():
                    found.setdefault(name, block)
    return found


def cycle_through(graph: Mapping[str, Iterable[str]], start: str) -> list[str] | None:
    """The shortest chain of calls from `start` back to itself (`[start, …, start]`), found breadth-first
    in name order, or None when `start` never comes back to itself."""
    parent: dict[str, str] = {}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for callee in sorted(graph.get(node, ())):
            if callee == start:
                path = [node]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                return [*reversed(path), start]
            if callee not in parent:
                parent[callee] = node
                queue.append(callee)
    return None


def _facts_below(known: Scope, scope: Scope) -> dict[str, str]:
    """The facts the scopes from `known` up to `scope` (left out) hold, the nearest first."""
    facts: dict[str, str] = {}
    found: Scope | None = known
    while found is not None and found is not scope:
        for name, typ in found.facts.items():
            facts.setdefault(name, typ)
        found = found.parent
    return facts


def _setting_default_help(decl: ast.SettingDecl, values: list[str], value: Any) -> str:
    """E508's help: what a default of the setting's type is written as (the nearest value of a setting of
    names, when one is close)."""
    if decl.type == "bool":
        return "write `= true` or `= false`"
    if decl.type == "int":
        low_high = f" from {decl.bounds[0]} to {decl.bounds[1]}" if decl.bounds is not None else ""
        return f"write a whole number{low_high} (`= {decl.bounds[0] if decl.bounds else 0}`)"
    hint = suggest(str(value), values)
    return f"did you mean '{hint}'?" if hint else f"write one of its values: {', '.join(values)}"
