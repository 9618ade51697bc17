"""Compiling a ruleset's native module with the machine's C compiler, kept in the cache folder by the hash
of its text: the first game of a ruleset pays the compiler once, every later one loads the module."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from twilight.common.cachedir import file_is_ours, trusted_folder, write_private

# The compiler's flags: optimised, position-independent, no warning taken for an error.
_FLAGS = ["-O2", "-shared", "-fPIC", "-w"]
_COMPILE_SECONDS = 300


def compiler() -> str | None:
    return shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")


def module_path(ruleset: str, source_for: Callable[[str], str], folder: Path) -> Path:
    """Where the module of that text is kept: named by the hash of its text (and of this Python's
    extension suffix)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return folder / f"native-{_safe(ruleset)}-{_digest(source_for)}{suffix}"


def _digest(source_for: Callable[[str], str]) -> str:
    return hashlib.blake2b(source_for("twilight_native_x").encode(), digest_size=10).hexdigest()


def load_module(ruleset: str, source_for: Callable[[str], str], folder: Path) -> Any:
    """The module of `source_for(name)` (its text, for the module name given), compiled into `folder`
    unless it is there already; None when there is no compiler or it fails."""
    path = module_path(ruleset, source_for, folder)
    name = f"twilight_native_{_digest(source_for)}"
    # (a module is code loaded into the process: only from a folder and a file of ours that no one else
    # may write, as every cache file, common/cachedir.py)
    if not trusted_folder(folder, create=True):
        return None
    if not file_is_ours(path) and not _compiled(ruleset, source_for, path, name):
        return None
    try:
        return _loaded(name, path)
    except (ImportError, OSError):
        # (a file that is not the module its name says, a damaged one: built again, once)
        with contextlib.suppress(OSError):
            path.unlink()
        if not _compiled(ruleset, source_for, path, name):
            return None
        try:
            return _loaded(name, path)
        except (ImportError, OSError):
            return None


def _loaded(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiled(ruleset: str, source_for: Callable[[str], str], path: Path, name: str) -> bool:
    """Compile the module's text into `path` (through a file of a temporary folder, then renamed: a
    module half written is never found); whether it was."""
    cc = compiler()
    if cc is None:
        return False
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    text = source_for(name)
    with tempfile.TemporaryDirectory(prefix="twilight-native-") as work:
        c_file = Path(work) / f"{name}.c"
        c_file.write_text(text, encoding="utf-8")
        built = Path(work) / f"{name}{suffix}"
        include = sysconfig.get_paths()["include"]
        try:
            done = subprocess.run(
                [cc, *_FLAGS, f"-I{include}", str(c_file), "-o", str(built)],
                capture_output=True,
                timeout=_COMPILE_SECONDS,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        if done.returncode != 0 or not built.is_file():
            if os.environ.get("TWILIGHT_NATIVE_DEBUG"):
                with contextlib.suppress(OSError):
                    path.parent.mkdir(parents=True, exist_ok=True)
                    (path.parent / f"native-{_safe(ruleset)}-failed.c").write_text(text, encoding="utf-8")
                    (path.parent / f"native-{_safe(ruleset)}-failed.log").write_bytes(done.stderr)
            return False
        try:
            made = built.read_bytes()
        except OSError:
            return False
        return write_private(path, made)


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
