"""Compile a ruleset: load → parse → merge → check → IR → schema validation, with an IR cache.

`compile_target` never raises for bad input: every problem is a diagnostic in the result.
"""

from __future__ import annotations

import functools
import hashlib
import json
import marshal
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twilight.common.cachedir import cache_dir, read_trusted, write_private
from twilight.common.input_bounds import ECHO_CHARS, clip, could_be_path
from twilight.compiler.diagnostics import Diagnostic, Pos, Sink, listed, suggest
from twilight.compiler.loader import (
    MANIFEST,
    LoadedRuleset,
    Loader,
    display_path,
    known_rulesets,
    merge,
    not_a_file_why,
    rules_root,
)
from twilight.compiler.texts import grammar_text
from twilight.compiler.vocab import schema, schema_text, vocabulary

# The checker (and with it the syntax tree) is imported only when a compile misses the cache.

COMPILER_VERSION = "1"


@dataclass
class CompileResult:
    target: str
    ir: dict[str, Any] | None
    diagnostics: list[Diagnostic]
    sources: dict[str, str] = field(default_factory=dict)
    cached: bool = False
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.ir is not None and not any(d.severity.value == "error" for d in self.diagnostics)


@functools.cache
def _compiler_text() -> str:
    """The compiler's own code: a cached IR is stale once the compiler that made it has changed."""
    folder = Path(__file__).resolve().parent
    return "\0".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))


@functools.cache
def _compiler_digest() -> bytes:
    """What every cached artifact depends on besides the rule files: the grammar, the schema, the code."""
    digest = hashlib.sha256()
    for part in (COMPILER_VERSION, grammar_text(), schema_text(), _compiler_text()):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return digest.digest()


