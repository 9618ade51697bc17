"""The statistics of a balance report: Wilson intervals and two-sample tests (normal approximations,
written out here: a few lines of arithmetic, not worth a dependency on scipy)."""

from __future__ import annotations

import math
from typing import Any

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval
ALPHA = 0.05
PROPORTION_TEST = "two-proportion z-test (pooled, two-sided), significant when p < 0.05"
MEAN_TEST = "Welch's z-test of two means (normal approximation, two-sided), significant when p < 0.05"


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions(k_a: int, n_a: int, k_b: int, n_b: int) -> dict[str, Any]:
    """B's proportion against A's: the difference b - a, z and p of the pooled two-proportion test."""
    if n_a == 0 or n_b == 0:
        return {"a": None, "b": None, "difference": None, "z": None, "p": None, "significant": False}
    p_a, p_b = k_a / n_a, k_b / n_b
    pooled = (k_a + k_b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    z = 0.0 if spread == 0 else (p_b - p_a) / spread
    p = 1.0 if spread == 0 else _two_sided_p(z)
    return {
        "a": round(p_a, 4),
        "b": round(p_b, 4),
        "difference": round(p_b - p_a, 4),
        "z": round(z, 3),
        "p": round(p, 5),
        "significant": p < ALPHA,
    }


def two_means(a: list[float], b: list[float]) -> dict[str, Any]:
    """B's mean against A's: the difference, z and p of Welch's test (normal approximation)."""
    if len(a) < 2 or len(b) < 2:
        return {"a": None, "b": None, "difference": None, "z": None, "p": None, "significant": False}
    m_a, m_b = sum(a) / len(a), sum(b) / len(b)
    v_a = sum((x - m_a) ** 2 for x in a) / (len(a) - 1)
    v_b = sum((x - m_b) ** 2 for x in b) / (len(b) - 1)
    spread = math.sqrt(v_a / len(a) + v_b / len(b))
    z = 0.0 if spread == 0 else (m_b - m_a) / spread
    p = (1.0 if m_a == m_b else 0.0) if spread == 0 else _two_sided_p(z)
    return {
        "a": round(m_a, 3),
        "b": round(m_b, 3),
        "difference": round(m_b - m_a, 3),
        "z": round(z, 3),
        "p": round(p, 5),
        "significant": p < ALPHA,
    }


Z80 = 0.8416212335729143  # the normal quantile of a power of 80%


def mcnemar(only_a: int, only_b: int, pairs: int) -> dict[str, Any]:
    """Paired proportions: the share of pairs that B wins and A does not, less the reverse; the 95%
    interval of that difference (Wald, paired) and McNemar's exact two-sided p (a binomial test of the
    discordant pairs: only they tell the two apart)."""
    discordant = only_a + only_b
    if pairs == 0:
        return {"difference": None, "interval": None, "discordant": 0, "p": None, "significant": False}
    difference = (only_b - only_a) / pairs
    spread = math.sqrt(max(0.0, discordant - (only_b - only_a) ** 2 / pairs)) / pairs
    k = min(only_a, only_b)
    tail = sum(math.comb(discordant, i) for i in range(k + 1)) / 2**discordant if discordant else 1.0
    p = min(1.0, 2 * tail)
    return {
        "difference": round(difference, 4),
        "interval": [round(difference - Z95 * spread, 4), round(difference + Z95 * spread, 4)],
        "discordant": discordant,
        "p": round(p, 5),
        "significant": p < ALPHA,
    }


def paired_means(differences: list[float]) -> dict[str, Any]:
    """The mean of paired differences (B - A), its 95% interval and the two-sided p of its z-test."""
    n = len(differences)
    if n < 2:
        return {"difference": None, "interval": None, "p": None, "significant": False}
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    spread = math.sqrt(variance / n)
    p = (1.0 if mean == 0 else 0.0) if spread == 0 else _two_sided_p(mean / spread)
    return {
        "difference": round(mean, 3),
        "interval": [round(mean - Z95 * spread, 3), round(mean + Z95 * spread, 3)],
        "p": round(p, 5),
        "significant": p < ALPHA,
    }


def games_for_difference(rate: float, difference: float) -> int:
    """Games a cell needs, per ruleset, for a change of `difference` in a win share near `rate` to show
    (two-sided 5% test, 80% power, two independent samples: a paired run needs at most as many)."""
    p1 = min(max(rate, 0.0), 1.0)
    p2 = p1 + difference if p1 + difference <= 1 else max(p1 - difference, 0.0)  # (the way there is room)
    mean = (p1 + p2) / 2
    delta = abs(p2 - p1)
    if delta == 0:
        return 0
    root = Z95 * math.sqrt(2 * mean * (1 - mean)) + Z80 * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(root * root / (delta * delta))


def pairs_for_difference(discordant_share: float, difference: float) -> int:
    """Pairs a paired comparison needs for a difference of `difference` in the win share to show (McNemar,
    two-sided 5%, 80% power), given the share of pairs whose winner differs (Connor's approximation)."""
    psi = max(discordant_share, abs(difference))
    if difference == 0 or psi == 0:
        return 0
    root = Z95 * math.sqrt(psi) + Z80 * math.sqrt(max(0.0, psi - difference * difference))
    return math.ceil(root * root / (difference * difference))
