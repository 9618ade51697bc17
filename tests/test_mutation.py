"""Robustness: thousands of mutated rule files, derived from the real ones, never crash the compiler.

Each mutation takes one real rule file, breaks it in one way (a token deleted, duplicated, swapped,
misspelt or replaced by one from another file; the file truncated, a line deleted, junk characters
inserted, the file emptied) and compiles the ruleset with the mutated text through `overrides`. The
promise under test: no exception escapes `compile_target`, no internal-error diagnostic (E902), every
diagnostic renders, and a changed file either still compiles or yields an error positioned in a real
file.

The run is reproducible: the mutations come from random.Random(SEED). Set MUTATION_SEED and
MUTATION_COUNT to explore further, e.g. `MUTATION_COUNT=50000 python -m pytest tests/test_mutation.py -s`.
"""

from __future__ import annotations

import difflib
import multiprocessing
import os
import random
import re
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import RULES, SUMMARY, describe, errors, read_rule, rule_files, shown
from hypothesis import given, settings
from hypothesis import strategies as st
from twilight.compiler.api import CompileResult, compile_target
from twilight.compiler.diagnostics import Pos, Severity, Sink, render
from twilight.compiler.loader import display_path
from twilight.compiler.parser import keywords, parse_text

SEED = int(os.environ.get("MUTATION_SEED", "20240229"))
# 2000 by default: with all 110 card events a mutated ruleset takes about 0.1 s to compile (2 cores), so
# this is about 4 minutes of CI; set MUTATION_COUNT for a longer soak.
COUNT = int(os.environ.get("MUTATION_COUNT", "2000"))

# names, numbers, strings, comments (kept apart: not mutated as tokens), then any other character
TOKEN_RE = re.compile(r'"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|#[^\n]*|\S')
JUNK = [
    *"{}()[],:;=<>+-*|#\"'\\@$%&!?.`~^",
    "\t",
    "\r",
    "\n",
    "\x00",
    "\x07",
    "\x1b",
    "\x7f",
    "\u00a0",
    "\u200b",
    "\u2028",
    "\ufeff",
    "é",
    "ß",
    "Ж",
    "·",
    "—",
    "“",
    "😀",
    "\U0010ffff",
]
LETTERS = "abcdefghijklmnopqrstuvwxyz_0123456789"


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str


def tokens(text: str) -> list[Token]:
    return [
        Token(m.start(), m.end(), m.group()) for m in TOKEN_RE.finditer(text) if not m.group().startswith("#")
    ]


@dataclass
class Source:
    rel: str  # relative to the rules folder
    shown: str  # the displayed path, the key of `overrides`
    text: str
    tokens: list[Token]
    ruleset: str


def load_sources() -> list[Source]:
    out = []
    for path in rule_files():
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(RULES).as_posix()
        out.append(Source(rel, display_path(path), text, tokens(text), rel.split("/", 1)[0]))
    return out


Mutator = Callable[[random.Random, Source, list[Token]], str]


