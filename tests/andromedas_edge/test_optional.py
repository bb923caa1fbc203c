"""Optional Rules: Special Regions (Quasars, Vortexes), Destiny Cards, 2v2 Mode."""

from __future__ import annotations

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import battle, scoring
from boardgames.games.andromedas_edge.state import OVER, Task
from boardgames.kernel.cards import Deck
from tests.andromedas_edge.helpers import (
    claim,
    game,
    give_cards,
    play,
    said,
    set_row,
    started,
    texts,
    turn_of,
    with_fields,
)


def test_quasars_are_placed_first_and_block_movement() -> None:
    g = game(2, special_regions="quasars")
    state = g.new_game(0)
    a, b = g.components.special_spaces
    assert state.layout[a] == 21 and state.layout[b] == 22
    assert sum(1 for t in state.layout if 0 <= t < 21) == 10  # same number of planets and bases
    assert a not in g.launchable(state.layout)
    # range is counted around, not through, a Quasar
    left, right = a - 1, a + 1
    assert g.dist[left][right] > 2
    plain = game(2)
    assert plain.dist[left][right] == 2


def test_special_region_die_numbers_place_raiders() -> None:
    g = game(2, special_regions="vortexes")
    tile = g.components.vortexes[0]
    for face in tile.numbers:
        assert g.face_region[face] == g.components.special_spaces[0]


def test_vortex_benefit_on_launch_and_at_start_of_turn() -> None:
    state = started(2, special_regions="vortexes")
    state = with_fields(state, rpos=[-1] * len(state.rpos))
    g = state.game
    p = state.active
    space = g.components.special_spaces[0]
    mine = list(state.ships[p])
    mine[0] = space
    state = set_row(state, "ships", p, mine)
    before = state.res[p]
    state = play(turn_of(state, p, [(Task.POST, p, 0, 0)]), "end turn")
    other = state.active
    state = play(state, "return to station", "done", "end turn")
    assert state.active == p
    gain = g.components.vortexes[0].gain
    assert state.res[p] == tuple(min(c, a + b) for a, b, c in zip(before, gain, (10, 5, 5, 5, 5)))
    del other


def test_special_region_scoring_for_adjacent_developments() -> None:
    state = started(2, special_regions="quasars")
    g = state.game
    space = g.components.special_spaces[0]
    planet = next(r for r in g.adjacent[space] if r < g.spaces and 0 <= state.layout[r] < 15)
    dev = [-1] * g.regions
    dev[planet] = 0
    state = with_fields(state, dev=dev, phase=OVER)
    assert scoring.final_parts(state, 0)["special regions"] >= g.components.quasars[0].vp


def test_2v2_teammates_do_not_battle() -> None:
    state = started(4, teams=True)
    region = 7
    ships = [list(row) for row in state.ships]
    ships[0][0] = region
    ships[1][0] = region
    state = with_fields(state, ships=ships, rpos=[-1] * len(state.rpos))
    assert not battle.opposed(state, region)  # one side: teammates
    ships[2][0] = region
    state = with_fields(state, ships=ships)
    assert battle.opposed(state, region)  # two sides


def test_2v2_team_scores_and_transfers() -> None:
    state = started(4, teams=True)
    over = with_fields(state, phase=OVER, vp=[30, 30, 50, 5])
    scores = over.scores()
    mine = scores[0] + scores[1]
    theirs = scores[2] + scores[3]
    assert over.winners == (
        frozenset({0, 1}) if mine > theirs else frozenset({2, 3}) if theirs > mine else over.winners
    )
    p = state.active
    state = set_row(state, "res", p, [2, 0, 0, 0, 0])
    assert "give 1 energy to teammate" in texts(state)
    after = play(state, "give 1 energy to teammate")
    assert after.res[p ^ 1][0] == state.res[p ^ 1][0] + 1
    assert not any("teammate" in t for t in texts(after))  # once per turn


