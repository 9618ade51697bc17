# `twilight sources`' list of provisional marks: what each mark of the rule files says after its P-number
# (`provisional "Pn: …"`), and the names of the readings the balance lab measured (readings.yaml).
#
# A mark's message is named by its P-number and the start of the SHA-256 of its whole text as the rule
# file writes it (cli/sources_words.py): a mark reworded in a rule file is a new message, and
# `twilight i18n check` reports its old words unused. The comment above each names where it is written.

## Provisional marks

# restriction human_play_regions (solo-v2/human.tsr:14)
provisional-p1-1-389bbe = your operations only in the Primary or Secondary region; the Space Race is open

# restriction human_headline_influence (solo-v2/human.tsr:28)
provisional-p1-1-e86e54 = influence you place by an event in the headline goes only to the Primary or Secondary region

# restriction two_per_country (solo-v2/human.tsr:22)
provisional-p1-2-9bf579 = the cap counts influence placed with operations, for both players

# function in_play_regions (solo-v2/human.tsr:6)
provisional-p1-4-c12b57 = a region includes its subregions; Asia includes Southeast Asia

# function scoring_region (solo-v2/regions.tsr:68)
provisional-p1-4-690ad6 = Southeast Asia Scoring marks the seven Southeast Asian countries

# procedure refill_scoring_deck (solo-v2/regions.tsr:100)
# procedure reveal_top_scoring_card (solo-v2/regions.tsr:122)
provisional-p2-1-8f8bac = an empty scoring deck (an eighth action round) is refilled by shuffling the scoring discard

# procedure next_regions (solo-v2/regions.tsr:172)
provisional-p2-1-9cc609 = the Primary card to the scoring discard, the Secondary becomes the Primary, a new Secondary is revealed

# procedure next_regions (solo-v2/regions.tsr:172)
provisional-p2-1-9753b2 = 000 · X (new regions every round) wins over the Game Notes' Mid/Late War count of 2 face-down cards, which holds through round 6: round 7 reveals one more

# procedure begin_solo_round (solo-v2/regions.tsr:209)
provisional-p2-1-cfa9c6 = new regions at the start of every action round after the first

# procedure score_primary (solo-v2/regions.tsr:222)
provisional-p2-1-056584 = a scored card other than Southeast Asia goes back into the scoring deck, shuffled

# zones/scoring_discard (solo-v2/regions.tsr:46)
provisional-p2-1-49b585 = a Primary card that did not score goes face up onto the scoring discard until step X

# procedure gather_scoring_cards (solo-v2/regions.tsr:113)
provisional-p2-2-1910d5 = at step X every turn all scoring cards still in the game are gathered and shuffled

# procedure region_phase (solo-v2/regions.tsr:136)
provisional-p2-2-0c19c5 = at step X every turn all scoring cards still in the game are gathered, shuffled and revealed anew

# procedure choose_scoring_round (solo-v2/regions.tsr:195)
provisional-p2-3-72339b = Early War: the first round from 3 to 6 whose Primary is an Early War scoring card

# priority ai_answer_coup (solo-v2/ai/answers.tsr:102)
provisional-p3-1-1b80f0 = a coup granted by an event follows the AI coup priority, Primary region first

# priority ai_answer_realign (solo-v2/ai/answers.tsr:123)
provisional-p3-1-558486 = a realignment granted by an event follows the AI realignment priority

# priority brush_war_solo_forced_target (solo-v2/ai/answers.tsr:210)
provisional-p3-1-b8c68e = in doubt, the most rational choice: where a won war takes your influence, the roll least hindered

# priority ai_answer_discard (solo-v2/ai/answers.tsr:141)
provisional-p3-1-9584e9 = the AI discards your events first, the most operations first

# priority ai_answer_play_event (solo-v2/ai/answers.tsr:153)
provisional-p3-1-47c156 = the AI picks its own event with the most operations

# priority ai_answer_card (solo-v2/ai/answers.tsr:168)
provisional-p3-1-a53b62 = otherwise the AI picks its own card with the most operations

