"""Every rule file parses, both rulesets compile clean, and the IR says what the rule books say."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from helpers import RULES, RULESETS, SCHEMA_PATH, describe, errors, rule_files
from twilight.compiler.api import CompileResult, compile_target
from twilight.compiler.diagnostics import Sink
from twilight.compiler.parser import parse_text

RULE_FILES = [p.relative_to(RULES).as_posix() for p in rule_files()]


@cache
def compiled(name: str) -> CompileResult:
    return compile_target(name, use_cache=False)


def ir_of(name: str) -> dict[str, Any]:
    result = compiled(name)
    assert result.ir is not None, f"{name} does not compile:\n{describe(result.diagnostics)}"
    return result.ir


def test_there_are_rule_files() -> None:
    assert len(RULE_FILES) >= 20
    assert "standard/ruleset.tsr" in RULE_FILES
    assert "solo-v2/ruleset.tsr" in RULE_FILES


@pytest.mark.parametrize("rel", RULE_FILES)
def test_rule_file_parses(rel: str) -> None:
    path = RULES / rel
    sink = Sink()
    parsed = parse_text(path.read_text(encoding="utf-8"), rel, sink)
    assert parsed is not None, describe(sink.items)
    assert sink.items == [], describe(sink.items)
    assert parsed.decls, f"{rel} declares nothing"


@pytest.mark.parametrize("name", RULESETS)
def test_ruleset_compiles_clean(name: str) -> None:
    result = compiled(name)
    assert errors(result.diagnostics) == [], describe(result.diagnostics)
    assert result.ok
    assert result.ir is not None
    assert result.target == name
    # every rule file of the ruleset (and of the ones it extends) was read
    wanted = {f"{name}/"} | ({"standard/"} if name != "standard" else set())
    read = {Path(p).as_posix() for p in result.sources}
    for rel in RULE_FILES:
        if any(rel.startswith(w) for w in wanted):
            assert any(r.endswith(rel) for r in read), f"{rel} was not read compiling {name}"


@pytest.mark.parametrize("name", RULESETS)
def test_ir_validates_against_the_schema(name: str) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    problems = [
        f"/{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(ir_of(name))
    ]
    assert problems == []


@pytest.mark.parametrize("name", RULESETS)
def test_map_has_84_countries_and_29_battlegrounds(name: str) -> None:
    countries = ir_of(name)["map"]["countries"]
    assert len(countries) == 84
    battlegrounds = sorted(c for c, v in countries.items() if v["battleground"])
    assert len(battlegrounds) == 29, battlegrounds
    regions = ir_of(name)["map"]["regions"]
    for country, data in countries.items():
        assert data["region"] in regions, country
        assert regions[data["region"]]["parent"] is None, f"{country}: region is a subregion"
        assert 1 <= data["stability"] <= 9
        for sub in data["subregions"]:
            assert regions[sub]["parent"] == data["region"], (country, sub)


@pytest.mark.parametrize("name", RULESETS)
def test_region_sizes(name: str) -> None:
    countries = ir_of(name)["map"]["countries"]
    per_region = Counter(c["region"] for c in countries.values())
    # the deluxe map
    assert per_region == {
        "europe": 21,
        "asia": 15,
        "middle_east": 10,
        "central_america": 10,
        "south_america": 10,
        "africa": 18,
    }
    battlegrounds = Counter(c["region"] for c in countries.values() if c["battleground"])
    assert battlegrounds == {
        "europe": 5,
        "asia": 6,
        "middle_east": 6,
        "central_america": 3,
        "south_america": 4,
        "africa": 5,
    }


@pytest.mark.parametrize("name", RULESETS)
def test_adjacency_is_symmetric(name: str) -> None:
    map_ir = ir_of(name)["map"]
    countries = map_ir["countries"]
    superpowers = {side["superpower"]: side for side in map_ir["sides"].values()}
    assert set(superpowers) == {"usa", "ussr"}
    links = 0
    for country, data in countries.items():
        assert data["adjacent"], f"{country} has no neighbours"
        assert country not in data["adjacent"]
        assert len(set(data["adjacent"])) == len(data["adjacent"]), f"{country} lists a neighbour twice"
        for other in data["adjacent"]:
            links += 1
            if other in superpowers:
                assert country in superpowers[other]["adjacent"], f"{country} -> {other} but not back"
            else:
                assert other in countries, f"{country} -> unknown {other}"
                assert country in countries[other]["adjacent"], f"{country} -> {other} but not back"
    for superpower, side in superpowers.items():
        for country in side["adjacent"]:
            assert superpower in countries[country]["adjacent"], f"{superpower} -> {country} but not back"
    assert links > 84


def test_superpower_neighbours() -> None:
    sides = ir_of("standard")["map"]["sides"]
    assert sides["us"]["superpower"] == "usa"
    assert sorted(sides["us"]["adjacent"]) == ["canada", "cuba", "japan", "mexico"]
    assert sides["ussr"]["superpower"] == "ussr"
    assert sorted(sides["ussr"]["adjacent"]) == ["afghanistan", "finland", "north_korea", "poland", "romania"]


def test_solo_variable_setup_columns_sum_to_6_and_7() -> None:
    table = ir_of("solo-v2")["tables"]["variable_setup"]
    assert table["keys"] == ["side", "country"]
    assert [c["label"] for c in table["columns"]] == ["6-5-4", "3", "2", "1"]
    assert sorted(f for c in table["columns"] for f in c["faces"]) == [1, 2, 3, 4, 5, 6]
    assert table["roll"] is not None
    for col in range(len(table["columns"])):
        ussr = sum(r["cells"][col] for r in table["rows"] if r["keys"][0] == "ussr")
        us = sum(r["cells"][col] for r in table["rows"] if r["keys"][0] == "us")
        assert (ussr, us) == (6, 7), f"column {table['columns'][col]['label']}"
    assert {tuple(t["keys"]): t["total"] for t in table["totals"]} == {("ussr",): 6, ("us",): 7}
    # the seed's example: a roll of 5 (column "6-5-4") gives West Germany 4 to the US
    cells = {tuple(r["keys"]): r["cells"] for r in table["rows"]}
    assert cells[("us", "west_germany")][0] == 4
    assert cells[("ussr", "poland")][0] == 4


def test_solo_ai_influence_placement_options_0_to_9() -> None:
    priority = ir_of("solo-v2")["priorities"]["ai_influence_placement"]
    assert [o["number"] for o in priority["options"]] == list(range(10))
    assert len({o["name"] for o in priority["options"]}) == 10
    assert priority["target"] == {"name": "c", "type": "country"}
    assert priority["final"], "the Region/Country Priority Table breaks the last tie"


def test_solo_chain() -> None:
    ruleset = ir_of("solo-v2")["ruleset"]
    assert ruleset["chain"] == ["standard", "solo-v2"]
    assert ruleset["name"] == "solo-v2"
    assert ruleset["version"] == "2.0"
    standard = ir_of("standard")["ruleset"]
    assert standard["chain"] == ["standard"]
    assert standard["version"] == "1.0"


def test_solo_region_country_priority_lists_every_country_once() -> None:
    ir = ir_of("solo-v2")
    items = ir["orders"]["region_country_priority"]["items"]
    assert len(items) == 84
    assert len(set(items)) == 84
    assert set(items) == set(ir["map"]["countries"])


def test_standard_has_no_solo_parts() -> None:
    ir = ir_of("standard")
    assert ir["priorities"] == {}
    assert ir["appendix"] == {}
    assert "variable_setup" not in ir["tables"]


def test_solo_inherits_standard() -> None:
    standard, solo = ir_of("standard"), ir_of("solo-v2")
    assert set(standard["cards"]) <= set(solo["cards"])
    assert solo["map"]["countries"] == standard["map"]["countries"]
    assert solo["ruleset"]["description"] != standard["ruleset"]["description"]


@pytest.mark.parametrize("name", RULESETS)
def test_cards_are_numbered_uniquely(name: str) -> None:
    cards = ir_of(name)["cards"]
    numbers = [c["number"] for c in cards.values()]
    assert len(numbers) == len(set(numbers))
    assert numbers == sorted(numbers), "cards are emitted in number order"
    for card_name, card in cards.items():
        assert 0 <= card["ops"] <= 4, card_name
        if card["scoring"]:
            assert card["ops"] == 0, card_name


def test_solo_appendix_matches_cards() -> None:
    ir = ir_of("solo-v2")
    assert ir["appendix"], "the solo ruleset has a card appendix"
    for name, entry in ir["appendix"].items():
        assert name in ir["cards"], name
        assert ir["cards"][name]["number"] == entry["number"], name


def test_solo_quickdeal_overrides_only_the_deal() -> None:
    result = compiled("solo-v2-quickdeal")
    assert errors(result.diagnostics) == [], describe(result.diagnostics)
    quick, solo = ir_of("solo-v2-quickdeal"), ir_of("solo-v2")
    assert quick["ruleset"]["chain"] == ["standard", "solo-v2", "solo-v2-quickdeal"]
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft202012Validator(schema).iter_errors(quick)) == []
    assert "solo_deal" in solo["procedures"] and "draft" in solo["procedures"]
    assert quick["procedures"]["solo_deal"] != solo["procedures"]["solo_deal"]
    same = {k: v for k, v in quick["procedures"].items() if k != "solo_deal"}
    assert same == {k: v for k, v in solo["procedures"].items() if k != "solo_deal"}
