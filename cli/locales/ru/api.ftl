# twilight.api: как читаются действия программы (State.action_to_string).

api-action-done = Готово
api-chance-die = Кубик: { $value }
api-chance-shuffle = Тасовка: место { $place } из { $places }
api-chance-pick = Случайный выбор: { $place } из { $places }
api-chance-outcome = Случай: { $value }
