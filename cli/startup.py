"""How the `twilight` process starts: the garbage collector during start-up (cli/main.py, `main`)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

import click


class StartUp:
    """The garbage collector while the `twilight` process starts.

    Start-up allocates much (modules, then a command's data such as a compiled ruleset) and frees little,
    so the collections it triggers walk ever more objects only to find them all alive: a tenth of a
    second of `twilight play`'s start. `main` pauses the collector; once a command's modules are loaded
    (and again once a command has loaded its data, see `loading`) what exists is frozen (gc.freeze: kept
    out of later collections, as it stays alive) and collection resumes as usual.
    """

    def __init__(self) -> None:
        gc.disable()

    def loaded(self) -> None:
        gc.freeze()
        gc.enable()

    @contextlib.contextmanager
    def loading(self) -> Iterator[None]:
        """Pause the collector while a command loads its data, then freeze what it loaded."""
        gc.disable()
        try:
            yield
        finally:
            self.loaded()


def start_up_loading() -> contextlib.AbstractContextManager[None]:
    """For a command: `StartUp.loading` when run as the `twilight` process, else nothing (a test calling
    the group keeps its collector as it is)."""
    ctx = click.get_current_context(silent=True)
    start_up = ctx.find_object(StartUp) if ctx is not None else None
    return start_up.loading() if start_up is not None else contextlib.nullcontext()