def _splice(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def m_delete_token(rng: random.Random, src: Source, pool: list[Token]) -> str:
    tok = rng.choice(src.tokens)
    return _splice(src.text, tok.start, tok.end, "")


def m_duplicate_token(rng: random.Random, src: Source, pool: list[Token]) -> str:
    tok = rng.choice(src.tokens)
    return _splice(src.text, tok.start, tok.end, tok.text + rng.choice(["", " ", "\n"]) + tok.text)


def m_swap_tokens(rng: random.Random, src: Source, pool: list[Token]) -> str:
    if len(src.tokens) < 2:
        return m_delete_token(rng, src, pool)
    i = rng.randrange(len(src.tokens) - 1)
    a, b = src.tokens[i], src.tokens[i + 1]
    return src.text[: a.start] + b.text + src.text[a.end : b.start] + a.text + src.text[b.end :]


def m_misspell(rng: random.Random, src: Source, pool: list[Token]) -> str:
    names = [t for t in src.tokens if t.text[0].isalpha() or t.text[0] == "_"]
    tok = rng.choice(names or src.tokens)
    word = tok.text
    i = rng.randrange(len(word))
    how = rng.choice(["change", "insert", "delete"])
    if how == "change":
        word = word[:i] + rng.choice(LETTERS) + word[i + 1 :]
    elif how == "insert":
        word = word[:i] + rng.choice(LETTERS) + word[i:]
    else:
        word = word[:i] + word[i + 1 :]
    return _splice(src.text, tok.start, tok.end, word)


def m_foreign_token(rng: random.Random, src: Source, pool: list[Token]) -> str:
    tok = rng.choice(src.tokens)
    return _splice(src.text, tok.start, tok.end, rng.choice(pool).text)


def m_truncate(rng: random.Random, src: Source, pool: list[Token]) -> str:
    return src.text[: rng.randrange(len(src.text) + 1)]


def m_delete_line(rng: random.Random, src: Source, pool: list[Token]) -> str:
    lines = src.text.splitlines(keepends=True)
    del lines[rng.randrange(len(lines))]
    return "".join(lines)


def m_junk(rng: random.Random, src: Source, pool: list[Token]) -> str:
    at = rng.randrange(len(src.text) + 1)
    junk = "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 3)))
    return _splice(src.text, at, at, junk)


def m_empty(rng: random.Random, src: Source, pool: list[Token]) -> str:
    return rng.choice(["", "\n", "   \n\n", "# only a comment\n"])


# name, weight, mutator
MUTATORS: list[tuple[str, int, Mutator]] = [
    ("delete_token", 16, m_delete_token),
    ("duplicate_token", 12, m_duplicate_token),
    ("swap_tokens", 12, m_swap_tokens),
    ("misspell", 18, m_misspell),
    ("foreign_token", 14, m_foreign_token),
    ("truncate", 8, m_truncate),
    ("delete_line", 10, m_delete_line),
    ("junk", 8, m_junk),
    ("empty", 2, m_empty),
]


def check_one(source: Source, mutated: str, ruleset: str) -> tuple[CompileResult | None, str | None]:
    """Compile the mutated file; (result, None) when the promises hold, else (result, the problem)."""
    try:
        result = compile_target(ruleset, overrides={source.shown: mutated}, use_cache=False)
    except BaseException as err:
        if isinstance(err, KeyboardInterrupt):
            raise
        return None, "exception escaped compile_target:\n" + "".join(traceback.format_exception(err))
    internal = [d for d in result.diagnostics if d.code == "E902"]
    if internal:
        return result, f"internal compiler error: {internal[0].message}"
    for diag in result.diagnostics:
        try:
            render(diag, result.sources)
        except Exception as err:
            return result, f"render() failed on {diag.code}: {err!r}\n" + traceback.format_exc()
    if mutated != source.text and not result.ok:
        errs = [d for d in result.diagnostics if d.severity is Severity.ERROR]
        if not errs:
            return result, "not ok, but no error diagnostic"
        if not any(_in_real_file(d.pos, result.sources) for d in errs):
            shown = "; ".join(f"{d.code} at {d.pos}: {d.message}" for d in errs[:5])
            return result, f"no error is positioned in a real file: {shown}"
    return result, None


def _in_real_file(pos: Pos | None, sources: dict[str, str]) -> bool:
    """The position names a rule file of the run that exists, at a line inside the (mutated) text."""
    if pos is None or pos.file not in sources or not Path(pos.file).is_file():
        return False
    return 1 <= pos.line <= sources[pos.file].count("\n") + 1 and pos.col >= 1


@dataclass(frozen=True)
class Case:
    index: int
    op: str
    source: int  # index into load_sources()
    ruleset: str
    text: str


def make_cases(sources: list[Source], count: int, seed: int) -> list[Case]:
    """The mutations of a run, in order: the same seed gives the same cases."""
    rng = random.Random(seed)
    weights = [w for _, w, _ in MUTATORS]
    owner = [(i, t) for i, s in enumerate(sources) for t in s.tokens]
    cases = []
    for index in range(count):
        which = rng.randrange(len(sources))
        source = sources[which]
        op, _, mutate = rng.choices(MUTATORS, weights)[0]
        # tokens of other files, for foreign_token
        pool = [t for i, t in (rng.choice(owner) for _ in range(8)) if i != which] or [rng.choice(owner)[1]]
        mutated = mutate(rng, source, pool)
        # a solo file is checked through solo-v2; a standard file in standard, or now and then through
        # solo-v2 (slower: more files, and the solo rules see the mutated declarations too)
        ruleset = source.ruleset if source.ruleset != "standard" or rng.random() < 0.75 else "solo-v2"
        cases.append(Case(index, op, which, ruleset, mutated))
    return cases


@dataclass(frozen=True)
class Outcome:
    index: int
    errors: bool
    unchanged: bool
    codes: tuple[str, ...]
    problem: str | None


_SOURCES: list[Source] = []


def _run_case(case: Case) -> Outcome:
    source = _SOURCES[case.source]
    result, problem = check_one(source, case.text, case.ruleset)
    failed = result is None or not result.ok
    codes = (
        tuple(sorted({d.code for d in result.diagnostics if d.severity is Severity.ERROR})) if result else ()
    )
    return Outcome(case.index, failed, case.text == source.text, codes, problem)


def run_cases(cases: list[Case]) -> list[Outcome]:
    """Run the cases on every core (forked workers share the warm parser), or here when fork is missing."""
    workers = min(os.cpu_count() or 1, 4)
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return sorted(pool.imap_unordered(_run_case, cases, chunksize=16), key=lambda o: o.index)
    return [_run_case(c) for c in cases]


def test_mutated_rule_files_never_crash_the_compiler() -> None:
    sources = load_sources()
    assert len(sources) >= 20
    _SOURCES[:] = sources
    compile_target("solo-v2", use_cache=False)  # warm the parser before the workers fork
    started = time.perf_counter()
    cases = make_cases(sources, COUNT, SEED)
    outcomes = run_cases(cases)
    elapsed = time.perf_counter() - started
    assert [o.index for o in outcomes] == list(range(COUNT))
    ops = Counter(c.op for c in cases)
    codes = Counter(code for o in outcomes for code in o.codes)
    with_errors = sum(o.errors for o in outcomes)
    unchanged = sum(o.unchanged for o in outcomes)
    failures = [(cases[o.index], o.problem) for o in outcomes if o.problem is not None]
    summary = [
        f"mutation: {COUNT} mutations (seed {SEED}) in {elapsed:.1f} s; {with_errors} gave errors, "
        f"{COUNT - with_errors} compiled clean ({unchanged} left the text unchanged); "
        f"failures: {len(failures)}",
        "mutation: operators " + ", ".join(f"{k} {v}" for k, v in sorted(ops.items())),
        "mutation: error codes " + ", ".join(f"{k} {v}" for k, v in sorted(codes.items())),
    ]
    print("\n" + "\n".join(summary))
    SUMMARY.extend(summary)  # shown at the end of the run by conftest.py
    assert COUNT < 1000 or with_errors > COUNT // 2, "most mutations should break something"
    if failures:
        lines = [f"{len(failures)} of {COUNT} mutations broke a promise (MUTATION_SEED={SEED}):"]
        for case, problem in failures[:10]:
            source = sources[case.source]
            diff = difflib.unified_diff(source.text.splitlines(), case.text.splitlines(), lineterm="", n=0)
            head = f"--- mutation #{case.index} ({case.op}) of {source.rel}, compiling {case.ruleset}:"
            lines.append(f"{head}\n{problem}\n" + "\n".join(list(diff)[2:8]))
        raise AssertionError("\n".join(lines))


def test_mutation_operators_change_the_text() -> None:
    """Each operator, applied to a real file, yields a different text (so the run mutates something)."""
    sources = load_sources()
    pool = [t for s in sources for t in s.tokens]
    rng = random.Random(1)
    source = max(sources, key=lambda s: len(s.text))
    for name, _, mutate in MUTATORS:
        changed = sum(mutate(rng, source, pool) != source.text for _ in range(20))
        assert changed >= 10, name


# ---------------------------------------------------------------------------------------------------
# Regressions: the minimal inputs behind the failures the mutation run found


def _compile_with(rel: str, text: str, ruleset: str = "standard") -> CompileResult:
    return compile_target(ruleset, overrides={shown(rel): text}, use_cache=False)


@pytest.mark.parametrize(
    ("text", "code"),
    [("x", "E101"), ("}", "E109"), ("x\n", "E101"), ("settng optional_cards: bool = false\n", "E101")],
)
def test_syntax_error_in_a_file_without_declaration_keyword(text: str, code: str) -> None:
    """A syntax error in a file where no line starts with a declaration keyword.

    Found by the mutation run (a misspelt or deleted first keyword): parse_text raised
    ValueError: zip() argument 2 is longer than argument 1 (parser.declaration_spans), reported as E902.
    """
    sink = Sink()
    assert parse_text(text, "a.tsr", sink) is None
    assert [d.code for d in sink.items] == [code], describe(sink.items)  # (a lone `}`: unmatched, E109)
    result = _compile_with("standard/settings.tsr", text)
    assert "E902" not in {d.code for d in result.diagnostics}, describe(result.diagnostics)
    assert any(d.code == code and d.pos is not None and d.pos.line == 1 for d in result.diagnostics)


def test_text_that_is_not_utf8_encodable() -> None:
    """An override holding a lone surrogate (no file can, but an editor buffer can): a diagnostic, not
    E902 (was: UnicodeEncodeError from hashing the text in loader._parse_cached)."""
    result = _compile_with("standard/settings.tsr", "setting x: bool = true \ud800\n")
    assert not result.ok
    assert "E902" not in {d.code for d in result.diagnostics}, describe(result.diagnostics)
    assert any(
        d.pos is not None and d.pos.file == shown("standard/settings.tsr") for d in errors(result.diagnostics)
    )


def test_missing_sequence_error_has_a_position() -> None:
    """Emptying sequence.tsr leaves only E407, which had no position (found by the mutation run)."""
    result = _compile_with("standard/sequence.tsr", "")
    hits = [d for d in result.diagnostics if d.code == "E407"]
    assert hits, describe(result.diagnostics)
    assert any(_in_real_file(d.pos, result.sources) for d in errors(result.diagnostics)), describe(
        result.diagnostics
    )


@pytest.mark.parametrize("depth", [50, 150])
def test_deep_but_parseable_nesting(depth: int) -> None:
    """Nested calls the parser accepts: the result is ok, or an error positioned in the file (was: E106
    with no position once schema validation ran out of stack, from about 80 nested calls)."""
    rel = "standard/victory.tsr"
    expr = "abs(" * depth + "vp()" + ")" * depth
    text = read_rule(rel) + f'\nvictory deep source "test · 1" {{\n  on vp_changed when {expr} > 30 {{\n'
    text += '    win(us, "deep")\n  }\n}\n'
    result = _compile_with(rel, text)
    assert "E902" not in {d.code for d in result.diagnostics}
    assert result.ok or any(_in_real_file(d.pos, result.sources) for d in errors(result.diagnostics)), (
        describe(result.diagnostics)
    )


# ---------------------------------------------------------------------------------------------------
# Property tests (hypothesis): any text as a rule file


RULE_FILES = [p.relative_to(RULES).as_posix() for p in rule_files()]
VOCAB = sorted(
    keywords()
    | set("{}()[],:=<>+-*|")
    | {"==", "!=", "<=", ">=", '"x · y"', '"P1: why"', "0", "1", "6", "99", "\n", "#"}
    | {"us", "ussr", "europe", "france", "west_germany", "d6", "defcon", "c", "x", "the_china_card"}
)


def _never_crashes(rel: str, text: str) -> None:
    ruleset = rel.split("/", 1)[0]
    try:
        result = compile_target(ruleset, overrides={shown(rel): text}, use_cache=False)
    except Exception:
        pytest.fail(f"compile_target raised on {text!r} as {rel}:\n{traceback.format_exc()}")
    internal = [d for d in result.diagnostics if d.code == "E902"]
    assert not internal, f"E902 on {text!r} as {rel}: {internal[0].message}"
    for diag in result.diagnostics:
        render(diag, result.sources)


@settings(max_examples=120, deadline=None, database=None, derandomize=True)
@given(rel=st.sampled_from(RULE_FILES), text=st.text(max_size=300))
def test_any_text_as_a_rule_file(rel: str, text: str) -> None:
    _never_crashes(rel, text)


@settings(max_examples=120, deadline=None, database=None, derandomize=True)
@given(
    rel=st.sampled_from(RULE_FILES),
    words=st.lists(st.sampled_from(VOCAB), max_size=80),
    seps=st.lists(st.sampled_from([" ", "\n", ""]), min_size=80, max_size=80),
)
def test_any_token_soup_as_a_rule_file(rel: str, words: list[str], seps: list[str]) -> None:
    """Sequences of the language's own keywords and punctuation reach past the lexer into the parser."""
    _never_crashes(rel, "".join(w + s for w, s in zip(words, seps, strict=False)))


@settings(max_examples=60, deadline=None, database=None, derandomize=True)
@given(data=st.data())
def test_real_file_with_a_random_slice_replaced(data: st.DataObject) -> None:
    rel = data.draw(st.sampled_from(RULE_FILES))
    text = read_rule(rel)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, min(len(text), start + 40)))
    filler = data.draw(st.text(alphabet=st.sampled_from('{}()[],:=<>+-*|#" \nabcxyz_019·é'), max_size=10))
    _never_crashes(rel, text[:start] + filler + text[end:])


