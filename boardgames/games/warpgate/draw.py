"""The Draw action: "Instead of the top or the bottom action of the Action card, draw X cards."

Each card is its own chance step (I1: an empty action deck is re-formed
from the discard pile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.state import DRAW_CARDS, Step
from boardgames.games.warpgate.turn import draw_action_card, end_turn_fields

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["draw_card", "drawing_pile"]


def drawing_pile(s: WarpgateState, player: int) -> tuple[int, ...]:
    """The pile ``player``'s next action card comes from (a count vector): their deck, else their
    discard pile."""
    deck = s.deck[player]
    return deck if any(deck) else s.discard[player]


def draw_card(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The player draws a card; after X cards (or none left) the turn ends.

    Builds the successor itself (a ``direct`` action of the step machine).
    """
    _, player, x, cards = step
    new = s._successor()
    fields = new.__dict__
    game = s.game
    t = game.tables
    if draw_action_card(fields, player, action_id - t.off_draw, t.no_cards) and cards > 1:
        fields["steps"] = ((DRAW_CARDS, player, x, cards - 1),)
    else:
        end_turn_fields(fields, game)
    return new
