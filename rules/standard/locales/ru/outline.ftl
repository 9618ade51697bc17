# Twilight Struggle, стандартный набор правил: слова команды `twilight explain` (русский).
#
# Для переводчиков: эти сообщения превращают скомпилированное событие карты (IR) в читаемые строки.
# Названия карт, стран, регионов и сторон берутся из cards.ftl и map.ftl. Переменные:
#   $a0, $a1, $a2 ...    аргументы эффекта или запроса, уже словами, в именительном падеже;
#   $a0gen, $a0acc ...   те же аргументы в родительном и винительном падежах (атрибуты `.gen`, `.acc`);
#   $a0named             yes, когда аргумент — переменная, чьи слова уже называют вид вещи («целевая
#                        страна»): тогда шаблон не повторяет вид («в стране целевая страна»), а берет
#                        $a0in («в целевой стране», атрибут `.in`) или $a0ins (творительный, `.ins`);
#   $cond, $var, $source, $count, $name, $side, $sidegen, $value, $what, $trigger, $until ... по смыслу.
# Атрибуты `.gen` и `.acc` — формы в родительном и винительном падежах («влияние игрока», «сбросить
# эту карту»); их подставляет сообщение, которое просит `$a0gen` или `$a0acc`. США и СССР не склоняются. Все id `outline-*`
# используются в cli/outline.py; если сообщения нет, берётся английское, а за ним — общий вид.
# Собственные имена правил необязательны: outline-local-<имя> — локальное значение, переменная цикла или
# параметр (без сообщения имя показывается так, как его пишет файл правил), outline-lasting-<id> —
# длительный эффект, названный не по своей карте. Имя стоит в фразе там, где его ставит шаблон, поэтому
# у него есть падежи `.gen` и `.acc` (когда они отличаются) и `.form` (fem, neut, plural) для согласования.
# Термины по /work/shared/reference/glossary-ru.yaml; уравнивание влияния, заглавная фаза (карта,
# событие) и Карта Китая — только ссылками на термины из terms.ftl (`{ -realignment(case: "acc") }`):
# одиночная игра подставляет в них слова своего свода правил.

## Подписи команды `twilight explain card`

explain-number = Карта
explain-name = Название
explain-ops = ОО
explain-side = Сторона
explain-period = Период
explain-flags = Отметки
explain-flag-starred = со звездочкой (удаляется после события)
explain-flag-permanent = постоянное событие
explain-flag-scoring = карточка подсчета очков
explain-flag-optional = дополнительная карта
explain-flag-none = нет
explain-summary = Кратко
explain-enables = Открывает
explain-prevents = Запрещает
explain-requires = Требует одну из карт
explain-prevented-by = Запрещается картой
explain-source = Источник
explain-event = Событие
explain-side-neutral = нейтральная (любой игрок)
explain-unknown-card = в наборе правил { $ruleset } нет карты { $card }
explain-ambiguous-card = «{ $card }» подходит к нескольким картам: { $matches }
explain-unknown-language = неизвестный язык { $lang }; известны: { $known }

## Подписи команды `twilight explain state`

explain-provisional = Предварительно
explain-state-ruleset = Состояние, которое объявляет набор правил { $ruleset }, в начале партии
explain-state-game = Состояние партии из { $file } ({ $ruleset }): ход { $turn }, раунд действий { $round }
explain-state-game-over = Состояние партии из { $file } ({ $ruleset }): партия окончена
explain-state-variables = Переменные
explain-state-zones = Стопки карт
explain-state-tracks = Шкалы
explain-state-nothing = не объявлены
explain-state-start = в начале: { $value }
explain-state-now = сейчас: { $value }
explain-state-face-down = лицом вниз (игроки видят только число карт)
explain-state-face-up = лицом вверх
explain-state-empty = пусто
explain-state-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
explain-state-bounds = от { $low } до { $high }
explain-state-per-side = по фишке у каждой стороны
explain-state-unknown = игра её не ведёт
explain-state-other-ruleset = { $file } — партия по набору правил { $save }, а не { $ruleset }
explain-state-type-list = список { $of }
explain-state-type-int = число
    .many = чисел
explain-state-type-bool = да или нет
    .many = значений «да» или «нет»
explain-state-type-region = регион
    .many = регионов
explain-state-type-card = карта
    .many = карт
explain-state-type-country = страна
    .many = стран
explain-state-type-side = сторона
    .many = сторон

## Инструкции

