"""Components: the reference set and a user's own, validated on load."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

import boardgames as bg
from boardgames.games.galaxys_edge import load_components

from .helpers import component_data


def test_reference_set_file_says_it_is_a_reference_set() -> None:
    path = Path(bg.games.galaxys_edge.__file__).parent / "data" / "reference.toml"  # type: ignore[attr-defined]
    text = path.read_text()
    assert "REFERENCE component set" in text and "NOT the contents of the published game" in text


def test_own_components_from_a_toml_file(tmp_path: Path) -> None:
    data = component_data({"D3": ("wargers", [9, 9, 9, 9])})
    faces = '["event", "event", "event", "event", "event", "own-ban"]'
    lines = [f'[set]\nname = "mine"\n[die]\nfaces = {faces}\n[events]']
    lines += [f"{key} = {value}" for key, value in data["events"].items()]
    for tile in data["sectors"]:
        lines.append(f'[[sectors]]\nspecies = "{tile["species"]}"\nsystems = {tile["systems"]}')
    path = tmp_path / "mine.toml"
    path.write_text("\n".join(lines))
    game = bg.make("galaxys-edge", players=2, components=str(path))
    assert game.components.name == "mine"  # type: ignore[attr-defined]
    state = game.new_game(1)
    assert 9 in state.layout.value  # type: ignore[attr-defined]
    assert game.fingerprint() != bg.make("galaxys-edge", players=2).fingerprint()


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(component_data({}))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["sectors"].pop(), "exactly 30 sector tiles"),
        (lambda d: d["sectors"][3].update(species="martians"), r"sectors\[3\]\.species"),
        (lambda d: d["sectors"][4].update(systems=[1, 2, 3, 4, 5]), r"sectors\[4\]\.systems"),
        (lambda d: d["sectors"][5].update(systems=[0]), r"sectors\[5\]\.systems\[0\]"),
        (lambda d: d["sectors"][6].update(systems=[True]), r"sectors\[6\]\.systems\[0\]"),
        (lambda d: d["die"].update(faces=["event"] * 5), "die.faces"),
        (lambda d: d["die"].update(faces=["event"] * 5 + ["skull"]), r"die.faces\[5\]"),
        (lambda d: d["events"].update(wormhole=5), "28 cards"),
        (lambda d: d["events"].update(nebula=1), "unknown card types"),
        (lambda d: d["events"].update(wormhole=-1), "events.wormhole"),
        (lambda d: d.update(extra={}), "unknown sections"),
        (lambda d: d.pop("die"), r"\[die\]"),
    ],
)
def test_malformed_components_raise_a_component_error_naming_the_fault(change: Any, message: str) -> None:
    with pytest.raises(bg.ComponentError, match=message):
        bg.make("galaxys-edge", players=2, components=broken(change))


def test_unreadable_component_files_raise_component_errors(tmp_path: Path) -> None:
    with pytest.raises(bg.ComponentError, match="cannot read"):
        load_components(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[die\nfaces = 1")
    with pytest.raises(bg.ComponentError, match="not valid TOML"):
        load_components(bad)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(bg.ComponentError, match="UTF-8"):
        load_components(binary)


def test_bad_options_say_which_option_and_why() -> None:
    with pytest.raises(bg.InvalidOptionError, match="components"):
        bg.make("galaxys-edge", players=2, components=42)
    with pytest.raises(bg.InvalidOptionError, match="no option 'colour'"):
        bg.make("galaxys-edge", players=2, colour="red")
    with pytest.raises(bg.InvalidOptionError, match="2 to 4 players"):
        bg.make("galaxys-edge", players=5)
