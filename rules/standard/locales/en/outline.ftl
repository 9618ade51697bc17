# Twilight Struggle, standard ruleset: the words of `twilight explain` (English).
#
# For translators: these messages turn a card's compiled event (the IR) into readable lines. Names of
# cards, countries, regions and sides come from cards.ftl and map.ftl. Variables:
#   $a0, $a1, $a2 ...    the arguments of an effect or query, already in words;
#   $a0gen, $a0acc ...   the same in the genitive / accusative, where the language declines;
#   $cond, $var, $source, $count, $name, $side, $value, $what, $trigger, $until ...  as named.
# A message may have `.gen` / `.acc` attributes (its genitive / accusative forms), used where another
# message asks for `$a0gen` / `$a0acc`. English needs none. Every `outline-*` id here is used by cli/outline.py (families:
# outline-fx-<effect>, outline-q-<query>, outline-on-<trigger>, outline-forbid-<action>,
# outline-modify-<modifier>, outline-until-<expiry>, outline-status-<status>, outline-enum-<value>,
# outline-var-<variable>); a missing one falls back to English, then to a generic form. The rules' own
# names are optional: outline-local-<name> words a local value, loop variable or parameter (shown as the
# rule file writes it when not worded; `$var` of outline-choose is one, `$kind` is `named` when it has
# words), outline-lasting-<id> a lasting effect not named after its card.

## Labels of `twilight explain card`

explain-number = Card
explain-name = Name
explain-ops = Ops
explain-side = Side
explain-period = Period
explain-flags = Marks
explain-flag-starred = starred (removed after its event)
explain-flag-permanent = permanent (stays in effect)
explain-flag-scoring = scoring card
explain-flag-optional = optional card
explain-flag-none = none
explain-summary = Summary
explain-enables = Enables
explain-prevents = Prevents
explain-requires = Requires one of
explain-prevented-by = Prevented by
explain-source = Source
explain-event = Event
explain-side-neutral = neutral (either player)
explain-unknown-card = no card { $card } in ruleset { $ruleset }
explain-ambiguous-card = { $card } could be several cards: { $matches }
explain-unknown-language = unknown language { $lang }; known: { $known }

## Labels of `twilight explain state`

explain-provisional = Provisional
explain-state-ruleset = State the ruleset { $ruleset } declares, as a game starts
explain-state-game = State of the game in { $file } ({ $ruleset }): turn { $turn }, action round { $round }
explain-state-game-over = State of the game in { $file } ({ $ruleset }): the game is over
explain-state-variables = Variables
explain-state-zones = Zones
explain-state-tracks = Tracks
explain-state-nothing = none declared
explain-state-start = starts: { $value }
explain-state-now = now: { $value }
explain-state-face-down = face down (the players see only how many cards)
explain-state-face-up = face up
explain-state-empty = empty
explain-state-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
explain-state-bounds = from { $low } to { $high }
explain-state-per-side = one marker per side
explain-state-unknown = not kept by the game
explain-state-other-ruleset = { $file } is a game of { $save }, not of { $ruleset }
explain-state-type-list = a list of { $of }
explain-state-type-int = a number
    .many = numbers
explain-state-type-bool = yes or no
    .many = yes-or-no values
explain-state-type-region = a region
    .many = regions
explain-state-type-card = a card
    .many = cards
explain-state-type-country = a country
    .many = countries
explain-state-type-side = a side
    .many = sides

## Statements

outline-no-event = This card has no event.
outline-event-missing = No event is written for this card yet.
outline-run = { $name } ({ $args })
outline-run-bare = { $name }
outline-let = let { $name } be { $value }
outline-set = set { $name } to { $value }
outline-if = if { $cond }:
outline-else = otherwise:
outline-for-each = for each { $var } in { $source }
outline-repeat = repeat { $count } { $count ->
        [one] time
       *[other] times
    }
outline-repeat-as = repeat { $count } { $count ->
        [one] time
       *[other] times
    }, counting with { $var }
