"""Setup's draws (``setup.Draws``) are numpy's ``permutation`` and ``choice`` number for number."""

from __future__ import annotations

import numpy as np
import pytest

from boardgames.games.warpgate.setup import Draws

SIZES = ((4, 2), (20, 2), (18, 2), (12, 5), (12, 12), (3, 0), (1, 1), (2**31 + 5, 3), (2**32 - 7, 4))
"""(population, sample) pairs: the setup's, the edge cases, and populations so large that Lemire's
rejection step is taken."""


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("before", [0, 1, 2])
def test_draws_are_numpys(seed: int, before: int) -> None:
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    for _ in range(before):  # an odd number of 32-bit draws leaves half of a raw draw buffered
        ours.integers(5)
        theirs.integers(5)
    expected = [theirs.permutation(6).tolist(), theirs.permutation(33).tolist()]
    expected += [theirs.choice(n, k, replace=False).tolist() for n, k in SIZES]
    draws = Draws(ours)
    got = [draws.permutation(6), draws.permutation(33)] + [draws.choice(n, k) for n, k in SIZES]
    draws.finish()
    assert got == expected
    # the caller's generator is left where numpy's own draws leave it
    assert ours.bit_generator.state == theirs.bit_generator.state
    assert ours.random() == theirs.random()


def test_many_draws_fetch_more_raw_output() -> None:
    ours, theirs = np.random.default_rng(3), np.random.default_rng(3)
    draws = Draws(ours)
    assert [draws.choice(40, 40) for _ in range(4)] == [
        theirs.choice(40, 40, replace=False).tolist() for _ in range(4)
    ]
    draws.finish()
    assert ours.bit_generator.state == theirs.bit_generator.state


def test_a_seed_draws_from_a_pcg64_of_its_own() -> None:
    draws = Draws(np.random.PCG64(11))
    rng = np.random.Generator(np.random.PCG64(11))
    assert draws.permutation(6) == rng.permutation(6).tolist()
    assert draws.choice(12, 5) == rng.choice(12, 5, replace=False).tolist()
    draws.finish()  # nothing to restore


@pytest.mark.parametrize("bits", [np.random.MT19937, np.random.Philox, np.random.SFC64])
def test_any_generator_of_the_caller(bits: type[np.random.BitGenerator]) -> None:
    ours, theirs = np.random.Generator(bits(5)), np.random.Generator(bits(5))
    ours.integers(3)
    theirs.integers(3)
    expected = [theirs.permutation(6).tolist()]
    expected += [theirs.choice(n, k, replace=False).tolist() for n, k in SIZES]
    draws = Draws(ours)
    assert [draws.permutation(6)] + [draws.choice(n, k) for n, k in SIZES] == expected
    draws.finish()
    assert ours.random() == theirs.random()
