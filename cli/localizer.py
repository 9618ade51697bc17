"""Localised names and words for a ruleset, from Fluent files (https://projectfluent.org).

A ruleset folder may hold `locales/<lang>/*.ftl`. A ruleset that `extends` another sees the parent's
messages too; its own files override a message of the same id. A message missing in the chosen language
falls back to English; a message missing everywhere gives `None`, and callers supply their own text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from fluent.runtime import FluentBundle
from fluent.syntax import FluentParser
from fluent.syntax import ast as fast
from fluent.syntax.visitor import Visitor
from twilight.common.bounded_read import FileTooLarge, NotRegularFile, read_bounded
from twilight.compiler.diagnostics import Sink
from twilight.compiler.loader import (
    MANIFEST,
    LoadedRuleset,
    Loader,
    display_path,
    known_rulesets,
    rules_root,
)

FALLBACK = "en"
LANGUAGES = ("en", "ru")
# A name's other spellings that a player may type, each language's own (a card's name before a
# translation changed it, a common name of another edition): `card-quagmire = Затруднительное положение`
# with `    .also = Трясина; Болото`. They are matched, never shown; another language need not have them.
ALIAS_ATTRIBUTE = "also"
ALIAS_SEPARATOR = ";"


def ruleset_folders(target: str) -> list[Path]:
    """The folders of a ruleset (by name or folder) and of everything it extends, base first."""
    path = Path(target)
    if path.is_dir() and (path / MANIFEST).is_file():
        folder, name = path.resolve(), path.resolve().name
    else:
        known = known_rulesets()
        if target not in known:
            return []
        folder, name = known[target], target
    from twilight.compiler import api

    remembered = api.remembered_chain(folder, name)  # without loading the parser, when it can
    if remembered is not None:
        return remembered
    chain = _ManifestLoader(Sink()).load_chain(folder, name, rules_root())
    return [loaded.folder for loaded in chain]


class _ManifestLoader(Loader):
    """Follows `extends` as the compiler does, reading each ruleset's manifest alone: the folders are all
    that is wanted here, and reading every rule file again would cost a twentieth of a second."""

    def load_folder(self, folder: Path, name: str) -> LoadedRuleset:
        from twilight.compiler import ast  # (the syntax tree costs a twentieth of a second to import)

        loaded = LoadedRuleset(name, folder, None)
        parsed = self.parse(folder / MANIFEST) if (folder / MANIFEST).is_file() else None
        manifests = [d for d in parsed.decls if isinstance(d, ast.RulesetDecl)] if parsed else []
        if len(manifests) == 1:
            loaded.manifest = manifests[0]
        return loaded


# Fluent's parser and its runtime descend once per placeable inside a placeable: a message nested a few
# hundred deep exhausts Python's stack (RecursionError). No real message nests more than three deep.
MAX_PLACEABLE_DEPTH = 20


class FluentFileError(click.ClickException):
    """A .ftl file no reader parses (nested too deep), told as `path:line:col: error: ...`; as a
    ClickException, every command prints it as one line and exits 1."""

    def __init__(self, path: Path | str, line: int, col: int, depth: int) -> None:
        self.where = f"{display_path(Path(path))}:{line}:{col}"
        self.what = (
            f"a placeable nested {depth} deep in a Fluent message (at most {MAX_PLACEABLE_DEPTH}): "
            "write the message flatter"
        )
        super().__init__(f"{self.where}: {self.what}")


class FluentFileUnreadable(FluentFileError):
    """A .ftl file that cannot be read as text, told as `path: error: cannot read it: why`."""

    def __init__(self, path: Path | str, why: str) -> None:
        self.where = display_path(Path(path))
        self.what = f"cannot read it: {why}"
        click.ClickException.__init__(self, f"{self.where}: {self.what}")


# The most a locale file may hold (the largest of ours is about 200 KB).
MAX_FLUENT_BYTES = 8 * 2**20

_NESTING_CHARS = re.compile(r'[{}"\n-]')  # (the only characters the scan below looks at)


def too_deep(text: str) -> tuple[int, int, int] | None:
    """(line, column, depth) of the first `{` that opens a placeable nested deeper than
    MAX_PLACEABLE_DEPTH, or None; read without Fluent's parser, which is what would recurse.

    Outside placeables only `{` and `}` matter; inside one, a string literal ("…", which may hold braces)
    is skipped, and `->` turns it into the variants of a select expression, whose text is again text
    (its quotes are plain characters). An entry's first line or a comment at the start of a line ends
    whatever was open: Fluent's parser starts again there, so nothing nests across it."""
    stack: list[str] = []  # "expr" (inside `{ … }`) or "variants" (the text after `->`)
    line, line_start, i, n = 1, 0, 0, len(text)
    while i < n:
        found = _NESTING_CHARS.search(text, i)
        if found is None:
            break
        i = found.start()
        c = text[i]
        if c == "\n":
            line, line_start = line + 1, i + 1
            i += 1
            if _starts_anew(text, i):
                stack.clear()
            continue
        in_expr = bool(stack) and stack[-1] == "expr"
        if c == "{":
            stack.append("expr")
            if len(stack) > MAX_PLACEABLE_DEPTH:
                return line, i - line_start + 1, len(stack)
        elif c == "}" and stack:
            stack.pop()
        elif in_expr and c == '"':
            i = _past_string(text, i)
            continue  # (a string cut short by its line's end ends there: the newline is read above)
        elif in_expr and text.startswith("->", i):
            stack[-1] = "variants"
        i += 1
    return None


