"""The vocabulary the runtime offers to rule files: primitive operations, triggers, actions, modifiers.

This is the runtime's side of the IR contract. Every name a rule file may call or hook into is declared
here with its signature and a one-line meaning. `twilight dev schema` writes these declarations into
`compiler/schema/ir.schema.json`; the compiler checks rule files against the schema's copy (the compiler
never imports the runtime), and a test asserts that the two agree.

Types: int, bool, text, side, card_side, country, region, card, table, order, period, scoring_level,
list[T], any. `none` fits every type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Param:
    name: str
    type: str


@dataclass(frozen=True)
class Primitive:
    name: str
    params: tuple[Param, ...]
    returns: str | None  # None: an effect (a statement), otherwise a query usable in expressions
    doc: str
    variadic: bool = False  # the last parameter repeats (one or more)


def _p(spec: str) -> tuple[Param, ...]:
    """'side:side country:country' -> params."""
    out = []
    for part in spec.split():
        name, _, typ = part.partition(":")
        out.append(Param(name, typ))
    return tuple(out)


def q(name: str, params: str, returns: str, doc: str, variadic: bool = False) -> Primitive:
    return Primitive(name, _p(params), returns, doc, variadic)


def fx(name: str, params: str, doc: str) -> Primitive:
    return Primitive(name, _p(params), None, doc)


# Queries whose answer is not a function of the game state: they roll dice or draw at random (and trace
# the roll). The interpreter never reuses their results, nor those of rule functions that call them.
NONDETERMINISTIC_QUERIES = frozenset(
    {"d6", "roll_table", "random_card", "roll_at_least", "roll_at_most", "roll_off"}
)


PRIMITIVES: tuple[Primitive, ...] = (
    # ---------------------------------------------------------------- arithmetic and lists
    q("min", "a:int b:int", "int", "The smallest of the numbers.", variadic=True),
    q("max", "a:int b:int", "int", "The largest of the numbers.", variadic=True),
    q("abs", "n:int", "int", "The number without its sign."),
    q("size", "items:list[any]", "int", "How many items the list holds."),
    q("first", "items:list[T]", "T?", "The first item of the list, or none when it is empty."),
    q("concat", "a:list[T] b:list[T]", "list[T]", "The items of both lists, in order."),
    q("take", "items:list[T] count:int", "list[T]", "The first items of the list, at most that many."),
    q("rank", "order:order item:any", "int", "Position of the item in an ordered list (1 = first)."),
    q(
        "index_of",
        "items:list[any] item:any?",
        "int",
        "Position of the item in the list (1 = first; 0 when it is not there).",
    ),
    q("d6", "", "int", "Roll one six-sided die (forced dice in scenarios come first)."),
    q(
        "roll_at_least",
        "side:side modifier:int needed:int",
        "bool",
        "The side rolls one die and adds the modifier: true when the total reaches the number needed (the "
        "trace tells the die, the modifier and the outcome).",
    ),
    q(
        "roll_at_most",
        "side:side modifier:int limit:int",
        "bool",
        "The side rolls one die and adds the modifier: true when the total is at most the limit (the trace "
        "tells the die, the modifier and the outcome).",
    ),
    q(
        "roll_off",
        "first:side first_modifier:int second_modifier:int",
        "side?",
        "Both sides roll a die, the first side first, each adding its modifier: the side with the higher "
        "total, or none on a tie (the trace tells both dice, the modifiers and the winner).",
    ),
    q(
        "roll_table",
        "table:table",
        "int",
        "Roll the table's dice and give the number of the column rolled (1 = first); the trace tells the "
        "dice and the column.",
    ),
    q(
        "table_value",
        "table:table key:any column:text",
        "int",
        "The cell of a table for a row key and a column label (0 for an empty cell).",
    ),
    # ---------------------------------------------------------------- sides and the game state
    q("opponent", "side:side", "side", "The other superpower."),
    q("phasing", "", "side", "The phasing player."),
    q("turn", "", "int", "The current turn: where the turn marker stands."),
    q("action_round", "", "int", "The current action round of the turn (0 in the headline)."),
    q("in_headline", "", "bool", "True while the headline phase is being resolved."),
    q("defcon", "", "int", "The DEFCON level (5 peace ... 1 nuclear war)."),
    q("vp", "", "int", "The victory point marker: positive = US ahead."),
    q("milops", "side:side", "int", "The side's military operations this turn."),
    q("space_box", "side:side", "int", "The Space Race box the side has reached (0-8)."),
    q("space_attempts", "side:side", "int", "Space Race attempts the side made this turn."),
    q("space_attempts_allowed", "side:side", "int", "Space Race attempts the side may make this turn."),
    q("action_rounds_this_turn", "side:side", "int", "Action rounds the side takes this turn."),
    q("game_over", "", "bool", "True once a victory or end condition has ended the game."),
    q("game_winner", "", "side?", "The side that won (none before the end, or after a draw)."),
    q(
        "game_end_reason",
        "",
        "text?",
        'Why the game ended: the reason the rule that ended it gave (`win(us, "final_scoring")`); none '
        "before.",
    ),
    q(
        "in_final_scoring",
        "",
        "bool",
        "True while final scoring is being resolved (no automatic VP victory).",
    ),
    # ---------------------------------------------------------------- the map
    q("all_countries", "", "list[country]", "Every country on the map."),
    q("countries", "region:region", "list[country]", "The countries of a region or subregion."),
    q("neighbours", "country:country", "list[country]", "The countries adjacent to a country."),
    q(
        "in_region",
        "country:country region:region?",
        "bool",
        "The country belongs to the region (or subregion); to no region when the region is none.",
    ),
    q("region_of", "country:country", "region", "The country's region."),
    q(
        "adjacent_to_region",
        "country:country region:region",
        "bool",
        "The country is outside the region and adjacent to one of its countries.",
    ),
    q("adjacent_to_superpower", "country:country", "bool", "The country is adjacent to either superpower."),
    q(
        "adjacent_to_superpower_of",
        "country:country side:side",
        "bool",
        "The country is adjacent to the side's superpower.",
    ),
    q("stability", "country:country", "int", "The country's stability number."),
    q("battleground", "country:country", "bool", "The country is a battleground (Key) country."),
    q("influence", "side:side country:country", "int", "The side's influence in the country."),
    q(
        "controls",
        "side:side country:country",
        "bool",
        "The side controls the country (its influence exceeds the opponent's by the stability number).",
    ),
    q(
        "control_margin",
        "side:side country:country",
        "int",
        "Influence of the side minus the opponent's minus stability (0 or more: the side controls).",
    ),
    q(
        "ops_to_control",
        "side:side country:country",
        "int",
        "Influence the side must add to control the country.",
    ),
    q(
        "ops_to_break_control",
        "side:side country:country",
        "int",
        "Influence the side must add so that the opponent no longer controls the country (0 if it does not).",
    ),
    q(
        "accessible",
        "side:side country:country",
        "bool",
        "The side may place influence there by 6.1.1: its influence was in the country or a neighbour, "
        "or the country touches its superpower, at the start of the action round.",
    ),
    q(
        "placed_this_round",
        "side:side country:country",
        "int",
        "Influence the side has placed with operations in the country this action round.",
    ),
    q(
        "level_if_controlled",
        "side:side country:country region:region",
        "scoring_level",
        "The side's level in the region if it also controlled the country (by the ruleset's function "
        "scoring_level).",
    ),
    q(
        "battlegrounds_counted",
        "side:side region:region count:int",
        "int",
        "The battlegrounds a side counts at a region's scoring: the count given, changed by every "
        "scoring_battlegrounds modifier in force (never below 0).",
    ),
    q(
        "score_swing_if_controlled",
        "side:side country:country region:region",
        "int",
        "VP the side would gain at the region's scoring if it also controlled the country (by the ruleset's "
        "function region_vp).",
    ),
    q(
        "score_swing_if_broken",
        "side:side country:country region:region",
        "int",
        "VP the side would gain at the region's scoring if it broke the opponent's control of the country "
        "(its influence there raised just enough; 0 when the opponent does not control it; by the "
        "ruleset's function region_vp).",
    ),
    # ---------------------------------------------------------------- cards
    q("ops", "card:card", "int", "The card's printed operations value."),
    q(
        "ops_for",
        "side:side card:card",
        "int",
        "The card's operations value for the side, with every modifier.",
    ),
    q("event_side", "card:card", "card_side", "Whose event the card carries: us, ussr or neutral."),
    q("period_of", "card:card", "period", "The war period the card belongs to."),
    q("is_scoring", "card:card", "bool", "The card is a scoring card."),
    q("is_starred", "card:card", "bool", "The card leaves the game when its event is played."),
    q("in_effect", "card:card", "bool", "The card's event is in effect."),
    q(
        "played_by",
        "card:card",
        "card_side",
        "Who played the card's event now in effect (neutral if nobody).",
    ),
    q("hand", "side:side", "list[card]", "The side's hand (solo: its deck/hand, top card first)."),
    q("draw_pile", "", "list[card]", "The draw pile, top first."),
    q("discard_pile", "", "list[card]", "The discard pile, newest first."),
    q("removed_cards", "", "list[card]", "Cards removed from the game."),
    q("period_cards", "period:period", "list[card]", "The cards of a war period that are in the game."),
    q("china_card_holder", "", "side", "The side holding The China Card."),
    q("china_card_face_up", "", "bool", "The China Card is face up (playable)."),
    q(
        "headline_of",
        "side:side",
        "card?",
        "The card the side chose for this turn's headline (none outside it).",
    ),
    q(
        "random_card",
        "cards:list[card]",
        "card?",
        "A card picked at random from the list (none if empty); the trace tells the card and how many it "
        "was picked from.",
    ),
    q(
        "drawn_this_round",
        "side:side",
        "list[card]",
        "The cards the side drew from its deck/hand this action round (solo).",
    ),
    q(
        "ops_bonus_regions",
        "side:side card:card",
        "list[region]",
        "The regions where spending every operation of the card (commit_ops_to) would make it worth more "
        "(The China Card in Asia, Vietnam Revolts in Southeast Asia), the most valuable first, then the "
        "narrower; a subregion worth no more than its region is left out.",
    ),
    q(
        "ops_spent_only_in",
        "region:region",
        "bool",
        "Every operation of the card being played goes to the region (influence, coups and realignments).",
    ),
    q(
        "space_ops_needed",
        "side:side",
        "int",
        "Operations the side's next Space Race box needs (0 once the track is done).",
    ),
    # ---------------------------------------------------------------- look-ahead (simulated; nothing changes)
    q(
        "score_if_event",
        "side:side card:card region:region",
        "int",
        "VP the side would gain at the region's scoring after the card's event.",
    ),
    q(
        "score_if_ops",
        "side:side ops:int region:region",
        "int",
        "VP the side would gain at the region's scoring after spending the operations by its priorities.",
    ),
    q(
        "event_vp_gain",
        "side:side card:card",
        "int",
        "VP the side would gain with the card's event (negative: it would lose some).",
    ),
    q("event_wins_game", "side:side card:card", "bool", "The card's event would win the game for the side."),
    q(
        "event_influence_removed",
        "side:side card:card",
        "int",
        "Influence of the opponent the card's event would remove, played by the side.",
    ),
    q(
        "event_has_effect",
        "side:side card:card",
        "bool",
        "The card's event, played now by the side, would change something in the game besides the card's "
        "own place: influence, VP, DEFCON, a track, cards in hands or piles, the events in effect. In the "
        "headline the card is played as the side's headline (what its card does at the reveal counts). A "
        "prevented event has none; an event that rolls a die counts as having one.",
    ),
    q(
        "event_influence_gain",
        "side:side card:card",
        "int",
        "Influence the side would add with the card's event.",
    ),
    q(
        "event_control_gain",
        "side:side card:card",
        "int",
        "Countries the side would newly control after the card's event.",
    ),
    q("setting", "name:text", "any", "The value of a setting chosen before the game."),
    q(
        "playable_cards",
        "side:side",
        "list[card]",
        "The cards the side may play in its action round now: its hand and The China Card face up in its "
        "play area, less those a rule forbids; only the card it must play when one must be played.",
    ),
    q(
        "appendix_allows",
        "card:card moment:text ai:side",
        "bool",
        "The card's solo appendix entry names the moment (headline, non_scoring_round, scoring_round, "
        "action_round; a scoring round in the Primary region when the entry names a region) and its "
        "condition holds for the AI side (false when the card has no entry).",
    ),
    q("has_appendix_entry", "card:card", "bool", "The card has an entry in the solo card appendix."),
    q(
        "event_possible",
        "side:side card:card",
        "bool",
        "The card's event could be played by the side now: it has one, nothing prevents it, what it "
        "requires is in effect, and no rule forbids it.",
    ),
    q(
        "level_without_control",
        "side:side country:country region:region",
        "scoring_level",
        "The side's level in the region if it lost control of the country (by the ruleset's function "
        "scoring_level; its own level if it does not control it).",
    ),
    # ---------------------------------------------------------------- the state the ruleset declares
    q("zone", "z:zone", "list[card]", "The cards of a zone the ruleset declares (`zone NAME`), top first."),
    q(
        "track_min",
        "t:track",
        "int",
        "The lowest value of a track the ruleset declares (`track NAME from …`).",
    ),
    q("track_max", "t:track", "int", "The highest value of a track the ruleset declares (`track … to …`)."),
    q(
        "influence_cost",
        "side:side country:country",
        "int",
        "Operations one more influence point costs the side in the country now, modifiers included.",
    ),
    q(
        "may_target",
        "action:text side:side country:country",
        "bool",
        "No rule or effect in force forbids the side that action (influence, coup, realign) there now.",
    ),
    q(
        "coup_defcon_drop",
        "side:side country:country",
        "int",
        "How far DEFCON would drop if the side made a coup attempt in the country now.",
    ),
    q(
        "may",
        "action:text side:side card:card",
        "bool",
        "No rule or effect in force forbids the action with the card.",
    ),
    # ---------------------------------------------------------------- effects on the board
    fx("add_influence", "side:side country:country amount:int", "Add the side's influence to a country."),
    fx(
        "remove_influence",
        "side:side country:country amount:int",
        "Remove the side's influence from a country (never below 0).",
    ),
    fx("set_defcon", "level:int", "Set DEFCON (1-5)."),
    fx("change_defcon", "by:int", "Raise (positive) or lower (negative) DEFCON, within 1-5."),
    fx("gain_vp", "side:side amount:int", "The side gains victory points."),
    fx("add_milops", "side:side amount:int", "Advance the side's military operations marker."),
    fx(
        "war_target",
        "attacker:side target:country",
        "Record in the trace the country a war's attacker invades, for the player to follow (the play log "
        "says it before the war's roll); no effect on the game.",
    ),
    fx("reset_milops", "", "Both military operations markers go back to 0."),
    fx("region_scored", "region:region", "Announce that a region was scored (victory rules listen for it)."),
    fx(
        "score_told",
        "side:side region:region level:scoring_level level_vp:int battlegrounds:int adjacent:int vp:int",
        "Record in the trace how the side's score in a region is made up (its level and the level's VP, "
        "battlegrounds, countries adjacent to the enemy superpower, and the VP they make), for the player to "
        "follow; no effect on the game.",
    ),
    fx(
        "score_counted_told",
        "side:side region:region countries:list[country] vp:int",
        "Record in the trace how the side scores in a region that counts countries rather than levels "
        "(Southeast Asia): the countries that count and the VP they make, for the player to follow; no "
        "effect on the game.",
    ),
    fx("win", "side:side reason:text", "The game ends at once: the side wins for the given reason."),
    fx("end_in_draw", "reason:text", "The game ends at once in a draw."),
    fx("begin_final_scoring", "", "Final scoring starts: VP no longer win automatically (10.3.2)."),
    # ---------------------------------------------------------------- operations
    fx(
        "conduct_operations",
        "side:side ops:int",
        "The side conducts operations worth the given value (influence, realignment or coup).",
    ),
    fx("place_influence_with_ops", "side:side ops:int", "The side places influence with operations (6.1)."),
    fx(
        "place_influence_point",
        "side:side country:country",
        "One influence point placed with operations: it counts toward the round's placements there and "
        "`influence_placed` hooks run (the caller pays its cost).",
    ),
    fx(
        "set_variable",
        "name:text value:any?",
        "A variable the ruleset declares takes a new value (written `set NAME = …`; traced as `variable`).",
    ),
    fx(
        "move_to_zone",
        "card:card z:zone on_top:bool",
        "The card goes onto the top (true) or the bottom (false) of a zone the ruleset declares, from "
        "wherever it is (traced as `zone`).",
    ),
    fx("shuffle_zone", "z:zone", "Shuffle a zone the ruleset declares."),
    fx("coup", "side:side country:country ops:int", "A coup attempt with the given operations (6.3)."),
    fx(
        "free_coup",
        "side:side country:country ops:int",
        "A coup granted by an event: ignores DEFCON limits and adds no military operations (6.3.5).",
    ),
    fx("realign", "side:side country:country", "One realignment roll (6.2)."),
    fx(
        "operations_without_coup",
        "side:side ops:int",
        "The side uses operations to place influence or make realignment rolls, never a coup.",
    ),
    fx(
        "space_advance",
        "side:side boxes:int",
        "An event moves the side's Space Race marker on by that many boxes (VP only for the box reached).",
    ),
    fx("space_attempt", "side:side card:card", "A Space Race attempt with the card (6.4)."),
    fx(
        "take_action_round",
        "side:side",
        "The side plays one action round (chooses a card and how to play it).",
    ),
    fx(
        "begin_action_round",
        "side:side",
        "An action round of the side begins: it becomes the phasing player, adjacency for influence is "
        "fixed as of now, `action_round_start` hooks run.",
    ),
    fx(
        "end_action_round",
        "side:side",
        "The side's action round ends: `action_round_end` hooks run and round-long effects expire.",
    ),
    # ---------------------------------------------------------------- cards and decks
    fx("deal_up_to", "side:side size:int", "Deal cards from the draw pile until the hand holds that many."),
    fx("draw_to", "side:side count:int", "The side draws cards from the draw pile into its hand."),
    fx("add_period_to_deck", "period:period", "Shuffle a war period's cards into the draw pile (4.4)."),
    fx("shuffle_hand", "side:side", "Shuffle the side's hand (solo: its deck/hand)."),
    fx("arrange_hand", "side:side cards:list[card]", "Put the side's hand in the given order, top first."),
    fx("discard", "side:side card:card", "Move a card from the side's hand to the discard pile."),
    fx("remove_from_game", "card:card", "Remove a card from the game."),
    fx(
        "move_to_discard",
        "card:card",
        "Move a card to the discard pile from wherever it is (hand, draw pile); its event does not happen.",
    ),
    fx("shuffle_draw_pile", "", "Shuffle the draw pile."),
    fx("give_card", "card:card side:side", "Move a card into the side's hand from wherever it is."),
    fx(
        "play_event",
        "side:side card:card",
        "The event of the card happens for the side; the card is then discarded, removed (starred) "
        "or stays in effect (permanent).",
    ),
    fx(
        "play_card",
        "side:side card:card",
        "The side plays the card as an action of its own choosing: event, operations or a Space Race "
        "attempt.",
    ),
    fx(
        "play_card_for_ops",
        "side:side card:card",
        "The side uses the card's operations; an opponent event on it happens as 5.2 says.",
    ),
    fx("cancel_event", "card:card", "End the card's event that is in effect."),
    fx("cancel_headline", "side:side", "The side's headline event does not happen; its card is discarded."),
    fx("reveal_hand", "side:side to:side", "The side shows its hand to the other side."),
    fx(
        "note_drawn",
        "side:side cards:list[card]",
        "Solo: the cards the side drew from its deck/hand for this action round (drawn_this_round).",
    ),
    fx(
        "to_hand_bottom",
        "side:side card:card",
        "The card goes to the bottom of the side's hand (solo: under its deck/hand).",
    ),
    fx(
        "begin_play",
        "side:side card:card",
        "For a play a procedure carries out itself (the solo AI): the side takes the card to play it from "
        "wherever it is (its hand, The China Card from its play area). Say how with announce_play; finish "
        "with finish_play.",
    ),
    fx(
        "announce_play",
        "side:side card:card mode:text",
        "The side plays the card begun with begin_play as its event or on the Space Race, or spends its "
        "operations on influence, a coup or realignment: mode is event, influence, coup, realign or space, "
        "as in a player's own play (play_card), and the card_play_chosen hooks run.",
    ),
    fx(
        "commit_ops_to",
        "region:region",
        "For a play a procedure carries out itself (begin_play): every operation of the card goes to the "
        "region (or its subregions) until finish_play. Targets elsewhere are refused (may_target says no) "
        "and what pays for such a commitment counts (ops_spent_only_in: The China Card in Asia).",
    ),
    fx(
        "finish_play",
        "side:side card:card",
        "The card begun with begin_play goes to the discard unless its event moved it already (The "
        "China Card stays for the card_played hooks, which pass it on); the card_played hooks run; a "
        "commitment of its operations to one region (commit_ops_to) ends.",
    ),
    fx(
        "reveal_cards",
        "side:side cards:list[card]",
        "The side shows the given cards (some of its hand, or cards it drew) to the other side.",
    ),
    fx("pass_china_card", "to:side face_up:bool", "The China Card goes to the side, face up or face down."),
    fx("flip_china_card_face_up", "", "The China Card turns face up (4.5 G)."),
    fx(
        "move_china_card_to_hand",
        "side:side",
        "The China Card goes from the side's play area into its hand (solo: its deck/hand), at the bottom.",
    ),
    fx("apply_table", "table:table column:int", "Apply a setup table's column: place its influence."),
    fx("apply_table_for", "table:table column:int side:side", "Apply one side's rows of a table column."),
    fx("log", "message:text", "Write a line to the game trace."),
    fx(
        "ai_decision",
        "what:text card:card rule:text",
        "Record in the trace why the AI did something with a card (what: the step, e.g. headline or "
        "action; rule: the reason's key, explained in the locale files).",
    ),
    fx("begin_turn", "number:int", "The turn marker moves to the number; per-turn counters start again."),
    fx(
        "end_turn",
        "number:int",
        "The turn ends: `turn_end` hooks run and effects lasting until the end of the turn expire.",
    ),
    fx("set_action_round", "number:int", "The action round marker moves to the number."),
    fx("set_in_headline", "on:bool", "The headline phase begins (true) or ends (false)."),
    fx("headline_chosen", "side:side card:card", "The side's headline card leaves its hand, face down."),
    fx("reveal_headlines", "", "Both headline cards are revealed (rules listen to headline_revealed)."),
    fx(
        "resolve_headline",
        "side:side",
        "The side's headline event happens (unless cancelled); the side answers for DEFCON changes.",
    ),
)

# Triggers that `on` hooks may listen to, with the variables each binds.
TRIGGERS: dict[str, dict[str, str]] = {
    "turn_start": {"turn_number": "int"},
    "turn_end": {"turn_number": "int"},
    "action_round_start": {"actor": "side"},
    "action_round_end": {"actor": "side"},
    "headline_revealed": {"us_card": "card", "ussr_card": "card"},
    "card_play_chosen": {"actor": "side", "card": "card", "mode": "text"},
    "card_played": {"actor": "side", "card": "card"},
    "event_played": {"actor": "side", "card": "card"},
    "coup_attempt": {"actor": "side", "target": "country", "card": "card", "ops": "int", "free": "bool"},
    "coup_resolved": {"actor": "side", "target": "country", "card": "card", "ops": "int", "free": "bool"},
    "realignment": {"actor": "side", "target": "country"},
    "influence_placed": {"actor": "side", "target": "country"},
    "vp_changed": {},
    "defcon_changed": {"actor": "side"},
    "region_scored": {"region": "region"},
    "final_scoring": {},
}

# Player actions a `forbid` may refuse, with the variables each binds.
ACTIONS: dict[str, dict[str, str]] = {
    "play": {"actor": "side", "card": "card"},
    "event": {"actor": "side", "card": "card"},
    "headline": {"actor": "side", "card": "card"},
    "influence": {"actor": "side", "card": "card", "target": "country"},
    "coup": {"actor": "side", "card": "card", "target": "country"},
    "realign": {"actor": "side", "card": "card", "target": "country"},
    "space": {"actor": "side", "card": "card"},
    "hold": {"actor": "side", "card": "card"},
    "discard": {"actor": "side", "card": "card"},
    # Influence an event lets a side place where the side itself picks the country (a `choose` whose
    # body adds the chooser's influence); the solo game narrows where the human may put it.
    "event_influence": {"actor": "side", "card": "card", "target": "country"},
}

# Quantities a `modify` may change, with the variables each binds (`actor`: the side whose roll, card or
# count is modified). A quantity starts from the rules' base value; every `to` applies first (standing rules,
# then lasting effects, each in order: the last that holds sets the value), then every `by` is added.
MODIFIERS: dict[str, dict[str, str]] = {
    "ops": {"actor": "side", "card": "card"},
    "coup_roll": {"actor": "side", "target": "country"},
    "coup_defence": {"actor": "side", "target": "country"},
    "influence_cost": {"actor": "side", "target": "country"},
    "space_attempts_allowed": {"actor": "side"},
    "realign_roll": {"actor": "side", "target": "country"},
    "space_roll": {"actor": "side"},
    "defcon_drop_on_coup": {"actor": "side", "target": "country"},
    "scoring_battlegrounds": {"actor": "side", "region": "region"},
    "action_rounds": {"actor": "side"},
    # The lowest DEFCON the side answering for a change (the phasing player, or the headliner) may cause;
    # a change that would go below it is ignored. Base 1.
    "defcon_floor": {"actor": "side"},
}

# How long a lasting effect stays in force, with the arguments each takes.
EXPIRIES: dict[str, tuple[str, ...]] = {
    "end_of_turn": (),
    "end_of_action_round": (),
    "end_of_next_action_round": ("side",),
    "cancelled": (),
}

# Statuses a lasting effect may grant, with their argument types.
STATUSES: dict[str, tuple[str, ...]] = {
    "hand_revealed": ("side", "side"),
    "must_play_for_ops": ("side", "card"),
    "must_play": ("side", "card"),
}

# The moments of the solo card appendix; True: the moment may name a region ("scoring_round in europe").
MOMENTS: dict[str, bool] = {
    "headline": False,
    "non_scoring_round": False,
    "scoring_round": True,
    "action_round": False,
}
# The moments an entry's moment stands for besides itself: `action_round`, both kinds of round. (Which
# moment it is now, the ruleset says: APPENDIX_MOMENT.)
MOMENT_STANDS_FOR: dict[str, tuple[str, ...]] = {"action_round": ("scoring_round", "non_scoring_round")}

# Built-in enumerations; their values are names usable in expressions.
ENUMS: dict[str, tuple[str, ...]] = {
    "side": ("us", "ussr"),
    "card_side": ("us", "ussr", "neutral"),
    "period": ("early", "mid", "late"),
    "scoring_level": ("no_presence", "presence", "domination", "control"),
}

# Variables bound inside each kind of block.
CONTEXTS: dict[str, dict[str, str]] = {
    "event": {"player": "side", "card_player": "side", "this_card": "card"},
    "lasting": {"owner": "side", "this_card": "card"},
    "rule": {},
    "appendix": {"ai": "side", "human": "side", "region": "region", "this_card": "card"},
    "sequence": {},
    # A scenario moment (`moment NAME`): what the scenario runner knows when it runs a step: the AI's side
    # and yours (solo rulesets; the USSR and the US otherwise), the next action round, the turn marker.
    "moment": {"ai": "side", "human": "side", "round": "int", "turn_number": "int"},
}


def by_name() -> dict[str, Primitive]:
    return {p.name: p for p in PRIMITIVES}


# ---------------------------------------------------------------------------------------------------------
# What the runtime needs from a ruleset: the declarations it calls by name. Every rule name the runtime
# calls is declared here once, as a `Need`, and the code refers to it by the Need (`REGION_VP.name`), so a
# ruleset that renames or drops one is refused by `twilight check` (compiler/contract.py), never met at
# run time. The kinds are open: a new kind (a ruleset-declared variable, a zone) is one more entry of
# NEED_KINDS here and one more finder in the compiler's contract check.


@dataclass(frozen=True)
class Need:
    kind: str  # one of NEED_KINDS
    # The declaration's name, or a pattern with one <placeholder> that takes one of `values`
    # (ai_answer_<intent>): every declaration that fits the pattern must then have the types.
    name: str
    doc: str
    params: tuple[Param, ...] = ()  # a function, procedure or priority list: its parameters, in order
    # A function: the type of its value; a priority list: its target's type ("country|card": either, and
    # a parameter of type list[T] is then a list of the target's type); a setting: its type (bool, int,
    # enum: values of its own, side: us | ussr).
    returns: str | None = None
    columns: tuple[Param, ...] = ()  # a table: the columns the runtime reads by label, and their cells' type
    keys: tuple[str, ...] = ()  # a table: the kinds of its row keys
    optional: bool = False  # the runtime does without it; when declared, it must have these types
    least_params: int | None = None  # a priority list may leave out the parameters after the first so many
    values: tuple[str, ...] = ()  # a pattern: what its <placeholder> may be
    track: str | None = None  # a table read at each box of this track: a row per box (its keys)
    # What the declaration must say besides its name, because the runtime reads it: a track's `start`
    # (where its marker stands as the game starts), a card's `held_by` (who holds it then).
    declares: tuple[str, ...] = ()

    @property
    def pattern(self) -> bool:
        return "<" in self.name

    def prefix(self) -> str:
        return self.name.split("<", 1)[0]


NEED_KINDS: tuple[str, ...] = (
    *("function", "procedure", "table", "priority", "setting", "variable", "track"),
    # the map's sides, a card in a role (The China Card), a zone of cards, a `choose` or `decide` by its name
    *("side", "card", "zone", "decision"),
    # a role one of the sides declares (`side ussr … moves first`)
    "role",
)


def need(kind: str, name: str, doc: str, params: str = "", returns: str | None = None, **more: Any) -> Need:
    return Need(kind, name, doc, _p(params), returns, **more)


# The sides (`side us superpower … adjacent …`): the state keeps a hand, influence and tracks for each, the
# engine names whom each decision asks. Every name of a side in Python is one of these (runtime/sides.py).
US_SIDE = need("side", "us", "The United States: a side of the game (its hand, influence, tracks).")
USSR_SIDE = need("side", "ussr", "The Soviet Union: a side of the game (its hand, influence, tracks).")
THE_CHINA_CARD = need(
    "card",
    "the_china_card",
    "The China Card: the card that passes between the sides (never in the draw pile, never discarded); the "
    "state keeps its holder and whether it is face up. It says who holds it, face up, as the game starts "
    "(`held by SIDE`).",
    declares=("held_by",),
)
# Who moves first (`side ussr … moves first`): the phasing player as the game starts (the side that sets up
# first, 3.1), and the side answering for a change of DEFCON until a headline or an action round names
# another (4.5 C, 8.1.3).
FIRST_SIDE = need(
    "role",
    "moves_first",
    "The side that moves first: the phasing player as the game starts, and the side answering for a "
    "change of DEFCON until a headline or an action round names another (one side says `moves first`; the "
    "IR marks it `moves_first`).",
)
HEADLINE_CARD = need(
    "decision",
    "headline_card",
    "The `choose` of a side's headline card (`choose c in hand(s) … as headline_card`): a scenario's "
    "`headline` step answers it with the step's cards.",
)
ACTION_CARD = need(
    "decision",
    "action_card",
    "The card a side plays in its action round: the interpreter asks it by this name (take_action_round), "
    "and a solo ruleset asks its human the same (`choose … by human as action_card`), which a scenario's "
    "`play` step and the players answer alike.",
)
REGION_VP = need(
    "function",
    "region_vp",
    "The VP the side scores in the region if it were scored now (look-ahead and score swings compare them).",
    "side:side region:region",
    "int",
)
SCORING_LEVEL = need(
    "function",
    "scoring_level",
    "The side's level in the region now: no_presence, presence, domination or control.",
    "side:side region:region",
    "scoring_level",
)
AI_OPERATIONS = need(
    "procedure",
    "ai_operations",
    "How the AI spends operations: score_if_ops plays it on a copy of the game (a scoring round, no card "
    "played). The runtime passes the arguments by name.",
    "ai:side ops:int scoring:bool card:card? played:card?",
)
SPACE_RACE_TRACK = need(
    "track",
    "space",
    "Each side's Space Race box: the invariant checker keeps it within the bounds.",
    returns="side",
    optional=True,
)
SPACE_RACE = need(
    "table",
    "space_race",
    "The Space Race track, a row per box (keys: the box number): the operations a card needs, the highest "
    "roll that succeeds, the VP of the first and of the second side to reach it.",
    columns=_p("ops:int max_roll:int vp_first:int vp_second:int"),
    keys=("int",),
    track=SPACE_RACE_TRACK.name,
)
OPTIONAL_CARDS = need(
    "setting",
    "optional_cards",
    "Cards marked optional are in the game only when it is true (never, in a ruleset without it).",
    returns="bool",
    optional=True,
)
VICTORY_RATING = need(
    "function",
    "victory_rating",
    "The rating of the result at the game's end (shown and traced; none in a ruleset without it).",
    returns="text",
    optional=True,
)
AI_SIDE = need(
    "setting",
    "ai_side",
    "The side the ruleset's AI plays: a ruleset that declares it is played against its AI and needs "
    "everything listed for the AI.",
    returns="side",
    optional=True,
)
LEVEL = need("setting", "level", "The AI's skill level, asked before a game against the AI.", returns="enum")
POSITION_VALUE = need(
    "function",
    "ai_position_value",
    "How good a position is for the AI: each option of a `decide` the AI answers is played on a copy of "
    "the game and the highest rated is taken.",
    "ai:side",
    "int",
)
AI_ANSWER_CARD = need(
    "priority",
    "ai_answer_card",
    "The AI's answer to a `choose` among cards that no list of its intent answers (optionally given the "
    "cards still offered).",
    "ai:side offered:list[card]",
    "card",
    least_params=1,
)
AI_ANSWER_COUNTRY = need(
    "priority",
    "ai_answer_country",
    "The AI's answer to a `choose` among countries that no list of its intent answers (a choice no list "
    "answers takes the first options offered).",
    "ai:side offered:list[country]",
    "country",
    optional=True,
    least_params=1,
)
# What a `choose` does with its pick, as runtime/backend/program.py's choice_intent reads it from its body.
CHOICE_INTENTS: tuple[str, ...] = (
    "place",
    "place_opponent",
    "remove",
    "remove_own",
    "coup",
    "realign",
    "discard",
    "play_event",
    "give_card",
    "other",
)
AI_ANSWER_INTENT = need(
    "priority",
    "ai_answer_<intent>",
    "The AI's answer to a `choose` whose body does that with the pick (runtime/program.py, choice_intent), "
    "tried before the list of the pick's kind.",
    "ai:side offered:list[T]",
    "country|card",
    optional=True,
    least_params=1,
    values=(*CHOICE_INTENTS, "card", "country"),
)

# The ruleset's own state the runtime reads by name (`variable`, `track` declarations). A variable's type
# is `returns`; a track's is "side" when it is kept per side, else "int".
PRIMARY_REGION = need(
    "variable",
    "primary_region",
    "The region the AI acts in this round: the card appendix's `region` and the AI's scoring look-ahead "
    "read it; a scenario's `state.primary_region` lays its scoring card out.",
    returns="region",
)
SECONDARY_REGION = need(
    "variable",
    "secondary_region",
    "The region next to the Primary this round, which becomes the Primary next round: the greedy and "
    "search players weigh influence there; a scenario's `state.secondary_region` lays its scoring card "
    "out.",
    returns="region",
)
APPENDIX_MOMENT = need(
    "function",
    "appendix_moment",
    "The card appendix's moment now (headline, scoring_round or non_scoring_round): the AI's event is "
    "played as its appendix entry's line for that moment says.",
    returns="text",
)
SCORING_ROUND = need(
    "variable",
    "scoring_round",
    "Whether this action round scores: the search's playouts weigh the Primary and Secondary regions "
    "by it (and solo-v2's `appendix_moment` tells a scoring round by it).",
    returns="bool",
)
DEFCON_TRACK = need(
    "track",
    "defcon",
    "The DEFCON track: a change of DEFCON stays within its bounds; DEFCON stands at its `start` as the game "
    "starts.",
    returns="int",
    declares=("start",),
)
MILITARY_OPERATIONS_TRACK = need(
    "track",
    "military_operations",
    "Each side's military operations: added operations stop at its upper bound.",
    returns="side",
    optional=True,
)
TURN_TRACK = need(
    "track",
    "turn",
    "The turn track: the invariant checker keeps the turn within the bounds; the screens show the last turn.",
    returns="int",
    optional=True,
)
VP_TRACK = need(
    "track",
    "vp",
    "The VP track: a scenario's `state.vp` lies on it.",
    returns="int",
    optional=True,
)

# The solo scoring deck (a scenario lays it out: `state.primary_region`, `scoring_deck`, `scoring_discard`).
SCORING_CARD_OF = need(
    "function",
    "scoring_card_of",
    "The scoring card of a region (none for a region without one): a scenario's `state.primary_region`, "
    "`secondary_region`, `scoring_deck` and `scoring_discard` name regions, laid out as their cards.",
    "region:region",
    "card?",
)
SCORING_DECK = need(
    "zone", "scoring_deck", "The scoring deck, top first: a scenario's `state.scoring_deck` goes on top."
)
SCORING_DISCARD = need(
    "zone",
    "scoring_discard",
    "The scoring cards set aside, newest first: a scenario's `state.scoring_discard` goes on top.",
)
SCORING_REVEALED = need(
    "zone",
    "scoring_revealed",
    "The scoring cards of the Primary and the Secondary region, face up beside the scoring deck (where a "
    "scenario's `state.primary_region` and `secondary_region` lay theirs).",
)

# The needs of each primitive: a ruleset that calls it (in any expression or statement) must declare them.
# A primitive also needs what the primitives it runs need (take_action_round plays a card, which may go to
# the Space Race).
PRIMITIVE_NEEDS: dict[str, tuple[Need, ...]] = {
    "level_if_controlled": (SCORING_LEVEL,),
    "level_without_control": (SCORING_LEVEL,),
    "score_swing_if_controlled": (REGION_VP,),
    "score_swing_if_broken": (REGION_VP,),
    "score_if_event": (REGION_VP,),
    "score_if_ops": (REGION_VP, AI_OPERATIONS),
    "space_ops_needed": (SPACE_RACE,),
    "space_attempt": (SPACE_RACE,),
    "space_advance": (SPACE_RACE,),
    "play_card": (SPACE_RACE,),
    "take_action_round": (SPACE_RACE,),
}

# The needs of the engine, of the scenario runner and of the solo AI, by when they apply: "always" (every
# ruleset: the sides, The China Card, the headline decision; the rest optional, typed when declared) and
# "solo" (a ruleset that declares SOLO_SETTING).
ENGINE_NEEDS: dict[str, tuple[Need, ...]] = {
    "always": (
        *(US_SIDE, USSR_SIDE, FIRST_SIDE, THE_CHINA_CARD, HEADLINE_CARD),
        *(VICTORY_RATING, OPTIONAL_CARDS, AI_SIDE),
        *(DEFCON_TRACK, MILITARY_OPERATIONS_TRACK, SPACE_RACE_TRACK, TURN_TRACK, VP_TRACK),
    ),
    "solo": (
        ACTION_CARD,
        *(LEVEL, POSITION_VALUE, AI_ANSWER_CARD, AI_ANSWER_COUNTRY, AI_ANSWER_INTENT),
        *(PRIMARY_REGION, SECONDARY_REGION, SCORING_ROUND, APPENDIX_MOMENT),
        *(SCORING_CARD_OF, SCORING_DECK, SCORING_DISCARD, SCORING_REVEALED),
    ),
}
assert ENUMS["side"] == (US_SIDE.name, USSR_SIDE.name), "the side enumeration is the contract's sides"
SOLO_SETTING = AI_SIDE
NEEDS_WHEN: dict[str, str] = {
    "always": "every ruleset",
    "solo": f"a ruleset played against its AI (it declares the setting `{SOLO_SETTING.name}`)",
}


def all_needs() -> dict[str, Need]:
    """Every need by name, each once."""
    out: dict[str, Need] = {}
    for needs in (*PRIMITIVE_NEEDS.values(), *ENGINE_NEEDS.values()):
        for item in needs:
            out[item.name] = item
    return out


# The questions the interpreter asks itself (engine.ask_one), by name, with the words it offers as answers
# besides the cards, countries, modes and `all_in_<region>` answers (cli/i18n/check.py asks words of each).
QUESTIONS: dict[str, tuple[str, ...]] = {
    ACTION_CARD.name: (),  # (the contract's decision: one name, asked here or by a solo ruleset's rules)
    "play_mode": (),
    "event_first": ("event", "ops"),
    "operations": (),
    "ops_in_one_region": ("no",),
    "coup_target": (),
    "realign_target": (),
    "influence_target": (),
}
# The answer words of a question the rules allow (`allow NAME …`: may the side use it now?).
ALLOWED_WORDS = ("yes", "no")
