"""`twilight docs` as a reader sees its pages: an item's sources are labelled once, in the number they
come in ("Source: Sources: …" said it twice)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from twilight.cli.main import cli

# A field line of the Markdown pages: `- **Label:** value`.
FIELD = re.compile(r"^- \*\*(?P<label>[^*]+):\*\* (?P<value>.*)$")
LABELS = {"en": ("Source", "Sources"), "ru": ("Источник", "Источники")}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    out = {}
    for ruleset in ("standard", "solo-v2"):
        for lang in ("en", "ru"):
            folder = tmp_path_factory.mktemp(f"audit-docs-{ruleset}-{lang}")
            result = CliRunner().invoke(cli, ["docs", ruleset, "--lang", lang, "-o", str(folder)])
            assert result.exit_code == 0, result.output
            out[(ruleset, lang)] = folder
    return out


def source_fields(folder: Path, lang: str) -> list[tuple[str, str]]:
    fields = []
    for page in sorted(folder.glob("*.md")):
        for line in page.read_text(encoding="utf-8").splitlines():
            found = FIELD.match(line)
            if found and found["label"] in LABELS[lang]:
                fields.append((found["label"], found["value"]))
    return fields


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2"])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_source_field_is_labelled_once(pages: dict[tuple[str, str], Path], ruleset: str, lang: str) -> None:
    one, many = LABELS[lang]
    fields = source_fields(pages[(ruleset, lang)], lang)
    assert fields
    for label, value in fields:
        assert not value.startswith((f"{one}:", f"{many}:")), (label, value)
    # A card with two references is labelled in the plural, one with a single reference in the singular.
    cards = (pages[(ruleset, lang)] / "cards.md").read_text(encoding="utf-8")
    assert f"- **{many}:** *reference · cards.yaml*; *card text (deluxe) · 4*" in cards
    assert f"- **{one}:** *reference · cards.yaml* ·" in cards