# function ai_position_value (solo-v2/ai/answers.tsr:186)
provisional-p3-1-87c6ff = in doubt, the most rational choice: a won game, then VP, the regions' scores, influence; a lost game last

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-1-f4b696 = event influence of the AI goes where its placement priority works: Primary, then Secondary

# priority ai_answer_remove (solo-v2/ai/answers.tsr:55)
provisional-p3-1-7cbfa9 = the AI removes your influence where it hurts your scoring most: Primary region first

# priority ai_answer_remove_own (solo-v2/ai/answers.tsr:72)
provisional-p3-1-92a35b = the AI gives up its own influence where it matters least

# priority ai_answer_place_opponent (solo-v2/ai/answers.tsr:86)
provisional-p3-1-050801 = influence the AI must give you goes where it matters least

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-1-57da84 = an AI or neutral event when its appendix entry allows this moment, else operations

# priority cuban_missile_crisis_way_out (solo-v2/appendix/040_cuban_missile_crisis.tsr:86)
# function cuban_missile_crisis_way_out_pays (solo-v2/appendix/040_cuban_missile_crisis.tsr:104)
# function cuban_missile_crisis_has_way_out (solo-v2/appendix/040_cuban_missile_crisis.tsr:112)
provisional-p3-1-b53b87 = when the AI could not end your crisis at once, it ends it only as a coup of its choosing begins, where the 2 points change no control

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-2-83cce6 = your event first, then the AI's operations

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-3-fcc062 = your event to the Space Race outside scoring rounds when the AI may attempt

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-4-850355 = the Secondary region only outside scoring rounds

# priority ai_scoring_coup_target (solo-v2/ai/operations.tsr:131)
provisional-p3-4-26a465 = in a scoring round, a coup in a Key country of the Primary region that can change a scoring level comes first

# procedure ai_operations (solo-v2/ai/operations.tsr:167)
# procedure ai_spend_influence (solo-v2/ai/operations.tsr:93)
provisional-p3-4-a92559 = the Secondary region only for influence and only outside scoring rounds

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-5-932223 = when the priority offers none of the countries, the closest to control

# procedure ai_operations (solo-v2/ai/operations.tsr:167)
provisional-p3-5-5f0657 = the Space Race when allowed, else influence by option 9 anywhere legal

# procedure ai_influence_only (solo-v2/ai/operations.tsr:219)
# priority ai_anywhere (solo-v2/ai/operations.tsr:237)
# procedure ai_fallback_influence (solo-v2/ai/operations.tsr:255)
# procedure ai_spend_influence (solo-v2/ai/operations.tsr:93)
provisional-p3-5-b1fd98 = influence by option 9 anywhere legal

# priority ai_anywhere, option 2 (solo-v2/ai/operations.tsr:237)
provisional-p3-5-a032ab = beyond its words: with no non-Key country open anywhere, a Key country, so the operations are spent

# order region_country_priority (solo-v2/ai/region_country_priority.tsr:6)
provisional-p4-15d931 = the seeds lack section 9; regions, then Key countries, stability, name

# appendix 42 quagmire (solo-v2/appendix/042_quagmire.tsr:7)
# appendix 44 bear_trap (solo-v2/appendix/044_bear_trap.tsr:6)
# priority quagmire_solo_ai_card (solo-v2/appendix/042_quagmire.tsr:64)
# priority bear_trap_solo_ai_card (solo-v2/appendix/044_bear_trap.tsr:61)
provisional-p5-0e1c75 = trapping you costs you action rounds, worth more than 3 ops outside a scoring round

# appendix 43 salt_negotiations (solo-v2/appendix/043_salt_negotiations.tsr:10)
provisional-p5-850b87 = no VP or influence; an event only when DEFCON 2 blocks the AI's coups

# function salt_solo_cards (solo-v2/appendix/043_salt_negotiations.tsr:29)
provisional-p5-94ca8d = SALT Negotiations takes a card that is not your event into the AI's deck/hand

