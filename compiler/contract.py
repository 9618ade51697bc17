"""The ruleset's side of the runtime contract: every declaration the runtime calls by name.

The runtime's registry lists what it needs (`Need`: a function, procedure, table, priority list or setting,
with its types) for each primitive and for the engine and the solo AI themselves; the compiler reads the
list from the schema's "x-twilight" section (vocab.Contract). A ruleset that calls a primitive, or that the
engine plays (every ruleset; one with the setting `ai_side` against its AI), must declare each needed name
with fitting types:

- E601: a needed declaration is missing; reported where the need arises (the call of the primitive, the
  setting that makes the ruleset solo, or the manifest), with the name that comes closest and the
  declaration to write;
- E602: a needed declaration is there with other types (or is of another kind, or a table lacks a column
  the runtime reads, or a name fits a pattern such as `ai_answer_<intent>` with no value the runtime
  asks for); reported at the declaration.

The kinds are open: a finder per kind (`FINDERS`) lists the ruleset's declarations of that kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from twilight.compiler import ast
from twilight.compiler import types as T
from twilight.compiler.diagnostics import Pos, Sink, suggest
from twilight.compiler.vocab import Contract, Need

if TYPE_CHECKING:
    from twilight.compiler.decls import RulesetChecker


@dataclass(frozen=True)
class Declared:
    """One declaration of the ruleset as the contract sees it."""

    kind: str
    name: str
    pos: Pos
    params: tuple[tuple[str, str], ...] = ()
    returns: str | None = None  # a function's value, a priority list's target, a setting's type
    columns: tuple[str, ...] = ()
    keys: tuple[str, ...] = ()
    values: tuple[str, ...] = field(default=())  # a setting's enum values
    says: frozenset[str] = frozenset()  # what it says that a need may ask for (Need.declares)


def _params(params: list[ast.Param]) -> tuple[tuple[str, str], ...]:
    return tuple((p.name.name, p.type) for p in params)


def _functions(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("function", d.name.name, d.name.pos, _params(d.params), d.returns)
        for d in checker.of(ast.FunctionDecl)
    ]


def _procedures(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("procedure", d.name.name, d.name.pos, _params(d.params))
        for d in checker.of(ast.ProcedureDecl)
    ]


def _priorities(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("priority", d.name.name, d.name.pos, _params(d.params), d.target[1] if d.target else "any")
        for d in checker.of(ast.PriorityDecl)
    ]


def _tables(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared(
            "table",
            d.name.name,
            d.name.pos,
            columns=tuple(label for label, _ in d.columns),
            keys=tuple(k.name for k in d.keys),
        )
        for d in checker.of(ast.TableDecl)
    ]


def _settings(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("setting", d.name.name, d.name.pos, returns=d.type, values=tuple(v.name for v in d.values))
        for d in checker.of(ast.SettingDecl)
    ]


def _variables(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("variable", d.name.name, d.name.pos, returns=d.type) for d in checker.of(ast.VariableDecl)
    ]


def _tracks(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared(
            "track",
            d.name.name,
            d.name.pos,
            returns="side" if d.per_side else "int",
            says=frozenset({"start"} if d.start is not None else ()),
        )
        for d in checker.of(ast.TrackDecl)
    ]


def _sides(checker: RulesetChecker) -> list[Declared]:
    return [Declared("side", d.name.name, d.name.pos) for d in checker.of(ast.SideDecl)]


def _cards(checker: RulesetChecker) -> list[Declared]:
    return [
        Declared("card", d.name.name, d.name.pos, says=frozenset(k for k in ("held_by",) if k in d.clauses))
        for d in checker.of(ast.CardDecl)
    ]


def _roles(checker: RulesetChecker) -> list[Declared]:
    """The roles the sides declare (`moves first`), each where it is said."""
    return [Declared("role", "moves_first", d.moves_first) for d in checker.of(ast.SideDecl) if d.moves_first]


def _zones(checker: RulesetChecker) -> list[Declared]:
    return [Declared("zone", d.name.name, d.name.pos) for d in checker.of(ast.ZoneDecl)]


def _decisions(checker: RulesetChecker) -> list[Declared]:
    """The decisions the rules ask by name (`choose … as NAME`, `decide NAME`), where each is first asked."""
    return [Declared("decision", name, pos) for name, pos in checker.emit.decisions.items()]


# How to find the ruleset's declarations of each kind of need (a new kind of need: one more finder).
FINDERS: dict[str, Callable[[RulesetChecker], list[Declared]]] = {
    "function": _functions,
    "procedure": _procedures,
    "priority": _priorities,
    "table": _tables,
    "setting": _settings,
    "variable": _variables,
    "track": _tracks,
    "side": _sides,
    "card": _cards,
    "zone": _zones,
    "decision": _decisions,
    "role": _roles,
}

KIND_WORDS = {"priority": "priority list", "role": "role of a side"}
# How each thing a need may ask a declaration to say (Need.declares) is written, and what it tells.
SAYS_WORDS = {
    "start": ("start N", "where its marker stands as the game starts"),
    "held_by": ("held by SIDE", "who holds it as the game starts"),
}


def kind_word(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


def declaration_text(need: Need) -> str:
    """The declaration to write, in the rule language."""
    params = ", ".join(f"{n}: {T.shown(t)}" for n, t in need.params)
    if need.kind == "function":
        return f"function {need.name}({params}): {T.shown(need.returns or 'any')}"
    if need.kind == "procedure":
        return f"procedure {need.name}({params}) {{ … }}"
    if need.kind == "priority":
        first = ", ".join(f"{n}: {t}" for n, t in need.params[: need.least_params or len(need.params)])
        target = (need.returns or "any").replace("|", " or ")
        return f"priority {need.name}({first}) {{ target x: {target} … }}"
    if need.kind == "table":
        columns = " ".join(c for c, _ in need.columns)
        return f"table {need.name} {{ keys {' '.join(need.keys)} columns {columns} … }}"
    if need.kind == "setting":
        shape = {"side": "us | ussr = ussr", "enum": "a | b = a", "bool": "bool = false", "int": "int = 0"}
        return f"setting {need.name}: {shape.get(need.returns or '', need.returns)}"
    if need.kind == "variable":
        return f"variable {need.name}: {need.returns} = none"
    if need.kind == "track":
        start = " start N" if "start" in need.declares else ""
        return f"track {need.name} from LOW to HIGH{start}" + (" per side" if need.returns == "side" else "")
    if need.kind == "side":
        return f"side {need.name} superpower COUNTRY adjacent COUNTRY, …"
    if need.kind == "card":
        held = " held by SIDE" if "held_by" in need.declares else ""
        return f"card NUMBER {need.name} {{ …{held} }}"
    if need.kind == "decision":
        return f"choose x in … by SIDE as {need.name} {{ … }}"
    if need.kind == "role":
        return f"side SIDE superpower COUNTRY adjacent COUNTRY, … {need.name.replace('_', ' ')}"
    return f"{need.kind} {need.name}"


class ContractCheck:
    def __init__(self, checker: RulesetChecker, sink: Sink, contract: Contract) -> None:
        self.sink = sink
        self.contract = contract
        self.declared: dict[str, dict[str, Declared]] = {
            kind: {d.name: d for d in find(checker)} for kind, find in FINDERS.items()
        }
        self.checked: set[str] = set()

    def run(self, primitive_calls: dict[str, Pos], manifest_pos: Pos) -> None:
        for prim, pos in primitive_calls.items():
            for name in self.contract.primitives.get(prim, ()):
                self.check(self.contract.needs[name], pos, f"{prim}() needs")
        for name in self.contract.engine.get("always", ()):
            self.check(self.contract.needs[name], manifest_pos, "the engine needs")
        solo = self.declared["setting"].get(self.contract.solo_setting)
        if solo is not None:
            for name in self.contract.engine.get("solo", ()):
                self.check(
                    self.contract.needs[name],
                    solo.pos,
                    f"a game against the AI (setting `{self.contract.solo_setting}`) needs",
                )

    def check(self, need: Need, where: Pos, why: str) -> None:
        if need.name in self.checked:
            return
        self.checked.add(need.name)
        if need.kind not in FINDERS:
            raise AssertionError(f"no finder for declarations of kind {need.kind!r}")  # pragma: no cover
        ours = self.declared[need.kind]
        if need.pattern:
            for name, fitting in ours.items():
                # (a name the contract names itself, such as ai_answer_card, is checked as that need)
                if name.startswith(need.prefix()) and name not in self.contract.needs:
                    self._pattern_value(need, fitting)
            return
        decl = ours.get(need.name)
        if decl is not None:
            self._types(need, decl)
            self._says(need, decl, why)
            return
        elsewhere = next(
            (
                d
                for k, ds in self.declared.items()
                if k != need.kind
                for d in ds.values()
                if d.name == need.name
            ),
            None,
        )
        if elsewhere is not None:
            self.sink.add(
                "E602",
                f"'{need.name}' is a {kind_word(elsewhere.kind)}, but the runtime needs a "
                f"{kind_word(need.kind)} of that name",
                elsewhere.pos,
                f"declare `{declaration_text(need)}`",
            )
            return
        if need.optional:
            return
        close = suggest(need.name, ours)
        hint = f"did you mean `{close}`? " if close else ""
        self.sink.add(
            "E601",
            f"{why} the {kind_word(need.kind)} '{need.name}', which the ruleset does not declare",
            where,
            f"{hint}declare `{declaration_text(need)}`",
            notes=[need.doc],
        )

    def _says(self, need: Need, decl: Declared, why: str) -> None:
        """E601 at the declaration: it leaves out something the runtime reads of it (Need.declares)."""
        for item in need.declares:
            if item in decl.says:
                continue
            written, meaning = SAYS_WORDS.get(item, (item, item))
            self.sink.add(
                "E601",
                f"{why} {kind_word(need.kind)} '{need.name}' to say {meaning} (`{written}`), which it "
                "does not",
                decl.pos,
                f"declare `{declaration_text(need)}`",
                notes=[need.doc],
            )

    def _pattern_value(self, need: Need, decl: Declared) -> None:
        value = decl.name[len(need.prefix()) :]
        if value in need.values:
            self._types(need, decl)
            return
        close = suggest(value, need.values)
        hint = f"did you mean `{need.prefix()}{close}`? " if close else ""
        self.sink.add(
            "E602",
            f"{kind_word(decl.kind)} '{decl.name}' is named like the runtime's `{need.name}`, but the "
            f"runtime never asks for '{value}'",
            decl.pos,
            f"{hint}one of: {', '.join(need.prefix() + v for v in need.values)}; or rename it",
        )

    def _wrong(self, need: Need, decl: Declared, what: str) -> None:
        self.sink.add(
            "E602",
            f"{kind_word(decl.kind)} '{decl.name}' {what}",
            decl.pos,
            f"the runtime needs `{declaration_text(need)}`",
            notes=[need.doc],
        )

    def _types(self, need: Need, decl: Declared) -> None:
        check = TYPE_CHECKS.get(need.kind)
        if check is not None:
            check(self, need, decl)

    def _callable_types(self, need: Need, decl: Declared) -> None:
        """A function's or procedure's parameters (a procedure's by name too) and what a function gives."""
        self._params(need, decl, need.params, by_name=need.kind == "procedure")
        given = decl.returns or "any"
        if need.kind == "function" and need.returns and not _fits_none_too(given, need.returns):
            self._wrong(need, decl, f"gives {T.shown(given)}, not {T.shown(need.returns)}")

    def _priority_types(self, need: Need, decl: Declared) -> None:
        """What a priority list picks, and its parameters (a list of what it picks as `list[T]`)."""
        targets = (need.returns or "any").split("|")
        target = decl.returns or "any"
        if not any(T.fits(target, t) for t in targets):
            self._wrong(need, decl, f"picks a {target}, not a {' or '.join(targets)}")
        wanted = tuple((n, t.replace("[T]", f"[{target}]")) for n, t in need.params)
        self._params(need, decl, wanted, by_name=False)

    def _table_types(self, need: Need, decl: Declared) -> None:
        """A table's keys, and every column the runtime reads by its label."""
        if decl.keys != need.keys:
            self._wrong(need, decl, f"has keys {' '.join(decl.keys) or '(none)'}, not {' '.join(need.keys)}")
        for column, _ in need.columns:
            if column not in decl.columns:
                close = suggest(column, [c for c in decl.columns if c not in dict(need.columns)])
                self.sink.add(
                    "E602",
                    f"table '{decl.name}' has no column '{column}': the runtime reads it by that label",
                    decl.pos,
                    (f"rename the column '{close}' to '{column}'; " if close else "")
                    + f"the runtime needs `{declaration_text(need)}`",
                    notes=[need.doc],
                )

    def _variable_types(self, need: Need, decl: Declared) -> None:
        if decl.returns != need.returns:
            self._wrong(need, decl, f"is a {decl.returns}, not a {need.returns}")

    def _track_types(self, need: Need, decl: Declared) -> None:
        if decl.returns != need.returns:
            self._wrong(need, decl, "is kept per side" if decl.returns == "side" else "is not kept per side")

    def _params(self, need: Need, decl: Declared, wanted: tuple[tuple[str, str], ...], by_name: bool) -> None:
        least = need.least_params if need.least_params is not None else len(wanted)
        if not least <= len(decl.params) <= len(wanted):
            count = f"{least} to {len(wanted)}" if least != len(wanted) else str(len(wanted))
            self._wrong(need, decl, f"takes {len(decl.params)} parameters; the runtime passes {count}")
            return
        for (name, typ), (want_name, want_type) in zip(decl.params, wanted, strict=False):
            if by_name and name != want_name:
                self._wrong(need, decl, f"has a parameter '{name}' where the runtime passes '{want_name}'")
            elif not _fits_none_too(want_type, typ):
                passed = T.shown(want_type)
                self._wrong(need, decl, f"takes {name}: {T.shown(typ)}, but the runtime passes a {passed}")

    def _setting(self, need: Need, decl: Declared) -> None:
        want = need.returns
        if want == "side":
            sides = {n.name for n in self.contract.needs.values() if n.kind == "side"}
            ok = decl.returns == "enum" and bool(decl.values) and set(decl.values) <= sides
            shown = "us | ussr"
        else:
            ok = decl.returns == want
            shown = want or "any"
        if not ok:
            got = " | ".join(decl.values) if decl.returns == "enum" else decl.returns
            self._wrong(need, decl, f"is {got}, not {shown}")


# The checks of a declaration's types, per kind of need (a need of another kind has no type to check).
TYPE_CHECKS: dict[str, Callable[[ContractCheck, Need, Declared], None]] = {
    "function": ContractCheck._callable_types,
    "procedure": ContractCheck._callable_types,
    "priority": ContractCheck._priority_types,
    "table": ContractCheck._table_types,
    "setting": ContractCheck._setting,
    "variable": ContractCheck._variable_types,
    "track": ContractCheck._track_types,
}


def track_tables(contract: Contract) -> dict[str, str]:
    """The tables the runtime reads at a track's box, a row per box, keyed `int` by the box's value (the
    contract's tables that name their `track`: the Space Race table, at each side's box of `space`)."""
    return {n.name: n.track for n in contract.needs.values() if n.kind == "table" and n.track}


def check_track_tables(checker: RulesetChecker, sink: Sink) -> None:
    """E603: each table the runtime reads at a track's box (`track_tables`), when the ruleset declares it
    and its track, fits the track's bounds: no row off the track (it is never read), and a row for every
    box above the lowest (the start box has none; a box without a row fails the game when a marker
    reaches it)."""
    tables = {d.name.name: d for d in checker.of(ast.TableDecl)}
    tracks = {d.name.name: d for d in checker.of(ast.TrackDecl)}
    for table_name, track_name in track_tables(checker.vocab.contract).items():
        table, track = tables.get(table_name), tracks.get(track_name)
        if (
            table is None
            or track is None
            or [k.name for k in table.keys] != ["int"]
            or track.low >= track.high
        ):
            continue  # (not the runtime's table, E602, or a track with bad bounds, E206: said elsewhere)
        bounds = f"track '{track_name}' ({track.low} to {track.high}, declared at {track.pos})"
        why = (
            f"the runtime reads table '{table_name}' at each box of track '{track_name}', a row per box: "
            f"change the table with the track (`patch table {table_name} {{ remove row N }}`, "
            "`insert row N: …`, or `override` it)"
        )
        boxes: set[int] = set()
        for row in table.rows:
            if len(row.keys) != 1 or not row.keys[0].name.lstrip("-").isdigit():
                continue  # (a key that is not a number: the table's own check)
            box = int(row.keys[0].name)
            boxes.add(box)
            if not track.low <= box <= track.high:
                sink.add(
                    "E603",
                    f"row {box} of table '{table_name}' lies off {bounds}",
                    row.pos,
                    why,
                )
        missing = [b for b in range(track.low + 1, track.high + 1) if b not in boxes]
        if missing:
            shown = ", ".join(map(str, missing[:12])) + (", …" if len(missing) > 12 else "")
            top = " (its top box)" if track.high in missing else ""
            sink.add(
                "E603",
                f"table '{table_name}' has no row for box {shown}{top} of {bounds}",
                table.name.pos,
                why,
            )


def _fits_none_too(actual: str, expected: str) -> bool:
    """A value of type `actual` stands where `expected` is asked, a value that may be none only where
    none is taken."""
    return T.fits(actual, expected) and (not T.may_be_none(actual) or T.may_be_none(expected))
