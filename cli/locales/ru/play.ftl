# twilight play: слова терминальной игры (русский).
#
# Для переводчиков: все сообщения здесь показывает `twilight play` (cli/play_*.py). Названия карт,
# стран, регионов и сторон, вопросы решений, подписи вариантов, отказы и причины окончания игры лежат
# в локалях каждого набора правил (rules/<ruleset>/locales/<lang>/). Сообщение может брать формы
# названия: `$country_gen` (родительный: «Польши»), `$country_ins` (творительный: «Польшей»),
# `$country_in` (где, с предлогом: «в Польше», «на Кубе»), `$country_to` (куда, с предлогом:
# «в Польшу»); те же формы есть у `$side`, `$region`, `$primary`, `$secondary`. Числа согласуйте
# селектором по категориям one/few/many. Термины по /work/shared/reference/glossary-ru.yaml: ОО (очки
# операций), ПО (победные очки), влияние, Ключевая страна, переворот, Космическая гонка, раунд действий,
# Первичный и Вторичный регион. Уравнивание влияния, заглавную фазу (карту, событие) и Карту Китая
# пишите только ссылками на термины (`{ -realignment(case: "acc") }`, `{ -china-card }`): их дают
# rules/<ruleset>/locales/<lang>/terms.ftl, и каждый набор правил подставляет слова своего свода
# (стандартный — официальных правил, solo-v2 — одиночной игры). Слова команд:
# значение `play-command-<имя>` и слова его `.aliases`; они не должны совпадать между командами.
# `twilight i18n check` показывает, чего не хватает, что лишнее и что расходится с английским.

## Начало игры

play-setup-language = Language / Язык
play-language-en = English
play-language-ru = Русский
play-setup-side = За какую сторону вы играете?
play-setup-opponent = Кто играет за другую сторону?
play-opponent-computer = Компьютер (он разыгрывает каждый ответ в копиях партии и видит только то, что видно его стороне)
play-opponent-person = Другой человек за этим же терминалом (по очереди)
play-setup-level = Какой уровень ИИ?
play-setup-prompt = Enter — по умолчанию »{ " " }
play-setup-default = (по умолчанию)
play-setup-help = Введите номер или название варианта; Enter — вариант по умолчанию; «выход» — не начинать игру.
play-setup-aborted = Игра не начата.
play-setup-number = Целое число от { $low } до { $high }; по умолчанию: { $default }
play-setup-number-any = Целое число; по умолчанию: { $default }
play-setup-not-number = «{ $typed }» — не целое число от { $low } до { $high }.
play-setup-not-number-any = «{ $typed }» — не целое число.
play-setup-number-help = Введите число (цифрами, со знаком минус, если оно меньше нуля); Enter — значение по умолчанию; «выход» — не начинать игру.
play-resumed = Продолжаем игру из { $path } ({ $count ->
    [one] повторен { $count } ответ
    [few] повторено { $count } ответа
   *[many] повторено { $count } ответов
}).

## Экран

play-title = Сумеречная борьба · { $ruleset }
play-status-turn = Ход { $turn }
play-status-turn-of = Ход { $turn } из { $last }
play-status-round = Раунд действий { $round }: { $side }
play-status-headline = { -headline-phase(cap: "yes") }
play-status-defcon = DEFCON { $defcon }
play-status-vp = ПО { $vp } ({ $standing })
play-vp-even = поровну
play-vp-lead = { $side } впереди на { $count }
play-status-milops = Военные операции: США { $us }, СССР { $ussr } (нужно { $needed })
play-status-space = Космическая гонка: США { $us }, СССР { $ussr }
play-status-china-up = { -china-card }: { $side }, лицом вверх
play-status-china-down = { -china-card }: { $side }, лицом вниз
play-status-china-unplayable = { -china-card }: { $side }, лицом вниз (до конца хода ее не разыграть)
play-status-state = { $name }: { $value }
play-status-zone-size = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}
play-status-effects = Действуют: { $effects }
play-board-country = Страна
play-board-stability = Стаб.
play-board-legend = ★ Ключевая страна · выделенное число: эта сторона контролирует страну · · нет влияния
play-board-summary-side = { $side } { $count } ({ $battlegrounds }★)
play-board-summary-leads = впереди { $side }
play-board-summary-even = поровну
play-board-others = Другие регионы: страны под контролем (★ из них Ключевые) · целиком: «регион НАЗВАНИЕ», «карта все»
play-board-all-summary = Регионы: страны под контролем (★ из них Ключевые) · целиком: «регион НАЗВАНИЕ», «карта все»
play-board-hidden = Карта мира: введите «карта» («карта все», «регион НАЗВАНИЕ»).
play-region-which = Какой регион? { $regions }
play-region-unknown = «{ $text }» — не регион. Может быть, { $suggestion }?
play-region-none = «{ $text }» — не регион: { $regions }
play-recent = { $count ->
    [0] С вашего прошлого решения
    [one] С вашего прошлого решения (раньше еще { $count } запись: введите «журнал»)
    [few] С вашего прошлого решения (раньше еще { $count } записи: введите «журнал»)
   *[many] С вашего прошлого решения (раньше еще { $count } записей: введите «журнал»)
}
play-cards-choose = Карты на выбор
play-cards-hand = Карты на руке { $side_gen }
play-cards-hand-revealed = Карты на руке { $side_gen }, открытые вам
play-cards-card = Карта
play-cards-ops = ОО
play-cards-side = Сторона
play-cards-summary = Событие
play-cards-neutral = нейтральная
play-how-many = { $min ->
    [0] { $max ->
        [1] Выберите один вариант (Enter — ничего)
       *[other] Выберите до { $max } через запятую (Enter — ничего)
    }
   *[other] { $min ->
        [1] { $max ->
            [1] Выберите один вариант
           *[other] Выберите от 1 до { $max } через запятую
        }
       *[other] Выберите от { $min } до { $max } через запятую
    }
}
play-how-many-exactly = Выберите { $count } через запятую
play-points-left = Размещение влияния: осталось { $left } из { $total } { $total ->
    [one] очка
    [few] очков
   *[many] очков
}{ $marked ->
    [yes] { " · " }страна с пометкой «стоит» требует больше одного очка
   *[other] { "" }
}
play-rolls-left = { -realignment(cap: "yes") }: осталось { $left } из { $total } { $total ->
    [one] броска
    [few] бросков
    [many] бросков
   *[other] броска
}
play-operations-to-spend = Операции на { $ops } ОО
play-progress = Выбор { $pick } из { $picks }
play-not-offered = Нет в списке: { $options } — { $why }
play-not-offered-held = Нет в списке: { $options } — { $reason }, а { $rounds ->
        [one] это ваш последний раунд действий
        [few] у вас осталось { $rounds } раунда действий
        [many] у вас осталось { $rounds } раундов действий
       *[other] у вас осталось { $rounds } раунда действий
    }.
