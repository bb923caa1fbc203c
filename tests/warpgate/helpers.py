"""Builders of hand-made Warpgate positions for rule tests."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import boardgames as bg
from boardgames.games.warpgate.components import ACTIONS
from boardgames.games.warpgate.game import Warpgate
from boardgames.games.warpgate.rules import MACHINE, begin
from boardgames.games.warpgate.state import BATTLE, WarpgateState
from boardgames.kernel.cards import cards_of, counts_of
from boardgames.kernel.work import Work


def game(players: int = 2, **options: Any) -> Warpgate:
    g = bg.make("warpgate", players=players, **options)
    assert isinstance(g, Warpgate)
    return g


def fresh(players: int = 2, seed: int = 0, **options: Any) -> WarpgateState:
    return game(players, **options).new_game(seed)


def edit(state: WarpgateState, **fields: Any) -> WarpgateState:
    new = state._successor()
    for name, value in fields.items():
        object.__setattr__(new, name, value)
    return new


_CARD_KINDS = {
    "hand": "card_names", "deck": "card_names", "discard": "card_names",
    "tactics": "tactic_names", "tactics_discard": "tactic_names",
    "promo_deck": "tactic_names", "promo_discard": "tactic_names",
    "objectives": "objective_names", "objective_deck": "objective_names", "tech_deck": "tech_names",
}
"""The piles and hands a state holds as count vectors, and the table naming their kinds."""


def ids(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a count vector, ascending (as the state held them before count vectors)."""
    return cards_of(counts)


def with_cards(state: WarpgateState, **fields: Any) -> WarpgateState:
    """``state`` with piles and hands given as card ids (a tuple, or a tuple of per-player tuples),
    stored as the count vectors the state holds."""
    converted: dict[str, Any] = {}
    for name, value in fields.items():
        kinds = len(getattr(state.t, _CARD_KINDS[name]))
        per_player = isinstance(getattr(state, name)[0], tuple)
        converted[name] = (
            tuple(counts_of(row, kinds) for row in value) if per_player else counts_of(value, kinds)
        )
    return edit(state, **converted)


def pid(state: WarpgateState, name: str) -> int:
    return state.t.place_names.index(name)


def board(state: WarpgateState, ships: Mapping[str, tuple[int, int]]) -> WarpgateState:
    """``state`` with exactly these (player, count) ships on the board, the rest in supply."""
    t = state.t
    n = state.game.players
    owner = [-1] * len(t.place_names)
    count = [0] * len(t.place_names)
    supply = [12] * n
    for name, (player, k) in ships.items():
        i = pid(state, name)
        owner[i], count[i] = player, k
        supply[player] -= k
    return edit(state, owner=tuple(owner), ships=tuple(count), supply=tuple(supply))


def acting(state: WarpgateState, action: str, x: int, player: int = 0) -> WarpgateState:
    """``state`` with ``player`` on their 1st turn, starting ``action`` (or "draw") at multiplier X."""
    new = edit(state, first=player, turn=0, steps=())
    index = len(ACTIONS) if action == "draw" else ACTIONS.index(action)
    w = Work(new)
    begin(w, player, index, x)
    player_to_act = MACHINE.settle(w)
    started = w.commit()
    assert isinstance(started, WarpgateState)
    started._set_player(player_to_act)
    return started


def attackers(state: WarpgateState) -> int:
    """How many ships attack in the battle being fought."""
    fight = next(step for step in state.steps if step[0] == BATTLE)
    return fight[3]


def texts(state: WarpgateState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def targets(state: WarpgateState, prefix: str) -> set[str]:
    """Place names of the legal actions that start with ``prefix`` ("to ", "from ", ...)."""
    return {s[len(prefix):] for s in texts(state) if s.startswith(prefix)}


def do(state: WarpgateState, *steps: str) -> WarpgateState:
    for text in steps:
        nxt = state.apply_text(text)
        assert isinstance(nxt, WarpgateState)
        state = nxt
    return state


def places_where(state: WarpgateState, test: Callable[[int], bool]) -> list[str]:
    t = state.t
    return [t.place_names[i] for i in range(len(t.place_names)) if test(i)]


def pair(state: WarpgateState, distance: int, planets_only: bool = True) -> tuple[str, str]:
    """Two planets (no warpgates) exactly ``distance`` apart."""
    t = state.t
    for a in t.planets:
        for b in t.planets:
            if a != b and t.dist[a][b] == distance:
                return t.place_names[a], t.place_names[b]
    raise LookupError(distance)


def dist(state: WarpgateState, a: str, b: str) -> int:
    return state.t.dist[pid(state, a)][pid(state, b)]
