"""`twilight sources RULESET`: how faithfully a ruleset follows its seeds, read from its compiled IR.

Every `source "SEED · SECTION · PART"` of the rules is matched against the sections of the seeds
(cli/seed_sections.yaml: their tables of contents and headings); each section is listed with the
declarations that cite it (file:line), each section and part no rule cites is listed as uncovered, and each
`provisional "Pn: …"` mark is listed with its P-number. Citations of other references (the printed card
texts, shared/reference) are counted apart; a seed citation that names no known section is listed so a typo
shows. The words around the seeds' own (headings, states) are `sources-*` messages of cli/locales.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import click
from twilight.cli.localizer import FALLBACK, LANGUAGES, Localizer
from twilight.cli.output_file import write_output_file
from twilight.cli.rules_path_arg import FOUND_TOO, rules_path_option
from twilight.cli.session.text import APP_FOLDER, play_folders
from twilight.cli.sources_words import (
    WORD_ID,
    policy_message_id,
    provisional_code,
    provisional_message_id,
    provisional_summary,
    reading_message_id,
    readings_message_ids,
)
from twilight.common.input_bounds import printable, printable_json, printable_lines

SECTIONS_FILE = Path(__file__).with_name("seed_sections.yaml")
SEP = " · "
# A declaration's kind as the rule files write it, by the IR section that holds it.
DECL_KINDS = {
    "settings": "setting",
    "cards": "card",
    "priorities": "priority",
    "appendix": "appendix",
    "tables": "table",
    "orders": "order",
    "procedures": "procedure",
    "functions": "function",
    "rules": "rule",
}
MAP_KINDS = {"countries": "country", "regions": "region", "sides": "side"}
# Items inside a declaration that carry their own marks: how the report names the n-th one.
INNER_ITEMS = {"options": "option", "final": "final key", "requires": "requirement", "events": "ai_event"}


# The words of each state of a section, and of each reason a citation names no section (cli/locales; the
# i18n check reads the ids written out here).
STATE_WORDS = {
    "cited": "sources-cited",
    "copy": "sources-copy",
    "parts": "sources-parts",
    "within": "sources-within",
    "uncovered": "sources-uncovered",
}
UNMATCHED_WORDS = {
    "seed": "sources-unmatched-seed",
    "section": "sources-unmatched-section",
    "part": "sources-unmatched-part",
}


class SourcesError(Exception):
    """A user mistake or a ruleset that does not compile: one line, exit status 1."""


# ---------------------------------------------------------------------- the seeds' sections
@dataclass
class Section:
    seed: str
    id: str
    title: str | None
    toc: str | None
    parts: dict[str, str | None]
    path: list[str]
    copy_of: str | None = None
    children: list[Section] = field(default_factory=list)
    cites: list[dict[str, str]] = field(default_factory=list)
    broad: list[dict[str, str]] = field(default_factory=list)  # ranges over several chapters
    part_cites: dict[str, list[dict[str, str]]] = field(default_factory=dict)

    @property
    def ref(self) -> str:
        return f"{self.seed}{SEP}{self.id}"


@dataclass
class Seed:
    id: str
    title: str
    file: str
    copy_of: str | None
    sections: list[Section]  # every section, in the seed's order (a parent before its children)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


@cache
def _raw_sections() -> dict[str, Any]:
    import yaml

    data: dict[str, Any] = yaml.safe_load(SECTIONS_FILE.read_text(encoding="utf-8"))
    return data


def _read_sections(
    seed: str, items: list[dict[str, Any]], path: list[str], into: list[Section], flat: list[Section]
) -> None:
    """The sections of `items` (and those under them) into `into`, and in the seed's order into `flat`."""
    for item in items:
        parts = item.get("parts") or {}
        if isinstance(parts, list):
            parts = {str(p): None for p in parts}
        section = Section(
            seed=seed,
            id=str(item["id"]),
            title=item.get("title"),
            toc=None if item.get("toc") is None else str(item["toc"]),
            parts={str(k): v for k, v in parts.items()},
            path=[*path, str(item["id"])],
            copy_of=item.get("copy_of"),
        )
        section.part_cites = {p: [] for p in section.parts}
        into.append(section)
        flat.append(section)
        _read_sections(seed, item.get("sections") or [], section.path, section.children, flat)


