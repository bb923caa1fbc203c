"""The kernel's successor (what every rule that builds a state starts from) and
the chance check of ``State.apply`` with a state class's own ``_allows``."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg
from boardgames.games.age_of_galaxy.state import AgeState
from boardgames.games.warpgate.state import WarpgateState
from boardgames.kernel.chance import Sampler
from boardgames.kernel.game import State, successor
from boardgames.kernel.registry import _BUILTIN

from .toy import ToyGame, ToyState


def _decision_and_chance() -> tuple[ToyState, ToyState]:
    game = ToyGame(players=2)
    state = game.new_game(0)
    while not state.is_chance:
        state = state.apply(state.legal_actions()[0])  # "roll" comes first
    decision = game.new_game(0)
    return decision, state  # type: ignore[return-value]


def test_successor_is_a_copy_with_its_own_dict_and_the_parent_unchanged() -> None:
    decision, _ = _decision_and_chance()
    decision.legal_actions()  # fills the caches
    before = dict(decision.__dict__)
    new, fields = successor(decision)
    assert type(new) is ToyState and new is not decision
    assert fields is new.__dict__ and fields is not decision.__dict__
    fields["totals"] = (9, 9)
    assert decision.__dict__ == before
    assert new.totals == (9, 9)


def test_successor_of_a_decision_empties_its_legal_caches() -> None:
    decision, _ = _decision_and_chance()
    assert decision.legal_actions()
    _, fields = successor(decision)
    assert fields["_legal"] is None


def test_successor_of_a_chance_node_empties_its_outcome_cache() -> None:
    _, chance = _decision_and_chance()
    assert chance.chance_outcomes()
    assert chance._chance is not None
    _, fields = successor(chance)
    assert fields["_chance"] is None


def test_the_method_and_the_function_agree() -> None:
    decision, _ = _decision_and_chance()
    decision.legal_actions()
    assert decision._successor().__dict__ == successor(decision)[1]


@pytest.mark.parametrize("cls", [WarpgateState, AgeState])
def test_games_whose_rules_call_successor_keep_the_kernels_caches(cls: type[State]) -> None:
    # successor() resets the kernel's caches by name: a state class with caches of
    # its own would keep stale ones
    assert cls._CACHES == State._CACHES
    assert cls._successor is State._successor


class _Picky(ToyState):
    """Allows only the die's face 3 at a chance node (a class's own _allows)."""

    def _allows(self, action_id: int) -> bool:
        if self._player == bg.CHANCE:
            return self.game.catalogue[action_id] == self.game.parse_action("rolled 3")
        return super()._allows(action_id)


class _PickyGame(ToyGame):
    def new_game(self, seed: int | None = 0) -> Any:
        state = super().new_game(seed)
        picky = _Picky()
        picky.__dict__.update(state.__dict__)
        return picky


def test_apply_at_a_chance_node_asks_the_state_class_own_allows() -> None:
    game = _PickyGame(players=2)
    state = game.new_game(0)
    while not state.is_chance:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(bg.IllegalActionError):
        state.apply(game.parse_action("rolled 1"))
    after = state.apply(game.parse_action("rolled 3"))
    assert type(after) is _Picky and not after.is_chance


def test_apply_at_a_chance_node_of_the_kernels_allows_rejects_an_unlisted_outcome() -> None:
    game = ToyGame(players=2)
    state = game.new_game(0)
    while not state.is_chance:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(bg.IllegalActionError, match="chance node"):
        state.apply(game.parse_action("roll"))
    assert state.apply(game.parse_action("rolled 2")).totals != state.totals


@pytest.mark.parametrize("game_id", bg.available_games())
def test_an_action_past_every_legal_id_is_illegal_and_changes_nothing(game_id: str) -> None:
    game = bg.make(game_id)
    state = game.new_game(2)
    while state.is_chance:
        state = state.apply(state.chance_outcomes()[0][0])
    last = game.num_distinct_actions - 1
    assert last > state.legal_action_ids()[-1]  # (past the end of the legal ids: the bisection's end)
    before = bg.to_json(state)
    with pytest.raises(bg.IllegalActionError):
        state.apply(game.action_from_id(last))
    assert bg.to_json(state) == before


@pytest.mark.parametrize("game_id", sorted(_BUILTIN))  # (a toy game registered by a test has no long listing)
def test_apply_takes_exactly_the_listed_ids_of_short_and_long_listings(game_id: str) -> None:
    # a listing of up to eight ids is scanned, a longer one searched: both must
    # take every listed id and refuse every other one around them
    game = bg.make(game_id)
    state = game.new_game(4)
    sampler = Sampler(4)
    seen: set[bool] = set()
    while not state.is_terminal and len(seen) < 2:
        if state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_action_ids()
        if len(legal) > 1 and (len(legal) < 9) not in seen:
            seen.add(len(legal) < 9)
            span = range(max(0, legal[0] - 2), min(game.num_distinct_actions, legal[-1] + 3))
            for action_id in span:
                action = game.action_from_id(action_id)
                if action_id in legal:
                    state.apply(action)
                else:
                    with pytest.raises(bg.IllegalActionError):
                        state.apply(action)
        state = state.apply(state.legal_actions()[sampler.index(len(legal))])
    assert seen == {True, False}
