"""Through a real pseudo-terminal: after `undo`, the question asked again says what it does not offer and
why, as it did the first time, and a card it refuses, typed by name, gets the rule's reason, never a
guess at a country ("US/Japan" is not Japan)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import PlayDriver
from test_play_pty import no_traceback, solo

pexpect = pytest.importorskip("pexpect")

SEED = 101  # the US's first draft: the third keep refuses US/Japan Mutual Defense Pact
NOT_OFFERED = "Not offered: US/Japan Mutual Defense Pact"
REASON = "Not US/Japan Mutual Defense Pact: the cards you keep would then total more operations"


def test_undo_keeps_the_not_offered_line_and_the_refused_cards_reason(tmp_path: Path) -> None:
    driver = PlayDriver(solo(SEED), tmp_path)
    for _ in range(2):  # two keeps
        q = driver.question()
        assert q is not None and q.name == "draft_keep"
        driver.send(q.options[0][2])
    third = driver.question()
    assert third is not None and NOT_OFFERED in third.screen
    driver.send("US/Japan")
    assert REASON in driver.until_prompt()
    driver.send(third.options[0][2])
    q = driver.question()
    assert q is not None and "us_japan_mutual_defense_pact" not in {o[2] for o in q.options}
    driver.send("US/Japan")  # a card this question never had: said by its name, not taken for Japan
    said = driver.until_prompt()
    assert "US/Japan Mutual Defense Pact is not among the choices now." in said, said[-500:]
    driver.send("undo")
    again = driver.question()
    assert again is not None and again.name == "draft_keep"
    assert [o[2] for o in again.options] == [o[2] for o in third.options]
    assert NOT_OFFERED in again.screen
    driver.send("US/Japan")
    said = driver.until_prompt()
    assert REASON in said and "Japan is not among" not in said
    driver.send("quit")
    driver.finish()
    no_traceback(driver.output())
