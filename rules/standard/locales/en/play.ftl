# Twilight Struggle, standard ruleset: the words a player sees in `twilight play` (English).
#
# For translators. Families of messages, each id built from a name in the rule files or the runtime:
#   decision-<name>            the prompt of a choice: imperative, one line, no final full stop. Names
#                              come from `choose ... as NAME`, `decide NAME`, `allow NAME` (a yes/no
#                              question at the start of an action round) and the runtime's own choices.
#                              Variables: $min and $max (how many to pick, numbers; equal when the number
#                              is fixed, $min 0 when picking is optional), $side (the deciding side's name).
#   option-<word>              a label for an answer that is neither a country, a card nor a region;
#                              short, for a numbered menu. option-all_in takes $region (a region's name).
#   refusal-<code>             why a country or card typed is not offered: one sentence, from the `code`
#                              of a `forbid`. Variables: $country (a country's name), $card (a card's name).
#   end-<reason>               follows "The game ends: ..."; the winner is shown separately. Its
#                              attribute .won, when the game knows who won, names them ($side, the
#                              winner; $loser) where the message says "a side"
#   setting-<name>             a question asked before the game; setting-<name>-<value> each answer.
#   phase-<name>               a part of the turn as the screen heads it (the round number is separate).
# The solitaire ruleset (rules/solo-v2/locales) adds its own words and sees all of these.
# tests/test_locales.py reads the compiled rules and fails when one of these names has no message.

## Choices the runtime asks in every game

decision-action_card = Choose a card to play this action round
    .asked = which card to play this action round
decision-play_mode = Choose how to play this card
    .asked = how to play the card
decision-event_first = The card carries your opponent's event: choose what comes first, the event or your operations
    .asked = which comes first on a card with the opponent's event: the event or the operations
decision-operations = Choose the kind of operations
    .asked = which kind of operations to conduct
decision-coup_target = Choose a country for the coup attempt
    .asked = where to attempt the coup
decision-realign_target = Choose a country for a realignment roll
    .asked = where to roll for a realignment
decision-influence_target = Choose a country for the next influence point
    .asked = where the next influence point goes
decision-ops_in_one_region = Choose whether to spend every operation in one region for its bonus
    .asked = whether to spend every operation in one region for its bonus

## Yes/no offers at the start of an action round (`allow`)

decision-north_sea_oil_pass_round = { card-north_sea_oil }: choose whether to give up this eighth action round (a scoring card may still be played)
    .name = give up the eighth action round
    .asked = whether to give up its eighth action round ({ card-north_sea_oil })
decision-defuse_cuban_missile_crisis = { card-cuban_missile_crisis }: choose whether to end the crisis now by removing 2 of your influence (USSR from Cuba, US from West Germany or Turkey)
    .name = end the crisis by removing 2 influence
    .asked = whether to end the { card-cuban_missile_crisis } by removing 2 of its influence
# $way_out: the countries the way out takes from, joined by "or" (Cuba; West Germany, Turkey or both), with
# its grammatical forms ($way_out_gen, $way_out_in…).
decision-defuse_cuban_missile_crisis_at_coup = Your coup sets off the { card-cuban_missile_crisis }: remove 2 of your influence from { $way_out } to end the crisis and make the coup, or lose the game at once
    .asked = whether to remove 2 of its influence to end the { card-cuban_missile_crisis } and make its coup, or lose the game at once
    .name = end the crisis by removing 2 influence, or lose the game

## Choices of the turn sequence

decision-ussr_setup_influence = Choose where your { $max } setup influence { $max ->
        [one] point goes
       *[other] points go
    } in Eastern Europe (one country may take several)
    .asked = where the setup influence goes
decision-us_setup_influence = Choose where your { $max } setup influence { $max ->
        [one] point goes
       *[other] points go
    } in Western Europe (one country may take several)
    .asked = where the setup influence goes
decision-us_handicap_influence = Choose a country where you have influence for one point of the handicap influence
    .asked = where a point of the US handicap influence goes
decision-headline_card = Choose your headline card
    .asked = which card to headline
decision-discard_held_cards = Choose up to { $max } { $max ->
        [one] card
       *[other] cards
    } of your hand to discard now (your Space Race ability), or none
    .asked = which held cards to discard

