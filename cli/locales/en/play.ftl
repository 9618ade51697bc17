# twilight play: the words of the terminal game (English).
#
# For translators: every message here is shown by `twilight play` (cli/play_*.py). Names of cards,
# countries, regions and sides, the decisions' questions, option labels, refusals and end reasons live in
# each ruleset's locales (rules/<ruleset>/locales/<lang>/). A message may use a name's grammatical forms:
# `$country_gen`, `$country_in`, `$country_to`, `$country_ins` (and the same for `$side`, `$region`,
# `$primary`, `$secondary`); English uses the plain `$country`. `twilight i18n check` lists what is
# missing, unused or different between languages.

## Starting a game

play-setup-language = Language / Язык
play-language-en = English
play-language-ru = Русский
play-setup-side = Which side do you play?
play-setup-opponent = Who plays the other side?
play-opponent-computer = The computer (it plays each answer out in copies of the game, seeing only what its side may see)
play-opponent-person = Another person, at this terminal (hot-seat)
play-setup-level = The AI's level?
play-setup-prompt = Enter takes the default »
play-setup-default = (default)
play-setup-help = Type the number or the name of a choice; Enter takes the default; "quit" starts no game.
play-setup-aborted = No game was started.
play-setup-number = A whole number from { $low } to { $high }; the default: { $default }
play-setup-number-any = A whole number; the default: { $default }
play-setup-not-number = “{ $typed }” is not a whole number from { $low } to { $high }.
play-setup-not-number-any = “{ $typed }” is not a whole number.
play-setup-number-help = Type the number (digits, a minus sign before a number below zero); Enter takes the default; "quit" starts no game.
play-resumed = Resumed { $path } ({ $count } answers replayed).

## The screen

play-title = Twilight Struggle · { $ruleset }
play-status-turn = Turn { $turn }
play-status-turn-of = Turn { $turn } of { $last }
play-status-round = Action round { $round }: { $side }
play-status-headline = Headline phase
play-status-defcon = DEFCON { $defcon }
play-status-vp = VP { $vp } ({ $standing })
play-vp-even = even
play-vp-lead = { $side } leads by { $count }
play-status-milops = Military ops: US { $us }, USSR { $ussr } (required { $needed })
play-status-space = Space Race: US { $us }, USSR { $ussr }
play-status-china-up = The China Card: { $side }, face up
play-status-china-down = The China Card: { $side }, face down
play-status-china-unplayable = The China Card: { $side }, face down (not playable until the turn ends)
play-status-state = { $name }: { $value }
play-status-zone-size = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
play-status-effects = In effect: { $effects }
play-board-country = Country
play-board-stability = Stab
play-board-legend = ★ battleground · highlighted number: that side controls the country · · no influence
play-board-summary-side = { $side } { $count } ({ $battlegrounds }★)
play-board-summary-leads = { $side } leads
play-board-summary-even = even
play-board-others = Other regions: countries controlled (★ of them battlegrounds) · in full: region NAME, board all
play-board-all-summary = Regions: countries controlled (★ of them battlegrounds) · in full: region NAME, board all
play-board-hidden = The board: type board (board all, region NAME).
play-region-which = Which region? { $regions }
play-region-unknown = "{ $text }" is not a region. Did you mean { $suggestion }?
play-region-none = "{ $text }" is not a region: { $regions }
play-recent = { $count ->
    [0] Since your last decision
   *[other] Since your last decision ({ $count } earlier: type log)
}
play-cards-choose = Cards to choose from
play-cards-hand = Hand of { $side }
play-cards-hand-revealed = { $side } hand, face up to you
play-cards-card = Card
play-cards-ops = Ops
play-cards-side = Side
play-cards-summary = Event
play-cards-neutral = neutral
play-how-many = { $min ->
    [0] { $max ->
        [1] Pick one, or Enter for none
       *[other] Pick up to { $max }, separated by commas (Enter for none)
    }
   *[other] { $min ->
        [1] { $max ->
            [1] Pick one
           *[other] Pick 1 to { $max }, separated by commas
        }
       *[other] Pick { $min } to { $max }, separated by commas
    }
}
play-how-many-exactly = Pick { $count }, separated by commas
play-points-left = Influence: { $left } of { $total } { $total ->
    [one] point
   *[other] points
} left{ $marked ->
    [yes] { " · " }a country marked "costs" takes more than one point
   *[other] { "" }
}
play-rolls-left = Realignment: { $left } of { $total } { $total ->
    [one] roll
   *[other] rolls
} left
play-operations-to-spend = { $ops ->
    [one] { $ops } operation
   *[other] { $ops } operations
} to spend
play-progress = Pick { $pick } of { $picks }
play-not-offered = Not offered: { $options } — { $why }
play-not-offered-held = Not offered: { $options } — { $reason }, and { $rounds ->
        [one] this is your last action round
       *[other] you have { $rounds } action rounds left for them
    }.
