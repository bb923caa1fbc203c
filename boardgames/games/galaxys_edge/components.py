"""Galaxy's Edge components: the sector tiles, the event die, the event deck and the board.

The rulebook names these components without listing their contents, so the
game ships a reference set (``data/reference.toml``) and accepts a user's own
set, as a TOML file path or as the same structure in a dict.  Everything is
validated on load into frozen records; a fault raises :class:`ComponentError`
naming the field.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping, Sequence
from enum import IntEnum
from importlib import resources
from itertools import chain, compress
from operator import getitem, itemgetter
from typing import Any

import attrs

from boardgames.kernel import components
from boardgames.kernel.cards import mask_tables
from boardgames.kernel.components import Source
from boardgames.kernel.errors import ComponentError
from boardgames.kernel.hexgrid import HexGrid

__all__ = [
    "GEOMETRY",
    "ROWS",
    "SLOTS",
    "SLOT_LOCATIONS",
    "SPECIES",
    "ComponentSet",
    "DieFace",
    "EventCard",
    "Geometry",
    "Layout",
    "SectorTile",
    "Species",
    "load_components",
    "locations_within",
    "positions_in",
    "reach_of",
]

SECTOR_COUNT = 30
EVENT_CARD_COUNT = 28
DIE_FACES = 6
MAX_SYSTEMS = 4


class Species(IntEnum):
    """The five alien species, in the rulebook's order."""

    CRYSTALLOIDS = 0
    THE_HIVE = 1
    HUMANOIDS = 2
    SAPLENTI = 3
    WARGERS = 4

    @property
    def title(self) -> str:
        return _SPECIES_TITLES[self]


_SPECIES_TITLES = ("Crystalloids", "The Hive", "Humanoids", "Saplenti", "Wargers")
_SPECIES_KEYS = ("crystalloids", "hive", "humanoids", "saplenti", "wargers")
SPECIES: tuple[Species, ...] = tuple(Species)


class EventCard(IntEnum):
    """The seven event card types, in the rulebook's order."""

    ALIEN_EMBASSY = 0
    CULTURAL_TAKEOVER = 1
    DISCOVERY_MISSION = 2
    FORCEFIELD = 3
    REBELLION = 4
    SURPRISE_ATTACK = 5
    WORMHOLE = 6

    @property
    def title(self) -> str:
        return _EVENT_TITLES[self]


_EVENT_TITLES = (
    "Alien Embassy",
    "Cultural Takeover",
    "Discovery Mission",
    "Forcefield",
    "Rebellion",
    "Surprise Attack",
    "Wormhole",
)
_EVENT_KEYS = (
    "alien-embassy",
    "cultural-takeover",
    "discovery-mission",
    "forcefield",
    "rebellion",
    "surprise-attack",
    "wormhole",
)


class DieFace(IntEnum):
    """The event die's three symbols."""

    OWN_BAN = 0
    NEXT_BAN = 1
    EVENT = 2

    @property
    def title(self) -> str:
        return ("own ban", "next player's ban", "event card")[self]


_DIE_KEYS = ("own-ban", "next-ban", "event")


@attrs.frozen
class SectorTile:
    """One hexagonal sector tile: its species and its systems' values."""

    species: Species
    systems: tuple[int, ...]


@attrs.frozen
class ComponentSet:
    """A validated set of Galaxy's Edge components."""

    name: str
    tiles: tuple[SectorTile, ...]
    die_faces: tuple[DieFace, ...]
    event_counts: tuple[int, ...]
    fingerprint: str

    @property
    def system_count(self) -> int:
        return sum(len(t.systems) for t in self.tiles)


def _fail(where: str, what: str) -> ComponentError:
    return ComponentError(f"galaxys-edge components: {where} {what}")


def _table(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, Mapping):
        raise _fail(f"[{key}]", "is missing or not a table")
    return value


