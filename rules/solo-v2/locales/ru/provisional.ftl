# `twilight sources`: список временных правил (русский). Что говорит каждая отметка `provisional "Pn: …"`
# правил после своего P-номера, и названия прочтений, которые измерила лаборатория баланса (readings.yaml).
#
# Имя сообщения отметки — её P-номер и начало SHA-256 всего её текста, как он записан в файле правил
# (cli/sources_words.py): если текст отметки изменился, это уже новое сообщение. Над каждым сообщением —
# где записана отметка. Понятия, которые источники называют по-разному, — только через термины (terms.ftl).

## Временные правила

# restriction human_play_regions (solo-v2/human.tsr:14)
provisional-p1-1-389bbe = ваши операции — только в Первичном или Вторичном регионе; Космическая гонка открыта всегда

# restriction human_headline_influence (solo-v2/human.tsr:28)
provisional-p1-1-e86e54 = влияние, которое вы ставите событием в { -headline-phase(case: "prep") }, идёт только в Первичный или Вторичный регион

# restriction two_per_country (solo-v2/human.tsr:22)
provisional-p1-2-9bf579 = предел считает влияние, поставленное операциями, у обоих игроков

# function in_play_regions (solo-v2/human.tsr:6)
provisional-p1-4-c12b57 = регион включает свои подрегионы; Азия включает Юго-Восточную Азию

# function scoring_region (solo-v2/regions.tsr:68)
provisional-p1-4-690ad6 = карточка подсчета очков Юго-Восточной Азии охватывает семь стран Юго-Восточной Азии

# procedure refill_scoring_deck (solo-v2/regions.tsr:100)
# procedure reveal_top_scoring_card (solo-v2/regions.tsr:122)
provisional-p2-1-8f8bac = опустевшую колоду подсчета очков (в восьмом раунде действий) пополняют, перемешав сброс карточек подсчета очков

# procedure next_regions (solo-v2/regions.tsr:172)
provisional-p2-1-9cc609 = карточка Первичного региона уходит в сброс карточек подсчета очков, Вторичный регион становится Первичным, открывают новый Вторичный

# procedure next_regions (solo-v2/regions.tsr:172)
provisional-p2-1-9753b2 = 000 · X (новые регионы в каждом раунде) сильнее счёта «Игровых примечаний» для Середины и Конца войны (2 карточки рубашкой вверх), который верен до 6-го раунда: в 7-м раунде открывают ещё одну

# procedure begin_solo_round (solo-v2/regions.tsr:209)
provisional-p2-1-cfa9c6 = новые регионы в начале каждого раунда действий, кроме первого

# procedure score_primary (solo-v2/regions.tsr:222)
provisional-p2-1-056584 = карточка, принёсшая очки (кроме Юго-Восточной Азии), возвращается в колоду подсчета очков, и колоду перемешивают

# zones/scoring_discard (solo-v2/regions.tsr:46)
provisional-p2-1-49b585 = карточка Первичного региона, не принёсшая очков, лежит лицом вверх в сбросе карточек подсчета очков до шага X

# procedure gather_scoring_cards (solo-v2/regions.tsr:113)
provisional-p2-2-1910d5 = на шаге X каждого хода все карточки подсчета очков, ещё оставшиеся в игре, собирают и перемешивают

# procedure region_phase (solo-v2/regions.tsr:136)
provisional-p2-2-0c19c5 = на шаге X каждого хода все карточки подсчета очков, ещё оставшиеся в игре, собирают, перемешивают и открывают заново

# procedure choose_scoring_round (solo-v2/regions.tsr:195)
provisional-p2-3-72339b = Начало войны: первый раунд с 3-го по 6-й, в котором Первичный регион задан карточкой подсчета очков Начала войны

# priority ai_answer_coup (solo-v2/ai/answers.tsr:102)
provisional-p3-1-1b80f0 = переворот, который даёт событие, идёт по приоритету переворотов ИИ, сначала в Первичном регионе

