"""The web application of `twilight serve` (Starlette): the routes, and the guards every request passes
first.

Guards, outermost first: a request whose Host is not the server's own address is refused (421: a page
of another site that a DNS-rebinding attack points at 127.0.0.1 carries its own host name); one whose
Origin is another site's is refused (403: a form of another site posting answers), and so is one another
site's page makes without the player going there (403: an image or a script naming a game's hint); a
body over MAX_BODY bytes is refused (413). Every response forbids a frame of another site (SAFE_HEADERS),
and work that takes seconds (a hint, a replay, a log opened) is done a few requests at a time (`Gate`).
Every error is a page in the player's language, never a traceback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote

from starlette.applications import Starlette
from starlette.datastructures import ImmutableMultiDict
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from twilight.cli.localizer import LANGUAGES
from twilight.cli.session.computer import COMPUTER
from twilight.cli.session.saves import SEED_LIMIT
from twilight.cli.web.game import (
    PERSON,
    ConfirmWar,
    Games,
    GameView,
    NotSeated,
    StartRefused,
    WebError,
    WrongCount,
)
from twilight.cli.web.page import CONTROL, GamePage, error_page, hand_over_page, start_page, web_words
from twilight.cli.web.replay_page import ReplayStepPage, replays_page
from twilight.cli.web.replays import Replays
from twilight.common.input_bounds import ECHO_CHARS, ascii_digits, clip
from twilight.runtime.core import registry

STATIC = Path(__file__).resolve().parent / "static"
# A form of this game is a few hundred bytes: anything much bigger is not one.
MAX_BODY = 64 * 1024
# A game log opened in the browser is sent as a form's text: the largest log read (cli/replay/log.py),
# urlencoded (a line's brackets and spaces take three bytes each at most).
OPEN_LOG = "/replays/open"
MAX_LOG_FORM = 3 * 2_000_000 + 4096
MAX_FIELDS = 300
# The work of a request that takes a second or more, at most so many at once; one more waits this long
# for its turn (without a thread), then is told the server is busy. Each held a thread of the server's
# pool (40) while it ran or waited for its game's lock: thirty hints of one game asked at once kept its
# page waiting for seconds, and some sixty (a GET each) every other game's click too.
# Game logs opened in the browser (reading the largest takes seconds and a few times its size in memory).
MAX_OPENING = 2
OPENING_WAIT_SECONDS = 5.0
# Hints (each about a second of playouts).
MAX_HINTING = 2
HINT_WAIT_SECONDS = 30.0
# Game logs replayed (a replay is about 0.3 s; a step of one already replayed, a few ms, waits too).
MAX_REPLAYING = 1
REPLAY_WAIT_SECONDS = 30.0
# A log refused for what it is (no game log, no room left for it, its name taken too often): the list of
# logs again, with why, and the text as it was sent, in the form.
KEEP_TEXT_ON = {"web-replay-bad-log", "web-replay-full", "web-replay-too-many"}
# The start page's seed field takes at most this many digits (SEED_LIMIT, 2**64, has 20).
MAX_SEED_DIGITS = len(str(SEED_LIMIT - 1))
log = logging.getLogger("twilight.web")


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host headers naming this server: its address and port (and `localhost` for a loopback one)."""
    names = {host}
    if host in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "::"):
        names |= {"127.0.0.1", "localhost", "[::1]"}
    if host in ("0.0.0.0", "::"):  # every network: this machine's names and addresses
        names |= machine_names()
    if ":" in host and not host.startswith("["):
        names.add(f"[{host}]")
    hosts = {f"{name}:{port}" for name in names}
    if port == 80:
        hosts |= names
    return {h.lower() for h in hosts}


def machine_names() -> set[str]:
    import socket

    names = {socket.gethostname(), socket.getfqdn()}
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
    except OSError:
        infos = []
    for info in infos:
        ip = str(info[4][0])
        names.add(f"[{ip}]" if ":" in ip else ip)
    return names


