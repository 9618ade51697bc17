"""The rules a saved game was started under, kept beside the saves: each compiled IR once, under the
hash of its content (`saves/rules/<hash>.json`, or `<hash>.json.gz` when big), so that a save is replayed
under exactly its rules whatever happens to the rule files afterwards.

A save names its rules in `play.rules`: `{"name", "version", "hash"}` (see `pin_of`). The IR alone is
stored, not the ruleset's Fluent words: the words of a resumed game are the installed ones of its
ruleset (names and messages only say what the IR's ids are; a game's course never depends on them).
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from twilight.cli.session.saves import ensure_folder, saves_dir, temp_path_for, write_fault

# An IR above this is stored compressed (the whole of solo-v2 is ~1 MB of JSON, ~100 KB gzipped).
COMPRESS_ABOVE = 64 * 1024
# A stored IR read back is at most this big once uncompressed (a far bigger file is no IR of ours).
MAX_IR_BYTES = 64 * 1024 * 1024
HASH = re.compile(r"[0-9a-f]{64}")


def canonical(ir: dict[str, Any]) -> bytes:
    """The IR as stored and hashed: compact JSON in the IR's own order (never sorted: the order of an
    IR's maps is the order the rules go through cards, countries and options in)."""
    return json.dumps(ir, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def ir_hash(ir: dict[str, Any]) -> str:
    """The hash the store keeps `ir` under: sha256 of its canonical JSON."""
    return hashlib.sha256(canonical(ir)).hexdigest()


def store_dir(saves: Path | None = None) -> Path:
    return (saves or saves_dir()) / "rules"


def pin_of(ir: dict[str, Any], name: str | None = None) -> dict[str, Any]:
    """What a save records of its rules: the ruleset's name (its manifest's, `name` when given), version
    and the IR's hash."""
    ruleset = ir.get("ruleset", {})
    return {
        "name": name or ruleset.get("name"),
        "version": ruleset.get("version"),
        "hash": ir_hash(ir),
    }


def valid_pin(pin: Any) -> bool:
    return (
        isinstance(pin, dict)
        and isinstance(pin.get("hash"), str)
        and HASH.fullmatch(pin["hash"]) is not None
        and isinstance(pin.get("name"), str)
        and (pin.get("version") is None or isinstance(pin.get("version"), str))
    )


def _paths(digest: str, folder: Path) -> tuple[Path, Path]:
    return folder / f"{digest}.json", folder / f"{digest}.json.gz"


def store_ir(ir: dict[str, Any], folder: Path | None = None) -> str:
    """Keep `ir` in the store (written once: an IR already there is left as it is); its hash. A file that
    cannot be written raises SaveWriteError."""
    data = canonical(ir)
    digest = hashlib.sha256(data).hexdigest()
    folder = folder or store_dir()
    plain, packed = _paths(digest, folder)
    if plain.is_file() or packed.is_file():
        return digest
    path, payload = (packed, gzip.compress(data, mtime=0)) if len(data) > COMPRESS_ABOVE else (plain, data)
    ensure_folder(path)
    tmp = temp_path_for(path)
    try:
        with open(tmp, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise write_fault(path, err) from None
    return digest


def load_ir(digest: str, folder: Path | None = None) -> dict[str, Any] | None:
    """The stored IR of that hash; None when it is not in the store, or what is there is not it (damaged,
    or changed: its content no longer has the hash)."""
    if not HASH.fullmatch(digest):
        return None
    plain, packed = _paths(digest, folder or store_dir())
    try:
        if packed.is_file():
            with gzip.open(packed, "rb") as stream:
                data = stream.read(MAX_IR_BYTES + 1)
        elif plain.is_file():
            with plain.open("rb") as stream:
                data = stream.read(MAX_IR_BYTES + 1)
        else:
            return None
    except (OSError, EOFError, gzip.BadGzipFile):
        return None
    if len(data) > MAX_IR_BYTES or hashlib.sha256(data).hexdigest() != digest:
        return None
    try:
        ir = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return ir if isinstance(ir, dict) else None
