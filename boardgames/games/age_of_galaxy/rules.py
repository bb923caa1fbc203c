"""The rules of one configured game: its static tables and the dispatch.

:class:`Tables` holds what the hot path looks up, computed once per game.
:class:`Rules` builds the :class:`~boardgames.kernel.steps.StepMachine` that
runs the state's queue of steps (``steps``): each step kind (a setup decision,
the Action-phase turn and its sub-decisions, the War phase's acquisition, the
draws) to its legal ids or chance outcomes, each action id to the chapter
function that applies it, and it hands over from one phase of the round to
the next (rulebook "Gameplay").  The chapter modules hold the rules themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from operator import add, attrgetter, itemgetter
from typing import Any, TypeVar

from boardgames.games.age_of_galaxy import (
    action_phase,
    actions_in_detail,
    faction_cards,
    galactic_phase,
    production_phase,
    scoring,
    setup,
    solo_variants,
    war_phase,
)
from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS, Ids
from boardgames.games.age_of_galaxy.components import NO_GAINS, Components, Gains, Scenario
from boardgames.games.age_of_galaxy.icons import SparseGains, cruisers_on_planets, sorted_with, sparse
from boardgames.games.age_of_galaxy.interpretations import (
    COLONIZE_COST_COUNTS,
    SECTION_TRADE_CARD,
    SOLO_PLAYER_COUNT,
)
from boardgames.games.age_of_galaxy.state import (
    ACTED,
    ACTION_PHASE,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    CARD_PLAYED,
    COLONIZED,
    CONQUERED,
    CRUISERS_PER_PLAYER,
    D_ACQUIRE,
    D_SURRENDER,
    D_USE,
    DEVELOPED,
    GALACTIC_PHASE,
    MAX_SUPPLY_CRUISERS,
    NOBODY,
    NP,
    PRODUCTION_PHASE,
    S_DISCARD,
    S_DRAFT,
    S_FOUND,
    S_TURN,
    SOLO_PHASE,
    STEP_KINDS,
    STEP_NAMES,
    TURN_STEPS,
    VO,
    WAR_PHASE,
    AgeState,
    AgeView,
    AgeWork,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import (
    mask_size,
    mask_tables,
)
from boardgames.kernel.game import State
from boardgames.kernel.steps import Phase, Phases, Step, StepMachine, clockwise
from boardgames.kernel.work import Work, put

# Gameplay: "each made up of 4 phases in the following order"; the solo variants add the
# Virtual Opponent's reveals at the end of the Action phase
ROUND = Phases(
    Phase("production", section="Production Phase"),
    Phase("action", section="Action Phase"),
    Phase("solo", section="Standard Solo Variant"),
    Phase("war", section="War Phase"),
    Phase("galactic", section="Galactic Phase"),
)
if [ROUND.index(name) for name in ("production", "action", "solo", "war", "galactic")] != [
    PRODUCTION_PHASE, ACTION_PHASE, SOLO_PHASE, WAR_PHASE, GALACTIC_PHASE
]:
    raise ValueError("the round's phases and their codes disagree")

# War Phase reward table: players -> per place (Credit, Prestige).
WAR_REWARDS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 1),),
    3: ((2, 1), (0, 1)),
    4: ((3, 1), (1, 1), (0, 1)),
}

PlanetCounts = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
# a planet layout (kinds, owners, levels, System cards face up), each player's
# (Colonized and Developed, Cruisers they may hold in supply, Developed, Develop ids),
# the free planets' (Colonize id, type as its bit), how many of them lie at System
# positions up to each position, and each owner's Conquered planets (by owner: the
# players', then the Virtual Opponent's at VO)
Layout = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], int,
    tuple[tuple[int, int, int, tuple[int, ...]], ...], tuple[tuple[int, int], ...], tuple[int, ...],
    tuple[int, ...],
]
if set(COLONIZE_COST_COUNTS) != {COLONIZED, DEVELOPED}:
    raise ValueError("Tables._layout_choices counts Colonized and Developed planets for the Colonize cost")
HAND_BYTES = 5  # the bytes of a hand's mask (40 Faction cards) read by Tables.hand_choices
PLANET_CACHE = 1 << 16  # planet layouts remembered by Tables.planets before it starts afresh
MEMO_LIMIT = 1 << 16
"""Entries a memo of :class:`Tables` keeps before it starts afresh (:func:`_room`): memos keyed
by hands, Technologies or Alliances gain entries in every game, and a long self-play run
would otherwise hold them all."""

def _room(memo: dict[Any, Any]) -> None:
    """Empty ``memo`` once it holds :data:`MEMO_LIMIT` entries (called before adding one)."""
    if len(memo) >= MEMO_LIMIT:
        memo.clear()


BASIC_COSTS = ((3, 0), (0, 1))  # (credit, innovation): 3 Credit / 1 Innovation
ADVANCED_COSTS = ((3, 1), (0, 2))  # 3 Credit and 1 Innovation / 2 Innovation


Single = tuple[tuple[int, int], ...] | None
SparseCosts = tuple[tuple[tuple[int, int], ...], ...]
TradeEntry = tuple[int, int, int, int, int, int, int, SparseCosts | None]
"""An open Trade card as the turn's listing tests it: (Trade id, r0, a0, r1, a1, r2, a2, None)
where one of its exchanges is paid by ``a0`` of resource ``r0``, ``a1`` of ``r1`` or ``a2`` of
``r2`` (:func:`_trade_entry`), else (Trade id, 0, 0, 0, 0, 0, 0, its exchanges' sparse costs)."""
OpenTrades = tuple[TradeEntry, ...]
SINGLE_TESTS = 3  # the (resource, amount) tests of a TradeEntry


def _trade_entry(trade_id: int, single: Single, costs: SparseCosts) -> TradeEntry:
    """The :data:`TradeEntry` of a Trade card side with the exchanges ``costs`` and their
    least single costs ``single`` (:func:`_least_single`).

    Up to :data:`SINGLE_TESTS` one-resource costs are written out as tests (fewer repeat the
    last one: an ``or`` of the same test again), so that the listing tests them without a loop
    (an iterator and a pair unpacked per test); a side whose exchanges cost more than one
    resource, or more resources than that, keeps its costs."""
    if single and len(single) <= SINGLE_TESTS:
        tests = single + (single[-1],) * (SINGLE_TESTS - len(single))
        (r0, a0), (r1, a1), (r2, a2) = tests
        return (trade_id, r0, a0, r1, a1, r2, a2, None)
    return (trade_id, 0, 0, 0, 0, 0, 0, costs)


def _least_single(side: tuple[tuple[tuple[int, int], ...], ...]) -> Single:
    """The least amount of each resource that pays one exchange of ``side`` (sparse
    costs), when every exchange costs one resource; else None."""
    if not all(len(cost) == 1 for cost in side):
        return None
    least: dict[int, int] = {}
    for ((resource, amount),) in side:
        least[resource] = min(amount, least.get(resource, amount))
    return tuple(sorted(least.items()))


def _or(bits: Sequence[int]) -> int:
    """The bits set in any of ``bits``."""
    found = 0
    for b in bits:
        found |= b
    return found


def _add(a: Gains, b: Gains) -> Gains:
    return tuple(map(add, a, b))


class Aggregate:
    """What a set of researched Technologies gives, summed: made by :meth:`Tables.agg`
    once per set and never changed.

    A plain class with slots, not a frozen attrs class: the frozen ``__init__`` stores
    each of the 13 fields through ``object.__setattr__`` (about 13,000 instructions a
    new aggregate against some 2,000), and a named tuple's fields cost about three
    times as much to read by name."""

    __slots__ = (
        "adapt", "advanced", "colonize_discount", "develop_discount", "manufacture_discount",
        "on_develop", "on_explore", "protect_all", "protects", "reach", "score_colonized",
        "score_developed", "war_keep",
    )

    def __init__(self, adapt: int, reach: int, on_explore: Gains, on_develop: Gains,
                 develop_discount: int, colonize_discount: int, manufacture_discount: int,
                 protect_all: bool, protects: int, war_keep: int, score_colonized: int,
                 score_developed: int, advanced: int) -> None:
        self.adapt = adapt
        self.reach = reach
        self.on_explore = on_explore
        self.on_develop = on_develop
        self.develop_discount = develop_discount
        self.colonize_discount = colonize_discount
        self.manufacture_discount = manufacture_discount
        self.protect_all = protect_all
        self.protects = protects
        self.war_keep = war_keep
        self.score_colonized = score_colonized
        self.score_developed = score_developed
        self.advanced = advanced


class AllianceAggregate:
    """What an Alliance's cards give, summed: made by :meth:`Tables.alliance` once per
    Alliance and never changed.  A plain class with slots, as :class:`Aggregate` (a named
    tuple's ``__new__`` is a Python function, and its fields cost more to read by name)."""

    __slots__ = ("adapt", "major", "production", "protects", "scorings", "techs")

    def __init__(self, adapt: int, protects: int, production: SparseGains | None, techs: int, major: int,
                 scorings: tuple[tuple[int, int, int], ...]) -> None:
        self.adapt = adapt
        self.protects = protects
        self.production = production  # what its cards produce, as sparse gains (None: nothing)
        self.techs = techs  # Technologies printed on the Alliance's cards
        self.major = major  # the Ideology shared by most of the cards (no tie), or -1
        self.scorings = scorings  # the cards' Faction scorings (kind, every, points)


@dataclass(slots=True)
class Profile:
    """What the listing of a player's actions and their score need from their Technologies
    and Alliance.

    A data class with slots, not a named tuple: a named tuple's ``__new__`` (a Python
    function, then ``tuple.__new__`` of a subclass) cost some 4,600 instructions a new
    profile (about 0.09 a solo action) against some 2,000, and its fields are read by
    name."""

    reach: int  # Reachable: System positions beyond the fleet (Warp Drive)
    colonize_discount: int
    develop_cost: int  # Develop: 7 Credit less discounts
    manufacture_cost: int  # Manufacture: 2 Credit per Cruiser less discounts
    adapt: int  # planet types allowed by Technologies and the Alliance (bits)
    research_basic: tuple[int, ...]  # Research ids of the available basic Technologies
    research_all: tuple[int, ...]  # ... and of the available Advanced ones
    advanced: int  # Advanced Technologies researched
    score_colonized: int  # Victory Points per Colonized planet (Technologies)
    score_developed: int  # ... per Developed planet
    major: int  # the Alliance's Major Ideology (no tie), or -1
    scorings: tuple[tuple[int, int, int], ...]  # the Alliance's Faction scorings (kind, every, points)


class Tables:
    """Per-game static data."""

    def __init__(self, c: Components, players: int, explored: bool, scenario: Scenario | None,
                 drafting: bool) -> None:
        self.c = c
        self.n = players
        # the players' seats, ascending, and each action section with its Trade card (Galactic
        # phase step 2): the phases loop over these tuples, not over a range() or an
        # enumerate() made each time (a builtin call of some 700-900 instructions)
        self.seats = tuple(range(players))
        self.section_cards = tuple(enumerate(SECTION_TRADE_CARD))
        self.solo = players == 1
        self.eff = max(SOLO_PLAYER_COUNT, players)
        self.explored = explored
        self.scenario = scenario
        self.drafting = drafting
        self.ids = Ids(c)
        # the start of the phase after each phase of the round (Gameplay), on the successor
        # ``s`` being built and its ``__dict__`` ``f``: ``T.after_phase[phase](T, s, f)``
        # (set by :class:`Rules`)
        self.after_phase: tuple[PhaseStart, ...] = ()
        # the planet slot of each Colonize id (a layout lists its free planets by these ids)
        self.colonize_slot = {colonize: slot for slot, colonize in enumerate(self.ids.colonize)}
        # the ids of the Technologies or Faction cards of a mask, by bytes (see entries)
        self.research_tables = mask_tables(self.ids.research, 8)
        if len(self.research_tables) != 3:
            raise ValueError("Tables.research_ids reads the Technologies as three bytes")
        self.technologies = c.technologies
        self.play_tables = mask_tables(self.ids.play, 8)
        self.discard_tables = mask_tables(self.ids.discard, 8)
        self.found_tables = mask_tables(self.ids.found, 8)
        self.nfac = len(c.factions)
        self.all_cards = (1 << self.nfac) - 1
        self.all_systems = (1 << len(c.systems)) - 1
        self.ntech = len(c.technologies)
        self.tech_bit = tuple(1 << t.index for t in c.technologies)
        self.tech_costs = tuple(ADVANCED_COSTS if t.advanced else BASIC_COSTS for t in c.technologies)
        # each Technology's immediate effects (actions_in_detail.technology_effects): what it
        # gives and what the others lose (None for nothing), the planet types giving Prestige,
        # the Exploration tokens taken, whether it offers a choice
        self.tech_effects = tuple(
            (sparse(t.gain) if any(t.gain) else None, t.others_lose if any(t.others_lose) else None,
             t.prestige_per_planet, t.exploration_tokens, bool(t.choice))
            for t in c.technologies
        )
        # each Technology's choice (actions_in_detail.take_option), each option as its sparse gains
        self.tech_choices = tuple(tuple(sparse(g) for g in t.choice) for t in c.technologies)
        self.tech_requires = tuple(sum(1 << r for r in t.requires) for t in c.technologies)
        self.board_tech_mask = sum(1 << t.index for t in c.technologies if t.path >= 0)
        self.advanced_mask = sum(1 << t.index for t in c.technologies if t.advanced)
        # (Technology, its prerequisites as bits) of the Technologies that have some
        self.prerequisites = tuple((t, r) for t, r in enumerate(self.tech_requires) if r)
        self.requiring_mask = sum(1 << t for t, _ in self.prerequisites)
        # per Technology, the Technologies it is a prerequisite of (bits)
        self.prerequisite_of = tuple(
            sum(1 << t for t, r in self.prerequisites if r >> u & 1) for u in range(self.ntech)
        )
        self.card_techs = tuple(sum(1 << t for t in f.technologies) for f in c.factions)
        self.card_adapt = tuple(1 << f.adaptation for f in c.factions)
        # what each card gives as a Faction of an Alliance (Tables.alliance): its
        # Adaptation's planet type (bit), protection, production (None if it has none),
        # printed Technologies, Faction scoring and Ideology
        self.card_allied = tuple(
            (1 << f.adaptation, f.protects, f.production if any(f.production) else None,
             self.card_techs[i], f.scoring, f.ideology)
            for i, f in enumerate(c.factions)
        )
        # per byte of a hand (five hold the 40 cards), for each byte value what hand_choices
        # gives for its cards: their card-play ids and the planet types their Adaptations allow
        self.hand_bytes = tuple(
            tuple((plays, _or(types)) for plays, types in zip(play_table, adapt_table, strict=True))
            for play_table, adapt_table in zip(self.play_tables, mask_tables(self.card_adapt, 8), strict=True)
        )
        if len(self.hand_bytes) != HAND_BYTES:
            raise ValueError(f"Tables.hand_choices reads a hand as {HAND_BYTES} bytes of Faction cards")
        # what each card gives as its Debut bonus and as a One-time Reinforcement (sparse gains)
        self.debuts = tuple(sparse(f.debut) for f in c.factions)
        self.reinforcements = tuple(sparse(f.reinforcement) for f in c.factions)
        self.card_name = tuple(f.name for f in c.factions)
        self.card_ideology = tuple(f.ideology for f in c.factions)
        eff = self.eff
        self.nominate_open = tuple(sp.players <= eff for sp in c.nominate)
        self.trade_spaces = tuple(len(t.spaces) for t in c.trade_cards)
        self.trade_np = tuple(sum(1 for x in t.spaces if x > eff) for t in c.trade_cards)
        # per system card: printed planets in use as (slot within card, kind); token slots; exploration points
        self.sys_planets: list[tuple[tuple[int, int], ...]] = []
        self.sys_token_slots: list[tuple[int, ...]] = []
        self.sys_explore: list[tuple[int, ...]] = []
        for card in c.systems:
            self.sys_planets.append(
                tuple((k, kind) for k, (kind, least) in enumerate(card.planets) if least <= eff)
            )
            base = len(card.planets)
            self.sys_token_slots.append(
                tuple(base + k for k, least in enumerate(card.planet_tokens) if least <= eff)
            )
            self.sys_explore.append(tuple(k for k, least in enumerate(card.exploration) if least <= eff))
        self.kind_type = tuple(k.type for k in c.planet_kinds)
        self.kind_reward = tuple(sparse(k.reward) for k in c.planet_kinds)  # (sparse gains)
        self.token_gains = tuple(sparse(g) for g in c.exploration_tokens)  # Exploration tokens' gains
        self.war_rewards = WAR_REWARDS[eff]
        # who places in the War phase: the players, then the solo Virtual Opponent
        self.war_owners = (*range(players), *((VO,) if self.solo else ()))
        self.slot_pos = tuple(s // PLANET_SLOTS for s in range(5 * PLANET_SLOTS))
        # the Explore ids of the Exploration points (bits) up to each System position, read
        # by the turn's listing from the two bytes of the points' mask (no memo: a 15-bit
        # mask is a small int, its bytes cost less than a memo's key, and most keys were new)
        self.spots_upto = tuple((1 << EXPLORE_SLOTS * (position + 1)) - 1 for position in range(5))
        self.explore_bytes = mask_tables(self.ids.explore, 8)
        if len(self.explore_bytes) != 2:
            raise ValueError("the turn's listing reads the Exploration points as two bytes")
        self.tech_advanced = tuple(t.advanced for t in c.technologies)
        # each Trade card's exchanges per side (0 front, 1 flipped) as sparse costs
        self.trade_costs = tuple(
            tuple(
                tuple(tuple((i, a) for i, a in enumerate(ex.give) if a) for ex in side)
                for side in (t.exchanges, t.back)
            )
            for t in c.trade_cards
        )
        # and the gains of each exchange, as sparse pairs
        self.trade_gets = tuple(
            tuple(tuple(sparse(ex.get) for ex in side) for side in (t.exchanges, t.back))
            for t in c.trade_cards
        )
        # the same where every exchange of a side costs one resource: the least amount of each
        # resource that pays one of them (None where an exchange costs more than one resource)
        self.trade_single = tuple(
            tuple(_least_single(side) for side in card) for card in self.trade_costs
        )
        # what :meth:`open_trades` gives for each Trade card at each position of the row,
        # per side (:data:`TradeEntry`)
        self.trade_entries = tuple(
            tuple(
                tuple(
                    _trade_entry(trade_id, single, costs) for single, costs in zip(singles, card, strict=True)
                )
                for singles, card in zip(self.trade_single, self.trade_costs, strict=True)
            )
            for trade_id in self.ids.trade
        )
        # the ids of each set of Free actions in action_phase.CONVERSIONS
        convert = self.ids.convert
        self.convert_ids = tuple(tuple(convert[k] for k in kinds) for kinds in action_phase.CONVERSIONS)
        # after the turn's action: the Free actions that would change something, then end turn
        self.after_action = tuple((*free, self.ids.end_turn) for free in self.convert_ids)
        # the queue of each player's turn in the Action phase: their turn step alone
        self.turn_queues = tuple(((S_TURN, p),) for p in range(players))
        self._research: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}  # research_ids
        self._locked: dict[int, int] = {}  # locked
        self.hand_memo: dict[int, tuple[tuple[int, ...], int]] = {}  # hand_choices by hand
        self._agg: dict[int, Aggregate] = {}
        self._alliance: dict[tuple[int, ...], AllianceAggregate] = {}
        self._planets: dict[tuple[tuple[int, ...], tuple[int, ...]], PlanetCounts] = {}
        self._counts: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]] = ((), (), ())
        self._last_planets: tuple[tuple[int, ...], tuple[int, ...], PlanetCounts] = ((), (), ((), (), ()))
        self._profiles: dict[tuple[int, tuple[int, ...]], Profile] = {}
        self._own_profiles: dict[int, tuple[int, int, int, int, int, int, int, int]] = {}  # own_profile
        # the Trade row whose open Trade cards :meth:`open_trades` remembers (by identity)
        self.last_trades: tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int, OpenTrades] = (
            (), (), 0, ()
        )
        # per player, the Technologies and Alliance of the profile :meth:`player_profile`
        # last gave them (their Alliance by identity: a successor shares it)
        self.last_profile: list[tuple[int, tuple[int, ...], Profile]] = []
        # the planet layout whose choices :meth:`layout_of` remembers (by identity)
        self.layout: Layout = ((), (), (), 0, (), (), (), ())
        self.last_profile = [(0, (), self.profile(0, ()))] * players  # no Technologies, no Alliance
        # what setup.new_game reads besides the components: the fields every game starts
        # with, the turn order and the discs' stacking (step 11) for each first player, the
        # hands dealt (step 13), each Trade card's spaces closed to this player count (step
        # 4), every Planet token, the Trade and System cards to shuffle (steps 2 and 5)
        self.setup_fields = setup.setup_fields(self)
        self.setup_orders = tuple(clockwise(first, players) for first in range(players))
        self.setup_stamps = tuple(
            tuple(players - order.index(p) for p in range(players)) for order in self.setup_orders
        )
        sizes = [min(setup.HAND_SIZE, max(0, self.nfac - p * setup.HAND_SIZE)) for p in range(players)]
        self.deal_sizes = (*sizes, self.nfac - sum(sizes))
        self.trade_start_discs = tuple((NP,) * closed for closed in self.trade_np)
        self.all_tokens = (1 << len(c.planet_tokens)) - 1
        self.trade_indices = tuple(range(len(c.trade_cards)))
        self.system_indices = tuple(range(len(c.systems)))

    def agg(self, techs: int) -> Aggregate:
        """The summed effects of the Technologies in the bitmask ``techs``."""
        found = self._agg.get(techs)
        if found is not None:
            return found
        if techs:  # those of all but the highest Technology (remembered: a Research adds one), and it
            top = techs.bit_length() - 1
            base = self.agg(techs ^ 1 << top)
            t = self.technologies[top]
            found = Aggregate(
                base.adapt | t.adapt, base.reach if base.reach > t.reach else t.reach,
                _add(base.on_explore, t.on_explore) if any(t.on_explore) else base.on_explore,
                _add(base.on_develop, t.on_develop) if any(t.on_develop) else base.on_develop,
                base.develop_discount + t.develop_discount, base.colonize_discount + t.colonize_discount,
                base.manufacture_discount + t.manufacture_discount, base.protect_all or t.protect_all,
                base.protects | t.protects, base.war_keep + t.war_keep,
                base.score_colonized + t.score_colonized, base.score_developed + t.score_developed,
                base.advanced + t.advanced,
            )
        else:
            found = Aggregate(0, 0, NO_GAINS, NO_GAINS, 0, 0, 0, False, 0, 0, 0, 0, 0)
        _room(self._agg)
        self._agg[techs] = found
        return found

    def research_ids(self, mine: int, alliance_techs: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The Research ids of the available basic Technologies and of all available ones:
        those with a free space, on the board or an Alliance card (``alliance_techs``),
        that ``mine`` lacks and whose prerequisites ``mine`` meets (any one of them).

        Remembered per pair: a player's Technologies and the Technologies on their
        Alliance's cards come back across games far more often than their Technologies
        and Alliance together (a :meth:`profile`)."""
        key = alliance_techs << self.ntech | mine
        found = self._research.get(key)
        if found is None:
            available = (self.board_tech_mask | alliance_techs) & ~mine & ~self.locked(mine)
            basic = available & ~self.advanced_mask
            r0, r1, r2 = self.research_tables  # the three bytes of the Technologies, written out
            _room(self._research)
            found = self._research[key] = (
                r0[basic & 255] + r1[basic >> 8 & 255] + r2[basic >> 16],
                r0[available & 255] + r1[available >> 8 & 255] + r2[available >> 16],
            )
        return found

    def locked(self, mine: int) -> int:
        """The Technologies (bits) with prerequisites of which ``mine`` has none: those of all
        but the highest Technology of ``mine`` less the ones it is a prerequisite of
        (remembered per ``mine``: a Research adds one)."""
        found = self._locked.get(mine)
        if found is None:
            if mine:
                top = mine.bit_length() - 1
                found = self.locked(mine ^ 1 << top) & ~self.prerequisite_of[top]
            else:
                found = self.requiring_mask
            _room(self._locked)
            self._locked[mine] = found
        return found

    def hand_choices(self, hand: int) -> tuple[tuple[int, ...], int]:
        """The ids of playing each Faction card of the bitmask ``hand`` (ascending) and the
        planet types (bits) their Adaptations allow, remembered together per hand: the
        turn's listing asks for both (they were two memos, and a hand new to one was
        mostly new to the other)."""
        found = self.hand_memo.get(hand)
        if found is None:  # the five bytes' entries written out (Tables.hand_bytes)
            b0, b1, b2, b3, b4 = self.hand_bytes
            h0, h1, h2, h3, h4 = hand.to_bytes(HAND_BYTES, "little")  # (cheaper than shifts)
            p0, a0 = b0[h0]
            p1, a1 = b1[h1]
            p2, a2 = b2[h2]
            p3, a3 = b3[h3]
            p4, a4 = b4[h4]
            _room(self.hand_memo)
            found = self.hand_memo[hand] = (p0 + p1 + p2 + p3 + p4, a0 | a1 | a2 | a3 | a4)
        return found

    def planet_count(self, powner: tuple[int, ...], plevel: tuple[int, ...], owner: int) -> int:
        """:func:`icons.planet_count` of the planets with owners ``powner`` at levels ``plevel``
        (the last layout remembered by identity: the War phase asks for every planet).

        A player's count is read from the remembered planet layout (:attr:`layout`) when it
        is of these planets: a Colonize asks for the layout its turn's listing just read."""
        layout = self.layout
        if layout[1] is powner and layout[2] is plevel and owner < self.n:
            return layout[4][owner][0]
        memo = self._counts
        if memo[0] is powner and memo[1] is plevel:
            return memo[2][owner]
        counts = [0] * (NP + 1)
        counted = COLONIZE_COST_COUNTS
        for o, level in zip(powner, plevel, strict=False):
            if o >= 0 and level in counted:
                counts[o] += 1
        if type(powner) is tuple and type(plevel) is tuple:  # a working copy's lists change in place
            self._counts = (powner, plevel, tuple(counts))
        return counts[owner]

    def conquered(self, powner: tuple[int, ...], plevel: tuple[int, ...], owner: int) -> int:
        """:func:`icons.cruisers_on_planets` of ``owner`` (a player or the Virtual Opponent),
        read from the remembered planet layout (:attr:`layout`) when it is of these planets
        (the solo reveal's Colonize, which comes first, carries it over)."""
        layout = self.layout
        if layout[1] is powner and layout[2] is plevel:
            return layout[7][owner]
        return cruisers_on_planets(plevel, powner, owner)

    def planets(self, powner: tuple[int, ...], plevel: tuple[int, ...]) -> PlanetCounts:
        """Colonized, Developed and Conquered planets per player (each indexed by player) of
        the planets with owners ``powner`` at levels ``plevel`` (remembered per layout)."""
        last = self._last_planets
        if last[1] is plevel and last[0] is powner:  # a successor shares the layout's tuples
            return last[2]
        key = (powner, plevel)
        found = self._planets.get(key)
        if found is None:
            if len(self._planets) >= PLANET_CACHE:
                self._planets.clear()
            n = self.n
            colonized, developed, conquered = [0] * n, [0] * n, [0] * n
            for owner, level in zip(powner, plevel, strict=False):
                if 0 <= owner < n:
                    if level == COLONIZED:
                        colonized[owner] += 1
                    elif level == DEVELOPED:
                        developed[owner] += 1
                    elif level == CONQUERED:
                        conquered[owner] += 1
            found = self._planets[key] = (tuple(colonized), tuple(developed), tuple(conquered))
        self._last_planets = (powner, plevel, found)
        return found

    def profile(self, techs: int, alliance: tuple[int, ...]) -> Profile:
        """What player ``p``'s listing of actions needs from their Technologies ``techs``
        and Alliance ``alliance`` (remembered per pair: they change a few times a game)."""
        key = (techs, alliance)
        found = self._profiles.get(key)
        if found is None:
            own = self._own_profiles.get(techs)
            if own is None:
                _room(self._own_profiles)
                own = self._own_profiles[techs] = self.own_profile(techs)
            (reach, colonize_discount, develop_cost, manufacture_cost, adapt, advanced,
             per_colonized, per_developed) = own
            allied = self.alliance(alliance)
            research_basic, research_all = self.research_ids(techs, allied.techs)
            _room(self._profiles)
            found = self._profiles[key] = Profile(
                reach, colonize_discount, develop_cost, manufacture_cost, adapt | allied.adapt,
                research_basic, research_all, advanced, per_colonized, per_developed,
                allied.major, allied.scorings,
            )
        return found

    def own_profile(self, techs: int) -> tuple[int, int, int, int, int, int, int, int]:
        """The part of a :class:`Profile` that the Technologies ``techs`` alone give: reach,
        Colonize discount, Develop and Manufacture costs, planet types allowed, Advanced
        Technologies, Victory Points per Colonized and per Developed planet (remembered per
        Technologies by :meth:`profile`: a new Alliance's profile reads it)."""
        agg = self.agg(techs)
        return (
            agg.reach, agg.colonize_discount, actions_in_detail.develop_cost_with(agg),
            actions_in_detail.manufacture_cost_with(agg), agg.adapt, agg.advanced,
            agg.score_colonized, agg.score_developed,
        )

    def player_profile(self, p: int, techs: int, alliance: tuple[int, ...]) -> Profile:
        """:meth:`profile` of player ``p``'s Technologies ``techs`` and Alliance ``alliance``,
        remembered as theirs (:attr:`last_profile`): another player's Research or Alliance
        leaves it current, so a listing of ``p``'s actions checks only ``p``'s fields."""
        found = self.profile(techs, alliance)
        self.last_profile[p] = (techs, alliance, found)
        return found

    def open_trades(self, trade: tuple[int, ...], tdiscs: tuple[tuple[int, ...], ...],
                    flipped: int) -> OpenTrades:
        """The Trade id of each Trade card with a free space (or flipped: any number of
        discs) and what pays one of its exchanges (:data:`TradeEntry`).  Remembered for the
        last Trade row (by identity)."""
        last = self.last_trades
        if last[1] is tdiscs and last[0] is trade and last[2] == flipped:
            return last[3]
        # the row's three cards written out (an enumerate() and a loop cost more)
        spaces, (e0, e1, e2) = self.trade_spaces, self.trade_entries
        (c0, c1, c2), (d0, d1, d2) = trade, tdiscs
        side0, side1, side2 = flipped & 1, flipped >> 1 & 1, flipped >> 2
        found = []
        if side0 or len(d0) < spaces[c0]:
            found.append(e0[c0][side0])
        if side1 or len(d1) < spaces[c1]:
            found.append(e1[c1][side1])
        if side2 or len(d2) < spaces[c2]:
            found.append(e2[c2][side2])
        result = tuple(found)
        self.last_trades = (trade, tdiscs, flipped, result)
        return result

    def layout_of(self, pkind: tuple[int, ...], powner: tuple[int, ...], plevel: tuple[int, ...],
                  systems: int) -> Layout:
        """The planets of the first ``systems`` System cards: every player's Colonized and
        Developed planets, their Conquered planets, their Developed ones and the Develop
        ids of their Colonized planets; the free planets' (Colonize id, planet type) in
        position order, and how many of them lie at System positions up to each position.

        One pass over the planets gives every player's choices; they are remembered for
        the last planet layout (:attr:`layout`, by identity: a successor shares the
        layout's tuples until a planet changes), so the turns that follow read them."""
        layout = self.layout
        if not (layout[2] is plevel and layout[1] is powner and layout[0] is pkind and layout[3] == systems):
            layout = self.layout = self._layout_choices(pkind, powner, plevel, systems)
        return layout

    def layout_changed(self, pkind: tuple[int, ...], systems: int, old_powner: tuple[int, ...],
                       old_plevel: tuple[int, ...], powner: tuple[int, ...], plevel: tuple[int, ...],
                       slot: int, at: int = -1) -> None:
        """Carry the remembered layout (:attr:`layout`) over a change of the planet at
        ``slot`` (``old_powner``/``old_plevel`` before it, ``powner``/``plevel`` after)
        instead of rebuilding it at the next listing: a Colonize (the solo Virtual
        Opponent's too: its planets are no player's), a Develop, an acquisition (War phase,
        the Virtual Opponent's Industrial effect).  The planet leaves the free planets or
        its owner's counts as it was and joins its owner's counts as it is; ``at``, where
        the caller knows it, is the free planet's index among the layout's free planets.
        Nothing happens unless the layout before the change is the one remembered.  The
        result is what :meth:`_layout_choices` gives (``test_fast_paths.py``)."""
        # the layout unpacked (its entries read by index cost more), each player's counts
        # copied only when they change (not on the Virtual Opponent's Colonize)
        kinds, owners, levels, shown, players, free, cuts, conquered = self.layout
        if not (levels is old_plevel and owners is old_powner and kinds is pkind and shown == systems):
            return
        n = self.n
        before, after = old_powner[slot], powner[slot]
        if before == NOBODY:  # a free planet taken
            i = at if at >= 0 else free.index((self.ids.colonize[slot], 1 << self.kind_type[pkind[slot]]))
            free = free[:i] + free[i + 1:]
            # counted by the cuts from its position on: one fewer there (the five cuts
            # unpacked: a ``tuple(map(sub, ...))`` of them cost some 3,900 instructions)
            c0, c1, c2, c3, c4 = cuts
            position = self.slot_pos[slot]
            if position == 0:
                cuts = (c0 - 1, c1 - 1, c2 - 1, c3 - 1, c4 - 1)
            elif position == 1:
                cuts = (c0, c1 - 1, c2 - 1, c3 - 1, c4 - 1)
            elif position == 2:
                cuts = (c0, c1, c2 - 1, c3 - 1, c4 - 1)
            elif position == 3:
                cuts = (c0, c1, c2, c3 - 1, c4 - 1)
            else:
                cuts = (c0, c1, c2, c3, c4 - 1)
        elif before < n:
            players, conquered = self._counted(players, conquered, before, old_plevel[slot], slot, -1)
        elif old_plevel[slot] == CONQUERED:  # the Virtual Opponent's Conquered planet
            conquered = put(conquered, before, conquered[before] - 1)
        if after < n:
            players, conquered = self._counted(players, conquered, after, plevel[slot], slot, 1)
        elif plevel[slot] == CONQUERED:
            conquered = put(conquered, after, conquered[after] + 1)
        self.layout = (pkind, powner, plevel, systems, players, free, cuts, conquered)

    def _counted(self, players: tuple[tuple[int, int, int, tuple[int, ...]], ...], conquered: tuple[int, ...],
                 p: int, level: int, slot: int, sign: int,
                 ) -> tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], tuple[int, ...]]:
        """Player ``p``'s counts in a layout (``players`` and ``conquered``, both returned
        anew) with their planet at ``slot`` at ``level`` added (``sign`` 1) or taken away
        (-1), as :meth:`_layout_choices` counts it."""
        owned, room, developed, mine = players[p]
        if level == CONQUERED:
            counts = list(conquered)
            counts[p] += sign
            conquered = tuple(counts)
            room = min(MAX_SUPPLY_CRUISERS, CRUISERS_PER_PLAYER - counts[p])
        else:
            owned += sign
            if level == DEVELOPED:
                developed += sign
            else:
                develop_id = self.ids.develop[slot]
                if sign > 0:
                    mine = sorted_with(mine, develop_id)  # Develop ids ascend with the slots
                else:
                    i = mine.index(develop_id)
                    mine = mine[:i] + mine[i + 1:]
        return put(players, p, (owned, room, developed, mine)), conquered

    def layout_revealed(self, old_pkind: tuple[int, ...], old_systems: int, powner: tuple[int, ...],
                        plevel: tuple[int, ...], pkind: tuple[int, ...], systems: int,
                        slots: Sequence[int]) -> None:
        """Carry the remembered layout (:attr:`layout`) over the Galactic phase's new planets
        (``old_pkind`` and ``old_systems`` System cards face up before, ``pkind`` and
        ``systems`` after): the printed planets of the System card just revealed, or the
        Planet token just placed, at ``slots``, ascending.  They are free and lie on the
        rightmost face-up System card, right of every planet before them (Planet tokens
        are placed on their spaces left to right), so they join the free planets at the
        end.  Nothing happens unless the layout before is the one remembered.  The result
        is what :meth:`_layout_choices` gives (``test_fast_paths.py``)."""
        layout = self.layout
        if not (layout[0] is old_pkind and layout[1] is powner and layout[2] is plevel
                and layout[3] == old_systems):
            return
        colonize, kind_type = self.ids.colonize, self.kind_type
        new = []
        for slot in slots:
            new.append((colonize[slot], 1 << kind_type[pkind[slot]]))
        free = layout[5] + tuple(new)
        # the new planets' position and every position after it count them all
        position = self.slot_pos[slots[0]] if slots else 4
        cuts = layout[6][:position] + (len(free),) * (5 - position)
        self.layout = (pkind, powner, plevel, systems, layout[4], free, cuts, layout[7])

    def _layout_choices(self, pkind: tuple[int, ...], powner: tuple[int, ...], plevel: tuple[int, ...],
                        systems: int) -> Layout:
        # a player's first count is their Colonized and Developed planets: the planets the
        # Colonize cost counts (interpretations.COLONIZE_COST_COUNTS, checked below)
        n = self.n
        owned, developed = [0] * n, [0] * n
        on_planets = [0] * (VO + 1)  # by owner, the Virtual Opponent's too
        mine: list[list[int]] = []
        for _ in self.seats:  # (loops here, not comprehensions, range() or min(): calls of their own)
            mine.append([])
        free: list[tuple[int, int]] = []
        cuts = [0] * 5  # free planets at System positions up to each position
        slot_pos = self.slot_pos
        kind_type = self.kind_type
        develop = self.ids.develop
        colonize = self.ids.colonize
        for slot in range(PLANET_SLOTS * systems):
            kind = pkind[slot]
            if kind < 0:
                continue
            owner = powner[slot]
            if owner == NOBODY:
                free.append((colonize[slot], 1 << kind_type[kind]))
                cuts[slot_pos[slot]] = len(free)
            elif owner < n:
                level = plevel[slot]
                if level == COLONIZED:
                    owned[owner] += 1
                    mine[owner].append(develop[slot])
                elif level == DEVELOPED:
                    owned[owner] += 1
                    developed[owner] += 1
                else:
                    on_planets[owner] += 1
            elif plevel[slot] == CONQUERED:  # the Virtual Opponent's
                on_planets[owner] += 1
        for position in range(1, 5):
            if cuts[position] < cuts[position - 1]:
                cuts[position] = cuts[position - 1]
        players = []
        for q in self.seats:
            # the Cruisers a player may hold in supply: at most 5, and of their 9 those not on planets
            colour = CRUISERS_PER_PLAYER - on_planets[q]
            room = colour if colour < MAX_SUPPLY_CRUISERS else MAX_SUPPLY_CRUISERS
            players.append((owned[q], room, developed[q], tuple(mine[q])))
        return (pkind, powner, plevel, systems, tuple(players), tuple(free), tuple(cuts), tuple(on_planets))

    def alliance(self, cards: Sequence[int]) -> AllianceAggregate:
        """What the Alliance of Faction cards ``cards`` gives, summed."""
        if type(cards) is not tuple:
            cards = tuple(cards)
        found = self._alliance.get(cards)
        if found is not None:
            return found
        adapt = protects = techs = 0
        production: Gains | None = None
        scorings: list[tuple[int, int, int]] = []
        ideologies: list[int] = []
        allied = self.card_allied
        for i in cards:
            card_adapt, card_protects, card_production, card_techs, card_scoring, ideology = allied[i]
            adapt |= card_adapt
            protects |= card_protects
            if card_production is not None:
                production = card_production if production is None else _add(production, card_production)
            techs |= card_techs
            if card_scoring is not None:
                scorings.append(card_scoring)
            ideologies.append(ideology)
        major = scoring.majority(ideologies)
        found = AllianceAggregate(
            adapt, protects, None if production is None else sparse(production), techs,
            -1 if major is None else major, tuple(scorings),
        )
        _room(self._alliance)
        self._alliance[cards] = found
        return found


