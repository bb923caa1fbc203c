"""Galaxy's Edge: colonize systems, hold military control, win alien loyalty.

The rules follow the rulebook section by section; see
``docs/games/galaxys-edge.md`` for the traceability table and every
interpretation.
"""

from boardgames.games.galaxys_edge.actions import (
    COLOURS,
    BuildBase,
    BuildColony,
    DrawEvent,
    EndTurn,
    EventDrawn,
    MoveFlagship,
    NoEvent,
    PlaceFlagship,
    PlayAlienEmbassy,
    PlayCulturalTakeover,
    PlayDiscoveryMission,
    PlayForcefield,
    PlayRebellion,
    PlaySurpriseAttack,
    PlayWormhole,
    ReplaceColony,
    RollResult,
)
from boardgames.games.galaxys_edge.components import (
    ComponentSet,
    DieFace,
    EventCard,
    SectorTile,
    Species,
    load_components,
)
from boardgames.games.galaxys_edge.game import GalaxysEdge
from boardgames.games.galaxys_edge.state import GalaxysEdgeState, GalaxysEdgeView, Phase

__all__ = [
    "COLOURS",
    "BuildBase",
    "BuildColony",
    "ComponentSet",
    "DieFace",
    "DrawEvent",
    "EndTurn",
    "EventCard",
    "EventDrawn",
    "GalaxysEdge",
    "GalaxysEdgeState",
    "GalaxysEdgeView",
    "MoveFlagship",
    "NoEvent",
    "Phase",
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
    "SectorTile",
    "Species",
    "load_components",
]
