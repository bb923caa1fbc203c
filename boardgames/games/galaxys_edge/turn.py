"""On Your Turn: move your flagship and build one installation, in either order.

The functions that change a state work on a successor that ``apply`` is
still assembling (copy-on-write: only the fields a rule changes are
replaced, with new tuples); nothing here is called on a state that has been
handed out.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, positions_in, reach_of
from boardgames.games.galaxys_edge.ending import end_turn
from boardgames.games.galaxys_edge.pledges import claim_pledge
from boardgames.games.galaxys_edge.state import (
    BASE_CODE,
    BASE_CODES,
    BYTE,
    COLONY_CODES,
    NOT_BUILT,
    OWNERS,
    Phase,
    one_step_queues,
)

_ROLL = one_step_queues(Phase.ROLL)

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Choices, GalaxysEdgeState

__all__ = [
    "after_actions",
    "build_base",
    "build_colony",
    "gain_colony_bit",
    "gain_presence",
    "move_flagship",
    "occupy",
    "refresh_player_at",
    "turn_choices",
]


def turn_choices(state: GalaxysEdgeState) -> Choices:
    """On Your Turn: move and/or build once each, in either order, or end the turn.

    The ids are concatenated from the empty systems of each sector (a colony's
    id is its location) and the rules' base id tables, and the actions are
    looked up at once at the end.
    """
    rules = state.game.rules
    player = state.active
    flagship = state.flagships[player]
    if state.built != NOT_BUILT:
        return rules.end_or_move[flagship]  # built, not yet moved
    buildable = state.open_mask & ~state.ban_mask
    flag_bit = 1 << flagship
    vacant = state.vacant
    ids: list[int] = []
    if state.colonies_left[player]:
        # Build One Colony: an installation in the vicinity, or the flagship in the sector.
        for position in positions_in((state.reach[player] | flag_bit) & buildable):
            ids += vacant[position]
    tokens = state.tokens_left[player]
    if tokens and flag_bit & buildable:
        # Build One Base: only where the flagship is, of a Class the tokens left allow.
        ids += rules.base_ids[vacant[flagship]][tokens]
    last = rules.end_only if state.moved else rules.end_or_move[flagship]
    if not ids:
        return last
    ids += last[0]
    listed = tuple(ids)  # unpacked as the itemgetter's arguments without another copy
    return listed, itemgetter(*listed)(rules.catalogue)


def move_flagship(new: GalaxysEdgeState, position: int) -> None:
    """Move Your Flagship: to an adjacent sector, whatever is there."""
    d = new.__dict__
    flagships = list(new.flagships)
    flagships[new.active] = position
    d["flagships"] = tuple(flagships)
    d["moved"] = True
    if new.built != NOT_BUILT:
        after_actions(new)


# The rules below read a successor's fields as attributes (cheaper than its
# instance dict) and write them through the dict (a state is frozen); a
# player's entry of a per-player tuple is changed through a list (cheaper
# than splicing slices for tuples of 2 to 4).


def occupy(new: GalaxysEdgeState, location: int, code: int, player: int) -> None:
    """Put an installation on an empty system and update the derived masks."""
    d = new.__dict__
    position = location // SLOTS
    occupant = new.occupant
    d["occupant"] = occupant[:location] + BYTE[code] + occupant[location + 1 :]
    vacant = new.vacant
    here = vacant[position]
    slot = here.index(location)
    left = here[:slot] + here[slot + 1 :]
    sectors = list(vacant)  # one entry of 30 changed through a list: cheaper than splicing slices
    sectors[position] = left
    d["vacant"] = tuple(sectors)
    bit = 1 << position
    if not left:
        d["open_mask"] = new.open_mask & ~bit
    if not new.presence[player] & bit:
        presence = list(new.presence)
        presence[player] |= bit
        d["presence"] = tuple(presence)
        reach = list(new.reach)
        reach[player] |= GEOMETRY.vicinity[position]
        d["reach"] = tuple(reach)


def build_colony(new: GalaxysEdgeState, location: int) -> None:
    """Build One Colony: place a colony from your supply onto an empty system."""
    player = new.active
    occupy(new, location, COLONY_CODES[player], player)
    gain_colony_bit(new, player, location // SLOTS)
    left = list(new.colonies_left)
    left[player] -= 1
    d = new.__dict__
    d["colonies_left"] = tuple(left)
    d["built"] = location
    if new.moved:
        after_actions(new)


def build_base(new: GalaxysEdgeState, location: int, base_class: int) -> None:
    """Build One Base: a stack of 1 to 3 military tokens; its Class is permanent."""
    player = new.active
    occupy(new, location, BASE_CODES[player][base_class], player)
    left = list(new.tokens_left)
    left[player] -= base_class
    d = new.__dict__
    d["tokens_left"] = tuple(left)
    d["built"] = location
    if new.moved:
        after_actions(new)


def gain_colony_bit(new: GalaxysEdgeState, player: int, position: int) -> None:
    """Record a colony of ``player`` at ``position``; a newly colonized sector
    may win them its species' pledge (Loyalty Pledges)."""
    bit = 1 << position
    if not new.colony_mask[player] & bit:
        masks = list(new.colony_mask)
        masks[player] |= bit
        new.__dict__["colony_mask"] = tuple(masks)
        species = new.layout.species[position]
        if new.pledges[species] != player:  # a holder's own gain changes nothing
            claim_pledge(new, species)


def gain_presence(new: GalaxysEdgeState, player: int, position: int) -> None:
    """Record an installation of ``player`` at ``position`` (and its vicinity)."""
    bit = 1 << position
    if not new.presence[player] & bit:
        presence = list(new.presence)
        presence[player] |= bit
        new.__dict__["presence"] = tuple(presence)
        reach = list(new.reach)
        reach[player] |= GEOMETRY.vicinity[position]
        new.__dict__["reach"] = tuple(reach)


def refresh_player_at(new: GalaxysEdgeState, player: int, position: int) -> None:
    """Recompute ``player``'s masks after one of their installations left ``position``."""
    has_any = has_colony = False
    occupant = new.occupant
    for loc in new.layout.systems[position]:
        code = occupant[loc]
        if OWNERS[code] == player:
            has_any = True
            if code < BASE_CODE:
                has_colony = True
    bit = 1 << position
    d = new.__dict__
    masks = new.colony_mask
    if not has_colony and masks[player] & bit:
        changed = list(masks)
        changed[player] &= ~bit
        d["colony_mask"] = tuple(changed)
    presence = new.presence
    if not has_any and presence[player] & bit:
        changed = list(presence)
        left = changed[player] = presence[player] & ~bit
        d["presence"] = tuple(changed)
        reach = list(new.reach)
        reach[player] = reach_of(left)
        d["reach"] = tuple(reach)


def after_actions(new: GalaxysEdgeState) -> None:
    """After your actions: roll the event die if you built, else the turn ends."""
    if new.built != NOT_BUILT:
        new.__dict__["steps"] = _ROLL[new.active]
    else:
        end_turn(new)
