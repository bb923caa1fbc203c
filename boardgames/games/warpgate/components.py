"""Warpgate components: TOML data validated into frozen records.

The shipped files under ``data/`` are a *reference component set*: built only
from what the actions chapter names, not the published contents.  A user who
owns the game loads their own files with ``make("warpgate",
components=path)``, where ``path`` is a directory of ``*.toml`` files or one
TOML file holding every section (``map``, ``faction``, ``technologies``,
``objectives``, ``tactics``, ``promotion``).  Every fault is reported as a
:class:`ComponentError` naming the file part and what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

import attrs

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate.interpretations import (
    NO_CONTROL,
    TACTIC_VP,
    TURNS_PER_ROUND,
    Interpretations,
    TechnologyEffect,
)
from boardgames.kernel import components
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import counts_of, mask_tables
from boardgames.kernel.components import Source
from boardgames.kernel.errors import ComponentError
from boardgames.kernel.hexgrid import AXIAL_DIRECTIONS, Hex, HexGrid

__all__ = [
    "ACTIONS",
    "ACTION_TITLES",
    "ADVANCE",
    "ATTACKS",
    "CONCENTRATE",
    "CONTROL",
    "DRAW",
    "EFFECTS",
    "MANEUVER",
    "MAX_MULTIPLIER",
    "MOVES",
    "OBJECTIVE_KINDS",
    "PLANET_TYPES",
    "PROMOTE",
    "RECON",
    "REINFORCE",
    "RESEARCH",
    "SKIRMISH",
    "TRADE",
    "WARP_IN",
    "BoardCounts",
    "ComponentSet",
    "Faction",
    "FactionSide",
    "Layout",
    "Objective",
    "Occupancy",
    "PlaceSpec",
    "Tables",
    "Tactic",
    "Technology",
    "load_components",
]

ACTIONS: tuple[str, ...] = (
    "recon",
    "maneuver",
    "skirmish",
    "advance",
    "concentrate",
    "warp_in",
    "reinforce",
    "research",
    "control",
    "trade",
    "promote",
)
"""The 11 actions of the action cards, in the order of the actions chapter."""

(RECON, MANEUVER, SKIRMISH, ADVANCE, CONCENTRATE, WARP_IN, REINFORCE, RESEARCH, CONTROL, TRADE,
 PROMOTE) = range(len(ACTIONS))
"""Each action's code: its index in :data:`ACTIONS`."""

DRAW = len(ACTIONS)
"""The Draw action's code (usable instead of either action of any card)."""

MOVES = (RECON, MANEUVER, SKIRMISH, ADVANCE, CONCENTRATE)
"""The actions that move ships (General Rules for Movement)."""

ATTACKS = (SKIRMISH, ADVANCE, CONCENTRATE)
"""The actions that may attack ("Move or Attack")."""

ACTION_TITLES: dict[str, str] = {
    "recon": "Recon",
    "maneuver": "Maneuver",
    "skirmish": "Skirmish",
    "advance": "Advance",
    "concentrate": "Concentrate",
    "warp_in": "Warp-in",
    "reinforce": "Reinforce",
    "research": "Research",
    "control": "Control",
    "trade": "Trade",
    "promote": "Promote",
}

PLANET_TYPES: tuple[str, ...] = ("desert", "oceanic", "volcanic", "ice", "jungle")
EFFECTS: tuple[str, ...] = ("none", "deploy", "refresh")
OBJECTIVE_KINDS: tuple[str, ...] = (
    "control_type",
    "colonies",
    "technologies",
    "trade_goods",
    "ships",
    "trade_planets",
    "tactics",
)
LETTERS: tuple[str, ...] = tuple("ABCDEFGH")
SECTIONS: tuple[str, ...] = ("map", "faction", "technologies", "objectives", "tactics", "promotion")


@attrs.frozen
class PlaceSpec:
    """A planet or a warpgate on the map (warpgates have no type)."""

    name: str
    cell: Hex
    type: str | None
    trade: bool
    seat: int  # the warpgate owner's seat, or -1 for a planet


@attrs.frozen
class Layout:
    """The map for one player count: its places and trade-good supply."""

    players: int
    trade_goods: int
    places: tuple[PlaceSpec, ...]
    cells: tuple[Hex, ...]


