# Twilight Struggle, стандартные правила: названия таблиц и их столбцов (русский).

table-region_scoring = Подсчет очков в регионе
table-region_scoring-column-presence = Присутствие
table-region_scoring-column-domination = Доминирование
table-region_scoring-column-control = Контроль
table-space_race = Космическая гонка
table-space_race-column-ops = Сколько ОО нужно карте
table-space_race-column-max_roll = Успех при броске не выше
table-space_race-column-vp_first = ПО тому, кто пришёл первым
table-space_race-column-vp_second = ПО второму
