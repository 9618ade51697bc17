"""The language server: pygls over stdio, answering from the analyses of analysis.py.

Compiles run one at a time on a worker thread, a short while after the last change (typing a word is one
compile, not one a letter), so the server keeps answering while a ruleset compiles. A request comes with
the last analysis of its file's ruleset (a first one is made on the spot). Nothing a handler meets ends
the server: an exception is logged to the client (window/logMessage) and the last good tables stay.
Nor does anything a client sends: the framing is transport.py's, and a message that cannot be read is
logged in one line (and answered, when it is a request).

The analyses kept are bounded: those of files no open document belongs to (a hover on a file never
opened compiles it) are dropped, least recently used first, past MAX_IDLE_ANALYSES. Such an analysis is
never checked again: a change to a file it reads drops it, and the next question makes a new one; only the
rulesets of open files are followed (checked as their files or those they read change).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import re
import sys
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any, BinaryIO, TypeVar, cast

import cattrs
from lsprotocol import types
from pygls import uris
from pygls.exceptions import JsonRpcException, JsonRpcInternalError, JsonRpcInvalidRequest
from pygls.lsp.server import LanguageServer
from pygls.workspace import TextDocument, Workspace
from twilight.cli.lsp import describe, editing, messages
from twilight.cli.lsp.analysis import (
    Analysis,
    Target,
    absolute,
    analyse,
    declared_for,
    definitions,
    disk_text,
    is_side_value,
    target_of,
)
from twilight.cli.lsp.convert import (
    client_range,
    document_lines,
    lines_with_ends,
    lsp_diagnostic,
    server_position,
)
from twilight.cli.lsp.transport import MAX_MESSAGE_BYTES, FramedWriter, MessageReader
from twilight.compiler import ast
from twilight.compiler.diagnostics import Diagnostic, Pos
from twilight.compiler.symbols import Declaration, FileSymbols, Use

# How long after a change the compile starts: the next keystroke within it restarts the wait.
DEBOUNCE_SECONDS = 0.15
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# How many analyses of targets without an open document are kept (each holds a ruleset's name tables,
# some megabytes): enough for hovering about a ruleset and the ones it extends.
MAX_IDLE_ANALYSES = 8

# What an open file of a ruleset that the compile did not read gets (a new file not saved yet: a
# ruleset's files are those on disk), so that its empty list of problems does not pass for a clean check.
NOT_SAVED_YET = types.Diagnostic(
    range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
    message="not checked yet: the ruleset's files are read from disk, and this one is not there; save it "
    "and it is checked with the ruleset",
    severity=types.DiagnosticSeverity.Information,
    source="twilight",
)

logger = logging.getLogger("twilight.lsp")
# What the stdin thread hands the event loop when the client has closed stdin.
END_OF_INPUT = object()


class RefusedMessage:
    """In the inbox: a message the reader refused for its size (`length` bytes, never read)."""

    def __init__(self, length: int) -> None:
        self.length = length


Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Any]])


def _version() -> str:
    try:
        return metadata.version("twilight")
    except metadata.PackageNotFoundError:
        return "0"


class RuleDocument(TextDocument):
    """A document whose lines are the protocol's: pygls splits them with str.splitlines(), so that a
    form feed or U+2028 in a comment made one line two, and every edit the client sent below it was
    applied a line too high (the server's text no longer the editor's)."""

    @property
    def lines(self) -> tuple[str, ...]:
        return lines_with_ends(self.source)

    @property
    def source(self) -> str:
        # A document the client has not opened is the file on disk, read as the compiler reads it: pygls
        # reads it whatever it is, and a FIFO named *.tsr held the whole server waiting for a writer.
        if self._source is None:
            return (disk_text(Path(self.path)) if self.path is not None else None) or ""
        return self._source


class RulesWorkspace(Workspace):
    """pygls's workspace, with RuleDocument for each document (pygls makes the workspace itself when the
    client initializes: RulesServer's `initialize` handler gives it this class)."""

    def _create_text_document(
        self,
        doc_uri: str,
        source: str | None = None,
        version: int | None = None,
        language_id: str | None = None,
    ) -> TextDocument:
        return RuleDocument(
            doc_uri,
            source=source,
            version=version,
            language_id=language_id,
            sync_kind=self._sync_kind,
            position_codec=self._position_codec,
        )


class RulesServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "twilight", _version(), text_document_sync_kind=types.TextDocumentSyncKind.Incremental
        )
        # (least recently used first: see keep())
        self.analyses: OrderedDict[Target, Analysis] = OrderedDict()
        self.published: dict[Target, set[str]] = {}
        # What each ruleset's last check found, by file (those with problems): a file that two rulesets
        # read (a base's, with a variant of it open) shows the problems of both, whichever checked last.
        self.found: dict[Target, tuple[Analysis, dict[str, list[types.Diagnostic]]]] = {}
        self.pending: dict[Target, asyncio.Task[None]] = {}
        self.compiler = ThreadPoolExecutor(max_workers=1, thread_name_prefix="twilight-compile")
        self.unusable: set[str] = set()  # the uris of open documents that are no path (logged once)
        self.writer: FramedWriter | None = None
        self.shutting_down = False  # (a `shutdown` request came: only `exit` is taken from then on)
        # The event loop and the inbox the stdin thread puts messages in (set while serving).
        self._inbox: tuple[asyncio.AbstractEventLoop, asyncio.Queue[object]] | None = None

    # ------------------------------------------------------------------ the wire
    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """Serve over stdin and stdout with transport.py's framing instead of pygls's (which a client's
        bad header ends or derails for good): pygls is handed each message read, and sends bare bodies
        that the writer frames."""
        self.writer = FramedWriter(stdout or sys.stdout.buffer)
        self.protocol.set_writer(self.writer, include_headers=False)
        # (stdin unbuffered: the reading thread, a daemon, must hold no lock of a buffered reader when the
        # process exits, or the interpreter aborts at shutdown)
        reader = MessageReader(
            stdin or cast(BinaryIO, getattr(sys.stdin.buffer, "raw", sys.stdin.buffer)),
            logger.warning,
            refused=self._refused_from_the_reader,
        )
        # (pygls's shutdown() sets this event; the loop below stops on it)
        self._stop_event = threading.Event()
        try:
            asyncio.run(self._serve(reader))
        except BrokenPipeError:
            logger.error("the client closed its end of stdout: stopping")
        finally:
            self.shutdown()  # type: ignore[no-untyped-call]  # (pygls leaves it unannotated)

    async def _serve(self, reader: MessageReader) -> None:
        loop = asyncio.get_running_loop()
        inbox: asyncio.Queue[object] = asyncio.Queue()
        # A daemon thread: one blocked on stdin must not hold up the process's exit.
        threading.Thread(
            target=_read_messages, args=(reader, loop, inbox), name="twilight-stdin", daemon=True
        ).start()
        self._inbox = (loop, inbox)
        while self._stop_event is not None and not self._stop_event.is_set():
            data = await inbox.get()
            if data is END_OF_INPUT:
                break
            if isinstance(data, RefusedMessage):
                self.tell_refused(data.length)
                continue
            self.receive(data)

    def _refused_from_the_reader(self, length: int) -> None:
        """On the stdin thread: a message refused for its size, told to the client from the event loop."""
        if self._inbox is not None:
            loop, inbox = self._inbox
            loop.call_soon_threadsafe(inbox.put_nowait, RefusedMessage(length))

    def tell_refused(self, length: int) -> None:
        """The client told, as an error it shows, that a message of its was too large to be read: an edit
        of an open file lost that way leaves the server's copy behind the editor's (which only stderr said,
        where no author looks), until the file is opened again."""
        mib = MAX_MESSAGE_BYTES // (1024 * 1024)
        said = (
            f"twilight: a message of {length:,} bytes from the editor was too large to read (at most {mib}"
            " MiB) and was dropped; if it changed an open rule file, the problems shown for it may be"
            " stale: close the file and open it again."
        )
        self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=said))

    def receive(self, data: object) -> None:
        """Hand one message (parsed JSON) to pygls; what it cannot take is logged in one line, and a
        request among it is answered with the JSON-RPC error."""
        if not isinstance(data, dict):
            logger.warning("a message that is not a JSON object (%s): skipped", type(data).__name__)
            return
        request = "method" in data and "id" in data
        if data.get("jsonrpc") != "2.0":
            logger.warning("%s that is not JSON-RPC 2.0: skipped", _described(data))
            if request and _valid_id(data["id"]):
                self.answer_error(data["id"], JsonRpcInvalidRequest("Invalid Request: not JSON-RPC 2.0"))
            return
        if "id" in data and not _valid_id(data["id"]):
            logger.warning("a message whose id is not a number or a string: skipped")
            if request:
                self.answer_error(
                    None, JsonRpcInvalidRequest("Invalid Request: an id is a number or a string")
                )
            return
        try:
            message = self.protocol.structure_message(data)
        except Exception as err:
            refused = err if isinstance(err, JsonRpcException) else JsonRpcInternalError()
            logger.warning("%s: %s", _described(data), _why(err))
            if request:
                self.answer_error(data["id"], refused)
            return
        if self.shutting_down and request and data["method"] != "exit":
            # (the protocol: a request after `shutdown` is answered with an error, not left unanswered)
            refused = JsonRpcInvalidRequest("Invalid Request: the server is shutting down")
            self.answer_error(data["id"], refused)
            return
        if request and data["method"] == "shutdown":
            self.shutting_down = True
        try:
            self.protocol.handle_message(message)
        except Exception as err:
            logger.error("%s failed: %s: %s", _described(data), err.__class__.__name__, err)

    def answer_error(self, msg_id: int | str | None, error: JsonRpcException) -> None:
        if self.writer is not None:
            self.writer.send(
                {"jsonrpc": "2.0", "id": msg_id, "error": {"code": error.code, "message": error.message}}
            )

    # ------------------------------------------------------------------ the client's documents
    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def open_paths(self) -> dict[str, str]:
        """The open rule files: absolute path -> the uri the client opened it by (pygls keys its
        documents by the uri percent-decoded, `file:///a b/` for `file:///a%20b/`, which is no uri the
        client knows the file by: what is sent about the file carries the client's own)."""
        found: dict[str, str] = {}
        for document in list(self.workspace.text_documents.values()):
            path = self.path_of(document.uri)
            if path is not None:
                found[path] = document.uri
        return found

    def path_of(self, uri: str) -> str | None:
        """The absolute, resolved path of a rule file's uri; None for anything else, and for a uri that
        names no path the system can resolve (a NUL in it, a symlink loop), said once per uri: such a
        document is left out, the others are checked."""
        try:
            return _path_of(uri)
        except (OSError, ValueError, RuntimeError) as err:
            if uri not in self.unusable:
                self.unusable.add(uri)
                self.log(f"{uri} is not checked: {err.__class__.__name__}: {err}", types.MessageType.Warning)
            return None

    def overlays(self) -> dict[str, str]:
        """Absolute path -> the editor's text, for every open rule file."""
        return {path: self.workspace.get_text_document(uri).source for path, uri in self.open_paths().items()}

    def uri_of(self, path: str) -> str:
        """The uri the client knows a file by (the one it opened it with), else the file's own."""
        return self.open_paths().get(path) or uris.from_fs_path(path) or f"file://{path}"

    def lines_of(self, path: str, analysis: Analysis | None = None) -> list[str]:
        """The text of a file as the analysis read it (its positions are of that text), else as it is."""
        text = analysis.texts.get(path) if analysis is not None else None
        if text is None:
            uri = self.open_paths().get(path)
            if uri is not None:
                text = self.workspace.get_text_document(uri).source
            else:
                text = disk_text(Path(path)) or ""
        return document_lines(text)

    # ------------------------------------------------------------------ compiling
    def changed(self, path: str, delay: float) -> None:
        """A file changed (opened, edited, saved, closed): compile its ruleset again, and every other
        ruleset followed that reads it (a variant of the ruleset it belongs to)."""
        target = target_of(Path(path))
        self.recheck({target} | self.readers(path), delay, also=target)

    def followed(self) -> set[Target]:
        """The rulesets the editor works on: those a file of which is open. A ruleset only asked about
        (a hover or a definition in a file of it never opened) is analysed for the answer, not followed."""
        return {target_of(Path(path)) for path in self.open_paths()}

    def recheck(self, targets: set[Target], delay: float, also: Target | None = None) -> None:
        """Check again those of `targets` that are followed (and `also`); the analyses of the others are
        dropped, not checked: they were of the old text, and the next question about them makes a new one
        (checking them at each keystroke cost a compile each and published the problems of rulesets no
        file of which the editor shows)."""
        followed = self.followed()
        for each in targets:
            if each == also or each in followed:
                self.schedule(each, delay)
            else:
                self.forget(each)

    def readers(self, path: str) -> set[Target]:
        """The rulesets analysed that read the file, or would read it: a file new in the folder of a
        ruleset they extend is theirs too once it is on disk."""
        home = target_of(Path(path))
        return {
            target
            for target, analysis in self.analyses.items()
            if analysis.covers(path)
            or (not home.lone and any(home.path == folder.resolve() for folder in analysis.folders))
        }

    def schedule(self, target: Target, delay: float, then_forget: bool = False) -> None:
        """Check `target` after `delay` (instead of any check of it waiting); `then_forget`: and drop it
        then, unless a document of it was opened meanwhile."""
        waiting = self.pending.get(target)
        if waiting is not None and not waiting.done():
            waiting.cancel()
        self.pending[target] = asyncio.ensure_future(self._compile_later(target, delay, then_forget))

    async def _compile_later(self, target: Target, delay: float, then_forget: bool = False) -> None:
        await asyncio.sleep(delay)
        analysis = await self.compile(target)
        if analysis is not None:
            self.publish(analysis)
        if then_forget and not any(target_of(Path(path)) == target for path in self.open_paths()):
            self.forget(target)

    async def compile(self, target: Target) -> Analysis | None:
        """A new analysis of `target` (on the worker thread), or None when it failed: then the last one
        stays, and the failure is logged."""
        previous = self.analyses.get(target)
        loop = asyncio.get_running_loop()
        try:
            analysis = await loop.run_in_executor(self.compiler, analyse, target, self.overlays(), previous)
        except Exception as err:
            self.log(
                f"checking {target.path} failed: {err.__class__.__name__}: {err}", types.MessageType.Error
            )
            return None
        self.keep(analysis)
        self.log(analysis.summary())
        return analysis

    def keep(self, analysis: Analysis) -> None:
        """Store an analysis as the most recent, dropping the oldest of those no open document needs
        beyond MAX_IDLE_ANALYSES."""
        self.analyses[analysis.target] = analysis
        self.analyses.move_to_end(analysis.target)
        needed = {target_of(Path(path)) for path in self.open_paths()}
        idle = [target for target in self.analyses if target not in needed]
        for target in idle[: max(0, len(idle) - MAX_IDLE_ANALYSES)]:
            self.forget(target)

    def forget(self, target: Target) -> None:
        """Drop what is kept of a target (its diagnostics shown stay: the next check of it clears them;
        the other rulesets' checks no longer show them with their own)."""
        self.analyses.pop(target, None)
        self.found.pop(target, None)
        waiting = self.pending.pop(target, None)
        if waiting is not None and not waiting.done() and waiting is not asyncio.current_task():
            waiting.cancel()
        if not self.published.get(target, True):
            del self.published[target]

    def changed_on_disk(self, path: str) -> None:
        """A rule file no document holds was written, made or deleted outside the editor (a checkout,
        `twilight fmt`, another program): the rulesets analysed that read it, or whose folder holds it,
        are checked again. No ruleset is analysed anew for it: only those the editor works on count."""
        if path in self.open_paths():
            return  # (the editor's text stands for it)
        self.recheck(self.readers(path), DEBOUNCE_SECONDS)

    def watch_rule_files(self) -> None:
        """Ask the client to say when rule files change on disk, when it can be asked
        (workspace/didChangeWatchedFiles, registered dynamically: VS Code, Neovim 0.10 and later)."""
        workspace = self.client_capabilities.workspace
        watched = workspace.did_change_watched_files if workspace is not None else None
        if watched is None or not watched.dynamic_registration:
            return
        options = types.DidChangeWatchedFilesRegistrationOptions(
            watchers=[types.FileSystemWatcher(glob_pattern="**/*.tsr")]
        )
        registration = types.Registration(
            id="twilight-rule-files",
            method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=options,
        )
        # (not awaited: the answer changes nothing here)
        self.client_register_capability(types.RegistrationParams(registrations=[registration]))

    def closed(self, path: str) -> None:
        """A document was closed: its ruleset's analysis is dropped when no other open document needs
        it; the rulesets analysed that read the file are checked again (the file on disk counts now)."""
        target = target_of(Path(path))
        if not any(target_of(Path(other)) == target for other in self.open_paths()):
            if target.lone:
                self.forget(target)
                # (a lone file's diagnostics are of its unsaved text, which is gone)
                self.text_document_publish_diagnostics(
                    types.PublishDiagnosticsParams(uri=self.uri_of(path), diagnostics=[])
                )
                self.published.pop(target, None)
            elif self._checked_as_on_disk(target, path):
                self.forget(target)
            else:
                # The problems shown were of the editor's text, left unsaved (a declaration renamed
                # leaves errors in the files that use it): one last check, of the files on disk, puts
                # them right, then the ruleset is no longer followed.
                self.schedule(target, 0, then_forget=True)
        else:
            self.schedule(target, 0)
        self.recheck(
            {other for other, analysis in self.analyses.items() if other != target and analysis.covers(path)},
            0,
        )

    def _checked_as_on_disk(self, target: Target, path: str) -> bool:
        """Whether the last check of `target` read the file at `path` as it is on disk, and no check of
        it is waiting (one of another text may come)."""
        analysis = self.analyses.get(target)
        waiting = self.pending.get(target)
        if analysis is None or (waiting is not None and not waiting.done()):
            return False
        return analysis.texts.get(path) == disk_text(Path(path))

    async def analysis_for(self, path: str) -> Analysis | None:
        """The latest analysis covering the file, made now if there is none yet."""
        target = target_of(Path(path))
        found = self.analyses.get(target)
        if found is None:
            found = await self.compile(target)
        else:
            self.analyses.move_to_end(target)
        return found

    def publish(self, analysis: Analysis) -> None:
        """Diagnostics for every file of the ruleset that has some; an empty list for each file that had
        some and has none now (and for the open files, so that they show a clean check)."""
        target = analysis.target
        codec = self.workspace.position_codec
        opened = self.open_paths()
        # (a ruleset with many problems names the same few files many times)
        lines_of = functools.cache(lambda path: self.lines_of(path, analysis))
        uri_of = functools.cache(lambda path: opened.get(path) or self.uri_of(path))

        def converted(found: list[Diagnostic]) -> list[types.Diagnostic]:
            return [lsp_diagnostic(d, lines_of, uri_of, absolute, codec) for d in found]

        by_file = {path: converted(found) for path, found in analysis.diagnostics.items()}
        if analysis.unplaced:
            # Diagnostics without a place (an unknown ruleset): at the start of the file they concern.
            home = str(target.path / "ruleset.tsr") if not target.lone else str(target.path)
            by_file.setdefault(home, []).extend(converted(analysis.unplaced))
        open_here = {p for p in opened if target_of(Path(p)) == target}
        for path in self.published.get(target, set()) | open_here:
            by_file.setdefault(path, [])
        for path in open_here:
            if not target.lone and not analysis.covers(path) and not Path(path).exists():
                by_file[path].append(NOT_SAVED_YET)
        self.found[target] = (analysis, {path: shown for path, shown in by_file.items() if shown})
        for path in by_file:
            shown = self.shown_in(path, analysis.texts.get(path))
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri_of(path), diagnostics=shown)
            )
        self.published[target] = {path for path, shown in by_file.items() if shown}

    def shown_in(self, path: str, text: str | None) -> list[types.Diagnostic]:
        """The problems of a file as every ruleset followed found them in its `text`, each once (a base's
        problem is its variant's too). Those another ruleset found in an earlier text of the file are left
        out (their places are of that text): its own check, to come, shows them again."""
        merged: dict[tuple[object, ...], types.Diagnostic] = {}
        for checked, found in self.found.values():
            if checked.texts.get(path) != text:
                continue
            for diagnostic in found.get(path, []):
                start, end = diagnostic.range.start, diagnostic.range.end
                place = (start.line, start.character, end.line, end.character)
                merged.setdefault((*place, diagnostic.code, diagnostic.message), diagnostic)
        return list(merged.values())

    # ------------------------------------------------------------------ names at the cursor
    async def name_at(self, uri: str, position: types.Position) -> tuple[Analysis, Declaration | Use] | None:
        """The declaration or use under the cursor, from the tables. When they were read from another
        text (the file changed since it last parsed), the word under the cursor stands for a name where
        the tables have no name of that word there; when they are of this text, a place they have no
        name at has none (a table's column, a word of a comment: not whatever is declared so)."""
        path = self.path_of(uri)
        if path is None:
            return None
        analysis = await self.analysis_for(path)
        if analysis is None:
            return None
        document = self.workspace.get_text_document(uri)
        lines = document.lines
        line, col = server_position(list(lines), position, self.workspace.position_codec)
        shown = analysis.shown_path(path)
        found = analysis.table.at(shown, line, col)
        if analysis.read_as(path, document.source):
            if found is None:
                found = _extended(analysis.file_symbols(path), list(lines), line, col)
            return (analysis, found) if found is not None else None
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        for word in WORD.finditer(text):
            if word.start() <= col - 1 <= word.end():
                if found is not None and found.name == word.group():
                    return analysis, found
                return analysis, Use(word.group(), Pos(shown, line, word.start() + 1, line, word.end() + 1))
        return None

    async def message_at(self, uri: str, position: types.Position) -> tuple[str, Pos, Analysis] | None:
        """The Fluent message named by the word under the cursor (messages.py: a choice's decision, a
        forbid's code), with the word's place; only where the tables are of the document's text."""
        path = self.path_of(uri)
        analysis = await self.analysis_for(path) if path is not None else None
        if path is None or analysis is None:
            return None
        document = self.workspace.get_text_document(uri)
        symbols = analysis.file_symbols(path)
        if symbols is None or not analysis.read_as(path, document.source):
            return None
        line, col = server_position(list(document.lines), position, self.workspace.position_codec)
        found = messages.message_at(symbols.decls, line, col)
        return None if found is None else (found[0], found[1], analysis)

    async def other_hover(self, uri: str, position: types.Position) -> types.Hover | None:
        """The hover of a word that names no declaration: a Fluent message's id, else a keyword."""
        named = await self.message_at(uri, position)
        if named is None:
            return self.keyword_hover(uri, position)
        msg_id, pos, analysis = named
        codec = self.workspace.position_codec
        text = messages.hover_text(msg_id, messages.written(msg_id, analysis.folders))
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=client_range(pos, self.lines_of(absolute(pos.file), analysis), codec),
        )

    def keyword_hover(self, uri: str, position: types.Position) -> types.Hover | None:
        """What a keyword of the language under the cursor is (not in a comment or a string)."""
        if self.path_of(uri) is None:
            return None
        lines = list(self.workspace.get_text_document(uri).lines)
        codec = self.workspace.position_codec
        line, col = server_position(lines, position, codec)
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        for word in WORD.finditer(text):
            if word.start() <= col - 1 <= word.end():
                said = describe.keyword_text(word.group())
                if said is None or editing.in_comment_or_string(text, word.start() + 1):
                    return None
                where = Pos("", line, word.start() + 1, line, word.end() + 1)
                return types.Hover(
                    contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=said),
                    range=client_range(where, lines, codec),
                )
        return None

    def location(self, pos: Pos, analysis: Analysis) -> types.Location:
        path = absolute(pos.file)
        codec = self.workspace.position_codec
        return types.Location(
            uri=self.uri_of(path), range=client_range(pos, self.lines_of(path, analysis), codec)
        )


