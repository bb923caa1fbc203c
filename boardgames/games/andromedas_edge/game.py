"""Andromeda's Edge: the game object (static data, setup, views, JSON)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import deque
from operator import itemgetter
from typing import Any

import numpy as np

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.battle import winner_of
from boardgames.games.andromedas_edge.components import (
    NO_RESOURCES,
    TRACKS,
    ComponentSet,
    ShipSpec,
    Special,
    load_components,
)
from boardgames.games.andromedas_edge.interpretations import MAX_TURN_ACTIONS, TURN_LIMIT
from boardgames.games.andromedas_edge.launching import (
    DEVELOPMENT_OFFICE,
    MAXIMUS,
    MONOLITH,
    ODESSA,
    SHIPYARD,
    TRADE_HUB,
)
from boardgames.games.andromedas_edge.progress_tracks import price
from boardgames.games.andromedas_edge.return_to_station import (
    InputPrices,
    input_cost,
    input_prices,
    rearrange_places,
)
from boardgames.games.andromedas_edge.rules import Rules, to_act
from boardgames.games.andromedas_edge.scoring import score_table
from boardgames.games.andromedas_edge.state import (
    BAY,
    FIELDS,
    PLAY,
    SUPPLY,
    AndromedasEdgeState,
    AndromedasEdgeView,
    Task,
)
from boardgames.games.andromedas_edge.turn import FreeActionsMemo
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import Deck, counts_of, deal, deal_cards, unseen
from boardgames.kernel.chance import Draws
from boardgames.kernel.components import components_option
from boardgames.kernel.errors import ComponentError, HiddenInformationError, InvalidOptionError
from boardgames.kernel.game import Game, GameSpec, OptionSpec, State, View, int_option, leads_over_rivals
from boardgames.kernel.resources import WildPrice

__all__ = ["AndromedasEdge"]

BASE_CODE = 15
SPECIAL_CODE = 21
BaseMarket = tuple[tuple[int, int, "WildPrice | None"], ...]
LaunchRegions = tuple[int, int, int, int, tuple[tuple[int, BaseMarket], ...], int]
"""Launchable regions without an Alliance Base, those of them on printed spaces,
those with a base to check, and of those the Monolith's and Trade Hub's, the
market bases' (Maximus, Odessa) each with its market places (``Game.base_market``)
and the Development Office's (masks of ``1 << region``)."""
PLANETS_BY_PLAYERS = {2: 4, 3: 6, 4: 8}
BASE_TILES = tuple(range(BASE_CODE, SPECIAL_CODE))
"""The six Alliance Bases' tile codes."""
MARKET_BASES = (MAXIMUS, ODESSA)
"""The Alliance Bases that buy from the market."""
LEADERS = 9


def _check_special(value: Any) -> str | None:
    if value not in (None, "quasars", "vortexes"):
        raise InvalidOptionError(f"special_regions must be None, 'quasars' or 'vortexes', not {value!r}")
    return value  # type: ignore[no-any-return]


def _check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidOptionError(f"must be true or false, not {value!r}")
    return value


def _check_deck(value: Any) -> str:
    if value not in ("Galactic Dawn", "Cosmic Twilight"):
        raise InvalidOptionError(f"event_deck must be 'Galactic Dawn' or 'Cosmic Twilight', not {value!r}")
    return str(value)


def draw_card(rng: np.random.Generator | Draws, counts: list[int], kinds: tuple[int, ...]) -> int:
    """Take one card of ``kinds`` from the pile ``counts`` (a count per kind), each
    card equally likely: one uniform draw against the cumulative weights.

    This is how numpy's ``Generator.choice(len(pool), p=weights / weights.sum())``
    draws from the kinds left (the same cumulative sums, normalised by their last,
    and the same one uniform, so every seeded setup is as it was with it;
    tests/andromedas_edge/test_setup_draws.py compares the two), without its
    per-call checks, which cost about a hundred times more.  numpy's index is the
    number of normalised sums at most the uniform (``bisect_right``); a kind none
    is left of adds 0.0, a sum equal to the one before it, never the first above
    the uniform.  The sums are kept by the kinds' counts (:data:`_CUMULATIVE`)."""
    key = (kinds, itemgetter(*kinds)(counts)) if kinds else None
    sums = _CUMULATIVE.get(key)
    if sums is None:
        total = 0
        for k in kinds:
            total += counts[k]
        if not total:
            raise ComponentError(f"no card of kinds {kinds} is left to draw")
        scale = float(total)
        acc = 0.0
        partial = []
        for k in kinds:
            acc += counts[k] / scale
            partial.append(acc)
        sums = tuple([x / acc for x in partial])
        if len(_CUMULATIVE) > 4096:
            _CUMULATIVE.clear()
        _CUMULATIVE[key] = sums
    k = kinds[bisect_right(sums, rng.random())]
    counts[k] -= 1
    return k


_CUMULATIVE: dict[Any, tuple[float, ...]] = {}
""":func:`draw_card`'s normalised cumulative sums by ``(kinds, their counts)``: a
setup draws from a few hundred different piles (at most 4,097 kept)."""


