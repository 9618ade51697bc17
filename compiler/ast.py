"""The syntax tree of rule files: plain dataclasses, each node with its source position."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from twilight.compiler.diagnostics import Pos


@dataclass(frozen=True)
class Ident:
    name: str
    pos: Pos


@dataclass(frozen=True)
class Annotation:
    kind: str  # "source" | "provisional"
    text: str
    pos: Pos


def node_fields(root: object) -> Iterator[tuple[object, str, object]]:
    """(node, field name, value) of every node below `root` (lists, tuples and dicts looked into; source
    positions and annotations not), depth first, iteratively: rules nest deeply."""
    stack: list[object] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, (list, tuple)):
            stack.extend(node)
        elif isinstance(node, dict):
            stack.extend(node.values())
        elif dataclasses.is_dataclass(node) and not isinstance(node, (Pos, Annotation, type)):
            for f in dataclasses.fields(node):
                value = getattr(node, f.name)
                yield node, f.name, value
                stack.append(value)


# ---------------------------------------------------------------- expressions
@dataclass(frozen=True)
class Expr:
    pos: Pos


@dataclass(frozen=True)
class Lit(Expr):
    value: int | bool | str | None


@dataclass(frozen=True)
class Name(Expr):
    name: str


@dataclass(frozen=True)
class Call(Expr):
    fn: Ident
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class SortKey:
    key: Expr
    desc: bool


@dataclass(frozen=True)
class Aggregate(Expr):
    fn: Ident
    item: Expr
    var: Ident
    source: Expr
    where: Expr | None


@dataclass(frozen=True)
class ListExpr(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Comprehension(Expr):
    var: Ident
    source: Expr
    where: Expr | None
    order: tuple[SortKey, ...]


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "not" | "neg"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # and or == != < <= > >= + - * in not_in
    left: Expr
    right: Expr


@dataclass(frozen=True)
class IfExpr(Expr):
    cond: Expr
    then: Expr
    else_: Expr


# ---------------------------------------------------------------- statements
@dataclass(frozen=True)
class Stmt:
    pos: Pos


@dataclass(frozen=True)
class CallStmt(Stmt):
    call: Call


@dataclass(frozen=True)
class Let(Stmt):
    var: Ident
    value: Expr


@dataclass(frozen=True)
class Set(Stmt):
    var: Ident
    value: Expr


@dataclass(frozen=True)
class If(Stmt):
    cond: Expr
    then: tuple[Stmt, ...]
    else_: tuple[Stmt, ...]


@dataclass(frozen=True)
class ForEach(Stmt):
    var: Ident
    source: Expr
    where: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Repeat(Stmt):
    count: Expr
    var: Ident | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class While(Stmt):
    cond: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Choose(Stmt):
    var: Ident
    source: Expr
    where: Expr | None
    by: Expr
    count: Expr | None
    up_to: Expr | None
    distinct: bool
    optional: bool
    decision: Ident | None
    body: tuple[Stmt, ...]
    otherwise: tuple[Stmt, ...]


@dataclass(frozen=True)
class DecideOption:
    name: Ident
    when: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Decide(Stmt):
    decision: Ident
    by: Expr
    options: tuple[DecideOption, ...]


@dataclass(frozen=True)
class Lasting(Stmt):
    name: Ident
    until: Ident
    until_args: tuple[Expr, ...]
    annotations: tuple[Annotation, ...]
    items: tuple[EffectItem, ...]


@dataclass(frozen=True)
class Phase(Stmt):
    name: Ident
    label: str | None
    annotations: tuple[Annotation, ...]
    body: tuple[Stmt, ...]
    is_step: bool = False


@dataclass(frozen=True)
class Stop(Stmt):
    pass


@dataclass(frozen=True)
class Phases(Stmt):
    """In a scenario moment: the sequence's statements from one phase up to another of its block."""

    first: Ident
    until: Ident | None = None


