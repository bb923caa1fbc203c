"""§5 Flying."""

from __future__ import annotations

from boardgames.kernel.work import Work

from asteroid_rush.actions import FLY, STAY
from asteroid_rush.state import REACH, AsteroidState

__all__ = ["flew", "flight_ids"]


def flight_ids(state: AsteroidState, step: tuple[int, ...]) -> tuple[int, ...]:
    """§5: "either stays or flies the ship to any hex at a distance of 1 or 2 from its hex"."""
    return (STAY, *[FLY + cell for cell in REACH[state.positions[step[1]]]])


def flew(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§5: the ship stays, or flies to the chosen hex."""
    w.pop()
    if action_id != STAY:
        w.positions[step[1]] = action_id - FLY