class AndromedasEdge(Game):
    """Andromeda's Edge for 2 to 4 players.

    Options: ``game_length`` (50, 60, 70 VP terminus), ``event_deck``,
    ``s_class`` (the S-class raider card's name), ``special_regions`` (None,
    ``"quasars"`` or ``"vortexes"``), ``destiny`` (destiny cards), ``teams``
    (2v2 mode, 4 players), ``turn_limit`` (a cap on turns for simulations:
    a game stopped there is truncated, with no winners) and ``components``.
    """

    spec = GameSpec(
        id="andromedas-edge",
        title="Andromeda's Edge",
        min_players=2,
        max_players=4,
        default_players=4,
        hidden_information=True,
        options=(
            OptionSpec(
                "game_length",
                50,
                "the terminus: 50 (short), 60 (medium) or 70 (long) VP",
                int_option(choices=(50, 60, 70)),
            ),
            OptionSpec("event_deck", "Galactic Dawn", "'Galactic Dawn' or 'Cosmic Twilight'", _check_deck),
            OptionSpec("s_class", "Vorticon Strikers", "the name of the S-class raider card", str),
            OptionSpec(
                "special_regions", None, "optional rule: None, 'quasars' or 'vortexes'", _check_special
            ),
            OptionSpec("destiny", False, "optional rule: destiny cards", _check_bool),
            OptionSpec(
                "teams", False, "optional rule: 2v2 mode (4 players; seats 0+1 against 2+3)", _check_bool
            ),
            OptionSpec(
                "turn_limit",
                TURN_LIMIT,
                "simulation cap on turns (far above any measured game); a game stopped there is"
                " marked truncated: no winners, every return 0",
                int_option(20, 5000),
            ),
            OptionSpec(
                "components",
                None,
                "None (the reference set), or a TOML file path / dict with your own component set",
                components_option(load_components),
            ),
        ),
        description="Launch ships, battle raiders, build your station and develop the planets of the Edge.",
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        c: ComponentSet = self.options["components"]
        self.components = c
        self.terminus: int = self.options["game_length"]
        self.special: str | None = self.options["special_regions"]
        self.teams: bool = self.options["teams"]
        self.turn_limit: int = self.options["turn_limit"]
        if self.teams and self.players != 4:
            raise InvalidOptionError("2v2 mode (teams=True) needs 4 players")
        names = [r.name for r in c.raiders if r.cls == 0]
        if self.options["s_class"] not in names:
            raise InvalidOptionError(f"s_class must name an S-class raider card: {', '.join(names)}")
        self.s_card = next(i for i, r in enumerate(c.raiders) if r.name == self.options["s_class"])
        self.event_cards = tuple(i for i, e in enumerate(c.events) if e.deck == self.options["event_deck"])
        self.special_tiles: tuple[Special, ...] = (
            c.quasars if self.special == "quasars" else c.vortexes if self.special == "vortexes" else ()
        )
        self.spaces = c.spaces
        self.regions = c.spaces + 6
        self.ship_types: tuple[int, ...] = tuple(t for t in range(4) for _ in range(c.ship_counts[t]))
        self.type_spans: tuple[tuple[int, int, int], ...] = tuple(
            (t, sum(c.ship_counts[:t]), sum(c.ship_counts[: t + 1])) for t in range(4)
        )
        """``(ship type, start, end)``: the ships of each type are ``row[start:end]`` of a ship row."""
        self.sides: tuple[int, ...] = tuple(p // 2 if self.teams else p for p in range(self.players))
        """The side each player fights on (:meth:`team_of`: in 2v2 mode its team)."""
        self.transports: int = c.ship_counts[0]
        """How many transports (ship type 0) a player has: the first entries of a ship row."""
        s_count = c.raiders[self.s_card].standees
        self.standee_class: tuple[int, ...] = (0,) * s_count + (1, 2, 3, 4)
        self.class_standees: tuple[tuple[int, ...], ...] = (tuple(range(s_count)),) + tuple(
            (s_count + k,) for k in range(4)
        )
        self.adjacent: tuple[tuple[int, ...], ...] = self._adjacency()
        self.dist: tuple[tuple[int, ...], ...] = self._distances()
        top = max(d for row in self.dist for d in row if d < 99)
        self.within: tuple[tuple[frozenset[int], ...], ...] = tuple(
            tuple(frozenset(r for r, d in enumerate(row) if d <= k) for k in range(top + 1))
            for row in self.dist
        )
        """``within[o][k]``: the regions at most ``k`` spaces from ``o`` (k up to the longest distance)."""
        longest = max(
            max(spec.range for spec in (*c.ships, *c.upgrades, *(f.upgrade for f in c.factions))),
            max(raider.range for raider in c.raiders),
        )
        self.within_masks: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << r for r in row[min(k, top)]) for k in range(max(top, longest) + 1))
            for row in self.within
        )
        """:attr:`within` as masks of ``1 << region``, up to the longest range of a
        ship, upgrade or raider card (past the longest distance every entry is the
        last, all the regions reachable): a range needs no clamp."""
        self.region_bits: tuple[int, ...] = (*(1 << r for r in range(self.regions)), *(0,) * 6)
        """``region_bits[loc]``: ``1 << loc`` for a region, 0 for a ship or raider off
        the board (locations -6 to -1 index the six zeros at the end)."""
        face_region = [0] * 7
        for face in range(1, 7):
            face_region[face] = self.spaces + face - 1
            for k, tile in enumerate(self.special_tiles):
                if face in tile.numbers:
                    face_region[face] = c.special_spaces[k]
        self.face_region: tuple[int, ...] = tuple(face_region)
        self._tactics_types = tuple(
            tuple(k for k, t in enumerate(c.tactics) if t.type == kind) for kind in range(5)
        )
        self._launch_regions: dict[tuple[int, ...], LaunchRegions] = {}
        launch_slots = [1] * (SPECIAL_CODE + len(self.special_tiles)) + [0]
        for b in range(6):
            if b != SHIPYARD:
                launch_slots[BASE_CODE + b] = 2 + b
        if self.special == "quasars":
            launch_slots[SPECIAL_CODE:-1] = [0] * len(self.special_tiles)
        self.launch_slots: tuple[int, ...] = tuple(launch_slots)
        """Per tile code, where :meth:`launch_regions` puts its region: 0 no launch (a
        Quasar; the last entry, index -1, an empty space), 1 a printed space needing no
        check (the Shipyard's too), ``2 + b`` Alliance Base ``b``'s."""
        self.nebula_mask: int = sum(1 << r for r in range(self.spaces, self.regions))
        """The nebulae's regions (after the spaces') as a mask of ``1 << region``."""
        self.last_launch_regions: tuple[Any, LaunchRegions | None] = (None, None)
        """The layout last asked of :meth:`launch_regions` (the object itself) and its answer:
        successors share the layout tuple, so the launch listing tests it by identity first."""
        self.market_prices: tuple[tuple[WildPrice, ...], ...] = tuple(
            tuple(price(cost) for cost in column) for column in c.market_costs
        )
        """The market places' costs as prices (:func:`progress_tracks.can_afford`)."""
        self.market_checks: tuple[tuple[tuple[int, WildPrice | None], ...], ...] = tuple(
            tuple((i, price(cost) if any(cost) else None) for i, cost in enumerate(column))
            for column in c.market_costs
        )
        """Per market column, (place, price) of each place, the price None where
        the place costs nothing (no payment test to call)."""
        self.base_market: dict[int, tuple[tuple[int, int, WildPrice | None], ...]] = {
            base: tuple(
                sorted(
                    ((k, i, cost) for k in columns for i, cost in self.market_checks[k]),
                    key=lambda place: place[2] is not None,
                )
            )
            for base, columns in ((MAXIMUS, (0, 1)), (ODESSA, (2, 3)))
        }
        """(column, place, price or None) of the market places an Alliance Base buys
        from (Maximus: columns 0 and 1, Odessa: 2 and 3), those that cost nothing
        first: any module the base can buy will do (:func:`launching.activatable_bases`)."""
        self.ship_prices: tuple[WildPrice, ...] = tuple(price(cost) for cost in c.ship_costs)
        """Each ship type's cost as a price (Building Your Fleet)."""
        self.planet_prices: tuple[WildPrice, ...] = tuple(price(p.cost) for p in c.planets)
        """Each planet's development cost as a price (Building a Development)."""
        self._ship_specs: dict[tuple[int, ...], tuple[ShipSpec, ...]] = {}
        self.tile_specs: tuple[ShipSpec, ...] = (*c.upgrades, *(f.upgrade for f in c.factions))
        """Each upgrade tile's spec by tile number: the neutral tiles, then each faction's own."""
        self.last_ship_specs: list[tuple[Any, tuple[ShipSpec, ...]]] = [(None, ())] * self.players
        """Per player, the upgrades row last asked of :meth:`ship_specs` with its player
        (the object itself) and its answer: successors share the row until an upgrade."""
        self.last_raider_regions: tuple[Any, int] = (None, 0)
        """The raider positions last seen by a first ship's launch listing (the object
        itself) and the regions with a raider, as a mask of :attr:`region_bits`."""
        self.turn_orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((start + i) % self.players for i in range(self.players)) for start in range(self.players)
        )
        """Everyone once, clockwise from each start (:meth:`turn_order`): ``turn_orders[start]``."""
        self._tiles: dict[tuple[int, ...], np.ndarray] = {}
        self.module_types: tuple[int, ...] = tuple(m.type for m in c.modules)
        self.free_input: tuple[bool, ...] = tuple(
            cost is not None and not any(cost)
            for cost in (input_cost(self, k, -1) for k in range(len(c.modules)))
        )
        """Per module kind: whether activating it costs nothing whatever moon it holds
        (:func:`return_to_station.input_cost` is all zeros, and no moon input slot)."""
        self.module_inputs: tuple[tuple[int, InputPrices | None, bool], ...] = tuple(
            (m.type, None if cost is None else input_prices(cost), free)
            for m, cost, free in zip(
                c.modules, (input_cost(self, k, -1) for k in range(len(c.modules))), self.free_input
            )
        )
        """Per module kind: (its type, the prices of :func:`return_to_station.input_cost`
        without a moon, alone and with 1 energy more -- None for a moon input slot --,
        ``free_input``), for the activation listing."""
        self.moon_input_prices: tuple[InputPrices, ...] = tuple(input_prices(m.gain) for m in c.moons)
        """Per moon kind: the prices of a Moon Inputs module holding it (as ``module_inputs``)."""
        self.column_modules: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, t in enumerate(self.module_types) if t == column) for column in range(4)
        )
        """The module kinds of each market column's type (its deck's share of ``mdeck``)."""
        self.moons_of_colour: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, m in enumerate(c.moons) if m.colour == colour) for colour in range(len(TRACKS) + 1)
        )
        """The moon kinds of each planet colour, and last (5) the orphaned nebula moons."""
        # What every setup of this game draws from (new_game), made once.
        self.planet_types: tuple[int, ...] = tuple(p.type for p in c.planets)
        """Each planet's type (its colour: the moons drawn for it)."""
        self.open_spaces: tuple[int, ...] = tuple(
            space for space in range(self.spaces) if not (self.special and space in c.special_spaces)
        )
        """The spaces the start tiles are laid on: all but the special spaces, with special regions."""
        self.raider_cards_of_class: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, r in enumerate(c.raiders) if r.cls == cls) for cls in range(5)
        )
        """The raider card kinds of each class (0: S-class)."""
        self.token_pile: tuple[int, ...] = tuple(
            k for k, m in enumerate(c.discovery_counts) for _ in range(m)
        )
        """Every discovery token, by kind, in kind order (shuffled into the three stacks)."""
        self.supremacy_pile: tuple[int, ...] = tuple(
            k for k, m in enumerate(c.supremacy_counts) for _ in range(m)
        )
        """Every supremacy token, by kind, in kind order (three are drawn)."""
        self.upgrade_tiles: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i, u in enumerate(c.upgrades) if u.ship == t) for t in range(4)
        )
        """The upgrade tiles of each ship type (shuffled, one dealt to each player)."""
        self.event_deck: Deck = Deck.of(self.event_cards, len(c.events))
        """The event deck at the start of a game (in an order no one knows)."""
        self.tactic_types: tuple[int, ...] = tuple(t.type for t in c.tactics)
        """The type of every tactics card kind (action, event, sustain, diplomacy, battle)."""
        self.any_turn_cards: tuple[int, ...] = tuple(k for k, t in enumerate(c.tactics) if t.any_turn)
        """Action cards that may be played on other players' turns."""
        self.ability_prices: tuple[WildPrice | None, ...] = (
            *(price(f.ability_cost) if f.ability is not None else None for f in c.factions),
            None,
        )
        """Use Faction Abilities: each faction's free-action ability cost as a price (None:
        no such ability), and None last: ``ability_prices[-1]`` for a player with no faction yet."""
        self.last_free: list[FreeActionsMemo] = [FreeActionsMemo() for _ in range(self.players)]
        """Per player, what :func:`turn.free_actions` last worked out (:class:`turn.FreeActionsMemo`)."""
        self.last_slot_targets: list[tuple[Any, int, tuple[tuple[int, ...], tuple[int, ...]]]] = [
            (None, -1, ((), ()))
        ] * self.players
        """Per player, the station row (the object itself) and industry row length
        last asked of :func:`return_to_station.slot_targets_of`, and its answers
        for a moon without and with a repair icon."""
        self.last_activation_places: list[tuple[Any, Any]] = [(None, ())] * self.players
        """Per player, the station row last asked of :func:`return_to_station.activation_places`
        (the object itself) and its answer."""
        self.last_escalation: list[tuple[Any, Any, int, int, list[tuple[int, bool]]]] = [
            (None, None, -1, -1, [])
        ] * self.players
        """Per player, the ship row, upgrade row (the objects themselves), region and
        energy last asked of :func:`battle.escalation_ships`, and its answer."""
        self.last_strike_reach: tuple[Any, Any, int, dict[int, Any]] = (None, None, 0, {})
        """The raider positions and raider cards (the objects themselves) last asked
        of :func:`launching.strike_candidates`, the mask of the regions a raider
        can strike into from there, and the answers by region (:data:`launching.StrikeMemo`)."""
        self.last_fighting: tuple[Any, Any, int, int, list[int]] = (None, None, -1, -1, [])
        """The ship rows and raider positions (the objects themselves), region and
        active player last asked of :func:`battle.fighting`, and its answer."""
        self._move_ids: dict[tuple[int, ...], tuple[int, ...]] = {}
        """:meth:`move_ids`' answers by industry row: at most 4,097 kept (about 1 MB; a
        2-player playout meets some 3,800 different rows in 30,000 calls)."""
        self._template: dict[str, Any] | None = None
        self._new_fields = self._fields_of_a_new_game()
        self.key_ids: dict[tuple[Any, ...], int] = A.key_table(self.catalogue)
        """The id of every action by its key ``(class, *fields)``: rules name an
        action by a plain tuple, which hashes in C (no action object per offer)."""
        self.rules = Rules(self)
        self._next_state = self.rules.apply  # what AndromedasEdgeState._apply calls

    def _build_catalogue(self) -> ActionCatalogue:
        return A.build_catalogue(self.options["components"], self.options["teams"])

    def fingerprint(self) -> str:
        return self.components.fingerprint

    # -- static helpers -------------------------------------------------------------------

    def _adjacency(self) -> tuple[tuple[int, ...], ...]:
        c = self.components
        adj: list[set[int]] = [set() for _ in range(self.regions)]
        for r in range(c.rows):
            for col in range(c.columns):
                s = r * c.columns + col
                if col + 1 < c.columns:
                    adj[s].add(s + 1)
                    adj[s + 1].add(s)
                if r + 1 < c.rows:
                    adj[s].add(s + c.columns)
                    adj[s + c.columns].add(s)
        for k, spaces in enumerate(c.nebulae):
            for s in spaces:
                adj[self.spaces + k].add(s)
                adj[s].add(self.spaces + k)
        return tuple(tuple(sorted(a)) for a in adj)

    def _distances(self) -> tuple[tuple[int, ...], ...]:
        """Range over the printed spaces; nothing moves through a Quasar."""
        blocked = set(self.components.special_spaces) if self.special == "quasars" else set()
        table = []
        for source in range(self.regions):
            dist = [99] * self.regions
            dist[source] = 0
            queue = deque([source])
            while queue:
                r = queue.popleft()
                if r != source and r in blocked:
                    continue
                for q in self.adjacent[r]:
                    if dist[q] == 99:
                        dist[q] = dist[r] + 1
                        queue.append(q)
            table.append(tuple(dist))
        return tuple(table)

    def launchable(self, layout: tuple[int, ...]) -> tuple[int, ...]:
        """Regions a ship may be launched to: tiles (not Quasars) and nebulae
        (:meth:`launch_regions`, which tells them)."""
        every, _, based, _, _, _ = self.launch_regions(layout)
        return tuple(r for r in range(self.regions) if (every | based) >> r & 1)

    def launch_regions(self, layout: tuple[int, ...]) -> LaunchRegions:
        """The regions a ship may be launched to (tiles, not Quasars, and
        nebulae) split for the launch listing, as masks of :attr:`region_bits`:
        those that need no check (nebulae included), those of them on a
        printed space, those with an Alliance Base to check, and those by base
        (:data:`LaunchRegions`, for :func:`launching.activatable_bases`).  The
        Shipyard's region needs no check (Additional Launch Requirements: a
        repair is always possible).  Worked out once per layout (a layout
        changes when a planet is revealed): from the last answer when a planet
        was revealed since, else by one pass over its spaces."""
        found = self._launch_regions.get(layout)
        if found is None:
            found = self._launch_regions_after_reveal(layout)
            if found is None:
                masks = [0] * 8  # no launch, a printed space needing no check, then each base's
                slots = self.launch_slots
                for code, bit in zip(layout, self.region_bits):
                    masks[slots[code]] |= bit
                printed = masks[1]
                by_base = masks[2:]
                markets = []
                for b in MARKET_BASES:
                    if by_base[b]:
                        markets.append((by_base[b], self.base_market[b]))
                found = (
                    printed | self.nebula_mask,
                    printed,
                    sum(by_base),
                    by_base[MONOLITH] | by_base[TRADE_HUB],
                    tuple(markets),
                    by_base[DEVELOPMENT_OFFICE],
                )
            if len(self._launch_regions) > 512:
                self._launch_regions.clear()
            self._launch_regions[tuple(layout)] = found
        self.last_launch_regions = (layout, found)
        return found

    def _launch_regions_after_reveal(self, layout: tuple[int, ...]) -> LaunchRegions | None:
        """:meth:`launch_regions` of the last layout asked, with the planet revealed
        since in its first empty space (:func:`progress_tracks.reveal_planet`): the
        one pass's answer with one more space of :attr:`launch_slots` 1 (no check),
        its bit in the first two masks.  None for a layout not made so."""
        last_layout, last = self.last_launch_regions
        if last is None:
            return None
        try:
            r = last_layout.index(-1)
        except ValueError:  # no empty space
            return None
        if self.launch_slots[layout[r]] != 1 or layout[:r] != last_layout[:r]:
            return None
        if layout[r + 1 :] != last_layout[r + 1 :]:
            return None
        bit = self.region_bits[r]
        return (last[0] | bit, last[1] | bit, last[2], last[3], last[4], last[5])

    def move_ids(self, row: Any) -> tuple[int, ...]:
        """The ids of the moves of an industry row (:func:`return_to_station.rearrange_moves`)."""
        key = row if type(row) is tuple else tuple(row)  # a row a rule thawed
        found = self._move_ids.get(key)
        if found is None:
            moves = self.rules.move_industry_ids  # rearrange_moves(key), as ids
            found = tuple([moves[key[pos]][place] for pos, place in rearrange_places(len(key))])
            if len(self._move_ids) > 4096:
                self._move_ids.clear()
            self._move_ids[key] = found
        return found

    def base_regions(self, layout: Any) -> tuple[int, ...]:
        """The region of each Alliance Base (all six are laid at setup)."""
        return tuple(map(layout.index, BASE_TILES))

    def tile_spec(self, tile: int) -> ShipSpec:
        return self.tile_specs[tile]

    def ship_spec(self, upgrades: Any, ship: int) -> ShipSpec:
        tile = upgrades[ship]
        return self.components.ships[ship] if tile < 0 else self.tile_specs[tile]

    def ship_specs(self, upgrades: Any, player: int = -1) -> tuple[ShipSpec, ...]:
        """:meth:`ship_spec` of each of the four ship types of a player's upgrades
        row, kept per row (a few rows in a game); with the ``player`` also kept
        as ``last_ship_specs[player]``, for a listing to test by identity first."""
        try:
            found = self._ship_specs[upgrades]  # (no type test: a list is not hashable)
        except (KeyError, TypeError):  # a new row, or a row a rule thawed (a list)
            key = tuple(upgrades)
            made = self._ship_specs.get(key)
            if made is None:
                made = self._ship_specs[key] = tuple([self.ship_spec(key, t) for t in range(4)])
            return made  # (a row a rule thawed is not kept by identity)
        if player >= 0:
            self.last_ship_specs[player] = (upgrades, found)
        return found

    def tactics_of_type(self, kind: int) -> tuple[int, ...]:
        return self._tactics_types[kind]

    def turn_order(self, start: int) -> tuple[int, ...]:
        """Everyone once, clockwise from ``start``."""
        return self.turn_orders[start]

    def team_of(self, player: int) -> int:
        return player // 2 if self.teams else player

    def teammate(self, player: int) -> int:
        return player ^ 1

    @property
    def max_game_length(self) -> int:
        return (self.turn_limit + 1) * MAX_TURN_ACTIONS + 200

    # -- setup --------------------------------------------------------------------------------

    def new_game(self, seed: int | None = 0) -> AndromedasEdgeState:
        """Game Setup and Player Setup; the faction (and destiny) choices are
        the first decisions, then the start player's first turn."""
        # numpy's draws from the seed's generator, number for number, at a fraction of the
        # cost of numpy's calls (kernel.chance.Draws): every seeded setup is as it was
        rng = Draws.of_seed(seed)
        c = self.components
        n = self.players

        order = rng.permutation(15)
        start_tiles = [*order[: PLANETS_BY_PLAYERS[n]], *BASE_TILES]
        start_tiles = itemgetter(*rng.permutation(len(start_tiles)))(start_tiles)
        planet_stack = [0] * 15
        for p in order[PLANETS_BY_PLAYERS[n] :]:
            planet_stack[p] = 1
        layout = [-1] * self.spaces
        if self.special:
            for k, space in enumerate(c.special_spaces):
                layout[space] = SPECIAL_CODE + k
        pool = list(c.moon_counts)
        moon_top = [-1] * self.regions
        moon_hidden = [0] * self.regions
        moons_of = self.moons_of_colour
        for k in range(6):
            moon_top[self.spaces + k] = draw_card(rng, pool, moons_of[5])
        planet_types = self.planet_types
        bases = [0] * 6
        for s, tile in zip(self.open_spaces, start_tiles):  # the planets' moons drawn in space order
            layout[s] = tile
            if tile < BASE_CODE:
                moon_top[s] = draw_card(rng, pool, moons_of[planet_types[tile]])
                moon_hidden[s] = 2
            else:
                bases[tile - BASE_CODE] = s
        standees = len(self.standee_class)
        rpos = [-1] * standees
        for i in range(2):
            rpos[i] = self.face_region[rng.integers(1, 7)]
        raider_cards = [self.s_card]
        for cls in range(1, 5):
            cards = self.raider_cards_of_class[cls]
            # One uniform index: what numpy's Generator.choice(cards) draws, at a quarter of the cost.
            raider_cards.append(cards[rng.integers(0, len(cards))])
        mdeck = list(c.module_counts)
        market = []
        for kinds in self.column_modules:  # three modules a column, drawn left to right
            market.append(
                (draw_card(rng, mdeck, kinds), draw_card(rng, mdeck, kinds), draw_card(rng, mdeck, kinds))
            )
        tokens = itemgetter(*rng.permutation(len(self.token_pile)))(self.token_pile)
        dstacks = []
        for i in range(0, 15, 5):  # three stacks of five, each as a count per kind
            row = [0] * len(c.discovery_counts)
            for k in tokens[i : i + 5]:
                row[k] += 1
            dstacks.append(tuple(row))
        stokens = itemgetter(*rng.permutation(len(self.supremacy_pile))[:3])(self.supremacy_pile)
        factions = rng.permutation(len(c.factions))
        offers = []
        for p in range(0, 3 * n, 3):
            offers.append(tuple(sorted(factions[p : p + 3])))
        upg_supply: list[list[int]] = [[] for _ in range(n)]
        for kinds in self.upgrade_tiles:  # each ship type's tiles shuffled, one dealt to each player
            shuffled = rng.permutation(len(kinds))
            for p in range(n):
                upg_supply[p].append(kinds[shuffled[p % len(kinds)]])
        base_row = [0] * self.regions
        for r in bases:
            base_row[r] = 1
        leaders_on = []
        for _ in range(n):
            row = [*base_row]
            row[self.spaces + rng.integers(0, 6)] += 2
            leaders_on.append(tuple(row))
        start = self._start_player(rng)
        vp = [0] * n
        for i, p in enumerate(self.turn_order(start)):
            vp[p] = i + 1
        doffers: list[tuple[int, ...]] = [()] * n
        tasks: list[tuple[int, ...]] = [(Task.FACTION, p, 0, 0) for p in self.turn_order(start)]
        if self.options["destiny"]:
            destiny_cards = rng.permutation(len(c.destiny))
            doffers = [tuple(sorted(destiny_cards[2 * p : 2 * p + 2])) for p in range(n)]
            tasks += [(Task.DESTINY, p, 0, 0) for p in self.turn_order(start)]
        tasks.append((Task.MAIN, start, 0, 0))
        fields = self._new_fields.copy()  # in the state's order, with what no draw decides
        fields["tasks"] = tuple(tasks)
        fields["active"] = start
        fields["layout"] = tuple(layout)
        fields["moon_top"] = tuple(moon_top)
        fields["moon_hidden"] = tuple(moon_hidden)
        fields["moon_pool"] = tuple(pool)
        fields["leaders_on"] = tuple(leaders_on)
        fields["rpos"] = tuple(rpos)
        fields["raider_cards"] = tuple(raider_cards)
        fields["planet_stack"] = tuple(planet_stack)
        fields["market"] = tuple(market)
        fields["mdeck"] = tuple(mdeck)
        fields["dstacks"] = tuple(dstacks)
        fields["stokens"] = tuple(stokens)
        fields["offers"] = tuple(offers)
        fields["doffers"] = tuple(doffers)
        fields["vp"] = tuple(vp)
        fields["upg_supply"] = tuple([tuple(sorted(u)) for u in upg_supply])
        return self._state(fields)

    def _fields_of_a_new_game(self) -> dict[str, Any]:
        """Every field of a new game, in the state's order: what no draw decides, and
        None where :meth:`new_game` puts what its draws decided."""
        c = self.components
        n = self.players
        ships = tuple(BAY if t == 0 and i < 3 else SUPPLY for i, t in enumerate(self.ship_types))
        standees = len(self.standee_class)
        return {
            "phase": PLAY,
            "tasks": None,
            "active": None,
            "turn": 0,
            "final": -1,
            "truncated": False,
            "event_pos": c.event_start[n - 2],
            "event_holder": -1,
            "region": -1,
            "transferred": False,
            "rearranged": False,
            "ability_used": False,
            "module_first": False,
            "layout": None,
            "moon_top": None,
            "moon_hidden": None,
            "moon_pool": None,
            "moon_discard": (0,) * len(c.moons),
            "dev": (-1,) * self.regions,
            "bonus": (NO_RESOURCES,) * self.regions,
            "leaders_on": None,
            "rpos": None,
            "rdmg": (0,) * standees,
            "raider_cards": None,
            "planet_stack": None,
            "market": None,
            "mdeck": None,
            "mbottom": ((),) * 4,
            "hands": ((0,) * len(c.tactics),) * n,
            "tdeck": c.tactics_counts,
            "tdiscard": (0,) * len(c.tactics),
            "sustain": ((0,) * len(c.tactics),) * n,
            "edeck": self.event_deck,
            "ediscard": (),
            "dstacks": None,
            "dheld": ((0,) * len(c.discoveries),) * n,
            "dused": (0,) * len(c.discoveries),
            "stokens": None,
            "sheld": ((0,) * len(c.supremacy),) * n,
            "sused": (0,) * len(c.supremacy),
            "faction": (-1,) * n,
            "offers": None,
            "destiny": (-1,) * n,
            "doffers": None,
            "res": (NO_RESOURCES,) * n,
            "vp": None,
            "tracks": ((0,) * 5,) * n,
            "ships": (ships,) * n,
            "shield_dmg": ((0,) * len(ships),) * n,
            "upgrades": ((-1,) * 4,) * n,
            "upg_supply": None,
            "leaders_home": (LEADERS - 6 - 2,) * n,
            "claimed": ((),) * n,
            "tacops": (-1,) * n,
            "station": ((0, 1, 2, 3),) * n,
            "mdmg": ((0,) * 4,) * n,
            "mmoon": ((-1,) * 4,) * n,
            "mused": ((0,) * 4,) * n,
            "half": ((),) * n,
            "irow": ((1,),) * n,
            "devcards": ((0,) * 5,) * n,
            "devused": ((0,) * 5,) * n,
            "b_bonus": (0,) * (n + 1),
            "b_target_bonus": (0,) * (n + 1),
            "b_dice": (0,) * (n + 1),
            "b_target": (0,) * (n + 1),
            "b_rolls": ((),) * (n + 1),
            "b_cease": 0,
            "b_lost": (),
        }

    def template_shapes(self) -> dict[str, Any]:
        """The shapes of a new game's fields, which serialized states must match."""
        if self._template is None:
            from boardgames.games.andromedas_edge.validation import _shape

            self._template = {k: _shape(v) for k, v in self.new_game(0).__dict__.items()}
        return self._template

    def _start_player(self, rng: Draws) -> int:
        """Start Player: a simulated battle of 6 dice each (2v2: team rolls
        combined); the highest die wins, ties compare the next die; players
        still tied after every die roll again."""
        roll = rng.integers
        while True:
            rolls: dict[int, list[int]] = {}
            for p in range(self.players):  # six dice each
                rolls[p] = [roll(1, 7), roll(1, 7), roll(1, 7), roll(1, 7), roll(1, 7), roll(1, 7)]
            if self.teams:
                team = {0: rolls[0] + rolls[1], 1: rolls[2] + rolls[3]}
                won = winner_of(team)
                if won is not None:
                    return 2 * won
                continue
            won = winner_of(rolls)
            if won is not None:
                return won

    def _state(self, fields: dict[str, Any]) -> AndromedasEdgeState:
        state = AndromedasEdgeState._blank(self, to_act(fields))
        state.__dict__.update(fields)
        return state

    # -- hidden information -------------------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> AndromedasEdgeState:
        """A full state consistent with ``view``: other hands, the tactics deck,
        discovery stacks and tokens, destiny cards and the unseen event-deck
        places dealt at random from what the viewer cannot account for (in 2v2
        mode the teammate's hidden information is in the view and kept)."""
        view = self._check_view(view, AndromedasEdgeView)
        self._check_rng(rng)
        c = self.components
        n = self.players
        me = view.player
        fields: dict[str, Any] = dict(view.public)

        mate = view.mate
        if mate >= 0 and not (
            self.teams
            and mate == self.teammate(me)
            and len(view.mate_hand) == len(c.tactics)
            and len(view.mate_dheld) == len(c.discoveries)
        ):
            raise HiddenInformationError("the view's teammate information is inconsistent")
        if mate < 0 and self.teams:
            raise HiddenInformationError("a 2v2 view must hold the teammate's information")
        others = [p for p in range(n) if p not in (me, mate)]
        mate_hand = view.mate_hand if mate >= 0 else (0,) * len(c.tactics)
        mate_dheld = view.mate_dheld if mate >= 0 else (0,) * len(c.discoveries)
        # Tactics cards: the other hands and the deck.
        unseen_tactics = unseen(
            c.tactics_counts, view.hand, mate_hand, fields["tdiscard"], *fields["sustain"]
        )
        *dealt, tdeck = deal(rng, unseen_tactics, [*(view.hand_sizes[p] for p in others), view.tdeck_size])
        hands = [view.hand] * n
        if mate >= 0:
            hands[mate] = view.mate_hand
        for p, row in zip(others, dealt):
            hands[p] = row
        fields["hands"] = tuple(hands)
        fields["tdeck"] = tdeck

        # Discovery tokens: the others' tokens, the stacks not being looked at,
        # and the tokens left in the box (setup deals only 3 stacks of 5).
        seen_stack = int(fields["tasks"][0][2]) if view.dstack_seen else -1
        known = [view.dheld, mate_dheld, fields["dused"]]
        if view.dstack_seen:
            known.append(view.dstack_seen)
        unseen_tokens = unseen(c.discovery_counts, *known)
        stack_ids = [i for i in range(3) if i != seen_stack]
        sizes = [view.dheld_sizes[p] for p in others] + [view.dstack_sizes[i] for i in stack_ids]
        places = deal(rng, unseen_tokens, [*sizes, sum(unseen_tokens) - sum(sizes)])
        dheld = [view.dheld] * n
        if mate >= 0:
            dheld[mate] = view.mate_dheld
        for p, row in zip(others, places):
            dheld[p] = row
        dstacks: list[tuple[int, ...]] = [view.dstack_seen] * 3
        for i, row in zip(stack_ids, places[len(others) :]):
            dstacks[i] = row
        fields["dheld"] = tuple(dheld)
        fields["dstacks"] = tuple(dstacks)

        # Destiny cards: the others' kept cards and offers, and the rest of the deck.
        kinds = len(c.destiny)
        known_destiny = [view.destiny, *view.doffer, view.mate_destiny, *view.mate_doffer]
        unseen_destiny = unseen((1,) * kinds, counts_of([d for d in known_destiny if d >= 0], kinds))
        sizes = []
        for p in others:
            sizes += [int(view.destiny_held[p]), view.doffer_sizes[p]]
        places = deal_cards(rng, unseen_destiny, [*sizes, sum(unseen_destiny) - sum(sizes)])
        destiny = [-1] * n
        doffers: list[tuple[int, ...]] = [()] * n
        destiny[me], doffers[me] = view.destiny, view.doffer
        if mate >= 0:
            destiny[mate], doffers[mate] = view.mate_destiny, view.mate_doffer
        for i, p in enumerate(others):
            kept, offer = places[2 * i], places[2 * i + 1]
            destiny[p] = kept[0] if kept else -1
            doffers[p] = offer
        fields["destiny"] = tuple(destiny)
        fields["doffers"] = tuple(doffers)

        # The event deck: its known places the viewer has not seen, and its shuffled middle.
        kinds = len(c.events)
        places_seen = (*view.etop, *view.ebottom)
        unseen_events = unseen(
            counts_of(view.eremaining, kinds), counts_of([e for e, _ in places_seen if e >= 0], kinds)
        )
        fields["edeck"] = Deck.dealt(
            rng,
            unseen_events,
            top=[e for e, _ in view.etop],
            middle=len(view.eremaining) - len(places_seen),
            bottom=[e for e, _ in view.ebottom],
            top_seen=[m for _, m in view.etop],
            bottom_seen=[m for _, m in view.ebottom],
        )
        return self._state(fields)

    def _tile_features(self, layout: tuple[int, ...]) -> np.ndarray:
        """Per region: planet type (5), Alliance Base (6), special tile, empty, nebula."""
        cached = self._tiles.get(layout)
        if cached is None:
            cached = np.zeros((self.regions, 15), dtype=np.float32)
            for r in range(self.regions):
                if r >= self.spaces:
                    cached[r, 14] = 1.0
                elif layout[r] < 0:
                    cached[r, 13] = 1.0
                elif layout[r] < BASE_CODE:
                    cached[r, self.components.planets[layout[r]].type] = 1.0
                else:
                    cached[r, 5 + min(7, layout[r] - BASE_CODE)] = 1.0
            if len(self._tiles) > 512:
                self._tiles.clear()
            self._tiles[layout] = cached
        return cached

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._observation_size(),)

    def _observation_size(self) -> int:
        c = self.components
        per_region = 15 + 2 + 4 + 5 + 4 + 4 + 1
        per_player = 5 + 1 + 5 + 1 + 1 + 6 + 4 + 1 + 1 + 5 + 1 + 1 + len(c.factions)
        return (
            self.regions * per_region
            + 4 * per_player
            + len(c.tactics)
            + len(c.discoveries)
            + 12 * (len(c.modules) + 1)
            + 4
            + 80
            + 4
        )

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        """The view of ``player`` as floats; players are numbered from the viewer."""
        state = self._check_state(state, AndromedasEdgeState)
        self._check_player(player)
        v = state.view(player)
        c = self.components
        n = self.players
        out = np.zeros(self._observation_size(), dtype=np.float32)

        def rel(p: int) -> int:
            return (p - player) % n

        at = 0
        per_region = 35
        regions = self.regions
        block = out[: regions * per_region].reshape(regions, per_region)
        block[:, :15] = self._tile_features(state.layout)
        block[:, 15] = np.asarray(state.moon_top) >= 0
        block[:, 16] = state.moon_hidden
        for r, owner in enumerate(state.dev):
            if owner >= 0:
                block[r, 17 + rel(owner)] = 1.0
        block[:, 21:26] = state.bonus
        for p in range(n):
            block[:, 26 + rel(p)] = state.leaders_on[p]
            on_board = [loc for loc in state.ships[p] if loc >= 0]
            if on_board:
                block[:, 30 + rel(p)] = np.bincount(on_board, minlength=regions)
        raiders = [loc for loc in state.rpos if loc >= 0]
        if raiders:
            block[:, 34] = np.bincount(raiders, minlength=regions)
        at += self.regions * per_region
        per_player = 5 + 1 + 5 + 1 + 1 + 6 + 4 + 1 + 1 + 5 + 1 + 1 + len(c.factions)
        for p in range(n):
            base = at + rel(p) * per_player
            row: list[float] = [
                *state.res[p],
                state.vp[p],
                *state.tracks[p],
                v.hand_sizes[p],
                state.leaders_home[p],
            ]
            ships = state.ships[p]
            places = [ships.count(code) for code in (-1, -2, -3, -4, -5)]
            row += [*places, len(ships) - sum(places)]
            types = [self.module_types[k] for k in state.station[p]]
            row += [types.count(t) for t in range(4)]
            row += [len(state.mdmg[p]) - state.mdmg[p].count(0), len(state.claimed[p]), *state.devcards[p]]
            row += [v.dheld_sizes[p], sum(state.sheld[p])]
            out[base : base + len(row)] = row
            if state.faction[p] >= 0:
                out[base + len(row) + state.faction[p]] = 1.0
        at += 4 * per_player
        out[at : at + len(c.tactics)] = v.hand
        at += len(c.tactics)
        out[at : at + len(c.discoveries)] = v.dheld
        at += len(c.discoveries)
        for col in range(4):
            for i in range(3):
                out[at + state.market[col][i] + 1] = 1.0
                at += len(c.modules) + 1
        out[at : at + 4] = [state.event_pos, state.final, state.turn / max(1, self.turn_limit), v.tdeck_size]
        at += 4
        if state.tasks:
            out[at + min(79, state.tasks[0][0])] = 1.0
            who = state.tasks[0][1]
            if who >= 0:
                out[at + 80 + rel(who)] = 1.0
        return out

    # -- scoring, heuristics, text ------------------------------------------------------------

    def player_name(self, player: int) -> str:
        """Players are named by colour: Red, Blue, Yellow, Green (clockwise)."""
        self._check_player(player)
        return A.COLOURS[player]

    def player_colour(self, player: int) -> tuple[str, str]:
        """The rulebook's seat colours (Red, Blue, Yellow, Green), drawn in Okabe-Ito hues."""
        from boardgames.games.andromedas_edge.picture import SEAT_COLOURS

        self._check_player(player)
        return A.COLOURS[player], SEAT_COLOURS[player]

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        state = self._check_state(state, AndromedasEdgeState)
        table = {name: tuple(float(x) for x in row) for name, row in score_table(state).items()}
        return table

    def _heuristics(self, state: State) -> tuple[float, ...]:
        """Position values in [0, 1]: each player's lead over the best rival in
        VP plus what final scoring would add now (tracks, developments,
        modules); in 2v2 the team's lead, halved."""
        from boardgames.games.andromedas_edge.scoring import final_parts

        s: Any = state
        vp = s.vp
        n = self.players
        estimate = [vp[p] + sum(final_parts(s, p).values()) for p in range(n)]
        if not self.teams:
            return leads_over_rivals(estimate, 10.0)
        total = sum(estimate)
        leads: list[float] = []
        for p in range(n):
            mine = estimate[p] + estimate[self.teammate(p)]
            leads.append((mine - (total - mine)) / 2)
        return tuple([1.0 / (1.0 + math.exp(-lead / 10.0)) for lead in leads])

    def render_view(self, view: View) -> str:
        from boardgames.games.andromedas_edge.render import render_view

        return render_view(self._own_view(view))

    def decision_text(self, view: View) -> str:
        from boardgames.games.andromedas_edge.render import decision_text

        return decision_text(self._own_view(view))

    def action_group(self, action: Action) -> str:
        from boardgames.games.andromedas_edge.render import action_group

        self._check_action(action)
        return action_group(action)

    def help_text(self, view: View) -> str:
        from boardgames.games.andromedas_edge.render import help_text

        return help_text(self._own_view(view))

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The main board, the event track, the module market and every player's station."""
        from boardgames.games.andromedas_edge.picture import picture

        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        if not isinstance(target, AndromedasEdgeState):
            target = self._own_view(target)
        return picture(target, last_action)

    def _own_view(self, view: Any) -> AndromedasEdgeView:
        return self._check_view(view, AndromedasEdgeView)

    def render(self, state: State) -> str:
        from boardgames.games.andromedas_edge.render import render

        state = self._check_state(state, AndromedasEdgeState)
        return render(state)

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        from boardgames.games.andromedas_edge.render import describe

        state = self._check_state(state, AndromedasEdgeState)
        self._check_action(action)
        self._check_viewer(viewer)
        return describe(state, action, viewer)

    # -- positions by hand ------------------------------------------------------------------------

    def position(
        self, *, seed: int = 0, to_act: int | str | None = None, **parts: Any
    ) -> AndromedasEdgeState:
        """A position set up by hand in the rulebook's terms, by default at the
        start of ``to_act``'s turn (a player number or colour; default: the
        start player), or at any moment of a game (``pending`` and the parts
        below).

        It starts from ``new_game(seed)`` after every player has kept a faction
        (the one named in ``factions``, else the first of the three dealt; with
        destiny cards, the first dealt); every part not named stays as there.
        Players are keyed by number or colour (``"Red"``):

        - ``factions={"Red": "Korr Warhost"}`` (starting resources and track
          advances of the faction are gained, then the parts below apply);
        - ``resources={0: {"energy": 3, "credits": 2}}``, ``vp={0: 12}``;
        - ``tracks={0: {"industry": 4}}`` (science, industry, commerce,
          civilization, supremacy);
        - ``ships={0: {"transport 1": "B3", "fighter": "launch bay"}}``: ships
          by name (``transport 1``..``transport 6``, ``fighter``, ``science
          vessel``, ``heavy cruiser``), placed in a region or ``launch bay``,
          ``supply``, ``scrapyard``, ``repair barge``;
        - ``modules={0: ["Smelter", "Trade Depot"]}``: station modules by name
          taken from the decks, in the order gained (station places ``#4`` on);
          ``damaged={0: [2, 4]}``: station places with a damage marker;
        - ``claimed_moons={0: [1, 7]}`` and ``slotted_moons={0: {4: 3,
          "tactical operations": 5, "industry half-moon slot 1": 2}}``: moon
          tokens (by number) taken from the face-down moons;
        - ``hands={1: {"Salvage Run": 2}}``: tactics cards by name from the deck;
        - ``raiders={"S": ["N1", None], "A": "B3", "D": None}``: the regions of
          each class's standees (None: on its card).

        Any other moment of a game (every part replaces what it names):

        - the pending steps: ``pending="discard"``, ``pending=("draw", "Red", 2)``
          (a step by name -- ``STEP_NAMES`` in the position module: ``"spend"``,
          ``"battle die"``, ``"refill"``, ``"event"``, ``"return to station"``,
          ... -- with its player, None for an automatic or chance step, and its
          arguments: a region for ``"moon reveal"``, a market column for
          ``"refill"``, a participant -- a player or ``"raiders"`` -- for
          ``"battle die"``, a raider class for ``"raider roll"``, a module for
          ``"give module"``, else numbers), followed by the free actions that
          end the turn; or the whole list of pending steps. ``region="B3"``
          (the active region), ``this_turn=["ability used", "rearranged",
          "module first", "transferred"]``, ``turn=12``, ``final_turns=2``,
          ``game_over=True``, ``truncated=True``;
        - a battle: ``battle={"dice": {0: 2, "raiders": 1}, "targeting": {...},
          "bonus": {...}, "targeting bonus": {...}, "rolls": {0: [6, 2]},
          "ceasefire": False, "lost": ["raiders"]}``;
        - the board: ``layout=[tile name or None per space]`` (planets,
          Alliance Bases, special tiles; the planet stack holds the planets not
          on it), ``moons={"A1": (face-up moon or None, face-down count)}``,
          ``moon_discard={moon: n}``, ``developments={"A1": "Red"}``,
          ``development_cards={0: {"science": 1}}``,
          ``development_cards_used=...``, ``nebula_bonus={"N2": {"ice": 1}}``,
          ``leaders={0: {"A3": 1, "N4": 2}}`` (the rest at home),
          ``raider_damage={"S": [1, 0]}``, ``raider_cards={"A": "Ash Corsairs"}``;
        - the market and decks: ``market={"science": [name, name, None]}``,
          ``module_bottom={"industry": [name]}``, ``tactics_discard={name: n}``,
          ``sustain={0: {name: n}}``, ``event_deck=[names]``, ``event_top`` and
          ``event_bottom=[(name, [players who saw it])]``,
          ``event_discard=[names]``, ``event_marker=`` a track space,
          ``"removed"`` or ``("station", player)``; what no part places stays
          in the tactics deck, the module decks, the face-down moons and (unless
          ``event_deck`` is named) the event deck;
        - tokens and cards: ``discovery_stacks=[{token: n}] * 3``,
          ``discovery_tokens={0: {token: n}}``, ``discovery_used={token: n}``,
          ``supremacy_tokens=[token or None] * 3``, ``supremacy_held={0: {token:
          n}}``, ``supremacy_used``; ``faction_offers={0: [3 names]}`` (no
          faction kept yet), ``destiny={0: name}``, ``destiny_offers={0: [2
          names]}``;
        - the fleet and station: ``ship_damage={0: {"fighter": 1}}``,
          ``upgrades={0: {"fighter": 3}}`` and ``upgrade_supply={0: [0, 5,
          "Korr Warhost"]}`` (a neutral tile by number, a faction's tile by the
          faction's name), ``damaged={0: {4: 2}}`` (markers per place),
          ``used_modules={0: {1: 1}}``, ``industry_row={0: [1, 5, 4]}``.

        ``position.describe(state)`` gives the arguments that build ``state``
        again.  The result passes the same checks as a loaded JSON state
        (conservation of every piece, card and token, ranges, caps, and what
        only play produces); bad or impossible input raises
        :class:`InvalidOptionError` naming the part.

        >>> import boardgames as bg
        >>> game = bg.make("andromedas-edge", players=2)
        >>> state = game.position(to_act="Blue", resources={"Blue": {"energy": 4}},
        ...                       ships={"Blue": {"transport 1": "A1"}})
        >>> state.current_player, state.res[1][0], state.ships[1][0]
        (1, 4, 0)
        """
        from boardgames.games.andromedas_edge.position import ALL_PARTS, build

        unknown = sorted(set(parts) - ALL_PARTS)
        if unknown:
            raise InvalidOptionError(f"position(): unknown parts {unknown}; known: {sorted(ALL_PARTS)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidOptionError(f"position(): seed must be an int >= 0, not {seed!r}")
        return build(self, seed=seed, to_act=to_act, **parts)

    # -- JSON -----------------------------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        state = self._check_state(state, AndromedasEdgeState)
        # Fields are ints, bools and tuples (nested two deep), which JSON writes as
        # lists, and the event deck, written as its three parts.
        data = {name: getattr(state, name) for name in FIELDS}
        data["edeck"] = state.edeck.to_data()
        return data

    def state_from_data(self, data: Any) -> AndromedasEdgeState:
        """Rebuild a state from :meth:`state_to_data`, checking every field's
        shape and range and the conservation of cards, tokens, moons and modules."""
        from boardgames.games.andromedas_edge.validation import load

        return load(self, data)
