"""`twilight lsp`'s end as the protocol has it: after `shutdown` a request is answered with an error (not
left waiting), `exit` then ends the server with status 0, and `exit` without `shutdown` with status 1
(cli/lsp/server.py)."""

from __future__ import annotations

from pathlib import Path

from lsp_client import LspProcess

ROOT = Path(__file__).resolve().parent.parent
INVALID_REQUEST = -32600


def test_a_request_after_shutdown_gets_an_error_and_exit_ends_the_server(tmp_path: Path) -> None:
    lsp = LspProcess(ROOT)
    try:
        lsp.start(tmp_path)
        assert lsp.request("shutdown", None) is None
        hover = {
            "textDocument": {"uri": (tmp_path / "x.tsr").as_uri()},
            "position": {"line": 0, "character": 0},
        }
        answer = lsp.answer(
            {"jsonrpc": "2.0", "id": 99, "method": "textDocument/hover", "params": hover}, timeout=10
        )
        assert answer["error"]["code"] == INVALID_REQUEST and "shutting down" in answer["error"]["message"]
        lsp.notify("exit", None)
        assert lsp.process.wait(timeout=10) == 0
        assert b"Traceback" not in b"".join(lsp.stderr)
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()


def test_exit_without_shutdown_ends_the_server_with_status_1(tmp_path: Path) -> None:
    lsp = LspProcess(ROOT)
    try:
        lsp.start(tmp_path)
        lsp.notify("exit", None)
        assert lsp.process.wait(timeout=10) == 1
    finally:
        if lsp.process.poll() is None:
            lsp.process.kill()
