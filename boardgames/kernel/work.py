"""The working copy a rule edits while ``apply`` assembles a successor.

States hold tuples, so that a user can never change one.  Inside ``apply`` a
rule edits a :class:`Work` over the successor instead: reading a field thaws
it into a list on first use (a tuple of tuples into a list of lists), writing
records it, and :meth:`Work.commit` freezes every touched field back into the
successor as tuples.  Only the fields an action touches are copied.

>>> from boardgames.kernel.work import Work
>>> class Fields:
...     pass
>>> successor = Fields()
>>> successor.__dict__.update(score=(0, 0), steps=((1, 0),), round=1)
>>> w = Work(successor)
>>> w.score[1] += 3
>>> w.round = 2
>>> w.push((7, 1, 4))
>>> w.pop()
[7, 1, 4]
>>> w.commit() is successor, successor.score, successor.round, successor.steps
(True, (0, 3), 2, ((1, 0),))

A step queue (see :mod:`boardgames.kernel.steps`) lives in the field named by
:attr:`Work.QUEUE` (``steps`` unless a game's Work subclass says otherwise);
:meth:`push`, :meth:`append`, :meth:`pop` and :attr:`front` edit it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

__all__ = ["Work", "put"]

_T = TypeVar("_T")


def put(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """A copy of ``values`` with ``values[index] = value``.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    copy = list(values)
    copy[index] = value
    return tuple(copy)


def _thaw(value: Any) -> Any:
    """Fields nest at most two deep: a tuple of values or a tuple of tuples."""
    if type(value) is not tuple:
        return value
    if value and type(value[0]) is tuple:
        return [list(v) for v in value]
    return list(value)


def _freeze(value: Any) -> Any:
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return tuple([tuple(v) for v in value])
    return tuple(value)


class Work:
    """A mutable view of a successor's fields; see the module docstring.

    Attributes of the Work are the successor's fields.  ``w.state`` is the
    successor itself (read a field through it to avoid thawing a large tuple
    that the action only looks at), ``w.game`` its game.
    """

    QUEUE = "steps"

    def __init__(self, state: Any) -> None:
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "_fields", state.__dict__)
        object.__setattr__(self, "_touched", set())

    def __getattr__(self, name: str) -> Any:
        # Only called for fields not read yet: afterwards the thawed value is an
        # attribute of the Work itself.
        fields = object.__getattribute__(self, "_fields")
        if name not in fields:
            raise AttributeError(name)
        value = _thaw(fields[name])
        object.__setattr__(self, name, value)
        object.__getattribute__(self, "_touched").add(name)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        object.__getattribute__(self, "_touched").add(name)

    @property
    def game(self) -> Any:
        return object.__getattribute__(self, "_fields")["game"]

    def commit(self) -> Any:
        """Write every touched field back as tuples; return the successor."""
        fields = object.__getattribute__(self, "_fields")
        values = object.__getattribute__(self, "__dict__")
        for name in object.__getattribute__(self, "_touched"):
            fields[name] = _freeze(values[name])
        return object.__getattribute__(self, "state")

    # -- the step queue ----------------------------------------------------------

    def push(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the front of the queue, in the order given."""
        queue: list[list[int]] = getattr(self, self.QUEUE)
        queue[0:0] = [list(step) for step in steps]

    def append(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the back of the queue, in the order given."""
        queue: list[list[int]] = getattr(self, self.QUEUE)
        queue.extend([list(step) for step in steps])

    def pop(self) -> list[int]:
        """Take the first step off the queue."""
        queue: list[list[int]] = getattr(self, self.QUEUE)
        return queue.pop(0)

    @property
    def front(self) -> list[int] | None:
        """The first step of the queue (None when it is empty)."""
        queue: list[list[int]] = getattr(self, self.QUEUE)
        return queue[0] if queue else None
