"""Technology Cards and the Research action (I12: one technology deck per planet type; I14: effects).

Its steps build the successor directly (the step machine's ``direct`` actions), with no Work.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate.deploying import deploy
from boardgames.games.warpgate.state import TECH, TECH_REVEAL, Step, occupancy
from boardgames.games.warpgate.turn import end_turn_fields
from boardgames.kernel.cards import mask_entries
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Occupancy
    from boardgames.games.warpgate.game import Warpgate
    from boardgames.games.warpgate.state import WarpgateState

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
    return mask_entries(s.game.tables.place_bytes, research_targets(s, player, x))


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
    return mask_entries(s.game.tables.research_bytes, research_targets(s, player, x))


def take_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """The available Technologies matching the type of the drone's planet."""
    t = s.game.tables
    kind = t.place_type[step[3]]
    return tuple(sorted(t.off_take + c for c in s.tech_avail if t.tech_type[c] == kind))


# Research's steps build the successor themselves (the step machine's ``direct`` actions), writing
# new tuples into its fields with no Work.


def fly_drone(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The drone moves to the planet chosen; with one matching Technology it is taken at once."""
    t = s.game.tables
    player = step[1]
    place = action_id - t.off_research
    new, fields = successor(s)
    fields["drone"] = put(s.drone, player, place)
    kind = t.place_type[place]
    matching = [c for c in s.tech_avail if t.tech_type[c] == kind]
    if len(matching) == 1:
        take_technology(fields, s.game, player, matching[0])
    else:
        fields["steps"] = ((TECH, player, step[2], place), *s.steps[1:])
    return new


def choose_technology(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    new, fields = successor(s)
    game = s.game
    take_technology(fields, game, step[1], action_id - game.tables.off_take)
    return new


def take_technology(fields: dict[str, Any], game: Warpgate, player: int, card: int) -> None:
    """Research: ``player`` takes the Technology ``card``; its effect happens at once (I14)
    (``fields``: a successor's ``__dict__`` whose fields are all still tuples, the Research step
    first in its queue).

    "After a Technology card is taken, if there is now only 1 available
    Technology, reveal the top Technology card (if there is one)": counted
    in the deck the card was taken from (I12).
    """
    t = game.tables
    avail = list(fields["tech_avail"])
    avail.remove(card)
    fields["tech_avail"] = tuple(avail)
    techs = fields["techs"]
    taken = list(techs[player])
    insort(taken, card)
    fields["techs"] = put(techs, player, tuple(taken))
    effect = t.tech_effect[card]
    count = min(effect.deploy, fields["supply"][player])
    if count:
        deploy(fields, player, t.gate[player], count)
    spent = fields["spent"]
    refresh = min(effect.refresh, spent[player])
    if refresh:
        goods = fields["goods"]
        fields["spent"] = put(spent, player, spent[player] - refresh)
        fields["goods"] = put(goods, player, goods[player] + refresh)
    deck_of = t.tech_deck_of
    deck = deck_of[card]
    waiting = fields["tech_deck"]
    if sum(1 for c in avail if deck_of[c] == deck) == 1 and any(waiting[c] for c in t.deck_techs[deck]):
        fields["steps"] = ((TECH_REVEAL, player, deck), *fields["steps"][1:])
    else:
        end_turn_fields(fields, game)


def reveal_technology(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """The revealed card joins the available Technologies; the turn ends."""
    card = action_id - s.game.tables.off_tech
    waiting = s.tech_deck
    if waiting[card] < 1:
        raise BoardGameError(f"technology {card} is not in the deck")
    new, fields = successor(s)
    fields["tech_deck"] = put(waiting, card, waiting[card] - 1)
    avail = list(s.tech_avail)
    insort(avail, card)
    fields["tech_avail"] = tuple(avail)
    end_turn_fields(fields, s.game)
    return new
