"""`twilight docs RULESET --lang L -o DIR`: the reference pages of standard and solo-v2 in English and
Russian, rendered in a real headless Chromium (every page shows its headings and items, every link lands
on a page and an anchor that exist), and their content checked without a browser: sources and
provisional marks, escaping, Markdown links, well-formed HTML, and one-line errors for bad input."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from helpers import RULES, run_cli
from twilight.cli.docs.cmd import build_site, load
from twilight.cli.docs.model import Heading, Outline, Page, Site
from twilight.cli.docs.pages import called_procedures
from twilight.cli.docs.render import html_outline, html_page, md_code, md_page
from twilight.cli.i18n.check import _walk as ir_dicts
from twilight.cli.i18n.check import app_needed, read_messages
from twilight.cli.localizer import LANGUAGES, Localizer
from twilight.cli.session.text import APP_FOLDER, play_folders
from twilight.cli.sources_words import provisional_message_id, provisional_summary
from twilight.compiler import api

CASES = [(ruleset, lang) for ruleset in ("standard", "solo-v2") for lang in LANGUAGES]
CASE_IDS = [f"{ruleset}-{lang}" for ruleset, lang in CASES]
# The pages each ruleset gets: the standard game has no AI, so no page of priority lists.
PAGES = {
    "standard": ["index", "sequence", "cards", "tables", "restrictions", "settings"],
    "solo-v2": ["index", "sequence", "cards", "ai", "tables", "restrictions", "settings"],
}
TITLE_IDS = {
    "index": "docs-page-index",
    "sequence": "docs-page-sequence",
    "cards": "docs-page-cards",
    "ai": "docs-page-ai",
    "tables": "docs-page-tables",
    "restrictions": "docs-page-restrictions",
    "settings": "docs-page-settings",
}
# As the machine notes start it: headless, as root, with nothing fetched in the background.
CHROMIUM_FLAGS = (
    "--headless",
    "--disable-gpu",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
VOID = {"meta", "br", "hr", "img", "input", "link", "wbr", "col", "area", "base", "source"}


@pytest.fixture(scope="module")
def irs() -> dict[str, dict[str, Any]]:
    out = {}
    for ruleset in PAGES:
        result = api.compile_target(ruleset)
        assert result.ir is not None and result.ok
        out[ruleset] = result.ir
    return out


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Each ruleset's pages in each language, written by the command itself."""
    out = {}
    for ruleset, lang in CASES:
        folder = tmp_path_factory.mktemp(f"docs-{ruleset}-{lang}")
        code, text = run_cli(["docs", ruleset, "--lang", lang, "-o", str(folder)])
        assert code == 0, text
        pages = len(PAGES[ruleset])
        assert (f"wrote {pages} pages" if lang == "en" else f"записано {pages} страниц") in text
        out[(ruleset, lang)] = folder
    return out


def loc_of(ruleset: str, lang: str) -> Localizer:
    return Localizer.for_folders(play_folders(ruleset), lang)


