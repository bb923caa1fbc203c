"""The dispatch: which rule gives the legal actions, the chance outcomes and
the successor at each step, and the static tables the rules read.

The turn runs on :class:`boardgames.kernel.steps.StepMachine` over the step
kinds of :data:`state.STEP_KINDS`: per kind, the function listing its legal
ids (or chance outcomes) and the function applying an action.  Every action
id maps to one chapter function and its arguments (a table built once per
game from the action catalogue's id ranges); the decision and chance kinds
answered on the hot path are ``direct`` (the chapter function edits the
successor's fields itself, without a :class:`~boardgames.kernel.work.Work`:
there the working copy would cost more than the rules), a conquering
player's choice among tied colonies goes through a
:class:`~state.GalaxysEdgeWork`.  Determine Military Control and Ending Your
Turn are called by the rule that finishes the turn's last action
(``events.after_event``, ``turn.after_actions``); only after a choice among
tied colonies are they queued, as the automatic steps :data:`Phase.CONTROL`
and :data:`Phase.END`, which are ``direct_run``: the machine runs them on
the successor itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from boardgames.games.galaxys_edge import ending, event_die, events, military, scoring, setup, turn
from boardgames.games.galaxys_edge.components import GEOMETRY, SLOT_LOCATIONS, SLOTS, Species
from boardgames.games.galaxys_edge.state import (
    BASE_CLASSES,
    MILITARY_TOKENS_PER_PLAYER,
    STEP_KINDS,
    Choices,
    Fields,
    GalaxysEdgeState,
    GalaxysEdgeWork,
    Phase,
    choices_of,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.chance import Die
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.steps import Step, StepMachine

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = ["Rules"]

Rule = Callable[[GalaxysEdgeState, Fields, Any], None]
"""A rule applied directly: the successor, its instance dict (the fields the
rule changes are written there) and the action's one argument (``None`` for the
rules of no argument, which take it as ``argument: None = None`` and ignore it)."""
ChoicesOf = Callable[[GalaxysEdgeState], Choices]


if GalaxysEdgeState._CACHES != ("_legal", "_chance"):
    raise RuntimeError("the direct successor resets the state's caches by name: update it with State._CACHES")


def _no_choices(state: GalaxysEdgeState) -> Choices:
    return (), ()


def _decided_elsewhere(new: GalaxysEdgeState, d: Fields, argument: Any) -> None:
    raise BoardGameError("this action answers a step that is not applied directly")


def _spreading(rule: Callable[..., None]) -> Rule:
    """A rule of two arguments (a base's location and Class, a Wormhole's
    flagship and sector) called with them as one tuple."""

    def call(new: GalaxysEdgeState, d: Fields, arguments: tuple[int, int]) -> None:
        rule(new, d, *arguments)

    return call


def _run(
    rule: Callable[[GalaxysEdgeState, Fields], None],
) -> Callable[[GalaxysEdgeState, Fields, Step], None]:
    """An automatic step the machine runs on the successor (after a choice among
    tied colonies): the rule, given the successor's instance dict (the machine's)."""

    def run(new: GalaxysEdgeState, fields: Fields, step: Step) -> None:
        rule(new, fields)

    return run


def _legal(choose: ChoicesOf) -> Callable[[GalaxysEdgeState, Step], tuple[int, ...]]:
    """The machine's legal-ids function of a kind from its choices function:
    the actions come with the ids, and go straight into the game's memo of the
    last listing (Game._last_actions), which State.legal_actions reads."""

    def legal(state: GalaxysEdgeState, step: Step) -> tuple[int, ...]:
        choices = choose(state)
        state.game._last_actions = choices
        return choices[0]

    return legal


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
        if ids.COLONY != 0:
            raise RuntimeError("the turn's listing takes a colony's id to be its location")
        self.base_ids_at: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
            tuple(
                tuple(
                    tuple(ids.BASE + BASE_CLASSES * loc + c for loc in here for c in range(top))
                    for top in (min(BASE_CLASSES, tokens) for tokens in range(MILITARY_TOKENS_PER_PLAYER + 1))
                )
                for here in per_mask
            )
            for per_mask in SLOT_LOCATIONS
        )
        """Per position, its empty slots (``state.open_slots``) and the military tokens
        left: the ids of building a base on each empty system, of every Class the
        tokens allow (a Class-c base is a stack of c tokens)."""
        self.catalogue: tuple[Action, ...] = actions
        """The catalogue's actions in id order."""
        self.vicinity_positions: tuple[tuple[int, ...], ...] = tuple(
            tuple(q for q in range(size) if GEOMETRY.vicinity[p] >> q & 1) for p in range(size)
        )
        """Per position: the positions in its vicinity (itself included)."""
        self.die_outcomes: tuple[tuple[int, float], ...] = tuple(
            sorted((ids.ROLL + face, float(p)) for face, p in Die(game.components.die_faces).outcomes())
        )
        """Roll the Event Die: (id, probability) of each face."""
        self.die_ids: frozenset[int] = frozenset(i for i, _ in self.die_outcomes)
        """The ids of the Event Die's faces."""
        self.die_outcome_actions: tuple[tuple[Action, float], ...] = tuple(
            (game.catalogue[i], p) for i, p in self.die_outcomes
        )
        first = ids.WORMHOLE
        self.wormhole_ids: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(first + target * size + p for p in range(size) if p != at) for at in range(size))
            for target in range(game.players)
        )
        """Wormhole: per flagship and its position, the ids moving it to every other sector."""
        self.score_totals = scoring.score_totals
        self.totals_of = scoring.totals_of
        self._catalogue = game.catalogue.actions
        choosers: dict[int, ChoicesOf] = {
            Phase.PLACEMENT: setup.placement_choices,
            Phase.TURN: turn.turn_choices,
            Phase.EVENT: event_die.event_choices,
            Phase.CHOOSE: military.choice_choices,
        }
        self.choosers: tuple[ChoicesOf, ...] = tuple(
            choosers.get(kind, _no_choices) for kind in range(len(STEP_KINDS.kinds))
        )
        """Per step kind: the function giving its legal ids and actions together."""

        handlers = self._handler_table(game)

        # The successor after a decision (`decided`) or a chance outcome (`drawn`)
        # applied directly: the kernel's ``State._successor`` inlined, a copy of the
        # instance dict, then the rule of the action id.  Calling the class (a state
        # class takes no constructor arguments, checked by the kernel) costs about 300 instructions less
        # than object.__new__(GalaxysEdgeState), whose wrapper builds an argument tuple
        # and slices it; filling the new instance's own dict is cheaper than assigning
        # it a copy through object.__setattr__.  The state's caches (State._CACHES,
        # checked at import) start empty: a state caches only what its kind of node has
        # (the kernel's State.legal_action_ids, chance_outcome_ids), so the copy holds the
        # legal actions after a decision and the outcomes after a chance node, never
        # both, and only those are emptied (a store costs about 230 instructions).
        # The copy is ``|=``, not ``update()`` (see State._successor).

        def decided(state: GalaxysEdgeState, step: Step, action_id: int) -> GalaxysEdgeState:
            new = GalaxysEdgeState()
            fields = new.__dict__
            fields |= state.__dict__
            fields["_legal"] = None
            rule, argument = handlers[action_id]
            rule(new, fields, argument)
            return new

        def drawn(state: GalaxysEdgeState, step: Step, action_id: int) -> GalaxysEdgeState:
            new = GalaxysEdgeState()
            fields = new.__dict__
            fields |= state.__dict__
            fields["_chance"] = None
            rule, argument = handlers[action_id]
            rule(new, fields, argument)
            return new

        die_outcomes = self.die_outcomes
        self.machine: StepMachine[GalaxysEdgeState] = StepMachine(
            STEP_KINDS,
            legal={kind: _legal(choose) for kind, choose in choosers.items()},
            outcomes={
                Phase.ROLL: lambda state, step: die_outcomes,
                Phase.DRAW: event_die.draw_chance_ids,
            },
            direct={
                Phase.PLACEMENT: decided,
                Phase.TURN: decided,
                Phase.EVENT: decided,
                Phase.ROLL: drawn,
                Phase.DRAW: drawn,
            },
            decide={Phase.CHOOSE: military.choose_replacement},
            # this game's rules never thaw a field: the automatic steps after a direct
            # action run on the successor itself, with no Work
            direct_run={Phase.CONTROL: _run(military.determine_control), Phase.END: _run(ending.end_turn)},
            work=GalaxysEdgeWork,
        )
        """The turn structure: what each step kind lists and does."""
        self.apply: Callable[[GalaxysEdgeState, int], GalaxysEdgeState] = self.machine.apply
        """The successor after the (already validated) action id, its queue settled."""
        self.legal_ids: Callable[[GalaxysEdgeState], tuple[int, ...]] = self.machine.legal_ids
        """The legal decisions' ids, ascending, at the first step of the queue
        (the actions go into the state's cache with them)."""
        self.chance_ids: Callable[[GalaxysEdgeState], tuple[tuple[int, float], ...]] = self.machine.chance_ids
        """(id, probability) of each outcome of the event die or the event deck."""

    @property
    def base_ids(self) -> dict[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """:attr:`base_ids_at` by the empty systems' locations instead of the position
        and slot mask."""
        return {
            here: per_tokens
            for per_mask, tables in zip(SLOT_LOCATIONS, self.base_ids_at)
            for here, per_tokens in zip(per_mask, tables)
        }

    @staticmethod
    def _handler_table(game: GalaxysEdge) -> tuple[tuple[Rule, Any], ...]:
        """Per action id: the chapter function that applies it directly and its
        one argument (every rule is called the same way, with no test of how
        many arguments it takes)."""
        ids = game.ids
        size = GEOMETRY.size
        locations = range(size * SLOTS)
        table: list[tuple[Rule, Any]] = []
        table += [(turn.build_colony, loc) for loc in locations]
        classes = range(1, BASE_CLASSES + 1)
        build_base = _spreading(turn.build_base)
        table += [(build_base, (loc, c)) for loc in locations for c in classes]
        # the rules of no argument take an unused one (``argument: None = None``): the
        # table calls them as it calls every rule, with no adapter in between
        table += [(turn.after_actions, None)]
        table += [(setup.place_flagship, p) for p in range(size)]
        table += [(turn.move_flagship, p) for p in range(size)]
        table += [
            (event_die.open_draw, None),
            (events.after_event, None),
        ]
        table += [(events.play_alien_embassy, s) for s in range(len(Species))]
        table += [(events.play_cultural_takeover, p) for p in range(size)]
        table += [(events.play_discovery_mission, p) for p in range(size)]
        table += [(events.play_forcefield, None)]
        table += [(events.play_rebellion, loc) for loc in locations]
        table += [(events.play_surprise_attack, p) for p in range(size)]
        play_wormhole = _spreading(events.play_wormhole)
        table += [(play_wormhole, (target, p)) for target in range(game.players) for p in range(size)]
        table += [(_decided_elsewhere, None) for _ in locations]  # a choice among colonies: decide
        table += [(event_die.roll_event_die, face) for face in range(ids.DRAWN - ids.ROLL)]
        table += [(event_die.draw_event, card) for card in range(ids.SIZE - ids.DRAWN)]
        if len(table) != ids.SIZE:
            raise RuntimeError("the rules' action table and the catalogue disagree")
        return tuple(table)

    def chance_outcomes(self, state: GalaxysEdgeState) -> tuple[tuple[Action, float], ...]:
        """The chance outcomes as actions (the die's are built once)."""
        if state.steps[0][0] == Phase.ROLL:
            return self.die_outcome_actions
        table = self._catalogue
        outcomes = []  # a loop: a comprehension is a call of its own on 3.11
        for i, p in state.chance_outcome_ids():
            outcomes.append((table[i], p))
        return tuple(outcomes)