outline-no-event = У этой карты нет события.
outline-event-missing = Событие этой карты ещё не записано.
outline-run = { $name } ({ $args })
outline-run-bare = { $name }
outline-let = пусть { $name } = { $value }
outline-set = { $name } { $nameform ->
        [plural] получают
       *[other] получает
    } значение { $value }
outline-if = если { $cond }:
outline-else = иначе:
outline-for-each = для { $varform ->
        [fem] каждой
        [plural] всех
       *[other] каждого
    } { $vargen } из списка: { $source }
outline-repeat = повторить { $count } { $count ->
        [one] раз
        [few] раза
       *[many] раз
    }
outline-repeat-as = повторить { $count } { $count ->
        [one] раз
        [few] раза
       *[many] раз
    }, счетчик { $var }
outline-while = пока { $cond }
outline-choose = выбрать { $kind ->
        [named] { $varacc }
        [card] карту { $var }
        [country] страну { $var }
        [region] регион { $var }
        [side] сторону { $var }
       *[other] элемент { $var }
    } из списка: { $source }
outline-choose-by = решает { $side }
outline-choose-count = { $count } шт.
outline-choose-up-to = не больше { $count }
outline-choose-distinct = все разные
outline-choose-optional = по желанию
outline-choose-otherwise = если ничего не выбрано:
outline-where = при условии: { $cond }
outline-when = если { $cond }
outline-decide = решает { $side } ({ $name }):
outline-option = вариант «{ $name }»
outline-lasting = длительный эффект «{ $name }», { $until }
outline-phase = фаза «{ $name }»
outline-stop = остановиться
outline-unknown = (неизвестный узел «{ $kind }») { $detail }

## Длительные эффекты: срок, запреты, модификаторы, реакции

outline-until-cancelled = пока не отменён
outline-until-end_of_action_round = до конца раунда действий
outline-until-end_of_next_action_round = до конца следующего раунда действий { $a0gen }
outline-until-end_of_turn = до конца хода
outline-forbid = запрещено: { $actions }
outline-forbid-play = розыгрыш карты
outline-forbid-event = розыгрыш события
outline-forbid-headline = выбор карты в { -headline-phase(case: "acc") }
outline-forbid-hold = удержание карты в конце хода
outline-forbid-influence = размещение влияния
outline-forbid-coup = перевороты
outline-forbid-realign = { -realignment }
outline-forbid-space = попытки в Космической гонке
outline-modify-by = { $what }: { $value }
outline-modify-to = { $what } становится { $value }
outline-modify-ops = ОО карты
outline-modify-coup_roll = бросок на переворот
outline-modify-coup_defence = защита от переворота
outline-modify-influence_cost = стоимость влияния
outline-modify-space_attempts_allowed = разрешенные попытки в Космической гонке
outline-modify-realign_roll = бросок на { -realignment(case: "acc") }
outline-modify-space_roll = бросок в Космической гонке
outline-modify-defcon_drop_on_coup = снижение DEFCON после переворота
outline-modify-scoring_battlegrounds = Ключевые страны при подсчете очков
outline-modify-action_rounds = раунды действий
outline-on = всякий раз, когда { $trigger }
outline-on-turn_start = начинается ход
outline-on-turn_end = заканчивается ход
outline-on-action_round_start = начинается раунд действий
outline-on-action_round_end = заканчивается раунд действий
outline-on-headline_revealed = открываются { -headline-card(case: "nom-pl") }
outline-on-card_play_chosen = карта выбрана для розыгрыша
outline-on-card_played = разыгрывается карта
outline-on-event_played = разыгрывается событие
outline-on-coup_attempt = совершается попытка переворота
outline-on-coup_resolved = переворот завершён
outline-on-realignment = делается бросок на { -realignment(case: "acc") }
outline-on-influence_placed = размещается влияние
outline-on-vp_changed = меняются ПО
outline-on-defcon_changed = меняется DEFCON
outline-on-region_scored = в регионе подсчитываются очки
outline-on-final_scoring = начинается финальный подсчет очков
outline-allow = разрешено для { $sidegen }: «{ $name }»
outline-ends-on = заканчивается, когда { $trigger }
outline-status-hand_revealed = { $a0 } { $a0form ->
        [plural] играют
       *[other] играет
    } с рукой, открытой для { $a1gen }
outline-status-must_play = { $a0 } { $a0form ->
        [plural] обязаны
        [fem] обязана
        [neut] обязано
       *[other] обязан
    } разыграть { $a1acc }
