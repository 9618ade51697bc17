"""The runtime: primitives and (later) the generic interpreter."""
