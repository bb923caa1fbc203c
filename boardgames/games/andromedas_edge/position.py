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
from boardgames.games.andromedas_edge.components import RESOURCES, SHIP_TYPES, TRACKS
from boardgames.games.andromedas_edge.state import BARGE, BAY, SCRAPPED, SUPPLY, Task, Work
from boardgames.kernel.errors import InvalidOptionError, SerializationError

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge
    from boardgames.games.andromedas_edge.state import AndromedasEdgeState

__all__ = ["PARTS", "PLACES", "build", "ship_names"]

PARTS = frozenset(
    {"factions", "resources", "vp", "tracks", "ships", "modules", "damaged", "claimed_moons",
     "slotted_moons", "hands", "raiders"}
)  # fmt: skip
"""The parts of a position :func:`build` sets, besides ``seed`` and ``to_act``."""

PLACES = {"launch bay": BAY, "supply": SUPPLY, "scrapyard": SCRAPPED, "repair barge": BARGE}
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
    damaged: Mapping[int | str, Sequence[int]] | None = None,
    claimed_moons: Mapping[int | str, Sequence[int]] | None = None,
    slotted_moons: Mapping[int | str, Mapping[int | str, int]] | None = None,
    hands: Mapping[int | str, Mapping[str, int]] | None = None,
    raiders: Mapping[str, str | Sequence[str] | None] | None = None,
) -> AndromedasEdgeState:
    """See :meth:`AndromedasEdge.position`."""
    c = game.components
    w = Work(game.new_game(seed)._successor())
    chosen = {_seat(game, k): _index([f.name for f in c.factions], v, "faction")
              for k, v in _mapping(factions or {}, "factions").items()}  # fmt: skip
    for p in range(game.players):
        faction = chosen.get(p, w.offers[p][0])
        turn.choose_faction(w, p, faction)
        if w.doffers[p]:
            w.destiny[p] = w.doffers[p][0]
            w.doffers[p] = []
    start = w.active if to_act is None else _seat(game, to_act)
    w.active = start
    w.tasks = [[Task.MAIN, start, 0, 0]]
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
            add_module(w, p, k)
    for key, row in _mapping(damaged or {}, "damaged").items():
        p = _seat(game, key)
        for place in row:
            if isinstance(place, bool) or not isinstance(place, int) or not 0 <= place < len(w.mdmg[p]):
                raise _bad(f"damaged: {place!r} is not a station place of player {p}")
            w.mdmg[p][place] = 1
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
            w.rpos[standee] = _region(game, places[i]) if i < len(places) else -1
            w.rdmg[standee] = 0
    fields = w.commit().__dict__
    data = {name: _lists(fields[name]) for name in S.FIELDS}
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
