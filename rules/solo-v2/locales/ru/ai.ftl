# ИИ одиночной игры словами, для `twilight explain trace` (cli/explain_trace.py): почему ИИ так сходил.
# Для переводчиков: `ai-priority-<список>` называет список приоритетов из rules/solo-v2/ai/*.tsr,
# `ai-option-<имя>` говорит, что ищет вариант списка (одно имя варианта бывает у нескольких списков:
# пишите так, чтобы подходило ко всем), `ai-rule-<ключ>` говорит, что ИИ сделал с картой (ключи правил
# из вызовов ai_decision), `order-<id>` называет порядок, разбивающий ничьи, `function-<id>` — функцию,
# которую вызывает ключ. `ai-explain-*` — слова самой команды. Снижение влияния, Фазу Заголовка и
# Карточку Китая пишите только ссылками на термины из terms.ftl (`{ -headline-phase(case: "prep") }`).
# tests/test_locales.py падает, если у списка, варианта или ключа правила нет здесь сообщения.

## Правила, по которым ИИ решает, что делать с картой

ai-rule-headline_top_card = ИИ выкладывает в { -headline-phase(case: "prep") } верхнюю карту своей колоды/руки: её можно выложить
ai-rule-headline_turned_over = ИИ открывал карты, пока не нашлась та, что можно выложить в { -headline-phase(case: "prep") }, и выкладывает её
ai-rule-headline_box4_fewest_ops = у ИИ бонус 4-й клетки Космической гонки, но ни одна карта не дотягивает до ОО вашей: ИИ выкладывает в { -headline-phase(case: "prep") } подходящую карту с наименьшими ОО
ai-rule-headline_fewest_ops = ни одна карта не подошла: ИИ выкладывает в { -headline-phase(case: "prep") } карту с наименьшими ОО
ai-rule-china_card_influence = { -china-card }: ИИ тратит её ОО только на влияние
ai-rule-human_event_to_space = ваше событие вне Раунда с подсчетом очков: ИИ отправляет карту в Космическую гонку
ai-rule-human_event_then_ops = ваше событие: сначала оно срабатывает для вас, затем ИИ тратит ОО карты
ai-rule-own_card_for_ops = своя или нейтральная карта: ИИ тратит её ОО
ai-rule-nothing_legal_to_space = в регионах ОО некуда потратить, и это не Раунд с подсчетом очков: ИИ отправляет карту в Космическую гонку
ai-rule-appendix_event = своя или нейтральная карта, статья приложения разрешает событие в этот момент и условие выполнено: ИИ разыгрывает событие
ai-rule-appendix_says_ops = своя или нейтральная карта, статья приложения не разрешает событие сейчас: ИИ тратит её ОО
ai-rule-crisis_ended_at_once = вы разыграли против ИИ Карибский кризис, а у него есть 2 влияния в Турции: он сразу снимает их, и кризис для него закончен
ai-rule-crisis_way_out = ваш Карибский кризис в силе, а ИИ начинает выбранный им переворот: он снимает 2 своих влияния там, где это не меняет контроля, кризис заканчивается, и ИИ совершает переворот
ai-rule-defcon_left_as_is = «{ card-how_i_learned_to_stop_worrying }» просит ИИ выбрать уровень DEFCON: ИИ оставляет DEFCON на месте (он никогда не рискует DEFCON 1, а сдвиг ему ничего не дает) и получает 5 военных операций
ai-rule-junta_nothing_to_attack = «{ card-junta }»: в Центральной и Южной Америке нет вашего влияния, и ИИ не делает ни бесплатного переворота, ни { -realignment(case: "gen") }

## Списки приоритетов