@attrs.frozen
class Tactic:
    """A tactics card: basic (lettered), hero (lettered when a faction's), or advanced."""

    name: str
    kind: str
    letter: str
    power: int
    casualties: int


@attrs.frozen
class FactionSide:
    """One side of a faction board: the action counts and the 12 action cards."""

    actions: tuple[int, ...]  # count of each action in ACTIONS order
    cards: tuple[tuple[str, str], ...]


@attrs.frozen
class Faction:
    name: str
    hero: Tactic
    sides: tuple[FactionSide, FactionSide]


@attrs.frozen
class Technology:
    name: str
    type: str
    vp: int
    effect: str


@attrs.frozen
class Objective:
    name: str
    kind: str
    type: str | None
    count: int


@attrs.frozen
class ComponentSet:
    """Every component table, validated."""

    layouts: tuple[Layout, ...]
    factions: tuple[Faction, ...]
    technologies: tuple[Technology, ...]
    objectives: tuple[Objective, ...]
    basic_tactics: tuple[Tactic, ...]
    promotion: tuple[Tactic, ...]
    fingerprint: str
    reference: bool

    def layout(self, players: int) -> Layout:
        for layout in self.layouts:
            if layout.players == players:
                return layout
        raise ComponentError(f"the map has no layout for {players} players")


# -- reading ---------------------------------------------------------------------


def _read_toml(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{where}: not valid TOML: {error}") from None


def _reference_data() -> dict[str, Any]:
    folder = resources.files("boardgames.games.warpgate") / "data"
    merged: dict[str, Any] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            merged.update(_read_toml(entry.read_text(encoding="utf-8"), entry.name))
    return merged


def _read(path: Path, owner: str) -> Mapping[str, Any]:
    if not path.exists():
        raise ComponentError(f"{path}: no such file or directory")
    return components.read_tree(path, owner)


def load_components(source: Source = None) -> ComponentSet:
    """The component set from ``source``: None (the shipped reference set), a
    directory of TOML files, one TOML file, or a dict of the same sections."""
    reference = source is None
    return components.load(
        "warpgate", source, lambda data: _build(data, reference), reference=_reference_data, read=_read
    )


def _build(data: Mapping[str, Any], reference: bool) -> ComponentSet:
    if not isinstance(data, Mapping):
        raise ComponentError("the component data must be a table")
    missing = [s for s in SECTIONS if s not in data]
    if missing:
        raise ComponentError(f"the component data lacks section(s): {', '.join(missing)}")
    fingerprint = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    basic = _basic_tactics(data["tactics"])
    promotion = tuple(_tactic(c, f"promotion.cards[{i}]", False) for i, c in enumerate(
        _list(_table(data["promotion"], "promotion").get("cards"), "promotion.cards")))
    factions = tuple(_faction(f, i) for i, f in enumerate(_list(data["faction"], "faction")))
    technologies = tuple(_technology(t, i) for i, t in enumerate(
        _list(_table(data["technologies"], "technologies").get("cards"), "technologies.cards")))
    objectives = tuple(_objective(o, i) for i, o in enumerate(
        _list(_table(data["objectives"], "objectives").get("cards"), "objectives.cards")))
    layouts = _layouts(_table(data["map"], "map"))
    _unique([t.name for t in (*basic, *promotion, *(f.hero for f in factions))], "tactics card")
    _unique([f.name for f in factions], "faction")
    _unique([t.name for t in technologies], "technology")
    _unique([o.name for o in objectives], "objective")
    if len(technologies) < 2:
        raise ComponentError("technologies.cards: at least 2 technologies are needed")
    if len(objectives) < 12:
        raise ComponentError("objectives.cards: at least 12 objectives are needed (2 per player for 6)")
    most = max(layout.players for layout in layouts)
    if len(factions) < most:
        raise ComponentError(f"faction: {len(factions)} factions cannot seat the {most} players of the map")
    return ComponentSet(layouts, factions, technologies, objectives, basic, promotion, fingerprint, reference)


# -- validation helpers -------------------------------------------------------------


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ComponentError(f"{where} must be a table")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or not value:
        raise ComponentError(f"{where} must be a non-empty array")
    return value


def _str(table: dict[str, Any], key: str, where: str, choices: tuple[str, ...] | None = None) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ComponentError(f"{where}.{key} must be a non-empty string")
    if choices is not None and value not in choices:
        raise ComponentError(f"{where}.{key} is {value!r}; expected one of {', '.join(choices)}")
    return value


def _int(table: dict[str, Any], key: str, where: str, lo: int, hi: int) -> int:
    value = table.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ComponentError(f"{where}.{key} must be an integer in {lo}..{hi}, not {value!r}")
    return value


def _bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key)
    if not isinstance(value, bool):
        raise ComponentError(f"{where}.{key} must be true or false")
    return value


