"""Deploying Ships: the Warp-in and Reinforce actions, and moving ships on and off places.

"To deploy a ship, place it from your supply on a planet or a Warpgate."
Every edit here is made on a fresh successor state (see ``rules.apply``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.state import NOBODY
from boardgames.games.warpgate.turn import end_turn, put

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["deploy", "put_ships", "reinforce", "reinforce_ids", "reinforce_places", "take_ships", "warp_in",
           "warp_in_ids"]

_set = object.__setattr__


def take_ships(s: WarpgateState, place: int, count: int) -> None:
    """``count`` ships leave ``place``; a place left empty has no owner."""
    left = s.ships[place] - count
    _set(s, "ships", put(s.ships, place, left))
    if left == 0:
        _set(s, "owner", put(s.owner, place, NOBODY))


def put_ships(s: WarpgateState, place: int, player: int, count: int) -> None:
    """``count`` of ``player``'s ships arrive at ``place`` (never onto another player's ships)."""
    _set(s, "ships", put(s.ships, place, s.ships[place] + count))
    if s.owner[place] != player:
        _set(s, "owner", put(s.owner, place, player))


def deploy(s: WarpgateState, place: int, count: int) -> None:
    """Deploying Ships: the active player places ``count`` ships from their supply on ``place``."""
    player = s.active
    _set(s, "supply", put(s.supply, player, s.supply[player] - count))
    put_ships(s, place, player, count)


# -- Warp-in --------------------------------------------------------------------------------------


def warp_in_ids(s: WarpgateState) -> tuple[int, ...]:
    """Warp-in: "Deploy up to X ships to your Warpgate" (at least one; as many as the supply holds)."""
    t = s.t
    return tuple(range(t.off_warp, t.off_warp + min(s.pend.x, s.supply[s.active])))


def warp_in(s: WarpgateState, count: int) -> None:
    """Warp-in: deploy ``count`` ships to the active player's warpgate; the turn ends."""
    deploy(s, s.t.gate[s.active], count)
    end_turn(s)


# -- Reinforce ------------------------------------------------------------------------------------


def reinforce_places(s: WarpgateState) -> tuple[int, ...]:
    """Reinforce: "Deploy 1 ship to up to X planets and/or your Warpgate that already contain 1 or
    more of your ships", each place once, while the supply lasts."""
    p = s.pend
    player = s.active
    if s.supply[player] == 0 or p.left == 0:
        return ()
    return tuple(o for o, w in enumerate(s.owner) if w == player and o not in p.used)


def reinforce_ids(s: WarpgateState) -> tuple[int, ...]:
    """Reinforce's choices: a place, or Done once a place was chosen."""
    t = s.t
    places = tuple(t.off_reinforce + o for o in reinforce_places(s))
    return (*places, t.id_done) if s.pend.used else places


def reinforce(s: WarpgateState, place: int) -> None:
    """Reinforce: deploy 1 ship to ``place``; the turn ends when no place is left to choose."""
    p = s.pend
    deploy(s, place, 1)
    _set(s, "pend", p._replace(left=p.left - 1, used=(*p.used, place)))
    if not reinforce_places(s):
        end_turn(s)
