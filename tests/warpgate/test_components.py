"""Components: the reference set, loading a user's own files, and clear errors."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

import boardgames as bg
from boardgames import ComponentError, InvalidOptionError
from boardgames.games.warpgate.components import PLANET_TYPES, load_components

DATA = Path(str(resources.files("boardgames.games.warpgate") / "data"))


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "mine"
    shutil.copytree(DATA, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_reference_set_is_labelled_and_complete() -> None:
    comp = load_components()
    assert comp.reference
    for name in ("map.toml", "factions.toml", "cards.toml"):
        assert "REFERENCE" in (DATA / name).read_text()
    assert {t.type for t in comp.technologies} == set(PLANET_TYPES)
    assert [layout.players for layout in comp.layouts] == [2, 3, 4, 5, 6]
    assert len(comp.factions) >= 6 and all(len(f.sides) == 2 for f in comp.factions)
    assert {t.kind for t in comp.promotion} == {"hero", "advanced"}
    assert [t.name for t in comp.basic_tactics] == [
        "Heroic Sacrifice", "All or Nothing", "Pitched Battle", "Glorious Victory",
        "Heavy Resistance", "Outmaneuver", "Salvage", "Hit and Run",
    ]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_map_layouts_give_each_player_a_warpgate_and_five_planet_types(players: int) -> None:
    g = bg.make("warpgate", players=players)
    t = g.tables  # type: ignore[attr-defined]
    assert len(t.gate) == players
    assert {t.place_type[p] for p in t.planets} == set(range(5))
    assert any(t.trade)
    assert all(t.dist[t.gate[0]][p] < 999 for p in range(len(t.place_names)))  # one connected map


def test_user_directory_loads_and_changes_the_fingerprint(tmp_path: Path) -> None:
    mine = _copy(tmp_path)
    _edit(mine / "cards.toml", 'name = "Alien Imports", type = "desert", vp = 2',
          'name = "Alien Imports", type = "desert", vp = 4')
    g = bg.make("warpgate", players=2, components=str(mine))
    ref = bg.make("warpgate", players=2)
    assert g.fingerprint() != ref.fingerprint()
    assert g.components.technologies[0].vp == 4  # type: ignore[attr-defined]
    assert not g.components.reference  # type: ignore[attr-defined]
    state = g.new_game(3)
    assert bg.from_json(bg.to_json(state)) == state


def test_user_single_file_loads(tmp_path: Path) -> None:
    single = tmp_path / "all.toml"
    single.write_text("\n".join((DATA / n).read_text() for n in ("map.toml", "factions.toml", "cards.toml")))
    assert len(load_components(single).factions) == 6


def test_component_errors_name_the_fault(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="no such file"):
        bg.make("warpgate", players=2, components=str(tmp_path / "missing"))
    mine = _copy(tmp_path)
    (mine / "cards.toml").unlink()
    with pytest.raises(ComponentError, match="lacks section"):
        load_components(mine)


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("cards.toml", 'type = "desert", vp = 2, effect = "none" }',
         'type = "lava", vp = 2, effect = "none" }', "technologies.cards.0..type is 'lava'"),
        ("factions.toml", "recon = 2, maneuver = 3", "recon = 3, maneuver = 3",
         "says recon appears 3 times but the cards show it 2"),
        ("factions.toml", '["recon", "warp_in"]', '["recon", "recon"]', "shows recon twice"),
        ("map.toml", "{ tile = \"S2\", q = 3, r = -1 }", "{ tile = \"S2\", q = 0, r = 0 }", "overlaps"),
        ("cards.toml", 'letter = "H", name = "Hit and Run"', 'letter = "A", name = "Hit and Run"',
         "exactly one card for each letter"),
        ("cards.toml", "power = 3, casualties = 0 },\n  { letter = \"C\"", "power = -1, casualties = 0 },\n"
         "  { letter = \"C\"", "power must be an integer"),
        ("map.toml", "players = 6", "players = 7", "players must be an integer in 2..6"),
        ("cards.toml", "[promotion]", "[promotion]\n[promotion.x]", "promotion.cards must be a non-empty"),
        ("map.toml", "[map]", "[map\n", "not valid TOML"),
    ],
)
def test_component_validation_messages(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    mine = _copy(tmp_path)
    _edit(mine / file, old, new)
    with pytest.raises(ComponentError) as info:
        load_components(mine)
    assert message.replace(".0.", "[0]") in str(info.value)


def test_options_are_validated() -> None:
    with pytest.raises(InvalidOptionError, match="side"):
        bg.make("warpgate", players=2, side="c")
    with pytest.raises(InvalidOptionError, match="rounds"):
        bg.make("warpgate", players=2, rounds=0)
    with pytest.raises(InvalidOptionError, match="components"):
        bg.make("warpgate", players=2, components=7)
    with pytest.raises(InvalidOptionError, match="2 to 6"):
        bg.make("warpgate", players=7)
    with pytest.raises(InvalidOptionError, match="no option"):
        bg.make("warpgate", players=2, colour="red")


def test_side_b_uses_the_other_side_of_the_faction_boards() -> None:
    a = bg.make("warpgate", players=2, side="a")
    b = bg.make("warpgate", players=2, side="b")
    ta, tb = a.tables, b.tables  # type: ignore[attr-defined]
    assert ta.faction_cards != tb.faction_cards
    assert a.new_game(1).faction == b.new_game(1).faction
