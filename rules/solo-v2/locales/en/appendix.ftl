# The solo card appendix in words, for `twilight explain card N --ruleset solo-v2` (cli/appendix_view.py).
# For translators: an entry of rules/solo-v2/appendix/*.tsr says at which moments the AI plays the card's
# event (and on what condition, and what it plays instead of the printed event), or that it never does;
# what happens instead of the event when the human plays the card; and what the AI's event does to the
# human. Conditions and blocks are outlined with the `outline-*` words; `$region` is a region's name.
# tests/test_locales.py fails when a word the code uses has no message here.

appendix-title = AI (card appendix)

## Moments of the game at which an entry lets the AI play the event

appendix-moment-headline = the headline
appendix-moment-non_scoring_round = a round that does not score
appendix-moment-scoring_round = any scoring round
appendix-moment-scoring_round-in = a scoring round in { $region }
appendix-moment-action_round = any action round

## An entry's lines

appendix-event = the AI plays the event in { $moments }
appendix-event-when = the AI plays the event in { $moments }, if { $cond }
appendix-resolve = then it plays instead:
appendix-ops-only = the AI never plays the event: it uses the card only for its operations
appendix-no-moment = the entry names no moment: the AI never plays the event, it uses the card for its operations
appendix-reaction = when you play it as an event, instead of the printed event:
appendix-against-human = when its event hits you, instead of the printed event:
appendix-unmarked = neither a source nor a provisional mark

## Cards without an entry

appendix-none = not in the card appendix: in its action rounds the AI plays it only for operations; in the headline, and when you play it, its event is unchanged
appendix-none-scoring = a scoring card: in the solo game it comes from the scoring deck and marks a region, so the appendix has no entry for it
appendix-none-no-event = not in the card appendix: the card has no event
