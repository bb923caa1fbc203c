"""Galaxy's Edge positions: the fields of a state and of a view, and their codes.

What happens next is a queue of steps (:mod:`boardgames.kernel.steps`), the
``steps`` field: ``(kind, player, *args)`` tuples whose kinds are the
:class:`Phase` codes declared in :data:`STEP_KINDS`.  A pending choice among
tied colonies is a ``CHOOSE`` step followed by the step the turn continues
with; the end of the game is an empty queue.

No rules live here.  A state's contract methods (legal actions, chance
outcomes, apply, scores) delegate to the configured game's rules,
``self.game.rules`` (see :mod:`rules`); the rules themselves are the chapter
modules named after the rulebook: ``setup``, ``turn``, ``event_die``,
``events``, ``military``, ``pledges``, ``ending`` and ``scoring``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import attrs

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, Layout, reach_of
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import mask_cards
from boardgames.kernel.game import CHANCE, State, View
from boardgames.kernel.steps import Role, StepKind, StepKinds
from boardgames.kernel.work import Work

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = [
    "BASE_CLASSES",
    "BASE_CODE",
    "BASE_CODES",
    "BYTE",
    "COLONIES_PER_PLAYER",
    "COLONY_CODES",
    "EMPTY",
    "MILITARY_TOKENS_PER_PLAYER",
    "NOBODY",
    "NOT_BUILT",
    "NOWHERE",
    "OWNERS",
    "STEP_KINDS",
    "Choice",
    "Choices",
    "Fields",
    "Forcefield",
    "GalaxysEdgeState",
    "GalaxysEdgeView",
    "GalaxysEdgeWork",
    "Phase",
    "Then",
    "assemble",
    "base_code",
    "choice_of",
    "choices_of",
    "class_of",
    "colony_code",
    "derived_fields",
    "locations_in",
    "one_step_queues",
    "owner_of",
    "phase_of",
    "steps_of",
]

COLONIES_PER_PLAYER = 20
"""80 colony tokens: 20 discs in each player colour."""

MILITARY_TOKENS_PER_PLAYER = 20
"""80 military tokens: 20 triangles in each player colour."""

# -- occupant codes: what stands on a system --------------------------------------------

EMPTY = 0
"""The occupant code of an empty system."""

BASE_CODE = 5
"""The occupant code of player 0's Class 1 base; colonies are 1-4 (``colony_code``),
bases ``BASE_CODE`` + 3 * player + class - 1 (``base_code``)."""

BASE_CLASSES = 3
"""Class 1, 2 and 3 bases: stacks of 1 to 3 military tokens."""

NOBODY = -1
"""No player: a pledge nobody holds, an installation's owner on an empty system."""

NOWHERE = -1
"""No position: a flagship not yet placed, a ban not yet placed."""

NOT_BUILT = -1
"""``built`` before the active player has built this turn."""


Fields = dict[str, Any]
"""A successor's instance dict, which the rules write its changed fields into
(see :mod:`turn`)."""

Choices = tuple[tuple[int, ...], tuple[Action, ...]]
"""Legal action ids and the same actions, in the same order (what the rules'
legal-action functions return)."""


BYTE: tuple[bytes, ...] = tuple(bytes((code,)) for code in range(256))
"""Each occupant code as a one-byte ``bytes``, to splice into ``occupant``."""


def choices_of(ids: Sequence[int], table: Sequence[Action]) -> Choices:
    """``ids`` with their actions from the catalogue ``table`` (one C-level
    lookup: ``itemgetter`` costs a third of mapping ``table.__getitem__``)."""
    ids = tuple(ids)
    if len(ids) > 1:
        return ids, itemgetter(*ids)(table)
    return ids, (table[ids[0]],) if ids else ()


def colony_code(player: int) -> int:
    """The occupant code of ``player``'s colony."""
    return 1 + player


def base_code(player: int, base_class: int) -> int:
    """The occupant code of ``player``'s base of class 1-3."""
    return BASE_CODE + BASE_CLASSES * player + base_class - 1


SEATS = 4
"""The most players a game has (the tables below have a row per seat)."""

COLONY_CODES: tuple[int, ...] = tuple(colony_code(player) for player in range(SEATS))
"""Per player: :func:`colony_code` (a lookup on the hot path instead of a call)."""