def load_seeds() -> dict[str, Seed]:
    """The seeds and their sections, fresh (the citations are added to them)."""
    seeds: dict[str, Seed] = {}
    for seed_id, raw in _raw_sections().items():
        flat: list[Section] = []
        _read_sections(str(seed_id), raw.get("sections") or [], [], [], flat)
        seeds[str(seed_id)] = Seed(
            str(seed_id), str(raw["title"]), str(raw["file"]), raw.get("copy_of"), flat
        )
    return seeds


# ---------------------------------------------------------------------- the rules' citations
def _label(path: list[Any], node: dict[str, Any], ir: dict[str, Any]) -> str:
    """The declaration (and the item inside it) a provenance belongs to, as the rule files name it."""
    top = path[0] if path else ""
    if top == "ruleset":
        return f"ruleset {ir['ruleset']['name']}"
    if top == "sequence":
        head = f"sequence {ir['sequence'].get('name', '')}".strip()
    elif top == "map" and len(path) >= 3:
        return f"{MAP_KINDS.get(str(path[1]), str(path[1]))} {path[2]}"
    elif top in DECL_KINDS and len(path) >= 2:
        head = _declaration_label(top, path[1], ir)
    else:
        return "/".join(str(p) for p in path)
    return ", ".join([head, *_inner_labels(path, ir)])


def _declaration_label(top: str, name: str, ir: dict[str, Any]) -> str:
    """`card 21 nato`, `procedure headline_phase`: a declaration as the rule files write it."""
    decl = ir[top].get(name) or {}
    # a standing rule is a `rule`, a `restriction` or a `victory` in the rule files
    kind = str(decl.get("kind") or "rule") if top == "rules" else DECL_KINDS[top]
    number = decl.get("number") if top in ("cards", "appendix") else None
    return f"{kind} {name}" if number is None else f"{kind} {number} {name}"


def _inner_labels(path: list[Any], ir: dict[str, Any]) -> list[str]:
    """The items on the way down to a provenance inside a declaration: `option 3`, `phase draw`…"""
    inner = []
    holder: Any = ir
    for i, step in enumerate(path):
        holder = holder[step]
        if isinstance(step, int) and i > 0 and path[i - 1] in INNER_ITEMS:
            inner.append(f"{INNER_ITEMS[path[i - 1]]} {step + 1}")
        elif isinstance(holder, dict) and i >= 2:
            inner.extend(
                f"{key} {holder[key]}" for key in ("phase", "lasting") if isinstance(holder.get(key), str)
            )
    return inner


def citations(ir: dict[str, Any]) -> list[dict[str, str]]:
    """Every source and provisional mark of the IR: kind, text, declaration, src (file:line of the
    declaration), each once."""
    found: list[dict[str, str]] = []
    seen: set[tuple[str, str, str, str]] = set()

    def walk(node: Any, path: list[Any], src: str) -> None:
        if isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, [*path, i], src)
            return
        if not isinstance(node, dict):
            return
        src = str(node.get("src") or src)
        provenance = node.get("provenance")
        if isinstance(provenance, dict):
            decl = _label(path, node, ir)
            for kind, key in (("source", "sources"), ("provisional", "provisional")):
                for text in provenance.get(key) or []:
                    mark = (kind, str(text), decl, src)
                    if mark not in seen:
                        seen.add(mark)
                        found.append({"kind": kind, "text": str(text), "declaration": decl, "src": src})
        for key, value in node.items():
            if key != "provenance":
                walk(value, [*path, key], src)

    walk(ir, [], "")
    return found


