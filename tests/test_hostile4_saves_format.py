"""A JSON file that is not a save of this twilight: what it lacks is said in the player's language
(no `format` field, another program's format, a newer twilight's), never as a Python value in English
inside a Russian sentence ("format None"); the same on the terminal (`twilight hint`, `twilight saves`)
and on the browser's page."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli
from twilight.cli.session.saves import SaveError, in_the_way, read_save

warnings.filterwarnings("ignore", message=".*httpx.*")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWILIGHT_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(
    ("content", "code", "detail"),
    [
        ('{"a": 1}', "no-format", ""),
        ('{"format": null}', "other-format", "null"),
        ('{"format": "foo"}', "other-format", '"foo"'),
        ('{"format": true}', "other-format", "true"),  # (True == 1 in Python: no save of ours)
        ('{"format": 1.0}', "other-format", "1.0"),
        ('{"format": 0}', "other-format", "0"),
        ('{"format": [1]}', "other-format", "[…]"),
        ('{"format": 2}', "newer-format", "2"),
    ],
)
def test_a_json_object_without_our_format_says_what_it_lacks(
    tmp_path: Path, content: str, code: str, detail: str
) -> None:
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SaveError) as err:
        read_save(path)
    assert (err.value.code, err.value.detail) == (code, detail)
    # (a new game's --save naming such a file is still refused, with what is there)
    assert in_the_way(path) is not None and "None" not in str(in_the_way(path))


@pytest.mark.parametrize(
    ("content", "lang", "said"),
    [
        ('{"a": 1}', "ru", 'bad.json — не файл сохранения twilight: в нем нет поля "format"'),
        ('{"a": 1}', "en", 'bad.json is not a twilight save file: it has no "format" field'),
        ('{"format": "x"}', "ru", 'его поле "format" равно "x", а у сохранений twilight оно равно 1'),
        ('{"format": 7}', "ru", "сохранен более новой версией twilight (формат сохранения 7"),
        ('{"format": 7}', "en", "was saved by a newer version of twilight (save format 7;"),
    ],
)
def test_hint_says_it_in_the_players_language(
    home: Path, monkeypatch: pytest.MonkeyPatch, content: str, lang: str, said: str
) -> None:
    monkeypatch.chdir(home)
    (home / "bad.json").write_text(content, encoding="utf-8")
    result = CliRunner().invoke(cli, ["hint", "bad.json", "--lang", lang])
    told = " ".join(result.output.split())
    assert result.exit_code == 1, told
    assert said in told, told
    assert "None" not in told and "format None" not in told and "Traceback" not in told


def test_saves_lists_it_in_the_players_language(home: Path) -> None:
    (home / "saves").mkdir()
    (home / "saves" / "bad.json").write_text('{"a": 1}', encoding="utf-8")
    result = CliRunner().invoke(cli, ["saves", "--lang", "ru"])
    told = " ".join(result.output.split())
    assert 'не файл сохранения twilight: в нем нет поля "format"' in told, told
    assert "twilight saves delete bad" in told and "None" not in told


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", 'bad.json is not a twilight save file: it has no "format" field'),
        ("ru", 'bad.json — не файл сохранения twilight: в нем нет поля "format"'),
    ],
)
def test_the_browsers_page_says_it_in_the_players_language(home: Path, lang: str, said: str) -> None:
    from starlette.testclient import TestClient
    from twilight.cli.web.app import create_app

    (home / "saves").mkdir()
    (home / "saves" / "bad.json").write_text('{"a": 1}', encoding="utf-8")
    app = create_app("127.0.0.1", 8000, "en")
    with TestClient(app, base_url="http://127.0.0.1:8000", raise_server_exceptions=False) as client:
        got = client.get(f"/game/bad?lang={lang}")
    found = re.search(r'class="problem">(.*?)</p>', got.text, re.S)
    shown = (found.group(1) if found else got.text).replace("&quot;", '"')
    assert got.status_code == 400
    assert said in shown, shown
    assert "None" not in shown and "no-format" not in shown
