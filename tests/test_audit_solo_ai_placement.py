"""The solo AI's influence placement against an independent reading of its sources, on random positions.

The seed (001 · Приоритет Размещения Очков Влияния ИИ, options 0-9 with their 2nd priorities and Reminders
1-3; 000 · Приоритет Действий ИИ: the restart after each point and the ceilings) is written out again here in
plain Python, without the rule files: each AI action round of a random position (a card played for
operations, in a non-scoring or a scoring round) is played by the rules, and every point the AI places by
its placement priority is compared with what this reading picks on the same board: the option, and the
country (the 2nd priority, then the Region/Country table, P4). The readings the data documents are kept:
"to minimal control" is control reachable this action round within the 2-per-country cap (Reminder 1) and
the operations left; option 4 closes at Domination (or Control) with two countries more than yours; the
Secondary region (P3.4) takes the points when the Primary offers none, without options 5, 7 and 9
(Reminder 3); adjacency as at the start of the round (Reminder 2).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from twilight.harness.scenario import Scenario

REGIONS = ("europe", "asia", "middle_east", "central_america", "south_america", "africa")
# Presence, Domination, Control (Europe's control wins the game: worth more than anything).
LEVEL_VP = {
    "europe": (3, 7, 1000),
    "asia": (3, 7, 9),
    "middle_east": (3, 5, 7),
    "central_america": (1, 3, 5),
    "south_america": (2, 5, 6),
    "africa": (1, 4, 6),
}
OPP = {"us": "ussr", "ussr": "us"}
# Cards the AI plays for operations in a non-scoring round of the tests' positions (their appendix entries
# keep the event for other moments or conditions): (side, ops) -> card number.
CARDS = {("ussr", 1): 18, ("ussr", 2): 13, ("ussr", 3): 7, ("us", 1): 18, ("us", 4): 23}


class Board:
    """The map (from the compiled rules) and a position: influence per country and side."""

    def __init__(self, ir: dict[str, Any], inf: dict[str, dict[str, int]], ai: str) -> None:
        self.map = ir["map"]
        self.countries: dict[str, Any] = self.map["countries"]
        self.superpower = {s: v["superpower"] for s, v in self.map["sides"].items()}
        self.rank = {c: i for i, c in enumerate(ir["orders"]["region_country_priority"]["items"])}
        self.inf = {c: dict(v) for c, v in inf.items()}
        self.ai, self.human = ai, OPP[ai]

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.__dict__.update(self.__dict__)
        other.inf = {c: dict(v) for c, v in self.inf.items()}
        return other

    def stab(self, c: str) -> int:
        return int(self.countries[c]["stability"])

    def bg(self, c: str) -> bool:
        return bool(self.countries[c]["battleground"])

    def adj(self, c: str) -> list[str]:
        return [n for n in self.countries[c]["adjacent"] if n in self.countries]

    def by_superpower(self, c: str) -> bool:
        return any(sp in self.countries[c]["adjacent"] for sp in self.superpower.values())

    def in_region(self, c: str, r: str) -> bool:
        return bool(self.countries[c]["region"] == r)

    def next_to_region(self, c: str, r: str) -> bool:
        return not self.in_region(c, r) and any(self.in_region(n, r) for n in self.adj(c))

    def i(self, side: str, c: str) -> int:
        return self.inf.get(c, {}).get(side, 0)

    def margin(self, side: str, c: str) -> int:
        return self.i(side, c) - self.i(OPP[side], c) - self.stab(c)

    def controls(self, side: str, c: str) -> bool:
        return self.i(side, c) > 0 and self.margin(side, c) >= 0

    def to_control(self, side: str, c: str) -> int:
        return max(0, -self.margin(side, c))

    def to_break(self, side: str, c: str) -> int:
        return self.margin(OPP[side], c) + 1 if self.controls(OPP[side], c) else 0

    def level(self, side: str, r: str) -> int:
        """0 none, 1 presence, 2 domination, 3 control."""
        cs = [c for c in self.countries if self.in_region(c, r)]
        mine = [c for c in cs if self.controls(side, c)]
        theirs = [c for c in cs if self.controls(OPP[side], c)]
        bgs = [c for c in cs if self.bg(c)]
        my_bg = [c for c in mine if self.bg(c)]
        their_bg = [c for c in theirs if self.bg(c)]
        if mine and len(my_bg) == len(bgs) and len(mine) > len(theirs):
            return 3
        if len(mine) > len(theirs) and len(my_bg) > len(their_bg) and len(mine) > len(my_bg):
            return 2
        return 1 if mine else 0

    def count(self, side: str, r: str) -> int:
        return sum(1 for c in self.countries if self.in_region(c, r) and self.controls(side, c))

    def score(self, side: str, r: str) -> int:
        level = self.level(side, r)
        vp = (0, *LEVEL_VP[r])[level]
        enemy = self.superpower[OPP[side]]
        for c in self.countries:
            if self.in_region(c, r) and self.controls(side, c):
                vp += int(self.bg(c)) + int(enemy in self.countries[c]["adjacent"])
        return vp

    def net(self, r: str) -> int:
        return self.score(self.ai, r) - self.score(self.human, r)


def seed_pick(
    b: Board, start: Board, region: str, ops: int, placed: dict[str, int], secondary: bool
) -> tuple[int | None, str | None]:
    """The option and country the seed's placement priority gives for the next point."""
    ai, human = b.ai, b.human

    def accessible(c: str) -> bool:  # Reminder 2: as at the start of the round
        return (
            start.i(ai, c) > 0
            or b.superpower[ai] in b.countries[c]["adjacent"]
            or any(start.i(ai, n) > 0 for n in b.adj(c))
        )

    def allowed(c: str) -> int:  # Reminder 1
        return 2 - placed.get(c, 0)

    def reaches(c: str) -> bool:
        cost = b.to_control(ai, c) + b.to_break(ai, c)  # a point costs 2 while you control the country
        return not b.controls(ai, c) and b.to_control(ai, c) <= allowed(c) and cost <= ops

    def breaks(c: str) -> bool:
        return b.controls(human, c) and b.to_break(ai, c) <= allowed(c) and 2 * b.to_break(ai, c) <= ops

    def swing(c: str) -> int:  # option 1: what the point does to the region's score
        after = b.copy()
        d = after.inf.setdefault(c, {})
        if reaches(c):
            d[ai] = d.get(human, 0) + b.stab(c)
        else:
            d[ai] = max(d.get(ai, 0), d.get(human, 0) - b.stab(c) + 1)
        return after.net(region) - b.net(region)

    def gains_level(c: str) -> bool:  # option 0: Domination or Control from this country
        after = b.copy()
        after.inf.setdefault(c, {})[ai] = b.i(human, c) + b.stab(c)
        return after.level(ai, region) >= 2 > b.level(ai, region)

    cost_ok = [
        c
        for c in b.countries
        if accessible(c)
        and (2 if b.controls(human, c) else 1) <= ops
        and b.margin(ai, c) < (1 if b.bg(c) else 0)  # the ceilings
        and allowed(c) > 0
    ]
    inside = [c for c in cost_ok if b.in_region(c, region)]
    near = [c for c in cost_ok if b.in_region(c, region) or b.next_to_region(c, region)]
    key, plain = b.bg, (lambda c: not b.bg(c))
    closer_then_stable: Callable[[str], tuple[int, ...]] = lambda c: (b.to_control(ai, c), -b.stab(c))  # noqa: E731

    def spread(c: str) -> tuple[int, ...]:
        return (-b.by_superpower(c), b.to_control(ai, c), -(b.i(human, c) > 0), -b.stab(c))

    option_4_closed = b.level(ai, region) >= 2 and b.count(ai, region) >= b.count(human, region) + 2
    options: list[tuple[int, list[str], Callable[[str], tuple[int, ...]]]] = [
        (0, [c for c in inside if plain(c) and reaches(c) and gains_level(c)], lambda c: ()),
        (
            1,
            [c for c in inside if key(c) and (reaches(c) or breaks(c))],
            lambda c: (
                -swing(c),
                -b.by_superpower(c),
                b.to_control(ai, c) if reaches(c) else b.to_break(ai, c),
                -b.stab(c),
            ),
        ),
        (
            2,
            [c for c in inside if key(c) and b.controls(ai, c) and b.margin(ai, c) == 0],
            lambda c: (-b.stab(c), -any(b.controls(human, n) for n in b.adj(c))),
        ),
        (3, [c for c in inside if plain(c) and b.by_superpower(c) and reaches(c)], closer_then_stable),
        (
            4,
            [] if option_4_closed else [c for c in inside if plain(c) and reaches(c)],
            lambda c: (b.to_control(ai, c),),
        ),
        (
            5,
            [
                c
                for c in cost_ok
                if key(c)
                and b.next_to_region(c, region)
                and reaches(c)
                and any(b.i(ai, n) > 0 for n in b.adj(c))
            ],
            lambda c: (b.to_control(ai, c),),
        ),
        (6, [c for c in inside if key(c) and b.i(ai, c) > 0 and c not in placed], spread),
        (7, [c for c in near if key(c) and b.i(ai, c) == 0], closer_then_stable),
        (8, [c for c in inside if plain(c) and b.i(ai, c) > 0 and c not in placed], spread),
        (9, [c for c in near if plain(c)], closer_then_stable),
    ]
    for number, candidates, prefer in options:
        if secondary and number in (5, 7, 9):  # Reminder 3
            continue
        if candidates:
            best = min(prefer(c) for c in candidates)
            return number, min((c for c in candidates if prefer(c) == best), key=lambda c: b.rank[c])
    return None, None


