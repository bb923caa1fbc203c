"""Determine Military Control and Conquering: who controls a just-completed
sector, and which rival colony they replace."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import SLOTS
from boardgames.games.galaxys_edge.ending import end_turn
from boardgames.games.galaxys_edge.interpretations import (
    CONQUEST_NEEDS_A_SUPPLY_COLONY,
    PROTECTED_TIE_SHIELDS_THE_OTHERS,
    REPLACER_CHOOSES_AMONG_TIES,
)
from boardgames.games.galaxys_edge.pledges import claim_pledge
from boardgames.games.galaxys_edge.state import (
    BASE_CLASSES,
    BASE_CODE,
    BYTE,
    EMPTY,
    NOBODY,
    GalaxysEdgeWork,
    Phase,
    choices_of,
    colony_code,
    locations_in,
    owner_of,
)
from boardgames.games.galaxys_edge.turn import gain_colony_bit, gain_presence, refresh_player_at

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Choices, GalaxysEdgeState
    from boardgames.kernel.steps import Step
    from boardgames.kernel.work import Work

__all__ = [
    "choice_choices",
    "choose_replacement",
    "conquer",
    "determine_control",
    "military_control",
    "military_controller",
    "replace_candidates",
    "replace_colony",
    "replace_or_choose",
]


def military_controller(state: GalaxysEdgeState, position: int) -> int:
    """Determine Military Control: Class 1 bases, then Class 2, then Class 3.

    A player claims control only by being the only player with bases of the
    deciding class in the vicinity of the completed sector; how many they
    have does not matter.  Returns the player, or :data:`NOBODY` for no control.
    """
    occupant = state.occupant
    systems = state.layout.systems
    owners: list[set[int]] = [set() for _ in range(BASE_CLASSES)]
    for near in state.game.rules.vicinity_positions[position]:
        for loc in systems[near]:
            code = occupant[loc]
            if code >= BASE_CODE:
                index = code - BASE_CODE
                owners[index % BASE_CLASSES].add(index // BASE_CLASSES)
    for holders in owners:
        if len(holders) == 1:
            return next(iter(holders))
    return NOBODY


def replace_candidates(state: GalaxysEdgeState, position: int, player: int, most: bool) -> tuple[int, ...]:
    """The rival colonies ``player`` may replace in a sector: the most (or least)
    valuable ones, not protected by an active Forcefield, one per owner.

    Ties: see :data:`~interpretations.REPLACER_CHOOSES_AMONG_TIES` and
    :data:`~interpretations.PROTECTED_TIE_SHIELDS_THE_OTHERS`.
    """
    occupant = state.occupant
    value = state.layout.value
    own = colony_code(player)
    found: list[tuple[int, int]] = []
    for loc in state.layout.systems[position]:
        code = occupant[loc]
        if EMPTY < code < BASE_CODE and code != own:
            found.append((value[loc], loc))
    if not found:
        return ()
    target = (max(found) if most else min(found))[0]  # the (value, location) pairs' highest or lowest value
    out: list[int] = []
    owners: set[int] = set()
    forcefield = state.forcefield
    for v, loc in found:
        if v != target:
            continue
        owner = occupant[loc] - 1
        if forcefield[owner]:
            if PROTECTED_TIE_SHIELDS_THE_OTHERS:
                return ()
        elif owner not in owners:
            owners.add(owner)
            out.append(loc)
    return tuple(out) if REPLACER_CHOOSES_AMONG_TIES else tuple(out[:1])


def military_control(new: GalaxysEdgeState, position: int, then: int) -> bool:
    """Determine Military Control of a just-completed sector and conquer.

    Returns True when the conquering player must first choose among tied
    colonies (the turn then continues with a step of kind ``then``).
    """
    controller = military_controller(new, position)
    if controller == NOBODY:
        return False
    return conquer(new, controller, position, then)


def determine_control(new: GalaxysEdgeState, step: Step | None = None) -> None:
    """Determine Military Control: "If by building an installation you occupied
    the last empty system in its sector" (only then), once the die and its
    event are resolved; then the turn ends.  Called by the rule that resolves
    the event (``events.after_event``), or run by the step machine as the
    ``Phase.CONTROL`` step that follows a choice among tied colonies (already
    taken off the queue)."""
    if military_control(new, new.built // SLOTS, Phase.END):
        return
    end_turn(new)


def conquer(new: GalaxysEdgeState, player: int, position: int, then: int) -> bool:
    """Conquering: replace the most-valuable rival colony unless it is protected."""
    if CONQUEST_NEEDS_A_SUPPLY_COLONY and not new.colonies_left[player]:
        return False
    candidates = replace_candidates(new, position, player, most=True)
    return replace_or_choose(new, player, candidates, then)


def replace_or_choose(new: GalaxysEdgeState, player: int, candidates: tuple[int, ...], then: int) -> bool:
    """Replace the one candidate colony, or open a choice among several.

    Returns True when a choice is now pending: a :data:`Phase.CHOOSE` step
    for ``player``, followed by the step ``then`` of the active player.
    """
    if not candidates:
        return False
    if len(candidates) == 1:
        replace_colony(new, candidates[0], player)
        return False
    options = 0
    for loc in candidates:
        options |= 1 << loc
    new.__dict__["steps"] = ((Phase.CHOOSE, player, options), (then, new.active))
    return True


def replace_colony(new: GalaxysEdgeState, location: int, player: int) -> None:
    """Replace a rival colony with one of ``player``'s: the displaced colony
    returns to its owner's supply."""
    occupant = new.occupant
    victim = owner_of(occupant[location])
    w = GalaxysEdgeWork(new)
    w.occupant = occupant[:location] + BYTE[colony_code(player)] + occupant[location + 1 :]
    w.add("colonies_left", victim, 1)
    w.add("colonies_left", player, -1)
    position = location // SLOTS
    refresh_player_at(new, victim, position)
    gain_presence(new, player, position)
    gain_colony_bit(new, player, position)
    claim_pledge(new, new.layout.species[position])


def choice_choices(state: GalaxysEdgeState) -> Choices:
    """Conquering among tied rival colonies: one action per colony offered."""
    base = state.game.ids.REPLACE
    return choices_of([base + loc for loc in locations_in(state.steps[0][2])], state.game.catalogue.actions)


def choose_replacement(work: Work, step: Step, action_id: int) -> None:
    """Resolve a pending choice among tied rival colonies (the ``choose`` step
    ``step``), then continue the turn with the step after it."""
    replace_colony(work.state, action_id - work.game.ids.REPLACE, step[1])
    work.pop()