def _validate(data: Any) -> ComponentSet:
    if not isinstance(data, Mapping):
        raise _fail("the component data", "must be a table (a TOML document or a dict)")
    unknown = set(data) - {"set", "die", "events", "sectors"}
    if unknown:
        raise _fail("the document", f"has unknown sections: {', '.join(sorted(unknown))}")
    name = "custom"
    if "set" in data:
        meta = _table(data, "set")
        name = meta.get("name", "custom")
        if not isinstance(name, str):
            raise _fail("set.name", "must be a string")

    faces = _table(data, "die").get("faces")
    if not isinstance(faces, list) or len(faces) != DIE_FACES:
        raise _fail("die.faces", f"must be a list of {DIE_FACES} faces")
    die: list[DieFace] = []
    for i, face in enumerate(faces):
        if face not in _DIE_KEYS:
            raise _fail(f"die.faces[{i}]", f"is {face!r}; faces are {', '.join(_DIE_KEYS)}")
        die.append(DieFace(_DIE_KEYS.index(face)))

    events = _table(data, "events")
    unknown = set(events) - set(_EVENT_KEYS)
    if unknown:
        raise _fail("[events]", f"has unknown card types: {', '.join(sorted(unknown))}")
    counts: list[int] = []
    for key in _EVENT_KEYS:
        count = events.get(key)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise _fail(f"events.{key}", "must be a non-negative int")
        counts.append(count)
    if sum(counts) != EVENT_CARD_COUNT:
        raise _fail("[events]", f"must hold {EVENT_CARD_COUNT} cards in all, not {sum(counts)}")

    sectors = data.get("sectors")
    if not isinstance(sectors, list) or len(sectors) != SECTOR_COUNT:
        raise _fail("[[sectors]]", f"must list exactly {SECTOR_COUNT} sector tiles")
    tiles: list[SectorTile] = []
    for i, sector in enumerate(sectors):
        where = f"sectors[{i}]"
        if not isinstance(sector, Mapping):
            raise _fail(where, "must be a table")
        if set(sector) - {"species", "systems"}:
            raise _fail(where, "may only have the keys species and systems")
        species = sector.get("species")
        if species not in _SPECIES_KEYS:
            raise _fail(f"{where}.species", f"is {species!r}; species are {', '.join(_SPECIES_KEYS)}")
        systems = sector.get("systems")
        if not isinstance(systems, list) or not 1 <= len(systems) <= MAX_SYSTEMS:
            raise _fail(f"{where}.systems", f"must list 1 to {MAX_SYSTEMS} system values")
        for j, value in enumerate(systems):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
                raise _fail(f"{where}.systems[{j}]", f"must be a value from 1 to 9, not {value!r}")
        tiles.append(SectorTile(Species(_SPECIES_KEYS.index(species)), tuple(systems)))

    canonical = json.dumps(
        {
            "die": [f.name for f in die],
            "events": counts,
            "sectors": [[t.species.name, list(t.systems)] for t in tiles],
        },
        sort_keys=True,
    )
    digest = hashlib.sha256(canonical.encode()).hexdigest()[:16]
    return ComponentSet(name, tuple(tiles), tuple(die), tuple(counts), digest)


def _reference_data() -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("data/reference.toml").read_text("utf-8"))


def load_components(source: Source = None) -> ComponentSet:
    """The reference set (``None``), a TOML file, or a dict of the same shape."""
    return components.load("galaxys-edge", source, _validate, reference=_reference_data)


# -- The board: 30 sectors in rows of 3-4-5-6-5-4-3, and the tiles laid on it ----------
#
# Sectors are board positions numbered row by row from the top; a position's
# name is its row letter and column ("D1" is the left end of the central row
# of 6).  A system is a position and a slot, "D1a" to "D1d".  The shape's
# topology (neighbours, vicinity masks, outer sectors) is the same in every
# game and lives on the Geometry; which tile lies where is decided at setup
# and compiled into a Layout, cached on the game.

ROWS: tuple[int, ...] = (3, 4, 5, 6, 5, 4, 3)
"""Sectors per row, top to bottom: a central row of 6, shorter rows above and below."""

SLOTS = 4
"""System slots per sector (a sector holds up to four systems)."""