def _starts_anew(text: str, i: int) -> bool:
    """Whether the line at `i` is a comment or an entry's first line: Fluent's parser starts again there."""
    return i < len(text) and (text[i] == "#" or ENTRY_START.match(text, i) is not None)


def _past_string(text: str, i: int) -> int:
    """Where the string literal opening at `i` (a `"`) ends: past its closing quote, or at its line's end
    when it is cut short there (a backslash escapes the character after it)."""
    n = len(text)
    i += 1
    while i < n and text[i] not in '"\n':
        i += 2 if text[i] == "\\" else 1
    return i + 1 if i < n and text[i] == '"' else i


def fluent_errors(folders: list[Path]) -> list[FluentFileError]:
    """The .ftl files of the folders' locales (every language) that no reader would parse."""
    errors: list[FluentFileError] = []
    for folder in folders:
        locales = folder / "locales"
        for path in sorted(locales.glob("*/*.ftl")) if locales.is_dir() else []:
            try:
                read_fluent(path)
            except FluentFileError as err:
                errors.append(err)
            except (OSError, UnicodeDecodeError):
                pass  # (what cannot be read at all is the readers' own error to tell)
    return errors


def read_fluent(path: Path) -> str:
    """The text of a .ftl file; FluentFileError when a message in it nests too deep for the parser, and
    FluentFileUnreadable when it is no file of text to read (a FIFO waited for ever, /dev/zero filled the
    memory, a byte that is no UTF-8 stopped the command with a traceback)."""
    try:
        text = read_bounded(path, MAX_FLUENT_BYTES).decode("utf-8")
    except NotRegularFile:
        raise FluentFileUnreadable(path, "not a regular file (a folder, a device or a pipe)") from None
    except FileTooLarge:
        raise FluentFileUnreadable(path, f"larger than {MAX_FLUENT_BYTES // 2**20} MiB") from None
    except UnicodeDecodeError as err:
        raise FluentFileUnreadable(path, f"not UTF-8 text (byte {err.start})") from None
    except OSError as err:
        raise FluentFileUnreadable(path, str(err.strerror or err)) from None
    found = too_deep(text)
    if found is not None:
        raise FluentFileError(path, *found)
    return text


def locale_files(folders: list[Path], lang: str) -> list[Path]:
    """The .ftl files of one language, base ruleset first, each folder's files sorted by name."""
    files: list[Path] = []
    for folder in folders:
        base = folder / "locales" / lang
        if base.is_dir():
            files.extend(sorted(p for p in base.glob("*.ftl") if p.is_file()))
    return files


