"""The Age of Galaxy state: one immutable position, all small ints and tuples.

Faction cards are bits of ints (card ``i`` is ``1 << i``); planets live in 20
slots (System position * 4 + planet), Exploration points in 15 spots
(position * 3 + point).  Static data (cards, systems, Technologies) lives on
the Game.  The Virtual Opponent of the solo variants is owner :data:`VO`;
non-player discs that block spaces in smaller games are owner :data:`NP`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, State, View
from boardgames.kernel.steps import Role, StepKind, StepKinds
from boardgames.kernel.work import Work

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.game import AgeOfGalaxy

__all__ = ["HIDDEN_FIELDS", "PUBLIC_FIELDS", "AgeState", "AgeView", "Fields"]

VO = 4
NP = 5
DISCS_PER_PLAYER = 15  # 16 Action discs, one marks Prestige
CRUISERS_PER_PLAYER = 9
ROUNDS = 5
MAX_SUPPLY_CRUISERS = 5
EXPLORATION_TOKENS = 9
# the Virtual Opponent's fields in ``vo``
VO_CRUISERS, VO_INFLUENCE, VO_PRESTIGE, VO_STRENGTH, VO_DISCS = range(5)
VO_DISCS_TOTAL = 15

# planet levels (``plevel``) and the owner of a free planet (``powner``)
FREE, COLONIZED, DEVELOPED, CONQUERED = range(4)
NOBODY = -1

# the phases of a round (rulebook "Gameplay"; the solo variants' Virtual Opponent acts
# after the Action phase); rules.py hands over from one to the next
PRODUCTION_PHASE, ACTION_PHASE, SOLO_PHASE, WAR_PHASE, GALACTIC_PHASE = range(5)

# stages: the moment of the game as render and validation name it, derived from the queue
# (:func:`stage_of`)
DISCARD, DRAFT, FOUND, ACTION, WAR, END = range(6)
STAGES = ("discard", "draft", "found", "action", "war", "end")

# step kinds (the first item of each step of the queue ``steps``); chance steps are C_*.
# A step is ``(kind, player, *args)``: the player decides a decision step; a chance step
# names the player it concerns (the one who draws or explores) or :data:`NO_PLAYER`.
(
    NONE,
    D_USE,
    D_EXCHANGE,
    D_PAY,
    D_TAKE,
    D_BUILD,
    D_RETRIEVE,
    D_ADAPT,
    D_BONUS,
    D_ACQUIRE,
    D_SURRENDER,
    C_REDRAW,
    C_EXPLORE,
    C_SYSTEM,
    C_PLANET_TOKEN,
    C_SOLO,
    C_DIE,
    S_DISCARD,
    S_DRAFT,
    S_FOUND,
    S_TURN,
) = range(21)
NO_PLAYER = -1  # the player of a chance step that concerns nobody in particular
# what each step waits for, its arguments after the player, its rulebook section
STEP_KINDS = StepKinds(
    StepKind(S_DISCARD, "discard", Role.DECISION, section="Setup (step 13)"),
    StepKind(S_DRAFT, "draft", Role.DECISION, section="Faction Drafting"),
    StepKind(S_FOUND, "found", Role.DECISION, section="Setup (step 14)"),
    StepKind(S_TURN, "turn", Role.DECISION, section="Action Phase"),
    StepKind(D_USE, "use", Role.DECISION, ("card",), section="Faction Cards"),
    StepKind(D_EXCHANGE, "exchange", Role.DECISION, ("trade card",), section="Trade"),
    StepKind(D_PAY, "pay", Role.DECISION, ("technology",), section="Research"),
    StepKind(D_TAKE, "take", Role.DECISION, ("technology",), section="Technologies"),
    StepKind(D_BUILD, "build", Role.DECISION, section="Manufacture"),
    StepKind(D_RETRIEVE, "retrieve", Role.DECISION, section="Retrieve"),
    StepKind(D_ADAPT, "adapt", Role.DECISION, ("planet",), section="Colonize"),
    StepKind(D_BONUS, "bonus", Role.DECISION, section="Develop"),
    StepKind(D_ACQUIRE, "acquire", Role.DECISION, section="War Phase"),
    StepKind(D_SURRENDER, "surrender", Role.DECISION, section="Standard Solo Variant"),
    StepKind(C_REDRAW, "redraw", Role.CHANCE, ("missing",), section="Setup (step 13)"),
    StepKind(C_EXPLORE, "explore", Role.CHANCE, section="Explore"),
    StepKind(C_SYSTEM, "system", Role.CHANCE, section="Galactic Phase"),
    StepKind(C_PLANET_TOKEN, "planet token", Role.CHANCE, ("planet",), section="Galactic Phase"),
    StepKind(C_SOLO, "solo reveal", Role.CHANCE, ("cards",), section="Standard Solo Variant"),
    StepKind(C_DIE, "die", Role.CHANCE, section="Advanced Solo Variant"),
)
STEP_NAMES = ("none", *(STEP_KINDS.kind(code).name for code in range(D_USE, S_TURN + 1)))
CHANCE_STEPS = frozenset(code for code in range(D_USE, S_TURN + 1) if STEP_KINDS.roles[code] == Role.CHANCE)
# the sub-decisions of a turn in progress: pushed in front of the player's turn step
TURN_STEPS = (D_USE, D_EXCHANGE, D_PAY, D_TAKE, D_BUILD, D_RETRIEVE, D_ADAPT, D_BONUS)
GALACTIC = -1  # in STAGE_OF_STEP: the stage the Galactic phase follows (Action in round 1, else War)
STAGE_OF_STEP: tuple[int, ...] = tuple(
    DISCARD if code in (S_DISCARD, C_REDRAW) else DRAFT if code == S_DRAFT else FOUND if code == S_FOUND
    else WAR if code in (D_ACQUIRE, D_SURRENDER) else GALACTIC if code in (C_SYSTEM, C_PLANET_TOKEN)
    else ACTION
    for code in range(S_TURN + 1)
)


def stage_of(steps: tuple[tuple[int, ...], ...], round_: int) -> int:
    """The stage the queue ``steps`` is in during round ``round_`` (END once it is empty).

    The Galactic phase's draws come after the War phase, which round 1 skips
    (rulebook "War Phase"), so they count as the Action stage in round 1.
    """
    if not steps:
        return END
    stage = STAGE_OF_STEP[steps[0][0]]
    if stage == GALACTIC:
        return ACTION if round_ == 1 else WAR
    return stage


# turn flags
ACTED = 1
CARD_PLAYED = 2

HIDDEN_FIELDS = ("hands", "discards", "deck", "packets")


class AgeState(State):
    """One position of Age of Galaxy (see the module docstring for encodings)."""

    FIELDS: ClassVar[tuple[str, ...]] = (
        "steps", "round", "order", "pos", "passed", "flags",
        "res", "stamp", "clock", "discs", "board_discs",
        "hands", "discards", "deck", "packets",
        "alliance", "ideology", "played", "techs",
        "systems", "fleet", "pkind", "powner", "plevel", "ptokens",
        "espots", "telescope", "unseen", "gone",
        "explore_discs", "sections", "trade", "tdiscs", "flipped", "nominate", "vo",
    )

    game: AgeOfGalaxy
    steps: tuple[tuple[int, ...], ...]  # the queue: its first step is what happens next
    round: int
    order: tuple[int, ...]
    pos: int
    passed: int
    flags: int
    res: tuple[int, ...]  # player * 8 + resource
    stamp: tuple[int, ...]  # when each Prestige marker last moved (higher: disc on top)
    clock: int
    discs: tuple[int, ...]  # Action discs in each personal supply
    board_discs: tuple[int, ...]  # Action discs on the board, Prestige marker excluded
    hands: tuple[int, ...]
    discards: tuple[int, ...]
    deck: int
    packets: tuple[int, ...]
    alliance: tuple[tuple[int, ...], ...]
    ideology: tuple[int, ...]  # card played as True Major Ideology, or -1
    played: int  # face-up discarded cards (Reinforcements, Adaptations, solo reveals)
    techs: tuple[int, ...]
    systems: tuple[int, ...]  # System cards face up, left to right
    fleet: int
    pkind: tuple[int, ...]
    powner: tuple[int, ...]
    plevel: tuple[int, ...]  # 0 free, 1 Colonized, 2 Developed, 3 Conquered (a Cruiser)
    ptokens: int  # Planet tokens still in the supply
    espots: int  # Exploration points holding a face-down token
    telescope: tuple[int, ...]
    unseen: int  # Exploration tokens nobody has seen
    gone: int  # Exploration tokens taken off the board
    explore_discs: tuple[int, ...]
    sections: tuple[tuple[int, ...], ...]  # Manufacture, Retrieve, Scavenge disc owners
    trade: tuple[int, ...]
    tdiscs: tuple[tuple[int, ...], ...]
    flipped: int
    nominate: tuple[int, ...]
    vo: tuple[int, ...]  # solo: cruisers, influence, prestige, strength, discs used

    def _legal_ids(self) -> tuple[int, ...]:
        step = self.steps[0]
        return tuple(self.game.legal_of[step[0]](self, step))  # type: ignore[misc]

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        """The machine's, with the outcomes function of the first step asked for directly."""
        if self._player != CHANCE:
            return ()
        step = self.steps[0]
        return self.game.rules.outcomes_of[step[0]](self, step)  # type: ignore[misc]

    def _allows(self, action_id: int) -> bool:
        """The kernel's, but a draw from a pile (the Faction deck, the Exploration tokens,
        the System cards, the Planet tokens: :class:`~.rules.Pile`) allows the card of each
        set bit of the pile's mask, without the kernel's walk over its outcomes."""
        if self._player == CHANCE:
            pile = self.game.piles[self.steps[0][0]]
            if pile is not None:  # the pile's card of the id, if it is left (see Pile.__init__)
                card = action_id - pile.base
                return 0 <= card < pile.size and pile.left(self) >> card & 1 == 1
        return super()._allows(action_id)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """The kernel's, a draw's outcomes as actions from its pile (:class:`~.rules.Pile`),
        drawn here (a call fewer at every draw), or :meth:`~.rules.Rules.outcome_actions`."""
        if self._player != CHANCE:
            return ()
        game = self.game
        pile = game.piles[self.steps[0][0]]
        if pile is not None:
            return pile.draw(pile.left(self), pile._actions, pile._action_rows)
        return game.rules.outcome_actions(self)

    def _apply(self, action_id: int) -> State:
        return self.game.machine.apply(self, action_id)

    @property
    def stage(self) -> int:
        """The stage of the game (:func:`stage_of` the queue)."""
        return stage_of(self.steps, self.round)

    def scores(self) -> tuple[float, ...]:
        return self.game.rules.scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """Most Victory Points; ties go to more Prestige, then the disc on top.

        In an Advanced Solo scenario the player wins only by meeting its
        victory conditions; otherwise nobody wins.
        """
        if not self.is_terminal or self.game.scenario_result(self) is False:
            return frozenset()
        return self.game.rules.winners(self)

    def view(self, player: int) -> AgeView:
        self._check_player(player)
        return self.game.rules.view(self, player)

    def peek(self, name: str) -> Any:
        """Field ``name``; rules that take a state or a working copy (:data:`Fields`) read
        the fields they do not change with ``peek`` so that a working copy does not thaw them."""
        return self.__dict__[name]

    def public(self) -> tuple[Any, ...]:
        """The public fields, in :data:`PUBLIC_FIELDS` order."""
        d = self.__dict__
        return tuple([d[name] for name in PUBLIC_FIELDS])


PUBLIC_FIELDS: tuple[str, ...] = ("_player", *(f for f in AgeState.FIELDS if f not in HIDDEN_FIELDS))


@attrs.frozen
class AgeView(View):
    """What one player may know: every public field, their own hand and discards.

    ``public`` holds the state's public fields in slot order (see
    :meth:`AgeState.public`); hidden ones are summarised by their sizes.
    """

    public: tuple[Any, ...]
    hand: int
    discarded: int
    packet: int
    hand_sizes: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    packet_sizes: tuple[int, ...]
    deck_size: int


Fields = AgeState | Work
"""What a read-only rule takes: a state, or the working copy of its successor inside ``apply``."""


class AgeWork(Work):
    """The kernel's working copy with every state field declared (:attr:`Work.FIELDS`), so
    that a first read thaws at once instead of after a failed attribute lookup.

    Rules on the hot path change single entries with :meth:`Work.put` / :meth:`Work.add`
    or assign new tuples (which go straight into the successor), and read the fields
    they do not change with :meth:`Work.peek`, so that little is thawed and refrozen.
    """

    FIELDS = ("_player", *AgeState.FIELDS)
