# Twilight Struggle, standard ruleset: card names and one-line summaries (English).
#
# For translators: one message per card, `card-<id>`, whose value is the card's name and whose
# `.summary` attribute says in one line what the event does. The ids come from
# rules/standard/cards/*.tsr (the card number is in each comment) and must not change.
# Summaries are our own short descriptions, not the printed card text; keep them to one line.
# Avoid curly braces: Fluent reads them as placeables.

# 1 · Early War
card-asia_scoring = Asia Scoring
    .short = Asia
    .summary = Scores Asia, Southeast Asia included: 3 VP for presence, 7 for domination, 9 for control, plus 1 VP for each battleground controlled and each controlled country next to the rival superpower.

# 2 · Early War
card-europe_scoring = Europe Scoring
    .short = Europe
    .summary = Scores Europe: 3 VP for presence, 7 for domination, and control of Europe wins the game; battlegrounds and countries next to the rival superpower add 1 VP each.

# 3 · Early War
card-middle_east_scoring = Middle East Scoring
    .short = Middle East
    .summary = Scores the Middle East: 3 VP for presence, 5 for domination, 7 for control, and 1 VP more for each battleground controlled.

# 4 · Early War
card-duck_and_cover = Duck and Cover
    .summary = DEFCON drops one step; the US then scores the difference between 5 and the new DEFCON as VP.

# 5 · Early War
card-five_year_plan = Five Year Plan
    .summary = A random card leaves the Soviet hand for the discard pile; should it carry a US event, that event takes place.

# 6 · Early War
card-the_china_card = The China Card
    .summary = Begins in Soviet hands and gives one extra op when every op is spent in Asia; once played it goes face down to the other side, and whoever holds it after turn 10 scores 1 VP.

# 7 · Early War
card-socialist_governments = Socialist Governments
    .summary = The USSR strips 3 US influence from Western Europe, no more than 2 from any one country; cannot be played as an event once The Iron Lady is in effect.

# 8 · Early War
card-fidel = Fidel
    .summary = Cuba loses all its US influence and the USSR puts in just enough influence to control it.

# 9 · Early War
card-vietnam_revolts = Vietnam Revolts
    .summary = The USSR places 2 influence in Vietnam, and until the turn ends a Soviet card whose ops all go to Southeast Asia is worth one more op.

# 10 · Early War
card-blockade = Blockade
    .summary = Unless the US gives up a card worth 3 ops or more, every US influence marker in West Germany is removed.

# 11 · Early War
card-korean_war = Korean War
    .summary = North Korea attacks South Korea: a die roll, less 1 for each adjacent US-controlled country, succeeds on 4 to 6, giving the USSR 2 VP and replacing US influence there with Soviet; the USSR gains 2 military ops either way.

# 12 · Early War
card-romanian_abdication = Romanian Abdication
    .summary = Romania loses all its US influence and the USSR adds just enough influence to control it.

# 13 · Early War
card-arab_israeli_war = Arab-Israeli War
    .summary = An attack on Israel: a die roll, less 1 for Israel and each adjacent country under US control, succeeds on 4 to 6 for 2 Soviet VP and a Soviet takeover of the US influence; 2 military ops for the USSR; blocked by the Camp David Accords.

# 14 · Early War
card-comecon = COMECON
    .summary = The USSR adds a single influence to four different Eastern European countries the US does not control.

# 15 · Early War
card-nasser = Nasser
    .summary = The USSR gains 2 influence in Egypt, and the US loses half of its Egyptian influence, rounded up.

# 16 · Early War
card-warsaw_pact_formed = Warsaw Pact Formed
    .summary = The USSR either clears all US influence from four Eastern European countries or places 5 influence there with at most 2 per country; NATO becomes playable.

# 17 · Early War
card-de_gaulle_leads_france = De Gaulle Leads France
    .summary = France loses 2 US influence and gains 1 Soviet influence, and NATO stops protecting France.

# 18 · Early War
card-captured_nazi_scientist = Captured Nazi Scientist
    .summary = Whoever plays it moves one box ahead on the Space Race.

# 19 · Early War
card-truman_doctrine = Truman Doctrine
    .summary = Pick a European country nobody controls and clear every Soviet influence marker from it.

# 20 · Early War
card-olympic_games = Olympic Games
    .summary = The opponent decides: take part, and both roll with a 2 bonus for the host and 2 VP to the higher roll (ties roll again); or stay away, which costs a DEFCON step and lets the host conduct 4 ops.