def _extended(symbols: FileSymbols | None, lines: list[str], line: int, col: int) -> Use | None:
    """The ruleset a manifest's `extends "NAME"` names, when the cursor (1-based `line`:`col`) is on the
    quoted name: a use of the ruleset's name, which its manifest declares."""
    for decl in symbols.decls if symbols is not None else []:
        if not isinstance(decl, ast.RulesetDecl):
            continue
        for name, pos in decl.extends:
            text = lines[pos.line - 1] if 0 < pos.line <= len(lines) else ""
            quote = text.find('"', pos.col - 1)
            if pos.line == line and quote >= 0 and quote < col <= quote + len(name) + 2:
                return Use(name, Pos(pos.file, line, quote + 2, line, quote + 2 + len(name)), kind="ruleset")
    return None


def _path_of(uri: str) -> str | None:
    """The absolute, resolved path of a rule file's uri; None for anything else. Raises what resolving
    the path raises (ValueError for a NUL in it, RuntimeError or OSError for a symlink loop)."""
    path = uris.to_fs_path(uri)
    if path is None or not path.endswith(".tsr"):
        return None
    return str(Path(path).resolve())


def _read_messages(
    reader: MessageReader, loop: asyncio.AbstractEventLoop, inbox: asyncio.Queue[object]
) -> None:
    """The stdin thread: each message parsed into the event loop's inbox, END_OF_INPUT last. A body that
    is not JSON is logged and skipped (reading on from a header inside it, when there is one)."""
    try:
        while True:
            body = reader.next_body()
            if body is None:
                break
            try:
                data = json.loads(body)
            except (ValueError, RecursionError) as err:  # (UnicodeDecodeError is a ValueError)
                logger.warning("a message that is not JSON (%s): skipped", _why(err))
                reader.resume_within(body)
                continue
            loop.call_soon_threadsafe(inbox.put_nowait, data)
    except Exception as err:
        logger.error("reading stdin failed: %s: %s", err.__class__.__name__, err)
    finally:
        loop.call_soon_threadsafe(inbox.put_nowait, END_OF_INPUT)


