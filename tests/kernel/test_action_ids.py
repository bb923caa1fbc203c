"""Applying an action: the listed object, an equal copy and a stranger give the same answers."""

from __future__ import annotations

import copy
import pickle

import attrs
import pytest

import boardgames as bg
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.errors import InvalidActionError


def test_a_listed_action_an_equal_copy_and_a_pickled_one_apply_alike() -> None:
    state = bg.make("galaxys-edge", players=2).new_game(3)
    for step in range(40):
        while state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
        if state.is_terminal:
            break
        actions = state.legal_actions()
        listed = actions[step * 7 % len(actions)]
        twin = copy.copy(listed)
        thawed = pickle.loads(pickle.dumps(listed))
        assert twin == listed and twin is not listed and thawed == listed
        after = state.apply(listed)
        assert state.apply(twin) == after == state.apply(thawed)
        state = after


def test_an_action_shared_by_two_catalogues_finds_its_id_in_each() -> None:
    @attrs.frozen(cache_hash=True)
    class Pick(Action):
        n: int

        def __str__(self) -> str:
            return f"pick {self.n}"

    one, two = Pick(1), Pick(2)
    first = ActionCatalogue([one, two])
    second = ActionCatalogue([two, one])  # the same objects at other positions
    assert (first.id_of(one), first.id_of(two)) == (0, 1)
    assert (second.id_of(one), second.id_of(two)) == (1, 0)


def test_a_shared_action_applies_in_games_whose_catalogues_differ() -> None:
    # Games of different player counts have different catalogues; an action
    # listed by one and applied in another is looked up by value there.
    small = bg.make("warpgate", players=2).new_game(0)
    large = bg.make("warpgate", players=6).new_game(0)
    for action in small.legal_actions():
        if large.is_legal(action):
            assert large.apply(action) == large.apply(copy.copy(action))


@pytest.mark.parametrize("stranger", ["pass", 7, None, object()])
def test_something_that_is_not_an_action_is_refused(stranger: object) -> None:
    state = bg.make("galaxys-edge", players=2).new_game(0)
    with pytest.raises(InvalidActionError, match="is not an action of galaxys-edge"):
        state.apply(stranger)  # type: ignore[arg-type]
