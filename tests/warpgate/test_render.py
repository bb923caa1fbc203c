"""Pictures and the terminal seat: what a person sees of a Warpgate game.

The SVG must show every ship, marker and drone (and nothing a view's player
may not know); the terminal texts must fit 100 columns and never show a raw
tuple, bit mask or internal record.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import boardgames as bg
from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate.state import STEPS, WarpgateState
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import cards_of
from boardgames.kernel.game import State
from tests.warpgate.helpers import edit, fresh

SVG = "{http://www.w3.org/2000/svg}"
RAW = [
    re.compile(r"\(\s*-?\d+\s*,\s*-?\d+"),  # a tuple of ints
    re.compile(r"\d{5,}"),  # a long digit run (a bit mask)
    re.compile(r"\b0b[01]"),  # a binary literal
    re.compile(r"\b(Pend|Table|Tables|Warpgate\w*)\("),  # a record's repr
    re.compile(r"object at 0x"),
    re.compile(r"\bplayer \d"),  # seats are named by colour, not number
]


def _groups(svg: str, css: str) -> list[ET.Element]:
    return [g for g in ET.fromstring(svg).iter(f"{SVG}g") if g.get("class") == css]


def _step(state: State, rng: random.Random) -> tuple[State, Action]:
    options = [a for a, _ in state.chance_outcomes()] if state.is_chance else list(state.legal_actions())
    action = rng.choice(options)
    return state.apply(action), action


def _played(players: int, seed: int, steps: int, **options: object) -> WarpgateState:
    state: State = bg.make("warpgate", players=players, **options).new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state, _ = _step(state, rng)
    assert isinstance(state, WarpgateState)
    return state


def _assert_readable(text: str, where: str) -> None:
    for line in text.splitlines():
        assert len(line) <= 100, f"{where}: a line of {len(line)} columns: {line!r}"
    for pattern in RAW:
        assert not pattern.search(text), f"{where} shows {pattern.pattern!r}: {text!r}"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_svg_shows_every_ship_marker_and_drone(players: int) -> None:
    state = _played(players, seed=players, steps=100_000)
    svg = state.game.render_svg(state)
    t = state.t
    ship_groups = _groups(svg, "ships")
    assert len(ship_groups) == sum(1 for w in state.owner if w >= 0)
    shown = sum(int(g.find(f"{SVG}text").text or 0) for g in ship_groups)  # type: ignore[union-attr]
    assert shown == sum(state.ships)
    assert len(_groups(svg, "drone")) == players
    assert len(_groups(svg, "planet")) == len(t.planets)
    assert len(_groups(svg, "warpgate")) == players
    assert len(_groups(svg, "player")) == players


def test_svg_shows_every_outpost_and_colony() -> None:
    state = fresh(3)
    planets = state.t.planets
    marker = [-1] * len(state.marker)
    colony = [0] * len(state.colony)
    for i, place in enumerate(planets[:7]):
        marker[place] = i % 3
        colony[place] = int(i % 2 == 0)
    state = edit(state, marker=tuple(marker), colony=tuple(colony))
    svg = state.game.render_svg(state)
    assert len(_groups(svg, "outpost")) == 3
    assert len(_groups(svg, "colony")) == 4
    titles = {t.text for t in ET.fromstring(svg).iter(f"{SVG}title")}
    assert "Orange's outpost" in titles and "Green's colony" in titles


def test_svg_names_owners_in_tooltips() -> None:
    state = _played(3, seed=9, steps=300)
    titles = {t.text for t in ET.fromstring(state.game.render_svg(state)).iter(f"{SVG}title")}
    for place, owner in enumerate(state.owner):
        if owner >= 0:
            count = state.ships[place]
            name = state.game.player_name(owner)
            assert f"{count} ship{'s' if count != 1 else ''} of {name}" in titles


def test_a_view_hides_other_hands_and_objectives() -> None:
    state = _played(3, seed=4, steps=40)
    game = state.game
    t = state.t
    view = state.view(0)
    mine = {t.objective_names[o] for o in cards_of(state.objectives[0])}
    theirs = {t.objective_names[o] for o in (*cards_of(state.objectives[1]), *cards_of(state.objectives[2]))}
    svg = game.render_svg(view)
    text = game.render_view(view) + game.help_text(view)
    for name in theirs:
        assert name not in svg and name not in text
    for name in mine:
        assert name in svg and name in text
    assert "secret objectives" in svg and "(face down)" in svg
    full = game.render_svg(state)
    assert all(name in full for name in theirs)
    assert view._repr_svg_() == svg


def test_a_view_does_not_score_other_players_secret_objectives() -> None:
    state = _played(2, seed=1, steps=100_000, rounds=2)
    assert state.is_terminal
    view_text = state.game.render_view(state.view(0))
    assert "secret objectives" in view_text
    full = state.game.render_svg(state)
    assert "Final score" in full and "objectives" in full
    for name in state.game.score_breakdown(state):
        assert name in full


def test_the_last_action_is_outlined_on_the_map() -> None:
    state: State = bg.make("warpgate", players=2).new_game(3)
    rng = random.Random(3)
    while True:
        if isinstance(state, WarpgateState) and not state.is_chance:
            moves = [a for a in state.legal_actions() if isinstance(a, A.To)]
            if moves:
                break
        state, _ = _step(state, rng)
    game = state.game
    assert not list(_groups(game.render_svg(state), "last-action")[0])
    after = state.apply(moves[0])
    svg = game.render_svg(after, last_action=moves[0])
    marks = list(_groups(svg, "last-action")[0])
    assert len(marks) == 1
    title = marks[0].find(f"{SVG}title")
    assert title is not None and title.text == f"last action: {moves[0]}"


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3)])
def test_no_text_a_person_sees_shows_raw_codes(players: int, seed: int) -> None:
    game = bg.make("warpgate", players=players, rounds=2)
    state: State = game.new_game(seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal:
        if steps % 5 == 0:
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
            view = state.view(state.current_player)
            assert not game.decision_text(view).startswith("Waiting")
            action = rng.choice(legal)
        for viewer in (None, *range(players)):
            _assert_readable(game.describe_action(state, action, viewer=viewer), "log line")
        state = state.apply(action)
        steps += 1
    _assert_readable(game.render_view(state.view(0)), "final view")
    assert game.decision_text(state.view(0)).startswith("The game is over")


def test_decision_text_and_groups_speak_the_actions_chapter() -> None:
    game = bg.make("warpgate", players=2)
    state = game.new_game(0)
    text = game.decision_text(state.view(state.current_player))
    assert "play an Action card onto slot 1" in text and "X = 1" in text
    assert game.decision_text(state.view(1 - state.current_player)).startswith("Waiting for")
    groups = {game.action_group(a) for a in state.legal_actions()}
    assert "Play a card: Draw" in groups
    assert all(g.startswith("Play a card: ") for g in groups)


def test_seats_have_the_same_names_in_the_log_and_the_pictures() -> None:
    game = bg.make("warpgate", players=3)
    state = game.new_game(0)
    names = [game.player_name(p) for p in range(3)]
    assert names == ["Blue", "Orange", "Green"]
    svg = game.render_svg(state)
    assert all(name in svg for name in names)
    line = game.describe_action(state, state.legal_actions()[0])
    assert line.startswith(names[state.current_player])


def _first_battle(game: bg.Game) -> WarpgateState:
    """The first battle of the first seeded random game that has one."""
    for seed in range(50):
        state: State = game.new_game(seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            if isinstance(state, WarpgateState) and state.step[:1] == (STEPS.index("attacker reveal"),):
                return state
            state, _ = _step(state, rng)
    raise AssertionError("no seeded game has a battle")


def test_a_battle_is_ringed_on_the_map() -> None:
    state = _first_battle(bg.make("warpgate", players=3))
    svg = state.game.render_svg(state)
    ring = list(_groups(svg, "battle")[0])
    assert len(ring) == 1
    assert f"battle at {state.t.place_names[state.step[2]]}" in svg
