"""`twilight serve`: the game in a browser (solo, or the standard game against the computer), served on
this machine only unless told otherwise."""

from __future__ import annotations

import contextlib

import click
from twilight.cli.localizer import LANGUAGES
from twilight.cli.rules_path_arg import rules_path_option


def port_number(ctx: click.Context, param: click.Parameter, value: int) -> int:
    if not 0 <= value <= 65535:
        raise click.BadParameter(f"{value} is not a port (0 to 65535)")
    return value


@click.command()
@click.option(
    "--port",
    type=int,
    default=8000,
    callback=port_number,
    show_default=True,
    help="The port (0: any free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on: this machine only unless you name another (0.0.0.0: every network).",
)
@click.option(
    "--lang", type=click.Choice(LANGUAGES), default="en", show_default=True, help="The pages' language."
)
@rules_path_option("to offer too, as `twilight play` does", exists=False)
@click.option(
    "--replay",
    "replays",
    multiple=True,
    type=click.Path(exists=True),
    help="A game log of the digital edition (or a folder of them) to step through, read-only (repeatable).",
)
def serve(port: int, host: str, lang: str, rules_paths: tuple[str, ...], replays: tuple[str, ...]) -> None:
    """Play in a browser (the solo game, or the standard game against the computer): starts a web server
    on this machine and prints its address.
    Game logs of the digital edition are stepped through there too, read-only (`--replay`, or opened
    on the page of game logs)."""
    from twilight.cli.versions import search_rules_in
    from twilight.cli.web.server import address, bind, server_for

    search_rules_in(rules_paths)  # (a variant's `extends "NAME@VERSION"` is found where the variant is)
    try:
        sock = bind(host, port)
    except (OSError, UnicodeError, OverflowError) as err:
        cause = getattr(err, "strerror", None) or err
        raise click.ClickException(f"cannot listen on {host}:{port}: {cause}") from None
    server = server_for(sock, host, lang, rules_paths, replays)
    click.echo(f"twilight serve: open {address(host, sock.getsockname()[1])}/  (Ctrl-C stops)")
    if replays:  # (the logs given are listed first there)
        click.echo(f"  game logs to step through: {address(host, sock.getsockname()[1])}/replays")
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has already stopped the server
        server.run(sockets=[sock])
