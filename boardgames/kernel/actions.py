"""Actions and the action catalogue.

An action is one atomic choice: a frozen, hashable value with a readable
``str()``.  Each game builds the finite catalogue of every action it can ever
offer once, when the game is made.  The catalogue gives each action a stable
int id (its position), parses the readable text back to the action, and lets
states keep legal actions as tuples of small ints.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from difflib import get_close_matches

from boardgames.kernel.errors import InvalidActionError

__all__ = ["Action", "ActionCatalogue", "DuplicateActionError"]


class DuplicateActionError(ValueError):
    """Two catalogue entries with one text (a game made from components
    that share a name turns this into a :class:`ComponentError`)."""

    def __init__(self, text: str) -> None:
        super().__init__(f"two catalogue actions share the text {text!r}")
        self.text = text


class Action:
    """Base class of every game's actions.

    Subclasses are ``@attrs.frozen(cache_hash=True)`` records whose ``__str__``
    is the readable text of the action, unique within its game's catalogue.

    The one slot of the base, ``_catalogue_id``, is not a field of the record
    (not compared, hashed, shown or serialized): an :class:`ActionCatalogue`
    writes each action's id there, so that applying the very object a state
    listed finds its id with a slot read instead of hashing the record (about
    a thousand instructions, an attrs ``__hash__`` being a Python call).  The
    id is trusted only when the catalogue holds that same object at that
    position; any other action, equal or not, is looked up by value.
    """

    __slots__ = ("_catalogue_id",)

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        return repr(self)


class ActionCatalogue(Sequence[Action]):
    """Every distinct action of one game, in a fixed order.

    >>> from boardgames.kernel.actions import ActionCatalogue
    >>> import attrs
    >>> @attrs.frozen
    ... class Pick(Action):
    ...     n: int
    ...     def __str__(self) -> str:
    ...         return f"pick {self.n}"
    >>> catalogue = ActionCatalogue([Pick(1), Pick(2)])
    >>> catalogue.id_of(Pick(2)), str(catalogue[0]), catalogue.parse("pick 2")
    (1, 'pick 1', Pick(n=2))
    """

    __slots__ = ("_actions", "_by_text", "_ids")

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions: tuple[Action, ...] = tuple(actions)
        self._ids: dict[Action, int] = {}
        self._by_text: dict[str, int] = {}
        for index, action in enumerate(self._actions):
            text = str(action)
            if action in self._ids or text in self._by_text:
                raise DuplicateActionError(text)
            self._ids[action] = index
            self._by_text[text] = index
            # see Action: the id of this very object (a later catalogue holding it
            # too writes its own; lookups check the position before trusting it)
            if isinstance(action, Action):
                object.__setattr__(action, "_catalogue_id", index)

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> Action:  # type: ignore[override]
        if not isinstance(index, int) or isinstance(index, bool):
            raise InvalidActionError(f"an action id is an int, not {type(index).__name__}")
        if not 0 <= index < len(self._actions):
            raise InvalidActionError(f"action id {index} is out of range 0..{len(self._actions) - 1}")
        return self._actions[index]

    @property
    def actions(self) -> tuple[Action, ...]:
        """All actions, indexed by id (for fast internal lookups)."""
        return self._actions

    @property
    def ids(self) -> dict[Action, int]:
        """The id of every action (for fast internal lookups; do not modify)."""
        return self._ids

    def id_of(self, action: object) -> int:
        """The stable id of ``action``; :class:`InvalidActionError` if it is not one."""
        try:
            return self._ids[action]  # type: ignore[index]
        except (KeyError, TypeError):
            raise InvalidActionError(f"{action!r} is not an action of this game") from None

    def get_id(self, action: object) -> int | None:
        """The id of ``action``, or None (no exception; for hot paths)."""
        try:
            return self._ids.get(action)  # type: ignore[call-overload, no-any-return]
        except TypeError:
            return None

    def parse(self, text: str) -> Action:
        """The action whose readable text is ``text`` (surrounding blanks ignored)."""
        if not isinstance(text, str):
            raise InvalidActionError(f"action text must be a str, not {type(text).__name__}")
        key = " ".join(text.split())
        index = self._by_text.get(key)
        if index is None:
            close = get_close_matches(key, self._by_text, n=3)
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise InvalidActionError(f"{text!r} is not an action of this game{hint}")
        return self._actions[index]