# priority ai_answer_realign (solo-v2/ai/answers.tsr:123)
provisional-p3-1-558486 = { -realignment }, которое даёт событие, идёт по приоритету { -realignment(case: "gen") } ИИ

# priority brush_war_solo_forced_target (solo-v2/ai/answers.tsr:210)
provisional-p3-1-b8c68e = в сомнительном случае самый разумный выбор: страна, где выигранная война отдаст ИИ ваше влияние, с наименьшей помехой броску

# priority ai_answer_discard (solo-v2/ai/answers.tsr:141)
provisional-p3-1-9584e9 = ИИ сбрасывает сначала ваши события, начиная с карт с наибольшими ОО

# priority ai_answer_play_event (solo-v2/ai/answers.tsr:153)
provisional-p3-1-47c156 = ИИ выбирает своё событие с наибольшими ОО

# priority ai_answer_card (solo-v2/ai/answers.tsr:168)
provisional-p3-1-a53b62 = иначе ИИ выбирает свою карту с наибольшими ОО

# function ai_position_value (solo-v2/ai/answers.tsr:186)
provisional-p3-1-87c6ff = в сомнительном случае — самый разумный выбор: сначала выигранная партия, затем ПО, очки регионов, влияние; проигранная партия — последней

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-1-f4b696 = влияние ИИ от события идёт туда, где работает его приоритет размещения: в Первичный регион, затем во Вторичный

# priority ai_answer_remove (solo-v2/ai/answers.tsr:55)
provisional-p3-1-7cbfa9 = ИИ снимает ваше влияние там, где это сильнее всего бьёт по вашим очкам при подсчете: сначала в Первичном регионе

# priority ai_answer_remove_own (solo-v2/ai/answers.tsr:72)
provisional-p3-1-92a35b = ИИ отдаёт своё влияние там, где оно значит меньше всего

# priority ai_answer_place_opponent (solo-v2/ai/answers.tsr:86)
provisional-p3-1-050801 = влияние, которое ИИ должен дать вам, идёт туда, где оно значит меньше всего

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-1-57da84 = событие ИИ или нейтральное — если его статья приложения разрешает этот момент, иначе операции

# priority cuban_missile_crisis_way_out (solo-v2/appendix/040_cuban_missile_crisis.tsr:86)
# function cuban_missile_crisis_way_out_pays (solo-v2/appendix/040_cuban_missile_crisis.tsr:104)
# function cuban_missile_crisis_has_way_out (solo-v2/appendix/040_cuban_missile_crisis.tsr:112)
provisional-p3-1-b53b87 = если ИИ не смог сразу прекратить ваш кризис, он прекращает его, только начиная выбранный им переворот, и только там, где 2 очка влияния не меняют контроля

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-2-83cce6 = сначала ваше событие, затем операции ИИ

# procedure ai_play_card (solo-v2/ai/operations.tsr:320)
provisional-p3-3-fcc062 = ваше событие — в Космическую гонку вне Раундов с подсчетом очков, если ИИ может сделать попытку

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-4-850355 = Вторичный регион — только вне Раундов с подсчетом очков

# priority ai_scoring_coup_target (solo-v2/ai/operations.tsr:131)
provisional-p3-4-26a465 = в Раунде с подсчетом очков первым идёт переворот в Ключевой стране Первичного региона, который может изменить уровень при подсчете

# procedure ai_operations (solo-v2/ai/operations.tsr:167)
# procedure ai_spend_influence (solo-v2/ai/operations.tsr:93)
provisional-p3-4-a92559 = Вторичный регион — только для влияния и только вне Раундов с подсчетом очков

# priority ai_answer_place (solo-v2/ai/answers.tsr:25)
provisional-p3-5-932223 = когда приоритет не предлагает ни одной из стран — та, что ближе всего к контролю

# procedure ai_operations (solo-v2/ai/operations.tsr:167)
provisional-p3-5-5f0657 = Космическая гонка, когда она разрешена, иначе влияние по варианту 9 везде, где это допустимо

