"""The PettingZoo environment as PettingZoo's own tests meet it: rendering (its `render_test` makes the
environment with render_mode "human" first) and the same game again from the same seed."""

from __future__ import annotations

import functools

import pytest

pettingzoo_test = pytest.importorskip("pettingzoo.test")

from twilight.api.aec import TwilightEnv  # noqa: E402


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_pettingzoos_render_test(ruleset: str) -> None:
    pettingzoo_test.render_test(functools.partial(TwilightEnv, ruleset))


def test_human_rendering_prints_the_state(capsys: pytest.CaptureFixture[str]) -> None:
    env = TwilightEnv("standard", render_mode="human")
    env.reset(seed=3)
    assert env.render() is None
    printed = capsys.readouterr().out
    assert printed == f"{env.state_now}\n" and "answers" in printed


@pytest.mark.parametrize("ruleset", ["solo-v2", "standard"])
def test_pettingzoos_seed_test(ruleset: str) -> None:
    pettingzoo_test.seed_test(functools.partial(TwilightEnv, ruleset), num_cycles=30)
