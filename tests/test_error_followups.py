"""Errors that said what was wrong but not how to mend it, or half in English under `--lang ru`: scenario
files (an option's value misspelt, a ruleset name or folder misspelt, a YAML slip, a variant that does not
compile), JSON read by `parse_json`, `explain state` of a save name no save has, an unknown ruleset in
`explain`, `docs` and `rulesets --changes`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from twilight.cli.session.saves import write_atomic
from twilight.common.input_bounds import InputRefused, parse_json, parse_yaml
from twilight.harness.scenario import run_file

from tests.helpers import run_cli


def _scenario(folder: Path, text: str, name: str = "case.yaml") -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    result = run_file(path)
    assert not result.passed
    return result.reason.replace(f"{path.parent}/", "")  # (the file's place as from its folder)


def _broken_variant(folder: Path) -> Path:
    """A variant of solo-v2 whose one error is a setting written without its colon."""
    variant = folder / "variant"
    variant.mkdir()
    (variant / "ruleset.tsr").write_text(
        'ruleset "broken-variant" {\n  version "0.1"\n  extends "solo-v2"\n}\nsetting oops bool = true\n',
        encoding="utf-8",
    )
    return variant


# ---------------------------------------------------------------------- scenario files
@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            "{level: hardd}",
            "options.level: one of normal, experienced, hard, expert is expected, got hardd "
            "(did you mean 'hard'?)",
        ),
        ("{ai_side: usr}", "options.ai_side: one of us, ussr is expected, got usr (did you mean 'ussr'?)"),
        ("{setup_dice: lower_of_to}", "got lower_of_to (did you mean 'lower_of_two'?)"),
    ],
)
def test_a_misspelt_option_value_is_given_the_nearest_value(tmp_path: Path, options: str, said: str) -> None:
    reason = _scenario(tmp_path, f"ruleset: solo-v2\nsetup: empty\noptions: {options}\n")
    assert said in reason, reason


def test_an_option_written_without_the_space_after_its_colon_is_told_so(tmp_path: Path) -> None:
    reason = _scenario(tmp_path, "ruleset: solo-v2\nsetup: empty\noptions: {level:hard}\n")
    assert "options.level:hard: unknown key (a space is missing after the colon: `level: hard`)" in reason


def test_a_misspelt_ruleset_name_is_given_the_nearest_installed_one(tmp_path: Path) -> None:
    reason = _scenario(tmp_path, "ruleset: standrd\nsetup: empty\n")
    assert reason.startswith("case.yaml:1:1: ruleset: 'standrd': "), reason
    assert reason.endswith("(did you mean 'standard'?)"), reason


def test_a_ruleset_name_near_none_lists_the_installed_ones(tmp_path: Path) -> None:
    reason = _scenario(tmp_path, "ruleset: zzzzzz\nsetup: empty\n")
    assert "known rulesets: " in reason and "solo-v2" in reason and "standard" in reason, reason


def test_a_ruleset_folder_that_is_not_there_is_told_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # (a path is looked for from the working folder, then from the file's)
    reason = _scenario(tmp_path, "ruleset: ../nosuch-variant\nsetup: empty\n", "cases/case.yaml")
    assert "ruleset: '../nosuch-variant': the folder ../nosuch-variant does not exist" in reason, reason
    assert "known rulesets" not in reason and "neither a known ruleset" not in reason, reason


def test_a_misspelt_ruleset_folder_is_given_the_ruleset_folder_beside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _broken_variant(tmp_path)
    reason = _scenario(tmp_path, "ruleset: ../variantt\nsetup: empty\n", "cases/case.yaml")
    assert reason.endswith("did you mean '../variant'?"), reason


def test_a_variant_that_does_not_compile_names_its_fix_and_the_check_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _broken_variant(tmp_path)
    reason = _scenario(tmp_path, "ruleset: variant\nsetup: empty\n")
    assert "ruleset: 'variant': " in reason and "ruleset.tsr:5:" in reason, reason
    assert "(expected ':')" in reason, reason  # the compiler's help for the error
    assert reason.endswith("; run `twilight check variant` to see every error"), reason


@pytest.mark.parametrize(
    ("text", "where", "fix"),
    [
        (
            "ruleset: solo-v2\n\tsetup: empty\n",
            "case.yaml:2:1:",
            "a tab: YAML indents and separates with spaces",
        ),
        (
            "ruleset: solo-v2\noptions: {ai_side: ussr\nsetup: empty\n",
            "case.yaml:3:6:",
            "the { opened at line 2, column 10 is not closed: a } is missing",
        ),
        (
            "ruleset: solo-v2\ndice: [1, 2\n",
            "case.yaml:3:1:",
            "the [ opened at line 2, column 7 is not closed",
        ),
        (
            "name: 'a rule\nruleset: solo-v2\nsetup: empty\n",
            "case.yaml:4:1:",
            "the quote opened at line 1, column 7 is never closed",
        ),
        (
            "ruleset: solo-v2\nsetup:empty\nsteps: []\n",
            "case.yaml:3:1:",
            "the key at line 2, column 1 is not followed by a colon and a space",
        ),
        ("name: a: b\nruleset: solo-v2\n", "case.yaml:1:8:", "quote a value that holds ': '"),
        ("ruleset: solo-v2\n  setup: empty\n", "case.yaml:2:8:", "or indent this line as the keys above it"),
        (
            "ruleset: solo-v2\nsteps:\n  - start_turn: true\n - end_turn: true\n",
            "case.yaml:4:2:",
            "the dashes of one list, start at the same column",
        ),
        (
            "ruleset: solo-v2\nname: @home\n",
            "case.yaml:2:7:",
            "a plain value cannot begin with @: put the value",
        ),
        ("ruleset: solo-v2\ndice: [1]]\n", "case.yaml:2:10:", "a ] that closes nothing"),
        ("ruleset: solo-v2\nname: 'a'b\n", "case.yaml:2:10:", "put the whole value in quotes"),
        ('ruleset: solo-v2\nname: "a\\qb"\n', "case.yaml:2:10:", 'a backslash in "…" begins an escape'),
        ("ruleset: solo-v2\nname: *home\n", "case.yaml:2:7:", "an alias (*name) with no anchor (&name)"),
    ],
    ids=[
        "tab",
        "unclosed-brace",
        "unclosed-bracket",
        "unclosed-quote",
        "no-space-after-colon",
        "colon-in-value",
        "indented-key",
        "list-indent",
        "at-sign",
        "stray-bracket",
        "text-after-quote",
        "escape",
        "alias",
    ],
)
def test_a_yaml_slip_is_told_with_its_usual_cause(tmp_path: Path, text: str, where: str, fix: str) -> None:
    reason = _scenario(tmp_path, text)
    assert reason.startswith(f"{where} not valid YAML: "), reason
    assert fix in reason.partition(" (")[2] and reason.endswith(")"), reason  # (after the reader's words)


def test_parse_yaml_keeps_the_readers_own_words_before_the_fix() -> None:
    with pytest.raises(InputRefused) as caught:
        parse_yaml("a: 1\n\tb: 2\n")
    assert str(caught.value).startswith(
        "line 2, column 1: not valid YAML: found character '\\t' that cannot start any token (a tab"
    ), caught.value


# ---------------------------------------------------------------------- parse_json
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('"abc', "Unterminated string starting at line 1, column 1"),
        ('{"a": "b\x01"}', "Invalid control character at line 1, column 9"),
        ('{"a": 1,}', "Expecting property name enclosed in double quotes at line 1, column 9"),
    ],
)
def test_parse_json_says_at_once(text: str, said: str) -> None:
    with pytest.raises(InputRefused) as caught:
        parse_json(text)
    assert str(caught.value) == said
    assert "at at" not in str(caught.value)


def test_a_damaged_save_says_at_once(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text('{"format": 1, "ruleset": "standard', encoding="utf-8")  # (a string never closed)
    code, out = run_cli(["explain", "state", str(save)])
    assert code == 1 and "at line 1, column" in out and "at at" not in out, out


# ---------------------------------------------------------------------- explain state NAME
def _save(home: Path, name: str, lang: str = "en") -> None:
    data: dict[str, Any] = {
        "format": 1,
        "ruleset": "solo-v2",
        "seed": 7,
        "settings": {"ai_side": "us", "level": "hard"},
        "answers": [],
        "digest": "0123456789abcdef",
        "state": {"turn": 3},
        "play": {"humans": ["ussr"], "lang": lang, "finished": False},
    }
    write_atomic(home / "saves" / f"{name}.json", data)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["cold-wr"], 'error: There is no save called "cold-wr". Did you mean cold-war?'),
        (
            ["cold-wr", "--lang", "ru"],
            "ошибка: Сохранения «cold-wr» нет. Может быть, вы имели в виду cold-war?",
        ),
        (["zzz", "--lang", "en"], 'error: There is no save called "zzz". The saves are: cold-war, other.'),
        (["zzz", "--lang", "ru"], "ошибка: Сохранения «zzz» нет. Есть такие: cold-war, other."),
    ],
)
def test_explain_state_of_an_unknown_save_name_names_the_saves(
    tmp_path: Path, args: list[str], said: str
) -> None:
    _save(tmp_path, "cold-war")
    _save(tmp_path, "other")
    code, out = run_cli(["explain", "state", *args], extra_env={"TWILIGHT_HOME": str(tmp_path)})
    assert (code, out.strip()) == (1, said)


def test_explain_state_without_a_language_says_it_in_that_of_the_last_game(tmp_path: Path) -> None:
    _save(tmp_path, "cold-war", "ru")
    code, out = run_cli(["explain", "state", "cold-wr"], extra_env={"TWILIGHT_HOME": str(tmp_path)})
    assert (code, out.strip()) == (
        1,
        "ошибка: Сохранения «cold-wr» нет. Может быть, вы имели в виду cold-war?",
    )


def test_explain_state_of_a_missing_file_by_path_says_the_file_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "nosuch.json"
    code, out = run_cli(["explain", "state", str(missing)], extra_env={"TWILIGHT_HOME": str(tmp_path)})
    assert (code, out.strip()) == (1, f"error: There is no save file at {missing}.")


# ---------------------------------------------------------------------- unknown rulesets, in full Russian
@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (
            ["rulesets", "--changes", "nosuch", "--lang", "ru"],
            2,
            "ошибка: нет набора правил nosuch: нет ни набора с таким именем, ни такой папки (найдены наборы: "
            "solo-v2, solo-v2-quickdeal, standard; см. `twilight rulesets`)",
        ),
        (
            ["rulesets", "--changes", "standrd", "--lang", "ru"],
            2,
            "ошибка: нет набора правил standrd: может быть, вы имели в виду standard? (найдены наборы: "
            "solo-v2, solo-v2-quickdeal, standard; см. `twilight rulesets`)",
        ),
        (
            ["rulesets", "--changes", "standard@9", "--lang", "ru"],
            2,
            "ошибка: нет набора правил standard@9: версии 9 набора standard нет (есть версии: 1.0); может "
            "быть, вы имели в виду standard@1.0?",
        ),
        (
            ["rulesets", "--changes", "standrd"],
            2,
            "error: unknown ruleset standrd: did you mean standard? (rulesets found: solo-v2, "
            "solo-v2-quickdeal, standard; see `twilight rulesets`)",
        ),
        (
            ["docs", "nonesuch", "--lang", "ru", "-o", "{tmp}/out"],
            1,
            "ошибка: нет набора правил nonesuch: нет ни набора с таким именем, ни такой папки (найдены "
            "наборы: solo-v2, solo-v2-quickdeal, standard; см. `twilight rulesets`)",
        ),
        (
            ["docs", "standrd", "--lang", "ru", "-o", "{tmp}/out"],
            1,
            "ошибка: нет набора правил standrd: может быть, вы имели в виду standard? (найдены наборы: "
            "solo-v2, solo-v2-quickdeal, standard; см. `twilight rulesets`)",
        ),
    ],
    ids=["changes-ru", "changes-close-ru", "changes-version-ru", "changes-en", "docs-ru", "docs-close-ru"],
)
def test_an_unknown_ruleset_is_said_in_full_in_the_language_asked(
    tmp_path: Path, args: list[str], code: int, said: str
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in args]
    got, out = run_cli(args, extra_env={"TWILIGHT_HOME": str(tmp_path)})
    assert (got, out.strip()) == (code, said)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_unknown_ruleset_reads_the_same_in_every_explain_command(tmp_path: Path, lang: str) -> None:
    env = {"TWILIGHT_HOME": str(tmp_path)}
    said = {
        run_cli(["explain", *args, "--ruleset", "standrd", "--lang", lang], extra_env=env)
        for args in (["card", "10"], ["state"])
    }
    ((got, out),) = said
    assert got == 1
    start = (
        "error: unknown ruleset standrd: did you mean standard?"
        if lang == "en"
        else ("ошибка: нет набора правил standrd: может быть, вы имели в виду standard?")
    )
    assert out.startswith(start), out
    trace = tmp_path / "game.jsonl"
    trace.write_text('{"kind": "ai_choice"}\n', encoding="utf-8")
    code, out = run_cli(
        ["explain", "trace", str(trace), "--ruleset", "standrd", "--lang", lang], extra_env=env
    )
    assert code == 1 and out.startswith(start), out
