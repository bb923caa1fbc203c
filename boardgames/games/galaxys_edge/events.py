"""Event Cards: which cards a player may play, on which targets, and what each does.

Playing Event Cards happens on the event symbol of the die (see
:mod:`event_die`); "once a card has been discarded according to its
instructions, it is removed from the game".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.galaxys_edge.components import (
    GEOMETRY,
    SLOT_LOCATIONS,
    SLOTS,
    EventCard,
    Species,
    chunk_unions,
    positions_in,
    reach_of,
)
from boardgames.games.galaxys_edge.ending import discard, end_turn
from boardgames.games.galaxys_edge.interpretations import (
    CARDS_NEEDING_A_SUPPLY_COLONY,
    SECOND_FORCEFIELD_REPLACES_THE_FIRST,
)
from boardgames.games.galaxys_edge.military import (
    determine_control,
    military_control,
    replace_candidates,
    replace_or_choose,
)
from boardgames.games.galaxys_edge.pledges import claim_pledge
from boardgames.games.galaxys_edge.state import (
    BASE_CODE,
    BASE_CODES,
    BYTE,
    COLONY_CODES,
    NOT_BUILT,
    OWNERS,
    SEATS,
    Forcefield,
    Phase,
    choices_of,
    class_of,
    colony_code,
)
from boardgames.games.galaxys_edge.turn import gain_colony_bit, gain_presence, occupy, refresh_player_at
from boardgames.kernel.cards import add

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.state import Choices, Fields, GalaxysEdgeState

__all__ = [
    "after_event",
    "change_hand",
    "play_alien_embassy",
    "play_cultural_takeover",
    "play_discovery_mission",
    "play_forcefield",
    "play_rebellion",
    "play_surprise_attack",
    "play_wormhole",
    "playable_events",
]

_EMBASSY, _TAKEOVER, _DISCOVERY, _FORCEFIELD, _REBELLION, _SURPRISE, _WORMHOLE = (int(c) for c in EventCard)
_NEEDS_COLONY = tuple(card in CARDS_NEEDING_A_SUPPLY_COLONY for card in EventCard)
_SPECIES = len(Species)
_BASE_CODE_SETS = tuple(frozenset(codes[1:]) for codes in BASE_CODES)
"""Per player: the occupant codes of their Class 1-3 bases."""
_CULTURAL_TAKEOVER_COLONIES = 4
"""Cultural Takeover: "a sector with at least 4 of your colonies in the vicinity"."""
_OWN_COLONY_BYTES = tuple(
    bytes(int(code == colony_code(player)) for code in range(256)) for player in range(SEATS)
)
"""Per player: a ``bytes.translate`` table turning ``occupant`` into a 1 at each
of their colonies and a 0 elsewhere."""
_OWN_BASE_BYTES = tuple(
    bytes(int(code in BASE_CODES[player][1:]) for code in range(256)) for player in range(SEATS)
)
"""Per player: a ``bytes.translate`` table turning ``occupant`` into a 1 at each
of their bases and a 0 elsewhere."""
_RIVAL_BASE_BYTES = tuple(
    bytes(int(code >= BASE_CODE and OWNERS[code] != player) for code in range(256)) for player in range(SEATS)
)
"""Per player: a ``bytes.translate`` table turning ``occupant`` into a 1 at each
base of another player and a 0 elsewhere."""
_SECTOR_LANES = tuple(
    sum(1 << 8 * loc for loc in range(p * SLOTS, p * SLOTS + SLOTS)) for p in range(GEOMETRY.size)
)
"""Per position: the low bit of each of its slots' bytes (see ``_VICINITY_LANES``)."""


# the _SECTOR_LANES of a position mask's positions together, 10 positions at a time
_LANES_LOW, _LANES_MID, _LANES_HIGH = (chunk_unions(_SECTOR_LANES, first) for first in (0, 10, 20))
_VICINITY_LANES = tuple(
    sum(1 << 8 * loc for q in positions_in(vicinity) for loc in range(q * SLOTS, q * SLOTS + SLOTS))
    for vicinity in GEOMETRY.vicinity
)
"""Per position: the low bit of every slot's byte in its vicinity, to mask
``int.from_bytes`` of a translated ``occupant`` (a slot with no system is always empty)."""


