# The words of this ruleset that `twilight play` shows (the rest come from solo-v2 and standard).

# The ruleset's description in the list `twilight play` offers (this folder's own).
ruleset-description = Solitaire (rule book v2) with the quick deal: no draft, both hands dealt blind as in the two-player game

# The step this ruleset changes, in its own words (solo-v2's speak of the draft this deal has not).
procedure-solo_deal = the deal of the cards at the start of each turn (the quick deal: both hands dealt blind, no draft)
