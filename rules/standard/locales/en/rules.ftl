# Twilight Struggle, standard ruleset: names of the ruleset's procedures and functions (English).
#
# For translators: `procedure-<id>` and `function-<id>` name the procedures and functions declared in
# rules/standard/*.tsr, as card outlines show them (`twilight explain card 1`).

procedure-score_region = score the region
procedure-score_southeast_asia = score Southeast Asia
procedure-standard_setup = standard setup
procedure-headline_phase = headline phase
procedure-check_military_operations = check military operations
procedure-final_scoring = final scoring
procedure-war = war
function-controlled_count = countries controlled
function-battlegrounds_controlled = battlegrounds controlled
function-scoring_level = scoring level
function-region_vp = region VP
function-current_period = current period
function-war_hindrance = war hindrance
function-holds_space_station = holds the Space Station
procedure-discard_held_cards = discarding held cards
function-nato_protects = shielded by NATO
function-lowered_by_red_scare = cards lowered by { card-red_scare_purge }
function-card_drawn_from_hand = a card taken from the hand
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