def playable_events(state: GalaxysEdgeState, player: int) -> Choices:
    """Playing Event Cards: every (card, target) ``player`` may play now, in id
    order: their ids and the same actions."""
    hand = state.hands[player]
    if not any(hand):
        return (), ()
    rules = state.game.rules
    ids = state.game.ids
    # Per card: held (a count > 0) and, for a card that needs a colony from
    # the supply, only while there is one.
    playable = (
        hand
        if state.colonies_left[player] > 0
        else tuple([0 if needs else n for n, needs in zip(hand, _NEEDS_COLONY)])
    )
    found: list[int] = []
    if playable[_EMBASSY]:
        found.extend(range(ids.EMBASSY, ids.EMBASSY + _SPECIES))
    rivals = 0
    occupant = state.occupant
    if playable[_TAKEOVER] or playable[_SURPRISE]:
        # Loops below count the players (or species) themselves: making an
        # ``enumerate`` costs about 900 instructions on 3.11.
        q = 0
        for mask in state.colony_mask:
            if q != player:
                rivals |= mask
            q += 1  # noqa: SIM113
        # Both cards replace a rival colony of the target sector, which holds one
        # (``rivals``): with no Forcefield in play, ``replace_candidates`` offers at
        # least that colony or a more (less) valuable one, so it is asked only while
        # some player's colonies are protected.
        guarded = any(state.forcefield)
    if playable[_TAKEOVER]:
        own = state.colony_mask[player]
        near = rivals & reach_of(own)
        if near:
            # The player's colonies as a 1 in the byte of each location: those of a
            # vicinity are one mask and one bit count.
            mine = int.from_bytes(occupant.translate(_OWN_COLONY_BYTES[player]), "little")
            for p in positions_in(near):
                if (mine & _VICINITY_LANES[p]).bit_count() < _CULTURAL_TAKEOVER_COLONIES:
                    continue
                if not guarded or replace_candidates(state, p, player, most=False):
                    found.append(ids.TAKEOVER + p)
    if playable[_DISCOVERY]:
        free = state.open_mask & ~state.ban_mask & ~state.presence[player]
        first = ids.DISCOVERY
        found += [first + p for p in positions_in(free)]
    if playable[_FORCEFIELD] and (SECOND_FORCEFIELD_REPLACES_THE_FIRST or not state.forcefield[player]):
        found.append(ids.FORCEFIELD)
    if playable[_REBELLION] and player in state.pledges:
        species_mask = state.layout.species_mask
        held = 0
        species = 0
        for holder in state.pledges:
            if holder == player:
                held |= species_mask[species]
            species += 1  # noqa: SIM113
        # The rival bases of the held sectors as a 1 in the byte of each location,
        # taken lowest first (a location's byte starts at bit 8 * location).
        lanes = _LANES_LOW[held & 1023] | _LANES_MID[held >> 10 & 1023] | _LANES_HIGH[held >> 20]
        theirs = int.from_bytes(occupant.translate(_RIVAL_BASE_BYTES[player]), "little") & lanes
        first = ids.REBELLION
        while theirs:
            low = theirs & -theirs
            found.append(first + (low.bit_length() >> 3))
            theirs ^= low
    if playable[_SURPRISE]:
        targets = state.open_mask & rivals & state.reach[player]
        if targets:
            # A target needs one of the player's bases in its vicinity: their bases as
            # a 1 in the byte of each location, those of a vicinity one mask.
            bases = int.from_bytes(occupant.translate(_OWN_BASE_BYTES[player]), "little")
            if bases:
                first = ids.SURPRISE
                for p in positions_in(targets):
                    if not bases & _VICINITY_LANES[p]:
                        continue
                    if not guarded or replace_candidates(state, p, player, most=True):
                        found.append(first + p)
    if playable[_WORMHOLE]:
        # Wormhole: every flagship to every other sector, from an id table of the rules.
        wormhole = rules.wormhole_ids
        target = 0
        for at in state.flagships:
            found += wormhole[target][at]
            target += 1  # noqa: SIM113
    return choices_of(found, rules.catalogue)


def change_hand(new: GalaxysEdgeState, d: Fields, player: int, card: int, delta: int) -> None:
    """Add ``delta`` cards of type ``card`` to ``player``'s hand."""
    hands = list(new.hands)
    hands[player] = add(hands[player], card, delta)
    d["hands"] = tuple(hands)


