"""Turn order and the pending-decision stack.

Players sit clockwise in index order.  A compound move (choose a card, then
its target) is a sequence of atomic decisions; the state keeps what is still
to be decided on a stack of frozen records, pushed by the rule that opens a
choice and popped by the action that answers it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, TypeVar

import attrs

__all__ = ["PendingStack", "clockwise", "counterclockwise", "next_player"]

_D = TypeVar("_D")


def next_player(player: int, players: int) -> int:
    """The player to the left (clockwise)."""
    return (player + 1) % players


def clockwise(start: int, players: int) -> tuple[int, ...]:
    """Everyone once, clockwise from ``start``.

    >>> clockwise(2, 4), counterclockwise(2, 4)
    ((2, 3, 0, 1), (2, 1, 0, 3))
    """
    return tuple((start + i) % players for i in range(players))


def counterclockwise(start: int, players: int) -> tuple[int, ...]:
    """Everyone once, counterclockwise from ``start``."""
    return tuple((start - i) % players for i in range(players))


@attrs.frozen
class PendingStack(Generic[_D]):
    """An immutable stack of pending decisions; the top is decided first.

    >>> stack = PendingStack[str]().push("choose target").push("choose card")
    >>> stack.top, stack.pop().top, len(stack)
    ('choose card', 'choose target', 2)
    """

    items: tuple[_D, ...] = ()

    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[_D]:
        return reversed(self.items)

    @property
    def top(self) -> _D:
        if not self.items:
            raise IndexError("no pending decision")
        return self.items[-1]

    def push(self, decision: _D) -> PendingStack[_D]:
        return PendingStack((*self.items, decision))

    def pop(self) -> PendingStack[_D]:
        if not self.items:
            raise IndexError("no pending decision")
        return PendingStack(self.items[:-1])

    def replace_top(self, decision: _D) -> PendingStack[_D]:
        return self.pop().push(decision)
