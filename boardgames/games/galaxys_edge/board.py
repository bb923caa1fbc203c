"""The board: 30 sectors in rows of 3-4-5-6-5-4-3, and the tiles laid on it.

Sectors are board positions numbered row by row from the top; a position's
name is its row letter and column ("D1" is the left end of the central row
of 6).  A system is a position and a slot, "D1a" to "D1d".  The shape's
topology (neighbours, vicinity masks, outer sectors) is the same in every
game and lives on the :class:`Geometry`; which tile lies where is decided at
setup and compiled into a :class:`Layout`, cached on the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.games.galaxys_edge.components import ComponentSet, Species
from boardgames.kernel.hexgrid import HexGrid

__all__ = ["GEOMETRY", "ROWS", "SLOTS", "Geometry", "Layout"]

ROWS: tuple[int, ...] = (3, 4, 5, 6, 5, 4, 3)
"""Sectors per row, top to bottom: a central row of 6, shorter rows above and below."""

SLOTS = 4
"""System slots per sector (a sector holds up to four systems)."""

_ROW_LETTERS = "ABCDEFG"


class Geometry:
    """The fixed shape of the board, compiled to tuples and bit masks."""

    __slots__ = ("bit", "by_name", "grid", "names", "neighbours", "outer", "outer_mask", "size", "vicinity")

    def __init__(self) -> None:
        self.grid = HexGrid.from_rows(ROWS)
        names: list[str] = []
        for row, length in enumerate(ROWS):
            names.extend(f"{_ROW_LETTERS[row]}{col + 1}" for col in range(length))
        self.names: tuple[str, ...] = tuple(names)
        self.by_name: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.size = len(self.grid)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in self.grid.neighbours)
        self.vicinity: tuple[int, ...] = self.grid.vicinity_mask
        self.outer: tuple[int, ...] = self.grid.outer
        self.outer_mask: int = self.grid.mask_of(self.outer)
        self.bit: tuple[int, ...] = self.grid.bit

    def system_name(self, location: int) -> str:
        return f"{self.names[location // SLOTS]}{'abcd'[location % SLOTS]}"


GEOMETRY = Geometry()


_LOCATIONS = tuple(
    tuple(tuple(range(p * SLOTS, p * SLOTS + n)) for n in range(SLOTS + 1)) for p in range(GEOMETRY.size)
)
_PADDING = tuple((0,) * n for n in range(SLOTS + 1))


class Layout:
    """Which tile lies on each position, compiled for the rules.

    Locations are ``position * SLOTS + slot``; a location exists when the
    tile on that position has a system in that slot.
    """

    __slots__ = ("_key", "open_mask", "species", "species_mask", "systems", "tiles", "totals", "value")

    def __init__(self, components: ComponentSet, tiles: Sequence[int]) -> None:
        self.tiles: tuple[int, ...] = tuple(tiles)
        records = [components.tiles[t] for t in self.tiles]
        self.species: tuple[Species, ...] = tuple([r.species for r in records])
        systems: list[tuple[int, ...]] = []
        value: list[int] = []
        masks = [0] * 5
        open_mask = 0
        for position, record in enumerate(records):
            count = len(record.systems)
            systems.append(_LOCATIONS[position][count])
            value.extend(record.systems)
            value.extend(_PADDING[SLOTS - count])
            masks[record.species] |= 1 << position
            if count:
                open_mask |= 1 << position
        self.systems: tuple[tuple[int, ...], ...] = tuple(systems)
        self.value: tuple[int, ...] = tuple(value)
        self.species_mask: tuple[int, ...] = tuple(masks)
        self.open_mask: int = open_mask
        """The positions with at least one system (all open on an empty board)."""
        self._key = self.tiles
        self.totals: dict[tuple[int, tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        """Score totals already counted on this layout (``scoring.score_totals``),
        by players, installations and pledges; the only mutable thing here."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Layout({list(self.tiles)})"
