"""Andromeda's Edge components, loaded from TOML and validated.

The rulebook names the components without giving their contents, so the game
ships a reference set (``data/reference.toml``) composed from the effect
vocabulary the rulebook uses, and accepts a user's own set as a TOML file path
or a dict of the same shape.  Every fault raises :class:`ComponentError`
naming the field.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any

import attrs

from boardgames.kernel import components
from boardgames.kernel.components import Source
from boardgames.kernel.errors import ComponentError
from boardgames.kernel.resources import ResourceKinds

__all__ = [
    "ABILITIES",
    "ALLIANCE_BASES",
    "NO_RESOURCES",
    "RESOURCES",
    "RESOURCE_CAPS",
    "RESOURCE_KINDS",
    "SHIP_TYPES",
    "TACTICS_TYPES",
    "TRACKS",
    "ComponentSet",
    "Effect",
    "load_components",
]

RESOURCES: tuple[str, ...] = ("energy", "titanium", "ice", "nanocarbon", "credits")
"""Stored resources in index order (tactics cards are kept as a hand)."""
ENERGY, TITANIUM, ICE, NANOCARBON, CREDITS = range(5)
RESOURCE_CAPS: tuple[int, ...] = (10, 5, 5, 5, 5)
"""Resources: energy store max 10; titanium, ice, nanocarbon, credits max 5."""
RESOURCE_KINDS = ResourceKinds(RESOURCES, RESOURCE_CAPS)
"""The stored resources with their storage limits (applied at the end of a turn)."""
NO_RESOURCES: tuple[int, ...] = (0,) * len(RESOURCES)
"""A row of no resources (a gain or bonus row compared with it: no ``any()`` to call)."""
CREDITS_WILD_FOR: tuple[int, ...] = (TITANIUM, ICE, NANOCARBON)
"""Resources: "Credits are wild and may be used in place of titanium, ice or nanocarbon"."""

TRACKS: tuple[str, ...] = ("science", "industry", "commerce", "civilization", "supremacy")
"""The five progress tracks; also the development types and planet colours."""
MODULE_TYPES = 4
"""Modules come in the first four track types (science ... civilization)."""

SHIP_TYPES: tuple[str, ...] = ("transport", "fighter", "science_vessel", "heavy_cruiser")
ABILITIES: tuple[str, ...] = ("populate", "voyage", "attack", "jump")
POPULATE, VOYAGE, ATTACK, JUMP = (1 << i for i in range(4))

TACTICS_TYPES: tuple[str, ...] = ("action", "event", "sustain", "diplomacy", "battle")
TIMINGS: tuple[str, ...] = ("your turn", "any turn")
"""When an action card may be played: on your turn only, or also on other players' turns."""
ALLIANCE_BASES: tuple[str, ...] = (
    "Monolith of Ancients",
    "Trade Hub",
    "Maximus Field",
    "Odessa Field",
    "Shipyard",
    "Development Office",
)
RAIDER_CLASSES = "SABCD"
SPECIALS: tuple[str, ...] = (
    "",
    "discovery",
    "upgrade",
    "supremacy",
    "vault1",
    "vault2",
    "tactics6",
    "tactics7",
)
FACTION_SCORES: tuple[str, ...] = (
    "development",
    "science module",
    "industry module",
    "commerce module",
    "civilization module",
    "leader",
    "supremacy token",
)
NEBULAE = 6
RANDOM_NEBULA = -1


@attrs.frozen
class Effect:
    """A composition of the rulebook's effect primitives, applied in field order."""

    gain: tuple[int, ...] = (0, 0, 0, 0, 0)
    vp: int = 0
    draw: int = 0
    repair: int = 0
    advance: tuple[int, ...] = ()
    event: int = 0
    damage: int = 0
    dice: int = 0
    targeting: int = 0
    ceasefire: bool = False
    build_ship: bool = False
    bonus: tuple[int, ...] = (0, 0, 0, 0, 0)
    """Event cards: bonus resources placed on every nebula."""