## Choices of card events

decision-aldrich_ames_discard = Choose a card of the US hand to be discarded
decision-ask_not_discard = Choose up to { $max } { $max ->
        [one] card
       *[other] cards
    } of your hand to discard; you then draw as many new ones
decision-bear_trap_discard = Choose a card worth 2 or more operations to discard; a roll of 1-4 then frees you from { card-bear_trap }
decision-blockade_discard = Choose a card worth 3 or more operations to discard, or none and lose all your influence in West Germany
decision-brush_war_target = Choose a country of stability 1 or 2 to attack
decision-cambridge_five_influence = Choose a country in a region named on the revealed scoring cards for 1 influence, or none
decision-che_first_coup = Choose a non-battleground country of Central America, South America or Africa for a free coup, or none
decision-che_second_coup = Choose another non-battleground country of Central America, South America or Africa for a second free coup, or none
decision-chernobyl_region = Choose the region where the USSR may not place influence with operations for the rest of the turn
decision-colonial_rear_guards_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Africa or Southeast Asia for 1 influence each
decision-comecon_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Eastern Europe not controlled by the US for 1 influence each
decision-cuban_missile_crisis_country = Choose West Germany or Turkey to take 2 US influence from
    .asked = which of West Germany and Turkey loses 2 US influence
decision-de_stalinization_remove = Choose a country to pick up 1 of your influence from for moving, or none to stop picking up
decision-de_stalinization_add = Choose a country not controlled by the US for 1 of the moved influence points (at most 2 per country)
decision-debt_crisis_discard = Choose a card worth 3 or more operations to discard, or none and the USSR doubles its influence in 2 South American countries
decision-debt_crisis_double = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of South America where your influence is doubled
decision-decolonization_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Africa or Southeast Asia for 1 influence each
decision-east_european_unrest_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Eastern Europe to reduce USSR influence in (1 each, 2 each in the Late War)
decision-how_i_learned_defcon = Choose the DEFCON level to set (at 1 nuclear war breaks out and you lose)
decision-independent_reds_country = Choose Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia to bring US influence there up to the USSR's
decision-indo_pakistani_war_target = Choose the country to invade: India or Pakistan
decision-iran_iraq_war_target = Choose the country to invade: Iran or Iraq
decision-junta_country = Choose a country of Central or South America for 2 of your influence
decision-junta_coup_target = Choose a country of Central or South America for a free coup
decision-junta_realign_target = Choose a country of Central or South America for a realignment roll
decision-liberation_theology_country = Choose a country of Central America for 1 influence (at most 2 per country)
decision-marine_barracks_removal = Choose a Middle Eastern country to take 1 US influence from
decision-marshall_plan_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Western Europe not controlled by the USSR for 1 influence each
decision-missile_envy_card = Choose which of your highest-operations cards to hand over for { card-missile_envy }
decision-muslim_revolution_countries = { $max ->
        [1] Choose the country to remove all US influence from
       *[other] Choose { $max } different countries to remove all US influence from
    }
decision-norad_influence = Choose a country already holding US influence to add 1 more, or none
decision-oas_founded_country = Choose a country of Central or South America for 1 influence
decision-ortega_coup_target = Choose a country next to Nicaragua for a free coup, or none
decision-our_man_in_tehran_discard = Choose up to { $max } of the drawn { $max ->
        [one] card
       *[other] cards
    } to show and discard; the rest go back into the draw pile
decision-pershing_ii_countries = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Western Europe to take 1 US influence from each
decision-puppet_governments_countries = Choose up to { $max } { $max ->
        [one] country
       *[other] countries
    } where neither side has influence, for 1 influence each
decision-quagmire_discard = Choose a card worth 2 or more operations to discard; a roll of 1-4 then frees you from { card-quagmire }
decision-reformer_influence = Choose a European country for 1 influence (at most 2 per country)
decision-salt_negotiations_card = Choose a non-scoring card of the discard pile to take into your hand, or none
decision-socialist_governments_remove = Choose a Western European country to take 1 US influence from (at most 2 per country)
decision-south_african_unrest_neighbours = Choose where your { $max } influence { $max ->
        [one] point goes
       *[other] points go
    } next to South Africa (both in one country or one in each)
