"""Technology Cards and the Research action (I12: one technology deck per planet type; I14: effects).

Rules edit a :class:`~boardgames.kernel.work.Work` over the successor.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from boardgames.games.warpgate.components import mask_places
from boardgames.games.warpgate.deploying import deploy
from boardgames.games.warpgate.state import TECH, TECH_REVEAL, Step, occupancy
from boardgames.games.warpgate.turn import end_turn, replace_front
from boardgames.kernel.errors import BoardGameError

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Occupancy
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = [
    "any_research",
    "fly_drone",
    "research_ids",
    "research_places",
    "research_targets",
    "reveal_technology",
    "take_ids",
    "take_technology",
    "technology_deck",
]


def research_targets(s: WarpgateState, player: int, x: int, board: Occupancy | None = None) -> int:
    """Research: "Move your Research drone to a planet in range X ... matching the type of an
    available Technology", a planet holding no other player's ships; as a bit mask of places
    (``board``: the state's :func:`~state.occupancy`, if counted)."""
    t = s.game.tables
    avail = s.tech_avail
    last_avail, types = t.last_types
    if avail is not last_avail:  # the face-up technologies seldom change: the last mask is kept
        tech_type, type_places = t.tech_type, t.type_places
        types = 0
        for c in avail:
            types |= type_places[tech_type[c]]
        t.last_types = (avail, types)
    if board is None:
        board = occupancy(s)
    return t.near_mask[s.drone[player]][x] & types & ~board.others[player]


def research_places(s: WarpgateState, player: int, x: int) -> tuple[int, ...]:
    """The places of :func:`research_targets`, ascending."""
    return mask_places(research_targets(s, player, x), s.game.tables.place_bytes)


def any_research(s: WarpgateState, x: int, player: int, board: Occupancy) -> bool:
    """Whether the drone has somewhere to go (``board``: the state's :func:`~state.occupancy`)."""
    return research_targets(s, player, x, board) != 0


def technology_deck(s: WarpgateState, deck: int) -> tuple[int, ...]:
    """The cards left in technology deck ``deck`` (I12) as a count vector by technology (the
    state's ``tech_deck`` holds every deck in one vector)."""
    counts = s.tech_deck
    pile = [0] * len(counts)
    for c in s.game.tables.deck_techs[deck]:
        pile[c] = counts[c]
    return tuple(pile)


def research_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    _, player, x = step
    return mask_places(research_targets(s, player, x), s.game.tables.research_bytes)


def take_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """The available Technologies matching the type of the drone's planet."""
    t = s.game.tables
    kind = t.place_type[step[3]]
    return tuple(sorted(t.off_take + c for c in s.tech_avail if t.tech_type[c] == kind))


def fly_drone(w: Work, step: Step, action_id: int) -> None:
    """The drone moves to the planet chosen; with one matching Technology it is taken at once."""
    t = w.state.game.tables
    player = step[1]
    place = action_id - t.off_research
    w.put("drone", player, place)
    kind = t.place_type[place]
    matching = [c for c in w.state.tech_avail if t.tech_type[c] == kind]
    if len(matching) == 1:
        take_technology(w, player, matching[0])
    else:
        replace_front(w, (TECH, player, step[2], place))


def choose_technology(w: Work, step: Step, action_id: int) -> None:
    take_technology(w, step[1], action_id - w.state.game.tables.off_take)


def take_technology(w: Work, player: int, card: int) -> None:
    """Research: ``player`` takes the Technology ``card``; its effect happens at once (I14).

    "After a Technology card is taken, if there is now only 1 available
    Technology, reveal the top Technology card (if there is one)": counted
    in the deck the card was taken from (I12).
    """
    t = w.state.game.tables
    avail = w.tech_avail
    avail.remove(card)
    insort(w.techs[player], card)
    effect = t.tech_effect[card]
    count = min(effect.deploy, w.peek("supply")[player])
    if count:
        # the Work has not thawed supply, ships or owner: deploy writes them into the successor
        deploy(w.state.__dict__, player, t.gate[player], count)
    refresh = min(effect.refresh, w.peek("spent")[player])
    if refresh:
        w.add("spent", player, -refresh)
        w.add("goods", player, refresh)
    deck_of = t.tech_deck_of
    deck = deck_of[card]
    waiting = w.state.tech_deck
    if sum(1 for c in avail if deck_of[c] == deck) == 1 and any(waiting[c] for c in t.deck_techs[deck]):
        replace_front(w, (TECH_REVEAL, player, deck))
    else:
        end_turn(w)


def reveal_technology(w: Work, step: Step, action_id: int) -> None:
    """The revealed card joins the available Technologies; the turn ends."""
    card = action_id - w.state.game.tables.off_tech
    if w.add("tech_deck", card, -1) < 0:
        raise BoardGameError(f"technology {card} is not in the deck")
    insort(w.tech_avail, card)
    end_turn(w)
