"""The command line around the games' pictures and texts: options, render, replay pages, the human seat."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardgames as bg
from boardgames import cli
from boardgames.kernel.actions import Action
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import GameSpec, OptionSpec, View
from tests.cli.test_cli import run
from tests.kernel.toy import ToyGame


def _fast(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidOptionError(f"fast must be true or false, not {value!r}")
    return value


class OptionToy(ToyGame):
    """The toy race with one option, so that options can be given on the command line."""

    spec = GameSpec(
        "toy-options", "Race to 12 with an option", 1, 3, 2, True, (OptionSpec("fast", False, "", _fast),)
    )


class SeatToy(ToyGame):
    """The toy race with the terminal-seat hooks filled in, as a game would fill them."""

    spec = GameSpec("toy-seat", "Race to 12 at the table", 1, 3, 2, True)

    def decision_text(self, view: View) -> str:
        return "Roll the die, or stop once you have 4 or more."

    def action_group(self, action: Action) -> str:
        return "Dice" if str(action) == "roll" else "End your race"

    def help_text(self, view: View) -> str:
        return "totals: each player's running total; card: your hidden card."


bg.register_game("toy-options", OptionToy)
bg.register_game("toy-seat", SeatToy)


# -- options, player counts, bots ----------------------------------------------------------


def test_options_reach_the_game_and_its_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _, err = run("play", "toy-options", "--option", "fast=true", "--save", str(path))
    assert code == 0, err
    assert bg.Replay.from_json(path.read_text()).options == {"fast": True}


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("fast=maybe", "option 'fast': fast must be true or false, not 'maybe'"),
        ("fast=1", "fast must be true or false, not 1"),
        ("slow=true", "toy-options has no option 'slow' (options: fast)"),
        ("=true", "expected NAME=VALUE"),
    ],
)
def test_a_bad_option_gets_the_games_own_error(option: str, message: str) -> None:
    for command in (["play", "toy-options"], ["tournament", "toy-options", "--bots", "random"]):
        code, out, err = run(*command, "--option", option)
        assert code == 2 and message in err and err.count("\n") == 1, err
        assert out == ""


def test_option_values_are_json_literals_or_else_strings() -> None:
    assert cli.parse_options(["a=true", "b=null", "c=2.5", "d=[1, 2]", "e=side b", 'f="7"']) == {
        "a": True,
        "b": None,
        "c": 2.5,
        "d": [1, 2],
        "e": "side b",
        "f": "7",
    }


def test_play_takes_the_player_count_from_the_bots() -> None:
    code, out, _ = run("play", "toy-race", "--bots", "random,greedy,random")
    assert code == 0 and "3 players" in out
    code, out, _ = run("play", "toy-race", "--bots", "random,greedy", "--human", "2", stdin="quit\n")
    assert code == 0 and "3 players" in out and "P2 (Green) you" in out
    code, out, _ = run("play", "toy-race", "--bots", "greedy")
    assert code == 0 and "2 players" in out  # one name fills the game's default seats


def test_a_tournament_of_one_bot_is_self_play() -> None:
    code, out, err = run("tournament", "toy-options", "--bots", "greedy", "--games", "4", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["bots"] == ["greedy", "greedy#2"]
    assert sum(s["games"] for s in data["standings"]) == 8


def test_a_tournament_takes_options() -> None:
    code, _, err = run(
        "tournament", "toy-options", "--bots", "random,greedy", "--games", "2", "--option", "fast=true"
    )
    assert code == 0, err


def test_a_bad_bot_parameter_lists_the_bots_parameters() -> None:
    code, _, err = run("play", "toy-race", "--bots", "mcts:iters=5")
    assert code == 2 and err.count("\n") == 1
    assert "no parameter 'iters'" in err
    for parameter in ("iterations=None", "time_limit=None", "rollout_depth=0", "worlds=10"):
        assert parameter in err


def test_save_checks_the_path_before_the_game_starts(tmp_path: Path) -> None:
    code, out, err = run("play", "toy-race", "--save", str(tmp_path / "missing" / "game.json"))
    assert code == 2 and "--save" in err and "No such file or directory" in err
    assert out == ""  # no game was played
    code, out, err = run("play", "toy-race", "--save", str(tmp_path))
    assert code == 2 and "is a directory" in err and out == ""
    assert list(tmp_path.iterdir()) == []  # the check leaves nothing behind


class _Sleeper:
    name = "sleeper"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: np.random.Generator) -> Action:
        time.sleep(0.4)
        return legal_actions[0]


def test_a_slow_bot_move_shows_progress_on_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "SLOW_MOVE_SECONDS", 0.1)
    err = io.StringIO()
    game = bg.make("toy-race", players=2)
    state = game.new_game(0)
    bot = cli._Patience(_Sleeper(), "P0 (Blue) sleeper", err)
    assert (
        bot.choose(state.view(0), state.legal_actions(), np.random.default_rng(0)) == state.legal_actions()[0]
    )
    assert "P0 (Blue) sleeper is thinking..." in err.getvalue()
    assert "P0 (Blue) sleeper moved after 0.4 s" in err.getvalue()
    code, _, err = run("play", "toy-race", "--bots", "random")  # quick moves: nothing on stderr
    assert code == 0 and err == ""


# -- replays: names, log, page ---------------------------------------------------------


def _saved(tmp_path: Path, *extra: str) -> Path:
    path = tmp_path / "game.json"
    code, _, err = run(
        "play", "toy-race", "--seed", "5", "--bots", "greedy,random", "--save", str(path), *extra
    )
    assert code == 0, err
    return path


def test_replay_keeps_the_bot_names_and_log_prints_the_log(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    replay = bg.Replay.from_json(path.read_text())
    assert replay.names == ("greedy", "random")
    code, out, _ = run("replay", str(path), "--log")
    assert code == 0
    assert "Seats: P0 (Blue) greedy, P1 (Orange) random" in out
    moves = [line for line in out.splitlines() if line[:7].strip().rstrip(".").isdigit()]
    assert len(moves) == len(replay.actions)
    record = bg.play("toy-race", ["greedy", "random"], seed=5)
    for line, move in zip(moves, record.moves):
        who = (
            "chance" if move.player == bg.CHANCE else ("P0 (Blue) greedy", "P1 (Orange) random")[move.player]
        )
        assert line.split(".", 1)[1].split() == [*who.split(), *move.description.split()]
    assert "Winner: P" in out and "greedy" in out.split("Final scores")[1]


def test_replay_writes_a_page_of_the_game(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    page = tmp_path / "replay.html"
    code, out, _ = run("replay", str(path), "--html", str(page))
    assert code == 0 and f"Replay page written to {page}" in out
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>")
    assert text.count("data-step=") == len(bg.Replay.from_json(path.read_text()).actions)
    assert "P1 (Orange) random" in text


def test_replay_refuses_a_saved_state(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(bg.to_json(bg.make("toy-race").new_game(0)))
    code, _, err = run("replay", str(path))
    assert code == 1 and "is a saved position, not a replay" in err


# -- render ----------------------------------------------------------------------------


def test_render_draws_a_replays_position_after_n_moves(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    replay = bg.Replay.from_json(path.read_text())
    states = [state for state, _ in replay.states()]
    game = states[0].game
    out_path = tmp_path / "board.svg"
    code, out, _ = run("render", str(path), "--move", "3", "-o", str(out_path))
    assert code == 0 and "Board written" in out
    assert out_path.read_text() == game.render_svg(
        states[3], last_action=game.parse_action(replay.actions[2])
    )
    code, out, _ = run("render", str(path), "--viewer", "1")
    assert code == 0
    assert out.strip() == game.render_svg(
        states[-1].view(1), last_action=game.parse_action(replay.actions[-1])
    )
    code, out, _ = run("render", str(path), "--move", "0")
    assert out.strip() == game.render_svg(states[0])


def test_render_draws_a_saved_state_and_writes_png(tmp_path: Path) -> None:
    game = bg.make("toy-race", players=3)
    state = game.new_game(8).apply_text("roll")
    path = tmp_path / "state.json"
    path.write_text(bg.to_json(state))
    code, out, _ = run("render", str(path), "--viewer", "2")
    assert code == 0 and out.strip() == game.render_svg(state.view(2))
    png = tmp_path / "board.png"
    code, _, _ = run("render", str(path), "-o", str(png))
    assert code == 0 and png.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("extra", "message", "status"),
    [
        (["--move", "999"], "the replay has only", 2),
        (["--viewer", "5"], "--viewer must be a seat from 0 to 1", 2),
    ],
)
def test_render_refuses_positions_that_do_not_exist(
    tmp_path: Path, extra: list[str], message: str, status: int
) -> None:
    code, _, err = run("render", str(_saved(tmp_path)), *extra)
    assert code == status and message in err and err.count("\n") == 1


def test_render_refuses_a_move_number_for_a_state_and_files_that_are_neither(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(bg.to_json(bg.make("toy-race").new_game(0)))
    code, _, err = run("render", str(path), "--move", "2")
    assert code == 2 and "--move is for replays" in err
    path.write_text(json.dumps({"format": "something/else"}))
    code, _, err = run("render", str(path))
    assert code == 1 and "is not a saved replay, state or view" in err


# -- the human seat --------------------------------------------------------------------


def _seat(entries: str, seed: int = 4) -> tuple[str, Action | None, bg.State]:
    game = bg.make("toy-seat", players=2)
    state = game.new_game(seed)
    state = state.apply_text("roll").apply_text("rolled 3").apply_text("roll").apply_text("rolled 2")
    out = io.StringIO()
    human = cli.HumanBot(io.StringIO(entries), out)
    human.start(game, 0)
    try:
        chosen: Action | None = human.choose(state.view(0), state.legal_actions(), np.random.default_rng(0))
    except cli.HumanQuit:
        chosen = None
    return out.getvalue(), chosen, state


def test_the_seat_shows_the_view_the_decision_and_grouped_numbered_actions() -> None:
    shown, chosen, state = _seat("2\n")
    assert chosen is not None and str(chosen) == "stop"
    game = state.game
    assert game.render_view(state.view(0)) in shown
    assert "Roll the die, or stop once you have 4 or more." in shown
    menu = shown.split("Your options:")[1].splitlines()
    assert [line.strip() for line in menu[1:5]] == ["Dice", "1) roll", "End your race", "2) stop"]


def test_the_seat_accepts_an_action_text_in_any_case() -> None:
    _, chosen, _ = _seat("  ROLL \n")
    assert chosen is not None and str(chosen) == "roll"


def test_help_shows_the_games_legend_and_the_commands() -> None:
    shown, chosen, _ = _seat("help\n1\n")
    assert "totals: each player's running total; card: your hidden card." in shown
    assert "score" in shown and "quit" in shown
    assert chosen is not None and str(chosen) == "roll"


def test_score_shows_what_the_seat_can_know_and_hides_the_rest() -> None:
    shown, _, state = _seat("score\nquit\n")
    table = shown.split("Your move")[1].splitlines()
    total = next(line for line in table if line.startswith("total")).split()
    # own total (running total + own hidden card) is known; the opponent's hides their card
    assert total[1:] == [str(int(state.scores()[0])), "?"]
    score_row = next(line for line in table if line.startswith("score")).split()
    assert score_row[1:] == [str(int(state.scores()[0])), "?"]


def test_quit_and_end_of_input_leave_the_seat() -> None:
    _, chosen, _ = _seat("quit\n")
    assert chosen is None
    _, chosen, _ = _seat("")
    assert chosen is None
