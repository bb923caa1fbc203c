"""``chance.Draws`` is numpy's ``integers``, ``random``, ``permutation`` and ``choice``, number for
number, in any order of calls (a setup mixes 32-bit and 64-bit draws)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.kernel.chance import Draws
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
