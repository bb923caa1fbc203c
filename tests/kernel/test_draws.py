"""``chance.Draws`` is numpy's ``integers``, ``random``, ``permutation`` and ``choice``, number for
number, in any order of calls (a setup mixes 32-bit and 64-bit draws)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.kernel.chance import Draws, pcg64_seed_state
from boardgames.kernel.errors import InvalidArgumentError

CALLS = st.lists(
    st.one_of(
        st.tuples(st.just("integers"), st.integers(0, 5), st.integers(1, 40)),
        st.tuples(st.just("random"), st.just(0), st.just(0)),
        st.tuples(st.just("permutation"), st.integers(0, 100), st.just(0)),  # past _MASKS too
        st.tuples(st.just("choice"), st.integers(1, 30), st.integers(0, 30)),
    ),
    max_size=60,
)


def _numpys(rng: np.random.Generator, call: tuple[str, int, int]) -> object:
    name, a, b = call
    if name == "integers":
        return int(rng.integers(a, a + b))
    if name == "random":
        return rng.random()
    if name == "permutation":
        return rng.permutation(a).tolist()
    return rng.choice(a, min(a, b), replace=False).tolist()


def _ours(draws: Draws, call: tuple[str, int, int]) -> object:
    name, a, b = call
    if name == "integers":
        return draws.integers(a, a + b)
    if name == "random":
        return draws.random()
    if name == "permutation":
        return draws.permutation(a)
    return draws.choice(a, min(a, b))


@given(seed=st.integers(0, 2**32), calls=CALLS)
def test_any_sequence_of_calls_is_numpys(seed: int, calls: list[tuple[str, int, int]]) -> None:
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = Draws(np.random.PCG64(seed))
    assert [_ours(draws, c) for c in calls] == [_numpys(rng, c) for c in calls]


@pytest.mark.parametrize("seed", range(40))
def test_a_setups_mix_of_draws(seed: int) -> None:
    # an odd number of 32-bit draws before a 64-bit one leaves half of a raw draw for later
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = Draws(np.random.PCG64(seed))
    expected = [int(rng.integers(1, 7)), rng.random(), rng.random(), int(rng.integers(6))]
    expected += [rng.random() for _ in range(70)] + rng.integers(1, 7, size=6).tolist()
    expected += [rng.permutation(15).tolist(), rng.random()]
    got = [draws.integers(1, 7), draws.random(), draws.random(), draws.integers(0, 6)]
    got += [draws.random() for _ in range(70)] + [draws.integers(1, 7) for _ in range(6)]
    got += [draws.permutation(15), draws.random()]
    assert got == expected


def test_a_span_of_one_draws_nothing() -> None:
    rng = np.random.Generator(np.random.PCG64(5))
    draws = Draws(np.random.PCG64(5))
    assert draws.integers(3, 4) == int(rng.integers(3, 4)) == 3
    assert draws.integers(0, 1000) == int(rng.integers(0, 1000))


def test_large_spans_take_lemires_rejection_step() -> None:
    rng = np.random.Generator(np.random.PCG64(9))
    draws = Draws(np.random.PCG64(9))
    spans = [(0, 2**31 + 5), (7, 2**32 - 7), (0, 3)] * 20
    assert [draws.integers(a, b) for a, b in spans] == [int(rng.integers(a, b)) for a, b in spans]


@pytest.mark.parametrize("low, high", [(0, 0), (5, 3), (0, 2**32 + 1)])
def test_an_empty_or_too_wide_span_is_refused(low: int, high: int) -> None:
    with pytest.raises(InvalidArgumentError, match="span"):
        Draws(np.random.PCG64(1)).integers(low, high)


def test_random_needs_the_seeds_own_generator() -> None:
    draws = Draws(np.random.default_rng(3))
    with pytest.raises(InvalidArgumentError, match="PCG64"):
        draws.random()


# -- a seed's generator made without numpy's seeding -------------------------------------


@given(seed=st.one_of(st.integers(0, 2**32), st.integers(0, 2**300)))
def test_a_seeds_pcg64_state_is_numpys(seed: int) -> None:
    state = np.random.PCG64(seed).state["state"]
    assert pcg64_seed_state(seed) == (state["state"], state["inc"])


@pytest.mark.parametrize(
    "seed", [0, 1, 2**32 - 1, 2**32, 2**64, 2**128 - 1, 2**128, 2**2047, 2**2048, 2**3000 + 5]
)
def test_seeds_of_every_length_seed_as_numpy_does(seed: int) -> None:
    # one word, several, more than the pool of four, and past the 64 words seeded in Python
    state = np.random.PCG64(seed).state["state"]
    assert pcg64_seed_state(seed) == (state["state"], state["inc"])


@given(seed=st.integers(0, 2**64), calls=CALLS)
def test_of_seed_draws_as_the_seeds_own_pcg64(seed: int, calls: list[tuple[str, int, int]]) -> None:
    rng = np.random.Generator(np.random.PCG64(seed))
    draws = Draws.of_seed(seed)
    assert [_ours(draws, c) for c in calls] == [_numpys(rng, c) for c in calls]


def test_of_seed_goes_on_past_its_first_batches() -> None:
    # 400 64-bit draws take 800 32-bit words: several batches, each from the state the last left
    rng = np.random.Generator(np.random.PCG64(21))
    draws = Draws.of_seed(21)
    assert [draws.random() for _ in range(400)] == [rng.random() for _ in range(400)]


def test_two_seeds_drawn_in_turn_keep_their_own_streams() -> None:
    # the batches of both come from one scratch generator per thread, set to each in turn
    first, second = Draws.of_seed(1), Draws.of_seed(2)
    got = {1: [], 2: []}
    for _ in range(300):
        got[1].append(first.random())
        got[2].append(second.random())
    for seed in (1, 2):
        rng = np.random.Generator(np.random.PCG64(seed))
        assert got[seed] == [rng.random() for _ in range(300)]


def test_of_seed_of_none_draws_from_fresh_entropy() -> None:
    draws = Draws.of_seed(None)
    assert 0 <= draws.random() < 1 and 0 <= draws.integers(0, 6) < 6


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7", None])
def test_a_pcg64_state_needs_a_seed(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seed"):
        pcg64_seed_state(seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 1.5, True, "7"])
def test_of_seed_refuses_what_is_not_a_seed(seed: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seed"):
        Draws.of_seed(seed)  # type: ignore[arg-type]
