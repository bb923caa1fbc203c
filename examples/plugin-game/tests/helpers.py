"""Positions built from data, so a rule can be tested in the exact situation it speaks of."""

from __future__ import annotations

from typing import Any

from asteroid_rush import AsteroidRush
from asteroid_rush.components import CARDS, CELL_NAMES, COPIES, STATION
from asteroid_rush.state import MOVE, AsteroidState


def card(name: str) -> int:
    return [c.name for c in CARDS].index(name)


def cell(name: str) -> int:
    return CELL_NAMES.index(name)


def position(players: int = 2, **fields: Any) -> AsteroidState:
    """A validated state: after the deal, seat 0 to fly in round 1, each seat
    holding one contract (hull plating, coolant, lenses, fuel cell), unless ``fields`` say otherwise.

    Hands and deliveries are given as card names; the deck is what is left.
    """
    data: dict[str, Any] = {
        "phase": MOVE,
        "active": 0,
        "round": 1,
        "positions": [STATION] * players,
        "holds": [[0, 0, 0] for _ in range(players)],
        "hands": [[CARDS[p].name] for p in range(players)],  # hull plating, coolant, ...
        "delivered": [[] for _ in range(players)],
        "flares": [],
        "last_roll": 1,
    }
    data.update(fields)
    data["positions"] = [cell(p) if isinstance(p, str) else p for p in data["positions"]]
    data["hands"] = [[card(c) for c in hand] for hand in data["hands"]]
    data["delivered"] = [[card(c) for c in pile] for pile in data["delivered"]]
    used = [c for pile in (*data["hands"], *data["delivered"]) for c in pile]
    data.setdefault("deck", [COPIES - used.count(c) for c in range(len(CARDS))])
    return AsteroidRush(players).state_from_data(data)


def texts(state: AsteroidState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
