"""Where tournament games run: in this process, a local process pool, or Ray.

An executor takes the shared payload (the game and the bots) and a list of
chunks of game tasks, and yields each chunk's summaries as it completes, in
any order.  Every game is run by :func:`run_chunk`, which catches a failing
game and records its error, so one bad game never stops a tournament.
Ray is an optional extra (``pip install boardgames[ray]``), imported only when
asked for.
"""

from __future__ import annotations

import concurrent.futures as futures
import importlib
import time
from collections.abc import Iterator, Sequence
from os import PathLike
from types import ModuleType
from typing import Any

import attrs

from boardgames.arena.play import play
from boardgames.bots.base import Bot, BotError
from boardgames.kernel.errors import BoardGameError, InvalidOptionError
from boardgames.kernel.game import Game
from boardgames.kernel.registry import game_class, make
from boardgames.kernel.serialize import Replay

__all__ = ["EXECUTORS", "ExecutorError", "GameSummary", "Payload", "Task", "execute", "run_chunk"]

EXECUTORS = ("process", "ray")


class ExecutorError(BoardGameError):
    """An executor that cannot run: unknown, or its optional package is missing."""


@attrs.frozen
class Task:
    """One game to play: its index in the tournament, its seed and the bot index at each seat."""

    index: int
    seed: int
    seats: tuple[int, ...]


@attrs.frozen
class Payload:
    """What every worker needs: the game, the bots, their names and when to stop starting games.

    A built-in game travels to the workers as its recipe (id, players and
    options) and is made again there: cheaper than pickling its component
    tables and rules, and it works for a game object that does not pickle.
    Other games (a plug-in's, a test's) travel as pickled objects.
    """

    game: Game
    bots: tuple[Bot, ...]
    names: tuple[str, ...]
    keep_replays: bool
    deadline: float | None = None
    """Wall-clock time (``time.time()``) after which no game starts; None: no limit."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpack, (_recipe(self.game), self.bots, self.names, self.keep_replays, self.deadline))


def _recipe(game: Game) -> Game | tuple[str, int, dict[str, Any]]:
    """``(id, players, options)`` for a built-in game made without a component file; else the game."""
    options = dict(game.raw_options)
    if not type(game).__module__.startswith("boardgames.games.") or isinstance(
        options.get("components"), (str, PathLike)
    ):
        return game
    try:
        if game_class(game.id) is not type(game):
            return game
    except BoardGameError:
        return game
    return (game.id, game.players, options)


def _unpack(
    recipe: Game | tuple[str, int, dict[str, Any]],
    bots: tuple[Bot, ...],
    names: tuple[str, ...],
    keep_replays: bool,
    deadline: float | None,
) -> Payload:
    if isinstance(recipe, Game):
        game = recipe
    else:
        name, players, options = recipe
        game = make(name, players=players, **options)
    return Payload(game, bots, names, keep_replays, deadline)


@attrs.frozen
class GameSummary:
    """The outcome of one tournament game, as plain data.

    ``seats[k]`` is the index of the bot at seat k.  For a failed game,
    ``error`` says why, ``failed_seat`` names the failing bot's seat when a
    bot was at fault, and the score fields are empty.  ``truncated`` marks a
    game stopped by the game's length limit rather than ended by its rules:
    it has scores but no winner (every payoff 0).
    """

    index: int
    seed: int
    seats: tuple[int, ...]
    scores: tuple[float, ...] = ()
    payoffs: tuple[float, ...] = ()
    length: int = 0
    seconds: float = 0.0
    think_seconds: tuple[float, ...] = ()
    decisions: tuple[int, ...] = ()
    error: str | None = None
    failed_seat: int | None = None
    replay: Replay | None = None
    truncated: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_dict(self) -> dict[str, Any]:
        data = attrs.asdict(self, recurse=False)
        data["seats"] = list(self.seats)
        data["scores"] = list(self.scores)
        data["payoffs"] = list(self.payoffs)
        data["think_seconds"] = list(self.think_seconds)
        data["decisions"] = list(self.decisions)
        data["replay"] = None if self.replay is None else _replay_dict(self.replay)
        return data


def _replay_dict(replay: Replay) -> Any:
    import json

    return json.loads(replay.to_json())


def run_game(payload: Payload, task: Task) -> GameSummary:
    """Play one task; a failure becomes a summary with its error, never an exception."""
    started = time.perf_counter()
    bots = [payload.bots[i] for i in task.seats]
    names = [payload.names[i] for i in task.seats]
    try:
        record = play(payload.game, bots, task.seed, describe=False, names=names)
    except BotError as error:
        return GameSummary(
            task.index,
            task.seed,
            task.seats,
            seconds=time.perf_counter() - started,
            error=str(error),
            failed_seat=error.seat,
        )
    except Exception as error:
        text = str(error)
        return GameSummary(
            task.index,
            task.seed,
            task.seats,
            seconds=time.perf_counter() - started,
            error=f"{type(error).__name__}: {text}" if text else type(error).__name__,
        )
    return GameSummary(
        task.index,
        task.seed,
        task.seats,
        scores=record.scores,
        payoffs=tuple(record.final.returns()),
        length=len(record.moves),
        seconds=time.perf_counter() - started,
        think_seconds=record.think_seconds,
        decisions=record.decisions,
        replay=record.replay if payload.keep_replays else None,
        truncated=record.final.truncated,
    )


def run_chunk(payload: Payload, chunk: Sequence[Task]) -> list[GameSummary]:
    """Play the games of a chunk; past the payload's deadline the rest are left out unplayed."""
    deadline = payload.deadline
    summaries = []
    for task in chunk:
        if deadline is not None and time.time() >= deadline:
            break
        summaries.append(run_game(payload, task))
    return summaries


