# Solitaire (Human vs AI, rule book v2): the tables' names and their columns (English).
#
# For translators: `table-<id>` names a table declared in rules/solo-v2/*.tsr, `table-<id>-column-<label>`
# one of its columns, as `twilight docs` shows them (a column labelled by die faces needs no words).

table-variable_setup = Variable setup
table-ai_head_start = The AI's head start
table-ai_head_start-column-vp = VP the AI starts with