# ---------------------------------------------------------------- effect items (rules, lasting effects)
@dataclass(frozen=True)
class EffectItem:
    pos: Pos
    annotations: tuple[Annotation, ...]


@dataclass(frozen=True)
class Modify(EffectItem):
    target: Ident
    mode: str  # "by" | "to"
    value: Expr
    when: Expr | None


@dataclass(frozen=True)
class Forbid(EffectItem):
    actions: tuple[Ident, ...]
    when: Expr | None
    code: Ident | None


@dataclass(frozen=True)
class On(EffectItem):
    trigger: Ident
    when: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Allow(EffectItem):
    name: Ident
    by: Expr
    when: Expr | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Status(EffectItem):
    name: Ident
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Ends(EffectItem):
    trigger: Ident
    when: Expr | None


# ---------------------------------------------------------------- declarations
@dataclass
class Decl:
    kind: str
    name: Ident
    pos: Pos
    override: bool
    annotations: list[Annotation]


@dataclass
class RulesetDecl(Decl):
    title: str = ""
    version: str | None = None
    extends: list[tuple[str, Pos]] = field(default_factory=list)
    description: str | None = None


@dataclass
class RegionDecl(Decl):
    subregions: list[tuple[Ident, list[Annotation]]] = field(default_factory=list)


@dataclass
class SideDecl(Decl):
    superpower: Ident | None = None
    adjacent: list[Ident] = field(default_factory=list)
    moves_first: Pos | None = None  # `moves first`: where it says so


@dataclass
class CountryDecl(Decl):
    clauses: dict[str, tuple[object, Pos]] = field(default_factory=dict)
    duplicates: list[tuple[str, Pos]] = field(default_factory=list)


@dataclass
class CardDecl(Decl):
    number: int = 0
    clauses: dict[str, tuple[object, Pos]] = field(default_factory=dict)
    duplicates: list[tuple[str, Pos]] = field(default_factory=list)


@dataclass
class SettingDecl(Decl):
    type: str = "bool"  # bool | int | enum
    values: list[Ident] = field(default_factory=list)
    default: tuple[object, Pos] | None = None
    asked: bool = False  # a player picks it when a game starts
    # `int from LOW to HIGH`: the values a game may give an int setting, both included (None: any whole
    # number), and where the bounds are written
    bounds: tuple[int, int] | None = None
    bounds_pos: Pos | None = None


@dataclass
class VariableDecl(Decl):
    """`variable NAME: TYPE = VALUE`: a value of the game state the ruleset declares."""

    type: str = "int"
    type_pos: Pos | None = None
    default: tuple[object, Pos] | None = None  # (None, pos) for `none`


@dataclass
class ZoneDecl(Decl):
    """`zone NAME [face down]`: an ordered pile of cards of the game state, top first; a face-down zone's
    cards are hidden from the players (the screens show only how many)."""

    face_down: bool = False


@dataclass
class TrackDecl(Decl):
    """`track NAME from MIN to MAX [start N] [per side]`: a numeric track, its bounds and where its marker
    starts (None: not said)."""

    low: int = 0
    high: int = 0
    per_side: bool = False
    start: tuple[int, Pos] | None = None


@dataclass(frozen=True)
class Param:
    name: Ident
    type: str
    type_pos: Pos


@dataclass
class PriorityOption:
    number: int
    name: Ident
    pos: Pos
    annotations: list[Annotation]
    where: list[Expr] = field(default_factory=list)
    when: list[Expr] = field(default_factory=list)
    prefer: list[SortKey] = field(default_factory=list)
    place: Expr | None = None


@dataclass
class PriorityDecl(Decl):
    params: list[Param] = field(default_factory=list)
    target: tuple[Ident, str, Pos] | None = None
    restart: Ident | None = None
    requires: list[tuple[Expr, list[Annotation]]] = field(default_factory=list)
    options: list[PriorityOption] = field(default_factory=list)
    final: list[tuple[SortKey, list[Annotation]]] = field(default_factory=list)