def _number(text: str) -> tuple[int, ...] | None:
    return tuple(int(n) for n in text.split(".")) if re.fullmatch(r"\d+(\.\d+)*", text) else None


def _range(seed: Seed, field_text: str) -> list[Section] | None:
    """`3.1-3.4`, `1-7`: the numbered sections from one number to the other, those under the last one
    included (3.4's own, chapter 7's); None when the text is no range of numbers."""
    m = re.fullmatch(r"(\S+)\s*[-–]\s*(\S+)", field_text)
    low, high = (_number(m.group(1)), _number(m.group(2))) if m else (None, None)
    if low is None or high is None:
        return None
    spanned = []
    for section in seed.sections:
        number = _number(section.id)
        if number is not None and number[: len(low)] >= low and number[: len(high)] <= high:
            spanned.append(section)
    return spanned or None


def _place(seeds: dict[str, Seed], cite: dict[str, str]) -> str | None:
    """File a seed citation under its section (or part); None when placed, else why it was not."""
    fields = [f.strip() for f in cite["text"].split(SEP.strip())]
    seed = seeds.get(fields[0])
    if seed is None or len(fields) < 2:
        return "seed"
    if seed.copy_of:
        # the whole seed repeats another's text, numbered alike
        return _place(seeds, {**cite, "text": SEP.join([seed.copy_of, *fields[1:]])})
    section, rest = _section_named(seed, fields[1], fields[2:])
    if section is None:
        return _place_span(seeds, seed, cite, fields)
    if section.copy_of:
        return _place(seeds, {**cite, "text": SEP.join([section.copy_of, *rest])})
    if rest and section.parts:
        part = next((p for p in section.parts if _norm(p) == _norm(rest[0])), None)
        if part is None:
            return "part"
        section.part_cites[part].append(cite)
        return None
    section.cites.append(cite)
    return None


def _section_named(seed: Seed, name: str, rest: list[str]) -> tuple[Section | None, list[str]]:
    """The section a citation names, with the fields after it: "4.5", or "4.5 A" (the section 4.5 and,
    first of the rest, its part A)."""
    by_id = {_norm(s.id): s for s in seed.sections}
    section = by_id.get(_norm(name))
    if section is None and " " in name:
        head, _, first_part = name.partition(" ")
        if _norm(head) in by_id:
            return by_id[_norm(head)], [first_part, *rest]
    return section, rest


def _place_span(seeds: dict[str, Seed], seed: Seed, cite: dict[str, str], fields: list[str]) -> str | None:
    """A citation of no one section: a range of them, or a heading of a section this seed repeats from
    another."""
    spanned = _range(seed, fields[1])
    if spanned is None:
        # a heading inside a section this seed repeats from another (001's Геймплей is 000's)
        for copy in (s.copy_of for s in seed.sections if s.copy_of):
            target = copy.split(SEP.strip())[0].strip()
            if target in seeds and _place(seeds, {**cite, "text": SEP.join([target, *fields[1:]])}) is None:
                return None
        return "section"
    # A range over several chapters ("002 · 1-7": the whole book) says what is followed, not where:
    # it leaves its sections "within" a citation; a range inside one chapter cites each of its rules.
    broad = len({s.path[0] for s in spanned}) > 1
    for s in spanned:
        (s.broad if broad else s.cites).append(cite)
    return None


# ---------------------------------------------------------------------- the report
def _status(section: Section, cited_above: bool) -> str:
    if section.copy_of:
        return "copy"
    if section.cites:
        return "cited"
    if _covered(section):
        return "parts"
    return "within" if cited_above else "uncovered"


def _covered(section: Section) -> bool:
    return (
        bool(section.cites) or any(section.part_cites.values()) or any(_covered(c) for c in section.children)
    )


def _cite_view(cite: dict[str, str]) -> dict[str, str]:
    return {"source": cite["text"], "declaration": cite["declaration"], "src": cite["src"]}