# ---------------------------------------------------------------------------------- mutations, then games
# Edits a rules author makes by mistake that still compile: a condition turned round, a bound moved by
# one. Those that compile are played (one game each: the solo AI against the random policy, or random
# against random): a game may end in a rule error (said with its rule file), never in one of Python's own.
LOGIC_EDITS = {"and": "or", "or": "and", "==": "!=", "!=": "==", "<": "<=", ">": ">=", "true": "false"}
LOGIC_RE = re.compile(r"\band\b|\bor\b|==|!=|<=|>=|<|>|\btrue\b")
PLAYED = int(os.environ.get("MUTATION_PLAYED", "48"))


def _logic_edits(seed: int, count: int) -> list[tuple[str, str, int, str]]:
    """(ruleset, rule file, line, edited text) for `count` edits drawn from every rule file."""
    found = []
    for path in rule_files():
        rel = path.relative_to(RULES).as_posix()
        text = path.read_text(encoding="utf-8")
        code = re.sub(r"#[^\n]*|\"(?:[^\"\\\n]|\\.)*\"", lambda m: " " * len(m.group(0)), text)
        for m in LOGIC_RE.finditer(code):
            if m.group(0) in LOGIC_EDITS:
                edited = text[: m.start()] + LOGIC_EDITS[m.group(0)] + text[m.end() :]
                found.append((rel.split("/")[0], rel, text.count("\n", 0, m.start()) + 1, edited))
    random.Random(seed).shuffle(found)
    return found[:count]


