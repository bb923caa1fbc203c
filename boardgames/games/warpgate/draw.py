"""The Draw action: "Instead of the top or the bottom action of the Action card, draw X cards."

Each card is its own chance step (I1: an empty action deck is re-formed
from the discard pile), drawn as a dealt card is: ``turn.draw_action_card``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["drawing_pile"]


def drawing_pile(s: WarpgateState, player: int) -> tuple[int, ...]:
    """The pile ``player``'s next action card comes from (a count vector): their deck, else their
    discard pile."""
    deck = s.deck[player]
    return deck if any(deck) else s.discard[player]