play-option-cost = { $option } (стоит { $cost })
play-option-war = { $option } (DEFCON 1: вы сразу проигрываете)
play-option-war-opponent = { $option } (соперник может ответить, доведя DEFCON до 1)
play-option-lose = { $option } (вы сразу проигрываете: { $reasons })
play-forced-choice = { $prompt }: вариант только один — { $answer }, он выбран за вас
play-war-confirm = Переворот { $country_in } доведет DEFCON до 1 — ядерная война, и вы сразу проиграете партию. Введите «да», чтобы все равно его сделать; любой другой ответ — выбрать заново.
play-war-confirm-mode = { $mode }: { $by ->
        [opponent] при таком розыгрыше карты соперник сможет ответить так, что DEFCON опустится до 1,
       *[you] при таком розыгрыше карты DEFCON дойдет до 1, что бы вы ни выбрали дальше,
    } — ядерная война, и вы сразу проиграете партию. Введите «да», чтобы все равно так сыграть; любой другой ответ — выбрать заново.
play-war-prompt = да/нет »
play-war-yes = да д
play-hint = Введите номер или название (Tab дополняет) · ? справка · подсказка · почему · журнал · карта · сохранить · выход
play-hint-no-ai = Введите номер или название (Tab дополняет) · ? справка · подсказка · журнал · карта · сохранить · выход
play-prompt = { $side } »{ " " }
play-decision-unworded = Решение: { $name }
play-draw = никто (ничья)

## Команды (слова команды: ее значение и слова .aliases)

play-command-help = помощь
    .aliases = п справка
play-command-why = почему
    .aliases = ч зачем
play-command-log = журнал
    .aliases = ж история
play-command-board = карта
    .aliases = к поле
play-command-region = регион
    .aliases = р область
play-command-save = сохранить
    .aliases = с сохр
play-command-quit = выход
    .aliases = в выйти
play-log-all = все
play-log-title = Журнал ({ $count } { $count ->
    [one] строка
    [few] строки
   *[many] строк
})
play-log-hint = Только этот ход; «журнал все» — вся игра.
play-log-extra = После «журнал» можно написать только «все»: «{ $text }» не учтено.
play-saved = Сохранено в { $path }.
play-why-none = ИИ еще не сделал ни одного хода.
play-why-move-headline = Решение ИИ № { $number } · { $when } · { -headline-phase }
play-why-move-action = Решение ИИ № { $number } · { $when } · раунд действий ИИ
play-why-move-answer = Решение ИИ № { $number } · { $when } · ИИ отвечает на выбор события
play-why-provisional = наше прочтение пробела в правилах ({ $codes })
play-why-state = на момент этого решения ИИ: { $state }
play-why-default-yes = отвечает на выбор «{ $decision }» «да»: ни один список ИИ не отвечает на этот выбор, а «да» ИИ берет всегда, когда оно предложено
play-why-default-country = отвечает на выбор «{ $decision }»: { $answer } — ни один список ИИ не отвечает на этот выбор, поэтому ИИ берет { $count ->
    [one] первую
    [few] первые { $count }
   *[many] первые { $count }
} из стран, которые разрешает событие, в порядке стран на карте
play-why-default-first = отвечает на выбор «{ $decision }»: { $answer } — ни один список ИИ не отвечает на этот выбор, поэтому ИИ берет { $count ->
    [one] первый вариант
    [few] первые { $count } варианта
   *[many] первые { $count } вариантов
} в том порядке, в каком их предлагает выбор
play-mechanics-any = Выберите один из перечисленных ответов: каждый сейчас разрешен правилами, а те, что не предлагаются, названы вместе с правилом, которое их исключает. Ниже указано правило, из которого этот вопрос.
play-mechanics-rules-place = Это влияние дают сами правила (при расстановке или на своем шаге хода), а не событие карты: оно идет только в предложенные страны, по одному очку за выбор, без требования соседства с вашим влиянием.
play-mechanics-rules-discard = Этот сброс требуют сами правила (шаг хода, а не событие карты): выбранные карты уходят в стопку сброса, которую замешивают в игровую колоду, когда та кончается.
play-help-card = Этот выбор дает событие карты «{ $card }»: { $summary }
play-help-procedure = Этот выбор входит в процедуру: { $procedure }
play-help-source = Правило: { $source }
play-help-provisional = Временное правило { $codes } (его нет в своде правил){ $note }
play-help-commands = Команды: ? эта справка · почему — последний ход ИИ · журнал — история этого хода (журнал все — вся игра) · карта — снова показать экран · карта НАЗВАНИЕ — текст карты · сохранить · выход (сначала сохраняет)
play-help-commands-no-ai = Команды: ? эта справка · журнал — история этого хода (журнал все — вся игра) · карта — снова показать экран · карта НАЗВАНИЕ — текст карты · сохранить · выход (сначала сохраняет)
play-help-commands-computer = Команды: ? эта справка · почему — последние решения компьютера · журнал — история этого хода (журнал все — вся игра) · карта — снова показать экран · карта НАЗВАНИЕ — текст карты · сохранить · выход (сначала сохраняет)
play-help-board = карта все — все регионы целиком · регион НАЗВАНИЕ — один регион или субрегион целиком (регион Европа, регион Восточная Европа)
play-demo-chose = { $prompt }: { $answer }