outline-status-must_play_for_ops = { $a0 } { $a0form ->
        [plural] обязаны
        [fem] обязана
        [neut] обязано
       *[other] обязан
    } разыграть { $a1acc } ради ОО

## Эффекты

outline-fx-remove_influence-all = { $a1 }: снять всё влияние { $a0gen }
outline-fx-add_influence = { $a1 }: влияние { $a0gen } +{ $a2 }
outline-fx-remove_influence = { $a1 }: влияние { $a0gen } −{ $a2 }
outline-fx-set_defcon = установить DEFCON на { $a0 }
outline-fx-change_defcon = изменить DEFCON на { $a0 }
outline-fx-gain_vp = { $a0 } { $a0form ->
        [plural] получают
       *[other] получает
    } ПО: { $a1 }
outline-fx-add_milops = { $a0 } { $a0form ->
        [plural] получают
       *[other] получает
    } военные операции: { $a1 }
outline-fx-reset_milops = сбросить обе отметки военных операций на 0
outline-fx-war_target = рассказать о вторжении { $a0gen } в страну { $a1 }
outline-fx-region_scored = объявить, что { $a0named ->
        [yes] { $a0in }
       *[no] в регионе { $a0 }
    } подсчитаны очки
outline-fx-score_told = рассказать, из чего складываются очки { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в регионе { $a1 }
    }: { $a2 } ({ $a3 }), Ключевые страны: { $a4 }, соседство с противником: { $a5 }, всего ПО: { $a6 }
outline-fx-score_counted_told = рассказать, из чего складываются очки { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в регионе { $a1 }
    }: засчитаны { $a2 }, всего ПО: { $a3 }
outline-fx-win = { $a0 } { $a0form ->
        [plural] побеждают
       *[other] побеждает
    } ({ $a1 })
outline-fx-end_in_draw = игра заканчивается вничью ({ $a0 })
outline-fx-begin_final_scoring = начинается финальный подсчет очков
outline-fx-conduct_operations = { $a0 } { $a0form ->
        [plural] проводят
       *[other] проводит
    } операции на { $a1 } ОО
outline-fx-place_influence_with_ops = { $a0 } { $a0form ->
        [plural] размещают
       *[other] размещает
    } влияние на { $a1 } ОО
outline-fx-coup = { $a0 } { $a0form ->
        [plural] пытаются
       *[other] пытается
    } совершить переворот: { $a1 }, { $a2 } ОО
outline-fx-free_coup = { $a0 } { $a0form ->
        [plural] совершают
       *[other] совершает
    } бесплатный переворот: { $a1 }, { $a2 } ОО
outline-fx-realign = { $a0 } { $a0form ->
        [plural] делают
       *[other] делает
    } бросок на { -realignment(case: "acc") }: { $a1 }
outline-fx-operations_without_coup = { $a0 } { $a0form ->
        [plural] тратят
       *[other] тратит
    } { $a1 } ОО на влияние или { -realignment(case: "acc") }, без переворота
outline-fx-space_advance = { $a0 } { $a0form ->
        [plural] продвигаются
       *[other] продвигается
    } в Космической гонке на { $a1 } { $a1 ->
        [one] клетку
        [few] клетки
       *[many] клеток
    }
outline-fx-space_attempt = { $a0 } { $a0form ->
        [plural] делают
       *[other] делает
    } попытку в Космической гонке (карта: { $a1 })
outline-fx-take_action_round = { $a0 } { $a0form ->
        [plural] проводят
       *[other] проводит
    } раунд действий
outline-fx-deal_up_to = раздать карты: { $a0 }, до { $a1 } на руке
outline-fx-draw_to = { $a0 } { $a0form ->
        [plural] берут
       *[other] берет
    } { $a1named ->
        [yes] { $a1acc }
       *[no] { $a1 } { $a1 ->
            [one] карту
            [few] карты
           *[many] карт
        }
    }
outline-fx-add_period_to_deck = замешать в колоду карты периода «{ $a0 }»
outline-fx-shuffle_hand = перемешать руку { $a0gen }
outline-fx-arrange_hand = { $a0 } { $a0form ->
        [plural] раскладывают
       *[other] раскладывает
    } руку: { $a1 }
outline-fx-discard = { $a0 } { $a0form ->
        [plural] сбрасывают
       *[other] сбрасывает
    } { $a1acc }