outline-while = while { $cond }
outline-choose = choose { $kind ->
        [named] { $var }
        [card] a card { $var }
        [country] a country { $var }
        [region] a region { $var }
        [side] a side { $var }
       *[other] an item { $var }
    } from { $source }
outline-choose-by = { $side } decides
outline-choose-count = { $count } of them
outline-choose-up-to = up to { $count }
outline-choose-distinct = all different
outline-choose-optional = optional
outline-choose-otherwise = if nothing is chosen:
outline-where = where { $cond }
outline-when = if { $cond }
outline-decide = { $side } decides ({ $name }):
outline-option = option “{ $name }”
outline-lasting = lasting effect “{ $name }”, { $until }
outline-phase = phase “{ $name }”
outline-stop = stop here
outline-unknown = (unrecognised “{ $kind }”) { $detail }

## Lasting effects: expiry, forbids, modifiers, hooks

outline-until-cancelled = until cancelled
outline-until-end_of_action_round = until the end of the action round
outline-until-end_of_next_action_round = until the end of the next action round of { $a0 }
outline-until-end_of_turn = until the end of the turn
outline-forbid = forbidden: { $actions }
outline-forbid-play = playing a card
outline-forbid-event = playing an event
outline-forbid-headline = headlining a card
outline-forbid-hold = holding a card at turn end
outline-forbid-influence = placing influence
outline-forbid-coup = coups
outline-forbid-realign = realignment rolls
outline-forbid-space = Space Race attempts
outline-modify-by = { $what } { $value }
outline-modify-to = { $what } becomes { $value }
outline-modify-ops = card ops
outline-modify-coup_roll = coup roll
outline-modify-coup_defence = coup defence
outline-modify-influence_cost = influence cost
outline-modify-space_attempts_allowed = Space Race attempts allowed
outline-modify-realign_roll = realignment roll
outline-modify-space_roll = Space Race roll
outline-modify-defcon_drop_on_coup = DEFCON drop after a coup
outline-modify-scoring_battlegrounds = battlegrounds counted at scoring
outline-modify-action_rounds = action rounds
outline-on = whenever { $trigger }
outline-on-turn_start = a turn starts
outline-on-turn_end = a turn ends
outline-on-action_round_start = an action round starts
outline-on-action_round_end = an action round ends
outline-on-headline_revealed = the headlines are revealed
outline-on-card_play_chosen = a card is chosen to be played
outline-on-card_played = a card is played
outline-on-event_played = an event is played
outline-on-coup_attempt = a coup is attempted
outline-on-coup_resolved = a coup is resolved
outline-on-realignment = a realignment roll is made
outline-on-influence_placed = influence is placed
outline-on-vp_changed = the VP change
outline-on-defcon_changed = DEFCON changes
outline-on-region_scored = a region is scored
outline-on-final_scoring = final scoring starts
outline-allow = { $side } may “{ $name }”
outline-ends-on = ends when { $trigger }
outline-status-hand_revealed = { $a0 } plays with its hand shown to { $a1 }
outline-status-must_play = { $a0 } must play { $a1 }
outline-status-must_play_for_ops = { $a0 } must play { $a1 } for operations

## Effects