## Что введено

play-input-empty = Введите номер или название.
play-input-number = Номера { $text } нет в списке: выберите от 1 до { $count }.
play-input-ambiguous = «{ $text }» может означать: { $matches }. Введите название подробнее.
play-input-unknown = «{ $text }» нет среди вариантов. Введите номер, название или ? для справки.
play-input-suggest = «{ $text }» нет среди вариантов. Может быть, вы имели в виду «{ $suggestion }»?
play-input-count = Выберите { $min ->
    [0] до { $max }
   *[other] от { $min } до { $max }
} (вы указали { $got }).
play-input-count-exactly = Выберите { $count } (вы указали { $got }).
play-input-repeat = Каждый вариант можно выбрать только один раз.
play-input-not-allowed = «{ $option }» выбрать нельзя: { $why }.
play-input-not-offered = { $country_gen } сейчас нет среди вариантов.
play-input-card-not-offered = Карты «{ $card }» сейчас нет среди вариантов.
play-input-refused = { $country } не подходит. { $reason }
play-input-several-refused = Ответ { $number } из { $given } («{ $text }»): { $problem } Ни один из ответов не принят.
play-input-several-extra = Здесь подходят только { $count } из { $given } ответов; ни один не принят.
play-input-several-gone = После предыдущих ответов «{ $option }» уже нет среди вариантов.

## Сохранения

play-save-none = Нет незаконченной игры, которую можно продолжить.
play-save-missing = Файла сохранения { $path } нет.
play-save-unreadable = Не удается прочитать файл сохранения { $path } ({ $detail }).
play-save-not-json = Файл сохранения { $path } поврежден: это не корректный JSON ({ $detail }).
play-save-not-a-save = { $path } — не файл сохранения twilight ({ $detail }).
play-save-no-format = { $path } — не файл сохранения twilight: в нем нет поля "format", которое есть в каждом сохранении twilight.
play-save-other-format = { $path } — не файл сохранения twilight: его поле "format" равно { $detail }, а у сохранений twilight оно равно 1. Возможно, это файл другой программы.
play-save-newer-format = { $path } сохранен более новой версией twilight (формат сохранения { $detail }, а эта версия читает формат 1). Чтобы продолжить эту партию, обновите twilight.
play-save-folder = Не удается прочитать папку сохранений { $path } ({ $detail }).
play-save-folder-is-file = { $path } — файл, а не папка: twilight хранит сохранения в папке $TWILIGHT_HOME/saves (или ~/.local/share/twilight/saves, если TWILIGHT_HOME не задана). Укажите в TWILIGHT_HOME папку или уберите этот файл.
play-save-mismatch = Сохранение { $path } не воспроизводит свою игру ({ $detail }); возможно, оно повреждено или сделано другой версией twilight или правил (исправление в игре ИИ меняет его партии). Файл оставлен как есть.
play-save-diverged = Сохранение записано другой версией twilight, и теперь партия идет иначе после { $kept } из { $total ->
        [one] { $total } ответа
        [few] { $total } ответов
        [many] { $total } ответов
       *[other] { $total } ответа
    } (например, после исправления в игре ИИ): игра продолжается с этого места. Прежнее сохранение лежит в { $path }.
play-save-skipped = { $problem } Оно пропущено.
play-save-symlink = { $path } — символическая ссылка, а не файл сохранения: сохранение читается только из собственного файла в папке сохранений. Положите на ее место копию файла, на который она указывает.
play-save-unknown-ruleset = { $path } — партия по набору правил { $ruleset }, а его нет ни среди установленных, ни в просмотренных папках: { $places }. Если это сохранение варианта, укажите папку, где лежит вариант, в --rules-path или саму папку варианта в --ruleset.
play-save-other-ruleset = { $path } — партия по набору правил { $ruleset }, а не { $given } (--ruleset). Уберите --ruleset или укажите в нем папку набора { $ruleset }.
play-quit = Игра сохранена в { $path }. Продолжить: twilight play --resume
play-interrupted = Остановлено. Последнее автосохранение: { $path }; продолжить: twilight play --resume
play-rules-error = Правила не смогли продолжить игру ({ $detail }). Игра сохранена до последнего решения; пожалуйста, сообщите об этой ошибке.
play-step-limit = Игра остановлена: правило не заканчивается. { $detail } Последнее автосохранение: { $path }. Исправьте правило или дайте ему больше шагов (--step-limit или --game-step-limit) и продолжите: twilight play --resume