def _play_once(ir: dict[str, Any], seed: int) -> str | None:
    """One game of the compiled rules; what went wrong when it was not the rules' own error."""
    from twilight.runtime.backend.program import Program
    from twilight.runtime.core.decisions import IllegalAnswer, RandomPlayer
    from twilight.runtime.core.engine import Engine
    from twilight.runtime.core.limits import StepLimitExceeded
    from twilight.runtime.core.rule_errors import RuleError
    from twilight.runtime.game import IMPLEMENTATIONS
    from twilight.runtime.solo.ai import players_with_ai

    engine = Engine(ir, {}, seed=seed, program=Program(ir, IMPLEMENTATIONS))
    humans = {"us": RandomPlayer(seed), "ussr": RandomPlayer(seed + 1)}
    players, ai = players_with_ai(ir, engine.state.settings, humans)
    engine.players = players
    if ai is not None:
        ai.engine = engine
    try:
        engine.run()
    except (RuleError, StepLimitExceeded, IllegalAnswer):
        return None
    except Exception as err:  # (what the test is about)
        return "".join(traceback.format_exception_only(type(err), err)).strip()
    return None


def test_mutations_that_compile_are_played_without_an_error_of_pythons_own() -> None:
    failures = []
    compiled = 0
    for ruleset, rel, line, edited in _logic_edits(SEED, PLAYED):
        result = compile_target(ruleset, overrides={shown(rel): edited}, use_cache=False)
        if result.ir is None:
            continue
        compiled += 1
        problem = _play_once(result.ir, SEED % 1000)
        if problem is not None:
            failures.append(f"{rel}:{line}: {problem}")
    played = f"{compiled} compiled and were played"
    SUMMARY.append(f"mutation: {PLAYED} logic edits, {played}; failures: {len(failures)}")
    assert compiled >= PLAYED // 2, compiled
    assert not failures, "\n".join(failures)
