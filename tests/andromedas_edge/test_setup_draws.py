"""Game Setup's random draws are numpy's draws, made cheaper: seeded setups stay as they were."""

from __future__ import annotations

import random

import numpy as np

from boardgames.games.andromedas_edge.game import draw_card


def _draw_both(
    ours: np.random.Generator,
    mine: list[int],
    numpy_rng: np.random.Generator,
    theirs: list[int],
    kinds: tuple[int, ...],
) -> None:
    """One card by ``draw_card`` from ``mine`` and by numpy's ``choice`` with weights
    from ``theirs`` (the kinds left): the same card, taken from both piles."""
    pool = [k for k in kinds if theirs[k]]
    weights = np.array([theirs[k] for k in pool], dtype=float)
    expected = pool[int(numpy_rng.choice(len(pool), p=weights / weights.sum()))]
    assert draw_card(ours, mine, kinds) == expected
    theirs[expected] -= 1
    assert mine == theirs


def test_draw_card_draws_what_generator_choice_with_weights_draws() -> None:
    """Many random piles (zeros included) and seeds: the same card, the same random stream after."""
    pick = random.Random(7)
    for _ in range(3000):
        size = pick.randint(1, 60)
        counts = [pick.choice((0, 0, 1, 1, 2, 3, 4, 7, 13)) for _ in range(size)]
        if not any(counts):
            continue
        kinds = tuple(k for k in range(size) if pick.random() < 0.7) or (counts.index(max(counts)),)
        if not any(counts[k] for k in kinds):
            continue
        seed = pick.randrange(10**9)
        ours, numpy_rng = np.random.default_rng(seed), np.random.default_rng(seed)
        mine, theirs = list(counts), list(counts)
        _draw_both(ours, mine, numpy_rng, theirs, kinds)
        assert ours.random() == numpy_rng.random()


def test_one_uniform_index_is_what_generator_choice_of_a_list_draws() -> None:
    """The raider cards of each class: ``cards[rng.integers(len(cards))]`` is ``rng.choice(cards)``."""
    pick = random.Random(11)
    for _ in range(2000):
        cards = [pick.randrange(100) for _ in range(pick.randint(1, 12))]
        seed = pick.randrange(10**9)
        ours, numpy_rng = np.random.default_rng(seed), np.random.default_rng(seed)
        assert cards[int(ours.integers(len(cards)))] == int(numpy_rng.choice(cards))
        assert ours.random() == numpy_rng.random()


def test_draw_card_down_a_pile_draws_what_generator_choice_draws() -> None:
    """Draws one after another from the same piles (the kept sums of a pile seen
    before, and of every pile it passes through): numpy's cards, to the last."""
    pick = random.Random(3)
    for trial in range(60):
        counts = [pick.choice((0, 1, 2, 3, 8)) for _ in range(pick.randint(1, 9))]
        kinds = tuple(range(len(counts)))
        for repeat in range(2):  # the second time down, every pile's sums are kept
            seed = 1000 * trial + repeat
            ours, numpy_rng = np.random.default_rng(seed), np.random.default_rng(seed)
            mine, theirs = list(counts), list(counts)
            while any(theirs):
                _draw_both(ours, mine, numpy_rng, theirs, kinds)
