"""The public contract beyond the shared conformance test: JSON, views, resampling, errors, values, text.

The golden playthroughs in ``golden/`` must replay unchanged; after an
intended change of behaviour, explain it in the commit and re-record them
with ``python -m tests.warpgate.test_contract``.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

import boardgames as bg
from boardgames import IllegalActionError, InvalidActionError, SerializationError
from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate.components import CONCENTRATE
from boardgames.games.warpgate.state import BATTLE, COUNT2, DEAL, ORIGIN2, WITHDRAW, WarpgateState, arg
from boardgames.kernel.cards import labelled_outcomes
from boardgames.kernel.driver import random_playout
from tests.warpgate.helpers import edit, fresh, game, ids, with_cards


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_end_after_the_last_round(players: int) -> None:
    g = game(players, rounds=2)
    final = random_playout(g, 5).final
    assert isinstance(final, WarpgateState)
    assert final.is_terminal and final.round == 2 and final.winners
    assert sum(final.returns()) == pytest.approx(1.0)


def test_same_seed_same_game_and_new_game_draws_setup_from_the_seed() -> None:
    g = game(4)
    assert g.new_game(11) == g.new_game(11)
    assert g.new_game(11) != g.new_game(12)
    a, b = random_playout(g, 3), random_playout(g, 3)
    assert a.replay.actions == b.replay.actions and a.final == b.final


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    s = fresh(3)
    before = bg.to_json(s)
    after = s.apply(s.legal_actions()[0])
    assert bg.to_json(s) == before and after is not s


def test_illegal_and_malformed_actions_raise_specific_errors() -> None:
    s = fresh()
    with pytest.raises(InvalidActionError):
        s.apply_text("fly to the moon")
    with pytest.raises(IllegalActionError, match="legal:"):
        s.apply_text("done")
    with pytest.raises(InvalidActionError):
        s.apply_id(10**6)


def test_json_round_trip_exact_mid_game() -> None:
    g = game(5)
    seen = 0

    def check(state: object) -> None:
        nonlocal seen
        assert isinstance(state, WarpgateState)
        if state.turn % 3 == 0:
            again = bg.from_json(bg.to_json(state))
            assert again == state and again.scores() == state.scores()
            seen += 1

    random_playout(g, 8, on_state=check)
    assert seen > 10


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("state", "ships", 0), 99, "ships"),
        (("state", "supply", 0), 3, "ships do not add up"),
        (("state", "hand", 0), [], "action cards"),
        (("state", "tech_avail"), [], "technologies"),
        (("state", "steps"), [[1]], "step"),
        (("state", "steps", 0), [21, 0, 1, 1], "pending step and the player"),
        (("state", "player"), -2, "player"),
        (("state", "turn"), 99, "turn"),
        (("state", "turn"), 8, "no turn left"),
        (("state", "player"), -4, "game is over only after"),
        (("state", "goods_pool"), 0, "trade goods"),
        (("state", "objective_deck"), [], "objectives"),
        (("state", "marker", 0), 7, "marker"),
        (("state", "colony", 0), 1, "colony without a marker"),
        (("state", "tactics", 0), [], "tactics cards"),
        (("fingerprint",), "x", "fingerprint"),
    ],
)
def test_tampered_json_is_rejected(path: tuple[object, ...], value: object, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        bg.from_json(_tampered(path, value))


def _tampered(path: tuple[object, ...], value: object) -> str:
    """A fresh 2-player game's JSON with the entry at ``path`` replaced by ``value``."""
    doc = json.loads(bg.to_json(fresh(2)))
    target = doc
    for key in path[:-1]:
        target = target[key]  # type: ignore[index]
    target[path[-1]] = value  # type: ignore[index]
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("state", "hand", 0), [1, 0], "player 0's hand of action cards needs"),
        (("state", "deck", 1, 0), -1, "player 1's deck of action cards holds a negative count"),
        (("state", "discard", 0, 0), 13, "discard pile of action cards holds 13 cards of kind 0, more than"),
        (("state", "tactics", 0, 0), 2, "deck of tactics cards holds 2 cards of kind 0, more than the game"),
        (("state", "tactics_discard", 1), [], "player 1's discard of tactics cards needs"),
        (("state", "promo_deck", 0), 1, "promotion deck .promotion cards. holds 1 cards of kind 0"),
        (("state", "promo_discard"), [0], "promotion discard .promotion cards. needs"),
        (("state", "objectives", 1, 0), -2, "player 1's objectives holds a negative count"),
        (("state", "objective_deck", 3), 2, "objective deck .objectives. holds 2 cards of kind 3"),
        (("state", "tech_deck"), [1, 1], "technology deck .technologies. needs"),
    ],
)
def test_tampered_count_vectors_are_rejected_by_name(
    path: tuple[object, ...], value: object, message: str
) -> None:
    """Piles and hands are count vectors: a wrong length, a negative count or more cards of a kind
    than the game has is refused, naming the pile."""
    with pytest.raises(SerializationError, match=message):
        bg.from_json(_tampered(path, value))


