# Twilight Struggle, standard ruleset: the tables' names and their columns (English).
#
# For translators: `table-<id>` names a table declared in rules/standard/*.tsr, `table-<id>-column-<label>`
# one of its columns, as `twilight docs` shows them (a column labelled by die faces needs no words).

table-region_scoring = Region scoring
table-region_scoring-column-presence = Presence
table-region_scoring-column-domination = Domination
table-region_scoring-column-control = Control
table-space_race = Space Race
table-space_race-column-ops = Ops a card needs
table-space_race-column-max_roll = Highest roll that succeeds
table-space_race-column-vp_first = VP to the first side there
table-space_race-column-vp_second = VP to the second side