outline-fx-remove_influence-all = remove all influence of { $a0 } from { $a1 }
outline-fx-add_influence = add { $a2 } influence of { $a0 } to { $a1 }
outline-fx-remove_influence = remove { $a2 } influence of { $a0 } from { $a1 }
outline-fx-set_defcon = set DEFCON to { $a0 }
outline-fx-change_defcon = change DEFCON by { $a0 }
outline-fx-gain_vp = { $a0 } gains { $a1 } VP
outline-fx-add_milops = { $a0 } gains { $a1 } military ops
outline-fx-reset_milops = reset both military ops markers to 0
outline-fx-war_target = tell that { $a0 } invades { $a1 }
outline-fx-region_scored = announce that { $a0 } was scored
outline-fx-score_told = tell how { $a0 } scores in { $a1 }: { $a2 } worth { $a3 }, { $a4 } battlegrounds, { $a5 } next to the enemy superpower, { $a6 } VP in all
outline-fx-score_counted_told = tell how { $a0 } scores in { $a1 }: { $a2 } count, { $a3 } VP in all
outline-fx-win = { $a0 } wins the game ({ $a1 })
outline-fx-end_in_draw = the game ends in a draw ({ $a0 })
outline-fx-begin_final_scoring = final scoring begins
outline-fx-conduct_operations = { $a0 } conducts operations with { $a1 } ops
outline-fx-place_influence_with_ops = { $a0 } places influence with { $a1 } ops
outline-fx-coup = { $a0 } attempts a coup in { $a1 } with { $a2 } ops
outline-fx-free_coup = { $a0 } makes a free coup in { $a1 } with { $a2 } ops
outline-fx-realign = { $a0 } makes a realignment roll in { $a1 }
outline-fx-operations_without_coup = { $a0 } uses { $a1 } ops for influence or realignment, no coup
outline-fx-space_advance = { $a0 } advances { $a1 } { $a1 ->
        [one] box
       *[other] boxes
    } on the Space Race
outline-fx-space_attempt = { $a0 } attempts the Space Race with { $a1 }
outline-fx-take_action_round = { $a0 } takes an action round
outline-fx-deal_up_to = deal cards to { $a0 } until the hand holds { $a1 }
outline-fx-draw_to = { $a0 } draws { $a1 } { $a1 ->
        [one] card
       *[other] cards
    }
outline-fx-add_period_to_deck = shuffle the { $a0 } cards into the draw pile
outline-fx-shuffle_hand = shuffle the hand of { $a0 }
outline-fx-arrange_hand = { $a0 } arranges its hand as { $a1 }
outline-fx-discard = { $a0 } discards { $a1 }
outline-fx-remove_from_game = remove { $a0 } from the game
outline-fx-move_to_discard = move { $a0 } to the discard pile
outline-fx-shuffle_draw_pile = shuffle the draw pile
outline-fx-give_card = { $a1 } takes { $a0 } into its hand
outline-fx-play_event = the event of { $a1 } happens for { $a0 }
outline-fx-play_card = { $a0 } plays { $a1 }
outline-fx-play_card_for_ops = { $a0 } plays { $a1 } for operations
outline-fx-cancel_event = cancel the event of { $a0 }
outline-fx-cancel_headline = cancel the headline of { $a0 }
outline-fx-reveal_hand = { $a0 } shows its hand to { $a1 }
outline-fx-pass_china_card = The China Card goes to { $a0 } (face up: { $a1 })
outline-fx-move_china_card_to_hand = The China Card goes into the deck/hand of { $a0 }
outline-fx-flip_china_card_face_up = turn The China Card face up
outline-fx-apply_table = apply column { $a1 } of table { $a0 }
outline-fx-apply_table_for = apply column { $a1 } of table { $a0 } for { $a2 }
outline-fx-log = note { $a0 }
outline-fx-begin_turn = turn { $a0 } begins
outline-fx-end_turn = turn { $a0 } ends
outline-fx-set_action_round = action round { $a0 } begins
outline-fx-set_in_headline = headline phase: { $a0 }
outline-fx-headline_chosen = { $a0 } sets { $a1 } face down as its headline
outline-fx-reveal_headlines = reveal both headlines
outline-fx-resolve_headline = the headline of { $a0 } happens

## Queries

