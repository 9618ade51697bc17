# solo-v2-aggressive: the words that differ from solo-v2's (a message here replaces the parent's of the
# same id; every other message comes from solo-v2 and standard).

setting-level-hard = Hard (the AI starts with 5 VP)