# appendix 45 summit (solo-v2/appendix/045_summit.tsr:5)
provisional-p5-a21821 = a 1-op card for a 2 VP contest: only when the AI's die gets the larger bonus

# appendix 46 how_i_learned_to_stop_worrying (solo-v2/appendix/046_how_i_learned_to_stop_worrying.tsr:6)
provisional-p5-324892 = 5 military ops when the AI is short of them at this DEFCON; DEFCON is left as it is

# appendix 47 junta (solo-v2/appendix/047_junta.tsr:6)
provisional-p5-dd3235 = 2 influence plus a free coup: worth the event when it gains control of a country

# appendix 48 kitchen_debates (solo-v2/appendix/048_kitchen_debates.tsr:5)
# appendix 61 opec (solo-v2/appendix/061_opec.tsr:4)
provisional-p5-cd8829 = like Duck and Cover (seed 4): 2+ VP, or the win in a scoring round

# appendix 49 missile_envy (solo-v2/appendix/049_missile_envy.tsr:9)
# priority missile_envy_solo_ai_card (solo-v2/appendix/049_missile_envy.tsr:62)
provisional-p5-6aa3af = your strongest card (3+ ops) gains the AI more than this card's 2 ops

# appendix 50 we_will_bury_you (solo-v2/appendix/050_we_will_bury_you.tsr:5)
provisional-p5-242edc = nearly sure 3 VP, but only while the DEFCON drop leaves DEFCON 3+

# appendix 51 brezhnev_doctrine (solo-v2/appendix/051_brezhnev_doctrine.tsr:4)
provisional-p5-36ee22 = +1 op a card is worth 3 ops only with 3+ AI rounds left this turn

# appendix 52 portuguese_empire_crumbles (solo-v2/appendix/052_portuguese_empire_crumbles.tsr:4)
# appendix 63 colonial_rear_guards (solo-v2/appendix/063_colonial_rear_guards.tsr:4)
provisional-p5-53e583 = 4 influence for a 2-op card; a scoring round only if it scores better than the ops

# appendix 53 south_african_unrest (solo-v2/appendix/053_south_african_unrest.tsr:5)
provisional-p5-a14934 = 2 influence equal the 2 ops; the event only if it gains control of a country

# appendix 54 allende (solo-v2/appendix/054_allende.tsr:4)
# appendix 70 oas_founded (solo-v2/appendix/070_oas_founded.tsr:4)
provisional-p5-50b01b = 2 influence for a 1-op card; a scoring round only if it scores better than the op

# appendix 55 willy_brandt (solo-v2/appendix/055_willy_brandt.tsr:4)
provisional-p5-58a100 = 1 VP and 1 influence, and NATO no longer shields West Germany, for a 2-op card

# appendix 56 muslim_revolution (solo-v2/appendix/056_muslim_revolution.tsr:5)
provisional-p5-13893e = like the seed's removal cards: removes at least the card's 4 ops in influence

# appendix 57 abm_treaty (solo-v2/appendix/057_abm_treaty.tsr:5)
provisional-p5-23a9c0 = the same ops plus a DEFCON step: the event when DEFCON is 3 or lower

# appendix 58 cultural_revolution (solo-v2/appendix/058_cultural_revolution.tsr:5)
provisional-p5-2ebcfb = only to take The China Card from you; 1 VP is less than 3 ops

# appendix 59 flower_power (solo-v2/appendix/059_flower_power.tsr:4)
provisional-p5-c7036f = VP only from your later war cards, which the AI cannot foresee; 4 ops are sure

# appendix 60 u2_incident (solo-v2/appendix/060_u2_incident.tsr:4)
provisional-p5-849757 = 1 VP is less than 3 ops: only when the VP wins the game

# appendix 62 lone_gunman (solo-v2/appendix/062_lone_gunman.tsr:4)
provisional-p5-caba88 = the USSR's CIA Created: the seed's entry 26 with the sides swapped

