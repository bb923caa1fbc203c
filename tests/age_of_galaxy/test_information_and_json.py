"""Hidden information (hands, face-down System cards and Exploration tokens), views and JSON."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.age_of_galaxy.state import (
    C_EXPLORE,
    C_SYSTEM,
    D_BONUS,
    D_EXCHANGE,
    D_SURRENDER,
    S_TURN,
    AgeState,
)
from tests.age_of_galaxy.helpers import edit, make, started


def test_views_hide_other_hands_and_discards() -> None:
    state = make(3).new_game(1)
    first = state.current_player
    state = state.apply_text(next(str(a) for a in state.legal_actions() if str(a).startswith("discard")))
    assert state.view((first + 1) % 3).discard_sizes[first] == 1
    p, q = (first + 1) % 3, first
    a = state.hands[q] & -state.hands[q]
    b = state.deck & -state.deck
    hands = list(state.hands)
    hands[q] = (hands[q] & ~a) | b
    other = edit(state, hands=tuple(hands), deck=(state.deck & ~b) | a)
    assert other.view(p) == state.view(p)  # another player's card swapped with the deck
    assert other.view(q) != state.view(q)


def test_views_equal_for_states_differing_only_in_hidden_cards() -> None:
    state = started(2, seed=3)
    rng = np.random.default_rng(0)
    game = state.game
    for p in range(2):
        other = game.resample(state.view(p), rng)
        assert other.view(p) == state.view(p)
        assert np.array_equal(game.observation_tensor(other, p), game.observation_tensor(state, p))
        assert other.legal_action_ids() == state.legal_action_ids() or state.current_player != p


def test_face_down_systems_and_tokens_are_chance_not_hidden_state() -> None:
    state = started(2, seed=3)
    assert len(state.systems) == 2  # only the face-up System cards are in the state
    assert state.unseen == (1 << 9) - 1  # no Exploration token is known to anybody


def test_resample_rejects_a_foreign_view() -> None:
    with pytest.raises(bg.HiddenInformationError):
        make(2).resample(bg.View(0), np.random.default_rng(0))


def test_observation_tensor_fixed_shape_float32() -> None:
    game = make(4)
    state = started(4)
    tensor = game.observation_tensor(state, 1)
    assert tensor.dtype == np.float32 and tensor.shape == game.observation_shape


def test_json_round_trip_exact() -> None:
    for n in (1, 2, 3, 4):
        playout = bg.random_playout(make(n), seed=n)
        for state, _ in playout.replay.states():
            assert bg.from_json(bg.to_json(state)) == state
            break
        assert bg.from_json(bg.to_json(playout.final)) == playout.final


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hands", [0, 0, 0], r"state\.deck: Faction card .* is nowhere"),
        ("res", [99] * 24, r"state\.res: player 0's credit must be in 0\.\.12"),
        ("order", [0, 0, 1], "every player once"),
        ("player", -2, "must be a player"),
        ("stamp", [1, 1, 1], "on top"),
        ("systems", [0, 0], "appears twice"),
        ("steps", [[40, 0]], r"state\.steps\[0\]: unknown step kind 40"),
        ("steps", [[20, 7]], r"state\.steps\[0\]: player 7 is not a seat"),
        ("steps", [20, 0], r"state\.steps\[0\]: a step is a list of ints"),
        ("vo", [1, 2, 3, 4, 5], r"state\.vo: must have 0 entries"),
        ("board_discs", [1, 0, 0], r"state\.board_discs\[0\]: player 0 has 0 Action discs"),
    ],
)
def test_json_tampered_data_raises_serialization_error(field: str, value: object, message: str) -> None:
    state = started(3)
    doc = json.loads(bg.to_json(state))
    doc["state"][field] = value
    with pytest.raises(bg.SerializationError, match=message):
        bg.from_json(json.dumps(doc))


def test_json_other_component_data_is_refused() -> None:
    doc = json.loads(bg.to_json(started(2)))
    doc["fingerprint"] = "0" * 16
    with pytest.raises(bg.SerializationError, match="fingerprint"):
        bg.from_json(json.dumps(doc))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), steps=st.integers(0, 300))
def test_hidden_information_resample_is_consistent(seed: int, players: int, steps: int) -> None:
    game = make(players)
    sampler = bg.Sampler(seed)
    state = game.new_game(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            state = state.apply(game.sample_chance(state, sampler.generator))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[sampler.index(len(legal))])
    assert isinstance(state, AgeState)
    rng = np.random.default_rng(seed)
    for p in range(players):
        other = game.resample(state.view(p), rng)
        assert other.view(p) == state.view(p)
        assert bg.from_json(bg.to_json(other)) == other  # a resampled state is a valid state


def test_json_pending_decision_must_fit_the_stage() -> None:
    state = started(3)
    p = state.current_player
    doc = json.loads(bg.to_json(state))
    doc["state"]["steps"] = [[D_SURRENDER, p]]  # a War-phase surrender in round 1's Action phase
    with pytest.raises(bg.SerializationError, match="the war phase cannot be in round 1"):
        bg.from_json(json.dumps(doc))
    doc["state"]["steps"] = [[D_EXCHANGE, p], [S_TURN, p]]  # an exchange without its Trade card
    with pytest.raises(bg.SerializationError, match=r"'exchange' takes 1 argument\(s\)"):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ([[D_BONUS, 0]], r"state\.steps: a 'bonus' step comes just before its player's turn step"),
        ([[D_BONUS, 0], [S_TURN, 1]], "comes just before its player's turn step"),
        ([[S_TURN, 0], [S_TURN, 1]], r"state\.steps: a 'turn' step is the only step"),
        ([[C_SYSTEM, 0]], r"state\.steps\[0\]\[1\]: a 'system' step concerns no player"),
        ([[C_EXPLORE, -1], [S_TURN, 0]], r"state\.steps\[0\]\[1\]: must be in 0\.\.2"),
        ([[S_TURN, "x"]], r"state\.steps\[0\]: a step is a list of ints"),
        ("turn", r"state\.steps: a list of steps"),
        ([], r"state\.player: the first step of the queue has -4 act"),
    ],
)
def test_json_bad_queue_is_refused(steps: object, message: str) -> None:
    """The queue: known kinds with their arities, sub-decisions in front of their player's turn
    step, chance steps concerning no player or a seat, and who acts named by its first step."""
    state = started(3)
    doc = json.loads(bg.to_json(state))
    doc["state"]["steps"] = steps
    with pytest.raises(bg.SerializationError, match=message):
        bg.from_json(json.dumps(doc))


def test_json_queue_names_who_acts() -> None:
    state = started(3)
    p = state.current_player
    other = (p + 1) % 3
    doc = json.loads(bg.to_json(state))
    doc["state"]["steps"] = [[S_TURN, other]]
    with pytest.raises(bg.SerializationError, match=f"the first step of the queue has {other} act, not {p}"):
        bg.from_json(json.dumps(doc))


def test_describe_action_hides_other_players_draws() -> None:
    state = make(2).new_game(1)
    p = state.current_player
    discard = next(a for a in state.legal_actions() if str(a).startswith("discard"))
    game = state.game
    assert game.describe_action(state, discard, viewer=1 - p) == f"P{p}: discards a Faction card"
    assert str(discard) in game.describe_action(state, discard, viewer=p)
    state = state.apply(discard)  # type: ignore[assignment]
    state = state.apply_text("keep hand")
    draw = state.chance_outcomes()[0][0]
    assert game.describe_action(state, draw, viewer=1 - p) == f"P{p} draws a Faction card"
    assert game.describe_action(state, draw) == f"P{p} {draw}".replace("draw ", "draws ")


def test_render_shows_the_galaxy_trade_cards_and_players() -> None:
    state = started(2, seed=3)
    text = str(state)
    assert "Galactic Fleet" in text and "Trade cards:" in text and "Nominate:" in text
    assert "P0:" in text and "P1:" in text and "[face down]" in text
    assert "Virtual opponent" in str(started(1))


def test_heuristic_is_a_position_value_in_0_1() -> None:
    from tests.age_of_galaxy.helpers import zero_res

    state = started(3, seed=2)
    game = state.game
    values = [game.heuristic(state, p) for p in range(3)]
    assert all(0.0 <= v <= 1.0 for v in values)
    rich = zero_res(state, 1, credit=12, innovation=6, relic=5, prestige=10)
    assert game.heuristic(rich, 1) > game.heuristic(state, 1)
    assert game.heuristic(rich, 0) < game.heuristic(state, 0)
    final = bg.random_playout(game, seed=4).final
    assert {game.heuristic(final, p) for p in range(3)} == {0.0, 1.0}


def test_resample_keeps_the_card_being_played_in_its_players_hand() -> None:
    from tests.age_of_galaxy.helpers import card, turn_of, with_hand

    state = turn_of(started(3, seed=5), 0)
    aurelith = card(state.game, "Aurelith")
    state = with_hand(state, 0, aurelith, card(state.game, "Brakkan"))
    state = state.apply_text("play Aurelith")
    rng = np.random.default_rng(3)
    for viewer in (1, 2):
        for _ in range(20):
            other = state.game.resample(state.view(viewer), rng)
            assert other.hands[0] >> aurelith & 1
            assert bin(other.hands[0]).count("1") == 2
            assert bg.from_json(bg.to_json(other.apply_text("as one-time reinforcement")))


def test_resample_respects_a_pending_adaptation_choice() -> None:
    from tests.age_of_galaxy.helpers import (
        card,
        clear_planets,
        turn_of,
        with_alliance,
        with_hand,
        with_planet,
    )

    state = clear_planets(turn_of(started(3, seed=5), 0))
    game = state.game
    state = with_alliance(state, 0, card(game, "Z-Qhik'eox"))  # Volcanic only
    state = with_hand(state, 0, card(game, "Voicavus"), card(game, "Rt182'"), card(game, "Aurelith"))
    state = with_planet(edit(state, systems=(0, 1), fleet=0), 0, 0)  # a Verdant planet
    state = state.apply_text("colonize 1.1")
    assert [str(a) for a in state.legal_actions()] == ["adapt with Voicavus", "adapt with Rt182'"]
    rng = np.random.default_rng(4)
    for _ in range(20):
        other = game.resample(state.view(1), rng)
        assert len(other.legal_actions()) >= 2
