"""`twilight explain` and `twilight docs` in the reader's language, as a wording audit found them wanting:
their errors (the `error:` before them too) and `docs`' last line in Russian under `--lang ru`, and the
Region/Country Priority Table said to break a tie from its end when a list ranks by it `desc`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from twilight.cli.explain.trace import TraceExplainer
from twilight.cli.localizer import Localizer

from tests.helpers import compiled_ir, run_cli


def _error(*args: str) -> str:
    code, out = run_cli(list(args))
    assert code == 1, out
    assert out.strip().count("\n") == 0 and "Traceback" not in out, out
    return out.strip()


def test_explain_trace_errors_are_russian_under_lang_ru(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    said = _error("explain", "trace", str(missing), "--lang", "ru")
    assert said == f"ошибка: нет файла трассы {missing}", said
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    said = _error("explain", "trace", str(empty), "--lang", "ru")
    assert said == f"ошибка: {empty}: трасса пуста", said
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("{x\n", encoding="utf-8")
    said = _error("explain", "trace", str(damaged), "--lang", "ru")
    assert said.startswith(f"ошибка: {damaged}:1: строка не в формате JSON"), said
    said = _error("explain", "trace", str(empty), "--all", "--move", "1", "--lang", "ru")
    assert said == "ошибка: укажите что-то одно: --move N, --event N или --all", said


def test_explain_trace_errors_stay_english_without_a_language(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    assert _error("explain", "trace", str(missing)) == f"error: no trace file {missing}"
    assert _error("explain", "trace", str(tmp_path)).startswith(f"error: {tmp_path} is a folder")


def test_explain_ruleset_errors_are_russian_under_lang_ru() -> None:
    said = _error("explain", "card", "10", "--ruleset", "no_such_ruleset", "--lang", "ru")
    assert said.startswith("ошибка: нет набора правил no_such_ruleset"), said
    said = _error("explain", "state", "--ruleset", "no_such_ruleset", "--lang", "ru")
    assert said.startswith("ошибка: нет набора правил no_such_ruleset"), said
    said = _error("explain", "state", "--ruleset", "no_such_ruleset")
    assert said.startswith("error: unknown ruleset no_such_ruleset"), said


def test_docs_says_what_it_wrote_in_russian(tmp_path: Path) -> None:
    code, out = run_cli(["docs", "standard", "--lang", "ru", "-o", str(tmp_path / "ru")])
    assert code == 0, out
    assert out.strip() == f"standard [ru]: записано 6 страниц (12 файлов) в папку {tmp_path / 'ru'}", out
    code, out = run_cli(["docs", "standard", "--lang", "en", "-o", str(tmp_path / "en")])
    assert code == 0, out
    assert out.strip() == f"standard [en]: wrote 6 pages (12 files) into {tmp_path / 'en'}", out


def test_docs_errors_are_russian_under_lang_ru(tmp_path: Path) -> None:
    a_file = tmp_path / "a_file"
    a_file.write_text("", encoding="utf-8")
    said = _error("docs", "standard", "--lang", "ru", "-o", str(a_file))
    assert said == f"ошибка: не удается записать в {a_file}: это файл, а не папка", said


@pytest.fixture(scope="module")
def solo_ir() -> dict[str, Any]:
    return compiled_ir("solo-v2")


def _tie_break(ir: dict[str, Any], lang: str, priority: str, decided_by: str) -> dict[str, Any]:
    explainer = TraceExplainer(Localizer.for_ruleset("solo-v2", lang), ir, "solo-v2")
    event = {"kind": "ai_choice", "n": 1, "priority": priority, "option": 2, "option_name": "anywhere"}
    view = explainer.choice({**event, "target": "iran", "candidates": 2, "decided_by": decided_by})
    tie_break: dict[str, Any] = view["tie_break"]
    return tie_break


@pytest.mark.parametrize(
    ("lang", "last", "first"),
    [
        ("en", "the one listed last in it won", "the one listed first in it won"),
        ("ru", "стоит в ней последним", "стоит в ней первым"),
    ],
)
def test_the_table_says_which_end_of_it_won(
    solo_ir: dict[str, Any], lang: str, last: str, first: str
) -> None:
    # ai_answer_remove_own's last key: `rank(region_country_priority, c) desc` (the lowest in the table).
    final = solo_ir["priorities"]["ai_answer_remove_own"]["final"]
    assert final[3]["desc"], final[3]
    desc = _tie_break(solo_ir, lang, "ai_answer_remove_own", "then_by[3]")
    assert "table" in desc and desc["desc"] is True, desc
    assert desc["text"].endswith(last) and first not in desc["text"], desc["text"]
    # ai_influence_placement's last key ranks the table `asc`: its top wins.
    placement = solo_ir["priorities"]["ai_influence_placement"]["final"]
    index = next(i for i, key in enumerate(placement) if not key.get("desc") and "rank" in str(key))
    asc = _tie_break(solo_ir, lang, "ai_influence_placement", f"then_by[{index}]")
    assert "table" in asc and asc["desc"] is False, asc
    assert asc["text"].endswith(first), asc["text"]


def test_the_docs_say_which_way_a_list_reads_the_table(tmp_path: Path) -> None:
    for lang, down, up in (
        ("en", "read from the top down", "read from the bottom up"),
        ("ru", "сверху вниз", "снизу вверх"),
    ):
        code, out = run_cli(["docs", "solo-v2", "--lang", lang, "-o", str(tmp_path / lang)])
        assert code == 0, out
        page = (tmp_path / lang / "ai.md").read_text(encoding="utf-8")
        assert down in page and up in page, lang
