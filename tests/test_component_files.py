"""Component files, for every game: the cache follows the file's content,
saved documents carry the user's component data, and loading a document
never opens a path named inside it."""

from __future__ import annotations

import json
import shutil
import tomllib
from importlib import resources
from pathlib import Path

import pytest

import boardgames as bg
from boardgames.kernel.registry import _BUILTIN

GAMES = sorted(_BUILTIN)


def _own_copy(game_id: str, where: Path) -> Path:
    """The reference components copied to ``where``: one file, or a directory of files."""
    package = bg.make(game_id).__class__.__module__.rsplit(".", 1)[0]
    data = resources.files(package).joinpath("data")
    files = sorted(entry.name for entry in data.iterdir() if entry.name.endswith(".toml"))
    if files == ["reference.toml"]:
        target = where / f"{game_id}.toml"
        target.write_text(data.joinpath("reference.toml").read_text("utf-8"), "utf-8")
        return target
    folder = where / game_id
    folder.mkdir()
    for name in files:
        (folder / name).write_text(data.joinpath(name).read_text("utf-8"), "utf-8")
    return folder


def _files(source: Path) -> list[Path]:
    return sorted(source.glob("*.toml")) if source.is_dir() else [source]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_edited_component_file_is_seen_in_the_same_process(game_id: str, tmp_path: Path) -> None:
    source = _own_copy(game_id, tmp_path)
    game = bg.make(game_id, components=str(source))
    texts = {f: f.read_text("utf-8") for f in _files(source)}
    for f in texts:
        f.write_text("this is [not TOML", "utf-8")
    with pytest.raises(bg.ComponentError):
        bg.make(game_id, components=str(source))
    for f, text in texts.items():
        f.write_text(text, "utf-8")
    again = bg.make(game_id, components=str(source))
    assert again.fingerprint() == game.fingerprint() and again == game


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cache_is_keyed_by_content_not_by_path(game_id: str, tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = bg.make(game_id, components=str(_own_copy(game_id, tmp_path / "a")))
    second = bg.make(game_id, components=_own_copy(game_id, tmp_path / "b"))
    assert first == second and first.components is second.components  # type: ignore[attr-defined]
    assert first.fingerprint() == bg.make(game_id).fingerprint()


@pytest.mark.parametrize("game_id", GAMES)
def test_documents_embed_the_users_component_data(game_id: str, tmp_path: Path) -> None:
    source = _own_copy(game_id, tmp_path)
    game = bg.make(game_id, components=str(source))
    state = game.new_game(4)
    text = bg.to_json(state)
    assert str(source) not in text
    shutil.rmtree(source) if source.is_dir() else source.unlink()
    again = bg.from_json(text)
    assert again == state and again.game == game
    replay = bg.Replay.record(state, 4, [])
    assert str(source) not in replay.to_json()
    assert bg.Replay.from_json(replay.to_json()).run() == state


@pytest.mark.parametrize("game_id", GAMES)
def test_from_json_never_opens_a_path_named_in_the_document(game_id: str, tmp_path: Path) -> None:
    source = _own_copy(game_id, tmp_path)
    state = bg.make(game_id, components=str(source)).new_game(4)
    doc = json.loads(bg.to_json(state))
    for path in ("/etc/shadow", "/no/such/file.toml", str(source)):
        doc["options"]["components"] = path
        with pytest.raises(bg.SerializationError, match="pass components="):
            bg.from_json(json.dumps(doc))
        replay = json.loads(bg.Replay.record(state, 4, []).to_json())
        replay["options"]["components"] = path
        with pytest.raises(bg.SerializationError, match="pass components="):
            bg.Replay.from_json(json.dumps(replay))
    assert bg.from_json(json.dumps(doc), components=str(source)) == state
    assert bg.Replay.from_json(json.dumps(replay), components=source).run() == state


@pytest.mark.parametrize("game_id", GAMES)
def test_components_given_to_from_json_must_match_the_fingerprint(game_id: str, tmp_path: Path) -> None:
    state = bg.make(game_id).new_game(2)
    doc = json.loads(bg.to_json(state))
    doc["fingerprint"] = "0" * 16
    with pytest.raises(bg.SerializationError, match="fingerprint"):
        bg.from_json(json.dumps(doc), components=str(_own_copy(game_id, tmp_path)))
    with pytest.raises(bg.InvalidOptionError):
        bg.from_json(bg.to_json(state), components=3)  # type: ignore[arg-type]


# -- validation of the user's own components ------------------------------------------


def _aog_data() -> dict[str, dict[str, object]]:
    data = resources.files("boardgames.games.age_of_galaxy").joinpath("data")
    names = ("factions.toml", "technologies.toml", "galaxy.toml", "board.toml", "scenarios.toml")
    return {name: tomllib.loads(data.joinpath(name).read_text("utf-8")) for name in names}


def test_age_of_galaxy_a_technology_that_requires_itself_is_refused() -> None:
    data = _aog_data()
    tech = data["technologies.toml"]["technology"][3]  # type: ignore[index]
    tech["requires"] = [tech["id"]]
    with pytest.raises(bg.ComponentError, match="requires names the technology itself"):
        bg.make("age-of-galaxy", components=data)


def test_age_of_galaxy_a_circle_of_prerequisites_is_refused() -> None:
    data = _aog_data()
    techs = data["technologies.toml"]["technology"]  # type: ignore[index]
    dependent = next(t for t in techs if t.get("requires"))
    required = next(t for t in techs if t["id"] == dependent["requires"][0])
    required["requires"] = [dependent["id"]]
    with pytest.raises(bg.ComponentError, match="requires itself through its prerequisites"):
        bg.make("age-of-galaxy", components=data)


def test_age_of_galaxy_no_faction_adapts_to_barren_planets() -> None:
    """Colonize: "Barren planets may only be Colonized by players who have
    Researched the Terraforming Technology"."""
    data = _aog_data()
    data["factions.toml"]["faction"][0]["adaptation"] = "barren"  # type: ignore[index]
    with pytest.raises(bg.ComponentError, match="Barren"):
        bg.make("age-of-galaxy", components=data)


@pytest.mark.parametrize(
    ("file", "table", "what"),
    [("technologies.toml", "technology", "technologies"), ("galaxy.toml", "system", "System cards")],
)
def test_age_of_galaxy_duplicate_names_are_named(file: str, table: str, what: str) -> None:
    data = _aog_data()
    items = data[file][table]  # type: ignore[index]
    items[1]["name"] = items[0]["name"]
    with pytest.raises(bg.ComponentError, match=f"two {what} are named '{items[0]['name']}'"):
        bg.make("age-of-galaxy", components=data)


@pytest.mark.parametrize("section", ["planets", "factions", "modules", "tactics", "events", "raiders"])
def test_andromedas_edge_duplicate_names_are_named(section: str) -> None:
    from boardgames.games.andromedas_edge.components import reference_data

    data = reference_data()
    data[section][1]["name"] = data[section][0]["name"]
    with pytest.raises(bg.ComponentError, match=rf"\[\[{section}\]\] has two entries named"):
        bg.make("andromedas-edge", components=data)


def _warpgate_data() -> dict[str, object]:
    data = resources.files("boardgames.games.warpgate").joinpath("data")
    merged: dict[str, object] = {}
    for name in ("cards.toml", "factions.toml", "map.toml"):
        merged.update(tomllib.loads(data.joinpath(name).read_text("utf-8")))
    return merged


def test_warpgate_a_map_with_an_island_is_refused() -> None:
    data = _warpgate_data()
    layout = data["map"]["layout"][0]  # type: ignore[index]
    far = max(layout["tiles"], key=lambda t: abs(t["q"]) + abs(t["r"]))
    far["q"] += 40
    with pytest.raises(bg.ComponentError, match="is an island"):
        bg.make("warpgate", components=data)


def test_warpgate_duplicate_technology_names_are_named() -> None:
    data = _warpgate_data()
    cards = data["technologies"]["cards"]  # type: ignore[index]
    cards[1]["name"] = cards[0]["name"]
    with pytest.raises(bg.ComponentError, match=f"share the name '{cards[0]['name']}'"):
        bg.make("warpgate", components=data)


def test_a_catalogue_clash_from_components_is_a_component_error() -> None:
    from tests.kernel.toy import Roll, ToyGame

    class Clashing(ToyGame):
        def _build_catalogue(self) -> bg.ActionCatalogue:
            return bg.ActionCatalogue([Roll(), Roll()])

    with pytest.raises(bg.ComponentError, match="two components share a name, so two actions read 'roll'"):
        Clashing(2)


def test_the_replay_command_takes_the_components_a_document_names(tmp_path: Path) -> None:
    import io

    from boardgames.cli import main

    source = _own_copy("galaxys-edge", tmp_path)
    game = bg.make("galaxys-edge", players=2, components=str(source))
    record = bg.play(game, ["random", "random"], seed=2, describe=False)
    doc = json.loads(record.replay.to_json())
    doc["options"]["components"] = str(source)
    path = tmp_path / "named.json"
    path.write_text(json.dumps(doc))

    def run(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        return main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err), out.getvalue(), err.getvalue()

    code, _, err = run("replay", str(path))
    assert code == 1 and "pass components=" in err
    code, out, err = run("replay", str(path), "--components", str(source))
    assert code == 0 and "verified" in out, err
