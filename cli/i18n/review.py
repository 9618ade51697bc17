"""`twilight i18n review`: English and a translation side by side, message by message, grouped by the
English file, with each message's state (missing, stale, unknown), as Markdown or as an HTML page."""

from __future__ import annotations

import html
from dataclasses import dataclass

from twilight.cli.i18n.sources import FtlMessage, MessageState
from twilight.compiler.loader import display_path


@dataclass(frozen=True)
class Row:
    id: str
    english: list[str]  # the value, then one line per attribute (`.summary = …`)
    translation: list[str]
    mark: str  # "" when translated and up to date
    recorded: list[str]  # for a stale message: the English it was translated from


@dataclass(frozen=True)
class Section:
    title: str  # the English file
    rows: list[Row]


def pattern_lines(message_id: str, canonical: str) -> list[str]:
    """A message's value and attributes as lines a reader can compare (`id =` and indentation gone)."""
    body = canonical[len(message_id) :].lstrip().removeprefix("=")
    return [line.strip() for line in body.splitlines() if line.strip()]


def sections(
    states: list[MessageState], extra: list[FtlMessage], seen: set[tuple[str, str]]
) -> list[Section]:
    """The rows of a chain's messages, by English file; a (file, id) already in `seen` is left out (a
    folder that several rulesets share is shown once), and `seen` gains the rest."""
    by_file: dict[str, list[Row]] = {}
    for state in states:
        where = display_path(state.english.path)
        if (where, state.id) in seen:
            continue
        seen.add((where, state.id))
        found = state.translation
        mark = "" if state.state == "translated" else state.state
        if found is not None and found.placeholder:
            mark = "missing (copied from English, marked TODO)"
        by_file.setdefault(where, []).append(
            Row(
                state.id,
                pattern_lines(state.id, state.english.canonical),
                pattern_lines(state.id, found.canonical) if found else [],
                mark,
                pattern_lines(state.id, state.recorded) if state.state == "stale" and state.recorded else [],
            )
        )
    out = [Section(where, rows) for where, rows in by_file.items()]
    lonely = [m for m in extra if (display_path(m.path), m.id) not in seen]
    seen.update((display_path(m.path), m.id) for m in lonely)
    if lonely:
        rows = [Row(m.id, [], pattern_lines(m.id, m.canonical), "no English message", []) for m in lonely]
        out.append(Section("only in the translation", rows))
    return out


LEGEND = (
    "missing: no translation yet (or only the English copy that `twilight i18n sync` made); "
    "stale: the English changed after the translation was made (its earlier English is shown); "
    "unknown: no record of the English the translation was made from."
)


# Characters Markdown would read as formatting (a Fluent selector's `*[other]`, a backquoted word).
MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]|"})


def md_text(line: str) -> str:
    """A line of Fluent as Markdown table text that shows it as written."""
    return html.escape(line, quote=False).translate(MARKDOWN_SPECIAL)


def _md_cell(lines: list[str]) -> str:
    return "<br>".join(md_text(line) for line in lines)


def markdown(title: str, summary: list[str], parts: list[Section], lang: str) -> str:
    out = [f"# {title}", "", *[f"- {line}" for line in summary], "", LEGEND, ""]
    for part in parts:
        out += [f"## {part.title}", "", f"| id | en | {lang} | state |", "| --- | --- | --- | --- |"]
        for row in part.rows:
            mark = row.mark
            if row.recorded:
                mark += "; English was: " + _md_cell(row.recorded)
            out.append(
                f"| `{row.id}` | {_md_cell(row.english)} | {_md_cell(row.translation)} | {mark or 'ok'} |"
            )
        out.append("")
    return "\n".join(out)


def _html_cell(lines: list[str]) -> str:
    return "<br>".join(html.escape(line) for line in lines)


STYLE = (
    "body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%}"
    "td,th{border:1px solid #bbb;padding:.3em .5em;vertical-align:top;text-align:left}"
    "td:first-child{font-family:monospace;white-space:nowrap}tr.missing{background:#fde2e2}"
    "tr.stale{background:#fff3cd}tr.unknown{background:#e8eefc}.was{color:#666;font-size:.9em}"
)


def html_page(title: str, summary: list[str], parts: list[Section], lang: str) -> str:
    out = [
        "<!DOCTYPE html>",
        f'<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>',
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in summary) + "</ul>",
        f"<p>{html.escape(LEGEND)}</p>",
    ]
    for part in parts:
        out.append(f"<h2>{html.escape(part.title)}</h2>")
        out.append(f"<table><tr><th>id</th><th>en</th><th>{html.escape(lang)}</th><th>state</th></tr>")
        for row in part.rows:
            kind = row.mark.split(" ", 1)[0] if row.mark else "ok"
            mark = html.escape(row.mark or "ok")
            if row.recorded:
                mark += f'<div class="was">English was:<br>{_html_cell(row.recorded)}</div>'
            out.append(
                f'<tr class="{kind}"><td>{html.escape(row.id)}</td><td>{_html_cell(row.english)}</td>'
                f"<td>{_html_cell(row.translation)}</td><td>{mark}</td></tr>"
            )
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