## Сохранение занято, файл не записывается

play-save-locked = Сохранение { $path } занято другой игрой: процесс { $pid } на { $host }, с { $since }. Сначала закончите ту игру или выйдите из нее.
play-save-locked-unknown = Сохранение { $path } занято другой игрой. Сначала закончите ту игру или выйдите из нее.
play-save-in-the-way = { $path } уже существует и это не сохранение twilight ({ $detail }): новая игра не записывает поверх него. Выберите другой файл (--save).
play-save-in-the-way-unfinished = В { $path } сохранена ваша незаконченная партия: новая игра не записывает поверх нее. Продолжить ту партию: twilight play --resume { $path } · или выберите другой файл (--save).
play-seed-save-kept = Незаконченная партия с этим зерном сохранена как { $kept }: она остается. Эта партия сохраняется как { $name } (`twilight play --resume { $kept }` вернет к той).
play-file-write-failed = Не удается записать { $path } ({ $cause }): игра остановлена, а уже имеющееся сохранение осталось как было.
play-file-symlink = Не удается записать { $path }: это символическая ссылка, а twilight не пишет через ссылки. Удалите ее или сохраняйте в другое место (--save).

## Конец игры

play-end-title = Игра окончена
play-end-winner = Победа { $side_gen }.
play-end-draw = Ничья.
play-end-reason = Чем закончилась игра: { $reason }
play-end-vp = Итоговые ПО: { $vp } ({ $standing })
play-end-turn = Последний сыгранный ход: { $turn }
play-end-rating = { $mine ->
    [yes] Ваш рейтинг победы: { $rating }
   *[other] Рейтинг победы ИИ: { $rating }
}
play-end-trace = Трасса игры: { $path }
play-end-explain = Почему ИИ так ходил: twilight explain trace { $path } --all

## Журнал

log-turn = — Ход { $number } —
log-turn_end = Конец хода { $number }.
log-phase = { $phase }
log-phase-labelled = { $label }. { $phase }
log-action_round = Раунд действий { $round }: { $side }.
log-variable = { $name }: { $value }.
log-zone = { $zone }: добавлена карта «{ $card }».
log-zone-hidden = { $zone }: { $count ->
    [one] добавлена { $count } карта
    [few] добавлены { $count } карты
   *[many] добавлено { $count } карт
} рубашкой вверх.
log-headlines = Открыты { -headline-card(case: "nom-pl") }: США — { $us_card }, СССР — { $ussr_card }.
log-headline_cancelled = Отменено { -headline-event } { $side_gen }: { $card }.
log-play = { $side }: разыграна карта «{ $card }».
log-event = Событие: { $card } ({ $side }).
log-event_prevented = Событие «{ $card }» не может произойти.
log-no_legal_play = { $side }: карту «{ $card }» использовать нельзя.
log-no_operations = У { $side_gen } нет допустимых операций.
log-ops_bonus_unspendable = «{ $card }»: бонус за все операции { $region_in } не предлагается: ни одна страна там сейчас не открыта для действия «{ $operation }».
log-influence-add = { $side }: +{ $count } влияния { $country_in } (теперь { $now }).
log-influence-remove = { $side }: −{ $count } влияния { $country_in } (теперь { $now }).
log-coup = Переворот { $side_gen } { $country_in }: бросок { $roll }, сила { $strength } против { $defence }: { $outcome ->
        [success] успех с перевесом { $margin }
       *[failure] неудача, влияние не меняется
    }.
log-coup-parts = Переворот { $side_gen } { $country_in }: бросок { $roll } + { $ops } { $ops ->
    [one] очко операций
    [few] очка операций
   *[many] очков операций
}{ $modifier } = { $strength } против { $defence }: { $outcome ->
        [success] успех с перевесом { $margin }
       *[failure] неудача, влияние не меняется
    }.
log-realign = { $side } — { -realignment } { $country_in }: у { $side_gen } { $roll }, у { $opponent_gen } { $against }: { $outcome ->
        [win] перевес { $margin } в пользу { $winner_gen }
        [nothing] перевес { $margin } в пользу { $winner_gen }, но у { $loser_gen } там нет влияния
       *[tie] ничья, влияние не снимается
    }.
log-milops = { $side }: +{ $count } к военным операциям (теперь { $now }).
log-invasion = Вторжение { $side_gen } { $country_to }.
log-invasion-event = «{ $card }»: вторжение { $side_gen } { $country_to }.
log-space-success = { $side } — Космическая гонка: бросок { $roll }, успех, клетка { $box }.
log-space-failure = { $side } — Космическая гонка: бросок { $roll }, неудача.
log-space-success-needed = { $side } — Космическая гонка: бросок { $roll }, а нужно не больше { $needed }: успех, клетка { $box }.
log-space-failure-needed = { $side } — Космическая гонка: бросок { $roll }, а нужно не больше { $needed }: неудача.
log-space_advance = { $side } — Космическая гонка: переход на клетку { $box }.
log-defcon = DEFCON теперь { $now }.
log-defcon-coup = Переворот в Ключевой стране снижает DEFCON до { $now }.
log-defcon_change_ignored = ИИ не снижает DEFCON ниже { $floor }.
log-vp = { $side }: +{ $count } ПО ({ $standing }).
log-roll = Бросок { $side_gen } — { $roll }, а нужно не меньше { $needed }: { $success ->
        [yes] удача
       *[no] неудача
    }.
