# Twilight Struggle, solo ruleset: the names the solo game's own rules give (English), for the outlines of
# `twilight explain card --ruleset solo-v2` and `twilight docs solo-v2`; the other outline words are the
# standard ruleset's (rules/standard/locales/en/outline.ftl).
#
# For translators: outline-local-<name> words a local value, loop variable or parameter of a rule file
# (optional: a name with no message is shown as the rule file writes it; one-letter names stay as they
# are); outline-lasting-<id> names a lasting effect not named after its card.

## The rules' own names: local values, loop variables and parameters

outline-local-again = the second coup's target
outline-local-at_least = the fewest ops
outline-local-at_once = the country given up at once
outline-local-bonus = the bonus
outline-local-budget = the points to move
outline-local-card_one = the first card
outline-local-card_two = the second card
outline-local-cards = the cards
outline-local-chosen = the headline card
outline-local-closed = the closed region
outline-local-counted = the scorings so far
outline-local-coup_target = the coup target
outline-local-coups = coups allowed
outline-local-done = done
outline-local-due = scoring is due
outline-local-first = the first choice
outline-local-first_key = the first Key country
outline-local-found = the cards found
outline-local-given = the cards given
outline-local-grain_sales = the Grain Sales card
outline-local-in_europe = Europe first
outline-local-in_secondary = in the Secondary region
outline-local-keep = the number to keep
outline-local-keeping = the number kept
outline-local-kept = the cards kept
outline-local-keys = the Key countries
outline-local-left = the points left
outline-local-needed = the influence needed
outline-local-next = the next pick
outline-local-none_counted = nothing scored yet
outline-local-offered = what is offered
outline-local-old = the old scoring card
outline-local-on = the mark is set
outline-local-other = the other card
outline-local-partner = the card paired with it
outline-local-picked = the countries picked
outline-local-place_in = the region to place in
outline-local-plain = the plain countries
outline-local-plan = the plan
outline-local-playable = the playable cards
outline-local-played = the card played
outline-local-primary = the primary scoring card
outline-local-realign_target = the realignment target
outline-local-rest = the other cards drawn
outline-local-reveal = the number to show
outline-local-rolls = the number of rolls
outline-local-salt = the SALT Negotiations card
outline-local-scored = the region's scoring card
outline-local-scoring_coup = the scoring coup's target
outline-local-second = the second choice
outline-local-second_key = the second Key country
outline-local-secondary = the secondary scoring card
outline-local-shown = the cards shown
outline-local-sought = the card sought
outline-local-source = the source country
outline-local-spent = the card given up
outline-local-spread = spreading out
outline-local-turned = the cards turned over
outline-local-wanted = the cards wanted
outline-local-way_out = the way out
outline-local-wider = the wider region

## Lasting effects not named after their card

outline-lasting-bear_trap_ai_trapped = Bear Trap: the AI trapped
outline-lasting-bear_trap_ai_trapped_round = Bear Trap: the AI's round
outline-lasting-bear_trap_you_trapped = Bear Trap: you trapped
outline-lasting-bear_trap_you_trapped_round = Bear Trap: your round
outline-lasting-blockade_second_card = Blockade: the second card
outline-lasting-debt_crisis_second_card = Latin American Debt Crisis: the second card
outline-lasting-missile_envy_solo_ai_obligation = Missile Envy: the AI must play the card
outline-lasting-missile_envy_solo_obligation = Missile Envy: you must play the card
outline-lasting-north_sea_oil_opec_shut_out = North Sea Oil: no OPEC
outline-lasting-nuclear_subs_solo = Nuclear Subs: the doubled coup
outline-lasting-nuclear_subs_solo_defcon = Nuclear Subs: DEFCON spared
outline-lasting-nuclear_subs_solo_repeat = Nuclear Subs: the second coup
outline-lasting-quagmire_ai_trapped = Quagmire: the AI trapped
outline-lasting-quagmire_ai_trapped_round = Quagmire: the AI's round
outline-lasting-quagmire_you_trapped = Quagmire: you trapped
outline-lasting-quagmire_you_trapped_round = Quagmire: your round
