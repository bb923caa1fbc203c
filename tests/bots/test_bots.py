"""The bot protocol and the three built-in bots, on the toy game."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import ClassVar

import numpy as np
import pytest

import boardgames as bg
from boardgames.bots import Bot, BotError, GreedyBot, MCTSBot, RandomBot, make_bot
from boardgames.kernel.actions import Action
from boardgames.kernel.game import State, View
from tests.kernel.toy import ToyGame, ToyState

bg.register_game("toy-race", ToyGame)


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def toy_state(game: ToyGame, totals: tuple[int, ...], cards: tuple[int, ...], turn: int = 0) -> State:
    n = game.players
    return game._state(totals, (False,) * n, cards, turn, turn)


def decide(bot: Bot, state: State, seed: int = 0) -> Action:
    start = getattr(bot, "start", None)
    if start is not None:
        start(state.game, state.current_player)
    return bot.choose(state.view(state.current_player), state.legal_actions(), rng(seed))


def test_built_in_bots_satisfy_the_protocol_and_are_made_by_name() -> None:
    for name, kind in (("random", RandomBot), ("greedy", GreedyBot), ("mcts", MCTSBot)):
        bot = make_bot(name)
        assert isinstance(bot, kind)
        assert isinstance(bot, Bot)
    assert make_bot("mcts", iterations=7).iterations == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "params", "fragment"),
    [
        ("clever", {}, "no bot named 'clever'"),
        ("mcts", {"iterations": 0}, "iterations"),
        ("mcts", {"time_limit": -1}, "time_limit"),
        ("mcts", {"rollout_depth": -2}, "rollout_depth"),
        ("mcts", {"speed": 3}, "bad parameters"),
        ("mcts", {"prior_visits": -1}, "prior_visits"),
        ("mcts", {"exploration": -0.5}, "exploration"),
        ("mcts", {"exploration": float("inf")}, "finite"),
        ("mcts", {"exploration": float("nan")}, "finite"),
        ("mcts", {"worlds": 0}, "worlds"),
        ("greedy", {"determinizations": 0}, "determinizations"),
    ],
)
def test_bad_bot_requests_raise_bot_error(name: str, params: dict[str, object], fragment: str) -> None:
    with pytest.raises(BotError, match=fragment):
        make_bot(name, **params)


def test_bots_that_need_the_game_say_so_before_start() -> None:
    state = toy_state(ToyGame(2), (5, 0), (1, 1))
    for bot in (GreedyBot(), MCTSBot(iterations=5)):
        with pytest.raises(BotError, match=r"start\(game, player\)"):
            bot.choose(state.view(0), state.legal_actions(), rng())


def test_random_bot_is_deterministic_given_its_generator_and_uses_every_action() -> None:
    legal = tuple(range(5))
    bot = RandomBot()
    first = [bot.choose(None, legal, rng(4)) for _ in range(3)]  # type: ignore[arg-type]
    generator = rng(11)
    picks = [bot.choose(None, legal, generator) for _ in range(200)]  # type: ignore[arg-type]
    generator = rng(11)
    assert picks == [bot.choose(None, legal, generator) for _ in range(200)]  # type: ignore[arg-type]
    assert set(picks) == set(legal)
    assert len(set(first)) == 1


class ScriptedHeuristicToy(ToyGame):
    """The toy game with a heuristic given by a table of the mover's total."""

    table: ClassVar[dict[int, float]] = {}

    def heuristic(self, state: State, player: int) -> float:
        assert isinstance(state, ToyState)
        return self.table.get(state.totals[player], 0.0)


@pytest.mark.parametrize(("stop_value", "expected"), [(0.45, "roll"), (0.55, "stop")])
def test_greedy_values_a_chance_successor_by_its_expectation(stop_value: float, expected: str) -> None:
    # From a total of 4, rolling gives 5 (probability 1/2), 6 or 7 (1/4 each).
    # Only 5 is worth anything, so rolling is worth exactly 0.5: an expectation,
    # neither the best outcome (1.0) nor the mean over distinct outcomes (1/3).
    game = ScriptedHeuristicToy(2)
    game.table = {4: stop_value, 5: 1.0}
    state = toy_state(game, (4, 0), (1, 1))
    assert str(decide(GreedyBot(), state)) == expected


def test_greedy_uses_the_games_heuristic_not_only_the_score() -> None:
    game = ScriptedHeuristicToy(2)
    game.table = {4: 1.0}  # stopping keeps the total at 4; any roll is worth 0
    state = toy_state(game, (4, 9), (1, 1))
    assert str(decide(GreedyBot(), state)) == "stop"


def test_greedy_breaks_ties_with_its_generator_only() -> None:
    game = ScriptedHeuristicToy(2)
    game.table = {}  # everything is worth 0: a tie
    state = toy_state(game, (4, 0), (1, 1))
    picks = {str(decide(GreedyBot(), state, seed)) for seed in range(20)}
    assert picks == {"roll", "stop"}
    assert decide(GreedyBot(), state, 3) == decide(GreedyBot(), state, 3)


def test_mcts_spends_its_iteration_budget_and_reports_it() -> None:
    state = toy_state(ToyGame(2), (5, 3), (2, 1))
    bot = MCTSBot(iterations=60)
    action = decide(bot, state)
    assert action in state.legal_actions()
    stats = bot.last_search
    assert stats is not None and stats.iterations == 60
    assert sum(stats.visits.values()) == 60
    assert stats.visits[str(action)] == max(stats.visits.values())


