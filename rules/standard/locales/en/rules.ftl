# Twilight Struggle, standard ruleset: names of the ruleset's procedures and functions (English).
#
# For translators: `procedure-<id>` and `function-<id>` name the procedures and functions declared in
# rules/standard/*.tsr, as card outlines show them (`twilight explain card 1`).

procedure-score_region = score the region
procedure-score_southeast_asia = score Southeast Asia
procedure-standard_setup = standard setup
procedure-headline_phase = headline phase
procedure-action_round_of = a side's action round (or its pass, holding only { card-the_china_card })
procedure-check_military_operations = check military operations
procedure-final_scoring = final scoring
procedure-war = war
function-controlled_count = countries controlled
function-battlegrounds_controlled = battlegrounds controlled
function-scoring_level = scoring level
function-region_vp = region VP
function-current_period = current period
function-sees_headline_first = has the ability of box 4 of the Space Race
function-sides_that_may_discard_held_cards = the sides that may discard their held cards (Space Race box 6)
function-war_hindrance = war hindrance
function-holds_space_station = holds the Space Station
procedure-discard_held_cards = discarding held cards
function-nato_protects = shielded by NATO
function-lowered_by_red_scare = cards lowered by { card-red_scare_purge }
function-card_drawn_from_hand = a card taken from the hand
function-cuban_missile_crisis_way_out_open = the way out of { card-cuban_missile_crisis } is open to
function-cuban_missile_crisis_way_out_places = the countries the way out of { card-cuban_missile_crisis } takes 2 influence from, for
procedure-end_cuban_missile_crisis = end { card-cuban_missile_crisis } by its way out
function-region_named_on = the region the card scores
function-scoring_battleground = counts as a battleground when scored
function-level_vp = VP of the level reached in the region
function-adjacent_controlled = controlled countries next to the enemy superpower
function-southeast_asia_vp = Southeast Asia VP
function-headline_value = value of the headline card
function-headline_order = the order the headline cards take effect in
procedure-improve_defcon = DEFCON improves by one level
procedure-add_war_cards = the Mid War or Late War cards join the draw pile
procedure-fixed_setup_influence = the influence printed on the map
procedure-resolve_headlines = the headline cards are revealed and take effect

# `rule-<id>` names a standing rule (`forbid` / `modify` / `on`) of rules/standard/*.tsr, as the headings of
# `twilight docs` (its standing rules page) and the list of `twilight rulesets --changes` show it.
rule-action_rounds_per_turn = Action rounds per turn
rule-battleground_coups_lower_defcon = A coup in a battleground lowers DEFCON
rule-cambridge_five_not_in_late_war = The Cambridge Five is not played in the Late War
rule-china_card_asia_bonus = The China Card's bonus in Asia
rule-china_card_no_headline = The China Card is never a headline card
rule-china_card_not_discarded = The China Card is never discarded
rule-china_card_passes = The China Card passes to the opponent
rule-coup_military_operations = A coup counts as military operations
rule-coup_needs_opponent_influence = A coup needs the opponent's influence
rule-coup_strength = A coup must beat twice the stability
rule-defcon_regions = DEFCON closes regions to coups and realignments
rule-defectors_cancels_ussr_headline = Defectors cancels the USSR headline
rule-europe_control = Control of Europe wins the game
rule-influence_cost = Influence costs 2 where the opponent has control
rule-influence_placement = Where influence may be placed
rule-nuclear_war = Nuclear war
rule-realignment_modifiers = What changes a realignment roll
rule-realignment_needs_opponent_influence = A realignment needs the opponent's influence
rule-scoring_cards_not_held = Scoring cards are not held at the end of a turn
rule-space_race_abilities = What a lead in the Space Race gives
rule-space_race_limits = What limits Space Race attempts
rule-twenty_vp = 20 VP win the game
rule-un_intervention_needs_partner = UN Intervention needs an opponent's card
rule-un_intervention_not_in_headline = UN Intervention is never a headline card
