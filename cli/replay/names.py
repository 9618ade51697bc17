"""Our card, country and region names, read from the ruleset's English Fluent files, for the log reader
(with the edition's other names of cli/replay/standard.yaml)."""

from __future__ import annotations

from typing import Any

from twilight.cli.localizer import Localizer
from twilight.cli.replay.ids import standard_ids
from twilight.cli.replay.log import Names


class RulesetBroken(Exception):
    pass


def compiled(ruleset: str = "standard") -> tuple[dict[str, Any], Any]:
    """The ruleset's IR and its program, as `twilight play` builds them (the compile cache kept)."""
    from twilight.common.cachedir import cache_dir
    from twilight.compiler import api
    from twilight.runtime.game import build_program

    result = api.compile_target(ruleset)
    if result.ir is None or not result.ok:
        raise RulesetBroken(ruleset)
    return result.ir, build_program(result.ir, code_cache=cache_dir())


def ruleset_names(ir: dict[str, Any], ruleset: str = "standard") -> Names:
    english = Localizer.for_ruleset(ruleset, "en")
    cards = {cid: english.card(cid) for cid in ir["cards"]}
    countries = {cid: english.country(cid) for cid in ir["map"]["countries"]}
    ids = standard_ids()
    return Names(cards, countries, ids.card_aliases, ids.country_aliases)


def region_names(ir: dict[str, Any], ruleset: str = "standard") -> dict[str, str]:
    """The log's region names (our English names) to our region ids."""
    english = Localizer.for_ruleset(ruleset, "en")
    return {english.region(rid): rid for rid in ir["map"]["regions"]}