log-roll-event = «{ $card }»: бросок { $side_gen } — { $roll }, а нужно не меньше { $needed }: { $success ->
        [yes] удача
       *[no] неудача
    }.
log-roll-at_most = Бросок { $side_gen } — { $roll }, а нужно не больше { $needed }: { $success ->
        [yes] удача
       *[no] неудача
    }.
log-roll-event-at_most = «{ $card }»: бросок { $side_gen } — { $roll }, а нужно не больше { $needed }: { $success ->
        [yes] удача
       *[no] неудача
    }.
log-roll_off = Бросок { $first_gen } — { $first_roll }, бросок { $second_gen } — { $second_roll }: { $outcome ->
        [win] побеждает { $winner }
       *[tie] ничья
    }.
log-roll_off-event = «{ $card }»: бросок { $first_gen } — { $first_roll }, бросок { $second_gen } — { $second_roll }: { $outcome ->
        [win] побеждает { $winner }
       *[tie] ничья
    }.
log-table_roll = { $table }: выпало { $roll }, столбец { $column }.
log-table_roll-dice = { $table }: на кубиках { $dice }, берется меньшее — { $roll }, столбец { $column }.
log-random_card = { $among ->
        [1] Вытянута единственная карта
       *[other] Наугад вытянута одна карта из { $among }
    }: «{ $card }».
log-region_score_counted = { $region }, { $side }: { $count ->
        [0] ни одной страны под контролем
       *[other] под контролем { $countries }
    } = { $vp } ПО.
log-region_score = { $region }, { $side }: { $level } { $level_vp } + { $battlegrounds } за Ключевые страны + { $adjacent } за соседство с { $enemy_ins } = { $vp } ПО.
log-scored = Подсчет очков { $region_in }: { $standing }.
log-china_card-face_up = { -china-card } переходит к { $side }, лицом вверх.
log-china_card-face_down = { -china-card } переходит к { $side }, лицом вниз.
log-discard = Карта «{ $card }» сброшена.
log-discard-side = { $side }: карта «{ $card }» сброшена.
log-effect_start = Вступает в силу: { $card }.
log-effect_end = Больше не действует: { $card }.
log-cards_revealed = { $side }: { $count ->
    [one] открыта карта «{ $cards }»
    [few] открыты карты: { $cards }
   *[many] открыты карты: { $cards }
}.
log-hand_revealed = Рука { $side_gen }: { $cards }.
log-deck_added = { $period }: в колоду { $count ->
    [one] добавлена { $count } карта
    [few] добавлены { $count } карты
   *[many] добавлено { $count } карт
}.
log-reshuffle = Сброс перетасован в колоду ({ $count } { $count ->
    [one] карта
    [few] карты
   *[many] карт
}).
log-dealt = { $side }: на руке { $count } { $count ->
    [one] карта
    [few] карты
   *[many] карт
}.
log-victory = Победа { $side_gen }: { $reason }.
log-victory-draw = Ничья: { $reason }.
log-log = { $message }

## Ошибки при запуске

play-why-no-ai = В этой игре нет ИИ: обе стороны играют за этим терминалом.
play-why-computer-none = С тех пор как партия открыта, компьютер еще ничего не выбирал.
play-why-computer-title = Компьютер ({ $side }): его последние решения, последнее внизу
# `why`: вопрос, на который ответил ИИ или компьютер, в третьем лице (cli/session/why.py ASKED), а не так,
# как его задают отвечающему игроку.
play-why-computer-asked = На вопрос, { $question }, компьютер ответил: { $answer }
play-why-computer-event = На выбор в событии карты «{ $card }» компьютер ответил: { $answer }
play-why-computer-choice = На вопрос «{ $question }» компьютер ответил: { $answer }
play-why-computer-searched = он разыграл отсюда вперед { $playouts } { $playouts ->
    [one] партию
    [few] партии
   *[many] партий
}; оценки вариантов, которые он взвешивал (100% — победа, 50% — равная позиция): { $scores }
play-why-computer-score = { $answer } — { $score }%
play-why-computer-hidden = скрытая от вас карта
play-why-computer-plan = очко по плану, выбранному им при первом очке карты
play-why-computer-nothing = ничего
play-why-computer-only = единственный вариант
play-why-computer-heuristic = ответ быстрой эвристики (этот вопрос поиск оставляет ей)
play-hand-over = Очередь игрока за { $side }: передайте ему клавиатуру — пусть нажмет Enter
play-hand-over-prompt = Enter »
play-ruleset-errors = В наборе правил { $ruleset } есть ошибки, игра не начата. Выполните: twilight check { $ruleset }
play-level-unknown = Уровня «{ $level }» нет; есть уровни: { $levels }.
play-level-no-ai = --level задает уровень ИИ, а в { $ruleset } ИИ нет: за другую сторону играет компьютер или человек (--opponent).
play-opponent-solo = --opponent нужен только в игре без ИИ: в { $ruleset } за другую сторону играет ИИ.
play-set-disagrees = --set { $setting } и { $option } задают разные партии: укажите что-то одно.

## Незаконченные игры: `twilight saves` и вопрос, который задает `twilight play`, если они есть

