"""The kernel's turn machinery: working copies, step queues, cards."""

from __future__ import annotations

from enum import IntEnum
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames as bg
from boardgames.kernel.cards import cards_of, counts_of, deal, deal_cards, draw_outcomes, take, unseen
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.steps import Phase, Phases, Role, StepKind, StepKinds, StepMachine
from boardgames.kernel.work import Work, put


class Fields:
    """A stand-in for a State: fields in the instance dict, a shallow successor."""

    def __getattr__(self, name: str) -> Any:  # the fields, for the type checker
        raise AttributeError(name)

    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)

    def _successor(self) -> Fields:
        return Fields(**self.__dict__)


def test_work_copies_only_touched_fields_and_freezes_them_back() -> None:
    before = Fields(hands=((1, 2), (3,)), score=(0, 0), round=1, big=tuple(range(100)))
    after = before._successor()
    w = Work(after)
    w.hands[1].append(4)
    w.score[0] = 5
    assert w.state.big is before.big  # read through the state: not thawed
    assert w.commit() is after
    assert after.hands == ((1, 2), (3, 4)) and after.score == (5, 0)
    assert before.hands == ((1, 2), (3,)) and before.score == (0, 0)  # the parent is untouched
    assert after.big is before.big and after.round == 1
    assert put((1, 2), 0, 7) == (7, 2)
    with pytest.raises(AttributeError):
        w.nothing  # noqa: B018


class K(IntEnum):
    TURN = 0
    DRAW = 1
    SCORE = 2


KINDS = StepKinds(
    StepKind(K.TURN, "turn", Role.DECISION, section="Your turn"),
    StepKind(K.DRAW, "draw", Role.CHANCE, ("cards",)),
    StepKind(K.SCORE, "score", Role.AUTO),
)


def test_step_kinds_check_and_describe_steps() -> None:
    assert KINDS.describe((K.DRAW, 1, 2)) == "draw (player 1, cards=2)"
    KINDS.check((K.DRAW, 0, 1))
    with pytest.raises(bg.BoardGameError, match="takes 1 argument"):
        KINDS.check((K.DRAW, 0))
    with pytest.raises(bg.BoardGameError, match="unknown step kind"):
        KINDS.check((9, 0))
    with pytest.raises(ValueError, match="share code"):
        StepKinds(StepKind(0, "a", Role.AUTO), StepKind(0, "b", Role.AUTO))
    assert KINDS.named("score").role is Role.AUTO


def _machine() -> StepMachine[Fields]:
    def decide_turn(w: Work, step: tuple[int, ...], action: int) -> None:
        # action 0: draw a card then score; action 1: pass (the game ends).
        w.pop()
        if action == 0:
            w.push((K.DRAW, step[1], 1), (K.SCORE, step[1]))

    def drawn(w: Work, step: tuple[int, ...], card: int) -> None:
        w.pop()
        w.hand.append(card)

    def score(w: Work, step: tuple[int, ...]) -> None:
        w.points[step[1]] += len(w.hand)
        w.append((K.TURN, 1 - step[1]))

    return StepMachine(
        KINDS,
        legal={K.TURN: lambda s, step: (0, 1)},
        outcomes={K.DRAW: lambda s, step: draw_outcomes(s.deck)},
        decide={K.TURN: decide_turn, K.DRAW: drawn},
        run={K.SCORE: score},
    )


def test_step_machine_settles_automatic_steps_and_says_who_acts() -> None:
    machine = _machine()
    state = Fields(steps=((K.TURN, 0),), hand=(), points=(0, 0), deck=(0, 2), _player=0)
    assert machine.legal_ids(state) == (0, 1)
    state = machine.apply(state, 0)
    assert state._player == CHANCE and machine.chance_ids(state) == ((1, 1.0),)
    state = machine.apply(state, 1)
    assert state._player == 1 and state.points == (1, 0) and state.steps == ((K.TURN, 1),)
    assert machine.apply(state, 1)._player == TERMINAL
    with pytest.raises(ValueError, match="'turn' needs a legal and a decide \\(or direct\\) function"):
        StepMachine(KINDS, legal={K.TURN: lambda s, step: (0,)}, decide={})


class ScoreWork(Work):
    FIELDS = ("hands", "score", "round", "steps")


class LooseWork(Work):
    """A subclass that declares no fields."""


