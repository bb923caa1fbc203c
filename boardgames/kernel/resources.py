"""Resource pools: named amounts with caps, payments and conversions.

:class:`ResourceKinds` does index-based arithmetic on a list of ints (the
working copy of a state's amounts, see :mod:`boardgames.kernel.work`), which
is what rules use on the hot path.  :class:`ResourcePool` wraps amounts as an
immutable value with name-based methods, for setup code and for users.

Gains beyond a cap are lost (the usual board game rule: a track cannot go
past its end); payments that cannot be met raise
:class:`InsufficientResources` and change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from boardgames.kernel.errors import IllegalActionError

__all__ = ["NO_CAP", "InsufficientResources", "ResourceKinds", "ResourcePool"]


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

    def pool(self, **amounts: int) -> ResourcePool:
        return ResourcePool(self, self.vector(**amounts)).clamped()

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

    def describe(self, values: Sequence[int], offset: int = 0) -> str:
        """``"3 credit, 1 influence"`` (kinds with none left out; ``nothing`` if empty)."""
        parts = [
            f"{values[offset + i]} {name}" for i, name in enumerate(self.names) if values[offset + i]
        ]
        return ", ".join(parts) or "nothing"


@attrs.frozen
class ResourcePool:
    """Amounts of each resource of a :class:`ResourceKinds`.

    >>> kinds = ResourceKinds.of(credit=12, influence=None)
    >>> pool = kinds.pool(credit=10)
    >>> pool.gain(credit=5)["credit"], pool.pay(credit=3)["credit"]
    (12, 7)
    >>> pool.can_pay(influence=1)
    False
    """

    kinds: ResourceKinds
    amounts: tuple[int, ...]

    def __getitem__(self, name: str) -> int:
        return self.amounts[self.kinds.index(name)]

    def as_dict(self) -> dict[str, int]:
        return dict(zip(self.kinds.names, self.amounts))

    def clamped(self) -> ResourcePool:
        amounts = tuple(
            max(0, min(a, cap)) for a, cap in zip(self.amounts, self.kinds.caps)
        )
        return self if amounts == self.amounts else ResourcePool(self.kinds, amounts)

    def _delta(self, changes: Mapping[str, int], sign: int) -> list[int]:
        values = list(self.amounts)
        for name, amount in changes.items():
            if amount < 0:
                raise ValueError(f"amounts must not be negative ({name}={amount})")
            values[self.kinds.index(name)] += sign * amount
        return values

    def gain(self, **changes: int) -> ResourcePool:
        """Add amounts; anything beyond a cap is lost."""
        return ResourcePool(self.kinds, tuple(self._delta(changes, 1))).clamped()

    def overflow(self, **changes: int) -> dict[str, int]:
        """What :meth:`gain` of ``changes`` would lose to the caps."""
        out: dict[str, int] = {}
        for name, amount in changes.items():
            lost = self[name] + amount - self.kinds.caps[self.kinds.index(name)]
            if lost > 0:
                out[name] = lost
        return out

    def can_pay(self, **changes: int) -> bool:
        return all(v >= 0 for v in self._delta(changes, -1))

    def pay(self, **changes: int) -> ResourcePool:
        """Subtract amounts; :class:`InsufficientResources` if any would go negative."""
        values = self._delta(changes, -1)
        short = [
            f"{name} (have {self[name]}, need {changes[name]})"
            for name, v in zip(self.kinds.names, values)
            if v < 0
        ]
        if short:
            raise InsufficientResources("not enough " + ", ".join(short))
        return ResourcePool(self.kinds, tuple(values))

    def convert(self, give: Mapping[str, int], get: Mapping[str, int]) -> ResourcePool:
        """Pay ``give`` and gain ``get`` in one step."""
        return self.pay(**give).gain(**get)
