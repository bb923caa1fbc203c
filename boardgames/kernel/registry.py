"""The game registry: built-ins in a table, plug-ins by entry point.

Built-in games are listed here by import path and imported only when made.
Third-party distributions register games in the entry-point group
``boardgames.games``; the entry point's value is the ``Game`` subclass, and
its name is the game's id.  No code anywhere else learns a game's name.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from importlib.metadata import entry_points
from os import PathLike
from typing import Any, cast

from boardgames.kernel.errors import InvalidOptionError, UnknownGameError
from boardgames.kernel.game import Game

__all__ = ["ENTRY_POINT_GROUP", "available_games", "game_class", "make", "register_game"]

ENTRY_POINT_GROUP = "boardgames.games"

_BUILTIN: dict[str, str] = {
    "age-of-galaxy": "boardgames.games.age_of_galaxy:AgeOfGalaxy",
    "andromedas-edge": "boardgames.games.andromedas_edge:AndromedasEdge",
    "galaxys-edge": "boardgames.games.galaxys_edge:GalaxysEdge",
    "warpgate": "boardgames.games.warpgate:Warpgate",
}

_REGISTERED: dict[str, Callable[[], type[Game]]] = {}
_CACHE: dict[tuple[str, int | None, str], Game] = {}
_CACHE_LIMIT = 64


def register_game(name: str, game_class: type[Game]) -> None:
    """Register a game at run time (plug-ins normally use the entry point)."""
    if not isinstance(name, str) or not name:
        raise InvalidOptionError("a game needs a non-empty string id")
    if not (isinstance(game_class, type) and issubclass(game_class, Game)):
        raise InvalidOptionError(f"register_game() needs a Game subclass, not {game_class!r}")
    _REGISTERED[name] = lambda: game_class
    _CACHE.clear()


def _plugins() -> dict[str, Callable[[], type[Game]]]:
    found: dict[str, Callable[[], type[Game]]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        found[ep.name] = cast(Callable[[], type[Game]], ep.load)
    return found


def available_games() -> tuple[str, ...]:
    """The ids of every game that :func:`make` accepts, sorted."""
    return tuple(sorted({*_BUILTIN, *_REGISTERED, *_plugins()}))


def game_class(name: str) -> type[Game]:
    """The Game subclass registered as ``name``."""
    if name in _REGISTERED:
        return _REGISTERED[name]()
    if name in _BUILTIN:
        module_name, _, attr = _BUILTIN[name].partition(":")
        return cast(type[Game], getattr(importlib.import_module(module_name), attr))
    plugins = _plugins()
    if name in plugins:
        loaded = plugins[name]()
        if not (isinstance(loaded, type) and issubclass(loaded, Game)):
            raise UnknownGameError(f"entry point {name!r} does not name a Game subclass")
        return loaded
    raise UnknownGameError(f"no game named {name!r}; available games: {', '.join(available_games())}")


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A configured game.

    ``players`` defaults to the game's usual count; options are keyword
    arguments validated by the game (:class:`InvalidOptionError` says which
    and why).  Games are immutable, so equal requests share one instance.

    >>> import boardgames as bg
    >>> bg.make("galaxys-edge", players=3).players
    3
    >>> bg.make("no-such-game")
    Traceback (most recent call last):
    ...
    boardgames.kernel.errors.UnknownGameError: no game named 'no-such-game'; available games: ...
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is a str, not {type(name).__name__}")
    key: tuple[str, int | None, str] | None = None
    # A component file may change between calls: a game made from a path is
    # never shared (its component set is cached by content instead).
    from_file = isinstance(options.get("components"), (str, PathLike))
    if (players is None or type(players) is int) and not from_file:
        try:
            key = (name, players, json.dumps(options, sort_keys=True))
        except (TypeError, ValueError):
            key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    game = game_class(name)(players, **options)
    if key is not None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = game
    return game
