"""MCTS tree reuse between moves, and the steps the arena reports to bots."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import boardgames as bg
from boardgames.arena.play import observed
from boardgames.bots import BotError, MCTSBot
from boardgames.bots.mcts import SearchStats
from boardgames.kernel.actions import Action
from boardgames.kernel.game import State, View
from tests.kernel.toy import ToyGame, ToyState, ToyView


def rng(seed: int = 0) -> np.random.Generator:
    return np.random.default_rng(seed)


def start(game: ToyGame, totals: tuple[int, ...], cards: tuple[int, ...]) -> State:
    n = game.players
    return game._state(totals, (False,) * n, cards, 0, 0)


def search(bot: MCTSBot, state: State, seed: int) -> tuple[Action, SearchStats]:
    action = bot.choose(state.view(state.current_player), state.legal_actions(), rng(seed))
    assert bot.last_search is not None
    return action, bot.last_search


def fresh(state: State, seed: int, **params: object) -> tuple[Action, SearchStats]:
    bot = MCTSBot(reuse=False, **params)  # type: ignore[arg-type]
    bot.start(state.game, state.current_player)
    return search(bot, state, seed)


def step(state: State, action: Action, bots: Sequence[MCTSBot | None]) -> State:
    """Apply ``action`` and report it to each bot as its seat sees it, as the arena does."""
    after = state.apply(action)
    for seat, bot in enumerate(bots):
        if bot is not None:
            seen = action if seat == state.current_player else observed(state, after, action, seat)
            bot.observe(seat, state.current_player, seen)
    return after


def to_next_decision_of(seat: int, state: State, bots: Sequence[MCTSBot | None], pick: int = 0) -> State:
    """Play chance outcomes and other seats' first legal action until ``seat`` decides."""
    while not state.is_terminal and state.current_player != seat:
        if state.is_chance:
            state = step(state, state.chance_outcomes()[pick][0], bots)
        else:
            state = step(state, state.legal_actions()[0], bots)
    return state


class HiddenTotalsToy(ToyGame):
    """The toy race in which a seat sees only its own total: the others' rolls are hidden."""

    def _state(
        self, totals: object, stopped: object, cards: object, turn: int, player: int, rolls: int = 0
    ) -> ToyState:
        base = super()._state(totals, stopped, cards, turn, player, rolls)
        state = HiddenTotalsState._blank(self, player)
        for name, value in base._fields().items():
            if name not in ("game", "_player"):
                object.__setattr__(state, name, value)
        return state


class HiddenTotalsState(ToyState):
    def view(self, player: int) -> ToyView:
        shown = tuple(t if p == player else 0 for p, t in enumerate(self.totals))
        card = self.cards[player]
        return ToyView(player, shown, self.stopped, card, self.turn, self._player, 0, game=self.game)

    def _successor(self) -> HiddenTotalsState:
        return super()._successor()  # type: ignore[return-value]


def test_a_step_is_observed_when_the_seat_can_tell_it_from_every_alternative() -> None:
    state = start(ToyGame(2), (5, 3), (2, 1))
    roll = state.legal_actions()[0]
    rolled = state.apply(roll)
    assert observed(state, rolled, roll, 1) == roll  # roll or stop: both seats see which
    outcome = rolled.chance_outcomes()[1][0]
    assert observed(rolled, rolled.apply(outcome), outcome, 1) == outcome  # the die is public
    hidden = start(HiddenTotalsToy(2), (5, 3), (2, 1)).apply(roll)
    assert isinstance(hidden, HiddenTotalsState)
    after = hidden.apply(outcome)
    assert observed(hidden, after, outcome, 0) == outcome  # the roller sees its own total
    assert observed(hidden, after, outcome, 1) is None  # the other seat cannot tell the rolls apart


def test_the_next_search_starts_from_the_subtree_of_the_observed_steps() -> None:
    game = ToyGame(2)
    state = start(game, (5, 5), (2, 1))
    bot = MCTSBot(iterations=300, prior_visits=0, rollout_depth=None, worlds=None)
    bot.start(game, 0)
    first, stats = search(bot, state, 1)
    assert stats.reused == 0
    assert str(first) == "roll"
    state = step(state, first, [bot, None])
    state = to_next_decision_of(0, state, [bot, None])
    assert state.current_player == 0
    _, again = search(bot, state, 2)
    assert again.iterations == 300
    assert again.reused > 0
    # every iteration passes through one root action, old ones and new ones alike
    assert sum(again.visits.values()) == again.iterations + again.reused


def test_a_reused_tree_counts_its_priors_apart() -> None:
    game = ToyGame(2)
    state = start(game, (5, 5), (2, 1))
    bot = MCTSBot(iterations=200, prior_visits=3)
    bot.start(game, 0)
    first, _ = search(bot, state, 1)
    state = to_next_decision_of(0, step(state, first, [bot, None]), [bot, None])
    _, again = search(bot, state, 2)
    assert again.reused > 0
    assert sum(again.visits.values()) == again.iterations + again.reused


