"""Building Galaxy's Edge positions for the rulebook's examples."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import boardgames as bg
from boardgames.games.galaxys_edge import GalaxysEdge, GalaxysEdgeState
from boardgames.games.galaxys_edge.components import GEOMETRY

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3

_FILL = ("crystalloids", "hive", "humanoids", "saplenti", "wargers")


def component_data(sectors: Mapping[str, tuple[str, list[int]]]) -> dict[str, Any]:
    """A component set whose tile i lies on position i by default: the named
    positions get the given (species, systems); every other sector one
    value-2 system of a species in turn."""
    tiles = []
    for position in range(GEOMETRY.size):
        name = GEOMETRY.names[position]
        if name in sectors:
            species, systems = sectors[name]
        else:
            species, systems = _FILL[position % 5], [2]
        tiles.append({"species": species, "systems": list(systems)})
    return {
        "set": {"name": "test"},
        "die": {"faces": ["own-ban", "own-ban", "next-ban", "next-ban", "event", "event"]},
        "events": {
            "alien-embassy": 4,
            "cultural-takeover": 4,
            "discovery-mission": 4,
            "forcefield": 4,
            "rebellion": 4,
            "surprise-attack": 4,
            "wormhole": 4,
        },
        "sectors": tiles,
    }


def game_with(players: int, sectors: Mapping[str, tuple[str, list[int]]]) -> GalaxysEdge:
    game = bg.make("galaxys-edge", players=players, components=component_data(sectors))
    assert isinstance(game, GalaxysEdge)
    return game


def play(state: bg.State, *texts: str) -> GalaxysEdgeState:
    """Apply actions given by their texts, in order."""
    for text in texts:
        state = state.apply_text(text)
    assert isinstance(state, GalaxysEdgeState)
    return state


def texts(state: bg.State) -> set[str]:
    return {str(a) for a in state.legal_actions()}
