"""The state of Asteroid Rush and its views: fields, their encodings, and the codes of the turn.

No rules live here: ``_legal_ids``, ``_chance_ids`` and ``_apply`` hand the
state to the game's :class:`~boardgames.kernel.steps.StepMachine`
(``self.game.rules``, built in :mod:`asteroid_rush.rules`).

The turn is data.  ``steps`` is a queue of steps ``(kind, player)``; its
first step is what happens next.  A turn is the opening steps of the four
phases of :data:`TURN` (roll, fly, work, end of turn); a rolled 6 puts a
``DISCARD`` step of each flared player in front of the flight, a scan puts
a ``DRAW`` in front of the end of the turn, and the end of the turn queues
the next turn, or nothing once the game is over.
"""

from __future__ import annotations

import functools
from enum import IntEnum
from typing import TYPE_CHECKING

import attrs
from boardgames.kernel.game import State, View
from boardgames.kernel.steps import Phase, Phases, Role, StepKind, StepKinds

from asteroid_rush.components import BELT, CARDS, FLIGHT_RANGE, HOLD_SIZE, TARGET

if TYPE_CHECKING:
    from asteroid_rush.game import AsteroidRush

__all__ = [
    "DEAL_PHASE",
    "OVER",
    "PHASE_OF",
    "REACH",
    "STEPS",
    "TURN",
    "AsteroidState",
    "AsteroidView",
    "Kind",
    "contract_points",
    "hold_of",
    "new_state",
    "phase_of",
    "turn_steps",
]


class Kind(IntEnum):
    """The step kinds of Asteroid Rush (a step is ``(kind, player)``)."""

    DEAL = 0
    """Chance: the top contract is dealt to ``player`` (§3)."""
    ROLL = 1
    """Chance: the active player rolls the die (§4)."""
    DISCARD = 2
    """Decision: a flared ``player`` discards one resource (§4)."""
    FLY = 3
    """Decision: the active player stays or flies (§5)."""
    WORK = 4
    """Decision: the active player mines, trades, delivers, scans or rests (§6)."""
    DRAW = 5
    """Chance: a scan draws the top contract (§6)."""
    END_TURN = 6
    """Automatic: play passes on, or the game ends (§8)."""


STEPS = StepKinds(
    StepKind(Kind.DEAL, "deal", Role.CHANCE, section="§3 Contracts and setup"),
    StepKind(Kind.ROLL, "roll", Role.CHANCE, section="§4 The roll"),
    StepKind(Kind.DISCARD, "discard", Role.DECISION, section="§4 The roll: solar flares"),
    StepKind(Kind.FLY, "fly", Role.DECISION, section="§5 Flying"),
    StepKind(Kind.WORK, "work", Role.DECISION, section="§6 Working"),
    StepKind(Kind.DRAW, "draw", Role.CHANCE, section="§6 Working: scan"),
    StepKind(Kind.END_TURN, "end of turn", Role.AUTO, section="§8 Turn order"),
)
"""Every step kind with its role: who (or what) acts when it is first in the queue."""

TURN = Phases(
    Phase("roll", (Kind.ROLL,), "§4 The roll"),
    Phase("fly", (Kind.FLY,), "§5 Flying"),
    Phase("work", (Kind.WORK,), "§6 Working"),
    Phase("end", (Kind.END_TURN,), "§8 Turn order"),
)
"""The phases of a player's turn, in order, and the step each one opens."""

DEAL_PHASE = "deal"
"""The phase name of the setup's deal (§3), before the first turn."""
OVER = "over"
"""The phase name once the game is over (the queue is empty)."""

PHASE_OF: tuple[str, ...] = (
    DEAL_PHASE,  # DEAL
    "roll",  # ROLL
    "roll",  # DISCARD: the flare interrupts the roll, before the flight
    "fly",  # FLY
    "work",  # WORK
    "work",  # DRAW: a scan's draw is part of the work
    "end",  # END_TURN (never first in a settled state)
)
"""The phase each step kind belongs to, indexed by kind."""

REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in BELT.within(cell, FLIGHT_RANGE) if c != cell) for cell in range(len(BELT))
)
"""The hexes a ship may fly to from each hex (§5), ascending."""


@functools.cache
def turn_steps(player: int, first: str = "roll") -> tuple[tuple[int, ...], ...]:
    """The steps of ``player``'s turn from phase ``first`` on: the opening step of each phase of :data:`TURN`.

    >>> [STEPS.describe(step) for step in turn_steps(2, "work")]
    ['work (player 2)', 'end of turn (player 2)']
    """
    return tuple(step for i in range(TURN.index(first), len(TURN)) for step in TURN.opening(i, player))


