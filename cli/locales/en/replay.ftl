# `twilight replay`: a digital-edition game log replayed under our rules (docs/replay.md).

replay-error = { $path }: { $message }
replay-ruleset-lacks = error: the ruleset '{ $ruleset }' has none of these, which the replay reads a log by (cli/replay/standard.yaml): { $names }
replay-unreadable = cannot read the file: { $why }
replay-not-a-log = not a game log of the digital edition (no sides and turns as its logs have them)
replay-not-a-file = not a regular file (a folder, a device or a pipe): a game log is a text file
replay-too-large = larger than { $megabytes } MB: a game log of the digital edition is far shorter
replay-truncated = the log stops at line { $line } before its game begins
replay-unknown-line = line { $line } is no line of a game log: { $text }
replay-unknown-card = line { $line } names a card we do not know: { $name }
replay-unknown-country = line { $line } names a country we do not know: { $name }
replay-complete = { $path }: replayed to its end ({ $replayed } of { $lines } { $lines ->
        [one] line
       *[other] lines
    }); { $divergences } { $divergences ->
        [one] divergence
       *[other] divergences
    }: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log; { $moved } { $moved ->
        [one] card
       *[other] cards
    } moved into a hand, { $guesses } { $guesses ->
        [one] answer
       *[other] answers
    } the log does not give
replay-incomplete = { $path }: stopped at line { $replayed } of { $lines }; { $divergences } { $divergences ->
        [one] divergence
       *[other] divergences
    }: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log; { $moved } { $moved ->
        [one] card
       *[other] cards
    } moved into a hand, { $guesses } { $guesses ->
        [one] answer
       *[other] answers
    } the log does not give
replay-stopped = stopped: { $why }
replay-stopped-over = stopped: our game is over ({ $reason }) before { $round }
replay-game-over = our game ends there too: { $reason }
replay-round-setup = the setup
replay-round-headline = the headline phase of turn { $turn }
replay-round-action = turn { $turn }, { $side } action round { $ar }
replay-open-end = the log stops at { $round } while our game goes on: a player resigned or ran out of time there, or the file was cut short
replay-divergence = line { $line }: { $log } | ours: { $ours } | { $kind } | { $rule }
replay-moved = line { $line }: { $log } | moved into the hand: { $what }
replay-guessed = line { $line }: { $log } | not in the log: { $what }
replay-put-in-discard = line { $line }: { $log } | put in the discard pile: { $what }
replay-moved-card = { $card } { $source }
replay-from-draw = from the draw pile
replay-from-discard = from the discard pile
replay-from-other-hand = from the other side's hand
replay-from-us-hand = from the US hand
replay-from-ussr-hand = from the USSR hand
replay-from-removed = from the cards removed from the game
replay-guess = “{ $question }”: { $why }; taken: { $answer }
replay-guess-die = a die roll; taken: { $die }
replay-answer-none = nothing
replay-why-no-mode = the log does not show how the card was played
replay-why-no-card = the log names no card here
replay-why-no-card-for-it = the log names no card for it
replay-why-no-options = there was nothing to choose from
replay-why-no-country = the log names no country for it
replay-why-few-countries = the log names too few countries for it
replay-why-few-cards = the log names too few cards for it
replay-why-not-said = the log does not say
replay-kind-our-bug = our bug
replay-kind-edition-fault = fault of the digital edition
replay-kind-log-gap = gap of the log
replay-total = { $logs } logs, { $complete } replayed to their end, { $lines } lines replayed; divergences: { $bugs } our bug, { $faults } fault of the digital edition, { $gaps } gap of the log
replay-step-empty = nothing was replayed
replay-step-prompt = Enter: next, p: back, a number: go there, q: quit
replay-step-head = ── { $at }/{ $count }: { $label }
replay-step-tracks = our board: turn { $turn }, DEFCON { $defcon }, VP { $vp } (+ US), military operations US { $us_milops } USSR { $ussr_milops }, space race US { $us_space } USSR { $ussr_space }
replay-step-divergence = ≠ line { $line }: { $log } | ours: { $ours }

# What our rules have where the log says otherwise (a divergence's "ours"), and the card behind it.
replay-ours-influence = { $country }: US { $us }, USSR { $ussr }
replay-ours-vp = VP: { $score }
replay-ours-defcon = DEFCON { $defcon }
replay-ours-milops = military operations of { $side }: { $value }
replay-ours-space = { $side } on the Space Race track: box { $value }
replay-ours-over = our game is already over: { $reason }
replay-ours-asks = our game asks for { $question } of { $side } here
replay-question-headline = a headline
replay-question-ar = an action round
replay-question-other = a move
replay-both-sides = both sides
replay-score-even = even
replay-score-ahead = { $side } { $vp } ahead
replay-rule-card = { $card }, { $mode }
replay-mode-event = played for its event
replay-mode-influence = played to place influence
replay-mode-coup = played for a coup
replay-mode-realign = played for realignments
replay-mode-space = played on the Space Race
replay-mode-played = played
