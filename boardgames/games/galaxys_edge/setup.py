"""Setup and Turn Order: the board, the hands, the starting player and the
flagships' placement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, EventCard, Species
from boardgames.games.galaxys_edge.state import (
    BYTE,
    COLONIES_PER_PLAYER,
    EMPTY,
    MILITARY_TOKENS_PER_PLAYER,
    NOBODY,
    NOT_BUILT,
    NOWHERE,
    Forcefield,
    Phase,
    choices_of,
)
from boardgames.kernel.cards import deal

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge
    from boardgames.games.galaxys_edge.state import Choices, Fields, GalaxysEdgeState

__all__ = ["HAND_SIZE", "new_game_fields", "place_flagship", "placement_choices", "placement_order"]

HAND_SIZE = 2
"""Setup: "deal 2 event cards to each player"."""


def new_game_fields(game: GalaxysEdge, rng: np.random.Generator) -> dict[str, Any]:
    """Setup: shuffle the sectors onto the board, deal 2 event cards each,
    and choose a random starting player, who places their flagship first."""
    players = game.players
    tiles = tuple(rng.permutation(len(game.components.tiles)).tolist())
    counts = game.components.event_counts
    *hands, deck = deal(rng, counts, (HAND_SIZE,) * players + (sum(counts) - HAND_SIZE * players,))
    start = int(rng.integers(players))
    return {
        "tiles": tiles,
        "occupant": BYTE[EMPTY] * (GEOMETRY.size * SLOTS),
        "flagships": (NOWHERE,) * players,
        "bans": (NOWHERE,) * players,
        "hands": tuple(hands),
        "deck": deck,
        "discarded": (0,) * len(EventCard),
        "forcefield": (Forcefield.NONE,) * players,
        "pledges": (NOBODY,) * len(Species),
        "embassy": ((0,) * players,) * len(Species),
        "colonies_left": (COLONIES_PER_PLAYER,) * players,
        "tokens_left": (MILITARY_TOKENS_PER_PLAYER,) * players,
        "steps": ((Phase.PLACEMENT, start),),
        "active": start,
        "player": start,
        "moved": False,
        "built": NOT_BUILT,
        "idle": 0,
        "start": start,
        "placed": 0,
    }


def placement_order(start: int, players: int) -> tuple[int, ...]:
    """Setup: 'Moving counterclockwise around the table' from the starting player."""
    return tuple((start - i) % players for i in range(players))


def placement_choices(state: GalaxysEdgeState) -> Choices:
    """Setup: only outer sectors, and never in the vicinity of a placed rival flagship."""
    blocked = 0
    vicinity = GEOMETRY.vicinity
    for position in state.flagships:
        if position != NOWHERE:
            blocked |= vicinity[position]
    allowed = GEOMETRY.outer_mask & ~blocked
    base = state.game.ids.PLACE
    return choices_of([base + p for p in GEOMETRY.outer if allowed >> p & 1], state.game.catalogue.actions)


def place_flagship(new: GalaxysEdgeState, d: Fields, position: int) -> None:
    """Setup: place the flagship; after the last placement, the last placer moves first."""
    player = new._player
    flagships = new.flagships
    d["flagships"] = flagships[:player] + (position,) + flagships[player + 1 :]
    placed = new.placed + 1
    d["placed"] = placed
    players = new.game.players
    if placed < players:
        d["steps"] = ((Phase.PLACEMENT, (new.start - placed) % players),)
        return
    # Turn Order: the player who placed their flagship last makes the first move.
    d["active"] = player
    d["steps"] = ((Phase.TURN, player),)