# appendix 64 panama_canal_returned (solo-v2/appendix/064_panama_canal_returned.tsr:4)
provisional-p5-c87149 = 3 influence for a 1-op card; a scoring round only if it scores better than the op

# appendix 65 camp_david_accords (solo-v2/appendix/065_camp_david_accords.tsr:4)
provisional-p5-ce954b = 1 VP and 3 influence for a 2-op card; a scoring round only if it scores better

# appendix 66 puppet_governments (solo-v2/appendix/066_puppet_governments.tsr:4)
provisional-p5-ac24f0 = 3 influence for a 2-op card, when three empty countries take them

# appendix 67 grain_sales_to_soviets (solo-v2/appendix/067_grain_sales_to_soviets.tsr:10)
provisional-p5-63f72f = a card taken from you, or else the same 2 ops: the event in rounds that do not score

# procedure ai_grain_sales (solo-v2/appendix/067_grain_sales_to_soviets.tsr:26)
provisional-p5-52b8ea = the AI keeps a drawn card that is not your event, else uses Grain Sales' 2 ops

# appendix 68 john_paul_ii_elected_pope (solo-v2/appendix/068_john_paul_ii_elected_pope.tsr:5)
provisional-p5-133d07 = like Truman Doctrine (seed 19): 2+ of your influence removed

# appendix 69 latin_american_death_squads (solo-v2/appendix/069_latin_american_death_squads.tsr:4)
provisional-p5-21fc31 = helps only coups the AI may never make; the 2 ops are sure

# appendix 71 nixon_plays_the_china_card (solo-v2/appendix/071_nixon_plays_the_china_card.tsr:5)
provisional-p5-9cd84a = The China Card or 2 VP for a 2-op card; in a scoring round only for the win

# appendix 72 sadat_expels_soviets (solo-v2/appendix/072_sadat_expels_soviets.tsr:4)
provisional-p5-e5fab8 = removal plus 1 influence beats 1 op when you have influence in Egypt

# appendix 73 shuttle_diplomacy (solo-v2/appendix/073_shuttle_diplomacy.tsr:4)
provisional-p5-9917d2 = an event only when you control a Key country it would take off a scoring

# appendix 74 the_voice_of_america (solo-v2/appendix/074_the_voice_of_america.tsr:4)
provisional-p5-6af34d = removing 3+ of your influence is worth more than 2 ops

# appendix 75 liberation_theology (solo-v2/appendix/075_liberation_theology.tsr:4)
provisional-p5-dd9104 = 3 influence for a 2-op card; a scoring round only if it scores better than the ops

# appendix 76 ussuri_river_skirmish (solo-v2/appendix/076_ussuri_river_skirmish.tsr:2)
provisional-p5-f3cbf7 = always worth 3 ops (your China Card, or 4 influence); Asia scoring if it scores better

# appendix 77 ask_not_what_your_country_can_do_for_you (solo-v2/appendix/077_ask_not_what_your_country_can_do_for_you.tsr:3)
provisional-p5-0cf6c9 = the AI swaps out 2+ of your events from its deck/hand; your own swap ends in a shuffle

# appendix 78 alliance_for_progress (solo-v2/appendix/078_alliance_for_progress.tsr:2)
# appendix 84 reagan_bombs_libya (solo-v2/appendix/084_reagan_bombs_libya.tsr:2)
provisional-p5-8f1369 = like Duck and Cover (4): 2+ VP outside scoring rounds; in a scoring round only to win

# appendix 80 one_small_step (solo-v2/appendix/080_one_small_step.tsr:2)
provisional-p5-68f7e3 = read like Captured Nazi Scientist (18): only when the AI is behind in the Space Race

# appendix 82 iranian_hostage_crisis (solo-v2/appendix/082_iranian_hostage_crisis.tsr:2)
provisional-p5-fe31d7 = 2 influence and 1+ of yours removed beat 3 ops; Middle East scoring if it scores better

