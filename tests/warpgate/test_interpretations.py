"""The interpretations seam: technology decks (I12), range (I16), and swapping a rule."""

from __future__ import annotations

import attrs
import pytest

import boardgames as bg
from boardgames import InvalidOptionError
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import PLANET_TYPES
from boardgames.games.warpgate.state import STEPS
from boardgames.kernel.driver import random_playout
from boardgames.kernel.hexgrid import hex_distance
from tests.warpgate.helpers import acting, board, do, edit, fresh, game, ids, pair, pid, with_cards
from tests.warpgate.test_battles import _reveal


class AttackerWinsTies(I.Battle):
    """Another battle rule: ties go to the attacker, and both sides lose their opponent's casualties."""

    def resolve(self, attack: I.BattleSide, defence: I.BattleSide) -> I.BattleResult:
        return I.BattleResult(attack.strength >= defence.strength, defence.casualties, attack.casualties)


TIES_TO_ATTACKER = I.register(
    attrs.evolve(I.REFERENCE, name="test-ties-to-attacker", battle=AttackerWinsTies())
)


class TwoTacticsCards(I.Battle):
    """Another battle structure: each side reveals two tactics cards, whose power and casualties add up."""

    def cards_revealed(self, attacker: bool) -> int:
        return 2


class TwoObjectives(I.Control):
    """Another colony rule: upgrading an outpost into a colony draws two Objective cards."""

    def objectives_per_colony(self) -> int:
        return 2


TWO_TACTICS = I.register(attrs.evolve(I.REFERENCE, name="test-two-tactics-cards", battle=TwoTacticsCards()))
TWO_OBJECTIVES = I.register(attrs.evolve(I.REFERENCE, name="test-two-objectives", control=TwoObjectives()))


def test_technology_cards_one_deck_per_planet_type_with_two_available_each() -> None:
    """"There are five different types of Technologies, based on the image of the planet";
    "Face-up Technology cards next to a Technology deck are called available Technologies" (I12)."""
    for seed in range(5):
        s = fresh(3, seed)
        t = s.t
        for kind in range(len(PLANET_TYPES)):
            available = [c for c in s.tech_avail if t.tech_type[c] == kind]
            assert len(available) == 2
        assert len(s.tech_avail) + len(ids(s.tech_deck)) == len(t.tech_names)


def test_research_refill_reveals_the_top_card_of_the_deck_the_card_was_taken_from() -> None:
    """"After a Technology card is taken, if there is now only 1 available Technology, reveal the
    top Technology card (if there is one) and place it next to the deck so there are now 2
    available Technologies." """
    s = fresh()
    t = s.t
    ice = PLANET_TYPES.index("ice")
    for here in t.planets:
        target = next((d for d in t.near[here][2] if t.place_type[d] == ice), None)
        if target is not None:
            break
    st = acting(edit(board(s, {}), drone=(here, s.drone[1])), "research", 2)
    st = do(st, f"research at {t.place_names[target]}")
    st = st.apply(st.legal_actions()[0]) if st.current_player == 0 else st
    assert st.is_chance
    names = [str(a)[len("reveal technology "):] for a, _ in st.chance_outcomes()]
    revealed = {t.tech_type[t.tech_names.index(name)] for name in names}
    assert revealed == {ice}
    st = st.apply(st.chance_outcomes()[0][0])
    assert sum(1 for c in st.tech_avail if t.tech_type[c] == ice) == 2


def test_research_is_offered_for_every_planet_type_at_the_start() -> None:
    """With a deck per type the drone may go to any planet type in range (I12's reason)."""
    s = fresh(4, 3)
    t = s.t
    st = acting(s, "research", 4)
    reachable = {t.place_type[d] for d in t.near[s.drone[0]][4] if t.place_type[d] >= 0}
    offered = {t.place_type[pid(s, str(a)[len("research at "):])] for a in st.legal_actions()}
    assert offered == reachable


@pytest.mark.parametrize("players", [4, 5, 6])
def test_range_is_the_shortest_path_through_the_maps_hexes(players: int) -> None:
    """I16: range counts steps between adjacent hexes of the map, never across a gap between tiles."""
    g = game(players)
    t = g.tables
    cells = t.grid.cells
    longer = 0
    for a in range(len(t.place_names)):
        for b in range(len(t.place_names)):
            crow = hex_distance(cells[t.cell_of[a]], cells[t.cell_of[b]])
            assert t.dist[a][b] >= crow and t.dist[a][b] == t.grid.distance[t.cell_of[a]][t.cell_of[b]]
            longer += t.dist[a][b] > crow
    assert longer > 0  # the interpretation matters on these maps


def test_a_different_battle_rule_changes_only_the_battle() -> None:
    s = fresh(interpretations=TIES_TO_ATTACKER.name)
    a, b = pair(s, 1)
    st = board(s, {a: (0, 2), b: (1, 2)})
    basic = tuple(range(8))
    st = with_cards(st, tactics=(basic, basic))
    st = do(acting(st, "advance", 1), f"from {a}", f"to {b}")
    st = _reveal(st, "Pitched Battle", "Pitched Battle")  # 2+1 against 2+1: a tie
    # ties now go to the attacker, who also loses the defender card's casualties
    assert st.owner[pid(st, b)] == 0 and st.ships[pid(st, b)] == 1
    assert st.supply[0] == 11


def test_a_swapped_interpretation_still_passes_the_conformance_checker() -> None:
    report = bg.check_game("warpgate", seeds=range(4), players=[3], interpretations=TIES_TO_ATTACKER.name)
    assert report.games_played == 4


