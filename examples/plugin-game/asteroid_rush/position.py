"""Positions set up by hand, in the rules' terms (see :meth:`AsteroidRush.position`).

Everything is named as in the README: hexes (``"B2"``), contracts
(``"reactor"``), resources (``{"ore": 2}``) and phases (``"fly"``).  The
position is written as a saved state and goes through the one validator
(:mod:`asteroid_rush.validation`), so a position that builds is one the
rules could reach; a fault raises :class:`InvalidOptionError` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardgames.kernel.errors import InvalidOptionError, SerializationError

from asteroid_rush.components import CARDS, CELL_NAMES, FULL_DECK, HOLD, STATION
from asteroid_rush.state import AsteroidState, Kind, turn_steps
from asteroid_rush.validation import state_from_data

if TYPE_CHECKING:
    from asteroid_rush.game import AsteroidRush

__all__ = ["PHASES", "build_position"]

PHASES = ("roll", "fly", "work", "draw")
"""Where a position's turn may be: about to roll, fly or work, or drawing a scanned contract."""

_CARD_NAMES = tuple(card.name for card in CARDS)


def _seat_list(value: Any, players: int, what: str) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != players:
        raise InvalidOptionError(f"{what} must be a list of {players} entries, one per seat")
    return list(value)


def _name(value: Any, names: Sequence[str], what: str) -> int:
    if not isinstance(value, str) or value not in names:
        raise InvalidOptionError(f"{what}: {value!r} is not one of {', '.join(names)}")
    return names.index(value)


def _cards(value: Any, what: str) -> list[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidOptionError(f"{what} must be a list of contract names")
    counts = [0] * len(CARDS)
    for name in value:
        counts[_name(name, _CARD_NAMES, what)] += 1
    return counts


def _hold(value: Any, what: str) -> list[int]:
    if not isinstance(value, Mapping):
        raise InvalidOptionError(f"{what} must map resource names to amounts, like {{'ore': 2}}")
    amounts = [0] * len(HOLD)
    for name, amount in value.items():
        amounts[_name(name, HOLD.names, what)] = amount
    return amounts


def build_position(
    game: AsteroidRush,
    *,
    phase: Any = "fly",
    active: Any = 0,
    round: Any = 1,
    ships: Any = None,
    holds: Any = None,
    hands: Any = None,
    delivered: Any = None,
    flares: Any = (),
    last_roll: Any = 1,
) -> AsteroidState:
    """The position the keyword arguments describe (see :meth:`AsteroidRush.position`)."""
    n = game.players
    if phase not in PHASES:
        raise InvalidOptionError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
    if isinstance(active, bool) or not isinstance(active, int) or not 0 <= active < n:
        raise InvalidOptionError(f"active must be a seat in 0..{n - 1}, not {active!r}")
    ships_ = [CELL_NAMES[STATION]] * n if ships is None else _seat_list(ships, n, "ships")
    holds_ = [{}] * n if holds is None else _seat_list(holds, n, "holds")
    hands_ = [[]] * n if hands is None else _seat_list(hands, n, "hands")
    delivered_ = [[]] * n if delivered is None else _seat_list(delivered, n, "delivered")
    if isinstance(flares, (str, bytes)) or not isinstance(flares, Sequence):
        raise InvalidOptionError("flares must be a list of seats")
    if phase == "draw":
        steps: list[tuple[int, ...]] = [(Kind.DRAW, active), (Kind.END_TURN, active)]
    else:
        if flares and phase != "fly":
            raise InvalidOptionError("flare discards are pending only before the flight (phase 'fly')")
        steps = [(Kind.DISCARD, seat) for seat in flares]
        steps += turn_steps(active, phase)
    hand_counts = [_cards(hand, f"hands[{p}]") for p, hand in enumerate(hands_)]
    delivered_counts = [_cards(pile, f"delivered[{p}]") for p, pile in enumerate(delivered_)]
    deck = [
        FULL_DECK[card] - sum(pile[card] for pile in (*hand_counts, *delivered_counts))
        for card in range(len(CARDS))
    ]
    for card, left in enumerate(deck):
        if left < 0:
            name, copies = CARDS[card].name, FULL_DECK[card]
            raise InvalidOptionError(
                f"hands and deliveries hold more copies of {name} than the {copies} there are"
            )
    data = {
        "steps": [[int(kind), seat] for kind, seat in steps],
        "active": active,
        "round": round,
        "positions": [_name(cell, CELL_NAMES, f"ships[{p}]") for p, cell in enumerate(ships_)],
        "holds": [_hold(hold, f"holds[{p}]") for p, hold in enumerate(holds_)],
        "hands": hand_counts,
        "delivered": delivered_counts,
        "deck": deck,
        "last_roll": last_roll,
    }
    try:
        return state_from_data(game, data)
    except SerializationError as error:
        raise InvalidOptionError(f"not a position the rules can reach: {error}") from None