def position(
    rng: random.Random, ir: dict[str, Any], ai_weights: list[int], human_weights: list[int]
) -> dict[str, Any]:
    ai = rng.choice(["us", "ussr"])
    ops = rng.choice([o for (s, o) in CARDS if s == ai])
    region = rng.choice(REGIONS)
    secondary = rng.choice([r for r in REGIONS if r != region])
    b = Board(ir, {}, ai)
    near = [c for c in b.countries if b.in_region(c, region) or b.next_to_region(c, region)]
    inf = {
        c: {ai: rng.choice(ai_weights), OPP[ai]: rng.choice(human_weights)}
        for c in rng.sample(near, min(len(near), rng.randint(3, 10)))
    }
    return {
        "ai": ai,
        "ops": ops,
        "region": region,
        "secondary": secondary,
        "inf": inf,
        "scoring": rng.random() < 0.2,
    }


def play(tmp_path: Path, k: int, pos: dict[str, Any]) -> Scenario:
    data = {
        "name": f"random position {k}",
        "ruleset": "solo-v2",
        "options": {"ai_side": pos["ai"]},
        "setup": "empty",
        "state": {
            "turn": 2,
            "action_round": 3,
            "primary_region": pos["region"],
            "secondary_region": pos["secondary"],
            "scoring_round": pos["scoring"],
            "defcon": pos.get("defcon", 5),
            "influence": pos["inf"],
            "hands": {pos["ai"]: [CARDS[(pos["ai"], pos["ops"])]]},
        },
        "steps": [{"ai_action_round": True}],
        "expect": {},
    }
    path = tmp_path / f"position_{k}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    scenario = Scenario(path)
    scenario.load()
    scenario.build(None)
    scenario.run_steps()
    return scenario