def test_views_hide_hands_decks_and_objectives() -> None:
    s = fresh(3, seed=2)
    t = s.t
    # another hand and objectives of the same size, the same public board: equal views for others
    deck1 = ids(s.deck[1])
    swapped = with_cards(s, hand=(ids(s.hand[0]), deck1[:5], ids(s.hand[2])),
                         deck=(ids(s.deck[0]), tuple(sorted((*deck1[5:], *ids(s.hand[1])))), ids(s.deck[2])))
    assert swapped.view(0) == s.view(0) and swapped.view(2) == s.view(2)
    assert swapped.view(1) != s.view(1) or deck1[:5] == ids(s.hand[1])
    for p in (0, 2):
        assert np.array_equal(s.game.observation_tensor(s, p), swapped.game.observation_tensor(swapped, p))
    v = s.view(0)
    assert v.hand == s.hand[0] and v.objectives == s.objectives[0]
    assert v.hand_sizes == (5, 5, 5) and v.objective_counts == (2, 2, 2)
    assert not any(o in ids(v.objectives) for o in ids(s.objectives[1]))
    del t


def test_resample_is_consistent_with_the_view() -> None:
    g = game(4)
    rng = np.random.default_rng(0)

    def check(state: object) -> None:
        assert isinstance(state, WarpgateState)
        if state.turn % 5 == 1 and not state.is_terminal:
            for p in range(4):
                other = g.resample(state.view(p), rng)
                assert other.view(p) == state.view(p)
                assert other.current_player == state.current_player
                if state.current_player == p:
                    assert other.legal_action_ids() == state.legal_action_ids()
                bg.from_json(bg.to_json(other))  # a resampled state is a valid state

    random_playout(g, 2, on_state=check)


def test_observation_tensor_fixed_shape_float32() -> None:
    g = game(6)
    s = g.new_game(0)
    tensor = g.observation_tensor(s, 3)
    assert tensor.dtype == np.float32 and tensor.shape == g.observation_shape


def test_heuristic_in_unit_interval_and_prefers_the_leader() -> None:
    g = game(2)
    s = g.new_game(0)
    assert g.heuristic(s, 0) == pytest.approx(0.5)
    rich = edit(s, goods=(3, 0), goods_pool=s.goods_pool - 3)
    assert g.heuristic(rich, 0) > 0.5 > g.heuristic(rich, 1)
    final = random_playout(g, 1).final
    values = [g.heuristic(final, p) for p in range(2)]
    assert all(0.0 <= v <= 1.0 for v in values)


def test_score_breakdown_sums_to_scores() -> None:
    g = game(4)
    final = random_playout(g, 4).final
    parts = g.score_breakdown(final)
    assert list(parts) == ["outposts", "colonies", "technologies", "trade goods", "tactics", "objectives"]
    totals = tuple(sum(col) for col in zip(*parts.values(), strict=True))
    assert totals == final.scores()


