"""The turn structure as data: phases, steps, and who decides.

A game's rules are a queue of steps.  A step is a tuple of ints ``(kind,
player, *args)``; the queue is a field of the state holding a tuple of steps,
and its first step is what happens next.  Each step kind has a *role*:

- :attr:`Role.DECISION`: ``player`` chooses one of the step's legal actions;
- :attr:`Role.CHANCE`: an outcome is drawn (a card, a die);
- :attr:`Role.AUTO`: the step runs at once, with no choice (scoring a round,
  refilling a market) and may queue further steps.

A rule that opens a choice pushes a step; the action that answers it pops the
step (or leaves it, for a decision that repeats, such as free actions until the
player ends the turn).  After every action the :class:`StepMachine` *settles*
the queue: it runs AUTO steps until a decision or a chance step is first, and
that step says who acts.  An empty queue is the end of the game.

>>> from enum import IntEnum
>>> from boardgames.kernel.steps import Role, StepKind, StepKinds
>>> class S(IntEnum):
...     TURN = 1
...     ROLL = 2
...     SCORE = 3
>>> kinds = StepKinds(
...     StepKind(S.TURN, "turn", Role.DECISION, section="On your turn"),
...     StepKind(S.ROLL, "roll", Role.CHANCE, ("dice",)),
...     StepKind(S.SCORE, "score", Role.AUTO),
... )
>>> kinds.describe((S.ROLL, 1, 2))
'roll (player 1, dice=2)'
>>> kinds.role(S.SCORE) is Role.AUTO
True

Phases name the parts of a round and the steps that open each of them
(:class:`Phases`).  Turn order helpers (:func:`clockwise`, ...) live here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from enum import IntEnum
from types import FunctionType, MethodType
from typing import Any, Generic, TypeVar

import attrs

from boardgames.kernel.errors import BoardGameError, SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL, set_acting
from boardgames.kernel.work import Work

__all__ = [
    "Phase",
    "Phases",
    "Role",
    "StepKind",
    "StepKinds",
    "StepMachine",
    "clockwise",
    "counterclockwise",
]

_S = TypeVar("_S")

Step = tuple[int, ...]


class Role(IntEnum):
    """What a step waits for."""

    DECISION = 0
    CHANCE = 1
    AUTO = 2


@attrs.frozen
class StepKind:
    """One kind of step: its code, name, role, the names of its arguments
    (after ``kind`` and ``player``) and the rulebook section it comes from."""

    code: int = attrs.field(converter=int)
    name: str
    role: Role
    args: tuple[str, ...] = ()
    section: str = ""


class StepKinds:
    """The step kinds of one game, looked up by code (a small int, >= 0).

    Codes need not be dense, but every code must be distinct; the tables are
    tuples indexed by code, so a lookup on the hot path is one index.
    """

    def __init__(self, *kinds: StepKind) -> None:
        if not kinds:
            raise ValueError("a game needs at least one step kind")
        size = max(kind.code for kind in kinds) + 1
        table: list[StepKind | None] = [None] * size
        for kind in kinds:
            if kind.code < 0:
                raise ValueError(f"step kind {kind.name!r}: codes are >= 0, not {kind.code}")
            if table[kind.code] is not None:
                raise ValueError(f"step kinds {table[kind.code]!r} and {kind.name!r} share code {kind.code}")
            table[kind.code] = kind
        names = [kind.name for kind in kinds]
        if len(set(names)) != len(names):
            raise ValueError("step kind names must be distinct")
        self.kinds: tuple[StepKind | None, ...] = tuple(table)
        #: Role per code (-1 for an unused code): ``roles[step[0]]``.
        self.roles: tuple[int, ...] = tuple(-1 if k is None else int(k.role) for k in table)
        self._by_name = {kind.name: kind for kind in kinds}

    def __iter__(self) -> Iterator[StepKind]:
        return iter([k for k in self.kinds if k is not None])

    def __contains__(self, code: object) -> bool:
        return isinstance(code, int) and 0 <= code < len(self.kinds) and self.kinds[code] is not None

    def kind(self, code: int) -> StepKind:
        """The kind with ``code``; :class:`BoardGameError` for an unknown code."""
        if code not in self:
            raise BoardGameError(f"unknown step kind {code!r}")
        kind = self.kinds[code]
        assert kind is not None  # checked just above
        return kind

    def named(self, name: str) -> StepKind:
        try:
            return self._by_name[name]
        except KeyError:
            raise BoardGameError(f"unknown step kind {name!r}") from None

    def role(self, code: int) -> Role:
        return self.kind(code).role

    def check(self, step: Sequence[int]) -> None:
        """:class:`BoardGameError` unless ``step`` has a known kind and its arity."""
        if len(step) < 2:
            raise BoardGameError(f"a step is (kind, player, *args), not {tuple(step)!r}")
        kind = self.kind(step[0])
        if len(step) != 2 + len(kind.args):
            raise BoardGameError(
                f"step {kind.name!r} takes {len(kind.args)} argument(s) "
                f"({', '.join(kind.args) or 'none'}), not {len(step) - 2}"
            )

    def check_queue(self, queue: object, players: int, where: str = "steps") -> tuple[Step, ...]:
        """A queue read from a document, as a tuple of int tuples;
        :class:`~boardgames.kernel.errors.SerializationError` naming the path of
        the first bad step (unknown kind, wrong arity, a player who is not a seat)."""
        if not isinstance(queue, (list, tuple)):
            raise SerializationError(f"{where}: a list of steps, not {type(queue).__name__}")
        steps: list[Step] = []
        for i, step in enumerate(queue):
            path = f"{where}[{i}]"
            if not isinstance(step, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in step
            ):
                raise SerializationError(f"{path}: a step is a list of ints, not {step!r}")
            try:
                self.check(step)
            except BoardGameError as error:
                raise SerializationError(f"{path}: {error}") from None
            if not -1 <= step[1] < players:
                raise SerializationError(f"{path}: player {step[1]} is not a seat (0..{players - 1})")
            steps.append(tuple(step))
        return tuple(steps)

    def describe(self, step: Sequence[int]) -> str:
        """A readable form of ``step`` for messages and debugging."""
        kind = self.kind(step[0])
        args = ", ".join(f"{name}={value}" for name, value in zip(kind.args, step[2:]))
        return f"{kind.name} (player {step[1]}{', ' + args if args else ''})"


def _codes(kinds: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(kind) for kind in kinds)


@attrs.frozen
class Phase:
    """A named part of the round and the step kinds queued when it begins."""

    name: str
    steps: tuple[int, ...] = attrs.field(default=(), converter=_codes)
    section: str = ""


class Phases:
    """The phases of a game's round, in order.

    >>> phases = Phases(Phase("income", (3,)), Phase("actions", (1,)))
    >>> phases.index("actions"), phases.after("actions")
    (1, 0)
    >>> phases.opening(1, player=2)
    [(1, 2)]
    """

    def __init__(self, *phases: Phase) -> None:
        if not phases:
            raise ValueError("a game needs at least one phase")
        self.phases = phases
        self._index = {phase.name: i for i, phase in enumerate(phases)}
        if len(self._index) != len(phases):
            raise ValueError("phase names must be distinct")

    def __len__(self) -> int:
        return len(self.phases)

    def index(self, name: str) -> int:
        try:
            return self._index[name]
        except KeyError:
            raise BoardGameError(f"unknown phase {name!r}") from None

    def name(self, index: int) -> str:
        return self.phases[index].name

    def after(self, name: str) -> int:
        """The index of the phase that follows ``name`` (wrapping to the first)."""
        return (self.index(name) + 1) % len(self.phases)

    def opening(self, phase: int | str, player: int) -> list[Step]:
        """The steps that open ``phase`` (an index or a name) for ``player`` (no arguments)."""
        index = self.index(phase) if isinstance(phase, str) else phase
        return [(kind, player) for kind in self.phases[index].steps]


_STEP_PLAYER = -1000

Legal = Callable[[Any, Step], Sequence[int]]
Outcomes = Callable[[Any, Step], tuple[tuple[int, float], ...]]
Decide = Callable[[Work, Step, int], None]
Run = Callable[[Work, Step], None]
Needed = Callable[[Work, Step], bool]
DirectNeeded = Callable[[Any, dict[str, Any], Step], "bool | None"]
"""A ``needed`` check on the successor itself: the answer, or None to ask ``needed`` on a Work."""
Direct = Callable[[Any, Step, int], Any]
"""The successor built directly, or None to apply the action through ``decide`` on a Work."""
DirectRun = Callable[[Any, dict[str, Any], Step], None]


class StepMachine(Generic[_S]):
    """Dispatch from the first step of the queue to the game's rule functions.

    - ``legal[kind](state, step)``: the legal action ids of a decision step;
    - ``outcomes[kind](state, step)``: ``(id, probability)`` of a chance step;
    - ``decide[kind](work, step, action_id)``: apply a decision's action or a
      chance outcome (it pops the step when the step is done);
    - ``run[kind](work, step)``: an AUTO step (already popped).

    Optional hooks:

    - ``direct[kind](state, step, action_id)``: a decision or chance outcome
      that builds the successor itself (``state._successor()`` and a few
      field writes) instead of through a :class:`Work`; for the commonest
      small actions of a hot path.  A kind in ``direct`` needs no ``decide``,
      unless its function returns None for some actions: those go to
      ``decide[kind]`` on a Work, as if the kind had no ``direct`` (one Work
      for the action and the settling after it, where a direct function
      that opened a Work of its own would leave settling to open another).
    - ``direct_run[kind](state, fields, step)``: an automatic step that edits
      the successor itself (``fields``: its ``__dict__``, read once by the
      machine, as a ``direct`` function edits it), already taken off the
      queue; instead of ``run``.  After a ``direct`` action, automatic steps
      of such kinds run with no :class:`Work` at all (ending a turn, say);
      where a Work is open already, it is synced first (:meth:`Work.sync`).
    - ``needed[kind](work, step)``: whether a decision or chance step at the
      front still has something to choose or draw; a step that has not is
      dropped while settling (a discard step when the hand is within its
      limit, a draw from an empty deck).
    - ``direct_needed[kind](state, fields, step)``: the same check made on
      the successor itself (and its ``__dict__``, as for ``direct_run``)
      after a ``direct`` action, so that settling needs no :class:`Work`
      when every step it passes is answered this way.  It may
      edit the successor as a ``direct_run`` function does (the queue too:
      a step found not needed is then dropped from the queue as it stands),
      or return None to leave the answer to the kind's ``needed`` on a Work
      (re-forming an empty deck through rules written for a Work, say).
    - ``on_empty(work)``: called when the queue runs empty while settling; it
      may queue the steps of what comes next (the next turn) and returns
      whether the game goes on.  Without it an empty queue ends the game.

    :meth:`apply` builds the successor, calls the step's function, settles the
    queue when an automatic step (or a hook) needs it and sets who acts.  A
    game with players who act outside the queue's order (simultaneous
    choices) sets ``_player`` itself in its functions and passes ``who=None``.
    """

    def __init__(
        self,
        kinds: StepKinds,
        *,
        legal: Mapping[int, Legal],
        outcomes: Mapping[int, Outcomes] | None = None,
        decide: Mapping[int, Decide] | None = None,
        run: Mapping[int, Run] | None = None,
        direct: Mapping[int, Direct] | None = None,
        direct_run: Mapping[int, DirectRun] | None = None,
        needed: Mapping[int, Needed] | None = None,
        direct_needed: Mapping[int, DirectNeeded] | None = None,
        on_empty: Callable[[Work], bool] | None = None,
        queue: str = "steps",
        work: type[Work] = Work,
    ) -> None:
        if not isinstance(queue, str) or not queue.isidentifier():
            raise ValueError(f"the queue is a field name, not {queue!r}")
        if queue != work.QUEUE:
            raise ValueError(f"the Work class {work.__name__} edits the queue {work.QUEUE!r}, not {queue!r}")
        outcomes = outcomes or {}
        decide = decide or {}
        run = run or {}
        direct = direct or {}
        direct_run = direct_run or {}
        needed = needed or {}
        direct_needed = direct_needed or {}
        size = len(kinds.kinds)
        for code, role in enumerate(kinds.roles):
            if role < 0:
                continue
            name = kinds.kinds[code].name  # type: ignore[union-attr]
            answered = code in decide or code in direct
            if role == Role.DECISION and (code not in legal or not answered):
                raise ValueError(f"decision step {name!r} needs a legal and a decide (or direct) function")
            if role == Role.CHANCE and (code not in outcomes or not answered):
                raise ValueError(f"chance step {name!r} needs an outcomes and a decide (or direct) function")
            if role == Role.AUTO and (code in run) == (code in direct_run):
                raise ValueError(f"automatic step {name!r} needs a run or a direct_run function "
                                 "(one of them)")
        for code in direct_run:
            if code not in kinds or kinds.roles[code] != Role.AUTO:
                raise ValueError(f"direct_run[{code}]: only automatic steps run on the successor itself")
        for code in needed:
            if code not in kinds or kinds.roles[code] == Role.AUTO:
                raise ValueError(f"needed[{code}]: only decision and chance steps can be dropped")
        for code in direct_needed:
            if code not in needed:
                raise ValueError(f"direct_needed[{code}]: a kind with a needed function only "
                                 "(it answers where direct_needed cannot)")
        self.kinds = kinds
        self.queue = queue
        if queue != "steps":
            # apply reads the queue as ``state.steps``: this machine's copy reads its own name
            self.apply = MethodType(_reading_queue(StepMachine.apply, queue), self)  # type: ignore[method-assign]
        self.work = work
        self.on_empty = on_empty
        self._roles = kinds.roles
        # Tables indexed by step kind; a kind's missing entries answer "nothing"
        # (no legal ids, no outcomes) or refuse to run.
        self._legal: tuple[Legal, ...] = tuple(legal.get(c, _no_ids) for c in range(size))
        self._outcomes: tuple[Outcomes, ...] = tuple(outcomes.get(c, _no_outcomes) for c in range(size))
        self._decide: tuple[Decide, ...] = tuple(decide.get(c, _cannot_decide) for c in range(size))
        self._direct_run: tuple[DirectRun | None, ...] = tuple(direct_run.get(c) for c in range(size))
        # Inside settle (a Work is open) a direct_run step syncs the Work first.
        self._run: tuple[Run, ...] = tuple(
            _on_synced(direct_run[c]) if c in direct_run else run.get(c, _cannot_run) for c in range(size)
        )
        self._direct: tuple[Direct | None, ...] = tuple(direct.get(c) for c in range(size))
        self._needed: tuple[Needed | None, ...] = tuple(needed.get(c) for c in range(size))
        self._direct_needed: tuple[DirectNeeded | None, ...] = tuple(
            direct_needed.get(c) for c in range(size)
        )
        # Per kind: who acts when a step of that kind is first and settling has
        # nothing to do (None: settle; _STEP_PLAYER: the step's player).
        self._at_rest: tuple[int | None, ...] = tuple(
            None
            if role < 0 or role == Role.AUTO or needed.get(c) is not None
            else (_STEP_PLAYER if role == Role.DECISION else CHANCE)
            for c, role in enumerate(kinds.roles)
        )

    def front(self, state: Any) -> Step | None:
        queue = getattr(state, self.queue)
        return queue[0] if queue else None

    def legal_ids(self, state: Any) -> tuple[int, ...]:
        queue = getattr(state, self.queue)
        if not queue:
            return ()
        step = queue[0]
        return tuple(self._legal[step[0]](state, step))

    def chance_ids(self, state: Any) -> tuple[tuple[int, float], ...]:
        queue = getattr(state, self.queue)
        if not queue:
            return ()
        step: Step = queue[0]
        return self._outcomes[step[0]](state, step)

    def settle(self, work: Work) -> int:
        """Run AUTO steps (and drop steps not needed) until a decision or a
        chance step is first; who acts then.

        The player of the first decision step, :data:`CHANCE` for a chance
        step, :data:`TERMINAL` once the queue is empty (and ``on_empty`` does
        not go on).
        """
        name = self.queue
        roles = self._roles
        run = self._run
        needed = self._needed
        on_empty = self.on_empty
        values = work._inner
        fields = values["_fields"]
        while True:
            queue = values[name] if name in values else fields[name]
            if not queue:
                if on_empty is not None and on_empty(work):
                    continue
                return TERMINAL
            step = queue[0]
            kind = step[0]
            role = roles[kind]
            if role != 2:  # Role.DECISION or Role.CHANCE
                still = needed[kind]
                if still is not None and not still(work, tuple(step)):
                    work.pop()
                    continue
                return step[1] if role == 0 else CHANCE
            run[kind](work, tuple(work.pop()))

    def apply(self, state: _S, action_id: int, who: bool = True) -> _S:
        """The successor of ``state`` after ``action_id`` answers the first step.

        With ``who`` (the default) the successor's ``_player`` is the one the
        settled queue names; otherwise the game's functions set it.  Either
        way ``is_terminal`` and ``is_chance`` are set to agree with it
        (``is_terminal`` by a store only when the game ends: ``state``, which
        takes an action, is not terminal, and its successor copies its flags).
        """
        # The queue read as an attribute (specialised by CPython, where getattr with a
        # name is a call and an unspecialised lookup: about 30 ns of every action);
        # a machine whose queue has another name runs a copy of this function that
        # reads that name (see __init__)
        step = state.steps[0]  # type: ignore[attr-defined]
        direct = self._direct[step[0]]
        new: Any = None if direct is None else direct(state, step, action_id)
        if new is not None:
            # Who acts, inline (the hot path): the first step's player or chance,
            # after running direct_run steps and direct_needed checks on the
            # successor itself; a Work only when settling needs one (another
            # automatic step, a needed check that edits, on_empty).
            fields = new.__dict__
            name = self.queue
            at_rest = self._at_rest
            while True:
                queue = fields[name]
                if queue:
                    head = queue[0]
                    player = at_rest[head[0]]
                    if player is not None:
                        if player == _STEP_PLAYER:
                            player = head[1]
                        break
                    kind = head[0]
                    run = self._direct_run[kind]
                    if run is not None:
                        fields[name] = queue[1:]
                        run(new, fields, head)
                        continue
                    look = self._direct_needed[kind]
                    if look is not None:
                        still = look(new, fields, head)
                        if still is not None:
                            if still:
                                player = head[1] if self._roles[kind] == 0 else CHANCE
                                break
                            fields[name] = fields[name][1:]  # dropped (read again: the check may edit)
                            continue
                elif self.on_empty is None:
                    player = TERMINAL
                    break
                work = self.work(new)
                player = self.settle(work)
                work.commit()
                break
            if not who:  # the game's functions said who acts
                player = fields["_player"]
            # who acts, and the two flags State keeps with it (set_acting inlined: every
            # action); ``is_terminal`` is the parent's False (a terminal state takes no
            # action) unless the game ends here: a store only then
            fields["_player"] = player
            if player == TERMINAL:
                fields["is_terminal"] = True
            fields["is_chance"] = player == CHANCE
            return new  # type: ignore[no-any-return]
        work = self.work(state._successor())  # type: ignore[attr-defined]
        self._decide[step[0]](work, step, action_id)
        # Who acts when settling has nothing to do (None: settle), read from the
        # queue without thawing it: every action that is not direct comes here.
        name = self.queue
        values = work._inner
        queue = values[name] if name in values else values["_fields"][name]
        if queue:
            acts = self._at_rest[queue[0][0]]
            if acts == _STEP_PLAYER:
                acts = queue[0][1]
        else:
            acts = None if self.on_empty is not None else TERMINAL
        if acts is None:
            acts = self.settle(work)
        new = work.commit()
        fields = values["_fields"]  # the successor's dict, without reading new.__dict__
        # who acts and its flags, set_acting inlined (every action that is not direct;
        # ``is_terminal`` stored only when the game ends, as above)
        if not who:  # the game's functions said who acts
            acts = fields["_player"]
        fields["_player"] = acts
        if acts == TERMINAL:
            fields["is_terminal"] = True
        fields["is_chance"] = acts == CHANCE
        return new  # type: ignore[no-any-return]

    def start(self, state: _S) -> _S:
        """Settle a freshly built state's queue and set who acts (for ``new_game``)."""
        queue = getattr(state, self.queue)
        if queue:
            # a first step that needs no settling (as in apply): no Work to open
            player = self._at_rest[queue[0][0]]
            if player is not None:
                set_acting(state.__dict__, queue[0][1] if player == _STEP_PLAYER else player)
                return state
        work = self.work(state)
        player = self.settle(work)
        new: _S = work.commit()
        set_acting(new.__dict__, player)
        return new


