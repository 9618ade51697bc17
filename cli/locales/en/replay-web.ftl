# twilight serve: a game log of the digital edition replayed under our rules, stepped through (issue 49).

web-replay-link = Step through a game you played online (a log of the digital edition)
web-replay-list-title = Game logs · step through a game played online
web-replay-list-heading = Game logs this server can open
web-replay-list-empty = No game log here yet: open one above, or start the server with `twilight serve --replay LOG`.
web-replay-list-facts = { $lines } lines, up to turn { $turn }
web-replay-source-given = named when the server started
web-replay-source-opened = opened in the browser
web-replay-source-league = a league game of the digital edition
web-replay-open-title = Open a game you played online
web-replay-open-help = The text log the official digital edition of Twilight Struggle keeps of a game: choose its file or paste its text. It is replayed under our rules (standard) and kept in the data folder, so that it is in the list next time.
web-replay-open-file = The log's file:
web-replay-open-paste = or its text:
web-replay-open = Open the game
web-replay-title = { $name } · step { $at } of { $count }
web-replay-all = Game logs
web-replay-setup = Setup
web-replay-where = Our board after step { $at } of { $count }: { $round }
web-replay-first = ◀◀ First
web-replay-back = ◀ Back
web-replay-forward = Forward ▶
web-replay-last = Last ▶▶
web-replay-turn = Turn
web-replay-go = Go
web-replay-complete = Replayed to the log's last line ({ $lines } lines); { $divergences ->
    [0] our rules and the log agree throughout.
    [one] one place where our rules and the log disagree.
   *[other] { $divergences } places where our rules and the log disagree.
}
web-replay-incomplete = Replayed to line { $line } of the log; { $divergences ->
    [0] our rules and the log agree that far.
    [one] one place where our rules and the log disagree.
   *[other] { $divergences } places where our rules and the log disagree.
}
web-replay-read-only = Read-only: every card, die and choice is the log's.
web-replay-stopped = Our replay stops here: { $why }
web-replay-log-title = The log, lines { $first } to { $last }
web-replay-divergences-here = { $count ->
    [0] Our rules agree with the log in this round.
    [one] One place in this round where our rules disagree with the log (marked under its line).
   *[other] { $count } places in this round where our rules disagree with the log (marked under their lines).
}
web-replay-ours = ours: { $ours }
web-replay-rule = ({ $rule })
web-replay-kind-our-bug = ≠ our bug
web-replay-kind-edition-fault = ≠ a fault of the digital edition
web-replay-kind-log-gap = ≠ a gap of the log
web-replay-ours-title = What our rules did in this round
web-replay-nothing = Nothing happened on our board in this round.
web-replay-map-help = Drag the map or scroll it to move around; the buttons zoom. Dashed green: the countries this round changed.

## Errors, each shown as a page

web-replay-no-log = There is no game log called “{ $name }”: the list of game logs shows the ones this server can open.
web-replay-bad-log = “{ $name }” cannot be replayed: { $problem }
web-replay-too-big = That text is far larger than any game log: refused.
web-replay-too-many = Too many logs called “{ $name }” are kept already: give the file another name.
web-replay-full = This server keeps { $count ->
        [one] one game log
       *[other] { $count } game logs
    } opened in the browser already ({ $megabytes } MB): at most { $most } of them, { $most_megabytes } MB in all. This one was not kept, and none of those was removed to make room. Its text is still in the form below: to open it, delete a log you no longer need from the folder { $folder } of twilight's data folder, then send it again.
web-replay-busy = The server is reading other game logs just now: send this one again in a moment. Nothing was kept.
web-replay-no-step = This replay has no step “{ $step }”: its steps are 1 to { $count }.
web-replay-no-turn = The log has no turn “{ $turn }”.
web-replay-no-board = This step of the replay holds no board to draw.
