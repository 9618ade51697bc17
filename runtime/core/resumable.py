"""Where the interpreter is in the rules, as data: a game can be copied at any decision and either copy
goes on by itself.

Each statement, procedure call, hook, event or primitive that can lead to a decision (statically: see
`Program`'s `asks` analysis and the primitives marked `continues`) keeps a record (`Rec`) of how far it
has got while it runs: the statement of its block it is at, the pass of its loop and the items it goes
through, the branch it took, the values it worked out, the frame of local variables it runs in, and for
the one that asks, the decision it put. The engine keeps the records of the constructs running, outermost
first (`Engine.path`): at a decision they are the whole of where the game is in its procedures, beside
the state. A copy of the game copies them (`copy_path`); the copy goes on by entering the sequence again
and, construct by construct, taking up each record where it was left (`Engine.resume`): a statement list
starts at its statement, a loop at its pass, a call in its frame, and the decision takes the answer given.
Nothing that ran before the decision runs again: no effect, trace, die or pick.

Code that cannot lead to a decision (most: expressions, the AI's priority lists, scoring) keeps no records
and runs as written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.frames import Frame
from twilight.runtime.core.state import copy_plain

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine


class Rec:
    """How far one running construct has got. `pc`: its place (the statement of a block, the step of a
    primitive, the pass of a loop); `data`: what else it must take up again (plain values, frames);
    `frame`: the frame it runs its body in, when it made one; `decision`: the question it is asking."""

    __slots__ = ("data", "decision", "frame", "kind", "pc")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.pc = 0
        self.data: Any = None
        self.frame: Any = None
        self.decision: Decision | None = None

    def __repr__(self) -> str:
        return f"Rec({self.kind}, pc={self.pc})"


class Suspended(BaseException):
    """Raised by a decision that no player is there to answer now (a game driven from outside, one
    action at a time): the game stops at it, its place kept in `Engine.path`. A BaseException, so that
    no handler of errors in the rules' code takes it for one."""


class ResumeMismatch(Exception):
    """The records do not fit the code entering them again: a construct that can lead to a decision
    kept none, or the program is not the one the records were made by."""


# What a copy of a decision keeps of its context: plain values. The functions a context may hold (a
# player's "why not" list, the AI's trial of an option on a copy) belong to the game that asked: a copy
# answers the decision by `Engine.resume`, not by asking again.
def copy_decision(decision: Decision) -> Decision:
    context = {k: copy_plain(v) for k, v in decision.context.items() if not callable(v)}
    return Decision(
        decision.name,
        decision.side,
        list(decision.options),
        decision.min_count,
        decision.max_count,
        decision.distinct,
        context,
    )


def copy_path(path: list[Rec], engine: Engine) -> list[Rec]:
    """The records, copied for the copy of the game `engine`: their frames become frames of it. A frame
    held by several records (a procedure's, by its call and by the statements inside) stays one frame."""
    copier = _PathCopier(engine)
    value = copier.value
    out = []
    for rec in path:
        twin = Rec(rec.kind)
        twin.pc = rec.pc
        twin.data = value(rec.data)
        twin.frame = value(rec.frame)
        twin.decision = copy_decision(rec.decision) if rec.decision is not None else None
        out.append(twin)
    return out


class _PathCopier:
    """`copy_path`'s copying of the values its records hold, with the frames copied so far. (An object,
    not a function calling itself by its own name from its closure: such a function holds itself, and
    the copy of the game it names would live on after the copy is dropped, until the garbage
    collector's next full pass found it.)"""

    __slots__ = ("engine", "frames")

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.frames: dict[int, Frame] = {}

    def value(self, v: Any) -> Any:
        kind = type(v)
        if kind is Frame:
            found = self.frames.get(id(v))
            if found is None:
                repeats = dict(v.repeats) if v.repeats is not None else None
                found = self.frames[id(v)] = Frame(self.engine, copy_plain(v.vars), repeats)
            return found
        if kind is dict:
            return {k: self.value(x) for k, x in v.items()}
        if kind is list:
            return [self.value(x) for x in v]
        if kind is tuple:
            return tuple(self.value(x) for x in v)
        if kind is Decision:
            return copy_decision(v)
        return v