# procedure ai_influence_only (solo-v2/ai/operations.tsr:219)
# priority ai_anywhere (solo-v2/ai/operations.tsr:237)
# procedure ai_fallback_influence (solo-v2/ai/operations.tsr:255)
# procedure ai_spend_influence (solo-v2/ai/operations.tsr:93)
provisional-p3-5-b1fd98 = влияние по варианту 9 везде, где это допустимо

# priority ai_anywhere, option 2 (solo-v2/ai/operations.tsr:237)
provisional-p3-5-a032ab = сверх его слов: если нигде не осталось доступной не-Ключевой страны, то Ключевая страна, чтобы операции не пропали

# order region_country_priority (solo-v2/ai/region_country_priority.tsr:6)
provisional-p4-15d931 = в источниках нет раздела 9; регионы, затем Ключевые страны, стабильность, название

# appendix 42 quagmire (solo-v2/appendix/042_quagmire.tsr:7)
# appendix 44 bear_trap (solo-v2/appendix/044_bear_trap.tsr:6)
# priority quagmire_solo_ai_card (solo-v2/appendix/042_quagmire.tsr:64)
# priority bear_trap_solo_ai_card (solo-v2/appendix/044_bear_trap.tsr:61)
provisional-p5-0e1c75 = ловушка отнимает у вас раунды действий, а вне Раунда с подсчетом очков это ценнее 3 ОО

# appendix 43 salt_negotiations (solo-v2/appendix/043_salt_negotiations.tsr:10)
provisional-p5-850b87 = ни ПО, ни влияния; событие — только когда DEFCON 2 не даёт ИИ совершать перевороты

# function salt_solo_cards (solo-v2/appendix/043_salt_negotiations.tsr:29)
provisional-p5-94ca8d = «Переговоры ОСВ» берут в колоду/руку ИИ карту, событие которой не ваше

# appendix 45 summit (solo-v2/appendix/045_summit.tsr:5)
provisional-p5-a21821 = карта в 1 ОО ради спора за 2 ПО: только когда к кубику ИИ прибавляется больший бонус

# appendix 46 how_i_learned_to_stop_worrying (solo-v2/appendix/046_how_i_learned_to_stop_worrying.tsr:6)
provisional-p5-324892 = 5 военных операций, когда ИИ их не хватает при этом DEFCON; DEFCON остаётся прежним

# appendix 47 junta (solo-v2/appendix/047_junta.tsr:6)
provisional-p5-dd3235 = 2 влияния и бесплатный переворот: событие того стоит, когда даёт контроль над страной

# appendix 48 kitchen_debates (solo-v2/appendix/048_kitchen_debates.tsr:5)
# appendix 61 opec (solo-v2/appendix/061_opec.tsr:4)
provisional-p5-cd8829 = как «Пригнись и укройся» (статья 4 источника): 2+ ПО или победа в Раунде с подсчетом очков

# appendix 49 missile_envy (solo-v2/appendix/049_missile_envy.tsr:9)
# priority missile_envy_solo_ai_card (solo-v2/appendix/049_missile_envy.tsr:62)
provisional-p5-6aa3af = ваша сильнейшая карта (3+ ОО) даёт ИИ больше, чем 2 ОО этой карты

# appendix 50 we_will_bury_you (solo-v2/appendix/050_we_will_bury_you.tsr:5)
provisional-p5-242edc = почти верные 3 ПО, но только пока после падения DEFCON остаётся 3+

# appendix 51 brezhnev_doctrine (solo-v2/appendix/051_brezhnev_doctrine.tsr:4)
provisional-p5-36ee22 = +1 ОО на карту стоит 3 ОО, только если у ИИ в этом ходу осталось 3+ раунда

# appendix 52 portuguese_empire_crumbles (solo-v2/appendix/052_portuguese_empire_crumbles.tsr:4)
# appendix 63 colonial_rear_guards (solo-v2/appendix/063_colonial_rear_guards.tsr:4)
provisional-p5-53e583 = 4 влияния за карту в 2 ОО; в Раунде с подсчетом очков — только если так очков выйдет больше, чем от ОО

