"""Setup (I4): factions, ships, research drones, technology decks, objectives and the first hands.

All of it is drawn from the seed: which factions play, the face-up
technologies, the objectives dealt and the first hand of each player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import PLAY, WarpgateState
from boardgames.kernel.cards import counts_of
from boardgames.kernel.chance import Draws

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["Draws", "deal", "new_game"]


def deal(draws: Draws, pool: Sequence[int], k: int) -> list[int]:
    """k cards drawn at random from ``pool`` (all of them if it holds fewer), in the order drawn."""
    return [pool[i] for i in draws.choice(len(pool), min(k, len(pool)))]


def new_game(game: Warpgate, seed: int | None) -> WarpgateState:
    """I4: the position before the first card is played, drawn from ``seed``.

    ``ships_at_warpgate`` ships on each warpgate (the rest in supply), the
    research drone on it, factions dealt at random (the hero replacing the
    basic tactics card of its letter), each technology deck shuffled with 2
    cards available, ``objectives`` objective cards each, and the first hand.
    """
    t = game.tables
    n = game.players
    # a caller's generator, or the seed's own PCG64 made without numpy's seeding (Draws.of_seed:
    # the same draws, several microseconds less of every new game)
    draws = Draws(seed) if isinstance(seed, np.random.Generator) else Draws.of_seed(seed)
    setup = game.interpretations.setup
    factions = tuple(draws.permutation(len(t.faction_names))[:n])
    places = len(t.place_names)
    owner = [-1] * places
    ships = [0] * places
    for p in range(n):
        owner[t.gate[p]] = p
        ships[t.gate[p]] = setup.ships_at_warpgate
    available: list[int] = []
    for tech_pile in sorted(t.deck_techs):
        available += deal(draws, t.deck_techs[tech_pile], 2)
    avail = tuple(sorted(available))
    tech_deck = [1] * len(t.tech_names)  # every technology is in one deck (I12), once
    for c in available:
        tech_deck[c] = 0
    kinds, objective_kinds = len(t.card_names), len(t.objective_names)
    objective_pool = list(range(objective_kinds))  # the objectives left, ascending
    objectives = []
    for _ in range(n):
        mine = deal(draws, objective_pool, setup.objectives)
        for c in mine:
            objective_pool.remove(c)
        objectives.append(counts_of(mine, objective_kinds))
    hands, decks = [], []
    hand_size = game.interpretations.rounds.hand_size
    for p in range(n):
        hand = [0] * kinds
        deck = list(t.faction_counts[factions[p]])
        for c in deal(draws, t.faction_cards[factions[p]], hand_size):
            hand[c] += 1
            deck[c] -= 1
        hands.append(tuple(hand))
        decks.append(tuple(deck))
    draws.finish()
    fields = {
        "round": 1, "turn": 0, "first": 0, "steps": ((PLAY, 0),), "revealed": ((),) * n, "taken": (),
        "owner": tuple(owner), "ships": tuple(ships),
        "supply": (I.SHIPS - setup.ships_at_warpgate,) * n,
        "marker": (-1,) * places, "colony": (0,) * places,
        "drone": tuple(t.gate), "techs": ((),) * n, "tech_avail": avail,
        "tech_deck": tuple(tech_deck),
        "goods_pool": t.trade_goods, "goods": (0,) * n, "spent": (0,) * n,
        "tactics": tuple(t.faction_tactic_counts[f] for f in factions),
        "tactics_discard": (t.no_tactics,) * n,
        "promo_deck": t.promotion_counts, "promo_discard": t.no_tactics,
        "faction": factions, "hand": tuple(hands), "deck": tuple(decks), "discard": (t.no_cards,) * n,
        "played": ((),) * n, "objectives": tuple(objectives),
        "objective_deck": counts_of(objective_pool, objective_kinds),
    }
    return game._fill(game._blank_state(0), fields)