outline-fx-remove_from_game = удалить из игры { $a0acc }
outline-fx-move_to_discard = отправить в сброс { $a0acc }
outline-fx-shuffle_draw_pile = перемешать игровую колоду
outline-fx-give_card = { $a1 } { $a1form ->
        [plural] забирают
       *[other] забирает
    } в руку { $a0acc }
outline-fx-play_event = событие { $a1gen } происходит для { $a0gen }
outline-fx-play_card = { $a0 } { $a0form ->
        [plural] разыгрывают
       *[other] разыгрывает
    } { $a1acc }
outline-fx-play_card_for_ops = { $a0 } { $a0form ->
        [plural] разыгрывают
       *[other] разыгрывает
    } { $a1acc } ради ОО
outline-fx-cancel_event = отменить событие { $a0gen }
outline-fx-cancel_headline = отменить { -headline-event(case: "acc") } { $a0gen }
outline-fx-reveal_hand = { $a0 } { $a0form ->
        [plural] показывают
       *[other] показывает
    } руку: { $a1 }
outline-fx-pass_china_card = { -china-card } переходит: { $a0 } (лицом вверх: { $a1 })
outline-fx-move_china_card_to_hand = { -china-card } уходит в колоду/руку { $a0gen }
outline-fx-flip_china_card_face_up = перевернуть { -china-card(case: "acc") } лицом вверх
outline-fx-apply_table = применить столбец { $a1 } таблицы { $a0 }
outline-fx-apply_table_for = применить столбец { $a1 } таблицы { $a0 } для { $a2gen }
outline-fx-log = записать { $a0 }
outline-fx-begin_turn = начинается ход { $a0 }
outline-fx-end_turn = заканчивается ход { $a0 }
outline-fx-set_action_round = начинается раунд действий { $a0 }
outline-fx-set_in_headline = { -headline-phase }: { $a0 }
outline-fx-headline_chosen = { $a0 } { $a0form ->
        [plural] кладут
       *[other] кладет
    } { $a1acc } лицом вниз как { -headline-card(case: "acc") }
outline-fx-reveal_headlines = открыть обе { -headline-card(case: "acc-pl") }
outline-fx-resolve_headline = происходит { -headline-event } { $a0gen }

## Запросы

outline-q-min = меньшее из { $a0gen } и { $a1gen }
outline-q-max = большее из { $a0gen } и { $a1gen }
outline-q-abs = модуль { $a0gen }
outline-q-size = число элементов в списке: { $a0 }
outline-q-first = первый из списка: { $a0 }
outline-q-concat = { $a0 } плюс { $a1 }
outline-q-take = первые { $a1 } из списка: { $a0 }
outline-q-rank = место { $a1gen } в списке: { $a0 }
outline-q-d6 = бросок кубика
    .gen = броска кубика
    .acc = бросок кубика
outline-q-roll_at_least = { $a0 } { $a0form ->
        [plural] бросают
       *[other] бросает
    } кубик, { $a0form ->
        [plural] прибавляют
       *[other] прибавляет
    } { $a1 } и { $a0form ->
        [plural] получают
       *[other] получает
    } не меньше { $a2 }
outline-q-roll_at_most = { $a0 } { $a0form ->
        [plural] бросают
       *[other] бросает
    } кубик, { $a0form ->
        [plural] прибавляют
       *[other] прибавляет
    } { $a1 } и { $a0form ->
        [plural] получают
       *[other] получает
    } не больше { $a2 }
outline-q-roll_off = { $a0 } и противник бросают по кубику, прибавляя { $a1 } и { $a2 }: у кого больше, тот и победил, при ничьей никто
outline-q-roll_table = бросок по таблице { $a0 }
outline-q-table_value = { $a0 }: строка { $a1 }, столбец { $a2 }
outline-q-opponent = противник { $a0gen }
    .gen = противника { $a0gen }
outline-q-phasing = ходящий игрок
    .gen = ходящего игрока
outline-q-turn = номер хода
outline-q-action_round = номер раунда действий
outline-q-in_headline = идёт { -headline-phase }
outline-q-defcon = DEFCON
outline-q-vp = отметка ПО (выше нуля: впереди США)
outline-q-milops = военные операции { $a0gen }
outline-q-space_box = клетка Космической гонки { $a0gen }
outline-q-space_attempts = попытки { $a0gen } в Космической гонке за ход
outline-q-space_attempts_allowed = разрешенные попытки { $a0gen } в Космической гонке
outline-q-action_rounds_this_turn = раунды действий { $a0gen } в этом ходу
outline-q-game_over = игра окончена
outline-q-in_final_scoring = идёт финальный подсчет очков
outline-q-all_countries = все страны
outline-q-countries = страны региона { $a0 }
outline-q-neighbours = соседи { $a0named ->
        [yes] { $a0gen }
       *[no] страны { $a0 }
    }
