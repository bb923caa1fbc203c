"""bg.play: one seeded game between bots, with its replay and move log."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import boardgames as bg
from boardgames.arena import Move
from boardgames.bots import BotError, GreedyBot, MCTSBot, RandomBot
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, State, View
from tests.kernel.toy import Roll, ToyGame

bg.register_game("toy-race", ToyGame)


class CrashingBot:
    name = "crasher"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        raise RuntimeError("out of ideas")


class CheatingBot:
    name = "cheater"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> object:
        return "win the game"


def test_play_returns_the_final_state_its_replay_and_the_log() -> None:
    record = bg.play("toy-race", ["random", GreedyBot()], seed=5)
    assert record.final.is_terminal
    assert record.bots == ("random", "greedy")
    assert record.replay.run() == record.final
    assert record.replay.scores == record.final.scores() == record.scores
    assert [m.action for m in record.moves] == list(record.replay.actions)
    assert [m.index for m in record.moves] == list(range(len(record.moves)))
    assert any(m.player == CHANCE for m in record.moves)
    assert record.winners == record.final.winners
    assert sum(record.decisions) == sum(1 for m in record.moves if m.player >= 0)


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    game = bg.make("toy-race", players=3)
    bots = [MCTSBot(iterations=10), GreedyBot(), RandomBot()]
    first = bg.play(game, bots, seed=12).replay
    assert bg.play(game, bots, seed=12).replay == first
    assert any(bg.play(game, bots, seed=s).replay.actions != first.actions for s in range(13, 16))


def test_on_move_sees_every_step_with_the_states_around_it() -> None:
    seen: list[tuple[Move, State, State]] = []
    record = bg.play("toy-race", ["random", "random"], seed=1, on_move=lambda m, b, a: seen.append((m, b, a)))
    assert [m for m, _, _ in seen] == list(record.moves)
    for move, before, after in seen:
        assert before.apply_text(move.action) == after
    assert seen[-1][2] == record.final


def test_a_crashing_bot_raises_a_bot_error_naming_it_and_its_seat() -> None:
    with pytest.raises(BotError, match=r"crasher \(seat 1\).*RuntimeError: out of ideas") as caught:
        bg.play("toy-race", [RandomBot(), CrashingBot()], seed=0)
    assert caught.value.seat == 1


def test_an_illegal_choice_is_refused() -> None:
    with pytest.raises(BotError, match=r"cheater.*not legal") as caught:
        bg.play("toy-race", [CheatingBot(), RandomBot()], seed=0)
    assert caught.value.seat == 0


@pytest.mark.parametrize(
    ("game", "bots", "seed", "fragment"),
    [
        ("toy-race", ["random"] * 4, 0, "1 to 3 players"),
        (ToyGame(2), ["random"] * 3, 0, "2 seats but 3 bots"),
        ("toy-race", ["random", "random"], -1, "seed"),
        ("toy-race", "random", 0, "list of bots"),
        ("toy-race", ["random", object()], 0, "not a bot"),
        ("toy-race", ["random", "psychic"], 0, "no bot named"),
    ],
)
def test_bad_arguments_raise_board_game_errors(game: object, bots: object, seed: int, fragment: str) -> None:
    with pytest.raises(bg.BoardGameError, match=fragment):
        bg.play(game, bots, seed=seed)  # type: ignore[arg-type]


def test_bots_never_receive_the_full_state() -> None:
    class Inspector:
        def __init__(self) -> None:
            self.seen: list[object] = []

        def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
            self.seen.append(view)
            return Roll() if Roll() in legal_actions else legal_actions[0]

    inspector = Inspector()
    bg.play("toy-race", [inspector, RandomBot()], seed=4)
    assert inspector.seen and all(isinstance(v, View) and v.player == 0 for v in inspector.seen)
