"""The fast paths of the rules give exactly what the kernel's general functions give."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames as bg
from boardgames.games.age_of_galaxy.rules import Tables
from boardgames.games.age_of_galaxy.state import ACTED, S_TURN
from boardgames.kernel.cards import mask_draw_outcomes
from tests.readable import walk


def test_pile_draws_match_the_kernels_mask_draw_outcomes() -> None:
    """Every pile's draws (the Faction deck's redraws and solo reveals, the Exploration
    tokens, the System cards, the Planet tokens), as ids and as actions."""
    game = bg.make("age-of-galaxy", players=1)
    rules = game.rules
    rnd = random.Random(7)
    piles = [pile for pile in rules.piles if pile is not None]
    assert len(piles) == 5
    for pile in piles:
        cards = pile.size
        masks = [0, 1, 1 << (cards - 1), (1 << cards) - 1]
        masks += [rnd.getrandbits(cards) for _ in range(300)]
        for mask in masks:
            ids = mask_draw_outcomes(mask, pile.base)
            assert pile.draw(mask, pile._ids, pile._id_rows) == ids
            actions = pile.draw(mask, game.catalogue.actions[pile.base:pile.base + cards], pile._action_rows)
            assert actions == tuple((game.catalogue[i], p) for i, p in ids)


@pytest.mark.parametrize(
    "options", [{"players": 1}, {"players": 1, "scenario": "relic-hunt"}, {"players": 3}]
)
def test_chance_outcomes_are_ascending_allowed_and_nothing_else(options: dict[str, Any]) -> None:
    game = bg.make("age-of-galaxy", **options)
    checked = 0
    for state, _ in walk(game, 3, game.max_game_length):
        if state.is_chance:
            listed = [i for i, _ in state.chance_outcome_ids()]
            assert listed == sorted(set(listed))  # every draw lists its outcomes by ascending id
            ids = set(listed)
            for action_id in range(game.num_distinct_actions):
                assert state._allows(action_id) == (action_id in ids)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("players", [1, 2, 4])
def test_layout_carried_over_colonize_and_develop_is_the_rebuilt_one(players: int) -> None:
    """``Tables.layout_changed`` (after a Colonize or a Develop) gives the layout that
    ``Tables._layout_choices`` rebuilds from the planets."""
    game = bg.make("age-of-galaxy", players=players)
    T = game.rules.T
    rnd = random.Random(11)
    carried = 0
    for seed in range(4):
        state = game.new_game(seed)
        while not state.is_terminal:
            if state.is_chance:
                outcomes = state.chance_outcomes()
                state = state.apply(outcomes[rnd.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()  # remembers the layout of this state
            action = legal[rnd.randrange(len(legal))]
            state = state.apply(action)
            layout = T.layout
            if type(action).__name__ in ("Colonize", "Develop", "Adapt") and layout[1] is state.powner \
                    and layout[2] is state.plevel:
                carried += 1
                rebuilt = T._layout_choices(state.pkind, state.powner, state.plevel, len(state.systems))
                assert layout == rebuilt
    assert carried > 10


@pytest.mark.parametrize(
    "options", [{"players": 1}, {"players": 1, "scenario": "border-skirmish"}, {"players": 2}, {"players": 4}]
)
def test_layout_carried_over_any_action_is_the_rebuilt_one(options: dict[str, Any]) -> None:
    """Whatever carried the remembered layout over (a Colonize or Develop, the Virtual
    Opponent's Colonize, a System card or Planet token of the Galactic phase), a layout
    remembered for a state's planets is the one ``Tables._layout_choices`` rebuilds."""
    game = bg.make("age-of-galaxy", **options)
    T = game.rules.T
    rnd = random.Random(13)
    current = carried = 0
    for seed in range(8):
        state = game.new_game(seed)
        while not state.is_terminal:
            if state.is_chance:
                outcomes = state.chance_outcomes()
                action = outcomes[rnd.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()  # remembers the layout of this state
                action = legal[rnd.randrange(len(legal))]
            before = T.layout
            state = state.apply(action)
            layout = T.layout
            if layout[0] is state.pkind and layout[1] is state.powner and layout[2] is state.plevel \
                    and layout[3] == len(state.systems):
                current += 1
                carried += layout is not before  # remembered anew by the action
                rebuilt = T._layout_choices(state.pkind, state.powner, state.plevel, len(state.systems))
                assert layout == rebuilt
    assert current > 100 and carried > 10


@pytest.mark.parametrize("players", [1, 2, 4])
def test_chance_outcome_actions_are_the_actions_of_the_outcome_ids(players: int) -> None:
    """The Faction deck's outcomes as actions come from tables of their own (not from
    the ids): the same actions, order and probabilities as the catalogue's of the ids."""
    game = bg.make("age-of-galaxy", players=players)
    catalogue = game.catalogue
    kinds = set()
    for seed in range(6):
        for state, _ in walk(game, seed, game.max_game_length):
            if state.is_chance:
                fresh = state._successor()  # no cached outcomes: the actions are built first
                kinds.add(fresh.steps[0][0])
                actions = fresh.chance_outcomes()
                assert actions == tuple((catalogue[i], p) for i, p in fresh.chance_outcome_ids())
    assert len(kinds) >= 3


def test_a_turns_choices_known_after_its_action_are_its_listing() -> None:
    """``action_phase.maybe_end_now`` gives the successor of a turn's action its legal ids;
    they are what the listing of the same position works out."""
    game = bg.make("age-of-galaxy", players=3)
    rnd = random.Random(5)
    known = 0
    for seed in range(6):
        state = game.new_game(seed)
        while not state.is_terminal:
            if state.__dict__["_legal"] is not None:
                known += 1
                assert state.__dict__["_legal"] == state._successor()._legal_ids()
            if state.is_chance:
                outcomes = state.chance_outcomes()
                state = state.apply(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state = state.apply(legal[rnd.randrange(len(legal))])
    assert known > 50


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_players_remembered_profile_is_the_profile_of_their_fields(players: int) -> None:
    """The profile a turn's listing reads from ``Tables.last_profile`` (remembered per player,
    their Alliance by identity) is the profile of that player's Technologies and Alliance,
    as tables that remember nothing of these games work it out."""
    game = bg.make("age-of-galaxy", players=players)
    T = game.tables
    other = Tables(T.c, T.n, T.explored, T.scenario, T.drafting)
    rnd = random.Random(players)
    checked = 0
    for seed in range(4):
        state = game.new_game(seed)
        while not state.is_terminal:
            if state.is_chance:
                outcomes = state.chance_outcomes()
                state = state.apply(outcomes[rnd.randrange(len(outcomes))][0])
                continue
            listed = state.__dict__["_legal"] is None and state.steps[0][0] == S_TURN
            legal = state.legal_actions()
            if listed and not state.flags & ACTED:  # the listing of a turn's actions ran
                p = state.current_player
                techs, alliance, profile = game.tables.last_profile[p]
                assert (techs, alliance) == (state.techs[p], state.alliance[p])
                assert profile == other.profile(state.techs[p], tuple(state.alliance[p]))
                checked += 1
            state = state.apply(legal[rnd.randrange(len(legal))])
    assert checked > 100


def test_setup_shuffles_draw_the_order_of_a_permutation() -> None:
    """``setup.new_game`` shuffles a list of the Trade and System cards' indices with
    ``rng.shuffle``: the same cards, in the same order, as ``rng.permutation`` of their
    number would give from the same generator, and the same draws after them."""
    from boardgames.kernel.chance import make_rng

    for seed in range(200):
        for count in (2, 5, 8, 40):
            shuffled, permuted = make_rng(seed), make_rng(seed)
            cards = list(range(count))
            shuffled.shuffle(cards)
            assert cards == permuted.permutation(count).tolist()
            assert shuffled.integers(1_000_000) == permuted.integers(1_000_000)


@pytest.mark.parametrize("players", [1, 3])
def test_memos_stay_within_their_limit_and_change_nothing(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The memos of :class:`Tables` (keyed by hands, Technologies, Alliances) gain entries in
    every game; each starts afresh at ``MEMO_LIMIT`` entries, so a long self-play run holds
    at most that many, and the games play exactly as with memos that keep everything."""
    from boardgames.games.age_of_galaxy import rules

    def play(game: bg.Game) -> list[tuple[int, ...]]:
        rnd = random.Random(5)
        seen: list[tuple[int, ...]] = []
        for seed in range(3):
            state = game.new_game(seed)
            while not state.is_terminal:
                if state.is_chance:
                    outcomes = state.chance_outcome_ids()
                    seen.append(tuple(i for i, _ in outcomes))
                    state = state.apply_id(outcomes[rnd.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_action_ids()
                    seen.append(legal)
                    state = state.apply_id(legal[rnd.randrange(len(legal))])
            seen.append(tuple(int(score) for score in state.scores()))
        return seen

    kept = bg.make("age-of-galaxy", players=players)
    expected = play(kept)
    T = kept.tables
    memos = ("_agg", "_research", "_locked", "hand_memo", "_profiles",
             "_own_profiles", "_alliance")
    assert max(len(getattr(T, name)) for name in memos) > 8  # these games fill them past the limit below
    for name in memos:  # (make gives the same game object: start its memos afresh)
        getattr(T, name).clear()
    monkeypatch.setattr(rules, "MEMO_LIMIT", 8)
    assert play(kept) == expected
    for name in memos:
        assert len(getattr(T, name)) <= 8, name
