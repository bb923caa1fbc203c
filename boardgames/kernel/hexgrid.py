"""Hex grids: axial coordinates, board shapes, and compiled topology.

A board's graph is built once with networkx (so games can ask any graph
question while setting up), frozen, and compiled into tuples of ints for the
hot path: neighbours, distances, cells within a range, and bit masks.  No
networkx call is needed inside ``legal_actions`` or ``apply``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import attrs
import networkx as nx

from boardgames.kernel.errors import BoardGameError

__all__ = ["AXIAL_DIRECTIONS", "Hex", "HexGrid", "HexLayout"]

Hex = tuple[int, int]
"""Axial coordinates (q, r) of a hex cell (pointy-top rows of constant r)."""

AXIAL_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@attrs.frozen
class HexLayout:
    """Where a grid's cells sit in a picture: pointy-top hexes of ``radius``.

    ``centres[i]`` is cell ``i``'s centre; ``width`` and ``height`` bound the
    grid with its margins.  Computed once per grid and radius
    (:meth:`HexGrid.layout`), never per picture.
    """

    radius: float
    centres: tuple[tuple[float, float], ...]
    width: float
    height: float


class HexGrid:
    """An immutable set of hex cells with precomputed topology.

    Cells are numbered 0..n-1 in the order given (row by row for
    :meth:`from_rows`), and may carry names (the labels a rulebook or a
    player uses; default ``"q,r"``).

    >>> grid = HexGrid.from_rows((3, 4, 5, 6, 5, 4, 3))
    >>> len(grid), len(grid.outer), grid.neighbours[grid.index((0, 0))]
    (30, 16, (16, 10, 9, 14, 20, 21))
    >>> grid.names[0], grid.named("0,0") == grid.index((0, 0))
    ('0,-3', True)
    >>> layout = grid.layout(10.0)
    >>> [round(v, 1) for v in layout.centres[0]], round(layout.width, 1)
    ([34.6, 10.0], 103.9)
    """

    __slots__ = (
        "_by_name",
        "_index",
        "bit",
        "cells",
        "distance",
        "graph",
        "names",
        "neighbours",
        "outer",
        "vicinity_mask",
    )

    def __init__(self, cells: Iterable[Hex], names: Iterable[str] | None = None) -> None:
        self.cells: tuple[Hex, ...] = tuple(cells)
        if len(set(self.cells)) != len(self.cells):
            raise ValueError("a hex grid cannot hold the same cell twice")
        self.names: tuple[str, ...] = (
            tuple(f"{q},{r}" for q, r in self.cells) if names is None else tuple(names)
        )
        if len(self.names) != len(self.cells) or len(set(self.names)) != len(self.names):
            raise ValueError("a hex grid needs one distinct name per cell")
        self._by_name: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self._index: dict[Hex, int] = {c: i for i, c in enumerate(self.cells)}
        graph = nx.Graph()
        for i, (q, r) in enumerate(self.cells):
            graph.add_node(i, hex=(q, r))
        for i, (q, r) in enumerate(self.cells):
            for dq, dr in AXIAL_DIRECTIONS:
                j = self._index.get((q + dq, r + dr))
                if j is not None:
                    graph.add_edge(i, j)
        self.graph: nx.Graph = nx.freeze(graph)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                self._index[(q + dq, r + dr)]
                for dq, dr in AXIAL_DIRECTIONS
                if (q + dq, r + dr) in self._index
            )
            for q, r in self.cells
        )
        lengths = dict(nx.all_pairs_shortest_path_length(self.graph))
        n = len(self.cells)
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(lengths[i].get(j, -1) for j in range(n)) for i in range(n)
        )
        self.outer: tuple[int, ...] = tuple(
            i for i in range(n) if len(self.neighbours[i]) < len(AXIAL_DIRECTIONS)
        )
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(n))
        self.vicinity_mask: tuple[int, ...] = tuple(
            self.bit[i] | sum(self.bit[j] for j in self.neighbours[i]) for i in range(n)
        )

    @classmethod
    def from_rows(cls, row_lengths: Sequence[int], names: Iterable[str] | None = None) -> HexGrid:
        """A board of horizontal rows, the longest in the middle, each row
        half a hex in from the longer row next to it (the usual 'hexagon of
        rows' shape, e.g. 3-4-5-6-5-4-3)."""
        if not row_lengths or any(n <= 0 for n in row_lengths):
            raise ValueError("row lengths must be positive")
        widest = max(row_lengths)
        middle = row_lengths.index(widest)
        cells: list[Hex] = []
        q_min = q_max = 0
        for r, length in enumerate(row_lengths):
            if r == 0:
                q_min, q_max = 0, length - 1
            elif r <= middle:
                q_min, q_max = q_min - (length - row_lengths[r - 1]), q_max
            else:
                q_min, q_max = q_min, q_max - (row_lengths[r - 1] - length)
            if q_max - q_min + 1 != length:
                raise ValueError(f"row {r} of length {length} does not fit the shape")
            cells.extend((q, r - middle) for q in range(q_min, q_max + 1))
        return cls(cells, names)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, cell: Hex) -> int:
        return self._index[cell]

    def named(self, name: str) -> int:
        """The index of the cell called ``name``; :class:`BoardGameError` naming the valid ones."""
        try:
            return self._by_name[name]
        except KeyError:
            shown = ", ".join(self.names[:12]) + (", ..." if len(self.names) > 12 else "")
            raise BoardGameError(f"no cell {name!r} on this board (cells: {shown})") from None

    def layout(self, radius: float, margin: float = 0.0) -> HexLayout:
        """The cells' centres in a picture of pointy-top hexes of ``radius``,
        shifted so that the grid (plus ``margin`` on every side) starts at 0, 0."""
        width = math.sqrt(3) * radius
        raw = [(width * (q + r / 2), 1.5 * radius * r) for q, r in self.cells]
        left = min(x for x, _ in raw) - width / 2 - margin
        top = min(y for _, y in raw) - radius - margin
        centres = tuple((x - left, y - top) for x, y in raw)
        return HexLayout(
            radius,
            centres,
            max(x for x, _ in centres) + width / 2 + margin,
            max(y for _, y in centres) + radius + margin,
        )

    def within(self, cell: int, radius: int) -> tuple[int, ...]:
        """Cells at distance 0..radius from ``cell``, ascending."""
        row = self.distance[cell]
        return tuple(j for j, d in enumerate(row) if 0 <= d <= radius)

    def mask_of(self, cells: Iterable[int]) -> int:
        mask = 0
        for c in cells:
            mask |= self.bit[c]
        return mask

    @staticmethod
    def cells_of(mask: int) -> tuple[int, ...]:
        """The cell indices whose bits are set in ``mask``, ascending."""
        out: list[int] = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return tuple(out)
