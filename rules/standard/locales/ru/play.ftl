# Twilight Struggle, стандартный набор правил: слова, которые игрок видит в `twilight play` (русский).
#
# Для переводчиков. Семейства сообщений; id каждого собран из имени в файлах правил или в среде исполнения:
#   decision-<имя>             подсказка к выбору: повелительное наклонение, одна строка, без точки в конце.
#                              Имена — из `choose ... as ИМЯ`, `decide ИМЯ`, `allow ИМЯ` (вопрос «да/нет»
#                              в начале раунда действий) и собственных выборов среды исполнения.
#                              Переменные: $min и $max (сколько выбрать, числа; равны, когда число задано,
#                              $min = 0, когда можно не выбирать ничего), $side (название решающей стороны).
#   option-<слово>             надпись к ответу, который не страна, не карта и не регион; коротко, для
#                              нумерованного меню. option-all_in получает $region и $region_in (форма
#                              «в Азии» из атрибута `.in` в map.ftl).
#   refusal-<код>              почему введённая страна или карта не предложена: одно предложение, по коду
#                              `code` в `forbid`. Переменные: $country, $country_in («в Польше»),
#                              $country_gen («Польши»), $card (название карты).
#   end-<причина>              продолжает фразу «Игра окончена: ...»; победитель показывается отдельно.
#   setting-<имя>              вопрос перед началом игры; setting-<имя>-<значение> — каждый ответ.
#   phase-<имя>                часть хода, как её озаглавливает экран (номер раунда — отдельно).
# Названия карт подставляются ссылками `{ card-<id> }` из cards.ftl. Числа после $max согласованы по
# правилам множественного числа: [one] 1, 21…; [few] 2–4, 22–24…; [many] остальные.
# Термины — как в остальных файлах этого набора правил: ОО, ПО, влияние, Ключевая страна, переворот,
# Космическая гонка; уравнивание влияния, заглавная фаза (карта) и Карта Китая — только ссылками на
# термины из terms.ftl (`{ -realignment(case: "acc") }`, `{ -headline-phase(cap: "yes") }` в начале
# надписи): одиночная игра подставляет в них слова своего свода правил.
# Одиночная игра (rules/solo-v2/locales) добавляет свои слова и видит все эти.
# tests/test_locales.py читает скомпилированные правила и падает, если у имени нет сообщения.

## Выборы, которые среда исполнения задаёт в каждой игре

decision-action_card = Выберите карту, которую разыграете в этом раунде действий
decision-play_mode = Выберите, как разыграть эту карту
decision-event_first = На карте событие противника: выберите, что будет сначала — событие или ваши операции
decision-operations = Выберите вид операций
decision-coup_target = Выберите страну для попытки переворота
decision-realign_target = Выберите страну для броска на { -realignment(case: "acc") }
decision-influence_target = Выберите страну для следующего очка влияния
decision-ops_in_one_region = Выберите, тратить ли все операции в одном регионе ради его бонуса

## Предложения «да/нет» в начале раунда действий (`allow`)

decision-north_sea_oil_pass_round = «{ card-north_sea_oil }»: выберите, отказаться ли от восьмого раунда действий (карточку подсчета очков разыграть всё равно можно)
decision-defuse_cuban_missile_crisis = «{ card-cuban_missile_crisis }»: выберите, закончить ли кризис сейчас, сняв 2 своих влияния (СССР — с Кубы, США — из Западной Германии или Турции)

## Выборы в ходе партии

decision-ussr_setup_influence = Выберите страны Восточной Европы для { $max } { $max ->
        [one] очка
       *[other] очков
    } стартового влияния (в одну страну можно несколько)
decision-us_setup_influence = Выберите страны Западной Европы для { $max } { $max ->
        [one] очка
       *[other] очков
    } стартового влияния (в одну страну можно несколько)
decision-headline_card = Выберите { -headline-card(case: "acc") }
decision-discard_held_cards = Выберите до { $max } { $max ->
        [one] карты
       *[other] карт
    } на руке, чтобы сбросить их сейчас (способность Космической гонки), или ни одной

