"""The game's history in words: each trace event a player cares about becomes one line (`log-<kind>`
messages of cli/locales/<lang>/play.ftl), with the names in the right grammatical form."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from twilight.cli.declared_state import face_down, label, variable_text
from twilight.cli.session.text import PlayText, bounded
from twilight.runtime.core.sides import SIDES, US, USSR, opponent

# Trace events told to the player, and the message of each (`log-<kind>`). The others (dice, decisions,
# the AI's working) are the trace's business: `why` and `twilight explain trace` read those.
NARRATED = (
    "turn",
    "turn_end",
    "phase",
    "action_round",
    "variable",
    "zone",
    "headlines",
    "headline_cancelled",
    "play",
    "event",
    "event_prevented",
    "no_legal_play",
    "no_operations",
    "ops_bonus_unspendable",
    "influence",
    "coup",
    "realign",
    "milops",
    "invasion",
    "space",
    "space_advance",
    "defcon",
    "defcon_change_ignored",
    "vp",
    "roll",
    "roll_off",
    "table_roll",
    "random_card",
    "region_score",
    "region_score_counted",
    "scored",
    "china_card",
    "discard",
    "effect_start",
    "effect_end",
    "cards_revealed",
    "hand_revealed",
    "deck_added",
    "reshuffle",
    "dealt",
    "victory",
    "log",
)
# Events told only by a variant, never by the plain `log-<kind>`.
VARIANTS_ONLY = ("influence", "space", "china_card")
# Variants of one message: `log-influence-add` / `-remove`, `log-space-success` / `-failure`…
VARIANT_IDS = (
    "log-influence-add",
    "log-influence-remove",
    "log-space-success",
    "log-space-failure",
    "log-china_card-face_up",
    "log-china_card-face_down",
    "log-zone-hidden",
    "log-discard-side",
    "log-victory-draw",
    "log-phase-labelled",
    "log-roll-event",
    "log-roll-at_most",
    "log-roll-event-at_most",
    "log-roll_off-event",
    "log-table_roll-dice",
    "log-space-success-needed",
    "log-space-failure-needed",
    "log-defcon-coup",
)


# A question answered (the trace's `decision`): told only where the ruleset words the answer as a move,
# by `log-answer-<decision>-<answer>` or `log-answer-<decision>` (the answer named): a side passing its
# action round holding only The China Card, the card handed over for Missile Envy.
ANSWERED = "decision"

# The events after which an event that was happening is over.
EVENT_ENDS = ("play", "action_round", "turn", "turn_end", "headlines", "phase")


class Narrator:
    def __init__(self, text: PlayText) -> None:
        self.text = text
        # The card whose event is happening, named on its dice rolls (a war's roll says which war).
        self.event_card: str | None = None
        # Whether an event is happening now (from its start to the next card played, round, turn or
        # phase): a discard it causes or a hand it reveals is its result, not the deal's bookkeeping.
        self.in_event = False
        # The cards whose effect came into force since the last card played: a card that starts two
        # effects at once (a lasting one and this turn's) is said once.
        self.started: set[str] = set()
        # The country of the coup whose results are being told (its influence, then DEFCON's drop): the
        # drop is said as the coup's.
        self.coup_in: str | None = None

    def lines(self, events: Iterable[dict[str, Any]]) -> list[str]:
        """The events in words, runs of influence in one country by one side told as one change."""
        return [line for line in map(self.line, narrated_runs(self.text.ir, events, self.tells)) if line]

    def line(self, e: dict[str, Any]) -> str | None:
        kind = e["kind"]
        if kind == ANSWERED:
            return self.answer_line(e)
        if kind not in NARRATED or not self.follow(kind, e):
            return None
        args = self.named_args(e)
        msg = TELLERS.get(kind, Narrator.tell_plain)(self, e, args)
        return None if msg is None else self.text.t(msg, **args)

    def answer_key(self, e: dict[str, Any]) -> str | None:
        """The ruleset's words for a question's answer that is a move of its own (a pass, a card handed
        over): `log-answer-<decision>-<answer>`, else `log-answer-<decision>` naming the answer; None for
        an answer told by what it does (nearly all of them)."""
        answer = e.get("answer")
        if not isinstance(answer, str):
            return None
        name = e.get("decision")
        for key in (f"log-answer-{name}-{answer}", f"log-answer-{name}"):
            if self.text.maybe(key) is not None:
                return key
        return None

    def tells(self, e: dict[str, Any]) -> bool:
        """Whether a decision's answer is told (`answer_key`)."""
        return self.answer_key(e) is not None

    def answer_line(self, e: dict[str, Any]) -> str | None:
        key = self.answer_key(e)
        if key is None:
            return None
        args = self.named_args(e)
        args["answer"] = self.text.option(str(e["answer"]))
        return self.text.t(key, **args)

    def follow(self, kind: str, e: dict[str, Any]) -> bool:
        """Keep up with the card whose event is happening and the effects already said; False when the
        event was said already (a second effect the same card started)."""
        if kind == "event":
            self.event_card = e.get("card")
        elif kind in ("play", "action_round", "turn", "headlines"):
            self.event_card = None
        if kind in ("event", *EVENT_ENDS):
            self.in_event = kind == "event"
        if kind in ("event", "play", "action_round", "turn", "headlines"):
            self.started.clear()
        elif kind == "effect_start":
            if e["card"] in self.started:
                return False
            self.started.add(e["card"])
        if kind == "coup":
            self.coup_in = e.get("country")
        elif kind not in ("influence", "defcon"):
            self.coup_in = None  # (a DEFCON told later is not the coup's)
        return True

    def named_args(self, e: dict[str, Any]) -> dict[str, Any]:
        """The side, country and card an event names, in every grammatical form the messages use."""
        t = self.text
        args: dict[str, Any] = {}
        if "side" in e and isinstance(e["side"], str) and e["side"] in SIDES:
            args.update(t.side_args(e["side"]))
        if "country" in e:
            args.update(t.country_args(e["country"]))
        if isinstance(e.get("card"), str) and e["card"] in t.cards:
            args.update(t.card_args(e["card"]))
        return args

    # One teller per kind of event: each adds the kind's own arguments to `args` and returns the message
    # to say (`log-<kind>` or one of its variants), or None when there is nothing to tell.

    def tell_plain(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        return f"log-{e['kind']}"

    def tell_turn(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["number"] = e.get("number", e.get("turn"))
        return self.tell_plain(e, args)

    def tell_phase(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["phase"] = self.text.maybe(f"phase-{e.get('phase')}") or str(e.get("phase"))
        if e.get("label"):
            args["label"] = e["label"]
            return "log-phase-labelled"
        return "log-phase"

    def tell_action_round(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["round"] = e.get("round")
        return "log-action_round"

    def tell_variable(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        t = self.text
        args["name"] = label(t.loc, e["name"])
        args["value"] = variable_text(t.loc, t.ir, e["name"], e.get("value"))
        return "log-variable"

    def tell_zone(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["zone"] = label(self.text.loc, e["zone"])
        if face_down(self.text.ir, e["zone"]):
            args["count"] = e.get("count", 1)
            return "log-zone-hidden"
        return "log-zone"

    def tell_headlines(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["us_card"] = self.text.card(e[US]) if e.get(US) else "-"
        args["ussr_card"] = self.text.card(e[USSR]) if e.get(USSR) else "-"
        return "log-headlines"

    def tell_influence(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        change = int(e["change"])
        if change == 0:
            return None  # an event that removes all of none ("−0 in West Germany") is no news
        args.update(count=abs(change), now=e.get("now", 0))
        return "log-influence-add" if change > 0 else "log-influence-remove"

    def tell_coup(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(roll=e["roll"], strength=e["strength"], defence=e["defence"])
        # The outcome said at once (6.3.2: the strength must beat the defence; the margin is the influence
        # removed, then added, which the next lines tell point by point).
        margin = int(e["strength"]) - int(e["defence"])
        args.update(outcome="success" if margin > 0 else "failure", margin=max(margin, 0))
        if "ops" not in e:
            return "log-coup"
        # the strength in its parts: `roll 4 + 3 operations − 1 = 6`
        modifier = int(e["modifier"])
        sign = "+" if modifier > 0 else "−"
        args.update(ops=e["ops"], modifier=f" {sign} {abs(modifier)}" if modifier else "")
        return "log-coup-parts"

    def tell_realign(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        t = self.text
        args.update(roll=e["roll"], against=e["against"])
        if "die" in e:  # each side's die and modifiers: `3 + 1 = 4 against 2 + 2 = 4`
            args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["roll"]))
            against = (int(e["against_die"]), int(e["against_modifier"]), int(e["against"]))
            args["against"] = self.roll(*against)
        side = str(e["side"])
        args.update(t.side_args(opponent(side), var="opponent"))
        mine, theirs = int(e["roll"]), int(e["against"])
        args["margin"] = abs(mine - theirs)
        if mine == theirs:
            args["outcome"] = "tie"
            return "log-realign"
        winner = side if mine > theirs else opponent(side)
        args.update(t.side_args(winner, var="winner"))
        args.update(t.side_args(opponent(winner), var="loser"))
        # 6.2.3: the loser loses the margin, as far as it has influence there; none at all is no line of
        # its own (the influence lines that follow tell any removed), so it is said here.
        args["outcome"] = "nothing" if e.get("removed") == 0 else "win"
        return "log-realign"

    def tell_milops(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        change = int(e["change"])
        if change == 0:
            return None
        args.update(count=change, now=e["now"])
        return "log-milops"

    def tell_invasion(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        """The country a war invades, said before its roll (the event's card named when it is known)."""
        args.update(self.text.country_args(str(e["country"])))
        if self.event_card not in self.text.cards:
            return "log-invasion"
        args.update(self.text.card_args(self.event_card))
        return "log-invasion-event"

    def tell_space(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        msg = "log-space-success" if e.get("success") else "log-space-failure"
        args.update(roll=e["roll"], box=e["box"])
        if "die" not in e:
            return msg
        args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["roll"]))
        args["needed"] = e["needed"]
        return f"{msg}-needed"

    def tell_space_advance(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["box"] = e["box"]
        return "log-space_advance"

    def tell_defcon(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["now"] = e["now"]
        coup_in, self.coup_in = self.coup_in, None
        countries = self.text.ir.get("map", {}).get("countries", {})
        if coup_in is not None and countries.get(coup_in, {}).get("battleground"):
            # 6.3.4: the coup's own drop, right after its influence (a later change is not said so).
            return "log-defcon-coup"
        return "log-defcon"

    def tell_defcon_change_ignored(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["floor"] = e.get("floor")
        return "log-defcon_change_ignored"

    def tell_vp(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        change = int(e["change"])
        if change == 0:
            return None  # no VP changed hands: nothing to tell
        if change < 0 and e.get("side") in SIDES:  # gain_vp(side, -n) is the opponent gaining n
            args.update(self.text.side_args(opponent(e["side"])))
        args.update(count=abs(change), now=e["now"], standing=self.standing(int(e["now"])))
        return "log-vp"

    def tell_die_roll(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["total"]))
        args["needed"] = e["needed"]
        args["success"] = "yes" if e["success"] else "no"
        msg = "log-roll"
        # A roll in a lasting effect's hook (Quagmire's) names its card; a war's roll, the event's.
        card = e.get("card") or self.event_card
        if card in self.text.cards:
            msg = "log-roll-event"
            args.update(self.text.card_args(card))
        return f"{msg}-at_most" if e.get("at_most") else msg

    def tell_roll_off(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        t = self.text
        for which in ("first", "second"):
            args.update(t.side_args(e[which], var=which))
            args[f"{which}_roll"] = self.roll(
                int(e[f"{which}_die"]), int(e[f"{which}_modifier"]), int(e[f"{which}_total"])
            )
        args["outcome"] = "win" if e["winner"] else "tie"
        if e["winner"]:
            args.update(t.side_args(e["winner"], var="winner"))
        if self.event_card not in t.cards:
            return "log-roll_off"
        args.update(t.card_args(self.event_card))
        return "log-roll_off-event"

    def tell_table_roll(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["table"] = self.text.maybe(f"table-{e['table']}") or str(e["table"])
        args.update(roll=e["roll"], column=e["column"])
        if len(e.get("dice", [])) <= 1:
            return "log-table_roll"
        # Both dice when the lower one counts: `3, 5 → 3`.
        args["dice"] = ", ".join(str(d) for d in e["dice"])
        return "log-table_roll-dice"

    def tell_random_card(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["among"] = e["among"]
        return "log-random_card"

    def tell_region_score(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        t = self.text
        args.update(t.region_args(e["region"]))
        args.update(t.side_args(opponent(e["side"]), var="enemy"))
        args["level"] = t.maybe(f"outline-enum-{e['level']}") or str(e["level"])
        args.update(
            level_vp=e["level_vp"], battlegrounds=e["battlegrounds"], adjacent=e["adjacent"], vp=e["vp"]
        )
        return "log-region_score"

    def tell_ops_bonus_unspendable(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(self.text.region_args(e["region"]))
        args["operation"] = self.text.option(e["mode"])
        return "log-ops_bonus_unspendable"

    def tell_region_score_counted(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(self.text.region_args(e["region"]))
        args["countries"] = ", ".join(self.text.country(c) for c in e["countries"]) or "-"
        args.update(count=len(e["countries"]), vp=e["vp"])
        return "log-region_score_counted"

    def tell_scored(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(self.text.region_args(e["region"]))
        args.update(now=e["vp"], standing=self.standing(int(e["vp"])))
        return "log-scored"

    def tell_china_card(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(self.text.side_args(e["holder"]))
        return "log-china_card-face_up" if e.get("face_up") else "log-china_card-face_down"

    def tell_discard(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        return "log-discard-side" if "side" in e else "log-discard"

    def tell_effect(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(self.text.card_args(e["card"]))
        return self.tell_plain(e, args)

    def tell_cards_shown(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["cards"] = ", ".join(self.text.card(c) for c in e.get("cards", [])) or "-"
        args["count"] = len(e.get("cards", []))
        return self.tell_plain(e, args)

    def tell_deck_added(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args.update(count=e["cards"], period=self.text.maybe(f"outline-enum-{e['period']}") or e["period"])
        return "log-deck_added"

    def tell_reshuffle(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["count"] = e["cards"]
        return "log-reshuffle"

    def tell_dealt(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["count"] = e["hand"]
        return "log-dealt"

    def tell_victory(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["reason"] = self.reason(e.get("reason"), e.get("winner"))
        if e.get("winner") == "draw":
            return "log-victory-draw"
        args.update(self.text.side_args(e["winner"]))
        return "log-victory"

    def tell_message(self, e: dict[str, Any], args: dict[str, Any]) -> str | None:
        args["message"] = e.get("message", "")
        return "log-log"

    @staticmethod
    def roll(die: int, modifier: int, total: int) -> str:
        """A die and its modifier as sums are written: `3 − 1 = 2`, `4 + 2 = 6`, or just `5`."""
        if modifier == 0:
            return str(die)
        sign = "+" if modifier > 0 else "−"
        return f"{die} {sign} {abs(modifier)} = {total}"

    def standing(self, vp: int) -> str:
        """The VP track in words: who leads, by how much."""
        if vp == 0:
            return self.text.t("play-vp-even")
        leader = US if vp > 0 else USSR
        return self.text.t("play-vp-lead", count=abs(vp), **self.text.side_args(leader))

    def reason(self, reason: Any, winner: Any = None) -> str:
        """How the game ended (`end-<reason>`); when the winner is known, the message's `.won` words,
        which name the winner (`$side`) and the loser (`$loser`) where the message says "a side"."""
        if winner in SIDES:
            sides = {
                **self.text.side_args(str(winner)),
                **self.text.side_args(opponent(str(winner)), var="loser"),
            }
            named = self.text.loc.get(f"end-{reason}", attribute="won", **bounded(sides))
            if named:
                return named
        return self.text.maybe(f"end-{reason}") or str(reason)


Teller = Callable[[Narrator, dict[str, Any], dict[str, Any]], str | None]
# The teller of each kind that says more than its side, country and card (the others: `Narrator.tell_plain`).
TELLERS: dict[str, Teller] = {
    "turn": Narrator.tell_turn,
    "turn_end": Narrator.tell_turn,
    "phase": Narrator.tell_phase,
    "action_round": Narrator.tell_action_round,
    "variable": Narrator.tell_variable,
    "zone": Narrator.tell_zone,
    "headlines": Narrator.tell_headlines,
    "influence": Narrator.tell_influence,
    "coup": Narrator.tell_coup,
    "realign": Narrator.tell_realign,
    "milops": Narrator.tell_milops,
    "invasion": Narrator.tell_invasion,
    "space": Narrator.tell_space,
    "space_advance": Narrator.tell_space_advance,
    "defcon": Narrator.tell_defcon,
    "defcon_change_ignored": Narrator.tell_defcon_change_ignored,
    "vp": Narrator.tell_vp,
    "roll": Narrator.tell_die_roll,
    "roll_off": Narrator.tell_roll_off,
    "table_roll": Narrator.tell_table_roll,
    "random_card": Narrator.tell_random_card,
    "region_score": Narrator.tell_region_score,
    "ops_bonus_unspendable": Narrator.tell_ops_bonus_unspendable,
    "region_score_counted": Narrator.tell_region_score_counted,
    "scored": Narrator.tell_scored,
    "china_card": Narrator.tell_china_card,
    "discard": Narrator.tell_discard,
    "effect_start": Narrator.tell_effect,
    "effect_end": Narrator.tell_effect,
    "cards_revealed": Narrator.tell_cards_shown,
    "hand_revealed": Narrator.tell_cards_shown,
    "deck_added": Narrator.tell_deck_added,
    "reshuffle": Narrator.tell_reshuffle,
    "dealt": Narrator.tell_dealt,
    "victory": Narrator.tell_victory,
    "log": Narrator.tell_message,
}


def narrated_runs(
    ir: dict[str, Any],
    events: Iterable[dict[str, Any]],
    tells: Callable[[dict[str, Any]], bool] | None = None,
) -> Iterator[dict[str, Any]]:
    """The narrated events, each run told as one: influence in one country by one side (one way), and
    cards going face down onto one zone one after another (how many, not which). A question's answer
    only where `tells` says it is worded (`Narrator.tells`): the others, between two points of influence,
    never split their run."""
    pending: dict[str, Any] | None = None
    for event in told_only(with_realignment_results(with_coup_milops_last(events)), tells):
        kind = event["kind"]
        if pending is not None and pending["kind"] == kind:
            if kind == "zone" and pending["zone"] == event["zone"] and face_down(ir, event["zone"]):
                pending = {**pending, "count": pending["count"] + 1}
                continue
            if (
                kind == "influence"
                and pending["side"] == event["side"]
                and pending["country"] == event["country"]
                and (pending["change"] > 0) == (event["change"] > 0)
            ):
                pending = {**event, "change": pending["change"] + event["change"]}
                continue
        if pending is not None:
            yield pending
            pending = None
        if kind == "zone" and face_down(ir, event["zone"]):
            pending = {**event, "card": None, "count": 1}
        elif kind == "influence":
            pending = event
        else:
            yield event
    if pending is not None:
        yield pending


def told_only(
    events: Iterable[dict[str, Any]], tells: Callable[[dict[str, Any]], bool] | None
) -> Iterator[dict[str, Any]]:
    """The narrated events, and of the questions' answers those `tells` words."""
    for event in events:
        kind = event["kind"]
        if kind in NARRATED or (kind == ANSWERED and tells is not None and tells(event)):
            yield event


# What a coup does, told after its line: the influence it moved and the DEFCON it lowered.
COUP_RESULTS = ("influence", "defcon")


def with_coup_milops_last(events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The events, a coup's military operations told after the coup and what it did: the rules gain them
    as the coup is made, before its roll, but a player reads the coup first. (Military operations gained
    otherwise, by a war or an event, stay where they are.)"""
    held: dict[str, Any] | None = None  # military operations gained just before a coup
    coup_side: str | None = None  # the side whose coup's results are being told
    for event in events:
        kind = event["kind"]
        if kind not in NARRATED:
            yield event
            continue
        if coup_side is not None and kind not in COUP_RESULTS:
            yield from [held] if held is not None else []
            held, coup_side = None, None
        if held is not None and coup_side is None:
            if kind == "coup" and event.get("side") == held.get("side"):
                coup_side = str(event["side"])
                yield event
                continue
            yield held
            held = None
        if kind == "milops" and coup_side is None:
            held = event
            continue
        yield event
    if held is not None:
        yield held


def with_realignment_results(events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The events, each realignment with the influence it made its loser lose (`removed`), read from the
    influence lines that follow it: a loser with none there loses none and has no line of its own, so
    the realignment's says so. (A realignment whose results are not among `events` is left as it is.)"""
    held: list[dict[str, Any]] = []  # a realignment, then the events after it up to its results' end
    for event in events:
        if held and event["kind"] in NARRATED and event["kind"] != "influence":
            yield from realignment_told(held, ended=True)  # (a realignment after it too)
            held = []
        if event["kind"] == "realign":
            held = [event]
        elif held:
            held.append(event)
        else:
            yield event
    yield from realignment_told(held, ended=False)


def realignment_told(held: list[dict[str, Any]], ended: bool) -> Iterator[dict[str, Any]]:
    """A realignment held with the events after it: with what it removed when its influence lines are
    all there (`ended`: a later narrated event came), or when one is."""
    if not held:
        return
    realign, after = held[0], held[1:]
    lost = [e for e in after if e["kind"] == "influence" and e.get("country") == realign["country"]]
    if ended or lost:
        realign = {**realign, "removed": -sum(int(e["change"]) for e in lost if int(e["change"]) < 0)}
    yield realign
    yield from after
