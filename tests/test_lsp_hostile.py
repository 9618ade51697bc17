"""`twilight lsp` against a client that frames badly, sends what cannot be read, or opens what cannot be
checked: each time the server says why in one line, answers what it can, and answers the next
well-formed request (cli/lsp/transport.py, cli/lsp/server.py)."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from lsp_client import LspProcess
from twilight.cli.lsp import server as lsp_server
from twilight.cli.lsp.analysis import Analysis, Target
from twilight.cli.lsp.transport import MAX_MESSAGE_BYTES, FramedWriter, MessageReader
from twilight.compiler.diagnostics import Sink
from twilight.compiler.loader import MAX_RULE_FILE_BYTES, Loader

ROOT = Path(__file__).resolve().parent.parent
CLEAN = "card 1 foo {\n}\n"


@pytest.fixture(scope="module")
def lsp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LspProcess]:
    root = tmp_path_factory.mktemp("hostile")
    process = LspProcess(root)
    try:
        process.start(root)
        yield process
        assert process.stop() == 0
    finally:
        if process.process.poll() is None:
            process.process.kill()


def framed(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def ping(lsp: LspProcess) -> None:
    """A well-formed request is answered (`request` raises on an error answer or none)."""
    hover = {"textDocument": {"uri": "untitled:x"}, "position": {"line": 0, "character": 0}}
    assert lsp.request("textDocument/hover", hover, timeout=20) is None
    assert lsp.process.poll() is None


def logged(lsp: LspProcess, needle: str, timeout: float = 10) -> str:
    deadline = time.monotonic() + timeout
    while needle not in b"".join(lsp.stderr).decode(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.05)
    log = b"".join(lsp.stderr).decode(errors="replace")
    assert needle in log
    return log


HOSTILE = {
    "a huge length": (
        b"Content-Length: 99999999999999\r\n\r\n{}",
        "refused a message of 99999999999999 bytes",
    ),
    "over the bound": (b"Content-Length: %d\r\n\r\n{}" % (MAX_MESSAGE_BYTES + 1), "refused a message"),
    "a short length": (
        b"Content-Length: 5\r\n\r\n" + b'{"jsonrpc":"2.0","id":80,"method":"shutdown"}',
        "that no Content-Length header came before: b'nrpc",
    ),
    "a body without a header": (b'\r\n{"jsonrpc":"2.0"}', "that no Content-Length header came before"),
    "a negative length": (b"Content-Length: -5\r\n\r\n{}", "without a valid Content-Length"),
    "junk before a header": (b"Garbage\xff\xfe\r\n" + framed(b'{"jsonrpc":"2.0","method":"$/x"}'), "Garbage"),
    "not JSON": (framed(b"{bad"), "a message that is not JSON (JSONDecodeError"),
    "deep JSON": (framed(b"[" * 100_000 + b"]" * 100_000), "(RecursionError"),
    "not UTF-8": (framed(b'{"jsonrpc":"2.0","id":78,"method":"x\xff"}'), "(UnicodeDecodeError"),
    "a batch": (framed(b'[{"jsonrpc":"2.0","id":99,"method":"shutdown"}]'), "not a JSON object (list)"),
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_badly_framed_message_is_skipped_and_the_next_one_answered(lsp: LspProcess, name: str) -> None:
    raw, said = HOSTILE[name]
    lsp.write(raw)
    ping(lsp)
    log = logged(lsp, said)
    assert "Traceback" not in log


def test_a_too_long_length_that_runs_into_the_next_message_reads_on_from_its_header(lsp: LspProcess) -> None:
    # (a length of 40 for a body of 2 bytes: the 38 more are the start of the next message)
    lsp.write(b"Content-Length: 40\r\n\r\n{}")
    ping(lsp)


def test_header_names_in_any_case_and_lf_line_endings_are_read(lsp: LspProcess) -> None:
    body = json.dumps({"jsonrpc": "2.0", "id": "lf", "method": "shutdown-not", "params": None}).encode()
    lsp.write(b"content-length: %d\n\n" % len(body) + body)
    answer = lsp.answer({"jsonrpc": "2.0", "id": "next", "method": "textDocument/hover", "params": None})
    assert answer["error"]["code"] == -32602
    # the LF-framed request was read, and answered too (an unknown method)
    assert any(m.get("id") == "lf" and m["error"]["code"] == -32601 for m in lsp.notifications)


@pytest.mark.parametrize(
    "params",
    [{"textDocument": {"uri": "untitled:x"}, "position": {"line": -1, "character": -5}}, {}, None],
)
def test_a_request_with_invalid_params_gets_the_invalid_params_error(lsp: LspProcess, params: Any) -> None:
    request = {"jsonrpc": "2.0", "id": 4242, "method": "textDocument/hover", "params": params}
    answer = lsp.answer(request)
    assert answer["error"]["code"] == -32602
    assert "traceback" not in json.dumps(answer).lower()
    log = logged(lsp, "request 4242 'textDocument/hover': invalid params")
    assert "Traceback" not in log and "Unable to deserialize" not in log
    ping(lsp)


def test_an_id_that_is_no_id_gets_an_invalid_request_error_without_a_traceback(lsp: LspProcess) -> None:
    hover = {"textDocument": {"uri": "untitled:y"}, "position": {"line": 0, "character": 0}}
    lsp.send({"id": {"a": 1}, "method": "textDocument/hover", "params": hover})
    answer = lsp.answer({"jsonrpc": "2.0", "id": "after", "method": "textDocument/hover", "params": hover})
    assert answer == {"jsonrpc": "2.0", "id": "after", "result": None}
    [refused] = [m for m in lsp.notifications if m.get("id") is None and "error" in m]
    assert refused["error"]["code"] == -32600
    assert "traceback" not in json.dumps(lsp.notifications).lower()


def test_the_writer_keeps_tracebacks_out_of_error_answers() -> None:
    out = io.BytesIO()
    writer = FramedWriter(out)
    error = {"code": -32603, "message": "boom", "data": {"traceback": ["File pygls/x.py"]}}
    writer.write(json.dumps({"jsonrpc": "2.0", "id": 1, "error": error}).encode())
    header, _, body = out.getvalue().partition(b"\r\n\r\n")
    assert header == b"Content-Length: %d" % len(body)
    assert json.loads(body) == {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "boom"}}


def test_the_reader_frames_what_follows_a_refused_message() -> None:
    said: list[str] = []
    stream = io.BytesIO(b"CONTENT-LENGTH: 999\n\n{}" + framed(b'{"a":1}') + b"Content-Length: 3\r\n\r\n{}")
    reader = MessageReader(stream, said.append, limit=100)
    assert reader.next_body() == b'{"a":1}'
    assert reader.next_body() is None  # (the last body never came whole)
    assert said == ["refused a message of 999 bytes (at most 100): skipping it"]


def open_doc(lsp: LspProcess, uri: str, text: str) -> None:
    document = {"uri": uri, "languageId": "twilight", "version": 1, "text": text}
    lsp.notify("textDocument/didOpen", {"textDocument": document})


def close_doc(lsp: LspProcess, uri: str) -> None:
    lsp.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_a_document_whose_path_cannot_be_resolved_is_left_out_and_the_others_are_checked(
    lsp: LspProcess, tmp_path: Path
) -> None:
    loop = tmp_path / "loop.tsr"
    loop.symlink_to(tmp_path / "loop.tsr")
    bad = [f"{tmp_path.as_uri()}/a%00b.tsr", loop.as_uri()]
    for uri in bad:
        open_doc(lsp, uri, CLEAN)
    good = (tmp_path / "good.tsr").as_uri()
    open_doc(lsp, good, "card 1 foo {\n  nosuch_name\n}\n")
    assert lsp.diagnostics_for(good)
    told = [m["params"]["message"] for m in lsp.notifications if m.get("method") == "window/logMessage"]
    assert sum("a%00b.tsr is not checked: ValueError" in line for line in told) == 1
    assert not any("failed" in line for line in told)
    for uri in [*bad, good]:
        close_doc(lsp, uri)
    ping(lsp)


def test_an_unsaved_text_over_the_file_bound_is_e007_and_is_not_formatted(
    lsp: LspProcess, tmp_path: Path
) -> None:
    file = tmp_path / "huge.tsr"
    file.write_text(CLEAN, encoding="utf-8")  # (saved small; the editor's unsaved text is the huge one)
    uri = file.as_uri()
    text = "".join(f"procedure p{i}() {{ }}\n" for i in range(20_000))
    assert len(text) > MAX_RULE_FILE_BYTES
    started = time.monotonic()
    open_doc(lsp, uri, text)
    [found] = [d for d in lsp.diagnostics_for(uri) if d["code"] == "E007"]
    assert "larger than 256 KiB" in found["message"]
    formatting = {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}}
    assert lsp.request("textDocument/formatting", formatting) == []
    assert time.monotonic() - started < 20
    close_doc(lsp, uri)
    ping(lsp)


def test_the_loader_bounds_an_override_as_it_bounds_a_file(tmp_path: Path) -> None:
    path = tmp_path / "big.tsr"
    sink = Sink()
    loader = Loader(sink, {Loader(Sink()).display(path): "#" * (MAX_RULE_FILE_BYTES + 1)})
    assert loader.read(path) is None
    assert [d.code for d in sink.items] == ["E007"]
    fits = Loader(Sink(), {Loader(Sink()).display(path): "é" * (MAX_RULE_FILE_BYTES // 2)})
    assert fits.read(path) is not None


def fake_analysis(target: Target) -> Analysis:
    return Analysis(target, cast(Any, None), [])


def test_the_analyses_of_files_no_document_needs_are_bounded_and_a_closed_one_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server = lsp_server.RulesServer()
    opened: dict[str, str] = {}
    monkeypatch.setattr(server, "open_paths", lambda: opened)
    monkeypatch.setattr(server, "text_document_publish_diagnostics", lambda params: None)
    held = Target(Path("/nowhere/held.tsr"), True)
    opened[str(held.path)] = held.path.as_uri()
    server.keep(fake_analysis(held))
    for number in range(3 * lsp_server.MAX_IDLE_ANALYSES):
        server.keep(fake_analysis(Target(Path(f"/nowhere/f{number}.tsr"), True)))
    assert len(server.analyses) == lsp_server.MAX_IDLE_ANALYSES + 1
    assert held in server.analyses  # (an open document's analysis stays)
    last = Target(Path(f"/nowhere/f{3 * lsp_server.MAX_IDLE_ANALYSES - 1}.tsr"), True)
    assert last in server.analyses
    del opened[str(held.path)]
    server.closed(str(held.path))
    assert held not in server.analyses


def test_a_new_file_not_yet_saved_is_checked_as_its_text_and_hovered_without_an_error(
    lsp: LspProcess, tmp_path: Path
) -> None:
    # (an editor's new buffer: the file and its folder exist only in the editor; it was E002 "neither a
    # known ruleset nor a file or folder", and a hover on it logged FileNotFoundError)
    uri = (tmp_path / "not-yet" / "new.tsr").as_uri()
    before = len(lsp.notifications)
    open_doc(lsp, uri, "procedure p() {\n  p()\n}\n")
    assert {d["code"] for d in lsp.diagnostics_for(uri)} == {"W201", "E511"}
    hover = lsp.request(
        "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 3}}
    )
    assert "procedure p()" in hover["contents"]["value"]
    told = [
        m["params"]["message"] for m in lsp.notifications[before:] if m.get("method") == "window/logMessage"
    ]
    assert any(line.startswith("checked new: 1 error, 1 warning") for line in told)
    assert not any("Error" in line or "failed" in line for line in told)
    assert not (tmp_path / "not-yet").exists()
    close_doc(lsp, uri)
    ping(lsp)


def test_a_message_refused_for_its_size_is_told_to_the_author_in_the_editor(lsp: LspProcess) -> None:
    """A change to an open file that is over the bound is lost, and the server's copy of the file then
    differs from the editor's: only stderr said so, where no author looks."""
    since = len(lsp.notifications)
    lsp.write(b"Content-Length: %d\r\n\r\n{}" % (MAX_MESSAGE_BYTES + 1))
    ping(lsp)  # (the message shown comes before the answer: it is among those kept meanwhile)
    shown = [m["params"] for m in lsp.notifications[since:] if m.get("method") == "window/showMessage"]
    assert len(shown) == 1 and shown[0]["type"] == 1, shown  # (an error)
    said = shown[0]["message"]
    assert f"{MAX_MESSAGE_BYTES + 1:,} bytes" in said and "close the file and open it again" in said