play-option-cost = { $option } (costs { $cost })
play-option-war = { $option } (DEFCON 1: you lose at once)
play-option-war-opponent = { $option } (your opponent can answer with DEFCON 1)
play-option-lose = { $option } (you lose at once: { $reasons })
play-forced-choice = { $prompt }: only one choice, { $answer }, taken for you
play-war-confirm = A coup in { $country } brings DEFCON to 1 — nuclear war, and you lose the game at once. Type yes to make it anyway; anything else chooses again.
play-war-confirm-mode = { $mode }: { $by ->
        [opponent] played this way, the card lets your opponent answer by bringing DEFCON to 1
       *[you] playing the card this way brings DEFCON to 1 whatever you choose after it
    } — nuclear war, and you lose the game at once. Type yes to do it anyway; anything else chooses again.
play-war-prompt = yes/no »
play-war-yes = yes y
play-hint = Type a number or a name (Tab completes) · ? explains · hint · why · log · board · save · quit
play-hint-no-ai = Type a number or a name (Tab completes) · ? explains · hint · log · board · save · quit
play-prompt = { $side } » 
play-decision-unworded = Decide: { $name }
play-draw = nobody (a draw)

## Commands (a command's words: its value and the words of .aliases)

play-command-help = help
    .aliases = h
play-command-why = why
    .aliases = w
play-command-log = log
    .aliases = history
play-command-board = board
    .aliases = b
play-command-region = region
    .aliases = r
play-command-save = save
    .aliases = s
play-command-quit = quit
    .aliases = q exit
