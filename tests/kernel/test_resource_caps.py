"""ResourceKinds: caps applied at a moment the game chooses, and payments with a wild kind."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.kernel.resources import NO_CAP, InsufficientResources, ResourceKinds

KINDS = ResourceKinds(("energy", "titanium", "ice", "nanocarbon", "credits"), (10, 5, 5, 5, 5))
ENERGY, TITANIUM, ICE, NANOCARBON, CREDITS = range(5)
WILD_FOR = (TITANIUM, ICE, NANOCARBON)

amounts = st.lists(st.integers(0, 8), min_size=5, max_size=5)


def payable_by_search(values: list[int], costs: list[int]) -> bool:
    """Whether some split of the costs between own stores and credits pays them
    (every way of paying credits for titanium, ice and nanocarbon tried)."""
    for wild in product(*(range(costs[i] + 1) for i in WILD_FOR)):
        need = list(costs)
        for i, n in zip(WILD_FOR, wild):
            need[i] -= n
            need[CREDITS] += n
        if all(v >= c for v, c in zip(values, need)):
            return True
    return False


@given(amounts, amounts)
def test_can_pay_with_agrees_with_trying_every_split(values: list[int], costs: list[int]) -> None:
    assert KINDS.can_pay_with(values, costs, CREDITS, WILD_FOR) == payable_by_search(values, costs)


@given(amounts, amounts)
def test_pay_with_spends_own_stores_first_and_the_shortfall_in_the_wild_kind(
    values: list[int], costs: list[int]
) -> None:
    before = list(values)
    if not KINDS.can_pay_with(values, costs, CREDITS, WILD_FOR):
        with pytest.raises(InsufficientResources, match="credits standing in for titanium"):
            KINDS.pay_with(values, costs, CREDITS, WILD_FOR)
        assert values == before  # nothing changed
        return
    KINDS.pay_with(values, costs, CREDITS, WILD_FOR)
    assert min(values) >= 0
    assert sum(before) - sum(values) == sum(costs)
    assert values[ENERGY] == before[ENERGY] - costs[ENERGY]
    for i in WILD_FOR:
        assert values[i] == max(0, before[i] - costs[i])


def test_a_kind_outside_for_kinds_is_paid_exactly() -> None:
    assert not KINDS.can_pay_with([1, 0, 0, 0, 5], (2, 0, 0, 0, 0), CREDITS, WILD_FOR)
    assert KINDS.can_pay_with([2, 0, 0, 0, 0], (2, 0, 0, 0, 0), CREDITS, WILD_FOR)
    assert not KINDS.can_pay_with([0, 0, 0, 0, 1], (0, 0, 0, 0, 2), CREDITS, WILD_FOR)


def test_payments_use_the_offset_of_a_players_block() -> None:
    values = [9, 9, 9, 9, 9, 0, 1, 0, 0, 3]  # two players' blocks of five
    assert KINDS.can_pay_with(values, (0, 2, 1, 0, 0), CREDITS, WILD_FOR, offset=5)
    KINDS.pay_with(values, (0, 2, 1, 0, 0), CREDITS, WILD_FOR, offset=5)
    assert values == [9, 9, 9, 9, 9, 0, 0, 0, 0, 1]


@given(st.lists(st.integers(0, 30), min_size=5, max_size=5))
def test_gains_beyond_caps_stay_until_clamp(values: list[int]) -> None:
    held = [0] * 5
    KINDS.add_all(held, values)
    assert held == values  # no cap applied yet
    assert KINDS.over_cap(held) == any(v > cap for v, cap in zip(values, KINDS.caps))
    lost = KINDS.clamp(held)
    assert held == [min(v, cap) for v, cap in zip(values, KINDS.caps)]
    assert lost == sum(values) - sum(held)
    assert not KINDS.over_cap(held)


def test_clamp_and_over_cap_at_an_offset_leave_other_blocks_alone() -> None:
    values = [20, 20, 20, 20, 20, 11, 6, 5, 0, 7]
    assert KINDS.over_cap(values, offset=5)
    assert KINDS.clamp(values, offset=5) == 1 + 1 + 2
    assert values == [20, 20, 20, 20, 20, 10, 5, 5, 0, 5]
    assert not KINDS.over_cap(values, offset=5)


def test_a_kind_without_a_cap_is_never_over_it() -> None:
    kinds = ResourceKinds.of(vp=None, ore=2)
    values = [NO_CAP - 1, 3]
    assert kinds.over_cap(values)
    assert kinds.clamp(values) == 1 and values == [NO_CAP - 1, 2]


@given(amounts, amounts)
def test_a_wild_payment_made_once_tests_and_pays_like_can_pay_with(
    values: list[int], costs: list[int]
) -> None:
    payment = KINDS.wild_payment(CREDITS, WILD_FOR)
    assert payment.can_pay(values, costs) == payable_by_search(values, costs)
    if payment.can_pay(values, costs):
        paid = list(values)
        payment.pay(paid, costs)
        expected = list(values)
        KINDS.pay_with(expected, costs, CREDITS, WILD_FOR)
        assert paid == expected


@given(amounts, amounts)
def test_a_price_lists_the_kinds_with_a_cost_and_tests_and_pays_like_the_vector(
    values: list[int], costs: list[int]
) -> None:
    payment = KINDS.wild_payment(CREDITS, WILD_FOR)
    price = payment.price(costs)
    wild_cost, exact, standing_in = price
    assert wild_cost == costs[CREDITS]
    assert exact == tuple((k, n) for k, n in enumerate(costs) if n and k == ENERGY)
    assert standing_in == tuple((k, n) for k, n in enumerate(costs) if n and k in WILD_FOR)
    assert payment.can_afford(values, price) == payable_by_search(values, costs)
    paid = list(values)
    if payment.can_afford(values, price):
        payment.pay_price(paid, price)
        expected = list(values)
        payment.pay(expected, costs)
        assert paid == expected
        unchecked = list(values)
        payment.pay_affordable(unchecked, price)
        assert unchecked == expected
    else:
        with pytest.raises(InsufficientResources):
            payment.pay_price(paid, price)
        assert paid == values


@pytest.mark.parametrize(
    ("wild", "for_kinds", "message"),
    [
        (5, WILD_FOR, "wild kind is a resource index 0..4"),
        (True, WILD_FOR, "wild kind is a resource index"),
        (CREDITS, (TITANIUM, CREDITS), "stands in for other resource indices"),
        (CREDITS, (7,), "stands in for other resource indices"),
    ],
)
def test_a_wild_payment_rejects_kinds_that_are_not_resources(
    wild: int, for_kinds: tuple[int, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        KINDS.wild_payment(wild, for_kinds)
