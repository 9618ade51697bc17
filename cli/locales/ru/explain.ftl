# twilight explain: собственные ошибки команды (русский).
#
# Переводчику: `twilight explain card|trace|state` сообщает, что не так, одной строкой после слова
# «ошибка:» (explain-error). Слова самих объяснений (карта, ход ИИ, объявленное состояние) берутся из
# файлов локализации набора правил. Путь, имя набора правил и причина, названная компилятором или
# файловой системой ($detail), показываются как есть.

explain-error = ошибка: { $message }
explain-error-compile = не удается скомпилировать набор правил { $ruleset }: { $detail }
explain-error-compile-at = не удается скомпилировать набор правил { $ruleset }: { $place }: { $detail }; все ошибки с их строками покажет `twilight check { $ruleset }`
explain-error-unknown-ruleset = нет набора правил { $ruleset } (см. `twilight rulesets`)
explain-error-unknown-ruleset-close = нет набора правил { $ruleset }: может быть, вы имели в виду { $close }? (найдены наборы: { $names }; см. `twilight rulesets`)
explain-error-unknown-ruleset-names = нет набора правил { $ruleset }: нет ни набора с таким именем, ни такой папки (найдены наборы: { $names }; см. `twilight rulesets`)
explain-error-unknown-ruleset-version = нет набора правил { $ruleset }: версии { $version } набора { $name } нет (есть версии: { $versions }); может быть, вы имели в виду { $close }?
explain-error-one-of = укажите что-то одно: --move N, --event N или --all

## Пустой аргумент или параметр (`hint ''`, `board ''`, `explain trace ''`, `--ruleset ''`): ошибка
## использования после `Error:`. $name — аргумент или параметр так, как его пишет справка команды (SAVE,
## FILE, --ruleset).

explain-error-empty-save = { $name }: пустое значение; укажите файл сохранения или его имя, как его показывает `twilight saves`
explain-error-empty-trace = { $name }: пустое значение; укажите файл трассы партии (DIR/game-NNNNN.jsonl, как их пишет `twilight simulate --trace-dir DIR`)
explain-error-empty-ruleset = { $name }: пустое значение; укажите имя набора правил (их перечисляет `twilight rulesets`) или его папку, либо не указывайте { $name } вовсе
explain-error-empty-card = { $name }: пустое значение; укажите номер карты, ее id или название либо all (все карты)

## Чтение трассы (`twilight explain trace FILE`)

explain-error-trace-too-big = { $file }: больше { $mib } МиБ — больше трассы любой партии
explain-error-trace-folder = { $file } — папка, а не файл трассы (укажите DIR/game-NNNNN.jsonl)
explain-error-trace-not-file = { $file }: не обычный файл (устройство или канал)
explain-error-trace-missing = нет файла трассы { $file }
explain-error-trace-unreadable = не удается прочитать трассу { $file }: { $detail }
explain-error-trace-long-line = { $file }:{ $line }: строка длиннее любого события ({ $chars } симв.)
explain-error-trace-not-json = { $file }:{ $line }: строка не в формате JSON ({ $detail }); точно ли это трасса партии?
explain-error-trace-not-event = { $file }:{ $line }: не событие трассы: { $detail }
explain-error-trace-no-kind = { $file }:{ $line }: не событие трассы (нужен объект JSON с полем 'kind')
explain-error-trace-empty = { $file }: трасса пуста