# 21 · Early War
card-nato = NATO
    .summary = Only playable after the Marshall Plan or the Warsaw Pact; from then on the USSR may neither coup nor realign in a European country the US controls, and Brush War cannot target one either.

# 22 · Early War
card-independent_reds = Independent Reds
    .summary = In one of Yugoslavia, Romania, Bulgaria, Hungary or Czechoslovakia, the US brings its influence up to the Soviet level.

# 23 · Early War
card-marshall_plan = Marshall Plan
    .summary = The US adds one influence to each of seven Western European countries the USSR does not control; NATO becomes playable.

# 24 · Early War
card-indo_pakistani_war = Indo-Pakistani War
    .summary = India or Pakistan attacks the other: a die roll, less 1 for each adjacent country the enemy controls, succeeds on 4 to 6 for 2 VP and a takeover of the enemy influence; 2 military ops for the attacker.

# 25 · Early War
card-containment = Containment
    .summary = Until the end of the turn every card the US plays is worth one more op, to a maximum of 4.

# 26 · Early War
card-cia_created = CIA Created
    .summary = The Soviet hand is shown to the US, which then uses this card for 1 op of operations.

# 27 · Early War
card-us_japan_mutual_defense_pact = US/Japan Mutual Defense Pact
    .summary = The US takes control of Japan, and the USSR may no longer coup or realign there.

# 28 · Early War
card-suez_crisis = Suez Crisis
    .summary = The USSR removes 4 US influence in total from France, the UK and Israel, never more than 2 from one of them.

# 29 · Early War
card-east_european_unrest = East European Unrest
    .summary = The US takes 1 Soviet influence from each of three Eastern European countries, or 2 from each when played in the Late War.

# 30 · Early War
card-decolonization = Decolonization
    .summary = The USSR places one influence in each of four countries of Africa or Southeast Asia.

# 31 · Early War
card-red_scare_purge = Red Scare/Purge
    .summary = Until the turn ends, each card the opponent plays loses one op, down to a minimum of 1.

# 32 · Early War
card-un_intervention = UN Intervention
    .summary = Played alongside a card carrying an opponent event, it lets you use that card's ops while its event does not happen; never usable in the headline.

# 33 · Early War
card-de_stalinization = De-Stalinization
    .also = Destalinization
    .summary = The USSR shifts up to 4 of its influence into countries the US does not control, adding no more than 2 to any one of them.

# 34 · Early War
card-nuclear_test_ban = Nuclear Test Ban
    .also = Nuclear Test Ban Treaty
    .summary = The player scores the current DEFCON minus 2 in VP, after which DEFCON rises by 2.

# 35 · Early War
card-formosan_resolution = Formosan Resolution
    .summary = While the US controls Taiwan, Asia scoring treats it as a battleground; the effect ends when the US plays The China Card.

# 36 · Mid War
card-brush_war = Brush War
    .summary = An attack on a country of stability 1 or 2: a die roll, less 1 for each adjacent enemy-controlled country, succeeds on 3 to 6 for 1 VP and a takeover of the enemy influence; the attacker gains 3 military ops.

# 37 · Mid War
card-central_america_scoring = Central America Scoring
    .short = Central America
    .summary = Scores Central America: 1 VP for presence, 3 for domination, 5 for control, with the usual battleground and superpower-neighbour bonuses.

# 38 · Mid War
card-southeast_asia_scoring = Southeast Asia Scoring
    .short = Southeast Asia
    .summary = Each controlled Burma, Laos/Cambodia, Vietnam, Malaysia, Indonesia or Philippines is worth 1 VP and Thailand 2 VP; the one scoring card that leaves the game once played.

# 39 · Mid War
card-arms_race = Arms Race
    .summary = A player ahead of the opponent on military ops scores 1 VP, or 3 VP if the required military ops are also met.

# 40 · Mid War
card-cuban_missile_crisis = Cuban Missile Crisis
    .summary = DEFCON goes to 2, and for the rest of the turn an opponent coup loses that side the game, unless it first takes 2 influence back (the USSR from Cuba, the US from West Germany or Turkey).

# 41 · Mid War
card-nuclear_subs = Nuclear Subs
    .also = Nuclear Submarines
    .summary = Until the turn ends, US coups in battleground countries leave DEFCON where it is.

