"""Deploying Ships: the Warp-in and Reinforce actions, and moving ships on and off places.

"To deploy a ship, place it from your supply on a planet or a Warpgate."
Moving ships edits a :class:`~boardgames.kernel.work.Work` over the successor; deploying and the
Warp-in and Reinforce actions build the successor themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate.state import NOBODY, REINFORCE_PICK, Step, occupancy, reowned
from boardgames.games.warpgate.turn import end_turn_fields
from boardgames.kernel.cards import mask_entries
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = [
    "deploy",
    "land",
    "leave",
    "move_ships",
    "put_ships",
    "reinforce",
    "reinforce_ids",
    "reinforce_places",
    "take_ships",
    "warp_in",
    "warp_in_ids",
]


def take_ships(w: Work, place: int, count: int) -> None:
    """``count`` ships leave ``place``; a place left empty has no owner."""
    if w.add("ships", place, -count) == 0:
        w.put("owner", place, NOBODY)


def put_ships(w: Work, place: int, player: int, count: int) -> None:
    """``count`` of ``player``'s ships arrive at ``place`` (never onto another player's ships)."""
    w.add("ships", place, count)
    # The owner tuple is replaced only when the place changes hands: rules remember what they
    # learnt about a board by the identity of its ``owner`` (``state.occupancy``).
    if w.peek("owner")[place] != player:
        w.put("owner", place, player)


def leave(fields: dict[str, Any], place: int, count: int) -> None:
    """:func:`take_ships` on a successor's ``__dict__`` whose board is still tuples."""
    ships = fields["ships"]
    left = ships[place] - count
    fields["ships"] = put(ships, place, left)
    if left == 0:
        owner = fields["owner"]
        fields["owner"] = new = put(owner, place, NOBODY)
        reowned(fields, owner, new, (place,))


def land(fields: dict[str, Any], place: int, player: int, count: int) -> None:
    """:func:`put_ships` on a successor's ``__dict__`` whose board is still tuples."""
    ships = fields["ships"]
    fields["ships"] = put(ships, place, ships[place] + count)
    owner = fields["owner"]
    if owner[place] != player:  # replaced only when the place changes hands (see put_ships)
        fields["owner"] = new = put(owner, place, player)
        reowned(fields, owner, new, (place,))


def move_ships(fields: dict[str, Any], player: int, origin: int, destination: int, count: int) -> None:
    """:func:`take_ships` from ``origin`` then :func:`put_ships` at ``destination`` on a successor's
    ``__dict__`` whose board is still tuples (a move that attacks nobody)."""
    ships = list(fields["ships"])
    ships[origin] -= count
    ships[destination] += count
    fields["ships"] = tuple(ships)
    owner = fields["owner"]
    if ships[origin] == 0 or owner[destination] != player:  # a place changes hands (see put_ships)
        changed = list(owner)
        if ships[origin] == 0:
            changed[origin] = NOBODY
        changed[destination] = player
        fields["owner"] = new = tuple(changed)
        reowned(fields, owner, new, (origin, destination))


def deploy(fields: dict[str, Any], player: int, place: int, count: int) -> None:
    """Deploying Ships: ``player`` places ``count`` ships from their supply on ``place``
    (``fields``: a successor's ``__dict__`` whose ``supply``, ``ships`` and ``owner`` are still
    tuples, or the successor of a Work that has not thawed them)."""
    supply = fields["supply"]
    fields["supply"] = put(supply, player, supply[player] - count)
    ships = fields["ships"]
    fields["ships"] = put(ships, place, ships[place] + count)
    owner = fields["owner"]
    if owner[place] != player:  # replaced only when the place changes hands (see put_ships)
        fields["owner"] = new = put(owner, place, player)
        reowned(fields, owner, new, (place,))


# -- Warp-in --------------------------------------------------------------------------------------


def warp_in_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Warp-in: "Deploy up to X ships to your Warpgate" (at least one; as many as the supply holds)."""
    off = s.game.tables.off_warp
    return tuple(range(off, off + min(step[2], s.supply[step[1]])))


def warp_in(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """Warp-in: deploy ships to the player's warpgate; the turn ends.

    Builds the successor itself (a ``direct`` action of the step machine)."""
    new, fields = successor(s)
    game = s.game
    t = game.tables
    player = step[1]
    deploy(fields, player, t.gate[player], action_id - t.off_warp + 1)
    end_turn_fields(fields, game)
    return new


# -- Reinforce ------------------------------------------------------------------------------------


def reinforce_places(s: WarpgateState, player: int, x: int, chosen: int) -> tuple[int, ...]:
    """Reinforce: "Deploy 1 ship to up to X planets and/or your Warpgate that already contain 1 or
    more of your ships", each place once (``chosen``: the places already chosen), while the supply lasts."""
    return mask_entries(s.game.tables.place_bytes, _reinforce_mask(s, player, x, chosen))


def _reinforce_mask(s: WarpgateState, player: int, x: int, chosen: int) -> int:
    """:func:`reinforce_places` as a bit mask."""
    if s.supply[player] == 0 or chosen.bit_count() >= x:
        return 0
    return occupancy(s).mine[player] & ~chosen


def reinforce_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Reinforce's choices: a place, or Done once a place was chosen."""
    t = s.game.tables
    _, player, x, chosen = step
    places = mask_entries(t.reinforce_bytes, _reinforce_mask(s, player, x, chosen))
    return (*places, t.id_done) if chosen else places


def reinforce(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """Reinforce: deploy 1 ship to the place chosen, or Done; the turn ends when no place is left.

    Builds the successor itself (a ``direct`` action of the step machine).  The place holds the
    player's ships already, so the board's owners (and ``occupancy``) stay as they were."""
    new, fields = successor(s)
    game = s.game
    t = game.tables
    _, player, x, chosen = step
    if action_id != t.id_done:
        place = action_id - t.off_reinforce
        deploy(fields, player, place, 1)
        chosen |= 1 << place
        if (fields["supply"][player] > 0 and chosen.bit_count() < x
                and occupancy(s).mine[player] & ~chosen):
            fields["steps"] = ((REINFORCE_PICK, player, x, chosen), *s.steps[1:])
            return new
    end_turn_fields(fields, game)
    return new
