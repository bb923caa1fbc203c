"""Rulebook: On Your Turn, Move Your Flagship, Build One Colony, Build One Base,
Roll the Event Die, Drawing and Playing Event Cards, Ending Your Turn."""

from __future__ import annotations

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge import EventCard, Phase

from .helpers import BLUE, RED, YELLOW, game_with, play, texts

SECTORS = {
    "D3": ("hive", [2, 5, 7]),
    "D4": ("wargers", [1, 4]),
    "C3": ("humanoids", [3, 6]),
    "B2": ("saplenti", [8, 9]),
}


def start(players: int = 3, **kwargs: object):  # type: ignore[no-untyped-def]
    return game_with(players, SECTORS).position(**kwargs)  # type: ignore[arg-type]


def test_on_your_turn_move_and_build_in_either_order() -> None:
    state = start(flagships=("D3", "A1", "G3"))
    moved_first = play(state, "move flagship to D4", "build colony D4a")
    assert moved_first.is_chance  # both actions taken: the event die is rolled
    built_first = play(state, "build colony D3a", "move flagship to D4")
    assert built_first.is_chance


def test_on_your_turn_either_action_may_be_forfeited() -> None:
    state = start(flagships=("D3", "A1", "G3"))
    only_move = play(state, "move flagship to D4", "end turn")
    assert only_move.current_player == BLUE
    only_build = play(state, "build colony D3a", "end turn")
    assert only_build.is_chance
    nothing = play(state, "end turn")
    assert nothing.current_player == BLUE


def test_on_your_turn_each_action_once() -> None:
    state = play(start(flagships=("D3", "A1", "G3")), "move flagship to D4")
    assert not any(t.startswith("move") for t in texts(state))
    state = play(start(flagships=("D3", "A1", "G3")), "build colony D3a")
    assert not any(t.startswith("build") for t in texts(state))


def test_move_your_flagship_to_any_adjacent_sector_even_with_flagships_or_bans() -> None:
    state = start(flagships=("D3", "D4", "G3"), bans={BLUE: "C3"})
    moves = {t for t in texts(state) if t.startswith("move")}
    assert moves == {f"move flagship to {n}" for n in ("C2", "C3", "D2", "D4", "E2", "E3")}


def test_build_one_colony_where_the_flagship_is_or_near_own_installations() -> None:
    # Red's colony in D3 puts D3 and its neighbours in reach; her flagship is in B2.
    state = start(colonies={"D3a": RED}, flagships=("B2", "A1", "G3"))
    colonies = {t for t in texts(state) if t.startswith("build colony")}
    assert "build colony B2a" in colonies  # "F": the flagship's sector
    assert {"build colony D3b", "build colony D3c", "build colony D4a", "build colony C3a"} <= colonies  # "V"
    assert "build colony D3a" not in colonies  # occupied
    assert "build colony A1a" not in colonies  # neither near nor with the flagship


def test_build_one_colony_never_in_a_sector_with_a_ban() -> None:
    # "B": Red cannot build where Blue's ban is, though her installations are near.
    state = start(colonies={"D3a": RED}, flagships=("B2", "A1", "G3"), bans={BLUE: "D4"})
    assert not any(t.startswith("build colony D4") for t in texts(state))
    own_ban = start(colonies={"D3a": RED}, flagships=("B2", "A1", "G3"), bans={RED: "D4"})
    assert not any(t.startswith("build colony D4") for t in texts(own_ban))


def test_build_one_base_only_where_the_flagship_is_any_class() -> None:
    state = start(colonies={"D3a": RED}, flagships=("B2", "A1", "G3"))
    bases = {t for t in texts(state) if "base" in t}
    assert bases == {f"build class-{c} base B2{s}" for c in (1, 2, 3) for s in "ab"}


def test_build_one_base_none_when_the_flagship_sector_is_full_or_banned() -> None:
    full = start(colonies={"B2a": BLUE}, bases={"B2b": (YELLOW, 1)}, flagships=("B2", "A1", "G3"))
    assert not any("base" in t for t in texts(full))
    banned = start(flagships=("B2", "A1", "G3"), bans={RED: "B2"})
    assert not any("base" in t for t in texts(banned))


def test_build_one_base_class_is_permanent_and_uses_that_many_tokens() -> None:
    state = play(start(flagships=("B2", "A1", "G3")), "build class-3 base B2b", "end turn", "roll: own ban")
    assert state.base_class(state.game.system("B2b")) == 3
    assert state.tokens_left[RED] == 17
    # No action ever changes a base's class: nothing can be built on an occupied system.
    later = play(state, "end turn", "end turn")
    assert later.current_player == RED and later.flagships[RED] == state.game.sector("B2")
    assert not any("B2b" in t for t in texts(later))


