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