play-saves-title = Незаконченные игры
play-saves-none = Незаконченных игр нет. Начать новую: twilight play
play-saves-hotseat = обе стороны
play-saves-hint = Продолжить: twilight play --resume НАЗВАНИЕ · удалить: twilight saves delete НАЗВАНИЕ
play-saves-damaged = { $problem } Удалить: twilight saves delete { $name }
play-saves-deleted = Сохранение { $name } удалено.
play-saves-unknown = Сохранения «{ $name }» нет. Есть такие: { $names }.
play-saves-unknown-close = Сохранения «{ $name }» нет. Может быть, вы имели в виду { $close }?
play-saves-unknown-none = Сохранения «{ $name }» нет: сохранений вообще нет.
play-saves-locked = Сохранение { $name } сейчас занято другой игрой (процесс { $pid }), поэтому оно не удалено.
play-saves-game = { $ruleset }, вы за { $side }, уровень: { $level }, ход { $turn }, сохранена { $saved }
play-saves-game-hotseat = { $ruleset }, обе стороны, ход { $turn }, сохранена { $saved }
play-saves-game-computer = { $ruleset }, вы за { $side } против компьютера, ход { $turn }, сохранена { $saved }
play-resume-question = У вас есть незаконченные игры. Продолжить?
play-resume-continue = Продолжить последнюю игру ({ $game })
play-resume-pick = Выбрать другую незаконченную игру
play-resume-new = Начать новую игру
play-resume-which = Какую игру продолжить?
play-resume-new-game-flags = --resume продолжает сохраненную партию такой, какой она была сохранена, а параметры { $flags } задают новую партию и изменить ее не могут. Уберите их или начните новую партию без --resume.

## Отмена: взять назад свой последний ответ (но не дальше броска кубика или открытой скрытой карты)

play-command-undo = отмена
    .aliases = о отменить назад
play-help-undo = отмена — взять назад последний ответ (еще раз — и тот, что перед ним), но не дальше броска кубика или открытой скрытой карты
play-undo-done = Ответ взят назад: { $answer }. Ответьте заново.
play-undo-nothing = Отменять нечего: своих ответов вы еще не давали.
play-undo-hand-over = Отменять нечего: последний ответ дал игрок за { $side } до того, как ход передали вам, а чужие ответы отменить нельзя.
play-undo-dice = Отменить нельзя: после вашего ответа бросали кубик ({ $what }).
play-undo-hidden = Отменить нельзя: после вашего ответа открылась скрытая карта ({ $what }).
play-undo-what-coup = переворот { $country_in }
play-undo-what-realign = { -realignment } { $country_in }
play-undo-what-space = попытка в Космической гонке
play-undo-what-event = событие карты «{ $card }»
play-undo-what-die = бросок кубика
play-undo-what-dealt = раздали карты
play-undo-what-reshuffle = колоду перетасовали
play-undo-what-cards_revealed = открыты карты { $side_gen }
play-undo-what-hand_revealed = открыта рука { $side_gen }
play-undo-what-headlines = открыты { -headline-card(case: "nom-pl") }
play-undo-what-play = сыграна карта «{ $card }» ({ $side })
play-undo-what-discard = сброшена карта «{ $card }» ({ $side })
play-undo-what-turned-up = открыта карта «{ $card }»

## Почему в вопросе об операциях нет переворота или уравнивания (отказы самих правил)

play-why-not = { $action } не предлагается. { $reasons }
play-why-not-group = { $reason }{ $more ->
    [0] { "" }
   *[other] { " " }(и так еще для { $more } { $more ->
        [one] страны
        [few] стран
       *[many] стран
    })
}
play-why-not-no-target = { $action } не предлагается: нет ни одной страны, куда его можно направить.
play-why-not-excluded = { $action } не предлагается: событие карты «{ $card }» не разрешает его этими операциями.
play-why-not-both = Переворот и { -realignment } не предлагаются. { $reasons }

## карта НАЗВАНИЕ (или ? НАЗВАНИЕ): текст карты. Слово «карта» — и команда поля: без продолжения
## (или с «все») оно показывает поле, с названием или номером — карту.

play-command-card = карта
    .aliases = текст
play-card-title = { $card } — карта { $number } · { $ops ->
    [0] карточка подсчета очков
   *[other] { $ops } ОО
} · { $side } · { $period }
play-card-starred = После того как событие сыграно, карта удаляется из игры.
play-card-match = «{ $card }» ({ $number })
play-card-ambiguous = «{ $text }» подходит к нескольким картам: { $matches }{ $more ->
    [0] {""}
   *[other] {" "}и еще { $more }
}. Введите название подробнее или номер карты.
play-card-unknown = Карты «{ $text }» нет. Ближе всего: { $matches }.
play-card-unknown-none = Карты «{ $text }» нет, и похожих тоже: введите название или номер карты (карта 31).
play-card-usage = карта НАЗВАНИЕ или НОМЕР — текст карты: карта 31, карта боязнь красных.

## подсказка: что ответил бы поиск (cli/session/hint.py)

play-command-hint = подсказка
    .aliases = подск
