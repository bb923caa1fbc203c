"""Building Age of Galaxy positions for the rulebook's sections and examples."""

from __future__ import annotations

from typing import Any

import boardgames as bg
from boardgames.games.age_of_galaxy import AgeOfGalaxy
from boardgames.games.age_of_galaxy.components import RESOURCES
from boardgames.games.age_of_galaxy.state import ACTION, S_TURN, AgeState


def make(players: int = 3, **options: Any) -> AgeOfGalaxy:
    game = bg.make("age-of-galaxy", players=players, **options)
    assert isinstance(game, AgeOfGalaxy)
    return game


def edit(state: AgeState, **fields: Any) -> AgeState:
    """A copy of ``state`` with some fields replaced (test positions only)."""
    new = state._successor()
    for name, value in fields.items():
        if name not in new.__dict__:
            raise KeyError(name)
        if name == "_player":
            new._set_player(value)  # and the flags that follow from it
        else:
            object.__setattr__(new, name, value)
    return new


def started(players: int = 3, seed: int = 0, **options: Any) -> AgeState:
    """The first Action-phase decision after a plain setup (keep hands, first cards)."""
    state = make(players, **options).new_game(seed)
    while not (state.stage == ACTION and state.current_player >= 0):
        if state.is_chance:
            state = state.apply(state.chance_outcomes()[0][0])
        else:
            texts = [str(a) for a in state.legal_actions()]
            choice = "keep hand" if "keep hand" in texts else texts[0]
            state = state.apply_text(choice)
    assert isinstance(state, AgeState)
    return state


def card(game: AgeOfGalaxy, name: str) -> int:
    return next(f.index for f in game.components.factions if f.name == name)


def tech(game: AgeOfGalaxy, name: str) -> int:
    return next(t.index for t in game.components.technologies if t.name == name)


def techs(game: AgeOfGalaxy, *names: str) -> int:
    return sum(1 << tech(game, n) for n in names)


def resources(state: AgeState, p: int) -> dict[str, int]:
    return dict(zip(RESOURCES, state.res[p * 8:(p + 1) * 8], strict=True))


def with_res(state: AgeState, p: int, **amounts: int) -> AgeState:
    """Player ``p``'s resources set to ``amounts`` (others unchanged)."""
    res = list(state.res)
    for name, value in amounts.items():
        res[p * 8 + RESOURCES.index(name)] = value
    return edit(state, res=tuple(res))


def zero_res(state: AgeState, p: int, **amounts: int) -> AgeState:
    """Player ``p`` holds exactly ``amounts`` and nothing else."""
    base = dict.fromkeys(RESOURCES, 0)
    base.update(amounts)
    return with_res(state, p, **base)


def turn_of(state: AgeState, p: int, discs: int = 3) -> AgeState:
    """A fresh turn of player ``p`` with ``discs`` Action discs."""
    d = list(state.discs)
    d[p] = discs
    return edit(state, _player=p, pos=state.order.index(p), flags=0, steps=((S_TURN, p),), discs=tuple(d))


def with_hand(state: AgeState, p: int, *cards: int) -> AgeState:
    """Player ``p``'s hand becomes exactly ``cards``; their old cards go to the deck."""
    mask = sum(1 << c for c in cards)
    _not_in_play(state, mask)
    old = state.hands[p] & ~mask
    hands = [h & ~mask for h in state.hands]
    hands[p] = mask
    return edit(
        state,
        hands=tuple(hands),
        discards=tuple(d & ~mask for d in state.discards),
        deck=(state.deck & ~mask) | old,
        played=state.played & ~mask,
    )


def _not_in_play(state: AgeState, mask: int) -> None:
    """Test positions may only move cards that no Alliance or True Ideology holds."""
    public = [c for a in state.alliance for c in a] + [c for c in state.ideology if c >= 0]
    if any(mask >> c & 1 for c in public):
        raise ValueError("a card of an Alliance or a True Major Ideology cannot move")


def with_alliance(state: AgeState, p: int, *cards: int) -> AgeState:
    """Player ``p``'s Alliance becomes ``cards`` (their old Alliance goes back to the deck)."""
    mask = sum(1 << c for c in cards)
    _not_in_play(state, mask & ~sum(1 << c for c in state.alliance[p]))
    old = sum(1 << c for c in state.alliance[p])
    hands = tuple(h & ~mask for h in state.hands)
    alliance = list(state.alliance)
    alliance[p] = tuple(cards)
    deck = (state.deck & ~mask) | (old & ~mask)
    return edit(state, hands=hands, alliance=tuple(alliance), deck=deck)


def plain_alliances(state: AgeState) -> AgeState:
    """Every Alliance becomes one plain deck card (no Technology or ability); the old go to the deck."""
    factions = state.game.components.factions
    plain = [
        f.index for f in factions
        if state.deck >> f.index & 1 and not f.technologies and f.scoring is None
        and not any(f.production) and not f.protects
    ]
    old = sum(1 << c for a in state.alliance for c in a)
    new = sum(1 << c for c in plain[: len(state.alliance)])
    alliance = tuple((c,) for c in plain[: len(state.alliance)])
    return edit(state, alliance=alliance, deck=(state.deck & ~new) | old)


def with_planet(state: AgeState, slot: int, kind: int, owner: int = -1, level: int = 0) -> AgeState:
    pkind, powner, plevel = list(state.pkind), list(state.powner), list(state.plevel)
    pkind[slot], powner[slot], plevel[slot] = kind, owner, level
    return edit(state, pkind=tuple(pkind), powner=tuple(powner), plevel=tuple(plevel))


def clear_planets(state: AgeState) -> AgeState:
    """No planet discs or Cruisers anywhere (planet kinds kept)."""
    n = len(state.pkind)
    return edit(state, powner=(-1,) * n, plevel=(0,) * n)


def texts(state: AgeState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: AgeState, *moves: str) -> AgeState:
    for move in moves:
        state = state.apply_text(move)  # type: ignore[assignment]
    return state


def only_turn_left(state: AgeState, p: int) -> AgeState:
    """Everyone else has passed; ``p`` has one disc left for one last turn."""
    n = state.game.players
    passed = sum(1 << q for q in range(n) if q != p)
    discs = tuple(1 if q == p else 0 for q in range(n))
    return edit(
        state, passed=passed, discs=discs, _player=p, pos=state.order.index(p), flags=0, steps=((S_TURN, p),)
    )


def finish_turn(state: AgeState) -> AgeState:
    """End the current turn if it is still open."""
    if state.current_player >= 0 and "end turn" in texts(state):
        state = state.apply_text("end turn")  # type: ignore[assignment]
    return state
