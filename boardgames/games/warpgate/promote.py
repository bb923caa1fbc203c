"""The Promote action (I11: the cards taken are public).

"Take X cards from the top of the Promotion deck, choose 1 and shuffle it
into your Tactics deck. Place the remaining cards into the Promotion
discard pile."  The cards taken lie face up in the state's ``taken``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate.state import PROMO_DRAW, PROMOTE_PICK, Step
from boardgames.games.warpgate.turn import end_turn_fields
from boardgames.kernel.cards import take
from boardgames.kernel.game import successor

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["any_promotion", "choose_promotion", "draw_promotion", "promote", "promote_ids", "promotion_pile"]


def any_promotion(s: WarpgateState) -> bool:
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


def draw_promotion(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """Take a card from the top of the Promotion deck.

    When the promotion deck runs out, its discard pile is shuffled into a
    new deck.  After X cards (or none left) the player chooses; with only
    one kind of card taken, it is chosen at once.  Builds the successor
    itself (a ``direct`` action of the step machine).
    """
    _, player, x, cards = step
    new, fields = successor(s)
    t = s.game.tables
    card = action_id - t.off_promo_draw + t.first_promo
    deck, discard = s.promo_deck, s.promo_discard
    if not any(deck):
        deck = discard
        discard = fields["promo_discard"] = (0,) * len(deck)
    deck = fields["promo_deck"] = take(deck, card)
    taken = fields["taken"] = (*s.taken, card)
    if cards > 1 and (any(deck) or any(discard)):
        fields["steps"] = ((PROMO_DRAW, player, x, cards - 1), *s.steps[1:])
    elif len(set(taken)) == 1:
        promote(fields, s.game, player, card)
    else:
        fields["steps"] = ((PROMOTE_PICK, player, x), *s.steps[1:])
    return new


def choose_promotion(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The player chooses one of the cards taken (a ``direct`` action of the step machine)."""
    new, fields = successor(s)
    t = s.game.tables
    promote(fields, s.game, step[1], action_id - t.off_promote + t.first_promo)
    return new


def promote(fields: dict[str, Any], game: Warpgate, player: int, card: int) -> None:
    """``card`` joins the tactics deck; the rest of the cards taken go to the Promotion discard pile
    (``fields``: a successor's ``__dict__``, edited by new tuples)."""
    tactics = fields["tactics"]
    rows = list(tactics)
    row = list(rows[player])
    row[card] += 1
    rows[player] = tuple(row)
    fields["tactics"] = tuple(rows)
    rest = list(fields["taken"])
    rest.remove(card)
    discard = list(fields["promo_discard"])
    for other in rest:
        discard[other] += 1
    fields["promo_discard"] = tuple(discard)
    fields["taken"] = ()
    end_turn_fields(fields, game)