def test_2v2_collaboration_transfer_a_moon_or_a_token_either_way() -> None:
    # "1 claimed but unslotted moon, 1 supremacy token, or 1 discovery token", to or from the teammate
    state = started(4, teams=True)
    p = state.active
    mate = p ^ 1
    state = claim(state, p, 3)
    state = set_row(state, "dheld", mate, [1] + [0] * (len(state.dheld[mate]) - 1))
    state = set_row(state, "sheld", p, [0, 1] + [0] * (len(state.sheld[p]) - 2))
    offered = texts(state)
    assert said(A.Transfer(True, A.TRANSFER_MOON, 3)) in offered
    assert said(A.Transfer(False, A.TRANSFER_DISCOVERY, 0)) in offered
    assert said(A.Transfer(True, A.TRANSFER_SUPREMACY, 1)) in offered
    assert said(A.Transfer(False, A.TRANSFER_MOON, 3)) not in offered  # the teammate has no such moon
    moved = play(state, said(A.Transfer(True, A.TRANSFER_MOON, 3)))
    assert 3 not in moved.claimed[p] and 3 in moved.claimed[mate]
    took = play(state, said(A.Transfer(False, A.TRANSFER_DISCOVERY, 0)))
    assert took.dheld[p][0] == state.dheld[p][0] + 1 and took.dheld[mate][0] == 0
    gave = play(state, said(A.Transfer(True, A.TRANSFER_SUPREMACY, 1)))
    assert gave.sheld[mate][1] == state.sheld[mate][1] + 1 and gave.sheld[p][1] == 0
    assert not any("teammate" in t for t in texts(gave))  # once per turn, whatever was moved


def test_2v2_collaboration_a_tactics_card_may_be_taken_from_the_teammate() -> None:
    state = give_cards(started(4, teams=True), 1, 4)
    state = turn_of(state, 0)
    assert said(A.Transfer(False, A.TRANSFER_TACTIC, 4)) in texts(state)
    after = play(state, said(A.Transfer(False, A.TRANSFER_TACTIC, 4)))
    assert after.hands[0][4] == state.hands[0][4] + 1 and after.hands[1][4] == state.hands[1][4] - 1


def test_2v2_collaboration_a_moon_given_to_a_full_claimed_area_makes_the_teammate_discard() -> None:
    # Claiming Moons: no more than 4; a moon gained beyond that is discarded without its benefit
    state = started(4, teams=True)
    p = state.active
    mate = p ^ 1
    state = claim(claim(state, p, 7), mate, 0, 1, 2, 4)
    after = play(state, said(A.Transfer(True, A.TRANSFER_MOON, 7)))
    assert after.current_player == mate and len(after.claimed[mate]) == 5
    abandon = {t for t in texts(after) if t.startswith("abandon")}
    assert abandon == {said(A.Abandon(m)) for m in (0, 1, 2, 4, 7)}
    assert said(A.SlotMoon(7, A.TACOPS_SLOT)) in texts(after)  # or slot one elsewhere
    for m in (0, 7):  # on the giver's turn: discarded, no resources, VP or repair
        done = play(after, said(A.Abandon(m)))
        assert len(done.claimed[mate]) == 4 and m not in done.claimed[mate]
        assert done.res[mate] == after.res[mate] and done.vp[mate] == after.vp[mate]
        assert done.current_player == p


def test_2v2_start_player_is_the_leftmost_of_the_winning_team() -> None:
    g = game(4, teams=True)
    assert {g.new_game(s).active for s in range(20)} <= {0, 2}


# -- 2v2 Collaboration: "Teammates may share hidden information with each other" ----------------