Edit = Callable[[Tables, AgeWork, int], None]
"""A rule that edits the working copy of the successor."""
Direct = Callable[[Tables, AgeState, int], AgeState]
"""A rule that builds the successor of a state itself: ``successor(s)``, the kernel's successor
and its ``__dict__``, and new values in that (no working copy; everything but the Draft)."""
PhaseStart = Callable[[Tables, AgeState, dict[str, Any]], None]
"""The start of a phase of the round, on the successor being built and its ``__dict__``."""

# The step kinds whose actions build their successors themselves (the setup's discards and
# draws and the founding, the turns of the Action phase, the solo reveals and die, the War
# phase's choices, the Galactic phase's System card and Planet tokens, and the phases these
# lead on to); the Draft edits a working copy.
DIRECT_STEPS = (
    S_DISCARD, C_REDRAW, S_FOUND, S_TURN, *TURN_STEPS, C_EXPLORE, C_SOLO, D_ACQUIRE, D_SURRENDER, C_SYSTEM,
    C_PLANET_TOKEN, C_DIE,
)
WORK_STEPS = (S_DRAFT,)


Outcomes = Callable[[AgeState, Step], tuple[tuple[int, float], ...]]
"""The outcome ids and probabilities of a chance step."""
_O = TypeVar("_O")
Rows = list[tuple[tuple[_O, float], ...] | None]
"""For each number ``n`` of cards left in a pile, each card's outcome paired with ``1 / n``
(None until a draw from ``n`` cards first needs it)."""