def after_event(new: GalaxysEdgeState, d: Fields, argument: None = None) -> None:
    """After the die and its event: determine military control of the sector the
    turn's build completed (interpretation 1), then the turn ends."""
    built = new.built
    if built != NOT_BUILT and not new.open_slots[built // SLOTS]:
        determine_control(new, d)
    else:
        end_turn(new, d)


def _play(new: GalaxysEdgeState, d: Fields, card: EventCard) -> None:
    change_hand(new, d, new.active, card, -1)
    if card != EventCard.FORCEFIELD:
        discard(new, d, card)


def _take_colony(new: GalaxysEdgeState, d: Fields, player: int) -> None:
    left = list(new.colonies_left)
    left[player] -= 1
    d["colonies_left"] = tuple(left)


def play_alien_embassy(new: GalaxysEdgeState, d: Fields, species: int) -> None:
    """Alien Embassy: a colony token on a pledge adds 1 to your tally for that species."""
    player = new.active
    _play(new, d, EventCard.ALIEN_EMBASSY)
    embassy = list(new.embassy)
    tokens = list(embassy[species])
    tokens[player] += 1
    embassy[species] = tuple(tokens)
    d["embassy"] = tuple(embassy)
    _take_colony(new, d, player)
    claim_pledge(new, d, species, player)
    after_event(new, d)


def play_cultural_takeover(new: GalaxysEdgeState, d: Fields, position: int) -> None:
    """Cultural Takeover: with 4 colonies in the vicinity, replace the least-valuable rival colony."""
    player = new.active
    _play(new, d, EventCard.CULTURAL_TAKEOVER)
    candidates = replace_candidates(new, position, player, most=False)
    if not replace_or_choose(new, d, player, candidates, Phase.CONTROL):
        after_event(new, d)


def play_discovery_mission(new: GalaxysEdgeState, d: Fields, position: int) -> None:
    """Discovery Mission: colonize the least-valuable available system of a sector
    with no ban and none of your installations; resolve military control if it
    completes the sector."""
    player = new.active
    _play(new, d, EventCard.DISCOVERY_MISSION)
    value = new.layout.value
    location = min(SLOT_LOCATIONS[position][new.open_slots[position]], key=lambda loc: (value[loc], loc))
    occupy(new, d, location, colony_code(player), player)
    gain_colony_bit(new, d, player, position)
    _take_colony(new, d, player)
    if not new.open_slots[position] and military_control(new, d, position, Phase.CONTROL):
        return
    after_event(new, d)


def play_forcefield(new: GalaxysEdgeState, d: Fields, argument: None = None) -> None:
    """Forcefield: your colonies cannot be removed until the end of your next turn."""
    player = new.active
    _play(new, d, EventCard.FORCEFIELD)
    forcefield = new.forcefield
    if forcefield[player]:
        discard(new, d, EventCard.FORCEFIELD)  # the earlier one is replaced
    played = Forcefield.PLAYED_THIS_TURN
    d["forcefield"] = forcefield[:player] + (played,) + forcefield[player + 1 :]
    after_event(new, d)


def play_rebellion(new: GalaxysEdgeState, d: Fields, location: int) -> None:
    """Rebellion: in a sector of a species whose pledge you hold, replace a rival
    base with one of your colonies; the base's tokens return to its owner."""
    player = new.active
    _play(new, d, EventCard.REBELLION)
    occupant = new.occupant
    victim = OWNERS[occupant[location]]
    tokens = list(new.tokens_left)
    tokens[victim] += class_of(occupant[location])
    d["tokens_left"] = tuple(tokens)
    _take_colony(new, d, player)
    d["occupant"] = occupant[:location] + BYTE[COLONY_CODES[player]] + occupant[location + 1 :]
    position = location // SLOTS
    refresh_player_at(new, d, victim, position)
    gain_presence(new, d, player, position)
    gain_colony_bit(new, d, player, position)
    after_event(new, d)


def play_surprise_attack(new: GalaxysEdgeState, d: Fields, position: int) -> None:
    """Surprise Attack: in an incomplete sector with your base in the vicinity,
    replace the most-valuable rival colony."""
    player = new.active
    _play(new, d, EventCard.SURPRISE_ATTACK)
    candidates = replace_candidates(new, position, player, most=True)
    if not replace_or_choose(new, d, player, candidates, Phase.CONTROL):
        after_event(new, d)


def play_wormhole(new: GalaxysEdgeState, d: Fields, target: int, position: int) -> None:
    """Wormhole: move any one flagship to any sector, regardless of distance."""
    _play(new, d, EventCard.WORMHOLE)
    flagships = new.flagships
    d["flagships"] = flagships[:target] + (position,) + flagships[target + 1 :]
    after_event(new, d)
