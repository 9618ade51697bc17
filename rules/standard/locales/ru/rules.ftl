# Twilight Struggle, стандартный набор правил: названия процедур и функций (русский).
#
# Для переводчиков: `procedure-<id>` и `function-<id>` называют процедуры и функции, объявленные в
# rules/standard/*.tsr, так, как их показывают описания карт (`twilight explain card 1`).

procedure-score_region = подсчет очков в регионе
procedure-score_southeast_asia = подсчет очков в Юго-Восточной Азии
procedure-standard_setup = стандартная расстановка
procedure-headline_phase = { -headline-phase }
procedure-check_military_operations = проверка военных операций
procedure-final_scoring = финальный подсчет очков
procedure-war = война
function-controlled_count = число контролируемых стран
function-battlegrounds_controlled = контролируемые Ключевые страны
function-scoring_level = уровень при подсчете очков
function-region_vp = ПО за регион
function-current_period = текущий период
function-war_hindrance = помехи войне
function-holds_space_station = у стороны есть Космическая станция
procedure-discard_held_cards = сброс оставленных на руке карт
function-nato_protects = под защитой НАТО
function-lowered_by_red_scare = карты, ослабленные «{ card-red_scare_purge }»
function-card_drawn_from_hand = карта, взятая с руки
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