def _unique(names: list[str], what: str) -> None:
    repeated = [n for n, k in Counter(names).items() if k > 1]
    if repeated:
        raise ComponentError(f"two {what}s share the name {repeated[0]!r}")


def _tactic(value: Any, where: str, lettered: bool) -> Tactic:
    t = _table(value, where)
    kind = "basic" if lettered else _str(t, "kind", where, ("hero", "advanced"))
    letter = _str(t, "letter", where, LETTERS) if lettered else ""
    return Tactic(_str(t, "name", where), kind, letter, _int(t, "power", where, 0, 20),
                  _int(t, "casualties", where, 0, 12))


def _basic_tactics(value: Any) -> tuple[Tactic, ...]:
    cards = _list(_table(value, "tactics").get("basic"), "tactics.basic")
    basic = tuple(_tactic(c, f"tactics.basic[{i}]", True) for i, c in enumerate(cards))
    if sorted(c.letter for c in basic) != list(LETTERS):
        raise ComponentError("tactics.basic must hold exactly one card for each letter A to H")
    return tuple(sorted(basic, key=lambda c: c.letter))


def _faction(value: Any, index: int) -> Faction:
    where = f"faction[{index}]"
    f = _table(value, where)
    name = _str(f, "name", where)
    hero_t = _table(f.get("hero"), f"{where}.hero")
    hw = f"{where}.hero"
    hero = Tactic(_str(hero_t, "name", hw), "hero", _str(hero_t, "letter", hw, LETTERS),
                  _int(hero_t, "power", hw, 0, 20), _int(hero_t, "casualties", hw, 0, 12))
    sides = (_side(f.get("side_a"), f"{where}.side_a"), _side(f.get("side_b"), f"{where}.side_b"))
    return Faction(name, hero, sides)


def _side(value: Any, where: str) -> FactionSide:
    s = _table(value, where)
    counts_t = _table(s.get("actions"), f"{where}.actions")
    unknown = sorted(set(counts_t) - set(ACTIONS))
    if unknown:
        raise ComponentError(f"{where}.actions names unknown action(s) {', '.join(unknown)}")
    counts = tuple(_int(counts_t, a, f"{where}.actions", 0, 24) if a in counts_t else 0 for a in ACTIONS)
    cards_raw = _list(s.get("cards"), f"{where}.cards")
    if len(cards_raw) != 12:
        raise ComponentError(f"{where}.cards must list the 12 action cards, not {len(cards_raw)}")
    cards: list[tuple[str, str]] = []
    for i, card in enumerate(cards_raw):
        if (
            not isinstance(card, list)
            or len(card) != 2
            or any(a not in ACTIONS for a in card)
        ):
            raise ComponentError(f"{where}.cards[{i}] must be two action names from: {', '.join(ACTIONS)}")
        if card[0] == card[1]:
            raise ComponentError(
                f"{where}.cards[{i}] shows {card[0]} twice; a card depicts 2 different actions"
            )
        cards.append((card[0], card[1]))
    shown = Counter(a for card in cards for a in card)
    for action, count in zip(ACTIONS, counts, strict=False):
        if shown[action] != count:
            raise ComponentError(
                f"{where}: the faction board says {action} appears {count} times but the cards show it "
                f"{shown[action]} times"
            )
    return FactionSide(counts, tuple(cards))