## Выборы в событиях карт

decision-aldrich_ames_discard = Выберите карту с руки США, которая уйдёт в сброс
decision-ask_not_discard = Выберите до { $max } { $max ->
        [one] карты
       *[other] карт
    } на руке для сброса; затем вы доберёте столько же новых
decision-bear_trap_discard = Выберите карту на 2 ОО или больше для сброса; затем при броске 1–4 «{ card-bear_trap }» заканчивается
decision-blockade_discard = Выберите карту на 3 ОО или больше для сброса — или ни одной, и вы потеряете всё влияние в Западной Германии
decision-brush_war_target = Выберите страну со стабильностью 1 или 2 для нападения
decision-cambridge_five_influence = Выберите страну в регионе, названном на открытых карточках подсчета очков, для 1 очка влияния — или ни одной
decision-che_first_coup = Выберите не-Ключевую страну Центральной Америки, Южной Америки или Африки для бесплатного переворота — или ни одной
decision-che_second_coup = Выберите другую не-Ключевую страну Центральной Америки, Южной Америки или Африки для второго бесплатного переворота — или ни одной
decision-chernobyl_region = Выберите регион, где СССР до конца хода не сможет размещать влияние операциями
decision-colonial_rear_guards_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Африки или Юго-Восточной Азии: в каждую по 1 очку влияния
decision-comecon_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Восточной Европы не под контролем США: в каждую по 1 очку влияния
decision-cuban_missile_crisis_country = Выберите, откуда снять 2 влияния США: из Западной Германии или из Турции
decision-de_stalinization_remove = Выберите страну, откуда забрать 1 очко вашего влияния для переноса, — или ни одной, чтобы больше не забирать
decision-de_stalinization_add = Выберите страну не под контролем США для 1 перенесённого очка влияния (не больше 2 в одну страну)
decision-debt_crisis_discard = Выберите карту на 3 ОО или больше для сброса — или ни одной, и СССР удвоит своё влияние в 2 странах Южной Америки
decision-debt_crisis_double = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Южной Америки, где ваше влияние удвоится
decision-decolonization_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Африки или Юго-Восточной Азии: в каждую по 1 очку влияния
decision-east_european_unrest_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Восточной Европы, где снять влияние СССР (по 1, в Конце войны по 2)
decision-how_i_learned_defcon = Выберите уровень DEFCON (при 1 начнётся ядерная война, и вы проиграете)
decision-independent_reds_country = Выберите Югославию, Румынию, Болгарию, Венгрию или Чехословакию: влияние США там сравняется с влиянием СССР
decision-indo_pakistani_war_target = Выберите, на кого напасть: на Индию или на Пакистан
decision-iran_iraq_war_target = Выберите, на кого напасть: на Иран или на Ирак
decision-junta_country = Выберите страну Центральной или Южной Америки для 2 очков вашего влияния
decision-junta_coup_target = Выберите страну Центральной или Южной Америки для бесплатного переворота
decision-junta_realign_target = Выберите страну Центральной или Южной Америки для броска на { -realignment(case: "acc") }
decision-liberation_theology_country = Выберите страну Центральной Америки для 1 очка влияния (не больше 2 в одну страну)
decision-marine_barracks_removal = Выберите страну Ближнего Востока, где снять 1 влияние США
decision-marshall_plan_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Западной Европы не под контролем СССР: в каждую по 1 очку влияния
decision-missile_envy_card = Выберите, какую из ваших карт с наибольшими ОО отдать за карту «{ card-missile_envy }»
decision-muslim_revolution_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    }, где снять всё влияние США
decision-norad_influence = Выберите страну, где уже есть влияние США, чтобы добавить туда ещё 1, — или ни одной
decision-oas_founded_country = Выберите страну Центральной или Южной Америки для 1 очка влияния
decision-ortega_coup_target = Выберите соседнюю с Никарагуа страну для бесплатного переворота — или ни одной
decision-our_man_in_tehran_discard = Выберите до { $max } { $max ->
        [one] карты
       *[other] карт
    } из взятых, чтобы показать и сбросить их; остальные вернутся в игровую колоду