_ROW_LETTERS = "ABCDEFG"


class Geometry:
    """The fixed shape of the board, compiled to tuples and bit masks."""

    __slots__ = ("bit", "by_name", "grid", "names", "neighbours", "outer", "outer_mask", "size", "vicinity")

    def __init__(self) -> None:
        self.grid = HexGrid.from_rows(ROWS)
        names: list[str] = []
        for row, length in enumerate(ROWS):
            names.extend(f"{_ROW_LETTERS[row]}{col + 1}" for col in range(length))
        self.names: tuple[str, ...] = tuple(names)
        self.by_name: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.size = len(self.grid)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n)) for n in self.grid.neighbours)
        self.vicinity: tuple[int, ...] = self.grid.vicinity_mask
        self.outer: tuple[int, ...] = self.grid.outer
        self.outer_mask: int = self.grid.mask_of(self.outer)
        self.bit: tuple[int, ...] = self.grid.bit

    def system_name(self, location: int) -> str:
        return f"{self.names[location // SLOTS]}{'abcd'[location % SLOTS]}"


GEOMETRY = Geometry()


_LOW, _MID, _HIGH = mask_tables(range(GEOMETRY.size), 10)  # the board's 30 positions, 10 bits at a time


def positions_in(mask: int) -> tuple[int, ...]:
    """The positions whose bits are set in ``mask``, ascending (table lookups, no loop)."""
    return _LOW[mask & 1023] + _MID[mask >> 10 & 1023] + _HIGH[mask >> 20 & 1023]


def _outside_table(first: int) -> tuple[bytes, ...]:
    """Per 10-bit chunk of a position mask starting at position ``first``: the
    locations (one byte each) of the chunk's positions whose bits are clear."""
    sectors = [range(p * SLOTS, p * SLOTS + SLOTS) for p in range(first, first + 10)]
    return tuple(
        bytes(loc for q in range(10) if not bits >> q & 1 for loc in sectors[q]) for bits in range(1024)
    )


_OUTSIDE_LOW, _OUTSIDE_MID, _OUTSIDE_HIGH = (_outside_table(first) for first in (0, 10, 20))


def locations_within(locations: bytes, mask: int) -> bytes:
    """The ``locations`` (one byte each) of the positions whose bits are set in
    ``mask``, in their order: one C-level ``translate`` deleting the locations of
    every other position (three table lookups, no loop)."""
    return locations.translate(
        None, _OUTSIDE_LOW[mask & 1023] + _OUTSIDE_MID[mask >> 10 & 1023] + _OUTSIDE_HIGH[mask >> 20 & 1023]
    )


def chunk_unions(rows: Sequence[int], first: int) -> tuple[int, ...]:
    """Per 10-bit chunk of a position mask starting at position ``first``: the
    union (bitwise or) of the ``rows`` of its positions, one entry per value of
    the chunk (each built from a smaller one, the lowest bit taken off)."""
    table = [0] * 1024
    for bits in range(1, 1024):
        low = bits & -bits
        table[bits] = table[bits ^ low] | rows[first + low.bit_length() - 1]
    return tuple(table)


# the union of the vicinities of a presence mask's positions, 10 positions at a time
_REACH_LOW, _REACH_MID, _REACH_HIGH = (chunk_unions(GEOMETRY.vicinity, first) for first in (0, 10, 20))


def reach_of(presence: int) -> int:
    """Vicinity: the positions in the vicinity of any position in the mask ``presence``
    (the union of three 10-bit chunks' vicinities, no loop)."""
    return (
        _REACH_LOW[presence & 1023] | _REACH_MID[presence >> 10 & 1023] | _REACH_HIGH[presence >> 20 & 1023]
    )


_LOCATIONS = tuple(
    tuple(tuple(range(p * SLOTS, p * SLOTS + n)) for n in range(SLOTS + 1)) for p in range(GEOMETRY.size)
)
"""Per position, per number of systems: the locations of its systems."""
_PADDING = tuple((0,) * n for n in range(SLOTS + 1))
_BITS = tuple(1 << p for p in range(GEOMETRY.size))