play-help-hint = подсказка — что ответил бы здесь поиск: лучшие ответы с оценками по быстрым разыгрываниям партии (около секунды)
play-advice-title = Подсказка поиска: { $playouts } { $playouts ->
    [one] разыгрывание
    [few] разыгрывания
   *[many] разыгрываний
} за { $ms } мс; каждое идет на { $horizon } { $horizon ->
    [one] раунд
    [few] раунда
   *[many] раундов
} действий вперед, а карты, которых вы не видите, всякий раз сдаются заново:
play-advice-move = { $rank }. { $answer }: оценка { $score }% [{ $low }–{ $high }%] ({ $count } { $count ->
    [one] разыгрывание
    [few] разыгрывания
   *[many] разыгрываний
})
play-advice-tie = , наравне с лучшим
play-advice-plans = Здесь оцениваются целые размещения влияния на оставшиеся очки карты, каждое разыграно до последнего очка. Первое очко лучшего — { $country }: назовите эту страну сейчас.
play-advice-plan = { $points }
play-advice-plan-point = { $country } +{ $count }
play-advice-scale = Оценка 100% — победа, 0% — поражение; если к тому времени партия не кончилась, считается перевес в ПО (и очки Первичного и Вторичного регионов, а в два последних хода — всех регионов, как при финальном подсчете): 50% — равная позиция. В скобках — где оценка лежит в 19 случаях из 20.
play-advice-scale-no-regions = Оценка 100% — победа, 0% — поражение; если к тому времени партия не кончилась, считается перевес в ПО (а в два последних хода еще и очки всех регионов, как при финальном подсчете): 50% — равная позиция. В скобках — где оценка лежит в 19 случаях из 20.
play-advice-why-tie = «{ $answer }» и «{ $other }» наравне: их интервалы перекрываются, и различить их могли бы только новые разыгрывания.
play-advice-why-loss = Почему «{ $answer }»: при этом ответе партия проиграна в { $lost }% разыгрываний, а при ответе «{ $other }» — в { $other_lost }%.
play-advice-why-win = Почему «{ $answer }»: при этом ответе партия выиграна в { $won }% разыгрываний, а при ответе «{ $other }» — в { $other_won }%.
play-advice-why-vp = Почему «{ $answer }»: к горизонту у вас в среднем на { $vp } ПО больше, чем при ответе «{ $other }».
play-advice-why-region = Почему «{ $answer }»: подсчет региона «{ $region }» дает вам в среднем на { $gain } ПО больше, чем при ответе «{ $other }».
play-advice-why-score = Почему «{ $answer }»: оценка чуть выше, чем при ответе «{ $other }», и ни одна причина не выделяется.
play-advice-greedy-opponent = За другую сторону в разыгрываниях играет быстрая эвристика.
play-advice-heuristic = Подсказка: { $answer } (совет быстрой эвристики: поиск взвешивает только выбор одного ответа из 2–{ $max }).
play-advice-none = Подсказки нет: поиск взвешивает только выбор одного ответа из 2–{ $max }, а у быстрой эвристики здесь нет предпочтений.
play-advice-stopped = Подсказка прервана.
play-advice-war = { $answers }: переворот там доведет DEFCON до 1 — ядерная война, и вы сразу проиграете.
play-advice-war-all = Переворот в любой из этих стран доведет DEFCON до 1 — ядерная война, и вы сразу проиграете (отмена вернет ваш предыдущий ответ).
play-advice-war-one-safe = Подсказка: { $answer } — единственная цель, где этого не случится.
play-advice-war-others = { $count ->
    [one] Остальная { $count } цель от этого безопасна.
    [few] Остальные { $count } цели от этого безопасны.
   *[many] Остальные { $count } целей от этого безопасны.
}
play-advice-war-mode = { $answers }: { $by ->
        [opponent] при таком розыгрыше соперник сможет ответить так, что DEFCON опустится до 1,
       *[you] при таком розыгрыше DEFCON дойдет до 1, что бы вы ни выбрали дальше,
    } — ядерная война, и вы сразу проиграете.
play-advice-war-one-safe-mode = Подсказка: { $answer } — единственный способ разыграть карту, при котором этого не случится.
play-advice-war-all-mode = Любой способ разыграть эту карту доведет DEFCON до 1 — ядерная война, и вы сразу проиграете (отмена вернет ваш предыдущий ответ).
hint-no-question = Сохраненная партия не стоит на вашем вопросе: советовать не о чем (партия окончена?).
hint-war-all = Переворот в любой из этих стран доведет DEFCON до 1 — ядерная война, и вы сразу проиграете: у этого вопроса нет ответа, который этого избежит.
hint-war-all-mode = Любой способ разыграть эту карту доведет DEFCON до 1 — ядерная война, и вы сразу проиграете: у этого вопроса нет ответа, который этого избежит.
hint-lose-all = Любой ответ сразу проигрывает партию ({ $reasons }): у этого вопроса нет ответа, который этого избежит.
# Ответ, проигрывающий сразу не только из-за ядерной войны (Карибский кризис, запущенный переворотом).
play-advice-lose = { $answers }: вы сразу проиграете партию ({ $reasons }).
play-advice-lose-all = Любой ответ сразу проигрывает партию ({ $reasons }) (отмена вернет ваш предыдущий ответ).
play-advice-lose-one-safe = Подсказка: { $answer } — единственный ответ, при котором этого не случится.
play-lose-reason-defcon_1 = ядерная война при DEFCON 1
play-lose-reason-or = { $first } или { $second }
play-list-or = { $first } или { $second }
play-lose-confirm = { $answer }: вы сразу проиграете партию ({ $reasons }). Введите «да», чтобы все равно так сделать; любой другой ответ — выбрать заново.
## Выбор правил; партия, привязанная к правилам, по которым началась
play-setup-ruleset = По каким правилам играем?
play-ruleset-entry = { $name } { $version }{ $extends ->
        [none] {""}
       *[other] {""} (меняет { $extends })
    } — { $description }
play-ruleset-hot-seat = [без бумажного ИИ: против компьютера или вдвоем за одним терминалом]
play-ruleset-unknown = Набора правил { $ruleset } нет; есть: { $names }.{ $hint ->
        [none] {""}
       *[other] {" "}Может быть, { $hint }?
    }
