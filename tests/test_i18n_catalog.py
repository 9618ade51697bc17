"""The Fluent messages parsed one by one on demand (cli/localizer.py, Catalog) are exactly what parsing the
whole files gives, for every locale file of the project and for broken, overriding and cross-referring
files."""

from __future__ import annotations

from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from twilight.cli.localizer import LANGUAGES, Catalog, Localizer, known_rulesets, locale_files
from twilight.cli.session.text import play_folders

ROOT = Path(__file__).resolve().parent.parent
# A comment above an entry is not part of what it says.
IGNORED = ["span", "comment"]


def whole(files: list[Path]) -> dict[str, fast.Message | fast.Term]:
    """Every message (`id`) and term (`-id`) of the files parsed whole, later files overriding."""
    entries: dict[str, fast.Message | fast.Term] = {}
    parser = FluentParser(with_spans=False)
    for path in files:
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fast.Message):
                entries[entry.id.name] = entry
            elif isinstance(entry, fast.Term):
                entries["-" + entry.id.name] = entry
    return entries


def on_demand(lang: str, files: list[Path], keys: list[str]) -> dict[str, fast.Message | fast.Term]:
    cat = Catalog(lang, files)
    found = [key for key in keys if cat.has(key)]
    assert sorted(found) == sorted(cat.entries)
    return cat.entries


def all_ids(files: list[Path]) -> list[str]:
    """Every id a line of the files begins with, and some that none has."""
    ids = set()
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            head = line.split("=", 1)[0].strip()
            if "=" in line and head and not line[0].isspace():
                ids.add(head)
    return [*sorted(ids), "no-such-message", "-no-such-term"]


SETS = [
    (ruleset, lang, locale_files(play_folders(ruleset), lang))
    for ruleset in known_rulesets()
    for lang in LANGUAGES
] + [
    ("example", lang, locale_files(play_folders(str(ROOT / "docs/examples/solo-v2-aggressive")), lang))
    for lang in LANGUAGES
]


@pytest.mark.parametrize(("ruleset", "lang", "files"), SETS, ids=[f"{r}-{lang}" for r, lang, _ in SETS])
def test_every_project_message_is_the_same_parsed_alone(ruleset: str, lang: str, files: list[Path]) -> None:
    assert files
    expected = whole(files)
    got = on_demand(lang, files, all_ids(files))
    assert sorted(got) == sorted(expected)
    for key, entry in expected.items():
        assert got[key].equals(entry, ignored_fields=IGNORED), key


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_broken_overriding_and_referring_entries(tmp_path: Path) -> None:
    first = write(
        tmp_path,
        "a.ftl",
        "# a comment\n"
        "kept = first { -term }\n"
        "    .gen = of first\n"
        "replaced = old\n"
        "broken = { $x\n"
        "after-broken = still here\n"
        "-term = Term\n"
        "select = { $n ->\n"
        "[one] one\n"
        "*[other] many\n"
        "}\n"
        "## group comment\n",
    )
    second = write(
        tmp_path,
        "b.ftl",
        "replaced = new, with { kept }\n"
        "kept = { unknown-message\n"  # broken: the first file's `kept` stands
        "multi =\n"
        "    line one\n"
        "    line two\n",
    )
    files = [first, second]
    expected = whole(files)
    got = on_demand("en", files, [*all_ids(files), "broken"])
    assert sorted(got) == sorted(expected)
    assert "broken" not in got and "after-broken" in got
    for key, entry in expected.items():
        assert got[key].equals(entry, ignored_fields=IGNORED), key

    # Formatting pulls in what a message refers to.
    bundle = FluentBundle(["en"], use_isolating=False)
    for path in files:
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")), allow_overrides=True)
    loc = Localizer("en", [Catalog("en", files)])
    for msg_id, args in [("replaced", {}), ("kept", {}), ("select", {"n": 1}), ("select", {"n": 5})]:
        want, _ = bundle.format_pattern(bundle.get_message(msg_id).value, args)
        assert loc.get(msg_id, **args) == want
    assert loc.get("kept", "gen") == "of first"
    assert loc.get("multi") == "line one\nline two"
    assert loc.get("broken") is None


PLAIN_CASES = [
    "a = text\n",
    "a = text with trailing spaces   \n",
    "a =   leading spaces\n",
    "a = non\u00a0breaking\u00a0\n",
    "a = \u00a0starts non-breaking\n",
    "a = tab\tinside\n",
    "a = ends with tab\t\n",
    "a = x = y, 'quoted' \"too\"\n",
    "a = [not a variant] *nor this* .nor this\n",
    "a = text\n    .gen = of text\n    .in =  in text  \n",
    "a = text\n\n    .gen = after a blank line\n",
    "a = text\n# a comment\n    .gen = after a comment\n",
    "a =\n    .gen = attributes only\n",
    "a = text\n    continued\n",
    "a = text\n  .gen = two spaces\n",
    "-term = A Term\n    .gen = of a term\n",
    "a = windows\r\n    .gen = line ends\r\n",
    "a = { -term }\n",
    "a = text\n\n\n# trailing comment\n## group\n",
    "a-b_c = dashes and underscores\n",
    "a = back\\slash\n",
]


@pytest.mark.parametrize("source", PLAIN_CASES)
def test_entries_built_without_the_parser_match_it(source: str, tmp_path: Path) -> None:
    path = write(tmp_path, "x.ftl", source + "-term = T\n")
    expected = whole([path])
    got = on_demand("en", [path], ["a", "a-b_c", "-term"])
    assert sorted(got) == sorted(expected)
    for key, entry in expected.items():
        assert got[key].equals(entry, ignored_fields=IGNORED), (key, got[key].to_json(), entry.to_json())