SLOT_LOCATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(p * SLOTS + s for s in range(SLOTS) if mask >> s & 1) for mask in range(1 << SLOTS))
    for p in range(GEOMETRY.size)
)
"""Per position, per mask of its slots (a bit per slot): the locations of those slots."""


class _TileRows:
    """Per tile of a component set: its species, its number of systems and its
    system values padded to :data:`SLOTS` (what a :class:`Layout` copies for
    the position the tile lies on)."""

    __slots__ = ("count", "padded", "species")

    def __init__(self, components: ComponentSet) -> None:
        tiles = components.tiles
        self.species: tuple[Species, ...] = tuple([t.species for t in tiles])
        self.count: tuple[int, ...] = tuple([len(t.systems) for t in tiles])
        self.padded: tuple[tuple[int, ...], ...] = tuple(
            [t.systems + _PADDING[SLOTS - len(t.systems)] for t in tiles]
        )


_ROWS: dict[str, _TileRows] = {}
"""The tile rows of each component set seen, by its fingerprint (its contents)."""


def _tile_rows(components: ComponentSet) -> _TileRows:
    rows = _ROWS.get(components.fingerprint)
    if rows is None:
        rows = _ROWS[components.fingerprint] = _TileRows(components)
    return rows


class Layout:
    """Which tile lies on each position, compiled for the rules.

    Locations are ``position * SLOTS + slot``; a location exists when the
    tile on that position has a system in that slot.
    """

    __slots__ = (
        "_key",
        "counted",
        "derived",
        "locations",
        "open_mask",
        "records",
        "slot_masks",
        "species",
        "species_mask",
        "systems",
        "tiles",
        "totals",
        "value",
    )

    def __init__(self, components: ComponentSet, tiles: Sequence[int]) -> None:
        # A new game lays a new arrangement: its tables are picked from the
        # component set's per-tile rows with C-level calls (a loop over the 30
        # positions was about half of setting up a game).
        rows = _tile_rows(components)
        self.tiles: tuple[int, ...] = tuple(tiles)
        pick = itemgetter(*self.tiles)
        self.species: tuple[Species, ...] = pick(rows.species)
        counts: tuple[int, ...] = pick(rows.count)
        self.systems: tuple[tuple[int, ...], ...] = tuple(map(getitem, _LOCATIONS, counts))
        self.value: tuple[int, ...] = tuple(chain.from_iterable(pick(rows.padded)))
        self.slot_masks: bytes = bytes((1 << n) - 1 for n in counts)
        """Per position: a bit per slot holding a system (an empty board's
        ``state.open_slots``)."""
        self.locations: bytes = bytes(chain.from_iterable(self.systems))
        """Every system's location, ascending, one byte each (an empty board's
        ``state.empty``)."""
        masks = [0] * len(Species)
        for bit, species in zip(_BITS, self.species):
            masks[species] |= bit
        self.species_mask: tuple[int, ...] = tuple(masks)
        self.open_mask: int = sum(compress(_BITS, counts))
        """The positions with at least one system (all open on an empty board)."""
        self._key = self.tiles
        self.derived: dict[tuple[int, bytes, tuple[int, ...]], dict[str, Any]] = {}
        """Fields derived from the installations (``state.derived_fields``), by
        players, installations and bans; mutable, like ``totals``."""
        self.records: dict[int, tuple[dict[int, int], ...]] = {}
        """Per player count and position: the packed counts of the sector's
        contents already seen (``scoring.sector_sum``); mutable, like ``totals``."""
        self.totals: dict[tuple[int, bytes, tuple[int, ...]], tuple[int, ...]] = {}
        """Score totals already counted on this layout (``scoring.score_totals``),
        by players, installations and pledges; mutable, like ``derived``."""
        self.counted: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}
        """Score totals by players, summed sector records and pledges (``scoring.totals_of``):
        many boards of a search count the same; mutable, like ``totals``."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def __repr__(self) -> str:
        return f"Layout({list(self.tiles)})"