NO_EFFECT = Effect()


@attrs.frozen
class ShipSpec:
    ship: int
    range: int
    weapons: int
    shields: int = 0
    targeting: int = 0
    abilities: int = 0


@attrs.frozen
class Planet:
    name: str
    type: int
    cost: tuple[int, ...]
    exhausted: tuple[int, ...]


@attrs.frozen
class Moon:
    colour: int
    """0-4 the planet colours (track order), 5 an orphaned nebula moon."""
    gain: tuple[int, ...]
    vp: int
    repair: int


@attrs.frozen
class Faction:
    name: str
    start: tuple[int, ...]
    tracks: tuple[int, ...]
    upgrade: ShipSpec
    score_per: int
    score_vp: int
    ability_cost: tuple[int, ...] = (0, 0, 0, 0, 0)
    """Use Faction Abilities: the resources the once-per-turn free action costs."""
    ability: Effect | None = None
    """Use Faction Abilities: what the once-per-turn free action does (None: no such ability)."""


@attrs.frozen
class Module:
    name: str
    type: int
    input: tuple[int, ...]
    moon: int
    """0 no moon slot, 1 a moon input, 2 a moon output."""
    output: Effect
    slot_vp: int
    damage: int
    end_vp: int
    core: bool


@attrs.frozen
class Tactic:
    name: str
    type: int
    effect: Effect
    any_turn: bool = False
    """Action cards that "may be played on other players' turns" (``timing = "any turn"``)."""


@attrs.frozen
class EventCard:
    deck: str
    name: str
    track: int
    raider: int
    effect: Effect


@attrs.frozen
class Raider:
    name: str
    cls: int
    standees: int
    range: int
    weapons: int
    targeting: int
    shields: int
    start: int
    """RANDOM_NEBULA or the index of an Alliance Base."""
    reward: Effect


@attrs.frozen
class Track:
    name: str
    vp: tuple[int, ...]
    level: tuple[int, ...]
    event: frozenset[int]
    special: tuple[int, ...]


@attrs.frozen
class Destiny:
    name: str
    goals: tuple[tuple[int, int], ...]


@attrs.frozen
class Special:
    name: str
    numbers: tuple[int, ...]
    vp: int
    gain: tuple[int, ...]


@attrs.frozen
class ComponentSet:
    """A validated set of Andromeda's Edge components."""

    name: str
    rows: int
    columns: int
    nebulae: tuple[tuple[int, ...], ...]
    special_spaces: tuple[int, ...]
    event_start: tuple[int, ...]
    """Per player count 2, 3, 4."""
    event_end: int
    tracks: tuple[Track, ...]
    dev_leaders: tuple[int, ...]
    ships: tuple[ShipSpec, ...]
    ship_counts: tuple[int, ...]
    ship_costs: tuple[tuple[int, ...], ...]
    planets: tuple[Planet, ...]
    moons: tuple[Moon, ...]
    """Moon kinds; ``moon_counts`` copies of each."""
    moon_counts: tuple[int, ...]
    factions: tuple[Faction, ...]
    upgrades: tuple[ShipSpec, ...]
    modules: tuple[Module, ...]
    """Module kinds: the four core modules first, then the deck modules."""
    module_counts: tuple[int, ...]
    """Copies of each kind in the module decks (0 for the core modules)."""
    market_costs: tuple[tuple[tuple[int, ...], ...], ...]
    tactics: tuple[Tactic, ...]
    tactics_counts: tuple[int, ...]
    events: tuple[EventCard, ...]
    raiders: tuple[Raider, ...]
    discoveries: tuple[Effect, ...]
    discovery_counts: tuple[int, ...]
    supremacy: tuple[Effect, ...]
    supremacy_counts: tuple[int, ...]
    destiny: tuple[Destiny, ...]
    quasars: tuple[Special, ...]
    vortexes: tuple[Special, ...]
    fingerprint: str

    @property
    def spaces(self) -> int:
        return self.rows * self.columns

    def event_decks(self) -> tuple[str, ...]:
        seen: list[str] = []
        for card in self.events:
            if card.deck not in seen:
                seen.append(card.deck)
        return tuple(seen)