# 42 · Mid War
card-quagmire = Quagmire
    .summary = At each of its action rounds the US must throw away a card of 2 or more ops and gets free only on a roll of 1 to 4; NORAD is cancelled.

# 43 · Mid War
card-salt_negotiations = SALT Negotiations
    .summary = DEFCON rises by 2, both sides roll 1 lower on coups for the rest of the turn, and the player may pick a non-scoring card out of the discard pile.

# 44 · Mid War
card-bear_trap = Bear Trap
    .summary = At each of its action rounds the USSR must throw away a card of 2 or more ops and gets free only on a roll of 1 to 4.

# 45 · Mid War
card-summit = Summit
    .summary = Each side rolls a die, adding 1 for every region it dominates or controls; the higher total scores 2 VP and may move DEFCON one step up or down, and a tie does nothing.

# 46 · Mid War
card-how_i_learned_to_stop_worrying = How I Learned to Stop Worrying
    .summary = The player sets DEFCON at any level from 1 to 5 and gains 5 military ops.

# 47 · Mid War
card-junta = Junta
    .summary = Put 2 influence in one country of Central or South America, then make a free coup or realignment rolls there with the card's ops.

# 48 · Mid War
card-kitchen_debates = Kitchen Debates
    .summary = The US scores 2 VP when it controls more battleground countries than the USSR.

# 49 · Mid War
card-missile_envy = Missile Envy
    .summary = Trade this card for the opponent's card with the most ops (you get its event only if it is yours or neutral); the opponent must play Missile Envy for ops in its next round.

# 50 · Mid War
card-we_will_bury_you = We Will Bury You
    .summary = DEFCON drops one step, and the USSR scores 3 VP unless the US answers with UN Intervention as an event in its next action round.

# 51 · Mid War
card-brezhnev_doctrine = Brezhnev Doctrine
    .summary = Until the end of the turn every card the USSR plays is worth one more op, to a maximum of 4.

# 52 · Mid War
card-portuguese_empire_crumbles = Portuguese Empire Crumbles
    .summary = The USSR places 2 influence in Angola and 2 in the SE African States.

# 53 · Mid War
card-south_african_unrest = South African Unrest
    .summary = The USSR puts 2 influence in South Africa, or 1 there and 2 in a single neighbouring country.

# 54 · Mid War
card-allende = Allende
    .summary = The USSR places 2 influence in Chile.

# 55 · Mid War
card-willy_brandt = Willy Brandt
    .summary = The USSR scores 1 VP and adds 1 influence in West Germany, which NATO then no longer protects; Tear Down This Wall cancels or prevents it.

# 56 · Mid War
card-muslim_revolution = Muslim Revolution
    .summary = In two countries chosen from Sudan, Iran, Iraq, Egypt, Libya, Saudi Arabia, Syria and Jordan, all US influence is removed; AWACS Sale to Saudis prevents it.

# 57 · Mid War
card-abm_treaty = ABM Treaty
    .summary = DEFCON rises one step, then this card's 4 ops are used for operations.

# 58 · Mid War
card-cultural_revolution = Cultural Revolution
    .summary = If the US has The China Card it passes face up to the USSR; if the USSR has it already, the USSR scores 1 VP.

# 59 · Mid War
card-flower_power = Flower Power
    .summary = From now on the USSR scores 2 VP whenever the US plays a war card, as event or for ops; An Evil Empire cancels it.

# 60 · Mid War
card-u2_incident = U2 Incident
    .also = U-2 Incident
    .summary = The USSR scores 1 VP, and 1 VP more should UN Intervention be played as an event later in the turn.

# 61 · Mid War
card-opec = OPEC
    .summary = The USSR scores 1 VP for each of Egypt, Iran, Libya, Saudi Arabia, Iraq, the Gulf States and Venezuela it controls; North Sea Oil prevents it.

# 62 · Mid War
card-lone_gunman = Lone Gunman
    .summary = The US hand is shown to the USSR, which then uses this card for 1 op of operations.

# 63 · Mid War
card-colonial_rear_guards = Colonial Rear Guards
    .summary = The US places one influence in each of four countries of Africa or Southeast Asia.

# 64 · Mid War
card-panama_canal_returned = Panama Canal Returned
    .summary = The US places one influence each in Panama, Costa Rica and Venezuela.

