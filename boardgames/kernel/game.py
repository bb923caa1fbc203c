"""The Game / State contract every game honours.

A :class:`Game` holds what never changes during play: the player count, the
validated options, the component tables, the board topology and the action
catalogue.  A :class:`State` is one immutable position.  ``apply`` returns a
new state; the old one stays valid forever, so look-ahead needs no undo.

States are slotted objects that refuse attribute assignment from outside.
Inside ``apply`` a successor is a shallow copy of the slots (copy-on-write):
only the fields the action changes are replaced, and every other part is
shared with the predecessor.  That keeps immutability free on the hot path.
"""

from __future__ import annotations

import json
import math
from abc import ABC, abstractmethod
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, ClassVar, TypeVar

import attrs
import numpy as np

from boardgames.kernel.actions import Action, ActionCatalogue, DuplicateActionError
from boardgames.kernel.chance import make_rng
from boardgames.kernel.errors import (
    BoardGameError,
    ComponentError,
    HiddenInformationError,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidOptionError,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameSpec",
    "OptionSpec",
    "State",
    "View",
    "best_rivals",
    "int_option",
    "leads_over_rivals",
]

# Python's own errors, which a game's code may raise on a malformed position;
# callers that take untrusted input turn them into library errors.
_RAW_ERRORS = (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError, RecursionError)

CHANCE: int = -1
"""``current_player`` at a chance node (a die roll, a card draw)."""

TERMINAL: int = -4
"""``current_player`` once the game is over."""

_T = TypeVar("_T")
_S = TypeVar("_S", bound="State")
_V = TypeVar("_V", bound="View")


@attrs.frozen
class OptionSpec:
    """One game option: its name, default and a validator.

    ``check`` receives the user's value and returns the value the game uses,
    raising :class:`InvalidOptionError` (or ``ValueError``/``TypeError``, which
    are converted) with a reason when it is unacceptable.
    """

    name: str
    default: Any
    doc: str
    check: Callable[[Any], Any]


def int_option(
    lo: int | None = None, hi: int | None = None, *, choices: Sequence[int] | None = None
) -> Callable[[Any], int]:
    """An :class:`OptionSpec` check for an integer option, the same in every game.

    The value must be a Python ``int`` (not a bool, not a float even when
    integral such as ``50.0``: options are stored as given for replays and
    equality, so ``50.0`` and ``50`` would be different games), within
    ``lo..hi`` and, if given, one of ``choices``.

    >>> int_option(1, 20)(6)
    6
    >>> int_option(1, 20)(6.0)
    Traceback (most recent call last):
    ...
    ValueError: must be an int in 1..20, not 6.0
    """
    if choices is not None:
        wanted = "one of " + ", ".join(map(str, choices)) + " (an int)"
    elif lo is not None and hi is not None:
        wanted = f"an int in {lo}..{hi}"
    elif lo is not None:
        wanted = f"an int >= {lo}"
    else:
        wanted = "an int" if hi is None else f"an int <= {hi}"

    def check(value: Any) -> int:
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (lo is not None and value < lo)
            or (hi is not None and value > hi)
            or (choices is not None and value not in choices)
        ):
            raise ValueError(f"must be {wanted}, not {value!r}")
        return value

    return check