decision-pershing_ii_countries = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Западной Европы: в каждой снять 1 влияние США
decision-puppet_governments_countries = Выберите до { $max } { $max ->
        [one] страны
       *[other] стран
    }, где нет ничьего влияния: в каждую по 1 очку влияния
decision-quagmire_discard = Выберите карту на 2 ОО или больше для сброса; затем при броске 1–4 «{ card-quagmire }» заканчивается
decision-reformer_influence = Выберите европейскую страну для 1 очка влияния (не больше 2 в одну страну)
decision-salt_negotiations_card = Выберите карту из стопки сброса (не карточку подсчета очков), чтобы взять её в руку, — или ни одной
decision-socialist_governments_remove = Выберите страну Западной Европы, где снять 1 влияние США (не больше 2 из одной страны)
decision-south_african_unrest_neighbours = Выберите соседние с Южной Африкой страны для { $max } { $max ->
        [one] очка
       *[other] очков
    } влияния (всё в одну страну или по одному в каждую)
decision-special_relationship_country = Выберите страну для вашего влияния: любую в Западной Европе, пока действует НАТО, иначе соседнюю с Великобританией
decision-star_wars_card = Выберите карту из стопки сброса (не карточку подсчета очков): её событие происходит сейчас
decision-suez_crisis_remove = Выберите Францию, Великобританию или Израиль, где снять 1 влияние США (не больше 2 из одной страны)
decision-tear_down_this_wall_coup = Выберите европейскую страну для бесплатного переворота
decision-tear_down_this_wall_realign = Выберите европейскую страну для броска на { -realignment(case: "acc") } — или ни одной, чтобы закончить
decision-truman_doctrine_country = Выберите европейскую страну, которую не контролирует ни одна сторона, чтобы снять там всё влияние СССР
decision-un_intervention_card = Выберите карту на руке с событием противника: событие отменяется, а вы используете её ОО
decision-ussuri_river_country = Выберите страну Азии для 1 очка влияния (не больше 2 в одну страну)
decision-voice_of_america_country = Выберите страну вне Европы, где снять 1 влияние СССР (не больше 2 из одной страны)
decision-warsaw_pact_add = Выберите страну Восточной Европы для 1 очка влияния (не больше 2 в одну страну)
decision-warsaw_pact_remove = Выберите { $max } { $max ->
        [one] страну
        [few] разные страны
       *[many] разных стран
    } Восточной Европы, где снять всё влияние США

## Выбор между названными ответами (`decide`)

decision-grain_sales_use = Выберите: разыграть карту, взятую с руки СССР, или вернуть её и потратить ОО этой карты
decision-junta_follow_up = Выберите бесплатный переворот или броски на { -realignment(case: "acc") } в Центральной или Южной Америке — или ни то ни другое
decision-olympic_games_answer = Противник проводит Олимпийские игры: выберите, участвовать или бойкотировать
decision-south_african_unrest_choice = Выберите: 2 влияния в Южную Африку или 1 туда и 2 в соседние страны
decision-summit_defcon = Вы выиграли «{ card-summit }»: выберите, повысить DEFCON, понизить или оставить как есть
decision-tear_down_this_wall_operations = Выберите, на что потратить ОО карты в Европе: бесплатный переворот, броски на { -realignment(case: "acc") } или ничего
decision-wargames_end_game = Выберите, отдать ли противнику 6 ПО и сразу закончить игру
decision-warsaw_pact_mode = Выберите: снять всё влияние США не более чем в 4 странах Восточной Европы или добавить туда 5 влияния

## Ответы-слова