outline-q-in_region = { $a0 } { $a1named ->
        [yes] { $a1in }
       *[no] в регионе { $a1 }
    }
outline-q-region_of = регион { $a0named ->
        [yes] { $a0gen }
       *[no] страны { $a0 }
    }
outline-q-adjacent_to_region = { $a0 } граничит { $a1named ->
        [yes] с { $a1ins }
       *[no] с регионом { $a1 }
    }
outline-q-adjacent_to_superpower = { $a0 } граничит со сверхдержавой
outline-q-adjacent_to_superpower_of = { $a0 } граничит со сверхдержавой { $a1gen }
outline-q-stability = стабильность { $a0named ->
        [yes] { $a0gen }
       *[no] страны { $a0 }
    }
outline-q-battleground = { $a0 } — Ключевая страна
outline-q-influence = влияние { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в стране { $a1 }
    }
outline-q-controls = { $a1 } под контролем { $a0gen }
outline-q-control_margin = перевес контроля { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в стране { $a1 }
    }
outline-q-ops_to_control = влияние, нужное { $a0gen } для контроля: { $a1 }
outline-q-ops_to_break_control = влияние, нужное { $a0gen }, чтобы отменить контроль: { $a1 }
outline-q-accessible =
    { $a0 } { $a0form ->
        [plural] могут
       *[other] может
    } размещать влияние: { $a1 }
outline-q-placed_this_round = влияние { $a0gen }, размещенное в этом раунде: { $a1 }
outline-q-level_if_controlled = уровень { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } при контроле над { $a1 }
outline-q-score_swing_if_controlled = ПО { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } при контроле над { $a1 }
outline-q-score_swing_if_broken = ПО { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } при отмене контроля над { $a1 }
outline-q-ops = ОО { $a0gen }
outline-q-ops_for = ОО { $a1gen } для { $a0gen }
outline-q-event_side = сторона события { $a0gen }
outline-q-period_of = период карты { $a0 }
outline-q-is_scoring = { $a0 } — карточка подсчета очков
outline-q-is_starred = { $a0 } — карта со звездочкой
outline-q-in_effect = { $a0 } действует
outline-q-played_by = кто разыграл { $a0 }
outline-q-hand = рука { $a0gen }
    .gen = руки { $a0gen }
    .acc = руку { $a0gen }
outline-q-draw_pile = игровая колода
outline-q-discard_pile = стопка сброса
outline-q-removed_cards = карты, удаленные из игры
outline-q-period_cards = карты периода «{ $a0 }»
outline-q-china_card_holder = владелец { -china-card(case: "gen") }
    .gen = владельца { -china-card(case: "gen") }
outline-q-china_card_face_up = { -china-card } лежит лицом вверх
outline-q-headline_of = { -headline-card } { $a0gen }
    .gen = { -headline-card(case: "gen") } { $a0gen }
    .acc = { -headline-card(case: "acc") } { $a0gen }
outline-q-random_card = случайная карта из списка: { $a0 }
    .gen = случайной карты из списка: { $a0 }
    .acc = случайную карту из списка: { $a0 }
outline-q-drawn_this_round = карты, которые { $a0form ->
        [plural] взяли
        [fem] взяла
        [neut] взяло
       *[other] взял
    } { $a0 } в этом раунде
outline-q-ops_bonus_regions = регионы, где все ОО карты «{ $a1 }» стоят для { $a0gen } больше
outline-q-ops_spent_only_in = все ОО карты потрачены { $a0named ->
        [yes] { $a0in }
       *[no] в регионе { $a0 }
    }
outline-q-space_ops_needed = ОО, нужные { $a0gen } для следующей клетки Космической гонки
outline-q-score_if_event = ПО { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } после события { $a1gen }
outline-q-score_if_ops = ПО { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } после траты { $a1 } ОО
outline-q-event_has_effect =
    если { $a0 } { $a0form ->
        [plural] разыграют
       *[other] разыграет
    } событие { $a1gen }, в игре что-то изменится
outline-q-event_influence_gain =
    влияние, которое { $a0 } { $a0form ->
        [plural] получат
       *[other] получит
    } от события { $a1gen }
outline-q-event_control_gain =
    страны, которые { $a0 } { $a0form ->
        [plural] возьмут
       *[other] возьмет
    } под контроль событием { $a1gen }
