"""Saved states: the JSON form of a state, and the one validator every loaded state goes through.

A document must describe a position the rules could reach: every field in
range, every contract's copies all in the deck, the hands and the
deliveries, and a queue of steps that the turn structure produces (see
:func:`expected_steps`).  Anything else is a :class:`SerializationError`
naming the fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.kernel.errors import SerializationError
from boardgames.kernel.serialize import Reader, int_list

from asteroid_rush.components import (
    BELT,
    CARDS,
    COPIES,
    FLARE_FACE,
    FLARE_LIMIT,
    HAND_LIMIT,
    HOLD,
    HOLD_SIZE,
    ROUNDS,
    STATION,
    TARGET,
)
from asteroid_rush.state import STEPS, AsteroidState, Kind, contract_points, new_state, turn_steps

if TYPE_CHECKING:
    from asteroid_rush.game import AsteroidRush

__all__ = ["expected_steps", "state_from_data", "state_to_data"]

Steps = tuple[tuple[int, ...], ...]


def state_to_data(state: AsteroidState) -> dict[str, Any]:
    """The state as plain JSON data: the fields as lists of ints, a hold per player."""
    return {
        "steps": [[int(k) for k in step] for step in state.steps],
        "active": state.active,
        "round": state.round,
        "positions": list(state.positions),
        "holds": [list(state.hold(p)) for p in range(len(state.positions))],
        "hands": [list(h) for h in state.hands],
        "delivered": [list(d) for d in state.delivered],
        "deck": list(state.deck),
        "last_roll": state.last_roll,
    }


def expected_steps(steps: Steps, active: int, players: int) -> Steps:
    """The queue the rules hold when ``steps`` begins as it does, with ``active`` to play.

    The first step says where the turn is; everything after it follows
    (the flared players, in turn order from the active player, come first).
    """
    if not steps:
        return ()
    kind, player = steps[0][0], steps[0][1]
    if kind == Kind.DEAL:
        return (*[(Kind.DEAL, p) for p in range(player, players)], *turn_steps(0))
    if kind == Kind.DISCARD:
        flared = [step[1] for step in steps if step[0] == Kind.DISCARD]
        ordered = [p for p in ((active + i) % players for i in range(players)) if p in flared]
        return (*[(Kind.DISCARD, p) for p in ordered], *turn_steps(active, "fly"))
    if kind == Kind.DRAW:
        return ((Kind.DRAW, active), (Kind.END_TURN, active))
    first = {Kind.ROLL: "roll", Kind.FLY: "fly", Kind.WORK: "work"}.get(Kind(kind))
    if first is None:
        raise SerializationError(f"state.steps: a {STEPS.kind(kind).name} step is never first")
    return turn_steps(active, first)


def _check(
    players: int,
    steps: Steps,
    active: int,
    round_: int,
    positions: tuple[int, ...],
    holds: tuple[tuple[int, ...], ...],
    hands: tuple[tuple[int, ...], ...],
    delivered: tuple[tuple[int, ...], ...],
    deck: tuple[int, ...],
    last_roll: int,
) -> None:
    if steps != expected_steps(steps, active, players):
        raise SerializationError("state.steps: not a queue of steps that the turn order produces")
    if any(sum(hand) > HAND_LIMIT for hand in hands):
        raise SerializationError(f"state.hands: a player holds more than {HAND_LIMIT} contracts")
    for card in range(len(CARDS)):
        if sum(h[card] for h in hands) + sum(d[card] for d in delivered) + deck[card] != COPIES:
            raise SerializationError(
                f"state: {COPIES} copies of {CARDS[card].name} are not all in deck, hands and deliveries"
            )
    front = steps[0][0] if steps else None
    flares = [step[1] for step in steps if step[0] == Kind.DISCARD]
    if flares and last_roll != FLARE_FACE:
        raise SerializationError("state.steps: flare discards only follow a rolled 6")
    if any(sum(holds[p]) <= FLARE_LIMIT for p in flares):
        raise SerializationError("state.steps: a player under the flare limit has a pending discard")
    ending = any(contract_points(d) >= TARGET for d in delivered)
    dealing = front == Kind.DEAL
    started = not dealing and not (front == Kind.ROLL and round_ == 1 and active == 0)
    if (last_roll != 0) != started:
        raise SerializationError("state.last_roll: 0 exactly until the first roll")
    if dealing and (
        round_ != 1
        or active != 0
        or any(map(any, delivered))
        or any(map(any, holds))
        or any(p != STATION for p in positions)
        or any(sum(hands[p]) != (1 if p < steps[0][1] else 0) for p in range(players))
    ):
        raise SerializationError("state: the deal has contracts, cargo or ships where none can be yet")
    if active == 0 and steps and ending:
        raise SerializationError("state: a round began although the target was reached in the last one")
    if front == Kind.DRAW and (sum(hands[active]) >= HAND_LIMIT or not any(deck)):
        raise SerializationError("state.steps: a scan draws only into a hand below the limit from a deck")
    if not steps and (active != players - 1 or not (round_ == ROUNDS or ending)):
        raise SerializationError("state.steps: the game ends only after the last seat's turn")


def state_from_data(game: AsteroidRush, data: Any) -> AsteroidState:
    """The state, every field checked: ranges, the conservation of cards, the queue's invariants."""
    r = Reader(data, "state")
    n = game.players
    kinds = len(CARDS)
    steps = tuple(_step(row, i, n) for i, row in enumerate(r.list("steps")))
    active = r.int("active", 0, n - 1)
    round_ = r.int("round", 1, ROUNDS)
    positions = r.ints("positions", n, 0, len(BELT) - 1)
    holds = r.int_rows("holds", n, HOLD_SIZE, 0, min(HOLD.caps))
    hands = r.int_rows("hands", n, kinds, 0, COPIES)
    delivered = r.int_rows("delivered", n, kinds, 0, COPIES)
    deck = r.ints("deck", kinds, 0, COPIES)
    last_roll = r.int("last_roll", 0, 6)
    _check(n, steps, active, round_, positions, holds, hands, delivered, deck, last_roll)
    state = new_state(
        game,
        steps=steps,
        active=active,
        round=round_,
        positions=positions,
        holds=tuple(a for hold in holds for a in hold),
        hands=hands,
        delivered=delivered,
        deck=deck,
        last_roll=last_roll,
    )
    started: AsteroidState = game.rules.start(state)
    return started


def _step(row: Any, i: int, players: int) -> tuple[int, ...]:
    kind, player = int_list(row, 2, 0, 1 << 30, f"state.steps[{i}]")
    if kind not in STEPS:
        raise SerializationError(f"state.steps[{i}] has an unknown step kind {kind}")
    if player >= players:
        raise SerializationError(f"state.steps[{i}] names player {player} of {players}")
    return (Kind(kind), player)
