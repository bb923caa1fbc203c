"""The components of Asteroid Rush: the belt, the cargo hold and the contract cards.

Everything here is static data, built once at import: the 19-hex belt as a
compiled :class:`~boardgames.kernel.hexgrid.HexGrid`, the asteroid printed on
each hex, the hold's resource kinds and caps, and the twelve contracts
(two copies of each in the deck).  Rule numbers (§) refer to the README.
"""

from __future__ import annotations

import attrs
from boardgames.kernel.chance import Die
from boardgames.kernel.hexgrid import HexGrid
from boardgames.kernel.resources import ResourceKinds

__all__ = [
    "ASTEROIDS",
    "BELT",
    "CARDS",
    "CELL_NAMES",
    "COPIES",
    "CRYSTAL",
    "DIE",
    "FLARE_FACE",
    "FLARE_LIMIT",
    "FLIGHT_RANGE",
    "FULL_DECK",
    "HAND_LIMIT",
    "HOLD",
    "HOLD_SIZE",
    "ICE",
    "KINDS",
    "MINE_YIELD",
    "ORE",
    "ROUNDS",
    "STATION",
    "TARGET",
    "Asteroid",
    "Contract",
]

BELT = HexGrid.from_rows((3, 4, 5, 4, 3))
"""The belt (§1): 19 hexes in rows of 3, 4, 5, 4 and 3."""

CELL_NAMES: tuple[str, ...] = tuple(
    f"{'ABCDE'[r + 2]}{q - min(qq for qq, rr in BELT.cells if rr == r) + 1}" for q, r in BELT.cells
)
"""Each hex named by row letter (A at the top) and position from the left: A1 .. E3."""

STATION = BELT.index((0, 0))
"""The station sits on the centre hex, C3 (§1)."""

KINDS = ("ore", "ice", "crystal")
"""The three resources, in the hold's order."""

HOLD = ResourceKinds.of(ore=4, ice=4, crystal=4)
"""A ship's hold (§2): at most 4 of each resource; a gain beyond that is lost.

The holds of all players are one flat tuple in the state, ``HOLD_SIZE``
amounts per player: player ``p``'s ice is ``holds[p * HOLD_SIZE + ICE]``.
"""

ORE, ICE, CRYSTAL = (HOLD.index(name) for name in KINDS)
HOLD_SIZE = len(HOLD)


@attrs.frozen
class Asteroid:
    """What is printed on an asteroid hex: the resource it yields and its yield number."""

    kind: int
    number: int


def _asteroids() -> tuple[Asteroid | None, ...]:
    # Every (resource, number) pair appears exactly once, so each roll pays
    # out on one asteroid of each resource.
    numbers = (1, 2, 3, 4, 5, 6, 2, 3, 4, 6, 1, 2, 3, 4, 5, 5, 6, 1)
    out: list[Asteroid | None] = []
    k = 0
    for cell in range(len(BELT)):
        if cell == STATION:
            out.append(None)
            continue
        out.append(Asteroid(k % 3, numbers[k]))
        k += 1
    return tuple(out)


ASTEROIDS: tuple[Asteroid | None, ...] = _asteroids()
"""The asteroid on each hex (``None`` on the station's hex)."""

DIE: Die[int] = Die((1, 2, 3, 4, 5, 6))
"""The yield die (§4): a fair six-sided die."""

FLARE_FACE = 6
"""A roll of 6 is also a solar flare (§4)."""

FLARE_LIMIT = 6
"""In a flare, a ship holding more than 6 resources discards down to 6 (§4)."""

FLIGHT_RANGE = 2
"""A ship flies up to 2 hexes (§5)."""

MINE_YIELD = 2
"""Mining takes 2 of the asteroid's resource (§6)."""

HAND_LIMIT = 3
"""A player holds at most 3 contracts (§3)."""

TARGET = 12
"""Delivering contracts worth 12 points ends the game at the end of the round (§8)."""

ROUNDS = 15
"""The game ends after round 15 in any case (§8)."""

COPIES = 2
"""Copies of each contract in the deck."""


@attrs.frozen
class Contract:
    """A contract card: its name, the cargo it asks for (ore, ice, crystal), and its points."""

    name: str
    cost: tuple[int, int, int]
    points: int

    def cost_text(self) -> str:
        parts = [f"{n} {KINDS[k]}" for k, n in enumerate(self.cost) if n]
        return " + ".join(parts)


CARDS: tuple[Contract, ...] = (
    Contract("hull plating", (2, 0, 0), 2),
    Contract("coolant", (0, 2, 0), 2),
    Contract("lenses", (0, 0, 2), 2),
    Contract("fuel cell", (1, 1, 0), 2),
    Contract("sensor", (0, 1, 1), 2),
    Contract("laser", (1, 0, 1), 2),
    Contract("drill", (3, 0, 1), 4),
    Contract("habitat", (1, 3, 0), 4),
    Contract("computer", (0, 1, 3), 4),
    Contract("reactor", (2, 2, 1), 5),
    Contract("telescope", (1, 2, 2), 5),
    Contract("warp core", (2, 1, 2), 5),
)
"""The twelve contracts (§3), in card-number order: card kind ``k`` is ``CARDS[k]``."""

FULL_DECK: tuple[int, ...] = (COPIES,) * len(CARDS)
"""The whole deck as a count vector (one count per card kind, see :mod:`boardgames.kernel.cards`)."""
