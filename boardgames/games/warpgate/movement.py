"""General Rules for Movement and the Recon, Maneuver, Skirmish, Advance and Concentrate actions.

A move is a sequence of atomic decisions: the origin, the destination,
how many ships (where the action lets you choose), and for Maneuver and
Concentrate a second group.  Ships reaching another player's ships attack
them (``battle``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames.games.warpgate.battle import start_battle
from boardgames.games.warpgate.components import ADVANCE, CONCENTRATE, MANEUVER, RECON, SKIRMISH
from boardgames.games.warpgate.deploying import land, leave, move_ships, put_ships, take_ships
from boardgames.games.warpgate.state import (
    COUNT,
    COUNT2,
    DEST,
    DEST2,
    NO_PLACE,
    ORIGIN2,
    Step,
    WarpgateWork,
    board_of,
    occupancy,
)
from boardgames.games.warpgate.turn import end_turn, end_turn_fields
from boardgames.kernel.cards import mask_entries
from boardgames.kernel.game import successor

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Occupancy
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = [
    "any_move",
    "arrive",
    "blocked_places",
    "choose_count",
    "choose_destination",
    "choose_second_count",
    "choose_second_destination",
    "choose_second_origin",
    "count_ids",
    "count_step",
    "destination_ids",
    "destination_step",
    "group",
    "maneuver_available",
    "move_destinations",
    "move_origins",
    "moves_mask",
    "moves_possible",
    "origin_ids",
    "second_count_ids",
    "second_destination_ids",
    "second_origin_ids",
    "second_origins",
]

# -- General Rules for Movement --------------------------------------------------------------


def blocked_places(s: WarpgateState, player: int, action: int, owner: Sequence[int] | None = None) -> int:
    """General Rules for Movement: the places ``player``'s ships may not end on with ``action``,
    as a bit mask (``owner``: the board's owners, if not the state's).

    A ship never moves to another player's warpgate (a warpgate counts as a planet), and with
    Recon and Maneuver (no attack) not onto another player's ships; Skirmish, Advance and
    Concentrate may "Move or Attack".  Outposts, colonies and research drones do not matter.
    """
    t = s.game.tables
    blocked = t.other_gates[player]
    if action in (RECON, MANEUVER):
        board = occupancy(s) if owner is None else board_of(t, tuple(owner), s.game.players)
        blocked |= board.others[player]
    return blocked


def move_destinations(
    s: WarpgateState, action: int, origin: int, x: int, player: int, owner: Sequence[int] | None = None,
    as_ids: bool = False,
) -> tuple[int, ...]:
    """Places the ships at ``origin`` may move (or attack) to with ``action`` at X, ascending:
    in range (Recon X+X, the others X) and not :func:`blocked_places` (``owner``: the board's
    owners, if not the state's; ``as_ids``: the places' destination ids instead)."""
    t = s.game.tables
    reach = t.near_mask[origin][_reach(action, x)] & ~blocked_places(s, player, action, owner)
    return mask_entries(t.destination_bytes if as_ids else t.place_bytes, reach)


def _reach(action: int, x: int) -> int:
    """How far ``action`` at X moves: Recon X+X, the others X."""
    return 2 * x if action == RECON else x


def move_origins(s: WarpgateState, action: int, x: int, player: int, off: int = 0) -> tuple[int, ...]:
    """Places holding enough of ``player``'s ships (Advance: 2 or more) that can go somewhere
    (``off``: added to each place, for the places' action ids)."""
    need = 2 if action == ADVANCE else 1
    ships = s.ships
    blocked = blocked_places(s, player, action)
    near = s.game.tables.near_mask
    r = _reach(action, x)
    out = []
    for o in occupancy(s).places[player]:
        if ships[o] >= need and near[o][r] & ~blocked:
            out.append(off + o)
    return tuple(out)


def any_move(s: WarpgateState, action: int, x: int, player: int) -> bool:
    """Whether ``action`` at X moves any ship (some origin of :func:`move_origins` exists)."""
    return moves_possible(s, x, player)[action]


def moves_possible(s: WarpgateState, x: int, player: int) -> tuple[bool, bool, bool, bool, bool]:
    """Whether Recon, Maneuver, Skirmish, Advance and Concentrate at X can each move a ship
    (:func:`moves_mask` as one flag per move, by code)."""
    mask = moves_mask(s, x, player, occupancy(s))
    return (mask >> RECON & 1 == 1, mask >> MANEUVER & 1 == 1, mask >> SKIRMISH & 1 == 1,
            mask >> ADVANCE & 1 == 1, mask >> CONCENTRATE & 1 == 1)


def moves_mask(s: WarpgateState, x: int, player: int, board: Occupancy) -> int:
    """The moves (a bit per action code: Recon, Maneuver, Skirmish, Advance, Concentrate) that at
    X can move a ship of ``player``'s (``board``: the state's :func:`~state.occupancy`).

    One pass over the player's places: the places some group of their
    ships reaches (Advance: groups of 2 or more) against the places it may
    not end on; a destination reached from any origin is one reached from
    some origin.
    """
    t = s.game.tables
    ships = s.ships
    # Tables.move_reach packs the three masks of a place into one int (see there): one OR per place.
    reaches = t.move_reach[x]
    packed = 0
    for o in board.places[player]:
        packed |= reaches[o][ships[o] >= 2]
    width = t.reach_width
    # Each test below is a few operations on ints of up to 3 * width bits (each one a new int).
    ungated = t.ungated[player]  # not another player's warpgate: Move or Attack may end there
    free = ungated & ~board.others[player]  # nor another player's ships: a plain move may
    moves = 0
    if packed >> width & free:  # within 2X: Recon
        moves |= _RECON
    if packed & free:  # within X (the low width bits): Maneuver
        moves |= _MANEUVER
    if packed & ungated:  # within X, moving or attacking: Skirmish, Concentrate
        moves |= _SKIRMISH | _CONCENTRATE
    if packed >> 2 * width & ungated:  # within X of a group of 2 or more: Advance
        moves |= _ADVANCE
    return moves


_RECON, _MANEUVER, _SKIRMISH, _ADVANCE, _CONCENTRATE = (
    1 << RECON, 1 << MANEUVER, 1 << SKIRMISH, 1 << ADVANCE, 1 << CONCENTRATE
)


def maneuver_available(ships: Sequence[int], owner: Sequence[int], player: int, place: int,
                       destination: int, first_group: int) -> int:
    """Maneuver: ships at ``place`` not moved by the first group ("a different group")."""
    n = ships[place] if owner[place] == player else 0
    return n - first_group if place == destination else n


def second_origins(
    s: WarpgateState, action: int, x: int, player: int, origin: int, destination: int, first_group: int,
    ships: Sequence[int] | None = None, owner: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Where a second group may come from (``ships``, ``owner``: the board, if not the state's).

    Maneuver: any place with ships that may still move; Concentrate: "from
    two different planets": another place with your ships within range X
    of the destination.
    """
    if ships is None:
        ships = s.ships
    if owner is None:
        owner = s.owner
    if action == MANEUVER:
        t = s.game.tables
        board = board_of(t, tuple(owner), s.game.players)
        # A place qualifies when some destination of :func:`move_destinations` exists; every ship
        # at a place of the player's other than the first group's destination may still move.
        blocked = blocked_places(s, player, MANEUVER, owner)
        near = t.near_mask
        out = []
        for o in board.places[player]:
            if near[o][x] & ~blocked and (
                o != destination or maneuver_available(ships, owner, player, o, destination, first_group) >= 1
            ):
                out.append(o)
        return tuple(out)
    out = []
    for o in s.game.tables.near[destination][x]:
        if o != origin and owner[o] == player:
            out.append(o)
    return tuple(out)


# -- the steps' choices ----------------------------------------------------------------------


def origin_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, action, x = step
    return move_origins(s, action, x, player, s.game.tables.off_from)


def destination_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, action, x, origin = step
    return move_destinations(s, action, origin, x, player, None, True)


def count_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Maneuver/Concentrate: 1 or more ships; Advance: 2 or more."""
    _, _player, action, _x, origin, _destination = step
    off = s.game.tables.off_ships
    low = 2 if action == ADVANCE else 1
    return tuple(range(off + low - 1, off + s.ships[origin]))


def second_origin_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, action, x, origin, destination, first_group = step
    t = s.game.tables
    off = t.off_from
    out = []
    for o in second_origins(s, action, x, player, origin, destination, first_group):
        out.append(off + o)
    out.append(t.id_done)
    return tuple(out)


def second_destination_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, _action, x, _destination, _first_group, origin2 = step
    return move_destinations(s, MANEUVER, origin2, x, player, None, True)


def second_count_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, action, _x, destination, first_group, origin2, _destination2 = step
    if action == MANEUVER:
        most = maneuver_available(s.ships, s.owner, player, origin2, destination, first_group)
    else:
        most = s.ships[origin2]
    off = s.game.tables.off_ships
    return tuple(range(off, off + most))


# -- the steps' effects ----------------------------------------------------------------------


def destination_step(step: Step, origin: int) -> Step:
    """The ORIGIN ``step`` answered with ``origin``: the destination is chosen next."""
    _, player, action, x = step
    return (DEST, player, action, x, origin)


def count_step(ships: Sequence[int], step: Step, destination: int) -> Step | None:
    """The DEST ``step`` answered with ``destination``: the number of ships is chosen next (the
    COUNT step), or ``None`` when the action moves exactly 1 ship (Recon, Skirmish) or only one
    count fits (Maneuver, Concentrate: 1 or more; Advance: 2 or more)."""
    _, player, action, x, origin = step
    if action in (RECON, SKIRMISH) or (2 if action == ADVANCE else 1) == ships[origin]:
        return None
    return (COUNT, player, action, x, origin, destination)


def choose_destination(w: Work, step: Step, action_id: int) -> None:
    """Recon and Skirmish move exactly 1 ship (here: an attack; the rest is built directly, see
    ``rules._destination`` and :func:`group`)."""
    _, player, _action, _x, origin = step
    take_ships(w, origin, 1)
    arrive(w, player, action_id - w.state.game.tables.off_to, 1)


def choose_count(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The first group's size is chosen: it moves (:func:`group`)."""
    _, player, action, x, origin, destination = step
    return group(s, player, action, x, origin, destination, action_id - s.game.tables.off_ships + 1)


def group(
    s: WarpgateState, player: int, action: int, x: int, origin: int, destination: int, count: int
) -> WarpgateState:
    """A first group of ``count`` ships chose its destination (Maneuver, Advance, Concentrate).

    Builds the successor itself (a ``direct`` action of the step machine), with a Work only
    for an attack (:func:`arrive`).  A Maneuver group is at its destination at once (it never
    moves onto another player's ships); an Advance group arrives; a Concentrate group has left
    its origin and waits for a second group, if one may come.
    """
    new, fields = successor(s)
    if action == MANEUVER:
        move_ships(fields, player, origin, destination, count)
    else:
        leave(fields, origin, count)
        if action == ADVANCE:
            return _arrive(new, player, destination, count)
    if second_origins(s, action, x, player, origin, destination, count, fields["ships"], fields["owner"]):
        fields["steps"] = ((ORIGIN2, player, action, x, origin, destination, count), *s.steps[1:])
    elif action == CONCENTRATE:
        return _arrive(new, player, destination, count)
    else:
        end_turn_fields(fields, s.game)
    return new


def _arrive(new: WarpgateState, player: int, destination: int, count: int) -> WarpgateState:
    """:func:`arrive` on a successor whose board is still tuples: a move straight into it, an
    attack through a Work."""
    fields = new.__dict__
    other = fields["owner"][destination]
    if other < 0 or other == player:
        land(fields, destination, player, count)
        end_turn_fields(fields, new.game)
        return new
    w = WarpgateWork(new)
    start_battle(w, player, destination, count, other)
    return w.commit()  # type: ignore[no-any-return]


# The second group's choices build the successor themselves too (``direct`` actions of the step
# machine), with a Work only for an attack (:func:`_arrive`).


def choose_second_origin(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The second group's origin, or Done: no second group."""
    _, player, action, x, _origin, destination, first_group = step
    t = s.game.tables
    new, fields = successor(s)
    if action_id == t.id_done:
        if action == CONCENTRATE:
            return _arrive(new, player, destination, first_group)
        end_turn_fields(fields, s.game)
        return new
    origin2 = action_id - t.off_from
    if action == MANEUVER:
        fields["steps"] = ((DEST2, player, action, x, destination, first_group, origin2), *s.steps[1:])
    elif s.ships[origin2] == 1:
        leave(fields, origin2, 1)
        return _arrive(new, player, destination, first_group + 1)
    else:
        fields["steps"] = (
            (COUNT2, player, action, x, destination, first_group, origin2, NO_PLACE), *s.steps[1:]
        )
    return new


def choose_second_destination(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    _, player, action, x, destination, first_group, origin2 = step
    destination2 = action_id - s.game.tables.off_to
    new, fields = successor(s)
    if maneuver_available(s.ships, s.owner, player, origin2, destination, first_group) == 1:
        leave(fields, origin2, 1)
        return _arrive(new, player, destination2, 1)
    fields["steps"] = (
        (COUNT2, player, action, x, destination, first_group, origin2, destination2), *s.steps[1:]
    )
    return new


def choose_second_count(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The second group moves: Maneuver to its own destination, Concentrate to join the first."""
    _, player, action, _x, destination, first_group, origin2, destination2 = step
    count = action_id - s.game.tables.off_ships + 1
    new, fields = successor(s)
    leave(fields, origin2, count)
    if action == MANEUVER:
        return _arrive(new, player, destination2, count)
    return _arrive(new, player, destination, first_group + count)


def arrive(w: Work, player: int, destination: int, count: int) -> None:
    """``player``'s ships reach ``destination``: a move, or an attack starting a battle."""
    other = w.peek("owner")[destination]
    if other < 0 or other == player:
        put_ships(w, destination, player, count)
        end_turn(w)
        return
    start_battle(w, player, destination, count, other)