def _valid_id(msg_id: object) -> bool:
    """Whether an id is one JSON-RPC allows (a string, an integer, or null)."""
    return (
        msg_id is None
        or isinstance(msg_id, str)
        or (isinstance(msg_id, int) and not isinstance(msg_id, bool))
    )


def _described(data: dict[str, Any]) -> str:
    method = data.get("method")
    what = f"{method!r}" if isinstance(method, str) else "a message"
    return f"request {data['id']!r} {what}" if "id" in data and method is not None else what


def _why(err: BaseException) -> str:
    """One line on why a message could not be read: cattrs's validation errors, where they were."""
    cause = err.__cause__ if isinstance(err, JsonRpcException) and err.__cause__ is not None else err
    if isinstance(cause, cattrs.ClassValidationError):
        return "invalid params: " + "; ".join(cattrs.transform_error(cause))[:500]
    return f"{cause.__class__.__name__}: {str(cause)[:300]}"


def guarded(server: RulesServer, default: object) -> Callable[[Handler], Handler]:
    """A handler that logs what goes wrong in it and answers `default`, instead of failing the request."""

    def wrap(handler: Handler) -> Handler:
        @functools.wraps(handler)
        async def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return await handler(*args, **kwargs)
            except Exception as err:
                server.log(
                    f"{handler.__name__} failed: {err.__class__.__name__}: {err}", types.MessageType.Error
                )
                return default

        return cast(Handler, run)

    return wrap


