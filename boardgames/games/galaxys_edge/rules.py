"""The dispatch: which rule gives the legal actions, the chance outcomes and
the successor at each step, and the static tables the rules read.

Every action id maps to one chapter function and its arguments (a table
built once per game from the action catalogue's id ranges), and every
decision step kind (:data:`state.STEP_KINDS`) to the function that lists its
legal ids.  After an action the successor's step queue is settled as
:class:`boardgames.kernel.steps.StepMachine` does: automatic steps
(:data:`Phase.CONTROL`, :data:`Phase.END`) run until a decision, a chance
step or an empty queue (the end of the game) is first, and that says who
acts.  The chapter functions edit the successor's fields directly rather
than through a :class:`~boardgames.kernel.work.Work`: on this hot path the
working copy costs more than the rules themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from boardgames.games.galaxys_edge import ending, event_die, events, military, scoring, setup, turn
from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, Species
from boardgames.games.galaxys_edge.state import (
    BASE_CLASSES,
    STEP_KINDS,
    Choices,
    GalaxysEdgeState,
    Phase,
    choices_of,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.chance import Die
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.steps import Role

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = ["Rules"]

Rule = Callable[..., None]

_new_state = object.__new__
_set_attribute = object.__setattr__

# The roles as plain ints: an enum member's lookup costs more than the comparison.
_AUTO = int(Role.AUTO)
_DECISION = int(Role.DECISION)


def _no_choices(state: GalaxysEdgeState) -> Choices:
    return (), ()


def _cannot_run(state: GalaxysEdgeState) -> None:
    raise RuntimeError(f"step {state.steps[0]} is not an automatic step")


class Rules:
    """The rules of one configured game: dispatch tables and precomputed ids."""

    def __init__(self, game: GalaxysEdge) -> None:
        ids = game.ids
        size = GEOMETRY.size
        actions = game.catalogue.actions

        def choices(some: Iterable[int]) -> Choices:
            return choices_of(tuple(some), actions)

        self.end_or_move: tuple[Choices, ...] = tuple(
            choices((ids.END, *(ids.MOVE + n for n in GEOMETRY.neighbours[p]))) for p in range(size)
        )
        """Per flagship position: end the turn, or move to each adjacent sector."""
        self.end_only = choices((ids.END,))
        self.draw_or_nothing = choices((ids.DRAW, ids.NOTHING))
        """The event symbol: draw the top card, or do nothing."""
        self.nothing = choices((ids.NOTHING,))
        locations = tuple(
            tuple(tuple(p * SLOTS + s for s in range(SLOTS) if mask >> s & 1) for mask in range(1 << SLOTS))
            for p in range(size)
        )
        self.colony_choices: tuple[tuple[Choices, ...], ...] = tuple(
            tuple(choices(ids.COLONY + loc for loc in here) for here in masks) for masks in locations
        )
        """Per position and mask of empty slots: building a colony on each empty system."""
        self.base_choices: tuple[tuple[tuple[Choices, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    choices(ids.BASE + BASE_CLASSES * loc + c for loc in here for c in range(top))
                    for top in range(BASE_CLASSES + 1)
                )
                for here in masks
            )
            for masks in locations
        )
        """Per position, mask of empty slots and highest Class: building a base on each empty system."""
        self.vicinity_positions: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(size) if GEOMETRY.vicinity[p] >> q & 1) for p in range(size)
        )
        """Per position: the positions in its vicinity (itself included)."""
        self.die_outcomes: tuple[tuple[int, float], ...] = tuple(
            sorted((ids.ROLL + face, float(p)) for face, p in Die(game.components.die_faces).outcomes())
        )
        """Roll the Event Die: (id, probability) of each face."""
        self.die_outcome_actions: tuple[tuple[Action, float], ...] = tuple(
            (game.catalogue[i], p) for i, p in self.die_outcomes
        )
        first = ids.WORMHOLE
        self.wormhole_choices: tuple[tuple[Choices, ...], ...] = tuple(
            tuple(choices(first + target * size + p for p in range(size) if p != at) for at in range(size))
            for target in range(game.players)
        )
        """Wormhole: per flagship and its position, the ids moving it to every other sector."""
        self.score_totals = scoring.score_totals
        self._catalogue = game.catalogue.actions
        legal: dict[int, Callable[[GalaxysEdgeState], Choices]] = {
            Phase.PLACEMENT: setup.placement_choices,
            Phase.TURN: turn.turn_choices,
            Phase.EVENT: event_die.event_choices,
            Phase.CHOOSE: military.choice_choices,
        }
        auto: dict[int, Callable[[GalaxysEdgeState], None]] = {
            Phase.CONTROL: military.determine_control,
            Phase.END: ending.end_turn,
        }
        kinds = range(len(STEP_KINDS.kinds))
        self._choices = tuple(legal.get(kind, _no_choices) for kind in kinds)
        self._auto = tuple(auto.get(kind, _cannot_run) for kind in kinds)
        self._roles = STEP_KINDS.roles
        self._handlers = self._handler_table(game)

    @staticmethod
    def _handler_table(game: GalaxysEdge) -> tuple[tuple[Rule, tuple[Any, ...]], ...]:
        """Per action id: the chapter function that applies it and its arguments."""
        ids = game.ids
        size = GEOMETRY.size
        locations = range(size * SLOTS)
        table: list[tuple[Rule, tuple[Any, ...]]] = []
        table += [(turn.build_colony, (loc,)) for loc in locations]
        classes = range(1, BASE_CLASSES + 1)
        table += [(turn.build_base, (loc, c)) for loc in locations for c in classes]
        table += [(turn.after_actions, ())]
        table += [(setup.place_flagship, (p,)) for p in range(size)]
        table += [(turn.move_flagship, (p,)) for p in range(size)]
        table += [(event_die.open_draw, ()), (events.after_event, ())]
        table += [(events.play_alien_embassy, (s,)) for s in range(len(Species))]
        table += [(events.play_cultural_takeover, (p,)) for p in range(size)]
        table += [(events.play_discovery_mission, (p,)) for p in range(size)]
        table += [(events.play_forcefield, ())]
        table += [(events.play_rebellion, (loc,)) for loc in locations]
        table += [(events.play_surprise_attack, (p,)) for p in range(size)]
        table += [(events.play_wormhole, (target, p)) for target in range(game.players) for p in range(size)]
        table += [(military.choose_replacement, (loc,)) for loc in locations]
        table += [(event_die.roll_event_die, (face,)) for face in range(ids.DRAWN - ids.ROLL)]
        table += [(event_die.draw_event, (card,)) for card in range(ids.SIZE - ids.DRAWN)]
        if len(table) != ids.SIZE:
            raise RuntimeError("the rules' action table and the catalogue disagree")
        return tuple(table)

    def legal_ids(self, state: GalaxysEdgeState) -> tuple[int, ...]:
        """The legal decisions' ids, ascending, at the first step of the queue.

        The actions come with the ids (see :meth:`choices`), so they go
        straight into the state's cache of legal actions.
        """
        ids, actions = self._choices[state.steps[0][0]](state)
        state.__dict__["_legal_actions"] = actions
        return ids

    def choices(self, state: GalaxysEdgeState) -> Choices:
        """The legal decisions' ids and actions, in id order."""
        return self._choices[state.steps[0][0]](state)

    def chance_ids(self, state: GalaxysEdgeState) -> tuple[tuple[int, float], ...]:
        """(id, probability) of each outcome of the event die or the event deck."""
        kind = state.steps[0][0]
        if kind == Phase.ROLL:
            return self.die_outcomes
        if kind == Phase.DRAW:
            return event_die.draw_chance_ids(state)
        return ()

    def chance_outcomes(self, state: GalaxysEdgeState) -> tuple[tuple[Action, float], ...]:
        """The chance outcomes as actions (the die's are built once)."""
        if state.steps[0][0] == Phase.ROLL:
            return self.die_outcome_actions
        table = self._catalogue
        return tuple([(table[i], p) for i, p in self.chance_ids(state)])

    def apply(self, state: GalaxysEdgeState, action_id: int) -> GalaxysEdgeState:
        """The successor after the (already validated) action ``action_id``,
        its step queue settled."""
        # The kernel's State._successor, inlined: a copy of the instance dict.
        new = _new_state(GalaxysEdgeState)
        fields = state.__dict__.copy()
        fields["_legal"] = fields["_legal_actions"] = None
        _set_attribute(new, "__dict__", fields)
        rule, args = self._handlers[action_id]
        rule(new, *args)
        steps = fields["steps"]
        if steps is state.steps:
            return new  # the same decision goes on (a turn's first action): same player
        roles = self._roles
        while steps:
            step = steps[0]
            kind = step[0]
            role = roles[kind]
            if role != _AUTO:
                fields["_player"] = step[1] if role == _DECISION else CHANCE
                return new
            self._auto[kind](new)
            steps = fields["steps"]
        fields["_player"] = TERMINAL
        return new
