"""JSON for states, views and replays: format-versioned, validated, never executed.

A state document names its game, player count, options and a fingerprint of
the component data, so it is rebuilt on the same game; the game itself
validates every field of the state (:meth:`Game.state_from_data`).  A view
document is the same header and the view's fields; loading checks their
types and that some state of the game is consistent with the view.  A
replay is the game id, options, seed and the list of action texts, chance
outcomes included; re-running it checks every action and the recorded
result.

A game made from the user's own components writes their data into its
documents (:meth:`Game.component_data`); loading never opens a path named in
a document.  Pass ``components=`` to load a document with a component set
you hold; its fingerprint must match the document's.
"""

from __future__ import annotations

import builtins
import json
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from os import PathLike
from typing import Any

import attrs

from boardgames.kernel.components import Source
from boardgames.kernel.errors import BoardGameError, InvalidArgumentError, ReplayError, SerializationError
from boardgames.kernel.game import _RAW_ERRORS, Game, State, View
from boardgames.kernel.registry import make

__all__ = ["REPLAY_FORMAT", "STATE_FORMAT", "VIEW_FORMAT", "Reader", "Replay", "from_json", "to_json"]

STATE_FORMAT = "boardgames/state"
VIEW_FORMAT = "boardgames/view"
REPLAY_FORMAT = "boardgames/replay"
VERSION = 1



def _document_options(game: Game) -> dict[str, Any]:
    """The game's options as a document stores them: component data embedded, never a path."""
    options = dict(game.raw_options)
    if options.get("components") is not None:
        try:
            options["components"] = game.component_data()
        except BoardGameError as error:
            raise SerializationError(f"cannot embed the component data: {error}") from None
    return options


def _header(game: Game) -> dict[str, Any]:
    return {
        "game": game.id,
        "players": game.players,
        "options": _document_options(game),
        "fingerprint": game.fingerprint(),
    }


def to_json(obj: State | View, *, indent: int | None = None) -> str:
    """A state or a view as JSON text (see :func:`from_json`).

    A view must carry its game (``state.view(p)`` and :func:`from_json` set it).
    """
    if isinstance(obj, State):
        doc = {"format": STATE_FORMAT, "version": VERSION, **_header(obj.game)}
        doc["state"] = obj.game.state_to_data(obj)
    elif isinstance(obj, View):
        if obj.game is None:
            raise InvalidArgumentError("this view was made without its game, so it cannot be written")
        obj.game._check_view(obj)
        doc = {"format": VIEW_FORMAT, "version": VERSION, **_header(obj.game)}
        doc["view_type"] = type(obj).__name__
        doc["view"] = _encode(obj, "view")
    else:
        kind = "None" if obj is None else type(obj).__name__
        raise InvalidArgumentError(f"to_json() writes a state or a view, not {kind}")
    return json.dumps(doc, indent=indent, sort_keys=True)


def _parse(text: str | bytes) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SerializationError(f"not valid JSON: {error}") from None
    if not isinstance(doc, dict):
        raise SerializationError("the JSON document must be an object")
    return doc


def _check_format(doc: Mapping[str, Any], expected_format: str) -> None:
    if doc.get("format") != expected_format:
        raise SerializationError(f"not a {expected_format} document (format is {doc.get('format')!r})")
    if doc.get("version") != VERSION:
        raise SerializationError(
            f"unsupported {expected_format} version {doc.get('version')!r} (this library reads {VERSION})"
        )


def _load(text: str | bytes, expected_format: str) -> Mapping[str, Any]:
    doc = _parse(text)
    _check_format(doc, expected_format)
    return doc


def _game_of(doc: Mapping[str, Any], components: Source = None, game: Game | None = None) -> Game:
    """The game a document was written with.

    Component data comes from the document itself (embedded) or from the
    caller's ``components``; a path inside the document is never opened.
    A caller's configured ``game`` is used as it is when the document names
    the same game, player count and component fingerprint (this is how a
    game that is not registered loads its own documents).
    """
    name, players, options = doc.get("game"), doc.get("players"), doc.get("options")
    if not isinstance(name, str) or type(players) is not int or not isinstance(options, dict):
        raise SerializationError("the document needs 'game' (str), 'players' (int), 'options' (object)")
    if game is not None:
        if not isinstance(game, Game):
            raise InvalidArgumentError(f"game= is a configured Game, not {type(game).__name__}")
        if name != game.id or players != game.players:
            raise SerializationError(
                f"the document is a {players}-player {name!r}, not a document of {game!r}"
            )
        if doc.get("fingerprint", "") != game.fingerprint():
            raise SerializationError(
                "the document was written with different component data (fingerprint mismatch)"
            )
        return game
    options = dict(options)
    if components is not None:
        if not isinstance(components, (str, PathLike, Mapping)):
            raise InvalidArgumentError(
                f"components= is a path or a dict of component data, not {type(components).__name__}"
            )
        options["components"] = components
    elif isinstance(options.get("components"), str):
        raise SerializationError(
            f"the document names a component file ({options['components']!r}) instead of embedding its "
            "data; documents are never allowed to open files: pass components= to load it"
        )
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


