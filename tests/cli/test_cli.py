"""The boardgames command: list, play, replay, tournament, and a human at the terminal."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.cli import main
from tests.kernel.toy import ToyGame

bg.register_game("toy-race", ToyGame)

ROOT = Path(__file__).resolve().parents[2]
# The command as a user runs it, with the toy game registered first.
LAUNCH = (
    "import sys, boardgames as bg; from tests.kernel.toy import ToyGame; "
    "bg.register_game('toy-race', ToyGame); from boardgames.cli import main; sys.exit(main())"
)


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def command(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", LAUNCH, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_list_shows_each_game_with_its_player_range() -> None:
    code, out, _ = run("list")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("toy-race"))
    assert "1-3" in line and "Race to 12" in line


def test_play_prints_a_turn_log_and_the_score_breakdown(tmp_path: Path) -> None:
    code, out, err = run(
        "play", "toy-race", "--players", "3", "--seed", "7", "--bots", "greedy,random,random"
    )
    assert code == 0, err
    assert "Seats: P0 (Blue) greedy, P1 (Orange) random, P2 (Green) random" in out
    assert "chance" in out and "roll" in out
    lines = out.splitlines()
    table = lines[lines.index("Final scores") + 1 :]
    seats = ["P0 (Blue) greedy", "P1 (Orange) random", "P2 (Green) random"]
    assert table[0].split() == " ".join(seats).split()
    record = bg.play("toy-race", ["greedy", "random", "random"], seed=7)
    totals = next(line for line in table if line.startswith("total")).split()[1:]
    assert [float(t) for t in totals] == list(record.scores)
    assert any(line.startswith("Winner") or line.startswith("Shared victory") for line in table)


def test_save_writes_a_replay_that_replay_verifies(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out, _ = run("play", "toy-race", "--seed", "3", "--save", str(path))
    assert code == 0 and "Replay saved" in out
    replay = bg.Replay.from_json(path.read_text())
    assert replay.seed == 3 and replay.game == "toy-race"
    code, out, err = run("replay", str(path), "--log")
    assert code == 0, err
    assert "re-run and verified" in out and "Final scores" in out
    assert sum(1 for line in out.splitlines() if line.strip()[:1].isdigit() and "." in line[:7]) == len(
        replay.actions
    )


def test_replay_rejects_corrupted_and_tampered_files_in_one_line(tmp_path: Path) -> None:
    good = bg.play("toy-race", ["random", "random"], seed=1).replay
    cases = {
        "truncated.json": good.to_json()[:40],
        "binary.json": "\x00\x01",
        "tampered.json": good.to_json().replace('"roll"', '"stop"', 1),
        "scores.json": json.dumps({**json.loads(good.to_json()), "scores": [99, 0]}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        code, out, err = run("replay", str(path))
        assert code == 1, name
        assert err.startswith("boardgames: error:") and err.count("\n") == 1, (name, err)
        assert "verified" not in out
    code, _, err = run("replay", str(tmp_path / "missing.json"))
    assert code == 1 and "No such file" in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["dance"],
        ["play"],
        ["play", "no-such-game"],
        ["play", "toy-race", "--players", "7"],
        ["play", "toy-race", "--players", "two"],
        ["play", "toy-race", "--seed", "-3"],
        ["play", "toy-race", "--bots", "random,psychic"],
        ["play", "toy-race", "--bots", "random,random,random,random"],
        ["play", "toy-race", "--option", "speed=3"],
        ["play", "toy-race", "--option", "speed"],
        ["play", "toy-race", "--save", "/no/such/folder/game.json"],
        ["play", "toy-race", "--bots", "mcts:iterations"],
        ["play", "toy-race", "--bots", "mcts:iterations=0"],
        ["play", "toy-race", "--human", "5"],
        ["tournament", "toy-race"],
        ["tournament", "toy-race", "--bots", "random,random", "--games", "0"],
        ["tournament", "toy-race", "--bots", "random,random", "--executor", "pigeon"],
    ],
)
def test_bad_arguments_give_one_line_and_a_non_zero_exit(argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code != 0
    assert err.startswith("boardgames: error:") and err.count("\n") == 1, err
    assert "Traceback" not in err + out


def test_bad_arguments_in_a_real_process_give_no_traceback() -> None:
    done = command("play", "toy-race", "--players", "9")
    assert done.returncode != 0
    assert done.stderr.startswith("boardgames: error:") and "Traceback" not in done.stderr


def test_tournament_prints_progress_on_stderr_and_a_table() -> None:
    code, out, err = run("tournament", "toy-race", "--bots", "greedy,random", "--games", "6", "--seed", "2")
    assert code == 0
    assert "6/6 games" in err
    assert "greedy" in out and "win rate" in out


def test_tournament_json_is_machine_readable() -> None:
    code, out, _ = run(
        "tournament",
        "toy-race",
        "--bots",
        "mcts:iterations=5,random",
        "--games",
        "4",
        "--json",
        "--workers",
        "2",
    )
    assert code == 0
    data = json.loads(out)
    assert data["bots"] == ["mcts:iterations=5", "random"]
    assert sum(s["games"] for s in data["standings"]) == 8


# -- a human at the terminal -------------------------------------------------------------


def test_a_human_plays_a_whole_game_through_standard_input() -> None:
    # The human (seat 0) always types "1" (roll), the first option, until the game ends.
    done = command("play", "toy-race", "--seed", "4", "--human", "0", stdin="1\n" * 40)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Your options:" in out and "1) roll" in out
    assert "P1 (Orange) random" in out  # the bot's moves are shown as they happen
    assert "Final scores" in out
    assert "Traceback" not in done.stderr


def test_bad_entries_are_explained_and_asked_again() -> None:
    done = command("play", "toy-race", "--seed", "4", "--human", "0", stdin="9\nstop\nfly away\nroll\n")
    out = done.stdout
    assert "There is no option 9: choose a number from 1 to 1." in out
    assert "'stop' is not allowed now" in out
    assert "Not understood" in out and "fly away" in out
    assert out.count("Your move") >= 5
    # input ended in the middle of the game: a clean exit
    assert done.returncode == 0 and "Game abandoned" in out and "Traceback" not in done.stderr


def test_the_human_sees_only_their_own_view() -> None:
    game = bg.make("toy-race", players=2)
    state = game.new_game(4)
    theirs = state.cards[1]  # type: ignore[attr-defined]
    code, out, _ = run("play", "toy-race", "--seed", "4", "--human", "1", stdin="")
    assert code == 0
    shown = out.split("Your options:")[0]
    assert "What P1 knows:" in shown and f"card: {theirs}" in shown
    assert "cards" not in out


def test_end_of_input_at_the_first_prompt_exits_cleanly() -> None:
    done = command("play", "toy-race", "--human", "0")
    assert done.returncode == 0 and "Game abandoned" in done.stdout
    assert done.stderr == ""


def test_quit_leaves_the_game() -> None:
    code, out, _ = run("play", "toy-race", "--human", "0", stdin="quit\n")
    assert code == 0 and "Game abandoned (you left the game)" in out


def test_python_m_boardgames_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "boardgames", "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0 and "tournament" in done.stdout