def test_build_limited_by_the_supply_of_20_colonies_and_20_military_tokens() -> None:
    game = game_with(3, SECTORS)
    state = game.position(bases={"C3a": (RED, 3), "C3b": (RED, 3)}, flagships=("B2", "A1", "G3"))
    # 6 of 20 tokens on the board; class 3 needs 3 more: still fine.
    assert "build class-3 base B2a" in texts(state)
    many = {
        f"{name}{slot}": (RED, 3)
        for name, slot in [("C3", "a"), ("C3", "b"), ("D3", "a"), ("D3", "b"), ("D3", "c"), ("D4", "a")]
    }
    state = game.position(bases=many, flagships=("B2", "A1", "G3"))
    assert state.tokens_left[RED] == 2
    bases = {t for t in texts(state) if "base" in t}
    assert "build class-2 base B2a" in bases and "build class-3 base B2a" not in bases


def test_roll_the_event_die_only_after_building() -> None:
    state = start(flagships=("D3", "A1", "G3"))
    assert not play(state, "move flagship to D4", "end turn").is_chance
    rolled = play(state, "build colony D3a", "end turn")
    assert rolled.is_chance
    faces = {str(a): p for a, p in rolled.chance_outcomes()}
    assert faces == pytest.approx(
        {"roll: own ban": 1 / 3, "roll: next player's ban": 1 / 3, "roll: event card": 1 / 3}
    )


def test_roll_own_ban_moves_your_ban_to_the_sector_built_in() -> None:
    state = start(flagships=("D3", "A1", "G3"), bans={RED: "B2"})
    state = play(state, "build colony D3a", "end turn", "roll: own ban")
    assert state.bans[RED] == state.game.sector("D3")
    assert state.current_player == BLUE


def test_roll_next_players_ban_moves_it_to_the_sector_built_in() -> None:
    state = start(flagships=("A1", "G3", "D3"), active=YELLOW)
    state = play(state, "build colony D3a", "end turn", "roll: next player's ban")
    assert state.bans[RED] == state.game.sector("D3")  # Red is next after Yellow


def test_roll_event_card_symbol_draw_play_or_do_nothing() -> None:
    state = start(flagships=("D3", "A1", "G3"), hands=({EventCard.WORMHOLE: 1}, {}, {}))
    state = play(state, "build colony D3a", "end turn", "roll: event card")
    assert state.phase == Phase.EVENT and state.current_player == RED
    options = texts(state)
    assert {"draw event card", "do nothing"} <= options
    assert any(t.startswith("play Wormhole") for t in options)
    nothing = play(state, "do nothing")
    assert nothing.current_player == BLUE and nothing.hands == state.hands


def test_drawing_event_cards_top_card_joins_the_hand() -> None:
    state = start(flagships=("D3", "A1", "G3"))
    state = play(state, "build colony D3a", "end turn", "roll: event card", "draw event card")
    assert state.is_chance
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes["drawn: Wormhole"] == pytest.approx(4 / 28)
    after = play(state, "drawn: Wormhole")
    assert after.hands[RED][EventCard.WORMHOLE] == 1
    assert after.deck[EventCard.WORMHOLE] == 3


def test_drawing_event_cards_an_exhausted_deck_is_never_replenished() -> None:
    game = game_with(2, SECTORS)
    all_cards = {card: 4 for card in EventCard}
    state = game.position(flagships=("D3", "A1"), hands=(all_cards, {}))
    assert sum(state.deck) == 0
    state = play(state, "build colony D3a", "end turn", "roll: event card")
    assert "draw event card" not in texts(state)


def test_playing_event_cards_discarded_cards_leave_the_game() -> None:
    state = start(flagships=("D3", "A1", "G3"), hands=({EventCard.WORMHOLE: 1}, {}, {}))
    state = play(
        state, "build colony D3a", "end turn", "roll: event card", "play Wormhole: Blue flagship to G1"
    )
    assert state.discarded[EventCard.WORMHOLE] == 1
    assert sum(state.hands[RED]) == 0
    assert sum(state.deck) == 28 - 1  # the deck is not refilled from the discard


def test_ending_your_turn_play_passes_clockwise() -> None:
    state = start(players=4, flagships=("D3", "A1", "G3", "D1"), active=3)
    assert play(state, "end turn").current_player == 0


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = start(flagships=("D3", "A1", "G3"))
    before = bg.to_json(state)
    with pytest.raises(bg.IllegalActionError, match="not legal"):
        state.apply_text("build colony A1a")
    with pytest.raises(bg.InvalidActionError, match="not an action"):
        state.apply_text("build a castle")
    with pytest.raises(bg.IllegalActionError):
        state.apply_text("roll: own ban")
    assert bg.to_json(state) == before
