"""The writers of `twilight docs`: the pages (cli/docs/model.py) as self-contained HTML and as Markdown.

HTML: one file per page, its style inline, no script and nothing fetched, every text escaped; a
navigation bar links the pages. Markdown: the same pages, anchors as `<a id>` tags (headings' own ids
differ between Markdown tools), every character Markdown would read as markup escaped.
"""

from __future__ import annotations

import html
import re

from twilight.cli.docs.model import (
    Block,
    Bullets,
    Code,
    Fields,
    Heading,
    Inline,
    Inlines,
    Link,
    Outline,
    Page,
    Para,
    Site,
    Source,
    Strong,
)

STYLE = """
body { font-family: system-ui, sans-serif; margin: 0; color: #1d232b; background: #fbfbf8; }
main, nav { line-height: 1.45; }
nav { position: sticky; top: 0; background: #23303f; padding: .5em 1em; z-index: 1; }
nav a { color: #e9eef4; margin-right: 1.2em; text-decoration: none; }
nav a[aria-current] { font-weight: bold; border-bottom: 2px solid #f2c14e; }
main { max-width: 60em; margin: 0 auto; padding: 1em 1.5em 4em; overflow-wrap: break-word; }
@media (max-width: 40em) { main { padding: .5em .8em 3em; } nav a { margin-right: .8em; } }
h1 { border-bottom: 2px solid #23303f; }
h2 { margin-top: 2em; border-bottom: 1px solid #c9ced4; }
h2, h3 { scroll-margin-top: 3em; }
tr { scroll-margin-top: 3em; }
code { background: #eceee9; padding: 0 .25em; border-radius: 3px; font-size: .92em; }
.src { color: #45617d; }
.prov { background: #fff1c9; border: 1px solid #e0b84a; border-radius: 3px; padding: 0 .3em; }
.marks { font-size: .92em; color: #3f4852; }
.note { font-style: italic; }
dl { display: grid; grid-template-columns: fit-content(40%) minmax(0, 1fr); gap: .15em 1em; }
dt { font-weight: bold; }
dd { margin: 0; }
ul.outline, ul.outline ul { list-style: none; padding-left: 1.4em; margin: .2em 0; }
ul.outline { padding-left: .4em; border-left: 3px solid #d5dbe1; }
/* A wide table scrolls sideways inside its frame; the page itself never gets wider than the screen. */
.table-wrap { overflow-x: auto; max-width: 100%; margin: .5em 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid #c9ced4; padding: .2em .6em; text-align: left; vertical-align: top; }
th { background: #e8ecef; }
""".strip()


# ---------------------------------------------------------------------------------------------- HTML
def _e(text: str) -> str:
    return html.escape(text, quote=True)


def html_inline(piece: Inline, ext: str = ".html") -> str:
    if isinstance(piece, str):
        return _e(piece)
    if isinstance(piece, Link):
        href = piece.page + ext + (f"#{piece.anchor}" if piece.anchor else "")
        return f'<a href="{_e(href)}">{_e(piece.text)}</a>'
    if isinstance(piece, Code):
        return f"<code>{_e(piece.text)}</code>"
    if isinstance(piece, Strong):
        return f"<strong>{_e(piece.text)}</strong>"
    if isinstance(piece, Source):
        return f'<span class="src">{_e(piece.text)}</span>'
    return (
        f'<span class="prov" title="{_e(piece.text)}">⚠ {_e(piece.label)} <strong>{_e(piece.code)}</strong>'
        f"</span> {_e(piece.text)}"
    )


def html_inlines(parts: Inlines) -> str:
    return "".join(html_inline(p) for p in parts)


def _id(anchor: str | None) -> str:
    return f' id="{_e(anchor)}"' if anchor else ""


def html_outline(lines: list[tuple[int, Inlines]]) -> str:
    """Nested lists from depths; a line deeper than one step below the last counts as one step."""
    out: list[str] = []
    depth_open = -1
    for depth, parts in lines:
        depth = max(0, min(depth, depth_open + 1))
        if depth == depth_open + 1:
            out.append('<ul class="outline">' if depth_open < 0 else "<ul>")
        else:
            out.append("</li>")
            while depth_open > depth:
                out.append("</ul></li>")
                depth_open -= 1
        out.append("<li>" + html_inlines(parts))
        depth_open = depth
    if depth_open >= 0:
        out.append("</li>")
        while depth_open > 0:
            out.append("</ul></li>")
            depth_open -= 1
        out.append("</ul>")
    return "".join(out)


