"""Validation of serialized Andromeda's Edge states (never trusts its input)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from boardgames.games.andromedas_edge.actions import MAX_STATION
from boardgames.games.andromedas_edge.state import FIELDS
from boardgames.games.andromedas_edge.work import OVER, Task
from boardgames.kernel.errors import SerializationError

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge

_TASK_KINDS = frozenset(v for k, v in vars(Task).items() if k.isupper() and isinstance(v, int))
_VARIABLE = frozenset(
    {"tasks", "etop", "ebottom", "ediscard", "mbottom", "claimed", "station", "mdmg", "mmoon", "mused",
     "half", "irow", "offers", "doffers", "upg_supply", "b_rolls", "b_lost"}
)  # fmt: skip
_BOOLS = frozenset({"truncated", "transferred", "rearranged", "ability_used", "module_first"})


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


def validate(game: AndromedasEdge, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise SerializationError("state must be an object")
    missing = [f for f in FIELDS if f not in data]
    extra = [f for f in data if f not in FIELDS]
    if missing or extra:
        raise SerializationError(f"state fields missing {missing} / unknown {extra}")
    shapes = game.template_shapes()
    c = game.components
    n = game.players
    fields: dict[str, Any] = {}
    for name in FIELDS:
        value = data[name]
        if name in _BOOLS:
            if not isinstance(value, bool):
                raise _fail(f"{name} must be true or false")
            fields[name] = value
            continue
        fields[name] = _ints(value, name)
        if name not in _VARIABLE and _shape(fields[name]) != shapes[name]:
            raise _fail(f"{name} has the wrong shape")
    f = fields
    checks = {
        "phase": (0, OVER), "active": (0, n - 1), "turn": (0, game.turn_limit), "final": (-1, n),
        "event_pos": (-2, c.event_end), "event_holder": (-1, n - 1), "region": (-1, game.regions - 1),
        "b_cease": (0, 1),
    }  # fmt: skip
    for name, (lo, hi) in checks.items():
        if not lo <= f[name] <= hi:
            raise _fail(f"{name} must be in {lo}..{hi}")
    for task in f["tasks"]:
        if not isinstance(task, tuple) or len(task) != 4 or task[0] not in _TASK_KINDS:
            raise _fail("tasks holds an unknown step")
        if task[0] in Task.DECISIONS and not 0 <= task[1] < n:
            raise _fail("tasks names no player for a decision")
        if task[0] == Task.GIVE_MODULE and not 4 <= task[2] < len(c.modules):
            raise _fail("tasks offers an unknown module")
        token_there = 0 <= task[2] < len(f["stokens"]) and f["stokens"][task[2]] >= 0
        if task[0] == Task.SUPREMACY and not (game.teams and token_there and 0 <= task[3] < n):
            raise _fail("tasks awards a supremacy token that is not there")
    if f["phase"] != OVER and not f["tasks"]:
        raise _fail("tasks is empty during play")
    for p in range(n):
        size = len(f["station"][p])
        if not 4 <= size <= MAX_STATION or any(len(f[k][p]) != size for k in ("mdmg", "mmoon", "mused")):
            raise _fail(f"station of player {p} is malformed")
        if f["station"][p][:4] != (0, 1, 2, 3) or any(
            not 4 <= k < len(c.modules) for k in f["station"][p][4:]
        ):
            raise _fail(f"station of player {p} holds an unknown module")
        industry = [i for i, k in enumerate(f["station"][p]) if c.modules[k].type == 1]
        if len(f["half"][p]) != len(industry) - 1 or len(f["claimed"][p]) > 5:
            raise _fail(f"half-moon slots or claimed moons of player {p} are malformed")
        row = f["irow"][p] if len(f["irow"]) == n else None
        if type(row) is not tuple or sorted(row) != industry or row[0] != 1:
            raise _fail(f"industry row of player {p} is not an order of its industry modules")
        if any(not -6 <= loc < game.regions for loc in f["ships"][p]):
            raise _fail(f"ships of player {p} are in no place")
    tactics = [
        sum(h[k] for h in f["hands"]) + f["tdeck"][k] + f["tdiscard"][k] + sum(s[k] for s in f["sustain"])
        for k in range(len(c.tactics))
    ]
    if tuple(tactics) != c.tactics_counts:
        raise _fail("hands, deck and discards do not add up to the tactics cards")
    modules = Counter(k for col in f["market"] for k in col if k >= 0)
    modules.update(k for row in f["mbottom"] for k in row)
    modules.update(k for row in f["station"] for k in row[4:])
    modules.update(t[2] for t in f["tasks"] if t[0] == Task.GIVE_MODULE)
    for k, count in enumerate(f["mdeck"]):
        if modules[k] + count != c.module_counts[k]:
            raise _fail("the modules do not add up")
    moons = Counter(k for k in f["moon_top"] if k >= 0)
    for p in range(n):
        moons.update(f["claimed"][p])
        moons.update(k for k in (f["tacops"][p], *f["mmoon"][p], *f["half"][p]) if k >= 0)
    for k, count in enumerate(c.moon_counts):
        if moons[k] + f["moon_pool"][k] + f["moon_discard"][k] != count:
            raise _fail("the moons do not add up")
    for k, count in enumerate(c.discovery_counts):
        if sum(s[k] for s in f["dstacks"]) + sum(h[k] for h in f["dheld"]) + f["dused"][k] > count:
            raise _fail("there are more discovery tokens than the game has")
    cards = [card for card, _ in (*f["etop"], *f["ebottom"])] + list(f["ediscard"])
    cards += [card for card, m in enumerate(f["edeck"]) for _ in range(m)]
    if sorted(cards) != sorted(game.event_cards):
        raise _fail("the event cards do not add up to the chosen deck")
    return fields
