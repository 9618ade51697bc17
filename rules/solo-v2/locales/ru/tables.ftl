# Одиночная игра (человек против ИИ, правила v2): названия таблиц и их столбцов (русский).

table-variable_setup = Вариативная расстановка
table-ai_head_start = Фора ИИ
table-ai_head_start-column-vp = ПО у ИИ в начале игры
