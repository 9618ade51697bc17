# twilight serve: запись партии цифрового издания, переигранная по нашим правилам, шаг за шагом (задача 49).

web-replay-link = Пройти по шагам партию, сыгранную онлайн (запись цифрового издания)
web-replay-list-title = Записи партий · партия, сыгранная онлайн, по шагам
web-replay-list-heading = Записи, которые может открыть этот сервер
web-replay-list-empty = Записей пока нет: откройте свою выше или запустите сервер командой `twilight serve --replay ЗАПИСЬ`.
web-replay-list-facts = { $lines ->
    [one] { $lines } строка
    [few] { $lines } строки
   *[many] { $lines } строк
}, до хода { $turn }
web-replay-source-given = указана при запуске сервера
web-replay-source-opened = открыта в браузере
web-replay-source-league = партия лиги цифрового издания
web-replay-open-title = Открыть партию, сыгранную онлайн
web-replay-open-help = Текстовая запись партии, которую ведёт официальное цифровое издание Twilight Struggle: выберите её файл или вставьте текст. Партия переигрывается по нашим правилам (standard) и сохраняется в папке данных, чтобы в следующий раз быть в списке.
web-replay-open-file = Файл записи:
web-replay-open-paste = или её текст:
web-replay-open = Открыть партию
web-replay-title = { $name } · шаг { $at } из { $count }
web-replay-all = Записи партий
web-replay-setup = Расстановка
web-replay-where = Наше поле после шага { $at } из { $count }: { $round }
web-replay-first = ◀◀ В начало
web-replay-back = ◀ Назад
web-replay-forward = Вперёд ▶
web-replay-last = В конец ▶▶
web-replay-turn = Ход
web-replay-go = Перейти
web-replay-complete = Переиграна до последней строки записи ({ $lines ->
    [one] { $lines } строка
    [few] { $lines } строки
   *[many] { $lines } строк
}); { $divergences ->
    [0] наши правила и запись нигде не расходятся.
    [one] { $divergences } место, где наши правила расходятся с записью.
    [few] { $divergences } места, где наши правила расходятся с записью.
   *[many] { $divergences } мест, где наши правила расходятся с записью.
}
web-replay-incomplete = Переиграна до строки { $line } записи; { $divergences ->
    [0] до неё наши правила и запись не расходятся.
    [one] { $divergences } место, где наши правила расходятся с записью.
    [few] { $divergences } места, где наши правила расходятся с записью.
   *[many] { $divergences } мест, где наши правила расходятся с записью.
}
web-replay-read-only = Только просмотр: все карты, кубики и решения взяты из записи.
web-replay-stopped = Здесь наша переигровка останавливается: { $why }
web-replay-log-title = Запись, строки с { $first } по { $last }
web-replay-divergences-here = { $count ->
    [0] В этом раунде наши правила согласны с записью.
    [one] В этом раунде { $count } расхождение наших правил с записью (отмечено под строкой).
    [few] В этом раунде { $count } расхождения наших правил с записью (отмечены под строками).
   *[many] В этом раунде { $count } расхождений наших правил с записью (отмечены под строками).
}
web-replay-ours = у нас: { $ours }
web-replay-rule = ({ $rule })
web-replay-kind-our-bug = ≠ наша ошибка
web-replay-kind-edition-fault = ≠ ошибка цифрового издания
web-replay-kind-log-gap = ≠ пробел в записи
web-replay-ours-title = Что сделали наши правила в этом раунде
web-replay-nothing = В этом раунде на нашем поле ничего не произошло.
web-replay-map-help = Карту можно тянуть мышью или прокручивать; кнопки меняют масштаб. Зелёный пунктир — страны, которые изменил этот раунд.

## Ошибки, каждая на своей странице

web-replay-no-log = Записи «{ $name }» нет: список записей показывает те, что этот сервер может открыть.
web-replay-bad-log = «{ $name }» не переиграть: { $problem }
web-replay-too-big = Этот текст намного больше любой записи партии: отклонён.
web-replay-too-many = Записей с именем «{ $name }» уже слишком много: переименуйте файл.
web-replay-no-step = В этой переигровке нет шага «{ $step }»: её шаги — от 1 до { $count }.
web-replay-no-turn = В записи нет хода «{ $turn }».
web-replay-no-board = Этот шаг переигровки не хранит поля, которое можно нарисовать.