outline-q-setting = настройка { $a0 }
outline-q-may =
    { $a1 } { $a1form ->
        [plural] могут
       *[other] может
    } { $a0 } { $a2named ->
        [yes] с { $a2ins }
       *[no] с картой { $a2 }
    }

## Выражения

outline-and = и
outline-or = или
outline-not = не { $x }
outline-in = { $a } входит в { $bacc }
outline-not-in = { $a } не входит в { $bacc }
outline-cond = если { $c }, то { $a }, иначе { $b }
outline-each = каждый { $var } из списка: { $source }
outline-order-by = по порядку: { $keys }
outline-order-asc = { $key } по возрастанию
outline-order-desc = { $key } по убыванию
outline-order-then = затем
outline-agg-count = количество { $var } из списка: { $source }
outline-agg-sum = сумма { $item } по { $var } из списка: { $source }
outline-agg-max = наибольшее { $item } по { $var } из списка: { $source }
outline-agg-min = наименьшее { $item } по { $var } из списка: { $source }
outline-agg-any = { $item } хотя бы для одного { $var } из списка: { $source }
outline-agg-all = { $item } для каждого { $var } из списка: { $source }
# переменная известного вида (карта, страна, регион, сторона) в косвенных падежах: «ОО карты c»
outline-typed-var = { $var }
    .gen = { $kind ->
        [card] карты
        [country] страны
        [region] региона
       *[other] стороны
    } { $var }
    .acc = { $kind ->
        [card] карту
        [country] страну
        [region] регион
       *[other] сторону
    } { $var }
outline-true = да
outline-false = нет
outline-none = ничего
# a comparison with nothing: "x == none", "x != none"
outline-is-none = { $x } отсутствует
outline-is-set = { $x } имеется
outline-enum-neutral = нейтральная
outline-enum-early = Начало войны
outline-enum-mid = Середина войны
outline-enum-late = Конец войны
outline-enum-no_presence = нет присутствия
outline-enum-presence = присутствие
outline-enum-domination = доминирование
outline-enum-control = контроль

## Переменные событий и длительных эффектов

outline-var-player = игрок
    .gen = игрока
outline-var-owner = владелец эффекта
    .gen = владельца эффекта
outline-var-actor = действующая сторона
    .form = fem
    .gen = действующей стороны
    .acc = действующую сторону
outline-var-target = целевая страна
    .gen = целевой страны
    .acc = целевую страну
    .in = в целевой стране
outline-var-card = карта
    .gen = карты
    .acc = карту
    .ins = этой картой
outline-var-this_card = эта карта
    .gen = этой карты
    .acc = эту карту
outline-var-card_player = сторона, разыгравшая карту
    .form = fem
    .gen = стороны, разыгравшей карту
    .acc = сторону, разыгравшую карту
outline-var-ops = ОО
outline-var-free = бесплатно
outline-var-mode = способ розыгрыша
    .gen = способа розыгрыша
outline-var-region = регион
    .gen = региона
    .acc = этот регион
    .in = в этом регионе
    .ins = этим регионом
outline-var-turn_number = номер хода
    .gen = номера хода
outline-var-round = следующий раунд действий
    .gen = следующего раунда действий
outline-var-us_card = { -headline-card } США
    .gen = { -headline-card(case: "gen") } США
    .acc = { -headline-card(case: "acc") } США
outline-var-ussr_card = { -headline-card } СССР
    .gen = { -headline-card(case: "gen") } СССР
    .acc = { -headline-card(case: "acc") } СССР
outline-var-ai = ИИ
outline-var-human = игрок-человек
    .gen = игрока-человека

# Added with the solo AI's operations and the card events' own primitives.
outline-fx-begin_action_round = начинается раунд действий: { $a0 }
outline-fx-end_action_round = раунд действий заканчивается: { $a0 }
outline-fx-place_influence_point = { $a0 } { $a0form ->
        [plural] размещают
       *[other] размещает
    } операциями одно очко влияния: { $a1 }
outline-fx-reveal_cards = { $a0 } { $a0form ->
        [plural] вскрывают
       *[other] вскрывает
    } карты: { $a1 }
outline-q-battlegrounds_counted = Ключевые страны, засчитываемые { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в регионе { $a1 }
    }, из { $a2 }
outline-q-coup_defcon_drop = насколько упадет DEFCON после переворота { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в стране { $a1 }
    }
