"""One game of `twilight play` in progress at the terminal: the players there (a person, or a policy for
the demo), the screen and the commands; the game, its save and `undo`'s copies are the session layer's
(cli/session/game.py).

The engine asks for a decision by calling a player's `decide`; a person's player draws the screen,
reads a line, and either answers or runs a command and asks again. Nothing typed changes the game
except a legal answer. Before each of the person's decisions, and at the first decision after each
action round, the game is saved (atomically): the save holds every answer so far, so replaying it
reaches exactly this decision.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from twilight.cli.play.catch_up import SaveToReplay
from twilight.cli.play.input import (
    LineReader,
    Matcher,
    Problem,
    command_of,
    command_words_of,
    normalize,
    parse_answer,
)
from twilight.cli.play.screen import SIDE_STYLE, Screen
from twilight.cli.session import question
from twilight.cli.session.danger import is_play_mode, is_war_only
from twilight.cli.session.game import GameSession
from twilight.cli.session.happened import what_happened
from twilight.cli.session.hint import reasons_text
from twilight.cli.session.log import Narrator
from twilight.cli.session.rules_help import rule_lines
from twilight.cli.session.text import PlayText
from twilight.cli.session.undo import Refusal, UndoTo, undo_point
from twilight.cli.session.why_not import event_refused
from twilight.common.input_bounds import ECHO_CHARS, clip
from twilight.compiler.diagnostics import suggest
from twilight.runtime.core.decisions import Decision
from twilight.runtime.core.sides import SIDES

# The operation a decision's answer carries out: a refused country is explained by the rule refusing it.
ACTION_OF = {"influence_target": "influence", "coup_target": "coup", "realign_target": "realign"}
INTENT_ACTION = {"place": "influence", "coup": "coup", "realign": "realign"}


class QuitGame(Exception):
    """The player asked to stop (quit, Ctrl-D, Ctrl-C at a prompt): the game is saved first."""


class PlaySession(GameSession):
    """A game at the terminal: the session's game with a console, a screen and a keyboard (the commands
    typed at the prompt, the hand-over of a hot-seat game, the last moves shown)."""

    save_path: Path  # (a game at the terminal always has its save)

    def __init__(
        self,
        engine: Any,
        text: PlayText,
        console: Console,
        save_path: Path,
        meta: dict[str, Any],
        reader: LineReader | None = None,
        secret_hands: bool = True,
    ) -> None:
        super().__init__(engine, text, meta, save_path)  # meta: the save's `play` block
        self.console = console
        self.reader = reader or LineReader()
        self.screen = Screen(console, text, engine, secret_hands, bool(meta.get("ids")))
        self.screen.losing = self.losing_answers
        self.screen.losing_by_opponent = self.losing_by_opponent
        self.screen.losing_reasons = lambda: self.losing.reasons
        self.screen.ai_plays = self.ai_plays  # (no AI, no `why`: the footer says the other commands)
        self.narrator = Narrator(text)
        self.shown_upto = 0  # trace events already shown on a screen
        # Hot-seat: where each player's last screen left off (and the lines kept for it), while the other
        # plays: each is told the moves since their own last decision, not since the other's screen.
        self.shown_to: dict[str, tuple[int, list[str]]] = {}
        # Hot-seat: both sides are people at this terminal (set by build_session); the side whose screen
        # was shown last, so that a change of side hands the terminal over first.
        self.hot_seat = False
        self.person_side: str | None = None
        # A hot-seat game taken up again: whoever sits at the terminal may not be the player asked first,
        # so the terminal is handed over before the first question too.
        self.hand_over_first = False
        # Lines for the next screen's last moves that are not the engine's events (an answer taken for
        # the player), after the events shown before them.
        self.pending_lines: list[str] = []
        # Of those, the lines printed as they happened (an answer taken for the player), still on the
        # terminal until the next screen is drawn: the end of the game, drawn below them, says them once.
        self.live_lines: list[str] = []
        self.noticed_round: tuple[Any, ...] | None = None  # the last action round its notices were shown
        # The last answer taken for the player and its pick in a repeated choice (`forced_again`); None
        # once the player is asked.
        self.last_forced: tuple[tuple[str, str, str, int], Any] | None = None
        # A game taken up from its save: the save, replayed when play starts (cli/play/catch_up.py).
        self.save_to_replay: SaveToReplay | None = None

    @functools.cached_property
    def command_words(self) -> dict[str, str]:
        """Every word that calls a command, in every language -> the command (read at the first line
        typed: the other languages' words are not needed to show a question)."""
        words: dict[str, str] = {}
        for loc in self.text.all_langs.values():
            for word, command in command_words_of(loc).items():
                words.setdefault(word, command)
        return words

    @functools.cached_property
    def card_words(self) -> set[str]:
        """The words of the `card` command in every language (one may be another command's too)."""
        words = {"card"}
        for loc in self.text.all_langs.values():
            spelled = loc.get("play-command-card") or ""
            words.update(
                normalize(w)
                for w in [*spelled.split(), *(loc.get("play-command-card", "aliases") or "").split()]
            )
        return words

    def command_in(self, typed: str) -> tuple[str, str] | None:
        """The command a line calls and the rest of it. A word of both `board` and `card` (the Russian
        «карта» is the map and a card) is told apart by what follows it: nothing, or `all`, shows the
        board; anything else names a card."""
        command = command_of(typed, self.command_words)
        if command is None or command[0] != "board" or not command[1] or self.says_all(command[1]):
            return command
        head = normalize(typed.strip().partition(" ")[0])
        return ("card", command[1]) if head in self.card_words else command

    def says_all(self, rest: str) -> bool:
        return normalize(rest) in {normalize(w) for w in self.log_all_words()}

    @functools.cached_property
    def country_names(self) -> dict[str, list[str]]:
        """Each country's names in every language, normalized (for refusing a country not offered)."""
        return {c: [normalize(n) for n in self.text.names_of(c)] for c in self.text.countries}

    # ------------------------------------------------------------------ hot-seat
    def clear_screen(self) -> None:
        """Clear the terminal and its scrollback (what the other player saw must not be a scroll away)."""
        c = self.console
        if not c.is_terminal:
            return
        c.clear()
        c.file.write("\x1b[3J")
        c.file.flush()

    def hand_over(self, side: str) -> None:
        """Between the two people of a hot-seat game: an empty screen that names the player to take the
        terminal, until they press Enter; the one who just chose (a headline face down…) leaves nothing of
        their hand or choice on it."""
        t = self.text
        self.clear_screen()
        self.console.print(t.t("play-hand-over", **t.side_args(side)), style=SIDE_STYLE.get(side, "bold"))
        if self.meta.get("ids"):
            self.console.print(f"[hand_over side={side}]", style="dim", markup=False)
        try:
            typed = self.reader.read(t.t("play-hand-over-prompt"), [])
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        command = self.command_in(typed)
        if command is not None and command[0] == "quit":
            raise QuitGame
        self.clear_screen()

    # ------------------------------------------------------------------ what happened
    def since_own_decision(self, before: str | None, side: str) -> None:
        """Hot-seat, the terminal handed from `before` to `side`: the last moves start where `side`'s own
        last screen left off (the other player's screen, which `side` did not see, was cleared), and
        `before`'s are kept for its next turn."""
        if before is not None:
            self.shown_to[before] = (self.shown_upto, self.pending_lines)
        upto, pending = self.shown_to.pop(side, (self.shown_upto, []))
        self.shown_upto, self.pending_lines = min(upto, len(self.engine.events)), pending

    def recent_lines(self, below_live: bool = False) -> list[str]:
        """The moves since the screen last showed them (the bookkeeping, such as the scoring deck's
        lines, is left to `log`: at 80x24 it would push the AI's move out of the summary). `below_live`:
        for lines printed under what is on the terminal, without those printed as they happened."""
        moves, _ = what_happened(self.narrator, self.engine.events[self.shown_upto :])
        lines = self.pending_lines + [move.line for move in moves]
        if below_live:
            lines = [line for line in lines if line not in self.live_lines]
        self.pending_lines, self.live_lines = [], []
        self.shown_upto = len(self.engine.events)
        return lines

    def round_notices(self, decision: Decision) -> list[str]:
        """At the player's first question of each of their action rounds: what the ruleset says of its
        declared yes/no variables that hold then ("this is a scoring round: you act first")."""
        from twilight.cli.declared_state import round_notices

        state = self.engine.state
        key = (state.turn, state.action_round, decision.side)
        if not state.action_round or state.phasing != decision.side or key == self.noticed_round:
            return []
        self.noticed_round = key
        return round_notices(self.text.loc, self.engine.ir, state.vars)

    def take_forced(self, decision: Decision) -> Any:
        """A question with one legal answer (one to pick, one offered) is answered for the player: there
        is nothing to weigh, and the answer is said in the last moves and at once, with the question."""
        answer = decision.options[0]
        # (kept in the save: `undo` takes such an answer back with the one before it)
        self.meta["forced"] = [*self.forced_answers(), len(self.engine.answers)]
        # Where the player is in a repeated choice, and why the other candidates are not there.
        progress = self.screen.progress(decision)
        if self.forced_again(decision, answer):
            # The same pick taken again in a choice repeated (Suez Crisis's removals): said once, then
            # only where the repeats are.
            said = [progress] if progress else []
        else:
            note = self.text.t(
                "play-forced-choice", prompt=self.prompt_text(decision), answer=self.text.option(answer)
            )
            said = [note, *([progress] if progress else []), *self.why_not(decision)]
            said += self.screen.not_offered(decision)
        self.pending_lines = [*self.recent_lines(), *said]
        self.live_lines = list(said)
        for line in said:
            self.console.print(line, style="dim", markup=False, highlight=False)
        return answer

    def forced_again(self, decision: Decision, answer: Any) -> bool:
        """Whether a forced answer repeats the one before it: the next pick of the same repeated choice,
        the same answer taken, no other question of the player's between them."""
        at = decision.context.get("progress")
        pick = at.get("pick") if isinstance(at, dict) else None
        key = (decision.name, decision.side, str(answer), len(self.engine.answers))
        last, self.last_forced = self.last_forced, (key, pick)
        if last is None or not isinstance(pick, int):
            return False
        (name, side, said, answers), last_pick = last
        follows = answers < key[3] and last_pick == pick - 1
        return (name, side, said) == key[:3] and follows

    # ------------------------------------------------------------------ commands
    def run_command(self, command: str, rest: str, decision: Decision) -> None:
        t, c = self.text, self.console
        if command == "card" or (command == "help" and rest):
            self.show_card(rest)
        elif command == "help":
            for line in self.help_lines(decision):
                c.print(line, markup=False, highlight=False)
        elif command == "why":
            for line in self.why_lines():
                c.print(line, markup=False, highlight=False)
        elif command == "hint":
            from twilight.cli.session.hint import hint_lines

            for line in hint_lines(self, decision):
                c.print(line, markup=False, highlight=False)
        elif command == "log":
            everything = self.says_all(rest)
            events = self.engine.events if everything else self.events_this_turn()
            lines = self.narrator.lines(events)
            c.print(t.t("play-log-title", count=len(lines)), style="bold")
            for line in lines:
                c.print("  " + line, markup=False, highlight=False)
            if not everything:
                if rest.strip():  # (`log europe`: read as `log`, and said so)
                    c.print(t.t("play-log-extra", text=clip(rest.strip(), ECHO_CHARS)), style="dim")
                c.print(t.t("play-log-hint"), style="dim")
        elif command == "board":
            if self.says_all(rest):
                self.screen.show_board(decision)
            elif rest.strip():  # (`board europe`: that region in full, or which regions there are)
                self.screen.region_command(rest, decision)
            else:
                # (with the question's own notes: why a coup or the Space Race is not offered)
                self.screen.show(
                    decision, self.prompt_text(decision), [], self.why_not(decision), full_board=True
                )
        elif command == "region":
            self.screen.region_command(rest, decision)
        elif command == "save":
            self.save()
            c.print(t.t("play-saved", path=str(self.save_path)), markup=False, soft_wrap=True)
        elif command == "quit":
            raise QuitGame
        elif command == "undo":
            point = undo_point(
                self.engine.events,
                self.engine.answers,
                decision.side,
                self.hot_seat,
                set(self.forced_answers()),
                self.engine.ir,
            )
            if isinstance(point, int) and point not in self.points:  # (never: every question is copied)
                point = Refusal("play-undo-nothing")
            if isinstance(point, Refusal):
                c.print(self.refusal_text(point), style="bold red", markup=False, highlight=False)
            else:
                raise UndoTo(point)

    def confirmed(self, decision: Decision, answer: Any) -> bool:
        """Whether the player stands by an answer that loses the game at once (a coup target whose coup
        sets off nuclear war: legal, and never refused): asked once more, "yes" in any language takes it."""
        t = self.text
        if str(answer) not in {str(o) for o in self.losing_answers(decision)}:
            return True
        why = self.losing.reasons.get(str(answer))
        if not is_war_only(why):  # (not by nuclear war alone: a coup under the Cuban Missile Crisis)
            said = t.t(
                "play-lose-confirm", answer=t.option(answer), reasons=reasons_text(t, why or frozenset())
            )
        elif is_play_mode(decision):
            by = "opponent" if str(answer) in {str(o) for o in self.losing_by_opponent(decision)} else "you"
            said = t.t("play-war-confirm-mode", mode=t.option(answer), by=by)
        else:
            said = t.t("play-war-confirm", **t.country_args(str(answer)))
        self.console.print(
            said,
            style="bold red",
            markup=False,
            highlight=False,
        )
        try:
            typed = self.reader.read(t.t("play-war-prompt"), [])
        except (EOFError, KeyboardInterrupt):
            raise QuitGame from None
        yes = {normalize(w) for loc in t.all_langs.values() for w in (loc.get("play-war-yes") or "").split()}
        return normalize(typed) in yes

    def show_card(self, typed: str) -> None:
        """`card NAME` (`? NAME`): the card's text, wrapped to the terminal; or one line saying why no
        card was found, with the closest ones."""
        from twilight.cli.play.card_text import NoCard, card_lines, find_card, no_card_line

        found = find_card(self.text, typed)
        if isinstance(found, NoCard):
            self.console.print(
                no_card_line(self.text, found), style="bold red", markup=False, highlight=False
            )
            return
        title, *rest = card_lines(self.text, found)
        self.console.print(title, style="bold", markup=False, highlight=False)
        for line in rest:
            self.console.print(line, markup=False, highlight=False)

    def rebuild(self, keep: int) -> list[Any]:
        """The game as it was at the question answer `keep` answered (GameSession.rebuild); what the
        screens show follows: the last moves start at the question asked again, saying what was undone."""
        taken = super().rebuild(keep)
        self.screen.engine = self.engine
        self.last_forced = None
        self.shown_upto = len(self.engine.events)
        answer = taken[0][1]  # the player's; the AI's answers after it go back with it
        said = ", ".join(self.text.option(p) for p in (answer if isinstance(answer, list) else [answer]))
        self.pending_lines = [self.text.t("play-undo-done", answer=said or "-")]
        return taken

    def start_over(self, engine: Any) -> None:
        """Play `engine`, a new game of this one's rules, in its place (a save replayed again, up to the
        last of its answers that still fits): its players seated, nothing of the old game kept."""
        assert self.seat_players is not None
        self.seat_players(engine)
        self.engine = self.screen.engine = engine
        self.points = {}
        self.checked_upto = self.shown_upto = 0
        self.shown_to = {}
        self.last_forced = None

    def log_all_words(self) -> list[str]:
        words = ["all"]
        for loc in self.text.all_langs.values():
            words += (loc.get("play-log-all") or "").split()
        return words

    def help_lines(self, decision: Decision) -> list[str]:
        """`?`: the question, the mechanics behind it in plain words, what limits the answer, then the
        rules it comes from and the commands."""
        from twilight.cli.session.mechanics import mechanics_key, mechanics_line

        t = self.text
        lines = [self.prompt_text(decision), mechanics_line(t, decision)]
        how = self.screen.how_many(decision)
        if how:
            lines.append(how)
        points = self.screen.points_left(decision)
        if points:
            lines.append(points)
        lines.extend(self.why_not(decision))
        # (a question explained by its own name says more than the interpreter's one line of help)
        explained = mechanics_key(t, decision) == f"mechanics-{decision.name}"
        lines.extend(rule_lines(t, self.homes, decision, runtime_help=not explained))
        lines.append(t.t(self.help_commands_id))
        lines.append(t.t("play-help-board"))
        lines.append(t.t("play-help-undo"))
        lines.append(t.t("play-help-hint"))
        return lines

    @property
    def help_commands_id(self) -> str:
        """The help's line of commands: `why` tells the paper AI's last move, or the computer's last
        choices in a game without an AI (where the opponent is called the computer), or is not offered
        in a game of two people."""
        if not self.ai_plays:
            return "play-help-commands-no-ai"
        return "play-help-commands" if self.computer is None else "play-help-commands-computer"

    def refusal(self, decision: Decision, typed: str, engine: Any = None) -> str | None:
        """When the player typed a country the decision does not offer, or a card's event the rules keep
        out, the rule that refuses it (in `engine`'s game: the real one, or a trial of several answers)."""
        engine = engine or self.engine
        action = ACTION_OF.get(decision.name) or INTENT_ACTION.get(str(decision.context.get("intent")))
        wanted = normalize(typed)
        if decision.name == "play_mode" and wanted in {normalize(n) for n in self.text.names_of("event")}:
            # The card's event, typed while the rules keep it out: their reason, as the screen gave it.
            said = event_refused(self.text, engine, decision)
            if said:
                return said[0]
        if not any(wanted in self.country_names[c] for c in self.text.countries):
            card = self.card_named(typed)
            if card is not None:  # (a card's name is never a misspelt country: "US/Japan" is no Japan)
                return self.text.t("play-input-card-not-offered", **self.text.card_args(card))
            # A misspelt country ("Itlay", "Италя"): the closest one's refusal says which it took it for.
            wanted = suggest(wanted, [n for names in self.country_names.values() for n in names]) or wanted
        for country in self.text.countries:
            names = self.country_names[country]
            if wanted in names:
                if action is None:
                    return self.text.t("play-input-not-offered", **self.text.country_args(country))
                code = engine.forbidden(action, actor=decision.side, target=country)
                if code is None:
                    return self.text.t("play-input-not-offered", **self.text.country_args(country))
                reason = self.text.maybe(f"refusal-{code}", **self.text.country_args(country))
                return self.text.t(
                    "play-input-refused", reason=reason or code, **self.text.country_args(country)
                )
        return None

    def card_named(self, typed: str) -> str | None:
        """The card `typed` names (its whole name, or a beginning of the name or of a later word of it that
        only this card has, in any language) when it begins no country's name."""
        wanted = normalize(typed)
        if not wanted or wanted.replace(" ", "").isdigit():
            return None
        if any((" " + n).find(" " + wanted) >= 0 for names in self.country_names.values() for n in names):
            return None
        got = self.all_cards.one(typed)
        return None if isinstance(got, Problem) else str(got)

    @functools.cached_property
    def all_cards(self) -> Matcher:
        """Every card of the rules by its names in every language (read at the first use)."""
        return Matcher(list(self.text.cards), self.text.names_of)

    def left_out(self, decision: Decision, typed: str) -> str | None:
        """When `typed` names a candidate the rules left out of this list (a card the draft's operations
        limit keeps out once others are kept), the rule's reason in its own words."""
        refused = question.refusals(decision)
        if not refused or typed.strip().lstrip("#").isdigit():  # (a number picks from the list shown)
            return None
        got = Matcher([str(option) for option, _ in refused], self.text.names_of).one(typed)
        return None if isinstance(got, Problem) else self.left_out_option(decision, got)

    def left_out_option(self, decision: Decision, option: Any) -> str | None:
        """When the rules left `option` out of this list (`left_out`), their reason in their own words."""
        rules = {str(o): rule for o, rule in question.refusals(decision)}
        why = self.text.maybe(f"function-{rules[str(option)]}") if str(option) in rules else None
        if why is None:
            return None
        return self.text.t("play-input-not-allowed", option=self.text.option(option), why=why)

    def problem_text(self, problem: Problem, decision: Decision, typed: str, engine: Any = None) -> str:
        t = self.text
        if problem.code in ("unknown", "suggest"):
            refused = self.left_out(decision, typed) or (
                self.refusal(decision, typed, engine) if problem.code == "unknown" else None
            )
            if refused:
                return refused
        args = dict(problem.args)
        if "matches" in args:
            args["matches"] = ", ".join(t.option(m) for m in args["matches"][:8])
        if "suggestion" in args:
            args["suggestion"] = t.option(args["suggestion"])
        return t.t(f"play-input-{problem.code}", **args)


class TrialStop(Exception):
    """Ends a trial of several answers: `problem` is what is wrong (None: every answer fitted)."""

    def __init__(self, problem: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem


def several_answers(session: PlaySession, decision: Decision, parts: list[str]) -> list[Any] | str:
    """`Italy, Italy, Mexico` at a question that takes one answer at a time (an influence point, or a
    pick of one or none such as De-Stalinization's): each part answers the same question as it is asked
    again, in turn. They are tried first in a copy of the
    game made at this decision (`Engine.clone`), so that either all of them are legal, each in the state
    the ones before it leave, and are returned, or none is taken and the message says which part is
    wrong and why."""
    from twilight.runtime.core.engine import ASK_AGAIN

    t = session.text
    twin = session.engine.clone()
    answers: list[Any] = []
    # A number names the option of that number in the list on the screen as it was typed: the list a
    # question shows again may be shorter (a card kept in the draft leaves it, a country grown too dear
    # for the points left drops out), and its numbers would name other options.
    shown = Matcher(decision.options, t.names_of)
    numbered = {k: shown.one(part) for k, part in enumerate(parts) if part.isdigit()}

    def refused(problem: str, number: int) -> TrialStop:
        said = t.t(
            "play-input-several-refused",
            number=number,
            given=len(parts),
            text=clip(parts[number - 1], ECHO_CHARS),
            problem=problem,
        )
        return TrialStop(said)

    class Trial:
        def decide(self, asked: Decision) -> Any:
            if len(answers) == len(parts):
                raise TrialStop()
            if asked.name != decision.name or asked.side != decision.side:
                raise TrialStop(t.t("play-input-several-extra", count=len(answers), given=len(parts)))
            number = len(answers)
            got = (
                numbered[number]
                if number in numbered
                else Matcher(asked.options, t.names_of).one(parts[number])
            )
            if number in numbered and not isinstance(got, Problem) and got not in asked.options:
                # (a card the draft's operations limit now keeps out: that rule, as when named)
                why = session.left_out_option(asked, got)
                raise refused(why or t.t("play-input-several-gone", option=t.option(got)), number + 1)
            if isinstance(got, Problem):
                problem = session.problem_text(got, asked, parts[len(answers)], twin)
                raise refused(problem, len(answers) + 1)
            answer = got if asked.single else [got]  # (a pick of one or none: De-Stalinization's)
            answers.append(answer)
            return answer

    twin.players = {side: Trial() for side in SIDES}
    try:
        twin.resume(ASK_AGAIN)
    except TrialStop as stop:
        if stop.problem is not None:
            return stop.problem
        return answers
    # The game ended before every part was used.
    return t.t("play-input-several-extra", count=len(answers), given=len(parts))


class TerminalPlayer:
    """A person at the terminal. Several sides may share one session (the hot-seat two-player game)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        # The answers still to give of several typed at once (`Italy, Italy, Mexico`): (question, side,
        # answer), each checked in a trial of the game before the first was given.
        self.queued: list[tuple[str, str, Any]] = []

    def decide(self, decision: Decision) -> Any:
        s = self.session
        if self.queued:
            name, side, answer = self.queued.pop(0)
            picks = answer if isinstance(answer, list) else [answer]
            if name == decision.name and side == decision.side and all(p in decision.options for p in picks):
                return answer
            self.queued.clear()  # (the trial said it fits: the game took another way, so ask)
        changed = s.person_side is not None and s.person_side != decision.side
        if s.hot_seat and (changed or s.hand_over_first):
            s.hand_over(decision.side)
            s.since_own_decision(s.person_side, decision.side)
        s.person_side, s.hand_over_first = decision.side, False
        s.autosave(decision, person=True)
        if forced(decision):
            return s.take_forced(decision)
        s.last_forced = None
        prompt = s.prompt_text(decision)
        s.screen.show(decision, prompt, s.recent_lines(), s.round_notices(decision) + s.why_not(decision))
        matcher = Matcher(decision.options, s.text.names_of)

        @functools.cache
        def words() -> list[str]:
            """The completions: the options' names in every language, and the commands."""
            names = [w for o in decision.options for w in s.text.names_of(o, aliases=False)[2:]]
            names += [s.text.option(o) for o in decision.options]
            return names + sorted(set(s.command_words) - {"?"})

        while True:
            try:
                typed = s.reader.read(s.text.t("play-prompt", **s.text.side_args(decision.side)), words)
            except (EOFError, KeyboardInterrupt):
                raise QuitGame from None
            command = None if matcher.is_a_name(typed) else s.command_in(typed)
            if command is not None:
                s.run_command(command[0], command[1], decision)
                continue
            parts = [p.strip() for p in re.split(r"[,;]", typed) if p.strip()]
            if one_at_a_time(decision) and len(parts) > 1:
                several = several_answers(s, decision, parts)
                if isinstance(several, str):
                    s.console.print(several, style="bold red", markup=False)
                    continue
                self.queued = [(decision.name, decision.side, a) for a in several[1:]]
                return several[0]
            answer = parse_answer(typed, decision, matcher)
            if isinstance(answer, Problem):
                s.console.print(s.problem_text(answer, decision, typed), style="bold red", markup=False)
                continue
            if not s.confirmed(decision, answer):
                continue
            return answer


def one_at_a_time(decision: Decision) -> bool:
    """Whether a question takes at most one answer each time it is asked: several typed at once answer
    it as it is asked again (a repeated influence point, Suez's removals, De-Stalinization's pick-ups),
    however the rules word "one" or "one or none"."""
    return decision.max_count == 1


def forced(decision: Decision) -> bool:
    """Whether a decision leaves the player no choice: one answer to give, and one offered. (A yes/no
    always offers two, and a pick of "up to N" may be left empty: those are always asked.)"""
    return decision.single and len({str(o) for o in decision.options}) == 1


class DemoPlayer:
    """A policy on the person's side, shown on the same screens: the whole screen at each card choice,
    one line for each other answer."""

    def __init__(
        self, session: PlaySession, policy: Any, delay: float, sleep: Callable[[float], None]
    ) -> None:
        self.session = session
        self.policy = policy
        self.delay = delay
        self.sleep = sleep

    def decide(self, decision: Decision) -> Any:
        s = self.session
        s.autosave(decision, person=False)
        answer = self.policy.decide(decision)
        prompt = s.prompt_text(decision)
        picks = answer if isinstance(answer, list) else [answer]
        chosen = ", ".join(s.text.option(p) for p in picks) or "-"
        if all(str(o) in s.text.cards for o in decision.options):
            s.screen.show(decision, prompt, s.recent_lines())
            if self.delay:
                self.sleep(self.delay)
        else:
            for line in s.recent_lines():
                s.console.print("  " + line, markup=False, highlight=False)
        s.console.print(s.text.t("play-demo-chose", prompt=prompt, answer=chosen), markup=False)
        return answer


def wait(seconds: float) -> None:
    time.sleep(seconds)
