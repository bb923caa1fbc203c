"""The actions of Asteroid Rush and their catalogue.

The catalogue is laid out in blocks so that a state computes legal ids by
arithmetic: the id of ``Fly(cell)`` is ``FLY + cell``, and so on.
"""

from __future__ import annotations

import attrs
from boardgames.kernel.actions import Action, ActionCatalogue

from asteroid_rush.components import BELT, CARDS, CELL_NAMES, DIE, KINDS

__all__ = [
    "DELIVER",
    "DISCARD",
    "DRAW",
    "FLY",
    "MINE",
    "REST",
    "ROLL",
    "SCAN",
    "STAY",
    "TRADE",
    "TRADES",
    "Deliver",
    "Discard",
    "Draw",
    "Fly",
    "Mine",
    "Rest",
    "Roll",
    "Scan",
    "Stay",
    "Trade",
    "catalogue",
]


@attrs.frozen(cache_hash=True)
class Roll(Action):
    """Chance: the yield die shows ``face``."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@attrs.frozen(cache_hash=True)
class Draw(Action):
    """Chance: the top contract of the deck is ``card``."""

    card: int

    def __str__(self) -> str:
        return f"draw {CARDS[self.card].name}"


@attrs.frozen(cache_hash=True)
class Stay(Action):
    def __str__(self) -> str:
        return "stay"


@attrs.frozen(cache_hash=True)
class Fly(Action):
    cell: int

    def __str__(self) -> str:
        return f"fly to {CELL_NAMES[self.cell]}"


@attrs.frozen(cache_hash=True)
class Mine(Action):
    def __str__(self) -> str:
        return "mine"


@attrs.frozen(cache_hash=True)
class Trade(Action):
    give: int
    get: int

    def __str__(self) -> str:
        return f"trade 2 {KINDS[self.give]} for 1 {KINDS[self.get]}"


@attrs.frozen(cache_hash=True)
class Deliver(Action):
    card: int

    def __str__(self) -> str:
        return f"deliver {CARDS[self.card].name}"


@attrs.frozen(cache_hash=True)
class Scan(Action):
    def __str__(self) -> str:
        return "scan"


@attrs.frozen(cache_hash=True)
class Rest(Action):
    def __str__(self) -> str:
        return "rest"


@attrs.frozen(cache_hash=True)
class Discard(Action):
    kind: int

    def __str__(self) -> str:
        return f"discard {KINDS[self.kind]}"


TRADES: tuple[tuple[int, int], ...] = tuple(
    (give, get) for give in range(len(KINDS)) for get in range(len(KINDS)) if give != get
)
"""Every (give, get) pair of a station trade, in catalogue order."""

ROLL = 0
DRAW = ROLL + len(DIE.faces)
STAY = DRAW + len(CARDS)
FLY = STAY + 1
MINE = FLY + len(BELT)
TRADE = MINE + 1
DELIVER = TRADE + len(TRADES)
SCAN = DELIVER + len(CARDS)
REST = SCAN + 1
DISCARD = REST + 1


def catalogue() -> ActionCatalogue:
    """Every action, in id order (the block constants above are the first ids)."""
    actions: list[Action] = [Roll(face) for face in DIE.faces]
    actions += [Draw(card) for card in range(len(CARDS))]
    actions.append(Stay())
    actions += [Fly(cell) for cell in range(len(BELT))]
    actions.append(Mine())
    actions += [Trade(give, get) for give, get in TRADES]
    actions += [Deliver(card) for card in range(len(CARDS))]
    actions += [Scan(), Rest()]
    actions += [Discard(kind) for kind in range(len(KINDS))]
    return ActionCatalogue(actions)
