"""A save's path as the terminal prints it when a game stops (`quit`), is saved (`save`) and is taken up
again (`--resume`), at 80 columns: whole, so that it can be copied, however long. It was folded at the
terminal's width with a line break inside it ("…folder-of-game" / "s/my-game.json")."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_driver import ANSI, PlayDriver

pexpect = pytest.importorskip("pexpect")

GAME = ["--seed", "3", "--side", "us", "--level", "normal", "--set", "deluxe_map_canada=false"]


def long_save(tmp_path: Path) -> Path:
    folder = tmp_path / "a-rather-long-folder-name-for-saves" / "another-deeply-nested-folder-of-games"
    folder.mkdir(parents=True)
    return folder / "my-cold-war-game.json"


def printed(driver: PlayDriver) -> str:
    """All the terminal was sent, without its escape sequences (its line breaks kept)."""
    return ANSI.sub("", "".join(driver.transcript))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_save_path_is_printed_whole_at_80_columns(tmp_path: Path, lang: str) -> None:
    save = long_save(tmp_path)
    assert len(str(save)) > 80
    first = PlayDriver([*GAME, "--lang", lang, "--save", str(save), "--ids"], tmp_path, columns=80, lines=24)
    assert first.question() is not None
    first.send("save" if lang == "en" else "сохранить")
    first.transcript.append(first.until_prompt())
    first.send("quit")
    assert first.finish() == 0
    said = printed(first)
    assert said.count(str(save)) >= 2, said[-800:]  # saved, then saved on quitting

    again = PlayDriver(["--resume", str(save), "--ids"], tmp_path, columns=80, lines=24)
    assert again.question() is not None
    again.send("quit")
    assert again.finish() == 0
    assert str(save) in printed(again).split("[decision=")[0], printed(again)[:800]


def test_the_end_of_a_game_prints_its_trace_path_whole_at_80_columns(tmp_path: Path) -> None:
    """The end screen's box folded the trace's path (and the command that explains the AI's moves)."""
    import io

    from helpers import compiled_ir
    from rich.console import Console
    from twilight.cli.play.cmd import build_session, run_game
    from twilight.cli.play.input import LineReader
    from twilight.cli.session.text import PlayText

    save = long_save(tmp_path)
    ir = compiled_ir("solo-v2")
    out = io.StringIO()
    console = Console(file=out, width=80)
    meta = {"humans": ["us"], "lang": "en", "policy": "random", "ids": False}
    settings = {"ai_side": "ussr", "level": "normal"}
    text = PlayText("solo-v2", "en", ir)
    session = build_session(console, LineReader(interactive=False), ir, text, 3, settings, save, meta, 0.0)
    assert run_game(session) == 0
    trace = str(save.with_name(save.stem + ".trace.jsonl"))
    lines = out.getvalue().split("\n")
    assert f"The game's trace: {trace}" in lines
    assert f"The AI's reasons: twilight explain trace {trace} --all" in lines