# appendix 53 south_african_unrest (solo-v2/appendix/053_south_african_unrest.tsr:5)
provisional-p5-a14934 = 2 влияния равны 2 ОО; событие — только если оно даёт контроль над страной

# appendix 54 allende (solo-v2/appendix/054_allende.tsr:4)
# appendix 70 oas_founded (solo-v2/appendix/070_oas_founded.tsr:4)
provisional-p5-50b01b = 2 влияния за карту в 1 ОО; в Раунде с подсчетом очков — только если так очков выйдет больше, чем от ОО

# appendix 55 willy_brandt (solo-v2/appendix/055_willy_brandt.tsr:4)
provisional-p5-58a100 = 1 ПО и 1 влияние, и НАТО больше не защищает Западную Германию — за карту в 2 ОО

# appendix 56 muslim_revolution (solo-v2/appendix/056_muslim_revolution.tsr:5)
provisional-p5-13893e = как карты источника, снимающие влияние: снимает влияния не меньше, чем 4 ОО карты

# appendix 57 abm_treaty (solo-v2/appendix/057_abm_treaty.tsr:5)
provisional-p5-23a9c0 = те же ОО и ещё шаг DEFCON: событие, когда DEFCON 3 или ниже

# appendix 58 cultural_revolution (solo-v2/appendix/058_cultural_revolution.tsr:5)
provisional-p5-2ebcfb = только чтобы забрать у вас { -china-card(case: "acc") }; 1 ПО меньше 3 ОО

# appendix 59 flower_power (solo-v2/appendix/059_flower_power.tsr:4)
provisional-p5-c7036f = ПО только от ваших будущих карт войн, которых ИИ предвидеть не может; 4 ОО — наверняка

# appendix 60 u2_incident (solo-v2/appendix/060_u2_incident.tsr:4)
provisional-p5-849757 = 1 ПО меньше 3 ОО: только когда это ПО выигрывает партию

# appendix 62 lone_gunman (solo-v2/appendix/062_lone_gunman.tsr:4)
provisional-p5-caba88 = «Основание ЦРУ» за СССР: статья 26 источника, где стороны поменялись местами

# appendix 64 panama_canal_returned (solo-v2/appendix/064_panama_canal_returned.tsr:4)
provisional-p5-c87149 = 3 влияния за карту в 1 ОО; в Раунде с подсчетом очков — только если так очков выйдет больше, чем от ОО

# appendix 65 camp_david_accords (solo-v2/appendix/065_camp_david_accords.tsr:4)
provisional-p5-ce954b = 1 ПО и 3 влияния за карту в 2 ОО; в Раунде с подсчетом очков — только если так очков выйдет больше

# appendix 66 puppet_governments (solo-v2/appendix/066_puppet_governments.tsr:4)
provisional-p5-ac24f0 = 3 влияния за карту в 2 ОО, когда их можно поставить в три пустые страны

# appendix 67 grain_sales_to_soviets (solo-v2/appendix/067_grain_sales_to_soviets.tsr:10)
provisional-p5-63f72f = карта, отнятая у вас, или те же 2 ОО: событие — в Раундах без подсчета очков

# procedure ai_grain_sales (solo-v2/appendix/067_grain_sales_to_soviets.tsr:26)
provisional-p5-52b8ea = ИИ оставляет себе вытянутую карту, если её событие не ваше, иначе тратит 2 ОО «Продажи зерна Советам»

# appendix 68 john_paul_ii_elected_pope (solo-v2/appendix/068_john_paul_ii_elected_pope.tsr:5)
provisional-p5-133d07 = как «Доктрина Трумэна» (статья 19 источника): снято 2+ вашего влияния

# appendix 69 latin_american_death_squads (solo-v2/appendix/069_latin_american_death_squads.tsr:4)
provisional-p5-21fc31 = помогает только переворотам, которых ИИ может так и не совершить; 2 ОО — наверняка

# appendix 71 nixon_plays_the_china_card (solo-v2/appendix/071_nixon_plays_the_china_card.tsr:5)
provisional-p5-9cd84a = { -china-card } или 2 ПО за карту в 2 ОО; в Раунде с подсчетом очков — только ради победы