def test_2v2_teammates_share_hidden_information_in_their_views() -> None:
    import numpy as np

    from tests.andromedas_edge.helpers import give_cards

    state = started(4, teams=True)
    a = give_cards(state, 1, 0)  # Blue (teammate of Red) holds tactics card 0 ...
    b = give_cards(state, 1, 5)  # ... or tactics card 5
    assert a.view(0) != b.view(0) and a.view(0).mate_hand[0] == 1  # Red sees Blue's hand
    assert a.view(2) == b.view(2) and a.view(3) == b.view(3)  # the opponents do not
    # discovery tokens held face down and the event cards a teammate peeked at
    dheld = [list(h) for h in state.dheld]
    stacks = [list(st) for st in state.dstacks]
    kind = next(k for k, n in enumerate(stacks[0]) if n)
    stacks[0][kind] -= 1
    dheld[1][kind] += 1
    c = with_fields(state, dheld=dheld, dstacks=stacks)
    assert c.view(0).mate_dheld[kind] == 1 and c.view(2).mate_dheld == c.view(2).dheld
    deck = list(state.edeck.counts)
    top = next(k for k, n in enumerate(deck) if n)
    deck[top] -= 1
    peeked = with_fields(state, edeck=Deck((top,), deck, (), top_seen=(1 << 1,)))
    assert peeked.view(0).etop == ((top, 2),) and peeked.view(2).etop == ((-1, 2),)
    # resampling keeps the teammate's hidden information fixed
    g = state.game
    for seed in range(5):
        other = g.resample(a.view(0), np.random.default_rng(seed))
        assert other.hands[1] == a.hands[1] and other.view(0) == a.view(0)
        again = g.resample(peeked.view(0), np.random.default_rng(seed))
        assert again.etop == peeked.etop


def test_2v2_teammates_see_each_others_draws_in_log_lines() -> None:
    state = started(4, teams=True)
    drawing = turn_of(state, 1, [(Task.DRAW, 1, 1, 0), (Task.MAIN, 1, 0, 0)])
    action = drawing.chance_outcomes()[0][0]
    g = state.game
    assert "draws a tactics card:" in g.describe_action(drawing, action, 0)
    assert g.describe_action(drawing, action, 2).endswith("draws a tactics card")


def _team_battle(active: int):  # type: ignore[no-untyped-def]
    """Red and Blue (teammates) beat Yellow in region 7; both stand one space
    below the first supremacy token space."""
    state = started(4, teams=True)
    ships = [list(row) for row in state.ships]
    for p in (0, 1, 2):
        ships[p][0] = 7
    tracks = [list(row) for row in state.tracks]
    tracks[0][4] = tracks[1][4] = 1
    state = with_fields(
        state, ships=ships, tracks=tracks, rpos=[-1] * len(state.rpos), region=7, active=active,
        b_rolls=[[6, 6], [5], [2], [], []], b_dice=[2, 1, 1, 0, 0],
        tasks=[(Task.BATTLE_OUTCOME, -1, 0, 0), (Task.BATTLE_DAMAGE, -1, 0, 0), (Task.POST, active, 0, 0)],
    )  # fmt: skip
    return state


def test_2v2_teammates_reaching_a_supremacy_token_space_together_the_active_player_decides() -> None:
    from tests.andromedas_edge.helpers import settle

    state = settle(_team_battle(active=2))  # Yellow is active (and lost)
    token = state.stokens[0]
    assert state.current_player == 2 and state.tasks[0][0] == Task.SUPREMACY
    assert texts(state) == {"supremacy token to Red", "supremacy token to Blue"}
    assert state.tracks[0][4] == state.tracks[1][4] == 2
    vp = state.vp
    after = play(state, "supremacy token to Blue")
    assert after.sheld[1][token] == 1 and after.stokens[0] == -1 and sum(after.sheld[0]) == 0
    assert after.vp[0] == vp[0] + 2  # the token is gone for Red: 2 VP instead
    assert after.tasks[0][0] != Task.SUPREMACY


def test_2v2_supremacy_token_not_a_decision_when_only_one_reaches_it() -> None:
    from tests.andromedas_edge.helpers import settle

    state = _team_battle(active=0)
    tracks = [list(row) for row in state.tracks]
    tracks[1][4] = 0
    state = settle(with_fields(state, tracks=tracks))
    assert all(t[0] != Task.SUPREMACY for t in state.tasks)
    assert sum(state.sheld[0]) == 1  # Red took the token at once