def build_report(ir: dict[str, Any]) -> dict[str, Any]:
    """The whole report as plain data (what --json prints)."""
    seeds = load_seeds()
    marks = citations(ir)
    unmatched, other = _file_citations(seeds, marks)
    uncovered: list[str] = []
    within: list[str] = []
    out_seeds = [
        {
            "seed": seed.id,
            "title": seed.title,
            "file": seed.file,
            "copy_of": seed.copy_of,
            "sections": _section_rows(seed, uncovered, within),
        }
        for seed in seeds.values()
    ]
    provisional = sorted(
        (
            {
                "code": _p_number(c["text"]),
                "text": c["text"],
                "message": provisional_message_id(c["text"]),  # its words (cli/sources_words.py)
                "declaration": c["declaration"],
                "src": c["src"],
            }
            for c in marks
            if c["kind"] == "provisional"
        ),
        key=lambda p: (_p_key(p["code"]), p["src"], p["declaration"]),
    )
    return {
        "ruleset": ir["ruleset"]["name"],
        "sections_file": "cli/seed_sections.yaml",
        "seeds": out_seeds,
        "other_references": [{"reference": k, "citations": v} for k, v in sorted(other.items())],
        "unmatched": unmatched,
        "provisional": provisional,
        "uncovered": uncovered,
        "cited_only_within": within,
    }


def _file_citations(
    seeds: dict[str, Seed], marks: list[dict[str, str]]
) -> tuple[list[dict[str, str]], dict[str, list[dict[str, str]]]]:
    """File each source citation under its seed's section; those naming no section (with why), and
    those of other documents by document, are returned."""
    unmatched: list[dict[str, str]] = []
    other: dict[str, list[dict[str, str]]] = {}
    for cite in marks:
        if cite["kind"] != "source":
            continue
        fields = [f.strip() for f in cite["text"].split(SEP.strip())]
        if fields[0] not in seeds:
            # grouped by the document: "card text (deluxe)" (· card number), "reference · cards.yaml" (· key)
            named = len(fields) > 1 and not fields[1].isdigit()
            other.setdefault(SEP.join(fields[:2] if named else fields[:1]), []).append(_cite_view(cite))
            continue
        why = _place(seeds, cite)
        if why is not None:
            unmatched.append({**_cite_view(cite), "reason": why})
    return unmatched, other


def _section_rows(seed: Seed, uncovered: list[str], within: list[str]) -> list[dict[str, Any]]:
    """A seed's sections with their state and citations; the refs of those (and of their parts) left
    uncovered or cited only within a wider citation added to `uncovered` and `within`."""
    directly = {id(s) for s in seed.sections if s.cites}
    rows = []
    for section in seed.sections:
        above = bool(section.broad) or any(
            id(s) in directly
            for s in seed.sections
            if s.path == section.path[: len(s.path)] and s is not section
        )
        status = _status(section, above)
        _note(status, section.ref, uncovered, within)
        rows.append(
            {
                "id": section.id,
                "ref": section.ref,
                "title": section.title,
                "toc": section.toc,
                "depth": len(section.path) - 1,
                "copy_of": section.copy_of,
                "status": status,
                "citations": [_cite_view(c) for c in section.cites],
                "wider_citations": [_cite_view(c) for c in section.broad],
                "parts": _part_rows(section, above, uncovered, within),
            }
        )
    return rows


def _part_rows(
    section: Section, above: bool, uncovered: list[str], within: list[str]
) -> list[dict[str, Any]]:
    parts = []
    for part, title in section.parts.items():
        cites = section.part_cites[part]
        status = "cited" if cites else ("within" if section.cites or above else "uncovered")
        _note(status, f"{section.ref}{SEP}{part}", uncovered, within)
        parts.append(
            {"id": part, "title": title, "status": status, "citations": [_cite_view(c) for c in cites]}
        )
    return parts


def _note(status: str, ref: str, uncovered: list[str], within: list[str]) -> None:
    if status == "uncovered":
        uncovered.append(ref)
    elif status == "within":
        within.append(ref)


def _p_number(text: str) -> str:
    return provisional_code(text)