def build_server() -> RulesServer:
    server = RulesServer()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    @guarded(server, None)
    async def did_open(params: types.DidOpenTextDocumentParams) -> None:
        path = server.path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(server, None)
    async def did_change(params: types.DidChangeTextDocumentParams) -> None:
        path = server.path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded(server, None)
    async def did_save(params: types.DidSaveTextDocumentParams) -> None:
        path = server.path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(server, None)
    async def did_close(params: types.DidCloseTextDocumentParams) -> None:
        path = server.path_of(params.text_document.uri)
        server.unusable.discard(params.text_document.uri)
        if path is not None:
            server.closed(path)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded(server, None)
    async def definition(params: types.DefinitionParams) -> list[types.Location] | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            named = await server.message_at(params.text_document.uri, params.position)
            if named is None:
                return None
            msg_id, _, analysis = named
            # (the id is at the start of its line, in ASCII: its columns are the same in every encoding)
            return [
                types.Location(
                    uri=uris.from_fs_path(str(each.path)) or each.path.as_uri(),
                    range=types.Range(
                        start=types.Position(line=each.line, character=0),
                        end=types.Position(line=each.line, character=len(msg_id)),
                    ),
                )
                for each in messages.written(msg_id, analysis.folders)
            ] or None
        analysis, item = found
        return [server.location(d.pos, analysis) for d in declared_for(analysis, item)] or None

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded(server, None)
    async def references(params: types.ReferenceParams) -> list[types.Location] | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            return None
        analysis, item = found
        path = server.path_of(params.text_document.uri) or ""
        # Every ruleset analysed that reads this file: the uses in its variants count too.
        readers = [analysis, *(a for a in server.analyses.values() if a is not analysis and a.covers(path))]
        places: dict[tuple[str, int, int], types.Location] = {}
        for reader in readers:
            wanted: list[Declaration | Use] = list(reader.table.uses(item.name, item.owner))
            declared = definitions(reader.table, item)
            if any(d.kind == "side" for d in declared):
                # (`setting ai_side: us | ussr` names the sides: no declaration, a use of each)
                wanted += [d for d in reader.table.declarations(item.name) if is_side_value(d)]
            if params.context.include_declaration:
                wanted[:0] = declared
            for one in wanted:
                key = (absolute(one.pos.file), one.pos.line, one.pos.col)
                places.setdefault(key, server.location(one.pos, reader))
        return list(places.values()) or None

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(server, None)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            return await server.other_hover(params.text_document.uri, params.position)
        analysis, item = found
        declared = declared_for(analysis, item)
        signature = describe.primitives().get(item.name) if isinstance(item, Use) and item.call else None
        given = describe.given_text(item.name) if isinstance(item, Use) and not item.call else None
        if declared:
            text = describe.hover_text(declared, analysis.table, analysis.folders, analysis.options)
        elif signature is not None:
            text = describe.primitive_text(signature)
        elif given is not None:
            text = given
        else:
            return await server.other_hover(params.text_document.uri, params.position)
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=client_range(
                item.pos, server.lines_of(absolute(item.pos.file), analysis), server.workspace.position_codec
            ),
        )

    # (not a space: a list of every name opened by each space typed, which Enter at the end of a line
    # then takes, puts a name where the author meant a new line; a word typed opens the list anyway)
    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["(", ","]))
    @guarded(server, None)
    async def completion(params: types.CompletionParams) -> types.CompletionList | None:
        path = server.path_of(params.text_document.uri)
        analysis = await server.analysis_for(path) if path is not None else None
        if path is None or analysis is None:
            return None
        if analysis.completions is None:
            analysis.completions = editing.completion_items(analysis.table, analysis.folders)
        document = server.workspace.get_text_document(params.text_document.uri)
        lines = list(document.lines)
        line, col = server_position(lines, params.position, server.workspace.position_codec)
        if 0 < line <= len(lines) and editing.in_comment_or_string(lines[line - 1], col):
            return None  # (no name is written there: a list of every name is only in the way)
        patched = editing.patched_priority(analysis.file_symbols(path), document.source, line, col)
        options = editing.option_items(analysis.table, patched) if patched is not None else []
        return types.CompletionList(is_incomplete=False, items=[*options, *analysis.completions])

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded(server, None)
    async def document_symbol(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        path = server.path_of(params.text_document.uri)
        analysis = await server.analysis_for(path) if path is not None else None
        if path is None or analysis is None:
            return None
        symbols = analysis.file_symbols(path)
        if symbols is None:
            return []
        return editing.document_symbols(
            symbols, server.lines_of(path, analysis), server.workspace.position_codec
        )

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    @guarded(server, [])
    async def formatting(params: types.DocumentFormattingParams) -> list[types.TextEdit]:
        document = server.workspace.get_text_document(params.text_document.uri)
        path = server.path_of(params.text_document.uri) or document.path
        if editing.too_large(document.source):
            server.log(f"{params.text_document.uri} is too large to format", types.MessageType.Warning)
            return []
        # On the compile thread: the layout of a large file takes a second or two, in which the server
        # would answer nothing else (and compiles and layouts are one at a time there, as before).
        loop = asyncio.get_running_loop()
        codec = server.workspace.position_codec
        return await loop.run_in_executor(server.compiler, editing.formatting, document.source, path, codec)

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        # (pygls has just made the workspace, with no documents yet: only their class changes)
        server.workspace.__class__ = RulesWorkspace

    @server.feature(types.INITIALIZED)
    @guarded(server, None)
    async def initialized(params: types.InitializedParams) -> None:
        server.log(f"twilight lsp {server.version}, working directory {os.getcwd()}")
        server.watch_rule_files()

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    @guarded(server, None)
    async def did_change_watched_files(params: types.DidChangeWatchedFilesParams) -> None:
        for change in params.changes:
            path = server.path_of(change.uri)
            if path is not None:
                server.changed_on_disk(path)

    return server


class OneLine(logging.Formatter):
    """pygls logs what it cannot handle (a message that is not JSON) with its traceback; the editor's log
    gets one line, with the error, instead."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        why = f": {error.__class__.__name__}: {error}" if error is not None else ""
        # (pygls puts a traceback in the text of some messages, after their first line)
        first = record.getMessage().split("\n", 1)[0]
        return f"twilight lsp: {record.levelname.lower()}: {first}{why}"


class WithoutRepeats(logging.Filter):
    """pygls logs a message it cannot structure (with its traceback) before the server logs why, in one
    line (RulesServer.receive): its own line is left out."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Unable to deserialize message")


def serve() -> None:
    """Serve one client over stdin and stdout until it says `exit` (or closes stdin). Logs go to stderr,
    which editors keep as the server's log: stdout carries the protocol alone."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    handler.addFilter(WithoutRepeats())
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    build_server().start_io()