def new_state(game: AsteroidRush, **fields: object) -> AsteroidState:
    """A state of ``game`` with ``fields`` set, nobody to act yet (the step machine's ``start`` says who)."""
    state = AsteroidState._blank(game, 0)
    state.__dict__.update(fields)
    return state


def phase_of(steps: tuple[tuple[int, ...], ...]) -> str:
    """The name of the phase a queue is in: the phase of its first step, ``over`` if it is empty."""
    return PHASE_OF[steps[0][0]] if steps else OVER


def hold_of(holds: tuple[int, ...], player: int) -> tuple[int, ...]:
    """One player's hold (ore, ice, crystal) out of the flat tuple of every hold."""
    return holds[player * HOLD_SIZE : (player + 1) * HOLD_SIZE]


def contract_points(delivered: tuple[int, ...]) -> int:
    """Points of the delivered contracts, a count vector (§7)."""
    return sum(CARDS[card].points * n for card, n in enumerate(delivered) if n)


@attrs.frozen
class AsteroidView(View):
    """What one player knows (§10): everything but the other hands and the order of the deck.

    The queue of steps is public (everyone sees whose flare discards are
    pending), so the view carries it whole.
    """

    steps: tuple[tuple[int, ...], ...]
    active: int
    round: int
    to_act: int
    positions: tuple[int, ...]
    holds: tuple[int, ...]
    delivered: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    last_roll: int

    @property
    def phase(self) -> str:
        return phase_of(self.steps)

    @property
    def flares(self) -> tuple[int, ...]:
        """The players with a flare discard pending, the one discarding now first."""
        return tuple(step[1] for step in self.steps if step[0] == Kind.DISCARD)

    def hold(self, player: int) -> tuple[int, ...]:
        return hold_of(self.holds, player)

    @property
    def ending(self) -> bool:
        """§8: someone delivered contracts worth the target; the game ends with this round."""
        return any(contract_points(d) >= TARGET for d in self.delivered)


class AsteroidState(State):
    """One position of Asteroid Rush; every field is an int or a tuple of ints.

    - ``steps``: the queue of steps ``(kind, player)`` (:class:`Kind`);
    - ``active``: whose turn it is; ``round``: 1 to 15;
    - ``positions``: each ship's hex;
    - ``holds``: every hold in one flat tuple (:func:`hold_of`);
    - ``hands``, ``delivered``: per player, a count vector over the contracts;
    - ``deck``: the contracts not dealt or drawn, a count vector (no order);
    - ``last_roll``: the die's last face (0 before the first roll).
    """

    game: AsteroidRush
    steps: tuple[tuple[int, ...], ...]
    active: int
    round: int
    positions: tuple[int, ...]
    holds: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    delivered: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    last_roll: int

    # -- the rules, through the game's step machine ----------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        return self.game.rules.legal_ids(self)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        return self.game.rules.chance_ids(self)

    def _apply(self, action_id: int) -> AsteroidState:
        new: AsteroidState = self.game.rules.apply(self, action_id)
        return new

    # -- reading the fields ------------------------------------------------------------

    @property
    def front(self) -> tuple[int, ...] | None:
        """The step that happens next (None once the game is over)."""
        return self.steps[0] if self.steps else None

    @property
    def phase(self) -> str:
        """The name of the phase: ``deal``, ``roll``, ``fly``, ``work`` or ``over``."""
        return phase_of(self.steps)

    def hold(self, player: int) -> tuple[int, ...]:
        """``player``'s hold: (ore, ice, crystal)."""
        return hold_of(self.holds, player)

    @property
    def ending(self) -> bool:
        """§8: someone delivered contracts worth the target; the game ends with this round."""
        return any(contract_points(d) >= TARGET for d in self.delivered)

    # -- scores and views ----------------------------------------------------------------

    def score_parts(self, player: int) -> tuple[int, int, int]:
        """§9 in order: contract points, cargo points, minus the contracts in hand."""
        return self.game.score_parts(self, player)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(sum(self.game.score_parts(self, p))) for p in range(len(self.positions)))

    def view(self, player: int) -> AsteroidView:
        self._check_player(player)
        return AsteroidView(
            player,
            steps=self.steps,
            active=self.active,
            round=self.round,
            to_act=self._player,
            positions=self.positions,
            holds=self.holds,
            delivered=self.delivered,
            hand=self.hands[player],
            hand_sizes=tuple(sum(h) for h in self.hands),
            deck_size=sum(self.deck),
            last_roll=self.last_roll,
            game=self.game,
        )
