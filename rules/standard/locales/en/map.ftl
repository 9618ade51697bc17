# Twilight Struggle, standard ruleset: map names (English).
#
# For translators: one message per region (`region-<id>`), superpower side (`side-<id>`) and
# country (`country-<id>`); the ids come from rules/standard/map/*.tsr and must not change.
# `twilight explain card N --lang <code>` shows these names inside card outlines.
# tests/test_locales.py checks that every locale has exactly the same message ids.

## Regions and subregions

region-europe = Europe
region-western_europe = Western Europe
region-eastern_europe = Eastern Europe
region-asia = Asia
region-southeast_asia = Southeast Asia
region-middle_east = Middle East
region-central_america = Central America
region-south_america = South America
region-africa = Africa

## Superpowers (sides)

side-us = US
side-ussr = USSR

## Countries, by region

# Africa
country-tunisia = Tunisia
country-algeria = Algeria
country-morocco = Morocco
country-west_african_states = West African States
country-saharan_states = Saharan States
country-sudan = Sudan
country-ivory_coast = Ivory Coast
country-nigeria = Nigeria
country-ethiopia = Ethiopia
country-somalia = Somalia
country-cameroon = Cameroon
country-zaire = Zaire
country-kenya = Kenya
country-angola = Angola
country-zimbabwe = Zimbabwe
country-se_african_states = SE African States
country-botswana = Botswana
country-south_africa = South Africa

# Asia
country-afghanistan = Afghanistan
country-pakistan = Pakistan
country-india = India
country-burma = Burma
country-laos_cambodia = Laos/Cambodia
country-thailand = Thailand
country-vietnam = Vietnam
country-malaysia = Malaysia
country-indonesia = Indonesia
country-philippines = Philippines
country-australia = Australia
country-japan = Japan
country-taiwan = Taiwan
country-south_korea = South Korea
country-north_korea = North Korea

# Central America
country-mexico = Mexico
country-guatemala = Guatemala
country-el_salvador = El Salvador
country-honduras = Honduras
country-costa_rica = Costa Rica
country-cuba = Cuba
country-nicaragua = Nicaragua
country-haiti = Haiti
country-dominican_republic = Dominican Republic
country-panama = Panama

# Europe
country-canada = Canada
country-uk = UK
country-benelux = Benelux
country-france = France
country-spain_portugal = Spain/Portugal
country-norway = Norway
country-denmark = Denmark
country-west_germany = West Germany
country-sweden = Sweden
country-italy = Italy
country-greece = Greece
country-turkey = Turkey
country-finland = Finland
country-austria = Austria
country-east_germany = East Germany
country-poland = Poland
country-czechoslovakia = Czechoslovakia
country-hungary = Hungary
country-yugoslavia = Yugoslavia
country-romania = Romania
country-bulgaria = Bulgaria

# Middle East
country-lebanon = Lebanon
country-syria = Syria
country-israel = Israel
country-iraq = Iraq
country-iran = Iran
country-libya = Libya
country-egypt = Egypt
country-jordan = Jordan
country-gulf_states = Gulf States
country-saudi_arabia = Saudi Arabia

# South America
country-colombia = Colombia
country-ecuador = Ecuador
country-peru = Peru
country-chile = Chile
country-argentina = Argentina
country-venezuela = Venezuela
country-bolivia = Bolivia
country-paraguay = Paraguay
country-uruguay = Uruguay
country-brazil = Brazil
