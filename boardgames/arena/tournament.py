"""Tournaments: many seeded games between bots, with rotated seats and statistics.

Seating.  With as many bots as seats, each deal is played once with every
rotation of the seats.  With more bots than seats, every group of bots that
fills the seats plays every rotation in turn.  Consecutive games of one cycle
share their deal seed, so each bot meets the same setups from every seat.

Accounting.  A bot's win credit in a game is its payoff (``returns``): 1 for
a sole winner, shared on ties.  Win rates carry a 95% Wilson interval; scores
their mean and standard deviation; ratings are Bradley-Terry on the Elo scale
from every pair of bots in every game (the higher score wins the pair).  A
failed game (a bot raised or chose an illegal action, or the game broke) is
recorded with its error and left out of every statistic; it counts in the
failing bot's ``errors``.  A truncated game (stopped by the game's length
limit, so without a winner) is left out of every statistic too and counted
in each of its bots' ``truncated``; the result's ``truncations`` lists them.
"""

from __future__ import annotations

import itertools
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from boardgames.arena.executors import GameSummary, Payload, Task, execute
from boardgames.arena.play import BotSpec, check_seed, resolve_bots
from boardgames.arena.progress import ProgressBar
from boardgames.arena.stats import bradley_terry, wilson_interval
from boardgames.arena.text import text_table
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import Game
from boardgames.kernel.registry import game_class, make
from boardgames.kernel.serialize import Replay

__all__ = ["Standing", "TournamentResult", "chunked", "schedule", "tournament"]