# ---------------------------------------------------------------------------------- reading a DOM
class Dom(HTMLParser):
    """What the tests read of a page: ids, links, headings with their text, every text, and whether
    every element that was opened was closed in order."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.nav_hrefs: list[str] = []
        self.headings: list[tuple[str, str]] = []
        self.codes: list[str] = []
        self.texts: list[str] = []
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.tags: list[str] = []
        self._heading: list[str] | None = None
        self._code: list[str] | None = None
        self.feed(source)
        self.close()
        if self.stack:
            self.problems.append(f"left open: {self.stack}")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.tags.append(tag)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag == "a" and found.get("href") is not None:
            self.hrefs.append(str(found["href"]))
            if "nav" in self.stack:
                self.nav_hrefs.append(str(found["href"]))
        if tag in ("h1", "h2", "h3"):
            self._heading = []
        if tag == "code":
            self._code = []
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
            return
        self.stack.pop()
        if tag in ("h1", "h2", "h3") and self._heading is not None:
            self.headings.append((tag, re.sub(r"\s+", " ", "".join(self._heading)).strip()))
            self._heading = None
        if tag == "code" and self._code is not None:
            self.codes.append("".join(self._code))
            self._code = None

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        if self._heading is not None:
            self._heading.append(data)
        if self._code is not None:
            self._code.append(data)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", "".join(self.texts))


# ---------------------------------------------------------------------------------- the browser
def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


def dump_dom(browser: str, page: Path) -> str:
    """The page's DOM after Chromium has loaded and laid it out."""
    with tempfile.TemporaryDirectory(prefix="twilight-chromium-") as profile:
        proc = subprocess.run(
            [browser, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    assert proc.returncode == 0, f"chromium failed on {page}: {proc.stderr[-2000:]}"
    assert "<body" in proc.stdout, f"chromium gave no DOM for {page}: {proc.stderr[-2000:]}"
    return proc.stdout


@pytest.fixture(scope="module")
def rendered(generated: dict[tuple[str, str], Path]) -> dict[Path, Dom]:
    """Every HTML page of every case as Chromium's DOM of it."""
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium found (chromium, chromium-browser, google-chrome): apt-get install chromium")
    pages = sorted(p for folder in generated.values() for p in folder.glob("*.html"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        doms = list(pool.map(lambda p: dump_dom(browser, p), pages))
    return {page: Dom(dom) for page, dom in zip(pages, doms, strict=True)}


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_every_page_renders_in_chromium(
    ruleset: str,
    lang: str,
    generated: dict[tuple[str, str], Path],
    rendered: dict[Path, Dom],
    irs: dict[str, dict[str, Any]],
) -> None:
    folder = generated[(ruleset, lang)]
    ir = irs[ruleset]
    loc = loc_of(ruleset, lang)
    assert sorted(p.stem for p in folder.glob("*.html")) == sorted(PAGES[ruleset])
    for slug in PAGES[ruleset]:
        dom = rendered[folder / f"{slug}.html"]
        h1 = [text for tag, text in dom.headings if tag == "h1"]
        title = loc.get(TITLE_IDS[slug])
        assert title, TITLE_IDS[slug]
        if slug == "index":
            assert h1 == [loc.get("docs-index-title", ruleset=ruleset)]
        else:
            assert h1 == [title]
        # The navigation bar names every page, in the same order on each.
        assert dom.nav_hrefs == [f"{s}.html" for s in PAGES[ruleset]]
    cards = rendered[folder / "cards.html"]
    h2 = [text for tag, text in cards.headings if tag == "h2"]
    for card_id, card in ir["cards"].items():
        assert f"#{card['number']} {loc.card(card_id)} {card_id}" in h2
    sequence = rendered[folder / "sequence.html"]
    phases = [n["phase"] for n in _nodes(ir["sequence"]) if isinstance(n.get("phase"), str)]
    assert phases and set(phases) <= set(sequence.codes)
    for node in _nodes(ir["sequence"]):
        if node.get("label"):
            name = loc.text(f"phase-{node['phase']}", node["phase"])
            assert any(node["label"] in text and name in text for text in sequence.texts), node["phase"]
    assert set(ir["tables"]) <= set(rendered[folder / "tables.html"].codes)
    assert set(ir["rules"]) <= set(rendered[folder / "restrictions.html"].codes)
    settings = rendered[folder / "settings.html"]
    assert set(ir["settings"]) <= set(settings.codes)
    for setting in ir["settings"].values():  # (an int setting's bounds: it has no list of values to show)
        if "min" in setting:
            bounds = f" {setting['min']} ", f" {setting['max']}"
            assert any(all(b in text for b in bounds) for text in settings.texts), setting
    if ruleset == "solo-v2":
        ai = rendered[folder / "ai.html"]
        listed = [text for tag, text in ai.headings if tag == "h2"]
        for name in ir["priorities"]:
            assert f"{loc.get(f'ai-priority-{name}')} {name}" in listed
        options = {o["name"] for p in ir["priorities"].values() for o in p["options"]}
        for name in options:
            assert loc.get(f"ai-option-{name}") in ai.text, name
        # The appendix entry of a card is on the cards page, under the card.
        assert cards.text.count(str(loc.get("appendix-title"))) == len(ir["cards"])


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_every_link_in_the_browser_lands_on_an_anchor(
    ruleset: str,
    lang: str,
    generated: dict[tuple[str, str], Path],
    rendered: dict[Path, Dom],
    irs: dict[str, dict[str, Any]],
) -> None:
    folder = generated[(ruleset, lang)]
    checked = 0
    for page in sorted(folder.glob("*.html")):
        dom = rendered[page]
        assert dom.hrefs, page.name
        for href in dom.hrefs:
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc, f"{page.name}: {href} leaves the folder"
            target = (page.parent / unquote(parts.path)) if parts.path else page
            assert target.is_file(), f"{page.name}: {href}: no file {target.name}"
            if parts.fragment:
                assert parts.fragment in rendered[target].ids, f"{page.name}: {href}: no such anchor"
            checked += 1
    # The card list links every card, and the overview's contents every other page.
    cards = {f"cards.html#card-{card_id}" for card_id in irs[ruleset]["cards"]}
    assert cards <= set(rendered[folder / "cards.html"].hrefs)
    index = rendered[folder / "index.html"]
    assert index.hrefs[len(index.nav_hrefs) :] == [f"{slug}.html" for slug in PAGES[ruleset][1:]]
    assert checked > 200


def test_a_card_named_by_an_appendix_entry_links_to_it(
    generated: dict[tuple[str, str], Path], irs: dict[str, dict[str, Any]]
) -> None:
    ir = irs["solo-v2"]
    page = (generated[("solo-v2", "en")] / "cards.html").read_text(encoding="utf-8")
    linked = 0
    for card_id, entry in ir["appendix"].items():
        named = {n["id"] for n in _nodes(entry) if n.get("ref") == "card" and n.get("id") != card_id}
        if not named:
            continue
        start = page.index(f'<h3 id="appendix-{card_id}"')
        section = page[start : page.find("<h2", start)]
        for other in named:
            assert f'href="cards.html#card-{other}"' in section, (card_id, other)
            linked += 1
    assert linked >= 3


# ---------------------------------------------------------------------------------- content
def _nodes(node: Any) -> list[dict[str, Any]]:
    return list(ir_dicts(node))


def documented(ir: dict[str, Any]) -> dict[str, Any]:
    """The parts of the IR the pages show (functions and procedures the sequence never calls are not)."""
    called = called_procedures(ir["procedures"], ir["sequence"]["body"])
    return {
        "sequence": ir["sequence"],
        "procedures": [ir["procedures"][name] for name in called],
        **{
            key: ir[key]
            for key in ("cards", "appendix", "priorities", "orders", "tables", "rules", "settings")
        },
    }


def page_text(folder: Path) -> str:
    return " ".join(Dom(p.read_text(encoding="utf-8")).text for p in sorted(folder.glob("*.html")))


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_every_source_and_provisional_mark_is_shown(
    ruleset: str, lang: str, generated: dict[tuple[str, str], Path], irs: dict[str, dict[str, Any]]
) -> None:
    text = page_text(generated[(ruleset, lang)])
    sources: set[str] = set()
    provisional: set[str] = set()
    for node in _nodes(documented(irs[ruleset])):
        if isinstance(node.get("provenance"), dict):
            sources.update(node["provenance"].get("sources") or [])
            provisional.update(node["provenance"].get("provisional") or [])
    assert len(sources) > 50
    assert [s for s in sorted(sources) if s not in text] == []
    # each mark's summary in the page's language (the ruleset's `provisional-*` words)
    words = Localizer.for_folders(play_folders(ruleset), lang)
    for mark in provisional:
        code = mark.split(":", 1)[0]
        summary = words.text(provisional_message_id(mark), provisional_summary(mark))
        assert f"{code} {summary}" in text, mark
        assert lang == "en" or summary != provisional_summary(mark), f"{mark}: not worded in {lang}"
    assert (ruleset == "solo-v2") == bool(provisional)


def test_provisional_rules_are_marked_where_they_stand(generated: dict[tuple[str, str], Path]) -> None:
    folder = generated[("solo-v2", "ru")]
    restrictions = (folder / "restrictions.html").read_text(encoding="utf-8")
    start = restrictions.index('id="rule-human_play_regions"')
    section = restrictions[start : restrictions.index("<h3", start)]
    assert '<span class="prov"' in section
    assert "⚠ временное правило <strong>P1.1</strong>" in section
    assert "ваши операции — только в Первичном или Вторичном регионе" in section
    sequence = (folder / "sequence.md").read_text(encoding="utf-8")
    assert "**⚠ временное правило P8** шаги E–I как в официальных правилах" in sequence
    ai = (generated[("solo-v2", "en")] / "ai.html").read_text(encoding="utf-8")
    start = ai.index('id="list-ai_scoring_coup_target"')
    assert "<strong>P3.4</strong>" in ai[start : ai.index("<h2", start)]
    # The standard game has no provisional rule: no mark anywhere.
    for page in generated[("standard", "en")].glob("*.html"):
        assert 'class="prov"' not in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_html_is_well_formed_and_self_contained(
    ruleset: str, lang: str, generated: dict[tuple[str, str], Path]
) -> None:
    for page in sorted(generated[(ruleset, lang)].glob("*.html")):
        source = page.read_text(encoding="utf-8")
        assert source.startswith("<!DOCTYPE html>\n")
        assert f'<html lang="{lang}">' in source and '<meta charset="utf-8">' in source
        dom = Dom(source)
        assert dom.problems == [], page.name
        assert len(dom.ids) == len(set(dom.ids)), f"{page.name}: an anchor twice"
        assert {"script", "img", "link", "iframe"}.isdisjoint(dom.tags), page.name
        assert "http://" not in source and "https://" not in source, page.name
        assert "{$" not in dom.text and "{ $" not in dom.text, page.name


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_markdown_pages_match_and_their_links_resolve(
    ruleset: str, lang: str, generated: dict[tuple[str, str], Path]
) -> None:
    folder = generated[(ruleset, lang)]
    assert sorted(p.stem for p in folder.glob("*.md")) == sorted(PAGES[ruleset])
    anchors = {
        p.name: set(re.findall(r'<a id="([^"]+)"></a>', p.read_text(encoding="utf-8")))
        for p in folder.glob("*.md")
    }
    for page in sorted(folder.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        # Each HTML page's anchors are the Markdown page's too.
        assert anchors[page.name] == set(Dom((folder / f"{page.stem}.html").read_text(encoding="utf-8")).ids)
        links = re.findall(r"\]\(([^)\s]+)\)", text)
        assert links, page.name
        for link in links:
            name, _, fragment = link.partition("#")
            assert name in anchors, f"{page.name}: {link}"
            assert not fragment or fragment in anchors[name], f"{page.name}: {link}"


def test_card_text_is_escaped(tmp_path: Path) -> None:
    """A card name and summary with markup characters reach the reader as text, in both formats."""
    copy = tmp_path / "standard"
    shutil.copytree(RULES / "standard", copy)
    cards = copy / "locales" / "en" / "cards.ftl"
    name = 'Block <b>ade</b> & "Co" | *x*'
    text = re.sub(r"(?m)^card-blockade = .*$", f"card-blockade = {name}", cards.read_text(encoding="utf-8"))
    text = re.sub(
        r"(?m)^(card-blockade = .*\n    \.summary = ).*$", r"\1<script>alert(1)</script> & more", text
    )
    cards.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    code, output = run_cli(["docs", str(copy), "-o", str(out)])
    assert code == 0, output
    page = (out / "cards.html").read_text(encoding="utf-8")
    assert html.escape(name, quote=True) in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more" in page
    assert "<script>" not in page and "<b>ade" not in page
    dom = Dom(page)
    assert dom.problems == []
    assert f"#10 {name} blockade" in [text for tag, text in dom.headings if tag == "h2"]
    markdown = (out / "cards.md").read_text(encoding="utf-8")
    assert r'Block \<b\>ade\</b\> \& "Co" \| \*x\*' in markdown
    assert r"\<script\>alert(1)\</script\> \& more" in markdown
    browser = chromium()
    if browser is not None:
        shown = Dom(dump_dom(browser, out / "cards.html"))
        assert f"#10 {name} blockade" in [text for tag, text in shown.headings if tag == "h2"]
        assert "script" not in shown.tags


def test_the_outline_nests_in_html_and_markdown() -> None:
    lines = [(0, ("a",)), (1, ("b",)), (3, ("c",)), (0, ("d & e",))]
    assert html_outline(lines) == (
        '<ul class="outline"><li>a<ul><li>b<ul><li>c</li></ul></li></ul></li><li>d &amp; e</li></ul>'
    )
    site = Site("en", "t", "Pages", [Page("x", "X", [Heading(1, ("X",), "top"), Outline(lines)])])
    assert "- a\n  - b\n    - c\n- d \\& e" in md_page(site, site.pages[0])
    assert Dom(html_page(site, site.pages[0])).problems == []
    assert md_code("a`b") == "``a`b``"


# ---------------------------------------------------------------------------------- words and input
def test_the_pages_words_are_in_every_language_and_required() -> None:
    """Every `docs-*` id the code names is in docs.ftl of both languages, and `i18n check` needs them all."""
    code = set()
    for path in (APP_FOLDER / "docs").glob("*.py"):
        code.update(re.findall(r'"(docs-[a-z0-9_\-]+)"', path.read_text(encoding="utf-8")))
    needed = {msg for msg in app_needed() if msg.startswith("docs-")}
    assert code and needed == code
    for lang in LANGUAGES:
        words = read_messages([APP_FOLDER / "locales" / lang / "docs.ftl"])
        assert set(words) == code, lang


@pytest.mark.parametrize("ruleset", ["standard", "solo-v2", "solo-v2-quickdeal"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats(ruleset: str, lang: str) -> None:
    """Building every page formats every message it uses without a Fluent error (a variable a
    translation lacks, a selector without its default)."""
    ctx = load(ruleset, lang)
    site = build_site(ctx)
    assert [p.slug for p in site.pages] == PAGES["solo-v2" if ruleset != "standard" else "standard"]
    assert ctx.loc.errors == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["docs", "no_such_ruleset", "-o", "{tmp}/out"], "error: unknown ruleset no_such_ruleset"),
        (["docs", "standard", "--lang", "fr", "-o", "{tmp}/out"], "error: unknown language fr"),
        (["docs", "standard", "-o", "{tmp}/file/out"], "error: cannot write into"),
        (["docs", "standard", "-o", "{tmp}/file"], "error: cannot write into"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "file").write_text("not a folder", encoding="utf-8")
    code, output = run_cli([a.replace("{tmp}", str(tmp_path)) for a in args])
    assert code == 1, output
    assert output.strip().count("\n") == 0 and output.startswith(message), output
    assert not (tmp_path / "out").exists()


def test_a_ruleset_with_errors_is_one_line_and_exit_1(tmp_path: Path) -> None:
    copy = tmp_path / "standard"
    shutil.copytree(RULES / "standard", copy)
    blockade = copy / "cards" / "010_blockade.tsr"
    blockade.write_text(blockade.read_text(encoding="utf-8").replace("west_germany", "west_germny"), "utf-8")
    code, output = run_cli(["docs", str(copy), "-o", str(tmp_path / "out")])
    assert code == 1, output
    assert output.strip().count("\n") == 0 and "cannot compile ruleset" in output and "west_germny" in output
    assert not (tmp_path / "out").exists()


# ---------------------------------------------------------------------------------- words, not ids
def _raw_label(label: str) -> bool:
    """A column label written as an identifier (`max_roll`), not a word a reader would meet as such."""
    return "_" in label


@pytest.mark.parametrize(("ruleset", "lang"), CASES, ids=CASE_IDS)
def test_no_raw_column_names_bare_yes_or_sign_with_nothing(
    ruleset: str, lang: str, generated: dict[tuple[str, str], Path], irs: dict[str, dict[str, Any]]
) -> None:
    """Every column of a table is headed by its words from the ruleset's Fluent files; an option with no
    condition does not say `Candidates: yes`; a comparison with nothing is words, not `≠ nothing`."""
    folder = generated[(ruleset, lang)]
    loc = loc_of(ruleset, lang)
    tables = (folder / "tables.html").read_text(encoding="utf-8")
    headers = {html.unescape(h) for h in re.findall(r"<th>(.*?)</th>", tables)}
    labels = [
        (name, str(column["label"]))
        for name, table in irs[ruleset]["tables"].items()
        for column in table["columns"]
        if not column.get("faces")
    ]
    assert labels
    for name, label in labels:
        word = loc.get(f"table-{name}-column-{label}")
        assert word and word != label, (name, label)
        assert word in headers and label not in headers, (name, label)
        assert ("h2", f"{loc.get(f'table-{name}')} {name}") in Dom(tables).headings, name
    shown = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.md")))
    outside_code = re.sub(r"`[^`]*`", "", shown.replace("\\_", "_"))
    assert [label for _, label in labels if _raw_label(label) and label in outside_code] == []
    none, true = loc.get("outline-none"), loc.get("outline-true")
    assert none and true
    # A comparison, that is: `let x = nothing` (the Russian assignment) gives a value, it tests none.
    let = re.escape(str(loc.get("outline-let", name="NAME", value="VALUE")).split("NAME")[0])
    compared = re.sub(rf"(?m)^\s*- {let}.+? = {re.escape(none)}$", "", shown)
    assert re.findall(rf"[=≠] {re.escape(none)}\b", compared) == []
    assert f"**{loc.get('docs-ai-where')}:** {true}\n" not in shown
    if ruleset == "solo-v2":
        # The options that take any candidate say so, in the page's language.
        assert f"**{loc.get('docs-ai-where')}:** {loc.get('docs-ai-where-any', kind='country')}\n" in shown
        # and `primary_region != none` is said as words, the variable by its label.
        region = loc.get("outline-named", name=loc.get("state-primary_region"))
        assert loc.get("outline-is-set", x=region) in shown.replace("\\_", "_")


def test_the_table_words_are_required_by_i18n_check(irs: dict[str, dict[str, Any]]) -> None:
    from twilight.cli.i18n.check import needed

    for ir in irs.values():
        ids = set(needed(ir))
        for name, table in ir["tables"].items():
            assert f"table-{name}" in ids
            for column in table["columns"]:
                assert (f"table-{name}-column-{column['label']}" in ids) == (not column.get("faces"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoring_table_says_control_of_europe_wins(
    lang: str, generated: dict[tuple[str, str], Path]
) -> None:
    """Europe's control cell is the victory rule's win (read from the rule), with a sentence under it."""
    loc = loc_of("solo-v2", lang)
    page = (generated[("solo-v2", lang)] / "tables.html").read_text(encoding="utf-8")
    start = page.index('id="table-region_scoring"')
    section = page[start : page.index("<h2", start)]
    europe = re.search(rf"<tr><td>{re.escape(loc.region('europe'))}</td>(.*?)</tr>", section)
    assert europe, section[:500]
    cells = re.findall(r"<td>(.*?)</td>", europe.group(1))
    wins = (
        f'<a href="restrictions.html#rule-europe_control">{html.escape(str(loc.get("docs-table-wins")))}</a>'
    )
    assert cells[-1] == wins
    sentence = loc.get(
        "docs-table-wins-note",
        level=loc.get("table-region_scoring-column-control"),
        region=loc.region("europe"),
    )
    assert sentence and html.escape(sentence) in section
    # No other region's control wins the game.
    assert section.count('href="restrictions.html#rule-europe_control"') == 2


def test_a_scoring_win_is_read_from_the_victory_rule(tmp_path: Path) -> None:
    """Move the win of `victory europe_control` to Asia: the Asia row says it, Europe's shows its number."""
    copy = tmp_path / "standard"
    shutil.copytree(RULES / "standard", copy)
    victory = copy / "victory.tsr"
    victory.write_text(
        victory.read_text(encoding="utf-8").replace("region == europe and", "region == asia and"), "utf-8"
    )
    out = tmp_path / "out"
    code, output = run_cli(["docs", str(copy), "-o", str(out)])
    assert code == 0, output
    table = (out / "tables.md").read_text(encoding="utf-8")
    assert "| Asia | 3 | 7 | [wins the game](restrictions.md#rule-europe_control) |" in table
    assert "| Europe | 3 | 7 | 0 |" in table
    assert "Control of Asia wins the game" in table


# The page in a 420 px frame, measured by Chromium: the width of the page's document against its frame's.
FRAME_SCRIPT = """
addEventListener('load', () => {
  for (const frame of document.querySelectorAll('iframe')) {
    const root = frame.contentWindow.document.documentElement;
    frame.setAttribute('data-measured', root.scrollWidth + ' ' + root.clientWidth);
  }
});
"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_fits_a_420_px_screen(lang: str, generated: dict[tuple[str, str], Path]) -> None:
    """At 420 px the page's document is no wider than the screen: a wide table scrolls in its frame."""
    browser = chromium()
    if browser is None:
        pytest.skip("no Chromium found (chromium, chromium-browser, google-chrome): apt-get install chromium")
    folder = generated[("solo-v2", lang)]
    slugs = PAGES["solo-v2"]
    frames = "".join(
        f'<iframe src="{slug}.html" data-page="{slug}" style="width:420px;height:700px;border:0"></iframe>'
        for slug in slugs
    )
    harness = folder / "harness-420.html"
    harness.write_text(
        f"<!DOCTYPE html><html><body>{frames}<script>{FRAME_SCRIPT}</script></body></html>", "utf-8"
    )
    try:
        with tempfile.TemporaryDirectory(prefix="twilight-chromium-") as profile:
            proc = subprocess.run(
                [
                    browser,
                    *CHROMIUM_FLAGS,
                    "--allow-file-access-from-files",
                    f"--user-data-dir={profile}",
                    "--dump-dom",
                    harness.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=180,
                check=False,
            )
    finally:
        harness.unlink()
    assert proc.returncode == 0, proc.stderr[-2000:]
    measured = dict(re.findall(r'data-page="([a-z]+)"[^>]*data-measured="(\d+ \d+)"', proc.stdout))
    assert sorted(measured) == sorted(slugs), proc.stdout[-2000:]
    for slug, sizes in measured.items():
        width, viewport = map(int, sizes.split())
        assert 380 <= viewport <= 420 and width <= viewport, (slug, width, viewport)
    # The tables are there, wider than the screen, scrolling inside their frames.
    assert '<div class="table-wrap"><table>' in (folder / "cards.html").read_text(encoding="utf-8")
