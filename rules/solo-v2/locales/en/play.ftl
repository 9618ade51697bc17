# Twilight Struggle, solitaire ruleset (Human vs AI, rule book v2): the words of `twilight play` that only
# this ruleset needs (English). The standard ruleset's play.ftl gives the rest, with the same families:
#   decision-<name>   a choice's prompt: imperative, one line, no final full stop ($min, $max, $side)
#   refusal-<code>    why a country or card typed is not offered ($country, $card)
#   end-<reason>      follows "The game ends: ..."
#   rating-<value>    the victory rating the function victory_rating gives at the end (rules/solo-v2/victory.tsr)
#   setting-<name>    a question asked before the game; setting-<name>-<value> each answer
#   phase-<name>      a part of the turn as the screen heads it
# A choice made by the AI ("by ai" in the rules) is worded for the side that makes it, like any other.
# tests/test_locales.py reads the compiled rules and fails when one of these names has no message.

## Choices of the solitaire game

decision-draft_keep-progress = Keep { $picks } of { $from }: pick { $pick } of { $picks }
function-draft_keep_allowed = the cards you keep would then total more operations than those you give the AI
decision-draft_keep = Choose a card to keep; the others go to the AI (the cards you keep may not total more operations than those you give)
decision-headline_bottom_card = Choose which of the two other cards goes to the very bottom of your deck/hand
decision-blockade_solo_discard = Choose one of the two cards you drew worth 3 or more operations to give up (it is discarded; The China Card passes face down to the AI instead), then play the other next round; or none and lose all your influence in West Germany
decision-debt_crisis_solo_discard = Choose one of the two cards you drew worth 3 or more operations to give up (it is discarded; The China Card passes face down to the AI instead), then play the other next round; or none and the AI doubles its influence in 2 South American countries
decision-quagmire_solo_give_up = Choose a card worth 2 or more operations to give up (it is discarded; The China Card passes face down to the AI instead); a roll of 1-4 then frees you from { card-quagmire }
decision-bear_trap_solo_give_up = Choose a card worth 2 or more operations to give up (it is discarded; The China Card passes face down to the AI instead); a roll of 1-4 then frees you from { card-bear_trap }
decision-olympic_games_solo_answer = The AI hosts the Olympic Games: choose to take part or to boycott them
    .name = take part or boycott
decision-un_intervention_solo_card = Choose the other card you drew this round, one with an AI event: its event is cancelled and you use its operations
decision-cuban_missile_crisis_solo_headline = Choose West Germany or Turkey to take 2 of your opponent's influence from (headline)
decision-cuban_missile_crisis_solo_scoring = Choose West Germany or Turkey to take 2 of your opponent's influence from (scoring round in Europe)
decision-independent_reds_solo_headline = Choose a country where your opponent's influence exceeds yours by 2 or more, to match it
decision-independent_reds_solo_round = Choose a country where your opponent's influence exceeds yours by 3 or more, to match it
decision-truman_doctrine_solo_country = Choose a European country neither side controls where your opponent has 2 or more influence, to remove all of it

## What a question is about (`?` says it first; see the standard ruleset's play.ftl): the solo game's
## face-down deck, its draft, its Primary and Secondary regions and scoring rounds.

mechanics-draft_keep = In this game your hand is a face-down deck: you see a card only when you draw it. The draft turns up cards from the draw pile: you keep some and the AI gets the rest, and the cards you keep may not total more operations than those you give. The cards kept go into your deck, which is shuffled, so you will meet them again as you draw.
mechanics-headline_card = Your hand is a face-down deck: for the headline you draw its top 3 cards and choose one of them (never { card-the_china_card }); the other two go under the deck. The AI turns over the top cards of its own deck until one it may headline. Both events happen, the higher operations first (the US first on a tie).
mechanics-headline_bottom_card = The two cards you did not headline go back under your face-down deck: the one you choose goes to the very bottom, the other just above it. You draw them again only after the cards above them.
mechanics-action_card = Your hand is a face-down deck: each action round you draw its top 2 cards and play one of them (or { card-the_china_card }), and the other goes back under the deck. The scoring cards are a deck of their own: each round one is turned up, its region becomes the Secondary region, the old Secondary becomes the Primary, and the old Primary's card is discarded (or shuffled back if it scored). Your operations go only to the Primary and Secondary regions, and in a scoring round only to the Primary, which scores at the end of the round.
mechanics-influence_target = Influence goes in one point at a time next to countries where you had influence when the round began (or next to your superpower); a point costs 2 operations while your opponent controls the country. In this game you may place it only in the Primary and Secondary regions (the Primary alone in a scoring round), and no more than 2 points in one country in an action round.
mechanics-coup_target = A coup rolls a die and adds the card's operations; whatever that exceeds twice the country's stability by removes your opponent's influence, then adds yours. It counts as military operations, and one in a battleground lowers DEFCON by 1 (DEFCON closes Europe at 4, Asia too at 3, the Middle East too at 2). In this game the target must also lie in the Primary or Secondary region (the Primary alone in a scoring round).
mechanics-realign_target = A realignment roll costs 1 operation: each side rolls a die with 1 added for each neighbouring country it controls, for more influence in the target and for its superpower next to it; the lower total loses the difference in influence. In this game the target must lie in the Primary or Secondary region (the Primary alone in a scoring round), and DEFCON closes regions as it does to coups.

