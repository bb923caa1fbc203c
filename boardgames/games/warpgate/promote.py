"""The Promote action (I11: the cards drawn are public).

"Take X cards from the top of the Promotion deck, choose 1 and shuffle it
into your Tactics deck. Place the remaining cards into the Promotion
discard pile."  Edits are made on a fresh successor state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.state import PROMOTE_PICK
from boardgames.games.warpgate.turn import add, end_turn, put_row, remove

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["any_promotion", "draw_promotion", "promote", "promote_ids", "promotion_pile"]

_set = object.__setattr__


def any_promotion(s: WarpgateState, x: int, player: int) -> bool:
    """Whether a promotion card is left to take."""
    return bool(s.promo_deck or s.promo_discard)


def promotion_pile(s: WarpgateState) -> tuple[int, ...]:
    """The pile the next card comes from: the deck, or when it ran out, its discard pile."""
    return s.promo_deck or s.promo_discard


def promote_ids(s: WarpgateState) -> tuple[int, ...]:
    """The cards drawn, each once."""
    t = s.t
    base = t.off_promote - t.first_promo
    return tuple(sorted({base + c for c in s.pend.used}))


def draw_promotion(s: WarpgateState, card: int) -> None:
    """Take ``card`` from the top of the Promotion deck.

    When the promotion deck runs out, its discard pile is shuffled into a
    new deck.  After X cards (or none left) the player chooses; with only
    one kind of card drawn, it is chosen at once.
    """
    p = s.pend
    if s.promo_deck:
        _set(s, "promo_deck", remove(s.promo_deck, card))
    else:
        _set(s, "promo_deck", remove(s.promo_discard, card))
        _set(s, "promo_discard", ())
    drawn = (*p.used, card)
    left = p.left - 1
    if left and (s.promo_deck or s.promo_discard):
        _set(s, "pend", p._replace(left=left, used=drawn))
    elif len(set(drawn)) == 1:
        _set(s, "pend", p._replace(used=drawn))
        promote(s, card)
    else:
        _set(s, "pend", p._replace(step=PROMOTE_PICK, used=drawn))
        _set(s, "_player", s.active)


def promote(s: WarpgateState, card: int) -> None:
    """``card`` joins the tactics deck; the rest of the cards drawn go to the Promotion discard pile."""
    p = s.pend
    player = s.active
    _set(s, "tactics", put_row(s.tactics, player, add(s.tactics[player], card)))
    rest = list(p.used)
    rest.remove(card)
    _set(s, "promo_discard", tuple(sorted((*s.promo_discard, *rest))))
    end_turn(s)
