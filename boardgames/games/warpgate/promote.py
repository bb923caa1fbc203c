"""The Promote action (I11: the cards taken are public).

"Take X cards from the top of the Promotion deck, choose 1 and shuffle it
into your Tactics deck. Place the remaining cards into the Promotion
discard pile."  The cards taken lie face up in the state's ``taken``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.state import PROMOTE_PICK, Step
from boardgames.games.warpgate.turn import end_turn
from boardgames.kernel.cards import take

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = ["any_promotion", "choose_promotion", "draw_promotion", "promote", "promote_ids", "promotion_pile"]


def any_promotion(s: WarpgateState, x: int, player: int) -> bool:
    """Whether a promotion card is left to take."""
    return any(s.promo_deck) or any(s.promo_discard)


def promotion_pile(s: WarpgateState) -> tuple[int, ...]:
    """The pile the next card comes from (a count vector): the deck, or when it ran out, its
    discard pile."""
    deck = s.promo_deck
    return deck if any(deck) else s.promo_discard


def promote_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """The cards taken, each once."""
    t = s.game.tables
    base = t.off_promote - t.first_promo
    return tuple(sorted({base + c for c in s.taken}))


def draw_promotion(w: Work, step: Step, action_id: int) -> None:
    """Take a card from the top of the Promotion deck.

    When the promotion deck runs out, its discard pile is shuffled into a
    new deck.  After X cards (or none left) the player chooses; with only
    one kind of card taken, it is chosen at once.
    """
    _, player, x, cards = step
    t = w.state.game.tables
    card = action_id - t.off_promo_draw + t.first_promo
    deck = w.peek("promo_deck")
    if not any(deck):
        deck = w.peek("promo_discard")
        w.promo_discard = (0,) * len(deck)
    deck = w.promo_deck = take(deck, card)
    taken = w.taken
    taken.append(card)
    if cards > 1 and (any(deck) or any(w.peek("promo_discard"))):
        w.steps[0][3] = cards - 1
    elif len(set(taken)) == 1:
        promote(w, player, card)
    else:
        w.steps[0] = [PROMOTE_PICK, player, x]


def choose_promotion(w: Work, step: Step, action_id: int) -> None:
    t = w.state.game.tables
    promote(w, step[1], action_id - t.off_promote + t.first_promo)


def promote(w: Work, player: int, card: int) -> None:
    """``card`` joins the tactics deck; the rest of the cards taken go to the Promotion discard pile."""
    w.add("tactics", (player, card), 1)
    rest = w.taken
    rest.remove(card)
    discard = list(w.peek("promo_discard"))
    for other in rest:
        discard[other] += 1
    w.promo_discard = tuple(discard)
    w.taken = []
    end_turn(w)