# 65 · Mid War
card-camp_david_accords = Camp David Accords
    .summary = The US scores 1 VP and adds one influence each to Israel, Jordan and Egypt; the Arab-Israeli War can no longer be played as an event.

# 66 · Mid War
card-puppet_governments = Puppet Governments
    .summary = The US places one influence in each of three countries where neither side has any.

# 67 · Mid War
card-grain_sales_to_soviets = Grain Sales to Soviets
    .summary = The US draws a random card from the Soviet hand and either plays it or hands it back and uses this card's ops instead.

# 68 · Mid War
card-john_paul_ii_elected_pope = John Paul II Elected Pope
    .summary = Poland loses 2 Soviet influence and gains 1 US influence; Solidarity becomes playable.

# 69 · Mid War
card-latin_american_death_squads = Latin American Death Squads
    .summary = Until the turn ends the player's coups in Central and South America roll 1 higher and the opponent's 1 lower.

# 70 · Mid War
card-oas_founded = OAS Founded
    .summary = The US places 2 influence anywhere in Central or South America.

# 71 · Mid War
card-nixon_plays_the_china_card = Nixon Plays the China Card
    .summary = If the USSR has The China Card it passes face down to the US; if the US has it already, the US scores 2 VP.

# 72 · Mid War
card-sadat_expels_soviets = Sadat Expels Soviets
    .summary = Egypt loses all its Soviet influence and the US puts 1 influence there.

# 73 · Mid War
card-shuttle_diplomacy = Shuttle Diplomacy
    .summary = At the next scoring of the Middle East or Asia the USSR counts one battleground fewer; the card is then discarded.

# 74 · Mid War
card-the_voice_of_america = The Voice of America
    .summary = The US takes 4 Soviet influence out of countries outside Europe, no more than 2 from any one.

# 75 · Mid War
card-liberation_theology = Liberation Theology
    .summary = The USSR places 3 influence in Central America, at most 2 in any one country.

# 76 · Mid War
card-ussuri_river_skirmish = Ussuri River Skirmish
    .summary = If the USSR has The China Card it passes face up to the US; otherwise the US adds 4 influence in Asia, at most 2 per country.

# 77 · Mid War
card-ask_not_what_your_country_can_do_for_you = Ask Not What Your Country Can Do For You
    .summary = The US may throw away any number of cards from its hand, scoring cards included, and draws the same number again.

# 78 · Mid War
card-alliance_for_progress = Alliance for Progress
    .summary = The US scores 1 VP for every battleground it controls in Central and South America.

# 79 · Mid War
card-africa_scoring = Africa Scoring
    .short = Africa
    .summary = Scores Africa: 1 VP for presence, 4 for domination, 6 for control, and 1 VP more for each battleground controlled.

# 80 · Mid War
card-one_small_step = One Small Step
    .summary = A player behind on the Space Race jumps two boxes ahead, scoring only the VP of the box it lands on.

# 81 · Mid War
card-south_america_scoring = South America Scoring
    .short = South America
    .summary = Scores South America: 2 VP for presence, 5 for domination, 6 for control, and 1 VP more for each battleground controlled.

# 82 · Late War
card-iranian_hostage_crisis = Iranian Hostage Crisis
    .summary = Iran loses all its US influence and the USSR adds 2 there; from then on Terrorism makes the US discard two random cards.

# 83 · Late War
card-the_iron_lady = The Iron Lady
    .summary = The USSR gains 1 influence in Argentina, the UK loses all its Soviet influence and the US scores 1 VP; Socialist Governments can no longer be played as an event.

# 84 · Late War
card-reagan_bombs_libya = Reagan Bombs Libya
    .summary = The US scores 1 VP for every two Soviet influence in Libya.

# 85 · Late War
card-star_wars = Star Wars
    .summary = If the US is ahead on the Space Race, it takes a non-scoring card from the discard pile and plays its event.

# 86 · Late War
card-north_sea_oil = North Sea Oil
    .summary = The US may take an eighth action round this turn, and OPEC can no longer be played as an event.

# 87 · Late War
card-the_reformer = The Reformer
    .summary = The USSR adds 4 influence in Europe, or 6 when ahead on VP, at most 2 per country; it may no longer coup in Europe, and Glasnost grows stronger.

# 88 · Late War
card-marine_barracks_bombing = Marine Barracks Bombing
    .summary = Lebanon loses all its US influence, and the US loses 2 more influence anywhere in the Middle East.