outline-q-influence_cost = цена еще одного очка влияния для { $a0gen } { $a1named ->
        [yes] { $a1in }
       *[no] в стране { $a1 }
    }
outline-q-may_target = { $a1 } { $a1form ->
        [plural] могут
       *[other] может
    } выполнить действие { $a0 } { $a2named ->
        [yes] { $a2in }
       *[no] в стране { $a2 }
    }
outline-pick = выбор по списку приоритетов «{ $list }» ({ $args })

# Состояние, которое объявляет набор правил: его переменные, зоны (стопки карт) и шкалы.
outline-fx-set_variable = { $a0 } получает значение { $a1 }
outline-fx-move_to_zone = положить { $a0acc } в зону { $a1 } (сверху: { $a2 })
outline-fx-shuffle_zone = перемешать зону { $a0 }
outline-q-zone = карты зоны { $a0 }
outline-q-track_min = наименьшее значение шкалы { $a0 }
outline-q-track_max = наибольшее значение шкалы { $a0 }
# Таблица, зона, шкала, переменная или настройка набора правил — теми словами, что её называют
# (`table-<имя>`, `state-<имя>`, `.name` настройки), в кавычках: «Вариативная расстановка», «Колода подсчета очков»
outline-named = «{ $name }»
    .inner = „{ $name }“

## Для соло-игры: её ход, причины решений ИИ, итог партии
outline-forbid-discard = сброс карты
outline-forbid-event_influence = размещение влияния по событию
outline-modify-defcon_floor = самый низкий DEFCON, до которого сторона может довести
outline-fx-ai_decision = ИИ записывает, почему выбрал { $a1acc } ({ $a0 }: { $a2 })
outline-fx-begin_play = { $a0 } { $a0form ->
        [plural] берут
       *[other] берёт
    } { $a1acc }, чтобы разыграть
outline-fx-announce_play = { $a0 } { $a0form ->
        [plural] разыгрывают
       *[other] разыгрывает
    } { $a1acc } ({ $a2 })
outline-fx-commit_ops_to = все ОО карты идут { $a0named ->
        [yes] в { $a0acc }
       *[no] в регион { $a0 }
    }
outline-fx-finish_play = { $a0 } { $a0form ->
        [plural] завершают
       *[other] завершает
    } розыгрыш { $a1gen }
outline-fx-note_drawn = { $a0 } { $a0form ->
        [plural] взяли
        [fem] взяла
        [neut] взяло
       *[other] взял
    } в этом раунде: { $a1 }
outline-fx-to_hand_bottom = { $a0 } { $a0form ->
        [plural] кладут
       *[other] кладёт
    } { $a1acc } под низ колоды/руки
outline-q-appendix_allows = статья приложения для { $a0gen } разрешает стороне { $a2 } событие в момент { $a1 }
outline-q-has_appendix_entry = у { $a0gen } есть статья в приложении
outline-q-game_end_reason = причина окончания игры
outline-q-game_winner = победитель
outline-q-index_of = место { $a1gen } в списке: { $a0 }
outline-q-level_without_control = уровень { $a0gen } { $a2named ->
        [yes] { $a2in }
       *[no] в регионе { $a2 }
    } без контроля над { $a1 }
outline-q-playable_cards = карты, которые { $a0 } { $a0form ->
        [plural] могут
       *[other] может
    } разыграть
outline-q-event_possible = { $a0 } { $a0form ->
        [plural] могут
       *[other] может
    } разыграть событие { $a1gen }
outline-q-event_vp_gain = ПО, которые { $a0 } { $a0form ->
        [plural] получат
       *[other] получит
    } от события { $a1gen }
outline-q-event_wins_game =
    { $a0 } { $a0form ->
        [plural] выиграют
       *[other] выиграет
    } партию событием { $a1gen }
outline-q-event_influence_removed = влияние противника, которое событие { $a1gen } уберёт для { $a0gen }

## Собственные имена правил: локальные значения, переменные циклов и параметры (`let`, `for each`, `choose` …)
# Необязательны: имя без сообщения показывается так, как его пишет файл правил. Однобуквенные имена
# (c, s, x …) остаются как есть, как буква в формуле.

outline-local-added = страны с добавленным влиянием
    .form = plural
    .gen = стран с добавленным влиянием
outline-local-amount = количество
    .form = neut
    .gen = количества
outline-local-attacker = нападающий
    .gen = нападающего
    .acc = нападающего
outline-local-before = прежнее
    .form = neut
    .gen = прежнего
outline-local-discards = число сбросов
    .form = neut
    .gen = числа сбросов
