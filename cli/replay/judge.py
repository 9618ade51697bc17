"""The judgment of a replay's divergence, from the table of judgments.yaml: a known fault of the digital
edition or a gap of the log; anything else is our bug until triaged."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from twilight.common.input_bounds import parse_yaml

JUDGMENTS = Path(__file__).with_name("judgments.yaml")
KINDS = ("our_bug", "edition_fault", "log_gap")


@dataclass(frozen=True)
class Judgment:
    id: str
    kind: str
    what: str | None
    card: str | None
    log_contains: str | None
    requires_in_effect: str | None
    rule: str
    why: str


@lru_cache(maxsize=1)
def judgments() -> tuple[Judgment, ...]:
    data = parse_yaml(JUDGMENTS.read_text(encoding="utf-8")) or {}
    out = []
    for entry in data.get("judgments", []):
        kind = str(entry["kind"])
        if kind not in KINDS:
            raise ValueError(f"{JUDGMENTS.name}: {entry.get('id')}: kind {kind!r} is not one of {KINDS}")
        out.append(
            Judgment(
                id=str(entry["id"]),
                kind=kind,
                what=entry.get("what"),
                card=entry.get("card"),
                log_contains=entry.get("log_contains"),
                requires_in_effect=entry.get("requires_in_effect"),
                rule=str(entry.get("rule", "")),
                why=str(entry.get("why", "")).strip(),
            )
        )
    return tuple(out)


def judge(finding: Any, segment: Any, in_effect: set[str]) -> Judgment | None:
    """The first judgment that matches a divergence (its `what`, the card of its round, its log line,
    the effects in play), or None."""
    for j in judgments():
        if j.what and j.what != finding.what:
            continue
        if j.card and (segment is None or segment.card != j.card):
            continue
        if j.log_contains and j.log_contains not in finding.log:
            continue
        if j.requires_in_effect and j.requires_in_effect not in in_effect:
            continue
        return j
    return None
