# The words of this ruleset that `twilight play` shows (the rest come from solo-v2 and standard).

# The ruleset's description in the list `twilight play` offers (this folder's own).
ruleset-description = Solitaire (rule book v2) with the quick deal: no draft, both hands dealt blind as in the two-player game
