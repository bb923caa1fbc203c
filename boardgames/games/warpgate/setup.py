"""Setup (I4): factions, ships, research drones, technology decks, objectives and the first hands.

All of it is drawn from the seed: which factions play, the face-up
technologies, the objectives dealt and the first hand of each player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import PLAY, WarpgateState
from boardgames.kernel.cards import counts_of
from boardgames.kernel.chance import check_seed

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["Draws", "deal", "new_game"]

_LOW = 0xFFFFFFFF
"""The largest 32-bit draw."""

_BATCH = 64
"""Draws fetched from numpy at a time (64-bit raw draws of a seed's PCG64, 32-bit draws of a
caller's generator; a 6-player setup uses about 100 32-bit draws)."""


class Draws:
    """The random numbers of a setup: numpy's ``Generator.permutation(n)`` and
    ``Generator.choice(n, k, replace=False)``, number for number, computed here from the
    generator's 32-bit draws (``next_uint32``), fetched a batch at a time: one numpy call per
    setup, where every ``choice`` call of numpy's cost about as much as a batch.

    The algorithms are numpy's (``numpy/random/_generator.pyx`` and ``distributions.c``):
    ``permutation``
    swaps each position from the last with one drawn by masked rejection (``random_interval``);
    ``choice`` without replacement is Floyd's algorithm with draws bounded by Lemire's method
    (``random_bounded_uint64``), then shuffled with the same bounded draws.  A test compares
    them with numpy's own over many seeds.

    >>> rng = np.random.default_rng(7)
    >>> draws = Draws(np.random.PCG64(7))
    >>> draws.permutation(6) == rng.permutation(6).tolist()
    True
    >>> draws.choice(12, 5) == rng.choice(12, 5, replace=False).tolist()
    True
    >>> draws.finish()
    """

    def __init__(self, rng: np.random.Generator | np.random.PCG64) -> None:
        self.rng = rng
        self.start: dict[str, Any] | None = None
        if isinstance(rng, np.random.Generator):
            # A caller's generator, of any bit generator: its next 32-bit draws (numpy's integers
            # over the whole uint32 range are exactly those), and finish leaves it where numpy's
            # own draws would have.
            self.start = dict(rng.bit_generator.state)
        self.words: list[int] = self._fetch()
        self.used = 0

    def _fetch(self) -> list[int]:
        """The next batch of 32-bit draws (``next_uint32``)."""
        rng = self.rng
        if isinstance(rng, np.random.Generator):
            return rng.integers(0, 1 << 32, size=_BATCH, dtype=np.uint32).tolist()  # type: ignore[no-any-return]
        # A fresh PCG64: its 32-bit draws are the low, then the high half of each raw draw.
        return rng.random_raw(_BATCH).view(np.uint32).tolist()  # type: ignore[no-any-return]

    def _word(self) -> int:
        """The next 32-bit draw."""
        i = self.used
        words = self.words
        if i == len(words):
            words += self._fetch()
        self.used = i + 1
        return words[i]

    def _bounded(self, top: int) -> int:
        """An int in 0..top (< 2**32 - 1), Lemire's method (``random_bounded_uint64``); the
        caller has made sure a word is left for it."""
        if top == 0:
            return 0
        size = top + 1
        i = self.used
        m = self.words[i] * size
        self.used = i + 1
        if m & _LOW < size:
            threshold = (_LOW - top) % size
            while m & _LOW < threshold:
                m = self._word() * size
        return m >> 32

    def permutation(self, n: int) -> list[int]:
        """``Generator.permutation(n)`` as a list."""
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            mask = (1 << i.bit_length()) - 1  # random_interval: masked draws until one is <= i
            j = self._word() & mask
            while j > i:
                j = self._word() & mask
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, n: int, k: int) -> list[int]:
        """``Generator.choice(n, k, replace=False)`` as a list (Floyd's algorithm, then a shuffle)."""
        while len(self.words) - self.used < 2 * k:  # a word for each draw (more only if one is rejected)
            self.words += self._fetch()
        bounded = self._bounded
        out: list[int] = []
        for top in range(n - k, n):
            value = bounded(top)
            out.append(top if value in out else value)
        for i in range(k - 1, 0, -1):
            j = bounded(i)
            out[i], out[j] = out[j], out[i]
        return out

    def finish(self) -> None:
        """Leave a caller's generator as numpy's own draws would have: as it was, then the words
        used drawn again (nothing to do for a seed: its bit generator is not seen again)."""
        rng = self.rng
        if isinstance(rng, np.random.Generator) and self.start is not None:
            rng.bit_generator.state = self.start
            if self.used:
                rng.integers(0, 1 << 32, size=self.used, dtype=np.uint32)


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
    # make_rng's generator, or its bit generator alone (a Generator costs more to make than it
    # draws here)
    draws = Draws(seed if isinstance(seed, np.random.Generator) else np.random.PCG64(check_seed(seed)))
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