def _technology(value: Any, index: int) -> Technology:
    where = f"technologies.cards[{index}]"
    t = _table(value, where)
    return Technology(_str(t, "name", where), _str(t, "type", where, PLANET_TYPES),
                      _int(t, "vp", where, 0, 20), _str(t, "effect", where, EFFECTS))


def _objective(value: Any, index: int) -> Objective:
    where = f"objectives.cards[{index}]"
    o = _table(value, where)
    kind = _str(o, "kind", where, OBJECTIVE_KINDS)
    planet_type = _str(o, "type", where, PLANET_TYPES) if kind == "control_type" else None
    return Objective(_str(o, "name", where), kind, planet_type, _int(o, "count", where, 1, 24))


def _layouts(table: dict[str, Any]) -> tuple[Layout, ...]:
    tiles: dict[str, tuple[tuple[int, str, str | None, bool], ...]] = {}
    for i, raw in enumerate(_list(table.get("tile"), "map.tile")):
        where = f"map.tile[{i}]"
        t = _table(raw, where)
        tile_id = _str(t, "id", where)
        if tile_id in tiles:
            raise ComponentError(f"{where}: two tiles share the id {tile_id!r}")
        hexes: list[tuple[int, str, str | None, bool]] = []
        if "warpgate" in t:
            hexes.append((_int(t, "warpgate", where, 0, 6), "", None, False))
        for j, p in enumerate(_list(t.get("planets"), f"{where}.planets")):
            pw = f"{where}.planets[{j}]"
            pt = _table(p, pw)
            hexes.append((_int(pt, "position", pw, 0, 6), _str(pt, "name", pw),
                          _str(pt, "type", pw, PLANET_TYPES), _bool(pt, "trade", pw)))
        if len({h[0] for h in hexes}) != len(hexes):
            raise ComponentError(f"{where}: two planets or warpgates share a position")
        tiles[tile_id] = tuple(hexes)
    layouts: list[Layout] = []
    for i, raw in enumerate(_list(table.get("layout"), "map.layout")):
        layouts.append(_layout(raw, f"map.layout[{i}]", tiles))
    counts = [layout.players for layout in layouts]
    if sorted(counts) != list(range(2, 7)):
        raise ComponentError(
            f"map.layout must give exactly one layout for each of 2 to 6 players, not {counts}"
        )
    return tuple(sorted(layouts, key=lambda layout: layout.players))


def _layout(raw: Any, where: str, tiles: dict[str, tuple[tuple[int, str, str | None, bool], ...]]) -> Layout:
    t = _table(raw, where)
    players = _int(t, "players", where, 2, 6)
    goods = _int(t, "trade_goods", where, 0, 99)
    cells: list[Hex] = []
    tile_names: list[str] = []
    places: list[PlaceSpec] = []
    seats: list[int] = []
    for j, placed in enumerate(_list(t.get("tiles"), f"{where}.tiles")):
        pw = f"{where}.tiles[{j}]"
        pt = _table(placed, pw)
        tile_id = _str(pt, "tile", pw)
        if tile_id not in tiles:
            raise ComponentError(f"{pw}.tile names no tile: {tile_id!r}")
        q, r = _int(pt, "q", pw, -99, 99), _int(pt, "r", pw, -99, 99)
        offsets: tuple[Hex, ...] = ((0, 0), *AXIAL_DIRECTIONS)
        tile_cells = [(q + dq, r + dr) for dq, dr in offsets]
        if any(c in cells for c in tile_cells):
            raise ComponentError(f"{pw}: tile {tile_id} overlaps another tile")
        cells.extend(tile_cells)
        tile_names.extend([tile_id] * len(tile_cells))
        gates = [h for h in tiles[tile_id] if h[2] is None]
        seat = _int(pt, "seat", pw, 0, players - 1) if "seat" in pt else -1
        if gates and seat < 0:
            raise ComponentError(f"{pw}: home tile {tile_id} needs a seat")
        if seat >= 0 and not gates:
            raise ComponentError(f"{pw}: tile {tile_id} has no warpgate, so it takes no seat")
        for position, name, planet_type, trade in tiles[tile_id]:
            cell = tile_cells[position]
            if planet_type is None:
                seats.append(seat)
                places.append(PlaceSpec(f"Warpgate {seat + 1}", cell, None, False, seat))
            else:
                places.append(PlaceSpec(name, cell, planet_type, trade, -1))
    if sorted(seats) != list(range(players)):
        raise ComponentError(
            f"{where}: the warpgates must be seated 0..{players - 1} once each, not {sorted(seats)}"
        )
    _unique([p.name for p in places], f"place in {where}")
    _check_connected(cells, tile_names, where)
    return Layout(players, goods, tuple(places), tuple(cells))


