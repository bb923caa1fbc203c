"""Play one game between bots and keep the full record.

The game seed drives everything: the setup (``game.new_game(seed)``), the
chance outcomes, and each seat's generator, all from independent streams of
one ``numpy.random.SeedSequence``.  The same game, bots and seed give the same
game on every machine (for bots that are deterministic given their generator).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from boardgames.bots.base import Bot, BotError, bot_name, check_choice, make_bot, start_bot
from boardgames.kernel.actions import Action
from boardgames.kernel.chance import Sampler
from boardgames.kernel.driver import sample_outcome
from boardgames.kernel.errors import ConformanceError, InvalidOptionError
from boardgames.kernel.game import CHANCE, Game, State
from boardgames.kernel.registry import make
from boardgames.kernel.serialize import Replay

__all__ = ["GameRecord", "Move", "observed", "play", "resolve_bots", "seat_rng"]

BotSpec = Bot | str
"""A bot, or the name of a built-in bot (``"random"``, ``"greedy"``, ``"mcts"``)."""


@attrs.frozen
class Move:
    """One step of a game: who acted (a seat, or ``CHANCE``), the action text and its log line."""

    index: int
    player: int
    action: str
    description: str


@attrs.frozen(eq=False)
class GameRecord:
    """A finished game: the final state, its replay, the move log and who played."""

    final: State
    replay: Replay
    moves: tuple[Move, ...]
    bots: tuple[str, ...]
    seed: int
    think_seconds: tuple[float, ...]
    decisions: tuple[int, ...]

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(self.final.scores())

    @property
    def winners(self) -> frozenset[int]:
        """The winners; none when the game was truncated."""
        return self.final.winners

    @property
    def truncated(self) -> bool:
        """Whether the game's length limit stopped it (then it has no winner)."""
        return self.final.truncated

    @property
    def game(self) -> Game:
        return self.final.game