def from_json(text: str | bytes, *, components: Source = None, game: Game | None = None) -> Any:
    """The state or view from :func:`to_json`; :class:`SerializationError` for anything bad.

    ``components`` (a path or a dict) gives the component set for a document
    of a game made from the user's own components that does not embed their
    data; its fingerprint must match the document's.  Paths inside the
    document are never opened.  ``game`` loads into a configured game
    instead of rebuilding it from the registry (needed for a game that is not
    registered); the document must be of that game, player count and
    component set.  The result is a :class:`State` or a :class:`View` (whose
    ``game`` is set), as the document says.
    """
    doc = _parse(text)
    if doc.get("format") == VIEW_FORMAT:
        _check_format(doc, VIEW_FORMAT)
        return _view_from_doc(doc, _game_of(doc, components, game))
    _check_format(doc, STATE_FORMAT)
    game = _game_of(doc, components, game)
    try:
        return game.state_from_data(doc.get("state"))
    except SerializationError:
        raise
    except BoardGameError as error:
        raise SerializationError(f"malformed state: {error}") from None
    except _RAW_ERRORS as error:
        raise SerializationError(f"malformed state: {error!r}") from None


# -- views ---------------------------------------------------------------------------


def _encode(value: Any, where: str) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [_encode(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if attrs.has(type(value)):
        return {
            f.name: _encode(getattr(value, f.name), f"{where}.{f.name}")
            for f in attrs.fields(type(value))
            if f.name != "game"
        }
    raise SerializationError(f"{where}: a {type(value).__name__} cannot be written as JSON")


_VIEW_CLASSES: dict[Game, type[View]] = {}


def _view_class(game: Game) -> type[View]:
    # The class of the game's views, learnt from the game itself (never from
    # a name in the document).
    cls = _VIEW_CLASSES.get(game)
    if cls is None:
        if len(_VIEW_CLASSES) >= 64:
            _VIEW_CLASSES.clear()
        cls = _VIEW_CLASSES[game] = type(game.new_game(0).view(0))
    return cls


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except (NameError, TypeError):
        return {}


def _structural(value: Any, where: str) -> Any:
    """A value of a field typed ``Any``: JSON scalars as they are, lists as tuples."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return tuple(_structural(v, f"{where}[{i}]") for i, v in enumerate(value))
    raise SerializationError(f"{where} must be a number, string, bool, null or list")


def _decode(value: Any, hint: Any, where: str) -> Any:
    if hint is Any or hint is object:
        return _structural(value, where)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        for option in args:
            try:
                return _decode(value, option, where)
            except SerializationError:
                continue
        raise SerializationError(f"{where} has the wrong type ({value!r:.60})")
    if hint is type(None):
        if value is not None:
            raise SerializationError(f"{where} must be null")
        return None
    if hint is bool:
        if not isinstance(value, bool):
            raise SerializationError(f"{where} must be true or false")
        return value
    if isinstance(hint, type) and issubclass(hint, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SerializationError(f"{where} must be an int, not {value!r:.60}")
        try:
            return hint(value)
        except ValueError:
            raise SerializationError(f"{where} has an unknown value {value!r}") from None
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise SerializationError(f"{where} must be a number")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise SerializationError(f"{where} must be a string")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise SerializationError(f"{where} must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0], f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise SerializationError(f"{where} must be a list of {len(args)}")
        return tuple(_decode(v, a, f"{where}[{i}]") for i, (v, a) in enumerate(zip(value, args)))
    if isinstance(hint, type) and attrs.has(hint):
        return _decode_attrs(value, hint, where)
    raise SerializationError(f"{where}: cannot read a value of type {hint!r}")


def _decode_attrs(value: Any, cls: type, where: str, **extra: Any) -> Any:
    if not isinstance(value, dict):
        raise SerializationError(f"{where} must be an object")
    hints = _hints(cls)
    names = [f.name for f in attrs.fields(cls) if f.name not in extra]
    unknown = set(value) - set(names)
    if unknown:
        raise SerializationError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
    fields: dict[str, Any] = {}
    for name in names:
        if name not in value:
            raise SerializationError(f"{where}.{name} is missing")
        fields[name] = _decode(value[name], hints.get(name, Any), f"{where}.{name}")
    try:
        return cls(**fields, **extra)
    except (TypeError, ValueError) as error:
        raise SerializationError(f"{where}: {error}") from None


def _view_from_doc(doc: Mapping[str, Any], game: Game) -> View:
    cls = _view_class(game)
    if doc.get("view_type") != cls.__name__:
        raise SerializationError(f"not a view of {game.id} (view_type is {doc.get('view_type')!r})")
    view: View = _decode_attrs(doc.get("view"), cls, "view", game=game)
    try:
        game._check_view(view, cls)
    except BoardGameError as error:
        raise SerializationError(f"view: {error}") from None
    # A view is consistent when some state of the game gives exactly it.
    try:
        game._check_view_consistent(view)
    except BoardGameError as error:
        raise SerializationError(str(error)) from None
    return view


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
    ``truncated`` records a game stopped by a length limit rather than ended
    by its rules (it has no winner).
    """

    game: str
    players: int
    options: Mapping[str, Any]
    seed: int | None
    actions: tuple[str, ...]
    fingerprint: str = ""
    scores: tuple[float, ...] | None = None
    names: tuple[str, ...] | None = None
    truncated: bool = False

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
            options=_document_options(game),
            seed=seed,
            actions=tuple(actions),
            fingerprint=game.fingerprint(),
            scores=None if final is None or not final.is_terminal else tuple(final.scores()),
            names=None if names is None else tuple(names),
            truncated=final is not None and final.truncated,
        )

    def make_game(self, game: Game | None = None) -> Game:
        """The game the replay was played with (its fingerprint must match).

        ``game``: a configured game to use instead of the registry's (it must
        be the replay's game, player count and component set).
        """
        if game is not None:
            return _game_of(
                {"game": self.game, "players": self.players, "options": {}, "fingerprint": self.fingerprint},
                game=game,
            )
        source = self.options.get("components")
        # A replay made in this process may name the user's own file; one read
        # from JSON holds the data itself (Replay.from_json never keeps a path).
        return _game_of(
            {
                "game": self.game,
                "players": self.players,
                "options": dict(self.options),
                "fingerprint": self.fingerprint,
            },
            components=source if isinstance(source, (str, PathLike)) else None,
        )

    def states(self, game: Game | None = None) -> Iterable[tuple[State, str | None]]:
        """Each state in order with the action text taken from it (None after the last).

        ``game`` as for :meth:`make_game`.
        """
        game = self.make_game(game)
        state = game.new_game(self.seed)
        for index, text in enumerate(self.actions):
            yield state, text
            try:
                state = state.apply_text(text)
            except BoardGameError as error:
                raise ReplayError(f"action {index + 1} ({text!r}): {error}") from None
        yield state, None

    def run(self, game: Game | None = None) -> State:
        """Re-run every action and check the recorded scores and truncation; the final state.

        ``game`` as for :meth:`make_game`.
        """
        final: State | None = None
        for state, _ in self.states(game):
            final = state
        assert final is not None  # states() always yields the last state
        if self.scores is not None:
            if not final.is_terminal:
                raise ReplayError("the replay records final scores but its game does not end")
            if tuple(final.scores()) != tuple(self.scores):
                raise ReplayError(
                    f"the replay records scores {list(self.scores)} but re-runs to {list(final.scores())}"
                )
        if final.truncated != self.truncated:
            recorded = "truncated" if self.truncated else "not truncated"
            raise ReplayError(f"the replay records a game {recorded}, but it re-runs otherwise")
        return final

    def to_json(self, *, indent: int | None = 2) -> str:
        """The replay as JSON; component data is embedded, never a path."""
        options = dict(self.options)
        if isinstance(options.get("components"), (str, PathLike)):
            options = _document_options(self.make_game())
        doc = {
            "format": REPLAY_FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": options,
            "fingerprint": self.fingerprint,
            "seed": self.seed,
            "actions": list(self.actions),
            "scores": None if self.scores is None else list(self.scores),
            "truncated": self.truncated,
        }
        if self.names is not None:
            doc["names"] = list(self.names)
        return json.dumps(doc, indent=indent)

    @classmethod
    def from_json(
        cls, text: str | bytes, *, components: Source = None, game: Game | None = None
    ) -> Replay:
        """The replay from :meth:`to_json`; ``components`` and ``game`` as for :func:`from_json`."""
        doc = dict(_load(text, REPLAY_FORMAT))
        game = _game_of(doc, components, game)
        if components is not None:
            doc["options"] = {**doc["options"], "components": game.component_data()}
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
        truncated = doc.get("truncated", False)
        if not isinstance(truncated, bool):
            raise SerializationError("replay truncated must be true or false")
        return cls(
            game=doc["game"],
            players=doc["players"],
            options=dict(doc["options"]),
            seed=seed,
            actions=tuple(actions),
            fingerprint=doc.get("fingerprint", ""),
            scores=None if scores is None else tuple(float(s) for s in scores),
            names=None if names is None else tuple(names),
            truncated=truncated,
        )
