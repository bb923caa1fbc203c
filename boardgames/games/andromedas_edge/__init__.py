"""Andromeda's Edge: launch ships, battle raiders, build your station and develop the Edge.

The rules follow the rulebook section by section; see
``docs/games/andromedas-edge.md`` for the traceability table and every
interpretation.
"""

from boardgames.games.andromedas_edge.components import ComponentSet, Effect, load_components
from boardgames.games.andromedas_edge.game import AndromedasEdge
from boardgames.games.andromedas_edge.state import AndromedasEdgeState, AndromedasEdgeView

__all__ = [
    "AndromedasEdge",
    "AndromedasEdgeState",
    "AndromedasEdgeView",
    "ComponentSet",
    "Effect",
    "load_components",
]