_WORKER: dict[str, Payload] = {}


def _init_worker(payload: Payload) -> None:
    _WORKER["payload"] = payload


def _run_in_worker(chunk: Sequence[Task]) -> list[GameSummary]:
    return run_chunk(_WORKER["payload"], chunk)


def _crashed(chunk: Sequence[Task], why: str) -> list[GameSummary]:
    return [GameSummary(t.index, t.seed, t.seats, error=f"worker failed: {why}") for t in chunk]


def _local(payload: Payload, chunks: Sequence[Sequence[Task]]) -> Iterator[list[GameSummary]]:
    for chunk in chunks:
        yield run_chunk(payload, chunk)


def _process(payload: Payload, chunks: Sequence[Sequence[Task]], workers: int) -> Iterator[list[GameSummary]]:
    with futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_init_worker, initargs=(payload,)
    ) as pool:
        pending = {pool.submit(_run_in_worker, chunk): chunk for chunk in chunks}
        try:
            for future in futures.as_completed(pending):
                try:
                    yield future.result()
                except Exception as error:
                    yield _crashed(pending[future], f"{type(error).__name__}: {error}")
        finally:
            for future in pending:
                future.cancel()


def import_ray() -> ModuleType:
    """The ``ray`` module; :class:`ExecutorError` with the install hint if it is missing."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ExecutorError("the ray executor needs Ray: pip install 'boardgames[ray]'") from None


def _ray(payload: Payload, chunks: Sequence[Sequence[Task]], workers: int) -> Iterator[list[GameSummary]]:
    """Run chunks as Ray tasks: on the cluster already joined by ``ray.init``, else a local one."""
    ray = import_ray()
    started_here = False
    if not ray.is_initialized():
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started_here = True
    try:
        remote = ray.remote(run_chunk)
        shared = ray.put(payload)
        pending = {remote.remote(shared, list(chunk)): chunk for chunk in chunks}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            chunk = pending.pop(done[0])
            try:
                yield ray.get(done[0])
            except Exception as error:
                yield _crashed(chunk, f"{type(error).__name__}: {error}")
    finally:
        if started_here:
            ray.shutdown()


def execute(
    executor: str, payload: Payload, chunks: Sequence[Sequence[Task]], workers: int
) -> Iterator[list[GameSummary]]:
    """Run ``chunks`` on ``executor`` with ``workers``; yields summaries chunk by chunk.

    ``"process"`` with one worker runs in this process (no pool to start).
    """
    if executor == "process":
        return _local(payload, chunks) if workers == 1 else _process(payload, chunks, workers)
    if executor == "ray":
        import_ray()
        return _ray(payload, chunks, workers)
    raise InvalidOptionError(f"unknown executor {executor!r}; executors: {', '.join(EXECUTORS)}")
