"""Game End and Scoring: the five pledge bonuses, then the colonies.

The parts are computed in the rulebook's order (Saplenti and Wargers, The
Hive, Humanoids, Crystalloids, colonies) and returned as a table so that the
command line and notebooks can show the breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.board import GEOMETRY
from boardgames.games.galaxys_edge.components import Species
from boardgames.games.galaxys_edge.state import BASE_CODE

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import GalaxysEdgeState

__all__ = [
    "HIVE_BONUS",
    "HUMANOIDS_BONUS",
    "colony_points",
    "crystalloids_bonus",
    "hive_bonus",
    "humanoids_bonus",
    "saplenti_bonus",
    "score_table",
    "wargers_bonus",
]

HIVE_BONUS = {2: 2, 3: 5, 4: 9}
"""The Hive: points per sector with 2, 3 or 4 of your colonies."""

HUMANOIDS_BONUS = {1: 2, 2: 5, 3: 9}
"""Humanoids: points per sector shared with 1, 2 or 3 other players' colonies."""


class _Tally:
    """One pass over the board: what every scoring rule counts."""

    __slots__ = ("bases", "counts", "ones", "points")

    def __init__(self, state: GalaxysEdgeState) -> None:
        players = state.game.players
        self.bases = [0] * players
        self.points = [0] * players
        self.ones = [0] * players
        self.counts = [[0] * players for _ in range(GEOMETRY.size)]
        value = state.layout.value
        occupant = state.occupant
        for position, locations in enumerate(state.layout.systems):
            row = self.counts[position]
            for loc in locations:
                code = occupant[loc]
                if not code:
                    continue
                if code < BASE_CODE:
                    owner = code - 1
                    row[owner] += 1
                    self.points[owner] += value[loc]
                    if value[loc] == 1:
                        self.ones[owner] += 1
                else:
                    self.bases[(code - BASE_CODE) // 3] += 1


def saplenti_bonus(bases: list[int], player: int) -> int:
    """Saplenti: 15 as the single player with the fewest bases, 8 if tied for fewest."""
    fewest = min(bases)
    if bases[player] != fewest:
        return 0
    return 15 if bases.count(fewest) == 1 else 8


def wargers_bonus(bases: list[int], player: int) -> int:
    """Wargers: 15 as the single player with the most bases, 8 if tied for most."""
    most = max(bases)
    if bases[player] != most:
        return 0
    return 15 if bases.count(most) == 1 else 8


def hive_bonus(counts: list[list[int]], player: int) -> int:
    """The Hive: 2, 5 or 9 points for each sector with 2, 3 or 4 of your colonies."""
    return sum(HIVE_BONUS.get(row[player], 0) for row in counts)


def humanoids_bonus(counts: list[list[int]], player: int) -> int:
    """Humanoids: 2, 5 or 9 points for each sector where you and 1, 2 or 3 other
    players have colonies (bases do not count)."""
    total = 0
    for row in counts:
        if row[player]:
            others = sum(1 for q, n in enumerate(row) if q != player and n)
            total += HUMANOIDS_BONUS.get(others, 0)
    return total


def crystalloids_bonus(state: GalaxysEdgeState, player: int) -> int:
    """Crystalloids: 5 points for each of your colonies on a value-1 system."""
    return 5 * _Tally(state).ones[player]


def colony_points(state: GalaxysEdgeState) -> list[int]:
    """Step 5: the values of each player's colonized systems (bases earn nothing)."""
    return _Tally(state).points


def score_table(state: GalaxysEdgeState) -> dict[str, tuple[int, ...]]:
    """Every part of every player's score, in the rulebook's scoring order.

    Pledge bonuses go to the pledge's holder; the table has one row per
    pledge and one for colonies, one column per player.
    """
    players = state.game.players
    tally = _Tally(state)
    bonus = {
        Species.SAPLENTI: lambda h: saplenti_bonus(tally.bases, h),
        Species.WARGERS: lambda h: wargers_bonus(tally.bases, h),
        Species.THE_HIVE: lambda h: hive_bonus(tally.counts, h),
        Species.HUMANOIDS: lambda h: humanoids_bonus(tally.counts, h),
        Species.CRYSTALLOIDS: lambda h: 5 * tally.ones[h],
    }
    table: dict[str, tuple[int, ...]] = {}
    for species in bonus:  # the rulebook's scoring order
        holder = state.pledges[species]
        points = bonus[species](holder) if holder >= 0 else 0
        table[species.title] = tuple(points if p == holder else 0 for p in range(players))
    table["colonies"] = tuple(tally.points)
    return table
