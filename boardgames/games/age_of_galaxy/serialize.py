"""JSON data for Age of Galaxy states.

Loading reads each field as an integer, a list of integers or a list of such
lists, then hands the state to :func:`validate.validate`, the one validator
also used by ``game.position(...)``: anything wrong raises
:class:`SerializationError` naming the field and why.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.age_of_galaxy.state import AgeState
from boardgames.games.age_of_galaxy.tables import Tables
from boardgames.games.age_of_galaxy.validate import validate
from boardgames.kernel.errors import SerializationError
from boardgames.kernel.game import Game

NESTED = frozenset({"alliance", "sections", "tdiscs"})
FLAT = frozenset(
    {"pend", "order", "res", "stamp", "discs", "board_discs", "hands", "discards", "packets", "ideology",
     "techs", "systems", "pkind", "powner", "plevel", "telescope", "explore_discs", "trade", "nominate", "vo"}
)


def state_to_data(s: AgeState) -> dict[str, Any]:
    d = s.__dict__
    data: dict[str, Any] = {}
    for name in AgeState.FIELDS:
        value = d[name]
        if name in FLAT:
            data[name] = list(value)
        elif name in NESTED:
            data[name] = [list(v) for v in value]
        else:
            data[name] = value
    data["player"] = s._player
    return data


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SerializationError(f"{where} must be an integer, not {value!r}")
    return value


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise SerializationError(f"{where} must be a list of integers")
    return tuple(_int(v, f"{where}[{i}]") for i, v in enumerate(value))


def state_from_data(T: Tables, game: Game, data: Any) -> AgeState:
    if not isinstance(data, dict):
        raise SerializationError("state must be an object")
    missing = [name for name in (*AgeState.FIELDS, "player") if name not in data]
    if missing:
        raise SerializationError(f"state.{missing[0]} is missing")
    extra = sorted(set(data) - {*AgeState.FIELDS, "player"})
    if extra:
        raise SerializationError(f"state.{extra[0]} is not a field of an Age of Galaxy state")
    s = AgeState._blank(game, _int(data["player"], "state.player"))
    for name in AgeState.FIELDS:
        raw = data[name]
        where = f"state.{name}"
        if name in FLAT:
            value: Any = _ints(raw, where)
        elif name in NESTED:
            if not isinstance(raw, list):
                raise SerializationError(f"{where} must be a list of lists of integers")
            value = tuple(_ints(row, f"{where}[{i}]") for i, row in enumerate(raw))
        else:
            value = _int(raw, where)
        object.__setattr__(s, name, value)
    validate(T, s, SerializationError)
    return s