def schedule(bots: int, seats: int, games: int, seed: int) -> list[Task]:
    """The seating and deal seed of each game (see the module docs).

    >>> [t.seats for t in schedule(2, 2, 4, seed=0)]
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    >>> [t.seats for t in schedule(3, 2, 6, seed=0)]
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    """
    lineups: list[tuple[int, ...]] = []
    for group in itertools.combinations(range(bots), seats):
        lineups.extend(group[k:] + group[:k] for k in range(seats))
    cycle = _cycle(bots, seats)
    deals = np.random.SeedSequence(seed).generate_state(max(1, -(-games // cycle)), dtype=np.uint32)
    return [Task(i, int(deals[i // cycle]), lineups[i % len(lineups)]) for i in range(games)]


def _cycle(bots: int, seats: int) -> int:
    """How many consecutive games share one deal: every lineup, or every rotation of the seats."""
    return math.comb(bots, seats) * seats if bots > seats else seats


def chunked(tasks: Sequence[Task], workers: int, size: int | None = None) -> list[list[Task]]:
    """The tasks cut into chunks for ``workers``: of ``size`` each, or shrinking towards the end.

    Without a size, a chunk holds an eighth of a worker's share of what is
    left (at most 16 games), down to single games at the end, so that few
    messages are sent while the last games still spread over every worker
    instead of one worker finishing a long chunk alone.  Games that share
    a deal (a seed) are never split between chunks.

    >>> sizes = [len(c) for c in chunked(list(range(200)), 2)]
    >>> sizes[:4], sizes[-3:], sum(sizes)
    ([12, 11, 11, 10], [1, 1, 1], 200)
    >>> [len(c) for c in chunked(schedule(2, 2, 200, seed=1), 2)][:4]
    [12, 12, 12, 10]
    >>> [len(c) for c in chunked(list(range(10)), 1, size=4)]
    [4, 4, 2]
    """
    if size is not None:
        return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    chunks: list[list[Task]] = []
    start = 0
    while start < len(tasks):
        end = start + max(1, min(16, (len(tasks) - start) // (workers * 8)))
        # Games that share a deal stay together: a worker that has met a
        # deal's board keeps what it remembered of it for the next seating.
        while end < len(tasks) and _same_deal(tasks[end - 1], tasks[end]):
            end += 1
        chunks.append(list(tasks[start:end]))
        start = end
    return chunks


def _same_deal(a: object, b: object) -> bool:
    seed = getattr(a, "seed", None)
    return seed is not None and seed == getattr(b, "seed", None)


@attrs.frozen
class Standing:
    """One bot's results in a tournament."""

    name: str
    games: int
    errors: int
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    score_sd: float
    rating: float
    seconds_per_move: float
    truncated: int = 0

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self)


@attrs.frozen
class TournamentResult:
    """A tournament's outcome as plain data: standings, every game, replays if kept."""

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    bots: tuple[str, ...]
    standings: tuple[Standing, ...]
    games: tuple[GameSummary, ...]
    unplayed: int = 0
    """Scheduled games left out because the time limit ran out (see :func:`tournament`)."""

    @property
    def failures(self) -> tuple[GameSummary, ...]:
        return tuple(g for g in self.games if not g.ok)

    @property
    def truncations(self) -> tuple[GameSummary, ...]:
        """The games stopped by the game's length limit (no winner; not in the statistics)."""
        return tuple(g for g in self.games if g.ok and g.truncated)

    @property
    def replays(self) -> tuple[Replay, ...]:
        """The kept replays, in game order (empty unless ``keep_replays=True``)."""
        return tuple(g.replay for g in self.games if g.replay is not None)

    def standing(self, name: str) -> Standing:
        for standing in self.standings:
            if standing.name == name:
                return standing
        raise KeyError(name)

    def rows(self) -> list[dict[str, Any]]:
        """One dict per bot (for ``pandas.DataFrame(result.rows())``)."""
        return [s.to_dict() for s in self.standings]

    def scores_of(self, name: str) -> list[float]:
        """Every final score of one bot, in game order (completed games only)."""
        index = self.bots.index(name)
        return [g.scores[seat] for g in self.games if g.ok for seat, b in enumerate(g.seats) if b == index]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "bots": list(self.bots),
            "failed": len(self.failures),
            "truncated": len(self.truncations),
            "unplayed": self.unplayed,
            "standings": self.rows(),
            "games": [g.to_dict() for g in self.games],
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent)

    def table(self) -> str:
        """The standings as an aligned text table, best rating first."""
        header = (
            "bot", "games", "win rate", "95% CI", "score", "sd", "rating", "s/move", "errors", "truncated"
        )
        rows = [header]
        for s in sorted(self.standings, key=lambda s: -s.rating):
            rows.append(
                (
                    s.name,
                    str(s.games),
                    f"{100 * s.win_rate:.1f}%",
                    f"{100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%",
                    f"{s.mean_score:.1f}",
                    f"{s.score_sd:.1f}",
                    f"{s.rating:.0f}",
                    f"{s.seconds_per_move:.4f}",
                    str(s.errors),
                    str(s.truncated),
                )
            )
        lines = text_table(rows).splitlines()
        total = len(self.games)
        failed = len(self.failures)
        title = f"{self.game}, {self.players} players, {total} games (seed {self.seed})"
        if failed:
            title += f", {failed} failed"
        truncated = len(self.truncations)
        if truncated:
            title += f", {truncated} truncated (no winner; left out of the statistics)"
        if self.unplayed:
            title += f", {self.unplayed} not played (time limit)"
        return "\n".join([title, *lines])

    def __str__(self) -> str:
        return self.table()


def _standings(names: Sequence[str], games: Sequence[GameSummary]) -> tuple[Standing, ...]:
    n = len(names)
    played = [0] * n
    errors = [0] * n
    truncated = [0] * n
    credit = [0.0] * n
    scores: list[list[float]] = [[] for _ in range(n)]
    think = [0.0] * n
    moves = [0] * n
    pairs: list[tuple[int, int, float]] = []
    for g in games:
        if not g.ok:
            if g.failed_seat is not None:
                errors[g.seats[g.failed_seat]] += 1
            continue
        if g.truncated:
            for bot in set(g.seats):
                truncated[bot] += 1
            continue
        for seat, bot in enumerate(g.seats):
            played[bot] += 1
            credit[bot] += g.payoffs[seat]
            scores[bot].append(g.scores[seat])
            think[bot] += g.think_seconds[seat]
            moves[bot] += g.decisions[seat]
        for a, b in itertools.combinations(range(len(g.seats)), 2):
            if g.seats[a] != g.seats[b]:
                sa, sb = g.scores[a], g.scores[b]
                pairs.append((g.seats[a], g.seats[b], 1.0 if sa > sb else 0.5 if sa == sb else 0.0))
    ratings = bradley_terry(n, pairs)
    result = []
    for i, name in enumerate(names):
        low, high = wilson_interval(credit[i], played[i])
        mean = sum(scores[i]) / len(scores[i]) if scores[i] else 0.0
        sd = (
            math.sqrt(sum((s - mean) ** 2 for s in scores[i]) / (len(scores[i]) - 1))
            if len(scores[i]) > 1
            else 0.0
        )
        result.append(
            Standing(
                name=name,
                games=played[i],
                errors=errors[i],
                wins=credit[i],
                win_rate=credit[i] / played[i] if played[i] else 0.0,
                ci_low=low,
                ci_high=high,
                mean_score=mean,
                score_sd=sd,
                rating=ratings[i],
                seconds_per_move=think[i] / moves[i] if moves[i] else 0.0,
                truncated=truncated[i],
            )
        )
    return tuple(result)


def tournament(
    game: Game | str,
    bots: Sequence[BotSpec] | Mapping[str, BotSpec],
    games: int = 100,
    seed: int = 0,
    *,
    players: int | None = None,
    workers: int = 1,
    executor: str = "process",
    keep_replays: bool = False,
    progress: bool | Callable[[int, int], None] = False,
    chunk_size: int | None = None,
    time_limit: float | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games between ``bots`` and return the standings.

    ``bots`` is a list of bots or bot names (at least as many as seats), or a
    dict from display name to bot.  ``game`` is a made game or a game id; an
    id is made for ``players`` players (default: one per bot if the game
    allows it, else the game's default).  ``executor`` is ``"process"`` (a
    local process pool of ``workers``; 1 runs here) or ``"ray"`` (the Ray
    cluster joined by ``ray.init``, else a local one).  ``progress=True``
    draws a progress bar on stderr; a callable gets ``(done, total)``.  Bots
    are sent to the workers, so they must pickle.  The result does not depend
    on ``workers`` or ``executor``.

    ``time_limit`` (seconds of wall time) bounds a tournament: no game starts
    after it, games already running finish.  When it cuts the schedule short,
    only deals played from every seat count (a deal's games are the
    rotations sharing its seed), so no bot profits from a seat; the games
    left out are counted in the result's ``unplayed``.  Which games were
    played then depends on the machine.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidOptionError(f"games must be an int >= 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidOptionError(f"workers must be an int >= 1, not {workers!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not time_limit > 0
    ):
        raise InvalidOptionError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
    seed = check_seed(seed)
    resolved, names = resolve_bots(bots)
    if isinstance(game, str):
        if players is None:
            spec = game_class(game).spec
            players = len(resolved) if spec.min_players <= len(resolved) <= spec.max_players else None
        game = make(game, players=players)
    if not isinstance(game, Game):
        raise InvalidOptionError(f"game must be a Game or a game id, not {type(game).__name__}")
    if players is not None and players != game.players:
        raise InvalidOptionError(f"the game is made for {game.players} players, not {players}")
    if len(resolved) < game.players:
        raise InvalidOptionError(
            f"{game.id} with {game.players} players needs at least {game.players} bots, not {len(resolved)}"
        )
    tasks = schedule(len(resolved), game.players, games, seed)
    chunks = chunked(tasks, workers, chunk_size)
    deadline = None if time_limit is None else time.time() + time_limit
    payload = Payload(game, tuple(resolved), tuple(names), keep_replays, deadline)
    report: Callable[[int, int], None] | None
    if progress is True:
        report = ProgressBar(games)
    elif callable(progress):
        report = progress
    else:
        report = None
    done: list[GameSummary] = []
    if report is not None:
        report(0, games)
    for summaries in execute(executor, payload, chunks, workers):
        done.extend(summaries)
        if report is not None:
            report(len(done), games)
    ordered = tuple(sorted(done, key=lambda g: g.index))
    unplayed = 0
    if len(ordered) < len(tasks):
        cycle = _cycle(len(resolved), game.players)
        played: dict[int, int] = {}
        for g in ordered:
            played[g.index // cycle] = played.get(g.index // cycle, 0) + 1
        whole = {deal for deal, count in played.items() if count == min(cycle, len(tasks) - deal * cycle)}
        ordered = tuple(g for g in ordered if g.index // cycle in whole)
        unplayed = len(tasks) - len(ordered)
    return TournamentResult(
        game=game.id,
        players=game.players,
        options=dict(game.raw_options),
        seed=seed,
        bots=tuple(names),
        standings=_standings(names, ordered),
        games=ordered,
        unplayed=unplayed,
    )