outline-local-drawn = взятые карты
    .form = plural
    .gen = взятых карт
outline-local-eligible = подходящие страны
    .form = plural
    .gen = подходящих стран
outline-local-empty = пустые страны
    .form = plural
    .gen = пустых стран
outline-local-first_target = первая цель
    .form = fem
    .gen = первой цели
    .acc = первую цель
outline-local-gain = прирост
    .gen = прироста
outline-local-gained = набранные ПО
    .form = plural
    .gen = набранных ПО
outline-local-guest = гость
    .gen = гостя
    .acc = гостя
outline-local-half = половина
    .form = fem
    .gen = половины
    .acc = половину
outline-local-held = занятые страны
    .form = plural
    .gen = занятых стран
outline-local-hindrance = помеха
    .form = fem
    .gen = помехи
    .acc = помеху
outline-local-host = хозяин игр
    .gen = хозяина игр
    .acc = хозяина игр
outline-local-latin_america = Латинская Америка
    .form = fem
    .gen = Латинской Америки
    .acc = Латинскую Америку
outline-local-level = уровень
    .gen = уровня
outline-local-military_ops = военные операции
    .form = plural
    .gen = военных операций
outline-local-moved = перенесённое влияние
    .form = neut
    .gen = перенесённого влияния
outline-local-order_of_choice = порядок выбора
    .gen = порядка выбора
outline-local-places = страны, откуда можно снять влияние
    .form = plural
    .gen = стран, откуда можно снять влияние
outline-local-points = очки
    .form = plural
    .gen = очков
outline-local-pool = карты на выбор
    .form = plural
    .gen = карт на выбор
outline-local-regions = регионы
    .form = plural
    .gen = регионов
outline-local-removed = влияние снято
outline-local-rival = соперник
    .gen = соперника
    .acc = соперника
outline-local-round_number = номер раунда
    .gen = номера раунда
outline-local-scoring = подсчет очков
    .gen = подсчета очков
outline-local-side = сторона
    .form = fem
    .gen = стороны
    .acc = сторону
outline-local-taken = добыча
    .form = fem
    .gen = добычи
    .acc = добычу
outline-local-targets = цели
    .form = plural
    .gen = целей
outline-local-thrown = число сброшенных карт
    .form = neut
    .gen = числа сброшенных карт
outline-local-to_us = ПО, причитающиеся США
    .form = plural
    .gen = ПО, причитающихся США
outline-local-to_ussr = ПО, причитающиеся СССР
    .form = plural
    .gen = ПО, причитающихся СССР
outline-local-top = наивысшее значение
    .form = neut
    .gen = наивысшего значения
outline-local-us_battlegrounds = число Ключевых стран США
    .form = neut
    .gen = числа Ключевых стран США
outline-local-ussr_battlegrounds = число Ключевых стран СССР
    .form = neut
    .gen = числа Ключевых стран СССР
outline-local-value = значение
    .form = neut
    .gen = значения
outline-local-victim = жертва
    .form = fem
    .gen = жертвы
    .acc = жертву
outline-local-vp = ПО
    .form = plural
outline-local-way_out = страны выхода из кризиса
    .form = plural
    .gen = стран выхода из кризиса
outline-local-winner = победитель
    .gen = победителя
    .acc = победителя
outline-local-wins_at = победный порог
    .gen = победного порога

## Длительные эффекты, названные не по своей карте (эффект самой карты называется картой)

outline-lasting-aldrich_ames_hand_revealed = Олдрич Эймс: рука США открыта
outline-lasting-bear_trap_round = Ловушка для медведя: этот раунд
outline-lasting-missile_envy_obligation = Ракетная зависть: карту нужно разыграть
outline-lasting-north_sea_oil_extra_round = Нефть Северного моря: лишний раунд
outline-lasting-north_sea_oil_round_passed = Нефть Северного моря: лишний раунд пропущен
outline-lasting-quagmire_round = Затруднительное положение: этот раунд
outline-lasting-we_will_bury_you_threat = Мы вас похороним: угроза

# Строка, с которой правило сравнивает способ розыгрыша карты или действие (`mode == "event"`,
# `may_target("coup", …)`): слово, которое outline показывает вместо нее (в кавычках outline-named).
outline-word-event = событие
outline-word-influence = влияние
outline-word-coup = переворот
outline-word-realign = { -realignment }
outline-word-space = Космическая гонка
outline-word-headline = { -headline-phase }
outline-word-action = действие