outline-q-min = the smaller of { $a0 } and { $a1 }
outline-q-max = the larger of { $a0 } and { $a1 }
outline-q-abs = the size of { $a0 }
outline-q-size = the number of items in { $a0 }
outline-q-first = the first of { $a0 }
outline-q-concat = { $a0 } plus { $a1 }
outline-q-take = the first { $a1 } of { $a0 }
outline-q-rank = the rank of { $a1 } in { $a0 }
outline-q-d6 = a die roll
outline-q-roll_at_least = { $a0 } rolls a die, plus { $a1 }, and reaches { $a2 }
outline-q-roll_at_most = { $a0 } rolls a die, plus { $a1 }, and gets at most { $a2 }
outline-q-roll_off = { $a0 } and the opponent each roll a die, adding { $a1 } and { $a2 }: the higher total, or nobody on a tie
outline-q-roll_table = a roll on { $a0 }
outline-q-table_value = { $a0 } at { $a1 }, column { $a2 }
outline-q-opponent = the opponent of { $a0 }
outline-q-phasing = the phasing player
outline-q-turn = the turn number
outline-q-action_round = the action round number
outline-q-in_headline = it is the headline phase
outline-q-defcon = DEFCON
outline-q-vp = the VP marker (above 0: US ahead)
outline-q-milops = military ops of { $a0 }
outline-q-space_box = Space Race box of { $a0 }
outline-q-space_attempts = Space Race attempts of { $a0 } this turn
outline-q-space_attempts_allowed = Space Race attempts allowed to { $a0 }
outline-q-action_rounds_this_turn = action rounds of { $a0 } this turn
outline-q-game_over = the game is over
outline-q-in_final_scoring = final scoring is under way
outline-q-all_countries = every country
outline-q-countries = the countries of { $a0 }
outline-q-neighbours = the neighbours of { $a0 }
outline-q-in_region = { $a0 } is in { $a1 }
outline-q-region_of = the region of { $a0 }
outline-q-adjacent_to_region = { $a0 } borders { $a1 }
outline-q-adjacent_to_superpower = { $a0 } borders a superpower
outline-q-adjacent_to_superpower_of = { $a0 } borders the superpower of { $a1 }
outline-q-stability = stability of { $a0 }
outline-q-battleground = { $a0 } is a battleground
outline-q-influence = the influence of { $a0 } in { $a1 }
outline-q-controls = { $a0 } controls { $a1 }
outline-q-control_margin = control margin of { $a0 } in { $a1 }
outline-q-ops_to_control = influence { $a0 } needs to control { $a1 }
outline-q-ops_to_break_control = influence { $a0 } needs to break control of { $a1 }
outline-q-accessible = { $a0 } may place influence in { $a1 }
outline-q-placed_this_round = influence { $a0 } placed in { $a1 } this round
outline-q-level_if_controlled = level of { $a0 } in { $a2 } if it controlled { $a1 }
outline-q-score_swing_if_controlled = VP { $a0 } would gain in { $a2 } by controlling { $a1 }
outline-q-score_swing_if_broken = VP { $a0 } would gain in { $a2 } by breaking control of { $a1 }
outline-q-ops = ops of { $a0 }
outline-q-ops_for = ops of { $a1 } for { $a0 }
outline-q-event_side = the event side of { $a0 }
outline-q-period_of = the period of { $a0 }
outline-q-is_scoring = { $a0 } is a scoring card
outline-q-is_starred = { $a0 } is starred
outline-q-in_effect = { $a0 } is in effect
outline-q-played_by = who played { $a0 }
outline-q-hand = the hand of { $a0 }
outline-q-draw_pile = the draw pile
outline-q-discard_pile = the discard pile
outline-q-removed_cards = the cards removed from the game
outline-q-period_cards = the { $a0 } cards
outline-q-china_card_holder = the holder of The China Card
outline-q-china_card_face_up = The China Card is face up
outline-q-headline_of = the headline card of { $a0 }
outline-q-random_card = a random card of { $a0 }
outline-q-drawn_this_round = the cards { $a0 } drew this round
outline-q-ops_bonus_regions = the regions where spending every op of { $a1 } makes it worth more for { $a0 }
outline-q-ops_spent_only_in = all ops of the card went to { $a0 }
outline-q-space_ops_needed = ops { $a0 } needs for its next Space Race box
outline-q-score_if_event = VP { $a0 } would score in { $a2 } after the event of { $a1 }
outline-q-score_if_ops = VP { $a0 } would score in { $a2 } after spending { $a1 } ops
outline-q-event_has_effect = the event of { $a1 } played by { $a0 } would change something in the game
outline-q-event_influence_gain = influence { $a0 } would gain with { $a1 }
outline-q-event_control_gain = countries { $a0 } would newly control with { $a1 }
outline-q-setting = the setting { $a0 }
outline-q-may = { $a1 } may { $a0 } with { $a2 }

