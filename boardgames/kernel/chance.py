"""Chance: seeds, dice with arbitrary faces, and seeded sampling.

A chance event is a node of the game with enumerable outcomes and exact
probabilities: a die roll here, a card draw in :mod:`boardgames.kernel.cards`.
Every random number comes from a seeded numpy Generator (:func:`make_rng`),
never from global state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

import attrs
import numpy as np

from boardgames.kernel.errors import InvalidArgumentError

__all__ = ["Die", "Sampler", "check_seed", "make_rng"]

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

    def chance_ids(self, ids: Mapping[_K, int]) -> tuple[tuple[int, float], ...]:
        """``(id, probability)`` per distinct face, ``ids`` giving each face's action id.

        This is a state's ``_chance_ids`` at a roll of this die; compute it
        once per game, not per state.

        >>> Die(("hit", "hit", "miss")).chance_ids({"hit": 7, "miss": 8})
        ((7, 0.6666666666666666), (8, 0.3333333333333333))
        """
        return tuple((ids[face], float(p)) for face, p in self.outcomes())


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
        i = self._next
        buffer = self._buffer
        if i >= len(buffer):
            buffer, i = self._refill(), 0
        self._next = i + 1
        return buffer[i]

    def _refill(self) -> list[float]:
        """The next batch of draws (the rare path of :meth:`random` and :meth:`index`)."""
        buffer: list[float] = self._rng.random(self._batch).tolist()
        self._buffer = buffer
        return buffer

    def index(self, n: int) -> int:
        """A uniform int in range(n): ``int(random() * n)``, at most ``n - 1``.

        >>> sampler = Sampler(7)
        >>> [sampler.index(6) for _ in range(8)]
        [3, 5, 4, 1, 1, 5, 0, 4]
        """
        if n <= 0:
            raise ValueError("cannot choose from nothing")
        # random() inlined: bots and playouts draw once per step
        i = self._next
        buffer = self._buffer
        if i >= len(buffer):
            buffer, i = self._refill(), 0
        self._next = i + 1
        k = int(buffer[i] * n)
        return k if k < n else n - 1

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
