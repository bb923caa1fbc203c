"""The Control action and Objective cards (I7: what Control does on a planet; I8: objectives).

Control builds the successor itself; drawing an Objective card edits a
:class:`~boardgames.kernel.work.Work` over the successor.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import (
    BOARDS_MEMO_SIZE,
    CONTROL_PICK,
    END_TURN,
    OBJECTIVE,
    Step,
    occupancy,
)
from boardgames.games.warpgate.turn import end_turn_fields, replace_front
from boardgames.kernel.cards import mask_entries
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Occupancy, Tables
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = ["any_control", "control", "control_ids", "control_masks", "control_places", "draw_objective"]


def control_masks(s: WarpgateState, marker: Sequence[int], colony: Sequence[int]) -> tuple[int, ...]:
    """Per player: the planets where Control would do something for them (I7), as bit masks, on
    a board whose markers are ``marker`` (owners, -1 for none) and ``colony`` (sides).

    What Control does is the interpretation's ``effect``, asked once per game for every marker
    owner, side, player and whether they have a marker left (``Tables.control_acts``, indexed by
    ``2 * (marker + 1) + colony``): the planets are grouped by that index, and each player's mask
    joins the groups Control acts on for them (``Tables.control_groups``).  Markers change only
    by Control, so the last masks are kept by the identity of the ``marker`` and ``colony`` tuples.
    """
    t = s.game.tables
    last_marker, last_colony, masks = t.last_control
    if marker is last_marker and colony is last_colony:
        return masks
    # A search goes back and forth between positions: other boards' masks are kept in a memo by
    # the identity of their marker tuple (each entry holds both tuples, as ``state.occupancy``'s do).
    found = t.control_boards.get(id(marker))
    if found is not None and found[0] is marker and found[1] is colony:
        t.last_control = found
        return found[2]
    changed = _changed_masks(t, last_marker, last_colony, masks, marker, colony)
    return _remember(t, marker, colony, _count_masks(t, marker, colony) if changed is None else changed)


def _remember(
    t: Tables, marker: Sequence[int], colony: Sequence[int], masks: tuple[int, ...]
) -> tuple[int, ...]:
    """Keep ``masks`` as :func:`control_masks` of ``marker``/``colony``: the last ones and in the memo."""
    t.last_control = (marker, colony, masks)
    if len(t.control_boards) >= BOARDS_MEMO_SIZE:
        t.control_boards.clear()
    t.control_boards[id(marker)] = t.last_control
    return masks


def _count_masks(t: Tables, marker: Sequence[int], colony: Sequence[int]) -> tuple[int, ...]:
    """:func:`control_masks` counted over every planet."""
    bit = t.bit
    groups = [0] * (2 * len(t.control_acts) + 2)
    for d in t.planets:
        groups[2 * marker[d] + 2 + colony[d]] |= bit[d]
    made: list[int] = []
    for player, acting in enumerate(t.control_groups):
        mask = 0
        for group in acting[I.MARKERS - marker.count(player) > 0]:
            mask |= groups[group]
        made.append(mask)
    return tuple(made)


def _changed_masks(
    t: Tables, before: Sequence[int], colony_before: Sequence[int], masks: tuple[int, ...],
    marker: Sequence[int], colony: Sequence[int],
) -> tuple[int, ...] | None:
    """:func:`control_masks` of ``marker``/``colony`` from ``masks``, those of ``before`` and
    ``colony_before``, when they differ at one place only (a Control action's change) and no
    player runs out of markers or gets one back by it; else ``None`` (count them anew).  Only
    that place's bit can change: Control on it is asked again for every player."""
    if len(marker) != len(before) or len(colony) != len(colony_before):
        return None
    changed = set(compress(range(len(marker)), map(ne, marker, before)))
    changed.update(compress(range(len(colony)), map(ne, colony, colony_before)))
    if len(changed) != 1:
        return None
    (d,) = changed
    return _changed_at(t, before, masks, marker, colony, d)


def _changed_at(
    t: Tables, before: Sequence[int], masks: tuple[int, ...], marker: Sequence[int], colony: Sequence[int],
    d: int,
) -> tuple[int, ...] | None:
    """:func:`_changed_masks` when the boards are known to differ at the place ``d`` only."""
    bit = t.bit[d] & t.planet_mask
    if not bit:
        return masks
    for who in {before[d], marker[d]}:
        if who >= 0 and (I.MARKERS - before.count(who) > 0) != (I.MARKERS - marker.count(who) > 0):
            return None
    group = 2 * marker[d] + 2 + colony[d]
    return tuple([
        mask & ~bit | (bit if acts[I.MARKERS - marker.count(player) > 0][group] else 0)
        for player, (mask, acts) in enumerate(zip(masks, t.control_acts, strict=True))
    ])


def control_places(
    s: WarpgateState, player: int, chosen: int = 0,
    marker: Sequence[int] | None = None, colony: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Planets holding ``player``'s ships where Control would do something (I7), not in the bit
    mask ``chosen``, ascending (``marker``, ``colony``: the board's, if not the state's; see
    :func:`control_masks`)."""
    if marker is None:
        marker = s.marker
    if colony is None:
        colony = s.colony
    return mask_entries(s.game.tables.place_bytes, _control_mask(s, player, chosen, marker, colony))


def _control_mask(
    s: WarpgateState, player: int, chosen: int, marker: Sequence[int], colony: Sequence[int]
) -> int:
    """:func:`control_places` as a bit mask."""
    return control_masks(s, marker, colony)[player] & ~chosen & occupancy(s).mine[player]


def any_control(s: WarpgateState, x: int, player: int, board: Occupancy) -> bool:
    """Whether Control has a planet to act on (``board``: the state's :func:`~state.occupancy`)."""
    return control_masks(s, s.marker, s.colony)[player] & board.mine[player] != 0


def control_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Control X: another planet while picks are left, or Done once one was chosen."""
    t = s.game.tables
    _, player, x, chosen = step
    left = x - chosen.bit_count()
    places: tuple[int, ...] = ()
    if left > 0:
        places = mask_entries(t.control_bytes, _control_mask(s, player, chosen, s.marker, s.colony))
    return (*places, t.id_done) if chosen else places


def control(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """I7: place an outpost, upgrade your own outpost (drawing Objective cards), or replace another
    player's outpost; Done ends the action.

    Builds the successor itself (a ``direct`` action of the step machine): it changes one entry
    of ``marker`` or ``colony`` and the queue, no Work.
    """
    game = s.game
    t = game.tables
    new, fields = successor(s)
    if action_id == t.id_done:
        end_turn_fields(fields, game)
        return new
    _, player, x, chosen = step
    place = action_id - t.off_control
    rule = game.interpretations.control
    marker, colony = s.marker, s.colony
    effect = rule.effect(marker[place], bool(colony[place]), player, True)
    chosen |= 1 << place
    draws = 0
    if effect == I.COLONY:
        colony = fields["colony"] = put(colony, place, 1)
        # "Upgrading Outposts into Colonies is how you get additional Objective cards" (I7: how many).
        draws = min(rule.objectives_per_colony(), sum(s.objective_deck))
    else:
        marker = fields["marker"] = put(marker, place, player)
    # The board differs from the state's at this place only: its masks are those of the state's
    # board (the last ones, which the listing asked for) with this place's bit asked again.
    masks = _changed_at(t, s.marker, control_masks(s, s.marker, s.colony), marker, colony, place)
    masks = _remember(t, marker, colony, _count_masks(t, marker, colony) if masks is None else masks)
    acts = masks[player] & ~chosen
    more = chosen.bit_count() < x and acts & occupancy(s).mine[player] != 0
    rest = s.steps[1:]
    if more:
        steps: tuple[Step, ...] = ((CONTROL_PICK, player, x, chosen), *rest)
    elif draws > 0:
        steps = ((END_TURN, player), *rest)
    else:
        end_turn_fields(fields, game)
        return new
    if draws > 0:
        steps = ((OBJECTIVE, player, draws), *steps)
    fields["steps"] = steps
    return new


def draw_objective(w: Work, step: Step, action_id: int) -> None:
    """The new colony's owner draws the Objective card (kept secret)."""
    _, player, cards = step
    card = action_id - w.state.game.tables.off_objective
    if w.add("objective_deck", card, -1) < 0:
        raise BoardGameError(f"objective {card} is not in the objective deck")
    w.add("objectives", (player, card), 1)
    if cards > 1:
        replace_front(w, (OBJECTIVE, player, cards - 1))
    else:
        w.pop()