## Expressions

outline-and = and
outline-or = or
outline-not = not { $x }
outline-in = { $a } is in { $b }
outline-not-in = { $a } is not in { $b }
outline-cond = if { $c } then { $a } else { $b }
outline-each = each { $var } of { $source }
outline-order-by = ordered by { $keys }
outline-order-asc = { $key } (lowest first)
outline-order-desc = { $key } (highest first)
outline-order-then = then
outline-agg-count = how many { $var } of { $source }
outline-agg-sum = the sum of { $item } over { $var } of { $source }
outline-agg-max = the largest { $item } over { $var } of { $source }
outline-agg-min = the smallest { $item } over { $var } of { $source }
outline-agg-any = { $item } for some { $var } of { $source }
outline-agg-all = { $item } for every { $var } of { $source }
# a variable whose kind is known (card, country, region, side), where a language declines it
outline-typed-var = { $var }
outline-true = yes
outline-false = no
outline-none = nothing
# a comparison with nothing: "x == none", "x != none"
outline-is-none = { $x } is not set
outline-is-set = { $x } is set
outline-enum-neutral = neutral
outline-enum-early = Early War
outline-enum-mid = Mid War
outline-enum-late = Late War
outline-enum-no_presence = no presence
outline-enum-presence = presence
outline-enum-domination = domination
outline-enum-control = control

## Variables of events and lasting effects

outline-var-player = the player
outline-var-owner = the effect's owner
outline-var-actor = the acting side
outline-var-target = the target country
outline-var-card = the card
outline-var-this_card = this card
outline-var-card_player = the side that played the card
outline-var-ops = the ops
outline-var-free = free
outline-var-mode = the way it is played
outline-var-region = the region
outline-var-turn_number = the turn number
outline-var-us_card = the US headline
outline-var-ussr_card = the USSR headline
outline-var-ai = the AI
outline-var-human = the human player
outline-var-round = the next action round

# Added with the solo AI's operations and the card events' own primitives.
outline-fx-begin_action_round = an action round of { $a0 } begins
outline-fx-end_action_round = the action round of { $a0 } ends
outline-fx-place_influence_point = { $a0 } places one influence point with operations in { $a1 }
outline-fx-reveal_cards = { $a0 } reveals { $a1 }
outline-q-battlegrounds_counted = the battlegrounds { $a0 } counts in { $a1 } out of { $a2 }
outline-q-coup_defcon_drop = how far DEFCON would drop after a coup by { $a0 } in { $a1 }
outline-q-influence_cost = what one more influence point costs { $a0 } in { $a1 }
outline-q-may_target = { $a1 } may { $a0 } in { $a2 }
outline-pick = the choice of the priority list { $list } ({ $args })

# The state a ruleset declares: its variables, zones (piles of cards) and tracks.
outline-fx-set_variable = { $a0 } becomes { $a1 }
outline-fx-move_to_zone = put { $a0 } into { $a1 } (on top: { $a2 })
outline-fx-shuffle_zone = shuffle { $a0 }
outline-q-zone = the cards of { $a0 }
outline-q-track_min = the lowest value of the track { $a0 }
outline-q-track_max = the highest value of the track { $a0 }
# A table, zone, track, variable or setting of the ruleset, by the words that name it (`table-<name>`,
# `state-<name>`, a setting's `.name`), quoted: “Variable setup”, “Scoring deck”
outline-named = “{ $name }”
    .inner = ‘{ $name }’

