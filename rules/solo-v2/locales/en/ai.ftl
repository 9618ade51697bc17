# The solo AI in words, for `twilight explain trace` (cli/explain_trace.py): why the AI made a move.
# For translators: `ai-priority-<list>` names a priority list of rules/solo-v2/ai/*.tsr, `ai-option-<name>`
# says what an option of a list looks for (option names are shared between lists, so say it so that it
# fits each list using the name), `ai-rule-<key>` says what the AI did with a card (the rule keys of the
# rule files' ai_decision calls), `order-<id>` names an order that breaks ties, `function-<id>` a function
# a tie-break key calls. `ai-explain-*` are the words of the command itself.
# tests/test_locales.py fails when a list, an option or a rule key of the rules has no message here.

## The rules that decide what the AI does with a card

ai-rule-headline_top_card = it headlines the top card of its deck/hand, which it may headline
ai-rule-headline_turned_over = it turned over cards until one it may headline, and headlines that one
ai-rule-headline_box4_fewest_ops = with its box-4 ability no card reaches your card's ops, so it headlines the valid card with the fewest ops
ai-rule-headline_fewest_ops = no card would do, so it headlines its card with the fewest ops
ai-rule-china_card_influence = The China Card: the AI uses it for influence only
ai-rule-human_event_to_space = your event, outside a scoring round: the AI sends it to the Space Race
ai-rule-human_event_then_ops = your event: it happens for you first, then the AI spends the ops
ai-rule-own_card_for_ops = its own or a neutral card: the AI spends the ops
ai-rule-nothing_legal_to_space = nothing to do with the ops in its regions, outside a scoring round: the AI attempts the Space Race with the card
ai-rule-appendix_event = its own or a neutral card whose appendix entry allows this moment, and its condition holds: the AI plays the event
ai-rule-appendix_says_ops = its own or a neutral card whose appendix entry does not allow the event now: the AI spends the ops
ai-rule-crisis_ended_at_once = you play Cuban Missile Crisis against the AI and it has 2 influence in Turkey: it gives them up at once, and the crisis is over for it
ai-rule-crisis_way_out = your Cuban Missile Crisis stands and a coup of the AI's choosing begins: it gives up 2 of its influence where that changes no control, which ends the crisis, and makes the coup
ai-rule-defcon_left_as_is = { card-how_i_learned_to_stop_worrying } asks it for a DEFCON level: it leaves DEFCON where it is (it never risks DEFCON 1 and gains nothing by moving it) and takes the 5 military operations
ai-rule-junta_nothing_to_attack = { card-junta }: none of your influence in Central or South America to attack, so the AI makes neither its free coup nor its realignment

## Priority lists

ai-priority-ai_influence_placement = AI Influence Placement Priority
ai-priority-ai_coup_target = AI coup priority
ai-priority-ai_realign_target = AI realignment priority
ai-priority-ai_scoring_coup_target = coup of a scoring round (P3.4)
ai-priority-ai_anywhere = influence anywhere legal (P3.5)
ai-priority-ai_answer_place = where the AI places its own influence for an event
ai-priority-ai_answer_remove = where the AI removes your influence for an event
ai-priority-ai_answer_remove_own = where the AI gives up its own influence for an event
ai-priority-ai_answer_place_opponent = where the AI places your influence for an event
ai-priority-ai_answer_coup = where the AI makes a coup an event grants
ai-priority-ai_answer_realign = where the AI makes a realignment an event grants
ai-priority-ai_answer_discard = which card the AI discards
ai-priority-ai_answer_play_event = which card's event the AI plays
ai-priority-ai_answer_card = which card the AI picks
ai-priority-blockade_solo_ai_card = which card the AI gives up to lift your Blockade
ai-priority-debt_crisis_solo_ai_card = which card the AI gives up to escape your Latin American Debt Crisis
ai-priority-quagmire_solo_ai_card = which card the AI gives up while your Quagmire holds it
ai-priority-bear_trap_solo_ai_card = which card the AI gives up while your Bear Trap holds it
ai-priority-un_intervention_solo_ai_card = which card's operations the AI uses with UN Intervention
ai-priority-missile_envy_solo_ai_card = which card your Missile Envy takes from the AI
ai-priority-decolonization_solo_country = where the AI puts a point of Decolonization
ai-priority-de_stalinization_solo_first_key = which listed Key country the AI takes first with De-Stalinization
ai-priority-de_stalinization_solo_second_key = which listed Key country the AI takes with it
ai-priority-de_stalinization_solo_non_key = which non-Key country the AI takes with De-Stalinization
ai-priority-de_stalinization_solo_spread_key = which listed Key country gets a point when De-Stalinization takes no control
ai-priority-de_stalinization_solo_source = where the AI takes a point of De-Stalinization from
ai-priority-brush_war_solo_target = where the AI's Brush War strikes
ai-priority-brush_war_solo_forced_target = where the AI's Brush War strikes when its entry finds no target and the event must still happen
ai-priority-iran_iraq_war_solo_target = where the AI's Iran-Iraq War strikes
ai-priority-cuban_missile_crisis_way_out = where the AI gives up 2 influence to end your Cuban Missile Crisis, if that changes no control there

