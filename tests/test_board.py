"""`twilight board` (docs/board.md): the board drawn from a compiled ruleset's `layout` and a game state.

- Every country of standard, solo-v2 and a variant that moves boxes (tests/variants/solo-v2-moved-map) is
  drawn exactly once, where the ruleset's layout puts it, with the influence of the save's state (the
  save replayed as `twilight play --resume` replays it) and its controller; one link per adjacency of the
  map (superpower links included); the Primary and Secondary regions of a solo game are marked.
- The compiler checks a layout: a place of something not on the map (E304, with "did you mean"), a
  country without a place (E305), two boxes in one cell (E306), a second layout (E307); a patch moves a
  box, and a removed place leaves its country without one.
- The command writes SVG and HTML (a PNG: tests/test_board_png.py); a bad save, a bad path or a
  ruleset without a layout gets one line, never a traceback.
"""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from board_saves import write_save
from click.testing import CliRunner
from helpers import ROOT, compiled_ir, describe, edit, line_of, read_rule, shown
from twilight.cli.board import board_svg, save_state
from twilight.cli.board.cmd import board
from twilight.cli.board.draw import BOX_H, BOX_W, CELL_H, CELL_W, MARGIN
from twilight.cli.session.text import PlayText
from twilight.compiler.api import compile_target
from twilight.compiler.diagnostics import render

SVG = "{http://www.w3.org/2000/svg}"
VARIANT = str((ROOT / "tests" / "variants" / "solo-v2-moved-map").relative_to(ROOT))
LAYOUT = "standard/map/layout.tsr"


