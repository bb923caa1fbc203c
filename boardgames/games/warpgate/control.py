"""The Control action and Objective cards (I7: what Control does on a planet; I8: objectives).

Edits are made on a fresh successor state (see ``rules.apply``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import CONTROL_PICK, OBJECTIVE
from boardgames.games.warpgate.turn import add, end_turn, put, put_row, remove
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["any_control", "control", "control_ids", "control_places", "draw_objective"]

_set = object.__setattr__


def control_places(s: WarpgateState, player: int, used: tuple[int, ...] = ()) -> Iterator[int]:
    """Planets holding ``player``'s ships where Control would do something (I7), not in ``used``; lazily."""
    place_type = s.t.place_type
    marker, colony = s.marker, s.colony
    spare = s.markers_left(player) > 0
    effect = s.game.interpretations.control.effect
    return (
        d for d, w in enumerate(s.owner)
        if w == player and place_type[d] >= 0 and d not in used
        and effect(marker[d], bool(colony[d]), player, spare) != I.NO_CONTROL
    )


def any_control(s: WarpgateState, x: int, player: int) -> bool:
    """Whether Control has a planet to act on."""
    return next(control_places(s, player), -1) >= 0


def control_ids(s: WarpgateState) -> tuple[int, ...]:
    """Control X: another planet while picks are left, or Done once one was chosen."""
    t = s.t
    p = s.pend
    player = s.active
    places = tuple(t.off_control + d for d in control_places(s, player, p.used)) if p.left else ()
    return (*places, t.id_done) if p.used else places


def control(s: WarpgateState, place: int) -> None:
    """I7: place an outpost, upgrade your own outpost (drawing Objective cards), or replace another
    player's outpost."""
    p = s.pend
    player = s.active
    rule = s.game.interpretations.control
    effect = rule.effect(s.marker[place], bool(s.colony[place]), player, True)
    _set(s, "pend", p._replace(left=p.left - 1, used=(*p.used, place)))
    if effect == I.COLONY:
        _set(s, "colony", put(s.colony, place, 1))
        # "Upgrading Outposts into Colonies is how you get additional Objective cards" (I7: how many).
        draws = rule.objectives_per_colony()
        if draws > 0 and s.objective_deck:
            _set(s, "_player", CHANCE)
            _set(s, "pend", s.pend._replace(step=OBJECTIVE, draws=draws))
            return
    else:
        _set(s, "marker", put(s.marker, place, player))
    _after_control(s)


def draw_objective(s: WarpgateState, card: int) -> None:
    """The new colony's owner draws the Objective ``card`` (kept secret); then Control goes on."""
    p = s.pend
    w = s.active
    deck = remove(s.objective_deck, card)
    _set(s, "objective_deck", deck)
    _set(s, "objectives", put_row(s.objectives, w, add(s.objectives[w], card)))
    if p.draws > 1 and deck:
        _set(s, "pend", p._replace(draws=p.draws - 1))
    else:
        _after_control(s)


def _after_control(s: WarpgateState) -> None:
    """Control goes on while picks and planets are left; otherwise the turn ends."""
    p = s.pend._replace(step=CONTROL_PICK, draws=0)
    _set(s, "pend", p)
    _set(s, "_player", s.active)
    if not p.left or next(control_places(s, s.active, p.used), -1) < 0:
        end_turn(s)