decision-special_relationship_country = Choose the country to receive your influence: any of Western Europe while NATO is in effect, otherwise a neighbour of the UK
decision-star_wars_card = Choose a non-scoring card of the discard pile whose event happens now
decision-suez_crisis_remove = Choose France, the UK or Israel to take 1 US influence from (at most 2 per country)
decision-tear_down_this_wall_coup = Choose a European country for a free coup
decision-tear_down_this_wall_realign = Choose a European country for a realignment roll, or none to stop
decision-truman_doctrine_country = Choose a European country neither side controls to remove all USSR influence from
decision-un_intervention_card = Choose a card of your hand with your opponent's event: it is cancelled and you use its operations
decision-ussuri_river_country = Choose an Asian country for 1 influence (at most 2 per country)
decision-voice_of_america_country = Choose a country outside Europe to take 1 USSR influence from (at most 2 per country)
decision-warsaw_pact_add = Choose an Eastern European country for 1 influence (at most 2 per country)
decision-warsaw_pact_remove = Choose { $max } different { $max ->
        [one] country
       *[other] countries
    } of Eastern Europe to remove all US influence from

## Choices between named answers (`decide`)

decision-china_card_or_pass = You have no card left but { card-the_china_card }: choose whether to play it this action round or to pass
    .name = play { card-the_china_card } or pass
    .asked = whether to play The China Card, its last card, or to pass
decision-grain_sales_use = Choose whether to play the card drawn from the USSR hand or to return it and use this card's operations
    .name = play the drawn card or return it
decision-junta_follow_up = Choose a free coup or realignment rolls in Central or South America, or neither
    .name = a free coup, realignment rolls or neither
decision-olympic_games_answer = Your opponent hosts the Olympic Games: choose to take part or to boycott them
    .name = take part or boycott
decision-south_african_unrest_choice = Choose 2 influence in South Africa, or 1 there and 2 next to it
    .name = where the influence goes
decision-summit_defcon = You won the Summit: choose to raise DEFCON, lower it or leave it
    .name = what becomes of DEFCON
decision-tear_down_this_wall_operations = Choose how to use the card's operations in Europe: a free coup, realignment rolls or nothing
    .name = what the operations in Europe are for
decision-wargames_end_game = Choose whether to give your opponent 6 VP and end the game at once
    .name = whether to end the game
decision-warsaw_pact_mode = Choose to remove all US influence from up to 4 countries of Eastern Europe, or to add 5 influence there
    .name = remove US influence or add Soviet influence

## Answers that are words

option-event = Event
option-influence = Influence
option-coup = Coup
option-realign = Realignment
option-space = Space Race
option-ops = Operations
option-yes = Yes
option-no = No
option-all_in = All operations: { $region }
option-play_drawn_card = Play the drawn card
option-return_card = Return it, use the operations
option-decline = Neither
option-participate = Take part
option-boycott = Boycott
option-south_africa_only = 2 in South Africa
option-with_neighbours = 1 in South Africa, 2 next to it
option-improve = Raise DEFCON by 1
option-degrade = Lower DEFCON by 1
option-leave = Leave DEFCON as it is
option-pass = Nothing
option-pass_round = Pass this action round
option-play_china_card = Play { card-the_china_card }
option-end_game = End the game
option-end_crisis = Remove 2 influence and end the crisis
option-lose_game = Keep the influence: lose the game at once
option-play_on = Play on
option-remove_us_influence = Remove US influence
option-add_ussr_influence = Add USSR influence

## Answers told as moves in the last moves and the log (cli/session/log.py): log-answer-<decision>-<answer>,
## or log-answer-<decision> with the answer as $answer
log-answer-china_card_or_pass-pass_round = { $side } passes its action round, holding only { card-the_china_card }.
log-answer-missile_envy_card = { $side } hands over { $answer } for { card-missile_envy }.

## Why a move is refused (`forbid ... code CODE`)

