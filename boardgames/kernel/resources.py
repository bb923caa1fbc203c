"""Resource pools: named amounts with caps, payments and conversions.

A pool is an immutable value.  Gains beyond a cap are lost (the usual board
game rule: a track cannot go past its end); payments that cannot be met raise
:class:`InsufficientResources` and change nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from boardgames.kernel.errors import IllegalActionError

__all__ = ["InsufficientResources", "ResourceKinds", "ResourcePool"]


class InsufficientResources(IllegalActionError):
    """A payment larger than what the pool holds."""


@attrs.frozen
class ResourceKinds:
    """The resource names of a game, in a fixed order, with their caps (None: no cap)."""

    names: tuple[str, ...]
    caps: tuple[int | None, ...]

    def __attrs_post_init__(self) -> None:
        if len(self.names) != len(self.caps):
            raise ValueError("one cap per resource name")
        if len(set(self.names)) != len(self.names):
            raise ValueError("resource names must be distinct")

    @classmethod
    def of(cls, **caps: int | None) -> ResourceKinds:
        return cls(tuple(caps), tuple(caps.values()))

    def index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no resource {name!r} (resources: {', '.join(self.names)})") from None

    def pool(self, **amounts: int) -> ResourcePool:
        values = [0] * len(self.names)
        for name, amount in amounts.items():
            values[self.index(name)] = amount
        return ResourcePool(self, tuple(values)).clamped()


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
            max(0, a if cap is None else min(a, cap)) for a, cap in zip(self.amounts, self.kinds.caps)
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
            cap = self.kinds.caps[self.kinds.index(name)]
            if cap is not None:
                lost = self[name] + amount - cap
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
