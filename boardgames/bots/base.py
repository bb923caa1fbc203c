"""The bot protocol, the bot error, and the table of built-in bots by name.

A bot decides for one seat from what that seat may know: it is given the
player's :class:`~boardgames.kernel.game.View`, the legal actions and a seeded
``numpy.random.Generator``, and returns one of the legal actions.  It never
sees the full state; a bot that searches draws full states consistent with
its view through ``game.resample(view, rng)``.

Bots that need the game itself (its heuristic, its rules for look-ahead)
define ``start(game, player)``, which the arena calls once before each game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from boardgames.kernel.actions import Action
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import Game, View

__all__ = ["Bot", "BotError", "bot_names", "bot_parameters", "make_bot", "start_bot"]


class BotError(BoardGameError):
    """A bot that failed: it raised, or returned something that is not a legal action.

    ``seat`` is the seat of the failing bot when the arena knows it.
    """

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.seat = seat

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.seat))


@runtime_checkable
class Bot(Protocol):
    """What the arena needs from a bot.

    ``choose`` returns one of ``legal_actions`` (never empty).  It must draw
    every random number from ``rng`` so that the same seed gives the same
    choices.  Optionally a bot defines ``start(game, player)``; the arena
    calls it before each game (see :func:`start_bot`).

    >>> class FirstBot:
    ...     name = "first"
    ...     def choose(self, view, legal_actions, rng):
    ...         return legal_actions[0]
    >>> isinstance(FirstBot(), Bot)
    True
    """

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action: ...


def start_bot(bot: Bot, game: Game, player: int) -> None:
    """Call ``bot.start(game, player)`` if the bot defines it."""
    start = getattr(bot, "start", None)
    if callable(start):
        start(game, player)


def bot_name(bot: object) -> str:
    """A display name: the bot's ``name`` attribute, else its class name."""
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


_FACTORIES: dict[str, Callable[..., Bot]] = {}


def _register(name: str, factory: Callable[..., Bot]) -> None:
    _FACTORIES[name] = factory


def bot_names() -> tuple[str, ...]:
    """The names :func:`make_bot` accepts, sorted."""
    _load_builtins()
    return tuple(sorted(_FACTORIES))


def make_bot(name: str, **params: Any) -> Bot:
    """A built-in bot by name (``"random"``, ``"greedy"``, ``"mcts"``), with its parameters.

    >>> make_bot("mcts", iterations=50).name
    'mcts'
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    boardgames.bots.base.BotError: no bot named 'clever'; bots: greedy, mcts, random
    """
    _load_builtins()
    if not isinstance(name, str) or name not in _FACTORIES:
        raise BotError(f"no bot named {name!r}; bots: {', '.join(sorted(_FACTORIES))}")
    factory = _FACTORIES[name]
    unknown = sorted(set(params) - set(bot_parameters(name)))
    if unknown and not _takes_any_keyword(factory):
        raise BotError(
            f"bad parameters for bot {name!r}: no parameter {', '.join(map(repr, unknown))}; "
            f"{name} takes {_signature_text(name)}"
        )
    try:
        return factory(**params)
    except TypeError as error:
        raise BotError(
            f"bad parameters for bot {name!r}: {error}; {name} takes {_signature_text(name)}"
        ) from None


def bot_parameters(name: str) -> dict[str, Any]:
    """The keyword parameters of the built-in bot ``name`` with their defaults.

    >>> bot_parameters("mcts")["iterations"] is None
    True
    """
    _load_builtins()
    if name not in _FACTORIES:
        raise BotError(f"no bot named {name!r}; bots: {', '.join(sorted(_FACTORIES))}")
    signature = inspect.signature(_FACTORIES[name])
    return {
        p.name: p.default
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }


def _takes_any_keyword(factory: Callable[..., Bot]) -> bool:
    return any(p.kind is p.VAR_KEYWORD for p in inspect.signature(factory).parameters.values())


def _signature_text(name: str) -> str:
    parameters = bot_parameters(name)
    if not parameters:
        return "no parameters"
    return ", ".join(f"{key}={value!r}" for key, value in parameters.items())


def _load_builtins() -> None:
    if not _FACTORIES:
        from boardgames.bots.greedy import GreedyBot
        from boardgames.bots.mcts import MCTSBot
        from boardgames.bots.random import RandomBot

        _register("random", RandomBot)
        _register("greedy", GreedyBot)
        _register("mcts", MCTSBot)


def check_choice(bot: object, action: object, legal_actions: Sequence[Action]) -> Action:
    """``action`` if it is one of ``legal_actions``; :class:`BotError` otherwise."""
    if isinstance(action, Action) and action in legal_actions:
        return action
    shown = ", ".join(str(a) for a in legal_actions[:8]) + (", ..." if len(legal_actions) > 8 else "")
    raise BotError(f"bot {bot_name(bot)} chose {action!r}, which is not legal (legal: {shown})")