# appendix 72 sadat_expels_soviets (solo-v2/appendix/072_sadat_expels_soviets.tsr:4)
provisional-p5-e5fab8 = снятие влияния и ещё 1 влияние лучше 1 ОО, когда у вас есть влияние в Египте

# appendix 73 shuttle_diplomacy (solo-v2/appendix/073_shuttle_diplomacy.tsr:4)
provisional-p5-9917d2 = событие — только когда вы контролируете Ключевую страну, которую оно исключит из подсчета

# appendix 74 the_voice_of_america (solo-v2/appendix/074_the_voice_of_america.tsr:4)
provisional-p5-6af34d = снять 3+ вашего влияния ценнее 2 ОО

# appendix 75 liberation_theology (solo-v2/appendix/075_liberation_theology.tsr:4)
provisional-p5-dd9104 = 3 влияния за карту в 2 ОО; в Раунде с подсчетом очков — только если так очков выйдет больше, чем от ОО

# appendix 76 ussuri_river_skirmish (solo-v2/appendix/076_ussuri_river_skirmish.tsr:2)
provisional-p5-f3cbf7 = всегда стоит 3 ОО (ваша { -china-card } или 4 влияния); подсчет Азии — если так очков выйдет больше

# appendix 77 ask_not_what_your_country_can_do_for_you (solo-v2/appendix/077_ask_not_what_your_country_can_do_for_you.tsr:3)
provisional-p5-0cf6c9 = ИИ выменивает из своей колоды/руки 2+ ваших события; ваш собственный обмен кончается перемешиванием

# appendix 78 alliance_for_progress (solo-v2/appendix/078_alliance_for_progress.tsr:2)
# appendix 84 reagan_bombs_libya (solo-v2/appendix/084_reagan_bombs_libya.tsr:2)
provisional-p5-8f1369 = как «Пригнись и укройся» (4): 2+ ПО вне Раундов с подсчетом очков; в Раунде с подсчетом очков — только ради победы

# appendix 80 one_small_step (solo-v2/appendix/080_one_small_step.tsr:2)
provisional-p5-68f7e3 = понимаем как в «Захваченных нацистских ученых» (18): только когда ИИ отстаёт в Космической гонке

# appendix 82 iranian_hostage_crisis (solo-v2/appendix/082_iranian_hostage_crisis.tsr:2)
provisional-p5-fe31d7 = 2 влияния и снятие 1+ вашего влияния лучше 3 ОО; подсчет Ближнего Востока — если так очков выйдет больше

# appendix 83 the_iron_lady (solo-v2/appendix/083_the_iron_lady.tsr:2)
provisional-p5-6a056d = 1 ПО и снятие 2+ вашего влияния (за вычетом поставленного) лучше 3 ОО; подсчет Европы — если так лучше

# appendix 85 star_wars (solo-v2/appendix/085_star_wars.tsr:10)
provisional-p5-e98c01 = только когда ИИ впереди в Космической гонке, а в сбросе или игровой колоде есть карта, которую он разыграл бы

# function star_wars_solo_cards (solo-v2/appendix/085_star_wars.tsr:27)
provisional-p5-ab7257 = «Звёздные войны» берут карту, событие которой ИИ разыграл бы: своё или нейтральное

# appendix 86 north_sea_oil (solo-v2/appendix/086_north_sea_oil.tsr:3)
provisional-p5-97ec81 = восьмой раунд (ИИ берёт его всегда) и запрет «ОПЕК» лучше 3 ОО вне Раундов с подсчетом очков

# appendix 87 the_reformer (solo-v2/appendix/087_the_reformer.tsr:2)
provisional-p5-26feff = 4–6 влияния лучше 3 ОО вне Раундов с подсчетом очков; подсчет Европы — если так очков выйдет больше

# appendix 88 marine_barracks_bombing (solo-v2/appendix/088_marine_barracks_bombing.tsr:2)
provisional-p5-fb7f86 = снятые 2+ вашего влияния стоят 2 ОО; подсчет Ближнего Востока — если так очков выйдет больше

