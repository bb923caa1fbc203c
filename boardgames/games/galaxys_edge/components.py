"""Galaxy's Edge components: the sector tiles, the event die and the event deck.

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
from collections.abc import Mapping
from enum import IntEnum
from importlib import resources
from typing import Any

import attrs

from boardgames.kernel import components
from boardgames.kernel.components import Source
from boardgames.kernel.errors import ComponentError

__all__ = [
    "SPECIES",
    "ComponentSet",
    "DieFace",
    "EventCard",
    "SectorTile",
    "Species",
    "load_components",
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