@attrs.frozen
class GameSpec:
    """Facts about a game, declared as data."""

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    hidden_information: bool
    options: tuple[OptionSpec, ...] = ()
    description: str = ""

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``; :class:`InvalidOptionError` if the game has none."""
        for spec in self.options:
            if spec.name == name:
                return spec
        valid = ", ".join(o.name for o in self.options) or "none"
        raise InvalidOptionError(f"{self.id} has no option {name!r} (options: {valid})")


@attrs.frozen
class View:
    """What one player may know of a state.  Games subclass it.

    Two states that differ only in what ``player`` cannot see give equal views.
    ``game`` is the game the view belongs to (each game's ``State.view`` passes
    ``game=self.game``; the conformance checker verifies it); it takes
    no part in equality, so views of equal positions compare equal.
    """

    player: int
    game: Game | None = attrs.field(default=None, kw_only=True, eq=False, repr=False, hash=False)

    def _repr_svg_(self) -> str:
        """The view drawn as SVG, so a notebook shows it inline."""
        if self.game is None:
            raise BoardGameError("this view was made without its game, so it cannot be drawn")
        return self.game.render_svg(self)


def _canonical_options(options: Mapping[str, Any], fingerprint: str) -> str:
    # A component set is the same whether it came from a file or from the
    # data embedded in a saved document: compare it by its fingerprint.
    if options.get("components") is not None:
        options = {**options, "components": fingerprint}
    return json.dumps(options, sort_keys=True, default=str)


class Game(ABC):
    """One configured game: player count, options, and all static data."""

    spec: ClassVar[GameSpec]

    def __init__(self, players: int | None = None, **options: Any) -> None:
        spec = self.spec
        if players is None:
            players = spec.default_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise InvalidOptionError(f"players must be an int, not {type(players).__name__}")
        if not spec.min_players <= players <= spec.max_players:
            raise InvalidOptionError(
                f"{spec.id} is for {spec.min_players} to {spec.max_players} players, not {players}"
            )
        known = {o.name: o for o in spec.options}
        for name in options:
            if name not in known:
                valid = ", ".join(sorted(known)) or "none"
                raise InvalidOptionError(f"{spec.id} has no option {name!r} (options: {valid})")
        values: dict[str, Any] = {}
        for name, option in known.items():
            raw = options.get(name, option.default)
            try:
                values[name] = option.check(raw)
            except InvalidOptionError as error:
                raise InvalidOptionError(f"option {name!r}: {error}") from None
            except BoardGameError:
                raise
            except (TypeError, ValueError) as error:
                raise InvalidOptionError(f"option {name!r}: {error}") from None
        self.players: int = players
        self.options: Mapping[str, Any] = dict(values)
        self._raw_options: dict[str, Any] = {k: options[k] for k in sorted(options)}
        self._next_state: Callable[[Any, int], State] = _applied
        """The successor of a state after a validated action id: what
        ``State.apply``, the bots and the drivers call.  It is the state's own
        ``_apply`` unless the game puts here the function that ``_apply`` hands
        over to (its step machine's ``apply``, say), which saves a Python call
        on every action (about 1% of one); the conformance checker compares the
        two."""
        self._chance_allows: Callable[[Any, int], bool] | None = None
        """The ``_allows`` of this game's state class, found at its first chance
        node by :meth:`State.apply` (which inlines the kernel's own)."""
        self._listing: Callable[[Any], tuple[int, ...]] | None = None
        self._drawing: Callable[[Any], tuple[tuple[int, float], ...]] | None = None
        """The ``_legal_ids`` and ``_chance_ids`` of this game's state class, found at its
        first listing by :meth:`State.legal_actions` and :meth:`State.chance_outcomes`
        and called with the state: a method load on a state is not specialised on
        CPython 3.11 (every successor's dict has keys of its own), a call of a
        function read from the game is (about 20 ns of every action)."""
        self._last_actions: tuple[Any, tuple[Action, ...]] = (None, ())
        """The last listing of :meth:`State.legal_actions`: its ids and its actions."""
        self._last_outcomes: tuple[Any, tuple[tuple[Action, float], ...]] = (None, ())
        """The last chance listing of :meth:`State.chance_outcomes`: its ids and its pairs."""
        try:
            self.catalogue: ActionCatalogue = self._build_catalogue()
            self._action_ids: dict[Action, int] = self.catalogue.ids
            self._action_table: tuple[Action, ...] = self.catalogue.actions
            """Every action by id (the catalogue's tuple, read on the hot paths)."""
        except DuplicateActionError as error:
            # Two components with one name give two actions with one text.
            raise ComponentError(
                f"{spec.id} components: two components share a name, so two actions read {error.text!r}"
            ) from None

    # -- identity -----------------------------------------------------------

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def raw_options(self) -> Mapping[str, Any]:
        """The options as the user gave them (JSON-able), for replays."""
        return dict(self._raw_options)

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._raw_options.items())
        return f"make({self.id!r}, players={self.players}{opts})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.id == self.id
            and other.players == self.players
            and _canonical_options(other._raw_options, other.fingerprint())
            == _canonical_options(self._raw_options, self.fingerprint())
        )

    def __hash__(self) -> int:
        return hash((self.id, self.players, _canonical_options(self._raw_options, self.fingerprint())))

    # -- the action catalogue ------------------------------------------------

    @abstractmethod
    def _build_catalogue(self) -> ActionCatalogue:
        """Every distinct action (decisions and chance outcomes), in id order."""

    @property
    def num_distinct_actions(self) -> int:
        return len(self.catalogue)

    def action_id(self, action: Action) -> int:
        """The stable int id of ``action``."""
        return self.catalogue.id_of(action)

    def action_from_id(self, action_id: int) -> Action:
        return self.catalogue[action_id]

    def parse_action(self, text: str) -> Action:
        """The action whose ``str()`` is ``text``; :class:`InvalidActionError` otherwise."""
        return self.catalogue.parse(text)

    # -- playing ------------------------------------------------------------

    @abstractmethod
    def new_game(self, seed: int | None = 0) -> State:
        """The initial state; all setup randomness is drawn from ``seed``."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of actions (chance included) in one game."""

    def sample_chance(self, state: State, rng: np.random.Generator) -> Action:
        """Draw one outcome of a chance node with its exact probabilities."""
        self._check_state(state)
        self._check_rng(rng)
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise IllegalActionError("the state is not a chance node")
        draw = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if draw < total:
                return action
        return outcomes[-1][0]

    @abstractmethod
    def resample(self, view: View, rng: np.random.Generator) -> State:
        """A full state consistent with ``view``, hidden parts drawn at random."""

    @abstractmethod
    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        """A fixed-shape float32 array encoding ``state.view(player)``."""

    @property
    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]: ...

    def heuristic(self, state: State, player: int) -> float:
        """A value of the position for ``player`` in [0, 1] (used by bots):
        ``heuristics(state)[player]``."""
        self._check_state(state)
        self._check_player(player)
        if self._heuristic_of_one:  # reached as super().heuristic from an override
            return _score_shares(state)[player]
        return self._heuristics(state)[player]

    def heuristics(self, state: State) -> tuple[float, ...]:
        """Every player's :meth:`heuristic` at once (a search values a leaf for
        all players; a game computes them together for the price of one)."""
        self._check_state(state)
        return self._heuristics(state)

    def _heuristics(self, state: State) -> tuple[float, ...]:
        """:meth:`heuristics` without the argument checks, for bots on the hot
        path (``state`` must be a state of this game).  Games override this.

        The default is each player's share of the score.
        """
        return _score_shares(state)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game written against the one-player hook (overriding ``heuristic``
        # only) gets ``heuristics`` from it.
        if "heuristic" in cls.__dict__ and "_heuristics" not in cls.__dict__:
            single = cls.__dict__["heuristic"]

            def _heuristics(self: Game, state: State) -> tuple[float, ...]:
                return tuple(single(self, state, p) for p in range(self.players))

            cls._heuristics = _heuristics  # type: ignore[method-assign]
            cls._heuristic_of_one = True

    _heuristic_of_one: ClassVar[bool] = False

    # -- serialization hooks ---------------------------------------------------

    @abstractmethod
    def state_to_data(self, state: State) -> dict[str, Any]:
        """A JSON-able dict of the full state."""

    @abstractmethod
    def state_from_data(self, data: Any) -> State:
        """The state from :meth:`state_to_data`, validated: ``SerializationError`` if bad."""

    def fingerprint(self) -> str:
        """A digest of the component data, stored with serialized states."""
        return ""

    def component_data(self) -> dict[str, Any] | None:
        """The component data that saved documents of this game embed.

        None when the game uses its reference components; otherwise the data
        of the user's own set as it was read when the game was made, so that
        loading a document never opens a file named inside it.
        """
        from boardgames.kernel.components import source_data

        return source_data(self.id, self._raw_options.get("components"), self.fingerprint())

    def player_name(self, player: int) -> str:
        """How the game names a player in logs and tables (default ``P0``, ``P1`` ...)."""
        self._check_player(player)
        return f"P{player}"

    def player_colour(self, player: int) -> tuple[str, str]:
        """The name and the ``#rrggbb`` colour that seat ``player`` is drawn in.

        The default is the kernel's colour-blind-safe palette
        (:data:`boardgames.kernel.svg.PLAYER_COLOURS`); games whose rulebook
        names the seats' colours return those.  Pictures, logs and replay
        pages all take a seat's colour from here.
        """
        from boardgames.kernel.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS

        self._check_player(player)
        return PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOURS)], PLAYER_COLOURS[player % len(PLAYER_COLOURS)]

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        """Named parts of each player's score, in scoring order, summing to ``scores()``."""
        self._check_state(state)
        return {"score": tuple(state.scores())}

    def render(self, state: State) -> str:
        """A readable text picture of ``state``."""
        self._check_state(state)
        return repr(state)

    def render_view(self, view: View) -> str:
        """A readable text picture of what ``view.player`` may know (for play at a terminal).

        The default lists the view's fields; games draw something better.
        """
        self._check_view(view)
        lines = [f"What {self.player_name(view.player)} knows:"]
        lines += [f"  {name}: {value}" for name, value in attrs.asdict(view, recurse=False).items()]
        return "\n".join(lines)

    def decision_text(self, view: View) -> str:
        """What ``view.player`` is deciding now, in the rulebook's words (for play at a terminal).

        The default names the player; games explain the pending decision.
        """
        self._check_view(view)
        return f"{self.player_name(view.player)} to decide"

    def action_group(self, action: Action) -> str:
        """The heading under which a terminal lists ``action`` among the legal ones.

        Actions of one group are listed together; the default puts every
        action in one unnamed group.
        """
        self._check_action(action)
        return ""

    def help_text(self, view: View) -> str:
        """What the symbols of :meth:`render_view` mean, and the texts of the cards in play."""
        self._check_view(view)
        return "No legend: this game draws its views as plain text."

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """A picture of a state, or of what a view's player may know, as SVG text.

        ``last_action`` (the action that led to ``target``) is highlighted
        where the game can show it.  The default draws the text picture of
        :meth:`render` or :meth:`render_view`; games draw their boards.
        """
        from boardgames.kernel.svg import text_svg

        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        text = self.render(target) if isinstance(target, State) else self.render_view(target)
        return text_svg(text, title=self.spec.title)

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        """A log line for ``action`` taken in ``state``, as ``viewer`` may see it.

        ``viewer=None`` is an all-seeing spectator; a player index hides what
        that player may not learn (another player's card draw, say).  The
        default is the action's text.
        """
        self._check_state(state)
        self._check_action(action)
        self._check_viewer(viewer)
        return str(action)

    # -- argument checks (every public method of every game starts with them) ------

    def _belongs(self, game: object) -> bool:
        return game is self or (isinstance(game, Game) and game == self)

    def _check_state(self, state: object, cls: type[_S] | None = None) -> _S:
        """``state`` if it is a state of this game (same game, player count,
        options and components) and a ``cls``; :class:`InvalidArgumentError` otherwise."""
        # The common case first, cheaply: bots call this inside every heuristic.
        if type(state) is cls and state.__dict__.get("game") is self:
            return state
        if not isinstance(state, State):
            raise InvalidArgumentError(f"expected a state of {self!r}, not {_kind(state)}")
        if not self._belongs(state.game):
            raise InvalidArgumentError(f"expected a state of {self!r}, not one of {state.game!r}")
        if cls is not None and not isinstance(state, cls):
            raise InvalidArgumentError(f"expected a {cls.__name__} of {self!r}, not a {type(state).__name__}")
        return state  # type: ignore[return-value]

    def _check_player(self, player: object, name: str = "player") -> int:
        """``player`` if it is a seat of this game (an int in 0..players-1)."""
        if type(player) is int and 0 <= player < self.players:
            return player
        if isinstance(player, np.integer):
            player = int(player)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise InvalidArgumentError(f"{name} must be an int in 0..{self.players - 1}, not {player!r}")
        return player

    def _check_viewer(self, viewer: object) -> None:
        """A viewer is None (an all-seeing spectator) or a seat."""
        if viewer is not None:
            self._check_player(viewer, "viewer")

    def _check_rng(self, rng: object) -> None:
        if not isinstance(rng, np.random.Generator):
            raise InvalidArgumentError(
                f"expected a numpy Generator (bg.make_rng(seed)), not {_kind(rng)}"
            )

    def _check_action(self, action: object) -> None:
        if self.catalogue.get_id(action) is None:
            raise InvalidActionError(f"{action!r} is not an action of {self.id}")

    def _check_view(self, view: object, cls: type[_V] | None = None) -> _V:
        """:class:`InvalidArgumentError` unless ``view`` is a view; :class:`HiddenInformationError`
        if it is a view of another game or player count, or not a ``cls``.

        A view made by hand without its game (``view.game is None``) is
        checked like a view loaded from JSON: some state of this game must
        give exactly that view (:meth:`_check_view_consistent`).
        """
        if not isinstance(view, View):
            raise InvalidArgumentError(f"expected a view of {self!r}, not {_kind(view)}")
        if view.game is not None and not self._belongs(view.game):
            raise HiddenInformationError(f"expected a view of {self!r}, not one of {view.game!r}")
        if cls is not None and not isinstance(view, cls):
            kind = type(view).__name__
            raise HiddenInformationError(f"expected a {cls.__name__} of {self!r}, not a {kind}")
        seat = view.player
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise HiddenInformationError(f"the view's player {seat!r} is not a seat of {self!r}")
        if view.game is None:
            self._check_view_consistent(attrs.evolve(view, game=self))
        return view  # type: ignore[return-value]

    def _check_view_consistent(self, view: View) -> None:
        """:class:`HiddenInformationError` unless some state of this game gives exactly ``view``.

        Resampling the view and viewing the result must give the view back.
        Views a game hands out pass trivially; this is for views made by hand
        or loaded from a document, whose fields could contradict each other.
        """
        try:
            state = self.resample(view, make_rng(0))
            consistent = state.view(view.player) == view
        except BoardGameError as error:
            problem = str(error)
        except _RAW_ERRORS as error:
            problem = repr(error)
        else:
            if consistent:
                return
            problem = "viewing a state resampled from it gives another view"
        raise HiddenInformationError(f"no state of {self!r} is consistent with the view: {problem}")

    def _check_target(self, target: object) -> None:
        """A state or a view of this game (what :meth:`render_svg` draws)."""
        if isinstance(target, View):
            self._check_view(target)
        elif isinstance(target, State):
            self._check_state(target)
        else:
            raise InvalidArgumentError(f"expected a state or a view of {self!r}, not {_kind(target)}")