PILE_BYTES = 5  # the bytes of a pile's mask: the largest pile, the Faction deck, has 40 cards


class Pile:
    """A shuffled pile of distinct cards or tokens that chance draws from, one at a time:
    the Faction deck (a redraw, a solo reveal), the Exploration tokens nobody has seen,
    the face-down System cards, the Planet tokens in the supply.

    A draw is uniform over the cards left, ascending, as the kernel's
    :func:`~boardgames.kernel.cards.mask_draw_outcomes` lists it (``test_fast_paths.py``
    compares them).  The cards left are read a byte of the pile's mask at a time, and each
    outcome is the pair of the card's outcome and ``1 / n`` for ``n`` cards left, made once
    per ``n``: a draw builds no pair (a solo reveal from some 30-40 cards used to build one
    per card, and the draws from the small piles, remembered per pile, missed a third of
    the time in 20 games)."""

    def __init__(self, left: Callable[[AgeState], int], base: int, size: int,
                 by_bytes: tuple[tuple[tuple[int, ...], ...], ...]) -> None:
        self.left = left  # the pile's cards in a state, as a mask (card ``i`` is ``1 << i``)
        self.base = base  # the id of drawing card 0 (the ids of a pile's draws are consecutive)
        self.size = size  # cards in the full pile
        if len(by_bytes) != PILE_BYTES or size > 8 * PILE_BYTES:
            raise ValueError(f"Pile.draw reads the {PILE_BYTES} lowest bytes of a mask: a pile of more cards")
        self._by_bytes = by_bytes  # the cards of each byte value, by byte (kernel.cards.mask_tables)
        self._ids = tuple(range(base, base + size))
        self._id_rows: Rows[int] = [None] * (size + 1)
        # the catalogue's actions of the ids (set by Rules.set_actions) and their rows: a draw's
        # outcomes as actions are ``pile.draw(pile.left(s), pile._actions, pile._action_rows)``
        # (AgeState.chance_outcomes, without a method's call); card ``action_id - base`` is
        # allowed where ``0 <= card < size`` and its bit is set (AgeState._allows)
        self._actions: tuple[Action, ...] = ()
        self._action_rows: Rows[Action] = [None] * (size + 1)

    def draw(self, mask: int, outcomes: tuple[_O, ...], rows: Rows[_O]) -> tuple[tuple[_O, float], ...]:
        """(outcome, probability) of drawing each card of ``mask``, ascending: the cards'
        ``outcomes`` paired with ``1 / n`` by ``rows``."""
        # the cards of each byte of the mask, lowest first: five bytes hold every pile (checked
        # in __init__), and the five lookups written out cost less than a loop over them (the
        # bytes from to_bytes: five shifts and masks of a 40-bit int cost some 1,100 more)
        b0, b1, b2, b3, b4 = self._by_bytes
        m0, m1, m2, m3, m4 = mask.to_bytes(PILE_BYTES, "little")
        cards = b0[m0] + b1[m1] + b2[m2] + b3[m3] + b4[m4]
        n = len(cards)
        if not n:
            return ()
        row = rows[n]
        if row is None:
            p = 1.0 / n
            row = rows[n] = tuple([(outcome, p) for outcome in outcomes])
        # itemgetter of one card gives the pair itself, not a tuple
        return itemgetter(*cards)(row) if n > 1 else (row[cards[0]],)

    def outcome_ids(self, s: AgeState, step: Step) -> tuple[tuple[int, float], ...]:
        """The draw's outcome ids of the state ``s`` (the step's outcomes function)."""
        return self.draw(self.left(s), self._ids, self._id_rows)


