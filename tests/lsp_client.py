"""A small language-server client for tests: `twilight lsp` started as an editor starts it (a process
talking JSON-RPC over its stdin and stdout), with requests answered in order and notifications kept."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


class LspProcess:
    def __init__(self, cwd: Path, env: dict[str, str] | None = None) -> None:
        command = [sys.executable, "-c", "from twilight.cli.main import main; main()", "lsp"]
        self.process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self.next_id = 0
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        while True:
            length = None
            while True:
                header = out.readline()
                if not header:
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value.strip())
            if length is None:
                continue
            self.messages.put(json.loads(out.read(length).decode("utf-8")))

    def _read_stderr(self) -> None:
        err = self.process.stderr
        assert err is not None
        for line in err:
            self.stderr.append(line)

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any, timeout: float = 60) -> Any:
        self.next_id += 1
        wanted = self.next_id
        self.send({"id": wanted, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline, f"an answer to {method}")
            if message.get("id") == wanted and "method" not in message:
                if "error" in message:
                    raise AssertionError(f"{method} failed: {message['error']}")
                return message.get("result")
            self._keep(message)

    def answer(self, message: dict[str, Any], timeout: float = 60) -> dict[str, Any]:
        """Send a request as it is (an error answer is returned, not raised) and return the whole answer
        with its id."""
        self.send(message)
        deadline = time.monotonic() + timeout
        while True:
            found = self._next(deadline, f"an answer to {message.get('method')}")
            if (
                "method" not in found
                and ("result" in found or "error" in found)
                and found.get("id") == message["id"]
            ):
                return found
            self._keep(found)

    def write(self, raw: bytes) -> None:
        """Bytes on the server's stdin as they are (framing included, or not)."""
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(raw)
        stdin.flush()

    def _next(self, deadline: float, what: str) -> dict[str, Any]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {what}; stderr: {b''.join(self.stderr)[-2000:]!r}")
        try:
            return self.messages.get(timeout=left)
        except queue.Empty:
            raise AssertionError(f"no {what}; stderr: {b''.join(self.stderr)[-2000:]!r}") from None

    def _keep(self, message: dict[str, Any]) -> None:
        if "id" in message and "method" in message:  # a request of the server's: answer it
            self.send({"id": message["id"], "result": None})
        self.notifications.append(message)

    def wait_for(self, method: str, match: Any = None, timeout: float = 60) -> dict[str, Any]:
        """The next notification `method` (after those already kept) whose params satisfy `match`."""
        deadline = time.monotonic() + timeout
        while True:
            message = self._next(deadline, f"{method} notification")
            self._keep(message)
            if message.get("method") == method and (match is None or match(message["params"])):
                return message["params"]

    def diagnostics_for(self, uri: str, timeout: float = 60) -> list[dict[str, Any]]:
        found = self.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=timeout)
        diagnostics: list[dict[str, Any]] = found["diagnostics"]
        return diagnostics

    def published(self, uri: str, since: int, timeout: float = 60) -> list[dict[str, Any]]:
        """The diagnostics of `uri` published after the `since`-th notification kept (waiting for them
        when they have not come yet)."""
        for message in self.notifications[since:]:
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                found: list[dict[str, Any]] = message["params"]["diagnostics"]
                return found
        return self.diagnostics_for(uri, timeout)

    def start(self, root: Path) -> dict[str, Any]:
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": root.as_uri(),
                "capabilities": {"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}},
            },
        )
        self.notify("initialized", {})
        capabilities: dict[str, Any] = result["capabilities"]
        return capabilities

    def stop(self) -> int:
        try:
            self.request("shutdown", None, timeout=10)
            self.notify("exit", None)
            return self.process.wait(timeout=10)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