# appendix 89 soviets_shoot_down_kal_007 (solo-v2/appendix/089_soviets_shoot_down_kal_007.tsr:2)
provisional-p5-399cab = 2 ПО, пока DEFCON 3+ (и никогда до 1); иначе, а также в Раундах с подсчетом очков, — только ради победы

# appendix 90 glasnost (solo-v2/appendix/090_glasnost.tsr:5)
provisional-p5-127894 = как «Запрет ядерных испытаний» (34): его 2 ПО вне Раундов с подсчетом очков есть всегда; в Раунде с подсчетом очков — только ради победы

# appendix 91 ortega_elected_in_nicaragua (solo-v2/appendix/091_ortega_elected_in_nicaragua.tsr:3)
provisional-p5-2d207a = снятые 2+ вашего влияния стоят 2 ОО; подсчет Центральной Америки — если так очков выйдет больше

# appendix 92 terrorism (solo-v2/appendix/092_terrorism.tsr:5)
provisional-p5-27ed3c = потеря одной вашей карты ценнее 2 ОО вне Раундов с подсчетом очков

# appendix 93 iran_contra_scandal (solo-v2/appendix/093_iran_contra_scandal.tsr:2)
provisional-p5-b6b109 = ход более слабых бросков на { -realignment(case: "acc") } для вас стоит меньше 2 ОО: никогда как событие

# appendix 94 chernobyl (solo-v2/appendix/094_chernobyl.tsr:3)
provisional-p5-23010c = ИИ закрывает Первичный регион для вашего влияния на весь ход — это ценнее 3 ОО

# appendix 95 latin_american_debt_crisis (solo-v2/appendix/095_latin_american_debt_crisis.tsr:3)
# priority debt_crisis_solo_ai_card (solo-v2/appendix/095_latin_american_debt_crisis.tsr:51)
provisional-p5-28d51a = при влиянии ИИ в 2+ странах Южной Америки; ваш выход понимаем как в «Блокаде Западного Берлина» (10)

# appendix 96 tear_down_this_wall (solo-v2/appendix/096_tear_down_this_wall.tsr:2)
provisional-p5-34aae6 = 3 влияния и бесплатные ОО в Европе лучше 3 ОО; подсчет Европы — если так очков выйдет больше

# appendix 97 an_evil_empire (solo-v2/appendix/097_an_evil_empire.tsr:2)
provisional-p5-3eaab6 = 1 ПО само по себе меньше 3 ОО: только чтобы прекратить действующую «Силу цветов» или выиграть партию

# appendix 98 aldrich_ames_remix (solo-v2/appendix/098_aldrich_ames_remix.tsr:6)
provisional-p5-96dc9e = забрать вашу лучшую карту стоит 3 ОО вне Раундов с подсчетом очков

# appendix 99 pershing_ii_deployed (solo-v2/appendix/099_pershing_ii_deployed.tsr:2)
provisional-p5-bf5e83 = 1 ПО и снятые 2+ вашего влияния стоят 3 ОО; подсчет Европы — если так очков выйдет больше

# appendix 100 wargames (solo-v2/appendix/100_wargames.tsr:3)
provisional-p5-57d0e8 = понимаем как «Арабо-израильскую войну» (13): ИИ разыгрывает карту, только когда конец партии приносит ему победу

# appendix 101 solidarity (solo-v2/appendix/101_solidarity.tsr:2)
provisional-p5-aaf244 = 3 влияния лучше 2 ОО; подсчет Европы — только если так очков выйдет больше

# appendix 102 iran_iraq_war (solo-v2/appendix/102_iran_iraq_war.tsr:3)
# priority iran_iraq_war_solo_target (solo-v2/appendix/102_iran_iraq_war.tsr:28)
provisional-p5-f3a617 = как «Индо-пакистанская война» (24): помеха 1 или меньше в { -headline-phase(case: "prep") }, 0 в остальных раундах