refusal-bear_trap = { card-bear_trap } holds the USSR: only a scoring card may be played this action round
refusal-cambridge_five_late_war = The event of { card-the_cambridge_five } cannot be played in the Late War
refusal-china_card_discarded = { card-the_china_card } is never discarded
refusal-china_in_headline = { card-the_china_card } cannot be a headline card
refusal-defcon_restricted = No coups or realignments in { $country } at this DEFCON: Europe is closed at DEFCON 4 or lower, Asia at 3 or lower, the Middle East at 2
refusal-insufficient_ops = { $card } has too few operations for your next Space Race box
refusal-missile_envy_for_ops = { card-missile_envy } is owed to your next action round, to be played for operations: it cannot be a headline card
refusal-no_opponent_influence = Your opponent has no influence in { $country } to attack
refusal-not_adjacent = { $country } is out of reach: influence goes only where you had some at the start of the round, or next to such a country or to your superpower
refusal-quagmire = { card-quagmire } holds the US: only a scoring card may be played this action round
refusal-region_closed_to_coups = { card-the_reformer } is in effect: the USSR may not attempt coups in Europe
refusal-region_closed_to_influence = { card-chernobyl } has closed the region of { $country } to influence placed with operations this turn
refusal-round_passed = This action round was given up ({ card-north_sea_oil }): only a scoring card may be played
refusal-scoring_card_held = A scoring card may not be held past the end of the turn
refusal-space_complete = You have reached the end of the Space Race track
refusal-space_limit = You have made all your Space Race attempts for this turn
refusal-target_protected = { $country } is protected: the USSR may not attempt coups or realignments there
refusal-un_intervention_in_headline = { card-un_intervention } cannot be played in the headline phase
refusal-un_intervention_without_partner = { card-un_intervention } needs a card with your opponent's event in your hand to be played as an event

## How the game ended

end-vp_20 = a side reached the end of the VP track (automatic victory)
    .won = { $side } reached the end of the VP track (automatic victory)
end-europe_control = a side controls Europe as it is scored
    .won = { $side } controls Europe as it is scored
end-defcon_1 = DEFCON reached 1, nuclear war; the side that caused it loses
    .won = DEFCON reached 1, nuclear war; { $loser } caused it and loses
end-final_scoring = final scoring after turn 10
end-wargames = { card-wargames } stopped the game at DEFCON 2
end-cuban_missile_crisis = a coup attempt during the { card-cuban_missile_crisis }

## Settings asked before the game

# Each setting's question; its `.name` names it in the rules' outlines (`twilight docs`, `explain`, `diff`).
setting-optional_cards = Play with the optional cards (104-110)?
    .name = Optional cards
setting-optional_cards-true = Yes, add the optional cards
setting-optional_cards-false = No, the 103 cards of the basic game
setting-deluxe_map_canada = The US's starting influence: which map?
    .name = The deluxe edition's map
setting-deluxe_map_canada-false = The rule book's: 23 US markers, none in Canada
setting-deluxe_map_canada-true = The deluxe edition's map: 2 more US influence in Canada
setting-us_handicap_influence = Extra US influence at setup (the league handicap of the digital edition)
    .name = Extra US influence at setup

## Parts of the turn

phase-setup = Setup
phase-improve_defcon = DEFCON improves
phase-deal_cards = Dealing cards
phase-headline = Headline phase
phase-action_rounds = Action round
phase-military_operations = Military operations check
phase-flip_china_card = The China Card turns face up
phase-advance_turn = End of the turn
phase-final_scoring = Final scoring
phase-discard_held_cards = Discarding held cards (Space Race ability)

## Help on the interpreter's own questions (shown by `?`)

help-action_card = Play one card this action round: as its event, for operations (influence, coup or realignment), or on the Space Race. An opponent's card played for operations triggers its event too.
help-play_mode = The event happens only for your own or a neutral card; operations use the card's ops value; the Space Race needs enough ops and an attempt left this turn.
help-event_first = Your opponent's event on the card you play for operations happens too: before or after your operations, as you choose.
help-operations = Influence: each point costs 1 op (2 in a country your opponent controls), placed next to your influence. Coup: roll plus ops against twice the stability. Realignment: 1 op per roll, modified by adjacent control and influence.
help-coup_target = A coup needs opponent influence in the country; battlegrounds lower DEFCON; DEFCON limits which regions you may target.
help-realign_target = Each realignment roll costs 1 op; it needs opponent influence in the country.
help-influence_target = One point at a time: a country where you have influence or next to one (as the round began), or next to your superpower.
help-ops_in_one_region = Some events give a bonus when all operations go to one region; choosing it limits every target to that region.

