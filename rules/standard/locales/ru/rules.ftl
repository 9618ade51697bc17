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