## Options of the lists

ai-option-non_key_control_for_level = a non-Key country to minimal control, when that gives the AI Domination or Control
ai-option-key_control_or_break = a Key country to minimal control, or to break your control
ai-option-key_control_plus_one = one point more in a Key country the AI holds at minimal control
ai-option-non_key_by_superpower = a non-Key country next to a superpower, to minimal control
ai-option-non_key_control = a non-Key country to minimal control, until the AI leads the region by enough
ai-option-key_next_to_region = a Key country just outside the region, reached from AI influence
ai-option-key_spread = one point in each Key country where the AI has influence
ai-option-key_new = a Key country in or next to the region where the AI has no influence yet
ai-option-non_key_spread = one point in each non-Key country where the AI has influence
ai-option-non_key_any = any non-Key country
ai-option-key_any = a Key country, when no other country is open
ai-option-key_country = a Key country
ai-option-non_key_country = a non-Key country
ai-option-level_changes = a Key country whose coup can change a scoring level
ai-option-headline_europe = in Europe, during the headline
ai-option-primary_region = in the Primary region
ai-option-secondary_region = in the Secondary region
ai-option-the_cards_region = by its placement priority, in the region of the country the event offers
ai-option-outside_primary = outside the Primary region
ai-option-anywhere = anywhere
ai-option-primary_key_within_five = a Key country of the Primary region whose stability plus your influence is 5 or less
ai-option-key_within_five = a Key country whose stability plus your influence is 5 or less
ai-option-any_within_five = any country whose stability plus your influence is 5 or less
ai-option-primary_key = a Key country of the Primary region
ai-option-key = a Key country
ai-option-any = any country
ai-option-your_event = your event
ai-option-own_event = its own event
ai-option-neutral_event = a neutral event
ai-option-own_card = its own or a neutral card
ai-option-any_card = any card
ai-option-worth_3_ops = a card worth 3 or more ops, the nearest the top of its deck/hand
ai-option-worth_2_ops = a card worth 2 or more ops (no scoring card), the nearest the top of its deck/hand
ai-option-strongest_card = its card with the most printed ops (never The China Card)
ai-option-key_apart = a Key country where one point takes control, next to no Key country it picked for this card
ai-option-non_key_toward_key = a non-Key country where one point takes control, next to a Key country the AI does not control
ai-option-key_pair = a listed Key country that makes a pair it can pay with a later one of another region
ai-option-key_and_two_non_key = a listed Key country it can pay together with the two cheapest non-Key countries
ai-option-spare_influence = a country where the AI has influence beyond what keeps its control
ai-option-roll_unhindered = a country with no country you control, nor your superpower, next to it: the roll is not hindered
ai-option-roll_at_minus_one = a country where one country you control (or your superpower) next to it puts the roll at -1
ai-option-your_influence_to_take = a country with influence of yours that a won war hands to the AI
ai-option-any_country = any country the choice allows
ai-option-iraq_or_iran = Iraq or Iran
ai-option-way_out_that_pays = a country where the AI has 2 influence and losing them changes no control

## Orders and functions that tie-break keys use

