# twilight serve: the words of the game in a browser (the game's own are in play.ftl).

web-title = Twilight Struggle
web-home = New game
web-new-game = New game
web-ruleset = Ruleset
web-changes = What is different
web-start = Start the game
web-more = More settings
web-seed = Seed (the same seed, the same game; empty: a random one)
web-resume = Continue a game
web-resume-older = { $count ->
        [one] One older game
       *[other] { $count } older games
    }
web-saves-side = You play { $side }
web-saves-side-computer = You play { $side } against the computer
web-saves-hot-seat = You play both sides (two players on this screen)
web-saves-level = Level: { $level }
web-saves-turn = Turn { $turn }
web-saves-saved = Saved { $saved }
web-send = Answer
web-ticked = { $same ->
    [yes] { $count } of { $max } ticked
   *[no] { $count } ticked ({ $min } to { $max })
}
web-tick-too-few = { $count } ticked: this question takes { $same ->
    [yes] { $min }
   *[no] at least { $min }
}. Tick more, then Answer.
web-tick-too-many = { $count } ticked: this question takes { $same ->
    [yes] { $max }
   *[no] at most { $max }
}. Untick some, then Answer.
web-how-many = { $same ->
    [yes] { $max ->
        [one] Tick one
       *[other] Tick { $max }
    }
   *[no] { $min ->
        [0] Tick up to { $max } (or none)
       *[other] Tick { $min } to { $max }
    }
}
web-how-many-counts = { $same ->
    [yes] Give out { $max } in all: type how many each one takes
   *[no] { $min ->
        [0] Give out up to { $max } in all (or none): type how many each one takes
       *[other] Give out { $min } to { $max } in all: type how many each one takes
    }
}
web-counted = { $same ->
    [yes] { $count } of { $max } given out
   *[no] { $count } given out ({ $min } to { $max })
}
web-count-too-few = { $count } given out: this question takes { $same ->
    [yes] { $min }
   *[no] at least { $min }
}. Raise a number, then Answer.
web-count-too-many = { $count } given out: this question takes { $same ->
    [yes] { $max }
   *[no] at most { $max }
}. Lower a number, then Answer.
web-you-play = You play { $side }
web-rules = The rules behind this question
web-why = Why the AI did it
web-why-computer = Why the computer did it
web-why-earlier = Why the AI did it: its last move, before your last answer
web-ruleset-computer = [no paper AI: play against the computer]
web-opponent-computer = Against the computer
web-opponent-person = Two players on this screen (taking turns; neither sees the other's hand)
web-hand-over = Pass the screen to the { $side } player — press to continue
web-hand-over-go = I play { $side }: continue
web-undo-hand-over = Nothing to undo: the last answer was { $side }'s, given before the screen was handed over to you, and undo never takes back the other player's answers.
web-scores = Scoring
web-happened = What just happened
web-happened-more = { $count ->
    [one] and one more line of bookkeeping in the history below
   *[other] and { $count } more lines of bookkeeping in the history below
}
web-happened-nothing = Nothing yet: the game waits for your answer.
web-happened-none-since = Nothing moved on the board since your last answer: it led straight to this question.
web-happened-earlier = { $count ->
    [one] one earlier move is not shown here: it is in the history below
   *[other] { $count } earlier moves are not shown here: they are in the history below
}
web-die = die showing { $value }
web-undo = Undo
web-undo-title = Take back your last answer (and the AI's moves after it)
web-hint = Hint
web-hint-title = What the search would answer here, and why
web-hint-heading = Hint
web-hint-pick = the hint's pick
web-hint-marked = The hint's pick is marked among the answers below.
web-war-mark = DEFCON 1: you lose at once
web-war-confirm = A coup in { $country } brings DEFCON to 1 — nuclear war, and you lose the game at once.
web-war-go = Make this coup anyway
web-war-back = Choose another target
web-war-confirm-mode = { $mode }: { $by ->
        [opponent] played this way, the card lets your opponent answer by bringing DEFCON to 1
       *[you] playing the card this way brings DEFCON to 1 whatever you choose after it
    } — nuclear war, and you lose the game at once.
web-war-go-mode = Play it this way anyway
web-war-back-mode = Choose another way
web-lose-mark = ends the game: you lose
web-lose-confirm = “{ $answer }”: this answer ends the game at once, and you lose it.
web-lose-go = Answer this anyway
web-lose-back = Choose another answer
web-leave = Save and leave
web-saved = Saved after every answer as “{ $name }”: continue it from the start page.
web-zoom-in = Zoom in
web-zoom-out = Zoom out
web-zoom-fit = Whole map
web-map-help = Drag the map or scroll it to move around; the buttons zoom.
web-legend = What the map shows
web-legend-battleground = name on purple: a battleground (on the region's colour: not one)
web-legend-influence = blue box (left): US influence; red box (right): USSR influence
web-legend-control = a box filled in, and the country's border in its colour: that side controls the country
web-legend-stability = number in the circle: the stability (the influence a side needs over the other's to control the country)
web-legend-marked = gold frame and tag: the solo game's Primary and Secondary regions
web-legend-offered = black ring on white: a country you may pick now (click it)
web-legend-picked = filled yellow: a country you have ticked
web-legend-changed = dashed green: changed since your last answer
web-legend-far = a link to a box far across the map, drawn short and named by its far end
web-regions = Regions now
web-region = Region
web-region-battlegrounds = { $held } of { $total } battlegrounds
web-level-none = nothing

## Errors: each shown as a page, with a link back to the start (and to the game, for a game's request)

web-error-title = This did not work
web-back-home = Back to the start page
web-back-game = Back to the game
web-error-host = This server answers only at its own address, not at “{ $host }”: open the address `twilight serve` printed.
web-error-origin = A form from another site ({ $origin }) was refused: only this server's own pages can answer.
web-error-embedded = A page of another site asked for this one: only this server's own pages can, and links followed.
web-error-too-big = The request is far larger than any answer: refused.
web-error-form = The request does not hold the form this page sends: nothing was changed.
web-error-method = The page { $name } does not take a { $method } request (method not allowed): nothing was changed.
web-error-seed = The seed must be a whole number written in the digits 0–9 alone (at most 20 of them, below { $limit }), or left empty for a random one: no game was started.
web-error-setting-unknown = The start page has no setting “{ $name }”{ $close ->
        [none] {""}
       *[other] {""} (did you mean “{ $close }”?)
    }; its settings: { $names }. No game was started.
web-error-setting-value = { $named ->
        [yes] { $setting } ({ $name })
       *[no] The setting “{ $name }”
    } takes { $wanted }, not “{ $value }”: no game was started.
web-setting-one-of = one of: { $values }
web-setting-number = a whole number from { $low } to { $high }
web-setting-any-number = a whole number
web-error-field-twice = The form sends “{ $name }” twice: which one was meant? No game was started.
web-error-start-field = The field “{ $name }” takes one of: { $values }, not “{ $value }”: no game was started.
web-error-opponent = The other side is played by the computer (“computer”) or by a second person at this screen (“person”), not by “{ $value }”: no game was started.
web-error-answer = That answer is not one the question offers: nothing was changed. Go back to the game and choose again.
web-error-no-undo = There is no earlier answer of yours this server can take back (it keeps those of the games it played since it started).
web-error-undo-refused = { $why } Your answer stands: go back to the game and go on from there.
web-error-stale = This question was already answered (in another tab, or a page sent twice): the game has moved on. Go back to the game to see where it stands.
web-error-taken-back = The game was taken back since this page was shown (an Undo in another tab): nothing was changed. Go back to the game to see the question it asks now.
web-error-other-question = This form answers another question than the one the game asks now: nothing was changed. Go back to the game and answer the question it shows.
web-error-game-over = This game is over: there is no question left to answer or take back. Its page shows how it ended; the start page starts a new one.
web-error-no-restart = There is nothing to restart: the rules of this game have not changed since it began. The game goes on as it was.
web-restart-warning = This takes the game back to its first move, under the new rules: every move made so far is lost. The save as it stands now is kept beside it, as { $file }.
web-restart-confirm = Start again under the new rules
web-error-no-game = There is no saved game called “{ $name }”.
web-error-not-found = There is no page at { $name }.
web-error-locked = This game is open elsewhere (process { $pid } on { $host }): finish it there first.
web-error-file = The save { $path } cannot be written: { $cause }
web-error-save = The save cannot be used: { $detail }
web-error-seat = This page was not shown after the screen was passed to the player whose turn it is: nothing was changed. Go back to the game and pass the screen.
web-error-rules = The rules stopped the game: { $detail }
web-error-ruleset = The ruleset { $ruleset } has errors: `twilight check { $ruleset }` shows them.
web-error-internal = Something went wrong inside the server (it is written in the server's log). Your game's last save stands.
web-error-busy = The server is working out other hints just now: ask again in a moment. Nothing of the game changed.
web-error-over = This game is over: there is no question left to hint at. Its page shows how it ended.
