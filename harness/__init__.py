"""The test harness: scenario files (set up a situation, make moves, check the result). It drives the
compiler and the runtime; the runtime never imports it."""