def _p_key(code: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", code))


# ---------------------------------------------------------------------- text and Markdown
class Words:
    """The command's words (cli/locales) and, given the ruleset (a name or a folder), the ruleset's words of
    its provisional list (cli/sources_words.py): each falls back to English, then to the text as written."""

    def __init__(self, lang: str, ruleset: str | None = None) -> None:
        self.loc = Localizer.for_folders(play_folders(ruleset) if ruleset else [APP_FOLDER], lang)

    def t(self, msg_id: str, **args: Any) -> str:
        return self.loc.text(msg_id, msg_id, **args)

    def summary(self, text: str) -> str:
        """A provisional mark's summary (its text after "Pn:")."""
        return self.loc.text(provisional_message_id(text), provisional_summary(text))

    def mark(self, text: str) -> str:
        """A provisional mark as its rule file writes it, "Pn: summary", in the reader's language."""
        code = provisional_code(text)
        return f"{code}: {self.summary(text)}" if code != text else self.summary(text)

    def reading(self, reading: dict[str, Any]) -> str:
        msg_id = reading_message_id(reading)
        return self.loc.text(msg_id, str(reading["name"])) if msg_id else str(reading["name"])

    def policy(self, entry: dict[str, Any]) -> str:
        msg_id = policy_message_id(entry)
        written = str(entry.get("policy", ""))
        return self.loc.text(msg_id, written) if msg_id else written

    def side(self, side: str) -> str:
        # a side of the ruleset (standard's map words); its id as written where no locale names it
        return self.loc.text(f"side-{side}", side)


def _heading(row: dict[str, Any]) -> str:
    toc = f"{row['toc']}. " if row["toc"] is not None else ""
    title = f" ({row['title']})" if row["title"] else ""
    return f"{toc}{row['id']}{title}"


def _state(words: Words, status: str, count: int, copy_of: str | None = None) -> str:
    return words.t(STATE_WORDS[status], count=count, target=copy_of or "")


def _where(cite: dict[str, str]) -> str:
    return f"{cite['declaration']} — {cite['src']}"


def render_text(report: dict[str, Any], words: Words) -> str:
    lines = [
        words.t("sources-title", ruleset=report["ruleset"]),
        words.t("sources-data", path=report["sections_file"]),
        "",
    ]
    for seed in report["seeds"]:
        lines.append(words.t("sources-seed", seed=seed["seed"], title=seed["title"], file=seed["file"]))
        if seed["copy_of"]:
            lines.append("  " + words.t("sources-copy", target=seed["copy_of"]))
        for row in seed["sections"]:
            pad = "  " * (row["depth"] + 1)
            state = _state(words, row["status"], len(row["citations"]), row["copy_of"])
            lines.append(f"{pad}{_heading(row)}: {state}")
            lines.extend(f"{pad}    {_where(c)}" for c in row["citations"])
            for part in row["parts"]:
                title = f" ({part['title']})" if part["title"] else ""
                state = _state(words, part["status"], len(part["citations"]))
                lines.append(f"{pad}  · {part['id']}{title}: {state}")
                lines.extend(f"{pad}      {_where(c)}" for c in part["citations"])
        lines.append("")
    lines.append(words.t("sources-other"))
    for ref in report["other_references"]:
        lines.append(f"  {ref['reference']}: {words.t('sources-cited', count=len(ref['citations']))}")
    lines.append("")
    lines.append(words.t("sources-unmatched", count=len(report["unmatched"])))
    for cite in report["unmatched"]:
        reason = words.t(UNMATCHED_WORDS[cite["reason"]])
        lines.append(f"  {cite['source']} ({reason}) — {_where(cite)}")
    lines.append("")
    lines.append(words.t("sources-provisional", count=len(report["provisional"])))
    for mark in report["provisional"]:
        lines.append(f"  {mark['code']}: {_where(mark)}")
        lines.append(f"      {words.mark(mark['text'])}")
        if "measured" in mark:
            lines.append(f"      {words.t('sources-measured', **_measured_args(mark['measured'], words))}")
            rank = _rank_line(words, mark["measured"])
            if rank:
                lines.append(f"      {rank}")
    lines.append("")
    lines.append(words.t("sources-uncovered-list", count=len(report["uncovered"])))
    lines.extend(f"  {ref}" for ref in report["uncovered"])
    lines.append("")
    lines.append(words.t("sources-within-list", count=len(report["cited_only_within"])))
    lines.extend(f"  {ref}" for ref in report["cited_only_within"])
    return "\n".join(lines) + "\n"


def _measured_args(entry: dict[str, Any], words: Words) -> dict[str, Any]:
    return {
        "games": entry.get("games", 0),
        "policy": words.policy(entry),
        "shares": measured_line(entry, words),
    }


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"


def _md_cites(cites: list[dict[str, str]]) -> str:
    return "<br>".join(f"`{_cell(c['declaration'])}` ({c['src']})" for c in cites)


def render_markdown(report: dict[str, Any], words: Words) -> str:
    out = [
        f"# {words.t('sources-title', ruleset=report['ruleset'])}",
        "",
        words.t("sources-md-generated", ruleset=report["ruleset"]),
        words.t("sources-data", path=f"`{report['sections_file']}`"),
        "",
    ]
    for seed in report["seeds"]:
        out += [
            f"## {words.t('sources-seed', seed=seed['seed'], title=seed['title'], file=seed['file'])}",
            "",
        ]
        if seed["copy_of"]:
            out += [words.t("sources-copy", target=seed["copy_of"]), ""]
        if not seed["sections"]:
            continue
        out += [
            _md_row(
                words.t("sources-md-section"), words.t("sources-md-state"), words.t("sources-md-cited-by")
            ),
            "| --- | --- | --- |",
        ]
        for row in seed["sections"]:
            indent = "&nbsp;&nbsp;" * row["depth"]
            state = _state(words, row["status"], len(row["citations"]), row["copy_of"])
            out.append(f"| {indent}{_cell(_heading(row))} | {_cell(state)} | {_md_cites(row['citations'])} |")
            for part in row["parts"]:
                title = f" ({part['title']})" if part["title"] else ""
                state = _state(words, part["status"], len(part["citations"]))
                name = _cell(f"· {part['id']}{title}")
                out.append(
                    f"| {indent}&nbsp;&nbsp;{name} | {_cell(state)} | {_md_cites(part['citations'])} |"
                )
        out.append("")
    out += [f"## {words.t('sources-other')}", ""]
    out += [
        f"- {ref['reference']}: {words.t('sources-cited', count=len(ref['citations']))}"
        for ref in report["other_references"]
    ]
    out += ["", f"## {words.t('sources-unmatched', count=len(report['unmatched']))}", ""]
    for cite in report["unmatched"]:
        reason = words.t(UNMATCHED_WORDS[cite["reason"]])
        out.append(f"- {_cell(cite['source'])} ({reason}): `{cite['declaration']}` ({cite['src']})")
    out += ["", f"## {words.t('sources-provisional', count=len(report['provisional']))}", ""]
    out += [
        _md_row(words.t("sources-md-mark"), words.t("sources-md-declaration"), words.t("sources-md-text")),
        "| --- | --- | --- |",
    ]
    for mark in report["provisional"]:
        text = _cell(words.summary(mark["text"]))
        if "measured" in mark:
            text += " " + _cell(words.t("sources-measured", **_measured_args(mark["measured"], words)))
            rank = _rank_line(words, mark["measured"])
            if rank:
                text += " " + _cell(rank)
        out.append(f"| {mark['code']} | `{_cell(mark['declaration'])}` ({mark['src']}) | {text} |")
    out += ["", f"## {words.t('sources-uncovered-list', count=len(report['uncovered']))}", ""]
    out += [f"- {ref}" for ref in report["uncovered"]]
    out += ["", f"## {words.t('sources-within-list', count=len(report['cited_only_within']))}", ""]
    out += [f"- {ref}" for ref in report["cited_only_within"]]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- the command
def resolved_target(spec: str, rules_paths: tuple[str, ...] = ()) -> str:
    """The ruleset `spec` names (NAME, NAME@VERSION or a folder, found in `rules_paths` too), as its
    compiler and locales find it."""
    from twilight.cli.ruleset_target import RulesetNotFound, ruleset_target

    try:
        return ruleset_target(spec, rules_paths)
    except RulesetNotFound as err:
        raise SourcesError(f"unknown ruleset {spec}: {err}") from None


def report_for(spec: str, rules_paths: tuple[str, ...] = ()) -> dict[str, Any]:
    from twilight.compiler import api
    from twilight.compiler.diagnostics import Severity

    ruleset = resolved_target(spec, rules_paths)
    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        first = errors[0].message if errors else "it does not compile"
        raise SourcesError(f"cannot compile ruleset {spec}: {first}")
    report = build_report(result.ir)
    measured = measured_readings(ruleset)
    for mark in report["provisional"]:
        if mark["code"] in measured:
            mark["measured"] = measured[mark["code"]]
    return report


# The file of a ruleset's folder that holds what its provisional readings weigh, as the balance lab
# measured them (docs/balance.md, "Which guesses matter").
READINGS_FILE = "readings.yaml"


def measured_readings(ruleset: str) -> dict[str, Any]:
    """P-number -> what the balance lab measured of its readings (the ruleset's `readings.yaml`, or the
    nearest of the rulesets it extends that has one); {} when none was measured."""
    import yaml
    from twilight.cli.localizer import ruleset_folders

    for folder in reversed(ruleset_folders(ruleset)):
        path = folder / READINGS_FILE
        if path.is_file():
            try:
                found = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (OSError, yaml.YAMLError) as err:
                raise SourcesError(f"{path}: cannot read it: {err}") from None
            readings = found.get("readings", {}) if isinstance(found, dict) else {}
            wrong = _misshapen(readings)
            if wrong:
                raise SourcesError(f"{path}: {wrong}")
            return readings
    return {}


def _word_id(value: Any) -> bool:
    """An id a readings file may give a reading or a policy (None: it has none, and is shown as written)."""
    return value is None or (isinstance(value, str) and WORD_ID.fullmatch(value) is not None)


def needed_message_ids(target: str, ir: dict[str, Any], english: Collection[str]) -> set[str]:
    """What `twilight i18n check` needs of a ruleset (by name or folder) for its provisional list: each
    reading's and policy's name, and each mark's summary that `english` (the English message ids) words.
    A readings file this command would refuse needs nothing here: the command says what is wrong."""
    marks = {provisional_message_id(c["text"]) for c in citations(ir) if c["kind"] == "provisional"}
    try:
        readings = measured_readings(target)
    except SourcesError:
        readings = {}
    return (marks & set(english)) | readings_message_ids(readings)


def _numbers(value: Any, count: int) -> bool:
    return isinstance(value, list) and len(value) == count and all(isinstance(x, int | float) for x in value)


def _misshapen(readings: Any) -> str | None:
    """What is wrong with a readings file's entries (a hand edit gone astray), or None: each P-number's
    `measured` readings with a `name` (and an `id` naming its words) and `human_wins` per side [won, games,
    low, high], a `change` per side [change, p], a `rank` with its `place`, `of` and `effect`, and a
    `policy_id` naming the policy's words."""
    if not isinstance(readings, dict):
        return "`readings` must map each P-number to what was measured"
    for code, entry in readings.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("measured", []), list):
            return f"{code}: an entry with a list `measured`"
        if not _word_id(entry.get("policy_id")):
            return f"{code}: `policy_id` must be lowercase letters, digits and dashes (it names a message)"
        rank = entry.get("rank")
        if rank is not None and not (isinstance(rank, dict) and {"place", "of", "effect"} <= set(rank)):
            return f"{code}: `rank` must give `place`, `of` and `effect`"
        for reading in entry.get("measured", []):
            wins = reading.get("human_wins") if isinstance(reading, dict) else None
            if not isinstance(reading, dict) or "name" not in reading or not isinstance(wins, dict):
                return f"{code}: each reading measured needs a `name` and `human_wins`"
            if not _word_id(reading.get("id")):
                return f"{code}, {reading['name']}: `id` must be lowercase letters, digits and dashes"
            if not all(_numbers(v, 4) for v in wins.values()):
                return f"{code}, {reading['name']}: `human_wins` gives per side [won, games, low, high]"
            change = reading.get("change", {})
            if not isinstance(change, dict) or not all(_numbers(v, 2) for v in change.values()):
                return f"{code}, {reading['name']}: `change` gives per side [change, p]"
    return None


