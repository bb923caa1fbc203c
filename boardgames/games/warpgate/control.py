"""The Control action and Objective cards (I7: what Control does on a planet; I8: objectives).

Control builds the successor itself; drawing an Objective card edits a
:class:`~boardgames.kernel.work.Work` over the successor.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import CONTROL_PICK, END_TURN, OBJECTIVE, Step, occupancy
from boardgames.games.warpgate.turn import end_turn_fields, replace_front
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = ["any_control", "control", "control_ids", "control_places", "draw_objective"]


def control_places(
    s: WarpgateState, player: int, chosen: int = 0,
    marker: Sequence[int] | None = None, colony: Sequence[int] | None = None,
) -> Iterator[int]:
    """Planets holding ``player``'s ships where Control would do something (I7), not in the bit
    mask ``chosen``; lazily (``marker``, ``colony``: the board's, if not the state's).

    What Control does on a planet is the interpretation's ``effect``, asked
    once per game for every marker, side and player (``Tables.control_acts``).
    """
    t = s.game.tables
    place_type = t.place_type
    if marker is None:
        marker = s.marker
    if colony is None:
        colony = s.colony
    acts = t.control_acts[player][I.MARKERS - marker.count(player) > 0]
    return (
        d for d in occupancy(s).places[player]
        if place_type[d] >= 0 and not chosen >> d & 1 and acts[2 * marker[d] + 2 + colony[d]]
    )


def any_control(s: WarpgateState, x: int, player: int) -> bool:
    """Whether Control has a planet to act on."""
    return next(control_places(s, player), -1) >= 0


def control_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """Control X: another planet while picks are left, or Done once one was chosen."""
    t = s.game.tables
    _, player, x, chosen = step
    left = x - chosen.bit_count()
    places = tuple(t.off_control + d for d in control_places(s, player, chosen)) if left > 0 else ()
    return (*places, t.id_done) if chosen else places


def control(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """I7: place an outpost, upgrade your own outpost (drawing Objective cards), or replace another
    player's outpost; Done ends the action.

    Builds the successor itself (a ``direct`` action of the step machine): it changes one entry
    of ``marker`` or ``colony`` and the queue, no Work.
    """
    game = s.game
    t = game.tables
    new = s._successor()
    fields = new.__dict__
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
    more = chosen.bit_count() < x and next(control_places(s, player, chosen, marker, colony), -1) >= 0
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