# appendix 103 defectors (solo-v2/appendix/103_defectors.tsr:2)
provisional-p5-145571 = событие что-то даёт США только в { -headline-phase(case: "prep") } (оно отменяет ваше)

# appendix 104 the_cambridge_five (solo-v2/appendix/104_the_cambridge_five.tsr:6)
provisional-p5-37f54a = 1 влияние меньше 2 ОО; показанные карточки подсчета очков — это Первичный и Вторичный регионы

# appendix 105 special_relationship (solo-v2/appendix/105_special_relationship.tsr:3)
provisional-p5-37da5f = стоит 2 ОО только при НАТО (2 ПО, 2 влияния); подсчет Европы — если так очков выйдет больше

# appendix 106 norad (solo-v2/appendix/106_norad.tsr:2)
provisional-p5-55ba41 = длящийся эффект, который действует, только пока ИИ контролирует Канаду: разыгрывается только тогда

# appendix 107 che (solo-v2/appendix/107_che.tsr:2)
provisional-p5-e5741c = бесплатные перевороты, снимающие 2+ вашего влияния, лучше 3 ОО; подсчет её регионов — если так лучше

# appendix 108 our_man_in_tehran (solo-v2/appendix/108_our_man_in_tehran.tsr:4)
provisional-p5-b25154 = только когда ИИ контролирует страну Ближнего Востока (иначе событие ничего не делает)

# appendix 109 yuri_and_samantha (solo-v2/appendix/109_yuri_and_samantha.tsr:3)
provisional-p5-887617 = её эффект длится весь ход, поэтому карту стоит тратить на неё только в { -headline-phase(case: "prep") }

# appendix 110 awacs_sale_to_saudis (solo-v2/appendix/110_awacs_sale_to_saudis.tsr:3)
provisional-p5-1d8147 = 2 влияния лучше 3 ОО только при контроле над Саудовской Аравией; подсчет Ближнего Востока — если так лучше

# function cards_ai_finds_in_discard (solo-v2/game_notes.tsr:42)
provisional-p5-96fcbc = если во всей игровой колоде нет нужной карты, ИИ ничего не берёт

# procedure turn_over_draw_pile_for (solo-v2/game_notes.tsr:53)
provisional-p5-fa7925 = если во всей игровой колоде нет нужной карты, всю колоду переворачивают и перемешивают

# function box4_wants_human_event (solo-v2/headline.tsr:12)
# function ai_may_headline (solo-v2/headline.tsr:28)
provisional-p6-a536be = ИИ со способностью 4-й клетки Космической гонки ищет карту, событие которой не ваше

# function victory_rating (solo-v2/victory.tsr:42)
provisional-p7-c5f268 = мастерская 20+, решительная 10–19, явная 5–9, с минимальным перевесом 1–4, ничья 0; та же шкала для ИИ

# sequence game (solo-v2/sequence.tsr:5)
provisional-p8-b081d3 = шаги E–I как в официальных правилах; карты, оставшиеся в колоде/руке, остаются на следующий ход

# appendix 41 nuclear_subs (solo-v2/appendix/041_nuclear_subs.tsr:15)
provisional-p9-5d4c58 = карта лежит лицом вверх до конца хода или до удвоенного переворота

## Измеренные прочтения (readings.yaml) и стратегия, которая играла за человека

reading-as-written = как написано (наше прочтение)
reading-p1-1-lifted = ограничение снято
reading-p1-1-penalty = штраф: очко влияния вне двух регионов стоит на 1 ОО больше
reading-p1-2-cap-ai-only = предел только для ИИ
reading-p2-2-deck-kept = колода подсчета очков переходит из хода в ход
reading-p2-3-rounds-3-or-6 = подсчет Начала войны в 3-м раунде, иначе в 6-м
reading-p3-3-no-space-race = ваше событие никогда не идёт в Космическую гонку
reading-p3-4-no-scoring-coup = без первоочередного переворота в Раунде с подсчетом очков
readings-policy-search-playouts-6-normal = поиск с 6 разыгрываниями на решение против ИИ обычного уровня