BASE_CODES: tuple[tuple[int, ...], ...] = tuple(
    (EMPTY, *(base_code(player, c) for c in range(1, BASE_CLASSES + 1))) for player in range(SEATS)
)
"""Per player, per Class 1-3: :func:`base_code` (index 0 unused)."""


def owner_of(code: int) -> int:
    """The player whose installation has occupant ``code``, or :data:`NOBODY`."""
    if code == EMPTY:
        return NOBODY
    return code - 1 if code < BASE_CODE else (code - BASE_CODE) // BASE_CLASSES


OWNERS: tuple[int, ...] = tuple(owner_of(code) for code in range(256))
"""Per occupant code: :func:`owner_of` (a lookup on the hot path instead of a call)."""


def class_of(code: int) -> int:
    """The class (1-3) of the base with occupant ``code``, or 0 for a colony or nothing."""
    return 0 if code < BASE_CODE else (code - BASE_CODE) % BASE_CLASSES + 1


class Phase:
    """What the state is waiting for: the kind of the first step of its queue
    (:data:`OVER` for an empty queue).

    ``CONTROL`` and ``END`` are automatic steps, run while the rules' step
    machine settles the queue inside ``apply`` (see :mod:`rules`): a state is
    never handed out waiting for them.
    """

    PLACEMENT = 0  # setup: flagship placement, counterclockwise
    TURN = 1  # the active player's two actions
    ROLL = 2  # chance: the event die
    EVENT = 3  # the event card symbol: draw, play or do nothing
    DRAW = 4  # chance: the top event card
    CHOOSE = 5  # choose among equally valuable rival colonies
    OVER = 6
    CONTROL = 7  # runs at once: Determine Military Control of the sector the build completed
    END = 8  # runs at once: Ending Your Turn

    NAMES = ("placement", "turn", "roll", "event", "draw", "choose", "over", "control", "end")
    SAVED = OVER
    """The highest phase a saved state may be in."""


STEP_KINDS = StepKinds(
    StepKind(Phase.PLACEMENT, "placement", Role.DECISION, section="Setup"),
    StepKind(Phase.TURN, "turn", Role.DECISION, section="On Your Turn"),
    StepKind(Phase.ROLL, "roll", Role.CHANCE, section="Roll the Event Die"),
    StepKind(Phase.EVENT, "event", Role.DECISION, section="Playing Event Cards"),
    StepKind(Phase.DRAW, "draw", Role.CHANCE, section="Drawing Event Cards"),
    StepKind(Phase.CHOOSE, "choose", Role.DECISION, ("options",), section="Conquering"),
    StepKind(Phase.CONTROL, "control", Role.AUTO, section="Determine Military Control"),
    StepKind(Phase.END, "end", Role.AUTO, section="Ending Your Turn"),
)
"""The step kinds of the queue.  A ``choose`` step's argument is the bit mask
of the locations of the colonies offered."""


def one_step_queues(kind: int) -> tuple[tuple[tuple[int, int]], ...]:
    """Per seat: the queue of one step of ``kind`` for that player, built once
    (the hot rules set such a queue without building tuples, and without
    reading a :class:`Phase` code, a class attribute, which Python 3.11 reads
    more slowly than a module's global)."""
    return tuple([((kind, player),) for player in range(SEATS)])


class Then:
    """Where the turn continues after a pending :class:`Choice` (its ``then``)."""

    AFTER_EVENT = 0  # determine military control of the built sector, then end the turn
    END_TURN = 1  # end the turn

    KIND = (Phase.CONTROL, Phase.END)
    """The kind of the step that each ``then`` continues with."""


class Forcefield:
    """A player's Forcefield status (the ``forcefield`` field)."""

    NONE = 0
    ENDS_THIS_TURN = 1  # played on their previous turn: protects until the end of this one
    PLAYED_THIS_TURN = 2


@attrs.frozen
class Choice:
    """A pending choice of which tied rival colony ``chooser`` replaces.

    ``then`` (a :class:`Then` code) says where the turn continues once it is made.
    """

    chooser: int
    options: tuple[int, ...]
    then: int


locations_in = mask_cards
"""The locations whose bits are set in a mask, ascending (the kernel's set-bit listing)."""


