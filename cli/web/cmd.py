"""`twilight serve`: the solo game in a browser, served on this machine only unless told otherwise."""

from __future__ import annotations

import contextlib
import socket

import click
from twilight.cli.localizer import LANGUAGES


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
def serve(port: int, host: str, lang: str) -> None:
    """Play the solo game in a browser: starts a web server on this machine and prints its address."""
    import uvicorn
    from twilight.cli.web.app import create_app

    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except (OSError, UnicodeError) as err:
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {getattr(err, 'strerror', None) or err}"
        ) from None
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/"
    app = create_app(host, port, lang)
    click.echo(f"twilight serve: open {address}  (Ctrl-C stops)", err=False)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has already stopped the server
        server.run(sockets=[sock])
