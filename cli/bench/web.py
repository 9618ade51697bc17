"""How long `twilight serve` takes from a click to the updated page: the real command in a fresh process
(`twilight serve --port 0`, its address read from what it prints), driven over HTTP as a browser does it:
an answer is posted (the first answer of each question, as a form's button sends it), the server plays on
to the person's next question and saves, and the redirect is followed to the new page. A click's time is
from sending the answer to having the whole new page. The browser's own drawing is not in the figure
(tests/test_web_browser.py drives Chromium); the standard library's HTTP client is, so that no test-only
dependency is needed."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Any
from urllib.parse import urlencode, urlsplit

from twilight.cli.bench.levels import default_level
from twilight.runtime.core import registry
from twilight.runtime.core.sides import US, USSR

# Games that end soon when each question gets its first answer (the AI wins early): one after the other
# until the clicks are counted.
GAMES = (("3", US), ("10", USSR), ("1", US))


class WebProbeError(Exception):
    """The server did not start or answered something else than a page; the message says what."""


def _form(page: str) -> dict[str, Any] | None:
    """The first answer to the page's question as its form sends it (None: the game is over)."""
    if 'id="end"' in page:
        return None
    n = re.search(r'name="n" value="(\d+)"', page)
    decision = re.search(r'name="decision" value="([^"]*)"', page)
    if n is None or decision is None:
        raise WebProbeError("a page with neither a question nor the end screen")
    buttons = re.findall(r'<button type="submit" name="pick" value="(\d+)"', page)
    least = int(re.search(r'data-min="(\d+)"', page).group(1))  # type: ignore[union-attr]
    form: dict[str, Any] = {"n": n.group(1), "decision": decision.group(1)}
    if buttons:
        form["pick"] = buttons[0]
    else:
        boxes = re.findall(r'type="checkbox" name="pick" value="(\d+)"', page)
        counts = re.findall(r'name="count-(\d+)"', page)
        if boxes:
            form["pick"] = boxes[:least]
        elif counts:
            form[f"count-{counts[0]}"] = str(least)
    return form


class Client:
    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, str, str]:
        headers = {"Host": f"{self.host}:{self.port}"}
        data = None
        if body is not None:
            data = urlencode(body, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        text = response.read().decode("utf-8")
        return response.status, response.getheader("location") or "", text

    def click(self, path: str, form: dict[str, Any]) -> tuple[str, str]:
        """Post a form and follow its redirect: the new page's path and text."""
        status, location, _ = self.request("POST", path, form)
        if status != 303:
            raise WebProbeError(f"POST {path}: status {status}")
        status, _, page = self.request("GET", location)
        if status != 200:
            raise WebProbeError(f"GET {location}: status {status}")
        return location, page


def click_seconds(clicks: int) -> list[float]:
    """The seconds each of `clicks` answers took, from posting it to having the next page."""
    with tempfile.TemporaryDirectory(prefix="twilight-bench-web-") as home:
        env = {**os.environ, "TWILIGHT_HOME": home, "PYTHONIOENCODING": "utf-8"}
        command = [sys.executable, "-m", "twilight.cli.main", "serve", "--port", "0"]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            line = server.stdout.readline() if server.stdout else ""
            found = re.search(r"http://[^\s/]+", line)
            if found is None:
                err = server.stderr.read() if server.stderr and server.poll() is not None else ""
                raise WebProbeError(f"twilight serve printed no address: {(line or err).strip()[-300:]}")
            client = Client(found.group(0))
            times: list[float] = []
            for seed, side in GAMES * (1 + clicks // 20):
                form = {
                    "ruleset": "solo-v2",
                    "side": side,
                    registry.LEVEL.name: default_level(),
                    "lang": "en",
                    "seed": seed,
                }
                location, page = client.click("/new", form)
                while len(times) < clicks:
                    answer = _form(page)
                    if answer is None:
                        break
                    started = time.perf_counter()
                    location, page = client.click(location.split("?")[0] + "/answer", answer)
                    times.append(time.perf_counter() - started)
                if len(times) >= clicks:
                    break
            return times
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def measure_web(clicks: int, say: Any) -> dict[str, Any]:
    """The `web` figures of `twilight bench`: a click's time to the updated page, median and p99."""
    from twilight.cli.bench.measuring import BenchError, ms_stats

    say(f"twilight serve: {clicks} clicks")
    try:
        times = click_seconds(clicks)
    except (WebProbeError, OSError) as err:
        raise BenchError(f"twilight serve: {err}") from None
    return {
        "ruleset": "solo-v2",
        registry.LEVEL.name: default_level(),
        **ms_stats(times, ("median", "p99", "max")),
    }
