"""The keys of a balance run's cells: the two settings of a game against the AI that a run varies, named
as the runtime's contract names them (runtime/core/registry.py: LEVEL, AI_SIDE), so that a report's JSON
and the games' settings use one name each."""

from __future__ import annotations

from twilight.runtime.core import registry

LEVEL: str = registry.LEVEL.name
AI_SIDE: str = registry.AI_SIDE.name
