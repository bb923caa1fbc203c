"""Validation of serialized Andromeda's Edge states (never trusts its input)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from boardgames.games.andromedas_edge.actions import MAX_STATION
from boardgames.games.andromedas_edge.components import SHIP_TYPES, VOYAGE
from boardgames.games.andromedas_edge.state import BAY, DEVELOPED, FIELDS, ON_MODULE, OVER, SETUP, Task
from boardgames.kernel.cards import Deck, cards_of
from boardgames.kernel.errors import SerializationError

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge
    from boardgames.games.andromedas_edge.state import AndromedasEdgeState

_TASK_KINDS = frozenset(v for k, v in vars(Task).items() if k.isupper() and isinstance(v, int))
_VARIABLE = frozenset(
    {"tasks", "ediscard", "mbottom", "claimed", "station", "mdmg", "mmoon", "mused", "half", "irow",
     "offers", "doffers", "upg_supply", "b_rolls", "b_lost"}
)  # fmt: skip
_BOOLS = frozenset({"truncated", "transferred", "rearranged", "ability_used", "module_first"})
BASE_CODE = 15
SPECIAL_CODE = 21
LEADERS = 9
MAX_VP = 400
"""VP a game can reach: far above any measured final score (see the docs page)."""
DISCOVERY_STACKS = 3
DISCOVERY_STACK_SIZE = 5
"""Setup deals 3 stacks of 5 discovery tokens; tokens move from stacks to players to used."""
MAX_COUNT = 200
"""A cap on stored resources, bonuses and card counts: far above what play reaches."""


def _fail(what: str) -> SerializationError:
    return SerializationError(f"state.{what}")


def _int_ok(value: Any, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def _ints(value: Any, where: str, lo: int = -6, hi: int = 10_000) -> Any:
    """An int, a list of ints or a list of lists of ints (as tuples), each int in lo..hi."""
    if type(value) is list:
        if all(type(v) is int and lo <= v <= hi for v in value):
            return tuple(value)
        rows = []
        for v in value:
            if type(v) is not list or not all(_int_ok(x, lo, hi) for x in v):
                raise _fail(f"{where} must hold ints in {lo}..{hi} nested at most two deep")
            rows.append(tuple(v))
        return tuple(rows)
    if not _int_ok(value, lo, hi):
        raise _fail(f"{where} must hold ints in {lo}..{hi}, not {value!r}")
    return value


def _shape(value: Any) -> Any:
    """Lengths of a tuple and of its rows (fields nest at most two deep)."""
    if type(value) is not tuple:
        return None
    return (len(value), tuple(len(v) if type(v) is tuple else -1 for v in value))


def load(game: AndromedasEdge, data: Any) -> AndromedasEdgeState:
    """A state from checked fields (:func:`validate`) that can go on: a decision
    has legal actions, a chance event has outcomes."""
    state = game._state(validate(game, data))
    if state.is_terminal:
        return state
    try:
        ok = bool(state.chance_outcomes() if state.is_chance else state.legal_action_ids())
    except (IndexError, KeyError, ValueError, TypeError) as e:  # a combination no rule produces
        raise _fail(f"tasks: the pending step cannot be carried out ({type(e).__name__})") from None
    if not ok:
        raise _fail("tasks: the pending step has no legal action or outcome")
    return state


def validate(game: AndromedasEdge, data: Any) -> dict[str, Any]:
    """Check a state's fields (as JSON gives them: lists, ints, bools) and
    return them as a state's fields.  Every way into a state (JSON loading and
    :meth:`AndromedasEdge.position`) goes through here: types and shapes,
    ranges, the conservation of every card, token, moon, module, ship and
    leader, the caps, and the consistency of the pending steps with the
    player to act.  Raises :class:`SerializationError` naming the field."""
    if not isinstance(data, dict):
        raise SerializationError("state must be an object")
    missing = [f for f in FIELDS if f not in data]
    extra = [f for f in data if f not in FIELDS]
    if missing or extra:
        raise SerializationError(f"state fields missing {missing} / unknown {extra}")
    shapes = game.template_shapes()
    fields: dict[str, Any] = {}
    for name in FIELDS:
        value = data[name]
        if name in _BOOLS:
            if not isinstance(value, bool):
                raise _fail(f"{name} must be true or false")
            fields[name] = value
            continue
        if name == "edeck":
            fields[name] = _deck(game, value)
            continue
        fields[name] = _ints(value, name)
        if name not in _VARIABLE and _shape(fields[name]) != shapes[name]:
            raise _fail(f"{name} has the wrong shape")
        if name in _VARIABLE and name in _ROWS:
            rows = _ROWS[name](game)
            if type(fields[name]) is not tuple or len(fields[name]) != rows:
                raise _fail(f"{name} must hold {rows} rows")
            if any(type(r) is not tuple for r in fields[name]):
                raise _fail(f"{name} must hold lists")
    _check_scalars(game, fields)
    _check_board(game, fields)
    _check_players(game, fields)
    _check_supplies(game, fields)
    _check_battle(game, fields)
    _check_tasks(game, fields)
    _check_moment(game, fields)
    return fields


def _deck(game: AndromedasEdge, value: Any) -> Deck:
    """The event deck (:meth:`boardgames.kernel.cards.Deck.from_data`): one
    copy of each event card at most, a known card seen by some of the players."""
    try:
        return Deck.from_data(value, len(game.components.events), players=game.players, most=1)
    except SerializationError as error:
        raise _fail(f"edeck: {error}") from None


_ROWS: dict[str, Any] = {
    "mbottom": lambda g: 4,
    "claimed": lambda g: g.players,
    "station": lambda g: g.players,
    "mdmg": lambda g: g.players,
    "mmoon": lambda g: g.players,
    "mused": lambda g: g.players,
    "half": lambda g: g.players,
    "irow": lambda g: g.players,
    "offers": lambda g: g.players,
    "doffers": lambda g: g.players,
    "upg_supply": lambda g: g.players,
    "b_rolls": lambda g: g.players + 1,
}
"""Fields whose rows vary in length but whose number of rows is fixed."""


def _in(f: dict[str, Any], name: str, lo: int, hi: int) -> None:
    """Every int of field ``name`` (flat or in rows) lies in lo..hi."""
    value = f[name]
    flat = [value] if type(value) is int else [x for v in value for x in (v if type(v) is tuple else (v,))]
    if any(not lo <= x <= hi for x in flat):
        raise _fail(f"{name} must hold values in {lo}..{hi}")


def _check_scalars(game: AndromedasEdge, f: dict[str, Any]) -> None:
    c = game.components
    n = game.players
    checks = {
        "phase": (0, OVER), "active": (0, n - 1), "turn": (0, game.turn_limit), "final": (-1, n),
        "event_pos": (-2, c.event_end), "event_holder": (-1, n - 1), "region": (-1, game.regions - 1),
        "b_cease": (0, 1),
    }  # fmt: skip
    for name, (lo, hi) in checks.items():
        if not lo <= f[name] <= hi:
            raise _fail(f"{name} must be in {lo}..{hi}")
    if f["phase"] == SETUP:
        raise _fail("phase must be play or over (setup is over once a state exists)")
    if f["truncated"] and f["phase"] != OVER:
        raise _fail("truncated is set while the game goes on")
    if (f["event_pos"] == -2) != (f["event_holder"] >= 0):
        raise _fail("event_holder must hold the event marker exactly while it is on a station")
    if f["final"] >= 0 and f["event_pos"] not in (-1, -2):
        raise _fail("event_pos: the marker is removed once the game end is triggered")
    _in(f, "vp", 0, MAX_VP)


def _check_board(game: AndromedasEdge, f: dict[str, Any]) -> None:
    c = game.components
    n = game.players
    moons = len(c.moons)
    layout = f["layout"]
    special = set(c.special_spaces) if game.special else set()
    for r, code in enumerate(layout):
        if r in special:
            if code != SPECIAL_CODE + c.special_spaces.index(r):
                raise _fail(f"layout: space {r} must hold its special tile")
        elif not -1 <= code < SPECIAL_CODE:
            raise _fail(f"layout code {code} is out of range")
    planets = [code for code in layout if 0 <= code < BASE_CODE]
    bases = sorted(code for code in layout if BASE_CODE <= code < SPECIAL_CODE)
    if bases != list(range(BASE_CODE, SPECIAL_CODE)):
        raise _fail("layout must hold each Alliance Base once")
    _in(f, "planet_stack", 0, 1)
    stacked = [k for k, m in enumerate(f["planet_stack"]) if m]
    if sorted(planets + stacked) != list(range(len(c.planets))):
        raise _fail("layout and planet_stack must hold each planet once")
    filled = [r for r, code in enumerate(layout) if code >= 0]
    if filled != list(range(len(filled))) and not special:
        raise _fail("layout: planets are placed in order, no gaps")
    _in(f, "moon_top", -1, moons - 1)
    _in(f, "moon_hidden", 0, 3)
    for r in range(game.regions):
        planet = r < game.spaces and 0 <= layout[r] < BASE_CODE
        nebula = r >= game.spaces
        if not (planet or nebula) and (f["moon_top"][r] >= 0 or f["moon_hidden"][r]):
            raise _fail(f"moon_top: region {r} has no moons")
        tasks = [t for t in f["tasks"] if type(t) is tuple and len(t) == 4]
        revealing = any(t[0] == Task.MOON and t[2] == r for t in tasks)
        if f["moon_hidden"][r] and (nebula or (f["moon_top"][r] < 0 and not revealing)):
            raise _fail(f"moon_hidden: region {r} has hidden moons under no top moon")
        if f["moon_hidden"][r] == 3 and (f["moon_top"][r] >= 0 or not revealing):
            raise _fail(f"moon_hidden: 3 moons only on a planet just revealed (region {r})")
        if f["moon_top"][r] >= 0:
            colour = 5 if nebula else c.planets[layout[r]].type
            if c.moons[f["moon_top"][r]].colour != colour:
                raise _fail(f"moon_top: region {r} holds a moon of another colour")
    _in(f, "dev", -1, n - 1)
    if any(d >= 0 and not (r < game.spaces and 0 <= layout[r] < BASE_CODE) for r, d in enumerate(f["dev"])):
        raise _fail("dev: developments stand only on planets")
    _in(f, "bonus", 0, MAX_COUNT)
    if any(any(f["bonus"][r]) for r in range(game.spaces)):
        raise _fail("bonus: bonus resources lie only on nebulae")
    _in(f, "rpos", -1, game.regions - 1)
    for i, r in enumerate(f["rpos"]):
        classes = game.standee_class
        if r >= 0 and any(f["rpos"][j] == r and classes[j] != classes[i] for j in range(i)):
            raise _fail("rpos: only 1 class of raider per region")
    shields = [c.raiders[f["raider_cards"][game.standee_class[i]]].shields for i in range(len(f["rpos"]))]
    cards = f["raider_cards"]
    if cards[0] != game.s_card or any(
        not 0 <= k < len(c.raiders) or c.raiders[k].cls != cls for cls, k in enumerate(cards)
    ):
        raise _fail("raider_cards must hold the S-class card and one card of each class A-D")
    if any(not 0 <= d <= s for d, s in zip(f["rdmg"], shields)):
        raise _fail("rdmg exceeds a raider's shields")


def _check_players(game: AndromedasEdge, f: dict[str, Any]) -> None:
    c = game.components
    n = game.players
    moons = len(c.moons)
    tiles = len(c.upgrades) + len(c.factions)
    _in(f, "res", 0, MAX_COUNT)
    _in(f, "faction", -1, len(c.factions) - 1)
    _in(f, "offers", 0, len(c.factions) - 1)
    _in(f, "destiny", -1, len(c.destiny) - 1)
    _in(f, "doffers", 0, len(c.destiny) - 1)
    _in(f, "ships", ON_MODULE, game.regions - 1)
    _in(f, "upgrades", -1, tiles - 1)
    _in(f, "upg_supply", 0, tiles - 1)
    _in(f, "leaders_home", 0, LEADERS)
    _in(f, "leaders_on", 0, LEADERS)
    _in(f, "claimed", 0, moons - 1)
    _in(f, "tacops", -1, moons - 1)
    _in(f, "mmoon", -1, moons - 1)
    _in(f, "half", -1, moons - 1)
    _in(f, "mdmg", 0, 2)
    _in(f, "mused", 0, 3)
    _in(f, "devcards", 0, game.spaces)
    _in(f, "devused", 0, game.spaces)
    chosen = [p for p in range(n) if f["faction"][p] >= 0]
    for p in range(n):
        has = f["faction"][p] >= 0
        if len(f["offers"][p]) != (0 if has else 3) or len(set(f["offers"][p])) != len(f["offers"][p]):
            raise _fail(f"offers of player {p}: 3 factions until one is kept, then none")
        if len(f["doffers"][p]) not in (0, 2) or (f["destiny"][p] >= 0 and f["doffers"][p]):
            raise _fail(f"doffers of player {p}: 2 destiny cards until one is kept, then none")
        # Destiny Cards (an option): each player is dealt 2 and keeps 1; without it, none.
        if (f["destiny"][p] >= 0 or bool(f["doffers"][p])) != bool(game.options["destiny"]):
            raise _fail(f"destiny of player {p}: destiny cards are dealt with the destiny option, to all")
        track_ok = all(0 <= x < len(t.vp) for x, t in zip(f["tracks"][p], c.tracks))
        if not track_ok:
            raise _fail(f"tracks of player {p} are off the progress tracks")
        ships = f["ships"][p]
        for i, loc in enumerate(ships):
            spec = game.ship_spec(f["upgrades"][p], game.ship_types[i]) if _upgrades_ok(game, f, p) else None
            top = spec.shields if spec is not None else 0
            if not 0 <= f["shield_dmg"][p][i] <= top:
                raise _fail(f"shield_dmg of player {p}: more damage than shields")
            if loc >= game.spaces and spec is not None and not spec.abilities & VOYAGE:
                raise _fail(f"ships of player {p}: a ship without Voyage in a nebula")
            if loc >= 0 and loc < game.spaces and f["layout"][loc] < 0:
                raise _fail(f"ships of player {p}: a ship on an empty space")
        if not _upgrades_ok(game, f, p):
            raise _fail(f"upgrades of player {p} do not match their ship types and supply")
        if (BAY not in ships) and all(loc < 0 for loc in ships) and f["phase"] != OVER:
            pass  # every ship scrapped or in the supply can happen; a Return to Station follows
        used = sum(c.dev_leaders[c.planets[f["layout"][r]].type] for r, d in enumerate(f["dev"]) if d == p)
        if f["leaders_home"][p] + sum(f["leaders_on"][p]) + used != LEADERS:
            raise _fail(f"leaders of player {p} do not add up to {LEADERS}")
        developed = sum(1 for loc in ships if loc == DEVELOPED)
        mine = [c.planets[f["layout"][r]].type for r, d in enumerate(f["dev"]) if d == p]
        if developed != len(mine):
            raise _fail(f"ships of player {p}: one transport populates each development")
        if any(f["devcards"][p][t] + f["devused"][p][t] != mine.count(t) for t in range(5)):
            raise _fail(f"devcards of player {p}: one development card per development")
        size = len(f["station"][p])
        if not 4 <= size <= MAX_STATION or any(len(f[k][p]) != size for k in ("mdmg", "mmoon", "mused")):
            raise _fail(f"station of player {p} is malformed")
        station = f["station"][p]
        if station[:4] != (0, 1, 2, 3) or any(not 4 <= k < len(c.modules) for k in station[4:]):
            raise _fail(f"station of player {p} holds an unknown module")
        for slot, k in enumerate(station):
            if f["mmoon"][p][slot] >= 0 and not c.modules[k].moon:
                raise _fail(f"mmoon of player {p}: a moon on module #{slot}, which has no moon slot")
            if f["mmoon"][p][slot] >= 0 and c.modules[k].moon == 1 and c.moons[f["mmoon"][p][slot]].repair:
                raise _fail(f"mmoon of player {p}: a repair moon as an input")
        industry = [i for i, k in enumerate(station) if c.modules[k].type == 1]
        if len(f["half"][p]) != len(industry) - 1 or len(f["claimed"][p]) > 5:
            raise _fail(f"half-moon slots or claimed moons of player {p} are malformed")
        if list(f["claimed"][p]) != sorted(f["claimed"][p]):
            raise _fail(f"claimed moons of player {p} must be sorted")
        row = f["irow"][p]
        if sorted(row) != industry or row[0] != 1:
            raise _fail(f"industry row of player {p} is not an order of its industry modules")
    if len(chosen) < n and f["phase"] == OVER:
        raise _fail("faction: the game ended before every player kept a faction")


def _upgrades_ok(game: AndromedasEdge, f: dict[str, Any], p: int) -> bool:
    """Each placed tile on its own ship type, no tile both placed and in the supply,
    at most one tile of a type in the supply per ship type not yet upgraded twice."""
    placed = f["upgrades"][p]
    supply = f["upg_supply"][p]
    for ship, tile in enumerate(placed):
        if tile >= 0 and game.tile_spec(tile).ship != ship:
            return False
    tiles = [t for t in placed if t >= 0] + list(supply)
    if len(set(tiles)) != len(tiles) or list(supply) != sorted(supply):
        return False
    faction = f["faction"][p]
    neutral = len(game.components.upgrades)
    own = neutral + faction if faction >= 0 else -1
    if (own >= 0) != (own in tiles):
        return False
    # one neutral tile per ship type was dealt at setup, and tiles never leave a player
    dealt = sorted(game.components.upgrades[t].ship for t in tiles if t < neutral)
    return dealt == list(range(len(SHIP_TYPES))) and all(t < neutral or t == own for t in tiles)


def _check_supplies(game: AndromedasEdge, f: dict[str, Any]) -> None:
    c = game.components
    n = game.players
    for name in ("hands", "tdeck", "tdiscard", "sustain", "dstacks", "dheld", "dused", "sheld", "sused"):
        _in(f, name, 0, MAX_COUNT)
    tactics = [
        sum(h[k] for h in f["hands"]) + f["tdeck"][k] + f["tdiscard"][k] + sum(s[k] for s in f["sustain"])
        for k in range(len(c.tactics))
    ]
    if tuple(tactics) != c.tactics_counts:
        raise _fail("hands, deck and discards do not add up to the tactics cards")
    if any(t.type != 2 and any(s[k] for s in f["sustain"]) for k, t in enumerate(c.tactics)):
        raise _fail("sustain holds a card that is not a sustain card")
    _in(f, "market", -1, len(c.modules) - 1)
    _in(f, "mdeck", 0, max(c.module_counts))
    _in(f, "mbottom", 4, len(c.modules) - 1)
    for col in range(4):
        if any(k >= 0 and game.module_types[k] != col for k in f["market"][col]):
            raise _fail(f"market column {col} holds a module of another type")
        if any(game.module_types[k] != col for k in f["mbottom"][col]):
            raise _fail(f"mbottom column {col} holds a module of another type")
    modules = Counter(k for col in f["market"] for k in col if k >= 0)
    modules.update(k for row in f["mbottom"] for k in row)
    modules.update(k for row in f["station"] for k in row[4:])
    modules.update(t[2] for t in f["tasks"] if t[0] == Task.GIVE_MODULE and 4 <= t[2] < len(c.modules))
    for k, count in enumerate(f["mdeck"]):
        if modules[k] + count != c.module_counts[k]:
            raise _fail("the modules do not add up")
    _in(f, "moon_pool", 0, max(c.moon_counts))
    _in(f, "moon_discard", 0, max(c.moon_counts))
    moons = Counter(k for k in f["moon_top"] if k >= 0)
    for p in range(n):
        moons.update(f["claimed"][p])
        moons.update(k for k in (f["tacops"][p], *f["mmoon"][p], *f["half"][p]) if k >= 0)
    for k, count in enumerate(c.moon_counts):
        if moons[k] + f["moon_pool"][k] + f["moon_discard"][k] != count:
            raise _fail("the moons do not add up")
    hidden: Counter[int] = Counter()
    for r in range(game.regions):
        if f["moon_hidden"][r]:
            colour = c.planets[f["layout"][r]].type
            hidden[colour] += f["moon_hidden"][r]
    pool: Counter[int] = Counter()
    for k, m in enumerate(f["moon_pool"]):
        pool[c.moons[k].colour] += m
    if any(pool[colour] < need for colour, need in hidden.items()):
        raise _fail("moon_pool holds too few moons for the hidden moons on the planets")
    for k, count in enumerate(c.discovery_counts):
        if sum(s[k] for s in f["dstacks"]) + sum(h[k] for h in f["dheld"]) + f["dused"][k] > count:
            raise _fail("there are more discovery tokens than the game has")
    placed = sum(map(sum, f["dstacks"])) + sum(map(sum, f["dheld"])) + sum(f["dused"])
    if placed != min(DISCOVERY_STACKS * DISCOVERY_STACK_SIZE, sum(c.discovery_counts)):
        raise _fail("the discovery tokens dealt to the stacks do not add up")
    _in(f, "stokens", -1, len(c.supremacy) - 1)
    supremacy = Counter(k for k in f["stokens"] if k >= 0)
    for k in range(len(c.supremacy)):
        supremacy[k] += sum(h[k] for h in f["sheld"]) + f["sused"][k]
    if sum(supremacy.values()) != len(f["stokens"]) or any(
        supremacy[k] > m for k, m in enumerate(c.supremacy_counts)
    ):
        raise _fail("the supremacy tokens do not add up")
    _in(f, "ediscard", 0, len(c.events) - 1)
    deck: Deck = f["edeck"]
    cards = [*cards_of(deck.multiset()), *f["ediscard"]]
    if sorted(cards) != sorted(game.event_cards):
        raise _fail("the event cards do not add up to the chosen deck")


def _check_battle(game: AndromedasEdge, f: dict[str, Any]) -> None:
    _in(f, "b_bonus", 0, MAX_COUNT)
    _in(f, "b_target_bonus", 0, MAX_COUNT)
    _in(f, "b_dice", 0, 6)
    _in(f, "b_target", 0, MAX_COUNT)
    _in(f, "b_rolls", 1, 6)
    _in(f, "b_lost", 0, game.players)
    if any(len(r) > 6 for r in f["b_rolls"]):
        raise _fail("b_rolls: at most 6 dice")


_OWN_TURN = frozenset(
    {Task.MAIN, Task.POST, Task.RETURN, Task.WINDOW, Task.SHIP_FROM, Task.REACTOR, Task.RAIDER}
)
"""Decisions only the active player makes."""


def _check_tasks(game: AndromedasEdge, f: dict[str, Any]) -> None:
    c = game.components
    n = game.players
    for task in f["tasks"]:
        if not isinstance(task, tuple) or len(task) != 4 or task[0] not in _TASK_KINDS:
            raise _fail("tasks holds an unknown step")
        kind, player, a, b = task
        if kind in Task.DECISIONS and not 0 <= player < n:
            raise _fail("tasks names no player for a decision")
        if kind not in Task.DECISIONS and not -1 <= player < n:
            raise _fail("tasks names an unknown player")
        if kind in _OWN_TURN and player != f["active"]:
            raise _fail("tasks: a decision of the active player's turn names another player")
        lo, hi = _TASK_ARGS.get(kind, (0, 0))
        top = hi(game) if callable(hi) else hi
        if not lo <= a <= top or (kind not in _SECOND_ARG and b != 0):
            raise _fail(f"tasks: step {kind} has an argument out of range")
        if kind in (Task.DRAW, Task.PEEK_DRAW, Task.PEEK) and not 0 <= player < n:
            raise _fail("tasks: a draw names no player")
        if kind == Task.RAIDER_ROLL and not 0 <= b <= 5:
            raise _fail("tasks: a raider roll out of range")
        if kind == Task.BUY and not 0 <= b <= 1:
            raise _fail("tasks: a module purchase out of range")
        if kind == Task.SPEND and not 1 <= b <= 3:
            raise _fail("tasks: a spending step with an unknown sequel")
        if kind == Task.SHIP_FROM and not a < len(f["station"][player]):
            raise _fail("tasks: a ship for an unknown module")
        # Claiming Moons, Triggering an Event: a moon is revealed only on a planet
        # whose top moon was just taken (or just placed), from the moons hidden there.
        planet = a < game.spaces and 0 <= f["layout"][a] < BASE_CODE
        if kind == Task.MOON and not (planet and f["moon_top"][a] < 0 and f["moon_hidden"][a] > 0):
            raise _fail(f"tasks: a moon revealed in region {a}, which has no hidden moon to reveal")
        if kind == Task.GIVE_MODULE and not 4 <= a < len(c.modules):
            raise _fail("tasks offers an unknown module")
        token_there = 0 <= a < len(f["stokens"]) and f["stokens"][a] >= 0
        if kind == Task.SUPREMACY and not (game.teams and token_there and 0 <= b < n):
            raise _fail("tasks awards a supremacy token that is not there")
    for p in range(n):
        full = any(t[0] == Task.MOON_FULL and t[1] == p for t in f["tasks"])
        if len(f["claimed"][p]) == 5 and not full:
            raise _fail(f"claimed: player {p} holds 5 moons with no step to make room")
    if f["phase"] == OVER:
        if f["tasks"]:
            raise _fail("tasks remain after the game is over")
        return
    if not f["tasks"]:
        raise _fail("tasks is empty during play")
    if f["tasks"][0][0] not in Task.DECISIONS and f["tasks"][0][0] not in Task.CHANCE:
        raise _fail("tasks: the first step must be a decision or a chance event")
    if not any(t[0] in (Task.MAIN, Task.POST, Task.END_TURN, Task.FACTION) for t in f["tasks"]):
        raise _fail("tasks: the turn has no way to end")
    # Factions and Destiny Cards: setup queues one step per player to keep a card of
    # their offer; the offer is spent when the card is kept.
    for p in range(n):
        steps = sum(1 for t in f["tasks"] if t[0] == Task.FACTION and t[1] == p)
        if steps != (f["faction"][p] < 0):
            raise _fail("faction: a player without a faction must have one step to keep one, and only they")
        steps = sum(1 for t in f["tasks"] if t[0] == Task.DESTINY and t[1] == p)
        if steps != bool(f["doffers"][p]):
            raise _fail("destiny: a player with destiny cards on offer needs one step to keep one, only they")


_TASK_ARGS: dict[int, tuple[int, Any]] = {
    Task.SPEND: (0, 2),
    Task.GAIN: (0, 3),
    Task.BUY: (1, 15),
    Task.DEVELOP: (0, 1),
    Task.DISCOVERY: (0, 2),
    Task.GIVE_MODULE: (0, 10_000),
    Task.SUPREMACY: (0, 2),
    Task.WINDOW: (0, 1),
    Task.SHIP_FROM: (0, MAX_STATION - 1),
    Task.DRAW: (0, 80),
    Task.MOON: (0, lambda g: g.regions - 1),
    Task.REFILL: (0, 3),
    Task.PEEK_DRAW: (0, 1),
    Task.RAIDER_ROLL: (0, 4),
    Task.BATTLE_DIE: (0, lambda g: g.players),
}
"""The range of a step's first argument (0..0 for steps that use none)."""
_SECOND_ARG = frozenset({Task.BUY, Task.SPEND, Task.RAIDER_ROLL, Task.SUPREMACY})
"""Steps that use their second argument (checked where used); the rest hold 0."""


