# twilight.api: how a program's actions read (State.action_to_string), for a person watching.

api-action-done = Done
api-chance-die = Die: { $value }
api-chance-shuffle = Shuffle: place { $place } of { $places }
api-chance-pick = Random pick: { $place } of { $places }
api-chance-outcome = Chance: { $value }
