"""Cards: decks, hands and face-down piles as count vectors, and what a player has not seen.

A game numbers its card kinds ``0..k-1``.  A shuffled pile whose order nobody
knows is a *count vector*: a tuple with one count per kind.  Drawing from it
is a chance event (:func:`draw_outcomes`), so no hidden order is ever stored,
and equal piles compare equal.  A hand is a count vector too (or, for a game
whose hands hold distinct cards, a bit mask; :func:`deal_cards` gives lists).

What a player may know is the cards in the places they have seen.  A
player's view keeps those and the *sizes* of the rest; resampling a full
state from a view deals the cards the viewer has not seen (:func:`unseen`)
at random into the places the viewer has not seen (:func:`deal`), with the
sizes the view shows.

>>> from boardgames.kernel.cards import deal, draw_outcomes, unseen
>>> import numpy as np
>>> full = (2, 1, 3)                       # two of kind 0, one of kind 1, three of kind 2
>>> mine, discard = (1, 0, 1), (0, 0, 1)
>>> rest = unseen(full, mine, discard)     # what a viewer holding `mine` has not seen
>>> rest
(1, 1, 1)
>>> other_hand, deck = deal(np.random.default_rng(1), rest, (1, 2))
>>> sum(other_hand), sum(deck), tuple(a + b for a, b in zip(other_hand, deck))
(1, 2, (1, 1, 1))
>>> draw_outcomes(deck, base=100) == tuple((100 + k, n / 2) for k, n in enumerate(deck) if n)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs
import numpy as np

from boardgames.kernel.errors import BoardGameError, HiddenInformationError, SerializationError

__all__ = [
    "EVERYONE",
    "Deck",
    "add",
    "cards_of",
    "counts_of",
    "deal",
    "deal_cards",
    "deal_masks",
    "draw_outcomes",
    "labelled_outcomes",
    "mask_cards",
    "mask_draw_outcomes",
    "mask_entries",
    "mask_of",
    "mask_size",
    "mask_tables",
    "mask_unseen",
    "take",
    "unseen",
]


def draw_outcomes(counts: Sequence[int], base: int = 0) -> tuple[tuple[int, float], ...]:
    """``(base + kind, probability)`` of drawing each kind from a shuffled pile.

    With ``base`` the catalogue id of the outcome for kind 0 this is a
    state's ``_chance_ids`` directly (which the state caches).  Not
    remembered across states: a pile is seldom the same vector twice in a
    game, and a cache of them measured dearer in every game (its long-lived
    tuples also make the garbage collector work harder).

    >>> draw_outcomes((0, 3, 1))
    ((1, 0.75), (2, 0.25))
    """
    return labelled_outcomes(counts, range(base, base + len(counts)))


_L = TypeVar("_L")


def labelled_outcomes(counts: Sequence[int], labels: Iterable[_L]) -> tuple[tuple[_L, float], ...]:
    """:func:`draw_outcomes` with each kind's outcome named by ``labels`` (one per
    kind: its id, or the action itself for a state's ``chance_outcomes``).

    >>> labelled_outcomes((0, 3, 1), "abc")
    (('b', 0.75), ('c', 0.25))
    """
    total = sum(counts)
    if total <= 0:
        return ()
    # a loop, not a comprehension: on 3.11 that is a function of its own, made and
    # called at every draw of every playout
    found = []
    if total < _SHARED_TOTALS:
        # each n / total read from a table: the same floats, none made (about 15% of a draw)
        share = _SHARES[total]
        if share is None:
            share = _SHARES[total] = tuple([n / total for n in range(total + 1)])
        for label, n in zip(labels, counts):
            if n:
                found.append((label, share[n]))
    else:
        for label, n in zip(labels, counts):
            if n:
                found.append((label, n / total))
    return tuple(found)


_SHARED_TOTALS = 256
_SHARES: list[tuple[float, ...] | None] = [None] * _SHARED_TOTALS
"""``_SHARES[total][n]`` is ``n / total``, for piles of fewer than 256 cards, made on a
pile's first draw (a few KB for a game's few pile sizes)."""


def take(counts: Sequence[int], kind: int, n: int = 1) -> tuple[int, ...]:
    """``counts`` with ``n`` cards of ``kind`` removed (BoardGameError if there are fewer).

    >>> take((1, 2), 1)
    (1, 1)
    """
    if counts[kind] < n:
        raise BoardGameError(f"only {counts[kind]} card(s) of kind {kind} left, cannot take {n}")
    copy = list(counts)
    copy[kind] -= n
    return tuple(copy)


def add(counts: Sequence[int], kind: int, n: int = 1) -> tuple[int, ...]:
    """``counts`` with ``n`` cards of ``kind`` added.

    >>> add((1, 2), 0, 2)
    (3, 2)
    """
    copy = list(counts)
    copy[kind] += n
    return tuple(copy)


def counts_of(cards: Iterable[int], kinds: int) -> tuple[int, ...]:
    """The count vector of a list of card kinds.

    >>> counts_of([2, 0, 2], 3)
    (1, 0, 2)
    """
    counts = [0] * kinds
    for card in cards:
        counts[card] += 1
    return tuple(counts)


def cards_of(counts: Sequence[int]) -> tuple[int, ...]:
    """Every card of a count vector, ascending.

    >>> cards_of((1, 0, 2))
    (0, 2, 2)
    """
    return tuple([kind for kind, n in enumerate(counts) for _ in range(n)])


def unseen(total: Sequence[int], *known: Sequence[int]) -> tuple[int, ...]:
    """The cards of ``total`` that are in none of the ``known`` places.

    :class:`HiddenInformationError` if the known places hold more of a kind
    than exists (a view that no state of the game could produce).
    """
    rest = list(total)
    for place in known:
        if len(place) != len(rest):
            raise HiddenInformationError(f"expected {len(rest)} card counts, got {len(place)}")
        for kind, n in enumerate(place):
            rest[kind] -= n
    if min(rest, default=0) < 0:
        raise HiddenInformationError("the view shows more cards of a kind than the game has")
    return tuple(rest)


def _shuffled(rng: np.random.Generator, unseen_counts: Sequence[int], sizes: Sequence[int]) -> list[int]:
    pool = list(cards_of(unseen_counts))
    if min(sizes, default=0) < 0 or sum(sizes) != len(pool):
        raise HiddenInformationError(
            f"{len(pool)} unseen card(s) cannot fill hidden places of sizes {tuple(sizes)}"
        )
    if len(pool) > 1:
        # the swaps rng.permutation(len(pool)) makes, on the list itself (see deal_masks)
        rng.shuffle(pool)
    return pool


def deal(
    rng: np.random.Generator, unseen_counts: Sequence[int], sizes: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """Deal the unseen cards at random into places of ``sizes``, as count vectors.

    Every unseen card goes somewhere: ``sum(sizes)`` must equal the number
    of unseen cards (:class:`HiddenInformationError` otherwise).
    """
    pool = _shuffled(rng, unseen_counts, sizes)
    kinds = len(unseen_counts)
    places: list[tuple[int, ...]] = []
    cursor = 0
    for size in sizes:
        places.append(counts_of(pool[cursor : cursor + size], kinds))
        cursor += size
    return tuple(places)


def deal_cards(
    rng: np.random.Generator, unseen_counts: Sequence[int], sizes: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """Like :func:`deal`, each place as its cards in ascending order."""
    pool = _shuffled(rng, unseen_counts, sizes)
    places: list[tuple[int, ...]] = []
    cursor = 0
    for size in sizes:
        places.append(tuple(sorted(pool[cursor : cursor + size])))
        cursor += size
    return tuple(places)


# -- Distinct cards as bit masks ------------------------------------------------------------
#
# A game whose cards are all different (or whose tokens are) may keep a place as
# an int: card ``i`` is in the place if bit ``i`` is set (``1 << i``).  A shuffled
# pile of distinct cards is such a mask, drawing from it is uniform over its set
# bits, and resampling deals the unseen cards into hidden places of given sizes.


def mask_size(mask: int) -> int:
    """How many cards the mask holds (its set bits).

    >>> mask_size(0b1011)
    3
    """
    return mask.bit_count()


def mask_cards(mask: int) -> tuple[int, ...]:
    """The cards of ``mask`` (the indices of its set bits), ascending.

    Not remembered: a game that asks for the same hands again and again
    remembers what it derives from them (a remembered tuple per hand would
    only add long-lived objects for the garbage collector to visit).

    >>> mask_cards(0b10110)
    (1, 2, 4)
    >>> mask_cards(0)
    ()
    """
    if mask < 0:
        raise BoardGameError(f"a card mask is an int >= 0, not {mask}")
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_tables(row: Sequence[Any], width: int) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """``row``'s entries picked by the set bits of a mask, as tables by chunks of
    ``width`` bits: ``tables[c][bits]`` holds ``row[width * c + i]`` for each set
    bit ``i`` of ``bits``, in order.  The entries of a mask are then a few table
    lookups, one per chunk, with no loop over its bits (for listings on a hot path).

    >>> low, high = mask_tables("abcdef", 3)
    >>> low[0b101] + high[0b011]
    ('a', 'c', 'd', 'e')
    """
    if width < 1:
        raise BoardGameError(f"a chunk is at least 1 bit wide, not {width}")
    size = len(row)
    return tuple(
        tuple(
            tuple([row[start + i] for i in range(width) if bits >> i & 1 and start + i < size])
            for bits in range(1 << width)
        )
        for start in range(0, size, width)
    )


def mask_entries(tables: Sequence[Sequence[tuple[_L, ...]]], mask: int) -> tuple[_L, ...]:
    """The entries of byte-wide :func:`mask_tables` (``width=8``) for the set bits
    of ``mask``, in order: one lookup per byte of the mask, no step per bit, and
    none past its highest set bit (a mask of low places is one or two lookups).

    >>> mask_entries(mask_tables("abcdefghij", 8), 0b1100000101)
    ('a', 'c', 'i', 'j')
    """
    out: tuple[_L, ...] = ()
    for table in tables:
        if not mask:
            break
        out += table[mask & 255]
        mask >>= 8
    return out


def mask_of(cards: Iterable[int]) -> int:
    """The mask of distinct cards (BoardGameError for a negative card or one given twice).

    >>> mask_of([4, 1, 2])
    22
    >>> mask_of(mask_cards(22))
    22
    """
    mask = 0
    for card in cards:
        if card < 0:
            raise BoardGameError(f"cards are numbered from 0, not {card}")
        bit = 1 << card
        if mask & bit:
            raise BoardGameError(f"card {card} is given twice")
        mask |= bit
    return mask


def mask_draw_outcomes(mask: int, base: int = 0) -> tuple[tuple[int, float], ...]:
    """``(base + card, probability)`` of drawing each card of the shuffled pile ``mask``.

    Uniform over the cards, ascending; ``()`` for an empty pile.  With ``base``
    the catalogue id of the outcome for card 0 this is a state's ``_chance_ids``
    directly.  Not remembered, unlike :func:`draw_outcomes`: piles of distinct
    cards seldom come back in playouts, and a remembered tuple of pairs per pile
    is a heap of long-lived objects that makes the garbage collector run more
    often (a state remembers its own chance outcomes already).

    >>> mask_draw_outcomes(0b1010, base=100)
    ((101, 0.5), (103, 0.5))
    """
    cards = mask_cards(mask)
    if not cards:
        return ()
    p = 1.0 / len(cards)
    return tuple([(base + card, p) for card in cards])


def mask_unseen(total: int, *known: int) -> int:
    """The cards of ``total`` that are in none of the ``known`` places.

    :class:`HiddenInformationError` if a known place holds a card that is not
    in ``total``, or two known places share a card (a view that no state of
    the game could produce).

    >>> bin(mask_unseen(0b11111, 0b00001, 0b01000))
    '0b10110'
    """
    seen = 0
    for place in known:
        if place & seen:
            raise HiddenInformationError(f"card {mask_cards(place & seen)[0]} is in two places")
        seen |= place
    if seen & ~total:
        raise HiddenInformationError(f"card {mask_cards(seen & ~total)[0]} is not one of the game's")
    return total & ~seen


_last_bits: tuple[int, tuple[int, ...]] = (0, ())
"""The last mask :func:`deal_masks` dealt and the bit of each of its cards: a
game deals its whole deck at every setup, and listing the cards of a 40-card
mask costs more than the deal itself.  One entry, replaced, never grown."""


def _card_bits(mask: int) -> tuple[int, ...]:
    """The bit of each card of ``mask``, ascending (remembered for the last mask)."""
    global _last_bits
    last = _last_bits
    if last[0] == mask:
        return last[1]
    bits = tuple([1 << card for card in mask_cards(mask)])
    _last_bits = (mask, bits)
    return bits


def deal_masks(rng: np.random.Generator, mask: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """Deal the cards of ``mask`` at random into places of ``sizes``, one mask per place.

    Every card goes somewhere: the sizes are ints >= 0 that add up to the
    number of cards (:class:`HiddenInformationError`, a BoardGameError,
    otherwise).  The cards, ascending, are shuffled with one ``rng.shuffle``
    (none for fewer than two cards; the order ``rng.permutation`` would give,
    without an array) and dealt in that order: the first ``sizes[0]`` to the
    first place, and so on.

    >>> hands = deal_masks(np.random.default_rng(3), 0b111100, (1, 3))
    >>> [mask_size(h) for h in hands], hands[0] | hands[1] == 0b111100, hands[0] & hands[1]
    ([1, 3], True, 0)
    """
    bits = _card_bits(mask)
    total = 0
    for size in sizes:
        if size < 0:
            total = -1
            break
        total += size
    if total != len(bits):
        raise HiddenInformationError(f"{len(bits)} card(s) cannot fill places of sizes {tuple(sizes)}")
    # the bit of each card, in the dealt order: a hand is the sum of its cards' bits
    # (shuffling the list makes the swaps that permuting range(total) makes, at
    # about half the cost of the array and its tolist)
    dealt = list(bits)
    if total > 1:
        rng.shuffle(dealt)
    places: list[int] = []
    cursor = 0
    for size in sizes:
        end = cursor + size
        places.append(sum(dealt[cursor:end]))
        cursor = end
    return tuple(places)


def _ints(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


EVERYONE = -1
"""The ``seen`` mask of a known card every player has seen (all bits set)."""


def _masks(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


@attrs.frozen
class Deck:
    """A deck: known cards on top, a shuffled middle (a count vector), known cards at the bottom.

    Cards are kinds ``0..k-1``; the middle has one count per kind, so equal
    decks compare equal and the deck is plain JSON (lists of ints).  Each
    known card carries who has seen it: a bit mask of players
    (``1 << player``), :data:`EVERYONE` unless told otherwise; a player's
    view shows the known cards they have seen (:meth:`known_to`), and
    :meth:`dealt` rebuilds a deck from such a view.

    >>> deck = Deck.of([0, 0, 2], kinds=3)
    >>> deck.size, deck.draw_outcomes()
    (3, ((0, 0.6666666666666666), (2, 0.3333333333333333)))
    >>> deck.draw(2).put_on_top(1).draw_outcomes()
    ((1, 1.0),)

    Player 1 peeks at the top card and puts it back; player 0 sees only
    that a card is known:

    >>> peeked = deck.look(2, seen=0b10)
    >>> peeked.known_to(0b01), peeked.known_to(0b10)
    (((-1,), ()), ((2,), ()))
    """

    top: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    counts: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    bottom: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    top_seen: tuple[int, ...] = attrs.field(default=(), converter=_masks)
    """Per known top card, who has seen it (empty: everyone has seen every one)."""
    bottom_seen: tuple[int, ...] = attrs.field(default=(), converter=_masks)
    """Per known bottom card, who has seen it (empty: everyone)."""

    def __attrs_post_init__(self) -> None:
        kinds = len(self.counts)
        for card in (*self.top, *self.bottom):
            if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < kinds:
                raise BoardGameError(f"a deck's known cards are kinds 0..{kinds - 1}, not {card!r}")
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in self.counts):
            raise BoardGameError(f"a deck's counts are ints >= 0, not {self.counts!r}")
        for cards, name in ((self.top, "top_seen"), (self.bottom, "bottom_seen")):
            seen = getattr(self, name)
            if not seen:
                object.__setattr__(self, name, (EVERYONE,) * len(cards))
            elif len(seen) != len(cards) or any(isinstance(m, bool) or not isinstance(m, int) for m in seen):
                raise BoardGameError(f"a deck's {name} holds one int mask per known card, not {seen!r}")
            elif any(m == 0 for m in seen):
                raise BoardGameError(f"a deck's known card was seen by nobody ({name} {seen!r})")

    @classmethod
    def _derived(
        cls,
        top: tuple[int, ...],
        counts: tuple[int, ...],
        bottom: tuple[int, ...],
        top_seen: tuple[int, ...],
        bottom_seen: tuple[int, ...],
    ) -> Deck:
        """A deck made by one of this class's methods from a valid deck, with its
        new card and mask checked there: the constructor's checks (which walk
        every part, about 45k instructions) would find nothing."""
        deck = object.__new__(cls)
        put = object.__setattr__
        put(deck, "top", top)
        put(deck, "counts", counts)
        put(deck, "bottom", bottom)
        put(deck, "top_seen", top_seen)
        put(deck, "bottom_seen", bottom_seen)
        return deck

    def _check_new(self, card: int, seen: int) -> None:
        """That ``card`` is a kind of this deck and ``seen`` a mask of someone."""
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(self.counts):
            raise BoardGameError(f"a deck's known cards are kinds 0..{len(self.counts) - 1}, not {card!r}")
        if isinstance(seen, bool) or not isinstance(seen, int) or seen == 0:
            raise BoardGameError(f"a known card's seen mask is a nonzero int, not {seen!r}")

    @classmethod
    def of(cls, cards: Iterable[int], kinds: int) -> Deck:
        """A shuffled deck of ``cards`` (order is forgotten)."""
        return cls(counts=counts_of(cards, kinds))

    @property
    def size(self) -> int:
        return len(self.top) + sum(self.counts) + len(self.bottom)

    def __len__(self) -> int:
        return self.size

    def multiset(self) -> tuple[int, ...]:
        """Every card in the deck, wherever it lies, as a count vector."""
        counts = list(self.counts)
        for card in (*self.top, *self.bottom):
            counts[card] += 1
        return tuple(counts)

    def draw_outcomes(self, base: int = 0, depth: int = 0) -> tuple[tuple[int, float], ...]:
        """The possible cards ``depth`` places from the top (0: the top card) with
        their probabilities (ids ``base + kind``), as seen by whoever knows every
        known card: a known card, a card of the shuffled middle, or a bottom card
        once the middle is too thin to reach it.

        >>> Deck((1,), (0, 2, 1), (0,)).draw_outcomes(depth=1)
        ((1, 0.6666666666666666), (2, 0.3333333333333333))
        """
        top = len(self.top)
        if depth < top:
            return ((base + self.top[depth], 1.0),)
        middle = sum(self.counts)
        if depth < top + middle:
            return draw_outcomes(self.counts, base)
        below = depth - top - middle
        if below < len(self.bottom):
            return ((base + self.bottom[below], 1.0),)
        return ()

    def draw(self, card: int) -> Deck:
        """The deck after ``card`` was drawn from the top (a chance outcome)."""
        if self.top:
            if self.top[0] != card:
                raise BoardGameError(f"the top card is known, and it is not {card!r}")
            return self._derived(self.top[1:], self.counts, self.bottom, self.top_seen[1:], self.bottom_seen)
        if any(self.counts):
            if isinstance(card, bool) or not isinstance(card, int):
                raise BoardGameError(f"no card {card!r} left in the deck")
            if not 0 <= card < len(self.counts) or self.counts[card] == 0:
                raise BoardGameError(f"no card {card!r} left in the deck")
            return self._derived((), take(self.counts, card), self.bottom, (), self.bottom_seen)
        if self.bottom and self.bottom[0] == card:
            return self._derived((), self.counts, self.bottom[1:], (), self.bottom_seen[1:])
        raise BoardGameError(f"cannot draw {card!r} from this deck")

    def look(self, card: int, seen: int = EVERYONE) -> Deck:
        """The deck after the first card below the known top (``card``, a chance
        outcome of ``draw_outcomes(depth=len(top))``) was looked at by the players
        of ``seen`` and left in place: it becomes the last known top card.  With
        the middle empty that card is the first one under the deck, and whoever
        had seen it there still knows it.

        >>> Deck((), (0, 0), (1,), (), (0b01,)).look(1, seen=0b10).top_seen
        (3,)
        """
        self._check_new(card, seen)
        if any(self.counts):
            counts = take(self.counts, card)
            bottom, bottom_seen = self.bottom, self.bottom_seen
        elif self.bottom and self.bottom[0] == card:
            counts = self.counts
            seen |= self.bottom_seen[0]
            bottom, bottom_seen = self.bottom[1:], self.bottom_seen[1:]
        else:
            raise BoardGameError(f"no card {card!r} below the known top of this deck")
        return self._derived((*self.top, card), counts, bottom, (*self.top_seen, seen), bottom_seen)

    def show(self, depth: int, players: int) -> Deck:
        """The deck after the players of the mask ``players`` also looked at its
        known top card ``depth`` places down (0: the top card).

        >>> Deck((1, 0), (0, 0), (), (0b01, 0b01)).show(1, 0b10).top_seen
        (1, 3)
        """
        if not 0 <= depth < len(self.top):
            raise BoardGameError(f"the deck has {len(self.top)} known top card(s); none at depth {depth}")
        seen = list(self.top_seen)
        seen[depth] |= players
        return Deck(self.top, self.counts, self.bottom, seen, self.bottom_seen)

    def put_on_top(self, card: int, seen: int = EVERYONE) -> Deck:
        """``card`` put face down on top, known to the players of ``seen``."""
        self._check_new(card, seen)
        top, top_seen = (card, *self.top), (seen, *self.top_seen)
        return self._derived(top, self.counts, self.bottom, top_seen, self.bottom_seen)

    def put_on_bottom(self, card: int, seen: int = EVERYONE) -> Deck:
        """``card`` put face down under the deck, known to the players of ``seen``."""
        self._check_new(card, seen)
        bottom, bottom_seen = (*self.bottom, card), (*self.bottom_seen, seen)
        return self._derived(self.top, self.counts, bottom, self.top_seen, bottom_seen)

    def shuffle_in(self, cards: Iterable[int]) -> Deck:
        """All known positions forgotten, ``cards`` added to the shuffled middle."""
        counts = list(self.multiset())
        for card in cards:
            counts[card] += 1
        return Deck((), tuple(counts), ())

    def known_to(self, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The known top and bottom cards as the players of the mask ``players``
        know them (a viewer and their teammates): the card where one of them
        has seen it, else -1 (a known place whose card they do not know)."""
        return (
            tuple([c if m & players else -1 for c, m in zip(self.top, self.top_seen)]),
            tuple([c if m & players else -1 for c, m in zip(self.bottom, self.bottom_seen)]),
        )

    _DATA_KEYS = ("top", "counts", "bottom", "top_seen", "bottom_seen")

    def to_data(self) -> dict[str, list[int]]:
        """The deck as plain JSON data (:meth:`from_data` reads it back).

        >>> Deck((2,), (1, 0, 0), (), (0b01,)).to_data()
        {'top': [2], 'counts': [1, 0, 0], 'bottom': [], 'top_seen': [1], 'bottom_seen': []}
        """
        return {key: list(getattr(self, key)) for key in self._DATA_KEYS}

    @classmethod
    def from_data(
        cls, data: object, kinds: int, *, players: int | None = None, most: int | None = None
    ) -> Deck:
        """A deck read from untrusted JSON data (:class:`SerializationError`
        naming the part that is wrong): ``kinds`` card kinds; with ``players``,
        every seen mask a non-empty set of those players' bits (a game that
        passes it writes explicit masks, not :data:`EVERYONE`); with ``most``,
        at most that many cards of a kind in the middle.

        >>> data = {"top": [3], "counts": [1, 1], "bottom": [], "top_seen": [1], "bottom_seen": []}
        >>> Deck.from_data(data, kinds=2)
        Traceback (most recent call last):
        ...
        boardgames.kernel.errors.SerializationError: deck: top holds 3, not a card kind 0..1
        """
        keys = cls._DATA_KEYS
        if not isinstance(data, dict) or set(data) != set(keys):
            raise SerializationError(f"deck: expected an object with exactly {', '.join(keys)}")
        parts: dict[str, tuple[int, ...]] = {}
        for key in keys:
            part = data[key]
            if type(part) is not list or any(type(v) is not int for v in part):
                raise SerializationError(f"deck: {key} must be a list of ints")
            parts[key] = tuple(part)
        for key in ("top", "bottom"):
            for card in parts[key]:
                if not 0 <= card < kinds:
                    raise SerializationError(f"deck: {key} holds {card}, not a card kind 0..{kinds - 1}")
        counts = parts["counts"]
        if len(counts) != kinds:
            raise SerializationError(f"deck: counts must hold one count per kind, {kinds}, not {len(counts)}")
        if any(n < 0 or (most is not None and n > most) for n in counts):
            limit = "" if most is None else f" and at most {most}"
            raise SerializationError(f"deck: counts must be >= 0{limit}, not {list(counts)}")
        for key in ("top", "bottom"):
            seen = parts[f"{key}_seen"]
            if len(seen) != len(parts[key]):
                raise SerializationError(f"deck: {key}_seen must hold who has seen each of the {key} cards")
            for mask in seen:
                if mask == 0 or (players is not None and not 0 < mask < 1 << players):
                    raise SerializationError(f"deck: {key}_seen holds {mask}, not a mask of who saw the card")
        return cls(parts["top"], counts, parts["bottom"], parts["top_seen"], parts["bottom_seen"])

    @classmethod
    def dealt(
        cls,
        rng: np.random.Generator,
        unseen_counts: Sequence[int],
        top: Sequence[int],
        middle: int,
        bottom: Sequence[int],
        top_seen: Sequence[int] = (),
        bottom_seen: Sequence[int] = (),
    ) -> Deck:
        """A deck consistent with a viewer's knowledge, for resampling.

        ``top`` and ``bottom`` are the known places as :meth:`known_to` gives
        them (-1 where the viewer does not know the card), ``middle`` the size
        of the shuffled middle, and ``unseen_counts`` every card the viewer has
        not seen anywhere (:func:`unseen`): they are dealt at random into the
        unknown known places and the middle, so they must fill them exactly
        (:class:`HiddenInformationError` otherwise).

        >>> rng = np.random.default_rng(0)
        >>> deck = Deck.dealt(rng, (1, 1, 0), top=(-1,), middle=1, bottom=(2,), top_seen=(0b10,))
        >>> deck.size, deck.multiset(), deck.bottom, deck.top_seen
        (3, (1, 1, 1), (2,), (2,))
        """
        hidden = sum(1 for c in (*top, *bottom) if c < 0)
        *cards, rest = deal_cards(rng, unseen_counts, [1] * hidden + [middle])
        fill = iter(cards)
        known = [c if c >= 0 else next(fill)[0] for c in (*top, *bottom)]
        kinds = len(unseen_counts)
        return cls(known[: len(top)], counts_of(rest, kinds), known[len(top) :], top_seen, bottom_seen)
