"""The kernel's distinct cards as bit masks (boardgames.kernel.cards)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardgames.kernel.cards import (
    deal_masks,
    mask_cards,
    mask_draw_outcomes,
    mask_entries,
    mask_of,
    mask_size,
    mask_tables,
    mask_unseen,
)
from boardgames.kernel.errors import BoardGameError, HiddenInformationError

masks = st.integers(min_value=0, max_value=(1 << 70) - 1)


@given(masks)
def test_mask_cards_are_the_set_bits_ascending_and_mask_of_inverts_them(mask: int) -> None:
    cards = mask_cards(mask)
    assert list(cards) == [i for i in range(mask.bit_length()) if mask >> i & 1]
    assert len(cards) == mask_size(mask) == bin(mask).count("1")
    assert mask_of(cards) == mask
    assert mask_of(reversed(cards)) == mask


@given(st.integers(min_value=0, max_value=(1 << 23) - 1), st.integers(min_value=1, max_value=9))
def test_mask_tables_pick_the_entries_of_the_set_bits_chunk_by_chunk(mask: int, width: int) -> None:
    row = tuple(f"e{i}" for i in range(23))
    tables = mask_tables(row, width)
    picked: tuple[str, ...] = ()
    for c, table in enumerate(tables):
        picked += table[mask >> width * c & (1 << width) - 1]
    assert picked == tuple(row[i] for i in mask_cards(mask))
    with pytest.raises(BoardGameError, match="at least 1 bit"):
        mask_tables(row, 0)


@given(st.integers(min_value=0, max_value=(1 << 23) - 1))
def test_mask_entries_read_byte_wide_tables_a_byte_of_the_mask_at_a_time(mask: int) -> None:
    row = tuple(f"e{i}" for i in range(23))
    assert mask_entries(mask_tables(row, 8), mask) == tuple(row[i] for i in mask_cards(mask))


def test_mask_of_refuses_a_card_given_twice_or_a_negative_card() -> None:
    with pytest.raises(BoardGameError, match="twice"):
        mask_of([3, 1, 3])
    with pytest.raises(BoardGameError, match="from 0"):
        mask_of([-1])
    with pytest.raises(BoardGameError):
        mask_cards(-4)


@given(masks, st.integers(min_value=0, max_value=500))
def test_draw_outcomes_are_uniform_over_the_cards_in_ascending_order(mask: int, base: int) -> None:
    outcomes = mask_draw_outcomes(mask, base)
    cards = mask_cards(mask)
    assert [i for i, _ in outcomes] == [base + c for c in cards]
    assert all(p == 1.0 / len(cards) for _, p in outcomes)
    if cards:
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    else:
        assert outcomes == ()
    assert mask_draw_outcomes(mask, base) == outcomes


def test_draw_outcomes_of_a_small_pile() -> None:
    assert mask_draw_outcomes(0b1001, 10) == ((10, 0.5), (13, 0.5))
    assert mask_draw_outcomes(0b100) == ((2, 1.0),)


@given(masks, st.lists(masks, max_size=4), st.integers(min_value=0, max_value=2**32 - 1))
def test_unseen_is_the_total_without_the_known_places(total: int, known: list[int], seed: int) -> None:
    # split part of the total into disjoint known places
    rng = np.random.default_rng(seed)
    places = [0] * len(known)
    for card in mask_cards(total):
        if places and rng.random() < 0.5:
            places[int(rng.integers(len(places)))] |= 1 << card
    rest = mask_unseen(total, *places)
    assert rest & ~total == 0
    assert rest | mask_of(c for place in places for c in mask_cards(place)) == total
    assert all(rest & place == 0 for place in places)


def test_unseen_refuses_a_card_in_two_places_or_not_in_the_game() -> None:
    assert mask_unseen(0b1111) == 0b1111
    assert mask_unseen(0b1111, 0b0001, 0b0100) == 0b1010
    with pytest.raises(HiddenInformationError, match="card 2 is in two places"):
        mask_unseen(0b1111, 0b0101, 0b0110)
    with pytest.raises(HiddenInformationError, match="card 4 is not"):
        mask_unseen(0b1111, 0b10000)


@given(
    masks,
    st.integers(min_value=0, max_value=2**32 - 1),
    st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=6),
)
def test_deal_gives_disjoint_masks_of_the_sizes_whose_union_is_the_pool(
    mask: int, seed: int, weights: list[int]
) -> None:
    n = mask_size(mask)
    # sizes adding up to n, in proportion to the weights
    total = sum(weights) or 1
    sizes = [n * w // total for w in weights]
    sizes[-1] += n - sum(sizes)
    places = deal_masks(np.random.default_rng(seed), mask, sizes)
    assert [mask_size(place) for place in places] == sizes
    union = 0
    for place in places:
        assert union & place == 0
        union |= place
    assert union == mask
    assert deal_masks(np.random.default_rng(seed), mask, sizes) == places  # the rng decides


def test_deal_deals_the_permuted_cards_in_order() -> None:
    pool = 0b1101101
    cards = mask_cards(pool)
    order = np.random.default_rng(7).permutation(len(cards)).tolist()
    shuffled = [cards[i] for i in order]
    assert deal_masks(np.random.default_rng(7), pool, (2, 0, 3)) == (
        mask_of(shuffled[:2]), 0, mask_of(shuffled[2:]),
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=60), st.integers(min_value=0, max_value=2**32))
def test_deal_follows_the_permutation_order_at_every_pool_size(n: int, seed: int) -> None:
    # seeded games replay the same deals: the order is rng.permutation's
    pool = (1 << n) - 1 << 3
    cards = mask_cards(pool)
    order = np.random.default_rng(seed).permutation(n).tolist()
    first = n // 3
    assert deal_masks(np.random.default_rng(seed), pool, (first, n - first)) == (
        mask_of([cards[i] for i in order[:first]]),
        mask_of([cards[i] for i in order[first:]]),
    )


def test_deal_of_every_way_is_reached() -> None:
    rng = np.random.default_rng(0)
    seen = {deal_masks(rng, 0b111, (1, 2)) for _ in range(200)}
    assert seen == {(0b001, 0b110), (0b010, 0b101), (0b100, 0b011)}


def test_deal_refuses_sizes_that_do_not_fit() -> None:
    rng = np.random.default_rng(0)
    with pytest.raises(BoardGameError, match="sizes"):
        deal_masks(rng, 0b111, (1, 1))
    with pytest.raises(HiddenInformationError):
        deal_masks(rng, 0b111, (4, -1))
    assert deal_masks(rng, 0, (0, 0)) == (0, 0)
    assert deal_masks(rng, 0b1000, (0, 1)) == (0, 0b1000)