play-log-all = all
play-log-title = History ({ $count } lines)
play-log-hint = This turn only; type "log all" for the whole game.
play-log-extra = The log takes nothing, or “all”: “{ $text }” was not read.
play-saved = Saved to { $path }.
play-why-none = The AI has made no move yet.
play-why-move-headline = AI move { $number } · { $when } · its headline
play-why-move-action = AI move { $number } · { $when } · its action round
play-why-move-answer = AI move { $number } · { $when } · it answers an event's choice
play-why-provisional = our reading of a gap in the rules ({ $codes })
play-why-state = as the AI's move began: { $state }
play-why-default-yes = answers “{ $decision }” with yes: no list of the AI answers this choice, and the AI takes yes whenever it is offered
play-why-default-country = answers “{ $decision }” with { $answer }: no list of the AI answers this choice, so it takes { $count ->
    [one] the first
   *[other] the first { $count }
} of the countries the event allows, in the map's order
play-why-default-first = answers “{ $decision }” with { $answer }: no list of the AI answers this choice, so it takes { $count ->
    [one] the first answer
   *[other] the first { $count } answers
} in the order the choice offers them
play-mechanics-any = Choose among the answers listed: each is one the rules allow now, and any left out is named with the rule that keeps it out. The rule this question comes from is named below.
play-mechanics-rules-place = This influence comes from the rules themselves (the setup, or a step of the turn), not from a card's event: it goes only to the countries offered, one point a pick, with no need to be next to your influence.
play-mechanics-rules-discard = The rules themselves ask for this discard (a step of the turn, not a card's event): the cards picked go to the discard pile, which is shuffled back into the draw deck when the deck runs out.
play-help-card = This choice comes from the event of { $card }: { $summary }
play-help-procedure = This choice is part of: { $procedure }
play-help-source = Rule: { $source }
play-help-provisional = Provisional rule { $codes } (not in the rule book): { $note }
play-help-commands = Commands: ? this help · why the AI's last move · log this turn's history (log all: the whole game) · board the screen again · card NAME a card's text · save · quit (saves first)
play-help-commands-no-ai = Commands: ? this help · log this turn's history (log all: the whole game) · board the screen again · card NAME a card's text · save · quit (saves first)
play-help-commands-computer = Commands: ? this help · why the computer's last choices · log this turn's history (log all: the whole game) · board the screen again · card NAME a card's text · save · quit (saves first)
play-help-board = board all: every region in full · region NAME: one region or subregion in full (region Europe, region Eastern Europe)
play-demo-chose = { $prompt }: { $answer }

## What was typed

play-input-empty = Type a number or a name.
play-input-number = { $text } is not on the list: pick 1 to { $count }.
play-input-ambiguous = "{ $text }" could be: { $matches }. Type more of the name.
play-input-unknown = "{ $text }" is not one of the choices. Type a number, a name, or ? for help.
play-input-suggest = "{ $text }" is not one of the choices. Did you mean { $suggestion }?
play-input-count = Pick { $min ->
    [0] up to { $max }
   *[other] { $min } to { $max }
} (you gave { $got }).
play-input-count-exactly = Pick { $count } (you gave { $got }).
play-input-repeat = Each choice may be picked only once.
play-input-not-allowed = Not { $option }: { $why }.
play-input-not-offered = { $country } is not among the choices now.
play-input-card-not-offered = { $card } is not among the choices now.
play-input-refused = Not { $country }: { $reason }
play-input-several-refused = Answer { $number } of { $given } ("{ $text }"): { $problem } None of the answers was taken.
play-input-several-extra = Only { $count } of the { $given } answers fit this question here; none was taken.
play-input-several-gone = { $option } is no longer among the choices once the answers before it are taken.

## Saves

play-save-none = There is no unfinished game to resume.
play-save-missing = There is no save file at { $path }.
play-save-unreadable = The save file { $path } cannot be read ({ $detail }).
play-save-not-json = The save file { $path } is damaged: it is not valid JSON ({ $detail }).
play-save-not-a-save = { $path } is not a twilight save file ({ $detail }).
play-save-no-format = { $path } is not a twilight save file: it has no "format" field, which every twilight save has.
play-save-other-format = { $path } is not a twilight save file: its "format" field is { $detail }, while a twilight save's is 1. It may be another program's file.
play-save-newer-format = { $path } was saved by a newer version of twilight (save format { $detail }; this version reads format 1). Update twilight to go on with it.
play-save-folder = The saves folder { $path } cannot be read ({ $detail }).
play-save-folder-is-file = { $path } is a file, not a folder: twilight keeps its saves in the folder $TWILIGHT_HOME/saves (~/.local/share/twilight/saves when TWILIGHT_HOME is not set). Set TWILIGHT_HOME to a folder, or move that file away.
play-save-mismatch = The save { $path } does not lead back to its game ({ $detail }); it may be damaged, or made by another version of twilight or of the rules (a fix of how the AI plays changes its games). The file is left as it is.
play-save-diverged = The save was written by another version of twilight, and the game now goes another way after { $kept } of its { $total ->
        [one] { $total } answer
       *[other] { $total } answers
    } (a fix of how the AI plays, say): it goes on from there. The save as it was is kept as { $path }.
play-save-skipped = { $problem } It is skipped.
play-save-symlink = { $path } is a symbolic link, not a save file: a save is read only from a file of its own in the saves folder. Put a copy of the file it leads to in its place.
play-save-unknown-ruleset = { $path } is a game of ruleset { $ruleset }, which is neither installed nor in the folders looked in: { $places }. If it is a variant's save, give the folder that holds the variant with --rules-path, or the variant's own folder with --ruleset.
play-save-other-ruleset = { $path } is a game of ruleset { $ruleset }, not of { $given } (--ruleset). Leave --ruleset out, or give the folder of { $ruleset }.
play-quit = Game saved to { $path }. Continue it with: twilight play --resume
play-interrupted = Stopped. The last autosave is { $path }; continue with: twilight play --resume
play-rules-error = The rules could not go on ({ $detail }). The game is saved up to the last decision; please report this.
play-step-limit = The game stopped: a rule does not end. { $detail } The last autosave is { $path }: fix the rule, or give it more steps with --step-limit (or --game-step-limit) and continue with: twilight play --resume

## A save in use, a file that cannot be written

play-save-locked = The save { $path } is in use by another game: process { $pid } on { $host }, since { $since }. Finish or quit that game first.
play-save-locked-unknown = The save { $path } is in use by another game. Finish or quit that game first.
play-save-in-the-way = { $path } is there already and is not a twilight save ({ $detail }): a new game does not write over it. Choose another file with --save.
play-save-in-the-way-unfinished = { $path } holds a game you have not finished: a new game does not write over it. Continue that game with: twilight play --resume { $path } · or choose another file with --save.
play-seed-save-kept = An unfinished game of this seed is saved as { $kept }: it stays. This game is saved as { $name } (`twilight play --resume { $kept }` goes back to the other).
play-file-write-failed = Cannot write { $path } ({ $cause }): the game stops, and any save already there is left as it was.
play-file-symlink = Cannot write { $path }: it is a symbolic link, and twilight does not write through one. Remove it, or save elsewhere with --save.

## The end

play-end-title = Game over
play-end-winner = { $side } wins.
play-end-draw = The game is a draw.
play-end-reason = How it ended: { $reason }
play-end-vp = Final VP: { $vp } ({ $standing })
play-end-turn = Last turn played: { $turn }
play-end-rating = { $mine ->
    [yes] Your victory rating: { $rating }
   *[other] The AI's victory rating: { $rating }
}
play-end-trace = The game's trace: { $path }
play-end-explain = The AI's reasons: twilight explain trace { $path } --all

## The history

log-turn = — Turn { $number } —
log-turn_end = End of turn { $number }.
log-phase = { $phase }
log-phase-labelled = { $label }. { $phase }
log-action_round = Action round { $round }: { $side }.
log-variable = { $name }: { $value }.
log-zone = { $zone }: { $card } added.
log-zone-hidden = { $zone }: { $count ->
    [one] a card
   *[other] { $count } cards
} added face down.
log-headlines = Headlines: US { $us_card }, USSR { $ussr_card }.
log-headline_cancelled = The headline of { $side } is cancelled: { $card }.
log-play = { $side } plays { $card }.
log-event = Event: { $card } ({ $side }).
log-event_prevented = The event of { $card } cannot happen.
log-no_legal_play = { $side } cannot use { $card }.
log-no_operations = { $side } has no legal operation.
log-ops_bonus_unspendable = { $card }: the bonus for spending every operation in { $region } is not offered, as no country there is open to { $operation } now.
log-influence-add = { $side } +{ $count } in { $country } (now { $now }).
log-influence-remove = { $side } −{ $count } in { $country } (now { $now }).
log-coup = { $side } coup in { $country }: roll { $roll }, strength { $strength } against { $defence }: { $outcome ->
        [success] success by { $margin }
       *[failure] failure, no influence changes
    }.
log-coup-parts = { $side } coup in { $country }: roll { $roll } + { $ops } { $ops ->
    [one] operation
   *[other] operations
}{ $modifier } = { $strength } against { $defence }: { $outcome ->
        [success] success by { $margin }
       *[failure] failure, no influence changes
    }.
log-realign = { $side } realigns in { $country }: { $side } { $roll }, { $opponent } { $against }: { $outcome ->
        [win] { $winner } wins by { $margin }
        [nothing] { $winner } wins by { $margin }, but { $loser } has no influence there to lose
       *[tie] a tie, no influence is removed
    }.
log-milops = { $side } military operations +{ $count } (now { $now }).
log-invasion = { $side } invades { $country }.
log-invasion-event = { $card }: { $side } invades { $country }.
log-space-success = { $side } Space Race: roll { $roll }, success, box { $box }.
log-space-failure = { $side } Space Race: roll { $roll }, failed.
log-space-success-needed = { $side } Space Race: roll { $roll }, needing { $needed } or less: success, box { $box }.
log-space-failure-needed = { $side } Space Race: roll { $roll }, needing { $needed } or less: failed.
log-space_advance = { $side } advances to box { $box } of the Space Race.
log-defcon = DEFCON is now { $now }.
log-defcon-coup = The coup in a battleground lowers DEFCON to { $now }.
log-defcon_change_ignored = The AI does not lower DEFCON below { $floor }.
log-vp = { $side } gains { $count } VP: { $standing }.
log-roll = { $side } rolls { $roll }, needing { $needed } or more: { $success ->
        [yes] success
       *[no] failure
    }.
log-roll-event = { $card }: { $side } rolls { $roll }, needing { $needed } or more: { $success ->
        [yes] success
       *[no] failure
    }.
log-roll-at_most = { $side } rolls { $roll }, needing { $needed } or less: { $success ->
        [yes] success
       *[no] failure
    }.
log-roll-event-at_most = { $card }: { $side } rolls { $roll }, needing { $needed } or less: { $success ->
        [yes] success
       *[no] failure
    }.
log-roll_off = { $first } rolls { $first_roll }, { $second } rolls { $second_roll }: { $outcome ->
        [win] { $winner } wins
       *[tie] a tie
    }.
log-roll_off-event = { $card }: { $first } rolls { $first_roll }, { $second } rolls { $second_roll }: { $outcome ->
        [win] { $winner } wins
       *[tie] a tie
    }.
log-table_roll = { $table }: roll { $roll }, column { $column }.
log-table_roll-dice = { $table }: dice { $dice }, the lower counts: { $roll }, column { $column }.
log-random_card = { $among ->
        [1] The only card is drawn
       *[other] Drawn at random from { $among } cards
    }: { $card }.
log-region_score_counted = { $region }, { $side }: { $count ->
        [0] no country controlled
       *[other] controls { $countries }
    } = { $vp } VP.
log-region_score = { $region }, { $side }: { $level } { $level_vp } + { $battlegrounds } for battlegrounds + { $adjacent } for countries next to the { $enemy } = { $vp } VP.
log-scored = { $region } scored: { $standing }.
log-china_card-face_up = The China Card goes to { $side }, face up.
log-china_card-face_down = The China Card goes to { $side }, face down.
log-discard = { $card } is discarded.
log-discard-side = { $side } discards { $card }.
log-effect_start = In effect: { $card }.
log-effect_end = No longer in effect: { $card }.
log-cards_revealed = { $count ->
    [one] Card
   *[other] Cards
} shown by { $side }: { $cards }.
log-hand_revealed = { $side } shows: { $cards }.
log-deck_added = { $period } cards join the deck ({ $count }).
log-reshuffle = The discards are reshuffled into the deck ({ $count } cards).
log-dealt = { $side } has { $count } cards.
log-victory = { $side } wins: { $reason }.
log-victory-draw = The game is a draw: { $reason }.
log-log = { $message }

## Starting problems

play-why-no-ai = There is no AI in this game: both sides are played at this terminal.
play-why-computer-none = The computer has made no choice since this game was opened.
play-why-computer-title = The computer ({ $side }): its last choices, the latest last
# `why`: a question the AI or the computer answered, named in the third person (cli/session/why.py ASKED),
# not as it is put to the player who answers it.
play-why-computer-asked = Asked { $question }, it answered: { $answer }
play-why-computer-event = Asked at the event of { $card }, it answered: { $answer }
play-why-computer-choice = Asked “{ $question }”, it answered: { $answer }
play-why-computer-searched = it played { $playouts } { $playouts ->
    [one] game
   *[other] games
} ahead from here; the answers it weighed scored (100% a win, 50% level): { $scores }
play-why-computer-score = { $answer } { $score }%
play-why-computer-hidden = a card hidden from you
play-why-computer-plan = a point of the plan it chose at the card's first point
play-why-computer-nothing = nothing
play-why-computer-only = the only answer
play-why-computer-heuristic = the quick heuristic's answer (a question the search leaves to it)
play-hand-over = Hand over to the { $side } player — press Enter
play-hand-over-prompt = Enter »
play-ruleset-errors = The ruleset { $ruleset } has errors; no game was started. Run: twilight check { $ruleset }
play-level-unknown = There is no level "{ $level }"; the levels are: { $levels }.
play-level-no-ai = --level is the AI's level, and { $ruleset } has no AI: the other side is played by the computer or a person (--opponent).
play-opponent-solo = --opponent is for a game without an AI: in { $ruleset } the AI plays the other side.
play-set-disagrees = --set { $setting } and { $option } ask for different games: give one of them.

## Unfinished games: `twilight saves`, and the question `twilight play` asks when there are some

play-saves-title = Unfinished games
play-saves-none = There is no unfinished game. Start one with: twilight play
play-saves-hotseat = both sides
play-saves-hint = Continue one: twilight play --resume NAME · delete one: twilight saves delete NAME
play-saves-damaged = { $problem } Delete it with: twilight saves delete { $name }
play-saves-deleted = The save { $name } is deleted.
play-saves-unknown = There is no save called "{ $name }". The saves are: { $names }.
play-saves-unknown-close = There is no save called "{ $name }". Did you mean { $close }?
play-saves-unknown-none = There is no save called "{ $name }": there are no saves.
play-saves-locked = The save { $name } is in use by another game (process { $pid }); it is not deleted.
play-saves-game = { $ruleset }, you play { $side }, level: { $level }, turn { $turn }, saved { $saved }
play-saves-game-hotseat = { $ruleset }, both sides, turn { $turn }, saved { $saved }
play-saves-game-computer = { $ruleset }, you play { $side } against the computer, turn { $turn }, saved { $saved }
play-resume-question = You have unfinished games. Continue one?
play-resume-continue = Continue the last game ({ $game })
play-resume-pick = Choose another unfinished game
play-resume-new = Start a new game
play-resume-which = Which game?
play-resume-new-game-flags = --resume goes on with a saved game as it was saved: { $flags } would set up a new game, and cannot change it. Leave them out, or start a new game without --resume.

## Undo: taking back your own last answer (never past dice rolled or a hidden card shown)

play-command-undo = undo
    .aliases = u back
play-help-undo = undo takes back your last answer (again: the one before it), but never past a die rolled or a hidden card shown
play-undo-done = Taken back: { $answer }. Answer again.
play-undo-nothing = Nothing to undo: you have given no answer of your own yet.
play-undo-hand-over = Nothing to undo: the last answer was { $side }'s, given before the terminal was handed over to you, and undo never takes back the other player's answers.
play-undo-dice = Cannot undo: dice were rolled since your answer ({ $what }).
play-undo-hidden = Cannot undo: a hidden card was shown since your answer ({ $what }).
play-undo-what-coup = the coup in { $country }
play-undo-what-realign = the realignment in { $country }
play-undo-what-space = a Space Race attempt
play-undo-what-event = the event of { $card }
play-undo-what-die = a die roll
play-undo-what-dealt = cards were dealt
play-undo-what-reshuffle = the draw pile was reshuffled
play-undo-what-cards_revealed = cards of { $side } were shown
play-undo-what-hand_revealed = the hand of { $side } was shown
play-undo-what-headlines = the headline cards were turned over
play-undo-what-play = { $side } played { $card }
play-undo-what-discard = { $side } discarded { $card }
play-undo-what-turned-up = { $card } was turned face up

## Why the operations question offers no coup or realignment (the rules' own refusals)

play-why-not = { $action } is not offered: { $reasons }
play-why-not-group = { $reason }{ $more ->
    [0] { "" }
   *[other] { " " }(and so for { $more } more { $more ->
        [one] country
       *[other] countries
    })
}
play-why-not-no-target = { $action } is not offered: there is no country to aim it at.
play-why-not-excluded = { $action } is not offered: the event of { $card } allows none with these operations.
play-why-not-both = Coup and realignment are not offered: { $reasons }

## card NAME (or ? NAME): a card's text

play-command-card = card
    .aliases = text
play-card-title = { $card } — card { $number } · { $ops ->
    [0] scoring card
    [one] 1 operation
   *[other] { $ops } operations
} · { $side } · { $period }
play-card-starred = Removed from the game once its event has taken place.
play-card-match = { $card } ({ $number })
play-card-ambiguous = "{ $text }" could be several cards: { $matches }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
}. Type more of the name, or the card's number.
play-card-unknown = No card is called "{ $text }". The closest: { $matches }.
play-card-unknown-none = No card is called "{ $text }", nor anything close to it: type a card's name or number (card 31).
play-card-usage = card NAME or NUMBER shows a card's text: card 31, card red scare.

