"""General Rules for Movement and the Recon, Maneuver, Skirmish, Advance and Concentrate actions.

A move is a sequence of atomic decisions: the origin, the destination,
how many ships (where the action lets you choose), and for Maneuver and
Concentrate a second group.  Ships reaching another player's ships attack
them (``battle``).  Edits are made on a fresh successor state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames.games.warpgate.battle import start_battle
from boardgames.games.warpgate.components import ADVANCE, CONCENTRATE, MANEUVER, RECON, SKIRMISH, Tables
from boardgames.games.warpgate.deploying import put_ships, take_ships
from boardgames.games.warpgate.state import COUNT, COUNT2, DEST, DEST2, ORIGIN2, Pend
from boardgames.games.warpgate.turn import end_turn

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = [
    "any_move",
    "arrive",
    "attack_target",
    "choose_count",
    "choose_destination",
    "choose_origin",
    "choose_second_count",
    "choose_second_destination",
    "choose_second_origin",
    "count_ids",
    "destination_ids",
    "group",
    "maneuver_available",
    "move_destinations",
    "move_origins",
    "move_target",
    "origin_ids",
    "second_count_ids",
    "second_destination_ids",
    "second_origin_ids",
    "second_origins",
]

_set = object.__setattr__


# -- General Rules for Movement --------------------------------------------------------------


def move_target(t: Tables, owner: Sequence[int], player: int, place: int) -> bool:
    """General Rules for Movement: a ship may move (not attack) to ``place``.

    Not onto another player's ships, never to another player's warpgate;
    outposts, colonies and research drones do not matter.  The same holds for
    deploying: never onto enemy ships (a warpgate counts as a planet).
    """
    o = owner[place]
    s = t.seat[place]
    return (o < 0 or o == player) and (s < 0 or s == player)


def attack_target(t: Tables, player: int, place: int) -> bool:
    """Skirmish/Advance/Concentrate: ``place`` may be moved to or attacked
    (anything but another player's warpgate)."""
    s = t.seat[place]
    return s < 0 or s == player


def move_destinations(s: WarpgateState, action: int, origin: int, x: int, player: int) -> tuple[int, ...]:
    """Places the ships at ``origin`` may move (or attack) to with ``action`` at X.

    Recon: range X+X, no enemy ships; Maneuver: range X, no enemy ships;
    Skirmish, Advance, Concentrate: range X, "Move or Attack".
    """
    t = s.t
    owner = s.owner
    if action == RECON:
        return tuple(d for d in t.near[origin][2 * x] if move_target(t, owner, player, d))
    if action == MANEUVER:
        return tuple(d for d in t.near[origin][x] if move_target(t, owner, player, d))
    return tuple(d for d in t.near[origin][x] if attack_target(t, player, d))


def _can_leave(s: WarpgateState, action: int, origin: int, x: int, player: int) -> bool:
    """Whether ships at ``origin`` have any destination (:func:`move_destinations`, stopping at the first)."""
    t = s.t
    seat = t.seat
    if action in (RECON, MANEUVER):
        owner = s.owner
        for d in t.near[origin][2 * x if action == RECON else x]:
            o = owner[d]
            w = seat[d]
            if (o < 0 or o == player) and (w < 0 or w == player):
                return True
        return False
    for d in t.near[origin][x]:
        w = seat[d]
        if w < 0 or w == player:
            return True
    return False


def move_origins(s: WarpgateState, action: int, x: int, player: int) -> tuple[int, ...]:
    """Places holding enough of ``player``'s ships (Advance: 2 or more) that can go somewhere."""
    need = 2 if action == ADVANCE else 1
    owner, ships = s.owner, s.ships
    return tuple(
        o for o in range(len(owner))
        if owner[o] == player and ships[o] >= need and _can_leave(s, action, o, x, player)
    )


def any_move(s: WarpgateState, action: int, x: int, player: int) -> bool:
    """Whether ``action`` at X moves any ship (:func:`move_origins`, stopping at the first)."""
    need = 2 if action == ADVANCE else 1
    ships = s.ships
    for o, w in enumerate(s.owner):
        if w == player and ships[o] >= need and _can_leave(s, action, o, x, player):
            return True
    return False


def maneuver_available(s: WarpgateState, place: int) -> int:
    """Maneuver: ships at ``place`` not moved by the first group ("a different group")."""
    p = s.pend
    n = s.ships[place] if s.owner[place] == s.active else 0
    return n - p.fleet if place == p.dest else n


def second_origins(s: WarpgateState) -> tuple[int, ...]:
    """Where a second group may come from.

    Maneuver: any place with ships that may still move; Concentrate: "from
    two different planets": another place with your ships within range X
    of the destination.
    """
    p = s.pend
    player = s.active
    owner = s.owner
    if p.action == MANEUVER:
        return tuple(
            o for o in range(len(owner))
            if owner[o] == player and maneuver_available(s, o) >= 1
            and move_destinations(s, MANEUVER, o, p.x, player)
        )
    return tuple(o for o in s.t.near[p.dest][p.x] if o != p.origin and owner[o] == player)


# -- the steps' choices ----------------------------------------------------------------------


def origin_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    off = s.t.off_from
    return tuple(off + o for o in move_origins(s, p.action, p.x, s.active))


def destination_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    off = s.t.off_to
    return tuple(off + d for d in move_destinations(s, p.action, p.origin, p.x, s.active))


def count_ids(s: WarpgateState) -> tuple[int, ...]:
    """Maneuver/Concentrate: 1 or more ships; Advance: 2 or more."""
    p = s.pend
    off = s.t.off_ships
    low = 2 if p.action == ADVANCE else 1
    return tuple(range(off + low - 1, off + s.ships[p.origin]))


def second_origin_ids(s: WarpgateState) -> tuple[int, ...]:
    t = s.t
    return (*(t.off_from + o for o in second_origins(s)), t.id_done)


def second_destination_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    off = s.t.off_to
    return tuple(off + d for d in move_destinations(s, MANEUVER, p.origin2, p.x, s.active))


def second_count_ids(s: WarpgateState) -> tuple[int, ...]:
    p = s.pend
    most = maneuver_available(s, p.origin2) if p.action == MANEUVER else s.ships[p.origin2]
    off = s.t.off_ships
    return tuple(range(off, off + most))


# -- the steps' effects ----------------------------------------------------------------------


def choose_origin(s: WarpgateState, origin: int) -> None:
    _set(s, "pend", s.pend._replace(step=DEST, origin=origin))


def choose_destination(s: WarpgateState, dest: int) -> None:
    """Recon and Skirmish move exactly 1 ship; the others choose how many unless only one count fits."""
    p = s.pend
    if p.action == RECON or p.action == SKIRMISH:
        take_ships(s, p.origin, 1)
        arrive(s, dest, 1)
        return
    low = 2 if p.action == ADVANCE else 1
    most = s.ships[p.origin]
    if low == most:
        group(s, p._replace(dest=dest), most)
    else:
        _set(s, "pend", p._replace(step=COUNT, dest=dest))


def group(s: WarpgateState, p: Pend, count: int) -> None:
    """A first group of ``count`` ships chose its destination (Maneuver, Advance, Concentrate).

    ``p`` is the pending step with the destination chosen.
    """
    take_ships(s, p.origin, count)
    if p.action == ADVANCE:
        arrive(s, p.dest, count)
        return
    if p.action == MANEUVER:
        put_ships(s, p.dest, s.active, count)
    _set(s, "pend", p._replace(step=ORIGIN2, fleet=count))
    if not second_origins(s):
        if p.action == CONCENTRATE:
            arrive(s, p.dest, count)
        else:
            end_turn(s)


def choose_count(s: WarpgateState, count: int) -> None:
    group(s, s.pend, count)


def choose_second_origin(s: WarpgateState, origin2: int | None) -> None:
    """The second group's origin, or ``None`` (Done): no second group."""
    p = s.pend
    if origin2 is None:
        if p.action == CONCENTRATE:
            arrive(s, p.dest, p.fleet)
        else:
            end_turn(s)
    elif p.action == MANEUVER:
        _set(s, "pend", p._replace(step=DEST2, origin2=origin2))
    elif s.ships[origin2] == 1:
        take_ships(s, origin2, 1)
        arrive(s, p.dest, p.fleet + 1)
    else:
        _set(s, "pend", p._replace(step=COUNT2, origin2=origin2))


def choose_second_destination(s: WarpgateState, dest2: int) -> None:
    p = s.pend
    if maneuver_available(s, p.origin2) == 1:
        take_ships(s, p.origin2, 1)
        arrive(s, dest2, 1)
    else:
        _set(s, "pend", p._replace(step=COUNT2, dest2=dest2))


def choose_second_count(s: WarpgateState, count: int) -> None:
    """The second group moves: Maneuver to its own destination, Concentrate to join the first."""
    p = s.pend
    take_ships(s, p.origin2, count)
    if p.action == MANEUVER:
        arrive(s, p.dest2, count)
    else:
        arrive(s, p.dest, p.fleet + count)


def arrive(s: WarpgateState, dest: int, count: int) -> None:
    """Ships of the active player reach ``dest``: a move, or an attack starting a battle."""
    player = s.active
    w = s.owner[dest]
    if w < 0 or w == player:
        put_ships(s, dest, player, count)
        end_turn(s)
        return
    start_battle(s, dest, count, w)