def game_named(path: str, games: Games) -> str | None:
    """The game a request of a game's pages (`/game/NAME…`, the path as served: decoded) names, when
    there is a save of that name: its error page links back to it."""
    parts = path.split("/")
    if len(parts) < 3 or parts[1] != "game" or not parts[2]:
        return None
    try:
        games.path_of(parts[2])
    except WebError:
        return None
    return parts[2]


def embedded_elsewhere(headers: Mapping[str, str]) -> bool:
    """A request another site's page makes without the player going there (an image, a script, a fetch:
    not a link followed), as the browser says (`Sec-Fetch-Site`, `Sec-Fetch-Mode`). Such a GET was served:
    a page of any site could make the server work out hints of a game by its name, or tell by the answer
    whether a game of that name is saved here."""
    site = headers.get("sec-fetch-site", "")
    return site in ("cross-site", "same-site") and headers.get("sec-fetch-mode") != "navigate"


class Guard:
    """Refuses a foreign Host or Origin and a huge body before the application sees the request."""

    def __init__(self, app: ASGIApp, hosts: set[str], lang: str, games: Games | None = None) -> None:
        self.app = app
        self.hosts = hosts
        self.origins = {f"http://{h}" for h in hosts}
        self.lang = lang
        self.games = games  # (a refused request of a game links back to it; not one of a foreign Host)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "").lower()
        if host not in self.hosts:
            await self.refuse(scope, receive, send, 421, "web-error-host", host=host[:80] or "-")
            return
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in {
            f"{scheme}://{h}" for h in self.hosts for scheme in ("http",)
        }:
            await self.refuse(scope, receive, send, 403, "web-error-origin", origin=origin[:80])
            return
        if embedded_elsewhere(headers):
            await self.refuse(scope, receive, send, 403, "web-error-embedded")
            return
        length = headers.get("content-length")
        most = MAX_LOG_FORM if scope.get("path") == OPEN_LOG else MAX_BODY
        if length is not None and (not ascii_digits(length) or int(length) > most):
            await self.refuse(scope, receive, send, 413, "web-error-too-big")
            return
        await self.app(scope, receive, with_headers(send))

    async def refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, msg_id: str, **args: Any
    ) -> None:
        asked = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"))).get("lang")
        path = str(scope.get("path", ""))
        game = game_named(path, self.games) if self.games is not None and status != 421 else None
        # (a request of a game's pages is refused in the game's language, as its other errors are)
        played = self.games.save_lang(game) if self.games is not None and game is not None else None
        shown = asked if asked in LANGUAGES else played or self.lang
        response = HTMLResponse(error_page(shown, msg_id, args, game), status_code=status)
        await response(scope, receive, with_headers(send))


# Every response's: no page of the game inside another site's frame (a page there laid over the game's
# buttons clicked them for the player: its forms carry the game's own origin), scripts and styles from
# the server alone, no type guessed from a file's content, no address of the game (a hot-seat page's
# seat) sent to another site.
SAFE_HEADERS = [
    (
        b"content-security-policy",
        "; ".join(
            [
                "default-src 'self'",
                "script-src 'self'",
                "style-src 'self'",  # (the map's SVG has presentation attributes, no inline CSS)
                "img-src 'self' data:",
                "object-src 'none'",
                "base-uri 'none'",
                "form-action 'self'",
                "frame-ancestors 'none'",
            ]
        ).encode("ascii"),
    ),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    # ("same-origin", not "no-referrer": with that, a browser sends `Origin: null` on the page's own
    # forms, which the Guard refuses)
    (b"referrer-policy", b"same-origin"),
]