option-event = Событие
option-influence = Влияние
option-coup = Переворот
option-realign = { -realignment(cap: "yes") }
option-space = Космическая гонка
option-ops = Операции
option-yes = Да
option-no = Нет
option-all_in = Все операции { $region_in }
option-play_drawn_card = Разыграть взятую карту
option-return_card = Вернуть, потратить ОО
option-decline = Ни то ни другое
option-participate = Участвовать
option-boycott = Бойкотировать
option-south_africa_only = 2 в Южную Африку
option-with_neighbours = 1 в Южную Африку, 2 в соседние
option-improve = Повысить DEFCON на 1
option-degrade = Понизить DEFCON на 1
option-leave = Оставить DEFCON как есть
option-pass = Ничего
option-end_game = Закончить игру
option-play_on = Играть дальше
option-remove_us_influence = Снять влияние США
option-add_ussr_influence = Добавить влияние СССР

## Почему ход не принят (`forbid ... code КОД`)

refusal-bear_trap = «{ card-bear_trap }» держит СССР: в этом раунде действий можно разыграть только карточку подсчета очков
refusal-cambridge_five_late_war = Событие карты «{ card-the_cambridge_five }» нельзя разыграть в Конце войны
refusal-china_card_discarded = { card-the_china_card } никогда не сбрасывается
refusal-china_in_headline = { card-the_china_card } не может быть { -headline-card(case: "ins") }
refusal-defcon_restricted = При этом DEFCON нельзя проводить перевороты и { -realignment(case: "acc") } { $country_in }: Европа закрыта при DEFCON 4 и ниже, Азия — при 3 и ниже, Ближний Восток — при 2
refusal-insufficient_ops = У карты «{ $card }» слишком мало ОО для следующего деления Космической гонки (карточка подсчета очков в Космическую гонку не идёт)
refusal-no_opponent_influence = У противника нет влияния { $country_in }: атаковать там нечего
refusal-not_adjacent = { $country } вне досягаемости: влияние ставят только туда, где оно у вас было в начале раунда, или рядом с такой страной или с вашей сверхдержавой
refusal-quagmire = «{ card-quagmire }» держит США: в этом раунде действий можно разыграть только карточку подсчета очков
refusal-region_closed_to_coups = Действует «{ card-the_reformer }»: СССР не может проводить перевороты в Европе
refusal-region_closed_to_influence = { $country }: «{ card-chernobyl }» до конца хода закрыл этот регион для влияния, размещаемого операциями
refusal-round_passed = Вы отказались от этого раунда действий («{ card-north_sea_oil }»): можно разыграть только карточку подсчета очков
refusal-scoring_card_held = Карточку подсчета очков нельзя оставить на руке после конца хода
refusal-space_complete = Вы уже дошли до конца трека Космической гонки
refusal-space_limit = Вы уже сделали все попытки в Космической гонке, разрешённые в этом ходу
refusal-target_protected = { $country } под защитой: СССР не может проводить там перевороты и { -realignment(case: "acc") }
refusal-un_intervention_in_headline = «{ card-un_intervention }» нельзя разыграть в { -headline-phase(case: "prep") }
refusal-un_intervention_without_partner = Чтобы разыграть событие «{ card-un_intervention }», нужна карта с событием противника на руке

## Как закончилась игра

end-vp_20 = одна из сторон набрала 20 победных очков
end-europe_control = одна из сторон контролирует Европу при подсчете очков в Европе
end-defcon_1 = DEFCON упал до 1, началась ядерная война; виновник проигрывает
end-final_scoring = финальный подсчет очков после 10-го хода
end-wargames = «{ card-wargames }» остановили игру при DEFCON 2
end-cuban_missile_crisis = попытка переворота во время Карибского кризиса

## Настройки перед игрой

setting-optional_cards = Играть с дополнительными картами (104–110)?
setting-optional_cards-true = Да, добавить дополнительные карты
setting-optional_cards-false = Нет, 103 карты базовой игры

## Части хода

phase-setup = Расстановка
phase-improve_defcon = Повышение DEFCON
phase-deal_cards = Раздача карт
phase-headline = { -headline-phase(cap: "yes") }
phase-action_rounds = Раунд действий
phase-military_operations = Проверка военных операций
phase-flip_china_card = { -china-card } переворачивается лицом вверх
phase-advance_turn = Конец хода
phase-final_scoring = Финальный подсчет очков
phase-discard_held_cards = Сброс удержанных карт (способность Космической гонки)
