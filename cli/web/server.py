"""`twilight serve`'s server: uvicorn on a socket bound first (so port 0 finds a free port and the
address printed is the one served), in the foreground for the command, or in a thread for the tests and
`twilight bench`."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any


def bind(host: str, port: int) -> socket.socket:
    """A listening socket at host:port (OSError when it cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)  # connections wait in the queue until the server takes them, from the first
    except BaseException:
        sock.close()
        raise
    return sock


def address(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def server_for(
    sock: socket.socket,
    host: str,
    lang: str,
    rules_paths: tuple[str, ...] = (),
    replays: tuple[str, ...] = (),
) -> Any:
    import uvicorn
    from twilight.cli.web.app import create_app
    from twilight.cli.web.bounded import bounded_config

    app = create_app(host, sock.getsockname()[1], lang, rules_paths, replays)
    return uvicorn.Server(bounded_config(app))


@contextlib.contextmanager
def server_thread(lang: str = "en", host: str = "127.0.0.1", replays: tuple[str, ...] = ()) -> Iterator[str]:
    """A server on a free port of `host`, in a thread, for as long as the block runs: its address
    (`replays`: the game logs it offers besides its own, as `--replay` gives them)."""
    sock = bind(host, 0)
    server = server_for(sock, host, lang, replays=replays)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield address(host, sock.getsockname()[1])
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