def message_table(files: list[Path]) -> dict[str, set[str]]:
    """Message id -> its attribute names, over the files (for checks, not for formatting)."""
    table: dict[str, set[str]] = {}
    parser = FluentParser(with_spans=False)
    for path in files:
        resource = parser.parse(read_fluent(path))
        for entry in resource.body:
            if isinstance(entry, fast.Message):
                table.setdefault(entry.id.name, set()).update(a.id.name for a in entry.attributes)
    return table


@dataclass(frozen=True)
class FluentSyntaxError:
    """Text Fluent's parser could not read (a Junk entry), where it went wrong and why: Fluent's own
    annotation (`code` E0003, its `arguments` and `message`), the line it is on (`text`, as written) and
    the id of the message or term the broken text starts with ("" when it starts with none)."""

    path: Path
    line: int
    col: int
    code: str
    arguments: tuple[str, ...]
    message: str
    text: str
    msg_id: str

    @property
    def where(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.col}"


# How much of a broken line an error quotes.
QUOTED_CHARS = 80


def syntax_errors(files: list[Path]) -> list[FluentSyntaxError]:
    """Entries Fluent could not parse, each with its position and Fluent's reason."""
    errors: list[FluentSyntaxError] = []
    parser = FluentParser(with_spans=True)
    for path in files:
        source = read_fluent(path)
        for entry in parser.parse(source).body:
            if isinstance(entry, fast.Junk):
                errors.append(_junk_error(path, source, entry))
    return errors


def _junk_error(path: Path, source: str, junk: fast.Junk) -> FluentSyntaxError:
    """A Junk entry told by its first annotation. Fluent places an error found at the end of a line (a
    placeable left open) at the start of the next one, outside the junk: it is told at the end of the
    broken text instead, where the translator must look."""
    start = junk.span.start if junk.span else 0
    content = junk.content or ""
    annotation = junk.annotations[0] if junk.annotations else None
    at = annotation.span.start if annotation is not None and annotation.span else start
    at = max(start, min(at, start + len(content.rstrip())))
    line_start = source.rfind("\n", 0, at) + 1
    line_end = source.find("\n", at)
    text = source[line_start : line_end if line_end >= 0 else len(source)].rstrip()
    found = ENTRY_START.match(content)
    return FluentSyntaxError(
        path=path,
        line=source.count("\n", 0, at) + 1,
        col=at - line_start + 1,
        code=annotation.code if annotation is not None else "",
        arguments=tuple(str(a) for a in annotation.arguments) if annotation is not None else (),
        message=(annotation.message or "") if annotation is not None else "",
        text=text if len(text) <= QUOTED_CHARS else text[: QUOTED_CHARS - 1] + "…",
        msg_id=found.group(1) if found else "",
    )


# A message or term begins with its identifier at the start of a line, then `=`; nothing else in Fluent
# does (a pattern's continuation lines are indented; variants, attributes and closing braces never carry
# `=` after an identifier).
ENTRY_START = re.compile(r"^(-?[a-zA-Z][a-zA-Z0-9_-]*)[ \t]*=", re.MULTILINE)


def entry_texts(text: str) -> list[tuple[str, str]]:
    """(id, source) of each message (`id`) and term (`-id`) of a Fluent file, in order, unparsed. The
    comments after an entry ride along with it, and the parser skips them."""
    starts = list(ENTRY_START.finditer(text))
    # (a file of comments alone, or empty, has no entry to end)
    ends = [m.start() for m in starts[1:]] + ([len(text)] if starts else [])
    return [(m.group(1), text[m.start() : end]) for m, end in zip(starts, ends, strict=True)]


PLAIN_VALUE = re.compile(r"(-?)([a-zA-Z][a-zA-Z0-9_-]*) *= *(\S.*?) *")
PLAIN_ATTRIBUTE = re.compile(r" +\.([a-zA-Z][a-zA-Z0-9_-]*) *= *(\S.*?) *")