## What a question is about: `?` says it first, before the rules it cites (cli/session/mechanics.py).
# mechanics-<decision> explains one question; mechanics-intent-<intent> any choice of an event that does
# that with its pick (place, remove, coup…). Two or three plain sentences each; $side may be used.

mechanics-action_card = Each action round you play one card from your hand. Played as an event, a card of your side or a neutral one does what its text says; played for operations, its operations buy influence, a coup, realignment rolls or a Space Race attempt. An opponent's card played for operations triggers the opponent's event too.
mechanics-play_mode = A card's event happens only when the card is your side's or neutral: you never play your opponent's event as your event. For operations the card gives its operations value (some events in effect change it). The Space Race needs a card with enough operations and an attempt left this turn; the card is then spent without its event.
mechanics-operations = Influence goes in one point at a time next to countries where you already had influence; a point costs 2 in a country your opponent controls. A coup rolls a die plus the operations against twice the country's stability, and a realignment roll compares two dice with bonuses for neighbouring control and more influence. Coups and realignments need your opponent's influence in the target, and DEFCON closes whole regions to them.
mechanics-influence_target = Influence goes in one point at a time: into a country where you had influence when the round began, a country next to one of those, or one next to your superpower. A point costs 1 operation, or 2 while your opponent controls the country. A side controls a country when its influence there exceeds the other's by at least the country's stability number.
mechanics-coup_target = A coup rolls a die and adds the card's operations; whatever that exceeds twice the country's stability by removes your opponent's influence first, then adds yours. Every coup counts as military operations, and one in a battleground lowers DEFCON by 1. DEFCON closes regions to coups: Europe at 4, Asia too at 3, the Middle East too at 2.
mechanics-realign_target = A realignment roll costs 1 operation: each side rolls a die and adds 1 for each neighbouring country it controls, 1 if it has more influence in the target and 1 if its superpower is next to it. The lower total loses as much influence as the difference; nobody gains any. DEFCON closes regions to realignments as it does to coups.
mechanics-event_first = The card you play for operations carries your opponent's event, so that event happens too. You choose when: before your operations, so that they can answer it, or after them, so that they use the board as it stands now.
mechanics-headline_card = In the headline phase both sides choose a card face down; the two are turned over together and their events happen, the higher operations first (the US first on a tie). The China Card cannot be headlined; a scoring card can. Only the event counts here: the card's operations are not used.
mechanics-intent-place = This event places influence: only where the card allows, one point at a time, with no need to be next to your influence and no extra cost where your opponent controls the country.
mechanics-intent-place_opponent = This event places your opponent's influence: only where the card allows, with no need to be next to their influence.
mechanics-intent-remove = This event removes influence: as many points, and from the countries, as the card says. A country changes hands as soon as the lead there falls below its stability number.
mechanics-intent-remove_own = This event takes away your own influence: as many points, and from the countries, as the card says.
mechanics-intent-coup = This event makes a free coup: a die plus the card's operations against twice the country's stability, as with operations. Unless the card says otherwise, it counts as military operations and lowers DEFCON in a battleground.
mechanics-intent-realign = This event gives realignment rolls: each compares two dice with bonuses for neighbouring control and more influence, and the lower total loses the difference in influence.
mechanics-intent-discard = This event discards a card: it goes to the discard pile, which is shuffled back into the draw deck when the deck runs out.
mechanics-intent-play_event = This choice names a card whose event happens now, as the card played says.
mechanics-intent-give_card = This choice hands a card to the other side: it goes into that side's hand.

## The game's state: the tracks (rules/standard/tracks.tsr), as the screens and the log name them
# state-<name>   a variable, zone or track a ruleset declares; state-value-* the words for its values
state-defcon = DEFCON
state-military_operations = Military operations
state-space = Space Race
state-turn = Turn
state-vp = Victory points
state-value-yes = yes
state-value-no = no
state-value-none = none

## A rule's source as a player reads it (cli/source_words.py)
source-seed-002 = Official rules
source-reference = the game's reference data
source-card-text = the text of card { $number } (Deluxe edition)
ruleset-title = standard rules
# The ruleset's description in the list `twilight play` offers (this folder's own).
ruleset-description = Twilight Struggle as two people play it: the deluxe rules, the base every variant changes
