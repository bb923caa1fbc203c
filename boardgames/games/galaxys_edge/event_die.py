"""Roll the Event Die: after building, the die places a ban or offers an event card.

"Drawing Event Cards" and "Playing Event Cards" are the two things the event
symbol allows (besides doing nothing); the cards themselves are in
:mod:`events`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import SLOTS, DieFace
from boardgames.games.galaxys_edge.events import after_event, change_hand, playable_events
from boardgames.games.galaxys_edge.state import NOWHERE, Phase, one_step_queues
from boardgames.kernel.cards import draw_outcomes, take

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Choices, Fields, GalaxysEdgeState
    from boardgames.kernel.steps import Step

__all__ = ["draw_chance_ids", "draw_event", "event_choices", "open_draw", "roll_event_die"]

_OWN_BAN, _NEXT_BAN, _EVENT = (int(face) for face in DieFace)
_EVENT_STEP = one_step_queues(Phase.EVENT)
_DRAW_STEP = one_step_queues(Phase.DRAW)


def roll_event_die(new: GalaxysEdgeState, d: Fields, face: int) -> None:
    """Roll the Event Die: own ban, next player's ban, or the event card symbol.

    A ban moves to the sector of the installation just built.
    """
    active = new.active
    if face == _EVENT:
        d["steps"] = _EVENT_STEP[active]
        return
    owner = active if face == _OWN_BAN else (active + 1) % new.game.players
    bans = list(new.bans)
    left = bans[owner]
    banned = bans[owner] = new.built // SLOTS
    d["bans"] = tuple(bans)
    # The banned positions change by the one marker moved: its old sector stays
    # banned only while another player's marker is there too.
    mask = new.ban_mask | 1 << banned
    if left != NOWHERE and left not in bans:
        mask &= ~(1 << left)
    d["ban_mask"] = mask
    after_event(new, d)


def event_choices(state: GalaxysEdgeState) -> Choices:
    """Event card symbol: draw the top card (if any are left), play a card, or do nothing."""
    rules = state.game.rules
    first_ids, first_actions = rules.draw_or_nothing if any(state.deck) else rules.nothing
    cards_ids, cards_actions = playable_events(state, state.active)
    return first_ids + cards_ids, first_actions + cards_actions


def open_draw(new: GalaxysEdgeState, d: Fields, argument: None = None) -> None:
    """Drawing Event Cards: the top card of the deck is drawn (a chance node)."""
    d["steps"] = _DRAW_STEP[new.active]


def draw_chance_ids(state: GalaxysEdgeState, step: Step) -> tuple[tuple[int, float], ...]:
    """Drawing Event Cards: each card type, as likely as its share of the deck."""
    return draw_outcomes(state.deck, state.game.ids.DRAWN)


def draw_event(new: GalaxysEdgeState, d: Fields, card: int) -> None:
    """Drawing Event Cards: the top card joins the hand; the deck is never refilled."""
    d["deck"] = take(new.deck, card)
    change_hand(new, d, new.active, card, +1)
    after_event(new, d)