# 89 · Late War
card-soviets_shoot_down_kal_007 = Soviets Shoot Down KAL-007
    .summary = DEFCON drops one step and the US scores 2 VP; if the US controls South Korea it may also spend the ops on influence or realignment.

# 90 · Late War
card-glasnost = Glasnost
    .summary = DEFCON rises one step and the USSR scores 2 VP; with The Reformer in effect the USSR may also spend the ops on influence or realignment.

# 91 · Late War
card-ortega_elected_in_nicaragua = Ortega Elected in Nicaragua
    .summary = Nicaragua loses all its US influence, and the USSR makes a free 2-op coup in a country next to Nicaragua.

# 92 · Late War
card-terrorism = Terrorism
    .summary = The opponent discards a card at random, or two if the US is the target while the Iranian Hostage Crisis is in effect.

# 93 · Late War
card-iran_contra_scandal = Iran-Contra Scandal
    .summary = Until the turn ends, US realignment rolls are 1 lower.

# 94 · Late War
card-chernobyl = Chernobyl
    .summary = The US names a region where, until the turn ends, the USSR may not place influence with operations.

# 95 · Late War
card-latin_american_debt_crisis = Latin American Debt Crisis
    .summary = The US must discard a card worth 3 or more ops, otherwise the USSR doubles its influence in two South American countries.

# 96 · Late War
card-tear_down_this_wall = Tear Down This Wall
    .summary = The US adds 3 influence in East Germany and may then spend the card's ops on free coups or realignments in Europe; Willy Brandt is cancelled and prevented.

# 97 · Late War
card-an_evil_empire = An Evil Empire
    .summary = The US scores 1 VP, and Flower Power is cancelled and prevented.

# 98 · Late War
card-aldrich_ames_remix = Aldrich Ames Remix
    .summary = The US hand stays face up until the end of the turn, and the USSR picks one card from it to discard.

# 99 · Late War
card-pershing_ii_deployed = Pershing II Deployed
    .summary = The USSR scores 1 VP and takes 1 US influence from each of three Western European countries.

# 100 · Late War
card-wargames = Wargames
    .also = War Games
    .summary = At DEFCON 2 the player may hand the opponent 6 VP and end the game on the spot.

# 101 · Late War
card-solidarity = Solidarity
    .summary = The US places 3 influence in Poland; only playable as an event while John Paul II Elected Pope is in effect.

# 102 · Late War
card-iran_iraq_war = Iran-Iraq War
    .summary = Iran or Iraq attacks the other: a die roll, less 1 for each adjacent country the enemy controls, succeeds on 4 to 6 for 2 VP and a takeover of the enemy influence; 2 military ops for the attacker.

# 103 · Early War
card-defectors = Defectors
    .summary = As a US headline it cancels the Soviet headline, even a scoring card; when the USSR plays it in an action round, the US scores 1 VP.

# 104 · Early War, optional
card-the_cambridge_five = The Cambridge Five
    .summary = The US shows the scoring cards in its hand, and the USSR places 1 influence in one of the regions they name; no event in the Late War.

# 105 · Early War, optional
card-special_relationship = Special Relationship
    .summary = When the US controls the UK it adds 1 influence next to the UK, or, with NATO in effect, 2 influence in Western Europe and 2 VP.

# 106 · Early War, optional
card-norad = NORAD
    .summary = While the US controls Canada, each time DEFCON falls to 2 in an action round the US adds 1 influence where it already has some; Quagmire cancels it.

# 107 · Mid War, optional
card-che = Che
    .summary = The USSR makes a free coup in a non-battleground country of Central America, South America or Africa, and a second one elsewhere if the first removed US influence.

# 108 · Mid War, optional
card-our_man_in_tehran = Our Man in Tehran
    .summary = If the US controls a Middle East country, it looks at the top 5 cards of the draw pile, discards any of them without their events, and puts the rest back before a reshuffle.

# 109 · Late War, optional
card-yuri_and_samantha = Yuri and Samantha
    .summary = Until the turn ends, every US coup attempt gives the USSR 1 VP.

# 110 · Late War, optional
card-awacs_sale_to_saudis = AWACS Sale to Saudis
    .summary = The US places 2 influence in Saudi Arabia, and Muslim Revolution can no longer be played as an event.
