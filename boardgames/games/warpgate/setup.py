"""Setup (I4): factions, ships, research drones, technology decks, objectives and the first hands.

All of it is drawn from the seed: which factions play, the face-up
technologies, the objectives dealt and the first hand of each player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import PLAY, WarpgateState
from boardgames.kernel.cards import counts_of
from boardgames.kernel.chance import make_rng

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["deal", "new_game"]


def deal(rng: np.random.Generator, pool: tuple[int, ...], k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(k cards drawn at random from the multiset ``pool``, the rest), both sorted."""
    k = min(k, len(pool))
    if not k:
        return (), tuple(pool)
    picked = rng.choice(len(pool), size=k, replace=False).tolist()
    drawn = sorted([pool[i] for i in picked])
    taken = set(picked)
    return tuple(drawn), tuple([card for i, card in enumerate(pool) if i not in taken])


def new_game(game: Warpgate, seed: int | None) -> WarpgateState:
    """I4: the position before the first card is played, drawn from ``seed``.

    ``ships_at_warpgate`` ships on each warpgate (the rest in supply), the
    research drone on it, factions dealt at random (the hero replacing the
    basic tactics card of its letter), each technology deck shuffled with 2
    cards available, ``objectives`` objective cards each, and the first hand.
    """
    t = game.tables
    n = game.players
    rng = make_rng(seed)
    setup = game.interpretations.setup
    factions = tuple(rng.permutation(len(t.faction_names))[:n].tolist())
    places = len(t.place_names)
    owner = [-1] * places
    ships = [0] * places
    for p in range(n):
        owner[t.gate[p]] = p
        ships[t.gate[p]] = setup.ships_at_warpgate
    available: list[int] = []
    tech_deck: list[int] = []
    for tech_pile in sorted(t.deck_techs):
        face_up, rest = deal(rng, t.deck_techs[tech_pile], 2)
        available.extend(face_up)
        tech_deck.extend(rest)
    avail = tuple(sorted(available))
    kinds, objective_kinds = len(t.card_names), len(t.objective_names)
    objective_pool = tuple(range(objective_kinds))
    objectives = []
    for _ in range(n):
        mine, objective_pool = deal(rng, objective_pool, setup.objectives)
        objectives.append(counts_of(mine, objective_kinds))
    hands, decks = [], []
    for p in range(n):
        hand, deck = deal(rng, t.faction_cards[factions[p]], game.interpretations.rounds.hand_size)
        hands.append(counts_of(hand, kinds))
        decks.append(counts_of(deck, kinds))
    fields = {
        "round": 1, "turn": 0, "first": 0, "steps": ((PLAY, 0),), "revealed": ((),) * n, "taken": (),
        "owner": tuple(owner), "ships": tuple(ships),
        "supply": (I.SHIPS - setup.ships_at_warpgate,) * n,
        "marker": (-1,) * places, "colony": (0,) * places,
        "drone": tuple(t.gate), "techs": ((),) * n, "tech_avail": avail,
        "tech_deck": counts_of(tech_deck, len(t.tech_names)),
        "goods_pool": t.trade_goods, "goods": (0,) * n, "spent": (0,) * n,
        "tactics": tuple(t.faction_tactic_counts[f] for f in factions),
        "tactics_discard": (t.no_tactics,) * n,
        "promo_deck": t.promotion_counts, "promo_discard": t.no_tactics,
        "faction": factions, "hand": tuple(hands), "deck": tuple(decks), "discard": (t.no_cards,) * n,
        "played": ((),) * n, "objectives": tuple(objectives),
        "objective_deck": counts_of(objective_pool, objective_kinds),
    }
    return game._fill(game._blank_state(0), fields)

