# twilight docs: слова страниц справочника по набору правил (русский).
#
# Переводчику: `twilight docs НАБОР --lang ru -o ПАПКА` пишет справочник набора правил страницами HTML и
# Markdown (cli/docs_*.py). Здесь заголовки и подписи самих страниц; названия карт, стран, фаз и
# настроек, пересказ событий и условий, названия списков и вариантов ИИ берутся из файлов локализации
# набора, как в `twilight explain`. `twilight i18n check` покажет, чего не хватает.

## Страницы

docs-nav = Страницы
docs-page-index = Обзор
docs-page-sequence = Порядок хода
docs-page-cards = Карты
docs-page-ai = Списки приоритетов ИИ
docs-page-tables = Таблицы
docs-page-restrictions = Постоянные правила
docs-page-settings = Настройки

## Обзор

docs-index-title = Справочник по правилам: { $ruleset }
docs-ruleset-name = Набор правил
docs-ruleset-version = Версия
docs-ruleset-extends = Расширяет
docs-ruleset-extends-nothing = ничего: это базовый набор
docs-ruleset-chain = Собран из
docs-ruleset-description = Описание
docs-index-marks = Всё здесь прочитано из скомпилированных файлов правил. У каждого пункта указаны источники (документ · раздел · пункт), файл и строка, где он записан; знак ⚠ отмечает временное правило там, где в книгах правил пробел: его номер (P1, P3.1…) и чем пробел заполнен.
docs-index-contents = Содержание
docs-about-sequence = ход по фазам и процедуры, которые он вызывает
docs-about-cards = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
}: номера, ОО, события словами
docs-about-ai = { $count ->
    [one] { $count } список приоритетов
    [few] { $count } списка приоритетов
   *[many] { $count } списков приоритетов
} ИИ, каждый вариант по порядку, и { $orders ->
    [one] { $orders } порядок
    [few] { $orders } порядка
   *[many] { $orders } порядков
} для равных кандидатов
docs-about-tables = { $count ->
    [one] { $count } таблица
    [few] { $count } таблицы
   *[many] { $count } таблиц
} расстановки и шкал
docs-about-restrictions = { $count ->
    [one] { $count } правило
    [few] { $count } правила
   *[many] { $count } правил
}, действующих всю игру: что запрещено, что изменено, что происходит когда
docs-about-settings = { $count ->
    [one] { $count } настройка
    [few] { $count } настройки
   *[many] { $count } настроек
} перед началом игры

## Отметки каждого пункта

docs-sources = { $count ->
    [one] Источник
    [few] Источники
   *[many] Источники
}
docs-source = Источник
docs-provisional = временное правило
docs-no-source = своего источника нет
docs-written-in = записано в
docs-parameters = Параметры

## Порядок хода

docs-sequence-intro = Как идёт игра, шаг за шагом: каждая фаза со своей буквой из книги правил. Процедура, которую вызывает порядок хода, — ссылка на её пересказ ниже.
docs-phase = { $step ->
    [yes] шаг: { $name }
   *[no] { $label ->
        [none] фаза: { $name }
       *[other] фаза { $label }: { $name }
    }
}
docs-sequence-procedures = Процедуры, которые вызывает порядок хода

## Карты

docs-cards-intro = { $count ->
    [one] { $count } карта
    [few] { $count } карты
   *[many] { $count } карт
} по номерам, у каждой событие словами, как его показывает `twilight explain card`.
docs-cards-list = Все карты
docs-card-event-names = Её событие называет
docs-card-appendix-names = Её запись называет

## Списки приоритетов ИИ

docs-ai-intro = ИИ выбирает страну или карту по списку приоритетов: каждый кандидат должен выполнять требования списка; варианты перебираются по порядку, и решает первый, у которого есть кандидат; среди равных кандидатов выбирают ключи самого варианта, затем ключи списка, общие для всех вариантов.
docs-ai-target = Выбирает
docs-ai-target-kind = { $kind ->
    [country] страну
    [card] карту
    [region] регион
   *[other] { $kind }
} ({ $var })
docs-ai-restart = Начинает заново
docs-ai-restart-after = { $what ->
    [placement] с первого варианта после каждого размещённого очка влияния
   *[other] с первого варианта после каждого шага ({ $what })
}
docs-ai-requires = Каждый кандидат должен выполнять
docs-ai-when = Когда
docs-ai-where = Кандидаты
docs-ai-where-any = { $kind ->
    [country] любая страна, без условий
    [card] любая карта, без условий
    [region] любой регион, без условий
   *[other] любой кандидат ({ $kind }), без условий
}
docs-ai-place = Сколько
docs-ai-inherited = своего нет: опирается на источники списка
docs-ai-prefer = Среди равных кандидатов, ключ за ключом
docs-ai-final = Затем, для любого варианта
docs-ai-key-order = { $desc ->
    [yes] по таблице «{ $table }», снизу вверх
   *[no] по таблице «{ $table }», сверху вниз
}
docs-order-rank = Место
docs-order-item = Что

## Таблицы

docs-tables-intro = Таблицы набора правил: расстановка, подсчет очков и шкалы, строка за строкой.
docs-table-roll = Бросок
docs-table-key = { $kind ->
    [region] Регион
    [side] Сторона
    [country] Страна
    [int] Число
    [level] Уровень
   *[other] { $kind }
}
docs-table-total = { $keys }: всего { $total }
docs-table-wins = победа в игре
docs-table-wins-note = { $level } в регионе «{ $region }» при подсчете очков приносит победу в игре
docs-table-wins-rule = правило

## Постоянные правила

docs-rules-intro = Правила, действующие всю игру: чего игроку делать нельзя (с кодом отказа, как его называет игра), что меняет число и что происходит, когда что-то случается.
docs-rules-group = { $kind ->
    [restriction] Ограничения
    [rule] Постоянные правила
    [victory] Как выиграть игру
   *[other] { $kind }
}
docs-rule-card = Записано вместе с картой
docs-refusal-code = отказ

## Настройки

docs-settings-intro = Что выбирают до начала игры (`twilight play` спрашивает, `twilight simulate --set ИМЯ=ЗНАЧЕНИЕ` задаёт).
docs-setting-value = Значение
docs-setting-ident = В файлах правил
docs-setting-default = по умолчанию
docs-setting-whole-range = Целое число от { $low } до { $high }
docs-setting-whole-any = Любое целое число
docs-setting-default-is = по умолчанию: { $value }

## Что команда говорит, закончив работу

docs-wrote = { $ruleset } [{ $lang }]: { $pages ->
    [one] записана { $pages } страница
    [few] записаны { $pages } страницы
   *[many] записано { $pages } страниц
} ({ $files } { $files ->
    [one] файл
    [few] файла
   *[many] файлов
}) в папку { $folder }

docs-error-not-folder = не удается записать в { $folder }: это файл, а не папка
docs-error-write = не удается записать в { $folder }: { $detail }