def test_render_and_describe_action() -> None:
    s = fresh(4)
    text = str(s)
    assert "Warpgate, 4 players" in text and "Warpgate 1" in text and "hand: " in text
    action = s.legal_actions()[0]
    assert isinstance(action, A.Play)
    line = s.game.describe_action(s, action)
    assert line.startswith(f"{s.game.player_name(0)} plays {action.card} on slot 1")
    st = s
    while not (st.is_chance and st.step[0] == DEAL):
        nxt = st.apply(st.chance_outcomes()[0][0] if st.is_chance else st.legal_actions()[-1])
        assert isinstance(nxt, WarpgateState)
        st = nxt
    outcome = st.chance_outcomes()[0][0]
    who = st.step[1]
    assert "draws an action card" in st.game.describe_action(st, outcome, viewer=(who + 1) % 4)
    assert isinstance(outcome, A.DrawActionCard)
    assert outcome.card in st.game.describe_action(st, outcome, viewer=who)


@settings(max_examples=25, deadline=None)
@given(st_.integers(0, 10_000), st_.integers(2, 6))
def test_invariants_hold_through_random_games(seed: int, players: int) -> None:
    g = game(players, rounds=2)

    def check(state: object) -> None:
        assert isinstance(state, WarpgateState)
        n = players
        for p in range(n):
            on_board = sum(k for w, k in zip(state.owner, state.ships, strict=True) if w == p)
            step = state.step
            transit = sum(s[3] for s in state.steps if s[0] == BATTLE and s[1] == p)
            transit += step[3] if step and step[0] == WITHDRAW and p == step[1] else 0
            transit += arg(step, "first_group") if step and step[0] in (ORIGIN2, COUNT2) \
                and arg(step, "action") == CONCENTRATE and p == state.active else 0
            assert on_board + state.supply[p] + transit == 12
            gate = state.t.gate[p]
            assert state.owner[gate] in (-1, p)  # no one ever enters another player's warpgate
        assert all((w < 0) == (k == 0) for w, k in zip(state.owner, state.ships, strict=True))
        decks = state.t.tech_deck_of
        assert all(sum(1 for c in state.tech_avail if decks[c] == d) <= 2 for d in set(decks))
        if state.current_player >= 0:
            texts = [str(a) for a in state.legal_actions()]
            assert texts and len(set(texts)) == len(texts)

    random_playout(g, seed, on_state=check)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_chance_outcomes_walk_the_whole_pile(players: int) -> None:
    """``Warpgate.drawn_kinds`` (each chance step kind's card kinds, made once) spans every pile
    drawn from: the outcomes are the kernel's ``cards.labelled_outcomes`` of the pile."""
    g = game(players)
    seen: set[int] = set()

    def check(state: object) -> None:
        assert isinstance(state, WarpgateState)
        if state.is_chance:
            kind = state.step[0]
            pile = g.pile_by_kind[kind](state, state.step)
            assert g.drawn_kinds[kind] == range(len(pile))
            assert state.chance_outcomes() == labelled_outcomes(pile, g.drawn_actions[kind])
            seen.add(kind)

    for seed in range(3):
        random_playout(g, seed, on_state=check)
    assert DEAL in seen


def test_make_lists_warpgate() -> None:
    assert "warpgate" in bg.available_games()
    assert bg.make("warpgate").players == 4


@pytest.mark.parametrize("name", ["warpgate-2p-seed17.json", "warpgate-5p-seed23.json"])
def test_golden_playthrough_replays_unchanged(name: str) -> None:
    """Recorded seeded games: any change in behaviour shows up here and must be explained."""
    replay = bg.Replay.from_json((Path(__file__).parent / "golden" / name).read_text())
    final = replay.run()  # every action legal, the recorded final scores reached
    assert final.is_terminal
    assert replay.seed is not None
    again = random_playout(replay.make_game(), replay.seed)
    assert again.replay.actions == replay.actions


def record() -> None:
    for players, seed in ((2, 17), (5, 23)):
        playout = random_playout(game(players), seed)
        path = Path(__file__).parent / "golden" / f"warpgate-{players}p-seed{seed}.json"
        path.write_text(json.dumps(json.loads(playout.replay.to_json()), indent=0) + "\n", "utf-8")


if __name__ == "__main__":
    record()