order-region_country_priority = Region/Country Priority Table
function-realign_bonus = realignment modifiers
function-borders_ai_influence = borders a country with AI influence
function-score_swing_reached = VP the AI gains by the control or break it reaches
function-points_to_what_is_reached = points to the control or break the AI reaches there
function-home_region = the region the country is judged in (its own, for an event's points outside the Primary and Secondary regions)
function-decolonization_solo_room = neighbours the AI does not control
function-decolonization_solo_key_room = Key neighbours the AI does not control
function-de_stalinization_solo_spare = the AI's influence there beyond what keeps its control
function-de_stalinization_solo_keys = De-Stalinization's Key countries you do not control, in the card's order
function-brush_war_solo_group = the entry's group (1 the Primary region, 2 a Key country of the Secondary, 3 a Key country of Europe, 4 another country of Europe)
function-cuban_missile_crisis_exits = the countries of the card's way out for the AI's side (Cuba; or Turkey, then West Germany)

## The command's words

ai-explain-move-headline = AI move { $number } · { $when } · its headline (trace events { $first }–{ $last })
ai-explain-move-action = AI move { $number } · { $when } · its action round (trace events { $first }–{ $last })
ai-explain-move-answer = AI move { $number } · { $when } · it answers an event's choice (trace events { $first }–{ $last })
ai-explain-when-headline = turn { $turn }, headline
ai-explain-when-round = turn { $turn }, action round { $round }
ai-explain-when-setup = turn { $turn }, before the action rounds
ai-explain-card = Card: { $card }
ai-explain-event-card = Event: { $card }
ai-explain-rule = Why: { $rule }
ai-explain-move-choices = { $count ->
    [one] Its choice:
   *[other] Its { $count } choices:
}
ai-explain-choice = { $list }
ai-explain-choice-nothing = { $list }: no option offered anything, so the AI went on to its next step
ai-explain-option = option { $number }, { $text }
ai-explain-target = → { $target }, of { $count ->
    [one] { $count } candidate
   *[other] { $count } candidates
}
ai-explain-only-candidate = the only candidate: no tie to break
ai-explain-by-prefer = tie broken by the option's key { $number } of { $count } ({ $var }: each candidate): { $key } ({ $direction })
ai-explain-by-then = tie broken by the list's final key { $number } of { $count } ({ $var }: each candidate): { $key } ({ $direction })
ai-explain-by-table = tie broken by the { $table } ({ $mark }): { $desc ->
        [yes] of the tied candidates, the one listed last in it won
       *[no] of the tied candidates, the one listed first in it won
    }
ai-explain-by-domain-order = still tied after every key: the first in the map's order decided
ai-explain-by-unknown = tie broken by { $key }, a key this ruleset's lists do not have
ai-explain-order-number = { $desc ->
    [yes] highest first
   *[no] lowest first
}
ai-explain-order-bool = { $desc ->
    [yes] yes first
   *[no] no first
}
ai-explain-source = source: { $sources }
ai-explain-state = as the move began: { $state }
ai-explain-provisional = provisional: { $codes }
ai-explain-answer = answers the choice “{ $decision }” with the list: { $list }
ai-explain-answer-default = answers the choice “{ $decision }” by default (no list applies)
ai-explain-unknown-list = (this list is not in { $ruleset })
ai-explain-unknown-option = (this option is not in { $ruleset })
ai-explain-no-moves = { $file }: the trace holds no AI move (ai_decision, ai_choice or ai_answer); is it a solo game?
ai-explain-no-move = no AI move holds trace event { $n }; the AI moves span the events { $spans }
ai-explain-no-move-number = no AI move { $n }: the trace holds moves 1 to { $count }
ai-explain-decision-of-card = the event of { $card }
function-ai_position_value = the AI's standing after each answer (the answer that leaves it best placed)
outline-var-ops_left = operations left
outline-var-by_event = by an event
function-cuban_missile_crisis_at_once = where the AI gives up 2 influence as soon as you play Cuban Missile Crisis: Turkey, if it has 2 there

## The solo game's steps and calculations, as the rules' outlines name them (`twilight docs`, `explain`)
function-points_allowed_this_round = influence points the AI may still place there this action round
function-ops_cost_to_control = operations the AI needs there for control
function-reaches_control = the AI reaches control there this action round
function-reaches_break = the AI breaks your control there this action round
function-ai_coup_loses_game = a coup that would lose the AI the game
function-ai_realign_allowed = the AI's realignment rules let it roll there
function-ai_influence_in_europe = the AI's influence goes to Europe (headline)
function-ai_influence_offered = countries the AI may place influence in
function-lies_within = lies within the region
function-indo_pakistani_war_solo_target = the country the AI attacks with { card-indo_pakistani_war }
function-suez_crisis_solo_removable = how much of your influence { card-suez_crisis } can remove
function-de_stalinization_solo_budget = how many points the AI moves with { card-de_stalinization }
function-brush_war_solo_may_hit = a country { card-brush_war } may hit for the AI
function-cuban_missile_crisis_binds = your { card-cuban_missile_crisis } holds the AI
function-cuban_missile_crisis_way_out_pays = the way out of the crisis pays the AI there
function-cuban_missile_crisis_has_way_out = the AI has a way out of the crisis that pays
function-control_unchanged_without = control stays as it is without that influence
function-salt_solo_cards = cards the AI may take with { card-salt_negotiations }
function-star_wars_solo_cards = cards the AI may take with { card-star_wars }
function-cards_ai_finds_in_discard = cards the AI finds in the discard pile (or, failing that, the draw pile)
function-box4_wants_human_event = with box 4 of the Space Race the AI looks for your event
function-ai_may_headline = a card the AI may play in the headline
procedure-ai_spend_influence = the AI places influence point by point
procedure-ai_realign = the AI's realignment rolls
procedure-ai_operations = the AI spends operations
procedure-ai_operations_without_coup = the AI spends operations, with no coup
procedure-ai_spend_operations = the AI spends operations, its coups allowed or not
procedure-ai_announce_play = the AI says how it plays the card
procedure-ai_influence_only = the AI spends operations on influence only
procedure-ai_fallback_influence = the AI places influence wherever the rules let it
procedure-ai_action_round = the AI's action round
procedure-ai_ops_region_commitment = the AI commits all operations to one region for its bonus
procedure-ai_play_card = the AI plays the card it turned over
procedure-suez_crisis_solo_removal = the AI removes your influence with { card-suez_crisis }
procedure-ai_grain_sales = the AI plays { card-grain_sales_to_soviets }
procedure-ai_star_wars = the AI plays { card-star_wars }
procedure-turn_over_draw_pile_for = the AI turns over the draw pile for the card it looks for
procedure-ai_headline = the AI's headline card