def _fail(where: str, what: str) -> ComponentError:
    return ComponentError(f"andromedas-edge components: {where} {what}")


def _int(value: Any, where: str, lo: int = 0, hi: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(where, f"must be an int in {lo}..{hi}, not {value!r}")
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(where, "must be a non-empty string")
    return value


def _choice(value: Any, options: tuple[str, ...], where: str) -> int:
    if value not in options:
        raise _fail(where, f"is {value!r}; expected one of {', '.join(options)}")
    return options.index(value)


def _table(value: Any, where: str, keys: set[str], required: set[str] = frozenset()) -> Mapping[str, Any]:  # type: ignore[assignment]
    if not isinstance(value, Mapping):
        raise _fail(where, "must be a table")
    unknown = set(value) - keys
    if unknown:
        raise _fail(where, f"has unknown keys: {', '.join(sorted(unknown))}")
    missing = required - set(value)
    if missing:
        raise _fail(where, f"is missing: {', '.join(sorted(missing))}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(where, "must be a list")
    return value


def _resources(value: Any, where: str) -> tuple[int, ...]:
    table = _table(value if value is not None else {}, where, set(RESOURCES))
    return tuple(_int(table.get(r, 0), f"{where}.{r}", 0, 10) for r in RESOURCES)


_EFFECT_KEYS = {f.name for f in attrs.fields(Effect)}


def _effect(value: Any, where: str) -> Effect:
    t = _table(value if value is not None else {}, where, _EFFECT_KEYS)
    return Effect(
        gain=_resources(t.get("gain"), f"{where}.gain"),
        vp=_int(t.get("vp", 0), f"{where}.vp"),
        draw=_int(t.get("draw", 0), f"{where}.draw", 0, 5),
        repair=_int(t.get("repair", 0), f"{where}.repair", 0, 5),
        advance=tuple(_choice(x, TRACKS, f"{where}.advance") for x in _list(t.get("advance", []), where)),
        event=_int(t.get("event", 0), f"{where}.event", 0, 3),
        damage=_int(t.get("damage", 0), f"{where}.damage", 0, 3),
        dice=_int(t.get("dice", 0), f"{where}.dice", 0, 6),
        targeting=_int(t.get("targeting", 0), f"{where}.targeting", 0, 5),
        ceasefire=bool(t.get("ceasefire", False)),
        build_ship=bool(t.get("build_ship", False)),
        bonus=_resources(t.get("bonus"), f"{where}.bonus"),
    )


def _ship(value: Any, where: str, ship: int | None = None) -> ShipSpec:
    keys = {"range", "weapons", "shields", "targeting", "abilities", "ship", "count", "cost"}
    t = _table(value, where, keys, {"range", "weapons"})
    if ship is None:
        ship = _choice(t.get("ship"), SHIP_TYPES, f"{where}.ship")
    abilities = 0
    for a in _list(t.get("abilities", []), f"{where}.abilities"):
        abilities |= 1 << _choice(a, ABILITIES, f"{where}.abilities")
    if abilities & POPULATE and ship != 0:
        raise _fail(where, "Populate is only on transports")
    return ShipSpec(
        ship,
        _int(t["range"], f"{where}.range", 1, 6),
        _int(t["weapons"], f"{where}.weapons", 0, 6),
        _int(t.get("shields", 0), f"{where}.shields", 0, 3),
        _int(t.get("targeting", 0), f"{where}.targeting", 0, 5),
        abilities,
    )


def _copies(entries: Any, where: str) -> list[tuple[int, Mapping[str, Any], int]]:
    """Each kind of a section with its number of copies."""
    result = []
    for i, entry in enumerate(_list(entries, where)):
        if not isinstance(entry, Mapping):
            raise _fail(f"{where}[{i}]", "must be a table")
        result.append((i, entry, _int(entry.get("copies", 1), f"{where}[{i}].copies", 1, 40)))
    return result


_SECTIONS = {
    "set",
    "board",
    "event_track",
    "tracks",
    "developments",
    "ships",
    "planets",
    "moons",
    "factions",
    "upgrades",
    "core",
    "modules",
    "market",
    "tactics",
    "events",
    "raiders",
    "discoveries",
    "supremacy",
    "destiny",
    "quasars",
    "vortexes",
}


_NAMED = (
    "planets",
    "factions",
    "core",
    "modules",
    "tactics",
    "events",
    "raiders",
    "destiny",
    "quasars",
    "vortexes",
)
"""Sections whose entries are told apart by name (in actions and logs)."""


def _unique_names(items: Any, section: str) -> None:
    if not isinstance(items, list):
        return
    seen: set[str] = set()
    for entry in items:
        name = entry.get("name") if isinstance(entry, Mapping) else None
        if isinstance(name, str):
            if name in seen:
                raise _fail(f"[[{section}]]", f"has two entries named {name!r}")
            seen.add(name)


def _validate(data: Any) -> ComponentSet:
    d = _table(data, "the document", _SECTIONS, _SECTIONS - {"set"})
    for section in _NAMED:
        _unique_names(d.get(section), section)
    name = "custom"
    if "set" in d:
        name = _str(_table(d["set"], "[set]", {"name", "description"}).get("name", "custom"), "set.name")

    board = _table(
        d["board"], "[board]", {"rows", "columns", "nebulae", "special_spaces"}, {"rows", "columns"}
    )
    rows = _int(board["rows"], "board.rows", 2, 8)
    columns = _int(board["columns"], "board.columns", 2, 8)
    spaces = rows * columns
    nebulae = tuple(
        tuple(_int(s, f"board.nebulae[{i}]", 0, spaces - 1) for s in _list(row, f"board.nebulae[{i}]"))
        for i, row in enumerate(_list(board.get("nebulae"), "board.nebulae"))
    )
    if len(nebulae) != NEBULAE or not all(nebulae):
        raise _fail("board.nebulae", f"must list {NEBULAE} nebulae, each bordering at least one space")
    special = tuple(
        _int(s, "board.special_spaces", 0, spaces - 1) for s in _list(board.get("special_spaces"), "board")
    )
    if len(special) != 2 or len(set(special)) != 2:
        raise _fail("board.special_spaces", "must name 2 distinct spaces")

    et = _table(d["event_track"], "[event_track]", {"start", "end"}, {"start", "end"})
    end = _int(et["end"], "event_track.end", 1, 30)
    start_t = _table(et["start"], "event_track.start", {"2", "3", "4"}, {"2", "3", "4"})
    event_start = tuple(_int(start_t[k], f"event_track.start.{k}", 0, end - 1) for k in ("2", "3", "4"))

    tracks = []
    raw_tracks = _list(d["tracks"], "[[tracks]]")
    if len(raw_tracks) != len(TRACKS):
        raise _fail("[[tracks]]", f"must list the {len(TRACKS)} progress tracks in order")
    for i, raw in enumerate(raw_tracks):
        where = f"tracks[{i}]"
        t = _table(raw, where, {"name", "vp", "level", "event", "special"}, {"name", "vp", "level"})
        if t["name"] != TRACKS[i]:
            raise _fail(f"{where}.name", f"must be {TRACKS[i]!r} (tracks are in rulebook order)")
        vp = tuple(_int(v, f"{where}.vp") for v in _list(t["vp"], where))
        if len(vp) < 2:
            raise _fail(f"{where}.vp", "must list at least 2 spaces")
        level = tuple(_int(v, f"{where}.level", 0, 3) for v in _list(t["level"], where))
        track_specials = tuple(
            _choice(v, SPECIALS, f"{where}.special") for v in _list(t.get("special", [""] * len(vp)), where)
        )
        if len(level) != len(vp) or len(track_specials) != len(vp) or list(level) != sorted(level):
            raise _fail(where, "vp, level and special must have one entry per space, levels rising")
        event_spaces = frozenset(
            _int(v, f"{where}.event", 1, len(vp) - 1) for v in _list(t.get("event", []), where)
        )
        tracks.append(Track(TRACKS[i], vp, level, event_spaces, track_specials))

    devs = _table(d["developments"], "[developments]", {"leaders"}, {"leaders"})
    lt = _table(devs["leaders"], "developments.leaders", set(TRACKS), set(TRACKS))
    dev_leaders = tuple(_int(lt[k], f"developments.leaders.{k}", 0, 3) for k in TRACKS)

    ships_t = _table(d["ships"], "[ships]", set(SHIP_TYPES), set(SHIP_TYPES))
    ships, ship_counts, ship_costs = [], [], []
    for s, key in enumerate(SHIP_TYPES):
        raw = _table(
            ships_t[key],
            f"ships.{key}",
            {"count", "cost", "range", "weapons", "shields", "targeting", "abilities"},
            {"count", "cost"},
        )
        ships.append(_ship(raw, f"ships.{key}", s))
        ship_counts.append(_int(raw["count"], f"ships.{key}.count", 1, 6))
        ship_costs.append(_resources(raw["cost"], f"ships.{key}.cost"))
    if ship_counts[0] < 3 or sum(ship_counts) > 9:
        raise _fail("[ships]", "needs at least 3 transports and at most 9 ships per player")

    planets = []
    for i, raw in enumerate(_list(d["planets"], "[[planets]]")):
        where = f"planets[{i}]"
        t = _table(raw, where, {"name", "type", "cost", "exhausted"}, {"name", "type", "cost", "exhausted"})
        planets.append(
            Planet(
                _str(t["name"], f"{where}.name"),
                _choice(t["type"], TRACKS, f"{where}.type"),
                _resources(t["cost"], f"{where}.cost"),
                _resources(t["exhausted"], f"{where}.exhausted"),
            )
        )
    if len(planets) != 15:
        raise _fail("[[planets]]", f"must list the 15 planet tiles, not {len(planets)}")

    moons, moon_counts = [], []
    for i, raw, copies in _copies(d["moons"], "[[moons]]"):
        moon_counts.append(copies)
        where = f"moons[{i}]"
        t = _table(raw, where, {"colour", "copies", "gain", "vp", "repair"}, {"colour"})
        moons.append(
            Moon(
                _choice(t["colour"], (*TRACKS, "nebula"), f"{where}.colour"),
                _resources(t.get("gain"), f"{where}.gain"),
                _int(t.get("vp", 0), f"{where}.vp"),
                _int(t.get("repair", 0), f"{where}.repair", 0, 1),
            )
        )
    for c in range(len(TRACKS)):
        need = 3 * sum(1 for p in planets if p.type == c)
        if sum(n for m, n in zip(moons, moon_counts) if m.colour == c) != need:
            raise _fail("[[moons]]", f"must have {need} {TRACKS[c]} moons (3 per planet of that colour)")
    if sum(n for m, n in zip(moons, moon_counts) if m.colour == len(TRACKS)) != NEBULAE:
        raise _fail("[[moons]]", f"must have {NEBULAE} orphaned nebula moons")

    factions = []
    for i, raw in enumerate(_list(d["factions"], "[[factions]]")):
        where = f"factions[{i}]"
        t = _table(
            raw,
            where,
            {"name", "start", "tracks", "upgrade", "score", "ability"},
            {"name", "start", "tracks", "upgrade"},
        )
        score = _table(
            t.get("score", {"per": "development", "vp": 0}), f"{where}.score", {"per", "vp"}, {"per", "vp"}
        )
        ability: Effect | None = None
        ability_cost: tuple[int, ...] = (0, 0, 0, 0, 0)
        if "ability" in t:
            raw_ability = _table(t["ability"], f"{where}.ability", {"cost", "effect"}, {"effect"})
            ability_cost = _resources(raw_ability.get("cost"), f"{where}.ability.cost")
            ability = _effect(raw_ability["effect"], f"{where}.ability.effect")
            if ability == NO_EFFECT:
                raise _fail(f"{where}.ability.effect", "must do something")
        factions.append(
            Faction(
                _str(t["name"], f"{where}.name"),
                _resources(t["start"], f"{where}.start"),
                tuple(_choice(x, TRACKS, f"{where}.tracks") for x in _list(t["tracks"], where)),
                _ship(t["upgrade"], f"{where}.upgrade"),
                _choice(score["per"], FACTION_SCORES, f"{where}.score.per"),
                _int(score["vp"], f"{where}.score.vp", 0, 5),
                ability_cost,
                ability,
            )
        )
    if len(factions) != 12:
        raise _fail("[[factions]]", f"must list the 12 factions, not {len(factions)}")

    upgrades = tuple(
        _ship(raw, f"upgrades[{i}]") for i, raw in enumerate(_list(d["upgrades"], "[[upgrades]]"))
    )
    for s in range(len(SHIP_TYPES)):
        if sum(1 for u in upgrades if u.ship == s) != 4:
            raise _fail("[[upgrades]]", f"must have 4 neutral {SHIP_TYPES[s]} upgrades")

    modules: list[Module] = []
    module_counts: list[int] = []
    module_keys = {"name", "type", "copies", "input", "moon", "output", "slot_vp", "damage", "end_vp"}
    for section, core in (("core", True), ("modules", False)):
        for i, raw, copies in _copies(d[section], f"[[{section}]]"):
            where = f"{section}[{i}]"
            t = _table(raw, where, module_keys, {"name", "type"})
            module_counts.append(0 if core else copies)
            moon = ("", "input", "output").index(t["moon"]) if t.get("moon") in ("input", "output") else 0
            if "moon" in t and not moon:
                raise _fail(f"{where}.moon", "must be 'input' or 'output'")
            modules.append(
                Module(
                    _str(t["name"], f"{where}.name"),
                    _choice(t["type"], TRACKS[:MODULE_TYPES], f"{where}.type"),
                    _resources(t.get("input"), f"{where}.input"),
                    moon,
                    _effect(t.get("output"), f"{where}.output"),
                    _int(t.get("slot_vp", 0), f"{where}.slot_vp", 0, 5),
                    _int(t.get("damage", 0), f"{where}.damage", 0, 2),
                    _int(t.get("end_vp", 0), f"{where}.end_vp", 0, 10),
                    core,
                )
            )
    if [m.type for m in modules[:4]] != [0, 1, 2, 3]:
        raise _fail("[[core]]", "must list the four core modules, one per type, in track order")
    if len(modules) < 4 or sum(1 for m in modules if m.core) != 4:
        raise _fail("[[core]]", "must list exactly the four core modules")
    if any(sum(n for m, n in zip(modules, module_counts) if m.type == k) != 27 for k in range(4)):
        raise _fail("[[modules]]", "must hold 108 modules, 27 of each type")

    market_t = _table(d["market"], "[market]", set(TRACKS[:MODULE_TYPES]), set(TRACKS[:MODULE_TYPES]))
    market_costs = []
    for k in TRACKS[:MODULE_TYPES]:
        places = _list(market_t[k], f"market.{k}")
        if len(places) != 3:
            raise _fail(f"market.{k}", "must give the cost of each of the 3 places")
        market_costs.append(tuple(_resources(c, f"market.{k}") for c in places))

    tactics, tactics_counts = [], []
    for i, raw in enumerate(_list(d["tactics"], "[[tactics]]")):
        where = f"tactics[{i}]"
        t = _table(raw, where, {"name", "type", "copies", "effect", "timing"}, {"name", "type", "copies"})
        kind = _choice(t["type"], TACTICS_TYPES, f"{where}.type")
        any_turn = _choice(t.get("timing", "your turn"), TIMINGS, f"{where}.timing") == 1
        if any_turn and kind != 0:
            raise _fail(f"{where}.timing", "'any turn' is only for action cards")
        tactics.append(
            Tactic(
                _str(t["name"], f"{where}.name"),
                kind,
                _effect(t.get("effect"), f"{where}.effect"),
                any_turn,
            )
        )
        tactics_counts.append(_int(t["copies"], f"{where}.copies", 1, 80))
    if sum(tactics_counts) != 80:
        raise _fail("[[tactics]]", f"must hold 80 cards, not {sum(tactics_counts)}")

    events: list[EventCard] = []
    for i, raw in enumerate(_list(d["events"], "[[events]]")):
        where = f"events[{i}]"
        t = _table(
            raw, where, {"deck", "name", "track", "raider", "effect"}, {"deck", "name", "track", "raider"}
        )
        events.append(
            EventCard(
                _str(t["deck"], f"{where}.deck"),
                _str(t["name"], f"{where}.name"),
                _choice(t["track"], TRACKS, f"{where}.track"),
                _choice(t["raider"], tuple(RAIDER_CLASSES), f"{where}.raider"),
                _effect(t.get("effect"), f"{where}.effect"),
            )
        )
    decks = {card.deck for card in events}
    if decks != {"Galactic Dawn", "Cosmic Twilight"} or any(
        sum(1 for c in events if c.deck == deck) != 10 for deck in decks
    ):
        raise _fail("[[events]]", "must hold the Galactic Dawn and Cosmic Twilight decks of 10 cards each")

    raiders = []
    for i, raw in enumerate(_list(d["raiders"], "[[raiders]]")):
        where = f"raiders[{i}]"
        keys = {"name", "class", "standees", "range", "weapons", "targeting", "shields", "start", "reward"}
        t = _table(raw, where, keys, {"name", "class", "range", "weapons", "start"})
        cls = _choice(t["class"], tuple(RAIDER_CLASSES), f"{where}.class")
        start = (
            RANDOM_NEBULA
            if t["start"] == "random nebula"
            else _choice(t["start"], ALLIANCE_BASES, f"{where}.start")
        )
        raiders.append(
            Raider(
                _str(t["name"], f"{where}.name"),
                cls,
                _int(t.get("standees", 1), f"{where}.standees", 1, 4) if cls == 0 else 1,
                _int(t["range"], f"{where}.range", 1, 6),
                _int(t["weapons"], f"{where}.weapons", 1, 6),
                _int(t.get("targeting", 0), f"{where}.targeting", 0, 4),
                _int(t.get("shields", 0), f"{where}.shields", 0, 2),
                start,
                _effect(t.get("reward"), f"{where}.reward"),
            )
        )
    for c in range(len(RAIDER_CLASSES)):
        if not any(r.cls == c for r in raiders):
            raise _fail("[[raiders]]", f"needs at least one {RAIDER_CLASSES[c]}-class raider")
    if raiders[0].name != "Vorticon Strikers" or raiders[0].cls != 0:
        raise _fail("[[raiders]]", "must begin with the Vorticon Strikers, the recommended S-class raider")

    tokens: dict[str, tuple[tuple[Effect, ...], tuple[int, ...]]] = {}
    for section in ("discoveries", "supremacy"):
        kinds = _copies(d[section], f"[[{section}]]")
        for i, raw, _ in kinds:
            _table(raw, f"{section}[{i}]", {"copies", "effect"})
        tokens[section] = (
            tuple(_effect(raw.get("effect"), f"{section}[{i}].effect") for i, raw, _ in kinds),
            tuple(n for _, _, n in kinds),
        )
    discoveries, discovery_counts = tokens["discoveries"]
    supremacy, supremacy_counts = tokens["supremacy"]
    if sum(discovery_counts) != 21 or sum(supremacy_counts) != 8:
        raise _fail("[[discoveries]]/[[supremacy]]", "must hold 21 discovery and 8 supremacy tokens")

    destiny = []
    for i, raw in enumerate(_list(d["destiny"], "[[destiny]]")):
        where = f"destiny[{i}]"
        t = _table(raw, where, {"name", "goals"}, {"name", "goals"})
        goals = tuple(
            (_choice(g[0], TRACKS, f"{where}.goals"), _int(g[1], f"{where}.goals", 0, 20))
            for g in _list(t["goals"], where)
            if isinstance(g, list) and len(g) == 2
        )
        if len(goals) != 2:
            raise _fail(f"{where}.goals", "must be 2 [track, vp] goals")
        destiny.append(Destiny(_str(t["name"], f"{where}.name"), goals))
    if len(destiny) != 20:
        raise _fail("[[destiny]]", "must hold 20 destiny cards")

    specials: dict[str, tuple[Special, ...]] = {}
    for section in ("quasars", "vortexes"):
        found = []
        for i, raw in enumerate(_list(d[section], f"[[{section}]]")):
            where = f"{section}[{i}]"
            t = _table(raw, where, {"name", "numbers", "vp", "gain"}, {"name", "numbers", "vp"})
            numbers = tuple(_int(x, f"{where}.numbers", 1, 6) for x in _list(t["numbers"], where))
            found.append(
                Special(
                    _str(t["name"], f"{where}.name"),
                    numbers,
                    _int(t["vp"], f"{where}.vp", 0, 5),
                    _resources(t.get("gain"), f"{where}.gain"),
                )
            )
        if len(found) != 2:
            raise _fail(f"[[{section}]]", "must list 2 tiles")
        if set(found[0].numbers) & set(found[1].numbers):
            raise _fail(f"[[{section}]]", "the two tiles must have different die numbers")
        specials[section] = tuple(found)

    canonical = json.dumps(data, sort_keys=True, default=str)
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return ComponentSet(
        name=name,
        rows=rows,
        columns=columns,
        nebulae=nebulae,
        special_spaces=special,
        event_start=event_start,
        event_end=end,
        tracks=tuple(tracks),
        dev_leaders=dev_leaders,
        ships=tuple(ships),
        ship_counts=tuple(ship_counts),
        ship_costs=tuple(ship_costs),
        planets=tuple(planets),
        moons=tuple(moons),
        moon_counts=tuple(moon_counts),
        factions=tuple(factions),
        upgrades=upgrades,
        modules=tuple(modules),
        module_counts=tuple(module_counts),
        market_costs=tuple(market_costs),
        tactics=tuple(tactics),
        tactics_counts=tuple(tactics_counts),
        events=tuple(events),
        raiders=tuple(raiders),
        discoveries=discoveries,
        discovery_counts=discovery_counts,
        supremacy=supremacy,
        supremacy_counts=supremacy_counts,
        destiny=tuple(destiny),
        quasars=specials["quasars"],
        vortexes=specials["vortexes"],
        fingerprint=digest,
    )


def reference_data() -> dict[str, Any]:
    """The reference set as a fresh dict (to edit and pass back as ``components``)."""
    text = resources.files(__package__).joinpath("data/reference.toml").read_text("utf-8")
    return tomllib.loads(text)


def load_components(source: Source = None) -> ComponentSet:
    """The reference set (``None``), a TOML file, or a dict of the same shape."""
    return components.load("andromedas-edge", source, _validate, reference=reference_data)
