"""Truncation is explicit: a game stopped by a length limit has no winner, and
play, replays, conformance, tournaments and the command line say so."""

from __future__ import annotations

import io
import json
from pathlib import Path

import boardgames as bg
from boardgames.cli import _result_lines, main
from tests.kernel.toy import ToyGame

bg.register_game("toy-race", ToyGame)


class Roller:
    """Rolls until the game stops it (so a limit always truncates)."""

    name = "roller"

    def choose(self, view: bg.View, legal_actions: tuple[bg.Action, ...], rng: object) -> bg.Action:
        return next(a for a in legal_actions if str(a) == "roll")


def test_a_truncated_game_has_no_winner_and_returns_nothing() -> None:
    game = bg.make("toy-race", players=2, limit=3)
    record = bg.play(game, [Roller(), Roller()], seed=1)
    assert record.final.is_terminal and record.final.truncated and record.truncated
    assert record.winners == frozenset() and record.final.returns() == (0.0, 0.0)
    assert bg.make("toy-race", players=2).new_game(0).truncated is False


def test_a_game_ended_by_its_rules_is_not_truncated() -> None:
    record = bg.play("toy-race", ["random", "random"], seed=4)
    assert not record.truncated and record.winners


def test_the_replay_records_truncation_and_checks_it() -> None:
    game = bg.make("toy-race", players=2, limit=3)
    record = bg.play(game, [Roller(), Roller()], seed=1)
    text = record.replay.to_json()
    assert json.loads(text)["truncated"] is True
    again = bg.Replay.from_json(text)
    assert again.truncated and again.run() == record.final
    lying = json.loads(text)
    lying["truncated"] = False
    try:
        bg.Replay.from_json(json.dumps(lying)).run()
    except bg.ReplayError as error:
        assert "truncated" in str(error)
    else:
        raise AssertionError("a replay that hides its truncation was accepted")


def test_conformance_accepts_truncated_games_without_winners() -> None:
    report = bg.check_game(bg.make("toy-race", players=2, limit=4), seeds=range(15))
    assert report.games_played == 15


def test_tournaments_count_truncations_apart_from_the_statistics() -> None:
    game = bg.make("toy-race", players=2, limit=3)
    result = bg.tournament(game, {"a": Roller(), "b": Roller()}, games=4, seed=2)
    assert len(result.truncations) == 4 and not result.failures
    for standing in result.standings:
        assert standing.truncated == 4 and standing.games == 0 and standing.wins == 0.0
    data = json.loads(result.to_json())
    assert data["truncated"] == 4 and all(g["truncated"] for g in data["games"])
    assert all(row["truncated"] == 4 for row in data["standings"])
    table = result.table()
    assert "4 truncated" in table and "truncated" in table.splitlines()[1]


def test_a_mixed_tournament_counts_only_the_truncated_games() -> None:
    game = bg.make("toy-race", players=2, limit=10)
    result = bg.tournament(game, ["random", "greedy"], games=12, seed=3)
    truncated = sum(1 for g in result.games if g.truncated)
    assert 0 < truncated < 12
    assert len(result.truncations) == truncated
    assert sum(s.games for s in result.standings) == 2 * (12 - truncated)
    assert all(s.truncated == truncated for s in result.standings)


def test_the_command_line_says_a_truncated_game_has_no_winner() -> None:
    game = bg.make("toy-race", players=2, limit=3)
    record = bg.play(game, [Roller(), Roller()], seed=1)
    text = "\n".join(_result_lines(record.final, ["", ""]))
    assert "Truncated" in text and "Winner" not in text


def test_the_replay_command_says_a_truncated_game_has_no_winner(tmp_path: Path) -> None:
    game = bg.make("toy-race", players=2, limit=3)
    path = tmp_path / "cut.json"
    path.write_text(bg.play(game, [Roller(), Roller()], seed=1).replay.to_json())
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", str(path)], stdin=io.StringIO(), stdout=out, stderr=err) == 0, err.getvalue()
    assert "Truncated" in out.getvalue() and "Winner" not in out.getvalue()
