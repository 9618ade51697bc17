"""The pages of `twilight docs`, as plain data that an HTML and a Markdown writer both render.

A page is a list of blocks (headings, paragraphs, label/value fields, outlines, tables, lists); a block
holds inline pieces: text, links to another page's anchor, code, and the marks every item carries (its
sources and, for a provisional rule, the gap's number and text). The words are already in the reader's
language here; the writers only lay them out and escape them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Link:
    text: str
    page: str  # a page's slug (`cards`), without extension
    anchor: str | None = None


@dataclass(frozen=True)
class Code:
    """An identifier of the rule files (`the_china_card`) or a place in them (`standard/x.tsr:3`)."""

    text: str


@dataclass(frozen=True)
class Strong:
    text: str


@dataclass(frozen=True)
class Source:
    """One source reference: `000 · Раздел · 3`."""

    text: str


@dataclass(frozen=True)
class Provisional:
    """A provisional rule's mark: its label in the reader's language, the gap's number and its text."""

    label: str
    code: str
    text: str


Inline = str | Link | Code | Strong | Source | Provisional
Inlines = tuple[Inline, ...]


@dataclass
class Heading:
    level: int
    text: Inlines
    anchor: str | None = None


@dataclass
class Para:
    parts: Inlines
    role: str = ""  # `marks` for a line of sources, `note` for a remark


@dataclass
class Fields:
    """Label: value lines."""

    rows: list[tuple[str, Inlines]]


@dataclass
class Outline:
    """Indented lines of words (an event, a procedure, a condition), each with its depth."""

    lines: list[tuple[int, Inlines]]


@dataclass
class Table:
    header: list[Inlines]
    rows: list[list[Inlines]]
    anchors: list[str | None] = field(default_factory=list)  # one per row, or none at all


@dataclass
class Bullets:
    items: list[Inlines]


Block = Heading | Para | Fields | Outline | Table | Bullets


@dataclass
class Page:
    slug: str
    title: str  # the navigation bar's word for the page
    blocks: list[Block]


@dataclass
class Site:
    lang: str
    title: str  # the browser title's suffix: the ruleset
    nav_label: str
    pages: list[Page]


def join(items: list[Inlines], separator: str = ", ") -> Inlines:
    """Several inline runs as one, separated."""
    out: list[Inline] = []
    for i, item in enumerate(items):
        if i:
            out.append(separator)
        out.extend(item)
    return tuple(out)
