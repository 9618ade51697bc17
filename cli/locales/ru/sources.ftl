# `twilight sources`: слова вокруг названий разделов сидов (сами названия остаются как в сидах).

sources-title = Источники набора правил { $ruleset }: разделы сидов, на которые ссылаются правила, временные правила и разделы без единой ссылки
sources-data = Разделы сидов: { $path } (оглавления сидов и названия их разделов)
sources-md-generated = Создано командой `twilight sources { $ruleset } --markdown`; tests/test_sources.py проверяет, что файл не устарел.
sources-seed = { $seed } · { $title } ({ $file })
sources-copy = дословно текст { $target }: ссылки на него учтены там
sources-cited = { $count ->
        [one] { $count } ссылка
        [few] { $count } ссылки
       *[many] { $count } ссылок
    }
sources-parts = ссылки на его пункты или подразделы
sources-within = отдельных ссылок нет, только в составе более широкой
sources-uncovered = ссылок нет
sources-other = Другие источники (не разделы сидов)
sources-unmatched = Ссылки, не называющие ни одного раздела сидов ({ $count })
sources-unmatched-section = в сиде нет такого раздела
sources-unmatched-part = в разделе нет такого пункта
sources-unmatched-seed = раздел не назван
sources-provisional = Временные правила ({ $count })
sources-measured = Измерено ({ $games } партий в клетке, за человека играет { $policy }; победы человека за США и за СССР): { $shares }
sources-measured-rank = Место { $place } из { $total } измеренных P-номеров по силе влияния: самое большое изменение доли побед человека, которое даёт одно из прочтений, { $effect } п.
sources-uncovered-list = Разделы, на которые не ссылается ни одно правило ({ $count })
sources-within-list = Разделы, на которые ссылаются только в составе более широкой ссылки ({ $count })
sources-md-section = Раздел
sources-md-state = Ссылки
sources-md-cited-by = Кто ссылается
sources-md-mark = Метка
sources-md-declaration = Объявление
sources-md-text = Что делают правила взамен
