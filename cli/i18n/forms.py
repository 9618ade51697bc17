"""Checks of `twilight i18n check` on how a translation is written, beside what it holds (cli/i18n/check.py):

- untranslated: a message `twilight i18n sync` copied from English, still under its `# TODO(translate)`
  line: a player would read English in the middle of the language;
- plural: a select on a number (`{ $count -> [one] … *[other] … }`) without a variant for each plural
  category the language has (Russian: one, few, many, by CLDR's rules as babel gives them): "5 кандидата"
  instead of "5 кандидатов". The default variant (`*[other]` or `*[many]`) stands for `other`.

And what a translator needs to add a missing message: the file it belongs in and its English shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel import Locale
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from twilight.cli.i18n.sources import parse_messages
from twilight.cli.localizer import read_fluent
from twilight.compiler.loader import display_path

# CLDR's plural categories: a select whose keys name one of them (other aside, which is any default's)
# chooses by a number.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many")
NUMBER_FUNCTION = "NUMBER"


@cache
def plural_categories(lang: str) -> tuple[str, ...]:
    """The categories a number's select needs in `lang`, in CLDR's order, `other` left out (the default
    variant stands for it)."""
    tags = Locale.parse(lang).plural_form.tags
    return tuple(c for c in PLURAL_CATEGORIES if c in tags)


def untranslated_copies(files: list[Path]) -> Iterator[tuple[str, str]]:
    """(message id, "path:line") of each message of the files still marked TODO(translate)."""
    for path in files:
        for message in parse_messages(path):
            if message.placeholder:
                yield message.id, f"{display_path(path)}:{message.line}"


def _selects(node: object) -> Iterator[fast.SelectExpression]:
    """Every select expression below `node` (a message, a term, a pattern), nested ones included."""
    if isinstance(node, fast.SelectExpression):
        yield node
    if isinstance(node, fast.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                yield from _selects(item)


def _key(variant: fast.Variant) -> str:
    key = variant.key
    return key.name if isinstance(key, fast.Identifier) else key.value


def _is_plural(select: fast.SelectExpression) -> bool:
    """Whether a select chooses by a number: `NUMBER($x)`, or a variable with a plural category as a key."""
    selector = select.selector
    if isinstance(selector, fast.FunctionReference) and selector.id.name == NUMBER_FUNCTION:
        return True
    keys = {_key(v) for v in select.variants}
    return isinstance(selector, fast.VariableReference) and bool(keys & set(PLURAL_CATEGORIES))


def plural_gaps(files: list[Path], lang: str) -> Iterator[tuple[str, str, str]]:
    """(message id, what is wrong, "path:line") for each select on a number lacking a category of `lang`."""
    needed = plural_categories(lang)
    parser = FluentParser(with_spans=True)
    for path in files:
        source = read_fluent(path)
        for entry in parser.parse(source).body:
            if not isinstance(entry, fast.Message | fast.Term):
                continue
            name = f"-{entry.id.name}" if isinstance(entry, fast.Term) else entry.id.name
            for select in _selects(entry):
                keys = [_key(v) for v in select.variants]
                lacking = [c for c in needed if c not in keys]
                if not _is_plural(select) or not lacking:
                    continue
                start = select.span.start if select.span else 0
                where = f"{display_path(path)}:{source.count(chr(10), 0, start) + 1}"
                shape = f"expected variants {', '.join(needed)} (found {', '.join(keys)})"
                yield name, shape, where


def english_shape(variables: set[str], attributes: set[str]) -> str:
    """How the English message is built, for a translator adding it: its variables and attributes."""
    parts = [f"variables {', '.join('$' + v for v in sorted(variables))}" if variables else "no variables"]
    if attributes:
        parts.append(f"attributes {', '.join('.' + a for a in sorted(attributes))}")
    return ", ".join(parts)


def file_for(english_path: Path, lang: str) -> Path:
    """The file of `lang` beside an English file (`…/locales/en/cards.ftl` -> `…/locales/ru/cards.ftl`)."""
    return english_path.parent.parent / lang / english_path.name