ai-priority-ai_influence_placement = Приоритет размещения очков влияния ИИ
ai-priority-ai_coup_target = Приоритет переворотов ИИ
ai-priority-ai_realign_target = Приоритет { -realignment(case: "gen") } ИИ
ai-priority-ai_scoring_coup_target = переворот в Раунде с подсчетом очков (P3.4)
ai-priority-ai_anywhere = влияние в любой доступной стране (P3.5)
ai-priority-ai_answer_place = куда ИИ ставит своё влияние по событию
ai-priority-ai_answer_remove = откуда ИИ снимает ваше влияние по событию
ai-priority-ai_answer_remove_own = откуда ИИ снимает своё влияние по событию
ai-priority-ai_answer_place_opponent = куда ИИ ставит ваше влияние по событию
ai-priority-ai_answer_coup = где ИИ проводит переворот, который дало событие
ai-priority-ai_answer_realign = где ИИ делает бросок на { -realignment(case: "acc") }, который дало событие
ai-priority-ai_answer_discard = какую карту ИИ сбрасывает
ai-priority-ai_answer_play_event = событие какой карты разыгрывает ИИ
ai-priority-ai_answer_card = какую карту выбирает ИИ
ai-priority-blockade_solo_ai_card = какую карту ИИ отдаёт, чтобы снять вашу «Блокаду Западного Берлина»
ai-priority-debt_crisis_solo_ai_card = какую карту ИИ отдаёт, чтобы уйти от вашего Латиноамериканского долгового кризиса
ai-priority-quagmire_solo_ai_card = какую карту ИИ отдаёт, пока его держит ваше «Затруднительное положение»
ai-priority-bear_trap_solo_ai_card = какую карту ИИ отдаёт, пока его держит ваша «Ловушка для медведя»
ai-priority-un_intervention_solo_ai_card = ОО какой карты ИИ тратит вместе с Вмешательством ООН
ai-priority-missile_envy_solo_ai_card = какую карту ваша Ракетная зависть забирает у ИИ
ai-priority-decolonization_solo_country = куда ИИ ставит очко Деколонизации
ai-priority-de_stalinization_solo_first_key = какую Ключевую страну из списка ИИ берёт первой при Десталинизации
ai-priority-de_stalinization_solo_second_key = какую Ключевую страну из списка ИИ берёт в пару к первой
ai-priority-de_stalinization_solo_non_key = какую не-Ключевую страну ИИ берёт при Десталинизации
ai-priority-de_stalinization_solo_spread_key = какая Ключевая страна из списка получает очко, когда Десталинизация нигде не даёт контроля
ai-priority-de_stalinization_solo_source = откуда ИИ снимает очко для Десталинизации
ai-priority-brush_war_solo_target = где ИИ начинает «Мелкую войну»
ai-priority-brush_war_solo_forced_target = где ИИ начинает «Мелкую войну», когда статья приложения не нашла цели, а событие всё равно происходит
ai-priority-iran_iraq_war_solo_target = куда бьёт Ирано-иракская война ИИ
ai-priority-cuban_missile_crisis_way_out = где ИИ снимает 2 влияния, чтобы закончить ваш Карибский кризис, если это не меняет там контроля

## Варианты списков

ai-option-non_key_control_for_level = не-Ключевая страна до минимального контроля, если это даёт ИИ доминирование или контроль в регионе
ai-option-key_control_or_break = Ключевая страна до минимального контроля или чтобы отменить ваш контроль
ai-option-key_control_plus_one = ещё одно очко в Ключевую страну, где у ИИ минимальный контроль
ai-option-non_key_by_superpower = не-Ключевая страна рядом со сверхдержавой, до минимального контроля
ai-option-non_key_control = не-Ключевая страна до минимального контроля, пока ИИ не опережает вас в регионе с запасом
ai-option-key_next_to_region = Ключевая страна сразу за границей региона, куда ИИ дотягивается своим влиянием
ai-option-key_spread = по очку в каждую Ключевую страну, где у ИИ есть влияние
ai-option-key_new = Ключевая страна в регионе или рядом, где у ИИ ещё нет влияния
ai-option-non_key_spread = по очку в каждую не-Ключевую страну, где у ИИ есть влияние
ai-option-non_key_any = любая не-Ключевая страна
ai-option-key_any = Ключевая страна, когда другие закрыты
ai-option-key_country = Ключевая страна
ai-option-non_key_country = не-Ключевая страна
ai-option-level_changes = Ключевая страна, переворот в которой может изменить уровень при подсчете
ai-option-headline_europe = в Европе, в { -headline-phase(case: "prep") }
ai-option-primary_region = в Первичном регионе
ai-option-secondary_region = во Вторичном регионе
ai-option-the_cards_region = по приоритету размещения, в регионе страны, которую предлагает событие
ai-option-outside_primary = вне Первичного региона
ai-option-anywhere = где угодно
ai-option-primary_key_within_five = Ключевая страна Первичного региона, где стабильность и ваше влияние вместе не больше 5
ai-option-key_within_five = Ключевая страна, где стабильность и ваше влияние вместе не больше 5
ai-option-any_within_five = любая страна, где стабильность и ваше влияние вместе не больше 5
ai-option-primary_key = Ключевая страна Первичного региона
ai-option-key = Ключевая страна
ai-option-any = любая страна
ai-option-your_event = ваше событие
ai-option-own_event = собственное событие ИИ
ai-option-neutral_event = нейтральное событие
ai-option-own_card = своя или нейтральная карта
ai-option-any_card = любая карта
ai-option-worth_3_ops = карта в 3 ОО и больше, ближайшая к верху колоды/руки
ai-option-worth_2_ops = карта в 2 ОО и больше (не карточка подсчета очков), ближайшая к верху колоды/руки
ai-option-strongest_card = карта ИИ с наибольшими напечатанными ОО (только не { -china-card })
ai-option-key_apart = Ключевая страна, где одно очко даёт контроль, не по соседству с Ключевыми странами, уже выбранными для этой карты
ai-option-non_key_toward_key = не-Ключевая страна, где одно очко даёт контроль, по соседству с Ключевой страной, которую ИИ не контролирует
ai-option-key_pair = Ключевая страна из списка, которая составляет пару со страной ниже по списку из другого региона, и на обе хватает очков
ai-option-key_and_two_non_key = Ключевая страна из списка, на которую хватает очков вместе с двумя самыми дешёвыми не-Ключевыми странами
ai-option-spare_influence = страна, где у ИИ влияния больше, чем нужно для контроля
ai-option-roll_unhindered = страна, рядом с которой нет ни ваших подконтрольных стран, ни вашей сверхдержавы: бросок без помех
ai-option-roll_at_minus_one = страна, где одна ваша подконтрольная страна (или ваша сверхдержава) по соседству даёт броску −1
ai-option-your_influence_to_take = страна с вашим влиянием, которое при победе в войне перейдет к ИИ
ai-option-any_country = любая страна, которую допускает выбор
ai-option-iraq_or_iran = Ирак или Иран
ai-option-way_out_that_pays = страна, где у ИИ есть 2 влияния и их потеря не меняет контроля

