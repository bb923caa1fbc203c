"""JSON for states and replays: format-versioned, validated, never executed.

A state document names its game, player count, options and a fingerprint of
the component data, so it is rebuilt on the same game; the game itself
validates every field of the state (:meth:`Game.state_from_data`).  A replay
is the game id, options, seed and the list of action texts, chance outcomes
included; re-running it checks every action and the recorded result.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from boardgames.kernel.errors import BoardGameError, ReplayError, SerializationError
from boardgames.kernel.game import Game, State
from boardgames.kernel.registry import make

__all__ = ["REPLAY_FORMAT", "STATE_FORMAT", "Reader", "Replay", "from_json", "to_json"]

STATE_FORMAT = "boardgames/state"
REPLAY_FORMAT = "boardgames/replay"
VERSION = 1


def _header(game: Game) -> dict[str, Any]:
    return {
        "game": game.id,
        "players": game.players,
        "options": dict(game.raw_options),
        "fingerprint": game.fingerprint(),
    }


def to_json(state: State, *, indent: int | None = None) -> str:
    """The state as JSON text (see :func:`from_json`)."""
    doc = {"format": STATE_FORMAT, "version": VERSION, **_header(state.game)}
    doc["state"] = state.game.state_to_data(state)
    return json.dumps(doc, indent=indent, sort_keys=True)


def _load(text: str | bytes, expected_format: str) -> Mapping[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SerializationError(f"not valid JSON: {error}") from None
    if not isinstance(doc, dict):
        raise SerializationError("the JSON document must be an object")
    if doc.get("format") != expected_format:
        raise SerializationError(f"not a {expected_format} document (format is {doc.get('format')!r})")
    if doc.get("version") != VERSION:
        raise SerializationError(
            f"unsupported {expected_format} version {doc.get('version')!r} (this library reads {VERSION})"
        )
    return doc


def _game_of(doc: Mapping[str, Any]) -> Game:
    name, players, options = doc.get("game"), doc.get("players"), doc.get("options")
    if not isinstance(name, str) or not isinstance(players, int) or not isinstance(options, dict):
        raise SerializationError("the document needs 'game' (str), 'players' (int), 'options' (object)")
    try:
        game = make(name, players=players, **options)
    except BoardGameError as error:
        raise SerializationError(f"cannot rebuild the game: {error}") from None
    except TypeError as error:
        raise SerializationError(f"bad options: {error}") from None
    fingerprint = doc.get("fingerprint", "")
    if fingerprint != game.fingerprint():
        raise SerializationError(
            "the document was written with different component data (fingerprint mismatch)"
        )
    return game


def from_json(text: str | bytes) -> State:
    """The state from :func:`to_json`; :class:`SerializationError` for anything bad."""
    doc = _load(text, STATE_FORMAT)
    game = _game_of(doc)
    try:
        return game.state_from_data(doc.get("state"))
    except SerializationError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        raise SerializationError(f"malformed state: {error!r}") from None


class Reader:
    """Checks one JSON object field by field, naming the path of any fault.

    >>> Reader({"n": 3}, "state").int("n", 0, 5)
    3
    >>> Reader({"n": 9}, "state").int("n", 0, 5)
    Traceback (most recent call last):
    ...
    boardgames.kernel.errors.SerializationError: state.n must be an int in 0..5, not 9
    """

    __slots__ = ("data", "path")

    def __init__(self, data: Any, path: builtins.str) -> None:
        if not isinstance(data, dict):
            raise SerializationError(f"{path} must be an object")
        self.data: dict[str, Any] = data
        self.path = path

    def _get(self, key: builtins.str) -> Any:
        if key not in self.data:
            raise SerializationError(f"{self.path}.{key} is missing")
        return self.data[key]

    def int(self, key: builtins.str, lo: builtins.int, hi: builtins.int) -> builtins.int:
        return _int(self._get(key), lo, hi, f"{self.path}.{key}")

    def bool(self, key: builtins.str) -> builtins.bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise SerializationError(f"{self.path}.{key} must be true or false")
        return value

    def str(self, key: builtins.str, choices: Iterable[builtins.str] | None = None) -> builtins.str:
        value = self._get(key)
        if not isinstance(value, str):
            raise SerializationError(f"{self.path}.{key} must be a string")
        if choices is not None and value not in set(choices):
            raise SerializationError(f"{self.path}.{key} has an unknown value {value!r}")
        return value

    def ints(
        self, key: builtins.str, length: builtins.int | None, lo: builtins.int, hi: builtins.int
    ) -> tuple[builtins.int, ...]:
        return int_list(self._get(key), length, lo, hi, f"{self.path}.{key}")

    def int_rows(
        self,
        key: builtins.str,
        rows: builtins.int,
        length: builtins.int | None,
        lo: builtins.int,
        hi: builtins.int,
    ) -> tuple[tuple[builtins.int, ...], ...]:
        value = self._get(key)
        where = f"{self.path}.{key}"
        if not isinstance(value, list) or len(value) != rows:
            raise SerializationError(f"{where} must be a list of {rows} lists")
        return tuple(int_list(row, length, lo, hi, f"{where}[{i}]") for i, row in enumerate(value))

    def list(self, key: builtins.str) -> builtins.list[Any]:
        value = self._get(key)
        if not isinstance(value, list):
            raise SerializationError(f"{self.path}.{key} must be a list")
        return value

    def object(self, key: builtins.str) -> Reader:
        return Reader(self._get(key), f"{self.path}.{key}")


def _int(value: Any, lo: int, hi: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SerializationError(f"{where} must be an int in {lo}..{hi}, not {value!r}")
    return value


def int_list(value: Any, length: int | None, lo: int, hi: int, where: str) -> tuple[int, ...]:
    """A list of ints in lo..hi (of ``length`` items, if given) as a tuple."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "a list" if length is None else f"a list of {length}"
        raise SerializationError(f"{where} must be {size} ints")
    return tuple(_int(v, lo, hi, f"{where}[{i}]") for i, v in enumerate(value))


