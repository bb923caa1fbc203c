"""Game End and Scoring: the five pledge bonuses, then the colonies.

The parts are computed in the rulebook's order (Saplenti and Wargers, The
Hive, Humanoids, Crystalloids, colonies) and returned as a table so that the
command line and notebooks can show the breakdown.  Every part is a sum over
sectors of what one sector's systems decide (:func:`sector_record`), so a
board's counts are its sectors' records added up (:func:`sector_sum`).
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import GEOMETRY, Layout, Species, positions_in
from boardgames.games.galaxys_edge.state import BASE_CODE

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import GalaxysEdgeState

__all__ = [
    "BASES",
    "COLONIES",
    "HIVE",
    "HIVE_BONUS",
    "HUMANOIDS",
    "HUMANOIDS_BONUS",
    "ONES",
    "RECORDS_KEPT",
    "SCORING_ORDER",
    "TOTALS_KEPT",
    "colony_points",
    "crystalloids_bonus",
    "hive_bonus",
    "humanoids_bonus",
    "pledge_bonuses",
    "saplenti_bonus",
    "score_table",
    "score_totals",
    "sector_record",
    "sector_sum",
    "totals_of",
    "wargers_bonus",
]

HIVE_BONUS = {2: 2, 3: 5, 4: 9}
"""The Hive: points per sector with 2, 3 or 4 of your colonies."""

HUMANOIDS_BONUS = {1: 2, 2: 5, 3: 9}
"""Humanoids: points per sector shared with 1, 2 or 3 other players' colonies."""


# -- one record per sector ---------------------------------------------------------------
#
# Every scoring rule is a sum over sectors of something a sector's own systems
# decide (Saplenti and Wargers compare sums of bases).  So each sector's
# contents are counted once into a record, and a position's counts are the sum
# of its occupied sectors' records.  A record packs, for every player, five
# counts of 16 bits each into one int (part ``k`` of player ``i`` at bit
# ``16 * (k * players + i)``), so summing the sectors is one addition each.

_BITS = 16
_MASK = (1 << _BITS) - 1
COLONIES, ONES, BASES, HIVE, HUMANOIDS = range(5)
"""The parts of a sector's record, per player: the values of their colonized
systems, their colonies on value-1 systems, their bases, and the bonuses of
The Hive and of Humanoids they would score there as the pledge's holder."""

_WORDS = struct.Struct(f"<{GEOMETRY.size}I").unpack
"""A board's installations (``state.occupant``) as one int per sector (its four slots)."""

RECORDS_KEPT = 4096
"""The most sector records a layout keeps per position; they start over when full."""


def sector_record(layout: Layout, occupant: bytes, position: int, players: int) -> int:
    """The packed counts of the sector at ``position`` (see :data:`COLONIES`)."""
    value = layout.value
    row = [0] * players
    ones = [0] * players
    bases = [0] * players
    points = [0] * players
    for loc in layout.systems[position]:
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
    parts = (
        points,
        ones,
        bases,
        [hive_bonus(row, p) for p in range(players)],
        [humanoids_bonus(row, p) for p in range(players)],
    )
    record = 0
    for k, counts in enumerate(parts):
        for p, count in enumerate(counts):
            record |= count << _BITS * (k * players + p)
    return record


def sector_sum(state: GalaxysEdgeState) -> int:
    """The sum of the records of every occupied sector (empty ones count nothing).

    Records are remembered on the layout, per player count and position, by
    the sector's contents: a search builds on a few dozen sectors a game.
    """
    layout = state.layout
    players = state.game.players
    records = layout.records.get(players)
    if records is None:
        records = layout.records[players] = tuple({} for _ in range(GEOMETRY.size))
    words = _WORDS(state.occupant)
    occupied = 0
    for mask in state.presence:
        occupied |= mask
    total = 0
    for position in positions_in(occupied):
        try:
            total += records[position][words[position]]
        except KeyError:  # these contents not seen there yet
            known = records[position]
            if len(known) >= RECORDS_KEPT:
                known.clear()
            record = known[words[position]] = sector_record(layout, state.occupant, position, players)
            total += record
    return total


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


def hive_bonus(row: list[int], player: int) -> int:
    """The Hive: 2, 5 or 9 points for a sector with 2, 3 or 4 of your colonies
    (``row``: the sector's colonies per player)."""
    return HIVE_BONUS.get(row[player], 0)


