"""The language server: pygls over stdio, answering from the analyses of analysis.py.

Compiles run one at a time on a worker thread, a short while after the last change (typing a word is one
compile, not one a letter), so the server keeps answering while a ruleset compiles. A request comes with
the last analysis of its file's ruleset (a first one is made on the spot). Nothing a handler meets ends
the server: an exception is logged to the client (window/logMessage) and the last good tables stay.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import re
import sys
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar, cast

from lsprotocol import types
from pygls import uris
from pygls.lsp.server import LanguageServer
from twilight.cli.lsp import describe, editing
from twilight.cli.lsp.analysis import Analysis, Target, absolute, analyse, definitions, target_of
from twilight.cli.lsp.convert import client_range, lsp_diagnostic, server_position
from twilight.compiler.diagnostics import Diagnostic, Pos
from twilight.compiler.symbols import Declaration, Use

# How long after a change the compile starts: the next keystroke within it restarts the wait.
DEBOUNCE_SECONDS = 0.15
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

Handler = TypeVar("Handler", bound=Callable[..., Awaitable[Any]])


def _version() -> str:
    try:
        return metadata.version("twilight")
    except metadata.PackageNotFoundError:
        return "0"


class RulesServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "twilight", _version(), text_document_sync_kind=types.TextDocumentSyncKind.Incremental
        )
        self.analyses: dict[Target, Analysis] = {}
        self.published: dict[Target, set[str]] = {}
        self.pending: dict[Target, asyncio.Task[None]] = {}
        self.compiler = ThreadPoolExecutor(max_workers=1, thread_name_prefix="twilight-compile")

    # ------------------------------------------------------------------ the client's documents
    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def open_paths(self) -> dict[str, str]:
        """The open rule files: absolute path -> uri."""
        found: dict[str, str] = {}
        for uri in list(self.workspace.text_documents):
            path = _path_of(uri)
            if path is not None:
                found[path] = uri
        return found

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
                try:
                    text = Path(path).read_text(encoding="utf-8")
                except (OSError, UnicodeDecodeError):
                    text = ""
        return text.split("\n")

    # ------------------------------------------------------------------ compiling
    def changed(self, path: str, delay: float) -> None:
        """A file changed (opened, edited, saved, closed): compile its ruleset again, and every other
        ruleset analysed that reads it (a variant of the ruleset it belongs to)."""
        target = target_of(Path(path))
        wanted = {target} | {t for t, a in self.analyses.items() if a.covers(path)}
        for each in wanted:
            self.schedule(each, delay)

    def schedule(self, target: Target, delay: float) -> None:
        waiting = self.pending.get(target)
        if waiting is not None and not waiting.done():
            waiting.cancel()
        self.pending[target] = asyncio.ensure_future(self._compile_later(target, delay))

    async def _compile_later(self, target: Target, delay: float) -> None:
        await asyncio.sleep(delay)
        analysis = await self.compile(target)
        if analysis is not None:
            self.publish(analysis)

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
        self.analyses[target] = analysis
        self.log(analysis.summary())
        return analysis

    async def analysis_for(self, path: str) -> Analysis | None:
        """The latest analysis covering the file, made now if there is none yet."""
        target = target_of(Path(path))
        found = self.analyses.get(target)
        if found is None:
            found = await self.compile(target)
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
        for path, shown in by_file.items():
            self.text_document_publish_diagnostics(
                types.PublishDiagnosticsParams(uri=uri_of(path), diagnostics=shown)
            )
        self.published[target] = {path for path, shown in by_file.items() if shown}

    # ------------------------------------------------------------------ names at the cursor
    async def name_at(self, uri: str, position: types.Position) -> tuple[Analysis, Declaration | Use] | None:
        """The declaration or use under the cursor, from the tables; the word under it when the tables
        have nothing there (a file changed since it last parsed)."""
        path = _path_of(uri)
        if path is None:
            return None
        analysis = await self.analysis_for(path)
        if analysis is None:
            return None
        lines = self.workspace.get_text_document(uri).lines
        line, col = server_position(list(lines), position, self.workspace.position_codec)
        shown = analysis.shown_path(path)
        found = analysis.table.at(shown, line, col)
        if found is not None:
            return analysis, found
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        for word in WORD.finditer(text):
            if word.start() <= col - 1 <= word.end():
                return analysis, Use(word.group(), Pos(shown, line, word.start() + 1, line, word.end() + 1))
        return None

    def location(self, pos: Pos, analysis: Analysis) -> types.Location:
        path = absolute(pos.file)
        codec = self.workspace.position_codec
        return types.Location(
            uri=self.uri_of(path), range=client_range(pos, self.lines_of(path, analysis), codec)
        )


def _path_of(uri: str) -> str | None:
    """The absolute, resolved path of a rule file's uri; None for anything else."""
    path = uris.to_fs_path(uri)
    if path is None or not path.endswith(".tsr"):
        return None
    return str(Path(path).resolve())


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
        path = _path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    @guarded(server, None)
    async def did_change(params: types.DidChangeTextDocumentParams) -> None:
        path = _path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    @guarded(server, None)
    async def did_save(params: types.DidSaveTextDocumentParams) -> None:
        path = _path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    @guarded(server, None)
    async def did_close(params: types.DidCloseTextDocumentParams) -> None:
        path = _path_of(params.text_document.uri)
        if path is not None:
            server.changed(path, 0)  # (the file on disk counts again)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    @guarded(server, None)
    async def definition(params: types.DefinitionParams) -> list[types.Location] | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            return None
        analysis, item = found
        return [server.location(d.pos, analysis) for d in definitions(analysis.table, item)] or None

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    @guarded(server, None)
    async def references(params: types.ReferenceParams) -> list[types.Location] | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            return None
        analysis, item = found
        path = _path_of(params.text_document.uri) or ""
        # Every ruleset analysed that reads this file: the uses in its variants count too.
        readers = [analysis, *(a for a in server.analyses.values() if a is not analysis and a.covers(path))]
        places: dict[tuple[str, int, int], types.Location] = {}
        for reader in readers:
            wanted: list[Declaration | Use] = list(reader.table.uses(item.name, item.owner))
            if params.context.include_declaration:
                wanted[:0] = definitions(reader.table, item)
            for one in wanted:
                key = (absolute(one.pos.file), one.pos.line, one.pos.col)
                places.setdefault(key, server.location(one.pos, reader))
        return list(places.values()) or None

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @guarded(server, None)
    async def hover(params: types.HoverParams) -> types.Hover | None:
        found = await server.name_at(params.text_document.uri, params.position)
        if found is None:
            return None
        analysis, item = found
        declared = definitions(analysis.table, item)
        signature = describe.primitives().get(item.name) if isinstance(item, Use) and item.call else None
        if declared:
            text = describe.hover_text(declared, analysis.table, analysis.folders)
        elif signature is not None:
            text = describe.primitive_text(signature)
        else:
            return None
        return types.Hover(
            contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text),
            range=client_range(
                item.pos, server.lines_of(absolute(item.pos.file), analysis), server.workspace.position_codec
            ),
        )

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["(", ",", " "])
    )
    @guarded(server, None)
    async def completion(params: types.CompletionParams) -> types.CompletionList | None:
        path = _path_of(params.text_document.uri)
        analysis = await server.analysis_for(path) if path is not None else None
        if path is None or analysis is None:
            return None
        if analysis.completions is None:
            analysis.completions = editing.completion_items(analysis.table, analysis.folders)
        document = server.workspace.get_text_document(params.text_document.uri)
        line, col = server_position(list(document.lines), params.position, server.workspace.position_codec)
        patched = editing.patched_priority(analysis.file_symbols(path), document.source, line, col)
        options = editing.option_items(analysis.table, patched) if patched is not None else []
        return types.CompletionList(is_incomplete=False, items=[*options, *analysis.completions])

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded(server, None)
    async def document_symbol(params: types.DocumentSymbolParams) -> list[types.DocumentSymbol] | None:
        path = _path_of(params.text_document.uri)
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
        path = _path_of(params.text_document.uri) or document.path
        return editing.formatting(document.source, path, server.workspace.position_codec)

    @server.feature(types.INITIALIZED)
    @guarded(server, None)
    async def initialized(params: types.InitializedParams) -> None:
        server.log(f"twilight lsp {server.version}, working directory {os.getcwd()}")

    return server


class OneLine(logging.Formatter):
    """pygls logs what it cannot handle (a message that is not JSON) with its traceback; the editor's log
    gets one line, with the error, instead."""

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        why = f": {error.__class__.__name__}: {error}" if error is not None else ""
        return f"twilight lsp: {record.levelname.lower()}: {record.getMessage()}{why}"


def serve() -> None:
    """Serve one client over stdin and stdout until it says `exit` (or closes stdin). Logs go to stderr,
    which editors keep as the server's log: stdout carries the protocol alone."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    build_server().start_io()
