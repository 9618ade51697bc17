"""A save written by another version of twilight whose game now goes another way (a fix of how the AI
plays changes what follows the same seed and answers): `twilight play --resume` keeps the answers that
still lead back, goes on live from the first that does not, and keeps the file as it was beside it
(`NAME.json.old`, never listed as a save). It stopped with "does not lead back to its game", and the game
was lost to the player."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from play_driver import PlayDriver, answer_for

pexpect = pytest.importorskip("pexpect")

SAID = {
    "en": "the game now goes another way after 5 of its {total} answers",
    "ru": "теперь партия идет иначе после 5 из {total} ответов",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_save_that_no_longer_leads_back_goes_on_from_where_it_does(tmp_path: Path, lang: str) -> None:
    args = ["--seed", "3", "--lang", lang, "--side", "us", "--level", "normal"]
    first = PlayDriver([*args, "--set", "deluxe_map_canada=false", "--ids"], tmp_path)
    for n in range(9):
        q = first.question()
        assert q is not None
        first.send(answer_for(q, n))
    first.send("quit")
    assert first.finish() == 0
    (save,) = (tmp_path / "saves").glob("*.json")
    data = json.loads(save.read_text(encoding="utf-8"))
    answers = data["answers"]
    assert len(answers) > 6
    # The sixth answer as this version's game no longer takes it (as when the AI now plays otherwise).
    changed = {**data, "answers": [*answers[:5], [answers[5][0], "no_such_answer"], *answers[6:]]}
    written = json.dumps(changed)
    save.write_text(written, encoding="utf-8")

    again = PlayDriver(["--resume", str(save), "--ids"], tmp_path)
    q = again.question()
    assert q is not None
    said = " ".join(" ".join(again.transcript).split())
    assert SAID[lang].format(total=len(answers)) in said, said[:600]
    old = save.with_name(save.name + ".old")
    assert old.read_text(encoding="utf-8") == written  # the save as it was, kept
    again.send(answer_for(q, 5))
    after = again.question()
    assert after is not None
    again.send("quit")
    assert again.finish() == 0
    resumed = json.loads(save.read_text(encoding="utf-8"))
    assert resumed["answers"][:5] == answers[:5] and len(resumed["answers"]) >= 6
    assert "no_such_answer" not in json.dumps(resumed["answers"])
    assert [p.name for p in (tmp_path / "saves").glob("*.json")] == [save.name]  # (the .old is no save)
