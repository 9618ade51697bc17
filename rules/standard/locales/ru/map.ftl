# Twilight Struggle, стандартный набор правил: названия на карте (русский).
#
# Для переводчиков: одно сообщение на регион (`region-<id>`), сверхдержаву (`side-<id>`) и
# страну (`country-<id>`); идентификаторы взяты из rules/standard/map/*.tsr и не меняются.
# Названия стран и регионов следуют /work/shared/reference/glossary-ru.yaml.
# tests/test_locales.py проверяет, что во всех языках одинаковый набор сообщений.

## Регионы и субрегионы

region-europe = Европа
region-western_europe = Западная Европа
region-eastern_europe = Восточная Европа
region-asia = Азия
region-southeast_asia = Юго-Восточная Азия
region-middle_east = Ближний Восток
region-central_america = Центральная Америка
region-south_america = Южная Америка
region-africa = Африка

## Сверхдержавы (стороны)

side-us = США
side-ussr = СССР

## Страны по регионам

# Africa
country-tunisia = Тунис
country-algeria = Алжир
country-morocco = Марокко
country-west_african_states = Западноафриканские государства
country-saharan_states = Государства Сахары
country-sudan = Судан
country-ivory_coast = Кот-д’Ивуар
country-nigeria = Нигерия
country-ethiopia = Эфиопия
country-somalia = Сомали
country-cameroon = Камерун
country-zaire = Заир
country-kenya = Кения
country-angola = Ангола
country-zimbabwe = Зимбабве
country-se_african_states = Юго-Восточные африканские государства
country-botswana = Ботсвана
country-south_africa = Южная Африка

# Asia
country-afghanistan = Афганистан
country-pakistan = Пакистан
country-india = Индия
country-burma = Бирма
country-laos_cambodia = Лаос/Камбоджа
country-thailand = Таиланд
country-vietnam = Вьетнам
country-malaysia = Малайзия
country-indonesia = Индонезия
country-philippines = Филиппины
country-australia = Австралия
country-japan = Япония
country-taiwan = Тайвань
country-south_korea = Южная Корея
country-north_korea = Северная Корея

# Central America
country-mexico = Мексика
country-guatemala = Гватемала
country-el_salvador = Сальвадор
country-honduras = Гондурас
country-costa_rica = Коста-Рика
country-cuba = Куба
country-nicaragua = Никарагуа
country-haiti = Гаити
country-dominican_republic = Доминиканская Республика
country-panama = Панама

# Europe
country-canada = Канада
country-uk = Великобритания
country-benelux = Бенилюкс
country-france = Франция
country-spain_portugal = Испания/Португалия
country-norway = Норвегия
country-denmark = Дания
country-west_germany = Западная Германия
country-sweden = Швеция
country-italy = Италия
country-greece = Греция
country-turkey = Турция
country-finland = Финляндия
country-austria = Австрия
country-east_germany = Восточная Германия
country-poland = Польша
country-czechoslovakia = Чехословакия
country-hungary = Венгрия
country-yugoslavia = Югославия
country-romania = Румыния
country-bulgaria = Болгария

# Middle East
country-lebanon = Ливан
country-syria = Сирия
country-israel = Израиль
country-iraq = Ирак
country-iran = Иран
country-libya = Ливия
country-egypt = Египет
country-jordan = Иордания
country-gulf_states = Страны Персидского залива
country-saudi_arabia = Саудовская Аравия

# South America
country-colombia = Колумбия
country-ecuador = Эквадор
country-peru = Перу
country-chile = Чили
country-argentina = Аргентина
country-venezuela = Венесуэла
country-bolivia = Боливия
country-paraguay = Парагвай
country-uruguay = Уругвай
country-brazil = Бразилия
