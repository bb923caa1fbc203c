"""§4 The roll: yields and solar flares."""

from __future__ import annotations

from boardgames.kernel.steps import clockwise
from boardgames.kernel.work import Work

from asteroid_rush.actions import DISCARD, ROLL
from asteroid_rush.components import ASTEROIDS, DIE, FLARE_FACE, FLARE_LIMIT, HOLD, HOLD_SIZE
from asteroid_rush.state import AsteroidState, Kind

__all__ = ["FACE_IDS", "PAYING", "discard_ids", "discarded", "roll_outcomes", "rolled"]

FACE_IDS: tuple[tuple[int, float], ...] = DIE.chance_ids({face: ROLL + i for i, face in enumerate(DIE.faces)})
"""The die's outcomes as ``(action id, probability)``, computed once."""


PAYING: dict[int, dict[int, int]] = {
    face: {cell: a.kind for cell, a in enumerate(ASTEROIDS) if a is not None and a.number == face}
    for face in DIE.faces
}
"""For each face, the hexes whose asteroid pays out and the resource each yields."""


def roll_outcomes(state: AsteroidState, step: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """§4: "A turn begins with the active player rolling the six-sided die"."""
    return FACE_IDS


def rolled(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§4: every ship on an asteroid of the rolled number takes 1 of its resource; a 6 is a solar flare.

    "The flared players discard in turn order starting with the active
    player ... all before the active player flies": one ``DISCARD`` step per
    flared player goes in front of the flight.
    """
    w.pop()
    face = DIE.faces[action_id - ROLL]
    w.last_roll = face
    positions = w.state.positions
    paying = PAYING[face]
    paid = [(player, paying[cell]) for player, cell in enumerate(positions) if cell in paying]
    if not paid and face != FLARE_FACE:
        return  # nobody gains: leave the holds alone (reading w.holds would copy them)
    holds: list[int] = w.holds
    for player, kind in paid:
        HOLD.gain(holds, kind, 1, player * HOLD_SIZE)
    if face == FLARE_FACE:
        flared = [
            (Kind.DISCARD, player)
            for player in clockwise(step[1], len(positions))
            if sum(holds[player * HOLD_SIZE : (player + 1) * HOLD_SIZE]) > FLARE_LIMIT
        ]
        w.push(*flared)


def discard_ids(state: AsteroidState, step: tuple[int, ...]) -> tuple[int, ...]:
    """§4: the flared player discards "resources of their choice, one at a time": any kind they hold."""
    offset = step[1] * HOLD_SIZE
    holds = state.holds
    return tuple([DISCARD + k for k in range(HOLD_SIZE) if holds[offset + k] > 0])


def discarded(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§4: one resource discarded; the step is done once the hold carries the limit."""
    offset = step[1] * HOLD_SIZE
    holds: list[int] = w.holds
    HOLD.pay(holds, action_id - DISCARD, 1, offset)
    if sum(holds[offset : offset + HOLD_SIZE]) <= FLARE_LIMIT:
        w.pop()