def test_mcts_is_deterministic_given_its_seed() -> None:
    state = toy_state(ToyGame(3), (6, 5, 4), (2, 1, 3))
    picks = [
        (decide(MCTSBot(iterations=40), state, s), decide(MCTSBot(iterations=40), state, s)) for s in range(6)
    ]
    assert all(a == b for a, b in picks)
    bot = MCTSBot(iterations=40)
    decide(bot, state, 5)
    first = bot.last_search
    decide(bot, state, 5)
    assert first is not None and bot.last_search is not None
    assert first.visits == bot.last_search.visits


def test_mcts_decides_from_the_view_alone() -> None:
    # Two states that differ only in the opponent's hidden card give one view,
    # so the bot's choices and its search are the same.
    game = ToyGame(2)
    a = toy_state(game, (6, 8), (2, 1))
    b = toy_state(game, (6, 8), (2, 3))
    assert a.view(0) == b.view(0) and a != b
    bot = MCTSBot(iterations=80)
    decide(bot, a, 9)
    search_a = bot.last_search
    decide(bot, b, 9)
    assert search_a is not None and bot.last_search is not None
    assert search_a.visits == bot.last_search.visits


def test_mcts_finds_the_winning_move() -> None:
    # Player 0 has 11 + card 3 = 14 against a rival at 12 (stopped) who holds at most 3:
    # stopping can lose (rival card 3 would give 15), rolling to 12 gives 15 and wins
    # or ties at worst, so rolling is better.
    game = ToyGame(2)
    state = game._state((11, 12), (False, True), (3, 1), 0, 0)
    bot = MCTSBot(iterations=300)
    assert str(decide(bot, state)) == "roll"


def test_mcts_respects_a_time_budget() -> None:
    state = toy_state(ToyGame(2), (4, 0), (1, 1))
    bot = MCTSBot(time_limit=0.05)
    began = time.perf_counter()
    decide(bot, state)
    assert time.perf_counter() - began < 0.5
    assert bot.last_search is not None and bot.last_search.iterations > 1


def test_mcts_with_a_rollout_cut_off_evaluates_leaves_with_the_heuristic() -> None:
    calls: list[int] = []

    class CountingToy(ToyGame):
        def heuristic(self, state: State, player: int) -> float:
            calls.append(player)
            return super().heuristic(state, player)

    game = CountingToy(3)
    state = toy_state(game, (4, 2, 0), (1, 1, 1))
    decide(MCTSBot(iterations=30, rollout_depth=0, prior_visits=0), state)
    # every leaf is valued for all three players
    assert len(calls) >= 3 * 20 and set(calls) == {0, 1, 2}
    calls.clear()
    decide(MCTSBot(iterations=30, rollout_depth=None, prior_visits=0), state)
    assert calls == []  # full rollouts end the game and use its payoffs


class _ProtocolOnly:
    """A user bot with no start(): always the last legal action."""

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal_actions[-1]


def test_a_user_bot_needs_only_choose() -> None:
    record = bg.play("toy-race", [_ProtocolOnly(), RandomBot()], seed=2)
    assert record.final.is_terminal
    assert record.bots[0] == "_ProtocolOnly"


def test_mcts_beats_random_on_the_toy_game() -> None:
    # Rolling never hurts in the toy race, so a searching player should beat a random one.
    result = bg.arena.tournament("toy-race", [MCTSBot(iterations=40), RandomBot()], games=30, seed=1)
    mcts, random = result.standings
    assert mcts.win_rate > 0.7 > random.win_rate


def test_mcts_with_heuristic_priors_values_every_action_of_a_new_node() -> None:
    # With priors, the first iteration values each root action by the heuristic
    # and follows the best one: here stopping (worth 1.0) over rolling (worth 0).
    game = ScriptedHeuristicToy(2)
    game.table = {4: 1.0}
    state = toy_state(game, (4, 0), (1, 1))
    bot = MCTSBot(iterations=1, rollout_depth=0, prior_visits=3)
    assert str(decide(bot, state)) == "stop"
    assert bot.last_search is not None and bot.last_search.visits == {"roll": 0, "stop": 1}
    # without priors the first iteration tries an action at random
    firsts = set()
    for seed in range(12):
        plain = MCTSBot(iterations=1, rollout_depth=0, prior_visits=0)
        firsts.add(str(decide(plain, state, seed)))
    assert firsts == {"roll", "stop"}


def test_mcts_with_priors_still_finds_the_winning_move() -> None:
    game = ToyGame(2)
    state = game._state((11, 12), (False, True), (3, 1), 0, 0)
    assert str(decide(MCTSBot(iterations=200, prior_visits=2), state)) == "roll"


def test_mcts_can_reuse_a_few_determinizations() -> None:
    drawn: list[int] = []

    class CountingResample(ToyGame):
        def resample(self, view: View, rng: np.random.Generator) -> State:
            drawn.append(1)
            return super().resample(view, rng)

    state = toy_state(CountingResample(2), (5, 3), (2, 1))
    decide(MCTSBot(iterations=50, worlds=4), state)
    assert len(drawn) == 4
    drawn.clear()
    decide(MCTSBot(iterations=50, worlds=None), state)
    assert len(drawn) == 50
