# twilight docs: the words of the ruleset reference pages (English).
#
# For translators: `twilight docs RULESET --lang LANG -o DIR` writes a ruleset's reference as HTML and
# Markdown pages (cli/docs_*.py). These are the pages' own headings and labels; the names of cards,
# countries, phases and settings, the outlines of events and conditions, and the AI's list and option
# names come from the ruleset's locale files, as in `twilight explain`. `twilight i18n check` lists
# what is missing or different between languages.

## Pages

docs-nav = Pages
docs-page-index = Overview
docs-page-sequence = Turn sequence
docs-page-cards = Cards
docs-page-ai = AI priority lists
docs-page-tables = Tables
docs-page-restrictions = Standing rules
docs-page-settings = Settings

## Overview

docs-index-title = Rules reference: { $ruleset }
docs-ruleset-name = Ruleset
docs-ruleset-version = Version
docs-ruleset-extends = Extends
docs-ruleset-extends-nothing = nothing: a base ruleset
docs-ruleset-chain = Built from
docs-ruleset-description = Description
docs-index-marks = Everything here is read from the compiled rule files. Each item names its sources (document · section · item) and the file and line it is written in; ⚠ marks a provisional rule, where the rule books leave a gap: its number (P1, P3.1…) and how the gap is filled.
docs-index-contents = Contents
docs-about-sequence = the turn, phase by phase, and the procedures it calls
docs-about-cards = { $count ->
    [one] one card
   *[other] { $count } cards
}: numbers, operations, events in words
docs-about-ai = { $count ->
    [one] one priority list
   *[other] { $count } priority lists
} of the AI, each option in order, and { $orders ->
    [one] one order
   *[other] { $orders } orders
} that break ties
docs-about-tables = { $count ->
    [one] one table
   *[other] { $count } tables
} of the setup and the tracks
docs-about-restrictions = { $count ->
    [one] one rule
   *[other] { $count } rules
} that hold all game long: what is forbidden, what is changed, what happens when
docs-about-settings = { $count ->
    [one] one setting
   *[other] { $count } settings
} chosen before a game

## Marks of every item

docs-sources = { $count ->
    [one] Source
   *[other] Sources
}
docs-source = Source
docs-provisional = provisional
docs-no-source = no source of its own
docs-written-in = written in
docs-parameters = Parameters

## Turn sequence

docs-sequence-intro = How a game runs, step by step: each phase with its letter in the rule book. A procedure the sequence calls is a link to its own outline below.
docs-phase = { $step ->
    [yes] step: { $name }
   *[no] { $label ->
        [none] phase: { $name }
       *[other] phase { $label }: { $name }
    }
}
docs-sequence-procedures = Procedures the sequence calls

## Cards

docs-cards-intro = { $count ->
    [one] One card
   *[other] { $count } cards
}, by number: each with its event in words, as `twilight explain card` shows it.
docs-cards-list = All cards
docs-card-event-names = Its event names
docs-card-appendix-names = Its entry names

## The AI's priority lists

docs-ai-intro = The AI picks a country or a card with a priority list: every candidate must meet the list's requirements; the options are tried in order, and the first that offers a candidate decides; ties among its candidates are broken by the option's own keys, then by the list's keys for every option.
docs-ai-target = Picks
docs-ai-target-kind = { $kind ->
    [country] a country
    [card] a card
    [region] a region
   *[other] { $kind }
} ({ $var })
docs-ai-restart = Starts again
docs-ai-restart-after = { $what ->
    [placement] from its first option after each influence point placed
   *[other] from its first option after each { $what }
}
docs-ai-requires = Every candidate must meet
docs-ai-when = When
docs-ai-where = Candidates
docs-ai-where-any = { $kind ->
    [country] any country, with no condition
    [card] any card, with no condition
    [region] any region, with no condition
   *[other] any { $kind }, with no condition
}
docs-ai-place = How many
docs-ai-inherited = none of its own: it stands on the list's
docs-ai-prefer = Ties among its candidates, key by key
docs-ai-final = Then, for every option
docs-ai-key-order = { $desc ->
    [yes] by the { $table }, read from the bottom up
   *[no] by the { $table }, read from the top down
}
docs-order-rank = Rank
docs-order-item = Item

## Tables

docs-tables-intro = The ruleset's tables: setup, scoring and tracks, row by row.
docs-table-roll = Roll
docs-table-key = { $kind ->
    [region] Region
    [side] Side
    [country] Country
    [int] Number
    [level] Level
   *[other] { $kind }
}
docs-table-total = { $keys }: { $total } in all
docs-table-wins = wins the game
docs-table-wins-note = { $level } of { $region } wins the game when the region is scored
docs-table-wins-rule = the rule

## Standing rules

docs-rules-intro = Rules that hold all game long: what a player may not do (with the refusal's code, as the game names it), what changes a number, and what happens when something does.
docs-rules-group = { $kind ->
    [restriction] Restrictions
    [rule] Standing rules
    [victory] How the game is won
   *[other] { $kind }
}
docs-rule-card = Written with the card
docs-refusal-code = refusal

## Settings

docs-settings-intro = What is chosen before a game starts (`twilight play` asks, `twilight simulate --set NAME=VALUE` sets it).
docs-setting-value = Value
docs-setting-ident = In the rule files
docs-setting-default = the default
docs-setting-whole-range = A whole number from { $low } to { $high }
docs-setting-whole-any = Any whole number
docs-setting-default-is = the default: { $value }

## What the command says when it is done

docs-wrote = { $ruleset } [{ $lang }]: wrote { $pages } { $pages ->
    [one] page
   *[other] pages
} ({ $files } { $files ->
    [one] file
   *[other] files
}) into { $folder }

docs-error-not-folder = cannot write into { $folder }: it is a file, not a folder
docs-error-write = cannot write into { $folder }: { $detail }
