# `twilight replay`: партия цифрового издания, воспроизведённая по нашим правилам (docs/replay.md).

replay-error = { $path }: { $message }
replay-unreadable = не удаётся прочитать файл: { $why }
replay-not-a-log = это не журнал партии цифрового издания (в нём нет сторон и ходов, как в его журналах)
replay-truncated = журнал обрывается на строке { $line }, не дойдя до начала партии
replay-unknown-line = строка { $line } не похожа на строку журнала партии: { $text }
replay-unknown-card = в строке { $line } карта, которой мы не знаем: { $name }
replay-unknown-country = в строке { $line } страна, которой мы не знаем: { $name }
replay-complete = { $path }: воспроизведён до конца ({ $replayed } из { $lines } строк); расхождений: { $divergences } — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }; карт перенесено в руку: { $moved }, ответов, которых нет в журнале: { $guesses }
replay-incomplete = { $path }: остановлен на строке { $replayed } из { $lines }; расхождений: { $divergences } — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }; карт перенесено в руку: { $moved }, ответов, которых нет в журнале: { $guesses }
replay-stopped = остановка: { $why }
replay-divergence = строка { $line }: { $log } | у нас: { $ours } | { $kind } | { $rule }
replay-moved = строка { $line }: { $log } | перенесена в руку: { $what }
replay-guessed = строка { $line }: { $log } | нет в журнале: { $what }
replay-kind-our-bug = наша ошибка
replay-kind-edition-fault = ошибка цифрового издания
replay-kind-log-gap = пробел журнала
replay-total = журналов: { $logs }, до конца: { $complete }, строк воспроизведено: { $lines }; расхождения — наша ошибка: { $bugs }, ошибка цифрового издания: { $faults }, пробел журнала: { $gaps }
replay-step-empty = ничего не воспроизведено
replay-step-prompt = Enter — дальше, p — назад, число — перейти, q — выход
replay-step-head = ── { $at }/{ $count }: { $label }
replay-step-tracks = наше поле: ход { $turn }, DEFCON { $defcon }, ПО { $vp } (+ США), военные операции США { $us_milops } СССР { $ussr_milops }, космическая гонка США { $us_space } СССР { $ussr_space }
replay-step-divergence = ≠ строка { $line }: { $log } | у нас: { $ours }