def mismatch(scenario: Scenario, pos: dict[str, Any]) -> str | None:
    """Where the AI's placement differs from the seed's reading, or None."""
    assert scenario.engine is not None
    picks = [
        e
        for e in scenario.engine.events
        if e["kind"] == "ai_choice" and e.get("priority") == "ai_influence_placement"
    ]
    b = Board(scenario.ir, pos["inf"], pos["ai"])
    start = b.copy()
    placed: dict[str, int] = {}
    left = pos["ops"]
    k = 0
    while k < len(picks) and left > 0:
        # The Primary region asked first; only when it offers nothing, the Secondary.
        country = None
        for label, region, secondary in (
            ("Primary", pos["region"], False),
            ("Secondary", pos["secondary"], True),
        ):
            if k >= len(picks):
                break
            want = seed_pick(b, start, region, left, placed, secondary=secondary)
            got = (picks[k].get("option"), picks[k].get("target"))
            if got != want:
                return f"point {len(placed)}: {label}: the AI took {got}, the seed {want}"
            k += 1
            country = want[1]
            if country is not None:
                break
        if country is None:
            break
        left -= 2 if b.controls(b.human, country) else 1
        b.inf.setdefault(country, {})[b.ai] = b.i(b.ai, country) + 1
        placed[country] = placed.get(country, 0) + 1
    return None


def compiled_ir(tmp_path: Path) -> dict[str, Any]:
    """solo-v2's compiled rules (the map, the Region/Country table), as a scenario loads them."""
    pos: dict[str, Any] = {
        "ai": "ussr",
        "ops": 1,
        "region": "europe",
        "secondary": "asia",
        "inf": {},
        "scoring": False,
    }
    ir: dict[str, Any] = play(tmp_path, -1, pos).ir
    return ir


@pytest.mark.parametrize(
    ("seed", "ai_weights", "human_weights"),
    [(1, [0, 0, 1, 1, 2, 3, 4], [0, 0, 1, 2, 3, 4]), (2, [0, 0, 0, 1, 1, 2], [0, 0, 0, 0, 1, 2, 5])],
    ids=["crowded", "sparse"],
)
def test_the_ai_places_influence_as_the_seed_reads(
    tmp_path: Path, seed: int, ai_weights: list[int], human_weights: list[int]
) -> None:
    rng = random.Random(seed)
    problems: list[str] = []
    options_seen: set[int] = set()
    ir = compiled_ir(tmp_path)
    for k in range(150):
        pos = position(rng, ir, ai_weights, human_weights)
        scenario = play(tmp_path, k, pos)
        found = mismatch(scenario, pos)
        if found:
            problems.append(f"{pos}: {found}")
        assert scenario.engine is not None
        options_seen |= {
            e.get("option")
            for e in scenario.engine.events
            if e["kind"] == "ai_choice" and e.get("priority") == "ai_influence_placement"
        }
    assert not problems, "\n".join(problems[:5])
    # The positions reach most options (a test that never meets an option proves nothing about it).
    assert {0, 1, 2, 4, 6, 7} <= options_seen, options_seen