## hint: what the search policy would answer (cli/session/hint.py)

play-command-hint = hint
    .aliases = tip
play-help-hint = hint: what the search would answer here, its best answers scored by quick playouts of the game (about a second)
play-advice-title = Hint from the search: { $playouts ->
    [one] 1 playout
   *[other] { $playouts } playouts
} in { $ms } ms, each playing { $horizon } action rounds ahead with the cards you cannot see dealt anew:
play-advice-move = { $rank }. { $answer }: scores { $score }% [{ $low }–{ $high }%] ({ $count ->
    [one] 1 playout
   *[other] { $count } playouts
})
play-advice-tie = , tied with the best
play-advice-plans = Whole placements of the card's points left are rated here, each played to its last point. The best one's first point goes to { $country }: give that country now.
play-advice-plan = { $points }
play-advice-plan-point = { $country } +{ $count }
play-advice-scale = A score is 100% for a win and 0% for a loss; a game not over by then counts its VP lead (and the Primary and Secondary regions' scores; in the last two turns every region's, as the final scoring will): 50% is level. In brackets: where the score lies, 19 times in 20.
play-advice-scale-no-regions = A score is 100% for a win and 0% for a loss; a game not over by then counts its VP lead (in the last two turns also every region's score, as the final scoring will): 50% is level. In brackets: where the score lies, 19 times in 20.
play-advice-why-tie = { $answer } and { $other } are tied: their intervals overlap, and only more playouts could tell them apart.
play-advice-why-loss = Why { $answer }: its lines of play lose the game in { $lost }% of the playouts, those of { $other } in { $other_lost }%.
play-advice-why-win = Why { $answer }: its lines of play win the game in { $won }% of the playouts, those of { $other } in { $other_won }%.
play-advice-why-vp = Why { $answer }: by the horizon you are { $vp } VP better off on average than after { $other }.
play-advice-why-region = Why { $answer }: { $region } scores { $gain } VP better for you on average than after { $other }.
play-advice-why-score = Why { $answer }: a slightly better score than { $other }, with no one cause standing out.
play-advice-greedy-opponent = In the playouts the other side is played by the quick heuristic.
play-advice-heuristic = Hint: { $answer } (the quick heuristic's suggestion: the search weighs only a choice of one answer among 2 to { $max }).
play-advice-none = No hint for this question: the search weighs only a choice of one answer among 2 to { $max }, and the quick heuristic has no preference here.
play-advice-stopped = Hint stopped.
play-advice-war = { $answers }: a coup there brings DEFCON to 1 — nuclear war, and you would lose at once.
play-advice-war-all = A coup in any of these countries brings DEFCON to 1 — nuclear war, and you would lose at once (undo takes back your previous answer).
play-advice-war-one-safe = Hint: { $answer }, the only target that does not.
play-advice-war-others = { $count ->
    [one] The other target is safe from that.
   *[other] The other { $count } targets are safe from that.
}
play-advice-war-mode = { $answers }: { $by ->
        [opponent] played this way, the card lets your opponent answer by bringing DEFCON to 1
       *[you] playing the card this way brings DEFCON to 1 whatever you choose after it
    } — nuclear war, and you would lose at once.
play-advice-war-one-safe-mode = Hint: { $answer }, the only way to play the card that does not.
play-advice-war-all-mode = Every way to play this card brings DEFCON to 1 — nuclear war, and you would lose at once (undo takes back your previous answer).
hint-no-question = The save is at no question of yours: there is nothing to advise on (a finished game?).
hint-war-all = A coup in any of these countries brings DEFCON to 1 — nuclear war, and you would lose at once: the question has no answer that does not.
hint-war-all-mode = Every way to play this card brings DEFCON to 1 — nuclear war, and you would lose at once: the question has no answer that does not.
hint-lose-all = Every answer loses the game at once ({ $reasons }): the question has no answer that does not.
# An answer lost at once for a reason other than (or besides) a nuclear war: the Cuban Missile Crisis set off
# by a coup. $reasons: the reasons, each in the player's words (hint.py OWN_REASONS) or the ruleset's end-<end>, joined by play-lose-reason-or.
play-advice-lose = { $answers }: you would lose the game at once ({ $reasons }).
play-advice-lose-all = Every answer loses the game at once ({ $reasons }) (undo takes back your previous answer).
play-advice-lose-one-safe = Hint: { $answer }, the only answer that does not.
play-lose-reason-defcon_1 = nuclear war at DEFCON 1
play-lose-reason-or = { $first } or { $second }
# Alternatives a question names (a rule's list of countries, cli/session/question.py): $first is every name
# but the last, joined by commas.
play-list-or = { $first } or { $second }
play-lose-confirm = { $answer }: you lose the game at once ({ $reasons }). Type yes to do it anyway; anything else chooses again.
## Choosing the rules; a game pinned to the rules it began with
play-setup-ruleset = Which rules?
play-ruleset-entry = { $name } { $version }{ $extends ->
        [none] {""}
       *[other] {""} (changes { $extends })
    } — { $description }
play-ruleset-hot-seat = [no paper AI: play against the computer, or two players at this terminal]
play-ruleset-unknown = There is no ruleset { $ruleset }; the rulesets: { $names }.{ $hint ->
        [none] {""}
       *[other] {" "}Did you mean { $hint }?
    }
play-ruleset-no-manifest = The folder { $folder } was found, but it is no ruleset: it has no ruleset.tsr, the manifest that makes a folder of rule files a ruleset. No game was started. Write a ruleset.tsr in that folder, for instance:
play-ruleset-no-manifest-after = The ruleset's name is the folder's; `extends` names the ruleset it changes (leave it out for rules of their own); `version` is what --ruleset { $name }@VERSION names. docs/new-ruleset.md tells the rest.
play-saves-unwritable = Cannot write { $path } ({ $cause }), where the game would be saved, so no game was started. Set TWILIGHT_HOME to a folder you can write to (twilight keeps its saves in its saves folder), or make that folder writable.
play-ruleset-unknown-version = There is no { $ruleset }: the versions found are { $versions }.{ $hint ->
        [none] {""}
       *[other] {" "}Did you mean { $hint }?
    }
play-ruleset-highest = { $name }: several versions are found ({ $versions }); the highest, { $version }, is played (name one with { $name }@VERSION).
play-rules-changed = The rules of this game ({ $name } { $version }) have changed since it began: it goes on under the rules it was started with.
play-rules-question = Go on under the rules the game began with, or start it again under the new ones?
play-rules-keep = Go on under its own rules
play-rules-restart = Start again under the new rules (the moves so far are lost)
play-rules-restarted = The game starts again under the new rules; it is saved in { $path }.
play-rules-restart-refused = The new rules cannot start this game: { $detail }
play-save-rules-missing = The rules { $path } was played under can no longer be found: it needs ruleset { $detail }, which is neither installed nor kept beside the saves.

## `twilight rulesets --changes NAME`: what a version changes, for players
play-changes-title = { $name } { $version } changes these rules of { $base } { $base_version }:
play-changes-no-base = { $name } { $version } changes no other ruleset: it is a whole game of its own.
play-changes-none = nothing that changes the game
play-changes-added = New: { $what }
play-changes-removed = Taken out: { $what }
play-changes-changed = Changed: { $what }
play-changes-in-sections = following the rule book: { $sections }{ $count ->
        [one] {""}
       *[other] {" "}(×{ $count })
    }
play-changes-unsourced = { $count ->
        [one] one
       *[other] { $count }
    } this project filled in where the rule book is silent
play-changes-sections = {" "}(rule book: { $sections })
play-changes-a-setting = a setting
play-changes-setting-default = { $setting } — at first: { $default }
play-changes-kind-card = cards
play-changes-kind-appendix = AI instructions for the cards
play-changes-kind-country = countries
play-changes-kind-region = regions
play-changes-kind-side = sides
play-changes-kind-setting = choices before the game
play-changes-kind-procedure = steps of play
play-changes-kind-function = calculations of the rules
play-changes-kind-rule = rules in force
play-changes-kind-moment = moments a game can start from
play-changes-kind-sequence = the turn sequence
play-changes-kind-order = orders of precedence
play-changes-kind-priority = AI priority lists
play-changes-kind-table = tables
play-changes-kind-variable = things the game keeps count of
play-changes-kind-zone = places for cards
play-changes-kind-track = tracks
play-changes-kind-layout = the board's layout
play-changes-kind-other = other rules
play-changes-before = {" "}instead of { $sections }

## rulesets --changes and a resumed game's rules: the changes in numbers (cli/session/numbers.py)

play-numbers-title = In numbers:
play-words-title = The rules' words, now and before:
play-numbers-count = { $what }: { $after } instead of { $before } ({ $turns })
play-numbers-of-side = { $what } of { $side }
play-numbers-action-rounds = action rounds a turn
play-numbers-space-attempts = Space Race attempts a turn
play-numbers-every-turn = every turn
play-numbers-turn = turn { $turn }
play-numbers-turns = turns { $first }–{ $last }
play-numbers-track = { $track }: { $low }–{ $high } instead of { $old_low }–{ $old_high }
play-numbers-card-ops = { $card }: { $after } operations instead of { $before }
play-numbers-card-event = { $card }: its event is different
play-numbers-setting = { $setting }: at first { $after } instead of { $before }
play-numbers-option-moved = { $list }: option “{ $option }” is number { $after } instead of { $before }
play-numbers-option-new = { $list }: new option “{ $option }”, number { $number }
play-numbers-option-removed = { $list }: option “{ $option }” taken out (it was number { $number })
play-numbers-cell = { $table } ({ $row }; { $column }): { $after } instead of { $before }
play-numbers-column-roll = roll of { $roll }
play-numbers-row-added = { $table }: new row { $row }
play-numbers-row-removed = { $table }: row { $row } taken out
play-numbers-rule-of-sections = the rule of { $sections }
play-numbers-rule-unsourced = a rule this project filled in
play-numbers-now = { $what } now: { $line }
play-numbers-was = { $what } before: { $line }
play-numbers-more = … and { $count } more of the same
play-rules-restart-takes = Starting again takes { $name } { $version }.