## Why a move is refused

refusal-event_prevented = The event of { $card } cannot be played: a card in effect prevents it
refusal-influence_cap = No more than 2 influence in one country per action round: you have placed 2 in { $country } already
refusal-region_restricted = { $country } is outside this round's regions: you may act only in the Primary region and, outside scoring rounds, in the Secondary region
refusal-un_intervention_no_ai_event_drawn = { card-un_intervention } cancels only the event of the other card you drew this round, and that card carries no AI event; you may still play { card-un_intervention } for its operations

## How the game ended, and how well

end-scoring_round_europe = a side controls Europe at the end of a scoring round
    .won = { $side } controls Europe at the end of a scoring round
rating-master = Master victory
rating-decisive = Decisive victory
rating-clear = Clear victory
rating-marginal = Marginal victory
rating-draw = Draw

## Settings asked before the game

# Each setting's question; its `.name` names it in the rules' outlines (`twilight docs`, `explain`, `diff`).
setting-level = Which skill level?
    .name = Skill level
setting-level-normal = Normal
setting-level-experienced = Experienced (the AI starts with 2 VP)
setting-level-hard = Hard (the AI starts with 4 VP)
setting-level-expert = Expert (the AI starts with 7 VP)
setting-setup_dice = How is the variable setup rolled?
    .name = Dice of the variable setup
setting-setup_dice-one_die = One die
setting-setup_dice-lower_of_two = Two dice, the lower one counts
setting-ai_side = Which side does the AI play?
    .name = The AI's side
setting-ai_side-us = The US (you play the USSR)
setting-ai_side-ussr = The USSR (you play the US)

## Parts of the turn

phase-regions = Region Play Restriction

## The solo game's own state (rules/solo-v2/regions.tsr), as the screen and the log name it

state-primary_region = Primary region
state-secondary_region = Secondary region
state-scoring_round = Scoring round
    .your-round = This is a scoring round: you act first, then the AI; then the Primary region scores
state-scoring_rounds = Scoring rounds this turn
state-scoring_deck = Scoring deck
state-scoring_discard = Scoring discard
state-scoring_revealed = Scoring cards face up

## A rule's source as a player reads it (cli/source_words.py)
source-seed-000 = Human vs AI rule book
source-seed-001 = AI priorities
ruleset-title = solo game against the AI

## The solo rule book's procedures that ask the player (`?` names them)
procedure-draft = dealing the cards
procedure-human_headline = your headline
procedure-human_action_round = your action round
# The ruleset's description in the list `twilight play` offers (this folder's own).
ruleset-description = One player against the paper AI: the solitaire rule book, version 2

# How `twilight rulesets --changes` names the step a variant changes (a variant's quick deal replaces it).
procedure-solo_deal = the deal of the cards at the start of each turn (with the draft)

## The solo game's steps and calculations, as the rules' outlines name them (`twilight docs`, `explain`)
function-card_drawn_from_hand = a card taken from the hand (The China Card if it is there)
function-human_side = the human player's side
function-total_ops = the cards' operations added up
function-cards_for_event_requirement = cards the side may give up for an event
function-in_play_regions = in the Primary or the Secondary region
function-solo_scoring_cards = the scoring cards of the solo game
function-scoring_region = the region the scoring card marks
function-scoring_card_of = the scoring card of the region
function-early_war_scoring = an Early War scoring card
function-appendix_moment = what kind of moment it is now, for the AI's card instructions (headline, scoring round or another round)
function-has_card_to_play = has a card to play
function-vp_of = the side's VP lead
function-victory_rating = the victory rating
procedure-refill_empty_hands = an empty deck/hand gets a card
procedure-shuffle_both_decks_after_draw = both players' decks/hands are shuffled
procedure-give_up_for_event = a card is given up for the event
procedure-solo_headline = the headline phase of the solo game
procedure-mark_scoring_round = the action round becomes a scoring round (or stops being one)
procedure-solo_scoring_setup = the scoring deck is made
procedure-refill_scoring_deck = the scoring deck is made again from its discard pile
procedure-gather_scoring_cards = the scoring cards come back into their deck
procedure-reveal_top_scoring_card = the top scoring card is revealed
procedure-region_phase = the region restriction phase
procedure-next_regions = the regions move on
procedure-choose_scoring_round = whether the action round scores
procedure-begin_solo_round = the start of the action round
procedure-score_primary = the Primary region scores
procedure-solo_setup = the solo game's setup
procedure-solo_action_rounds = the action rounds
procedure-europe_control_check = control of Europe is checked

# `rule-<id>` names a standing rule of this ruleset's own (the standard ruleset's rules.ftl names the others).
rule-ai_never_causes_nuclear_war = The AI never causes nuclear war
rule-human_headline_influence = Your headline event's influence only in the Primary or Secondary region
rule-human_play_regions = Your operations only in the Primary or Secondary region
rule-two_per_country = At most 2 influence in a country each action round
