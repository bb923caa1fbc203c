"""Promote Action, Draw Action, and Action cards / the faction board."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames import IllegalActionError
from boardgames.games.warpgate.components import ACTIONS
from boardgames.games.warpgate.state import PLAY, WarpgateState, arg
from tests.warpgate.helpers import acting, do, edit, fresh, game, ids, texts, with_cards


def _draw_all(st: WarpgateState) -> WarpgateState:
    while st.is_chance:
        st = st.apply(st.chance_outcomes()[0][0])  # type: ignore[assignment]
    return st


def test_promote_take_x_cards_choose_one_into_tactics_deck_rest_to_promotion_discard() -> None:
    s = fresh()
    t = s.t
    st = acting(s, "promote", 3)
    assert st.is_chance
    probabilities = [p for _, p in st.chance_outcomes()]
    assert len(probabilities) == len(t.promotion) and abs(sum(probabilities) - 1) < 1e-9
    st = _draw_all(st)
    drawn = st.taken
    assert len(drawn) == 3 and len(ids(st.promo_deck)) == len(t.promotion) - 3
    choice = t.tactic_names[drawn[1]]
    assert texts(st) == [f"promote {t.tactic_names[c]}" for c in sorted(drawn)]
    after = do(st, f"promote {choice}")
    assert drawn[1] in ids(after.tactics[0])  # shuffled into the tactics deck
    assert sorted(ids(after.promo_discard)) == sorted(c for c in drawn if c != drawn[1])
    assert ids(after.tactics_discard[0]) == ()  # not the tactics discard pile
    assert after.current_player == 1


def test_promote_does_not_shuffle_the_tactics_discard_into_the_deck() -> None:
    s = fresh()
    deck = ids(s.tactics[0])
    st = with_cards(s, tactics=(deck[:4], ids(s.tactics[1])), tactics_discard=(deck[4:], ()))
    st = _draw_all(acting(st, "promote", 1))
    assert ids(st.tactics_discard[0]) == deck[4:] and len(ids(st.tactics[0])) == 5


def test_promote_reshuffles_the_promotion_discard_when_the_deck_runs_out() -> None:
    s = fresh()
    t = s.t
    promo = t.promotion
    st = with_cards(s, promo_deck=promo[:1], promo_discard=promo[1:5],
                    tactics=(tuple(sorted((*ids(s.tactics[0]), *promo[5:]))), ids(s.tactics[1])))
    st = acting(st, "promote", 3)
    st = st.apply(st.chance_outcomes()[0][0])  # the last card of the deck
    assert ids(st.promo_deck) == () and st.is_chance
    outcomes = st.chance_outcomes()
    assert {str(a)[len("draw promotion "):] for a, _ in outcomes} == {t.tactic_names[c] for c in promo[1:5]}
    st = st.apply(outcomes[0][0])  # type: ignore[assignment]
    assert ids(st.promo_discard) == () and len(ids(st.promo_deck)) == 3


def test_promote_hero_and_advanced_tactics_worth_1_vp_each() -> None:
    s = fresh()
    t = s.t
    base = s.game.score_breakdown(s)["tactics"][0]
    assert base == 1.0  # the faction's own hero
    st = with_cards(
        s, tactics=(tuple(sorted((*ids(s.tactics[0]), t.promotion[0], t.promotion[-1]))), ids(s.tactics[1])),
        promo_deck=t.promotion[1:-1],
    )
    assert st.game.score_breakdown(st)["tactics"][0] == 3.0


def test_draw_action_draws_x_cards_instead_of_either_action() -> None:
    s = fresh()
    hand = ids(s.hand[0])
    card = hand[0]
    st = do(s, f"play {s.t.card_names[card]}: draw")
    assert st.is_chance and arg(st.step, "cards") == 1  # slot 1: X = 1
    st = _draw_all(st)
    assert len(ids(st.hand[0])) == len(hand)  # one played, one drawn
    assert st.played[0] == (card,)


def test_draw_is_always_offered_for_every_card_in_hand() -> None:
    s = fresh(players=3, seed=4)
    legal = texts(s)
    for card in set(ids(s.hand[0])):
        assert f"play {s.t.card_names[card]}: draw" in legal


def test_action_cards_show_two_of_the_eleven_actions_and_match_the_faction_board() -> None:
    g = game(4)
    comp = g.components
    for faction in comp.factions:
        for side in faction.sides:
            assert len(side.cards) == 12
            shown = Counter(a for card in side.cards for a in card)
            assert tuple(shown[a] for a in ACTIONS) == side.actions
            assert all(len(set(card)) == 2 for card in side.cards)


def test_action_multiplier_is_the_slot_value() -> None:
    s = fresh(players=2)
    st = s
    xs = []
    while st.round != 2:
        if st.is_chance:
            st = st.apply(st.chance_outcomes()[0][0])  # type: ignore[assignment]
            continue
        if st.step and st.step[0] == PLAY:
            xs.append((st.active, st.slot + 1))
        st = st.apply(st.legal_actions()[-1])  # type: ignore[assignment]
    assert xs == [(0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (1, 3), (0, 4), (1, 4)]


def test_draw_unused_action_cards_are_discarded_at_the_end_of_your_4th_turn() -> None:
    s = fresh(players=2)
    st = edit(s, turn=6)  # player 0's 4th turn
    assert st.active == 0 and st.slot == 3
    card = ids(st.hand[0])[0]
    st = _draw_all(do(st, f"play {st.t.card_names[card]}: draw"))
    assert ids(st.hand[0]) == () and st.played[0] == ()
    assert len(ids(st.discard[0])) == 4 + 4 + 1  # 4 unused, 4 drawn (X = 4), the played card
    assert len(ids(st.hand[1])) == 5  # player 1 still holds theirs


def test_only_cards_in_your_hand_may_be_played() -> None:
    s = fresh()
    t = s.t
    mine = ids(s.hand[0])[0]
    other = next(k for k in range(len(t.card_names)) if k != mine)
    st = with_cards(s, hand=((mine,), ids(s.hand[1])))
    assert {str(a).split(": ")[0] for a in st.legal_actions()} == {f"play {t.card_names[mine]}"}
    with pytest.raises(IllegalActionError):
        do(st, f"play {t.card_names[other]}: draw")


def test_remembered_scores_and_values_match_a_fresh_count() -> None:
    """The score rows and heuristic values a game remembers (by equal fields) are those a game
    with empty memos counts for the same state."""
    import boardgames as bg
    from boardgames.kernel.chance import Sampler

    played = bg.make("warpgate", players=3)
    sampler = Sampler(5)
    state = played.new_game(3)
    while not state.is_terminal:
        fresh = bg.make("warpgate", players=3)
        copy = fresh.state_from_data(played.state_to_data(state))
        assert state.scores() == copy.scores()
        assert played._heuristics(state) == fresh._heuristics(copy)
        if state.is_chance:
            outcomes = state.chance_outcome_ids()
            state = state.apply_id(outcomes[sampler.index(len(outcomes))][0])
        else:
            legal = state.legal_action_ids()
            state = state.apply_id(legal[sampler.index(len(legal))])