# appendix 83 the_iron_lady (solo-v2/appendix/083_the_iron_lady.tsr:2)
provisional-p5-6a056d = 1 VP and a net 2+ of your influence removed beat 3 ops; Europe scoring if better

# appendix 85 star_wars (solo-v2/appendix/085_star_wars.tsr:10)
provisional-p5-e98c01 = only with the AI ahead in the Space Race and a card it would play in the discard or draw pile

# function star_wars_solo_cards (solo-v2/appendix/085_star_wars.tsr:27)
provisional-p5-ab7257 = Star Wars takes a card whose event the AI would play: its own or a neutral one

# appendix 86 north_sea_oil (solo-v2/appendix/086_north_sea_oil.tsr:3)
provisional-p5-97ec81 = an eighth round (always taken) and no OPEC beat 3 ops outside scoring rounds

# appendix 87 the_reformer (solo-v2/appendix/087_the_reformer.tsr:2)
provisional-p5-26feff = 4-6 influence beat 3 ops outside scoring rounds; Europe scoring if it scores better

# appendix 88 marine_barracks_bombing (solo-v2/appendix/088_marine_barracks_bombing.tsr:2)
provisional-p5-fb7f86 = 2+ of your influence removed match 2 ops; Middle East scoring if it scores better

# appendix 89 soviets_shoot_down_kal_007 (solo-v2/appendix/089_soviets_shoot_down_kal_007.tsr:2)
provisional-p5-399cab = 2 VP while DEFCON is 3+ (never to 1); otherwise, and in scoring rounds, only to win

# appendix 90 glasnost (solo-v2/appendix/090_glasnost.tsr:5)
provisional-p5-127894 = like Nuclear Test Ban (34): its 2 VP are always there outside scoring rounds; in a scoring round only to win

# appendix 91 ortega_elected_in_nicaragua (solo-v2/appendix/091_ortega_elected_in_nicaragua.tsr:3)
provisional-p5-2d207a = 2+ of your influence removed match 2 ops; Central America scoring if it scores better

# appendix 92 terrorism (solo-v2/appendix/092_terrorism.tsr:5)
provisional-p5-27ed3c = one of your cards lost is worth more than 2 ops outside scoring rounds

# appendix 93 iran_contra_scandal (solo-v2/appendix/093_iran_contra_scandal.tsr:2)
provisional-p5-b6b109 = a turn of weaker realignment rolls for you is worth less than 2 ops: never as an event

# appendix 94 chernobyl (solo-v2/appendix/094_chernobyl.tsr:3)
provisional-p5-23010c = the AI shuts the Primary region to your influence for the turn, worth more than 3 ops

# appendix 95 latin_american_debt_crisis (solo-v2/appendix/095_latin_american_debt_crisis.tsr:3)
# priority debt_crisis_solo_ai_card (solo-v2/appendix/095_latin_american_debt_crisis.tsr:51)
provisional-p5-28d51a = with AI influence in 2+ South American countries; your way out read like Blockade (10)

# appendix 96 tear_down_this_wall (solo-v2/appendix/096_tear_down_this_wall.tsr:2)
provisional-p5-34aae6 = 3 influence and free ops in Europe beat 3 ops; Europe scoring if it scores better

# appendix 97 an_evil_empire (solo-v2/appendix/097_an_evil_empire.tsr:2)
provisional-p5-3eaab6 = 1 VP alone is less than 3 ops: only to end Flower Power in effect, or to win the game

# appendix 98 aldrich_ames_remix (solo-v2/appendix/098_aldrich_ames_remix.tsr:6)
provisional-p5-96dc9e = taking your best card is worth the 3 ops outside scoring rounds

# appendix 99 pershing_ii_deployed (solo-v2/appendix/099_pershing_ii_deployed.tsr:2)
provisional-p5-bf5e83 = 1 VP and 2+ of your influence removed match 3 ops; Europe scoring if it scores better

# appendix 100 wargames (solo-v2/appendix/100_wargames.tsr:3)
provisional-p5-57d0e8 = read like Arab-Israeli War (13): the AI plays it only when ending the game wins it

