"""Technology Cards and the Research action (I12: one technology deck per planet type; I14: effects).

Edits are made on a fresh successor state (see ``rules.apply``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from boardgames.games.warpgate.components import RESEARCH
from boardgames.games.warpgate.deploying import deploy
from boardgames.games.warpgate.state import TECH, TECH_REVEAL, Pend
from boardgames.games.warpgate.turn import add, end_turn, put, put_row, remove
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = [
    "any_research",
    "fly_drone",
    "research_ids",
    "research_places",
    "reveal_ids",
    "reveal_technology",
    "take_ids",
    "take_technology",
    "technology_deck",
]

_set = object.__setattr__


def research_places(s: WarpgateState, player: int, x: int) -> Iterator[int]:
    """Research: "Move your Research drone to a planet in range X ... matching the type of an
    available Technology", a planet holding no other player's ships; lazily."""
    t = s.t
    tech_type = t.tech_type
    types = {tech_type[c] for c in s.tech_avail}
    owner = s.owner
    place_type = t.place_type
    return (
        d for d in t.near[s.drone[player]][x]
        if place_type[d] in types and (owner[d] < 0 or owner[d] == player)
    )


def any_research(s: WarpgateState, x: int, player: int) -> bool:
    """Whether the drone has somewhere to go."""
    return next(research_places(s, player, x), -1) >= 0


def technology_deck(s: WarpgateState, deck: int) -> tuple[int, ...]:
    """The cards left in technology deck ``deck`` (I12), ascending."""
    deck_of = s.t.tech_deck_of
    return tuple(c for c in s.tech_deck if deck_of[c] == deck)


def research_ids(s: WarpgateState) -> tuple[int, ...]:
    off = s.t.off_research
    return tuple(off + d for d in research_places(s, s.active, s.pend.x))


def take_ids(s: WarpgateState) -> tuple[int, ...]:
    """The available Technologies matching the type of the drone's planet."""
    t = s.t
    kind = t.place_type[s.pend.dest]
    return tuple(sorted(t.off_take + c for c in s.tech_avail if t.tech_type[c] == kind))


def reveal_ids(s: WarpgateState) -> tuple[int, ...]:
    """The cards that may be revealed: those of the deck the taken card came from (I12)."""
    t = s.t
    return technology_deck(s, t.type_deck[t.place_type[s.pend.dest]])


def fly_drone(s: WarpgateState, place: int) -> None:
    """The drone moves to ``place``; with one matching Technology it is taken at once."""
    t = s.t
    _set(s, "drone", put(s.drone, s.active, place))
    kind = t.place_type[place]
    matching = [c for c in s.tech_avail if t.tech_type[c] == kind]
    if len(matching) == 1:
        take_technology(s, matching[0])
    else:
        _set(s, "pend", s.pend._replace(step=TECH, dest=place))


def take_technology(s: WarpgateState, card: int) -> None:
    """Research: take the Technology ``card``; its effect happens at once (I14).

    "After a Technology card is taken, if there is now only 1 available
    Technology, reveal the top Technology card (if there is one)": counted
    in the deck the card was taken from (I12).
    """
    t = s.t
    player = s.active
    avail = remove(s.tech_avail, card)
    _set(s, "tech_avail", avail)
    _set(s, "techs", put_row(s.techs, player, add(s.techs[player], card)))
    effect = t.tech_effect[card]
    count = min(effect.deploy, s.supply[player])
    if count:
        deploy(s, t.gate[player], count)
    refresh = min(effect.refresh, s.spent[player])
    if refresh:
        _set(s, "spent", put(s.spent, player, s.spent[player] - refresh))
        _set(s, "goods", put(s.goods, player, s.goods[player] + refresh))
    deck = t.tech_deck_of[card]
    deck_of = t.tech_deck_of
    if sum(1 for c in avail if deck_of[c] == deck) == 1 and technology_deck(s, deck):
        _set(s, "pend", Pend(TECH_REVEAL, RESEARCH, dest=s.drone[player]))
        _set(s, "_player", CHANCE)
    else:
        end_turn(s)


def reveal_technology(s: WarpgateState, card: int) -> None:
    """The revealed card joins the available Technologies; the turn ends."""
    _set(s, "tech_deck", remove(s.tech_deck, card))
    _set(s, "tech_avail", add(s.tech_avail, card))
    end_turn(s)
