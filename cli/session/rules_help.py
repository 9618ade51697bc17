"""The rules behind a question, in a player's words: the card or procedure that asks it with its sources
and provisional rulings. The terminal's `?` and the browser's question panel both show them. Where each
decision is declared is read from the IR by cli/session/homes.py (`explain trace` reads it there too)."""

from __future__ import annotations

from typing import Any

from twilight.cli.session.text import PlayText
from twilight.runtime.core.decisions import Decision

# The head of a source citing the project's reference data (shared/reference/), not a rule book.
REFERENCE = "reference"


def rule_lines(
    t: PlayText,
    homes: dict[str, list[tuple[str, str, Any]]],
    decision: Decision,
    runtime_help: bool = True,
) -> list[str]:
    """What asks `decision` (`homes`: `decision_homes` of the rules), each with its sources; without the
    interpreter's word of help when `runtime_help` is false (the terminal's `?` has said more already)."""
    lines = []
    # The interpreter's own questions have a word of help (cli/locales); the rules' come from a card or a
    # procedure.
    runtime_help_line = t.maybe(f"help-{decision.name}") if runtime_help else None
    if runtime_help_line:
        lines.append(runtime_help_line)
    for kind, ident, provenance in homes.get(decision.name, []):
        if kind == "card":
            lines.append(t.t("play-help-card", **t.card_args(ident), summary=t.summary(ident)))
        else:
            name = t.maybe(f"procedure-{ident}") or ident.replace("_", " ")
            lines.append(t.t("play-help-procedure", procedure=name))
        lines.extend(provenance_lines(t, provenance))
    return lines


def provenance_lines(t: PlayText, provenance: Any) -> list[str]:
    """A rule's sources and provisional rulings, one line each."""
    if not isinstance(provenance, dict):
        return []
    from twilight.cli.explain.trace import _short
    from twilight.cli.session.rule_book import rule_book_source
    from twilight.cli.source_words import SEP, source_text

    # (a reference source citing a rule book's section is said as that section, `rule_book_source`)
    sources = [rule_book_source(str(s)) for s in provenance.get("sources") or []]
    # The project's reference data (its tables of cards, countries, tracks) is no rule a player can look
    # up: said only when the rule cites nothing else, and once ("Rule: the game's reference data" under
    # "Rule: Official rules · 4.5 C" told the player nothing).
    books = [s for s in sources if s.split(SEP, 1)[0] != REFERENCE]
    out: list[str] = []
    for source in books or sources[:1]:
        line = t.t("play-help-source", source=source_text(source, t.loc))
        if line not in out:
            out.append(line)
    notes = provenance.get("provisional") or []
    notes = [notes] if isinstance(notes, str) else [str(n) for n in notes]
    if notes:
        # The gaps' notes (shared/spec/solo-v2-gaps.md) are written in English: another language says the
        # gaps' numbers alone.
        codes = ", ".join(_short(n) for n in notes)
        said = "; ".join(n.split(":", 1)[-1].strip() for n in notes) if t.lang == "en" else ""
        out.append(t.t("play-help-provisional", note=said, codes=codes))
    return out