def seat_rng(seed: int, stream: int) -> np.random.Generator:
    """The generator of one stream of a game seed (0: chance, 1 + k: seat k)."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, stream])))


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InvalidOptionError(f"seed must be an int >= 0, not {seed!r}")
    return int(seed)


def resolve_bots(bots: Sequence[BotSpec] | Mapping[str, BotSpec]) -> tuple[list[Bot], list[str]]:
    """Bots from specs (instances or names) and unique display names for them."""
    if isinstance(bots, Mapping):
        items: list[tuple[str | None, Any]] = [(str(k), v) for k, v in bots.items()]
    elif isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise InvalidOptionError("bots must be a list of bots (or of bot names), or a dict name -> bot")
    else:
        items = [(None, b) for b in bots]
    resolved: list[Bot] = []
    names: list[str] = []
    for given, spec in items:
        bot = make_bot(spec) if isinstance(spec, str) else spec
        if not callable(getattr(bot, "choose", None)):
            raise InvalidOptionError(f"{bot!r} is not a bot: it has no choose(view, legal_actions, rng)")
        resolved.append(bot)
        names.append(given if given is not None else bot_name(bot))
    seen: dict[str, int] = {}
    unique: list[str] = []
    for name in names:
        seen[name] = seen.get(name, 0) + 1
        unique.append(name if seen[name] == 1 else f"{name}#{seen[name]}")
    return resolved, unique


def play(
    game: Game | str,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec],
    seed: int = 0,
    *,
    describe: bool = True,
    names: Sequence[str] | None = None,
    on_move: Callable[[Move, State, State], None] | None = None,
) -> GameRecord:
    """Play one game between ``bots`` (one per seat, in seat order) from ``seed``.

    ``game`` is a made game or a game id (made for ``len(bots)`` players).
    Returns a :class:`GameRecord` with the final state, the replay (which
    re-runs without any generator) and the move log; with ``describe=False``
    the log lines are the bare action texts (faster).  ``on_move(move,
    before, after)`` is called after every step, chance included.  ``names``
    overrides the bots' display names.

    A bot that raises or returns an illegal action ends the game with a
    :class:`~boardgames.bots.BotError` naming the bot and its seat.

    A bot that defines ``observe(seat, player, action)`` is told every step
    of the game, chance included, as its seat saw it (see :func:`observed`):
    who acted and the action, or None when the seat cannot tell it apart.

    >>> import boardgames as bg
    >>> record = bg.play("galaxys-edge", ["greedy", "random"], seed=3)
    >>> record.final.is_terminal, record.replay.run() == record.final
    (True, True)
    >>> record.bots
    ('greedy', 'random')
    """
    seed = check_seed(seed)
    resolved, default_names = resolve_bots(bots)
    if names is None:
        names = default_names
    elif len(names) != len(resolved) or not all(isinstance(n, str) for n in names):
        raise InvalidOptionError("names must be one string per bot")
    if isinstance(game, str):
        game = make(game, players=len(resolved))
    if not isinstance(game, Game):
        raise InvalidOptionError(f"game must be a Game or a game id, not {type(game).__name__}")
    if len(resolved) != game.players:
        raise InvalidOptionError(f"{game.id} has {game.players} seats but {len(resolved)} bots were given")
    for seat, bot in enumerate(resolved):
        try:
            start_bot(bot, game, seat)
        except BotError as error:
            raise BotError(f"bot {names[seat]} (seat {seat}): {error}", seat) from error
        except Exception as error:
            raise BotError(
                f"bot {names[seat]} (seat {seat}) failed to start: {_reason(error)}", seat
            ) from error
    chance = Sampler(seat_rng(seed, 0))
    rngs = [seat_rng(seed, 1 + seat) for seat in range(game.players)]
    think = [0.0] * game.players
    decisions = [0] * game.players
    table = game.catalogue.actions
    observers = [getattr(bot, "observe", None) for bot in resolved]
    watching = [(seat, hook) for seat, hook in enumerate(observers) if callable(hook)]
    initial = state = game.new_game(seed)
    taken: list[str] = []
    moves: list[Move] = []
    bound = game.max_game_length
    clock = time.perf_counter
    while not state.is_terminal:
        if len(taken) >= bound:
            raise ConformanceError(f"{game!r} seed {seed}: no end after {bound} actions")
        player = state.current_player
        if player == CHANCE:
            action = table[sample_outcome(state, chance)]
            after = game._next_state(state, game.action_id(action))
        else:
            legal = state.legal_actions()
            bot = resolved[player]
            begun = clock()
            try:
                choice: object = bot.choose(state.view(player), legal, rngs[player])
            except BotError as error:
                # the bot's own error, kept as it is (its type may mean something to the caller)
                if error.seat is None:
                    error.seat = player
                raise
            except Exception as error:
                where = f"bot {names[player]} (seat {player}) failed at action {len(taken) + 1}"
                raise BotError(f"{where}: {_reason(error)}", player) from error
            think[player] += clock() - begun
            decisions[player] += 1
            try:
                action = check_choice(bot, choice, legal)
            except BotError as error:
                raise BotError(f"seat {player}: {error}", player) from None
            after = game._next_state(state, game.action_id(action))
        text = str(action)
        move = Move(len(taken), player, text, game.describe_action(state, action) if describe else text)
        taken.append(text)
        moves.append(move)
        if on_move is not None:
            on_move(move, state, after)
        for seat, hook in watching:
            seen = action if seat == player else observed(state, after, action, seat)
            try:
                hook(seat, player, seen)
            except Exception as error:
                where = f"bot {names[seat]} (seat {seat}) failed to observe action {len(taken)}"
                raise BotError(f"{where}: {_reason(error)}", seat) from error
        state = after
    replay = Replay.record(initial, seed, taken, state, names)
    return GameRecord(state, replay, tuple(moves), tuple(names), seed, tuple(think), tuple(decisions))


def observed(before: State, after: State, action: Action, seat: int) -> Action | None:
    """``action`` if ``seat`` can tell it apart from every alternative at ``before``, else None.

    The step is observed when the seat's view after it differs from its view
    after every other legal action (or every other chance outcome): a public
    move, a die roll, a card the seat draws itself.  A hidden draw or a
    face-down play leaves equal views, so the seat learns only that one of
    them happened.

    >>> import boardgames as bg
    >>> state = bg.make("galaxys-edge", players=2).new_game(1)
    >>> while state.is_chance:
    ...     state = state.apply(state.chance_outcomes()[0][0])
    >>> mover = state.current_player
    >>> action = state.legal_actions()[0]
    >>> observed(state, state.apply(action), action, 1 - mover) == action
    True
    """
    game = before.game
    action_id = game.action_id(action)
    if before.current_player == CHANCE:
        others = [i for i, _ in before.chance_outcome_ids() if i != action_id]
    else:
        others = [i for i in before.legal_action_ids() if i != action_id]
    if not others:
        return action
    seen = after.view(seat)
    for other in others:
        if before.game._next_state(before, other).view(seat) == seen:
            return None
    return action


def _reason(error: BaseException) -> str:
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
