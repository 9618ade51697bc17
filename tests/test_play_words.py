"""Every line a player reads in a whole game is in the player's language and holds no internal id.

Whole games are played through the real play session (cli/play: the setup questions, each screen, `?`,
`why`, `log all`, the end screen), in process, with a seeded random person typing numbers at the prompt;
then `twilight explain trace --all` is run on the game's trace, as the end screen tells the player to.
Every line is checked:
- no id of the compiled rules (cards, countries, regions, settings, variables, zones, tracks, AI lists and
  options, decisions, procedures, tables, orders, rules, moments), nor any snake_case word, nor an id
  merely turned into words ("human headline", "Ai position value");
- Russian output has no Latin word but the few a Russian player reads as they are (ALLOWED_LATIN), English
  output no Cyrillic letter;
- no "−0" line (a change of nothing).
The save's and the trace's paths and the command the end screen gives are taken out first: they are typed,
not read.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console
from twilight.cli.localizer import readable
from twilight.cli.play import cmd as play_cmd
from twilight.cli.play.session import TerminalPlayer
from twilight.cli.session.saves import trace_path_for
from twilight.runtime.core.decisions import Decision, RandomPlayer

# Latin a Russian player reads as it is: DEFCON (the Russian edition's own word for the track), the keys
# of the keyboard, a provisional rule's number (P3: the gap list's), the letter of a section of the solo
# rule book ("C. Фаза заголовка"), a Roman numeral of a card's name, and `c`, the one-letter name the AI's
# lists give each candidate, which `why` introduces («c — каждый кандидат»).
ALLOWED_LATIN = re.compile(r"DEFCON|Tab|Enter|P\d+(?:\.\d+)*|[A-Z]|[IVX]+|c")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
MINUS_ZERO = re.compile(r"[−-]0(?![\d.,])")
# The collections of the IR whose keys are ids (the map's regions and countries, and the cards, too).
ID_COLLECTIONS = (
    "settings",
    "variables",
    "zones",
    "tracks",
    "cards",
    "priorities",
    "tables",
    "orders",
    "procedures",
    "functions",
    "rules",
    "moments",
)


class TypingPerson:
    """A person at the prompt: at the first of each kind of question `?` and `why`, now and then `log
    all`, then an answer a seeded random player picks, typed as its number; Enter at the setup."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.policy = RandomPlayer(seed)
        self.decision: Decision | None = None
        self.asked: set[str] = set()
        self.queue: list[str] = []

    def read(self, prompt: str, words: Any) -> str:
        if prompt.startswith("Enter"):  # a question before the game (its default), or a hand-over
            return ""
        if self.queue:
            return self.queue.pop(0)
        if prompt.startswith(("yes/no", "да/нет")):  # an answer that loses at once, asked again: stood by
            return "yes" if prompt.startswith("yes") else "да"
        decision, self.decision = self.decision, None
        assert decision is not None, f"an answer was refused: {prompt}"
        commands = []
        if decision.name not in self.asked:
            self.asked.add(decision.name)
            commands += ["?", "why"]
        if self.rng.random() < 0.03:
            commands += ["log all"]
        self.queue = [*commands, self.typed(decision, self.policy.decide(decision))]
        return self.queue.pop(0)

    @staticmethod
    def typed(decision: Decision, answer: Any) -> str:
        options = [str(o) for o in decision.options]
        if all(isinstance(o, int) and not isinstance(o, bool) for o in decision.options):
            picks = answer if isinstance(answer, list) else [answer]
            return ", ".join(str(p) for p in picks)  # a number names its value (a DEFCON level)
        if decision.single:
            return str(options.index(str(answer)) + 1)
        numbers: list[int] = []
        for pick in answer:
            free = [i for i, o in enumerate(options) if o == str(pick) and i + 1 not in numbers]
            numbers.append((free or [options.index(str(pick))])[0] + 1)
        return ", ".join(str(n) for n in numbers)


