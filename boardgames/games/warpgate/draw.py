"""The Draw action: "Instead of the top or the bottom action of the Action card, draw X cards."

Each card is its own chance step (I1: an empty action deck is re-formed
from the discard pile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.state import DRAW_CARDS, Step
from boardgames.games.warpgate.turn import draw_action_card, end_turn

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = ["draw_card", "drawing_pile"]


def drawing_pile(s: WarpgateState, player: int) -> tuple[int, ...]:
    """The pile ``player``'s next action card comes from: their deck, else their discard pile."""
    return s.deck[player] or s.discard[player]


def draw_card(w: Work, step: Step, action_id: int) -> None:
    """The player draws a card; after X cards (or none left) the turn ends."""
    _, player, x, cards = step
    draw_action_card(w, player, action_id - w.state.game.tables.off_draw)
    if cards > 1 and (w.peek("deck")[player] or w.peek("discard")[player]):
        w.steps = ((DRAW_CARDS, player, x, cards - 1),)
    else:
        end_turn(w)
