"""The dispatch: which rule function answers the first step of the queue.

Each step kind (:class:`~asteroid_rush.state.Kind`) maps to the chapter
function that lists its legal actions (a decision), its outcomes (chance),
applies an action or outcome to it, or runs it (an automatic step).  The
:class:`~boardgames.kernel.steps.StepMachine` settles the queue after each
action and says who acts next.
"""

from __future__ import annotations

from boardgames.kernel.steps import StepMachine

from asteroid_rush import flight, roll, setup, turn_order, working
from asteroid_rush.state import STEPS, AsteroidState, Kind

__all__ = ["RULES"]

RULES: StepMachine[AsteroidState] = StepMachine(
    STEPS,
    legal={
        Kind.DISCARD: roll.discard_ids,
        Kind.FLY: flight.flight_ids,
        Kind.WORK: working.work_ids,
    },
    outcomes={
        Kind.DEAL: setup.contract_outcomes,
        Kind.ROLL: roll.roll_outcomes,
        Kind.DRAW: setup.contract_outcomes,
    },
    decide={
        Kind.DEAL: setup.dealt,
        Kind.ROLL: roll.rolled,
        Kind.DISCARD: roll.discarded,
        Kind.FLY: flight.flew,
        Kind.WORK: working.worked,
        Kind.DRAW: working.drawn,
    },
    run={Kind.END_TURN: turn_order.end_turn},
)
"""The rules of Asteroid Rush as a step machine."""
