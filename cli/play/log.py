"""The game's history in words: each trace event a player cares about becomes one line (`log-<kind>`
messages of cli/locales/<lang>/play.ftl), with the names in the right grammatical form."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from twilight.cli.declared_state import face_down, label, variable_text
from twilight.cli.play.text import PlayText
from twilight.runtime.sides import SIDES, US, USSR, opponent

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
)


class Narrator:
    def __init__(self, text: PlayText) -> None:
        self.text = text
        # The card whose event is happening, named on its dice rolls (a war's roll says which war).
        self.event_card: str | None = None
        # The cards whose effect came into force since the last card played: a card that starts two
        # effects at once (a lasting one and this turn's) is said once.
        self.started: set[str] = set()

    def lines(self, events: Iterable[dict[str, Any]]) -> list[str]:
        """The events in words, runs of influence in one country by one side told as one change."""
        return [line for line in map(self.line, narrated_runs(self.text.ir, events)) if line]

    def line(self, e: dict[str, Any]) -> str | None:
        kind = e["kind"]
        if kind not in NARRATED:
            return None
        t = self.text
        if kind == "event":
            self.event_card = e.get("card")
        elif kind in ("play", "action_round", "turn", "headlines"):
            self.event_card = None
        if kind in ("event", "play", "action_round", "turn", "headlines"):
            self.started.clear()
        elif kind == "effect_start":
            if e["card"] in self.started:
                return None
            self.started.add(e["card"])
        args: dict[str, Any] = {}
        msg = f"log-{kind}"
        if "side" in e and isinstance(e["side"], str) and e["side"] in SIDES:
            args.update(t.side_args(e["side"]))
        if "country" in e:
            args.update(t.country_args(e["country"]))
        if isinstance(e.get("card"), str) and e["card"] in t.cards:
            args.update(t.card_args(e["card"]))
        if kind in ("turn", "turn_end"):
            args["number"] = e.get("number", e.get("turn"))
        elif kind == "phase":
            args["phase"] = t.maybe(f"phase-{e.get('phase')}") or str(e.get("phase"))
            if e.get("label"):
                msg, args["label"] = "log-phase-labelled", e["label"]
        elif kind == "action_round":
            args["round"] = e.get("round")
        elif kind == "variable":
            args["name"] = label(t.loc, e["name"])
            args["value"] = variable_text(t.loc, t.ir, e["name"], e.get("value"))
        elif kind == "zone":
            args["zone"] = label(t.loc, e["zone"])
            if face_down(t.ir, e["zone"]):
                msg, args["count"] = "log-zone-hidden", e.get("count", 1)
        elif kind == "headlines":
            args["us_card"] = t.card(e[US]) if e.get(US) else "-"
            args["ussr_card"] = t.card(e[USSR]) if e.get(USSR) else "-"
        elif kind == "influence":
            change = int(e["change"])
            if change == 0:
                return None  # an event that removes all of none ("−0 in West Germany") is no news
            msg = "log-influence-add" if change > 0 else "log-influence-remove"
            args.update(count=abs(change), now=e.get("now", 0))
        elif kind == "coup":
            args.update(roll=e["roll"], strength=e["strength"], defence=e["defence"])
            if "ops" in e:  # the strength in its parts: `roll 4 + 3 operations − 1 = 6`
                modifier = int(e["modifier"])
                sign = "+" if modifier > 0 else "−"
                args.update(ops=e["ops"], modifier=f" {sign} {abs(modifier)}" if modifier else "")
                msg = "log-coup-parts"
        elif kind == "realign":
            args.update(roll=e["roll"], against=e["against"])
            if "die" in e:  # each side's die and modifiers: `3 + 1 = 4 against 2 + 2 = 4`
                args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["roll"]))
                against = (int(e["against_die"]), int(e["against_modifier"]), int(e["against"]))
                args["against"] = self.roll(*against)
        elif kind == "space":
            msg = "log-space-success" if e.get("success") else "log-space-failure"
            args.update(roll=e["roll"], box=e["box"])
            if "die" in e:
                args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["roll"]))
                msg, args["needed"] = f"{msg}-needed", e["needed"]
        elif kind == "space_advance":
            args["box"] = e["box"]
        elif kind == "defcon":
            args["now"] = e["now"]
        elif kind == "defcon_change_ignored":
            args["floor"] = e.get("floor")
        elif kind == "vp":
            # gain_vp(side, -n) is the opponent gaining n.
            change = int(e["change"])
            if change == 0:
                return None  # no VP changed hands: nothing to tell
            if change < 0 and e.get("side") in SIDES:
                args.update(t.side_args(opponent(e["side"])))
            args.update(count=abs(change), now=e["now"], standing=self.standing(int(e["now"])))
        elif kind == "roll":
            args["roll"] = self.roll(int(e["die"]), int(e["modifier"]), int(e["total"]))
            args["needed"] = e["needed"]
            args["success"] = "yes" if e["success"] else "no"
            # A roll in a lasting effect's hook (Quagmire's) names its card; a war's roll, the event's.
            card = e.get("card") or self.event_card
            if card in t.cards:
                msg = "log-roll-event"
                args.update(t.card_args(card))
            if e.get("at_most"):
                msg += "-at_most"
        elif kind == "roll_off":
            for which in ("first", "second"):
                args.update(t.side_args(e[which], var=which))
                args[f"{which}_roll"] = self.roll(
                    int(e[f"{which}_die"]), int(e[f"{which}_modifier"]), int(e[f"{which}_total"])
                )
            args["outcome"] = "win" if e["winner"] else "tie"
            if e["winner"]:
                args.update(t.side_args(e["winner"], var="winner"))
            if self.event_card in t.cards:
                msg = "log-roll_off-event"
                args.update(t.card_args(self.event_card))
        elif kind == "table_roll":
            args["table"] = t.maybe(f"table-{e['table']}") or str(e["table"])
            args.update(roll=e["roll"], column=e["column"])
            if len(e.get("dice", [])) > 1:
                # Both dice when the lower one counts: `3, 5 → 3`.
                msg, args["dice"] = "log-table_roll-dice", ", ".join(str(d) for d in e["dice"])
        elif kind == "random_card":
            args["among"] = e["among"]
        elif kind == "region_score":
            args.update(t.region_args(e["region"]))
            args.update(t.side_args(opponent(e["side"]), var="enemy"))
            args["level"] = t.maybe(f"outline-enum-{e['level']}") or str(e["level"])
            args.update(
                level_vp=e["level_vp"], battlegrounds=e["battlegrounds"], adjacent=e["adjacent"], vp=e["vp"]
            )
        elif kind == "ops_bonus_unspendable":
            args.update(t.region_args(e["region"]))
            args["operation"] = t.option(e["mode"])
        elif kind == "region_score_counted":
            args.update(t.region_args(e["region"]))
            args["countries"] = ", ".join(t.country(c) for c in e["countries"]) or "-"
            args.update(count=len(e["countries"]), vp=e["vp"])
        elif kind == "scored":
            args.update(t.region_args(e["region"]))
            args.update(now=e["vp"], standing=self.standing(int(e["vp"])))
        elif kind == "china_card":
            msg = "log-china_card-face_up" if e.get("face_up") else "log-china_card-face_down"
            args.update(t.side_args(e["holder"]))
        elif kind == "discard" and "side" in e:
            msg = "log-discard-side"
        elif kind in ("effect_start", "effect_end"):
            args.update(t.card_args(e["card"]))
        elif kind in ("cards_revealed", "hand_revealed"):
            args["cards"] = ", ".join(t.card(c) for c in e.get("cards", [])) or "-"
            args["count"] = len(e.get("cards", []))
        elif kind == "deck_added":
            args.update(count=e["cards"], period=t.maybe(f"outline-enum-{e['period']}") or e["period"])
        elif kind == "reshuffle":
            args["count"] = e["cards"]
        elif kind == "dealt":
            args["count"] = e["hand"]
        elif kind == "victory":
            if e.get("winner") == "draw":
                msg = "log-victory-draw"
            else:
                args.update(t.side_args(e["winner"]))
            args["reason"] = self.reason(e.get("reason"))
        elif kind == "log":
            args["message"] = e.get("message", "")
        return t.t(msg, **args)

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

    def reason(self, reason: Any) -> str:
        return self.text.maybe(f"end-{reason}") or str(reason)


def narrated_runs(ir: dict[str, Any], events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The narrated events, each run told as one: influence in one country by one side (one way), and
    cards going face down onto one zone one after another (how many, not which)."""
    pending: dict[str, Any] | None = None
    for event in events:
        kind = event["kind"]
        if kind not in NARRATED:
            continue
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
