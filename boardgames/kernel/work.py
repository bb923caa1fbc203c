"""The working copy a rule edits while ``apply`` assembles a successor.

States hold tuples, so that a user can never change one.  Inside ``apply`` a
rule edits a :class:`Work` over the successor instead: reading a field thaws
it into a list on first use (a tuple of tuples into a list of lists), writing
records it, and :meth:`Work.commit` freezes every list a rule holds back into
the successor as tuples.  Only the fields an action touches are copied.

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

Three ways to edit, by what the action does:

- ``w.score[1] += 3`` thaws the whole field; right for a rule that edits a
  field in several places or loops over it;
- ``w.add("score", 1, 3)`` and ``w.put("score", 1, 5)`` change one entry
  (``(row, column)`` in a tuple of tuples) without thawing: a new tuple goes
  straight into the successor, the rows not changed are shared;
- ``w.round = 2``: a value that is not a list (an int, a new tuple) goes
  straight into the successor too; only lists wait for :meth:`commit`.

:meth:`peek` reads a field's current value without thawing it.  A game
declares its state's fields in ``FIELDS`` so that the first read of each is
a class attribute lookup rather than a failed one (``__getattr__``):

>>> class ScoreWork(Work):
...     FIELDS = ("score", "round", "steps")
>>> w = ScoreWork(successor)
>>> w.add("score", 0, 2), w.peek("score"), w.score
(2, (2, 3), [2, 3])

A step queue (see :mod:`boardgames.kernel.steps`) lives in the field named by
:attr:`Work.QUEUE` (``steps`` unless a game's Work subclass says otherwise);
:meth:`push`, :meth:`append`, :meth:`pop` and :attr:`front` edit it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

__all__ = ["Work", "put"]

_T = TypeVar("_T")


def put(values: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    """A copy of ``values`` with ``values[index] = value``.

    >>> put((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    copy = [*values]  # (a list display: no call, unlike list())
    copy[index] = value
    return tuple(copy)


def _thaw(value: Any) -> Any:
    """Fields nest at most two deep: a tuple of values or a tuple of tuples."""
    if type(value) is not tuple:
        return value
    if value and type(value[0]) is tuple:
        return list(map(list, value))
    return list(value)


def _freeze(value: Any) -> Any:
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return tuple(map(tuple, value))
    return tuple(value)


class _Field:
    """A declared field of a :class:`Work` subclass: the first read thaws the
    successor's value (a tuple into a list, a tuple of tuples into a list of
    lists) and keeps it on the instance, where later reads find it first."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, work: Work | None, owner: type | None = None) -> Any:
        if work is None:
            return self
        name = self.name
        inner = work._inner
        value = inner["_fields"][name]
        if type(value) is tuple:
            value = list(map(list, value)) if value and type(value[0]) is tuple else list(value)
            inner["_touched"].add(name)
        # Anything else cannot change in place: it is written back when assigned.
        inner[name] = value
        return value


_OWN = frozenset({"state", "_fields", "_touched", "game"})
"""The Work's own attributes; every other attribute is a field's value."""


class Work:
    """A mutable view of a successor's fields; see the module docstring.

    Attributes of the Work are the successor's fields.  ``w.state`` is the
    successor itself, ``w.game`` its game.
    """

    # The instance dict holds the Work's own attributes and the fields' values;
    # the slot _inner holds that same dict, because reading it through
    # ``__dict__`` costs about ten times as much as reading a slot, and every
    # method and field read starts there.
    __slots__ = ("__dict__", "_inner")

    _inner: dict[str, Any]
    state: Any
    game: Any
    _fields: dict[str, Any]
    _touched: set[str]

    QUEUE: ClassVar[str] = "steps"
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The state's fields, declared by a game's subclass (optional: a Work
    whose class declares none finds each field through ``__getattr__`` on its
    first read, which makes every attribute read of it a little slower; a
    declared class also gets ``_player``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("FIELDS", ())
        for name in declared:
            if name in _OWN or hasattr(Work, name):
                raise ValueError(f"{cls.__name__}: {name!r} cannot be a field name of a Work")
            setattr(cls, name, _Field(name))
        if declared and "_player" not in declared:
            cls._player = _Field("_player")  # type: ignore[attr-defined]
        if not cls.FIELDS and "__getattr__" not in cls.__dict__:
            # A class with a __getattr__ makes every attribute read of its
            # instances slower (its methods' too), so only a Work that does
            # not declare its fields finds them through one.
            cls.__getattr__ = _undeclared  # type: ignore[method-assign]

    def __init__(self, state: Any) -> None:
        d = self.__dict__
        _set_inner(self, d)
        d["state"] = state
        d["_fields"] = fields = state.__dict__
        d["_touched"] = set()
        d["game"] = fields.get("game")
        if type(self) is Work:
            object.__setattr__(self, "__class__", _UndeclaredWork)

    if TYPE_CHECKING:
        # Fields are attributes (declared ones through _Field, others through
        # _undeclared), so a type checker takes any name.
        def __getattr__(self, name: str) -> Any: ...

    def __setattr__(self, name: str, value: Any) -> None:
        inner = self._inner
        inner[name] = value
        if type(value) is list:
            inner["_touched"].add(name)
        else:
            inner["_fields"][name] = value

    def commit(self) -> Any:
        """Freeze every list a rule holds back into the successor; return the successor."""
        inner = self._inner
        fields = inner["_fields"]
        for name in inner["_touched"]:
            value = inner[name]
            if type(value) is list:
                value = tuple(map(tuple, value)) if value and type(value[0]) is list else tuple(value)
            fields[name] = value
        return inner["state"]

    def sync(self) -> Any:
        """:meth:`commit`, then forget every value this Work has read, and
        return the successor.

        Afterwards a function may edit the successor's fields directly (as a
        ``direct`` rule does, see :mod:`boardgames.kernel.steps`), and the
        Work's later reads see those edits.  A list a rule still holds from
        before is no longer the field's value.

        >>> successor = type("Fields", (), {})()
        >>> successor.__dict__.update(score=(0, 0))
        >>> w = Work(successor)
        >>> w.score[0] = 1
        >>> state = w.sync()
        >>> state.__dict__["score"] = (state.score[0], 5)
        >>> w.score
        [1, 5]
        """
        state = self.commit()
        inner = self._inner
        for name in [name for name in inner if name not in _OWN]:
            del inner[name]
        inner["_touched"] = set()
        return state

    def peek(self, name: str) -> Any:
        """The current value of field ``name`` for reading only: neither thawed
        nor marked touched (a tuple if no rule has thawed it, else the list)."""
        inner = self._inner
        return inner[name] if name in inner else inner["_fields"][name]

    def put(self, name: str, index: int | tuple[int, int], value: Any) -> None:
        """``field[index] = value`` (``field[row][column]`` for a pair) without
        thawing the field when no rule has yet."""
        inner = self._inner
        fields = inner["_fields"]
        if name in inner:
            held = inner[name]
            if type(held) is list:
                if isinstance(index, tuple):
                    held[index[0]][index[1]] = value
                else:
                    held[index] = value
                return
        else:
            held = fields[name]
        # put() inlined: rules call this on the hot path
        copy = [*held]  # (list displays: no call, unlike list())
        if isinstance(index, tuple):
            row, column = index
            cells = [*copy[row]]
            cells[column] = value
            copy[row] = tuple(cells)
        else:
            copy[index] = value
        new = fields[name] = tuple(copy)
        if name in inner:
            inner[name] = new

    def put_row(self, name: str, row: int, values: Iterable[Any]) -> None:
        """``field[row] = values`` for a tuple of tuples (a row per player, say)
        as one edit: the field is not thawed unless a rule has thawed it
        already, and then the row is changed in place (a rule may hold it), so
        the field stays a list of lists.

        >>> successor = type("Fields", (), {})()
        >>> successor.__dict__.update(rows=((1, 2), (3, 4)))
        >>> w = Work(successor)
        >>> w.put_row("rows", 1, (5, 6))
        >>> w.peek("rows")
        ((1, 2), (5, 6))
        >>> held = w.rows[0]
        >>> w.put_row("rows", 0, (7, 8))
        >>> held, w.commit().rows
        ([7, 8], ((7, 8), (5, 6)))
        """
        inner = self._inner
        held = inner[name] if name in inner else inner["_fields"][name]
        if type(held) is list:
            held[row][:] = values
        else:
            self.put(name, row, tuple(values))

    def add(self, name: str, index: int | tuple[int, int], amount: int) -> int:
        """``field[index] += amount`` as :meth:`put` does it; the new value."""
        inner = self._inner
        held = inner[name] if name in inner else inner["_fields"][name]
        value: int = (held[index[0]][index[1]] if isinstance(index, tuple) else held[index]) + amount
        self.put(name, index, value)
        return value

    def snapshot(self) -> Any:
        """The fields as they stand now, read-only and without thawing any
        (for checks that only look; lists a rule holds appear as lists)."""
        inner = self._inner
        fields = dict(inner["_fields"])
        for name in inner["_touched"]:
            fields[name] = inner[name]
        snapshot = object.__new__(_Snapshot)
        snapshot.__dict__ = fields
        return snapshot

    def view(self) -> Any:
        """The fields as they stand, read-only, for a check that only looks:
        the successor itself while no field is thawed (every write so far
        went straight into it), else a :meth:`snapshot`.

        >>> successor = type("Fields", (), {})()
        >>> successor.__dict__.update(score=(0, 0))
        >>> w = Work(successor)
        >>> w.put("score", 0, 4)
        >>> w.view() is successor, w.view().score
        (True, (4, 0))
        >>> w.score[1] = 2
        >>> w.view() is successor, w.view().score
        (False, [4, 2])
        """
        inner = self._inner
        return self.snapshot() if inner["_touched"] else inner["state"]

    # -- the step queue ----------------------------------------------------------
    #
    # The queue stays a tuple of tuples, edited by slicing straight in the
    # successor (which nobody else sees before commit), unless a rule has
    # read or assigned a list to it: then these edit the Work's own value.

    def _queue_home(self) -> tuple[dict[str, Any], Any]:
        """Where the queue's current value lives and the value."""
        values = self._inner
        name = self.QUEUE
        if name in values:
            return values, values[name]
        fields = self._fields
        return fields, fields[name]

    def _set_queue(self, home: dict[str, Any], queue: tuple[Any, ...]) -> None:
        home[self.QUEUE] = queue
        if home is self._inner:
            self._fields[self.QUEUE] = queue

    def push(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the front of the queue, in the order given."""
        # _queue_home and _set_queue inlined, as in pop: a rule pushes a step for
        # every choice it opens
        values = self._inner
        name = self.QUEUE
        fields = values["_fields"]
        if name in values:
            queue = values[name]
            if type(queue) is list:
                queue[0:0] = map(list, steps)
                return
            values[name] = fields[name] = (*map(tuple, steps), *queue)
        else:
            fields[name] = (*map(tuple, steps), *fields[name])

    def append(self, *steps: Iterable[int]) -> None:
        """Put ``steps`` at the back of the queue, in the order given."""
        home, queue = self._queue_home()
        if type(queue) is list:
            queue.extend(map(list, steps))
        else:
            self._set_queue(home, (*queue, *map(tuple, steps)))

    def pop(self) -> tuple[int, ...]:
        """Take the first step off the queue and return it."""
        # _queue_home and _set_queue inlined: settling pops every step it runs
        values = self._inner
        name = self.QUEUE
        fields = values["_fields"]
        if name in values:
            queue = values[name]
            if type(queue) is list:
                return tuple(queue.pop(0))
            values[name] = fields[name] = queue[1:]
        else:
            queue = fields[name]
            fields[name] = queue[1:]
        return queue[0]  # type: ignore[no-any-return]

    @property
    def front(self) -> tuple[int, ...] | list[int] | None:
        """The first step of the queue (None when it is empty)."""
        queue = self.peek(self.QUEUE)
        return queue[0] if queue else None


_set_inner = Work._inner.__set__  # type: ignore[attr-defined]
"""Sets a Work's ``_inner`` slot (its own ``__setattr__`` stores fields)."""


class _Snapshot:
    """The fields of a :class:`Work` at one moment (see :meth:`Work.snapshot`)."""


def _undeclared(work: Work, name: str) -> Any:
    """``__getattr__`` of a Work whose fields are not declared: called only
    for a field not read yet, which then becomes an attribute of the Work."""
    if name == "_inner":  # read before __init__ set it (a copy being built, say)
        raise AttributeError(name)
    values = work._inner
    fields = values["_fields"]
    if name not in fields:
        raise AttributeError(name)
    value = fields[name]
    if type(value) is tuple:
        value = _thaw(value)
        values["_touched"].add(name)
    values[name] = value
    return value


class _UndeclaredWork(Work):
    """What a plain ``Work(state)`` becomes: a Work that finds each field on its first read."""

    __slots__ = ()  # the layout of Work, so that a Work's class can become this one
