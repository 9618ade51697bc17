"""The Russian pages of `twilight docs` read as Russian: every ruleset of rules/ (standard, solo-v2 and
its variants) rendered in Russian holds no Latin word a reader meets as a word (docs/ruleset-docs.md,
"Languages"). What may stay Latin: what is code on the page (ids, file places, commands: `<code>`), the
source references as the seeds cite them, the names of cards and countries as the ruleset's Russian
words give them (U-2, KAL-007, Иоанн Павел II), the ruleset's own name (what `--ruleset` takes), and
the few words outlines keep (test_i18n_audit3_outline_words.py: one-letter names, DEFCON) and a player
reads as they are (test_play_words.py: a provisional rule's number, P3.1).

The English pages hold no snake_case id outside code either: a reason of the AI (`appendix_event`), a
moment of the card appendix (`scoring_round`) or an order (`region_country_priority`) is said in words.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from helpers import RULES
from test_docs import Dom
from test_i18n_audit3_outline_words import latin_words
from test_play_words import ALLOWED_LATIN, SNAKE
from twilight.cli.docs.cmd import build_site, load
from twilight.cli.docs.render import html_page

# Every ruleset of rules/: a variant added there is read too.
RULESETS = sorted(p.name for p in RULES.iterdir() if (p / "ruleset.tsr").is_file())
# The solo rule book's version as its cover names it («правила v2»), in a description.
VERSION_MARK = re.compile(r"v\d+")
# The elements that run on inside a line of text.
INLINE = {"a", "strong", "em", "span", "code"}


class ReadText(Dom):
    """A page's words as a reader reads them: its text but what is code (`<code>`, `<style>`) and the
    source references (`<span class="src">`), which are cited as the seeds write them."""

    def __init__(self, source: str) -> None:
        self.read: list[str] = []
        self._skipped: list[int] = []  # the depths of the open elements whose text is not read
        super().__init__(source)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        if tag not in INLINE:  # (a block's text is a line of its own: an outline's items are not run on)
            self.read.append("\n")
        if tag in ("code", "style") or dict(attrs).get("class") == "src":
            self._skipped.append(len(self.stack))

    def handle_endtag(self, tag: str) -> None:
        super().handle_endtag(tag)
        while self._skipped and len(self.stack) < self._skipped[-1]:
            self._skipped.pop()

    def handle_data(self, data: str) -> None:
        super().handle_data(data)
        if not self._skipped:
            self.read.append(data)


@cache
def pages(ruleset: str, lang: str) -> dict[str, list[str]]:
    """Each page's lines of read text, the names of cards and countries (and the ruleset's) taken out."""
    ctx = load(ruleset, lang)
    site = build_site(ctx)
    names = {ctx.loc.card(c) for c in ctx.ir.get("cards") or {}}
    names |= {ctx.loc.country(c) for c in ctx.ir["map"]["countries"]}
    names |= {ruleset, str((ctx.ir.get("ruleset") or {}).get("name") or ruleset)}
    as_names = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True) if n))
    out: dict[str, list[str]] = {}
    for page in site.pages:
        text = "".join(ReadText(html_page(site, page)).read)
        out[page.slug] = [as_names.sub(" ", line) for line in text.splitlines() if line.strip()]
    return out


def foreign_words(line: str) -> list[str]:
    return [w for w in latin_words(line) if not ALLOWED_LATIN.fullmatch(w) and not VERSION_MARK.fullmatch(w)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_latin_word_on_a_russian_page(ruleset: str) -> None:
    found = [
        f"{slug}.html: {sorted(set(words))} in {line.strip()[:200]}"
        for slug, lines in pages(ruleset, "ru").items()
        for line in lines
        if (words := foreign_words(line))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_snake_case_id_on_an_english_page(ruleset: str) -> None:
    found = [
        f"{slug}.html: {SNAKE.findall(line)} in {line.strip()[:200]}"
        for slug, lines in pages(ruleset, "en").items()
        for line in lines
        if SNAKE.search(line)
    ]
    assert not found, "\n".join(found)


def test_the_ai_reasons_and_moments_are_said_as_why_says_them() -> None:
    """The sequence's `ai_decision(…, "appendix_event")` is said as `why` says it (`ai-rule-*`), and
    `appendix_allows(card, if scoring then "scoring_round" else …, ai)` names the appendix's moments."""
    ctx = load("solo-v2", "ru")
    text = "\n".join(pages("solo-v2", "ru")["sequence"])
    assert f"«{ctx.loc.get('ai-rule-appendix_event')}»" in text
    assert f"«{ctx.loc.get('appendix-moment-non_scoring_round')}»" in text
    assert "appendix_event" not in text and "«(если" not in text


def test_a_rank_by_an_order_names_the_order() -> None:
    ctx = load("solo-v2", "ru")
    text = "\n".join(pages("solo-v2", "ru")["cards"])
    assert f"«{ctx.loc.get('order-region_country_priority')}»" in text


def test_the_overview_gives_the_rulesets_own_description_in_the_language() -> None:
    """The description is the ruleset's `ruleset-description`, as `twilight rulesets` shows it, not the
    manifest's English; a variant's own, not the one of what it extends."""
    for ruleset in ("solo-v2", "solo-v2-quickdeal"):
        ctx = load(ruleset, "ru")
        assert ctx.description and ctx.description in "\n".join(pages(ruleset, "ru")["index"])
    assert load("solo-v2-quickdeal", "ru").description != load("solo-v2", "ru").description


def test_a_command_in_running_text_is_code() -> None:
    site = build_site(load("solo-v2", "ru"))
    settings = next(p for p in site.pages if p.slug == "settings")
    shown = html_page(site, settings)
    assert "<code>twilight play</code>" in shown and "`" not in shown
