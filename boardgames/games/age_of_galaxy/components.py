"""Age of Galaxy components: TOML data validated into frozen records.

The rulebook names most components without printing them (the 40 Faction
cards, 8 System cards, 5 Trade cards, Planet and Exploration tokens, the
Nominate spaces), so the game ships a *reference component set* in
``data/*.toml``, composed only from the rulebook's own effect vocabulary and
labelled as reference content in every file.  The Technologies are the
rulebook's own, transcribed into ``data/technologies.toml``.

A user who owns the physical game points the ``components`` option at a
directory holding any of the five files (``factions.toml``,
``technologies.toml``, ``galaxy.toml``, ``board.toml``, ``scenarios.toml``);
files it lacks are taken from the reference set.  Every field is checked and a
fault raises :class:`ComponentError` naming the file and the field.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from boardgames.kernel import components
from boardgames.kernel.components import Source, read_toml
from boardgames.kernel.errors import ComponentError

__all__ = [
    "CREDIT",
    "CRUISER",
    "IDEOLOGIES",
    "INFLUENCE",
    "INNOVATION",
    "PLANET_TYPES",
    "PRESTIGE",
    "PRODUCTIVITY",
    "RELIC",
    "RESOURCES",
    "STRENGTH",
    "Components",
    "Exchange",
    "FactionCard",
    "Gains",
    "NominateSpace",
    "PlanetKind",
    "Scenario",
    "SystemCard",
    "Technology",
    "TradeCard",
    "load_components",
]

RESOURCES: tuple[str, ...] = (
    "credit",
    "productivity",
    "strength",
    "cruiser",
    "innovation",
    "influence",
    "relic",
    "prestige",
)
CREDIT, PRODUCTIVITY, STRENGTH, CRUISER, INNOVATION, INFLUENCE, RELIC, PRESTIGE = range(8)
PLANET_TYPES: tuple[str, ...] = ("arctic", "desert", "oceanic", "volcanic", "verdant", "barren")
BARREN = 5
TERRAFORMING = "Terraforming"
IDEOLOGIES: tuple[str, ...] = ("cultural", "diplomatic", "industrial", "militaristic", "scientific")
CULTURAL, DIPLOMATIC, INDUSTRIAL, MILITARISTIC, SCIENTIFIC = range(5)
SCORING_KINDS: tuple[str, ...] = (
    "colonized",
    "developed",
    "conquered",
    "relic",
    "strength",
    "influence",
    "advanced_technology",
)

# The component list on the rulebook's first page.
FACTION_COUNT = 40
SYSTEM_COUNT = 8
TRADE_COUNT = 5
PLANET_TOKEN_COUNT = 5
EXPLORATION_TOKEN_COUNT = 9
MAX_PLANETS_PER_SYSTEM = 4
MAX_EXPLORATION_PER_SYSTEM = 3
MAX_EXCHANGES = 4
BOARD_TECH_COUNT = 9

Gains = tuple[int, ...]
"""Amounts of the eight resources, in :data:`RESOURCES` order."""

NO_GAINS: Gains = (0,) * 8

FILES = ("factions.toml", "technologies.toml", "galaxy.toml", "board.toml", "scenarios.toml")


@attrs.frozen
class Technology:
    """One Technology (rulebook "Technologies" section)."""

    index: int
    id: str
    name: str
    advanced: bool
    path: int  # 0..2 on the player board, -1 on a Faction card
    tier: int  # 0 bottom row, 1 mid row, 2 top row; -1 on a Faction card
    requires: tuple[int, ...]  # any one of these must be researched first
    gain: Gains
    choice: tuple[Gains, ...]
    adapt: int  # bitmask of planet types
    reach: int
    on_explore: Gains
    on_develop: Gains
    develop_discount: int
    colonize_discount: int
    manufacture_discount: int
    protect_all: bool
    protects: int  # bitmask of planet types
    war_keep: int
    others_lose: Gains
    exploration_tokens: int
    prestige_per_planet: int  # bitmask of planet types
    score_colonized: int
    score_developed: int


@attrs.frozen
class FactionCard:
    """One Faction card (rulebook "Faction Cards")."""

    index: int
    name: str
    ideology: int
    adaptation: int
    debut: Gains
    reinforcement: Gains
    technologies: tuple[int, ...]
    production: Gains
    protects: int
    scoring: tuple[int, int, int] | None  # (kind, every, points)


@attrs.frozen
class PlanetKind:
    """A planet: its type and the resources gained on Colonize."""

    type: int
    reward: Gains
    token: bool


@attrs.frozen
class SystemCard:
    index: int
    name: str
    planets: tuple[tuple[int, int], ...]  # (planet kind, least players)
    planet_tokens: tuple[int, ...]  # least players per Planet-token icon
    exploration: tuple[int, ...]  # least players per Exploration point


@attrs.frozen
class Exchange:
    give: Gains
    get: Gains


@attrs.frozen
class TradeCard:
    index: int
    name: str
    spaces: tuple[int, ...]  # least players per space
    exchanges: tuple[Exchange, ...]
    back: tuple[Exchange, ...]  # exchanges of the flipped side's Action space


@attrs.frozen
class NominateSpace:
    prestige: int
    players: int


@attrs.frozen
class Scenario:
    """An Advanced Solo scenario sheet as data."""

    id: str
    name: str
    description: str
    player_gain: Gains
    opponent_cruisers: int
    opponent_strength: int
    reveal_die: tuple[int, ...]
    min_score: int
    min_relics: int
    min_developed: int
    more_prestige_than_opponent: bool


@attrs.frozen
class Components:
    """The whole validated component set."""

    technologies: tuple[Technology, ...]
    factions: tuple[FactionCard, ...]
    systems: tuple[SystemCard, ...]
    planet_kinds: tuple[PlanetKind, ...]
    planet_tokens: tuple[int, ...]  # planet-kind index of each Planet token
    exploration_tokens: tuple[Gains, ...]
    trade_cards: tuple[TradeCard, ...]
    nominate: tuple[NominateSpace, ...]
    scenarios: tuple[Scenario, ...]
    fingerprint: str

    def tech_id(self, name: str) -> int:
        for tech in self.technologies:
            if tech.id == name:
                return tech.index
        raise KeyError(name)

    def scenario(self, name: str) -> Scenario:
        for scenario in self.scenarios:
            if scenario.id == name:
                return scenario
        raise KeyError(name)


# -- validation helpers ------------------------------------------------------------


class _Field:
    """A checked view of one TOML table, naming the path of any fault."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ComponentError(f"{where} must be a table")
        self.data: dict[str, Any] = data
        self.where = where

    def known(self, *names: str) -> None:
        extra = sorted(set(self.data) - set(names))
        if extra:
            raise ComponentError(
                f"{self.where} has unknown field(s) {', '.join(extra)} (fields: {', '.join(names)})"
            )

    def text(self, key: str, default: str | None = None) -> str:
        value = self.data.get(key, default)
        if not isinstance(value, str) or not value:
            raise ComponentError(f"{self.where}.{key} must be a non-empty string")
        return value

    def integer(self, key: str, lo: int, hi: int, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ComponentError(f"{self.where}.{key} must be an integer in {lo}..{hi}, not {value!r}")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            raise ComponentError(f"{self.where}.{key} must be true or false")
        return value

    def choice(self, key: str, choices: tuple[str, ...]) -> int:
        value = self.text(key)
        if value not in choices:
            raise ComponentError(f"{self.where}.{key} is {value!r}; expected one of {', '.join(choices)}")
        return choices.index(value)

    def gains(self, key: str) -> Gains:
        return _gains(self.data.get(key, {}), f"{self.where}.{key}")

    def types(self, key: str) -> int:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise ComponentError(f"{self.where}.{key} must be a list of planet types")
        mask = 0
        for i, item in enumerate(value):
            if item not in PLANET_TYPES:
                raise ComponentError(
                    f"{self.where}.{key}[{i}] is {item!r}; planet types are {', '.join(PLANET_TYPES)}"
                )
            mask |= 1 << PLANET_TYPES.index(item)
        return mask

    def ints(self, key: str, lo: int, hi: int, most: int) -> tuple[int, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or len(value) > most:
            raise ComponentError(f"{self.where}.{key} must be a list of at most {most} integers")
        for i, item in enumerate(value):
            if isinstance(item, bool) or not isinstance(item, int) or not lo <= item <= hi:
                raise ComponentError(f"{self.where}.{key}[{i}] must be an integer in {lo}..{hi}")
        return tuple(value)

    def tables(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise ComponentError(f"{self.where}.{key} must be a list of tables")
        return value


def _gains(value: Any, where: str) -> Gains:
    if not isinstance(value, dict):
        raise ComponentError(f"{where} must be a table of resources ({', '.join(RESOURCES)})")
    amounts = [0] * 8
    for name, amount in value.items():
        if name not in RESOURCES:
            raise ComponentError(
                f"{where} names an unknown resource {name!r} (resources: {', '.join(RESOURCES)})"
            )
        if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 12:
            raise ComponentError(f"{where}.{name} must be an integer in 0..12, not {amount!r}")
        amounts[RESOURCES.index(name)] = amount
    return tuple(amounts)


def _reference_file(name: str) -> dict[str, Any]:
    text = resources.files("boardgames.games.age_of_galaxy").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def _reference_data() -> dict[str, Any]:
    return {name: _reference_file(name) for name in FILES}


def _read(directory: Path, owner: str) -> dict[str, Any]:
    """Each of the five files from ``directory``, or from the reference set where it has none."""
    if not directory.is_dir():
        raise ComponentError(f"components directory {str(directory)!r} does not exist")
    return {
        name: read_toml(directory / name, owner) if (directory / name).is_file() else _reference_file(name)
        for name in FILES
    }


# -- the five files ---------------------------------------------------------------------


def _technologies(data: Mapping[str, Any]) -> tuple[Technology, ...]:
    items = data.get("technology")
    if not isinstance(items, list) or not items:
        raise ComponentError("technologies.toml needs [[technology]] tables")
    ids: list[str] = []
    for i, raw in enumerate(items):
        ids.append(_Field(raw, f"technologies.toml technology[{i}]").text("id"))
    if len(set(ids)) != len(ids):
        raise ComponentError("technologies.toml: two technologies share an id")
    techs: list[Technology] = []
    seats: set[tuple[int, int]] = set()
    for i, raw in enumerate(items):
        f = _Field(raw, f"technologies.toml technology {ids[i]!r}")
        f.known(
            "id", "name", "level", "path", "tier", "requires", "gain", "choice", "adapt", "reach",
            "on_explore", "on_develop", "develop_discount", "colonize_discount", "manufacture_discount",
            "protect_all", "protects", "war_keep", "others_lose", "exploration_tokens",
            "prestige_per_planet", "scoring",
        )
        level = f.choice("level", ("basic", "advanced"))
        path = f.integer("path", -1, 2, -1)
        tier = f.integer("tier", -1, 2, -1)
        if (path < 0) != (tier < 0):
            raise ComponentError(f"{f.where}: path and tier go together (both or neither)")
        if path >= 0:
            if (path, tier) in seats:
                raise ComponentError(f"{f.where}: two technologies on path {path} tier {tier}")
            seats.add((path, tier))
        elif level == 0:
            raise ComponentError(f"{f.where}: Faction Technologies are always Advanced")
        requires_raw = f.data.get("requires", [])
        if not isinstance(requires_raw, list):
            raise ComponentError(f"{f.where}.requires must be a list of technology ids")
        requires = []
        for name in requires_raw:
            if name == ids[i]:
                raise ComponentError(f"{f.where}.requires names the technology itself")
            if name not in ids:
                raise ComponentError(f"{f.where}.requires names an unknown technology {name!r}")
            requires.append(ids.index(name))
        adapt = f.types("adapt")
        if adapt >> BARREN & 1 and f.text("name") != TERRAFORMING:
            raise ComponentError(
                f"{f.where}.adapt: only Terraforming may give the Barren adaptation (\"Barren planets may"
                " only be Colonized by players who have Researched the Terraforming Technology\")"
            )
        choice_raw = f.tables("choice")
        if len(choice_raw) > MAX_EXCHANGES:
            raise ComponentError(f"{f.where}.choice offers at most {MAX_EXCHANGES} options")
        scoring = _Field(f.data.get("scoring", {}), f"{f.where}.scoring")
        scoring.known("colonized", "developed")
        techs.append(
            Technology(
                index=i,
                id=ids[i],
                name=f.text("name"),
                advanced=level == 1,
                path=path,
                tier=tier,
                requires=tuple(requires),
                gain=f.gains("gain"),
                choice=tuple(_gains(c, f"{f.where}.choice[{k}]") for k, c in enumerate(choice_raw)),
                adapt=adapt,
                reach=f.integer("reach", 0, 4, 0),
                on_explore=f.gains("on_explore"),
                on_develop=f.gains("on_develop"),
                develop_discount=f.integer("develop_discount", 0, 12, 0),
                colonize_discount=f.integer("colonize_discount", 0, 12, 0),
                manufacture_discount=f.integer("manufacture_discount", 0, 2, 0),
                protect_all=f.flag("protect_all"),
                protects=f.types("protects"),
                war_keep=f.integer("war_keep", 0, 5, 0),
                others_lose=f.gains("others_lose"),
                exploration_tokens=f.integer("exploration_tokens", 0, 3, 0),
                prestige_per_planet=f.types("prestige_per_planet"),
                score_colonized=scoring.integer("colonized", 0, 5, 0),
                score_developed=scoring.integer("developed", 0, 5, 0),
            )
        )
    if len(seats) != BOARD_TECH_COUNT:
        raise ComponentError("technologies.toml: the player board needs 9 Technologies (3 paths x 3 tiers)")
    names: set[str] = set()
    for tech in techs:
        if tech.name in names:
            raise ComponentError(f"technologies.toml: two technologies are named {tech.name!r}")
        names.add(tech.name)
    _check_requirements_end(techs)
    return tuple(techs)


def _check_requirements_end(techs: list[Technology]) -> None:
    """No technology requires itself through others (it could never be Researched)."""
    for tech in techs:
        seen: set[int] = set()
        todo = list(tech.requires)
        while todo:
            r = todo.pop()
            if r == tech.index:
                raise ComponentError(
                    f"technologies.toml: {tech.id!r} requires itself through its prerequisites"
                )
            if r not in seen:
                seen.add(r)
                todo.extend(techs[r].requires)


def _factions(data: Mapping[str, Any], techs: tuple[Technology, ...]) -> tuple[FactionCard, ...]:
    items = data.get("faction")
    if not isinstance(items, list) or len(items) != FACTION_COUNT:
        raise ComponentError(f"factions.toml needs exactly {FACTION_COUNT} [[faction]] tables")
    by_id = {t.id: t for t in techs}
    used: set[int] = set()
    cards: list[FactionCard] = []
    names: set[str] = set()
    for i, raw in enumerate(items):
        f = _Field(raw, f"factions.toml faction[{i}]")
        f.known("name", "ideology", "adaptation", "debut", "reinforcement", "technologies",
                "production", "protects", "scoring")
        name = f.text("name")
        if name in names:
            raise ComponentError(f"factions.toml: two factions are named {name!r}")
        names.add(name)
        tech_names = f.data.get("technologies", [])
        if not isinstance(tech_names, list) or len(tech_names) > 2:
            raise ComponentError(f"{f.where}.technologies must be a list of at most 2 technology ids")
        tech_ids = []
        for t in tech_names:
            tech = by_id.get(t) if isinstance(t, str) else None
            if tech is None or tech.path >= 0:
                raise ComponentError(f"{f.where}.technologies: {t!r} is not a Faction Technology")
            if tech.index in used:
                raise ComponentError(f"{f.where}.technologies: {t!r} is on two Faction cards")
            for r in tech.requires:
                if techs[r].id not in tech_names:
                    raise ComponentError(
                        f"{f.where}: {t!r} requires {techs[r].id!r}, which is not on this card"
                    )
            used.add(tech.index)
            tech_ids.append(tech.index)
        scoring: tuple[int, int, int] | None = None
        if "scoring" in f.data:
            s = _Field(f.data["scoring"], f"{f.where}.scoring")
            s.known("per", "every", "points")
            scoring = (
                s.choice("per", SCORING_KINDS), s.integer("every", 1, 12, 1), s.integer("points", 1, 5, 1)
            )
        adaptation = f.choice("adaptation", PLANET_TYPES)
        if adaptation == BARREN:
            raise ComponentError(
                f"{f.where}.adaptation: a Faction cannot be adapted to Barren planets (\"Barren planets"
                " may only be Colonized by players who have Researched the Terraforming Technology\")"
            )
        cards.append(
            FactionCard(
                index=i,
                name=name,
                ideology=f.choice("ideology", IDEOLOGIES),
                adaptation=adaptation,
                debut=f.gains("debut"),
                reinforcement=f.gains("reinforcement"),
                technologies=tuple(tech_ids),
                production=f.gains("production"),
                protects=f.types("protects"),
                scoring=scoring,
            )
        )
    return tuple(cards)


def _galaxy(data: Mapping[str, Any]) -> tuple[tuple[SystemCard, ...], tuple[PlanetKind, ...], tuple[int, ...],
                                               tuple[Gains, ...]]:
    systems_raw = data.get("system")
    if not isinstance(systems_raw, list) or len(systems_raw) != SYSTEM_COUNT:
        raise ComponentError(f"galaxy.toml needs exactly {SYSTEM_COUNT} [[system]] tables")
    kinds: list[PlanetKind] = []
    systems: list[SystemCard] = []
    for i, raw in enumerate(systems_raw):
        f = _Field(raw, f"galaxy.toml system[{i}]")
        f.known("name", "planets", "planet_tokens", "exploration")
        planets = []
        for k, p in enumerate(f.tables("planets")):
            pf = _Field(p, f"{f.where}.planets[{k}]")
            pf.known("type", "reward", "players")
            kinds.append(PlanetKind(pf.choice("type", PLANET_TYPES), pf.gains("reward"), False))
            planets.append((len(kinds) - 1, pf.integer("players", 1, 4, 1)))
        tokens = f.ints("planet_tokens", 1, 4, MAX_PLANETS_PER_SYSTEM)
        if len(planets) + len(tokens) > MAX_PLANETS_PER_SYSTEM:
            raise ComponentError(
                f"{f.where}: at most {MAX_PLANETS_PER_SYSTEM} planets and Planet-token icons"
            )
        systems.append(
            SystemCard(i, f.text("name"), tuple(planets), tokens,
                       f.ints("exploration", 1, 4, MAX_EXPLORATION_PER_SYSTEM))
        )
        if any(other.name == systems[-1].name for other in systems[:-1]):
            raise ComponentError(f"galaxy.toml: two System cards are named {systems[-1].name!r}")
    token_raw = data.get("planet_token")
    if not isinstance(token_raw, list) or len(token_raw) != PLANET_TOKEN_COUNT:
        raise ComponentError(f"galaxy.toml needs exactly {PLANET_TOKEN_COUNT} [[planet_token]] tables")
    tokens_idx = []
    for i, raw in enumerate(token_raw):
        f = _Field(raw, f"galaxy.toml planet_token[{i}]")
        f.known("type", "reward")
        kinds.append(PlanetKind(f.choice("type", PLANET_TYPES), f.gains("reward"), True))
        tokens_idx.append(len(kinds) - 1)
    explore_raw = data.get("exploration_token")
    if not isinstance(explore_raw, list) or len(explore_raw) != EXPLORATION_TOKEN_COUNT:
        raise ComponentError(
            f"galaxy.toml needs exactly {EXPLORATION_TOKEN_COUNT} [[exploration_token]] tables"
        )
    explore = []
    for i, raw in enumerate(explore_raw):
        f = _Field(raw, f"galaxy.toml exploration_token[{i}]")
        f.known("gain")
        explore.append(f.gains("gain"))
    return tuple(systems), tuple(kinds), tuple(tokens_idx), tuple(explore)


def _exchanges(items: list[Any], where: str) -> tuple[Exchange, ...]:
    if not items or len(items) > MAX_EXCHANGES:
        raise ComponentError(f"{where} needs 1 to {MAX_EXCHANGES} exchanges")
    out = []
    for k, raw in enumerate(items):
        f = _Field(raw, f"{where}[{k}]")
        f.known("give", "get")
        give, get = f.gains("give"), f.gains("get")
        if not any(give) or not any(get):
            raise ComponentError(f"{f.where} must give something and get something")
        out.append(Exchange(give, get))
    return tuple(out)


def _board(data: Mapping[str, Any]) -> tuple[tuple[TradeCard, ...], tuple[NominateSpace, ...]]:
    trade_raw = data.get("trade")
    if not isinstance(trade_raw, list) or len(trade_raw) != TRADE_COUNT:
        raise ComponentError(f"board.toml needs exactly {TRADE_COUNT} [[trade]] tables")
    trades = []
    for i, raw in enumerate(trade_raw):
        f = _Field(raw, f"board.toml trade[{i}]")
        f.known("name", "spaces", "exchanges", "back")
        spaces = f.ints("spaces", 1, 4, 8)
        if not spaces:
            raise ComponentError(f"{f.where}.spaces needs at least one space")
        front = _exchanges(f.tables("exchanges"), f"{f.where}.exchanges")
        back = _exchanges(f.tables("back"), f"{f.where}.back") if "back" in f.data else front
        trades.append(TradeCard(i, f.text("name"), tuple(sorted(spaces)), front, back))
    nominate_raw = data.get("nominate")
    if not isinstance(nominate_raw, list) or not 1 <= len(nominate_raw) <= 8:
        raise ComponentError("board.toml needs a nominate list of 1 to 8 spaces")
    nominate = []
    for i, raw in enumerate(nominate_raw):
        f = _Field(raw, f"board.toml nominate[{i}]")
        f.known("prestige", "players")
        nominate.append(NominateSpace(f.integer("prestige", 0, 12), f.integer("players", 1, 4, 1)))
    return tuple(trades), tuple(nominate)


def _scenarios(data: Mapping[str, Any]) -> tuple[Scenario, ...]:
    items = data.get("scenario", [])
    if not isinstance(items, list):
        raise ComponentError("scenarios.toml: [[scenario]] must be tables")
    out = []
    seen: set[str] = set()
    for i, raw in enumerate(items):
        f = _Field(raw, f"scenarios.toml scenario[{i}]")
        f.known("id", "name", "description", "setup", "rules", "victory")
        sid = f.text("id")
        if sid in seen:
            raise ComponentError(f"scenarios.toml: two scenarios share the id {sid!r}")
        seen.add(sid)
        setup = _Field(f.data.get("setup", {}), f"{f.where}.setup")
        setup.known("player_gain", "opponent_cruisers", "opponent_strength")
        rules = _Field(f.data.get("rules", {}), f"{f.where}.rules")
        rules.known("reveal_die")
        die = rules.ints("reveal_die", 0, 5, 6)
        if len(die) != 6:
            raise ComponentError(f"{rules.where}.reveal_die needs one number per die face (6)")
        victory = _Field(f.data.get("victory", {}), f"{f.where}.victory")
        victory.known("min_score", "min_relics", "min_developed", "more_prestige_than_opponent")
        out.append(
            Scenario(
                id=sid,
                name=f.text("name"),
                description=f.text("description", ""),
                player_gain=setup.gains("player_gain"),
                opponent_cruisers=setup.integer("opponent_cruisers", 0, 5, 2),
                opponent_strength=setup.integer("opponent_strength", 0, 12, 4),
                reveal_die=die,
                min_score=victory.integer("min_score", 0, 500, 0),
                min_relics=victory.integer("min_relics", 0, 100, 0),
                min_developed=victory.integer("min_developed", 0, 20, 0),
                more_prestige_than_opponent=victory.flag("more_prestige_than_opponent"),
            )
        )
    return tuple(out)


def load_components(directory: Source = None) -> Components:
    """The validated component set: the reference set, or a user's files.

    ``directory`` holds any of the five data files; missing ones come from the
    reference set.  It may also be a dict from file name (``"galaxy.toml"``)
    to that file's tables, holding all five.  Raises :class:`ComponentError`
    with the file and field of the first fault.
    """
    return components.load("age-of-galaxy", directory, _parse, reference=_reference_data, read=_read)


def _parse(parsed: Mapping[str, Any]) -> Components:
    if not isinstance(parsed, Mapping) or set(parsed) != set(FILES):
        raise ComponentError(f"the component data must hold the files {', '.join(FILES)}")
    for name in FILES:
        if not isinstance(parsed[name], Mapping):
            raise ComponentError(f"{name} must be a table")
    techs = _technologies(parsed["technologies.toml"])
    factions = _factions(parsed["factions.toml"], techs)
    systems, kinds, tokens, explore = _galaxy(parsed["galaxy.toml"])
    trades, nominate = _board(parsed["board.toml"])
    scenarios = _scenarios(parsed["scenarios.toml"])
    digest = hashlib.sha256(json.dumps(parsed, sort_keys=True).encode()).hexdigest()[:16]
    return Components(techs, factions, systems, kinds, tokens, explore, trades, nominate, scenarios, digest)
