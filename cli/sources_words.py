"""The ruleset's own words in `twilight sources`' list of provisional marks, in the reader's language.

Three kinds of text in that list belong to a ruleset, not to the program, and live in the ruleset's
locales (rules/<ruleset>/locales/<lang>/provisional.ftl), each falling back to the English it is written
in when a language (or every language) lacks it:

- a provisional mark's summary, the text after "Pn:" in `provisional "Pn: …"` of a rule file: message
  `provisional-<pn>-<hash>`, named by the mark's P-number and the start of the SHA-256 of its whole text
  as the rule file writes it (the rule files give a mark no name of its own; a mark whose text changes is
  a new message, and its old words are reported unused);
- the name of a reading the balance lab measured (readings.yaml, `id` of each reading): `reading-<id>`;
- the policy the readings were measured with (readings.yaml, `policy_id` of a P-number):
  `readings-policy-<id>`.

`twilight i18n check` needs every reading's and policy's words, and a mark's in every language once the
ruleset words it in English (a variant's new mark is shown as written until then): cli/sources_cmd.py
`needed_message_ids`.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

PROVISIONAL_PREFIX = "provisional-"
READING_PREFIX = "reading-"
POLICY_PREFIX = "readings-policy-"
# A P-number as the marks write it (P1, P3.1), and an id a reading may be given (a Fluent id's tail).
P_NUMBER = re.compile(r"P\d+(\.\d+)*")
WORD_ID = re.compile(r"[a-z0-9][a-z0-9_-]*")


def provisional_code(text: str) -> str:
    """`P1.1` of "P1.1: …" (the text itself when it has no colon)."""
    return text.split(":", 1)[0].strip()


def provisional_summary(text: str) -> str:
    """What a provisional mark says after its P-number, as written."""
    return text.split(":", 1)[1].strip() if ":" in text else text


def provisional_message_id(text: str) -> str:
    """The message that words a provisional mark's summary: `provisional-p1-1-3fa2c1` for "P1.1: …"."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]
    code = provisional_code(text)
    if P_NUMBER.fullmatch(code):
        return f"{PROVISIONAL_PREFIX}{code.lower().replace('.', '-')}-{digest}"
    return f"{PROVISIONAL_PREFIX}{digest}"


def reading_message_id(reading: dict[str, Any]) -> str | None:
    return f"{READING_PREFIX}{reading['id']}" if isinstance(reading.get("id"), str) else None


def policy_message_id(entry: dict[str, Any]) -> str | None:
    return f"{POLICY_PREFIX}{entry['policy_id']}" if isinstance(entry.get("policy_id"), str) else None


def readings_message_ids(readings: dict[str, Any]) -> set[str]:
    """The messages naming each reading and policy of a readings file's `readings`."""
    ids: set[str] = set()
    for entry in readings.values():
        ids |= {m for m in [policy_message_id(entry)] if m}
        ids |= {m for m in map(reading_message_id, entry.get("measured", [])) if m}
    return ids
