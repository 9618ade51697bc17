"""The AI level the bench measures at: the solo ruleset's own default (`setting level: … = normal`)."""

from __future__ import annotations

import functools

from twilight.runtime.core import registry

# The ruleset the bench plays against its AI (its figures name it).
SOLO_RULESET = "solo-v2"


@functools.cache
def default_level(ruleset: str = SOLO_RULESET) -> str:
    """The default of the ruleset's `level` setting (a contract need of every solo ruleset)."""
    from twilight.compiler import api

    result = api.compile_target(ruleset)
    settings = (result.ir or {}).get("settings") or {}
    return str(settings[registry.LEVEL.name]["default"])