def _reading_queue(function: Callable[..., Any], queue: str) -> Callable[..., Any]:
    """``function``, reading the attribute ``queue`` wherever it reads ``steps``: the same
    code with the name swapped in its table of names (its only use there is the
    attribute read; ``queue`` is checked to be an identifier by :class:`StepMachine`)."""
    code = function.__code__
    names = tuple(queue if name == "steps" else name for name in code.co_names)
    made = FunctionType(code.replace(co_names=names), function.__globals__, function.__name__,
                        function.__defaults__, function.__closure__)
    made.__doc__ = function.__doc__
    made.__qualname__ = function.__qualname__
    return made


def _on_synced(run: DirectRun) -> Run:
    """A ``direct_run`` function as a ``run`` one: it edits the Work's synced successor."""

    def on_work(work: Work, step: Step) -> None:
        new = work.sync()
        run(new, new.__dict__, step)

    return on_work


def _no_ids(state: Any, step: Step) -> tuple[int, ...]:
    return ()


def _no_outcomes(state: Any, step: Step) -> tuple[tuple[int, float], ...]:
    return ()


def _cannot_decide(work: Work, step: Step, action_id: int) -> None:
    raise BoardGameError(f"step kind {step[0]} takes no action")


def _cannot_run(work: Work, step: Step) -> None:
    raise BoardGameError(f"step kind {step[0]} does not run by itself")


def clockwise(start: int, players: int) -> tuple[int, ...]:
    """Everyone once, clockwise from ``start``.

    >>> clockwise(2, 4), counterclockwise(2, 4)
    ((2, 3, 0, 1), (2, 1, 0, 3))
    """
    return tuple((start + i) % players for i in range(players))


def counterclockwise(start: int, players: int) -> tuple[int, ...]:
    """Everyone once, counterclockwise from ``start``."""
    return tuple((start - i) % players for i in range(players))
