"""The server's side of the stdio framing (`Content-Length: N`, a blank line, N bytes of JSON), made to
outlast a client that frames badly.

pygls's own stdio loop trusts the client: it reads whatever length a header claims (a huge one is a
MemoryError that ends the process), matches the header case-sensitively with CRLF endings only, and
once a message is misframed it never finds the next header again. `MessageReader` bounds a message,
accepts header names in any case and LF endings (as other servers do), and after anything it cannot
frame skips to the next `Content-Length` header, saying once what it skipped. `FramedWriter` is the
other direction: it frames what pygls sends (pygls is set to send bare bodies) and keeps tracebacks out
of error answers.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import BinaryIO

# The largest message read: rule files are at most 256 KiB (compiler/loader.py), so a didOpen or a
# didChange of a whole file stays far below this even with its JSON escapes.
MAX_MESSAGE_BYTES = 16 * 2**20
# A header block longer than this is no header block: the client lost its framing.
MAX_HEADER_BYTES = 8 * 1024
CHUNK_BYTES = 64 * 1024

HEADER = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
HEADER_END = re.compile(rb"\r?\n\r?\n")
# (a bound on the digits: Python refuses to read an int of thousands of them)
LENGTH = re.compile(rb"[ \t]*(\d{1,100})[ \t]*")
# (a partial header at the end of the buffer may be completed by the next read: keep that many bytes)
KEEP = len(b"content-length:") - 1


class MessageReader:
    """The bodies of the messages on a stream, one at a time (blocking: run it on a thread of its own)."""

    def __init__(
        self,
        stream: BinaryIO,
        log: Callable[[str], None],
        limit: int = MAX_MESSAGE_BYTES,
        refused: Callable[[int], None] | None = None,
    ) -> None:
        self.stream = stream
        self.log = log
        self.limit = limit
        # Told the length of each message refused for its size (what it held is lost: a change to an
        # open document, say, which the client must then be told to send again).
        self.refused = refused
        self.buffer = bytearray()
        self.ended = False
        self.skipping = False  # (what is skipped until the next message is said once)

    def _fill(self) -> bool:
        """More bytes into the buffer; False at the end of the stream."""
        if self.ended:
            return False
        # (a buffered stream's read1 and a raw one's read return what there is, up to the chunk)
        read1 = getattr(self.stream, "read1", None)
        chunk = read1(CHUNK_BYTES) if read1 is not None else self.stream.read(CHUNK_BYTES)
        if not chunk:
            self.ended = True
            return False
        self.buffer += chunk
        return True

    def _skip(self, count: int, why: str) -> None:
        """Drop the first `count` bytes, saying so when they are more than blank lines."""
        dropped = bytes(self.buffer[:count])
        del self.buffer[:count]
        if dropped.strip() and not self.skipping:
            self.log(f"skipped {len(dropped)} bytes {why}: {dropped[:60]!r}")
            self.skipping = True

    def next_body(self) -> bytes | None:
        """The next message's body; None when the stream ends."""
        while True:
            header = HEADER.search(self.buffer)
            if header is None:
                # Nothing to frame yet: keep only what could be the start of a header.
                if len(self.buffer) > KEEP:
                    self._skip(len(self.buffer) - KEEP, "that no Content-Length header came before")
                if not self._fill():
                    return None
                continue
            if header.start() > 0:
                self._skip(header.start(), "that no Content-Length header came before")
                continue
            end = HEADER_END.search(self.buffer)
            if end is None:
                if len(self.buffer) > MAX_HEADER_BYTES:
                    self._skip(header.end(), "of a header block that does not end")
                elif not self._fill():
                    return None
                continue
            length = self._length(bytes(self.buffer[: end.start()]))
            if length is None:
                self._skip(end.end(), "of a header block without a valid Content-Length")
                continue
            if length > self.limit:
                # The body is not read (a client that claims a huge length may never send it): the search
                # for the next header skips it, if it comes.
                del self.buffer[: end.end()]
                self.log(f"refused a message of {length} bytes (at most {self.limit}): skipping it")
                if self.refused is not None:
                    self.refused(length)
                self.skipping = True
                continue
            while len(self.buffer) < end.end() + length:
                if not self._fill():
                    return None
            body = bytes(self.buffer[end.end() : end.end() + length])
            del self.buffer[: end.end() + length]
            self.skipping = False
            return body

    def _length(self, headers: bytes) -> int | None:
        """The Content-Length of a header block, None when it has no valid one."""
        for line in headers.split(b"\n"):
            name, colon, value = line.rstrip(b"\r").partition(b":")
            if colon and name.strip().lower() == b"content-length":
                found = LENGTH.fullmatch(value)
                return int(found.group(1)) if found is not None else None
        return None

    def resume_within(self, body: bytes) -> None:
        """A body that was no message: when it holds a header (its length was too long and it ran into
        the next message), read again from that header."""
        header = HEADER.search(body, 1)
        if header is not None:
            self.buffer[:0] = body[header.start() :]


class FramedWriter:
    """Frames the bodies pygls sends (its writer interface) and writes them to a stream.

    An error answer from pygls may carry the server's traceback in `data.traceback` (its internal error
    does): that is the server's business, not the client's, so it is taken out."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.lock = threading.Lock()

    def close(self) -> None:
        self.stream.close()

    def write(self, data: bytes) -> None:
        if b'"traceback"' in data:
            data = _without_traceback(data)
        with self.lock:
            self.stream.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
            self.stream.flush()

    def send(self, message: dict[str, object]) -> None:
        self.write(json.dumps(message).encode("utf-8"))


def _without_traceback(data: bytes) -> bytes:
    message = json.loads(data)
    error = message.get("error") if isinstance(message, dict) else None
    if not isinstance(error, dict):
        return data
    details = error.get("data")
    if not isinstance(details, dict) or "traceback" not in details:
        return data
    del details["traceback"]
    if not details:
        del error["data"]
    return json.dumps(message).encode("utf-8")
