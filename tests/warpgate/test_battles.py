"""Attacks (Skirmish/Advance/Concentrate text) and the battle interpretation I5/I6."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st_

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import WarpgateState
from tests.warpgate.helpers import acting, attackers, board, do, fresh, ids, pair, pid, texts, with_cards


def _reveal(st: WarpgateState, attack: str, defence: str) -> WarpgateState:
    st = st.apply_text(f"reveal tactic {attack}")  # type: ignore[assignment]
    return st.apply_text(f"reveal tactic {defence}")  # type: ignore[assignment]


def _attack(attackers: int, defenders: int) -> tuple[WarpgateState, str, str]:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, attackers), b: (1, defenders)})
    basic = tuple(range(8))  # both sides with the 8 basic tactics, no heroes
    st = with_cards(st, tactics=(basic, basic))
    st = do(acting(st, "advance" if attackers > 1 else "skirmish", 1), f"from {a}", f"to {b}")
    if st.current_player == 0:
        st = do(st, f"{attackers} ships")
    return st, a, b


def test_attack_starts_a_battle_that_ends_with_one_side_withdrawing() -> None:
    st, _a, b = _attack(3, 1)
    assert st.is_chance
    names = {str(x)[len("reveal tactic "):] for x, _ in st.chance_outcomes()}
    assert "Salvage" in names
    st = _reveal(st, "All or Nothing", "Salvage")  # 3+3 against 1+0: attacker wins
    while st.current_player == 1:
        st = st.apply(st.legal_actions()[0])  # type: ignore[assignment]
    assert st.owner[pid(st, b)] == 0 and st.ships[pid(st, b)] == 3
    assert 1 not in [st.owner[i] for i in range(len(st.owner)) if i == pid(st, b)]
    assert st.supply[1] + sum(k for w, k in zip(st.owner, st.ships, strict=True) if w == 1) == 12


def test_battle_defender_wins_ties_and_attacker_withdraws() -> None:
    st, _a, b = _attack(2, 2)
    st = _reveal(st, "Pitched Battle", "Pitched Battle")  # 2+1 against 2+1
    assert st.owner[pid(st, b)] == 1 and st.ships[pid(st, b)] == 2
    # the attacker loses 1 ship to the defender's card and withdraws the other
    if st.current_player == 0:
        assert all(x.__class__.__name__ == "Withdraw" for x in st.legal_actions())
        st = st.apply(st.legal_actions()[0])  # type: ignore[assignment]
    assert st.supply[0] + sum(k for w, k in zip(st.owner, st.ships, strict=True) if w == 0) == 12
    assert st.supply[0] == 11


def test_battle_withdrawal_never_onto_other_ships_or_warpgates() -> None:
    st, _a, _b = _attack(4, 3)
    st = _reveal(st, "Salvage", "All or Nothing")  # 4 against 6: attacker loses, no casualties
    if st.current_player == 0:
        for x in st.legal_actions():
            place = st.t.place_names.index(str(x)[len("withdraw to "):])
            assert st.owner[place] in (-1, 0)
            assert st.t.seat[place] in (-1, 0)
        st = st.apply(st.legal_actions()[0])  # type: ignore[assignment]
    assert st.supply[0] == 8 and st.current_player == 1


def test_revealed_tactics_go_to_the_tactics_discard() -> None:
    st, _, _ = _attack(2, 1)
    st = _reveal(st, "Outmaneuver", "Salvage")
    t = st.t
    assert t.tactic_names.index("Outmaneuver") in ids(st.tactics_discard[0])
    assert t.tactic_names.index("Salvage") in ids(st.tactics_discard[1])


def test_an_empty_tactics_deck_is_reformed_from_its_discard() -> None:
    st, _, _ = _attack(2, 1)
    own = ids(st.tactics[0])
    st = with_cards(st, tactics=((), ids(st.tactics[1])), tactics_discard=(own, ()))
    assert {str(x) for x, _ in st.chance_outcomes()} == {f"reveal tactic {st.t.tactic_names[c]}" for c in own}
    st = st.apply(st.chance_outcomes()[0][0])  # type: ignore[assignment]
    assert ids(st.tactics_discard[0]) == () and len(ids(st.tactics[0])) == len(own) - 1


@given(
    st_.integers(1, 12), st_.integers(0, 6), st_.integers(1, 12), st_.integers(0, 6),
    st_.integers(0, 3), st_.integers(0, 3),
)
def test_battle_more_strength_wins_ties_to_the_defender(
    a: int, ap: int, d: int, dp: int, ac: int, dc: int
) -> None:
    attack, defence = I.BattleSide(a, ap, ac), I.BattleSide(d, dp, dc)
    won, attacker_losses, defender_losses = I.REFERENCE.battle.resolve(attack, defence)
    assert won == (a + ap > d + dp)
    # the loser loses as many ships as the winner's card shows casualties; the winner loses none
    assert (attacker_losses, defender_losses) == ((0, ac) if won else (dc, 0))


def test_skirmish_attack_is_one_ship_only() -> None:
    s = fresh()
    a, b = pair(s, 1)
    st = board(s, {a: (0, 4), b: (1, 1)})
    st = do(acting(st, "skirmish", 1), f"from {a}", f"to {b}")
    assert attackers(st) == 1 and st.ships[pid(s, a)] == 3 and "ship" not in " ".join(texts(st))