# Coups and realignment (001 · Попытки переворота, Броски на Снижение влияния): positions where the AI has
# no influence on the map and neither of its regions touches its superpower, so no influence can be placed
# and the AI goes on to its coup, then its realignment.
FAR = {
    "us": ("middle_east", "south_america", "africa"),
    "ussr": ("central_america", "south_america", "africa"),
}


def open_at(region: str, defcon: int) -> bool:
    """Coups and realignment the DEFCON level allows in the region (Middle East closed at 2)."""
    return not (region == "middle_east" and defcon <= 2)


def seed_coup(b: Board, region: str, ops: int, defcon: int) -> str | None:
    human = b.human
    candidates = [
        c
        for c in b.countries
        if b.in_region(c, region)
        and b.i(human, c) > 0
        and b.stab(c) <= ops
        and b.stab(c) + b.i(human, c) <= 5
        and defcon - int(b.bg(c)) >= 2  # the AI never brings DEFCON to 1 (000 · Ограничения для ИИ-игрока)
        and open_at(region, defcon)
    ]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda c: (
            not b.bg(c),  # Key countries first
            -b.by_superpower(c),
            b.stab(c),
            b.i(human, c),
            -(not any(b.i(b.ai, n) > 0 for n in b.adj(c))),
            b.rank[c],
        ),
    )


def seed_realign(b: Board, region: str, ops: int, defcon: int) -> str | None:
    human = b.human

    def your_modifiers(c: str) -> int:
        return (
            sum(1 for n in b.adj(c) if b.controls(human, n))
            + int(b.i(human, c) > b.i(b.ai, c))
            + int(b.superpower[human] in b.countries[c]["adjacent"])
        )

    candidates = [
        c
        for c in b.countries
        if b.in_region(c, region)
        and 0 < b.i(human, c) <= 3
        and b.i(b.ai, c) == 0
        and b.stab(c) <= ops
        and open_at(region, defcon)
    ]
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda c: (
            not b.bg(c),
            your_modifiers(c),
            -b.by_superpower(c),
            b.stab(c),
            b.i(human, c),
            -(not any(b.i(b.ai, n) > 0 for n in b.adj(c))),
            b.rank[c],
        ),
    )


@pytest.mark.parametrize("seed", [3, 4])
def test_the_ai_coups_then_realigns_as_the_seed_reads(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    ir = compiled_ir(tmp_path)
    problems: list[str] = []
    seen: set[str] = set()
    for k in range(120):
        ai = rng.choice(["us", "ussr"])
        ops = rng.choice([o for (s, o) in CARDS if s == ai])
        region, secondary = rng.sample(FAR[ai], 2)
        b = Board(ir, {}, ai)
        cs = [c for c in b.countries if b.in_region(c, region)]
        inf = {c: {OPP[ai]: rng.choice([1, 1, 2, 3, 4, 5])} for c in rng.sample(cs, rng.randint(1, 5))}
        defcon = rng.choice([2, 2, 3, 4, 5])
        pos = {"ai": ai, "ops": ops, "region": region, "secondary": secondary, "inf": inf, "scoring": False}
        pos["defcon"] = defcon
        scenario = play(tmp_path, k, pos)
        assert scenario.engine is not None
        events = [e for e in scenario.engine.events if e["kind"] == "ai_choice"]
        got = {e["priority"]: e.get("target") for e in reversed(events)}  # each list's first pick
        b = Board(ir, inf, ai)
        coup = seed_coup(b, region, ops, defcon)
        if got.get("ai_influence_placement") is not None:
            problems.append(f"{pos}: the AI placed influence in {got['ai_influence_placement']}")
        elif got.get("ai_coup_target") != coup:
            problems.append(f"{pos}: coup in {got.get('ai_coup_target')}, the seed {coup}")
        elif coup is None and got.get("ai_realign_target") != (
            realign := seed_realign(b, region, ops, defcon)
        ):
            problems.append(f"{pos}: realignment in {got.get('ai_realign_target')}, the seed {realign}")
        seen |= {p for p, t in got.items() if t is not None}
    assert not problems, "\n".join(problems[:5])
    assert {"ai_coup_target", "ai_realign_target"} <= seen, seen