def _check_connected(cells: list[Hex], tile_names: list[str], where: str) -> None:
    """Every hex of the map can be reached from every other (no island)."""
    if not cells:
        raise ComponentError(f"{where}.tiles: the map needs at least one tile")
    present = set(cells)
    reached = {cells[0]}
    frontier = [cells[0]]
    while frontier:
        q, r = frontier.pop()
        for dq, dr in AXIAL_DIRECTIONS:
            cell = (q + dq, r + dr)
            if cell in present and cell not in reached:
                reached.add(cell)
                frontier.append(cell)
    for cell, tile in zip(cells, tile_names):
        if cell not in reached:
            raise ComponentError(
                f"{where}.tiles: tile {tile!r} at {cell} is an island that ships cannot reach "
                f"from tile {tile_names[0]!r}"
            )


# -- one configured game's components, compiled ---------------------------------------------

MAX_MULTIPLIER = TURNS_PER_ROUND + 1
"""The largest X: slot 4 plus one trade good."""

UNREACHABLE = 999
"""The range between places no path joins."""


class Occupancy(NamedTuple):
    """Who holds which places (what a state's ``owner`` says, per player, for the rules that
    look only at one player's ships; see ``state.occupancy``)."""

    places: tuple[tuple[int, ...], ...]
    """Per player: the places holding their ships, ascending."""
    mine: tuple[int, ...]
    """Per player: the same places as a bit mask (bit ``d`` for place ``d``)."""
    others: tuple[int, ...]
    """Per player: the places holding another player's ships, as a bit mask."""


BoardCounts = tuple[
    tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...]
]
"""Per player: outposts, colonies, outposts and colonies by planet type, ships on the board and
trade planets holding their ships (``scoring.board_counts``)."""


