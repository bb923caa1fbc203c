"""Chance: seeds, dice with arbitrary faces, and seeded sampling.

A chance event is a node of the game with enumerable outcomes and exact
probabilities: a die roll here, a card draw in :mod:`boardgames.kernel.cards`.
Every random number comes from a seeded numpy Generator (:func:`make_rng`),
never from global state.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs
import numpy as np

from boardgames.kernel.errors import InvalidArgumentError

__all__ = ["Die", "Draws", "Sampler", "check_seed", "make_rng", "pcg64_seed_state"]

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


_LOW = 0xFFFFFFFF
"""The largest 32-bit draw."""

_BATCH = 64
"""Draws fetched from numpy at a time (64-bit raw draws of a seed's PCG64, 32-bit draws of a
caller's generator; a setup uses about 100 32-bit draws)."""


_M128 = (1 << 128) - 1
_PCG_MULT = 2549297995355413924 << 64 | 4865540595714422341
"""PCG64's multiplier (``PCG_DEFAULT_MULTIPLIER_128``): each raw draw steps the state to
``state * _PCG_MULT + inc``."""


def _hash_constants(init: int, mult: int, count: int) -> tuple[int, ...]:
    """The multipliers SeedSequence's hash uses in turn: ``init``, then each times ``mult`` (32-bit)."""
    out = [init]
    for _ in range(count - 1):
        out.append(out[-1] * mult & _LOW)
    return tuple(out)


_HASH_A = _hash_constants(0x43B0D7E5, 0x931E8875, 4 + 12 + 4 * 60 + 1)
"""``hashmix``'s constants in ``mix_entropy``: 4 for the pool, 12 to mix it, 4 per later word
(seeds up to 64 words, 2048 bits, are seeded here; larger ones by numpy)."""
_HASH_B = _hash_constants(0x8B51F9DD, 0x58F38DED, 9)
"""``generate_state``'s constants (8 words: PCG64's state and increment)."""
_MIX_PAIRS = tuple((src, dst) for src in range(4) for dst in range(4) if src != dst)


def pcg64_seed_state(seed: int) -> tuple[int, int]:
    """``np.random.PCG64(seed)``'s 128-bit state and increment, computed as numpy does:
    ``SeedSequence(seed)`` hashes the seed's 32-bit words into a pool of 4
    (``mix_entropy``), ``generate_state(4, np.uint64)`` draws the generator's seed and
    stream from it, and ``pcg64_set_seed`` steps the generator twice
    (``numpy/random/bit_generator.pyx``, ``pcg64.h``).  It counts more instructions
    than numpy's compiled seeding but takes less time where a setup runs, between
    games, with cold caches: numpy's path (array conversions, an ``errstate``, a
    lock, a new bit generator) then costs several times what it does in a tight loop.

    >>> state, inc = pcg64_seed_state(7)
    >>> np.random.PCG64(7).state["state"] == {"state": state, "inc": inc}
    True
    """
    checked = check_seed(seed)
    if checked is None:
        raise InvalidArgumentError("a PCG64 state is made from an int seed, not None")
    return _seed_state(checked)


def _seed_state(checked: int) -> tuple[int, int]:
    """:func:`pcg64_seed_state` of a seed already checked (:func:`check_seed`)."""
    words = []
    rest = checked
    while True:  # the seed's 32-bit words, lowest first (at least one)
        words.append(rest & _LOW)
        rest >>= 32
        if not rest:
            break
    if len(words) > 64:
        state = np.random.PCG64(checked).state["state"]
        return int(state["state"]), int(state["inc"])
    words += [0] * (4 - len(words))  # a short seed's pool is filled out with the hash of 0
    h = _HASH_A
    pool = []
    k = 0
    for i in range(4):  # hashmix(value): (value ^ h) * the next h, then value ^= value >> 16
        v = (words[i] ^ h[k]) * h[k + 1] & _LOW
        pool.append(v ^ v >> 16)
        k += 1
    # every pool word mixed into every other (mix(x, y): L * x - R * y, then the same shift),
    # then any further seed word into each pool word
    for src, dst in _MIX_PAIRS:
        v = (pool[src] ^ h[k]) * h[k + 1] & _LOW
        k += 1
        r = (0xCA01F9DD * pool[dst] - 0x4973F715 * (v ^ v >> 16)) & _LOW
        pool[dst] = r ^ r >> 16
    for word in words[4:]:
        for dst in range(4):
            v = (word ^ h[k]) * h[k + 1] & _LOW
            k += 1
            r = (0xCA01F9DD * pool[dst] - 0x4973F715 * (v ^ v >> 16)) & _LOW
            pool[dst] = r ^ r >> 16
    h = _HASH_B
    out = []
    for i in range(8):  # generate_state: 8 words cycling over the pool
        v = (pool[i & 3] ^ h[i]) * h[i + 1] & _LOW
        out.append(v ^ v >> 16)
    # two 64-bit words each (little-endian pairs): the seed's high half first, then the stream's
    start = (out[0] | out[1] << 32) << 64 | out[2] | out[3] << 32
    inc = (((out[4] | out[5] << 32) << 64 | out[6] | out[7] << 32) << 1 | 1) & _M128
    # pcg_setseq_128_srandom_r: state 0 stepped, the seed added, stepped again
    return ((inc + start) * _PCG_MULT + inc) & _M128, inc


def _jump(steps: int) -> tuple[int, int]:
    """``(a, c)`` such that ``steps`` PCG64 steps take ``state`` to ``a * state + c * inc``
    (mod 2**128): ``a`` the multiplier to the power ``steps``, ``c`` the sum of its lower powers."""
    a, c = 1, 0
    for _ in range(steps):
        a, c = a * _PCG_MULT & _M128, (c * _PCG_MULT + 1) & _M128
    return a, c


_SEED_BATCH = 128
"""Raw draws fetched at a time for a seed's generator (:meth:`Draws.of_seed`): 256 32-bit
draws, enough for the largest setup in one numpy call."""
_SEED_JUMP = _jump(_SEED_BATCH)
"""A batch's steps of a seed's PCG64."""

_SCRATCH = threading.local()
"""Each thread's PCG64 that draws a seed's batches for :class:`Draws`: it holds nothing
between them (each batch sets its whole state first), so no seed's draws depend on another's."""


def _masks(n: int) -> tuple[int, ...]:
    """For each ``i`` below ``n``, the mask of the bits of ``i``: ``random_interval``'s."""
    return tuple((1 << i.bit_length()) - 1 for i in range(n))


_MASKS = _masks(64)
"""The masks of :meth:`Draws.permutation` of up to 64 items (a setup's shuffles)."""


class Draws:
    """The random numbers of a game's setup: numpy's ``Generator.permutation(n)``,
    ``Generator.choice(n, k, replace=False)``, ``Generator.integers(low, high)`` and
    ``Generator.random()``, number for number, computed here from the generator's draws,
    fetched a batch at a time: one numpy call per setup, where each of numpy's own calls
    costs about as much as a batch (1-5 us).

    Made from a seed's own bit generator (``Draws(np.random.PCG64(seed))``, what
    :func:`make_rng` wraps) it serves all four; from a caller's :class:`numpy.random.Generator`
    of any bit generator it serves the first three (its 32-bit draws) and :meth:`finish`
    leaves that generator where numpy's own calls would have.

    The algorithms are numpy's (``numpy/random/_generator.pyx`` and ``distributions.c``):
    ``permutation`` swaps each position from the last with one drawn by masked rejection
    (``random_interval``); ``integers`` is Lemire's method (``random_bounded_uint64``);
    ``choice`` without replacement is Floyd's algorithm with draws bounded by Lemire's
    method, then shuffled with the same bounded draws; ``random`` is the top 53 bits of
    one 64-bit draw.  PCG64 hands out a 64-bit draw as two 32-bit ones, the low half
    first and the high half kept for the next 32-bit draw, while a 64-bit draw takes a
    whole new one: the batch of 32-bit words keeps that order.  Tests compare all of it
    with numpy's own over many seeds.

    >>> rng = np.random.default_rng(7)
    >>> draws = Draws(np.random.PCG64(7))
    >>> draws.permutation(6) == rng.permutation(6).tolist()
    True
    >>> draws.choice(12, 5) == rng.choice(12, 5, replace=False).tolist()
    True
    >>> draws.integers(1, 7) == int(rng.integers(1, 7)), draws.random() == rng.random()
    (True, True)
    >>> draws.finish()
    """

    def __init__(self, rng: np.random.Generator | np.random.PCG64) -> None:
        self.rng: np.random.Generator | np.random.PCG64 | None = rng
        self.pcg = (0, 0)
        """A seed's generator (:meth:`of_seed`): its PCG64 state and increment."""
        self.start: dict[str, Any] | None = None
        if isinstance(rng, np.random.Generator):
            # A caller's generator, of any bit generator: its next 32-bit draws (numpy's integers
            # over the whole uint32 range are exactly those), and finish leaves it where numpy's
            # own draws would have.
            self.start = dict(rng.bit_generator.state)
        self.words: list[int] = self._fetch()
        self.used = 0

    @classmethod
    def of_seed(cls, seed: int | None) -> Draws:
        """``Draws(np.random.PCG64(seed))``, the same draws, made without numpy's seeding
        (:func:`pcg64_seed_state`).  A setup draws from one generator made for it, so
        that seeding is part of every new game; here it costs a few microseconds, and
        the batches come from numpy's PCG64 all the same (set to this generator's
        state, then drawn).  ``None`` (fresh entropy) is numpy's own."""
        seed = check_seed(seed)
        if seed is None:
            return cls(np.random.PCG64(None))
        draws = cls.__new__(cls)
        draws.rng = None
        draws.pcg = _seed_state(seed)  # (checked above)
        draws.start = None
        draws.words = draws._fetch()
        draws.used = 0
        return draws

    def _fetch(self) -> list[int]:
        """The next batch of 32-bit draws (``next_uint32``)."""
        rng = self.rng
        if rng is None:
            # a seed's PCG64 (of_seed), kept as its state: this thread's scratch generator
            # set to it draws the batch, and the state moves on by the batch's steps
            scratch = getattr(_SCRATCH, "pcg64", None)
            if scratch is None:
                scratch = _SCRATCH.pcg64 = np.random.PCG64(0)
            state, inc = self.pcg
            scratch.state = {
                "bit_generator": "PCG64",
                "state": {"state": state, "inc": inc},
                "has_uint32": 0,
                "uinteger": 0,
            }
            a, c = _SEED_JUMP
            self.pcg = ((a * state + c * inc) & _M128, inc)
            return scratch.random_raw(_SEED_BATCH).view(np.uint32).tolist()  # type: ignore[no-any-return]
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

    def integers(self, low: int, high: int) -> int:
        """``Generator.integers(low, high)``: an int in ``low..high - 1`` (a span of at most
        2**32 - 1; numpy draws nothing for a span of one)."""
        top = high - 1 - low
        if not 0 <= top < _LOW:
            raise InvalidArgumentError(f"integers({low}, {high}): the span must be 1 to 2**32 - 1")
        if self.used == len(self.words):
            self.words += self._fetch()
        return low + self._bounded(top)

    def random(self) -> float:
        """``Generator.random()``: a float in [0, 1) from the next 64-bit draw (a seed's
        PCG64 only)."""
        if self.start is not None:
            raise InvalidArgumentError("Draws.random needs a seed's own PCG64, not a caller's generator")
        words = self.words
        i = self.used
        while len(words) < i + 3:
            words += self._fetch()
        if i & 1:
            # the high half of the last 64-bit draw is kept for the next 32-bit draw: this
            # draw is the one after it
            low, high = words[i + 1], words[i + 2]
            del words[i + 1 : i + 3]
        else:
            low, high = words[i], words[i + 1]
            self.used = i + 2
        return ((high << 32 | low) >> 11) * (1.0 / 9007199254740992.0)

    def permutation(self, n: int) -> list[int]:
        """``Generator.permutation(n)`` as a list."""
        out = [*range(n)]
        words = self.words
        used = self.used
        masks = _MASKS if n <= len(_MASKS) else _masks(n)
        for i in range(n - 1, 0, -1):
            mask = masks[i]  # random_interval: masked draws until one is <= i
            while True:
                try:
                    j = words[used] & mask
                except IndexError:  # the batch is used up
                    words += self._fetch()  # (the same list: self.words)
                    continue
                used += 1
                if j <= i:
                    break
            out[i], out[j] = out[j], out[i]
        self.used = used
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
