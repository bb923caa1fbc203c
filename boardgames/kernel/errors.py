"""The error hierarchy.

Every error the library raises for bad input is a :class:`BoardGameError`.
Errors for malformed input (text that names no action, a file that does not
parse) are distinct from errors for well-formed input that the rules do not
allow in the current position, as in python-chess.
"""

from __future__ import annotations


class BoardGameError(Exception):
    """Base class of every error raised for bad input."""


class UnknownGameError(BoardGameError, LookupError):
    """A game name that is neither built in nor registered by a plug-in."""


class InvalidOptionError(BoardGameError, ValueError):
    """A game option (or player count) that is unknown or out of range."""


class InvalidArgumentError(InvalidOptionError, TypeError):
    """An argument of the wrong kind or out of range.

    A state or view of another game (or of another player count), a player
    who is not seated, a seed or random generator that is not one.  It is
    also a ``TypeError`` and a ``ValueError``.
    """


class InvalidActionError(BoardGameError, ValueError):
    """Input that does not name any action of the game (malformed)."""


class IllegalActionError(BoardGameError, ValueError):
    """A well-formed action that the rules do not allow in this state."""


class ComponentError(BoardGameError, ValueError):
    """A component data file that is missing, malformed or inconsistent."""


class SerializationError(BoardGameError, ValueError):
    """JSON that is corrupted, tampered with, or of an unknown format."""


class ReplayError(SerializationError):
    """A replay that does not re-run to the result it records."""


class HiddenInformationError(BoardGameError, ValueError):
    """A view that no full state of the game can be consistent with."""


class ConformanceError(BoardGameError, AssertionError):
    """A game that breaks the public contract (raised by the conformance checker)."""
