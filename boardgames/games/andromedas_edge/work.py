"""The working copy a rule edits while ``apply`` assembles a successor.

States hold tuples.  A rule reads and writes a :class:`Work`: each field is
thawed into lists on first use and frozen back into tuples when the action
is done, so only the fields an action touches are copied (copy-on-write).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge

__all__ = ["Task", "Work"]

# Ship locations (non-negative values are regions on the board).
SUPPLY = -1
BAY = -2
SCRAPPED = -3
BARGE = -4
DEVELOPED = -5
ON_MODULE = -6  # placed on a station module during Return to Station (off the board)

# Phases.
SETUP = 0
PLAY = 1
OVER = 2

# Event marker positions besides the track spaces.
MARKER_REMOVED = -1
MARKER_ON_STATION = -2


class Task:
    """Kinds of pending steps on the task queue (first element of a task tuple).

    A task is ``(kind, player, a, b)``.  Decisions wait for ``player``;
    chance tasks wait for an outcome; the rest run at once.
    """

    # decisions
    FACTION = 1
    DESTINY = 2
    MAIN = 3  # launch or return, with free actions
    POST = 4  # free actions, then end the turn
    RAIDER = 5  # choose the striking raider class
    PEEK = 6  # a = first card, b = second card
    SPEND = 7  # a = resources still to spend, b = what follows (Then.*)
    GAIN = 8  # a = resources still to gain
    BUY = 9  # a = column mask, b = 1 if this is the second module of a field
    SHIPYARD = 10  # build a ship or repair (Shipyard, Shipwright)
    REPAIR = 11
    BUILD = 12  # build a ship (paid), or decline if unaffordable
    DEVELOP = 13  # a = 1 if the Architect may draw instead
    UPGRADE = 14
    DISCOVERY = 15  # a = stack
    ESCALATE = 16
    DIPLOMACY = 17
    PREPARE = 18
    TACOPS = 19
    RETURN = 20
    REACTOR = 21
    DISCARD = 22  # discard tactics cards down to the limit
    MOON_FULL = 23  # a fifth moon claimed: abandon one
    DAMAGE = 24  # choose a module to damage
    CITY = 25  # any 1 available module for free
    GIVE_MODULE = 26  # 2v2: a = the module kind the active player may give to the teammate
    OFF_TURN = 27  # the end-of-turn window for another player's any-turn action cards
    SUPREMACY = 28  # 2v2: the active player picks which teammate takes token a (b = the other player)
    WINDOW = 29  # free actions between a launch's steps: a = 0 before the raider strike, 1 before battle
    CIV_DRAW = 30  # a tactics card limit space reached: draw up to the new limit, or not
    SHIP_FROM = 31  # a = the station place being activated: the ship that leaves the board for it
    # chance
    DRAW = 40  # a = cards to draw
    MOON = 41  # a = region whose top moon is revealed
    REFILL = 42  # a = module column
    PLANET = 43
    EVENT = 44  # reveal the event card at the end of the turn
    PEEK_DRAW = 45  # a = cards already seen (-1), b = first seen
    RAIDER_ROLL = 46  # a = raider class, b = 1 if the first nebula was occupied
    BATTLE_DIE = 47  # a = participant
    # automatic
    STRIKE = 60
    BATTLE = 61
    BATTLE_DIPLOMACY = 62
    BATTLE_PREPARE = 63
    BATTLE_ROLL = 64
    BATTLE_OUTCOME = 65
    BATTLE_DAMAGE = 66
    END_TURN = 67
    RESOLVE_EVENT = 68
    RETURN_SHIPS = 69
    FIELD_EVENT = 70  # the field's event step, after the market action

    DECISIONS = frozenset(range(1, 40))
    CHANCE = frozenset(range(40, 60))


def _thaw(value: Any) -> Any:
    """Fields nest at most two deep: a tuple of ints or a tuple of tuples of ints."""
    if type(value) is not tuple:
        return value
    if value and type(value[0]) is tuple:
        return [list(v) for v in value]
    return list(value)


def _freeze(value: Any) -> Any:
    if type(value) is not list:
        return value
    if value and type(value[0]) is list:
        return tuple([tuple(v) for v in value])
    return tuple(value)


class Work:
    """Mutable view of a successor's fields; see the module docstring."""

    def __init__(self, fields: dict[str, Any], game: AndromedasEdge) -> None:
        object.__setattr__(self, "_fields", fields)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "_touched", set())

    def __getattr__(self, name: str) -> Any:
        fields = object.__getattribute__(self, "_fields")
        if name not in fields:
            raise AttributeError(name)
        value = _thaw(fields[name])
        object.__setattr__(self, name, value)
        object.__getattribute__(self, "_touched").add(name)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        object.__getattribute__(self, "_touched").add(name)

    def commit(self) -> None:
        """Write every touched field back as tuples."""
        fields = object.__getattribute__(self, "_fields")
        for name in object.__getattribute__(self, "_touched"):
            fields[name] = _freeze(object.__getattribute__(self, name))

    # -- queue helpers -------------------------------------------------------

    def push(self, *tasks: tuple[int, ...]) -> None:
        """Put ``tasks`` at the front of the queue, in the order given."""
        self.tasks[0:0] = [list(t) for t in tasks]

    def append(self, *tasks: tuple[int, ...]) -> None:
        self.tasks.extend(list(t) for t in tasks)
