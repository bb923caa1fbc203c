"""Ending Your Turn, and the end of the game (Game End and Scoring)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import EventCard
from boardgames.games.galaxys_edge.events import discard
from boardgames.games.galaxys_edge.state import NOT_BUILT, Forcefield, Phase, one_step_queues

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import GalaxysEdgeState
    from boardgames.kernel.steps import Step

__all__ = ["end_turn"]

# Read at the end of every turn: module globals (a class attribute is a slower read).
_UNPROTECTED = Forcefield.NONE
_ENDS_THIS_TURN = Forcefield.ENDS_THIS_TURN
_TURN = one_step_queues(Phase.TURN)


def end_turn(new: GalaxysEdgeState, step: Step) -> None:
    """Ending Your Turn: a Forcefield played on your previous turn is discarded;
    play passes clockwise.  Game End: "the game ends when all players take
    consecutive turns without anybody building an installation".  (An
    automatic step, already taken off the queue; it runs on the successor
    itself, see :mod:`rules`.)"""
    d = new.__dict__
    player = new.active
    status = new.forcefield[player]
    if status != _UNPROTECTED:
        forcefield = list(new.forcefield)
        forcefield[player] = status - 1
        d["forcefield"] = tuple(forcefield)
        if status == _ENDS_THIS_TURN:
            discard(new, EventCard.FORCEFIELD)
    idle = 0 if new.built != NOT_BUILT else new.idle + 1
    players = new.game.players
    d["idle"] = idle
    d["moved"] = False
    d["built"] = NOT_BUILT
    if idle >= players:
        d["steps"] = ()  # the game is over
        return
    following = (player + 1) % players
    d["active"] = following
    d["steps"] = _TURN[following]
