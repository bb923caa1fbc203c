"""Chance: dice with arbitrary faces, multiset decks, and seeded sampling.

A chance event is a node of the game with enumerable outcomes and exact
probabilities.  A deck is a multiset of remaining cards, so a draw is a
chance outcome and no hidden order is ever stored.  Where a rule puts known
cards at known places (a card returned on top after a peek), the deck keeps
them in order around its unknown multiset.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

import attrs
import numpy as np

from boardgames.kernel.errors import InvalidArgumentError

__all__ = ["Deck", "Die", "Sampler", "check_seed", "make_rng"]

_K = TypeVar("_K", bound=Hashable)


def check_seed(seed: object) -> int | None:
    """``seed`` if it is an accepted seed: None (fresh entropy) or an int >= 0.

    Every game draws its setup from :func:`make_rng`, which checks the seed
    here, so the seed domain is the same in every game.  Anything else (a
    negative number, a float, a bool, a string) is an
    :class:`InvalidArgumentError`.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    boardgames.kernel.errors.InvalidArgumentError: a seed is None or an int >= 0, not 1.5
    """
    if seed is None:
        return None
    if isinstance(seed, np.integer):
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise InvalidArgumentError(f"a seed is None or an int >= 0, not {seed!r}")
    return seed


def make_rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A numpy Generator from a seed (PCG64, the same stream on every machine).

    A Generator is returned as it is; a seed must pass :func:`check_seed`.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.Generator(np.random.PCG64(check_seed(seed)))


@attrs.frozen
class Die(Generic[_K]):
    """A die whose faces carry arbitrary symbols; faces may repeat.

    >>> die = Die(("ban", "ban", "next", "event", "event", "event"))
    >>> die.outcomes()
    (('ban', Fraction(1, 3)), ('next', Fraction(1, 6)), ('event', Fraction(1, 2)))
    """

    faces: tuple[_K, ...]

    def __attrs_post_init__(self) -> None:
        if not self.faces:
            raise ValueError("a die needs at least one face")

    def outcomes(self) -> tuple[tuple[_K, Fraction], ...]:
        """Each distinct symbol with its exact probability, in first-face order."""
        counts = Counter(self.faces)
        total = len(self.faces)
        seen: list[_K] = []
        for face in self.faces:
            if face not in seen:
                seen.append(face)
        return tuple((face, Fraction(counts[face], total)) for face in seen)


@attrs.frozen
class Deck(Generic[_K]):
    """A deck as known cards on top, an unordered multiset, known cards at the bottom.

    ``counts`` maps each card kind to how many copies are in the unordered
    middle; kinds with no copies are not stored, so equal decks compare equal.

    >>> deck = Deck.of(["a", "a", "b"])
    >>> deck.size, dict(deck.draw_outcomes())
    (3, {'a': Fraction(2, 3), 'b': Fraction(1, 3)})
    >>> deck.draw("a").size
    2
    """

    top: tuple[_K, ...] = ()
    counts: tuple[tuple[_K, int], ...] = ()
    bottom: tuple[_K, ...] = ()

    @classmethod
    def of(cls, cards: Iterable[_K]) -> Deck[_K]:
        """A shuffled deck of ``cards`` (a multiset: order is forgotten)."""
        return cls(counts=_normal(Counter(cards)))

    @property
    def size(self) -> int:
        return len(self.top) + sum(n for _, n in self.counts) + len(self.bottom)

    def __len__(self) -> int:
        return self.size

    def multiset(self) -> Counter[_K]:
        """Every card in the deck, wherever it lies."""
        result: Counter[_K] = Counter(dict(self.counts))
        result.update(self.top)
        result.update(self.bottom)
        return result

    def draw_outcomes(self) -> tuple[tuple[_K, Fraction], ...]:
        """The possible top cards with their exact probabilities."""
        if self.top:
            return ((self.top[0], Fraction(1)),)
        if self.counts:
            total = sum(n for _, n in self.counts)
            return tuple((kind, Fraction(n, total)) for kind, n in self.counts)
        if self.bottom:
            return ((self.bottom[0], Fraction(1)),)
        return ()

    def draw(self, card: _K) -> Deck[_K]:
        """The deck after ``card`` was drawn from the top (a chance outcome)."""
        if self.top:
            if self.top[0] != card:
                raise ValueError(f"the top card is known, and it is not {card!r}")
            return attrs.evolve(self, top=self.top[1:])
        if self.counts:
            counts = dict(self.counts)
            if counts.get(card, 0) == 0:
                raise ValueError(f"no {card!r} left in the deck")
            counts[card] -= 1
            return attrs.evolve(self, counts=_normal(counts))
        if self.bottom and self.bottom[0] == card:
            return attrs.evolve(self, bottom=self.bottom[1:])
        raise ValueError(f"cannot draw {card!r} from this deck")

    def put_on_top(self, card: _K) -> Deck[_K]:
        return attrs.evolve(self, top=(card, *self.top))

    def put_on_bottom(self, card: _K) -> Deck[_K]:
        return attrs.evolve(self, bottom=(*self.bottom, card))

    def shuffle_in(self, cards: Iterable[_K]) -> Deck[_K]:
        """All known positions forgotten, ``cards`` added to the multiset."""
        merged = self.multiset()
        merged.update(cards)
        return Deck(counts=_normal(merged))


def _normal(counts: Mapping[_K, int]) -> tuple[tuple[_K, int], ...]:
    return tuple(sorted(((k, n) for k, n in counts.items() if n > 0), key=lambda kv: repr(kv[0])))


class Sampler:
    """Uniform draws from a seeded numpy Generator, fetched in batches.

    A single numpy draw costs about a microsecond; batches make it cheap.
    """

    __slots__ = ("_batch", "_buffer", "_next", "_rng")

    def __init__(self, seed: int | np.random.Generator | None, batch: int = 1024) -> None:
        self._rng = make_rng(seed)
        self._batch = batch
        self._buffer: list[float] = []
        self._next = 0

    @property
    def generator(self) -> np.random.Generator:
        return self._rng

    def random(self) -> float:
        """A float in [0, 1)."""
        if self._next >= len(self._buffer):
            self._buffer = self._rng.random(self._batch).tolist()
            self._next = 0
        value = self._buffer[self._next]
        self._next += 1
        return value

    def index(self, n: int) -> int:
        """A uniform int in range(n)."""
        if n <= 0:
            raise ValueError("cannot choose from nothing")
        return min(int(self.random() * n), n - 1)

    def choice(self, items: Sequence[_K]) -> _K:
        return items[self.index(len(items))]

    def weighted(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to ``weights``."""
        total = sum(weights)
        draw = self.random() * total
        acc = 0.0
        for i, w in enumerate(weights):
            acc += w
            if draw < acc:
                return i
        return len(weights) - 1