def phase_of(steps: tuple[tuple[int, ...], ...]) -> int:
    """The :class:`Phase` of a step queue: its first step's kind, or OVER."""
    return steps[0][0] if steps else Phase.OVER


def choice_of(steps: tuple[tuple[int, ...], ...]) -> Choice | None:
    """The pending :class:`Choice` of a step queue, if its first step is one."""
    if not steps or steps[0][0] != Phase.CHOOSE:
        return None
    _, chooser, options = steps[0]
    then = Then.KIND.index(steps[1][0]) if len(steps) > 1 and steps[1][0] in Then.KIND else Then.END_TURN
    return Choice(chooser, locations_in(options), then)


def steps_of(phase: int, player: int, active: int, choice: Choice | None) -> tuple[tuple[int, ...], ...]:
    """The step queue of a saved ``phase`` (the inverse of :func:`phase_of` and
    :func:`choice_of`): ``player`` is the player to act."""
    if phase == Phase.OVER:
        return ()
    if phase == Phase.CHOOSE and choice is not None:
        options = 0
        for loc in choice.options:
            options |= 1 << loc
        return ((Phase.CHOOSE, choice.chooser, options), (Then.KIND[choice.then], active))
    return ((phase, player if phase == Phase.PLACEMENT else active),)


_ROLL = Phase.ROLL  # read by the chance methods of every roll (a global reads faster than Phase.ROLL)


@attrs.frozen
class GalaxysEdgeView(View):
    """What one player may know: the whole board, their own hand, counts of the rest."""

    layout: tuple[int, ...]
    occupant: tuple[int, ...]
    flagships: tuple[int, ...]
    bans: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discarded: tuple[int, ...]
    forcefield: tuple[int, ...]
    pledges: tuple[int, ...]
    embassy: tuple[tuple[int, ...], ...]
    colonies_left: tuple[int, ...]
    tokens_left: tuple[int, ...]
    steps: tuple[tuple[int, ...], ...]
    active: int
    to_act: int
    moved: bool
    built: int
    idle: int
    start: int
    placed: int

    @property
    def phase(self) -> int:
        """A :class:`Phase`: what the game waits for."""
        return phase_of(self.steps)

    @property
    def choice(self) -> Choice | None:
        """The pending choice among tied rival colonies, if any."""
        return choice_of(self.steps)

    def owner(self, location: int) -> int:
        """The player whose installation is on ``location``, or :data:`NOBODY`."""
        return owner_of(self.occupant[location])

    def base_class(self, location: int) -> int:
        """The class (1-3) of the base on ``location``, or 0 if there is none."""
        return class_of(self.occupant[location])