def _source_hash(sources: dict[str, str], name: str) -> str:
    """The IR cache key: the compiler, the ruleset's name, and every source file by its absolute path
    (not the path shown, which depends on the directory twilight runs in) and text."""
    here = _here()
    digest = hashlib.sha256(_compiler_digest())
    digest.update(name.encode("utf-8"))
    digest.update(b"\0")
    for path, text in sorted((_absolute(shown, here), text) for shown, text in sources.items()):
        digest.update(path.encode("utf-8"))
        digest.update(b"\0")
        digest.update(text.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def _here() -> str:
    return os.path.realpath(os.getcwd())


def _absolute(shown: str, here: str) -> str:
    """A path as diagnostics show it (relative to the working directory when inside it) made absolute."""
    return os.path.normpath(os.path.join(here, shown))


def _shown(absolute: str, here: str) -> str:
    """An absolute path as diagnostics show it (loader.display_path): relative when inside `here`."""
    relative = os.path.relpath(absolute, here)
    return absolute if relative == ".." or relative.startswith(".." + os.sep) else relative


def _cache_json(name: str) -> Any:
    """A cache file's JSON, or None when it is missing, damaged or not to be trusted (cachedir)."""
    raw = read_trusted(cache_dir() / name)
    if raw is None:
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def _cache_read(key: str) -> dict[str, Any] | None:
    """A compiled IR (with its warnings) from the cache, or None. It is kept in marshal's format, which
    keeps its texts interned (`interned`) as they were written, and loads in a third of JSON's time."""
    raw = read_trusted(cache_dir() / f"ir-{key}.marshal")
    if raw is None:
        return None
    try:
        loaded = marshal.loads(raw)
    except (ValueError, EOFError, TypeError):  # (a damaged file)
        return None
    return loaded if isinstance(loaded, dict) and isinstance(loaded.get("ir"), dict) else None


def _cache_write(key: str, payload: dict[str, Any], kind: str = "ir") -> None:
    # a cache that cannot be written only costs time
    if kind == "ir":
        write_private(cache_dir() / f"ir-{key}.marshal", marshal.dumps(payload))
        return
    write_private(cache_dir() / f"{kind}-{key}.json", json.dumps(payload, ensure_ascii=False).encode("utf-8"))


def interned(value: Any) -> Any:
    """The IR with each of its texts interned (`sys.intern`): the runtime looks the names of countries,
    cards and regions up in dicts and compares them millions of times in a run of games, and an interned
    name is found by its identity, where an equal copy is compared character by character (callgrind, 10
    solo-v2 games: 1.4% fewer instructions). The values are equal: only which objects hold them differs."""
    kind = type(value)
    if kind is str:
        return sys.intern(value)
    if kind is dict:
        return {sys.intern(k) if type(k) is str else k: interned(v) for k, v in value.items()}
    if kind is list:
        return [interned(v) for v in value]
    return value


# What a manifest extends, by the manifest's text: with it a cache lookup finds the chain of rulesets
# without parsing (and without loading the parser). Written for the manifests of a ruleset that compiled.
def _manifest_key(text: str) -> str:
    digest = hashlib.sha256(_compiler_digest())
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def remembered_chain(folder: Path, name: str) -> list[Path] | None:
    """The folders of a ruleset and of all it extends, base first, from the manifests' `extends` as a
    compile remembered them (no parser needed); None when a manifest is not remembered."""
    loader = Loader(Sink())
    found = loader.chain_folders(folder, name, rules_root(), _known_extends)
    return None if found is None else found[::-1]


def _known_extends(text: str) -> list[str] | None:
    loaded = _cache_json(f"manifest-{_manifest_key(text)}.json")
    extends = loaded.get("extends") if isinstance(loaded, dict) else None
    if isinstance(extends, list) and all(isinstance(name, str) for name in extends):
        return extends
    return None


def _remember_extends(chain: list[LoadedRuleset], loader: Loader) -> None:
    for loaded in chain:
        text = loader.sources.get(loader.display(loaded.folder / MANIFEST))
        if loaded.manifest is not None and text is not None:
            extends = [name for name, _ in loaded.manifest.extends]
            if _known_extends(text) != extends:
                _cache_write(_manifest_key(text), {"extends": extends}, "manifest")


def _from_cache(name: str, hit: dict[str, Any], loader: Loader, started: float) -> CompileResult:
    here = _here()
    warnings = [
        Diagnostic(
            w["code"],
            w["message"],
            Pos(**{**w["pos"], "file": _shown(w["pos"]["file"], here)}) if w.get("pos") else None,
            w.get("help"),
        )
        for w in hit.get("warnings", [])
    ]
    return CompileResult(name, hit["ir"], warnings, loader.sources, True, time.perf_counter() - started)


def _resolve(target: str, root: Path, loader: Loader) -> tuple[Path, str, Path | None] | None:
    """A ruleset name, a ruleset folder, or a lone .tsr file -> (folder, name, lone file). A file the
    loader holds unsaved text for (an editor's new file) counts as one though it is not on disk yet."""
    sink = loader.sink
    known = known_rulesets(root)
    if not could_be_path(target):  # (a name too long for any file system: no file, folder or ruleset)
        sink.add(
            "E002", f"'{clip(target, ECHO_CHARS)}' is neither a known ruleset nor a file or folder", None
        )
        return None
    path = Path(target)
    # A ruleset folder in the working directory wins over an installed ruleset of the same name, so that
    # a copied rules tree checks as itself.
    if path.is_dir() and (path / MANIFEST).is_file():
        return path, path.resolve().name, None
    if target in known:
        return known[target], target, None
    if path.is_dir():
        if (path / MANIFEST).is_file():
            return path, path.resolve().name, None
        manifest = path / MANIFEST
        if os.path.lexists(manifest):
            # (it is there, but no file: "a folder without ruleset.tsr" would send the author looking for
            # a file they can see)
            why = "a folder, not a file" if manifest.is_dir() else not_a_file_why(manifest)
            sink.add("E001", f"cannot read {os.path.join(display_path(path), MANIFEST)}: {why}")
            return None
        sink.add(
            "E003",
            f"{display_path(path)} is a folder without {MANIFEST}",
            None,  # (a folder has no line to point at: the message names it)
            "a ruleset folder holds ruleset.tsr",
        )
        return None
    if path.is_file() or loader.display(path) in loader.overrides:
        for parent in path.resolve().parents:
            if (parent / MANIFEST).is_file():
                return parent, parent.name, None
        return path, path.stem, path
    if os.path.lexists(path):  # (there, but no file or folder: a pipe, a device, a link to nothing)
        sink.add("E001", f"cannot read {display_path(path)}: {not_a_file_why(path)}")
        return None
    hint = suggest(target, known)
    sink.add(
        "E002",
        f"'{target}' is neither a known ruleset nor a file or folder",
        None,
        f"did you mean '{hint}'?" if hint else f"known rulesets: {listed(known)}",
    )
    return None


def compile_target(
    target: str,
    *,
    root: Path | None = None,
    overrides: dict[str, str] | None = None,
    use_cache: bool = True,
    base: str = "standard",
) -> CompileResult:
    """Compile a ruleset by name, by folder, or a lone rule file checked on top of `base`."""
    started = time.perf_counter()
    sink = Sink()
    root = root or rules_root()
    loader = Loader(sink, overrides)
    try:
        return _compile(target, root, loader, use_cache, base, started)
    except RecursionError:
        _too_deep(loader, sink)
    except Exception as err:
        sink.add("E902", f"internal compiler error: {err.__class__.__name__}: {err}", None)
    return CompileResult(target, None, sink.items, loader.sources, seconds=time.perf_counter() - started)


def _too_deep(loader: Loader, sink: Sink) -> None:
    """E106 for a compile that ran out of recursion past the parser (the checker walks expressions by
    recursion too): at the first rule file that nests deep enough to be the cause, where it goes too deep."""
    from twilight.compiler.brackets import first_too_deep
    from twilight.compiler.parser import DEEP_BRACKETS, report_too_deep

    for shown, text in loader.sources.items():
        if first_too_deep(text, DEEP_BRACKETS) is not None:
            report_too_deep(text, shown, sink)
            return
    sink.add("E106", "the input nests too deeply to compile", None, "split deeply nested expressions")


def _compile(
    target: str, root: Path, loader: Loader, use_cache: bool, base: str, started: float
) -> CompileResult:
    """`compile_target`'s work: the IR from the cache, or compiled (and cached)."""
    sink = loader.sink
    resolved = _resolve(target, root, loader)
    if resolved is None:
        return CompileResult(target, None, sink.items, {}, seconds=time.perf_counter() - started)
    folder, name, lone = resolved
    implicit: set[str] | None = None
    if lone is not None:
        if base not in known_rulesets(root):
            # (checked on nothing, the file got a heap of errors of rules it never meant to declare)
            known = known_rulesets(root)
            hint = suggest(base, known)
            said = (
                f"the base '{clip(base, ECHO_CHARS)}' a lone rule file is checked against is no known ruleset"
            )
            sink.add(
                "E002",
                said,
                None,
                f"did you mean '{hint}'?" if hint else f"known rulesets: {listed(known)}",
            )
            return CompileResult(target, None, sink.items, {}, seconds=time.perf_counter() - started)
        chain, implicit = _lone_chain(loader, lone, name, base, root)
    else:
        if use_cache and loader.read_chain(folder, name, root, _known_extends):
            hit = _cache_read(_source_hash(loader.sources, name))
            if hit is not None:
                return _from_cache(name, hit, loader, started)
        chain = loader.load_chain(folder, name, root)
    key = _source_hash(loader.sources, name)
    if use_cache and not sink.has_errors():
        hit = _cache_read(key)
        if hit is not None:
            return _from_cache(name, hit, loader, started)
    ir = _checked_ir(chain, name, loader, implicit, root)
    if ir is None:
        return CompileResult(name, None, sink.items, loader.sources, seconds=time.perf_counter() - started)
    ir = interned(ir)
    if use_cache:
        _cache_write(key, {"ir": ir, "warnings": [_saved(d) for d in sink.items]})
        if lone is None:
            _remember_extends(chain, loader)
    return CompileResult(name, ir, sink.items, loader.sources, seconds=time.perf_counter() - started)


def _lone_chain(
    loader: Loader, lone: Path, name: str, base: str, root: Path
) -> tuple[list[LoadedRuleset], set[str]]:
    """A lone rule file as the last ruleset of `base`'s chain; its declarations may override without
    saying so (the set of its shown path)."""
    known = known_rulesets(root)
    chain = loader.load_chain(known[base], base, root)
    loader.ir_paths[display_path(lone)] = lone.name
    lone_set = LoadedRuleset(name, lone.parent, None)
    if loader.read(lone) is not None:
        lone_set.paths.append(lone)
    chain.append(lone_set)
    return chain, {display_path(lone)}


def _declared_elsewhere(chain: list[LoadedRuleset], root: Path) -> Callable[[str, str], list[str]]:
    """For a lone file: the installed rulesets outside its chain that declare a `kind name` (read from
    their files' text, as a declaration starts its line), to tell the `--base` to check the file on."""
    inside = {loaded.name for loaded in chain}

    def declared(kind: str, name: str) -> list[str]:
        head = re.compile(rf"^(?:override\s+)?{re.escape(kind)}\s+(?:\d+\s+)?{re.escape(name)}\b", re.M)
        found = []
        for ruleset, folder in known_rulesets(root).items():
            if ruleset in inside:
                continue
            for path in sorted(folder.rglob("*.tsr")):
                try:
                    text = path.read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    continue
                if head.search(text):
                    found.append(ruleset)
                    break
        return found

    return declared


def _checked_ir(
    chain: list[LoadedRuleset], name: str, loader: Loader, implicit: set[str] | None, root: Path
) -> dict[str, Any] | None:
    """Parse, merge, check and validate: the IR, or None when the sink has an error."""
    from twilight.compiler.decls import RulesetChecker

    sink = loader.sink
    loader.parse_all(chain)
    if sink.has_errors():  # syntax errors: names cannot be trusted, stop before resolution
        return None
    elsewhere = _declared_elsewhere(chain, root) if implicit is not None else None
    # (a ruleset that extends none is told which one declares what it overrides or patches)
    parents = _declared_elsewhere(chain, root) if implicit is None and len(chain) == 1 else None
    merged = merge(chain, sink, implicit, elsewhere, parents)
    checker = RulesetChecker(merged, sink, vocabulary(), loader.ir_paths)
    told = len(sink.items)
    ir = checker.run(name)
    merged.blame(sink.items[told:])
    if sink.has_errors():
        return None
    _check_depth(ir, checker.emit.where, sink)
    if not sink.has_errors():
        _validate(ir, checker.emit.where, sink)
    return None if sink.has_errors() else ir


def _saved(d: Diagnostic) -> dict[str, Any]:
    """A warning as the cache keeps it, its file absolute (shown again from where it is read)."""
    return {
        "code": d.code,
        "message": d.message,
        "help": d.help,
        "pos": {
            "file": _absolute(d.pos.file, _here()),
            "line": d.pos.line,
            "col": d.pos.col,
            "end_line": d.pos.end_line,
            "end_col": d.pos.end_col,
        }
        if d.pos
        else None,
    }


@functools.cache
def validator() -> Any:
    import jsonschema  # imported on first validation: it costs a tenth of a second at start-up

    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


# How deep the IR may nest (objects and lists). The real rules reach about 40; the schema validator
# spends about 8 Python frames a level, so the recursion limit is raised to match while it runs.
MAX_IR_DEPTH = 200


def _nests_too_deep(ir: dict[str, Any]) -> bool:
    """Whether any list or object of the IR lies deeper than MAX_IR_DEPTH (a level at a time)."""
    level: list[Any] = [ir]
    depth = 1
    while level:
        if depth > MAX_IR_DEPTH:
            return True
        below: list[Any] = []
        for node in level:
            for child in node.values() if isinstance(node, dict) else node:
                if isinstance(child, (dict, list)):
                    below.append(child)
        level = below
        depth += 1
    return False


def _check_depth(ir: dict[str, Any], where: dict[int, Pos], sink: Sink) -> None:
    """Report IR nested deeper than MAX_IR_DEPTH at the source of the deepest node (no recursion here)."""
    if not _nests_too_deep(ir):  # the usual case, found out without looking up positions
        return
    stack: list[tuple[Any, int, Pos | None]] = [(ir, 1, None)]
    while stack:
        node, depth, pos = stack.pop()
        pos = where.get(id(node), pos)
        if depth > MAX_IR_DEPTH:
            sink.add(
                "E106", f"this nests more than {MAX_IR_DEPTH} levels deep", pos, "split it into smaller parts"
            )
            return
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
        stack.extend((child, depth + 1, pos) for child in children if isinstance(child, (dict, list)))


class _Screen:
    """A first, faster pass of the same jsonschema validation that only answers "valid or not".

    The IR repeats many identical subtrees (the same names, conditions, calls in many cards). Whether an
    instance is valid under a subschema depends only on the two (the schema's references all point into
    its own `$defs` and nothing in it depends on the dynamic scope), so once a subtree has passed under a
    subschema, an equal subtree under the same subschema passes too and is not walked again. Only
    successes are remembered: failures are left to the full validation, which then runs as before and
    reports every error. The memo lives for the process, so rulesets compiled one after the other share
    what they have in common.
    """

    # Enough for every ruleset many times over; past it the memo starts afresh.
    LIMIT = 100_000
    # Keywords under which a subschema's verdict could depend on where it was reached from: with any of
    # them in the schema (or an "$id" below its root) the memo would not be sound, and is not used.
    SCOPED = ("$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor")

    def __init__(self) -> None:
        import jsonschema

        root = schema()
        text = json.dumps(root)
        self.usable = text.count('"$id"') <= 1 and not any(f'"{k}"' in text for k in self.SCOPED)
        base: Any = jsonschema.validators.validator_for(root)
        # a class of its own, so that `descend` can be wrapped without touching jsonschema's
        cls: Any = jsonschema.validators.extend(base)  # type: ignore[no-untyped-call]
        descend = base.descend
        screen = self

        # The keywords call `descend` with keyword arguments: the same parameter names as jsonschema's.
        def remembered(
            self: Any,
            instance: Any,
            schema: Any,
            path: Any = None,
            schema_path: Any = None,
            resolver: Any = None,
        ) -> Any:
            key = (id(schema), screen.key_of(instance))
            if key in screen.passed:
                return iter(())
            errors = list(descend(self, instance, schema, path, schema_path, resolver))
            if not errors:
                screen.passed.add(key)
                screen.schemas[id(schema)] = schema  # kept alive, so that its id() is never reused
            return iter(errors)

        cls.descend = remembered
        self.validator = cls(root)
        # A subtree's content as a number: equal content, equal number, in every IR of this process.
        self.numbers: dict[tuple[Any, ...], int] = {}
        self.passed: set[tuple[int, Any]] = set()
        self.schemas: dict[int, Any] = {}
        self.current: dict[int, int] = {}  # id() of each list and object of the IR being checked
        self.lock = threading.Lock()

    def key_of(self, instance: Any) -> Any:
        if isinstance(instance, (dict, list)):
            return self.current[id(instance)]
        if instance.__class__ is str:
            return instance
        # bool, int and float compare equal to each other, but the schema tells them apart
        return (instance.__class__, instance)

    def number(self, node: Any) -> Any:
        """The key of `node`: its number if it is a list or an object, a string as itself (equal to no
        number or tuple), any other value with its class. Anything but plain lists and objects
        (a subclass, say) is no key at all (unhashable), and the full validation decides."""
        cls = node.__class__
        if cls is dict:
            content: tuple[Any, ...] = (tuple(node), tuple([self.number(v) for v in node.values()]))
        elif cls is list:
            content = (None, tuple([self.number(v) for v in node]))
        elif cls is str:
            return node
        else:
            return (cls, node)
        found = self.numbers.get(content)
        if found is None:
            found = self.numbers[content] = len(self.numbers)
        self.current[id(node)] = found
        return found

    def valid(self, ir: dict[str, Any]) -> bool:
        if not self.usable:
            return False
        with self.lock:
            if len(self.numbers) > self.LIMIT:
                self.numbers.clear()
                self.passed.clear()
            try:
                self.number(ir)
                return bool(self.validator.is_valid(ir))
            except Exception:  # deeper than this pass can go, or anything unforeseen: the full one decides
                return False
            finally:
                self.current.clear()


@functools.cache
def _screen() -> _Screen:
    return _Screen()


def forget_between_compiles() -> None:
    """Forget what this process keeps from one compile for the next (parsed files, subtrees that
    passed the schema), so that the next compile does all its work again: for timing cold compiles
    in one process. What depends only on the compiler (imports, the parser's tables) stays."""
    from twilight.compiler import loader

    loader._PARSE_CACHE.clear()
    loader._PARTS_CACHE.clear()
    if _screen.cache_info().currsize:
        with _screen().lock:
            _screen().numbers.clear()
            _screen().passed.clear()


def _fast_valid(ir: dict[str, Any]) -> bool:
    """A quick "valid or not" before the full validation, which runs only on a "not" (and then decides
    alone, and reports every error as it always has): jsonschema-rs, a validator written in Rust, about
    a hundred times faster than jsonschema on the IR; where it is missing or fails, jsonschema's own
    validation with its verdicts remembered (`_Screen`)."""
    fast = _rust_validator()
    if fast is not None:
        try:
            return bool(fast.is_valid(ir))
        except Exception:  # any trouble in the quick pass: the slower ones decide
            pass
    return _screen().valid(ir)


@functools.cache
def _rust_validator() -> Any:
    try:
        import jsonschema_rs
    except ImportError:
        return None
    try:
        return jsonschema_rs.validator_for(schema())
    except Exception:  # a schema it cannot take: jsonschema alone validates
        return None


def _validate(ir: dict[str, Any], where: dict[int, Pos], sink: Sink) -> None:
    """Validate against the schema; map each error to the deepest IR node that knows its source."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, MAX_IR_DEPTH * 12 + 1000))
    try:
        if _fast_valid(ir):
            return
        errors = sorted(validator().iter_errors(ir), key=lambda e: list(map(str, e.absolute_path)))
    finally:
        sys.setrecursionlimit(limit)
    for top in errors:
        error = _deepest(top)
        pos: Pos | None = None
        node: Any = ir
        for step in error.absolute_path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                break
            pos = where.get(id(node), pos)
        pointer = "/" + "/".join(str(p) for p in error.absolute_path)
        sink.add("E901", f"IR at {pointer}: {error.message}", pos)


def _deepest(error: Any) -> Any:
    """Inside a union's "not valid under any" error, the sub-error deepest in the IR names the cause."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), -len(e.schema_path)))
    return error
