"""Andromeda's Edge positions set up by hand, in the rulebook's terms.

:func:`build` starts from a fresh game, applies what the caller names and
hands the result to the same validator that checks loaded JSON, so a built
position is one the rules could reach (or the error says which part is not).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.andromedas_edge import state as S
from boardgames.games.andromedas_edge import turn
from boardgames.games.andromedas_edge.actions import COLOURS, MAX_STATION, TACOPS_SLOT, region_name
from boardgames.games.andromedas_edge.components import ALLIANCE_BASES, RESOURCES, SHIP_TYPES, TRACKS
from boardgames.games.andromedas_edge.state import (
    BARGE,
    BAY,
    DEVELOPED,
    MARKER_ON_STATION,
    MARKER_REMOVED,
    ON_MODULE,
    OVER,
    SCRAPPED,
    SUPPLY,
    Task,
    Work,
)
from boardgames.games.andromedas_edge.validation import LEADERS
from boardgames.kernel.cards import Deck
from boardgames.kernel.errors import InvalidOptionError, SerializationError

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge
    from boardgames.games.andromedas_edge.state import AndromedasEdgeState

__all__ = ["ALL_PARTS", "MOMENT_PARTS", "PARTS", "PLACES", "STEP_NAMES", "build", "describe", "ship_names"]

PARTS = frozenset(
    {
        "factions",
        "resources",
        "vp",
        "tracks",
        "ships",
        "modules",
        "damaged",
        "claimed_moons",
        "slotted_moons",
        "hands",
        "raiders",
    }
)
"""The parts of a position :func:`build` sets at the start of a turn, besides ``seed`` and ``to_act``."""
MOMENT_PARTS = frozenset(
    {
        "pending",
        "game_over",
        "truncated",
        "turn",
        "final_turns",
        "event_marker",
        "region",
        "this_turn",
        "layout",
        "moons",
        "moon_discard",
        "developments",
        "development_cards",
        "development_cards_used",
        "nebula_bonus",
        "leaders",
        "raider_damage",
        "raider_cards",
        "market",
        "module_bottom",
        "tactics_discard",
        "sustain",
        "event_deck",
        "event_top",
        "event_bottom",
        "event_discard",
        "discovery_stacks",
        "discovery_tokens",
        "discovery_used",
        "supremacy_tokens",
        "supremacy_held",
        "supremacy_used",
        "faction_offers",
        "destiny",
        "destiny_offers",
        "ship_damage",
        "upgrades",
        "upgrade_supply",
        "used_modules",
        "industry_row",
        "battle",
    }
)
"""The parts that build any moment of a game: the rest of the board, the decks,
a battle, the pending steps."""
ALL_PARTS = PARTS | MOMENT_PARTS

PLACES = {
    "launch bay": BAY,
    "supply": SUPPLY,
    "scrapyard": SCRAPPED,
    "repair barge": BARGE,
    "developed": DEVELOPED,
    "on a module": ON_MODULE,
}
"""Ship places off the board, by name (regions are named ``A1``..``D6``, ``N1``..``N6``)."""
RAIDER_CLASSES = "SABCD"


def ship_names(game: AndromedasEdge) -> tuple[str, ...]:
    """Each ship of a player by name: ``transport 1`` .. ``transport 6``, ``fighter``, ..."""
    names = []
    for i, t in enumerate(game.ship_types):
        name = SHIP_TYPES[t].replace("_", " ")
        several = game.ship_types.count(t) > 1
        names.append(f"{name} {game.ship_types[: i + 1].count(t)}" if several else name)
    return tuple(names)


def _bad(message: str) -> InvalidOptionError:
    return InvalidOptionError(f"position(): {message}")


def _seat(game: AndromedasEdge, key: Any) -> int:
    """A player given by number or colour (``"Red"``)."""
    if isinstance(key, str) and key.capitalize() in COLOURS[: game.players]:
        return COLOURS.index(key.capitalize())
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < game.players:
        raise _bad(f"{key!r} is not a player (0..{game.players - 1} or a colour)")
    return key


def _mapping(value: Any, what: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise _bad(f"{what} must be a mapping")
    return value


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise _bad(f"{what} must be a whole number >= 0, not {value!r}")
    return value


def _region(game: AndromedasEdge, name: Any) -> int:
    names = [region_name(r, game.spaces, game.components.columns) for r in range(game.regions)]
    if name not in names:
        raise _bad(f"{name!r} is not a region (A1..{names[game.spaces - 1]}, N1..N6)")
    return names.index(name)


def _index(names: Sequence[str], name: Any, what: str) -> int:
    if name not in names:
        raise _bad(f"{name!r} is not a {what}")
    return list(names).index(name)


def build(
    game: AndromedasEdge,
    *,
    seed: int = 0,
    to_act: int | str | None = None,
    factions: Mapping[int | str, str] | None = None,
    resources: Mapping[int | str, Mapping[str, int]] | None = None,
    vp: Mapping[int | str, int] | None = None,
    tracks: Mapping[int | str, Mapping[str, int]] | None = None,
    ships: Mapping[int | str, Mapping[str, str]] | None = None,
    modules: Mapping[int | str, Sequence[str]] | None = None,
    damaged: Mapping[int | str, Sequence[int] | Mapping[int, int]] | None = None,
    claimed_moons: Mapping[int | str, Sequence[int]] | None = None,
    slotted_moons: Mapping[int | str, Mapping[int | str, int]] | None = None,
    hands: Mapping[int | str, Mapping[str, int]] | None = None,
    raiders: Mapping[str, str | Sequence[str | None] | None] | None = None,
    **moment: Any,
) -> AndromedasEdgeState:
    """See :meth:`AndromedasEdge.position`."""
    c = game.components
    w = Work(game.new_game(seed)._successor())
    faction_names = [f.name for f in c.factions]
    choosing = {
        _seat(game, k): v for k, v in _mapping(moment.get("faction_offers") or {}, "faction_offers").items()
    }
    chosen = {
        _seat(game, k): _index(faction_names, v, "faction")
        for k, v in _mapping(factions or {}, "factions").items()
    }
    for p in range(game.players):
        if p in choosing:
            if p in chosen:
                raise _bad(f"faction_offers: player {p} has kept a faction already")
            w.offers[p] = sorted(
                _index(faction_names, v, "faction") for v in _names(choosing[p], "faction_offers")
            )
            continue
        faction = chosen.get(p, w.offers[p][0])
        turn.choose_faction(w, p, faction)
        if w.doffers[p]:
            w.destiny[p] = w.doffers[p][0]
            w.doffers[p] = []
    start = w.active if to_act is None else _seat(game, to_act)
    w.active = start
    w.tasks = [[Task.MAIN, start, 0, 0]]
    _before(game, w, moment)
    for key, row in _mapping(resources or {}, "resources").items():
        p = _seat(game, key)
        for name, n in _mapping(row, "resources of a player").items():
            w.res[p][_index(RESOURCES, name, "resource")] = _count(n, f"resources {name}")
    for key, n in _mapping(vp or {}, "vp").items():
        w.vp[_seat(game, key)] = _count(n, "vp")
    for key, row in _mapping(tracks or {}, "tracks").items():
        p = _seat(game, key)
        for name, n in _mapping(row, "tracks of a player").items():
            w.tracks[p][_index(TRACKS, name, "progress track")] = _count(n, f"track {name}")
    names = ship_names(game)
    for key, row in _mapping(ships or {}, "ships").items():
        p = _seat(game, key)
        for name, place in _mapping(row, "ships of a player").items():
            i = _index(names, name, f"ship ({', '.join(names)})")
            w.ships[p][i] = PLACES[place] if place in PLACES else _region(game, place)
    module_names = [m.name for m in c.modules]
    for key, row in _mapping(modules or {}, "modules").items():
        p = _seat(game, key)
        if isinstance(row, str) or not isinstance(row, Sequence):
            raise _bad("modules of a player must be a list of module names")
        from boardgames.games.andromedas_edge.progress_tracks import add_module

        for name in row:
            k = _index(module_names, name, "module")
            if c.modules[k].core:
                raise _bad(f"{name!r} is a core module (every station has one)")
            if not w.mdeck[k]:
                raise _bad(f"no {name!r} left in the module deck")
            w.mdeck[k] -= 1
            new = w.sync()
            add_module(new, new.__dict__, p, k)  # on the successor itself
    for key, row in _mapping(damaged or {}, "damaged").items():
        p = _seat(game, key)
        levels = row.items() if isinstance(row, Mapping) else ((place, 1) for place in row)
        for place, level in levels:
            if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < len(w.mdmg[p]):
                raise _bad(f"damaged: {place!r} is not a station place of player {p}")
            if level not in (0, 1, 2) or isinstance(level, bool):
                raise _bad(f"damaged: a module holds 0, 1 or 2 damage markers, not {level!r}")
            w.mdmg[p][place] = level
    for key, row in _mapping(claimed_moons or {}, "claimed_moons").items():
        p = _seat(game, key)
        for m in row:
            w.claimed[p].append(_take_moon(w, m))
        w.claimed[p].sort()
    for key, row in _mapping(slotted_moons or {}, "slotted_moons").items():
        p = _seat(game, key)
        for slot, m in _mapping(row, "slotted moons of a player").items():
            moon = _take_moon(w, m)
            target = _slot(slot, len(w.station[p]), len(w.half[p]))
            if target == TACOPS_SLOT:
                w.tacops[p] = moon
            elif target >= MAX_STATION:
                w.half[p][target - MAX_STATION] = moon
            else:
                w.mmoon[p][target] = moon
    tactic_names = [t.name for t in c.tactics]
    for key, row in _mapping(hands or {}, "hands").items():
        p = _seat(game, key)
        for name, n in _mapping(row, "hand of a player").items():
            k = _index(tactic_names, name, "tactics card")
            n = _count(n, f"hand {name}")
            if w.tdeck[k] < n:
                raise _bad(f"only {w.tdeck[k]} {name!r} cards are left in the tactics deck")
            w.tdeck[k] -= n
            w.hands[p][k] += n
    for cls_name, where in _mapping(raiders or {}, "raiders").items():
        if cls_name not in RAIDER_CLASSES:
            raise _bad(f"raiders: {cls_name!r} is not a raider class (S, A, B, C, D)")
        cls = RAIDER_CLASSES.index(cls_name)
        places = [] if where is None else [where] if isinstance(where, str) else list(where)
        standees = game.class_standees[cls]
        if len(places) > len(standees):
            raise _bad(f"raiders: only {len(standees)} {cls_name}-class standees")
        for i, standee in enumerate(standees):
            place = places[i] if i < len(places) else None
            w.rpos[standee] = -1 if place is None else _region(game, place)
            w.rdmg[standee] = 0
    _after(game, w, moment)
    fields = w.commit().__dict__
    data = {name: _lists(fields[name]) for name in S.FIELDS}
    data["edeck"] = fields["edeck"].to_data()
    from boardgames.games.andromedas_edge.validation import load

    try:
        return load(game, data)
    except SerializationError as e:
        raise _bad(f"not a position the rules can reach: {e}") from None


def _take_moon(w: Work, moon: Any) -> int:
    if isinstance(moon, bool) or not isinstance(moon, int) or not 0 <= moon < len(w.moon_pool):
        raise _bad(f"{moon!r} is not a moon token")
    if not w.moon_pool[moon]:
        raise _bad(f"no moon {moon} left among the face-down moons")
    w.moon_pool[moon] -= 1
    return moon


def _slot(slot: Any, places: int, gaps: int) -> int:
    """A moon slot: a station place (int), ``"tactical operations"`` or
    ``"industry half-moon slot g"`` (g = 1 between the Shipwright and the next module)."""
    if slot == "tactical operations":
        return TACOPS_SLOT
    if isinstance(slot, str) and slot.startswith("industry half-moon slot "):
        g = slot.removeprefix("industry half-moon slot ")
        if g.isdigit() and 1 <= int(g) <= gaps:
            return MAX_STATION + int(g) - 1
    elif not isinstance(slot, bool) and isinstance(slot, int) and 0 <= slot < places:
        return slot
    raise _bad(
        f"{slot!r} is not a moon slot (a station place, 'tactical operations', 'industry half-moon slot 1'..)"
    )


def _lists(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_lists(v) for v in value]
    return value


# -- any moment of a game ---------------------------------------------------------------------------

_STEP_WORDS = {
    Task.MAIN: "launch or return",
    Task.POST: "free actions",
    Task.RAIDER: "striking raider",
    Task.RETURN: "return to station",
    Task.TACOPS: "tactical operations",
    Task.CIV_DRAW: "civilization draw",
    Task.MOON: "moon reveal",
    Task.PLANET: "planet reveal",
    Task.STRIKE: "raider strike",
}
STEP_NAMES: dict[int, str] = {
    code: _STEP_WORDS.get(code, name.lower().replace("_", " "))
    for name, code in vars(Task).items()
    if name.isupper() and isinstance(code, int)
}
"""Every step kind in words (``"discard"``, ``"battle die"``, ``"return to station"``, ...)."""
STEP_CODES = {name: code for code, name in STEP_NAMES.items()}
_TURN_STEPS = frozenset({Task.MAIN, Task.POST, Task.END_TURN, Task.FACTION})
FLAGS = {
    "transferred": "transferred",
    "rearranged": "rearranged",
    "ability used": "ability_used",
    "module first": "module_first",
}
"""``this_turn`` flags: a 2v2 transfer made, the industry row just rearranged,
the faction ability used, a module placed first (before the field's event)."""
BATTLE_KEYS = {
    "bonus": "b_bonus",
    "targeting bonus": "b_target_bonus",
    "dice": "b_dice",
    "targeting": "b_target",
}
COLUMNS = TRACKS[:4]
RAIDERS = "raiders"


def _names(value: Any, what: str) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise _bad(f"{what} must be a list, not {value!r}")
    return list(value)


def _whole(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _bad(f"{what} must be a whole number {lo}..{hi}, not {value!r}")
    return value


def _counts(value: Any, names: Sequence[str] | int, what: str) -> list[int]:
    """A count vector from ``{name: n}`` (names, or numbers 0..names-1 for unnamed tokens)."""
    size = names if isinstance(names, int) else len(names)
    row = [0] * size
    for key, n in _mapping(value, what).items():
        k = _whole(key, what, 0, size - 1) if isinstance(names, int) else _index(names, key, f"{what} name")
        row[k] = _count(n, f"{what} {key}")
    return row


def _per_player(game: AndromedasEdge, value: Any, what: str) -> dict[int, Any]:
    return {_seat(game, k): v for k, v in _mapping(value or {}, what).items()}


def _participant(game: AndromedasEdge, key: Any) -> int:
    return game.players if key == RAIDERS else _seat(game, key)


def _tile_names(game: AndromedasEdge) -> list[str]:
    """The layout tiles: planets by name, the Alliance Bases, the special tiles."""
    return (
        [pl.name for pl in game.components.planets]
        + list(ALLIANCE_BASES)
        + [t.name for t in game.special_tiles]
    )


def _upgrade_tile(game: AndromedasEdge, tile: Any) -> int:
    """A neutral upgrade tile by number, or a faction's tile by the faction's name."""
    c = game.components
    if isinstance(tile, str):
        return len(c.upgrades) + _index([f.name for f in c.factions], tile, "faction (for its upgrade tile)")
    return _whole(tile, "an upgrade tile", 0, len(c.upgrades) - 1)


def _take(pool: list[int], k: int, n: int, what: str) -> None:
    if pool[k] < n:
        raise _bad(f"{what}: not enough left (only {pool[k]})")
    pool[k] -= n


def _before(game: AndromedasEdge, w: Work, m: Mapping[str, Any]) -> None:
    """The parts that free pieces for the others: the tiles, the market, the moons on the board."""
    c = game.components
    module_names = [k.name for k in c.modules]
    if m.get("layout") is not None:
        tiles = _tile_names(game)
        layout = _names(m["layout"], "layout")
        if len(layout) != game.spaces:
            raise _bad(f"layout must name the tile of each of the {game.spaces} spaces (None: empty)")
        w.layout = [
            -1 if t is None else _index(tiles, t, "tile (planet, Alliance Base or special tile)")
            for t in layout
        ]
    for key, row in _mapping(m.get("market") or {}, "market").items():
        col = _index(COLUMNS, key, "market column (science, industry, commerce, civilization)")
        row = _names(row, "a market column")
        if len(row) != 3:
            raise _bad("market: a column shows 3 places (None: empty)")
        for k in w.market[col]:
            if k >= 0:
                w.mdeck[k] += 1
        w.market[col] = [-1 if x is None else _index(module_names, x, "module") for x in row]
        for k in w.market[col]:
            if k >= 0:
                _take(w.mdeck, k, 1, f"market {module_names[k]!r}")
    for key, row in _mapping(m.get("module_bottom") or {}, "module_bottom").items():
        col = _index(COLUMNS, key, "market column (science, industry, commerce, civilization)")
        for k in w.mbottom[col]:
            w.mdeck[k] += 1
        w.mbottom[col] = [_index(module_names, x, "module") for x in _names(row, "module_bottom")]
        for k in w.mbottom[col]:
            _take(w.mdeck, k, 1, f"module_bottom {module_names[k]!r}")
    if m.get("moons") is not None:
        for r in range(game.regions):
            if w.moon_top[r] >= 0:
                w.moon_pool[w.moon_top[r]] += 1
        w.moon_top = [-1] * game.regions
        w.moon_hidden = [0] * game.regions
        for key, value in _mapping(m["moons"], "moons").items():
            r = _region(game, key)
            top, hidden = _names(value, "moons of a region (top moon, hidden moons)")
            if top is not None:
                w.moon_top[r] = _take_moon(w, top)
            w.moon_hidden[r] = _whole(hidden, "moons: hidden moons", 0, 3)
    if m.get("moon_discard") is not None:
        w.moon_discard = _counts(m["moon_discard"], len(c.moons), "moon_discard")


def _after(game: AndromedasEdge, w: Work, m: Mapping[str, Any]) -> None:
    """The parts of any moment besides the start of a turn, then the decks and
    supplies that hold what no part places."""
    c = game.components
    _turn_parts(game, w, m)
    for key, p in _mapping(m.get("developments") or {}, "developments").items():
        w.dev[_region(game, key)] = _seat(game, p)
    for part, field in (("development_cards", "devcards"), ("development_cards_used", "devused")):
        for p, row in _per_player(game, m.get(part), part).items():
            getattr(w, field)[p] = _counts(row, TRACKS, part)
    for key, row in _mapping(m.get("nebula_bonus") or {}, "nebula_bonus").items():
        w.bonus[_region(game, key)] = _counts(row, RESOURCES, "nebula_bonus")
    for p, row in _per_player(game, m.get("leaders"), "leaders").items():
        w.leaders_on[p] = [0] * game.regions
        for key, k in _mapping(row, "leaders of a player").items():
            w.leaders_on[p][_region(game, key)] = _count(k, "leaders")
    for cls_name, row in _mapping(m.get("raider_damage") or {}, "raider_damage").items():
        standees = game.class_standees[_index(RAIDER_CLASSES, cls_name, "raider class (S, A, B, C, D)")]
        values = [row] if isinstance(row, int) else _names(row, "raider_damage")
        if len(values) > len(standees):
            raise _bad(f"raider_damage: only {len(standees)} {cls_name}-class standees")
        for i, d in zip(standees, values):
            w.rdmg[i] = _count(d, "raider_damage")
    raider_names = [r.name for r in c.raiders]
    for cls_name, name in _mapping(m.get("raider_cards") or {}, "raider_cards").items():
        w.raider_cards[_index(RAIDER_CLASSES, cls_name, "raider class (S, A, B, C, D)")] = _index(
            raider_names, name, "raider card"
        )
    tactic_names = [t.name for t in c.tactics]
    if m.get("tactics_discard") is not None:
        w.tdiscard = _counts(m["tactics_discard"], tactic_names, "tactics_discard")
    for p, row in _per_player(game, m.get("sustain"), "sustain").items():
        w.sustain[p] = _counts(row, tactic_names, "sustain")
    events = _event_parts(game, w, m)
    if m.get("discovery_stacks") is not None:
        stacks = _names(m["discovery_stacks"], "discovery_stacks")
        if len(stacks) != 3:
            raise _bad("discovery_stacks: the board has 3 stacks")
        w.dstacks = [_counts(st, len(c.discoveries), "discovery_stacks") for st in stacks]
    for p, row in _per_player(game, m.get("discovery_tokens"), "discovery_tokens").items():
        w.dheld[p] = _counts(row, len(c.discoveries), "discovery_tokens")
    if m.get("discovery_used") is not None:
        w.dused = _counts(m["discovery_used"], len(c.discoveries), "discovery_used")
    if m.get("supremacy_tokens") is not None:
        tokens = _names(m["supremacy_tokens"], "supremacy_tokens")
        if len(tokens) != len(w.stokens):
            raise _bad(f"supremacy_tokens: the board has {len(w.stokens)} places (None: taken)")
        w.stokens = [
            -1 if t is None else _whole(t, "supremacy_tokens", 0, len(c.supremacy) - 1) for t in tokens
        ]
    for p, row in _per_player(game, m.get("supremacy_held"), "supremacy_held").items():
        w.sheld[p] = _counts(row, len(c.supremacy), "supremacy_held")
    if m.get("supremacy_used") is not None:
        w.sused = _counts(m["supremacy_used"], len(c.supremacy), "supremacy_used")
    destiny_names = [d.name for d in c.destiny]
    for p, name in _per_player(game, m.get("destiny"), "destiny").items():
        w.destiny[p] = -1 if name is None else _index(destiny_names, name, "destiny card")
        w.doffers[p] = []
    for p, row in _per_player(game, m.get("destiny_offers"), "destiny_offers").items():
        w.destiny[p] = -1
        w.doffers[p] = sorted(_index(destiny_names, x, "destiny card") for x in _names(row, "destiny_offers"))
    names = ship_names(game)
    for p, row in _per_player(game, m.get("ship_damage"), "ship_damage").items():
        w.shield_dmg[p] = _counts(row, names, "ship_damage")
    types = [t.replace("_", " ") for t in SHIP_TYPES]
    for p, row in _per_player(game, m.get("upgrades"), "upgrades").items():
        w.upgrades[p] = [-1] * len(SHIP_TYPES)
        for key, tile in _mapping(row, "upgrades of a player").items():
            w.upgrades[p][_index(types, key, "ship type")] = _upgrade_tile(game, tile)
    for p, row in _per_player(game, m.get("upgrade_supply"), "upgrade_supply").items():
        w.upg_supply[p] = sorted(_upgrade_tile(game, t) for t in _names(row, "upgrade_supply"))
    for p, row in _per_player(game, m.get("used_modules"), "used_modules").items():
        for place, k in _mapping(row, "used_modules of a player").items():
            w.mused[p][_whole(place, "used_modules: a station place", 0, len(w.mused[p]) - 1)] = _whole(
                k, "used_modules", 0, 3
            )
    for p, row in _per_player(game, m.get("industry_row"), "industry_row").items():
        w.irow[p] = [
            _whole(x, "industry_row: a station place", 0, len(w.station[p]) - 1)
            for x in _names(row, "industry_row")
        ]
    _battle_part(game, w, m.get("battle"))
    _supplies(game, w, events)


def _turn_parts(game: AndromedasEdge, w: Work, m: Mapping[str, Any]) -> None:
    n = game.players
    if m.get("turn") is not None:
        w.turn = _whole(m["turn"], "turn", 0, game.turn_limit)
    if m.get("final_turns") is not None:
        w.final = _whole(m["final_turns"], "final_turns", 0, n)
    marker = m.get("event_marker")
    if marker is not None:
        w.event_holder = -1
        if marker == "removed":
            w.event_pos = MARKER_REMOVED
        elif (
            isinstance(marker, Sequence)
            and not isinstance(marker, str)
            and len(marker) == 2
            and marker[0] == "station"
        ):
            w.event_pos = MARKER_ON_STATION
            w.event_holder = _seat(game, marker[1])
        else:
            w.event_pos = _whole(
                marker,
                "event_marker (a track space, 'removed' or ('station', player))",
                0,
                game.components.event_end,
            )
    if m.get("region") is not None:
        w.region = _region(game, m["region"])
    for flag in _names(m.get("this_turn") or [], "this_turn"):
        _index(list(FLAGS), flag, "this_turn flag (" + ", ".join(FLAGS) + ")")
        setattr(w, FLAGS[flag], True)
    if m.get("pending") is not None:
        w.tasks = _queue(game, w, m["pending"])
    if m.get("truncated"):
        w.truncated = True
    over = m.get("game_over")
    if over is not None and not isinstance(over, bool):
        raise _bad(f"game_over must be True or False, not {over!r}")
    if over or w.truncated:
        if m.get("pending"):
            raise _bad("pending: no step is pending once the game is over")
        w.phase = OVER
        w.tasks = []


def _queue(game: AndromedasEdge, w: Work, pending: Any) -> list[list[int]]:
    """The pending steps: one step (its name, or ``(name, player, *arguments)``),
    followed by the rest of the active player's turn, or the whole queue as a list of steps."""
    if isinstance(pending, str) or (
        isinstance(pending, Sequence) and pending and isinstance(pending[0], str)
    ):
        step = _step(game, w, pending)
        return [step] if step[0] in _TURN_STEPS else [step, [Task.POST, w.active, 0, 0]]
    return [_step(game, w, s) for s in _names(pending, "pending")]


def _step(game: AndromedasEdge, w: Work, step: Any) -> list[int]:
    parts = [step] if isinstance(step, str) else _names(step, "pending: a step")
    if not parts or parts[0] not in STEP_CODES:
        raise _bad(f"pending: {parts[0] if parts else step!r} is not a step ({', '.join(STEP_CODES)})")
    kind = STEP_CODES[parts[0]]
    if len(parts) > 4:
        raise _bad("pending: a step is (name, player, argument, argument)")
    player = w.active if len(parts) < 2 else -1 if parts[1] is None else _seat(game, parts[1])
    args = [*parts[2:], 0, 0][:2]
    a = args[0]
    if kind == Task.MOON and isinstance(a, str):
        a = _region(game, a)
    elif kind == Task.REFILL and isinstance(a, str):
        a = _index(COLUMNS, a, "market column")
    elif kind == Task.GIVE_MODULE and isinstance(a, str):
        a = _index([k.name for k in game.components.modules], a, "module")
    elif kind == Task.BATTLE_DIE:
        a = _participant(game, a)
    elif kind == Task.RAIDER_ROLL and isinstance(a, str):
        a = _index(RAIDER_CLASSES, a, "raider class (S, A, B, C, D)")
    values = [_whole(x, f"pending: an argument of {parts[0]!r}", -1, 10_000) for x in (a, args[1])]
    return [kind, player, *values]


def _step_words(game: AndromedasEdge, task: Sequence[int]) -> tuple[Any, ...]:
    kind, player, a, b = task
    arg: Any = a
    if kind == Task.MOON:
        arg = region_name(a, game.spaces, game.components.columns)
    elif kind == Task.REFILL:
        arg = COLUMNS[a]
    elif kind == Task.GIVE_MODULE:
        arg = game.components.modules[a].name
    elif kind == Task.BATTLE_DIE:
        arg = RAIDERS if a == game.players else a
    elif kind == Task.RAIDER_ROLL:
        arg = RAIDER_CLASSES[a]
    return (STEP_NAMES[kind], None if player < 0 else player, arg, b)


def _event_parts(game: AndromedasEdge, w: Work, m: Mapping[str, Any]) -> dict[str, Any]:
    """The event deck's parts: known cards and who saw them (``event_top``,
    ``event_bottom``), the middle (``event_deck``, None if not named)."""
    names = [e.name for e in game.components.events]

    def card(x: Any) -> int:
        k = _index(names, x, "event card")
        if k not in game.event_cards:
            raise _bad(f"{x!r} is not in the chosen event deck")
        return k

    known: dict[str, Any] = {
        "event_top": [],
        "event_bottom": [],
        "event_top seen": [],
        "event_bottom seen": [],
    }
    for part in ("event_top", "event_bottom"):
        if m.get(part) is not None:
            for entry in _names(m[part], part):
                name, seen = _names(entry, f"{part}: (card, players who saw it)")
                known[part].append(card(name))
                known[f"{part} seen"].append(sum(1 << _seat(game, p) for p in set(_names(seen, part))))
    if m.get("event_discard") is not None:
        w.ediscard = [card(x) for x in _names(m["event_discard"], "event_discard")]
    known["event_deck"] = None
    if m.get("event_deck") is not None:
        known["event_deck"] = counts = [0] * len(names)
        for x in _names(m["event_deck"], "event_deck"):
            counts[card(x)] += 1
    return known


def _battle_part(game: AndromedasEdge, w: Work, battle: Any) -> None:
    if battle is None:
        return
    n = game.players
    for key, value in _mapping(battle, "battle").items():
        if key in BATTLE_KEYS:
            row = [0] * (n + 1)
            for who, k in _mapping(value, f"battle {key}").items():
                row[_participant(game, who)] = _count(k, f"battle {key}")
            setattr(w, BATTLE_KEYS[key], row)
        elif key == "rolls":
            rolls: list[list[int]] = [[] for _ in range(n + 1)]
            for who, faces in _mapping(value, "battle rolls").items():
                rolls[_participant(game, who)] = [
                    _whole(f, "battle rolls", 1, 6) for f in _names(faces, "battle rolls")
                ]
            w.b_rolls = rolls
        elif key == "ceasefire":
            if not isinstance(value, bool):
                raise _bad("battle ceasefire must be True or False")
            w.b_cease = int(value)
        elif key == "lost":
            w.b_lost = [_participant(game, who) for who in _names(value, "battle lost")]
        else:
            known = ", ".join([*BATTLE_KEYS, "rolls", "ceasefire", "lost"])
            raise _bad(f"battle: {key!r} is not a part of a battle ({known})")


def _supplies(game: AndromedasEdge, w: Work, events: dict[str, Any]) -> None:
    """The decks and supplies hold every piece no part placed elsewhere."""
    c = game.components
    n = game.players
    tdeck = list(c.tactics_counts)
    for k in range(len(tdeck)):
        tdeck[k] -= sum(w.hands[p][k] + w.sustain[p][k] for p in range(n)) + w.tdiscard[k]
    mdeck = list(c.module_counts)
    for k in [
        *(k for col in w.market for k in col if k >= 0),
        *(k for col in w.mbottom for k in col),
        *(k for row in w.station for k in row[4:]),
        *(t[2] for t in w.tasks if t[0] == Task.GIVE_MODULE and 4 <= t[2] < len(mdeck)),
    ]:
        mdeck[k] -= 1
    pool = [count - w.moon_discard[k] for k, count in enumerate(c.moon_counts)]
    for p in range(n):
        for k in (*w.claimed[p], w.tacops[p], *w.mmoon[p], *w.half[p]):
            if k >= 0:
                pool[k] -= 1
    for k in w.moon_top:
        if k >= 0:
            pool[k] -= 1
    for what, values in (("tactics cards", tdeck), ("modules", mdeck), ("moons", pool)):
        if min(values, default=0) < 0:
            raise _bad(f"more {what} placed than the game has")
    w.tdeck, w.mdeck, w.moon_pool = tdeck, mdeck, pool
    w.planet_stack = [0 if k in w.layout else 1 for k in range(len(c.planets))]
    for p in range(n):
        used = sum(
            c.dev_leaders[c.planets[w.layout[r]].type]
            for r, d in enumerate(w.dev)
            if d == p and 0 <= w.layout[r] < len(c.planets)
        )
        w.leaders_home[p] = LEADERS - sum(w.leaders_on[p]) - used
        if w.leaders_home[p] < 0:
            raise _bad(f"leaders: player {p} has only {LEADERS} leaders")
    top, bottom, edeck = events["event_top"], events["event_bottom"], events["event_deck"]
    if edeck is None:
        edeck = [1 if k in game.event_cards else 0 for k in range(len(c.events))]
        for k in [*top, *bottom, *w.ediscard]:
            edeck[k] -= 1
        if min(edeck, default=0) < 0:
            raise _bad("event cards: a card is in two places")
    if 0 in events["event_top seen"] or 0 in events["event_bottom seen"]:
        raise _bad("event_top, event_bottom: a known event card is one some player has seen")
    w.edeck = Deck(top, edeck, bottom, events["event_top seen"], events["event_bottom seen"])


def describe(state: AndromedasEdgeState) -> dict[str, Any]:
    """The arguments of ``game.position(...)`` that build ``state`` again
    (every part, in the rulebook's terms; the whole state, hidden parts too)."""
    game = state.game
    c = game.components
    n = game.players
    s = state

    def rname(r: int) -> str:
        return region_name(r, game.spaces, c.columns)

    tiles = _tile_names(game)
    tactic_names = [t.name for t in c.tactics]
    module_names = [k.name for k in c.modules]
    names = ship_names(game)
    places = {code: name for name, code in PLACES.items()}
    neutral = len(c.upgrades)

    def counts(row: Sequence[int], labels: Sequence[str] | None = None) -> dict[Any, int]:
        return {(labels[k] if labels else k): v for k, v in enumerate(row) if v}

    def tile(t: int) -> Any:
        return t if t < neutral else c.factions[t - neutral].name

    def who(mask: int) -> list[int]:
        return [p for p in range(n) if mask >> p & 1]

    def part(k: int) -> Any:
        return RAIDERS if k == n else k

    d: dict[str, Any] = {
        "to_act": s.active,
        "factions": {p: c.factions[s.faction[p]].name for p in range(n) if s.faction[p] >= 0},
        "faction_offers": {
            p: [c.factions[f].name for f in s.offers[p]] for p in range(n) if s.faction[p] < 0
        },
        "resources": {p: dict(zip(RESOURCES, s.res[p])) for p in range(n)},
        "vp": dict(enumerate(s.vp)),
        "tracks": {p: dict(zip(TRACKS, s.tracks[p])) for p in range(n)},
        "ships": {
            p: {names[i]: places.get(loc) or rname(loc) for i, loc in enumerate(s.ships[p])} for p in range(n)
        },
        "modules": {p: [module_names[k] for k in s.station[p][4:]] for p in range(n)},
        "damaged": {p: dict(enumerate(s.mdmg[p])) for p in range(n)},
        "used_modules": {p: dict(enumerate(s.mused[p])) for p in range(n)},
        "industry_row": {p: list(s.irow[p]) for p in range(n)},
        "claimed_moons": {p: list(s.claimed[p]) for p in range(n)},
        "slotted_moons": {
            p: {
                **{place: k for place, k in enumerate(s.mmoon[p]) if k >= 0},
                **({"tactical operations": s.tacops[p]} if s.tacops[p] >= 0 else {}),
                **{f"industry half-moon slot {g + 1}": k for g, k in enumerate(s.half[p]) if k >= 0},
            }
            for p in range(n)
        },
        "hands": {p: counts(s.hands[p], tactic_names) for p in range(n)},
        "raiders": {
            cls: [None if s.rpos[i] < 0 else rname(s.rpos[i]) for i in game.class_standees[k]]
            for k, cls in enumerate(RAIDER_CLASSES)
        },
        "raider_damage": {
            cls: [s.rdmg[i] for i in game.class_standees[k]] for k, cls in enumerate(RAIDER_CLASSES)
        },
        "raider_cards": {cls: c.raiders[s.raider_cards[k]].name for k, cls in enumerate(RAIDER_CLASSES)},
        "pending": [_step_words(game, t) for t in s.tasks],
        "game_over": s.phase == OVER,
        "truncated": s.truncated,
        "turn": s.turn,
        "final_turns": None if s.final < 0 else s.final,
        "event_marker": "removed"
        if s.event_pos == MARKER_REMOVED
        else ("station", s.event_holder)
        if s.event_pos == MARKER_ON_STATION
        else s.event_pos,
        "region": None if s.region < 0 else rname(s.region),
        "this_turn": [flag for flag, field in FLAGS.items() if getattr(s, field)],
        "layout": [None if t < 0 else tiles[t] for t in s.layout],
        "moons": {
            rname(r): (None if s.moon_top[r] < 0 else s.moon_top[r], s.moon_hidden[r])
            for r in range(game.regions)
            if s.moon_top[r] >= 0 or s.moon_hidden[r]
        },
        "moon_discard": counts(s.moon_discard),
        "developments": {rname(r): p for r, p in enumerate(s.dev) if p >= 0},
        "development_cards": {p: counts(s.devcards[p], TRACKS) for p in range(n)},
        "development_cards_used": {p: counts(s.devused[p], TRACKS) for p in range(n)},
        "nebula_bonus": {rname(r): counts(b, RESOURCES) for r, b in enumerate(s.bonus) if any(b)},
        "leaders": {p: {rname(r): k for r, k in enumerate(s.leaders_on[p]) if k} for p in range(n)},
        "market": {
            COLUMNS[col]: [None if k < 0 else module_names[k] for k in s.market[col]] for col in range(4)
        },
        "module_bottom": {COLUMNS[col]: [module_names[k] for k in s.mbottom[col]] for col in range(4)},
        "tactics_discard": counts(s.tdiscard, tactic_names),
        "sustain": {p: counts(s.sustain[p], tactic_names) for p in range(n)},
        "event_deck": [c.events[k].name for k, m in enumerate(s.edeck.counts) for _ in range(m)],
        "event_top": [(c.events[k].name, who(mask)) for k, mask in s.etop],
        "event_bottom": [(c.events[k].name, who(mask)) for k, mask in s.ebottom],
        "event_discard": [c.events[k].name for k in s.ediscard],
        "discovery_stacks": [counts(st) for st in s.dstacks],
        "discovery_tokens": {p: counts(s.dheld[p]) for p in range(n)},
        "discovery_used": counts(s.dused),
        "supremacy_tokens": [None if k < 0 else k for k in s.stokens],
        "supremacy_held": {p: counts(s.sheld[p]) for p in range(n)},
        "supremacy_used": counts(s.sused),
        "destiny": {
            p: None if s.destiny[p] < 0 else c.destiny[s.destiny[p]].name
            for p in range(n)
            if not s.doffers[p]
        },
        "destiny_offers": {p: [c.destiny[k].name for k in s.doffers[p]] for p in range(n) if s.doffers[p]},
        "ship_damage": {p: counts(s.shield_dmg[p], names) for p in range(n)},
        "upgrades": {
            p: {SHIP_TYPES[t].replace("_", " "): tile(k) for t, k in enumerate(s.upgrades[p]) if k >= 0}
            for p in range(n)
        },
        "upgrade_supply": {p: [tile(k) for k in s.upg_supply[p]] for p in range(n)},
        "battle": {
            **{
                key: {part(k): v for k, v in enumerate(getattr(s, field)) if v}
                for key, field in BATTLE_KEYS.items()
            },
            "rolls": {part(k): list(r) for k, r in enumerate(s.b_rolls) if r},
            "ceasefire": bool(s.b_cease),
            "lost": [part(k) for k in s.b_lost],
        },
    }
    return d
