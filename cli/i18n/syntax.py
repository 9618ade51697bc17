"""What `twilight i18n check` says of a line Fluent cannot parse: where, why in a translator's words, and
Fluent's own reason (its annotation code and message), with the broken line quoted.

Fluent's parser gives up on the whole entry (a message with all its lines) and names the first thing it
expected and did not find (`E0003: Expected token: "}"`); the words below say what that usually means in
a message a translator wrote. Like the rest of the translators' tools, they are in English.
"""

from __future__ import annotations

from twilight.cli.localizer import FluentSyntaxError

# Fluent's annotation codes (fluent.syntax.errors), in a translator's words.
REASONS: dict[str, str] = {
    "E0002": "this line starts no message: a message starts at the beginning of a line with its id and "
    "“=” (`id = text`), and each further line of it is indented",
    "E0004": "an id holds only Latin letters, digits, “-” and “_”, and starts with a letter",
    "E0005": "the message has no text after “=”",
    "E0006": "the term has no text after “=”",
    "E0008": "a function is called by its name in capitals (`NUMBER($count)`); a term is written `-name`",
    "E0010": "a select (`{ $x -> … }`) needs one variant marked as the default with “*” (`*[other] …`)",
    "E0011": "a select (`{ $x -> … }`) needs at least one variant after “->”",
    "E0012": "expected text after “=”",
    "E0013": "expected a variant's key in brackets: `[one]`, `[few]`, `*[other]`",
    "E0014": "expected a number or a “string” here",
    "E0015": "only one variant of a select may be the default (marked “*”)",
    "E0016": "a select chooses by a variable (`$x`), a number, a “string”, a function or a term's "
    "attribute, not by a message",
    "E0017": "a select chooses by a term's attribute (`-term.attr`), not by the term itself",
    "E0018": "a select chooses by a variable (`$x`), not by a message's attribute",
    "E0019": "a term's attribute (`-term.attr`) can only choose a select's variant, not be shown as text",
    "E0020": "a “string” inside `{ }` is not closed on its line",
    "E0021": "named arguments (`name: value`) come after the others",
    "E0022": "a named argument is given twice",
    "E0024": "a message's variants cannot be used from another message",
    "E0025": 'unknown escape in a “string”: only `\\"`, `\\\\`, `\\uXXXX` and `\\UXXXXXX` are escapes',
    "E0026": "a Unicode escape is `\\u` with 4 hexadecimal digits, or `\\U` with 6",
    "E0027": 'a “}” with no “{” before it: to show a brace as text, write `{ "}" }`',
    "E0028": "expected something to show after “{”: a variable (`$name`), a message (`id`), a term "
    "(`-id`), a number or a “string”",
    "E0029": "a select chooses by a variable (`$x`), a number, a “string”, a function or a term's attribute",
}

# E0003 (Expected token) by the token expected.
EXPECTED_TOKEN: dict[str, str] = {
    "=": "expected “=” after the id: a message is written `id = text` (a line of a message whose "
    "indentation was lost reads as a new message)",
    "}": "a placeable opened with “{” is not closed by “}”",
    "]": "a variant's key opened with “[” is not closed by “]”",
    ")": "the arguments opened with “(” are not closed by “)”",
    "->": "a select is written `{ $x -> [key] text … *[other] text }`",
}


def reason(error: FluentSyntaxError) -> str:
    """Why Fluent could not read the line, in words, then Fluent's own code and message."""
    token = error.arguments[0] if error.arguments else ""
    if error.code == "E0003":
        words = EXPECTED_TOKEN.get(token, f"expected “{token}” here")
    else:
        words = REASONS.get(error.code, "Fluent cannot read this")
    return f"{words}; Fluent {error.code}: {error.message}" if error.code else words


def detail(error: FluentSyntaxError) -> str:
    """The reason and the broken line, quoted."""
    return f"{reason(error)}; in “{error.text}”" if error.text else reason(error)
