# Twilight Struggle, стандартный набор правил: названия процедур и функций (русский).
#
# Для переводчиков: `procedure-<id>` и `function-<id>` называют процедуры и функции, объявленные в
# rules/standard/*.tsr, так, как их показывают описания карт (`twilight explain card 1`).

procedure-score_region = подсчет очков в регионе
procedure-score_southeast_asia = подсчет очков в Юго-Восточной Азии
procedure-standard_setup = стандартная расстановка
procedure-headline_phase = { -headline-phase }
procedure-action_round_of = раунд действий стороны (или пропуск, если у нее осталась только { -china-card })
procedure-check_military_operations = проверка военных операций
procedure-final_scoring = финальный подсчет очков
procedure-war = война
function-controlled_count = число контролируемых стран
function-battlegrounds_controlled = контролируемые Ключевые страны
function-scoring_level = уровень при подсчете очков
function-region_vp = ПО за регион
function-current_period = текущий период
function-sees_headline_first = есть способность 4-й клетки Космической гонки
function-sides_that_may_discard_held_cards = стороны, которые могут сбросить карты, оставшиеся на руке (6-я клетка Космической гонки)
function-war_hindrance = помехи войне
function-holds_space_station = у стороны есть Космическая станция
procedure-discard_held_cards = сброс оставленных на руке карт
function-nato_protects = под защитой НАТО
function-lowered_by_red_scare = карты, ослабленные картой «{ card-red_scare_purge }»
function-card_drawn_from_hand = карта, взятая с руки
function-cuban_missile_crisis_way_out_open = выход из Карибского кризиса открыт для
function-cuban_missile_crisis_way_out_places = страны, откуда выход из Карибского кризиса снимает 2 влияния, для
procedure-end_cuban_missile_crisis = завершить «{ card-cuban_missile_crisis }», сняв 2 влияния
    .form = fem
function-region_named_on = регион, который подсчитывает карта
function-scoring_battleground = считается Ключевой страной при подсчете очков
function-level_vp = ПО за уровень, достигнутый в регионе
function-adjacent_controlled = контролируемые страны, соседние со сверхдержавой противника
function-southeast_asia_vp = ПО за Юго-Восточную Азию
function-headline_value = ценность { -headline-card(case: "gen") }
function-headline_order = порядок, в котором срабатывают { -headline-card(case: "nom-pl") }
procedure-improve_defcon = DEFCON повышается на один уровень
procedure-add_war_cards = карты Середины или Конца войны добавляются в колоду
procedure-fixed_setup_influence = влияние, напечатанное на карте
procedure-resolve_headlines = { -headline-card(case: "nom-pl") } вскрываются и срабатывают

# `rule-<id>` называет постоянное правило (`forbid` / `modify` / `on`) из rules/standard/*.tsr: так его
# озаглавливает страница постоянных правил `twilight docs` и называет список `twilight rulesets --changes`.
rule-action_rounds_per_turn = Сколько раундов действий в ходу
rule-battleground_coups_lower_defcon = Переворот в Ключевой стране снижает DEFCON
rule-cambridge_five_not_in_late_war = «{ card-the_cambridge_five }» не разыгрывается в Конце войны
rule-china_card_asia_bonus = Надбавка { -china-card(case: "gen") } в Азии
rule-china_card_no_headline = { -china-card } не бывает { -headline-card(case: "ins") }
rule-china_card_not_discarded = { -china-card } никогда не сбрасывается
rule-china_card_passes = { -china-card } переходит к противнику
rule-coup_military_operations = Переворот засчитывается в военные операции
rule-coup_needs_opponent_influence = Для переворота нужно влияние противника
rule-coup_strength = Переворот должен превзойти удвоенную стабильность
rule-defcon_regions = DEFCON закрывает регионы для переворотов и { -realignment(case: "gen") }
rule-defectors_cancels_ussr_headline = «{ card-defectors }» отменяют { -headline-event(case: "acc") } СССР
rule-europe_control = Контроль над Европой приносит победу
rule-influence_cost = Влияние стоит 2 там, где контроль у противника
rule-influence_placement = Куда можно ставить влияние
rule-nuclear_war = Ядерная война
rule-realignment_modifiers = Что меняет бросок { -realignment(case: "gen") }
rule-realignment_needs_opponent_influence = Для { -realignment(case: "gen") } нужно влияние противника
rule-scoring_cards_not_held = Карточки подсчета очков не остаются на руке после конца хода
rule-space_race_abilities = Что дает преимущество в Космической гонке
rule-space_race_limits = Что ограничивает попытки в Космической гонке
rule-twenty_vp = 20 ПО приносят победу
rule-un_intervention_needs_partner = Для события «{ card-un_intervention }» нужна карта с событием противника
rule-un_intervention_not_in_headline = «{ card-un_intervention }» не бывает { -headline-card(case: "ins") }