# appendix 101 solidarity (solo-v2/appendix/101_solidarity.tsr:2)
provisional-p5-aaf244 = 3 influence beats 2 ops; Europe scoring only if it scores better

# appendix 102 iran_iraq_war (solo-v2/appendix/102_iran_iraq_war.tsr:3)
# priority iran_iraq_war_solo_target (solo-v2/appendix/102_iran_iraq_war.tsr:28)
provisional-p5-f3a617 = like Indo-Pakistan War (24): hindrance 1 or less in the headline, 0 in other rounds

# appendix 103 defectors (solo-v2/appendix/103_defectors.tsr:2)
provisional-p5-145571 = the event does something for the US only as a headline (it cancels yours)

# appendix 104 the_cambridge_five (solo-v2/appendix/104_the_cambridge_five.tsr:6)
provisional-p5-37f54a = 1 influence is less than 2 ops; the scoring cards shown are the Primary and Secondary

# appendix 105 special_relationship (solo-v2/appendix/105_special_relationship.tsr:3)
provisional-p5-37da5f = worth 2 ops only with NATO (2 VP, 2 influence); Europe scoring if it scores better

# appendix 106 norad (solo-v2/appendix/106_norad.tsr:2)
provisional-p5-55ba41 = a lasting effect that works only while the AI controls Canada: played only then

# appendix 107 che (solo-v2/appendix/107_che.tsr:2)
provisional-p5-e5741c = free coups removing 2+ of your influence beat 3 ops; its regions' scoring if better

# appendix 108 our_man_in_tehran (solo-v2/appendix/108_our_man_in_tehran.tsr:4)
provisional-p5-b25154 = only when the AI controls a Middle Eastern country (else the event does nothing)

# appendix 109 yuri_and_samantha (solo-v2/appendix/109_yuri_and_samantha.tsr:3)
provisional-p5-887617 = its effect lasts the turn, so it is worth a card only from the headline

# appendix 110 awacs_sale_to_saudis (solo-v2/appendix/110_awacs_sale_to_saudis.tsr:3)
provisional-p5-1d8147 = 2 influence beat 3 ops only with control of Saudi Arabia; Middle East scoring if better

# function cards_ai_finds_in_discard (solo-v2/game_notes.tsr:42)
provisional-p5-96fcbc = with no wanted card in the whole draw pile the AI takes nothing

# procedure turn_over_draw_pile_for (solo-v2/game_notes.tsr:53)
provisional-p5-fa7925 = with no wanted card in the whole draw pile the whole pile is turned over and shuffled

# function box4_wants_human_event (solo-v2/headline.tsr:12)
# function ai_may_headline (solo-v2/headline.tsr:28)
provisional-p6-a536be = the AI with the box-4 ability looks for a card that is not your event

# function victory_rating (solo-v2/victory.tsr:42)
provisional-p7-c5f268 = Master 20+, Decisive 10-19, Clear 5-9, Marginal 1-4, Draw 0; the same scale for the AI

# sequence game (solo-v2/sequence.tsr:5)
provisional-p8-b081d3 = steps E-I as in the official rules; cards left in a deck/hand stay for the next turn

# appendix 41 nuclear_subs (solo-v2/appendix/041_nuclear_subs.tsr:15)
provisional-p9-5d4c58 = the card stays face up until the end of the turn or the doubled coup

## The readings measured (readings.yaml), and the policy that played the human side

reading-as-written = as written (ours)
reading-p1-1-lifted = lifted
reading-p1-1-penalty = a penalty of 1 a point
reading-p1-2-cap-ai-only = the cap binds the AI alone
reading-p2-2-deck-kept = the scoring deck carries on
reading-p2-3-rounds-3-or-6 = Early War scoring at round 3, else 6
reading-p3-3-no-space-race = your event never to the Space Race
reading-p3-4-no-scoring-coup = no coup first in a scoring round
readings-policy-search-playouts-6-normal = search --playouts 6 (normal level)