@dataclass(frozen=True)
class Moment:
    name: Ident
    region: Ident | None


@dataclass
class AppendixEvent:
    moments: list[Moment]
    when: Expr | None
    resolve: tuple[Stmt, ...] | None
    pos: Pos
    annotations: list[Annotation]


@dataclass
class AppendixDecl(Decl):
    number: int = 0
    events: list[AppendixEvent] = field(default_factory=list)
    ops_only: tuple[Pos, list[Annotation]] | None = None
    reaction: tuple[tuple[Stmt, ...], Pos, list[Annotation]] | None = None
    against_human: tuple[tuple[Stmt, ...], Pos, list[Annotation]] | None = None


@dataclass
class TableRow:
    keys: list[Ident]
    cells: list[int | None]
    pos: Pos
    annotations: list[Annotation]


@dataclass
class TableDecl(Decl):
    roll: Expr | None = None
    keys: list[Ident] = field(default_factory=list)
    columns: list[tuple[str, Pos]] = field(default_factory=list)
    rows: list[TableRow] = field(default_factory=list)
    totals: list[tuple[list[Ident], int, Pos]] = field(default_factory=list)


@dataclass
class OrderDecl(Decl):
    items: list[Ident] = field(default_factory=list)


@dataclass
class SequenceDecl(Decl):
    body: tuple[Stmt, ...] = ()


@dataclass
class ProcedureDecl(Decl):
    params: list[Param] = field(default_factory=list)
    body: tuple[Stmt, ...] = ()


@dataclass
class MomentDecl(Decl):
    """A moment of a scenario: a step kind, or (`setup`) a scenario setup."""

    params: list[Param] = field(default_factory=list)
    body: tuple[Stmt, ...] = ()
    setup: bool = False


@dataclass
class FunctionDecl(Decl):
    params: list[Param] = field(default_factory=list)
    returns: str = "any"
    returns_pos: Pos | None = None
    body: Expr | None = None


@dataclass
class RuleDecl(Decl):
    rule_kind: str = "rule"  # rule | restriction | victory
    items: list[EffectItem] = field(default_factory=list)


@dataclass(frozen=True)
class LayoutSpot:
    """One cell of a layout: `name` (a country, superpower or region) at (`col`, `row`)."""

    name: Ident
    col: int
    row: int
    pos: Pos
    annotations: list[Annotation] = field(default_factory=list, compare=False, hash=False)


@dataclass
class LayoutDecl(Decl):
    """`layout NAME { place X at C, R … label R at C, R … }`: where the board's picture draws each country
    and superpower (`places`) and each region's name (`labels`), as grid cells (column, row)."""

    places: dict[str, LayoutSpot] = field(default_factory=dict)
    labels: dict[str, LayoutSpot] = field(default_factory=dict)
    # (what, spot) of an entry given twice in the declaration itself
    duplicates: list[tuple[str, LayoutSpot]] = field(default_factory=list)


@dataclass
class RemoveDecl(Decl):
    target_kind: Ident | None = None


@dataclass
class PatchItem:
    """One change of a `patch`: `action` (replace | insert | move | remove | cell | default) on a `part`
    (option | row | ai_event | phase | step | setting) found by `anchor` (an option's or phase's name, a
    row's keys, an appendix line's moments); `place` ("before"|"after", name) for an insert or a move;
    `value` the new option, row, line, phase or default; `column` the column of a cell."""

    action: str
    part: str
    anchor: list[Ident]
    pos: Pos
    annotations: list[Annotation]
    place: tuple[str, Ident] | None = None
    value: object = None
    column: tuple[str, Pos] | None = None


@dataclass
class PatchDecl(Decl):
    """`patch KIND NAME { … }`: changes an inherited declaration in place (applied by the loader)."""

    target_kind: Ident | None = None
    items: list[PatchItem] = field(default_factory=list)


@dataclass
class RuleFile:
    path: str
    decls: list[Decl]
