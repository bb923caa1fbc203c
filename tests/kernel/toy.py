"""A tiny game with chance and hidden information, to test the kernel alone.

Race to 12: each player holds one hidden card (1-3).  On a turn the player
either rolls the die (a chance node, faces 1, 1, 2, 3) and adds the roll to
their total, or stops (only once their total is at least 4).  When everyone
has stopped, totals plus hidden cards are the scores.

The option ``limit`` (a length limit, for the arena's tests) stops the game
once that many rolls were made in all: the game is then truncated.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.chance import Die, make_rng
from boardgames.kernel.errors import SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL, Game, GameSpec, OptionSpec, State, View, int_option
from boardgames.kernel.serialize import Reader


@attrs.frozen(cache_hash=True)
class Roll(Action):
    def __str__(self) -> str:
        return "roll"


@attrs.frozen(cache_hash=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@attrs.frozen(cache_hash=True)
class Rolled(Action):
    value: int

    def __str__(self) -> str:
        return f"rolled {self.value}"


DIE = Die((1, 1, 2, 3))


@attrs.frozen
class ToyView(View):
    totals: tuple[int, ...]
    stopped: tuple[bool, ...]
    card: int
    turn: int
    to_act: int
    rolls: int


class ToyState(State):
    totals: tuple[int, ...]
    stopped: tuple[bool, ...]
    cards: tuple[int, ...]
    turn: int
    rolls: int

    @property
    def truncated(self) -> bool:
        return self._player == TERMINAL and not all(self.stopped)

    def _legal_ids(self) -> tuple[int, ...]:
        return (0, 1) if self.totals[self._player] >= 4 else (0,)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        if self._player != CHANCE:
            return ()
        return tuple((1 + v, float(p)) for v, p in DIE.outcomes())

    def _apply(self, action_id: int) -> State:
        new = self._successor()
        _set = object.__setattr__
        n = self.game.players
        if action_id == 0:
            new._set_player(CHANCE)
        elif action_id == 1:
            stopped = list(self.stopped)
            stopped[self.turn] = True
            _set(new, "stopped", tuple(stopped))
            _advance(new)
        else:
            totals = list(self.totals)
            totals[self.turn] = min(12, totals[self.turn] + action_id - 1)
            _set(new, "totals", tuple(totals))
            _set(new, "rolls", self.rolls + 1)
            if totals[self.turn] >= 12:
                stopped = list(self.stopped)
                stopped[self.turn] = True
                _set(new, "stopped", tuple(stopped))
            new._set_player(self.turn)
            limit = self.game.options.get("limit")  # subclasses may declare other options
            if limit is not None and new.rolls >= limit:
                new._set_player(TERMINAL)
            elif new.stopped[self.turn]:
                _advance(new)
        del n
        return new

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t + c) for t, c in zip(self.totals, self.cards))

    def view(self, player: int) -> ToyView:
        self._check_player(player)
        return ToyView(
            player,
            self.totals,
            self.stopped,
            self.cards[player],
            self.turn,
            self._player,
            self.rolls,
            game=self.game,
        )


def _advance(state: ToyState) -> None:
    n = len(state.totals)
    for step in range(1, n + 1):
        p = (state.turn + step) % n
        if not state.stopped[p]:
            object.__setattr__(state, "turn", p)
            state._set_player(p)
            return
    state._set_player(TERMINAL)


def _check_limit(value: Any) -> int | None:
    return None if value is None else int_option(1)(value)


class ToyGame(Game):
    spec = GameSpec(
        "toy-race",
        "Race to 12",
        1,
        3,
        2,
        hidden_information=True,
        options=(
            OptionSpec(
                "limit", None, "stop (truncated) after this many rolls in all", _check_limit
            ),
        ),
    )

    def _build_catalogue(self) -> ActionCatalogue:
        return ActionCatalogue([Roll(), Stop(), Rolled(1), Rolled(2), Rolled(3)])

    def _state(
        self, totals: Any, stopped: Any, cards: Any, turn: int, player: int, rolls: int = 0
    ) -> ToyState:
        state = ToyState._blank(self, player)
        fields = {"totals": totals, "stopped": stopped, "cards": cards, "turn": turn, "rolls": rolls}
        for name, value in fields.items():
            object.__setattr__(state, name, value)
        return state

    def new_game(self, seed: int | None = 0) -> State:
        rng = make_rng(seed)
        cards = tuple(int(c) for c in rng.integers(1, 4, self.players))
        n = self.players
        return self._state((0,) * n, (False,) * n, cards, 0, 0)

    @property
    def max_game_length(self) -> int:
        return self.players * 30

    def resample(self, view: View, rng: np.random.Generator) -> State:
        view = self._check_view(view, ToyView)
        self._check_rng(rng)
        cards = [int(c) for c in rng.integers(1, 4, self.players)]
        cards[view.player] = view.card
        return self._state(view.totals, view.stopped, tuple(cards), view.turn, view.to_act, view.rolls)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (3 * self.players + 1,)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        v = state.view(player)
        assert isinstance(v, ToyView)
        return np.array([*v.totals, *v.stopped, *([0] * self.players), v.card], dtype=np.float32)

    def state_to_data(self, state: State) -> dict[str, Any]:
        assert isinstance(state, ToyState)
        return {
            "totals": list(state.totals),
            "stopped": [int(s) for s in state.stopped],
            "cards": list(state.cards),
            "turn": state.turn,
            "player": state.current_player,
            "rolls": state.rolls,
        }

    def state_from_data(self, data: Any) -> State:
        r = Reader(data, "state")
        n = self.players
        player = r.int("player", TERMINAL, n - 1)
        if player in (-2, -3):
            raise SerializationError("state.player is not a player, CHANCE or TERMINAL")
        return self._state(
            r.ints("totals", n, 0, 12),
            tuple(bool(s) for s in r.ints("stopped", n, 0, 1)),
            r.ints("cards", n, 1, 3),
            r.int("turn", 0, n - 1),
            player,
            r.int("rolls", 0, 12 * n),
        )
