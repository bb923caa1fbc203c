"""Resources: named amounts with caps, payments and conversions.

:class:`ResourceKinds` does index-based arithmetic on a list of ints (the
working copy of a state's amounts, see :mod:`boardgames.kernel.work`), which
is what rules use on the hot path; ``vector`` and ``describe`` translate
between names and amounts for setup code, positions and text.

Gains beyond a cap are lost (the usual board game rule: a track cannot go
past its end); payments that cannot be met raise
:class:`InsufficientResources` and change nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import gt

import attrs

from boardgames.kernel.errors import IllegalActionError

__all__ = ["NO_CAP", "InsufficientResources", "ResourceKinds", "WildPayment", "WildPrice"]


class InsufficientResources(IllegalActionError):
    """A payment larger than what the pool holds."""


NO_CAP = 1 << 62
"""The cap of a resource without one (caps are ints, so the hot path never tests for None)."""


@attrs.frozen
class ResourceKinds:
    """The resource names of a game, in a fixed order, with their caps.

    Amounts live in the state as a tuple of ints in this order (one block per
    player: ``values[player * len(kinds) + i]``).  Inside ``apply`` a rule
    edits them as a list with the index-based :meth:`gain`, :meth:`pay` and
    :meth:`can_pay`; look an index up once with :meth:`index`, never per action.

    >>> kinds = ResourceKinds.of(credit=12, influence=None)
    >>> credit = kinds.index("credit")
    >>> values = [10, 0]
    >>> kinds.gain(values, credit, 5), values       # three are lost to the cap
    (3, [12, 0])
    >>> kinds.can_pay(values, (3, 1)), kinds.describe(values)
    (False, '12 credit')
    """

    names: tuple[str, ...]
    caps: tuple[int, ...]
    _index: dict[str, int] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if len(self.names) != len(self.caps):
            raise ValueError("one cap per resource name")
        if len(set(self.names)) != len(self.names):
            raise ValueError("resource names must be distinct")
        if any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in self.caps):
            raise ValueError(f"caps are ints >= 0 (NO_CAP for none), not {self.caps!r}")
        object.__setattr__(self, "_index", {name: i for i, name in enumerate(self.names)})

    @classmethod
    def of(cls, **caps: int | None) -> ResourceKinds:
        """Kinds from ``name=cap`` (None: no cap), in keyword order."""
        return cls(tuple(caps), tuple(NO_CAP if c is None else c for c in caps.values()))

    def __len__(self) -> int:
        return len(self.names)

    def index(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise KeyError(f"no resource {name!r} (resources: {', '.join(self.names)})") from None

    def vector(self, **amounts: int) -> tuple[int, ...]:
        """Amounts by name as a tuple in this order (missing names are 0)."""
        values = [0] * len(self.names)
        for name, amount in amounts.items():
            values[self.index(name)] = amount
        return tuple(values)

    # -- index-based arithmetic on a working list (the hot path) ---------------

    def gain(self, values: list[int], i: int, n: int, offset: int = 0) -> int:
        """Add ``n`` of resource ``i`` (at ``values[offset + i]``); return what the cap lost."""
        total = values[offset + i] + n
        cap = self.caps[i]
        if total > cap:
            values[offset + i] = cap
            return total - cap
        values[offset + i] = total
        return 0

    def pay(self, values: list[int], i: int, n: int, offset: int = 0) -> None:
        """Subtract ``n`` of resource ``i``; :class:`InsufficientResources` (nothing changed) if short."""
        have = values[offset + i]
        if have < n:
            raise InsufficientResources(f"not enough {self.names[i]} (have {have}, need {n})")
        values[offset + i] = have - n

    def can_pay(self, values: Sequence[int], costs: Sequence[int], offset: int = 0) -> bool:
        """Whether ``values`` hold at least ``costs`` (one amount per kind)."""
        return all(not cost or values[offset + i] >= cost for i, cost in enumerate(costs))

    def pay_all(self, values: list[int], costs: Sequence[int], offset: int = 0) -> None:
        """Pay a whole cost vector, or nothing (:class:`InsufficientResources`)."""
        if not self.can_pay(values, costs, offset):
            short = [
                f"{name} (have {values[offset + i]}, need {cost})"
                for i, (name, cost) in enumerate(zip(self.names, costs))
                if values[offset + i] < cost
            ]
            raise InsufficientResources("not enough " + ", ".join(short))
        for i, cost in enumerate(costs):
            values[offset + i] -= cost

    # -- caps applied at a moment the game chooses ------------------------------

    def add_all(self, values: list[int], amounts: Sequence[int], offset: int = 0) -> None:
        """Add a whole vector of amounts, caps NOT applied: for a game whose
        storage limits apply only at a moment of its own (the end of a turn,
        say), where :meth:`over_cap` and :meth:`clamp` apply them.

        >>> kinds = ResourceKinds.of(ore=5, gold=3)
        >>> values = [4, 0]
        >>> kinds.add_all(values, (3, 1)), values, kinds.over_cap(values)
        (None, [7, 1], True)
        """
        for i, n in enumerate(amounts):
            if n:
                values[offset + i] += n

    def over_cap(self, values: Sequence[int], offset: int = 0) -> bool:
        """Whether any amount is above its cap.

        >>> kinds = ResourceKinds.of(ore=5, gold=None)
        >>> kinds.over_cap([5, 99]), kinds.over_cap([6, 0])
        (False, True)
        """
        caps = self.caps
        if offset:
            values = values[offset : offset + len(caps)]
        return any(map(gt, values, caps))  # in C: twice as fast as a generator here

    def clamp(self, values: list[int], offset: int = 0) -> int:
        """Cut every amount above its cap down to the cap; return how many were lost in all.

        >>> kinds = ResourceKinds.of(ore=5, gold=3)
        >>> values = [7, 3]
        >>> kinds.clamp(values), values
        (2, [5, 3])
        """
        lost = 0
        for i, cap in enumerate(self.caps):
            have = values[offset + i]
            if have > cap:
                values[offset + i] = cap
                lost += have - cap
        return lost

    # -- payments with a wild kind ------------------------------------------------

    def wild_payment(self, wild: int, for_kinds: Sequence[int]) -> WildPayment:
        """Payments in which resource ``wild`` may also stand in, one for one,
        for any kind in ``for_kinds`` (other kinds are paid exactly): make it
        once per game, then call its two-argument ``can_pay`` and ``pay`` on
        the hot path.

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> energy, ore, gold = range(3)
        >>> gold_for_ore = kinds.wild_payment(gold, (ore,))
        >>> gold_for_ore.can_pay([0, 1, 3], (0, 3, 1))  # 1 gold + 2 standing in for ore
        True
        >>> gold_for_ore.can_pay([0, 1, 2], (0, 3, 1)), gold_for_ore.can_pay([0, 0, 9], (1, 0, 0))
        (False, False)
        """
        n = len(self.names)
        if isinstance(wild, bool) or not isinstance(wild, int) or not 0 <= wild < n:
            raise ValueError(f"the wild kind is a resource index 0..{n - 1}, not {wild!r}")
        kinds = tuple(for_kinds)
        if any(isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < n or k == wild for k in kinds):
            raise ValueError(f"a wild resource stands in for other resource indices, not {kinds!r}")
        return WildPayment(self, wild, kinds)

    def can_pay_with(
        self,
        values: Sequence[int],
        costs: Sequence[int],
        wild: int,
        for_kinds: Sequence[int],
        offset: int = 0,
    ) -> bool:
        """:meth:`WildPayment.can_pay` of ``wild_payment(wild, for_kinds)``, for one test.

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> kinds.can_pay_with([0, 1, 3], (0, 3, 1), wild=2, for_kinds=(1,))
        True
        """
        return WildPayment(self, wild, tuple(for_kinds)).can_pay(values, costs, offset)

    def pay_with(
        self,
        values: list[int],
        costs: Sequence[int],
        wild: int,
        for_kinds: Sequence[int],
        offset: int = 0,
    ) -> None:
        """:meth:`WildPayment.pay` of ``wild_payment(wild, for_kinds)``, for one payment.

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> values = [2, 1, 3]
        >>> kinds.pay_with(values, (1, 3, 1), wild=2, for_kinds=(1,)), values
        (None, [1, 0, 0])
        """
        WildPayment(self, wild, tuple(for_kinds)).pay(values, costs, offset)

    def convert(self, values: list[int], give: Sequence[int], get: Sequence[int], offset: int = 0) -> int:
        """Pay the cost vector ``give`` and gain the vector ``get`` in one step
        (an exchange); nothing changes if ``give`` cannot be paid.  Returns
        what the caps lost of ``get``.

        >>> kinds = ResourceKinds.of(credit=12, influence=None)
        >>> values = [11, 2]
        >>> kinds.convert(values, kinds.vector(influence=1), kinds.vector(credit=3)), values
        (2, [12, 1])
        """
        self.pay_all(values, give, offset)
        lost = 0
        for i, n in enumerate(get):
            if n:
                lost += self.gain(values, i, n, offset)
        return lost

    def describe(self, values: Sequence[int], offset: int = 0) -> str:
        """``"3 credit, 1 influence"`` (kinds with none left out; ``nothing`` if empty)."""
        parts = [f"{values[offset + i]} {name}" for i, name in enumerate(self.names) if values[offset + i]]
        return ", ".join(parts) or "nothing"


WildPrice = tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
"""A cost prepared by :meth:`WildPayment.price`: (the wild kind's amount, the
exactly paid kinds' ``(kind, amount)``, the stood-in kinds' ``(kind, amount)``)."""


@attrs.frozen
class WildPayment:
    """Payments of a game in which resource ``wild`` may also stand in, one
    for one, for any kind in ``for_kinds``; kinds neither wild nor in
    ``for_kinds`` are paid exactly.  Made by :meth:`ResourceKinds.wild_payment`.

    A game with fixed costs makes each one's :meth:`price` once and tests and
    pays it with :meth:`can_afford` and :meth:`pay_price` (one Python call each,
    visiting the kinds with a cost only; :meth:`pay_affordable` when the rule has
    tested it already); ``can_pay(values, costs)`` and
    ``pay(values, costs)`` take a cost vector and make its price on the way.
    """

    kinds: ResourceKinds
    wild: int
    for_kinds: tuple[int, ...]

    def price(self, costs: Sequence[int]) -> WildPrice:
        """``costs`` prepared for :meth:`can_afford` and :meth:`pay_price`: the
        wild kind's amount, then ``(kind, amount)`` of the other kinds with a
        cost, those paid exactly first and those the wild kind stands in for
        after.  A game makes the prices of its fixed costs once, so that a test
        visits the kinds with a cost only.

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> kinds.wild_payment(2, (1,)).price((1, 3, 0))
        (0, ((0, 1),), ((1, 3),))
        """
        wild, for_kinds = self.wild, self.for_kinds
        exact: list[tuple[int, int]] = []
        standing_in: list[tuple[int, int]] = []
        for kind, cost in enumerate(costs):
            if cost and kind != wild:
                (standing_in if kind in for_kinds else exact).append((kind, cost))
        return costs[wild], tuple(exact), tuple(standing_in)

    def can_afford(self, values: Sequence[int], price: WildPrice) -> bool:
        """Whether ``values`` cover the costs of ``price`` (:meth:`price`) with the
        wild kind standing in.

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> payment = kinds.wild_payment(2, (1,))
        >>> payment.can_afford([1, 1, 2], payment.price((1, 3, 0)))
        True
        """
        wild_cost, exact, standing_in = price
        spare = values[self.wild] - wild_cost
        if spare < 0:
            return False
        for kind, cost in exact:
            if values[kind] < cost:
                return False
        for kind, cost in standing_in:
            short = cost - values[kind]
            if short > 0:
                spare -= short
                if spare < 0:
                    return False
        return True

    def pay_price(self, values: list[int], price: WildPrice) -> None:
        """Pay the costs of ``price`` (:meth:`price`), each kind from its own store
        first and the shortfall of a kind in ``for_kinds`` in the wild kind;
        nothing changes if it cannot be paid (:class:`InsufficientResources`).

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> payment = kinds.wild_payment(2, (1,))
        >>> values = [2, 1, 3]
        >>> payment.pay_price(values, payment.price((1, 3, 1))), values
        (None, [1, 0, 0])
        """
        if not self.can_afford(values, price):
            wild_cost, exact, standing_in = price
            costs = [0] * len(self.kinds.names)
            costs[self.wild] = wild_cost
            for kind, cost in exact + standing_in:
                costs[kind] = cost
            names = self.kinds.names
            raise InsufficientResources(
                f"cannot pay {self.kinds.describe(costs)} from {self.kinds.describe(values)}"
                f" ({names[self.wild]} standing in for {', '.join(names[i] for i in self.for_kinds)})"
            )
        self.pay_affordable(values, price)

    def pay_affordable(self, values: list[int], price: WildPrice) -> None:
        """:meth:`pay_price` of a price the caller knows ``values`` can pay (a rule
        that offers only affordable prices pays them here, without testing again).

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> payment = kinds.wild_payment(2, (1,))
        >>> values = [2, 1, 3]
        >>> payment.pay_affordable(values, payment.price((1, 3, 1))), values
        (None, [1, 0, 0])
        """
        wild = self.wild
        wild_cost, exact, standing_in = price
        values[wild] -= wild_cost
        for kind, cost in exact:
            values[kind] -= cost
        for kind, cost in standing_in:
            own = values[kind]
            if own < cost:
                values[kind] = 0
                values[wild] -= cost - own
            else:
                values[kind] = own - cost

    def can_pay(self, values: Sequence[int], costs: Sequence[int], offset: int = 0) -> bool:
        """Whether ``values`` (from ``offset``) cover ``costs`` with the wild kind standing in
        (:meth:`can_afford` of ``price(costs)``)."""
        if offset:
            values = values[offset : offset + len(costs)]
        return self.can_afford(values, self.price(costs))

    def pay(self, values: list[int], costs: Sequence[int], offset: int = 0) -> None:
        """Pay ``costs`` (from ``offset`` of ``values``), each kind from its own store
        first and the shortfall of a kind in ``for_kinds`` in the wild kind;
        nothing changes if it cannot be paid (:meth:`pay_price` of ``price(costs)``).

        >>> kinds = ResourceKinds.of(energy=10, ore=5, gold=5)
        >>> values = [2, 1, 3]
        >>> kinds.wild_payment(2, (1,)).pay(values, (1, 3, 1)), values
        (None, [1, 0, 0])
        """
        if not offset:
            self.pay_price(values, self.price(costs))
            return
        end = offset + len(costs)
        part = values[offset:end]
        self.pay_price(part, self.price(costs))
        values[offset:end] = part