class GalaxysEdgeState(State):
    """A Galaxy's Edge position.  Read its fields; change it only with ``apply``."""

    game: GalaxysEdge
    layout: Layout
    occupant: bytes
    """Per system location: :data:`EMPTY`, ``colony_code(p)`` or ``base_code(p, c)``
    (bytes, a compact sequence of small ints: a successor copies it without
    touching 120 references)."""
    open_slots: bytes
    """Per position: a bit per slot holding an empty system (the locations are
    ``components.SLOT_LOCATIONS[position][mask]``, which are also the ids of
    building a colony there)."""
    empty: bytes
    """The locations of the empty systems, ascending, one byte each (the
    ``open_slots`` of every position: the turn's listing picks those of a vicinity with one C-level
    call, ``components.locations_within``, instead of a loop over its sectors)."""
    open_mask: int
    """Bit mask of positions with an empty system (incomplete sectors)."""
    presence: tuple[int, ...]
    """Per player: bit mask of positions holding one of their installations."""
    reach: tuple[int, ...]
    """Per player: bit mask of positions in the vicinity of their installations."""
    colony_mask: tuple[int, ...]
    """Per player: bit mask of positions holding one of their colonies."""
    flagships: tuple[int, ...]
    """Per player: the position of their flagship, or :data:`NOWHERE` before placement."""
    bans: tuple[int, ...]
    """Per player: the position of their ban marker, or :data:`NOWHERE`."""
    ban_mask: int
    """Bit mask of the banned positions."""
    hands: tuple[tuple[int, ...], ...]
    """Per player: how many cards of each event type they hold."""
    deck: tuple[int, ...]
    """How many cards of each event type remain in the deck (an unordered multiset)."""
    discarded: tuple[int, ...]
    """Cards of each type removed from the game."""
    forcefield: tuple[int, ...]
    """Per player: a :class:`Forcefield` status."""
    pledges: tuple[int, ...]
    """Per species: the player holding its loyalty pledge, or :data:`NOBODY`."""
    embassy: tuple[tuple[int, ...], ...]
    """Per species, per player: Alien Embassy colony tokens on that pledge."""
    colonies_left: tuple[int, ...]
    tokens_left: tuple[int, ...]
    steps: tuple[tuple[int, ...], ...]
    """The step queue: what happens next (see :data:`STEP_KINDS`)."""
    active: int
    """The player whose turn it is."""
    moved: bool
    """Whether the active player has moved their flagship this turn."""
    built: int
    """The location the active player built on this turn, or :data:`NOT_BUILT`."""
    idle: int
    """Consecutive turns, up to this one, in which nobody built."""
    start: int
    """The starting player (the first to place a flagship)."""
    placed: int
    """How many flagships have been placed at setup."""

    @property
    def phase(self) -> int:
        """A :class:`Phase`: what the game waits for (the first step's kind)."""
        return phase_of(self.steps)

    @property
    def choice(self) -> Choice | None:
        """The pending choice among tied rival colonies, in the :data:`Phase.CHOOSE` phase."""
        return choice_of(self.steps)

    # -- the contract: delegated to the rules ---------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        # The rules' choices function of the first step gives the ids and the
        # actions at once; the actions go to the game's memo of the last
        # listing (Game._last_actions), which legal_actions reads.
        steps = self.steps
        if not steps:
            return ()
        choices = self.game.rules.choosers[steps[0][0]](self)
        self.game._last_actions = choices
        return choices[0]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order; never empty at a decision.

        The rules give the legal ids and actions together, built from the
        same tables: the ids are cached and the actions go to the game's memo
        of the last listing; the kernel's version would look every action up
        again.
        """
        legal = self._legal
        if legal is None:
            if self._player < 0:
                return ()
            choices = self.game.rules.choosers[self.steps[0][0]](self)
            self.__dict__["_legal"] = choices[0]
            self.game._last_actions = choices
            return choices[1]
        return super().legal_actions()  # from the memo, or the ids looked up

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        rules = self.game.rules
        if self.steps[0][0] == _ROLL:
            return rules.die_outcomes  # the same six faces every time
        return rules.chance_ids(self)

    def _allows(self, action_id: int) -> bool:
        # A face of the Event Die is one set lookup (the die is rolled after
        # every build; the kernel's version would list the outcomes first).
        if self._player == CHANCE and self.steps[0][0] == _ROLL:
            return action_id in self.game.rules.die_ids
        return super()._allows(action_id)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        if self._player != CHANCE:
            return ()
        rules = self.game.rules
        if self.steps[0][0] == _ROLL:
            return rules.die_outcome_actions  # built once
        return rules.chance_outcomes(self)

    def _apply(self, action_id: int) -> State:
        return self.game.rules.apply(self, action_id)

    def scores(self) -> tuple[float, ...]:
        return tuple([float(total) for total in self.game.rules.score_totals(self)])

    def view(self, player: int) -> GalaxysEdgeView:
        self._check_player(player)
        return GalaxysEdgeView(
            player=player,
            game=self.game,
            layout=self.layout.tiles,
            occupant=tuple(self.occupant),
            flagships=self.flagships,
            bans=self.bans,
            hand=self.hands[player],
            hand_sizes=tuple(sum(h) for h in self.hands),
            deck_size=sum(self.deck),
            discarded=self.discarded,
            forcefield=self.forcefield,
            pledges=self.pledges,
            embassy=self.embassy,
            colonies_left=self.colonies_left,
            tokens_left=self.tokens_left,
            steps=self.steps,
            active=self.active,
            to_act=self._player,
            moved=self.moved,
            built=self.built,
            idle=self.idle,
            start=self.start,
            placed=self.placed,
        )

    # -- questions a user (or a bot) asks -----------------------------------------

    def owner(self, location: int) -> int:
        """The player whose installation is on ``location``, or :data:`NOBODY`."""
        return owner_of(self.occupant[location])

    def base_class(self, location: int) -> int:
        """The class (1-3) of the base on ``location``, or 0 if there is none."""
        return class_of(self.occupant[location])

    def is_colony(self, location: int) -> bool:
        return EMPTY < self.occupant[location] < BASE_CODE

    def bases(self, player: int) -> int:
        """How many military bases ``player`` has on the board (any class)."""
        low = base_code(player, 1)
        return sum(1 for code in self.occupant if low <= code < low + BASE_CLASSES)

    def protected(self, player: int) -> bool:
        """Whether ``player``'s colonies are under an active Forcefield."""
        return self.forcefield[player] != Forcefield.NONE