@attrs.frozen
class Replay:
    """A whole game as data: game, options, seed and every action's text.

    Chance outcomes are recorded among the actions, so a replay re-runs
    without any random generator.  ``names`` optionally labels the seats
    (the bots' or players' names, seat 0 first), for logs and pictures.
    """

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int | None
    actions: tuple[str, ...]
    fingerprint: str = ""
    scores: tuple[float, ...] | None = None
    names: tuple[str, ...] | None = None

    @classmethod
    def record(
        cls,
        initial: State,
        seed: int | None,
        actions: Sequence[str],
        final: State | None = None,
        names: Sequence[str] | None = None,
    ) -> Replay:
        game = initial.game
        return cls(
            game=game.id,
            players=game.players,
            options=dict(game.raw_options),
            seed=seed,
            actions=tuple(actions),
            fingerprint=game.fingerprint(),
            scores=None if final is None or not final.is_terminal else tuple(final.scores()),
            names=None if names is None else tuple(names),
        )

    def make_game(self) -> Game:
        return _game_of(
            {
                "game": self.game,
                "players": self.players,
                "options": dict(self.options),
                "fingerprint": self.fingerprint,
            }
        )

    def states(self) -> Iterable[tuple[State, str | None]]:
        """Each state in order with the action text taken from it (None after the last)."""
        game = self.make_game()
        state = game.new_game(self.seed)
        for index, text in enumerate(self.actions):
            yield state, text
            try:
                state = state.apply_text(text)
            except BoardGameError as error:
                raise ReplayError(f"action {index + 1} ({text!r}): {error}") from None
        yield state, None

    def run(self) -> State:
        """Re-run every action and check the recorded scores; the final state."""
        final: State | None = None
        for state, _ in self.states():
            final = state
        assert final is not None  # states() always yields the last state
        if self.scores is not None:
            if not final.is_terminal:
                raise ReplayError("the replay records final scores but its game does not end")
            if tuple(final.scores()) != tuple(self.scores):
                raise ReplayError(
                    f"the replay records scores {list(self.scores)} but re-runs to {list(final.scores())}"
                )
        return final

    def to_json(self, *, indent: int | None = 2) -> str:
        doc = {
            "format": REPLAY_FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "fingerprint": self.fingerprint,
            "seed": self.seed,
            "actions": list(self.actions),
            "scores": None if self.scores is None else list(self.scores),
        }
        if self.names is not None:
            doc["names"] = list(self.names)
        return json.dumps(doc, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        doc = _load(text, REPLAY_FORMAT)
        _game_of(doc)
        seed = doc.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
            raise SerializationError("replay seed must be a non-negative int or null")
        actions = doc.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SerializationError("replay actions must be a list of strings")
        scores = doc.get("scores")
        if scores is not None and (
            not isinstance(scores, list)
            or not all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores)
        ):
            raise SerializationError("replay scores must be a list of numbers or null")
        names = doc.get("names")
        if names is not None and (
            not isinstance(names, list)
            or len(names) != doc["players"]
            or not all(isinstance(n, str) for n in names)
        ):
            raise SerializationError("replay names must be a list of one string per seat, or absent")
        return cls(
            game=doc["game"],
            players=doc["players"],
            options=dict(doc["options"]),
            seed=seed,
            actions=tuple(actions),
            fingerprint=doc.get("fingerprint", ""),
            scores=None if scores is None else tuple(float(s) for s in scores),
            names=None if names is None else tuple(names),
        )
