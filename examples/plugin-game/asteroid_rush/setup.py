"""§3 Contracts and setup: ships at the station, empty holds, one contract dealt to each player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.kernel.cards import draw_outcomes
from boardgames.kernel.work import Work

from asteroid_rush.actions import DRAW
from asteroid_rush.components import FULL_DECK, HOLD_SIZE, STATION
from asteroid_rush.state import AsteroidState, Kind, new_state, turn_steps

if TYPE_CHECKING:
    from asteroid_rush.game import AsteroidRush

__all__ = ["contract_outcomes", "dealt", "new_game", "take_contract"]


def new_game(game: AsteroidRush) -> AsteroidState:
    """§3: "Shuffle the deck and deal one contract face down to each player, seat 0 first".

    Every ship starts at the station with an empty hold (§2).  The deal is
    chance steps, one per player, then seat 0's first turn.
    """
    n = game.players
    state = new_state(
        game,
        steps=(*((Kind.DEAL, p) for p in range(n)), *turn_steps(0)),
        active=0,
        round=1,
        positions=(STATION,) * n,
        holds=(0,) * (n * HOLD_SIZE),
        hands=((0,) * len(FULL_DECK),) * n,
        delivered=((0,) * len(FULL_DECK),) * n,
        deck=FULL_DECK,
        last_roll=0,
    )
    started: AsteroidState = game.rules.start(state)
    return started


def contract_outcomes(state: AsteroidState, step: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """§3: the top contract of the shuffled deck, each kind with its share of the deck."""
    return draw_outcomes(state.deck, base=DRAW)


def take_contract(w: Work, player: int, card: int) -> None:
    """§3: the top contract (``card``) goes from the deck into ``player``'s hand."""
    w.deck[card] -= 1
    w.hands[player][card] += 1


def dealt(w: Work, step: tuple[int, ...], action_id: int) -> None:
    """§3: the contract dealt to the step's player."""
    w.pop()
    take_contract(w, step[1], action_id - DRAW)
