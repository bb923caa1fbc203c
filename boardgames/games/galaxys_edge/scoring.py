"""Game End and Scoring: the five pledge bonuses, then the colonies.

The parts are computed in the rulebook's order (Saplenti and Wargers, The
Hive, Humanoids, Crystalloids, colonies) and returned as a table so that the
command line and notebooks can show the breakdown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import Species, positions_in
from boardgames.games.galaxys_edge.state import BASE_CODE

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import GalaxysEdgeState

__all__ = [
    "HIVE_BONUS",
    "HUMANOIDS_BONUS",
    "SCORING_ORDER",
    "TOTALS_KEPT",
    "colony_points",
    "crystalloids_bonus",
    "hive_bonus",
    "humanoids_bonus",
    "saplenti_bonus",
    "score_table",
    "score_totals",
    "totals_of",
    "wargers_bonus",
]

HIVE_BONUS = {2: 2, 3: 5, 4: 9}
"""The Hive: points per sector with 2, 3 or 4 of your colonies."""

HUMANOIDS_BONUS = {1: 2, 2: 5, 3: 9}
"""Humanoids: points per sector shared with 1, 2 or 3 other players' colonies."""


class _Tally:
    """One pass over the occupied sectors: what every scoring rule counts.

    ``counts`` has one row (colonies per player) per sector holding an
    installation; empty sectors score nothing for any rule, so they are skipped.
    """

    __slots__ = ("bases", "counts", "ones", "points")

    def __init__(self, state: GalaxysEdgeState) -> None:
        players = state.game.players
        bases = self.bases = [0] * players
        points = self.points = [0] * players
        ones = self.ones = [0] * players
        counts: list[list[int]] = []
        self.counts = counts
        value = state.layout.value
        occupant = state.occupant
        systems = state.layout.systems
        occupied = 0
        for mask in state.presence:
            occupied |= mask
        for position in positions_in(occupied):
            row = [0] * players
            for loc in systems[position]:
                code = occupant[loc]
                if not code:
                    continue
                if code < BASE_CODE:
                    owner = code - 1
                    row[owner] += 1
                    worth = value[loc]
                    points[owner] += worth
                    if worth == 1:
                        ones[owner] += 1
                else:
                    bases[(code - BASE_CODE) // 3] += 1
            counts.append(row)


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
    total = 0
    for row in counts:
        if row[player] > 1:
            total += HIVE_BONUS.get(row[player], 0)
    return total


def humanoids_bonus(counts: list[list[int]], player: int) -> int:
    """Humanoids: 2, 5 or 9 points for each sector where you and 1, 2 or 3 other
    players have colonies (bases do not count)."""
    total = 0
    for row in counts:
        if row[player]:
            others = len(row) - row.count(0) - 1
            total += HUMANOIDS_BONUS.get(others, 0)
    return total


def crystalloids_bonus(state: GalaxysEdgeState, player: int) -> int:
    """Crystalloids: 5 points for each of your colonies on a value-1 system."""
    return 5 * _Tally(state).ones[player]


def colony_points(state: GalaxysEdgeState) -> list[int]:
    """Step 5: the values of each player's colonized systems (bases earn nothing)."""
    return _Tally(state).points


SCORING_ORDER = (Species.SAPLENTI, Species.WARGERS, Species.THE_HIVE, Species.HUMANOIDS, Species.CRYSTALLOIDS)
"""The pledge bonuses in the rulebook's scoring order (colonies come last)."""


def _pledge_bonus(species: int, tally: _Tally, holder: int) -> int:
    """The bonus of ``species``'s pledge for its holder."""
    if species == Species.SAPLENTI:
        return saplenti_bonus(tally.bases, holder)
    if species == Species.WARGERS:
        return wargers_bonus(tally.bases, holder)
    if species == Species.THE_HIVE:
        return hive_bonus(tally.counts, holder)
    if species == Species.HUMANOIDS:
        return humanoids_bonus(tally.counts, holder)
    return 5 * tally.ones[holder]


def score_table(state: GalaxysEdgeState) -> dict[str, tuple[int, ...]]:
    """Every part of every player's score, in the rulebook's scoring order.

    Pledge bonuses go to the pledge's holder; the table has one row per
    pledge and one for colonies, one column per player.
    """
    players = state.game.players
    tally = _Tally(state)
    table: dict[str, tuple[int, ...]] = {}
    for species in SCORING_ORDER:
        holder = state.pledges[species]
        points = _pledge_bonus(species, tally, holder) if holder >= 0 else 0
        table[species.title] = tuple(points if p == holder else 0 for p in range(players))
    table["colonies"] = tuple(tally.points)
    return table


def score_totals(state: GalaxysEdgeState) -> list[int]:
    """Each player's total: the sum of :func:`score_table`'s column, in one pass
    and without building the table (see :func:`totals_of`)."""
    return list(totals_of(state))


def totals_of(state: GalaxysEdgeState) -> tuple[int, ...]:
    """:func:`score_totals` as the remembered tuple itself (not to be changed):
    the heuristic reads it on the search's hot path.

    Totals are remembered on the layout by everything else they depend on: a
    search values many positions that differ only in flagships, cards or the
    die (about three in four of its calls), so this saves it most of the tallying.
    """
    memo = state.layout.totals
    key = (state.game.players, state.occupant, state.pledges)
    totals = memo.get(key)
    if totals is None:
        tally = _Tally(state)
        found = list(tally.points)
        for species, holder in enumerate(state.pledges):
            if holder >= 0:
                found[holder] += _pledge_bonus(species, tally, holder)
        if len(memo) >= TOTALS_KEPT:
            memo.clear()
        totals = memo[key] = tuple(found)
    return totals


TOTALS_KEPT = 4096
"""The most totals a layout remembers; its memo starts over when full."""