@pytest.mark.parametrize("cls", [Work, ScoreWork, LooseWork])
def test_work_finds_fields_declared_or_not_and_only_undeclared_ones_through_getattr(cls: type[Work]) -> None:
    state = Fields(hands=((1, 2), (3,)), score=(0, 0), round=1, steps=(), _player=1)._successor()
    w = cls(state)
    assert isinstance(w, Work)
    assert w.round == 1 and w._player == 1 and w.score == [0, 0]  # _player: every state has it
    with pytest.raises(AttributeError):
        w.nothing  # noqa: B018
    # __getattr__ slows every attribute read, methods included: a class that
    # declares its fields has none
    assert hasattr(type(w), "__getattr__") == (cls is not ScoreWork)


@pytest.mark.parametrize("cls", [Work, ScoreWork, LooseWork])
def test_work_put_and_add_change_one_entry_without_thawing(cls: type[Work]) -> None:
    before = Fields(hands=((1, 2), (3,)), score=(0, 0), round=1, steps=())
    after = before._successor()
    w = cls(after)
    assert w.add("score", 1, 3) == 3 and w.add("score", 1, 2) == 5
    w.put("hands", (1, 0), 9)
    w.put("hands", -1, (7,))
    assert "score" not in w.__dict__ and "hands" not in w.__dict__  # nothing thawed
    assert w.peek("score") == (0, 5) and w.peek("hands") == ((1, 2), (7,))
    assert w.peek("hands")[0] is before.hands[0]  # the row not changed is shared
    w.round = 2  # not a list: straight into the successor
    assert after.round == 2
    w.score[0] += 1  # thawed now: put and add edit the list
    w.put("score", 0, 4)
    assert w.add("score", 0, 1) == 5 and w.score == [5, 5]
    snapshot = w.snapshot()
    assert snapshot.score == [5, 5] and snapshot.round == 2 and snapshot.hands == ((1, 2), (7,))
    assert w.commit() is after
    assert after.score == (5, 5) and after.hands == ((1, 2), (7,)) and after.round == 2
    assert before.score == (0, 0) and before.hands == ((1, 2), (3,)) and before.round == 1
    with pytest.raises(ValueError, match="cannot be a field name"):
        type("Bad", (Work,), {"FIELDS": ("push",)})


def test_step_machine_drops_steps_not_needed_and_goes_on_after_an_empty_queue() -> None:
    turns = []

    def decide_turn(w: Work, step: tuple[int, ...], action: int) -> None:
        w.pop()
        w.push((K.DRAW, step[1], 1))

    def drawn(w: Work, step: tuple[int, ...], card: int) -> None:
        w.pop()
        w.hand.append(card)

    def next_turn(w: Work) -> bool:
        # The queue ran out: the next player's turn, until four turns are over.
        turns.append(w.peek("round"))
        if w.peek("round") == 4:
            return False
        w.round += 1
        w.append((K.TURN, (w.peek("round") - 1) % 2))
        return True

    def direct_turn(s: Fields, step: tuple[int, ...], action: int) -> Fields:
        new = s._successor()
        new.steps = ((K.DRAW, step[1], 1), *s.steps[1:])
        return new

    for direct in (False, True):
        turns.clear()
        machine: StepMachine[Fields] = StepMachine(
            KINDS,
            legal={K.TURN: lambda s, step: (0,)},
            outcomes={K.DRAW: lambda s, step: draw_outcomes(s.deck)},
            decide={K.DRAW: drawn} if direct else {K.TURN: decide_turn, K.DRAW: drawn},
            direct={K.TURN: direct_turn} if direct else None,
            run={K.SCORE: lambda w, step: None},
            needed={K.DRAW: lambda w, step: sum(w.peek("deck")) > len(w.peek("hand"))},
            on_empty=next_turn,
        )
        state = Fields(steps=((K.TURN, 0),), hand=(), deck=(1, 1), round=1, _player=0)
        players = []
        while state._player != TERMINAL:
            players.append(state._player)
            ids = machine.chance_ids(state) if state._player == CHANCE else machine.legal_ids(state)
            state = machine.apply(state, ids[0][0] if state._player == CHANCE else ids[0])
        # Two cards in the deck: turns 3 and 4 have nothing to draw, their draw step is dropped.
        assert players == [0, CHANCE, 1, CHANCE, 0, 1]
        assert state.hand == (0, 0) and turns == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="only decision and chance steps"):
        StepMachine(KINDS, legal={K.TURN: lambda s, step: (0,)}, decide={K.TURN: decide_turn, K.DRAW: drawn},
                    outcomes={K.DRAW: lambda s, step: ()}, run={K.SCORE: lambda w, step: None},
                    needed={K.SCORE: lambda w, step: True})  # fmt: skip