class GalaxysEdgeWork(Work):
    """The working copy of a successor where the step machine opens one (a
    choice among tied colonies answered by ``decide``, settling after it).

    The rules of this game write new tuples straight into the successor
    (``w.state``) and never thaw a field, so a Work never holds a stale copy;
    none of them opens a Work of its own (creating one costs more than the
    few fields a rule changes).
    """

    FIELDS = (
        "layout",
        "occupant",
        "open_slots",
        "empty",
        "open_mask",
        "presence",
        "reach",
        "colony_mask",
        "flagships",
        "bans",
        "ban_mask",
        "hands",
        "deck",
        "discarded",
        "forcefield",
        "pledges",
        "embassy",
        "colonies_left",
        "tokens_left",
        "steps",
        "active",
        "moved",
        "built",
        "idle",
        "start",
        "placed",
    )


def derived_fields(
    layout: Layout, occupant: Sequence[int], players: int, bans: tuple[int, ...]
) -> dict[str, Any]:
    """The fields that follow from the occupants and bans (for setup and loading)."""
    size = GEOMETRY.size
    vacant = [[loc for loc in layout.systems[p] if occupant[loc] == EMPTY] for p in range(size)]
    open_slots = bytes(sum(1 << loc % SLOTS for loc in here) for here in vacant)
    open_mask = sum(1 << p for p in range(size) if vacant[p])
    empty = bytes(loc for here in vacant for loc in here)
    presence = [0] * players
    colony_mask = [0] * players
    for p in range(size):
        for loc in layout.systems[p]:
            code = occupant[loc]
            if code != EMPTY:
                owner = owner_of(code)
                presence[owner] |= 1 << p
                if code < BASE_CODE:
                    colony_mask[owner] |= 1 << p
    ban_mask = 0
    for b in bans:
        if b != NOWHERE:
            ban_mask |= 1 << b
    return {
        "open_slots": open_slots,
        "empty": empty,
        "open_mask": open_mask,
        "presence": tuple(presence),
        "reach": tuple(reach_of(m) for m in presence),
        "colony_mask": tuple(colony_mask),
        "ban_mask": ban_mask,
    }


def assemble(game: GalaxysEdge, *, tiles: tuple[int, ...], player: int, **fields: Any) -> GalaxysEdgeState:
    """A state of ``game`` from its saved fields (the derived ones are computed)."""
    layout = game.layout(tiles)
    state = GalaxysEdgeState._blank(game, player)
    d = state.__dict__
    d["layout"] = layout
    d.update(fields)
    occupant = d["occupant"] = bytes(fields["occupant"])
    if phase_of(fields["steps"]) == Phase.PLACEMENT and occupant.count(EMPTY) == len(occupant):
        # A new game: nothing built, nothing banned.
        none = (0,) * game.players
        d["open_slots"] = layout.slot_masks
        d["empty"] = layout.locations
        d["open_mask"] = layout.open_mask
        d["ban_mask"] = 0
        d["presence"] = d["reach"] = d["colony_mask"] = none
    else:
        # Resampling a view many times (search) rebuilds the same board: the
        # derived fields are remembered on the layout.
        key = (game.players, occupant, fields["bans"])
        derived = layout.derived.get(key)
        if derived is None:
            if len(layout.derived) >= DERIVED_KEPT:
                layout.derived.clear()
            derived = layout.derived[key] = derived_fields(layout, occupant, game.players, fields["bans"])
        d.update(derived)
    return state


DERIVED_KEPT = 256
"""The most boards whose derived fields a layout remembers; its memo starts over when full."""
