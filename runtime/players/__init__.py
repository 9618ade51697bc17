"""Players of the human side that think ahead: the search (`search`: each answer tried in playouts on
copies of the game) and the quick player of its playouts (`rollout`).

Neither is the solo AI (runtime/solo/, the ruleset's own AI, which plays by the ruleset's lists): they
play *against* it, and use it to play the AI's side in their playouts; so they sit above both the core
and the solo AI, and neither of those imports them."""
