# `twilight replay`: a digital-edition game log replayed under our rules (docs/replay.md).

replay-error = { $path }: { $message }
replay-unreadable = cannot read the file: { $why }
replay-not-a-log = not a game log of the digital edition (no sides and turns as its logs have them)
replay-truncated = the log stops at line { $line } before its game begins
replay-unknown-line = line { $line } is no line of a game log: { $text }
replay-unknown-card = line { $line } names a card we do not know: { $name }
replay-unknown-country = line { $line } names a country we do not know: { $name }
replay-complete = { $path }: replayed to its end ({ $replayed } of { $lines } lines); { $divergences } divergences: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log; { $moved } cards moved into a hand, { $guesses } answers the log does not give
replay-incomplete = { $path }: stopped at line { $replayed } of { $lines }; { $divergences } divergences: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log; { $moved } cards moved into a hand, { $guesses } answers the log does not give
replay-stopped = stopped: { $why }
replay-divergence = line { $line }: { $log } | ours: { $ours } | { $kind } | { $rule }
replay-moved = line { $line }: { $log } | moved into the hand: { $what }
replay-guessed = line { $line }: { $log } | not in the log: { $what }
replay-kind-our-bug = our bug
replay-kind-edition-fault = fault of the digital edition
replay-kind-log-gap = gap of the log
replay-total = { $logs } logs, { $complete } replayed to their end, { $lines } lines replayed; divergences: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log
replay-step-empty = nothing was replayed
replay-step-prompt = Enter: next, p: back, a number: go there, q: quit
replay-step-head = ── { $at }/{ $count }: { $label }
replay-step-tracks = our board: turn { $turn }, DEFCON { $defcon }, VP { $vp } (+ US), military operations US { $us_milops } USSR { $ussr_milops }, space race US { $us_space } USSR { $ussr_space }
replay-step-divergence = ≠ line { $line }: { $log } | ours: { $ours }