def test_phases_name_the_round_and_open_their_steps() -> None:
    phases = Phases(Phase("draw", (K.DRAW,)), Phase("act", (K.TURN, K.SCORE)))
    assert phases.after("act") == 0 and phases.name(1) == "act"
    assert phases.opening(1, 3) == [(K.TURN, 3), (K.SCORE, 3)]
    with pytest.raises(bg.BoardGameError):
        phases.index("war")


counts = st.lists(st.integers(0, 4), min_size=1, max_size=6)


@given(counts, st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_deal_conserves_every_unseen_card(total: list[int], seed: int, places: int) -> None:
    n = sum(total)
    sizes = [n // places] * places
    sizes[-1] += n - sum(sizes)
    rng = np.random.default_rng(seed)
    dealt = deal(rng, total, sizes)
    assert [sum(p) for p in dealt] == sizes
    assert tuple(map(sum, zip(*dealt))) == tuple(total)
    again = deal_cards(np.random.default_rng(seed), total, sizes)
    assert tuple(counts_of(p, len(total)) for p in again) == dealt  # same seed, same deal


@given(counts, st.integers(0, 2**32 - 1))
def test_deal_follows_the_permutation_order(total: list[int], seed: int) -> None:
    # seeded games and searches replay the same deals: the order is rng.permutation's
    cards = cards_of(total)
    shuffled = [cards[i] for i in np.random.default_rng(seed).permutation(len(cards)).tolist()]
    first = len(cards) // 2
    assert deal_cards(np.random.default_rng(seed), total, (first, len(cards) - first)) == (
        tuple(sorted(shuffled[:first])),
        tuple(sorted(shuffled[first:])),
    )


def test_unseen_cards_and_seen_masks() -> None:
    assert unseen((2, 2), (1, 0), (0, 2)) == (1, 0)
    with pytest.raises(bg.HiddenInformationError):
        unseen((1, 1), (2, 0))
    with pytest.raises(bg.HiddenInformationError):
        deal(np.random.default_rng(0), (1, 1), (3,))
    assert cards_of((2, 0, 1)) == (0, 0, 2) and take((1, 1), 0) == (0, 1)
    with pytest.raises(bg.BoardGameError):
        take((0, 1), 0)


def test_check_game_accepts_a_game_that_is_not_registered() -> None:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

    class Renamed(GalaxysEdge):
        spec = attrs.evolve(GalaxysEdge.spec, id="renamed-edge")

    game = Renamed(players=2)
    with pytest.raises(bg.UnknownGameError):
        bg.make("renamed-edge")
    assert bg.check_game(game, seeds=range(2)).games_played == 2
    state = game.new_game(1)
    assert bg.from_json(bg.to_json(state), game=game) == state
    with pytest.raises(bg.SerializationError, match="not a document of"):
        bg.from_json(bg.to_json(bg.make("galaxys-edge").new_game(1)), game=game)


def test_the_queue_stays_a_tuple_until_a_rule_reads_it() -> None:
    successor = Fields(steps=((1, 0), (2, 1)))
    w = Work(successor)
    w.push((5, 0, 9))
    w.append((6, 1))
    assert w.peek("steps") == ((5, 0, 9), (1, 0), (2, 1), (6, 1)) and w.front == (5, 0, 9)
    assert w.state.steps is w.peek("steps")  # edited in the successor itself: no stale read
    assert w.pop() == (5, 0, 9)
    w.steps[0][1] = 1  # a rule reads the queue: from now on it is the working list
    w.push((7, 1))
    assert w.pop() == (7, 1)
    assert w.commit().steps == ((1, 1), (2, 1), (6, 1))
    w = Work(Fields(steps=()))
    w.steps = ((3, 0),)  # assigned as a tuple
    w.append((4, 1))
    assert w.commit().steps == ((3, 0), (4, 1))


def test_a_saved_queue_is_checked_step_by_step() -> None:
    assert KINDS.check_queue([[0, 1], [1, 0, 2]], players=2) == ((0, 1), (1, 0, 2))
    for bad, message in (
        ([[0]], r"steps\[0\]: a step is \(kind, player"),
        ([[0, 1], [1, 0]], r"steps\[1\]: step 'draw' takes 1 argument"),
        ([[0, 2]], r"steps\[0\]: player 2 is not a seat"),
        ([[0, True]], r"steps\[0\]: a step is a list of ints"),
        ({"a": 1}, "a list of steps"),
    ):
        with pytest.raises(bg.SerializationError, match=message):
            KINDS.check_queue(bad, players=2)


def test_direct_run_steps_edit_the_successor_itself() -> None:
    """An automatic step given as ``direct_run`` edits the bare successor after a direct
    action (no Work is made), and a synced Work's successor after a ``decide`` one."""

    def score_fields(new: Fields, fields: dict[str, Any], step: tuple[int, ...]) -> None:
        points = new.points
        fields["points"] = put(points, step[1], points[step[1]] + 1)
        fields["steps"] = (*new.steps, (K.TURN, 1 - step[1]))

    def direct_turn(s: Fields, step: tuple[int, ...], action: int) -> Fields:
        new = s._successor()
        new.__dict__["steps"] = ((K.SCORE, step[1]),) if action == 0 else ()
        return new

    def decide_turn(w: Work, step: tuple[int, ...], action: int) -> None:
        w.pop()
        w.points[step[1]] += 10  # thawed: the direct_run step must see it
        if action == 0:
            w.push((K.SCORE, step[1]))

    class NoWork(Work):
        def __init__(self, state: Any) -> None:
            raise AssertionError("a direct action followed by direct_run steps needs no Work")

    common: dict[str, Any] = {
        "legal": {K.TURN: lambda s, step: (0, 1)},
        "outcomes": {K.DRAW: lambda s, step: ()},
        "decide": {K.DRAW: lambda w, step, card: None},
        "direct_run": {K.SCORE: score_fields},
    }
    bare: StepMachine[Fields] = StepMachine(KINDS, direct={K.TURN: direct_turn}, work=NoWork, **common)
    start = Fields(steps=((K.TURN, 0),), points=(0, 0), _player=0)
    state = bare.apply(start, 0)
    assert state._player == 1 and state.points == (1, 0) and state.steps == ((K.TURN, 1),)
    assert start.points == (0, 0) and start.steps == ((K.TURN, 0),)
    assert bare.apply(state, 1)._player == TERMINAL

    common["decide"] = {**common["decide"], K.TURN: decide_turn}
    worked: StepMachine[Fields] = StepMachine(KINDS, **common)
    state = worked.apply(start, 0)
    assert state._player == 1 and state.points == (11, 0) and state.steps == ((K.TURN, 1),)
    assert start.points == (0, 0)
    with pytest.raises(ValueError, match="one of them"):
        StepMachine(KINDS, **common, run={K.SCORE: lambda w, step: None})
    with pytest.raises(ValueError, match="only automatic steps"):
        StepMachine(KINDS, **{**common, "direct_run": {K.SCORE: score_fields, K.TURN: score_fields}})


@pytest.mark.parametrize("direct", [False, True])
def test_a_queue_of_another_name_runs_as_the_default_one(direct: bool) -> None:
    """A machine whose queue field has another name than ``steps`` reads that field
    (its ``apply`` is a copy reading the name), by the direct path and by a Work,
    and leaves a field named ``steps`` alone."""

    def decide_turn(w: Work, step: tuple[int, ...], action: int) -> None:
        w.pop()
        if action == 0:
            w.push((K.DRAW, -1))

    def drawn(w: Work, step: tuple[int, ...], card: int) -> None:
        w.pop()
        w.hand.append(card)

    class PlanWork(Work):
        QUEUE = "plan"

    def machine(queue: str) -> StepMachine[Fields]:
        def direct_turn(s: Fields, step: tuple[int, ...], action: int) -> Fields:
            new = s._successor()
            rest = getattr(s, queue)[1:]
            new.__dict__[queue] = ((K.DRAW, -1), *rest) if action == 0 else rest
            return new

        return StepMachine(
            KINDS,
            legal={K.TURN: lambda s, step: (0, 1)},
            outcomes={K.DRAW: lambda s, step: draw_outcomes(s.deck)},
            decide={K.DRAW: drawn} if direct else {K.TURN: decide_turn, K.DRAW: drawn},
            direct={K.TURN: direct_turn} if direct else None,
            run={K.SCORE: lambda w, step: None},
            queue=queue,
            work=PlanWork if queue == "plan" else Work,
        )

    planned = machine("plan")
    assert planned.apply.__code__.co_names.count("plan") == 1
    assert "steps" not in planned.apply.__code__.co_names
    start = Fields(plan=((K.TURN, 0), (K.TURN, 1)), steps="not the queue", hand=(), deck=(0, 2), _player=0)
    state = planned.apply(start, 0)
    assert state._player == CHANCE and state.plan == ((K.DRAW, -1), (K.TURN, 1))
    state = planned.apply(state, 1)
    assert state._player == 1 and state.hand == (1,) and state.plan == ((K.TURN, 1),)
    assert planned.apply(state, 1)._player == TERMINAL
    assert state.steps == start.steps == "not the queue" and start.plan == ((K.TURN, 0), (K.TURN, 1))
    # the same game with the queue named steps: the same states
    default = machine("steps")
    assert "apply" not in vars(default)
    other = Fields(steps=start.plan, hand=(), deck=(0, 2), _player=0)
    other = default.apply(default.apply(other, 0), 1)
    assert other._player == 1 and other.hand == (1,) and other.steps == ((K.TURN, 1),)
    for bad in ("", "two words", "x.y", 3):
        with pytest.raises(ValueError, match="field name"):
            machine(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="edits the queue 'steps', not 'plan'"):
        StepMachine(KINDS, legal={K.TURN: lambda s, step: (0, 1)}, outcomes={K.DRAW: lambda s, step: ()},
                    decide={K.TURN: decide_turn, K.DRAW: drawn}, run={K.SCORE: lambda w, step: None},
                    queue="plan")  # (the default Work)


def test_a_direct_function_returning_none_leaves_the_action_to_decide_in_one_work() -> None:
    """A ``direct`` function may build the successor for some actions only: for
    the others it returns None, and the kind's ``decide`` applies the action on a
    Work that settling then goes on with (one Work for both)."""
    opened = []

    class Counted(Work):
        def __init__(self, state: Any) -> None:
            opened.append(state)
            super().__init__(state)

    def direct_turn(s: Fields, step: tuple[int, ...], action: int) -> Fields | None:
        if action == 1:
            return None  # scoring: through decide
        new = s._successor()
        new.__dict__["steps"] = ((K.TURN, 1 - step[1]),)
        return new

    def decide_turn(w: Work, step: tuple[int, ...], action: int) -> None:
        w.pop()
        w.push((K.SCORE, step[1]), (K.TURN, 1 - step[1]))

    def score(w: Work, step: tuple[int, ...]) -> None:
        w.points[step[1]] += 1

    machine: StepMachine[Fields] = StepMachine(
        KINDS,
        legal={K.TURN: lambda s, step: (0, 1)},
        outcomes={K.DRAW: lambda s, step: ()},
        decide={K.TURN: decide_turn, K.DRAW: lambda w, step, card: None},
        direct={K.TURN: direct_turn},
        run={K.SCORE: score},
        work=Counted,
    )
    start = Fields(steps=((K.TURN, 0),), points=(0, 0), _player=0)
    passed = machine.apply(start, 0)
    assert opened == [] and passed._player == 1 and passed.steps == ((K.TURN, 1),)
    scored = machine.apply(start, 1)
    assert len(opened) == 1  # the action and the automatic step after it: one Work
    assert scored._player == 1 and scored.points == (1, 0) and scored.steps == ((K.TURN, 1),)
    assert start.points == (0, 0) and start.steps == ((K.TURN, 0),)
    without = StepMachine(
        KINDS, legal={K.TURN: lambda s, step: (0, 1)}, outcomes={K.DRAW: lambda s, step: ()},
        decide={K.DRAW: lambda w, step, card: None}, direct={K.TURN: direct_turn}, run={K.SCORE: score},
    )  # fmt: skip
    with pytest.raises(bg.BoardGameError, match="takes no action"):
        without.apply(start, 1)  # no decide for what the direct function left


def test_direct_needed_checks_settle_a_direct_action_without_a_work() -> None:
    """After a ``direct`` action, a step kind's ``direct_needed`` answers on the
    successor itself: True stops there, False drops the step (as the queue then
    stands: the check may edit it), None leaves the answer to ``needed`` on a
    Work.  The same game plays the same with and without the hook."""
    opened = []

    class Counted(Work):
        def __init__(self, state: Any) -> None:
            opened.append(state)
            super().__init__(state)

    def direct_turn(s: Fields, step: tuple[int, ...], action: int) -> Fields:
        new = s._successor()
        # action 0: draw; 1: draw, then score; 2: re-form the empty deck first
        after = ((K.SCORE, step[1]),) if action == 1 else ()
        new.__dict__["steps"] = ((K.DRAW, step[1], action), *after, (K.TURN, 1 - step[1]))
        return new

    def needed(w: Work, step: tuple[int, ...]) -> bool:
        if step[2] == 2 and not sum(w.peek("deck")):
            w.deck = [1, 1]  # re-formed: an edit only written for a Work
        return bool(sum(w.peek("deck")))

    def looks(s: Fields, fields: dict[str, Any], step: tuple[int, ...]) -> bool | None:
        if not sum(s.deck):
            if step[2] == 2:
                return None  # the edit is needed's
            if step[2] == 1:  # nothing to draw, nothing to score: both go
                fields["steps"] = (step, *s.steps[2:])
            return False
        return True

    def drawn(w: Work, step: tuple[int, ...], card: int) -> None:
        w.pop()
        w.put("deck", card, w.peek("deck")[card] - 1)

    def score(w: Work, step: tuple[int, ...]) -> None:
        w.points[step[1]] += 1

    def machine(hook: bool) -> StepMachine[Fields]:
        return StepMachine(
            KINDS,
            legal={K.TURN: lambda s, step: (0, 1, 2)},
            outcomes={K.DRAW: lambda s, step: draw_outcomes(s.deck)},
            decide={K.DRAW: drawn},
            direct={K.TURN: direct_turn},
            run={K.SCORE: score},
            needed={K.DRAW: needed},
            direct_needed={K.DRAW: looks} if hook else None,
            work=Counted,
        )

    full = Fields(steps=((K.TURN, 0),), deck=(1, 0), points=(0, 0), _player=0)
    empty = Fields(steps=((K.TURN, 0),), deck=(0, 0), points=(0, 0), _player=0)
    for hook in (False, True):
        opened.clear()
        drawing = machine(hook).apply(full, 0)
        assert drawing._player == CHANCE and drawing.steps == ((K.DRAW, 0, 0), (K.TURN, 1))
        assert len(opened) == (0 if hook else 1)
        dropped = machine(hook).apply(empty, 0)
        assert dropped._player == 1 and dropped.steps == ((K.TURN, 1),)
        reformed = machine(hook).apply(empty, 2)  # None: needed edits on a Work
        assert reformed._player == CHANCE and reformed.deck == (1, 1)
        assert empty.deck == (0, 0) and empty.steps == ((K.TURN, 0),)
    opened.clear()
    both = machine(True).apply(empty, 1)  # the check dropped the scoring step with the draw
    assert opened == [] and both.points == (0, 0) and both.steps == ((K.TURN, 1),)
    assert machine(False).apply(empty, 1).points == (1, 0)  # without the hook, needed keeps scoring
    with pytest.raises(ValueError, match="a kind with a needed function only"):
        StepMachine(
            KINDS, legal={K.TURN: lambda s, step: (0,)}, outcomes={K.DRAW: lambda s, step: ()},
            decide={K.DRAW: drawn}, direct={K.TURN: direct_turn}, run={K.SCORE: score},
            direct_needed={K.DRAW: looks},
        )  # fmt: skip


def test_step_machine_sets_the_flags_with_who_acts_also_when_the_game_says_who() -> None:
    machine = _machine()
    # a decision node's flags, as every State has them (the successor copies them:
    # the machine stores is_terminal only when the game ends)
    flags = {"is_terminal": False, "is_chance": False}
    state = Fields(steps=((K.TURN, 0),), hand=(), points=(0, 0), deck=(0, 2), _player=0, **flags)
    drawing = machine.apply(state, 0)
    assert (drawing._player, drawing.is_chance, drawing.is_terminal) == (CHANCE, True, False)
    over = machine.apply(state, 1)
    assert (over._player, over.is_chance, over.is_terminal) == (TERMINAL, False, True)

    def simultaneous(w: Work, step: tuple[int, ...], action: int) -> None:
        w.pop()
        w._player = TERMINAL if action else 1  # a game that says who acts itself (who=False)

    said: StepMachine[Fields] = StepMachine(
        KINDS,
        legal={K.TURN: lambda s, step: (0, 1)},
        outcomes={K.DRAW: lambda s, step: ()},
        decide={K.TURN: simultaneous, K.DRAW: lambda w, step, card: None},
        run={K.SCORE: lambda w, step: None},
    )
    for action, player in ((0, 1), (1, TERMINAL)):
        after = said.apply(state, action, who=False)
        assert (after._player, after.is_terminal, after.is_chance) == (player, player == TERMINAL, False)