def measured_line(entry: dict[str, Any], words: Words | None = None) -> str:
    """What a P-number's readings weigh, in one line: each reading's human win share per side, and for a
    reading other than ours its change against ours (Δ, in points) with McNemar's p on the paired games.
    The readings and the sides are named in `words`' language (English when not given); the figures are
    written alike in every language."""
    words = words or Words(FALLBACK)
    parts = []
    for reading in entry.get("measured", []):
        sides = ", ".join(
            f"{words.side(side)} {100 * won / games:.0f}% [{100 * low:.0f}–{100 * high:.0f}%]"
            for side, (won, games, low, high) in reading["human_wins"].items()
        )
        change = reading.get("change")
        if change:
            sides += "; Δ " + ", ".join(
                f"{words.side(side)} {100 * moved:+.1f} (p {'< 0.001' if p < 0.001 else f'{p:.3f}'})"
                for side, (moved, p) in change.items()
            )
        parts.append(f"{words.reading(reading)}: {sides}")
    return "; ".join(parts)


def _rank_line(words: Any, entry: dict[str, Any]) -> str | None:
    """The P-number's place among those measured, by the largest change one of its readings makes."""
    rank = entry.get("rank")
    if not isinstance(rank, dict):
        return None
    return str(
        words.t(
            "sources-measured-rank",
            place=rank.get("place", 0),
            total=rank.get("of", 0),
            effect=f"{100 * float(rank.get('effect', 0)):.1f}",
        )
    )