## Порядки и функции в ключах

order-region_country_priority = Таблица приоритета регионов и стран
function-realign_bonus = модификаторы { -realignment(case: "gen") }
function-borders_ai_influence = граничит со страной, где есть влияние ИИ
function-score_swing_reached = ПО, которые ИИ получает за достижимый контроль или отмену контроля
function-points_to_what_is_reached = очков до достижимого там контроля или отмены контроля
function-home_region = регион, в котором оценивается страна (её собственный — для очков события вне Первичного и Вторичного регионов)
function-decolonization_solo_room = сколько соседей ИИ не контролирует
function-decolonization_solo_key_room = сколько Ключевых соседей ИИ не контролирует
function-de_stalinization_solo_spare = влияние ИИ там сверх того, что держит контроль
function-de_stalinization_solo_keys = Ключевые страны Десталинизации, которых вы не контролируете, в порядке карты
function-brush_war_solo_group = группа по статье приложения (1 — Первичный регион, 2 — Ключевая страна Вторичного, 3 — Ключевая страна Европы, 4 — другая страна Европы)
function-cuban_missile_crisis_exits = страны, через которые карта даёт выход стороне ИИ (Куба; или Турция, затем Западная Германия)

## Слова команды

ai-explain-move-headline = Решение ИИ № { $number } · { $when } · { -headline-phase } (события трассы { $first }–{ $last })
ai-explain-move-action = Решение ИИ № { $number } · { $when } · раунд действий ИИ (события трассы { $first }–{ $last })
ai-explain-move-answer = Решение ИИ № { $number } · { $when } · ИИ отвечает на выбор события (события трассы { $first }–{ $last })
ai-explain-when-headline = ход { $turn }, { -headline-phase }
ai-explain-when-round = ход { $turn }, раунд действий { $round }
ai-explain-when-setup = ход { $turn }, до раундов действий
ai-explain-card = Карта: { $card }
ai-explain-event-card = Событие: { $card }
ai-explain-rule = Почему: { $rule }
ai-explain-move-choices = { $count ->
    [1] Выбор ИИ:
    [one] Выбор ИИ, { $count } шаг:
    [few] Выбор ИИ, { $count } шага:
   *[many] Выбор ИИ, { $count } шагов:
}
ai-explain-choice = { $list }
ai-explain-choice-nothing = { $list }: ни один вариант ничего не предложил, ИИ перешёл к следующему шагу
ai-explain-option = вариант { $number }, { $text }
ai-explain-target = → { $target }, из { $count ->
    [one] { $count } кандидата
    [few] { $count } кандидатов
   *[many] { $count } кандидатов
}
ai-explain-only-candidate = единственный кандидат: выбирать не из чего
ai-explain-by-prefer = ничью разбил ключ варианта { $number } из { $count } ({ $var } — каждый кандидат): { $key } ({ $direction })
ai-explain-by-then = ничью разбил последний ключ списка { $number } из { $count } ({ $var } — каждый кандидат): { $key } ({ $direction })
ai-explain-by-table = ничью разбила { $table } ({ $mark }): { $desc ->
        [yes] из равных кандидатов выбран тот, что стоит в ней последним
       *[no] из равных кандидатов выбран тот, что стоит в ней первым
    }