_BATTLE_STEPS = frozenset(
    {Task.ESCALATE, Task.DIPLOMACY, Task.PREPARE, Task.BATTLE_DIE, Task.BATTLE, Task.BATTLE_DIPLOMACY,
     Task.BATTLE_PREPARE, Task.BATTLE_ROLL, Task.BATTLE_OUTCOME, Task.BATTLE_DAMAGE}
)  # fmt: skip
"""The steps of a battle (Battle: Escalation .. Damage Ships): they happen in the active region."""
SUPREMACY_TRACK = 4
TOKEN_SPACE = 3
"""The supremacy track, and the mark of its spaces that hold a supremacy token at setup."""


def _check_moment(game: AndromedasEdge, f: dict[str, Any]) -> None:
    """What only a moment of play can hold: each faction and destiny card dealt
    once, leaders only where Player Setup put them, damage only on raiders on
    the board, ships on modules and used modules only during a Return to
    Station, battle steps only in an active region, a transfer only in 2v2."""
    n = game.players
    dealt = [k for k in f["faction"] if k >= 0] + [k for row in f["offers"] for k in row]
    if len(dealt) != len(set(dealt)):
        raise _fail("faction: a faction is dealt to two players")
    dealt = [k for k in f["destiny"] if k >= 0] + [k for row in f["doffers"] for k in row]
    if len(dealt) != len(set(dealt)):
        raise _fail("destiny: a destiny card is dealt twice")
    bases = set(game.base_regions(f["layout"]))
    for p in range(n):
        row = f["leaders_on"][p]
        if any(row[r] > (1 if r in bases else 0) for r in range(game.spaces)):
            raise _fail(f"leaders_on of player {p}: leaders stand only on their 6 Alliance Bases, 1 each")
        nebulae = [k for k in row[game.spaces :] if k]
        if len(nebulae) > 1 or any(k > 2 for k in nebulae):
            raise _fail(f"leaders_on of player {p}: 2 leaders start on 1 nebula, and none join them")
        returning = any(t[0] == Task.RETURN_SHIPS and t[1] == p for t in f["tasks"])
        if (ON_MODULE in f["ships"][p] or any(f["mused"][p])) and not returning:
            raise _fail(
                f"ships or mused of player {p}: ships on modules and used modules only in Return to Station"
            )
    if any(d and r < 0 for d, r in zip(f["rdmg"], f["rpos"])):
        raise _fail("rdmg: damage on a raider that is not on the board")
    if f["region"] < 0 and any(t[0] in _BATTLE_STEPS for t in f["tasks"]):
        raise _fail("region: a battle step is pending with no active region")
    if f["b_lost"] and not any(t[0] == Task.BATTLE_DAMAGE for t in f["tasks"]):
        raise _fail("b_lost: the losers of a battle are known only until its damage is dealt")
    spaces = [
        i for i, kind in enumerate(game.components.tracks[SUPREMACY_TRACK].special) if kind == TOKEN_SPACE
    ]
    top = max(t[SUPREMACY_TRACK] for t in f["tracks"])
    for place, space in enumerate(spaces[: len(f["stokens"])]):
        awarding = any(t[0] == Task.SUPREMACY and t[2] == place for t in f["tasks"])
        if (f["stokens"][place] >= 0) != (top < space or awarding):
            raise _fail(f"stokens: the first player to reach supremacy space {space} claims the token there")
    if f["transferred"] and not game.teams:
        raise _fail("transferred: transfers exist only in 2v2 mode")