def set_acting(fields: dict[str, Any], player: int) -> None:
    """Write who acts into a state's (or a stand-in's) field dict: ``_player`` and the
    ``is_terminal`` and ``is_chance`` flags that follow from it, never one without the
    others (:meth:`State._set_player`; the step machine's ``apply`` inlines it)."""
    fields["_player"] = player
    fields["is_terminal"] = player == TERMINAL
    fields["is_chance"] = player == CHANCE


def _applied(state: State, action_id: int) -> State:
    """:attr:`Game._next_state` of a game that leaves it to its states' ``_apply``."""
    return state._apply(action_id)


_SCANNED = 9
"""Listings shorter than this are scanned for an id, longer ones bisected: ids above
256 are not shared int objects, so ``in`` compares each value, which costs more than
bisect's call past about eight (:func:`_among`, :meth:`State.apply`)."""


def _among(ids: tuple[int, ...], action_id: int) -> bool:
    """Whether ``action_id`` is in the ascending ``ids``: a scan of a short listing,
    else a binary search (see :data:`_SCANNED`)."""
    if len(ids) < _SCANNED:
        return action_id in ids
    i = bisect_left(ids, action_id)
    return i < len(ids) and ids[i] == action_id


class State(ABC):
    """One immutable game position.

    Subclasses declare their fields as annotations (not ``__slots__``): the
    fields live in the instance dict, so a successor is one dict copy
    (about 0.4 us) however many fields the game has, and ``apply`` then
    replaces only the fields the action changes.
    """

    _CACHES: ClassVar[tuple[str, ...]] = ("_legal", "_chance")
    """Fields that cache what the other fields determine: left out of equality
    and JSON, and reset to None in every successor.  A game may add its own
    (a per-state score table, say) by extending this tuple in its subclass."""
    _RESET: ClassVar[dict[str, None]] = dict.fromkeys(_CACHES)

    game: Game
    _player: int
    _legal: tuple[int, ...] | None
    _chance: tuple[tuple[int, float], ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._RESET = dict.fromkeys(cls._CACHES)
        if cls._CACHES != State._CACHES and "_successor" not in cls.__dict__:
            # a game with caches of its own resets them all
            cls._successor = State._successor_resetting_all  # type: ignore[method-assign]
        if cls.__new__ is not object.__new__ or cls.__init__ is not object.__init__:
            raise TypeError(
                f"{cls.__name__}: a state class takes no constructor arguments "
                "(successors are made by calling it; games build states with _blank)"
            )
        if cls.__dict__.get("__slots__"):
            raise TypeError(
                f"{cls.__name__}: declare state fields as annotations, not __slots__ "
                "(successors copy the instance dict)"
            )

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; use apply() for a new state")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    # -- construction (for games only) -----------------------------------------

    @classmethod
    def _blank(cls: type[_S], game: Game, player: int) -> _S:
        """A new state of ``game`` with ``player`` to act, fields to be set by the game."""
        state = object.__new__(cls)
        fields: dict[str, Any] = {"game": game}
        set_acting(fields, player)
        fields.update(cls._RESET)
        object.__setattr__(state, "__dict__", fields)
        return state

    def _successor(self: _S) -> _S:
        """A shallow copy to be edited inside ``apply`` before it is handed out.

        Set fields on it with ``object.__setattr__`` and always with new
        values (new tuples), never by mutating a shared one; set who acts with
        :meth:`_set_player` (the step machine does it for a game that uses it).
        Rules that build a successor themselves call :func:`successor`, which
        also hands back its dict.
        """
        return successor(self)[0]

    def _successor_resetting_all(self: _S) -> _S:
        """:meth:`_successor` of a state class whose ``_CACHES`` add to the kernel's."""
        new = type(self)()
        fields = new.__dict__
        fields |= self.__dict__
        fields |= self._RESET
        return new

    def _fields(self) -> dict[str, Any]:
        """Every field but the caches (for equality and hashing)."""
        caches = self._CACHES
        return {k: v for k, v in self.__dict__.items() if k not in caches}

    # -- the contract ------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The player to decide, :data:`CHANCE` or :data:`TERMINAL`."""
        return self._player

    # The two questions every driver loop asks at every step are plain fields, set
    # with ``_player`` (a property is a Python call: about 700 instructions on 3.11,
    # against about 30 for a field; two per step were 1.2% of a Galaxy's Edge action).
    is_terminal: bool
    """Whether the game is over (:attr:`current_player` is :data:`TERMINAL`)."""
    is_chance: bool
    """Whether chance acts next (:attr:`current_player` is :data:`CHANCE`)."""

    def _set_player(self, player: int) -> None:
        """Set who acts on a state being built, and the flags that follow from it.

        For a game that sets ``_player`` outside the step machine (a loaded or
        hand-made position): :attr:`is_terminal` and :attr:`is_chance` are
        fields, so ``_player`` is never written alone (the conformance checker
        checks that they agree at every step).
        """
        set_acting(self.__dict__, player)

    @abstractmethod
    def _legal_ids(self) -> tuple[int, ...]:
        """Ids of the legal decisions, ascending; empty at chance and terminal."""

    @abstractmethod
    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        """(id, probability) of each chance outcome; empty elsewhere."""

    @abstractmethod
    def _apply(self, action_id: int) -> State:
        """The successor after the (already validated) action ``action_id``."""

    def legal_action_ids(self) -> tuple[int, ...]:
        """Ids of the legal actions, ascending (empty at chance and terminal nodes)."""
        legal = self._legal
        if legal is None:
            if self._player < 0:
                return ()  # not cached: only a decision holds legal ids (see _successor)
            legal = self.__dict__["_legal"] = self._legal_ids()
        return legal

    def chance_outcome_ids(self) -> tuple[tuple[int, float], ...]:
        """(id, probability) of each chance outcome at a chance node (cached); else empty."""
        outcomes = self._chance
        if outcomes is None:
            if self._player != CHANCE:
                return ()  # not cached: only a chance node holds outcomes (see _successor)
            outcomes = self.__dict__["_chance"] = self._chance_ids()
        return outcomes

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions in a deterministic order; never empty at a decision."""
        game = self.game
        legal = self._legal
        if legal is None:
            if self._player < 0:
                return ()
            # legal_action_ids inlined (every bot's and playout's hot path), the
            # state class's _legal_ids called as a function kept by the game
            listing = game._listing
            if listing is None:
                listing = game._listing = type(self)._legal_ids
            legal = self.__dict__["_legal"] = listing(self)
        # The actions of the last ids listed, matched by identity (the memo keeps
        # them alive), not a cache of each state: two stores fewer per decision
        # (about 230 instructions each, one of them in every successor).  A game
        # that makes the actions with the ids puts them there itself.
        last = game._last_actions
        if last[0] is legal:
            return last[1]
        table = game._action_table
        # itemgetter of one id gives the action itself, not a tuple; one
        # legal action is common (a sixth of Andromeda's Edge's decisions),
        # and a comprehension would be a function call of its own on 3.11.
        count = len(legal)
        if count > 1:
            actions = itemgetter(*legal)(table)
        elif count:
            actions = (table[legal[0]],)
        else:
            actions = ()
        game._last_actions = (legal, actions)
        return actions  # type: ignore[no-any-return]

    def legal_action_mask(self) -> np.ndarray:
        """A bool array over all action ids, True where the action is legal."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=bool)
        ids = self.legal_action_ids()
        if ids:
            mask[list(ids)] = True
        return mask

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """(outcome, probability) pairs at a chance node, summing to 1; else empty."""
        if self._player != CHANCE:
            return ()
        # chance_outcome_ids inlined (every playout's chance nodes come here)
        game = self.game
        ids = self._chance
        if ids is None:
            drawing = game._drawing  # (the state class's _chance_ids, as in legal_actions)
            if drawing is None:
                drawing = game._drawing = type(self)._chance_ids
            ids = self.__dict__["_chance"] = drawing(self)
        # The last listing's pairs, matched by the identity of its ids (which the
        # memo keeps alive): a game whose outcomes come from tables built once
        # (dice, shared decks) hands out the same ids tuple at node after node.
        last = game._last_outcomes
        if last[0] is ids:
            return last[1]
        table = game._action_table
        # a loop, not a comprehension: on 3.11 that is a function of its own, made
        # and called at every chance node of every playout
        outcomes = []
        for i, p in ids:
            outcomes.append((table[i], p))
        pairs = tuple(outcomes)
        game._last_outcomes = (ids, pairs)
        return pairs

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (a decision or a chance outcome)."""
        action_id = self.game.catalogue.get_id(action)
        return action_id is not None and self._allows(action_id)

    def _allows(self, action_id: int) -> bool:
        if self._player >= 0:
            return _among(self.legal_action_ids(), action_id)
        if self._player == CHANCE:
            for i, _ in self.chance_outcome_ids():
                if i == action_id:
                    return True
        return False

    def apply(self: _S, action: Action) -> _S:
        """The state after ``action``; this state is unchanged.

        Raises :class:`InvalidActionError` for something that is not an action
        of this game and :class:`IllegalActionError` for one the rules forbid now.
        """
        game = self.game
        try:
            # the object a listing gave out carries its id (see Action): a slot
            # read, trusted when the catalogue holds this very object there
            action_id = action._catalogue_id  # type: ignore[attr-defined]
            known = game._action_table[action_id] is action
        except (AttributeError, IndexError, TypeError):  # not one of the catalogue's objects
            known = False
        if not known:
            try:
                action_id = game._action_ids[action]
            except (KeyError, TypeError):
                raise InvalidActionError(f"{action!r} is not an action of {game.id}") from None
        if self._player >= 0:
            legal = self._legal
            if legal is None:
                legal = self.legal_action_ids()
            # _among inlined: this is every user's and every bot's hot path (most
            # listings are short: two in three of Andromeda's Edge's hold at most four
            # ids).  Past the last legal id, bisect's index is caught as an IndexError.
            if len(legal) < _SCANNED:
                if action_id not in legal:
                    raise IllegalActionError(self._illegal_message(action))
            else:
                i = bisect_left(legal, action_id)
                try:
                    if legal[i] != action_id:
                        raise IllegalActionError(self._illegal_message(action))
                except IndexError:
                    raise IllegalActionError(self._illegal_message(action)) from None
        elif self._player == CHANCE:
            # The state class's _allows, looked up once per game object: a method
            # load on a state, or a class attribute read through one, is not
            # specialised on CPython 3.11 (every successor's dict has keys of its own).
            allows = game._chance_allows
            if allows is None:
                allows = game._chance_allows = type(self)._allows
            if allows is _KERNEL_ALLOWS:
                # the kernel's _allows inlined (every playout's chance nodes come here),
                # with the outcomes' cache read without a call when it is filled (a
                # driver lists the outcomes before it picks one)
                outcomes = self._chance
                if outcomes is None:
                    outcomes = self.chance_outcome_ids()
                for i, _ in outcomes:
                    if i == action_id:
                        break
                else:
                    raise IllegalActionError(self._illegal_message(action))
            elif not allows(self, action_id):
                raise IllegalActionError(self._illegal_message(action))
        elif not self._allows(action_id):
            raise IllegalActionError(self._illegal_message(action))
        # Read, then called: ``game._next_state(...)`` would be a method load, which
        # CPython 3.11 does not specialise for a callable kept on the instance (about
        # 250 instructions on every action); an attribute read it does.
        advance = game._next_state
        return advance(self, action_id)  # type: ignore[return-value]

    def apply_id(self: _S, action_id: int) -> _S:
        """Like :meth:`apply`, given the action's id."""
        if not isinstance(action_id, int) or not 0 <= action_id < self.game.num_distinct_actions:
            raise InvalidActionError(f"{action_id!r} is not an action id of {self.game.id}")
        if not self._allows(action_id):
            raise IllegalActionError(self._illegal_message(self.game.catalogue[action_id]))
        return self.game._next_state(self, action_id)  # type: ignore[return-value]

    def apply_text(self: _S, text: str) -> _S:
        """Like :meth:`apply`, given the action's readable text."""
        return self.apply(self.game.parse_action(text))

    def _illegal_message(self, action: Action) -> str:
        if self._player == TERMINAL:
            return f"{action} is not legal: the game is over"
        if self._player == CHANCE:
            options = [str(a) for a, _ in self.chance_outcomes()]
            who = "this is a chance node"
        else:
            options = [str(a) for a in self.legal_actions()]
            who = f"player {self._player} is to act"
        shown = ", ".join(options[:12]) + (", ..." if len(options) > 12 else "")
        return f"{action} is not legal here ({who}); legal: {shown}"

    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Victory points per player (so far, or final at a terminal)."""

    @property
    def truncated(self) -> bool:
        """Whether the game was stopped by a length limit rather than by its rules.

        A truncated state is terminal, has no winners and returns 0 to every
        player.  Games without a length limit are never truncated.  A game
        with a limit keeps a ``truncated`` field in its state (or overrides
        this property).
        """
        return self.__dict__.get("truncated", False) is True

    @property
    def winners(self) -> frozenset[int]:
        """The players who won (ties shared); empty while the game goes on.

        Games may override it with their tie-breaks.  A solo game against the
        game itself may end with no winner (a failed scenario): then every
        return is 0.
        """
        if self._player != TERMINAL or self.truncated:
            return frozenset()
        scores = self.scores()
        best = max(scores)
        return frozenset(p for p, s in enumerate(scores) if s == best)

    def returns(self) -> tuple[float, ...]:
        """Payoffs for search and learning: each winner gets 1/len(winners), others 0.

        All zeros before the end of the game.
        """
        n = self.game.players
        winners = self.winners
        if not winners:
            return (0.0,) * n
        share = 1.0 / len(winners)
        return tuple(share if p in winners else 0.0 for p in range(n))

    @abstractmethod
    def view(self, player: int) -> View:
        """What ``player`` may know of this state."""

    def _check_player(self, player: int) -> None:
        self.game._check_player(player)

    # -- values --------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, State):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(tuple(_hashable(v) for v in self._fields().values()))

    def __str__(self) -> str:
        return self.game.render(self)

    def _repr_svg_(self) -> str:
        """The state drawn as SVG, so a notebook shows the board inline."""
        return self.game.render_svg(self)

    def __repr__(self) -> str:
        who = {CHANCE: "chance", TERMINAL: "terminal"}.get(self._player, f"player {self._player}")
        return f"<{type(self).__name__} of {self.game!r}, {who} to act>"


def successor(state: _S) -> tuple[_S, dict[str, Any]]:
    """:meth:`State._successor` of ``state`` and the successor's instance dict, to
    store its new fields in (``fields["res"] = ...``), for a state class that keeps
    the kernel's caches (``_CACHES``; a class with caches of its own resets them
    in its ``_successor``).

    A function, and the dict handed back: CPython 3.11 does not specialise a
    method load on a state (each successor's dict has keys of its own) nor a
    read of ``__dict__``, about 250 instructions each on every action.
    """
    # Calling the class (which takes no arguments, see __init_subclass__)
    # costs about 300 instructions less than object.__new__(type(self)),
    # whose wrapper builds an argument tuple and slices it.
    new = type(state)()
    # Filling the new instance's own dict is cheaper than assigning a copy
    # to ``__dict__`` through object.__setattr__, and resetting the caches
    # by name cheaper than from a dict (about 650 of 6,000 instructions).
    # ``|=``, not ``update()``: CPython 3.11 leaves a call of update() (which
    # takes any arguments) generic, about 230 instructions more.
    fields = new.__dict__
    fields |= state.__dict__
    # A state caches only what its kind of node has (legal_action_ids,
    # chance_outcome_ids): the successor of a chance node holds its
    # outcomes, of a decision its legal ids, never both (a store is about
    # 230 instructions).
    if fields["is_chance"]:
        fields["_chance"] = None
    else:
        fields["_legal"] = None
    return new, fields


_KERNEL_ALLOWS = State._allows
"""The kernel's :meth:`State._allows`, which :meth:`State.apply` inlines for a
state class that keeps it."""


def best_rivals(values: Sequence[float]) -> list[float]:
    """Each player's best rival: the best of the others' values (for a
    heuristic that weighs a player against the strongest opponent).  The
    best value is each player's rival except for the first player holding
    it, whose rival is the second best; computed once, not once per player.

    >>> best_rivals([3.0, 7.0, 5.0])
    [7.0, 5.0, 7.0]
    """
    if len(values) == 2:  # each is the other's rival
        return [values[1], values[0]]
    best = max(values)
    leader = values.index(best)
    rivals = [best] * len(values)
    rivals[leader] = max([v for i, v in enumerate(values) if i != leader])
    return rivals


def leads_over_rivals(values: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each player's lead over their best rival (:func:`best_rivals`) squashed
    into (0, 1) by a logistic curve of width ``scale``: 0.5 for a tie.

    >>> leads_over_rivals([0.0, 0.0], 6.0)
    (0.5, 0.5)
    """
    exp = math.exp
    if len(values) == 2:
        # each is the other's rival; written out, since a search values every
        # child it expands (the same floats as the loop below)
        first, second = values
        return (1.0 / (1.0 + exp(-(first - second) / scale)), 1.0 / (1.0 + exp(-(second - first) / scale)))
    rivals = best_rivals(values)
    return tuple([1.0 / (1.0 + exp(-(own - rival) / scale)) for own, rival in zip(values, rivals)])


def _score_shares(state: State) -> tuple[float, ...]:
    """Each player's share of the (non-negative parts of the) scores; 0.5 each when all are 0."""
    scores = state.scores()
    total = sum(max(0.0, s) for s in scores)
    if total == 0:
        return (0.5,) * len(scores)
    return tuple(max(0.0, s) / total for s in scores)


def _kind(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__} ({value!r:.60})"


def _hashable(value: object) -> object:
    if isinstance(value, (dict, list, set)):
        return repr(value)
    return value


def chance_distribution_ok(probabilities: Sequence[float]) -> bool:
    """Whether probabilities are each in (0, 1] and sum to 1 within rounding."""
    return all(0.0 < p <= 1.0 for p in probabilities) and math.isclose(
        sum(probabilities), 1.0, rel_tol=0, abs_tol=1e-9
    )
