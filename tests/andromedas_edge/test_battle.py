"""Battle: Escalation, Diplomacy, Battle Preparations, Roll Dice, Outcome, Damage Ships."""

from __future__ import annotations

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.battle import compare, die_faces, winner_of
from boardgames.games.andromedas_edge.state import SCRAPPED, Task
from tests.andromedas_edge.helpers import outcome, play, said, set_row, started, texts, with_fields


def test_outcome_highest_die_then_next() -> None:
    # Rulebook: compare the highest single die; if tied, the next highest, and so on.
    assert winner_of({0: [6, 2], 1: [5, 5, 5]}) == 0
    assert winner_of({0: [6, 3, 1], 1: [6, 2, 2]}) == 0


def test_outcome_a_die_left_over_wins_the_tie() -> None:
    # "If a tied player has a die left to compare but their opponents do not, they win the tie."
    assert winner_of({0: [5, 4], 1: [5, 4, 1]}) == 1
    assert compare([5, 4, 1], [5, 4]) == 1


def test_outcome_unbroken_tie_means_everyone_loses() -> None:
    assert winner_of({0: [6, 3], 1: [6, 3], 2: [2]}) is None


def test_targeting_rerolls_below_the_targeting_value() -> None:
    # Each die is rerolled until it is at least the targeting value (capped at 5).
    assert list(die_faces(1)) == [1, 2, 3, 4, 5, 6]
    assert list(die_faces(3)) == [3, 4, 5, 6]
    assert list(die_faces(7)) == [5, 6]  # above 5 still only rerolls 4 or less


def _battle_position():  # type: ignore[no-untyped-def]
    """Red (active) has a transport on B1; Blue a transport on the planet at B2;
    Red launches a second transport to B2."""
    state = started(2)
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    g = state.game
    red = state.active
    blue = 1 - red
    layout = list(state.layout)
    b1, b2 = 6, 7
    layout[b2] = next(t for t in range(15) if t not in layout)
    top = list(state.moon_top)
    top[b2] = -1
    state = with_fields(state, layout=layout, moon_top=top)
    mine = list(state.ships[red])
    mine[0] = b1
    theirs = list(state.ships[blue])
    theirs[0] = b2
    state = set_row(set_row(state, "ships", red, mine), "ships", blue, theirs)
    del g
    return state, red, blue, b2


def test_launch_into_opposing_ships_starts_a_battle_with_escalation() -> None:
    state, red, _blue, _b2 = _battle_position()
    after = play(state, "launch transport to B2", "done")
    assert after.tasks[0][0] == Task.ESCALATE and after.current_player == red
    assert "move transport 1 into battle" in texts(after)
    after = play(after, "done")
    # preparations: Red first, then Blue; each may spend energy for dice
    assert after.tasks[0][0] == Task.PREPARE and after.current_player == red
    assert after.b_dice[red] == 1 and after.b_target[red] == 1


def test_dice_limit_energy_and_targeting() -> None:
    state, red, _blue, _b2 = _battle_position()
    state = set_row(state, "res", red, [10, 0, 0, 0, 0])
    after = play(state, "launch transport to B2", "done", "move transport 1 into battle", "done")
    assert after.b_dice[red] == 2 and after.b_target[red] == 2
    for _ in range(4):
        after = play(after, "spend 1 energy for a battle die")
    assert after.b_dice[red] == 6
    assert "spend 1 energy for a battle die" not in texts(after)  # no more than 6 dice
    assert after.res[red][0] == 6


def test_winner_advances_supremacy_loser_takes_damage_and_tactical_operations() -> None:
    state, red, blue, _b2 = _battle_position()
    after = play(state, "launch transport to B2", "done", "done", "done", "done")
    assert after.is_chance
    after = outcome(after, "die shows 6")  # Red's die
    after = outcome(after, "die shows 2")  # Blue's die
    assert after.tracks[red][4] == state.tracks[red][4] + 1
    assert after.current_player == blue and after.tasks[0][0] == Task.TACOPS
    after = play(after, "tactical operations: draw 1")
    after = after.apply(after.chance_outcomes()[0][0])
    assert sum(after.hands[blue]) == 1
    assert after.ships[blue][0] == SCRAPPED  # no shields: to the Scrapyard


def test_tie_means_everyone_loses() -> None:
    state, red, blue, _b2 = _battle_position()
    after = play(state, "launch transport to B2", "done", "done", "done", "done")
    after = outcome(after, "die shows 4")
    after = outcome(after, "die shows 4")
    assert after.tracks[red][4] == state.tracks[red][4]
    after = play(after, "done", "done")  # both skip tactical operations
    assert after.ships[red][1] == SCRAPPED and after.ships[blue][0] == SCRAPPED


def test_shields_take_a_damage_marker_instead() -> None:
    state, red, blue, b2 = _battle_position()
    theirs = list(state.ships[blue])
    theirs[8] = b2  # Blue's heavy cruiser (1 shield) joins
    state = set_row(state, "ships", blue, theirs)
    after = play(state, "launch transport to B2", "done", "done", "done", "done")
    while after.is_chance:
        faces = [a for a, _ in after.chance_outcomes()]
        after = after.apply(faces[-1] if after.tasks[0][2] == red else faces[0])
    after = play(after, "done")
    assert after.ships[blue][8] == b2 and after.shield_dmg[blue][8] == 1
    assert after.ships[blue][0] == SCRAPPED


def test_diplomacy_ceasefire_ends_the_battle() -> None:
    state, _red, blue, b2 = _battle_position()
    ceasefire = next(k for k, t in enumerate(state.game.components.tactics) if t.effect.ceasefire)
    hand = [0] * len(state.hands[blue])
    hand[ceasefire] = 1
    deck = list(state.tdeck)
    deck[ceasefire] -= 1
    state = with_fields(set_row(state, "hands", blue, hand), tdeck=deck)
    after = play(state, "launch transport to B2", "done", "done")
    assert after.current_player == blue and after.tasks[0][0] == Task.DIPLOMACY
    after = play(after, said(A.PlayTactic(ceasefire)))
    assert after.tasks[0][0] == Task.POST and after.ships[blue][0] == b2


def test_battle_against_raiders_reward_and_raider_returns_to_card() -> None:
    state = started(2)
    red = state.active
    g = state.game
    b2 = 7
    layout = list(state.layout)
    layout[b2] = next(t for t in range(15) if t not in layout)
    top = list(state.moon_top)
    top[b2] = -1
    rpos = [-1] * len(state.rpos)
    rpos[4] = b2
    cards = list(state.raider_cards)
    cards[1] = 2  # Ash Corsairs: 3 weapons, no shields, 3 VP
    mine = list(state.ships[red])
    mine[0] = 6
    state = with_fields(state, layout=layout, moon_top=top, rpos=rpos, raider_cards=cards)
    state = set_row(state, "ships", red, mine)
    after = play(state, "launch transport to B2", "done", "done", "done")
    assert after.b_dice[g.players] == 3 and after.b_target[g.players] == 1
    after = outcome(after, "die shows 6")
    for _ in range(3):
        after = outcome(after, "die shows 1")
    assert after.rpos[4] == -1
    assert after.vp[red] == state.vp[red] + 3
