"""State.is_terminal and State.is_chance: fields written with who acts, never apart from it."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.kernel.conformance import check_state
from boardgames.kernel.game import State

from .toy import ToyGame, ToyState


def test_flags_follow_who_acts_along_a_game() -> None:
    game = ToyGame(players=2)
    playout = bg.random_playout(game, 3)
    state: State = game.new_game(3)
    seen = set()
    for text in playout.replay.actions:
        assert state.is_terminal is (state.current_player == bg.TERMINAL)
        assert state.is_chance is (state.current_player == bg.CHANCE)
        seen.add(state.current_player)
        state = state.apply_text(text)
    assert state.is_terminal and not state.is_chance
    assert bg.CHANCE in seen and 0 in seen


@pytest.mark.parametrize("game_id", bg.available_games())
def test_flags_after_loading_a_state(game_id: str) -> None:
    game = bg.make(game_id)
    state = game.new_game(5)
    for _ in range(12):
        if state.is_terminal:
            break
        outcomes = state.chance_outcomes()
        state = state.apply(outcomes[0][0] if outcomes else state.legal_actions()[-1])
        loaded = bg.from_json(bg.to_json(state))
        assert loaded == state
        assert (loaded.is_terminal, loaded.is_chance) == (state.is_terminal, state.is_chance)


def test_flags_are_read_only() -> None:
    state = ToyGame(players=2).new_game(0)
    with pytest.raises(AttributeError):
        state.is_terminal = True
    assert not state.is_terminal


def test_conformance_names_a_player_written_without_its_flags() -> None:
    game = ToyGame(players=2)
    state = game.new_game(0)
    stale = state._successor()
    object.__setattr__(stale, "_player", bg.TERMINAL)  # _player alone: the flags still say "playing"
    assert isinstance(stale, ToyState) and not stale.is_terminal
    with pytest.raises(bg.ConformanceError, match="_set_player"):
        check_state(game, stale)
    stale._set_player(bg.TERMINAL)
    assert stale.is_terminal and not stale.is_chance
