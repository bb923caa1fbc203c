"""Determine Military Control and Conquering: who controls a just-completed
sector, and which rival colony they replace."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, positions_in
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
    COLONY_CODES,
    NOBODY,
    OWNERS,
    SEATS,
    Phase,
    choices_of,
    class_of,
    colony_code,
    locations_in,
    owner_of,
)
from boardgames.games.galaxys_edge.turn import gain_colony_bit, gain_presence, refresh_player_at

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Choices, Fields, GalaxysEdgeState
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

    The distinct occupant codes of the vicinity mark who has bases of which
    Class (:data:`_BASE_LANES`); the rule itself is :func:`_controller_of`,
    worked out once for every such set (:data:`_CONTROLLER`).
    """
    seen = 0
    for code in set(_VICINITY_CODES[position](state.occupant)):
        seen |= _BASE_LANES[code]
    return _CONTROLLER[seen]


def _controller_of(seen: int) -> int:
    """Determine Military Control from ``seen``, a 4-bit lane per base Class (the
    players with bases of Class 1, 2 and 3 in the vicinity): the first Class in
    which exactly one player has bases decides."""
    for base_class in range(BASE_CLASSES):
        holders = seen >> (_LANE * base_class) & _LANE_MASK
        if holders and not holders & (holders - 1):
            return holders.bit_length() - 1
    return NOBODY


_LANE = SEATS
"""Bits per base Class in a set of base holders: one per seat."""
_LANE_MASK = (1 << _LANE) - 1
_BASE_LANES: tuple[int, ...] = tuple(
    0 if code < BASE_CODE else 1 << (_LANE * (class_of(code) - 1) + owner_of(code)) for code in range(256)
)
"""Per occupant code: the bit of its base's owner in the lane of its Class (0 for
an empty system or a colony)."""
_CONTROLLER: tuple[int, ...] = tuple(_controller_of(seen) for seen in range(1 << (_LANE * BASE_CLASSES)))
"""Per set of base holders (lanes of :data:`_BASE_LANES`): the controlling player or NOBODY."""
_VICINITY_CODES = tuple(
    itemgetter(*(loc for q in positions_in(vicinity) for loc in range(q * SLOTS, (q + 1) * SLOTS)))
    for vicinity in GEOMETRY.vicinity
)
"""Per position: the occupant codes of every slot in its vicinity (a slot with no
system is always empty), picked with one C-level call."""


def replace_candidates(state: GalaxysEdgeState, position: int, player: int, most: bool) -> tuple[int, ...]:
    """The rival colonies ``player`` may replace in a sector: the most (or least)
    valuable ones, not protected by an active Forcefield, one per owner.

    Ties: see :data:`~interpretations.REPLACER_CHOOSES_AMONG_TIES` and
    :data:`~interpretations.PROTECTED_TIE_SHIELDS_THE_OTHERS`.
    """
    occupant = state.occupant
    value = state.layout.value
    rivals = _RIVAL_COLONIES[player]
    found: list[tuple[int, int]] = []
    target = -1  # the highest (lowest) value among them, found in the same loop (``max`` is dear on 3.11)
    for loc in state.layout.systems[position]:
        if occupant[loc] in rivals:
            v = value[loc]
            found.append((v, loc))
            if target < 0 or (v > target if most else v < target):
                target = v
    if not found:
        return ()
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


_RIVAL_COLONIES: tuple[frozenset[int], ...] = tuple(
    frozenset(colony_code(rival) for rival in range(SEATS) if rival != player) for player in range(SEATS)
)
"""Per player: the occupant codes of the other players' colonies."""


def military_control(new: GalaxysEdgeState, d: Fields, position: int, then: int) -> bool:
    """Determine Military Control of a just-completed sector and conquer.

    Returns True when the conquering player must first choose among tied
    colonies (the turn then continues with a step of kind ``then``).
    """
    controller = military_controller(new, position)
    if controller == NOBODY:
        return False
    return conquer(new, d, controller, position, then)


def determine_control(new: GalaxysEdgeState, d: Fields) -> None:
    """Determine Military Control: "If by building an installation you occupied
    the last empty system in its sector" (only then), once the die and its
    event are resolved; then the turn ends.  Called by the rule that resolves
    the event (``events.after_event``), or run by the step machine as the
    ``Phase.CONTROL`` step that follows a choice among tied colonies (already
    taken off the queue)."""
    if military_control(new, d, new.built // SLOTS, Phase.END):
        return
    end_turn(new, d)


def conquer(new: GalaxysEdgeState, d: Fields, player: int, position: int, then: int) -> bool:
    """Conquering: replace the most-valuable rival colony unless it is protected."""
    if CONQUEST_NEEDS_A_SUPPLY_COLONY and not new.colonies_left[player]:
        return False
    candidates = replace_candidates(new, position, player, most=True)
    return replace_or_choose(new, d, player, candidates, then)


def replace_or_choose(
    new: GalaxysEdgeState, d: Fields, player: int, candidates: tuple[int, ...], then: int
) -> bool:
    """Replace the one candidate colony, or open a choice among several.

    Returns True when a choice is now pending: a :data:`Phase.CHOOSE` step
    for ``player``, followed by the step ``then`` of the active player.
    """
    if not candidates:
        return False
    if len(candidates) == 1:
        replace_colony(new, d, candidates[0], player)
        return False
    options = 0
    for loc in candidates:
        options |= 1 << loc
    d["steps"] = ((Phase.CHOOSE, player, options), (then, new.active))
    return True


def replace_colony(new: GalaxysEdgeState, d: Fields, location: int, player: int) -> None:
    """Replace a rival colony with one of ``player``'s: the displaced colony
    returns to its owner's supply."""
    occupant = new.occupant
    victim = OWNERS[occupant[location]]
    d["occupant"] = occupant[:location] + BYTE[COLONY_CODES[player]] + occupant[location + 1 :]
    left = list(new.colonies_left)
    left[victim] += 1
    left[player] -= 1
    d["colonies_left"] = tuple(left)
    position = location // SLOTS
    refresh_player_at(new, d, victim, position)
    gain_presence(new, d, player, position)
    # The victim's loss may move the pledge too: claimed once, after both changes.
    gain_colony_bit(new, d, player, position, False)
    claim_pledge(new, d, new.layout.species[position])


def choice_choices(state: GalaxysEdgeState) -> Choices:
    """Conquering among tied rival colonies: one action per colony offered."""
    base = state.game.ids.REPLACE
    return choices_of([base + loc for loc in locations_in(state.steps[0][2])], state.game.catalogue.actions)


def choose_replacement(work: Work, step: Step, action_id: int) -> None:
    """Resolve a pending choice among tied rival colonies (the ``choose`` step
    ``step``), then continue the turn with the step after it."""
    new = work.state
    replace_colony(new, new.__dict__, action_id - work.game.ids.REPLACE, step[1])
    work.pop()
