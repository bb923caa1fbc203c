"""Pictures and the terminal seat of Andromeda's Edge: every piece drawn, nothing hidden, no raw codes."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames as bg
from boardgames.games.andromedas_edge import AndromedasEdgeState
from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge.components import reference_data
from boardgames.games.andromedas_edge.names import moon_name
from boardgames.games.andromedas_edge.state import Task
from boardgames.kernel.driver import random_playout
from tests.andromedas_edge.helpers import game, started
from tests.readable import assert_names_things, assert_readable, groups, svg_root, svg_text, title_of, walk


def midgame(players: int = 3, seed: int = 3, steps: int = 400) -> Any:
    """A position some way into a seeded random game, with its last action."""
    state, action = list(walk(game(players), seed, steps))[-1]
    return state.apply(action), action


def test_state_picture_shows_every_ship_raider_leader_and_module() -> None:
    state, last = midgame()
    root = svg_root(state.game.render_svg(state, last_action=last))
    n = state.game.players
    on_board = sum(1 for p in range(n) for loc in state.ships[p] if loc >= 0)
    assert len(groups(root, "ship")) == on_board
    assert len(groups(root, "raider")) == sum(1 for loc in state.rpos if loc >= 0)
    leader_spots = sum(1 for p in range(n) for k in state.leaders_on[p] if k)
    assert len(groups(root, "leader")) == leader_spots
    assert len(groups(root, "module")) == sum(len(s) for s in state.station)
    assert len(groups(root, "development")) == sum(1 for owner in state.dev if owner >= 0)
    assert len(groups(root, "moon")) == sum(1 for m in state.moon_top if m >= 0)
    assert len(groups(root, "market-module")) == 12
    assert len(groups(root, "station")) == n
    text = svg_text(root)
    for p in range(n):
        assert f"{state.vp[p]} VP" in text
        assert state.game.components.factions[state.faction[p]].name in text


def test_picture_names_players_by_their_colours_and_the_decision() -> None:
    state = started(2)
    root = svg_root(state.game.render_svg(state))
    text = svg_text(root)
    assert "Red" in text and "Blue" in text
    decision = groups(root, "decision")
    assert decision and "Taking Your Turn" in svg_text(decision[0])


def test_view_picture_shows_opponents_tactics_cards_face_down() -> None:
    g = game(2)
    for state, _ in walk(g, 5, 3000):
        if state.is_chance or state.is_terminal:
            continue
        me = state.current_player
        other = 1 - me
        theirs = {k for k, n in enumerate(state.hands[other]) if n} - {
            k for k, n in enumerate(state.hands[me]) if n
        }
        if theirs:
            break
    else:
        pytest.fail("no position where only the opponent holds a tactics card")
    names = [g.components.tactics[k].name for k in theirs]
    full = g.render_svg(state)
    seen = g.render_svg(state.view(me))
    assert all(name in full for name in names)
    assert not any(name in seen for name in names)
    assert f"{sum(state.hands[other])} tactics card" in seen and "(face down)" in seen


def test_last_action_launch_outlines_its_region() -> None:
    state = started(2)
    launch = next(a for a in state.legal_actions() if isinstance(a, A.Launch))
    after = state.apply(launch)
    root = svg_root(state.game.render_svg(after, last_action=launch))
    regions = [g for g in groups(root, "region") if groups(g, "last-action")]
    assert len(regions) == 1
    assert title_of(regions[0]).startswith(A.region_name(launch.region))
    assert "Last action: launch" in svg_text(root)
    plain = svg_root(state.game.render_svg(after))
    assert not groups(plain, "last-action")


def test_render_svg_refuses_what_is_not_a_state_or_view() -> None:
    with pytest.raises(bg.InvalidOptionError):
        game(2).render_svg("board")  # type: ignore[arg-type]


def test_decision_text_uses_the_rulebooks_words() -> None:
    g = game(2)
    state = g.new_game(0)
    head = state.tasks[0]
    assert head[0] == Task.FACTION
    text = g.decision_text(state.view(head[1]))
    assert "Factions: choose 1 of the faction cards" in text and "(your decision)" in text
    assert "Taking Your Turn" in g.decision_text(started(2).view(0))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_terminal_texts_are_readable_along_random_games(players: int, seed: int) -> None:
    g = game(players)
    for i, (state, action) in enumerate(walk(g, seed, 700)):
        log = g.describe_action(state, action)
        assert_readable(log)
        assert_names_things(log)
        for viewer in range(players):
            assert_readable(g.describe_action(state, action, viewer=viewer))
        if i % 25 or state.is_chance:
            continue
        view = state.view(state.current_player)
        for text in (g.render_view(view), g.help_text(view)):
            assert_readable(text, width=100)
            assert_names_things(text)
        assert_readable(g.decision_text(view))
        assert_names_things(g.decision_text(view))
        for legal in state.legal_actions():
            line = g.describe_action(state, legal, viewer=state.current_player)
            assert_readable(line)
            assert_names_things(line)
            assert_readable(g.action_group(legal))


def test_log_lines_name_cards_and_modules() -> None:
    g = game(2)
    state = g.new_game(0)
    choose = state.legal_actions()[0]
    assert isinstance(choose, A.ChooseFaction)
    name = g.components.factions[choose.faction].name
    assert g.describe_action(state, choose) == f"{g.player_name(state.current_player)}: keep faction {name}"


def test_end_of_game_picture_and_text() -> None:
    final = random_playout(game(2), 4).final
    assert isinstance(final, AndromedasEdgeState) and final.is_terminal
    root = svg_root(final.game.render_svg(final))
    assert "The game is over" in svg_text(root)
    assert_readable(final.game.render_view(final.view(0)), width=100)


@pytest.mark.parametrize("teams", [False, True])
def test_action_texts_name_cards_factions_moons_tokens_and_tiles(teams: bool) -> None:
    g = game(4, teams=teams)
    c = g.components
    for action in g.catalogue:
        text = str(action)
        assert_readable(text)
        assert_names_things(text)
        assert g.parse_action(text) == action
    assert str(A.ChooseFaction(0, c.factions[0].name)) == f"keep faction {c.factions[0].name}"
    said = {a: str(a) for a in g.catalogue}
    for k, tactic in enumerate(c.tactics):
        assert said[A.PlayTactic(k)] == f"play tactics card {tactic.name}"
        assert said[A.DrawnTactic(k)] == f"tactics card {tactic.name} drawn"
    for e, card in enumerate(c.events):
        assert said[A.KeepOnTop(e)] == f"keep event card {card.name} on top"
    for k, module in enumerate(c.modules):
        assert said[A.ModuleRevealed(k)] == f"module {module.name} revealed"
    assert said[A.SlotMoon(0, 4)].startswith("slot science moon (")
    assert f"upgrade ({c.factions[0].name} faction): range" in said[A.Upgrade(len(c.upgrades))]
    assert said[A.Upgrade(0)].startswith("place transport upgrade (neutral): range")
    assert said[A.TakeToken(1)] == "claim discovery token (draw 2 tactics cards)"
    assert said[A.BuyModule(1, 2)] == "take the module in industry column space 3"


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["discoveries"][1].update(effect=d["discoveries"][0]["effect"]),
        lambda d: d["moons"][1].update(gain=d["moons"][0]["gain"]),
        lambda d: d["modules"][0].update(name=d["core"][0]["name"]),
    ],
)
def test_components_whose_actions_would_read_alike_raise_component_error(change: Any) -> None:
    data = reference_data()
    change(data)
    with pytest.raises(bg.ComponentError, match="share a name"):
        game(2, components=data)


@pytest.mark.parametrize(("players", "seed", "teams"), [(2, 6, False), (3, 7, False), (4, 8, True)])
def test_help_text_tells_what_the_players_cards_and_moons_do(players: int, seed: int, teams: bool) -> None:
    g = game(players, destiny=True, teams=teams)
    checked = 0
    for state, _ in walk(g, seed, 1500):
        if state.is_chance:
            continue
        me = state.current_player
        help_text = " ".join(g.help_text(state.view(me)).split())
        for k, n in enumerate(state.hands[me]):
            if n:
                assert g.components.tactics[k].name in help_text
                checked += 1
        for moon in state.claimed[me]:
            assert moon_name(g.components, moon) in help_text
            checked += 1
    assert checked > 50


def test_2v2_view_picture_shows_the_teammates_hand_but_not_the_opponents() -> None:
    g = game(4, teams=True)
    for state, _ in walk(g, 8, 4000):
        ours = {k for p in (0, 1) for k, n in enumerate(state.hands[p]) if n}
        theirs = {k for p in (2, 3) for k, n in enumerate(state.hands[p]) if n} - ours
        if any(state.hands[1]) and theirs:
            break
    else:
        pytest.fail("no position where both teams hold different tactics cards")
    seen = g.render_svg(state.view(0))
    mate = [g.components.tactics[k].name for k, n in enumerate(state.hands[1]) if n]
    assert all(name in seen for name in mate)
    assert not any(g.components.tactics[k].name in seen for k in theirs)
