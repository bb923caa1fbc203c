"""bg.tournament: seating, statistics, failures, executors, results as data."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames as bg
from boardgames.arena import ExecutorError, bradley_terry, schedule, wilson_interval
from boardgames.arena.tournament import chunked
from boardgames.bots import GreedyBot, MCTSBot, RandomBot
from boardgames.kernel.actions import Action
from boardgames.kernel.game import View
from tests.kernel.toy import ToyGame, ToyView

bg.register_game("toy-race", ToyGame)


class FragileBot:
    """Plays 'roll' but crashes whenever its total is 9 (so in some games, not all)."""

    name = "fragile"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        assert isinstance(view, ToyView)
        if view.totals[view.player] == 9:
            raise ValueError("nine is unlucky")
        return legal_actions[0]


class ExitingBot:
    """Kills its worker process outright (as a segfaulting extension would)."""

    name = "exiter"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        os._exit(3)


def _essence(result: bg.arena.TournamentResult) -> list[tuple[object, ...]]:
    return [(g.index, g.seed, g.seats, g.scores, g.payoffs, g.error) for g in result.games]


def test_seats_rotate_so_every_bot_sits_everywhere_equally() -> None:
    tasks = schedule(3, 3, 12, seed=4)
    for bot in range(3):
        assert Counter(t.seats.index(bot) for t in tasks) == {0: 4, 1: 4, 2: 4}
    # each rotation cycle replays one deal
    assert len({t.seed for t in tasks[:3]}) == 1 and tasks[3].seed != tasks[0].seed
    pairs = schedule(4, 2, 24, seed=0)
    assert Counter(frozenset(t.seats) for t in pairs) == {
        frozenset(p): 4 for p in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    }


def test_a_tournament_reports_standings_for_each_bot() -> None:
    result = bg.tournament("toy-race", [MCTSBot(iterations=20), GreedyBot(), RandomBot()], games=18, seed=3)
    assert result.players == 3 and result.bots == ("mcts", "greedy", "random")
    assert len(result.games) == 18 and not result.failures
    for standing in result.standings:
        assert standing.games == 18
        assert standing.ci_low <= standing.win_rate <= standing.ci_high
        scores = result.scores_of(standing.name)
        assert len(scores) == 18
        assert math.isclose(standing.mean_score, sum(scores) / 18)
    # ties are shared, so the win credits add up to the number of games
    assert math.isclose(sum(s.wins for s in result.standings), 18)
    assert result.standing("random").rating < result.standing("greedy").rating


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    bots = {"searcher": MCTSBot(iterations=8), "walker": RandomBot()}
    alone = bg.tournament("toy-race", bots, games=10, seed=7, workers=1)
    pooled = bg.tournament("toy-race", bots, games=10, seed=7, workers=2, chunk_size=3)
    assert _essence(alone) == _essence(pooled)

    def numbers(result: bg.arena.TournamentResult) -> list[tuple[float, ...]]:
        return [(s.games, s.wins, s.mean_score, s.score_sd, s.rating) for s in result.standings]

    assert numbers(alone) == numbers(pooled)


def test_a_crashing_bot_fails_its_game_not_the_tournament() -> None:
    result = bg.tournament("toy-race", [FragileBot(), RandomBot()], games=20, seed=2, workers=2)
    assert len(result.games) == 20
    failed = result.failures
    assert 0 < len(failed) < 20
    assert all("fragile" in g.error and "nine is unlucky" in g.error for g in failed)  # type: ignore[operator]
    assert result.standing("fragile").errors == len(failed)
    assert result.standing("random").errors == 0
    assert result.standing("fragile").games == 20 - len(failed)
    assert "failed" in result.table()


def test_a_dying_worker_fails_its_games_with_the_reason() -> None:
    result = bg.tournament("toy-race", [ExitingBot(), RandomBot()], games=4, seed=0, workers=2)
    assert len(result.games) == 4
    assert all(g.error is not None and "worker failed" in g.error for g in result.games)


def test_replays_can_be_kept_and_re_run_to_the_recorded_scores() -> None:
    result = bg.tournament("toy-race", ["greedy", "random"], games=4, seed=1, keep_replays=True)
    assert len(result.replays) == 4
    for summary in result.games:
        assert summary.replay is not None
        assert summary.replay.run().scores() == summary.scores
    assert bg.tournament("toy-race", ["greedy", "random"], games=2).replays == ()


def test_results_convert_to_json_and_to_a_table() -> None:
    result = bg.tournament("toy-race", ["greedy", "random", "random"], games=6, seed=0, keep_replays=True)
    data = json.loads(result.to_json())
    assert data["game"] == "toy-race" and data["bots"] == ["greedy", "random", "random#2"]
    assert [s["name"] for s in data["standings"]] == ["greedy", "random", "random#2"]
    assert len(data["games"]) == 6
    replay = bg.Replay.from_json(json.dumps(data["games"][0]["replay"]))
    assert replay.run().scores() == result.games[0].scores
    table = result.table()
    for name in ("greedy", "random#2", "win rate", "95% CI", "rating"):
        assert name in table
    assert result.rows()[0]["name"] == "greedy"


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    bg.tournament(
        "toy-race", ["random", "random"], games=7, chunk_size=2, progress=lambda d, t: calls.append((d, t))
    )
    assert calls[0] == (0, 7) and calls[-1] == (7, 7)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_a_text_progress_bar_goes_to_the_stream() -> None:
    import io

    stream = io.StringIO()
    bar = bg.arena.ProgressBar(5, stream)
    for done in range(6):
        bar(done, 5)
    lines = stream.getvalue().splitlines()
    assert lines[-1].startswith("[" + "#" * 30 + "] 5/5 games")


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"games": 0}, "games"),
        ({"workers": 0}, "workers"),
        ({"executor": "carrier-pigeon"}, "unknown executor"),
        ({"bots": ["random"]}, "needs at least 2 bots"),
        ({"players": 5}, "1 to 3 players"),
    ],
)
def test_bad_tournament_arguments_raise_board_game_errors(kwargs: dict[str, object], fragment: str) -> None:
    arguments: dict[str, object] = {"game": "toy-race", "bots": ["random", "random"], "games": 2}
    if "players" in kwargs:
        arguments["players"] = kwargs.pop("players")
    arguments.update(kwargs)
    if fragment == "needs at least 2 bots":
        arguments["game"] = ToyGame(2)
    with pytest.raises(bg.BoardGameError, match=fragment):
        bg.tournament(**arguments)  # type: ignore[arg-type]


def test_the_ray_executor_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ExecutorError, match=r"pip install 'boardgames\[ray\]'"):
        bg.tournament("toy-race", ["random", "random"], games=2, executor="ray")


def test_the_ray_executor_on_a_local_ray_instance() -> None:
    pytest.importorskip("ray")
    bots = [GreedyBot(), RandomBot()]
    local = bg.tournament("toy-race", bots, games=6, seed=5)
    remote = bg.tournament("toy-race", bots, games=6, seed=5, executor="ray", workers=2)
    assert _essence(remote) == _essence(local)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson_interval(0, 20)[0] == 0.0 and 0.0 < wilson_interval(0, 20)[1] < 0.2
    assert wilson_interval(20, 20)[1] == 1.0


def test_bradley_terry_orders_players_and_keeps_unbeaten_ratings_finite() -> None:
    results = [(0, 1, 1.0)] * 10 + [(1, 2, 1.0)] * 7 + [(1, 2, 0.0)] * 3 + [(0, 2, 1.0)] * 10
    a, b, c = bradley_terry(3, results)
    assert a > b > c and math.isfinite(a)
    assert math.isclose((a + b + c) / 3, 1500.0)
    even = bradley_terry(2, [(0, 1, 1.0), (0, 1, 0.0)])
    assert math.isclose(even[0], even[1])


class _SlowBot:
    """Takes the first legal action after a pause, so that a tournament outlasts its time limit."""

    name = "slow"

    def choose(self, view: object, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        time.sleep(0.02)
        return legal_actions[0]


@pytest.mark.parametrize("workers", [1, 2])
def test_a_time_limit_stops_starting_games_and_keeps_whole_deals(workers: int) -> None:
    result = bg.tournament(
        "toy-race", [_SlowBot(), "random"], games=40, seed=3, workers=workers, time_limit=0.3
    )
    assert result.unplayed > 0
    assert len(result.games) + result.unplayed == 40
    deals: dict[int, int] = {}
    for g in result.games:
        deals[g.index // 2] = deals.get(g.index // 2, 0) + 1
    assert all(count == 2 for count in deals.values())  # every counted deal from both seats
    assert sum(s.games for s in result.standings) == 2 * len(result.games)
    assert result.to_dict()["unplayed"] == result.unplayed
    assert f"{result.unplayed} not played (time limit)" in result.table()


def test_without_a_time_limit_every_game_is_played() -> None:
    result = bg.tournament("toy-race", ["random", "random"], games=5, seed=3)
    assert (len(result.games), result.unplayed) == (5, 0)


@pytest.mark.parametrize("bad", [0, -1.0, True, "10"])
def test_a_bad_time_limit_is_refused(bad: object) -> None:
    with pytest.raises(bg.BoardGameError, match="time_limit"):
        bg.tournament("toy-race", ["random", "random"], games=2, time_limit=bad)  # type: ignore[arg-type]


def test_a_built_in_game_travels_to_the_workers_as_its_recipe() -> None:
    import pickle

    from boardgames.arena.executors import Payload

    game = bg.make("warpgate", players=3)
    mcts = MCTSBot(iterations=5)
    mcts.start(game, 0)  # a started bot travels without its game
    payload = Payload(game, (mcts, GreedyBot()), ("mcts", "greedy"), False, 12.5)
    copy = pickle.loads(pickle.dumps(payload))
    assert copy.game == game and copy.game.players == 3
    assert (copy.names, copy.keep_replays, copy.deadline) == (("mcts", "greedy"), False, 12.5)
    assert all(getattr(b, "_game", None) is None for b in copy.bots)
    toy = Payload(ToyGame(2), (RandomBot(),), ("random",), True)
    assert pickle.loads(pickle.dumps(toy)).game == ToyGame(2)  # not a built-in: pickled whole


@pytest.mark.parametrize("game_id", sorted(bg.available_games()))
def test_every_built_in_game_reaches_a_worker_that_unpickles_it(game_id: str) -> None:
    # Ray (and a spawned process pool) pickle the payload; a game whose rules hold
    # unpicklable parts still arrives, made again from its recipe.
    import pickle

    from boardgames.arena.executors import Payload, run_chunk
    from boardgames.arena.tournament import schedule

    game = bg.make(game_id, players=2)
    payload = pickle.loads(pickle.dumps(Payload(game, (RandomBot(), RandomBot()), ("a", "b"), False)))
    assert payload.game == game
    [summary] = run_chunk(payload, schedule(2, 2, 1, seed=1))
    assert summary.ok, summary.error


@given(
    lineup=st.integers(2, 4).flatmap(lambda bots: st.tuples(st.just(bots), st.integers(2, bots))),
    games=st.integers(1, 300),
    workers=st.integers(1, 4),
)
def test_chunks_keep_each_deal_together(lineup: tuple[int, int], games: int, workers: int) -> None:
    bots, seats = lineup
    # A worker that has met a deal's board reuses what it remembered of it for
    # the other seatings; splitting a deal across workers repeats that work.
    tasks = schedule(bots, seats, games, seed=3)
    chunks = chunked(tasks, workers)
    assert [t for chunk in chunks for t in chunk] == tasks
    owner: dict[int, int] = {}
    for number, chunk in enumerate(chunks):
        assert chunk
        for task in chunk:
            assert owner.setdefault(task.seed, number) == number