## Added for the solo game: its turn, the AI's reasons, game results
outline-forbid-discard = discarding a card
outline-forbid-event_influence = placing influence by an event
outline-modify-defcon_floor = the lowest DEFCON the side may cause
outline-fx-ai_decision = the AI notes why it chose { $a1 } ({ $a0 }: { $a2 })
outline-fx-begin_play = { $a0 } takes { $a1 } to play it
outline-fx-announce_play = { $a0 } plays { $a1 } ({ $a2 })
outline-fx-commit_ops_to = every op of the card goes to { $a0 }
outline-fx-finish_play = { $a0 } finishes playing { $a1 }
outline-fx-note_drawn = { $a0 } has drawn { $a1 } this round
outline-fx-to_hand_bottom = { $a0 } puts { $a1 } at the bottom of the deck/hand
outline-q-appendix_allows = the appendix entry of { $a0 } allows { $a1 } for { $a2 }
outline-q-has_appendix_entry = { $a0 } has an appendix entry
outline-q-game_end_reason = why the game ended
outline-q-game_winner = the winner
outline-q-index_of = the position of { $a1 } in { $a0 }
outline-q-level_without_control = level of { $a0 } in { $a2 } without control of { $a1 }
outline-q-playable_cards = the cards { $a0 } may play
outline-q-event_possible = { $a0 } could play the event of { $a1 }
outline-q-event_vp_gain = VP { $a0 } would gain with the event of { $a1 }
outline-q-event_wins_game = the event of { $a1 } would win the game for { $a0 }
outline-q-event_influence_removed = influence of the opponent the event of { $a1 } would remove for { $a0 }

## The rules' own names: local values, loop variables and parameters (`let`, `for each`, `choose` …)
# Optional: a name with no message is shown as the rule file writes it. One-letter names (c, s, x …)
# stay as they are, like a letter in a formula.

outline-local-added = the countries given influence
outline-local-amount = the amount
outline-local-attacker = the attacker
outline-local-before = what was there before
outline-local-discards = the number of discards
outline-local-drawn = the cards drawn
outline-local-eligible = the eligible countries
outline-local-empty = the empty countries
outline-local-first_target = the first target
outline-local-gain = the gain
outline-local-gained = the VP gained
outline-local-guest = the guest
outline-local-half = half of it
outline-local-held = the countries held
outline-local-hindrance = the hindrance
outline-local-host = the host
outline-local-latin_america = Latin America
outline-local-level = the level
outline-local-military_ops = the military ops
outline-local-moved = the influence moved
outline-local-order_of_choice = the order of choice
outline-local-places = the countries the influence may come from
outline-local-points = the points
outline-local-pool = the cards on offer
outline-local-regions = the regions
outline-local-removed = influence removed
outline-local-rival = the rival
outline-local-round_number = the round number
outline-local-scoring = scoring
outline-local-side = the side
outline-local-taken = what was taken
outline-local-targets = the targets
outline-local-thrown = the number discarded
outline-local-to_us = the VP owed to the US
outline-local-to_ussr = the VP owed to the USSR
outline-local-top = the top value
outline-local-us_battlegrounds = the number of US battlegrounds
outline-local-ussr_battlegrounds = the number of USSR battlegrounds
outline-local-value = the value
outline-local-victim = the victim
outline-local-vp = the VP
outline-local-way_out = the countries of the way out
outline-local-winner = the winner
outline-local-wins_at = the winning score

## Lasting effects not named after their card (a card's own is named by the card)

outline-lasting-aldrich_ames_hand_revealed = Aldrich Ames: the US hand shown
outline-lasting-bear_trap_round = Bear Trap: this round
outline-lasting-missile_envy_obligation = Missile Envy: the card must be played
outline-lasting-north_sea_oil_extra_round = North Sea Oil: an extra round
outline-lasting-north_sea_oil_round_passed = North Sea Oil: the extra round passed
outline-lasting-quagmire_round = Quagmire: this round
outline-lasting-we_will_bury_you_threat = We Will Bury You: the threat

# A string a rule compares with or passes, for a way a card is played or an action (`mode == "event"`,
# `may_target("coup", …)`): the word an outline shows for it, quoted by outline-named.
outline-word-event = event
outline-word-influence = influence
outline-word-coup = coup
outline-word-realign = realign
outline-word-space = space
outline-word-headline = headline
outline-word-action = action
