"""Where in the rules an error of Python's own was raised, said as a rule error: the rule file and line of
the innermost declaration that was running (a rule function, a priority list, a procedure, a card's
event), and the primitive that failed with the argument that was none.

The compiler refuses a value that may be none where a primitive needs one (compiler/types.py), so this is
the last resort: an IR made some other way, or a path of the rules the checker does not follow. Nothing
here runs unless an error is on its way out: the traceback is read once, after the fact. A frame of the
generated code is a line of the ruleset's generated module (generated_module.py), which says the rule
file and line it comes from and the declaration it was made for; the error itself is given a note
saying so, so that its traceback, which shows the module's line, names the rule's too."""

from __future__ import annotations

import os
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twilight.runtime.core.engine import Engine

# The errors of Python's own a rule can cause (a none, a missing key, a wrong type): each becomes a
# RuleError. Anything else (a bug of the runtime: an assertion, a recursion guard) goes on as it is.
PYTHON_ERRORS = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    ZeroDivisionError,
    OverflowError,
)


class RuleError(Exception):
    """A step the rules refuse (scenario steps report its code)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


_PRIMITIVES_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "primitives")
_ENGINE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine.py")
_ASKING = frozenset({"ask", "ask_at", "ask_one", "ask_one_at", "_answer_of"})


def located(error: BaseException, engine: Engine) -> RuleError | None:
    """The RuleError saying where `error` came from in the rules, or None when no frame of the rules is
    on its way (it is the runtime's own)."""
    frames = _frames(error.__traceback__)
    where: tuple[str, str] | None = None
    primitive: tuple[str, FrameType] | None = None
    generated = engine.program.codegen.module
    for frame in reversed(frames):  # (the innermost first)
        if frame.f_code.co_filename == _ENGINE_FILE and frame.f_code.co_name in _ASKING:
            return None  # (raised by a player answering: not the rules')
        if primitive is None and where is None:
            name = _primitive_of(frame, engine)
            if name is not None:
                primitive = (name, frame)
        filename = frame.f_code.co_filename
        if generated.owns(filename):  # (a line of generated code: its rule file and line, if it has one)
            where = generated.where(filename, frame.f_lineno)
            if where is not None:
                line = frame.f_lineno
                error.add_note(
                    f"the rules' code at line {line} of {filename} comes from {where[0]} ({where[1]})"
                )
        else:
            where = _declaration_of(frame, engine.program.ir)
        if where is not None:
            break
    if where is None:
        return None
    src, what = where
    problem = _problem(error)
    if primitive is not None:
        name, frame = primitive
        code = frame.f_code
        declared = _params_of(name)
        given = code.co_varnames[1 : code.co_argcount]  # (after the engine)
        nones = [
            declared[i] if i < len(declared) else arg
            for i, arg in enumerate(given)
            if arg in frame.f_locals and frame.f_locals[arg] is None
        ]
        problem = f"{name}() got none for {', '.join(map(repr, nones))}" if nones else f"{name}(): {problem}"
    return RuleError("rule", f"{src or '?'}: in {what}: {problem}")


def _frames(tb: TracebackType | None) -> list[FrameType]:
    out = []
    while tb is not None:
        out.append(tb.tb_frame)
        tb = tb.tb_next
    return out


def _declaration_of(frame: FrameType, ir: dict[str, Any]) -> tuple[str, str] | None:
    """The rule declaration (its src, and what it is) a frame runs, when it is one of the rules'."""
    code = frame.f_code
    local = frame.f_locals
    if code.co_name in ("run_procedure", "call", "call_procedure") and isinstance(local.get("name"), str):
        name = local["name"]
        if name in ir.get("procedures", {}):
            return ir["procedures"][name].get("src", ""), f"procedure {name}"
    if code.co_name == "_pick" and hasattr(local.get("self"), "name"):
        name = local["self"].name
        if name in ir.get("priorities", {}):
            return ir["priorities"][name].get("src", ""), f"priority list {name}"
    if code.co_name == "_run_event" and isinstance(local.get("card"), str):
        card = local["card"]
        block = local.get("block")
        if isinstance(block, tuple) and card in ir.get("appendix", {}):  # (the solo appendix's, in its place)
            return ir["appendix"][card].get("src", ""), f"the appendix entry of card {card} ({block[0]})"
        if card in ir.get("cards", {}):
            return ir["cards"][card].get("src", ""), f"the event of card {card}"
    return None


def _primitive_of(frame: FrameType, engine: Engine) -> str | None:
    """The primitive a frame of runtime/core/primitives runs (its function is named after it), or the
    implementation itself of one registered from elsewhere (the solo AI's, runtime/solo/)."""
    code = frame.f_code
    implementation = engine.program.primitives.get(code.co_name)
    if implementation is None:
        return None
    if code.co_filename.startswith(_PRIMITIVES_FOLDER) or getattr(implementation, "__code__", None) is code:
        return code.co_name
    return None


def _params_of(name: str) -> list[str]:
    from twilight.runtime.core import registry

    for primitive in registry.PRIMITIVES:
        if primitive.name == name:
            return [p.name for p in primitive.params]
    return []


def _problem(error: BaseException) -> str:
    if isinstance(error, KeyError):
        if error.args and error.args[0] is None:
            return "a value is none where one is needed"
        return f"no {error.args[0]!r} here" if error.args else "a key that is not there"
    return f"{type(error).__name__}: {error}"
