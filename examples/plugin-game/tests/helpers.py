"""Positions built from data, so a rule can be tested in the exact situation it speaks of."""

from __future__ import annotations

from typing import Any

from boardgames.kernel.cards import counts_of

from asteroid_rush import AsteroidRush
from asteroid_rush.components import CARDS, CELL_NAMES, FULL_DECK, STATION
from asteroid_rush.state import AsteroidState, Kind, turn_steps


def card(name: str) -> int:
    return [c.name for c in CARDS].index(name)


def cards(*names: str) -> tuple[int, ...]:
    """A hand or a pile of contracts by name, as the count vector the state holds."""
    return counts_of([card(name) for name in names], len(CARDS))


def cell(name: str) -> int:
    return CELL_NAMES.index(name)


def position(
    players: int = 2, phase: str = "fly", flares: tuple[int, ...] = (), **fields: Any
) -> AsteroidState:
    """A validated state: after the deal, seat 0 to fly in round 1, each seat
    holding one contract (hull plating, coolant, lenses, fuel cell), unless ``fields`` say otherwise.

    ``phase`` is where the active player's turn is: ``roll``, ``fly``,
    ``work`` or ``draw`` (a scan's draw); ``flares`` are the players with a
    flare discard pending, before the flight.  Hands and deliveries are
    given as card names; the deck is what is left.
    """
    data: dict[str, Any] = {
        "active": 0,
        "round": 1,
        "positions": [STATION] * players,
        "holds": [[0, 0, 0] for _ in range(players)],
        "hands": [[CARDS[p].name] for p in range(players)],  # hull plating, coolant, ...
        "delivered": [[] for _ in range(players)],
        "last_roll": 1,
    }
    data.update(fields)
    active = data["active"]
    if phase == "draw":
        steps: list[tuple[int, ...]] = [(Kind.DRAW, active), (Kind.END_TURN, active)]
    else:
        steps = [(Kind.DISCARD, p) for p in flares]
        steps += list(turn_steps(active, phase))
    data["steps"] = [[int(kind), player] for kind, player in steps]
    data["positions"] = [cell(p) if isinstance(p, str) else p for p in data["positions"]]
    data["hands"] = [list(cards(*hand)) for hand in data["hands"]]
    data["delivered"] = [list(cards(*pile)) for pile in data["delivered"]]
    used = [sum(pile[c] for pile in (*data["hands"], *data["delivered"])) for c in range(len(CARDS))]
    data.setdefault("deck", [FULL_DECK[c] - used[c] for c in range(len(CARDS))])
    return AsteroidRush(players).state_from_data(data)


def texts(state: AsteroidState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