def humanoids_bonus(row: list[int], player: int) -> int:
    """Humanoids: 2, 5 or 9 points for a sector where you and 1, 2 or 3 other
    players have colonies (bases do not count)."""
    if not row[player]:
        return 0
    return HUMANOIDS_BONUS.get(len(row) - row.count(0) - 1, 0)


def crystalloids_bonus(ones: int) -> int:
    """Crystalloids: 5 points for each of your colonies on a value-1 system
    (``ones`` of them; a base on one earns nothing)."""
    return 5 * ones


def colony_points(counts: int, players: int) -> list[int]:
    """Step 5: the values of each player's colonized systems (bases earn
    nothing), from the sum of records ``counts`` (see :func:`sector_sum`)."""
    return [counts >> _BITS * p & _MASK for p in range(players)]  # COLONIES is part 0


SCORING_ORDER = (Species.SAPLENTI, Species.WARGERS, Species.THE_HIVE, Species.HUMANOIDS, Species.CRYSTALLOIDS)
"""The pledge bonuses in the rulebook's scoring order (colonies come last)."""


_UNPACKED = (Species.CRYSTALLOIDS, Species.THE_HIVE, Species.HUMANOIDS, Species.SAPLENTI, Species.WARGERS)
if tuple(Species) != _UNPACKED:
    raise RuntimeError("pledge_bonuses unpacks the pledges in the order of Species")


def pledge_bonuses(counts: int, pledges: tuple[int, ...], players: int) -> tuple[int, int, int, int, int]:
    """Each pledge's bonus for its holder, by species (0 for a pledge nobody
    holds), from the sum of records ``counts`` (see :func:`sector_sum`)."""
    crystalloids, hive, humanoids, saplenti, wargers = pledges
    width = _BITS * players  # of one part: every player's count
    if saplenti >= 0 or wargers >= 0:
        at = width * BASES
        bases = [counts >> at + _BITS * p & _MASK for p in range(players)]
        saplenti = saplenti_bonus(bases, saplenti) if saplenti >= 0 else 0
        wargers = wargers_bonus(bases, wargers) if wargers >= 0 else 0
    else:
        saplenti = wargers = 0
    return (
        crystalloids_bonus(counts >> width * ONES + _BITS * crystalloids & _MASK) if crystalloids >= 0 else 0,
        counts >> width * HIVE + _BITS * hive & _MASK if hive >= 0 else 0,
        counts >> width * HUMANOIDS + _BITS * humanoids & _MASK if humanoids >= 0 else 0,
        saplenti,
        wargers,
    )


def score_table(state: GalaxysEdgeState) -> dict[str, tuple[int, ...]]:
    """Every part of every player's score, in the rulebook's scoring order.

    Pledge bonuses go to the pledge's holder; the table has one row per
    pledge and one for colonies, one column per player.
    """
    players = state.game.players
    counts = sector_sum(state)
    bonuses = pledge_bonuses(counts, state.pledges, players)
    table: dict[str, tuple[int, ...]] = {}
    for species in SCORING_ORDER:
        holder = state.pledges[species]
        table[species.title] = tuple(bonuses[species] if p == holder else 0 for p in range(players))
    table["colonies"] = tuple(colony_points(counts, players))
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
    The totals of a new board are remembered by its summed records too: of the
    boards a search builds, several share one count (about 300 counts for 2,000
    boards in the search benchmark), so the bonuses are worked out once each.
    """
    layout = state.layout
    memo = layout.totals
    players = state.game.players
    pledges = state.pledges
    key = (players, state.occupant, pledges)
    totals = memo.get(key)
    if totals is None:
        counts = sector_sum(state)
        counted = layout.counted
        by_counts = (players, counts, pledges)
        totals = counted.get(by_counts)
        if totals is None:
            found = colony_points(counts, players)
            for holder, bonus in zip(pledges, pledge_bonuses(counts, pledges, players)):
                if holder >= 0:
                    found[holder] += bonus
            if len(counted) >= TOTALS_KEPT:
                counted.clear()
            totals = counted[by_counts] = tuple(found)
        if len(memo) >= TOTALS_KEPT:
            memo.clear()
        memo[key] = totals
    return totals


TOTALS_KEPT = 4096
"""The most totals a layout remembers in each memo; a memo starts over when full."""
