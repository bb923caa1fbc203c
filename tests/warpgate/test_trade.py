"""Trade Action and Trade Goods."""

from __future__ import annotations

import pytest

from boardgames import IllegalActionError
from boardgames.games.warpgate.state import WarpgateState, arg
from tests.warpgate.helpers import acting, board, do, edit, fresh, ids, pid, targets, texts, with_cards


def _route(s: WarpgateState, x: int) -> tuple[str, str, str]:
    """Three distinct trade planets o, h1, h2 with o-h1 and h1-h2 within X."""
    t = s.t
    trade = [p for p in t.planets if t.trade[p]]
    for o in trade:
        for h1 in trade:
            if h1 != o and t.dist[o][h1] <= x:
                for h2 in trade:
                    if h2 not in (o, h1) and t.dist[h1][h2] <= x:
                        return t.place_names[o], t.place_names[h1], t.place_names[h2]
    raise LookupError(x)


def test_trade_moves_one_ship_over_two_hops_and_claims_a_trade_good() -> None:
    s = fresh()
    o, h1, h2 = _route(s, 2)
    st = acting(board(s, {o: (0, 2)}), "trade", 2)
    st = do(st, f"from {o}")
    assert h1 in targets(st, "to ")
    st = do(st, f"to {h1}")
    assert h2 in targets(st, "to ") and o not in targets(st, "to ") and h1 not in targets(st, "to ")
    pool = st.goods_pool
    st = do(st, f"to {h2}")
    assert st.ships[pid(s, o)] == 1 and st.ships[pid(s, h2)] == 1 and st.ships[pid(s, h1)] == 0
    assert st.goods[0] == 1 and st.goods_pool == pool - 1


def test_trade_only_trade_planets_are_origins_and_destinations() -> None:
    s = fresh()
    t = s.t
    plain = [t.place_names[p] for p in t.planets if not t.trade[p]]
    st = acting(board(s, {plain[0]: (0, 1)}), "trade", 4)
    assert texts(st) == []  # a ship on a planet without a trade icon cannot trade
    o, h1, _ = _route(s, 4)
    st = do(acting(board(s, {o: (0, 1)}), "trade", 4), f"from {o}")
    assert all(t.trade[pid(s, n)] for n in targets(st, "to "))
    st = do(st, f"to {h1}")
    assert all(t.trade[pid(s, n)] for n in targets(st, "to "))


def test_trade_may_not_move_to_planets_with_enemy_ships() -> None:
    s = fresh()
    o, h1, h2 = _route(s, 2)
    st = do(acting(board(s, {o: (0, 1), h1: (1, 1), h2: (1, 1)}), "trade", 4), f"from {o}")
    first = targets(st, "to ")
    assert first and h1 not in first and h2 not in first
    st = do(st, f"to {sorted(first)[0]}")
    final = targets(st, "to ")
    assert final and h1 not in final and h2 not in final


def test_trade_not_possible_without_a_ship_able_to_make_both_moves() -> None:
    s = fresh()
    t = s.t
    trade = [p for p in t.planets if t.trade[p]]
    # block every trade planet but one with enemy ships: no first hop is possible
    lone = trade[0]
    ships = {t.place_names[p]: (1, 1) for p in trade[1:]}
    ships[t.place_names[lone]] = (0, 1)
    st = board(s, ships)
    assert not st.feasible(9, 5, 0)
    st = acting(st, "trade", 5)
    assert texts(st) == []
    with pytest.raises(IllegalActionError):
        do(st, f"from {t.place_names[lone]}")


def test_trade_ignores_outposts_colonies_and_drones() -> None:
    s = fresh()
    o, h1, h2 = _route(s, 2)
    marker = list(s.marker)
    marker[pid(s, h1)] = 1
    marker[pid(s, h2)] = 1
    st = edit(board(s, {o: (0, 1)}), marker=tuple(marker), drone=(pid(s, h1), pid(s, h2)))
    st = do(acting(st, "trade", 2), f"from {o}", f"to {h1}", f"to {h2}")
    assert st.owner[pid(s, h2)] == 0