def plain_entry(source: str) -> fast.Message | fast.Term | None:
    """The entry of a source that is plain text on one line, with attributes of plain text on one line
    each (most names are: `country-uk = UK`), built without the parser, which is slow; None for any other
    source, for the parser to read. Only spaces are blank to Fluent, and trailing ones are dropped."""
    if any(c in source for c in "{}\r\t"):
        return None
    lines = source.split("\n")
    while lines and (not lines[-1].strip(" ") or lines[-1].startswith("#")):
        lines.pop()  # the blank lines and comments after the entry
    head = PLAIN_VALUE.fullmatch(lines[0]) if lines else None
    if head is None:
        return None
    attributes = []
    for line in lines[1:]:
        found = PLAIN_ATTRIBUTE.fullmatch(line)
        if found is None:
            return None
        attributes.append(fast.Attribute(fast.Identifier(found[1]), _text(found[2])))
    kind = fast.Term if head[1] else fast.Message
    return kind(fast.Identifier(head[2]), _text(head[3]), attributes)


def _text(text: str) -> fast.Pattern:
    return fast.Pattern([fast.TextElement(text)])


class _References(Visitor):
    """The messages (`id`) and terms (`-id`) an entry refers to."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def visit_MessageReference(self, node: fast.MessageReference) -> None:
        self.keys.append(node.id.name)
        self.generic_visit(node)

    def visit_TermReference(self, node: fast.TermReference) -> None:
        self.keys.append("-" + node.id.name)
        self.generic_visit(node)


class Catalog:
    """One language's messages over a list of .ftl files, each parsed the first time it is asked for.

    Parsing every file of a game's three locale folders costs a quarter of a second, and a screen uses a
    small part of them: the files are only cut at each entry's first line here, and `has` parses the
    entry (with the entries it refers to) into the bundle. What it gives is what parsing the whole files
    into one bundle, later files overriding, gives: the last entry of an id that parses wins.
    """

    def __init__(self, lang: str, files: list[Path]) -> None:
        self.lang = lang
        self.files = files
        self._parser = FluentParser(with_spans=False)
        self._added: dict[str, bool] = {}
        self.entries: dict[str, fast.Message | fast.Term] = {}  # those parsed so far, by key

    # Both are made when first needed: a language the player does not play in may never be asked, and a
    # bundle loads the language's data from babel.
    @functools.cached_property
    def _texts(self) -> dict[str, list[str]]:
        texts: dict[str, list[str]] = {}
        for path in self.files:
            for key, source in entry_texts(read_fluent(path)):
                texts.setdefault(key, []).append(source)
        return texts

    @functools.cached_property
    def bundle(self) -> FluentBundle:
        return FluentBundle([self.lang], use_isolating=False)

    def has(self, key: str) -> bool:
        """Whether the message `key` (a term: `-key`) exists, adding it to the bundle when it does."""
        added = self._added.get(key)
        if added is not None:
            return added
        self._added[key] = False  # while its references are added: a cycle ends here
        wanted = fast.Term if key.startswith("-") else fast.Message
        for source in reversed(self._texts.get(key, [])):
            entry = plain_entry(source) or self._parser.parse_entry(source)
            if isinstance(entry, wanted) and entry.id.name == key.lstrip("-"):
                references = _References()
                references.visit(entry)
                for ref in references.keys:
                    self.has(ref)
                self.bundle.add_resource(fast.Resource([entry]), allow_overrides=True)
                self.entries[key] = entry
                self._added[key] = True
                return True
        return False


# Catalogs by language and files (with their sizes and times, so that an edited file is read again):
# the game's language, English behind it and the names in every language share them.
_CATALOGS: dict[tuple[str, tuple[tuple[str, int, int], ...]], Catalog] = {}


def catalog(lang: str, files: list[Path]) -> Catalog:
    stats = [(path, path.stat()) for path in files]
    key = (lang, tuple((str(path), st.st_size, st.st_mtime_ns) for path, st in stats))
    found = _CATALOGS.get(key)
    if found is None:
        if len(_CATALOGS) > 64:
            _CATALOGS.clear()
        found = _CATALOGS[key] = Catalog(lang, files)
    return found


@dataclass
class Localizer:
    """Formats the messages of one language, with English behind it."""

    lang: str
    catalogs: list[Catalog] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @classmethod
    def for_ruleset(cls, target: str, lang: str) -> Localizer:
        return cls.for_folders(ruleset_folders(target), lang)

    @classmethod
    def for_folders(cls, folders: list[Path], lang: str) -> Localizer:
        langs = [lang] if lang == FALLBACK else [lang, FALLBACK]
        return cls(lang, [catalog(code, locale_files(folders, code)) for code in langs])

    def has(self, msg_id: str, attribute: str | None = None) -> bool:
        return self._find(msg_id, attribute) is not None

    def _find(self, msg_id: str, attribute: str | None) -> tuple[FluentBundle, Any] | None:
        for found in self.catalogs:
            if not found.has(msg_id):
                continue
            message = found.bundle.get_message(msg_id)
            pattern = message.attributes.get(attribute) if attribute else message.value
            if pattern is not None:
                return found.bundle, pattern
        return None

    def get(self, msg_id: str, attribute: str | None = None, **args: Any) -> str | None:
        """The formatted message (or one of its attributes), or None when no language has it."""
        found = self._find(msg_id, attribute)
        if found is None:
            return None
        bundle, pattern = found
        text, errors = bundle.format_pattern(pattern, args)
        self.errors.extend(f"{msg_id}: {err}" for err in errors)
        return str(text)

    def get_case(self, msg_id: str, case: str | None, **args: Any) -> str | None:
        """The message in a grammatical case (an attribute such as `.gen`) when the first language that
        has the message gives that form, else its plain value: English never lends a Russian case."""
        for found in self.catalogs:
            if not found.has(msg_id):
                continue
            bundle = found.bundle
            message = bundle.get_message(msg_id)
            pattern = message.attributes.get(case) if case else None
            pattern = pattern if pattern is not None else message.value
            if pattern is None:
                continue
            text, errors = bundle.format_pattern(pattern, args)
            self.errors.extend(f"{msg_id}: {err}" for err in errors)
            return str(text)
        return None

    def text(self, msg_id: str, default: str, attribute: str | None = None, **args: Any) -> str:
        got = self.get(msg_id, attribute, **args)
        return default if got is None else got

    # Names of the things a ruleset declares; the id, made readable, when a locale lacks one.

    def card(self, card_id: str) -> str:
        return self.text(f"card-{card_id}", readable(card_id))

    def card_aliases(self, card_id: str) -> list[str]:
        """The card's other names a player may type (`.also`), none when it has none."""
        return split_aliases(self.get(f"card-{card_id}", ALIAS_ATTRIBUTE))

    def card_short(self, card_id: str) -> str | None:
        """The card's short name (`.short`: "Asia" for Asia Scoring), where a list whose label already
        says what kind of card it holds may name it by what sets it apart; None when it has none."""
        return self.get(f"card-{card_id}", "short")

    def country(self, country_id: str) -> str:
        return self.text(f"country-{country_id}", readable(country_id))

    def region(self, region_id: str) -> str:
        return self.text(f"region-{region_id}", readable(region_id))

    def side(self, side_id: str) -> str:
        return self.text(f"side-{side_id}", side_id.upper())


def split_aliases(text: str | None) -> list[str]:
    """The names of an `.also` attribute: separated by semicolons (a name may hold a comma, «Не спрашивай,
    что…»), blanks dropped."""
    return [name.strip() for name in (text or "").split(ALIAS_SEPARATOR) if name.strip()]


def readable(ident: str) -> str:
    """`west_germany` -> `West germany`: a last resort when no locale names the thing."""
    words = ident.replace("_", " ").strip()
    return words[:1].upper() + words[1:]