play-ruleset-no-manifest = Папка { $folder } нашлась, но это еще не набор правил: в ней нет ruleset.tsr, манифеста, который делает папку с файлами правил набором правил. Игра не начата. Положите в эту папку файл ruleset.tsr, например такой:
play-ruleset-no-manifest-after = Имя набора совпадает с именем папки; `extends` называет набор, который он меняет (без него правила самостоятельны); `version` задает то, что пишут в --ruleset { $name }@ВЕРСИЯ. Подробности в docs/new-ruleset.md.
play-saves-unwritable = Не удается записать { $path } ({ $cause }), а там будет храниться сохранение партии, поэтому игра не начата. Укажите в TWILIGHT_HOME папку, куда можно писать (twilight держит сохранения в ее подпапке saves), или разрешите запись в эту папку.
play-ruleset-unknown-version = Версии { $ruleset } нет: найдены версии { $versions }.{ $hint ->
        [none] {""}
       *[other] {" "}Может быть, { $hint }?
    }
play-ruleset-highest = { $name }: найдено несколько версий ({ $versions }); играем по самой новой, { $version } (другую можно выбрать так: { $name }@ВЕРСИЯ).
play-rules-changed = Правила этой партии ({ $name } { $version }) изменились с ее начала: партия продолжается по тем правилам, по которым началась.
play-rules-question = Продолжить по прежним правилам партии или начать ее заново по новым?
play-rules-keep = Продолжить по прежним правилам
play-rules-restart = Начать заново по новым правилам (сделанные ходы пропадут)
play-rules-restarted = Партия начинается заново по новым правилам; она сохраняется в { $path }.
play-rules-restart-refused = По новым правилам эту партию начать нельзя: { $detail }
play-save-rules-missing = Правил, по которым шла партия { $path }, больше нет: ей нужен набор правил { $detail }, а его нет ни среди установленных, ни рядом с сохранениями.

## `twilight rulesets --changes NAME`: что меняет версия, словами игрока
play-changes-title = { $name } { $version } меняет в правилах { $base } { $base_version } вот что:
play-changes-no-base = { $name } { $version } ничего не меняет в других правилах: это самостоятельная игра.
play-changes-none = ничего, что меняло бы игру
play-changes-added = Новое: { $what }
play-changes-removed = Убрано: { $what }
play-changes-changed = Изменено: { $what }
play-changes-in-sections = по своду правил: { $sections }{ $count ->
        [one] {""}
        [few] {" "}(×{ $count })
       *[many] {" "}(×{ $count })
    }
play-changes-unsourced = { $count ->
        [one] одно
        [few] { $count }
       *[many] { $count }
    } — дополнено проектом там, где свод правил молчит
play-changes-sections = {" "}(по своду правил: { $sections })
play-changes-a-setting = настройка
play-changes-setting-default = { $setting } — сначала: { $default }
play-changes-kind-card = карты
play-changes-kind-appendix = указания ИИ к картам
play-changes-kind-country = страны
play-changes-kind-region = регионы
play-changes-kind-side = стороны
play-changes-kind-setting = выбор перед партией
play-changes-kind-procedure = шаги игры
play-changes-kind-function = расчеты по правилам
play-changes-kind-rule = действующие правила
play-changes-kind-moment = моменты, с которых можно начать партию
play-changes-kind-sequence = порядок хода
play-changes-kind-order = порядок старшинства
play-changes-kind-priority = списки приоритетов ИИ
play-changes-kind-table = таблицы
play-changes-kind-variable = то, что игра подсчитывает
play-changes-kind-zone = места для карт
play-changes-kind-track = шкалы
play-changes-kind-layout = расположение поля
play-changes-kind-other = прочие правила
play-changes-before = {" "}вместо: { $sections }

## rulesets --changes и правила продолженной партии: изменения в числах (cli/session/numbers.py)

play-numbers-title = В числах:
play-words-title = Формулировки правил, теперь и раньше:
play-numbers-count = { $what }: { $after } вместо { $before } ({ $turns })
play-numbers-of-side = { $what } ({ $side })
play-numbers-action-rounds = раундов действий за ход
play-numbers-space-attempts = попыток в космической гонке за ход
play-numbers-every-turn = каждый ход
play-numbers-turn = ход { $turn }
play-numbers-turns = ходы { $first }–{ $last }
play-numbers-track = { $track }: { $low }–{ $high } вместо { $old_low }–{ $old_high }
play-numbers-card-ops = { $card }: { $after } ОВ вместо { $before }
play-numbers-card-event = { $card }: событие стало другим
play-numbers-setting = { $setting }: сначала { $after } вместо { $before }
play-numbers-option-moved = { $list }: вариант «{ $option }» теперь под номером { $after }, а был { $before }
play-numbers-option-new = { $list }: новый вариант «{ $option }» под номером { $number }
play-numbers-option-removed = { $list }: вариант «{ $option }» убран (был под номером { $number })
play-numbers-cell = { $table } ({ $row }; { $column }): { $after } вместо { $before }
play-numbers-column-roll = выпало { $roll }
play-numbers-row-added = { $table }: новая строка { $row }
play-numbers-row-removed = { $table }: строки { $row } больше нет
play-numbers-rule-of-sections = правило ({ $sections })
play-numbers-rule-unsourced = правило, дополненное проектом
play-numbers-now = { $what } теперь: { $line }
play-numbers-was = { $what } раньше: { $line }
play-numbers-more = … и еще { $count } таких же
play-rules-restart-takes = Новая партия пойдет по правилам { $name } { $version }.
