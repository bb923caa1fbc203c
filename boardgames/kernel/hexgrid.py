"""Hex grids: axial coordinates, board shapes, and compiled topology.

A board's graph is built once with networkx (so games can ask any graph
question while setting up), frozen, and compiled into tuples of ints for the
hot path: neighbours, distances, cells within a range, and bit masks.  No
networkx call is needed inside ``legal_actions`` or ``apply``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx

__all__ = ["AXIAL_DIRECTIONS", "Hex", "HexGrid"]

Hex = tuple[int, int]
"""Axial coordinates (q, r) of a hex cell (pointy-top rows of constant r)."""

AXIAL_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class HexGrid:
    """An immutable set of hex cells with precomputed topology.

    Cells are numbered 0..n-1 in the order given (row by row for
    :meth:`from_rows`).

    >>> grid = HexGrid.from_rows((3, 4, 5, 6, 5, 4, 3))
    >>> len(grid), len(grid.outer), grid.neighbours[grid.index((0, 0))]
    (30, 16, (16, 10, 9, 14, 20, 21))
    """

    __slots__ = (
        "_index",
        "bit",
        "cells",
        "distance",
        "graph",
        "neighbours",
        "outer",
        "vicinity_mask",
    )

    def __init__(self, cells: Iterable[Hex]) -> None:
        self.cells: tuple[Hex, ...] = tuple(cells)
        if len(set(self.cells)) != len(self.cells):
            raise ValueError("a hex grid cannot hold the same cell twice")
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
    def from_rows(cls, row_lengths: Sequence[int]) -> HexGrid:
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
        return cls(cells)

    def __len__(self) -> int:
        return len(self.cells)

    def index(self, cell: Hex) -> int:
        return self._index[cell]

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
