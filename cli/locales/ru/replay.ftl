# `twilight replay`: партия цифрового издания, воспроизведённая по нашим правилам (docs/replay.md).

replay-error = { $path }: { $message }
replay-ruleset-lacks = ошибка: в наборе правил «{ $ruleset }» нет того, по чему повтор читает журнал партии (cli/replay/standard.yaml): { $names }
replay-unreadable = не удаётся прочитать файл: { $why }
replay-not-a-log = это не журнал партии цифрового издания (в нём нет сторон и ходов, как в его журналах)
replay-not-a-file = это не обычный файл (а папка, устройство или канал); журнал партии — текстовый файл
replay-too-large = файл больше { $megabytes } МБ, а журнал партии цифрового издания гораздо короче
replay-truncated = журнал обрывается на строке { $line }, не дойдя до начала партии
replay-unknown-line = строка { $line } не похожа на строку журнала партии: { $text }
replay-unknown-card = в строке { $line } карта, которой мы не знаем: { $name }
replay-unknown-country = в строке { $line } страна, которой мы не знаем: { $name }
replay-complete = { $path }: воспроизведён до конца ({ $replayed } из { $lines } { $lines ->
        [one] строки
        [few] строк
       *[many] строк
    }); расхождений: { $divergences } — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }; карт перенесено в руку: { $moved }, ответов, которых нет в журнале: { $guesses }
replay-incomplete = { $path }: остановлен на строке { $replayed } из { $lines }; расхождений: { $divergences } — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }; карт перенесено в руку: { $moved }, ответов, которых нет в журнале: { $guesses }
replay-stopped = остановка: { $why }
replay-stopped-over = остановка: по нашим правилам партия окончена ({ $reason }) раньше, чем начался этап «{ $round }»
replay-game-over = по нашим правилам партия тоже кончается здесь: { $reason }
replay-round-setup = расстановка
replay-round-headline = { -headline-phase } { $turn }-го хода
replay-round-action = { $turn }-й ход, раунд { $ar }, { $side }
replay-open-end = журнал обрывается на этапе «{ $round }», а по нашим правилам партия продолжается: игрок сдался или у него кончилось время, либо файл обрезан
replay-divergence = строка { $line }: { $log } | у нас: { $ours } | { $kind } | { $rule }
replay-moved = строка { $line }: { $log } | перенесена в руку: { $what }
replay-guessed = строка { $line }: { $log } | нет в журнале: { $what }
replay-put-in-discard = строка { $line }: { $log } | положена в сброс: { $what }
replay-moved-card = «{ $card }» { $source }
replay-from-draw = из колоды
replay-from-discard = из сброса
replay-from-other-hand = из руки другой стороны
replay-from-us-hand = из руки США
replay-from-ussr-hand = из руки СССР
replay-from-removed = из карт, выбывших из игры
replay-guess = «{ $question }»: { $why }; взят ответ: { $answer }
replay-guess-die = бросок кубика; взято значение { $die }
replay-answer-none = ничего
replay-why-no-mode = в журнале не видно, как сыграна карта
replay-why-no-card = журнал не называет здесь карту
replay-why-no-card-for-it = журнал не называет для этого карту
replay-why-no-options = выбирать было не из чего
replay-why-no-country = журнал не называет для этого страну
replay-why-few-countries = журнал называет для этого слишком мало стран
replay-why-few-cards = журнал называет для этого слишком мало карт
replay-why-not-said = журнал об этом молчит
replay-kind-our-bug = наша ошибка
replay-kind-edition-fault = ошибка цифрового издания
replay-kind-log-gap = пробел журнала
replay-total = журналов: { $logs }, до конца: { $complete }, строк воспроизведено: { $lines }; расхождения — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }
replay-step-empty = ничего не воспроизведено
replay-step-prompt = Enter — дальше, p — назад, число — перейти, q — выход
replay-step-head = ── { $at }/{ $count }: { $label }
replay-step-tracks = наше поле: ход { $turn }, DEFCON { $defcon }, ПО { $vp } (+ США), военные операции США { $us_milops } СССР { $ussr_milops }, космическая гонка США { $us_space } СССР { $ussr_space }
replay-step-divergence = ≠ строка { $line }: { $log } | у нас: { $ours }

# Что по нашим правилам там, где журнал говорит иное, и карта, из-за которой это вышло.
replay-ours-influence = { $country }: США { $us }, СССР { $ussr }
replay-ours-vp = ПО: { $score }
replay-ours-defcon = DEFCON { $defcon }
replay-ours-milops = военные операции ({ $side }): { $value }
replay-ours-space = { $side } на треке Космической гонки: клетка { $value }
replay-ours-over = по нашим правилам партия уже окончена: { $reason }
replay-ours-asks = здесь наша партия ждёт { $question } ({ $side })
replay-question-headline = { -headline-card(case: "gen") }
replay-question-ar = раунда действий
replay-question-other = хода
replay-both-sides = обе стороны
replay-score-even = поровну
replay-score-ahead = { $side } впереди на { $vp }
replay-rule-card = «{ $card }», { $mode }
replay-mode-event = сыграна ради события
replay-mode-influence = сыграна на размещение влияния
replay-mode-coup = сыграна на переворот
replay-mode-realign = сыграна на перестановки
replay-mode-space = сыграна в космическую гонку
replay-mode-played = сыграна