class Tables:
    """Everything static about one configured game, as tuples of ints."""

    def __init__(
        self, components: ComponentSet, players: int, side: int, interpretations: Interpretations
    ) -> None:
        layout = components.layout(players)
        self.players = players
        self.trade_goods = layout.trade_goods
        places = layout.places
        self.place_names: tuple[str, ...] = tuple(p.name for p in places)
        self.place_type: tuple[int, ...] = tuple(
            -1 if p.type is None else PLANET_TYPES.index(p.type) for p in places
        )
        self.trade: tuple[bool, ...] = tuple(p.trade for p in places)
        self.seat: tuple[int, ...] = tuple(p.seat for p in places)
        self.gate: tuple[int, ...] = tuple(self.seat.index(s) for s in range(players))
        self.planets: tuple[int, ...] = tuple(i for i, t in enumerate(self.place_type) if t >= 0)
        self.planet_mask: int = sum(1 << d for d in self.planets)
        # type_places[k]: the planets of type k as a bit mask (bit d: place d).
        self.type_places: tuple[int, ...] = tuple(
            sum(1 << d for d, t in enumerate(self.place_type) if t == k) for k in range(len(PLANET_TYPES))
        )
        grid = HexGrid(layout.cells)
        self.grid = grid
        self.cell_of: tuple[int, ...] = tuple(grid.index(p.cell) for p in places)
        n_places = len(places)
        # I16: how range is counted is an interpretation (interpretations.Range).
        ranges = interpretations.range.distances(grid, self.cell_of)
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            tuple(UNREACHABLE if d < 0 else d for d in row) for row in ranges
        )
        max_range = 2 * MAX_MULTIPLIER
        # near[a][r]: other places within range r of a, ascending.
        self.near: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(b for b in range(n_places) if b != a and self.dist[a][b] <= r)
                for r in range(max_range + 1)
            )
            for a in range(n_places)
        )
        # trade_near[a][r]: places with a trade icon within range r of a (Trade moves only between them).
        self.trade_near: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(b for b in row if self.trade[b]) for row in self.near[a]) for a in range(n_places)
        )
        # The same as bit masks (bit b: place b), for the feasibility checks on the hot path.
        self.near_mask: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << b for b in row) for row in self.near[a]) for a in range(n_places)
        )
        self.trade_near_mask: tuple[tuple[int, ...], ...] = tuple(
            tuple(sum(1 << b for b in row) for row in self.trade_near[a]) for a in range(n_places)
        )
        # move_reach[x][a][paired]: the places within range X of a, those within 2X (Recon) shifted
        # by reach_width bits, and, for a group of 2 or more ships (paired, Advance), those within
        # X again shifted by twice that: movement.moves_mask ORs one int per place.
        self.reach_width: int = n_places
        self.all_places: int = (1 << n_places) - 1
        self.move_reach: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple(
                (row[x] | row[2 * x] << n_places, row[x] | row[2 * x] << n_places | row[x] << 2 * n_places)
                for row in self.near_mask
            )
            for x in range(MAX_MULTIPLIER + 1)
        )
        # bit[d]: place d's bit in a mask of places.
        self.bit: tuple[int, ...] = tuple(1 << d for d in range(n_places))
        # other_gates[p]: the other players' warpgates, where p's ships never go.
        self.other_gates: tuple[int, ...] = tuple(
            sum(1 << g for q, g in enumerate(self.gate) if q != p) for p in range(players)
        )
        # ungated[p]: the places that are not another player's warpgate (every other place).
        self.ungated: tuple[int, ...] = tuple(self.all_places & ~gates for gates in self.other_gates)
        # I7: whether Control does something on a planet holding player p's ships, by p, whether p
        # has a marker left, and the planet's marker owner and side: control_acts[p][spare] at
        # 2 * (marker + 1) + colony (the interpretation's ``effect``, asked once per game).
        effect = interpretations.control.effect
        self.control_acts: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
            tuple(
                tuple(
                    effect(m, bool(c), p, spare) != NO_CONTROL for m in range(-1, players) for c in (0, 1)
                )
                for spare in (False, True)
            )
            for p in range(players)
        )
        # control_groups[p][spare]: the indices at which control_acts[p][spare] is true.
        self.control_groups: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(g for g, acts in enumerate(row) if acts) for row in by_spare)
            for by_spare in self.control_acts
        )
        # -- cards
        factions = components.factions
        kinds: list[tuple[int, int]] = []
        for faction in factions:
            for s in faction.sides:
                for top, bottom in s.cards:
                    pair = (ACTIONS.index(top), ACTIONS.index(bottom))
                    if pair not in kinds:
                        kinds.append(pair)
        kinds.sort()
        self.card_actions: tuple[tuple[int, int], ...] = tuple(kinds)
        self.card_names: tuple[str, ...] = tuple(
            f"{ACTION_TITLES[ACTIONS[a]]}/{ACTION_TITLES[ACTIONS[b]]}" for a, b in kinds
        )
        self.faction_names: tuple[str, ...] = tuple(f.name for f in factions)
        self.faction_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(kinds.index((ACTIONS.index(t), ACTIONS.index(b))) for t, b in f.sides[side].cards))
            for f in factions
        )
        # faction_counts[f]: faction f's 12 action cards as a count vector (one count per card kind).
        self.faction_counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(row.count(k) for k in range(len(kinds))) for row in self.faction_cards
        )
        basic = components.basic_tactics
        heroes = tuple(f.hero for f in factions)
        tactics = (*basic, *heroes, *components.promotion)
        self.tactic_names: tuple[str, ...] = tuple(t.name for t in tactics)
        self.tactic_power: tuple[int, ...] = tuple(t.power for t in tactics)
        self.tactic_casualties: tuple[int, ...] = tuple(t.casualties for t in tactics)
        self.tactic_vp: tuple[int, ...] = tuple(0 if t.kind == "basic" else TACTIC_VP for t in tactics)
        first_promo = len(basic) + len(heroes)
        self.promotion: tuple[int, ...] = tuple(range(first_promo, len(tactics)))
        self.faction_tactics: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(len(basic) + i if b.letter == h.letter else j for j, b in enumerate(basic)))
            for i, h in enumerate(heroes)
        )
        # Count vectors (boardgames.kernel.cards): every pile and hand holds one count per kind.
        self.faction_tactic_counts: tuple[tuple[int, ...], ...] = tuple(
            counts_of(row, len(tactics)) for row in self.faction_tactics
        )
        self.promotion_counts: tuple[int, ...] = counts_of(self.promotion, len(tactics))
        self.vp_tactics: tuple[int, ...] = tuple(c for c, vp in enumerate(self.tactic_vp) if vp)
        self.no_cards: tuple[int, ...] = (0,) * len(kinds)
        self.no_tactics: tuple[int, ...] = (0,) * len(tactics)
        techs = components.technologies
        self.tech_names: tuple[str, ...] = tuple(t.name for t in techs)
        self.tech_type: tuple[int, ...] = tuple(PLANET_TYPES.index(t.type) for t in techs)
        self.tech_vp: tuple[int, ...] = tuple(t.vp for t in techs)
        effects = interpretations.technology_effects
        self.tech_effect: tuple[TechnologyEffect, ...] = tuple(effects.on_take(t.effect) for t in techs)
        market = interpretations.technology_market
        # I12: which technology deck holds each planet type's (and so each card's) technologies.
        self.type_deck: tuple[int, ...] = tuple(market.deck_of(k) for k in range(len(PLANET_TYPES)))
        self.tech_deck_of: tuple[int, ...] = tuple(self.type_deck[k] for k in self.tech_type)
        # deck_techs[d]: the technologies of technology deck d (I12), ascending.
        self.deck_techs: dict[int, tuple[int, ...]] = {
            d: tuple(c for c, of in enumerate(self.tech_deck_of) if of == d) for d in set(self.tech_deck_of)
        }
        objectives = components.objectives
        self.objective_names: tuple[str, ...] = tuple(o.name for o in objectives)
        self.objective_kind: tuple[str, ...] = tuple(o.kind for o in objectives)
        self.objective_type: tuple[int, ...] = tuple(
            -1 if o.type is None else PLANET_TYPES.index(o.type) for o in objectives
        )
        self.objective_count: tuple[int, ...] = tuple(o.count for o in objectives)
        self.no_objectives: tuple[int, ...] = (0,) * len(objectives)
        self.first_promo = self.promotion[0] if self.promotion else len(self.tactic_names)
        uses = [ACTION_TITLES[a] for a in ACTIONS]
        plays = [(name, (uses[a], uses[b])) for name, (a, b) in zip(self.card_names, kinds, strict=True)]
        self.catalogue, ids = A.build_catalogue(
            self.place_names,
            plays,
            self.tech_names, self.tactic_names, self.promotion, self.objective_names, MAX_MULTIPLIER,
        )
        self.ids = ids
        # Per action card kind: its actions as a bit mask, its play ids by which can be resolved.
        self.play_masks, self.play_rows = A.play_tables(ids.play, self.card_actions)
        # play_uses[kind]: the actions on it as a bit mask (play_masks) and, by which of them can be
        # resolved (the mask of the feasible actions ANDed with it), its play ids (play_rows) and
        # the same ids as the catalogue's actions (``turn.play_ids`` lists both at once).
        listed = self.catalogue.actions
        by_kind: list[tuple[int, dict[int, tuple[tuple[int, ...], tuple[Action, ...]]]]] = []
        tables = zip(self.card_actions, self.play_masks, self.play_rows, strict=True)
        for (upper, lower), mask, rows in tables:
            by_ok = {}
            for ok in (0, 1 << upper, 1 << lower, mask):
                row = rows[(ok >> upper & 1) | (ok >> lower & 1) << 1]
                by_ok[ok] = (row, tuple([listed[i] for i in row]))
            by_kind.append((mask, by_ok))
        self.play_uses: tuple[tuple[int, dict[int, tuple[tuple[int, ...], tuple[Action, ...]]]], ...] = (
            tuple(by_kind)
        )
        # plays[id - off_play]: the card kind a play id plays and the action it uses (top, bottom, Draw).
        self.plays: tuple[tuple[int, int], ...] = tuple(
            (kind, DRAW if use == A.PLAY_DRAW else self.card_actions[kind][use])
            for kind in range(len(kinds)) for use in range(A.PLAY_USES)
        )
        self.off_play = ids.play
        self.off_spend = ids.spend
        self.off_from = ids.origin
        self.off_to = ids.destination
        self.off_ships = ids.ships
        self.off_warp = ids.warp_in
        self.off_reinforce = ids.reinforce
        self.off_research = ids.research
        self.off_take = ids.take
        self.off_control = ids.control
        self.off_promote = ids.promote
        self.off_withdraw = ids.withdraw
        self.id_done = ids.done
        self.off_draw = ids.draw
        self.off_reveal = ids.reveal
        self.off_objective = ids.objective
        self.off_tech = ids.technology
        self.off_promo_draw = ids.promotion_draw
        # place_bytes[c][b]: the places 8c..8c+7 whose bits are set in the byte b, ascending, and
        # the same as the action ids of a destination, origin, Control, Reinforce and Research
        # (kernel.cards.mask_entries reads a mask of places 8 places at a time).
        self.place_bytes: tuple[tuple[tuple[int, ...], ...], ...] = mask_tables(range(n_places), 8)
        self.destination_bytes = mask_tables(range(self.off_to, self.off_to + n_places), 8)
        self.origin_bytes = mask_tables(range(self.off_from, self.off_from + n_places), 8)
        self.control_bytes = mask_tables(range(self.off_control, self.off_control + n_places), 8)
        self.reinforce_bytes = mask_tables(range(self.off_reinforce, self.off_reinforce + n_places), 8)
        self.research_bytes = mask_tables(range(self.off_research, self.off_research + n_places), 8)
        self.last_scores: tuple[tuple[object, ...], tuple[tuple[float, ...], ...]] = ((None,) * 10, ())
        """The fields the last score rows were counted from, and the rows (``scoring.score_rows``).
        This and the other ``last_*`` attributes and the memos below are the only mutable things
        here: memos of what a state's fields determine."""
        self.board_scores: dict[tuple[object, ...], BoardCounts] = {}
        """What scoring counts on the board, by the board's fields (``scoring.board_counts``)."""
        self.tactics_scores: dict[tuple[object, ...], tuple[int, int]] = {}
        """A player's tactics cards worth points and their points, by the player's tactics deck
        and discard pile (``scoring.tactics_counts``)."""
        self.last_tactics: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]], ...] = ()
        """The last tactics decks and discard piles counted (one per player at most, the newest
        last) and their counts (``scoring.tactics_counts``)."""
        self.last_heuristics: tuple[tuple[object, ...], tuple[float, ...]] = ((), ())
        """The fields the last heuristic values came from, and the values (``Warpgate._heuristics``)."""
        self.last_occupancy: tuple[tuple[int, ...], Occupancy] = ((), Occupancy((), (), ()))
        """The last board's ``owner`` and who holds which places on it (see ``state.occupancy``)."""
        self.boards: dict[int, tuple[tuple[int, ...], Occupancy]] = {}
        """Boards already counted, by the identity of their ``owner`` tuple (which each entry holds,
        so that the identity is not reused while it is remembered; see ``state.occupancy``)."""
        self.last_control: tuple[Sequence[int], Sequence[int], tuple[int, ...]] = ((), (), ())
        """The last board's ``marker`` and ``colony`` and, per player, the planets where Control
        acts for them as bit masks (``control.control_masks``)."""
        self.control_boards: dict[int, tuple[Sequence[int], Sequence[int], tuple[int, ...]]] = {}
        """Other boards' ``last_control``, by the identity of their ``marker`` tuple."""
        self.reowned: tuple[object, object, tuple[int, ...]] = (None, None, ())
        """The last ``owner`` tuple a direct rule made, the one it made it from and the places that
        changed hands between them (``state.reowned``, read by ``state.board_of``)."""
        self.last_types: tuple[tuple[int, ...], int] = ((), 0)
        """The last face-up technologies and the planets of their types as a bit mask
        (``research.research_targets``)."""
