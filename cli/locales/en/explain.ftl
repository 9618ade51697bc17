# twilight explain: the command's own errors (English).
#
# For translators: `twilight explain card|trace|state` says what is wrong in one line, after the word
# `error:` (explain-error). The words of the explanations themselves (a card, an AI move, the declared
# state) come from the ruleset's locale files. A path, a ruleset's name and a compiler's or a file
# system's own reason ($detail) are shown as they are.

explain-error = error: { $message }
explain-error-compile = cannot compile ruleset { $ruleset }: { $detail }
explain-error-compile-at = cannot compile ruleset { $ruleset }: { $place }: { $detail }; `twilight check { $ruleset }` shows every error with its source line
explain-error-unknown-ruleset = unknown ruleset { $ruleset } (see `twilight rulesets`)
explain-error-unknown-ruleset-close = unknown ruleset { $ruleset }: did you mean { $close }? (rulesets found: { $names }; see `twilight rulesets`)
explain-error-unknown-ruleset-names = unknown ruleset { $ruleset }: no ruleset found has that name, and no folder is there (rulesets found: { $names }; see `twilight rulesets`)
explain-error-unknown-ruleset-version = unknown ruleset { $ruleset }: no version { $version } of { $name } is found (versions found: { $versions }); did you mean { $close }?
explain-error-one-of = give one of --move N, --event N and --all

## An argument or option given empty (`hint ''`, `board ''`, `explain trace ''`, `--ruleset ''`): a usage
## error after `Error:`. $name is the argument or option as the command's help writes it (SAVE, FILE,
## --ruleset).

explain-error-empty-save = { $name }: the value is empty: write a save's file, or its name as `twilight saves` lists it
explain-error-empty-trace = { $name }: the value is empty: write a game trace's file (DIR/game-NNNNN.jsonl, as `twilight simulate --trace-dir DIR` writes them)
explain-error-empty-ruleset = { $name }: the value is empty: write a ruleset's name (`twilight rulesets` lists them) or folder, or leave { $name } out
explain-error-empty-card = { $name }: the value is empty: write a card's number, id or name, or all (every card)

## Reading a trace (`twilight explain trace FILE`)

explain-error-trace-too-big = { $file }: over { $mib } MiB, more than any game's trace
explain-error-trace-folder = { $file } is a folder, not a trace file (give DIR/game-NNNNN.jsonl)
explain-error-trace-not-file = { $file }: not a regular file (a device or a pipe)
explain-error-trace-missing = no trace file { $file }
explain-error-trace-unreadable = cannot read the trace { $file }: { $detail }
explain-error-trace-long-line = { $file }:{ $line }: a line of { $chars } characters, longer than any event
explain-error-trace-not-json = { $file }:{ $line }: not a JSON line ({ $detail }); is this a game trace?
explain-error-trace-not-event = { $file }:{ $line }: not a trace event: { $detail }
explain-error-trace-no-kind = { $file }:{ $line }: not a trace event (a JSON object with a 'kind')
explain-error-trace-empty = { $file }: the trace is empty
