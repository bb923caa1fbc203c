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
(7, 1, 4)
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
        d = self.__dict__
        d["state"] = state
        d["_fields"] = state.__dict__
        d["_touched"] = set()

    def __getattr__(self, name: str) -> Any:
        # Only called for fields not read yet: afterwards the thawed value is an
        # attribute of the Work itself.
        values = self.__dict__
        fields = values["_fields"]
        if name not in fields:
            raise AttributeError(name)
        value = fields[name]
        if type(value) is tuple:
            value = _thaw(value)
            values["_touched"].add(name)
        # A value that is not a tuple (an int, bytes, a frozen record) cannot be
        # changed in place: it is only written back once a rule assigns it.
        values[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__[name] = value
        self._touched.add(name)

    @property
    def game(self) -> Any:
        return self._fields["game"]

    def commit(self) -> Any:
        """Write every touched field back as tuples; return the successor."""
        fields = self._fields
        values = self.__dict__
        for name in self._touched:
            fields[name] = _freeze(values[name])
        return self.state

    def peek(self, name: str) -> Any:
        """The current value of field ``name`` without thawing it (a tuple if
        the action has not touched it, the working list if it has)."""
        values = self.__dict__
        if name in values:
            return values[name]
        return self._fields[name]

    # -- the step queue ----------------------------------------------------------
    #
    # The queue stays a tuple of tuples, edited by slicing straight in the
    # successor (which nobody else sees before commit), unless a rule has
    # read or assigned ``w.steps``: then these edit the Work's own value.

    def _queue_home(self) -> tuple[dict[str, Any], Any]:
        """Where the queue's current value lives and the value."""
        values = self.__dict__
        name = self.QUEUE
        if name in values:
            return values, values[name]
        fields = self._fields
        return fields, fields[name]

    def push(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the front of the queue, in the order given."""
        home, queue = self._queue_home()
        if type(queue) is list:
            queue[0:0] = [list(step) for step in steps]
        else:
            home[self.QUEUE] = (*map(tuple, steps), *queue)

    def append(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the back of the queue, in the order given."""
        home, queue = self._queue_home()
        if type(queue) is list:
            queue.extend([list(step) for step in steps])
        else:
            home[self.QUEUE] = (*queue, *map(tuple, steps))

    def pop(self) -> tuple[int, ...]:
        """Take the first step off the queue and return it."""
        home, queue = self._queue_home()
        if type(queue) is list:
            return tuple(queue.pop(0))
        home[self.QUEUE] = queue[1:]
        return queue[0]  # type: ignore[no-any-return]

    @property
    def front(self) -> tuple[int, ...] | list[int] | None:
        """The first step of the queue (None when it is empty)."""
        queue = self.peek(self.QUEUE)
        return queue[0] if queue else None