def with_headers(send: Send) -> Send:
    """`send`, adding SAFE_HEADERS to the response's start (those the response has not set itself)."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            have = {name.lower() for name, _ in message.get("headers", [])}
            extra = [(name, value) for name, value in SAFE_HEADERS if name not in have]
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return sending


class Gate:
    """A turn at work that takes a while (`gate`: how many at once): waited for up to `wait` seconds
    without a thread, then WebError(`busy`, 503): the server is busy, nothing changed."""

    def __init__(self, gate: asyncio.Semaphore, wait: float, busy: str) -> None:
        self.gate = gate
        self.wait = wait
        self.busy = busy

    async def __aenter__(self) -> None:
        try:
            async with asyncio.timeout(self.wait):
                await self.gate.acquire()
        except TimeoutError:
            raise WebError(self.busy, 503) from None

    async def __aexit__(self, *exc: object) -> None:
        self.gate.release()

    async def run(self, fn: Any, *args: Any) -> Any:
        """`fn(*args)` in the server's threads, in its turn."""
        from starlette.concurrency import run_in_threadpool

        async with self:
            return await run_in_threadpool(fn, *args)


async def read_form(request: Request, most: int = MAX_BODY) -> ImmutableMultiDict[str, str]:
    """The urlencoded form of a request (at most `most` bytes; WebError when it is not one)."""
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > most:
                raise WebError("web-error-too-big", 413)
    except ClientDisconnect:  # (gone before its form was whole: too slow, or closed; no one reads this)
        raise WebError("web-error-form", 400) from None
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise WebError("web-error-form", 400) from None
    return ImmutableMultiDict(pairs)


def read_seed(raw: str | None) -> int | None:
    """The seed the start page's form asks for: None (a random one) when the field is missing or empty;
    WebError when it is anything but a whole number in the digits 0-9 below SEED_LIMIT. (A malformed seed
    once started a game with a random seed without a word: the player thought it was the seed typed.)"""
    if not raw:
        return None
    if not ascii_digits(raw) or len(raw) > MAX_SEED_DIGITS or int(raw) >= SEED_LIMIT:
        raise StartRefused("web-error-seed", 400, limit=str(SEED_LIMIT))
    return int(raw)


def once_each(form: ImmutableMultiDict[str, str]) -> None:
    """StartRefused naming a field the start page's form sent twice (the page has one of each: the game
    was started with the last of them, without a word)."""
    seen: set[str] = set()
    for key, _value in form.multi_items():
        if key in seen:
            raise StartRefused("web-error-field-twice", 400, name=clip(key, ECHO_CHARS))
        seen.add(key)


def opponent_asked(raw: str | None) -> str | None:
    """Who plays the other side of a ruleset without an AI, as the start page's form sends it: the
    computer (also when the field is missing or empty), or a person; StartRefused for anything else (an
    unknown word once started a game against the computer without a word)."""
    if not raw:
        return None
    if raw not in (COMPUTER, PERSON):
        raise StartRefused("web-error-opponent", 400, value=clip(raw, ECHO_CHARS))
    return raw


def language(request: Request, form: Any = None, default: str | None = None) -> str | None:
    for source in (form, request.query_params):
        if source is not None:
            lang = source.get("lang")
            if lang in LANGUAGES:
                return str(lang)
    return default