def test_saved_games_remember_their_interpretations() -> None:
    s = fresh(interpretations=TIES_TO_ATTACKER.name)
    again = bg.from_json(bg.to_json(s))
    assert again == s and again.game.interpretations is TIES_TO_ATTACKER


def test_unknown_or_clashing_interpretations_are_refused() -> None:
    with pytest.raises(InvalidOptionError, match="registered"):
        bg.make("warpgate", interpretations="house rules")
    with pytest.raises(InvalidOptionError, match="another set"):
        I.register(attrs.evolve(I.REFERENCE, name=TIES_TO_ATTACKER.name))


def test_each_side_reveals_as_many_tactics_cards_as_the_battle_rule_says() -> None:
    s = fresh(interpretations=TWO_TACTICS.name)
    a, b = pair(s, 1)
    st = board(s, {a: (0, 3), b: (1, 3)})
    basic = tuple(range(8))
    st = with_cards(st, tactics=(basic, basic))
    st = do(acting(st, "advance", 1), f"from {a}", f"to {b}", "3 ships")
    reveals = ["Pitched Battle", "Heroic Sacrifice", "Heavy Resistance", "Salvage"]
    for k, name in enumerate(reveals):
        assert st.is_chance, k
        st = do(st, f"reveal tactic {name}")
    # 3 + 1 + 2 against 3 + 1 + 0: the attacker wins (with one card each, 4 against 4 is the defender's);
    # the defender loses both attacking cards' casualties, 1 + 1, and its last ship withdraws
    while st.current_player == 1:
        st = st.apply(st.legal_actions()[0])
    assert st.owner[pid(st, b)] == 0 and st.ships[pid(st, b)] == 3
    assert st.supply[1] == 9 + 2
    names = st.t.tactic_names
    assert sorted(names[c] for c in ids(st.tactics_discard[0])) == ["Heroic Sacrifice", "Pitched Battle"]
    assert sorted(names[c] for c in ids(st.tactics_discard[1])) == ["Heavy Resistance", "Salvage"]
    assert len(ids(st.tactics[0])) == len(ids(st.tactics[1])) == 6


def test_a_side_with_one_tactics_card_left_reveals_only_that_one() -> None:
    s = fresh(interpretations=TWO_TACTICS.name)
    a, b = pair(s, 1)
    st = board(s, {a: (0, 2), b: (1, 2)})
    st = with_cards(st, tactics=((2,), tuple(range(8))), tactics_discard=((), ()))
    st = do(acting(st, "advance", 1), f"from {a}", f"to {b}", "reveal tactic Pitched Battle")
    assert st.is_chance and st.step[0] == STEPS.index("defender reveal") and len(st.revealed[0]) == 1


def test_a_colony_draws_as_many_objectives_as_the_control_rule_says() -> None:
    s = fresh(interpretations=TWO_OBJECTIVES.name)
    a, _ = pair(s, 1)
    marker = list(s.marker)
    marker[pid(s, a)] = 0
    st = acting(edit(board(s, {a: (0, 1)}), marker=tuple(marker)), "control", 1)
    st = do(st, f"control {a}")
    before = len(ids(st.objectives[0]))
    for _ in range(2):
        assert st.is_chance
        st = st.apply(st.chance_outcomes()[0][0])
    assert len(ids(st.objectives[0])) == before + 2 and st.current_player == 1


def test_a_colony_draws_fewer_objectives_when_the_deck_runs_out() -> None:
    s = fresh(interpretations=TWO_OBJECTIVES.name)
    a, _ = pair(s, 1)
    marker = list(s.marker)
    marker[pid(s, a)] = 0
    last = ids(s.objective_deck)[0]
    rest = tuple(sorted((*ids(s.objectives[1]), *ids(s.objective_deck)[1:])))
    st = with_cards(edit(board(s, {a: (0, 1)}), marker=tuple(marker)), objective_deck=(last,),
                    objectives=(ids(s.objectives[0]), rest))
    st = do(acting(st, "control", 1), f"control {a}")
    st = st.apply(st.chance_outcomes()[0][0])
    assert not ids(st.objective_deck) and last in ids(st.objectives[0]) and st.current_player == 1


@pytest.mark.parametrize("rule", [TWO_TACTICS, TWO_OBJECTIVES], ids=lambda r: r.name)
def test_a_swapped_battle_or_colony_structure_passes_the_conformance_checker(rule: I.Interpretations) -> None:
    report = bg.check_game("warpgate", seeds=range(3), players=[2, 4], interpretations=rule.name)
    assert report.games_played == 6
    # the swapped part is played: some random game of these counts reveals or draws through it
    outcome = "reveal tactic " if rule is TWO_TACTICS else "draw objective "
    games = [game(n, interpretations=rule.name) for n in (2, 4)]
    texts = [str(a) for g in games for seed in range(3) for a in random_playout(g, seed).replay.actions]
    assert any(t.startswith(outcome) for t in texts)


def test_the_reference_battle_and_colony_structure() -> None:
    """I5, I7: one tactics card per side of a battle, one objective card per colony upgrade."""
    assert I.REFERENCE.battle.cards_revealed(True) == I.REFERENCE.battle.cards_revealed(False) == 1
    assert I.REFERENCE.control.objectives_per_colony() == 1
    assert I.REFERENCE.battle.side(3, [2], [1]) == I.BattleSide(3, 2, 1)
