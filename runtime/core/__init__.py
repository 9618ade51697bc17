"""The core interpreter: the engine, the game state, decisions and players' protocol, the records that make
a game a value (`resumable`), dice, the primitives, the registry (the runtime's contract with rulesets),
rule errors, limits, invariant checks, firings.

It imports neither the back end (runtime/backend/: it is given a program, through `compiled.CompiledRules`)
nor the solo AI (runtime/solo/) nor the search (runtime/players/); tests/test_layers.py checks it."""