def create_app(
    host: str = "127.0.0.1",
    port: int = 8000,
    lang: str = "en",
    rules_paths: tuple[str, ...] = (),
    replay_logs: tuple[str, ...] = (),
) -> Starlette:
    games = Games(rules_paths)
    replays = Replays(replay_logs)
    opening = asyncio.Semaphore(MAX_OPENING)
    hinting = asyncio.Semaphore(MAX_HINTING)
    replaying = asyncio.Semaphore(MAX_REPLAYING)

    def playable_rulesets() -> list[tuple[Any, dict[str, Any]]]:
        return games.playable()

    def html(body: str, status: int = 200, headers: Mapping[str, str] | None = None) -> HTMLResponse:
        kept = {**(headers or {}), "Cache-Control": "no-store"}
        return HTMLResponse(body, status_code=status, headers=kept)

    def start(shown: str, chosen: Mapping[str, str] | None = None, problem: str | None = None) -> str:
        from twilight.cli.session.unfinished import unfinished_games

        games_left = unfinished_games([])  # (one person's games and hot-seat games alike)
        return start_page(shown, playable_rulesets(), games_left, chosen, problem)

    def home(request: Request) -> Response:
        return html(start(language(request, default=lang) or lang))

    async def new_game(request: Request) -> Response:
        form = await read_form(request)
        shown = language(request, form, lang) or lang
        request.state.lang = shown
        asked = {k.removeprefix("setting-"): str(v) for k, v in form.items() if k.startswith("setting-")}
        try:  # (before the game starts: a refused form makes no save)
            once_each(form)
            seed = read_seed(form.get("seed"))
            view = await run(
                games.start,
                str(form.get("ruleset") or "solo-v2"),
                str(form.get("side") or ""),
                form.get(registry.LEVEL.name),
                shown,
                seed,
                asked,
                opponent_asked(form.get("opponent")),
            )
        except StartRefused as err:  # the start page again, with what was wrong and the form as it was
            said = web_words(shown).t(err.msg_id, **err.args_)
            # (a value echoed into the form: a control character no HTML may hold is shown as �)
            chosen = {k: CONTROL.sub("\ufffd", str(v)) for k, v in form.items()}
            return html(await run(start, shown, chosen, CONTROL.sub("\ufffd", said)), err.status)
        # (a hot-seat game begins at its hand-over page: the first side takes the screen)
        return RedirectResponse(f"/game/{quote(view.name)}?lang={shown}", status_code=303)

    async def changes(request: Request) -> Response:
        from twilight.cli.web.page import changes_page

        shown = language(request, default=lang) or lang
        request.state.lang = shown
        # The name is looked up in the list found, never read as a path.
        entry = await run(games.entry, request.path_params["name"], 404)
        return html(await run(changes_page, shown, entry))

    async def restart(request: Request) -> Response:
        request.state.lang = language(request) or games.save_lang(request.path_params["name"])
        form = await read_form(request)
        shown = language(request, form)
        request.state.lang = shown or request.state.lang
        view = await run(games.restart, request.path_params["name"], shown, seat_form(form))
        return RedirectResponse(f"/game/{quote(view.name)}?lang={view.text.lang}", status_code=303)

    def seated_page(view: GameView, drawn: Mapping[str, Any] | None = None) -> str:
        """The page of the game at its question; in a hot-seat game with a new seat for its links and
        forms (each seat serves one request: a reload of the page gets the hand-over page)."""
        return GamePage(view, seat=games.seat(view), **(drawn or {})).html()

    async def game(request: Request) -> Response:
        request.state.lang = language(request) or games.save_lang(request.path_params["name"])
        view = await run(games.view, request.path_params["name"], language(request))
        if not games.take_seat(view, request.query_params.get("seat")):
            return html(hand_over_page(view))  # (hot-seat: the screen is passed to the side asked first)
        return html(await run(seated_page, view))

    async def hint(request: Request) -> Response:
        """The game's page with the hint's lines under the question (the search runs on copies)."""
        request.state.lang = language(request) or games.save_lang(request.path_params["name"])
        seat = request.query_params.get("seat")
        try:
            name, asked = request.path_params["name"], language(request)
            gate = Gate(hinting, HINT_WAIT_SECONDS, "web-error-busy")
            view, lines, picks = await gate.run(games.hint, name, asked, seat)
        except NotSeated as err:
            return html(hand_over_page(err.view))
        return html(await run(seated_page, view, {"hint": lines, "hinted": picks}))

    async def take_turn(request: Request) -> Response:
        """The hand-over page's button: the side asked takes the screen, and its page is shown (with a
        seat). A button of a question since answered leads to the game's hand-over page as it is now."""
        form, shown, n = await game_form(request)
        view = await run(games.view, request.path_params["name"], shown)
        asked = view.decision.side if view.hot_seat and view.decision is not None else None
        if asked is not None and view.answered == n and form.get("side") == asked:
            return to_game(view, games.seat(view))
        return to_game(view)

    async def game_form(request: Request) -> tuple[Any, str | None, int]:
        """A game's posted form, the language it asks for (set for the error page too), and the number
        of answers the page was drawn after (`n`: the stale-page check)."""
        request.state.lang = language(request) or games.save_lang(request.path_params["name"])
        form = await read_form(request)
        shown = language(request, form)
        request.state.lang = shown or request.state.lang
        n = form.get("n") or ""
        if not ascii_digits(n) or len(n) > 9:
            raise WebError("web-error-form", 400)
        return form, shown, int(n)

    def to_game(view: Any, seat: str | None = None) -> Response:
        held = f"&seat={quote(seat)}" if seat else ""
        return RedirectResponse(f"/game/{quote(view.name)}?lang={view.text.lang}{held}", status_code=303)

    def seat_form(form: Any) -> str | None:
        seat = form.get("seat")
        return str(seat) if seat else None

    async def undo(request: Request) -> Response:
        form, shown, n = await game_form(request)
        view = await run(games.undo, request.path_params["name"], n, shown, seat_form(form))
        # (hot-seat: undo never goes back past the hand-over, so the same side is asked again)
        return to_game(view, games.seat(view))

    async def answer(request: Request) -> Response:
        form, shown, n = await game_form(request)
        name = request.path_params["name"]
        decision = str(form.get("decision") or "")
        try:
            view = await run(games.answer, name, n, decision, form, shown, seat_form(form))
        except WrongCount as err:  # too few or too many ticked: the question again, its ticks kept
            assert err.view is not None
            said = web_words(err.view.text.lang).t(err.msg_id, **err.args_)
            page = await run(seated_page, err.view, {"problem": said, "ticked": err.ticked})
            return html(page, err.status)
        except ConfirmWar as err:  # a coup that loses at once: what it does, and a button to make it
            return html(await run(seated_page, err.view, {"confirm": err.place}), err.status)
        # Hot-seat: another question of the side that answered is its own (no hand-over); a question of
        # the other side waits behind the hand-over page.
        before, now = (view.earlier[-1].decision if view.earlier else None), view.decision
        same_side = now is not None and before is not None and now.side == before.side
        return to_game(view, games.seat(view) if same_side else None)

    async def run(fn: Any, *args: Any) -> Any:
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(fn, *args)

    # ------------------------------------------------------------------ replayed game logs (read-only)
    async def replay_list(request: Request) -> Response:
        shown = language(request, default=lang) or lang
        request.state.lang = shown
        logs = await run(lambda: [(log, replays.summary(log)) for log in replays.logs()])
        return html(replays_page(shown, logs))

    async def replay_open(request: Request) -> Response:
        """A log opened in the browser: read, kept, and shown at its first step. Refused (no game log, no
        room left for it), the list again, with why and the log's text still in the form."""
        shown = language(request, default=lang) or lang
        request.state.lang = shown
        # (a few logs read at once at most: each may take seconds of the server's time and memory)
        async with Gate(opening, OPENING_WAIT_SECONDS, "web-replay-busy"):
            form = await read_form(request, MAX_LOG_FORM)
            shown = language(request, form, lang) or lang
            request.state.lang = shown
            text = str(form.get("log") or "")
            name = str(form.get("name") or "")
            try:
                log = await run(replays.open_text, text, name, shown)
            except WebError as err:
                if err.msg_id not in KEEP_TEXT_ON:
                    raise
                said = CONTROL.sub("\ufffd", web_words(shown).t(err.msg_id, **err.args_))
                logs = await run(lambda: [(log, replays.summary(log)) for log in replays.logs()])
                # (a form's text comes with CRLF line ends: the form gets back its lines, each control
                # character else shown as �, which no HTML may hold)
                lines = text.replace("\r\n", "\n").replace("\r", "\n")
                sent = (CONTROL.sub("\ufffd", lines), CONTROL.sub("\ufffd", name[:200]))
                return html(replays_page(shown, logs, said, sent), err.status)
        return RedirectResponse(f"/replay/{quote(log.name)}/1?lang={shown}", status_code=303)

    async def replay_start(request: Request) -> Response:
        """A replay's first step, or (`?turn=N`) the first step of a turn."""
        shown = language(request, default=lang) or lang
        request.state.lang = shown
        name = request.path_params["name"]
        replayed = await Gate(replaying, REPLAY_WAIT_SECONDS, "web-replay-busy").run(
            replays.replayed, name, shown
        )
        turn = request.query_params.get("turn")
        number = 1
        if turn is not None:
            firsts = replayed.first_step_of_turn()
            if not ascii_digits(turn) or len(turn) > 4 or int(turn) not in firsts:
                raise WebError("web-replay-no-turn", 404, turn=turn[:12])
            number = firsts[int(turn)]
        return RedirectResponse(f"/replay/{quote(name)}/{number}?lang={shown}", status_code=303)

    async def replay_step(request: Request) -> Response:
        shown = language(request, default=lang) or lang
        request.state.lang = shown
        gate = Gate(replaying, REPLAY_WAIT_SECONDS, "web-replay-busy")
        replayed = await gate.run(replays.replayed, request.path_params["name"], shown)
        raw = request.path_params["step"]
        count = len(replayed.steps)
        if not ascii_digits(raw) or len(raw) > 6 or not 1 <= int(raw) <= count:
            raise WebError("web-replay-no-step", 404, step=raw[:12], count=count)

        def draw() -> str:
            return ReplayStepPage(replayed, int(raw), replays.text(shown)).html()

        return html(await run(draw))

    def page_lang(request: Request) -> str:
        """The error page's language: the one the request asked for, else its game's, else the server's.
        (A request refused before its handler ran, a GET of a form's address, has not set its game's: it
        is looked up here, or the page of a Russian game came in the server's English.)"""
        asked = getattr(request.state, "lang", None) or language(request)
        if asked:
            return str(asked)
        game = game_of(request)
        return (games.save_lang(game) if game is not None else None) or lang

    def game_of(request: Request) -> str | None:
        return game_named(request.url.path, games)

    async def on_web_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, WebError)
        game = game_of(request)
        return html(error_page(page_lang(request), exc.msg_id, exc.args_, game), exc.status)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        args = {"name": request.url.path[:60], "method": request.method[:20]}
        if exc.status_code == 404:
            msg = "web-error-not-found"
        elif exc.status_code == 405:  # (a GET of a form's address: the form was not what failed)
            msg = "web-error-method"
        else:
            msg = "web-error-form"
        # (405 carries its Allow header: the methods the page does take)
        page = error_page(page_lang(request), msg, args, game_of(request))
        return html(page, exc.status_code, exc.headers)

    async def on_error(request: Request, exc: Exception) -> Response:
        log.exception("twilight serve: an internal error on %s", request.url.path)
        return html(error_page(page_lang(request), "web-error-internal", {}, game_of(request)), 500)

    def favicon(request: Request) -> Response:
        """The game's icon, where browsers ask for it first (the pages name /static/favicon.svg)."""
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    routes = [
        Route("/", home),
        Route("/favicon.ico", favicon),
        Route("/new", new_game, methods=["POST"]),
        Route("/changes/{name:str}", changes),
        Route("/game/{name:str}", game),
        Route("/game/{name:str}/answer", answer, methods=["POST"]),
        Route("/game/{name:str}/restart", restart, methods=["POST"]),
        Route("/game/{name:str}/undo", undo, methods=["POST"]),
        Route("/game/{name:str}/seat", take_turn, methods=["POST"]),
        Route("/game/{name:str}/hint", hint),
        Route("/replays", replay_list),
        Route(OPEN_LOG, replay_open, methods=["POST"]),
        Route("/replay/{name:str}", replay_start),
        Route("/replay/{name:str}/{step:str}", replay_step),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={WebError: on_web_error, HTTPException: on_http_error, Exception: on_error},
    )
    app.add_middleware(Guard, hosts=allowed_hosts(host, port), lang=lang, games=games)
    app.state.games = games
    app.state.replays = replays
    return app