ai-explain-by-domain-order = ничья осталась после всех ключей: решил порядок стран на карте
ai-explain-by-unknown = ничью разбил ключ { $key }, которого нет в списках этого набора правил
ai-explain-order-number = { $desc ->
    [yes] сначала наибольшее
   *[no] сначала наименьшее
}
ai-explain-order-bool = { $desc ->
    [yes] сначала «да»
   *[no] сначала «нет»
}
ai-explain-source = источник: { $sources }
ai-explain-state = к началу этого действия: { $state }
ai-explain-provisional = предварительно: { $codes }
ai-explain-answer = отвечает на выбор «{ $decision }» по списку: { $list }
ai-explain-answer-default = отвечает на выбор «{ $decision }» по умолчанию (ни один список не подходит)
ai-explain-unknown-list = (этого списка нет в { $ruleset })
ai-explain-unknown-option = (этого варианта нет в { $ruleset })
ai-explain-no-moves = { $file }: в трассе нет ходов ИИ (ai_decision, ai_choice, ai_answer); это одиночная игра?
ai-explain-no-move = ни один ход ИИ не содержит событие трассы { $n }; ходы ИИ занимают события { $spans }
ai-explain-no-move-number = решения ИИ № { $n } нет: в трассе решения с 1 по { $count }
ai-explain-decision-of-card = событие карты „{ $card }“
function-ai_position_value = положение ИИ после каждого ответа (выбран ответ, после которого ИИ в лучшем положении)
outline-var-ops_left = оставшиеся операции
outline-var-by_event = по событию
function-cuban_missile_crisis_at_once = откуда ИИ снимает 2 влияния сразу после вашего Карибского кризиса: из Турции, если у него там есть 2

## Шаги и расчеты соло-игры так, как их называют пересказы правил (`twilight docs`, `explain`)
function-points_allowed_this_round = сколько очков влияния ИИ ещё может разместить там в этом раунде действий
function-ops_cost_to_control = сколько ОО нужно ИИ там для контроля
function-reaches_control = ИИ получает там контроль в этом раунде действий
function-reaches_break = ИИ отменяет там ваш контроль в этом раунде действий
function-ai_coup_loses_game = переворот, из-за которого ИИ проиграл бы
function-ai_realign_allowed = правила ИИ для бросков на { -realignment(case: "acc") } разрешают ему бросок там
function-ai_influence_in_europe = влияние ИИ идёт в Европу ({ -headline-phase })
function-ai_influence_offered = страны, где ИИ может разместить влияние
function-lies_within = входит в регион
function-indo_pakistani_war_solo_target = страна, на которую ИИ нападает картой «{ card-indo_pakistani_war }»
    .form = fem
function-suez_crisis_solo_removable = сколько вашего влияния может снять «{ card-suez_crisis }»
function-de_stalinization_solo_budget = сколько очков ИИ переносит картой «{ card-de_stalinization }»
function-brush_war_solo_may_hit = страна, на которую ИИ может напасть картой «{ card-brush_war }»
function-cuban_missile_crisis_binds = ваш «{ card-cuban_missile_crisis }» связывает ИИ
function-cuban_missile_crisis_way_out_pays = выход из кризиса там выгоден ИИ
function-cuban_missile_crisis_has_way_out = у ИИ есть выгодный выход из кризиса
function-control_unchanged_without = контроль не меняется без этого влияния
function-salt_solo_cards = карты, которые ИИ может взять событием «{ card-salt_negotiations }»
function-star_wars_solo_cards = карты, которые ИИ может взять событием «{ card-star_wars }»
function-cards_ai_finds_in_discard = карты, которые ИИ находит в сбросе (а если там нет — в игровой колоде)
function-box4_wants_human_event = с 4-й клеткой Космической гонки ИИ ищет ваше событие
function-ai_may_headline = карта, которую ИИ может разыграть в { -headline-phase(case: "prep") }
    .form = fem
procedure-ai_spend_influence = ИИ размещает влияние по одному очку
procedure-ai_realign = броски ИИ на { -realignment(case: "acc") }
procedure-ai_operations = ИИ тратит ОО
procedure-ai_operations_without_coup = ИИ тратит ОО без переворота
procedure-ai_spend_operations = ИИ тратит ОО, с переворотами или без них
procedure-ai_announce_play = ИИ объявляет, как разыгрывает карту
procedure-ai_influence_only = ИИ тратит ОО только на влияние
procedure-ai_fallback_influence = ИИ размещает влияние там, где позволяют правила
procedure-ai_action_round = раунд действий ИИ
procedure-ai_ops_region_commitment = ИИ тратит все ОО в одном регионе ради бонуса
procedure-ai_play_card = ИИ разыгрывает вскрытую карту
procedure-suez_crisis_solo_removal = ИИ снимает ваше влияние картой «{ card-suez_crisis }»
procedure-ai_grain_sales = ИИ разыгрывает «{ card-grain_sales_to_soviets }»
procedure-ai_star_wars = ИИ разыгрывает «{ card-star_wars }»
procedure-turn_over_draw_pile_for = ИИ вскрывает игровую колоду в поисках нужной карты
procedure-ai_headline = { -headline-card } ИИ
