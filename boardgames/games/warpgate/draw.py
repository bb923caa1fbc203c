"""The Draw action: "Instead of the top or the bottom action of the Action card, draw X cards."

Each card is its own chance step (I1: an empty action deck is re-formed
from the discard pile).  Edits are made on a fresh successor state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.turn import draw_action_card, end_turn

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["draw_card", "drawing_pile"]

_set = object.__setattr__


def drawing_pile(s: WarpgateState) -> tuple[int, ...]:
    """The pile the drawing (or dealt) player's next card comes from: their deck, else their discard."""
    w = s.pend.who
    return s.deck[w] or s.discard[w]


def draw_card(s: WarpgateState, kind: int) -> None:
    """The active player draws ``kind``; after X cards (or none left) the turn ends."""
    p = s.pend
    w = p.who
    draw_action_card(s, w, kind)
    left = p.left - 1
    if left and (s.deck[w] or s.discard[w]):
        _set(s, "pend", p._replace(left=left))
    else:
        end_turn(s)
