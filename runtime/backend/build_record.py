"""A program's build, written down the first time and replayed at every later start.

Building a program (program.py) writes the source of every generated function, and that is most of a
warm start (solo-v2: about 64 ms of CPU written afresh, 20 ms replayed), although the generated module
itself is then loaded from its file (generated_module.py, with its `.pyc`). What the code generator's
calls give is the same every time for the same IR, primitives and runtime: the code of a block's line, or
a function of the module, and the names they add to the generated code's namespace. So the first build
writes that down, in the order the calls were made (`recorded` methods of codegen.ExprCompiler), to
`build-<ruleset>-<python>.marshal` beside the module; a later build of the same key loads the module and
takes each call's answer from the record (a function by its name in the module) instead of writing the
source again. The module carries the key of the build that wrote it, so a record never replays with
another build's module.

The key is a hash of the runtime's own code, of the IR, and of the primitives (their names and what the
code generator reads of them): any change to these makes a new record. Should a call not be the one the
record has next (another method, other names), or the module be missing, not ours, another build's or
without a function the record names, the replay stops (`RecordMismatch`) and the program is built
afresh, and recorded again. A build whose record could not describe something it made (a value that
cannot be written down) is simply not recorded.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import marshal
import os
import sys
from collections.abc import Callable
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from twilight.common.cachedir import read_trusted, ruleset_file_name, write_private
from twilight.runtime.core.frames import ordinal

if TYPE_CHECKING:
    from twilight.runtime.backend.codegen import ExprCompiler

# Raised when what a record holds, or how it is read, changes without the runtime's code changing.
RECORD_FORMAT = 2

_P = ParamSpec("_P")
_R = TypeVar("_R")

# A call as the record has it: the method's name, what tells its arguments apart cheaply (`_checks`),
# its answer (`_made`), the names it added to the namespace with how to make each again, and how many
# parts of blocks had a name after it.
Entry = tuple[str, tuple[Any, ...], tuple[Any, ...], tuple[tuple[str, tuple[Any, ...]], ...], int]


class RecordMismatch(Exception):
    """The build does not follow its record: it is built afresh."""


class _Unrecordable(Exception):
    """Something the build made that a record cannot describe: the build is not recorded."""


class BuildRecord:
    """The record of one program's build: replayed when read from disk, else written as the build
    goes (and saved by `finish` if nothing in it was left undescribed)."""

    def __init__(self, path: Path, key: bytes, entries: list[Entry] | None = None) -> None:
        self.path = path
        self.key = key
        self.replaying = entries is not None
        self.entries: list[Entry] = entries if entries is not None else []
        self.next = 0  # (replaying) the entry of the next call
        # (recording) why the build cannot be recorded, once something could not be described
        self.broken: str | None = None
        # (recording) each function the code generator made, by its id: the function and its name in the
        # generated module
        self.defined: dict[int, tuple[Any, str]] = {}
        # (recording) how to make again a constant added under a name (an enum value, a primitive's
        # constant), where it was added
        self.origins: dict[str, tuple[Any, ...]] = {}
        self._primitive_names: dict[int, str] | None = None
        self._constants: dict[str, dict[str, Any]] = {}  # (replaying) the primitives' constants

    def afresh(self) -> BuildRecord:
        """A new record of the same build, to write as it goes."""
        return BuildRecord(self.path, self.key)

    # ------------------------------------------------------------------ writing
    def write(
        self, codegen: ExprCompiler, name: str, values: tuple[Any, ...], result: Any, size: int
    ) -> None:
        """Note a call: its answer, and the names added to the namespace past its first `size`."""
        if self.broken is not None:
            return
        try:
            answer = self._describe_answer(result)
            added = tuple(
                (added_name, self._describe(codegen, added_name, value, result, values))
                for added_name, value in islice(codegen.namespace.items(), size, None)
            )
        except _Unrecordable as why:
            self.broken = f"{name}: {why}"
            return
        self.entries.append((name, _checks(values), answer, added, codegen.block_parts))

    def _describe_answer(self, result: Any) -> tuple[Any, ...]:
        if result is None or type(result) in (str, bool, int):
            return ("v", result)
        if type(result) is frozenset and all(type(item) is str for item in result):
            return ("v", result)  # (names: which functions are pure)
        found = self.defined.get(id(result))
        if found is not None and found[0] is result:
            return ("c", found[1])
        raise _Unrecordable(f"an answer of type {type(result).__name__}")

    def _describe(
        self, codegen: ExprCompiler, name: str, value: Any, result: Any, values: tuple[Any, ...]
    ) -> tuple[Any, ...]:
        origin = self.origins.pop(name, None)
        if origin is not None:
            return origin
        if value is result:
            return ("r",)
        found = self.defined.get(id(value))
        if found is not None and found[0] is value:
            return ("c", found[1])
        for i, argument in enumerate(values):
            if value is argument:
                return ("a", i)
        if self._primitive_names is None:
            self._primitive_names = {id(fn): n for n, fn in codegen.program.primitives.items()}
        primitive = self._primitive_names.get(id(value))
        if primitive is not None and codegen.program.primitives[primitive] is value:
            return ("p", primitive)
        module, qualname = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
        if isinstance(module, str) and module.startswith("twilight.") and isinstance(qualname, str):
            loaded = sys.modules.get(module)
            if loaded is not None and getattr(loaded, qualname, None) is value:
                return ("g", module, qualname)
        if value is None or type(value) in (str, bool, int, float):
            return ("v", value)
        raise _Unrecordable(f"the name {name} holds a {type(value).__name__}")

    # ------------------------------------------------------------------ replaying
    def replay(self, codegen: ExprCompiler, name: str, values: tuple[Any, ...]) -> Any:
        """The answer of the call the record has next, its names added to the namespace."""
        if self.next >= len(self.entries):
            raise RecordMismatch(f"{name}: past the record's end")
        try:
            method, checks, answer, added, block_parts = self.entries[self.next]
            self.next += 1
            if method != name or checks != _checks(values):
                raise RecordMismatch(f"{name}: the record has {method} here")
            result = self._made(codegen, answer, values)
            namespace = codegen.namespace
            for added_name, how in added:
                value = result if how[0] == "r" else self._made(codegen, how, values)
                # (a function of the module is named there already, by the module itself)
                if namespace.get(added_name, value) is not value:
                    raise RecordMismatch(f"{name}: {added_name} is already named")
                namespace[added_name] = value
        except (TypeError, ValueError, IndexError, KeyError, AttributeError, ImportError) as damaged:
            # (a record of ours, but not as this code writes them: written again)
            raise RecordMismatch(f"{name}: the record is damaged ({damaged})") from damaged
        codegen.block_parts = int(block_parts)
        return result

    def _made(self, codegen: ExprCompiler, how: tuple[Any, ...], values: tuple[Any, ...]) -> Any:
        kind = how[0]
        if kind == "v":
            return how[1]
        if kind == "c":
            return codegen.function_of(how[1])
        if kind == "a":
            return values[how[1]]
        if kind == "p":
            found = codegen.program.primitives.get(how[1])
            if found is None:
                raise RecordMismatch(f"no primitive {how[1]}")
            return found
        if kind == "k":
            return self._constant(codegen, how[1], how[2])
        if kind == "o":
            return ordinal(how[1])
        if kind == "g" and how[1].startswith("twilight."):  # (only ours, as it was written)
            return getattr(importlib.import_module(how[1]), how[2])
        raise RecordMismatch(f"a value of unknown kind {kind!r}")

    def _constant(self, codegen: ExprCompiler, primitive: str, name: str) -> Any:
        """A constant of a written-out primitive (core.inlined), worked out from the IR as the build did."""
        constants = self._constants.get(primitive)
        if constants is None:
            inline = getattr(codegen.program.primitives.get(primitive), "inline", None)
            make = inline[1] if inline is not None else None
            if make is None:
                raise RecordMismatch(f"the primitive {primitive} has no constants")
            constants = self._constants[primitive] = make(codegen.program.ir)
        if name not in constants:
            raise RecordMismatch(f"the primitive {primitive} has no constant {name}")
        return constants[name]

    # ------------------------------------------------------------------ the end
    def finish(self) -> None:
        """Replaying: every call of the record was made (else the build did not follow it). Recording:
        the record is saved, unless something in it could not be described."""
        if self.replaying:
            if self.next != len(self.entries):
                raise RecordMismatch("the build ended before its record")
            return
        if self.broken is None:
            # into a folder of ours alone; a record that cannot be written only costs time at the next start
            write_private(self.path, marshal.dumps((RECORD_FORMAT, self.key, self.entries)))


def recorded(method: Callable[Concatenate[Any, _P], _R]) -> Callable[Concatenate[Any, _P], _R]:
    """A method of the code generator whose calls are recorded, or answered from the record, when the
    build has one (`ExprCompiler.record`). Only the outermost call is: what it calls in turn is part of
    its answer."""
    name = method.__name__

    @functools.wraps(method)
    def call(codegen: Any, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        record: BuildRecord | None = codegen.record
        if record is None or codegen.record_depth:
            return method(codegen, *args, **kwargs)
        values = (*args, *kwargs.values())
        if record.replaying:
            answer: _R = record.replay(codegen, name, values)
            return answer
        size = len(codegen.namespace)
        codegen.record_depth += 1
        try:
            result = method(codegen, *args, **kwargs)
        except BaseException:
            record.broken = f"{name} failed"
            raise
        finally:
            codegen.record_depth -= 1
        record.write(codegen, name, values, result, size)
        return result

    return call


def _checks(values: tuple[Any, ...]) -> tuple[str, ...]:
    """What tells a call apart from the others of its method cheaply: the names among its arguments (a
    function's, a target's). (A loop adding to a tuple: about a third of what a comprehension costs in
    3.11, for a check made at each of a build's two thousand calls.)"""
    checks: tuple[str, ...] = ()
    for value in values:
        if type(value) is str:
            checks += (value,)
    return checks


# ---------------------------------------------------------------------- finding a record
def record_file_for(folder: Path, ruleset: str) -> Path:
    return folder / ruleset_file_name("build", ruleset, ".marshal")


def opened(folder: Path, ir: dict[str, Any], primitives: dict[str, Callable[..., Any]]) -> BuildRecord | None:
    """The record of this build, to replay when the folder has one of the same key, else to write; None
    when the build cannot have one (an IR that cannot be hashed)."""
    key = build_key(ir, primitives)
    if key is None:
        return None
    path = record_file_for(folder, str(ir.get("ruleset", {}).get("name", "ruleset")))
    raw = read_trusted(path)
    if raw is not None:
        try:
            kept = marshal.loads(raw)
        except (EOFError, ValueError, TypeError):
            kept = None  # a damaged one: recorded again
        if type(kept) is tuple and len(kept) == 3 and kept[:2] == (RECORD_FORMAT, key):
            entries = kept[2]
            if type(entries) is list:
                return BuildRecord(path, key, entries)
    return BuildRecord(path, key)


def build_key(ir: dict[str, Any], primitives: dict[str, Callable[..., Any]]) -> bytes | None:
    """A hash of all a build depends on: the runtime's code, the IR, the primitives; None when one of
    them cannot be told (the runtime's sources unreadable, an IR marshal cannot write)."""
    runtime = _runtime_digest()
    if runtime is None:
        return None
    digest = hashlib.sha256(runtime)  # (sha256: the quickest of hashlib's here, on 440 kB)
    try:
        digest.update(marshal.dumps(ir, 2))  # (format 2 marks no shared objects: equal IRs, equal bytes)
    except ValueError:
        return None
    digest.update(repr([(name, _described(fn)) for name, fn in primitives.items()]).encode())
    return digest.digest()


# What the code generator reads of a primitive (core.inlined and its companions)
_PRIMITIVE_ATTRIBUTES = ("inline", "inline_iterated", "inline_once", "invariant_part", "cannot_fail")


def _described(fn: Any) -> tuple[Any, ...]:
    return (_name_of(fn), tuple(_plain(getattr(fn, a, None)) for a in _PRIMITIVE_ATTRIBUTES))


def _plain(value: Any) -> Any:
    """A value as text that is the same in every process: a function by its name, not its address."""
    if type(value) in (tuple, list):
        return tuple(_plain(v) for v in value)
    if callable(value):
        return _name_of(value)
    return value


def _name_of(fn: Any) -> str:
    return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', type(fn).__name__)}"


@functools.cache
def _runtime_digest() -> bytes | None:
    """The runtime's own code (the code generator, the program, the primitives…) and the format; None
    when its sources cannot be read (an install without them: no record is then to be trusted)."""
    digest = hashlib.sha256(f"{RECORD_FORMAT} {sys.implementation.cache_tag}".encode())
    # (the whole runtime/, not this folder alone: the core and the solo AI's primitives shape a build too)
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    read = 0
    try:
        for folder, subfolders, files in os.walk(top):  # (os.walk: a third of what Path.rglob costs here)
            subfolders[:] = sorted(name for name in subfolders if not name.startswith("__"))
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(folder, name)
                    digest.update(os.path.relpath(path, top).encode())
                    digest.update(b"\0")
                    with open(path, "rb") as source:
                        digest.update(source.read())
                    digest.update(b"\0")
                    read += 1
    except OSError:
        return None
    return digest.digest() if read else None