def html_block(block: Block) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}{_id(block.anchor)}>{html_inlines(block.text)}</h{block.level}>"
    if isinstance(block, Para):
        role = f' class="{block.role}"' if block.role else ""
        return f"<p{role}>{html_inlines(block.parts)}</p>"
    if isinstance(block, Fields):
        rows = "".join(f"<dt>{_e(label)}</dt><dd>{html_inlines(value)}</dd>" for label, value in block.rows)
        return f"<dl>{rows}</dl>"
    if isinstance(block, Outline):
        return html_outline(block.lines)
    if isinstance(block, Bullets):
        return "<ul>" + "".join(f"<li>{html_inlines(item)}</li>" for item in block.items) + "</ul>"
    head = "".join(f"<th>{html_inlines(cell)}</th>" for cell in block.header)
    anchors = block.anchors or [None] * len(block.rows)
    body = "".join(
        f"<tr{_id(anchor)}>" + "".join(f"<td>{html_inlines(cell)}</td>" for cell in row) + "</tr>"
        for row, anchor in zip(block.rows, anchors, strict=True)
    )
    return f'<div class="table-wrap"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def html_page(site: Site, page: Page) -> str:
    current = ' aria-current="page"'
    nav = "".join(
        f'<a href="{_e(p.slug)}.html"{current if p is page else ""}>{_e(p.title)}</a>' for p in site.pages
    )
    body = "\n".join(html_block(b) for b in page.blocks)
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{_e(site.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(page.title)} · {_e(site.title)}</title>\n<style>\n{STYLE}\n</style>\n</head>\n"
        f'<body>\n<nav aria-label="{_e(site.nav_label)}">{nav}</nav>\n'
        f"<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


# ------------------------------------------------------------------------------------------ Markdown
# Characters Markdown may read as markup anywhere in a line (a backslash makes each one literal).
MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|&#~!])")


def md_text(text: str) -> str:
    return MD_SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def md_inline(piece: Inline) -> str:
    if isinstance(piece, str):
        return md_text(piece)
    if isinstance(piece, Link):
        href = piece.page + ".md" + (f"#{piece.anchor}" if piece.anchor else "")
        return f"[{md_text(piece.text)}]({href})"
    if isinstance(piece, Code):
        return md_code(piece.text)
    if isinstance(piece, Strong):
        return f"**{md_text(piece.text)}**"
    if isinstance(piece, Source):
        return f"*{md_text(piece.text)}*"
    return f"**⚠ {md_text(piece.label)} {md_text(piece.code)}** {md_text(piece.text)}"


def md_code(text: str) -> str:
    """A code span: enough backticks around it that none inside ends it."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_inlines(parts: Inlines) -> str:
    return "".join(md_inline(p) for p in parts)


def _md_anchor(anchor: str | None) -> list[str]:
    return [f'<a id="{_e(anchor)}"></a>', ""] if anchor else []


def md_block(block: Block) -> list[str]:
    if isinstance(block, Heading):
        return [*_md_anchor(block.anchor), "#" * block.level + " " + md_inlines(block.text)]
    if isinstance(block, Para):
        text = md_inlines(block.parts)
        return [f"*{text}*" if block.role == "note" and text else text]
    if isinstance(block, Fields):
        return [f"- **{md_text(label)}:** {md_inlines(value)}" for label, value in block.rows]
    if isinstance(block, Outline):
        lines: list[str] = []
        last = -1
        for depth, parts in block.lines:
            depth = max(0, min(depth, last + 1))
            lines.append("  " * depth + "- " + md_inlines(parts))
            last = depth
        return lines
    if isinstance(block, Bullets):
        return [f"- {md_inlines(item)}" for item in block.items]
    lines = []
    anchors = block.anchors or [None] * len(block.rows)
    lines.append("| " + " | ".join(md_inlines(c) for c in block.header) + " |")
    lines.append("|" + " --- |" * len(block.header))
    for row, anchor in zip(block.rows, anchors, strict=True):
        cells = [md_inlines(c) for c in row]
        if anchor and cells:
            cells[0] = f'<a id="{_e(anchor)}"></a>' + cells[0]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def md_page(site: Site, page: Page) -> str:
    nav = " · ".join(
        f"**{md_text(p.title)}**" if p is page else f"[{md_text(p.title)}]({p.slug}.md)" for p in site.pages
    )
    out = [nav, ""]
    for block in page.blocks:
        out.extend(md_block(block))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