@pytest.mark.parametrize("seed", [3, 4])
def test_without_reported_steps_a_search_is_a_fresh_one(seed: int) -> None:
    # A caller that never reports steps (a benchmark, a notebook) gets fresh searches:
    # the same decisions, visits and values as a bot that never reuses.
    game = ToyGame(2)
    bot = MCTSBot(iterations=80)
    bot.start(game, 0)
    search(bot, start(game, (5, 5), (2, 1)), seed)
    other = start(game, (7, 4), (1, 3))
    assert search(bot, other, seed) == (fresh(other, seed, iterations=80)[0], bot.last_search)
    assert bot.last_search is not None
    _, expected = fresh(other, seed, iterations=80)
    assert (bot.last_search.visits, bot.last_search.values) == (expected.visits, expected.values)
    assert bot.last_search.reused == 0


def test_an_unobserved_step_drops_the_tree_and_the_next_search_is_fresh() -> None:
    game = ToyGame(2)
    state = start(game, (5, 5), (2, 1))
    bot = MCTSBot(iterations=120, prior_visits=0, rollout_depth=None, worlds=None)
    bot.start(game, 0)
    first, _ = search(bot, state, 1)
    assert str(first) == "roll"
    state = step(state, first, [bot])
    outcome = state.chance_outcomes()[0][0]
    state = state.apply(outcome)
    bot.observe(0, bg.CHANCE, None)  # as the arena reports a draw the seat cannot see
    assert state.current_player == 0
    action, stats = search(bot, state, 7)
    params = {"iterations": 120, "prior_visits": 0, "rollout_depth": None, "worlds": None}
    expected_action, expected = fresh(state, 7, **params)
    assert action == expected_action
    assert (stats.visits, stats.values, stats.reused) == (expected.visits, expected.values, 0)


def test_start_and_reuse_false_forget_the_tree() -> None:
    game = ToyGame(2)
    initial = start(game, (5, 5), (2, 1))
    for forget in ("start", "reuse"):
        bot = MCTSBot(iterations=100, reuse=forget != "reuse")
        bot.start(game, 0)
        first, _ = search(bot, initial, 1)
        state = to_next_decision_of(0, step(initial, first, [bot, None]), [bot, None])
        if forget == "start":
            bot.start(game, 0)
        action, stats = search(bot, state, 2)
        expected_action, expected = fresh(state, 2, iterations=100)
        assert (action, stats.visits, stats.reused) == (expected_action, expected.visits, 0)


def test_the_arena_reports_every_step_to_a_bot_that_observes() -> None:
    seen: list[tuple[int, int, str | None]] = []

    class Watcher:
        name = "watcher"

        def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
            return legal_actions[0]

        def observe(self, seat: int, player: int, action: Action | None) -> None:
            seen.append((seat, player, None if action is None else str(action)))

    record = bg.play(HiddenTotalsToy(2), [Watcher(), "random"], seed=5)
    assert [(p, text) for _, p, text in seen if text is not None and p == 0] == [
        (m.player, m.action) for m in record.moves if m.player == 0
    ]
    assert len(seen) == len(record.moves)
    # seat 1's rolls are hidden from seat 0; its decisions are not
    hidden = [(p, m.action) for (_, p, text), m in zip(seen, record.moves, strict=True) if text is None]
    assert hidden and all(p == bg.CHANCE and a.startswith("rolled") for p, a in hidden)


def test_a_reusing_bot_plays_whole_games_and_reuses_its_trees() -> None:
    reused: list[int] = []

    class Recording(MCTSBot):
        def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
            action = super().choose(view, legal_actions, rng)
            if self.last_search is not None:
                reused.append(self.last_search.reused)
            return action

    for seed in range(3):
        record = bg.play(ToyGame(2), [Recording(iterations=60), "random"], seed=seed)
        assert record.final.is_terminal
    assert any(n > 0 for n in reused)


def test_a_bot_failing_to_observe_fails_the_game_with_its_seat() -> None:
    class Broken:
        name = "broken"

        def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
            return legal_actions[0]

        def observe(self, seat: int, player: int, action: Action | None) -> None:
            raise ValueError("no")

    with pytest.raises(BotError, match=r"broken \(seat 1\) failed to observe") as caught:
        bg.play(ToyGame(2), ["random", Broken()], seed=0)
    assert caught.value.seat == 1


def test_reuse_must_be_a_bool() -> None:
    with pytest.raises(BotError, match="reuse"):
        MCTSBot(reuse="yes")  # type: ignore[arg-type]
