"""Building Andromeda's Edge positions for the rulebook's rules and examples."""

from __future__ import annotations

import functools
from typing import Any

from boardgames.games.andromedas_edge import AndromedasEdge, AndromedasEdgeState
from boardgames.games.andromedas_edge.state import Task
from boardgames.kernel.actions import Action, ActionCatalogue

RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def game(players: int = 2, **options: Any) -> AndromedasEdge:
    return AndromedasEdge(players=players, **options)


def with_fields(state: AndromedasEdgeState, **fields: Any) -> AndromedasEdgeState:
    """A copy of ``state`` with some fields replaced (given as nested tuples or lists)."""
    data = dict(state._fields())
    for name, value in fields.items():
        data[name] = _tuples(value)
    data.pop("game")
    data.pop("_player")
    return state.game._state(data)


def _tuples(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_tuples(v) for v in value)
    return value


def set_row(state: AndromedasEdgeState, field: str, player: int, value: Any) -> AndromedasEdgeState:
    rows = list(getattr(state, field))
    rows[player] = _tuples(value)
    return with_fields(state, **{field: rows})


def started(players: int = 2, seed: int = 0, **options: Any) -> AndromedasEdgeState:
    """A game after every faction choice (first offered faction), at the start player's first turn."""
    g = game(players, **options)
    state: Any = g.new_game(seed)
    while state.tasks[0][0] in (Task.FACTION, Task.DESTINY) or state.is_chance:
        if state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            state = state.apply(state.legal_actions()[0])
    assert isinstance(state, AndromedasEdgeState)
    return state


def turn_of(state: AndromedasEdgeState, player: int, tasks: Any = None) -> AndromedasEdgeState:
    """``state`` with ``player`` to take a turn (or to make the given decisions)."""
    return with_fields(state, active=player, tasks=tasks or [(Task.MAIN, player, 0, 0)])


def play(state: Any, *texts: str) -> AndromedasEdgeState:
    for text in texts:
        state = state.apply_text(text)
    assert isinstance(state, AndromedasEdgeState)
    return state


@functools.cache
def _catalogue() -> ActionCatalogue:
    return game(4, teams=True).catalogue


def said(action: Action) -> str:
    """The text of ``action`` with the reference components (``play tactics card Salvage Run``)."""
    catalogue = _catalogue()
    return str(catalogue[catalogue.id_of(action)])


def texts(state: Any) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def outcome(state: Any, text: str) -> AndromedasEdgeState:
    """Apply the chance outcome with this text."""
    for action, _ in state.chance_outcomes():
        if str(action) == text:
            result = state.apply(action)
            assert isinstance(result, AndromedasEdgeState)
            return result
    raise AssertionError(f"{text!r} not among {[str(a) for a, _ in state.chance_outcomes()]}")


def region(state: Any, name: str) -> int:
    g = state.game
    from boardgames.games.andromedas_edge.actions import region_name

    for r in range(g.regions):
        if region_name(r, g.spaces, g.components.columns) == name:
            return r
    raise KeyError(name)


def where(state: Any, code: int) -> int:
    """The region holding layout tile ``code`` (planet index or 15 + base)."""
    return list(state.layout).index(code)


def claim(state: AndromedasEdgeState, player: int, *moons: int) -> AndromedasEdgeState:
    """``state`` with these moons (taken from the face-down pool) in ``player``'s claimed moons area."""
    pool = list(state.moon_pool)
    for m in moons:
        pool[m] -= 1
    state = set_row(state, "claimed", player, sorted([*state.claimed[player], *moons]))
    return with_fields(state, moon_pool=pool)


def settle(state: AndromedasEdgeState) -> AndromedasEdgeState:
    """Run the automatic steps at the head of ``state``'s queue (as ``apply`` does)."""
    from boardgames.games.andromedas_edge.state import Work

    w = Work(state._successor())
    player = state.game.rules.settle(w)
    new = w.commit()
    new._set_player(player)
    return new  # type: ignore[no-any-return]


def give_cards(state: AndromedasEdgeState, player: int, kind: int, count: int = 1) -> AndromedasEdgeState:
    """``state`` with ``count`` tactics cards of ``kind`` moved from the deck to ``player``'s hand."""
    hand = list(state.hands[player])
    hand[kind] += count
    deck = list(state.tdeck)
    deck[kind] -= count
    return with_fields(set_row(state, "hands", player, hand), tdeck=deck)