def _by_id(T: Tables, table: tuple[tuple[Direct, int], ...]) -> Callable[[AgeState, Step, int], AgeState]:
    def direct(s: AgeState, step: Step, action_id: int) -> AgeState:
        """The setup's discards and draws and the Action phase: the rule of the action's id
        builds the successor."""
        rule, param = table[action_id]
        return rule(T, s, param)
    return direct


def _turn_legal(T: Tables) -> Callable[[AgeState, Step], Sequence[int]]:
    convert_ids = T.convert_ids
    hand_choices = T.hand_choices
    hand_memo = T.hand_memo
    legal = actions_in_detail.legal
    conversion_key = action_phase.conversion_key
    acted_ids = action_phase.acted_ids

    def turn_legal(s: AgeState, step: Step) -> Sequence[int]:
        """Action Phase: the top-level choices of a turn (a card, Free actions, the action, end turn).

        Built in catalogue order (cards, Free actions, actions, end turn), so ascending.
        """
        p = step[1]
        flags = s.flags
        key = conversion_key(s.res, p)
        if flags & ACTED:  # (a successor's rule usually knew these: action_phase.maybe_end_now)
            return acted_ids(T, flags, s.hands[p], key)
        if flags & CARD_PLAYED:  # no card to play, none to Colonize with as an Adaptation
            return legal(T, s, p, [*convert_ids[key]], 0)
        hand = s.hands[p]
        known = hand_memo.get(hand)  # hand_choices, without a call
        plays, adapt = hand_choices(hand) if known is None else known
        return legal(T, s, p, [*plays, *convert_ids[key]], adapt)
    return turn_legal


