"""§8 Turn order and the end of the game."""

from __future__ import annotations

from boardgames.kernel.work import Work

from asteroid_rush.components import ROUNDS, TARGET
from asteroid_rush.state import contract_points, turn_steps

__all__ = ["end_turn"]


def end_turn(w: Work, step: tuple[int, ...]) -> None:
    """§8: play passes to the next seat; after the last seat's turn the round ends.

    "The game ends at the end of a round in which any player has delivered
    contracts worth 12 points or more, and at the end of round 15 in any
    case": then nothing more is queued, and the empty queue is the end.
    """
    player = step[1]
    if player + 1 < len(w.state.positions):
        w.active = player + 1
        w.append(*turn_steps(player + 1))
        return
    # read through the Work: a delivery earlier in this action is not in w.state yet
    ending = any(contract_points(tuple(d)) >= TARGET for d in w.delivered)
    if ending or w.state.round == ROUNDS:
        return
    w.active = 0
    w.round = w.state.round + 1
    w.append(*turn_steps(0))