def test_trade_claims_nothing_when_no_trade_good_is_available() -> None:
    s = fresh()
    o, h1, h2 = _route(s, 2)
    st = edit(board(s, {o: (0, 1)}), goods_pool=0, goods=(3, s.t.trade_goods - 3))
    st = do(acting(st, "trade", 2), f"from {o}", f"to {h1}", f"to {h2}")
    assert st.goods == (3, s.t.trade_goods - 3) and st.goods_pool == 0


def test_trade_good_spent_for_plus_one_multiplier_one_per_action() -> None:
    s = fresh()
    st = edit(board(s, {}), goods=(2, 0), goods_pool=s.goods_pool - 2, turn=0, first=0)
    card = ids(st.hand[0])[0]
    use = next(a for a in st.legal_actions() if str(a).endswith(": draw"))
    st = st.apply(use)
    assert texts(st) == ["spend a trade good", "keep trade goods"]
    st = do(st, "spend a trade good")
    assert st.goods[0] == 1 and st.spent[0] == 1
    assert st.is_chance and arg(st.step, "x") == 2 and arg(st.step, "cards") == 2  # slot 1 + 1
    assert card not in ids(st.hand[0]) or ids(st.hand[0]).count(card) < ids(s.hand[0]).count(card)


def test_trade_good_is_required_when_only_x_plus_one_works() -> None:
    s = fresh()
    t = s.t
    # a lone ship whose nearest other place is at range 2: Maneuver at X=1 only works with a trade good
    far = [p for p in t.planets if all(t.dist[p][q] >= 2 for q in range(len(t.place_names)) if q != p)]
    assert far, "the reference map has an isolated planet"
    maneuver = next(k for k, pair in enumerate(t.card_actions) if 1 in pair)
    st = edit(board(s, {t.place_names[far[0]]: (0, 1)}), goods=(1, 0), goods_pool=s.goods_pool - 1)
    st = with_cards(st, hand=((maneuver,), ids(s.hand[1])))
    assert st.feasible(1, 2, 0) and not st.feasible(1, 1, 0)
    after = do(st, f"play {t.card_names[maneuver]}: Maneuver")
    assert texts(after) == ["spend a trade good"]  # the card is playable only with the good


def test_trade_goods_worth_3_vp_spent_or_not() -> None:
    s = fresh()
    st = edit(s, goods=(1, 0), spent=(2, 0), goods_pool=s.goods_pool - 3)
    assert st.game.score_breakdown(st)["trade goods"] == (9.0, 0.0)


def test_trade_good_refresh_flips_a_spent_good() -> None:
    s = fresh()
    t = s.t
    refresh = next(c for c in range(len(t.tech_names)) if t.tech_effect[c].refresh)
    st = with_cards(edit(s, tech_avail=(refresh,), goods=(0, 0), spent=(1, 0), goods_pool=s.goods_pool - 1),
                    tech_deck=tuple(c for c in range(len(t.tech_names)) if c != refresh))
    planet = next(t.place_names[d] for d in t.near[st.drone[0]][4] if t.place_type[d] == t.tech_type[refresh])
    st = do(acting(st, "research", 4), f"research at {planet}")
    assert st.goods[0] == 1 and st.spent[0] == 0


@pytest.mark.parametrize("x", [1, 3])
def test_trade_range_is_x_for_each_hop(x: int) -> None:
    """"Calculating range for a Trade 1X / 3X action": each hop is within X of where it starts."""
    s = fresh()
    t = s.t
    o, _, _ = _route(s, x)
    st = do(acting(board(s, {o: (0, 1)}), "trade", x), f"from {o}")
    first = targets(st, "to ")
    assert first and all(1 <= t.dist[pid(s, o)][pid(s, h)] <= x for h in first)
    hop = sorted(first)[0]
    st = do(st, f"to {hop}")
    assert all(1 <= t.dist[pid(s, hop)][pid(s, f)] <= x for f in targets(st, "to "))
