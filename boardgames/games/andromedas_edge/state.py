"""Andromeda's Edge positions: the fields of a state, the codes they hold, and views.

A state keeps a queue of pending steps (``tasks``, a tuple of ``(kind,
player, a, b)`` tuples, see :data:`Task`).  The step at its head is a
decision of one player (who then is ``current_player``), a chance event, or
an automatic rule that runs at once.  The rules live in the chapter modules
and their dispatch in :mod:`~boardgames.games.andromedas_edge.rules`; a
state reaches them through ``self.game.rules``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from boardgames.kernel.cards import Deck, cards_of
from boardgames.kernel.game import TERMINAL, State, View
from boardgames.kernel.steps import Role, StepKind, StepKinds
from boardgames.kernel.work import Work as _Work

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge

__all__ = [
    "FIELDS",
    "STEP_KINDS",
    "AndromedasEdgeState",
    "AndromedasEdgeView",
    "Task",
    "Work",
    "read",
]

# Ship locations (non-negative values are regions on the board).
SUPPLY = -1
BAY = -2
SCRAPPED = -3
BARGE = -4
DEVELOPED = -5
ON_MODULE = -6  # placed on a station module during Return to Station (off the board)
OFF_BOARD = frozenset(range(ON_MODULE, 0))
"""Every ship location that is not a region (all negative)."""

# Phases.
SETUP = 0
PLAY = 1
OVER = 2

# Event marker positions besides the track spaces.
MARKER_REMOVED = -1
MARKER_ON_STATION = -2


class TaskKinds:
    """Kinds of pending steps on the task queue (first element of a task tuple),
    the class of :data:`Task`.

    A task is ``(kind, player, a, b)``.  Decisions wait for ``player``;
    chance tasks wait for an outcome; the rest run at once.
    """

    # decisions
    FACTION = 1
    DESTINY = 2
    MAIN = 3  # launch or return, with free actions
    POST = 4  # free actions, then end the turn
    RAIDER = 5  # choose the striking raider class
    PEEK = 6  # a = first card, b = second card
    SPEND = 7  # a = resources still to spend, b = what follows (Then.*)
    GAIN = 8  # a = resources still to gain
    BUY = 9  # a = column mask, b = 1 if this is the second module of a field
    SHIPYARD = 10  # build a ship or repair (Shipyard, Shipwright)
    REPAIR = 11
    BUILD = 12  # build a ship (paid), or decline if unaffordable
    DEVELOP = 13  # a = 1 if the Architect may draw instead
    UPGRADE = 14
    DISCOVERY = 15  # a = stack
    ESCALATE = 16
    DIPLOMACY = 17
    PREPARE = 18
    TACOPS = 19
    RETURN = 20
    REACTOR = 21
    DISCARD = 22  # discard tactics cards down to the limit
    MOON_FULL = 23  # a fifth moon claimed: abandon one
    DAMAGE = 24  # choose a module to damage
    CITY = 25  # any 1 available module for free
    GIVE_MODULE = 26  # 2v2: a = the module kind the active player may give to the teammate
    OFF_TURN = 27  # the end-of-turn window for another player's any-turn action cards
    SUPREMACY = 28  # 2v2: the active player picks which teammate takes token a (b = the other player)
    WINDOW = 29  # free actions between a launch's steps: a = 0 before the raider strike, 1 before battle
    CIV_DRAW = 30  # a tactics card limit space reached: draw up to the new limit, or not
    SHIP_FROM = 31  # a = the station place being activated: the ship that leaves the board for it
    # chance
    DRAW = 40  # a = cards to draw
    MOON = 41  # a = region whose top moon is revealed
    REFILL = 42  # a = module column
    PLANET = 43
    EVENT = 44  # reveal the event card at the end of the turn
    PEEK_DRAW = 45  # a = cards already seen (-1), b = first seen
    RAIDER_ROLL = 46  # a = raider class, b = 1 if the first nebula was occupied
    BATTLE_DIE = 47  # a = participant
    # automatic
    STRIKE = 60
    BATTLE = 61
    BATTLE_DIPLOMACY = 62
    BATTLE_PREPARE = 63
    BATTLE_ROLL = 64
    BATTLE_OUTCOME = 65
    BATTLE_DAMAGE = 66
    END_TURN = 67
    RESOLVE_EVENT = 68
    RETURN_SHIPS = 69
    FIELD_EVENT = 70  # the field's event step, after the market action

    DECISIONS = frozenset(range(1, 40))
    CHANCE = frozenset(range(40, 60))

    def __init__(self) -> None:
        self.__dict__.update({name: code for name, code in vars(TaskKinds).items() if name.isupper()})


Task = TaskKinds()
"""The step kinds (``Task.DRAW``, ...), read from an instance that holds them
in its own dict: on Python 3.11 an instance's attribute is read by a
specialised instruction and a class's is not (under callgrind about 105
against 230 instructions a read; an action reads about two)."""


def _kinds() -> StepKinds:
    """Every step kind with its name and role (decisions 1-39, chance 40-59, automatic 60 on)."""
    kinds = []
    for name, code in vars(Task).items():
        if name.isupper() and isinstance(code, int):
            role = Role.DECISION if code < 40 else Role.CHANCE if code < 60 else Role.AUTO
            kinds.append(StepKind(code, name.lower(), role, ("a", "b")))
    return StepKinds(*kinds)


STEP_KINDS = _kinds()
"""The step kinds of :data:`Task` for :mod:`boardgames.kernel.steps` (``STEP_KINDS.roles[kind]``)."""
ROLES: tuple[int, ...] = STEP_KINDS.roles


FIELDS: tuple[str, ...] = (
    "phase", "tasks", "active", "turn", "final", "truncated", "event_pos", "event_holder",
    "region", "transferred", "rearranged", "ability_used", "module_first", "layout", "moon_top",
    "moon_hidden", "moon_pool", "moon_discard",
    "dev", "bonus", "leaders_on", "rpos", "rdmg", "raider_cards", "planet_stack", "market",
    "mdeck", "mbottom", "hands", "tdeck", "tdiscard", "sustain", "edeck",
    "ediscard", "dstacks", "dheld", "dused", "stokens", "sheld", "sused", "faction", "offers",
    "destiny", "doffers", "res", "vp", "tracks", "ships", "shield_dmg", "upgrades", "upg_supply",
    "leaders_home", "claimed", "tacops", "station", "mdmg", "mmoon", "mused", "half", "irow", "devcards",
    "devused", "b_bonus", "b_target_bonus", "b_dice", "b_target", "b_rolls", "b_cease", "b_lost",
)  # fmt: skip
"""Every field of a state, in JSON order."""


def read(s: Any, name: str) -> Any:
    """Field ``name`` of a state, a snapshot or a :class:`Work` (without thawing
    it there), for rules that only look: ``read(w, "ships")[p]``."""
    d = s.__dict__
    return d[name] if name in d else d["_fields"][name]


def put_in(d: dict[str, Any], name: str, row: int, column: int, value: Any) -> None:
    """Entry ``[row][column]`` of field ``name`` of a successor being built
    (``d``: its dict) becomes ``value``: one new row and one new tuple of rows,
    the other rows shared (the direct rules' edit, no working copy)."""
    rows = d[name]
    # [*rows], a list display: on 3.11 about 250 instructions fewer than list(rows),
    # a call (the rules after an action copy their rows this way)
    cells = [*rows[row]]
    cells[column] = value
    copy = [*rows]  # put() twice, inlined: the direct rules' commonest edit
    copy[row] = tuple(cells)
    d[name] = tuple(copy)


def add_to(d: dict[str, Any], name: str, row: int, column: int, n: int) -> None:
    """``n`` more in entry ``[row][column]`` of field ``name`` (see :func:`put_in`)."""
    rows = d[name]
    cells = [*rows[row]]
    cells[column] += n
    copy = [*rows]  # put() twice, inlined
    copy[row] = tuple(cells)
    d[name] = tuple(copy)


class Work(_Work):
    """The working copy of a successor (:class:`boardgames.kernel.work.Work`)
    over the fields of :data:`FIELDS`, whose step queue is the ``tasks`` field."""

    QUEUE = "tasks"
    FIELDS = FIELDS


HIDDEN = frozenset({"hands", "tdeck", "dstacks", "dheld", "destiny", "doffers", "edeck"})


@attrs.frozen
class AndromedasEdgeView(View):
    """What one player may know: every public field, and for the hidden ones
    their own hand, tokens and destiny, the sizes of the rest, and the event
    cards they have seen on top of or under the deck.  In 2v2 mode teammates
    share hidden information: the view also holds the teammate's hand, tokens
    and destiny, and the event cards and discovery stack the teammate has seen."""

    public: tuple[tuple[str, Any], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    tdeck_size: int
    dheld: tuple[int, ...]
    dheld_sizes: tuple[int, ...]
    dstack_sizes: tuple[int, ...]
    dstack_seen: tuple[int, ...]
    """The contents of the discovery stack this player is choosing from, else ()."""
    destiny: int
    doffer: tuple[int, ...]
    destiny_held: tuple[bool, ...]
    doffer_sizes: tuple[int, ...]
    eremaining: tuple[int, ...]
    """Event cards still in the deck (any order), sorted."""
    etop: tuple[tuple[int, int], ...]
    ebottom: tuple[tuple[int, int], ...]
    """Known deck places: (the card if this player or their teammate saw it, else -1; who has seen it)."""
    mate: int = -1
    """2v2: the teammate whose hidden information this view shares, else -1."""
    mate_hand: tuple[int, ...] = ()
    mate_dheld: tuple[int, ...] = ()
    mate_destiny: int = -1
    mate_doffer: tuple[int, ...] = ()

    def field(self, name: str) -> Any:
        for key, value in self.public:
            if key == name:
                return value
        raise KeyError(name)


class AndromedasEdgeState(State):
    """An Andromeda's Edge position.  Read its fields; change it only with ``apply``."""

    game: AndromedasEdge
    phase: int
    tasks: tuple[tuple[int, ...], ...]
    active: int
    turn: int
    final: int
    event_pos: int
    event_holder: int
    region: int
    transferred: bool
    rearranged: bool
    """The last action was a rearrangement of the industry row (none may follow it directly)."""
    ability_used: bool
    """The active player has used their faction ability this turn."""
    module_first: bool
    layout: tuple[int, ...]
    moon_top: tuple[int, ...]
    moon_hidden: tuple[int, ...]
    moon_pool: tuple[int, ...]
    moon_discard: tuple[int, ...]
    dev: tuple[int, ...]
    bonus: tuple[tuple[int, ...], ...]
    leaders_on: tuple[tuple[int, ...], ...]
    rpos: tuple[int, ...]
    rdmg: tuple[int, ...]
    raider_cards: tuple[int, ...]
    planet_stack: tuple[int, ...]
    market: tuple[tuple[int, ...], ...]
    mdeck: tuple[int, ...]
    mbottom: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    tdeck: tuple[int, ...]
    tdiscard: tuple[int, ...]
    sustain: tuple[tuple[int, ...], ...]
    edeck: Deck
    """The event deck (:class:`boardgames.kernel.cards.Deck`): the cards known on
    top (peeked at from a nebula), the shuffled middle, the cards put under it,
    and who has seen each known card (``top_seen``, ``bottom_seen``: a bit per player)."""
    ediscard: tuple[int, ...]
    dstacks: tuple[tuple[int, ...], ...]
    dheld: tuple[tuple[int, ...], ...]
    dused: tuple[int, ...]
    stokens: tuple[int, ...]
    sheld: tuple[tuple[int, ...], ...]
    sused: tuple[int, ...]
    faction: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    destiny: tuple[int, ...]
    doffers: tuple[tuple[int, ...], ...]
    res: tuple[tuple[int, ...], ...]
    vp: tuple[int, ...]
    tracks: tuple[tuple[int, ...], ...]
    ships: tuple[tuple[int, ...], ...]
    shield_dmg: tuple[tuple[int, ...], ...]
    upgrades: tuple[tuple[int, ...], ...]
    upg_supply: tuple[tuple[int, ...], ...]
    leaders_home: tuple[int, ...]
    claimed: tuple[tuple[int, ...], ...]
    tacops: tuple[int, ...]
    station: tuple[tuple[int, ...], ...]
    mdmg: tuple[tuple[int, ...], ...]
    mmoon: tuple[tuple[int, ...], ...]
    mused: tuple[tuple[int, ...], ...]
    half: tuple[tuple[int, ...], ...]
    irow: tuple[tuple[int, ...], ...]
    """Per player, the station places of the industry modules in row order (the Shipwright first)."""
    devcards: tuple[tuple[int, ...], ...]
    devused: tuple[tuple[int, ...], ...]
    b_bonus: tuple[int, ...]
    b_target_bonus: tuple[int, ...]
    b_dice: tuple[int, ...]
    b_target: tuple[int, ...]
    b_rolls: tuple[tuple[int, ...], ...]
    b_cease: int
    b_lost: tuple[int, ...]

    @property
    def etop(self) -> tuple[tuple[int, int], ...]:
        """The known top cards of the event deck: (card, who has seen it)."""
        return tuple(zip(self.edeck.top, self.edeck.top_seen))

    @property
    def ebottom(self) -> tuple[tuple[int, int], ...]:
        """The cards under the event deck: (card, who has seen it)."""
        return tuple(zip(self.edeck.bottom, self.edeck.bottom_seen))

    # -- the contract ---------------------------------------------------------------

    def _successor(self) -> AndromedasEdgeState:
        """The kernel's successor (:meth:`State._successor`, the same body: the
        caches of this kind of node reset), with the rearrangement window
        closed: "none may follow [a rearrangement] directly" (Rearranging
        Modules), so every action ends it and a rearrangement
        (:func:`~boardgames.games.andromedas_edge.return_to_station.rearrange`)
        opens it again.  Here, not in each rule: every action's successor is
        made here, directly or for a Work, a Python call fewer per action."""
        new = AndromedasEdgeState()
        fields = new.__dict__
        fields |= self.__dict__  # (dict.update is a call the specialiser leaves generic)
        if fields["is_chance"]:
            fields["_chance"] = None
        else:
            fields["_legal"] = None
        if fields["rearranged"]:
            fields["rearranged"] = False
        return new

    def _legal_ids(self) -> tuple[int, ...]:
        # The step's listing, sorted, is rules._legal_ids' (Rules.listing_of: this
        # module cannot import the rules).  When the rules module loads it puts
        # _legal_ids itself in this method's place, so that a decision's listing
        # reads its table as a global; this body reaches the same function by one hop.
        return self.game.rules.listing_of(self)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        # The chance step's outcomes are rules._outcomes' (Rules.outcomes_of: this
        # module cannot import the rules).  When the rules module loads it puts
        # _outcomes itself in this method's place, so that a chance node's listing
        # makes no call on the way; this body reaches the same function by one hop.
        return self.game.rules.outcomes_of(self)

    def _apply(self, action_id: int) -> State:
        return self.game.rules.apply(self, action_id)

    @property
    def truncated(self) -> bool:
        """The game was stopped by the ``turn_limit`` option, not by its rules:
        it has no winners and returns 0 to every player."""
        return bool(self.__dict__["truncated"])

    def scores(self) -> tuple[float, ...]:
        return self.game.rules.scores(self)

    @property
    def winners(self) -> frozenset[int]:
        """Resolving Ties: most VP, then most modules, then most resources; else shared.
        2v2: the team with the higher summed score."""
        if self._player != TERMINAL or self.truncated:
            return frozenset()
        return self.game.rules.winners(self)

    def view(self, player: int) -> AndromedasEdgeView:
        self._check_player(player)
        return make_view(self, player)


# -- views -----------------------------------------------------------------------------------------


def make_view(s: AndromedasEdgeState, player: int) -> AndromedasEdgeView:
    public = tuple((name, getattr(s, name)) for name in FIELDS if name not in HIDDEN)
    mate = s.game.teammate(player) if s.game.teams else -1
    bit = 1 << player | (1 << mate if mate >= 0 else 0)
    seen: tuple[int, ...] = ()
    task = s.tasks[0] if s.tasks else ()
    if task and task[0] == Task.DISCOVERY and task[1] in (player, mate):
        seen = s.dstacks[task[2]]
    deck = s.edeck
    top, bottom = deck.known_to(bit)
    return AndromedasEdgeView(
        player=player,
        game=s.game,
        public=public,
        hand=s.hands[player],
        hand_sizes=tuple(sum(h) for h in s.hands),
        tdeck_size=sum(s.tdeck),
        dheld=s.dheld[player],
        dheld_sizes=tuple(sum(h) for h in s.dheld),
        dstack_sizes=tuple(sum(st) for st in s.dstacks),
        dstack_seen=seen,
        destiny=s.destiny[player],
        doffer=s.doffers[player],
        destiny_held=tuple(d >= 0 for d in s.destiny),
        doffer_sizes=tuple(len(o) for o in s.doffers),
        eremaining=cards_of(deck.multiset()),
        etop=tuple(zip(top, deck.top_seen)),
        ebottom=tuple(zip(bottom, deck.bottom_seen)),
        mate=mate,
        mate_hand=s.hands[mate] if mate >= 0 else (),
        mate_dheld=s.dheld[mate] if mate >= 0 else (),
        mate_destiny=s.destiny[mate] if mate >= 0 else -1,
        mate_doffer=s.doffers[mate] if mate >= 0 else (),
    )