def _compile(target: str) -> dict[str, Any]:
    result = compile_target(target)
    assert result.ir is not None and result.ok, describe(result.diagnostics)
    return result.ir


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A save of each ruleset, stopped at the start of turn 3."""
    folder = tmp_path_factory.mktemp("board-saves")
    out = {}
    for name, target in (("standard", "standard"), ("solo-v2", "solo-v2"), ("variant", VARIANT)):
        out[name] = folder / f"{name}.json"
        write_save(target, out[name], seed=11, turn=3)
    return out


def _drawn(save: Path, target: str, lang: str = "en") -> tuple[dict[str, Any], Any, ET.Element]:
    ruleset = target if target == VARIANT else None
    ir, state, _ = save_state(save, _compile, ruleset)
    svg = board_svg(ir, state, PlayText(ir["ruleset"]["name"], lang, ir))
    return ir, state, ET.fromstring(svg)


def _countries(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "country" in (g.get("class") or "").split()]


@pytest.mark.parametrize(
    ("name", "target"), [("standard", "standard"), ("solo-v2", "solo-v2"), ("variant", VARIANT)]
)
def test_every_country_is_drawn_once_with_the_states_influence(
    saves: dict[str, Path], name: str, target: str
) -> None:
    ir, state, root = _drawn(saves[name], target)
    drawn = _countries(root)
    ids = [g.get("data-country") for g in drawn]
    assert sorted(ids) == sorted(ir["map"]["countries"]), "each country once"
    assert len(ids) == len(set(ids))
    assert any(sum(state.influence[c].values()) > 0 for c in ids), "a mid-game save has influence"
    layout = ir["map"]["layout"]["places"]
    for g in drawn:
        country = g.get("data-country")
        assert g.get("id") == f"country-{country}"
        influence = state.influence[country]
        shown_numbers = {
            side: next(t.text or "" for t in g.iter(f"{SVG}text") if t.get("class") == f"influence {side}")
            for side in ("us", "ussr")
        }
        for side in ("us", "ussr"):
            assert g.get(f"data-{side}") == str(influence[side])
            assert shown_numbers[side] == (str(influence[side]) if influence[side] else ""), country
        stability = ir["map"]["countries"][country]["stability"]
        owner = next(
            (
                s
                for s, o in (("us", "ussr"), ("ussr", "us"))
                if influence[s] and influence[s] - influence[o] >= stability
            ),
            "",
        )
        assert g.get("data-controlled-by") == owner, country
        box = next(r for r in g.iter(f"{SVG}rect") if r.get("class") == "box")
        col, row = layout[country]
        assert float(box.get("x", "")) == MARGIN + col * CELL_W + (CELL_W - BOX_W) / 2
        assert float(box.get("y", "")) == MARGIN + row * CELL_H + (CELL_H - BOX_H) / 2


@pytest.mark.parametrize(("name", "target"), [("standard", "standard"), ("solo-v2", "solo-v2")])
def test_one_link_per_adjacency_of_the_map(saves: dict[str, Path], name: str, target: str) -> None:
    ir, _, root = _drawn(saves[name], target)
    pairs = {frozenset((c, a)) for c, v in ir["map"]["countries"].items() for a in v["adjacent"]}
    pairs |= {frozenset((s["superpower"], a)) for s in ir["map"]["sides"].values() for a in s["adjacent"]}
    links = [g for g in root.iter(f"{SVG}g") if g.get("class") == "adjacency"]
    assert len(links) == len(pairs)
    assert {frozenset((g.get("data-a"), g.get("data-b"))) for g in links} == pairs


def test_the_variant_draws_its_own_layout(saves: dict[str, Path]) -> None:
    standard = compiled_ir("solo-v2")["map"]["layout"]["places"]
    ir, _, root = _drawn(saves["variant"], VARIANT)
    assert standard["australia"] != [20, 12]
    assert ir["map"]["layout"]["places"]["australia"] == [20, 12]
    assert ir["map"]["layout"]["labels"]["southeast_asia"] == [15, 11]
    box = next(
        r for g in _countries(root) if g.get("data-country") == "australia" for r in g.iter(f"{SVG}rect")
    )
    assert float(box.get("x", "")) == MARGIN + 20 * CELL_W + (CELL_W - BOX_W) / 2


def test_solo_marks_its_primary_and_secondary_regions_in_the_players_language(saves: dict[str, Path]) -> None:
    _ir, state, root = _drawn(saves["solo-v2"], "solo-v2", lang="ru")
    marked = {
        g.get("data-marked"): g.get("data-region")
        for g in root.iter(f"{SVG}g")
        if "marked" in (g.get("class") or "").split()
    }
    wanted = {v: state.vars[v] for v in ("primary_region", "secondary_region") if state.vars.get(v)}
    assert wanted, "turn 3 of solo-v2 has a Primary region"
    assert marked == wanted
    words = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Первичный регион" in words and "Карточка Китая" in words
    assert "Western" not in words


def test_the_tracks_and_the_china_card_show_the_state(saves: dict[str, Path]) -> None:
    _, state, root = _drawn(saves["standard"], "standard")
    tracks = {
        g.get("data-track"): g.get("data-value") for g in root.iter(f"{SVG}g") if g.get("class") == "track"
    }
    assert tracks["turn"] == str(state.turn)
    assert tracks["defcon"] == str(state.defcon)
    assert tracks["vp"] == str(state.vp)
    assert tracks["milops-us"] == str(state.milops["us"]) and tracks["space-ussr"] == str(state.space["ussr"])
    china = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "china-card")
    assert china.get("data-holder") == state.china_holder
    assert china.get("data-face") == ("up" if state.china_face_up else "down")


def test_clickable_countries_are_marked_for_the_page(saves: dict[str, Path]) -> None:
    ir, state, _ = save_state(saves["solo-v2"], _compile)
    root = ET.fromstring(board_svg(ir, state, "en", clickable=["poland", "cuba"]))
    picked = sorted(
        g.get("data-country") or "" for g in _countries(root) if "clickable" in (g.get("class") or "")
    )
    assert picked == ["cuba", "poland"]


# ---------------------------------------------------------------------------------- the compiler's checks
@pytest.mark.parametrize(
    ("old", "new", "code", "hint"),
    [
        ("place australia at 17, 12", "place australa at 17, 12", "E304", "did you mean 'australia'?"),
        ("label africa at 5, 10", "label afrika at 5, 10", "E304", "did you mean 'africa'?"),
        ("place australia at 17, 12", "place australia at 17, 10", "E306", "move one of them"),
        ("place australia at 17, 12\n", "", "E305", "add `place australia at COLUMN, ROW`"),
        ("place australia at 17, 12", "place australia at 17, 100000", "E206", None),
    ],
    ids=["unknown-country", "unknown-region", "two-in-one-cell", "no-place", "off-the-grid"],
)
def test_layout_errors_have_a_code_a_position_and_a_hint(
    old: str, new: str, code: str, hint: str | None
) -> None:
    overrides, line = edit(LAYOUT, old, new)
    if code == "E305":
        line = line_of(read_rule(LAYOUT), "layout standard_map")
    result = compile_target("standard", overrides=overrides, use_cache=False)
    hits = [d for d in result.diagnostics if d.code == code]
    assert hits and result.ir is None, describe(result.diagnostics)
    diag = hits[0]
    assert diag.pos is not None and (diag.pos.file, diag.pos.line) == (shown(LAYOUT), line)
    assert hint is None or (diag.help is not None and hint in diag.help)
    text = render(diag, result.sources)
    assert f"[{code}]" in text and "^" in text


def test_a_second_layout_is_refused() -> None:
    text = read_rule(LAYOUT)
    extra = text + '\nlayout other source "t · 1" {\n}\n'
    result = compile_target("standard", overrides={shown(LAYOUT): extra}, use_cache=False)
    assert [d.code for d in result.diagnostics if d.code == "E307"], describe(result.diagnostics)


def _variant(tmp_path: Path, layout: str) -> Any:
    folder = tmp_path / "moved"
    folder.mkdir()
    (folder / "ruleset.tsr").write_text(
        'ruleset "moved" provisional "P10: t" {\n  version "1"\n  extends "standard"\n}\n', "utf-8"
    )
    (folder / "layout.tsr").write_text(layout, "utf-8")
    shutil.copytree(ROOT / "rules" / "standard", tmp_path / "standard")
    return compile_target(str(folder), root=tmp_path, use_cache=False)


def test_a_patch_moves_a_box_and_a_removed_place_is_missed(tmp_path: Path) -> None:
    moved = _variant(tmp_path, 'patch layout standard_map provisional "P10: t" {\n  place cuba at 5, 4\n}\n')
    assert moved.ok, describe(moved.diagnostics)
    assert moved.ir["map"]["layout"]["places"]["cuba"] == [5, 4]
    shutil.rmtree(tmp_path / "moved")
    shutil.rmtree(tmp_path / "standard")
    removed = _variant(
        tmp_path,
        'patch layout standard_map provisional "P10: t" {\n  remove place cuba\n  remove place cubba\n}\n',
    )
    codes = {d.code for d in removed.diagnostics}
    assert {"E305", "E222"} <= codes, describe(removed.diagnostics)


# ---------------------------------------------------------------------------------- the command
def _run(args: list[str]) -> tuple[int, str]:
    """`twilight board ARGS` in this process (the PNG test runs the real command)."""
    result = CliRunner().invoke(board, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception  # a traceback would have reached the user
    return result.exit_code, result.output


def test_the_command_writes_svg_and_html_of_a_save(saves: dict[str, Path], tmp_path: Path) -> None:
    for suffix in ("svg", "html"):
        out = tmp_path / f"board.{suffix}"
        code, said = _run([str(saves["solo-v2"]), "--lang", "ru", "-o", str(out)])
        assert code == 0, said
        text = out.read_text(encoding="utf-8")
        assert text.count('class="country') == 84 and "Польша" in text


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "solo game against the AI"), ("ru", "одиночная игра против ИИ")]
)
def test_the_picture_and_its_page_are_titled_by_the_rulesets_name(
    saves: dict[str, Path], tmp_path: Path, lang: str, title: str
) -> None:
    """As the terminal's panel and the browser's pages name the game (the ruleset's own title, not its
    id)."""
    for suffix in ("svg", "html"):
        out = tmp_path / f"board.{suffix}"
        code, said = _run([str(saves["solo-v2"]), "--lang", lang, "-o", str(out)])
        assert code == 0, said
        # (the page's title, then the picture's; the countries' titles after them name the countries)
        titles = re.findall(r"<title>([^<]*)</title>", out.read_text(encoding="utf-8"))
        own = titles[: 2 if suffix == "html" else 1]
        assert own and all(title in t and "solo-v2" not in t for t in own), titles[:3]


@pytest.mark.parametrize(
    ("args", "wanted"),
    [
        (["no-such-save.json", "-o", "x.svg"], 'There is no save called "no-such-save.json"'),
        ([str(ROOT / "pyproject.toml"), "-o", "x.svg"], "is damaged: it is not valid JSON"),
        (["--seed", "1", "-o", "x.gif"], "ends in .svg, .png or .html"),
        (["-o", "x.svg"], "name a save, or give --seed N"),
        (["--seed", "1", "--ruleset", "nonesuch", "-o", "x.svg"], "cannot compile ruleset nonesuch"),
    ],
    ids=["missing", "not-a-save", "format", "nothing", "bad-ruleset"],
)
def test_bad_input_gets_one_clear_line(args: list[str], wanted: str, tmp_path: Path) -> None:
    code, said = _run(args)
    assert code != 0
    assert wanted in said, said
    assert "Traceback" not in said


def test_a_save_of_a_variant_names_the_way_to_draw_it(saves: dict[str, Path], tmp_path: Path) -> None:
    code, said = _run([str(saves["variant"]), "-o", str(tmp_path / "v.svg")])
    assert code == 1 and "--ruleset" in said and "Traceback" not in said
    code, said = _run([str(saves["variant"]), "--ruleset", VARIANT, "-o", str(tmp_path / "v.svg")])
    assert code == 0, said


def test_a_damaged_save_is_refused_not_drawn(saves: dict[str, Path], tmp_path: Path) -> None:
    data = json.loads(saves["standard"].read_text(encoding="utf-8"))
    data["answers"] = [*data["answers"][:-3], ["us", "no-such-answer"]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, said = _run([str(bad), "-o", str(tmp_path / "b.svg")])
    assert code == 1 and "does not lead back to its game" in said and "Traceback" not in said


def test_diff_tells_what_a_variant_moved_on_the_map() -> None:
    from twilight.cli.diff.cmd import diff_report, render_text

    report = diff_report("solo-v2", VARIANT, "en")
    text = "\n".join(render_text(report))
    assert "place of australia: 17, 12 -> 20, 12" in text
    assert "label of southeast_asia: 19, 11 -> 15, 11" in text


def test_a_save_is_found_by_its_name_in_the_saves_folder(
    saves: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "home" / "saves"
    folder.mkdir(parents=True)
    shutil.copyfile(saves["solo-v2"], folder / "my-game.json")
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    code, said = _run(["my-game", "-o", str(tmp_path / "b.svg")])
    assert code == 0, said
    assert (tmp_path / "b.svg").read_text(encoding="utf-8").count('class="country') == 84
