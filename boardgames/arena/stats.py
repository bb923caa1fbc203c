"""Statistics for tournaments: Wilson intervals and Bradley-Terry ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["bradley_terry", "wilson_interval"]

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    Ties count as fractional successes.  With no trials the interval is [0, 1].

    >>> low, high = wilson_interval(95, 100)
    >>> round(low, 3), round(high, 3)
    (0.888, 0.978)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / trials))
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    n: int, results: Sequence[tuple[int, int, float]], prior: float = 0.5, iterations: int = 500
) -> tuple[float, ...]:
    """Bradley-Terry ratings on the Elo scale (mean 1500) from pairwise results.

    ``results`` holds ``(i, j, s)``: one comparison of ``i`` with ``j`` in which
    ``i`` scored ``s`` (1 win, 0.5 tie, 0 loss).  ``prior`` adds that many
    virtual ties between every pair that met, so unbeaten players get finite
    ratings.  Solved with the minorization-maximization iteration of Hunter (2004).
    A rating difference d means an expected score of 1 / (1 + 10 ** (-d / 400)).

    >>> a, b = bradley_terry(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)])
    >>> round(a - b)
    147
    """
    wins = [0.0] * n
    games = [[0.0] * n for _ in range(n)]
    for i, j, s in results:
        wins[i] += s
        wins[j] += 1.0 - s
        games[i][j] += 1.0
        games[j][i] += 1.0
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j] > 0:
                games[i][j] += 2 * prior
                wins[i] += prior
    strength = [1.0] * n
    for _ in range(iterations):
        changed = 0.0
        updated = []
        for i in range(n):
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            updated.append(wins[i] / denominator if denominator > 0 and wins[i] > 0 else strength[i])
        mean_log = sum(math.log(s) for s in updated) / n if n else 0.0
        updated = [s / math.exp(mean_log) for s in updated]
        changed = max((abs(a - b) for a, b in zip(updated, strength, strict=True)), default=0.0)
        strength = updated
        if changed < 1e-10:
            break
    return tuple(1500.0 + 400.0 * math.log10(s) for s in strength)
