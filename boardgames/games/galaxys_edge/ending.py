"""Ending Your Turn, and the end of the game (Game End and Scoring).

The rules reach the end of a turn by calling :func:`end_turn` themselves
(after the die and its event, or after a turn without a build); only a
pending choice among tied colonies queues it as a step (``Phase.END``), run
by the step machine once the choice is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import EventCard
from boardgames.games.galaxys_edge.state import NOT_BUILT, Forcefield, Phase, one_step_queues
from boardgames.kernel.cards import add

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Fields, GalaxysEdgeState

__all__ = ["discard", "end_turn"]

# Read at the end of every turn: module globals (a class attribute is a slower read).
_UNPROTECTED = Forcefield.NONE
_ENDS_THIS_TURN = Forcefield.ENDS_THIS_TURN
_TURN = one_step_queues(Phase.TURN)


def discard(new: GalaxysEdgeState, d: Fields, card: int) -> None:
    """Playing Event Cards: a discarded event card is removed from the game
    (a played card, or a Forcefield at the end of its owner's next turn)."""
    d["discarded"] = add(new.discarded, card)


def end_turn(new: GalaxysEdgeState, d: Fields) -> None:
    """Ending Your Turn: a Forcefield played on your previous turn is discarded;
    play passes clockwise.  Game End: "the game ends when all players take
    consecutive turns without anybody building an installation".

    "Once you have taken (or forfeited) your two actions, rolled the event die
    (if necessary) and established military control (if necessary), your turn
    ends": the rule that finishes the last of these calls it on the successor
    it is building (a step queued for it would cost the step machine one more
    round of settling on every turn); as the ``Phase.END`` step that follows
    a choice among tied colonies, the machine runs it (already taken off the
    queue)."""
    player = new.active
    status = new.forcefield[player]
    if status != _UNPROTECTED:
        forcefield = list(new.forcefield)
        forcefield[player] = status - 1
        d["forcefield"] = tuple(forcefield)
        if status == _ENDS_THIS_TURN:
            discard(new, d, EventCard.FORCEFIELD)
    # Only the fields that change are written (a store costs about 150 instructions).
    if new.built != NOT_BUILT:
        d["built"] = NOT_BUILT
        idle = 0
        if new.idle:
            d["idle"] = 0
    else:
        idle = d["idle"] = new.idle + 1
    if new.moved:
        d["moved"] = False
    players = new.game.players
    if idle >= players:
        d["steps"] = ()  # the game is over
        return
    following = (player + 1) % players
    d["active"] = following
    d["steps"] = _TURN[following]
