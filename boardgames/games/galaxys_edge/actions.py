"""Galaxy's Edge actions: every atomic choice, each with a readable text.

Positions and systems are named as on the board (``D3``, ``D3b``); players by
colour.  The catalogue orders the actions in fixed id ranges so that the
rules can compute ids arithmetically on the hot path.
"""

from __future__ import annotations

import attrs

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, DieFace, EventCard, Species
from boardgames.kernel.actions import Action, ActionCatalogue

__all__ = [
    "COLOURS",
    "ActionIds",
    "BuildBase",
    "BuildColony",
    "DrawEvent",
    "EndTurn",
    "EventDrawn",
    "MoveFlagship",
    "NoEvent",
    "PlaceFlagship",
    "PlayAlienEmbassy",
    "PlayCulturalTakeover",
    "PlayDiscoveryMission",
    "PlayForcefield",
    "PlayRebellion",
    "PlaySurpriseAttack",
    "PlayWormhole",
    "ReplaceColony",
    "RollResult",
    "build_catalogue",
]

COLOURS: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green")
"""Player colours by player index (players sit clockwise in this order)."""


def _pos(position: int) -> str:
    return GEOMETRY.names[position]


def _loc(location: int) -> str:
    return GEOMETRY.system_name(location)


@attrs.frozen(cache_hash=True)
class EndTurn(Action):
    """End the turn, forfeiting whichever of the two actions is left."""

    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(cache_hash=True)
class PlaceFlagship(Action):
    """Setup: place your flagship in an outer sector."""

    position: int

    def __str__(self) -> str:
        return f"place flagship {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class MoveFlagship(Action):
    position: int

    def __str__(self) -> str:
        return f"move flagship to {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class BuildColony(Action):
    location: int

    def __str__(self) -> str:
        return f"build colony {_loc(self.location)}"


@attrs.frozen(cache_hash=True)
class BuildBase(Action):
    location: int
    base_class: int

    def __str__(self) -> str:
        return f"build class-{self.base_class} base {_loc(self.location)}"


@attrs.frozen(cache_hash=True)
class DrawEvent(Action):
    def __str__(self) -> str:
        return "draw event card"


@attrs.frozen(cache_hash=True)
class NoEvent(Action):
    def __str__(self) -> str:
        return "do nothing"


@attrs.frozen(cache_hash=True)
class PlayAlienEmbassy(Action):
    species: Species

    def __str__(self) -> str:
        return f"play Alien Embassy on {self.species.title}"


@attrs.frozen(cache_hash=True)
class PlayCulturalTakeover(Action):
    position: int

    def __str__(self) -> str:
        return f"play Cultural Takeover in {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class PlayDiscoveryMission(Action):
    position: int

    def __str__(self) -> str:
        return f"play Discovery Mission in {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class PlayForcefield(Action):
    def __str__(self) -> str:
        return "play Forcefield"


@attrs.frozen(cache_hash=True)
class PlayRebellion(Action):
    location: int

    def __str__(self) -> str:
        return f"play Rebellion on {_loc(self.location)}"


@attrs.frozen(cache_hash=True)
class PlaySurpriseAttack(Action):
    position: int

    def __str__(self) -> str:
        return f"play Surprise Attack in {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class PlayWormhole(Action):
    player: int
    position: int

    def __str__(self) -> str:
        return f"play Wormhole: {COLOURS[self.player]} flagship to {_pos(self.position)}"


@attrs.frozen(cache_hash=True)
class ReplaceColony(Action):
    """Choose which of equally valuable rival colonies is replaced."""

    location: int

    def __str__(self) -> str:
        return f"replace colony {_loc(self.location)}"


@attrs.frozen(cache_hash=True)
class RollResult(Action):
    """Chance: the event die shows ``face``."""

    face: DieFace

    def __str__(self) -> str:
        return f"roll: {self.face.title}"


@attrs.frozen(cache_hash=True)
class EventDrawn(Action):
    """Chance: the top event card is ``card``."""

    card: EventCard

    def __str__(self) -> str:
        return f"drawn: {self.card.title}"


class ActionIds:
    """The first id of each action range of the catalogue."""

    __slots__ = (
        "BASE",
        "COLONY",
        "DISCOVERY",
        "DRAW",
        "DRAWN",
        "EMBASSY",
        "END",
        "FORCEFIELD",
        "MOVE",
        "NOTHING",
        "PLACE",
        "REBELLION",
        "REPLACE",
        "ROLL",
        "SIZE",
        "SURPRISE",
        "TAKEOVER",
        "WORMHOLE",
    )

    def __init__(self, players: int) -> None:
        size = GEOMETRY.size
        locations = size * SLOTS
        start = 0

        def take(n: int) -> int:
            nonlocal start
            first, start = start, start + n
            return first

        # Colonies first, so that a colony's id is its location: the turn's
        # legal actions are the locations of the vacant systems.
        self.COLONY = take(locations)
        self.BASE = take(locations * 3)
        self.END = take(1)
        self.PLACE = take(size)
        self.MOVE = take(size)
        self.DRAW = take(1)
        self.NOTHING = take(1)
        self.EMBASSY = take(len(Species))
        self.TAKEOVER = take(size)
        self.DISCOVERY = take(size)
        self.FORCEFIELD = take(1)
        self.REBELLION = take(locations)
        self.SURPRISE = take(size)
        self.WORMHOLE = take(players * size)
        self.REPLACE = take(locations)
        self.ROLL = take(len(DieFace))
        self.DRAWN = take(len(EventCard))
        self.SIZE = start


def build_catalogue(players: int) -> ActionCatalogue:
    """All actions in id order (see :class:`ActionIds`)."""
    size = GEOMETRY.size
    locations = range(size * SLOTS)
    actions: list[Action] = [BuildColony(loc) for loc in locations]
    actions += [BuildBase(loc, c) for loc in locations for c in (1, 2, 3)]
    actions += [EndTurn()]
    actions += [PlaceFlagship(p) for p in range(size)]
    actions += [MoveFlagship(p) for p in range(size)]
    actions += [DrawEvent(), NoEvent()]
    actions += [PlayAlienEmbassy(s) for s in Species]
    actions += [PlayCulturalTakeover(p) for p in range(size)]
    actions += [PlayDiscoveryMission(p) for p in range(size)]
    actions += [PlayForcefield()]
    actions += [PlayRebellion(loc) for loc in locations]
    actions += [PlaySurpriseAttack(p) for p in range(size)]
    actions += [PlayWormhole(pl, p) for pl in range(players) for p in range(size)]
    actions += [ReplaceColony(loc) for loc in locations]
    actions += [RollResult(f) for f in DieFace]
    actions += [EventDrawn(c) for c in EventCard]
    catalogue = ActionCatalogue(actions)
    if len(catalogue) != ActionIds(players).SIZE:
        raise RuntimeError("the catalogue and its id ranges disagree")
    return catalogue
