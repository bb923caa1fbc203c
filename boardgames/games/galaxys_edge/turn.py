"""On Your Turn: move your flagship and build one installation, in either order.

The functions that change a state work on a successor that ``apply`` is
still assembling (copy-on-write: only the fields a rule changes are
replaced, with new tuples); nothing here is called on a state that has been
handed out.  They take the successor ``new`` and its instance dict ``d``:
they read fields as attributes of ``new`` (cheaper than subscripts of the
dict) and write them into ``d`` (a state is frozen), which the rules' dispatch
(``Rules.act``) reads once per action and hands on (reading ``__dict__`` is
a descriptor call, about 200 instructions each time).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, locations_within, reach_of
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
    from boardgames.games.galaxys_edge.state import Choices, Fields, GalaxysEdgeState

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

    The ids are the empty systems of the sectors where a colony may go (a
    colony's id is its location), picked from ``state.empty`` at once, then
    the rules' base id tables; the actions are looked up at once at the end.
    """
    rules = state.game.rules
    player = state.active
    flagship = state.flagships[player]
    if state.built != NOT_BUILT:
        return rules.end_or_move[flagship]  # built, not yet moved
    buildable = state.open_mask & ~state.ban_mask
    flag_bit = 1 << flagship
    listed: tuple[int, ...] = ()
    if state.colonies_left[player]:
        # Build One Colony: an installation in the vicinity, or the flagship in the sector.
        listed = tuple(locations_within(state.empty, (state.reach[player] | flag_bit) & buildable))
    tokens = state.tokens_left[player]
    if tokens and flag_bit & buildable:
        # Build One Base: only where the flagship is, of a Class the tokens left allow.
        listed += rules.base_ids_at[flagship][state.open_slots[flagship]][tokens]
    last = rules.end_only if state.moved else rules.end_or_move[flagship]
    if not listed:
        return last
    listed += last[0]
    return listed, itemgetter(*listed)(rules.catalogue)


def move_flagship(new: GalaxysEdgeState, d: Fields, position: int) -> None:
    """Move Your Flagship: to an adjacent sector, whatever is there."""
    flagships = list(new.flagships)
    flagships[new.active] = position
    d["flagships"] = tuple(flagships)
    d["moved"] = True
    if new.built != NOT_BUILT:
        d["steps"] = _ROLL[new.active]  # both actions taken and one was a build: roll (after_actions)


# The rules below read a successor's fields as attributes (cheaper than its
# instance dict) and write them through the dict ``d`` (a state is frozen); a
# player's entry of a per-player tuple is changed through a list (cheaper
# than splicing slices for tuples of 2 to 4).


def occupy(new: GalaxysEdgeState, d: Fields, location: int, code: int, player: int) -> None:
    """Put an installation on an empty system and update the derived masks."""
    position = location // SLOTS
    occupant = new.occupant
    d["occupant"] = occupant[:location] + BYTE[code] + occupant[location + 1 :]
    slots = new.open_slots
    left = slots[position] & ~(1 << location % SLOTS)
    d["open_slots"] = slots[:position] + BYTE[left] + slots[position + 1 :]
    d["empty"] = new.empty.replace(BYTE[location], b"")
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


def build_colony(new: GalaxysEdgeState, d: Fields, location: int) -> None:
    """Build One Colony: place a colony from your supply onto an empty system."""
    player = new.active
    occupy(new, d, location, COLONY_CODES[player], player)
    gain_colony_bit(new, d, player, location // SLOTS)
    left = list(new.colonies_left)
    left[player] -= 1
    d["colonies_left"] = tuple(left)
    d["built"] = location
    if new.moved:
        d["steps"] = _ROLL[player]  # both actions taken, and this was a build: roll (after_actions)


def build_base(new: GalaxysEdgeState, d: Fields, location: int, base_class: int) -> None:
    """Build One Base: a stack of 1 to 3 military tokens; its Class is permanent."""
    player = new.active
    occupy(new, d, location, BASE_CODES[player][base_class], player)
    left = list(new.tokens_left)
    left[player] -= base_class
    d["tokens_left"] = tuple(left)
    d["built"] = location
    if new.moved:
        d["steps"] = _ROLL[player]  # both actions taken, and this was a build: roll (after_actions)


def gain_colony_bit(new: GalaxysEdgeState, d: Fields, player: int, position: int, claim: bool = True) -> None:
    """Record a colony of ``player`` at ``position``; a newly colonized sector
    may win them its species' pledge (Loyalty Pledges), claimed here unless
    ``claim`` is false (the caller claims after further changes)."""
    bit = 1 << position
    if not new.colony_mask[player] & bit:
        masks = list(new.colony_mask)
        masks[player] |= bit
        d["colony_mask"] = tuple(masks)
        if claim:
            claim_pledge(new, d, new.layout.species[position], player)


def gain_presence(new: GalaxysEdgeState, d: Fields, player: int, position: int) -> None:
    """Record an installation of ``player`` at ``position`` (and its vicinity)."""
    bit = 1 << position
    if not new.presence[player] & bit:
        presence = list(new.presence)
        presence[player] |= bit
        d["presence"] = tuple(presence)
        reach = list(new.reach)
        reach[player] |= GEOMETRY.vicinity[position]
        d["reach"] = tuple(reach)


def refresh_player_at(new: GalaxysEdgeState, d: Fields, player: int, position: int) -> None:
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


def after_actions(new: GalaxysEdgeState, d: Fields, argument: None = None) -> None:
    """After your actions: roll the event die if you built, else the turn ends.

    Ending the actions early (``EndTurn``) comes here; the second of the two
    actions sets the roll itself when the other was a build (one call less on
    a quarter of the actions)."""
    if new.built != NOT_BUILT:
        d["steps"] = _ROLL[new.active]
    else:
        end_turn(new, d)
