"""Pictures and the terminal seat of Age of Galaxy: every piece drawn, nothing hidden shown, no raw codes."""

from __future__ import annotations

import re
from typing import Any

import pytest

import boardgames as bg
from boardgames.games.age_of_galaxy import actions as A
from boardgames.games.age_of_galaxy.state import TURN_STEPS, AgeState
from boardgames.kernel.cards import mask_cards
from boardgames.kernel.driver import random_playout
from tests.age_of_galaxy.helpers import make, play, started
from tests.readable import assert_readable, groups, svg_root, svg_text, title_of, walk


def midgame(players: int = 3, seed: int = 3, steps: int = 150) -> Any:
    """A position some way into a seeded random game, with its last action."""
    state, action = list(walk(make(players), seed, steps))[-1]
    return state.apply(action), action


def test_state_picture_shows_every_planet_disc_token_and_card() -> None:
    state, last = midgame()
    g = state.game
    root = svg_root(g.render_svg(state, last_action=last))
    planets = sum(1 for k in state.pkind if k >= 0)
    assert len(groups(root, "planet")) == planets
    claimed = [g for g in groups(root, "planet") if " by " in title_of(g)]
    assert len(claimed) == sum(1 for owner in state.powner if owner >= 0)
    assert len(groups(root, "exploration-token")) == len(mask_cards(state.espots))
    assert len(groups(root, "face-down")) == 5 - len(state.systems)
    assert len(groups(root, "galactic-fleet")) == 1
    assert len(groups(root, "faction-card")) >= sum(len(a) for a in state.alliance)
    assert len(groups(root, "researched")) == sum(
        1
        for p in range(g.players)
        for t in g.components.technologies
        if t.path >= 0 and state.techs[p] >> t.index & 1
    )
    assert len(groups(root, "trade-card")) == 3
    assert len(groups(root, "nominate-space")) == len(g.components.nominate)
    nominated = sum(1 for owner in state.nominate if owner >= 0)
    assert sum(len(groups(s, "disc")) for s in groups(root, "nominate-space")) == nominated
    text = svg_text(root)
    for points in state.scores():
        assert f"{points:g} VP" in text
    for name in (g.components.systems[s].name for s in state.systems):
        assert name in text


def test_view_picture_shows_other_hands_face_down() -> None:
    state = started(3, seed=2)
    g = state.game
    me = state.current_player
    others = [g.components.factions[c].name for p in range(3) if p != me for c in mask_cards(state.hands[p])]
    mine = [g.components.factions[c].name for c in mask_cards(state.hands[me])]
    assert others and mine
    full = g.render_svg(state)
    seen = g.render_svg(state.view(me))
    assert all(name in full for name in others + mine)
    assert not any(name in seen for name in others)
    assert all(name in seen for name in mine)
    assert "(face down)" in seen


def test_view_picture_never_names_the_card_just_drawn() -> None:
    state = make(2).new_game(1)
    p = state.current_player
    discard = next(a for a in state.legal_actions() if isinstance(a, A.Discard))
    state = play(state.apply(discard), "keep hand")  # type: ignore[arg-type]
    draw = state.chance_outcomes()[0][0]
    after = state.apply(draw)
    g = state.game
    assert draw.name in g.render_svg(after.view(p), last_action=draw)  # the drawer sees it in their hand
    assert draw.name not in g.render_svg(after.view(1 - p), last_action=draw)


def test_last_action_colonize_outlines_its_planet() -> None:
    state = started(2, seed=1)
    colonize = next((a for a in state.legal_actions() if isinstance(a, A.Colonize)), None)
    assert colonize is not None
    after = state.apply(colonize)
    # finish the action's choices
    while after.current_player == state.current_player and after.steps[0][0] in TURN_STEPS:
        after = after.apply(after.legal_actions()[0])
    root = svg_root(state.game.render_svg(after, last_action=colonize))
    marked = [g for g in groups(root, "planet") if groups(g, "last-action")]
    assert len(marked) == 1
    assert title_of(marked[0]).startswith(f"planet {A.planet_name(colonize.slot)}")
    assert "Last action: colonize planet" in svg_text(root)


def test_render_svg_refuses_what_is_not_a_state_or_view() -> None:
    with pytest.raises(bg.InvalidOptionError):
        make(2).render_svg("board")  # type: ignore[arg-type]


def test_decision_text_uses_the_rulebooks_words() -> None:
    g = make(2)
    state = g.new_game(0)
    text = g.decision_text(state.view(state.current_player))
    assert "discard up to 3 Faction cards" in text and "(your decision)" in text
    action = started(2)
    assert "place an Action disc" in g.decision_text(action.view(action.current_player))


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(1, {}, 1), (2, {"drafting": True}, 2), (3, {}, 3), (4, {"explored_galaxy": True}, 4)],
)
def test_terminal_texts_are_readable_along_random_games(
    players: int, options: dict[str, Any], seed: int
) -> None:
    g = make(players, **options)
    for i, (state, action) in enumerate(walk(g, seed, 2000)):
        assert_readable(g.describe_action(state, action))
        for viewer in range(players):
            assert_readable(g.describe_action(state, action, viewer=viewer))
        if i % 15 or state.is_chance:
            continue
        view = state.view(state.current_player)
        assert_readable(g.render_view(view), width=100)
        assert_readable(g.help_text(view), width=100)
        assert_readable(g.decision_text(view))
        for legal in state.legal_actions():
            assert_readable(str(legal))
            assert_readable(g.describe_action(state, legal))
            assert_readable(g.action_group(legal))


def test_log_lines_name_planets_and_trade_cards() -> None:
    state = started(2, seed=1)
    g = state.game
    colonize = next(a for a in state.legal_actions() if isinstance(a, A.Colonize))
    system = g.components.systems[state.systems[colonize.slot // 4]].name
    line = g.describe_action(state, colonize)
    assert line.startswith(
        f"{g.player_name(state.current_player)}: colonize planet {A.planet_name(colonize.slot)}"
    )
    assert system in line
    trade = next(a for a in state.legal_actions() if isinstance(a, A.Trade))
    assert g.components.trade_cards[state.trade[trade.position]].name in g.describe_action(state, trade)


def test_end_of_game_picture_and_text() -> None:
    final = random_playout(make(3), 4).final
    assert isinstance(final, AgeState) and final.is_terminal
    root = svg_root(final.game.render_svg(final))
    assert "The game is over" in svg_text(root)
    assert_readable(final.game.render_view(final.view(0)), width=100)


PLACES = (
    (re.compile(r"^(?:colonize|develop|acquire|surrender) (\d\.\d)$"), "planet {}"),
    (re.compile(r"^explore (\d\.\d)$"), "Exploration tokens at .*{}"),
    (re.compile(r"^trade at card (\d)$"), "card {}: "),
    (re.compile(r"^exchange option (\d)$"), "option {}: "),
    (re.compile(r"^nominate space (\d \(\d prestige\))$"), "space {}"),
)


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (4, 6)])
def test_every_place_an_action_text_names_is_on_the_terminal_board(players: int, seed: int) -> None:
    g = make(players)
    checked = 0
    for state, _ in walk(g, seed, 1500):
        if state.is_chance:
            continue
        board = g.render_view(state.view(state.current_player)).replace("\n      ", " ")
        for action in state.legal_actions():
            for pattern, place in PLACES:
                found = pattern.match(str(action))
                if found:
                    assert re.search(place.format(re.escape(found.group(1))), board), str(action)
                    checked += 1
    assert checked > 100
