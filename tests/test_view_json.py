"""Views serialize, for every game: ``bg.to_json(view)`` / ``bg.from_json``
give back an equal view with its game, so a bot can run in another process;
a tampered view document is a SerializationError."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import boardgames as bg
from boardgames.kernel.registry import _BUILTIN
from tests.tamper import random_step

GAMES = sorted(_BUILTIN)


def _positions(game: bg.Game, seed: int, count: int, every: int = 9) -> list[bg.State]:
    """States along a seeded random game, one every ``every`` steps."""
    rng = bg.make_rng(seed)
    state = game.new_game(seed)
    found = []
    for step in range(count * every):
        if step % every == 0:
            found.append(state)
        if state.is_terminal:
            break
        state = random_step(state, rng)
    return found


def _counts(game_id: str) -> list[int]:
    spec = bg.make(game_id).spec
    return list(range(spec.min_players, spec.max_players + 1))


@pytest.mark.parametrize(
    ("game_id", "players"), [(g, n) for g in GAMES for n in _counts(g)]
)
def test_every_view_round_trips_with_its_game(game_id: str, players: int) -> None:
    game = bg.make(game_id, players=players)
    for state in _positions(game, seed=players, count=6):
        for p in range(players):
            view = state.view(p)
            again = bg.from_json(bg.to_json(view))
            assert type(again) is type(view) and again == view
            assert again.game == game
            assert game.resample(again, bg.make_rng(1)).view(p) == view


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_document_of_another_game_or_player_count_is_refused(game_id: str) -> None:
    game = bg.make(game_id)
    doc = json.loads(bg.to_json(game.new_game(3).view(0)))
    other = next(n for n in _counts(game_id) if n != game.players)
    doc["players"] = other
    with pytest.raises(bg.SerializationError):
        bg.from_json(json.dumps(doc))
    doc = json.loads(bg.to_json(game.new_game(3).view(0)))
    doc["game"] = next(g for g in GAMES if g != game_id)
    with pytest.raises(bg.SerializationError):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_document_with_wrong_types_is_refused(game_id: str) -> None:
    game = bg.make(game_id)
    view = game.new_game(3).view(0)
    text = bg.to_json(view)
    names = [f.name for f in attrs.fields(type(view)) if f.name != "game"]
    for name in names:
        for wrong in ("text", {"a": 1}, 1.5):
            doc = json.loads(text)
            if doc["view"][name] == wrong:
                continue
            doc["view"][name] = wrong
            with pytest.raises(bg.SerializationError):
                bg.from_json(json.dumps(doc))
    for change in ({"view": None}, {"view_type": "StateOfMind"}, {"format": "boardgames/vue"}):
        doc = {**json.loads(text), **change}
        with pytest.raises(bg.SerializationError):
            bg.from_json(json.dumps(doc))
    doc = json.loads(text)
    del doc["view"][names[-1]]
    with pytest.raises(bg.SerializationError, match="is missing"):
        bg.from_json(json.dumps(doc))
    doc = json.loads(text)
    doc["view"]["extra"] = 1
    with pytest.raises(bg.SerializationError, match="unknown fields"):
        bg.from_json(json.dumps(doc))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_no_state_is_consistent_with_is_refused(game_id: str) -> None:
    game = bg.make(game_id)
    view = game.new_game(3).view(0)
    doc = json.loads(bg.to_json(view))
    doc["view"]["player"] = game.players
    with pytest.raises(bg.SerializationError):
        bg.from_json(json.dumps(doc))
    # Lists cut short: no state of the game has a view like that.
    fields = [k for k, v in doc["view"].items() if isinstance(v, list) and v]
    refused = 0
    for name in fields:
        tampered = json.loads(bg.to_json(view))
        tampered["view"][name] = tampered["view"][name][:-1]
        try:
            again = bg.from_json(json.dumps(tampered))
        except bg.SerializationError:
            refused += 1
        else:
            assert game.resample(again, bg.make_rng(0)).view(0) == again
    assert refused >= 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_made_by_hand_is_checked_like_a_loaded_one(game_id: str) -> None:
    """A view without its game is accepted when some state gives it, refused otherwise."""
    game = bg.make(game_id)
    for state in _positions(game, 3, 6):
        view = attrs.evolve(state.view(0), game=None)
        assert game.resample(view, bg.make_rng(1)).view(0) == view
    fields = [f.name for f in attrs.fields(type(view)) if isinstance(getattr(view, f.name), tuple)]
    refused = 0
    for name in fields:
        value = getattr(view, name)
        if not value or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            continue
        changed = attrs.evolve(view, **{name: (value[0] + 50, *value[1:])})
        try:
            state = game.resample(changed, bg.make_rng(0))
        except bg.HiddenInformationError:
            refused += 1
        else:
            assert state.view(0) == changed  # whatever is accepted is a real position
    assert refused >= 1


def test_a_view_without_its_game_cannot_be_written() -> None:
    view = bg.make("galaxys-edge").new_game(1).view(0)
    with pytest.raises(bg.InvalidOptionError, match="without its game"):
        bg.to_json(attrs.evolve(view, game=None))


def test_a_bot_decides_from_a_view_in_another_process(tmp_path: Path) -> None:
    game = bg.make("galaxys-edge", players=2)
    state = game.new_game(5)
    script = (
        "import sys, boardgames as bg\n"
        "view = bg.from_json(sys.stdin.read())\n"
        "state = view.game.resample(view, bg.make_rng(0))\n"
        "print(str(state.legal_actions()[0]))\n"
    )
    root = str(Path(__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=bg.to_json(state.view(state.current_player)),
        capture_output=True,
        text=True,
        env={"PYTHONPATH": root, "PATH": ""},
        check=True,
    )
    assert state.apply_text(done.stdout.strip()) is not None
