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
