"""Pictures and the terminal seat: what a person sees of a Galaxy's Edge game.

The SVG must show every piece of the position (and nothing a view's player
may not know); the terminal texts must fit 100 columns and never show a raw
tuple, bit mask or internal record.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge import (
    BuildBase,
    BuildColony,
    EventCard,
    GalaxysEdgeState,
    MoveFlagship,
)
from boardgames.games.galaxys_edge.state import Phase
from boardgames.kernel.game import State

SVG = "{http://www.w3.org/2000/svg}"
RAW = [
    re.compile(r"\(\s*-?\d+\s*,\s*-?\d+"),  # a tuple of ints
    re.compile(r"\d{5,}"),  # a long digit run (a bit mask)
    re.compile(r"\b0b[01]"),  # a binary literal
    re.compile(r"\b(Choice|Layout|Table|GalaxysEdge\w*|Phase)\("),  # a record's repr
    re.compile(r"object at 0x"),
]


def _groups(svg: str, css: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == css]


def _played(players: int, seed: int, steps: int) -> GalaxysEdgeState:
    game = bg.make("galaxys-edge", players=players)
    state = game.new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
        state = state.apply(rng.choice(options))
    return state


def _assert_readable(text: str, where: str) -> None:
    for line in text.splitlines():
        assert len(line) <= 100, f"{where}: a line of {len(line)} columns: {line!r}"
    for pattern in RAW:
        assert not pattern.search(text), f"{where} shows {pattern.pattern!r}: {text!r}"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_svg_shows_every_colony_base_flagship_and_ban(players: int) -> None:
    state = _played(players, seed=players, steps=150)
    svg = state.game.render_svg(state)
    occupied = [loc for loc, code in enumerate(state.occupant) if code]
    colonies = sum(1 for loc in occupied if state.is_colony(loc))
    assert len(_groups(svg, "colony")) == colonies > 0
    assert len(_groups(svg, "base")) == len(occupied) - colonies
    assert len(_groups(svg, "flagship")) == players
    assert len(_groups(svg, "ban")) == sum(1 for b in state.bans if b >= 0)
    assert len(_groups(svg, "sector")) == 30
    assert len(_groups(svg, "player")) == players


def test_svg_names_each_base_by_owner_and_class() -> None:
    game = bg.make("galaxys-edge", players=2)
    state = game.position(
        colonies={"D3a": 0}, bases={"D4a": (1, 2)}, flagships=("D3", "A1"), bans={1: "G1"}
    )
    svg = game.render_svg(state)
    titles = [t.text for t in ET.fromstring(svg).iter(f"{SVG}title")]
    assert any(t and t.startswith("Red's colony on D3a") for t in titles)
    assert any(t and t.startswith("Blue's Class-2 base on D4a") for t in titles)
    assert "Blue's ban" in titles and "Red's flagship" in titles


def test_a_view_shows_its_own_cards_and_only_counts_of_the_others() -> None:
    game = bg.make("galaxys-edge", players=2)
    state = game.position(
        flagships=("D3", "A1"),
        hands=({EventCard.WORMHOLE: 1}, {EventCard.REBELLION: 2}),
    )
    full = game.render_svg(state)
    assert "Wormhole" in full and "Rebellion" in full
    for target in (state.view(0), game.render_view(state.view(0)), game.help_text(state.view(0))):
        text = target if isinstance(target, str) else game.render_svg(target)
        assert "Wormhole" in text
        assert "Rebellion" not in text
    assert "2 event cards (face down)" in game.render_svg(state.view(0))
    assert state.view(1)._repr_svg_() == game.render_svg(state.view(1))


def test_the_last_action_is_outlined_where_it_happened() -> None:
    game = bg.make("galaxys-edge", players=2)
    state = game.position(flagships=("D3", "A1"))
    assert not list(_groups(game.render_svg(state), "last-action")[0])
    colony = next(a for a in state.legal_actions() if isinstance(a, BuildColony))
    after = state.apply(colony)
    marks = list(_groups(game.render_svg(after, last_action=colony), "last-action")[0])
    assert [m.tag for m in marks] == [f"{SVG}circle"]
    assert f"last action: {colony}" in game.render_svg(after, last_action=colony)
    move = next(a for a in state.legal_actions() if isinstance(a, MoveFlagship))
    marks = list(_groups(game.render_svg(state.apply(move), last_action=move), "last-action")[0])
    assert [m.tag for m in marks] == [f"{SVG}polygon"]


def _about_to_draw(seed: int) -> GalaxysEdgeState | None:
    """A 2-player game of ``seed`` played at random (drawing whenever it may) up
    to its first event card draw, or None if it never draws one."""
    state: State = _played(2, seed=seed, steps=0)
    rng = random.Random(seed)
    while not (state.is_chance and isinstance(state, GalaxysEdgeState) and state.phase == Phase.DRAW):
        if state.is_terminal:
            return None
        if isinstance(state, GalaxysEdgeState) and state.phase == Phase.EVENT:
            draw = [a for a in state.legal_actions() if str(a) == "draw event card"]
            state = state.apply(draw[0] if draw else rng.choice(state.legal_actions()))
            continue
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
        state = state.apply(rng.choice(options))
    return state


def test_a_drawn_card_is_not_named_as_the_last_action_in_a_view() -> None:
    found = (_about_to_draw(seed) for seed in range(5, 105))
    state = next((s for s in found if s is not None), None)
    assert state is not None, "no seed in 5..104 draws an event card"
    assert isinstance(state, GalaxysEdgeState)
    drawer = state.active
    outcome = state.chance_outcomes()[0][0]
    after = state.apply(outcome)
    title = outcome.card.title  # type: ignore[attr-defined]
    other = after.view(1 - drawer)
    held_by_other = other.hand[outcome.card]  # type: ignore[attr-defined]
    svg = after.game.render_svg(other, last_action=outcome)
    assert "an event card was drawn" in svg
    if not held_by_other and not after.discarded[outcome.card]:  # type: ignore[attr-defined]
        assert title not in svg
    assert f"drawn: {title}" in after.game.render_svg(after, last_action=outcome)


def test_the_final_picture_has_the_score_breakdown() -> None:
    state = _played(3, seed=11, steps=5000)
    assert state.is_terminal
    svg = state.game.render_svg(state)
    assert "Final score" in svg and "game over" in svg
    for name in state.game.score_breakdown(state):
        assert name in svg


def test_the_terminal_board_fits_100_columns_with_a_legend() -> None:
    state = _played(4, seed=3, steps=200)
    text = state.game.render_view(state.view(0))
    assert max(len(line) for line in text.splitlines()) <= 100
    assert "Legend" in text and "Cr Crystalloids" in text
    assert str(state).splitlines()[0].startswith("Galaxy's Edge, 4 players")


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_no_text_a_person_sees_shows_raw_codes(players: int, seed: int) -> None:
    game = bg.make("galaxys-edge", players=players)
    state: State = game.new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        if steps % 7 == 0:
            for player in range(players):
                view = state.view(player)
                _assert_readable(game.render_view(view), "render_view")
                _assert_readable(game.decision_text(view), "decision_text")
                _assert_readable(game.help_text(view), "help_text")
            _assert_readable(game.render(state), "render")
        if state.is_chance:
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            legal = state.legal_actions()
            for option in legal:
                _assert_readable(str(option), "action text")
                assert game.action_group(option), f"{option} has no group"
            action = rng.choice(legal)
        for viewer in (None, *range(players)):
            _assert_readable(game.describe_action(state, action, viewer=viewer), "log line")
        state = state.apply(action)
        steps += 1
    view = state.view(0)
    _assert_readable(game.render_view(view), "final view")
    assert game.decision_text(view).startswith("The game is over")


def test_decision_text_speaks_the_rulebook() -> None:
    game = bg.make("galaxys-edge", players=2)
    fresh = game.new_game(0)
    placing = fresh.current_player
    assert "outer sectors" in game.decision_text(fresh.view(placing))
    assert game.decision_text(fresh.view(1 - placing)).startswith("Waiting for")
    state = game.position(flagships=("D3", "A1"))
    text = game.decision_text(state.view(0))
    assert text.startswith("On Your Turn") and "move your flagship" in text
    built = state.apply(next(a for a in state.legal_actions() if isinstance(a, BuildBase)))
    assert "move your flagship" in game.decision_text(built.view(0))
    assert "build one colony" not in game.decision_text(built.view(0))


def test_actions_are_grouped_under_the_rulebook_names() -> None:
    game = bg.make("galaxys-edge", players=2)
    state = game.position(flagships=("D3", "A1"))
    groups = {game.action_group(a) for a in state.legal_actions()}
    assert groups == {"Move your flagship", "Build one colony", "Build one base", "End your turn"}


def test_tied_colonies_to_choose_from_are_ringed() -> None:
    # Seed 25 of a 3-player game reaches a choice among tied rival colonies.
    state: State = bg.make("galaxys-edge", players=3).new_game(25)
    rng = random.Random(25)
    while isinstance(state, GalaxysEdgeState) and state.phase not in (Phase.CHOOSE, Phase.OVER):
        options = [a for a, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
        state = state.apply(rng.choice(options))
    assert isinstance(state, GalaxysEdgeState) and state.choice is not None
    rings = list(_groups(state.game.render_svg(state), "choice")[0])
    assert len(rings) == len(state.choice.options) >= 2
    assert "Conquering" in state.game.decision_text(state.view(state.current_player))
