"""`twilight diff`: what changed between two rulesets, in rule terms."""