def whole_game(ruleset: str, lang: str, seed: int, person: str | None, home: Path) -> tuple[list[str], Path]:
    """Every line of a whole game of `ruleset` played at the terminal (person's side: `person`, or both
    sides hot-seat), with `explain trace --all` of its trace for a solo game; and the save's path."""
    from twilight.cli.main import StartUp, cli

    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, soft_wrap=False)
    typist = TypingPerson(seed)
    save = home / f"{ruleset}-{lang}-{seed}.json"
    session = play_cmd.new_game(
        console, typist, ruleset, person, None, seed, lang, None, None, str(save), (), False
    )  # type: ignore[arg-type]
    for player in session.engine.players.values():
        if isinstance(player, TerminalPlayer):
            asked = player.decide

            def decide(decision: Decision, asked: Any = asked) -> Any:
                typist.decision = decision
                return asked(decision)

            player.decide = decide  # type: ignore[method-assign]
    assert play_cmd.run_game(session) == 0
    assert session.engine.state.winner is not None, "the game did not end"
    text = out.getvalue()
    trace = trace_path_for(save)
    if person is not None:
        result = CliRunner().invoke(
            cli, ["explain", "trace", str(trace), "--all", "--lang", lang], obj=StartUp()
        )
        assert result.exit_code == 0, result.output
        text += result.output
    for typed in (str(trace), str(save), "twilight explain trace", "--all"):
        text = text.replace(typed, "")
    return text.splitlines(), save


def rule_ids(ir: dict[str, Any]) -> set[str]:
    """Every id of the compiled rules that a player should never read as it is."""
    ids: set[str] = set()
    for collection in ID_COLLECTIONS:
        ids.update((ir.get(collection) or {}).keys())
    ids.update(ir["map"]["regions"])
    ids.update(ir["map"]["countries"])
    for plist in (ir.get("priorities") or {}).values():
        ids.update(str(o["name"]) for o in plist.get("options") or [] if o.get("name"))

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key in ("decision", "decide"):
                if isinstance(node.get(key), str):
                    ids.add(node[key])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(ir)
    return ids


def messages(lang: str) -> str:
    """The text of every message file of a language."""
    folders = [Path(f"cli/locales/{lang}"), *Path("rules").glob(f"*/locales/{lang}")]
    return "\n".join(p.read_text(encoding="utf-8") for folder in folders for p in folder.glob("*.ftl"))


def english_words() -> set[str]:
    """The words of the English messages as written (a lower-case id that is also an English word, `us`,
    is not a sign of an id)."""
    return set(re.findall(r"[A-Za-z]+", messages("en")))


def problems(lines: list[str], lang: str, ids: set[str], words: set[str]) -> list[str]:
    """Each line with what is wrong in it."""
    spelled: dict[str, str] = {}
    for ident in ids:
        if "_" in ident:
            spelled[ident.replace("_", " ")] = ident
            spelled[readable(ident)] = ident
    # (unless a message says that: a label may read as its id does, "Scoring rounds this turn")
    written = messages(lang).casefold()
    spelled = {s: i for s, i in spelled.items() if s.casefold() not in written}
    plain = {i for i in ids if "_" not in i and i not in words}
    as_words = re.compile(
        r"\b(?:" + "|".join(re.escape(s) for s in sorted(spelled, key=len, reverse=True)) + r")\b"
    )
    found = []
    for line in lines:
        wrong: list[str] = []
        wrong += SNAKE.findall(line)
        wrong += [w for w in re.findall(r"[a-z][a-z0-9]*", line) if w in plain]
        wrong += [f"{spelled[s]} as «{s}»" for s in as_words.findall(line)]
        if lang == "ru":
            wrong += [w for w in LATIN_WORD.findall(line) if not ALLOWED_LATIN.fullmatch(w)]
        else:
            wrong += CYRILLIC.findall(line)[:1]
        if MINUS_ZERO.search(line):
            wrong.append("−0")
        if wrong:
            found.append(f"{sorted(set(wrong))}: {line.strip()}")
    return found


GAMES = [
    ("solo-v2", "ussr", 3),  # the AI plays the US
    ("solo-v2", "us", 4),  # the AI plays the USSR
    ("standard", None, 5),  # hot-seat: both sides at the terminal
]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("words-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TWILIGHT_HOME", str(folder))
        yield folder


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("ruleset", "person", "seed"), GAMES)
def test_a_whole_game_reads_in_one_language_without_ids(
    ruleset: str, person: str | None, seed: int, lang: str, home: Path
) -> None:
    from helpers import compiled_ir

    lines, _ = whole_game(ruleset, lang, seed, person, home)
    assert len(lines) > 1000  # a whole game, its screens and its explanations
    found = problems(lines, lang, rule_ids(compiled_ir(ruleset)), english_words())
    assert not found, f"{len(found)} lines:\n" + "\n".join(dict.fromkeys(found))
