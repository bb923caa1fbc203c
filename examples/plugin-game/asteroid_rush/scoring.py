"""§9 Scoring and winning, and the bots' estimate of a position."""

from __future__ import annotations

from asteroid_rush.components import CARDS, HOLD, TARGET
from asteroid_rush.state import AsteroidState, contract_points

__all__ = ["CARGO_PER_POINT", "heuristic", "score_breakdown", "score_parts"]

CARGO_PER_POINT = 3
"""§9: "1 point for every full 3 resources left in their hold"."""


def score_parts(state: AsteroidState, player: int) -> tuple[int, int, int]:
    """§9 in order: contract points, a point per 3 resources in the hold, minus one per contract in hand."""
    return (
        contract_points(state.delivered[player]),
        sum(state.hold(player)) // CARGO_PER_POINT,
        -sum(state.hands[player]),
    )


def score_breakdown(state: AsteroidState) -> dict[str, tuple[float, ...]]:
    """§9 in order: delivered contracts, cargo left in the hold, contracts still in hand."""
    parts = [score_parts(state, p) for p in range(len(state.positions))]
    return {
        "contracts": tuple(float(p[0]) for p in parts),
        "cargo": tuple(float(p[1]) for p in parts),
        "unfinished": tuple(float(p[2]) for p in parts),
    }


def heuristic(state: AsteroidState, player: int) -> float:
    """Delivered points, plus the promise of the hold and of payable contracts, scaled to [0, 1]."""
    if state.is_terminal:
        return state.returns()[player]
    hold = state.hold(player)
    payable = sum(
        CARDS[card].points * n
        for card, n in enumerate(state.hands[player])
        if n and HOLD.can_pay(hold, CARDS[card].cost)
    )
    value = contract_points(state.delivered[player]) + 0.5 * payable + sum(hold) / 6
    return max(0.0, min(1.0, value / (TARGET + 4)))