class Rules:
    """The rules of one configured game, bound to its static tables, and the
    :class:`~boardgames.kernel.steps.StepMachine` that runs them (:attr:`machine`)."""

    def __init__(self, T: Tables) -> None:
        self.T = T
        ids = T.ids
        table: list[tuple[Direct, int] | None] = [None] * len(ids.actions)
        edits: list[tuple[Edit, int] | None] = [None] * len(ids.actions)

        def family(members: tuple[int, ...], rule: Direct, base: int = 0) -> None:
            for k, i in enumerate(members):
                table[i] = (rule, k + base)

        def on_work(members: tuple[int, ...], rule: Edit, base: int = 0) -> None:
            for k, i in enumerate(members):
                edits[i] = (rule, k + base)

        aid = actions_in_detail
        # the Draft edits a working copy
        on_work(ids.draft, setup.draft)
        # the setup discards, draws and founding and the turns of the Action phase build their
        # successors themselves
        family(ids.discard, setup.discard)
        family(ids.found, setup.found)
        family((ids.keep_hand,), lambda T, s, _: setup.keep_hand(T, s))
        family(ids.draw, setup.redraw)
        family(ids.play, faction_cards.play)
        family(ids.use, faction_cards.use)
        family(ids.convert, action_phase.convert)
        family(ids.explore, aid.explore)
        family((ids.explore_telescope,), lambda T, s, _: aid.explore(T, s, None))
        family(ids.trade, aid.trade)
        family(ids.exchange, aid.exchange)
        family(ids.research, aid.research)
        family(ids.pay, aid.pay_research)
        family(ids.take, aid.take_option)
        family((ids.manufacture,), aid.manufacture)
        family(ids.build, aid.build, 1)
        family((ids.retrieve,), aid.retrieve)
        family(ids.retrieve_relics, aid.retrieve_relics, 1)
        family((ids.scavenge,), aid.scavenge)
        family(ids.colonize, aid.colonize)
        family(ids.adapt, aid.adapt)
        family(ids.develop, aid.develop)
        family(ids.develop_bonus, aid.develop_bonus)
        family(ids.nominate, aid.nominate)
        family((ids.end_turn,), action_phase.end_turn)
        family(ids.token, aid.token_revealed)
        family(ids.reveal, solo_variants.revealed)
        family(ids.acquire, war_phase.choose_acquisition)
        family((ids.acquire_nothing,), lambda T, s, _: war_phase.choose_acquisition(T, s, None))
        family(ids.surrender, war_phase.choose_surrender)
        family(ids.system, galactic_phase.reveal_system)
        family(ids.die, solo_variants.rolled, 1)
        family(ids.planet_token, galactic_phase.place_planet_token)
        # chance outcomes are drawn from masks: outcome ``base + k`` draws card or token k
        bases = []
        for members in (ids.draw, ids.reveal, ids.token, ids.system, ids.planet_token):
            base = members[0] if members else 0
            if members != tuple(range(base, base + len(members))):
                raise ValueError("the outcomes of a draw need consecutive ids")
            bases.append(base)
        self.draw_base, self.reveal_base, self.token_base, self.system_base, self.planet_token_base = bases
        self.actions: tuple[Action, ...] = ()  # the game's catalogue by id (set by the game)
        # the piles chance draws from, by chance kind (their outcomes, AgeState._allows)
        by_bytes = mask_tables(range(max(len(ids.draw), len(ids.token), len(ids.system),
                                         len(ids.planet_token))), 8)
        systems = T.all_systems

        def face_down_systems(s: AgeState) -> int:
            face_down = systems
            for card in s.systems:  # the face-up System cards, each once (not kernel.cards.mask_of's checks)
                face_down ^= 1 << card
            return face_down

        piles = {
            # a pile that is a field is read with attrgetter (a C call, not a Python function's)
            C_REDRAW: Pile(attrgetter("deck"), self.draw_base, len(ids.draw), by_bytes),
            C_SOLO: Pile(attrgetter("deck"), self.reveal_base, len(ids.reveal), by_bytes),
            C_EXPLORE: Pile(attrgetter("unseen"), self.token_base, len(ids.token), by_bytes),
            C_SYSTEM: Pile(face_down_systems, self.system_base, len(ids.system), by_bytes),
            C_PLANET_TOKEN: Pile(
                attrgetter("ptokens"), self.planet_token_base, len(ids.planet_token), by_bytes
            ),
        }
        self.piles: tuple[Pile | None, ...] = tuple(piles.get(code) for code in range(len(STEP_NAMES)))
        die = solo_variants.SOLO_DIE
        self.die_outcomes = die.chance_ids({face: ids.die[face - 1] for face in die.faces})
        # each phase's start, on the successor being built
        self.starts: tuple[PhaseStart, ...] = (
            production_phase.production_now, action_phase.start, solo_variants.start,
            war_phase.war_phase, galactic_phase.galactic_phase,
        )
        # the start of the phase after each phase (Gameplay; the solo phase only in solo games)
        following = [ROUND.after(ROUND.name(phase)) for phase in range(len(self.starts))]
        if not T.solo:
            following = [WAR_PHASE if after == SOLO_PHASE else after for after in following]
        self.following = T.after_phase = tuple(self.starts[after] for after in following)
        if any((a is None) == (b is None) for a, b in zip(table, edits, strict=True)):
            raise ValueError("every catalogue action needs one rule")
        self.table: tuple[tuple[Direct, int], ...] = tuple(table)  # type: ignore[arg-type]
        self.edits: tuple[tuple[Edit, int], ...] = tuple(edits)  # type: ignore[arg-type]
        sub_legal = partial(actions_in_detail.sub_legal, T)
        legal: dict[int, Callable[[AgeState, Step], Sequence[int]]] = {
            S_DISCARD: self.discard_legal, S_DRAFT: self.draft_legal, S_FOUND: self.found_legal,
            S_TURN: _turn_legal(T), D_USE: self.use_legal,
            **{code: sub_legal for code in TURN_STEPS if code != D_USE},
            D_ACQUIRE: self.acquire_legal, D_SURRENDER: self.surrender_legal,
        }
        # the legal-ids function of each decision kind, indexed by kind (AgeState.legal_actions)
        self.legal_of: tuple[Callable[[AgeState, Step], Sequence[int]] | None, ...] = tuple(
            legal.get(code) for code in range(len(STEP_NAMES))
        )
        outcomes: dict[int, Outcomes] = {
            **{code: pile.outcome_ids for code, pile in piles.items()}, C_DIE: self.die_rolls,
        }
        # the outcomes function of each chance kind, indexed by kind (AgeState._chance_ids)
        self.outcomes_of: tuple[Outcomes | None, ...] = tuple(
            outcomes.get(code) for code in range(len(STEP_NAMES))
        )
        self.machine: StepMachine[AgeState] = StepMachine(
            STEP_KINDS,
            legal=legal,
            outcomes=outcomes,
            direct=dict.fromkeys(DIRECT_STEPS, _by_id(T, self.table)),
            decide=dict.fromkeys(WORK_STEPS, self.decide),
            work=AgeWork,
        )

    # -- phases ------------------------------------------------------------------------

    def begin(self, s: AgeState, f: dict[str, Any], phase: int) -> None:
        """Start ``phase`` (one of the round's phases) on the successor ``s`` being built
        (``f`` its ``__dict__``); the phase after one begins with ``T.after_phase[phase]``."""
        self.starts[phase](self.T, s, f)

    # -- applying an action: the rule of its id (the step's kind decides how it is applied) --------

    def decide(self, w: Work, step: Step, action_id: int) -> None:
        """The Draft: the rule edits the working copy of the successor."""
        rule, param = self.edits[action_id]
        rule(self.T, w, param)  # type: ignore[arg-type]

    # -- decisions (the legal ids of each decision step, ascending) ------------------------------

    def discard_legal(self, s: AgeState, step: Step) -> list[int]:
        return setup.discard_legal(self.T, s)

    def draft_legal(self, s: AgeState, step: Step) -> list[int]:
        return setup.draft_legal(self.T, s)

    def found_legal(self, s: AgeState, step: Step) -> list[int]:
        return setup.found_legal(self.T, s)

    def use_legal(self, s: AgeState, step: Step) -> tuple[int, ...]:
        return faction_cards.use_legal(self.T, s)

    def acquire_legal(self, s: AgeState, step: Step) -> tuple[int, ...]:
        """War Phase: the Overlord's acquisitions (and acquiring nothing, see interpretations)."""
        return war_phase.acquire_ids(self.T, war_phase.acquire_candidates(self.T, s, step[1]))

    def surrender_legal(self, s: AgeState, step: Step) -> tuple[int, ...]:
        T = self.T
        return war_phase.surrender_ids(T, war_phase.surrender_candidates(T, s))

    def legal_ids(self, s: AgeState) -> tuple[int, ...]:
        """The legal action ids of the first step of the queue."""
        return self.machine.legal_ids(s)

    # -- chance (the draws from shuffled cards and tokens, uniform over what is left, ascending) --

    def outcome_actions(self, s: AgeState) -> tuple[tuple[Action, float], ...]:
        """The chance outcomes of ``s`` as actions (a draw's from its :class:`Pile`)."""
        pile = self.piles[s.steps[0][0]]
        if pile is not None:
            return pile.draw(pile.left(s), pile._actions, pile._action_rows)
        outcomes = s.chance_outcome_ids()
        if not outcomes:
            return ()
        catalogue = self.actions
        return tuple([(catalogue[i], p) for i, p in outcomes])

    def set_actions(self, actions: tuple[Action, ...]) -> None:
        """The game's catalogue of actions by id (the draws' outcomes as actions)."""
        self.actions = actions
        for pile in self.piles:
            if pile is not None:
                pile._actions = actions[pile.base:pile.base + pile.size]

    def die_rolls(self, s: AgeState, step: Step) -> tuple[tuple[int, float], ...]:
        """Advanced Solo Variant: the die."""
        return self.die_outcomes

    def chance_ids(self, s: AgeState) -> tuple[tuple[int, float], ...]:
        """The outcomes of the chance step first in the queue."""
        return self.machine.chance_ids(s)

    def apply(self, s: AgeState, action_id: int) -> State:
        """The successor after ``action_id`` answers the first step of the queue."""
        return self.machine.apply(s, action_id)

    # -- scores and views ------------------------------------------------------------------

    def scores(self, s: AgeState) -> tuple[float, ...]:
        return scoring.scores(self.T, s)

    def winners(self, s: AgeState) -> frozenset[int]:
        return scoring.winners(self.T, s)

    def view(self, s: AgeState, player: int) -> AgeView:
        return AgeView(
            player=player,
            game=s.game,
            public=s.public(),
            hand=s.hands[player],
            discarded=s.discards[player],
            packet=s.packets[player],
            hand_sizes=tuple(mask_size(h) for h in s.hands),
            discard_sizes=tuple(mask_size(d) for d in s.discards),
            packet_sizes=tuple(mask_size(k) for k in s.packets),
            deck_size=mask_size(s.deck),
        )


__all__ = ["WAR_REWARDS", "Aggregate", "Rules", "Tables"]
