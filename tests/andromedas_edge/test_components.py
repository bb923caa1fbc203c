"""Components: the reference set, user sets, and option validation."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardgames as bg
from boardgames.games.andromedas_edge.components import load_components, reference_data
from tests.andromedas_edge.helpers import game


def test_reference_set_counts() -> None:
    c = load_components()
    assert c.name == "reference"
    assert len(c.planets) == 15 and len(c.factions) == 12 and len(c.upgrades) == 16
    assert sum(c.module_counts) == 108 and sum(c.tactics_counts) == 80
    assert sum(c.moon_counts) == 51 and sum(c.discovery_counts) == 21 and sum(c.supremacy_counts) == 8
    assert len(c.destiny) == 20 and len(c.raiders) == 10
    assert set(c.event_decks()) == {"Galactic Dawn", "Cosmic Twilight"}


def test_user_component_file(tmp_path: Path) -> None:
    import tomllib

    source = Path(bg.__file__).parent / "games" / "andromedas_edge" / "data" / "reference.toml"
    text = source.read_text().replace('name = "Aurelia"', 'name = "My Planet"')
    path = tmp_path / "mine.toml"
    path.write_text(text)
    g = game(2, components=str(path))
    assert g.components.planets[0].name == "My Planet"
    assert tomllib.loads(text)["planets"][0]["name"] == "My Planet"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["planets"].pop(), "15 planet tiles"),
        (lambda d: d["tactics"][0].update(copies=9), "80 cards"),
        (lambda d: d["modules"][0].update(type="warp"), "expected one of"),
        (lambda d: d["raiders"][0].update(start="Nowhere"), "expected one of"),
        (lambda d: d["board"].update(rows=True), "must be an int"),
        (lambda d: d.pop("events"), "is missing"),
        (lambda d: d["tactics"][3].update(timing="any turn"), "only for action cards"),
        (lambda d: d["tactics"][0].update(timing="whenever"), "expected one of"),
        (lambda d: d["factions"][0].update(ability={"effect": {}}), "must do something"),
        (lambda d: d["factions"][0].update(ability={"cost": {"energy": 1}}), "is missing"),
    ],
)
def test_malformed_components_raise_component_error(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = reference_data()
    change(data)
    with pytest.raises(bg.ComponentError, match=message):
        game(2, components=data)


def test_unreadable_component_file(tmp_path: Path) -> None:
    with pytest.raises(bg.ComponentError):
        load_components(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[[")
    with pytest.raises(bg.ComponentError):
        load_components(bad)


@pytest.mark.parametrize(
    "options",
    [
        {"game_length": 55},
        {"special_regions": "nebula"},
        {"destiny": "yes"},
        {"teams": True},
        {"event_deck": "Dusk"},
        {"s_class": "Ash Corsairs"},
        {"turn_limit": 3},
        {"colour": "red"},
    ],
)
def test_bad_options(options: dict[str, object]) -> None:
    with pytest.raises(bg.InvalidOptionError):
        game(2, **options)


def test_options_accepted() -> None:
    g = game(
        4, game_length=70, special_regions="vortexes", destiny=True, teams=True, event_deck="Cosmic Twilight"
    )
    assert g.terminus == 70 and g.teams and g.special == "vortexes"


def test_reference_set_any_turn_action_cards_and_faction_abilities() -> None:
    c = load_components()
    any_turn = [t for t in c.tactics if t.any_turn]
    assert any_turn and all(t.type == 0 for t in any_turn)  # only action cards
    assert [sum(n for t, n in zip(c.tactics, c.tactics_counts) if t.type == k) for k in range(5)] == [
        24, 16, 8, 16, 16,
    ]  # fmt: skip
    assert sum(1 for f in c.factions if f.ability is not None) >= 4
    assert all(f.score_vp > 0 for f in c.factions)  # the end-of-game scoring abilities stay
