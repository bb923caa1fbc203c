"""§10 What each player knows: resampling a view's hidden contracts, and the observation tensor."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from boardgames.kernel.cards import deal, unseen

from asteroid_rush.components import BELT, CARDS, COPIES, FULL_DECK, HAND_LIMIT, HOLD_SIZE, ROUNDS, TARGET
from asteroid_rush.state import STEPS, AsteroidState, AsteroidView, contract_points, new_state

if TYPE_CHECKING:
    from asteroid_rush.game import AsteroidRush

__all__ = ["SEAT_FEATURES", "observation", "observation_size", "resample"]


def resample(game: AsteroidRush, view: AsteroidView, rng: np.random.Generator) -> AsteroidState:
    """§10: the other hands and the deck dealt at random from the contracts this player has not seen.

    The viewer has seen their own hand and every delivered contract; the
    rest of the deck's 24 cards are dealt into the other hands (of the
    sizes the view shows) and the deck.
    """
    rest = unseen(FULL_DECK, view.hand, *view.delivered)
    others = [p for p in range(len(view.hand_sizes)) if p != view.player]
    *dealt, deck = deal(rng, rest, [*(view.hand_sizes[p] for p in others), view.deck_size])
    hands = [view.hand] * len(view.hand_sizes)
    for player, hand in zip(others, dealt):
        hands[player] = hand
    state = new_state(
        game,
        steps=view.steps,
        active=view.active,
        round=view.round,
        positions=view.positions,
        holds=view.holds,
        hands=tuple(hands),
        delivered=view.delivered,
        deck=deck,
        last_roll=view.last_roll,
    )
    started: AsteroidState = game.rules.start(state)
    return started


SEAT_FEATURES = len(BELT) + HOLD_SIZE + 5
"""Observation features per seat: position (19), hold (3), points, hand size, active, to act, flare."""


def observation_size(players: int) -> int:
    """Seats, the viewer's hand, the first step's kind (or the end), round, deck, last roll, ending."""
    return players * SEAT_FEATURES + len(CARDS) + len(STEPS.kinds) + 1 + 1 + 1 + 7 + 1


def observation(view: AsteroidView, players: int) -> np.ndarray:
    """The view as floats, seats rotated so that the viewer comes first."""
    out = np.zeros((observation_size(players),), dtype=np.float32)
    flares = view.flares
    for offset in range(players):
        seat = (view.player + offset) % players
        base = offset * SEAT_FEATURES
        out[base + view.positions[seat]] = 1.0
        for k, amount in enumerate(view.hold(seat)):
            out[base + len(BELT) + k] = amount / 4.0
        tail = base + len(BELT) + HOLD_SIZE
        out[tail] = contract_points(view.delivered[seat]) / TARGET
        out[tail + 1] = view.hand_sizes[seat] / HAND_LIMIT
        out[tail + 2] = float(seat == view.active)
        out[tail + 3] = float(seat == view.to_act)
        out[tail + 4] = float(seat in flares)
    base = players * SEAT_FEATURES
    for card, n in enumerate(view.hand):
        out[base + card] = n / COPIES
    base += len(CARDS)
    out[base + (view.steps[0][0] if view.steps else len(STEPS.kinds))] = 1.0
    base += len(STEPS.kinds) + 1
    out[base] = view.round / ROUNDS
    out[base + 1] = view.deck_size / sum(FULL_DECK)
    out[base + 2 + view.last_roll] = 1.0
    out[base + 9] = float(view.ending)
    return out