@click.command("sources")
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="The report as one JSON object.")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    default=FALLBACK,
    show_default=True,
    help="Language of the headings.",
)
@click.option("--markdown", is_flag=True, help="Markdown, as docs/sources-solo-v2.md holds it.")
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), default=None, help="Write to a file, not the terminal."
)
@rules_path_option(FOUND_TOO)
def sources(
    ruleset: str, as_json: bool, lang: str, markdown: bool, output: str | None, rules_paths: tuple[str, ...]
) -> None:
    """Which seed sections a ruleset's rules cite (with the declarations citing each, file:line), every
    provisional mark with its P-number, and the sections of the seeds' tables of contents no rule cites."""
    if as_json and markdown:
        raise click.UsageError("--json and --markdown are two forms of the report: give one of them")
    from twilight.cli.versions import search_rules_in

    search_rules_in(rules_paths)
    try:
        report = report_for(ruleset, rules_paths)
        words = Words(lang, resolved_target(ruleset, rules_paths))
    except SourcesError as err:
        click.echo(f"error: {err}", err=True)
        sys.exit(1)
    if as_json:
        text = json.dumps({**report, "lang": lang}, ensure_ascii=False, indent=1) + "\n"
    elif markdown:
        text = render_markdown(report, words)
    else:
        text = render_text(report, words)
    if output is None:
        # (a variant's marks are its author's words: shown, never acted on by the terminal; a file written
        # with -o keeps them as the rules write them)
        click.echo(printable_json(text) if as_json else printable_lines(text), nl=False)
        return
    write_output_file(text, output)
    click.echo(f"wrote {printable(output)}")
