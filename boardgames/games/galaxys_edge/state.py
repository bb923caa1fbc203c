"""Galaxy's Edge positions and the rules that move between them.

Each rule is one function named after its rulebook section and operating on
a successor that ``apply`` is still assembling (copy-on-write: only the
fields a rule changes are replaced, with new tuples).  Nothing here is
called on a state that has been handed out.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

import attrs

# scoring imports this module; it is bound here as a module (its functions are
# looked up when called), so that scores(), which the search bots call per
# position, does not run an import statement each time.
from boardgames.games.galaxys_edge import scoring
from boardgames.games.galaxys_edge.board import GEOMETRY, SLOTS, Layout
from boardgames.games.galaxys_edge.components import DieFace, EventCard, Species
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL, State, View

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = [
    "COLONIES_PER_PLAYER",
    "MILITARY_TOKENS_PER_PLAYER",
    "Choice",
    "GalaxysEdgeState",
    "GalaxysEdgeView",
    "Phase",
    "base_code",
    "colony_code",
]

COLONIES_PER_PLAYER = 20
"""80 colony tokens: 20 discs in each player colour."""

MILITARY_TOKENS_PER_PLAYER = 20
"""80 military tokens: 20 triangles in each player colour."""

BASE_CODE = 5


def colony_code(player: int) -> int:
    """The occupant code of ``player``'s colony (0 is an empty system)."""
    return 1 + player


def base_code(player: int, base_class: int) -> int:
    """The occupant code of ``player``'s base of class 1-3."""
    return BASE_CODE + 3 * player + base_class - 1


class Phase:
    """What the state is waiting for."""

    PLACEMENT = 0  # setup: flagship placement, counterclockwise
    TURN = 1  # the active player's two actions
    ROLL = 2  # chance: the event die
    EVENT = 3  # the event card symbol: draw, play or do nothing
    DRAW = 4  # chance: the top event card
    CHOOSE = 5  # choose among equally valuable rival colonies
    OVER = 6

    NAMES = ("placement", "turn", "roll", "event", "draw", "choose", "over")


THEN_AFTER_EVENT = 0
THEN_END_TURN = 1


@attrs.frozen
class Choice:
    """A pending choice of which tied rival colony ``chooser`` replaces.

    ``then`` says where the turn continues once it is made.
    """

    chooser: int
    options: tuple[int, ...]
    then: int


@attrs.frozen
class GalaxysEdgeView(View):
    """What one player may know: the whole board, their own hand, counts of the rest."""

    layout: tuple[int, ...]
    occupant: tuple[int, ...]
    flagships: tuple[int, ...]
    bans: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discarded: tuple[int, ...]
    forcefield: tuple[int, ...]
    pledges: tuple[int, ...]
    embassy: tuple[tuple[int, ...], ...]
    colonies_left: tuple[int, ...]
    tokens_left: tuple[int, ...]
    phase: int
    active: int
    to_act: int
    moved: bool
    built: int
    idle: int
    start: int
    placed: int
    choice: Choice | None


class GalaxysEdgeState(State):
    """A Galaxy's Edge position.  Read its fields; change it only with ``apply``."""

    game: GalaxysEdge
    layout: Layout
    occupant: tuple[int, ...]
    """Per system location: 0 empty, ``colony_code(p)`` or ``base_code(p, c)``."""
    vacant: tuple[tuple[int, ...], ...]
    """Per position: its empty systems' locations, ascending."""
    open_mask: int
    """Bit mask of positions with an empty system (incomplete sectors)."""
    presence: tuple[int, ...]
    """Per player: bit mask of positions holding one of their installations."""
    reach: tuple[int, ...]
    """Per player: bit mask of positions in the vicinity of their installations."""
    colony_mask: tuple[int, ...]
    """Per player: bit mask of positions holding one of their colonies."""
    flagships: tuple[int, ...]
    bans: tuple[int, ...]
    ban_mask: int
    hands: tuple[tuple[int, ...], ...]
    """Per player: how many cards of each event type they hold."""
    deck: tuple[int, ...]
    """How many cards of each event type remain in the deck (an unordered multiset)."""
    discarded: tuple[int, ...]
    """Cards of each type removed from the game."""
    forcefield: tuple[int, ...]
    """Per player: 0 none, 2 played this turn, 1 active until the end of their turn."""
    pledges: tuple[int, ...]
    """Per species: the player holding its loyalty pledge, or -1."""
    embassy: tuple[tuple[int, ...], ...]
    """Per species, per player: Alien Embassy colony tokens on that pledge."""
    colonies_left: tuple[int, ...]
    tokens_left: tuple[int, ...]
    phase: int
    active: int
    moved: bool
    built: int
    idle: int
    start: int
    placed: int
    choice: Choice | None

    # -- the contract ----------------------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == Phase.TURN:
            return _turn_ids(self)
        if phase == Phase.EVENT:
            return _event_ids(self)
        if phase == Phase.CHOOSE:
            assert self.choice is not None
            base = self.game.ids.REPLACE
            return tuple(base + loc for loc in self.choice.options)
        if phase == Phase.PLACEMENT:
            return _placement_ids(self)
        return ()

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        if self.phase == Phase.ROLL:
            return self.game.die_outcomes
        if self.phase == Phase.DRAW:
            base = self.game.ids.DRAWN
            total = sum(self.deck)
            return tuple((base + card, n / total) for card, n in enumerate(self.deck) if n)
        return ()

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        if self.phase == Phase.ROLL:
            return self.game.die_outcome_actions
        return super().chance_outcomes()

    def _apply(self, action_id: int) -> State:
        new = object.__new__(GalaxysEdgeState)
        fields = self.__dict__.copy()
        fields["_legal"] = fields["_legal_actions"] = None
        object.__setattr__(new, "__dict__", fields)
        _apply(new, action_id)
        return new

    def scores(self) -> tuple[float, ...]:
        return tuple([float(total) for total in scoring.score_totals(self)])

    def view(self, player: int) -> GalaxysEdgeView:
        self._check_player(player)
        return GalaxysEdgeView(
            player=player,
            game=self.game,
            layout=self.layout.tiles,
            occupant=self.occupant,
            flagships=self.flagships,
            bans=self.bans,
            hand=self.hands[player],
            hand_sizes=tuple(sum(h) for h in self.hands),
            deck_size=sum(self.deck),
            discarded=self.discarded,
            forcefield=self.forcefield,
            pledges=self.pledges,
            embassy=self.embassy,
            colonies_left=self.colonies_left,
            tokens_left=self.tokens_left,
            phase=self.phase,
            active=self.active,
            to_act=self._player,
            moved=self.moved,
            built=self.built,
            idle=self.idle,
            start=self.start,
            placed=self.placed,
            choice=self.choice,
        )

    # -- questions a user (or a bot) asks -----------------------------------------

    def owner(self, location: int) -> int:
        """The player whose installation is on ``location``, or -1."""
        code = self.occupant[location]
        if code == 0:
            return -1
        return code - 1 if code < BASE_CODE else (code - BASE_CODE) // 3

    def base_class(self, location: int) -> int:
        """The class (1-3) of the base on ``location``, or 0 if there is none."""
        code = self.occupant[location]
        return 0 if code < BASE_CODE else (code - BASE_CODE) % 3 + 1

    def is_colony(self, location: int) -> bool:
        return 0 < self.occupant[location] < BASE_CODE

    def bases(self, player: int) -> int:
        """How many military bases ``player`` has on the board (any class)."""
        low = BASE_CODE + 3 * player
        return sum(1 for code in self.occupant if low <= code < low + 3)

    def protected(self, player: int) -> bool:
        """Whether ``player``'s colonies are under an active Forcefield."""
        return self.forcefield[player] > 0


# -- Setup: flagship placement ------------------------------------------------------


def placement_order(start: int, players: int) -> tuple[int, ...]:
    """Setup: 'Moving counterclockwise around the table' from the starting player."""
    return tuple((start - i) % players for i in range(players))


def _placement_ids(state: GalaxysEdgeState) -> tuple[int, ...]:
    """Setup: only outer sectors, and never in the vicinity of a placed rival flagship."""
    blocked = 0
    vicinity = GEOMETRY.vicinity
    for position in state.flagships:
        if position >= 0:
            blocked |= vicinity[position]
    allowed = GEOMETRY.outer_mask & ~blocked
    base = state.game.ids.PLACE
    return tuple(base + p for p in GEOMETRY.outer if allowed >> p & 1)


def place_flagship(new: GalaxysEdgeState, position: int) -> None:
    """Setup: place the flagship; after the last placement, the last placer moves first."""
    player = new._player
    flagships = list(new.flagships)
    flagships[player] = position
    new.__dict__["flagships"] = tuple(flagships)
    placed = new.placed + 1
    new.__dict__["placed"] = placed
    players = new.game.players
    if placed < players:
        new.__dict__["_player"] = (new.start - placed) % players
        return
    # Turn Order: the player who placed their flagship last makes the first move.
    new.__dict__["phase"] = Phase.TURN
    new.__dict__["active"] = player
    new.__dict__["_player"] = player


# -- On Your Turn --------------------------------------------------------------------


def _turn_ids(state: GalaxysEdgeState) -> tuple[int, ...]:
    """On Your Turn: move and/or build once each, in either order, or end the turn."""
    game = state.game
    player = state.active
    flagship = state.flagships[player]
    if state.built >= 0:
        return game.end_or_move_ids[flagship]  # built, not yet moved
    buildable = state.open_mask & ~state.ban_mask
    flag_bit = 1 << flagship
    vacant = state.vacant
    out: list[int] = []
    if state.colonies_left[player]:
        # Build One Colony: an installation in the vicinity, or the flagship in the
        # sector.  A colony's action id is its location (see ActionIds).
        where = positions_in((state.reach[player] | flag_bit) & buildable)
        out.extend(chain.from_iterable(map(vacant.__getitem__, where)))
    tokens = state.tokens_left[player]
    if tokens and flag_bit & buildable:
        # Build One Base: only where the flagship is.
        top = min(3, tokens)
        first = game.ids.BASE
        for loc in vacant[flagship]:
            start = first + 3 * loc
            out.extend(range(start, start + top))
    if state.moved:
        out.append(game.ids.END)
        return tuple(out)
    out.extend(game.end_or_move_ids[flagship])
    return tuple(out)


_CHUNK = 10
_CHUNK_TABLES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_CHUNK * k + i for i in range(_CHUNK) if bits >> i & 1) for bits in range(1 << _CHUNK))
    for k in range(3)
)
_LOW, _MID, _HIGH = _CHUNK_TABLES


def positions_in(mask: int) -> tuple[int, ...]:
    """The positions whose bits are set in ``mask``, ascending (table lookups, no loop)."""
    return _LOW[mask & 1023] + _MID[mask >> 10 & 1023] + _HIGH[mask >> 20 & 1023]


def move_flagship(new: GalaxysEdgeState, position: int) -> None:
    """Move Your Flagship: to an adjacent sector, whatever is there."""
    d = new.__dict__
    flagships = d["flagships"]
    active = d["active"]
    d["flagships"] = flagships[:active] + (position,) + flagships[active + 1 :]
    d["moved"] = True
    if d["built"] >= 0:
        _after_actions(new)


def _occupy(new: GalaxysEdgeState, location: int, code: int, player: int) -> None:
    """Put an installation on an empty system and update the derived masks."""
    d = new.__dict__
    position = location // SLOTS
    occupant = d["occupant"]
    d["occupant"] = occupant[:location] + (code,) + occupant[location + 1 :]
    vacant = d["vacant"]
    left = tuple([loc for loc in vacant[position] if loc != location])
    d["vacant"] = vacant[:position] + (left,) + vacant[position + 1 :]
    bit = 1 << position
    if not left:
        d["open_mask"] = d["open_mask"] & ~bit
    presence = d["presence"]
    if not presence[player] & bit:
        d["presence"] = presence[:player] + (presence[player] | bit,) + presence[player + 1 :]
        reach = d["reach"]
        d["reach"] = reach[:player] + (reach[player] | GEOMETRY.vicinity[position],) + reach[player + 1 :]


def build_colony(new: GalaxysEdgeState, location: int) -> None:
    """Build One Colony: place a colony from your supply onto an empty system."""
    d = new.__dict__
    player = d["active"]
    _occupy(new, location, 1 + player, player)
    _gain_colony_bit(new, player, location // SLOTS)
    left = d["colonies_left"]
    d["colonies_left"] = left[:player] + (left[player] - 1,) + left[player + 1 :]
    d["built"] = location
    if d["moved"]:
        _after_actions(new)


def build_base(new: GalaxysEdgeState, location: int, base_class: int) -> None:
    """Build One Base: a stack of 1 to 3 military tokens; its Class is permanent."""
    d = new.__dict__
    player = d["active"]
    _occupy(new, location, base_code(player, base_class), player)
    left = d["tokens_left"]
    d["tokens_left"] = left[:player] + (left[player] - base_class,) + left[player + 1 :]
    d["built"] = location
    if d["moved"]:
        _after_actions(new)


def _gain_colony_bit(new: GalaxysEdgeState, player: int, position: int) -> None:
    """Record a colony of ``player`` at ``position``; a newly colonized sector
    may win them its species' pledge."""
    bit = 1 << position
    masks = new.colony_mask
    if not masks[player] & bit:
        new.__dict__["colony_mask"] = masks[:player] + (masks[player] | bit,) + masks[player + 1 :]
        species = new.layout.species[position]
        if new.pledges[species] != player:  # a holder's own gain changes nothing
            claim_pledge(new, species)


def _after_actions(new: GalaxysEdgeState) -> None:
    """After your actions: roll the event die if you built, else the turn ends."""
    if new.built >= 0:
        new.__dict__["phase"] = Phase.ROLL
        new.__dict__["_player"] = CHANCE
    else:
        _end_turn(new)


# -- Roll the Event Die ------------------------------------------------------------------


_OWN_BAN, _NEXT_BAN, _EVENT = (int(face) for face in DieFace)


def roll_event_die(new: GalaxysEdgeState, face: int) -> None:
    """Roll the Event Die: own ban, next player's ban, or the event card symbol."""
    d = new.__dict__
    active = d["active"]
    if face == _EVENT:
        d["phase"] = Phase.EVENT
        d["_player"] = active
        return
    owner = active if face == _OWN_BAN else (active + 1) % new.game.players
    bans = d["bans"]
    bans = bans[:owner] + (d["built"] // SLOTS,) + bans[owner + 1 :]
    d["bans"] = bans
    mask = 0
    for b in bans:
        if b >= 0:
            mask |= 1 << b
    d["ban_mask"] = mask
    _after_event(new)


def _event_ids(state: GalaxysEdgeState) -> tuple[int, ...]:
    """Event card symbol: draw the top card (if any are left), play a card, or do nothing."""
    ids = state.game.ids
    out: list[int] = []
    if any(state.deck):
        out.append(ids.DRAW)
    out.append(ids.NOTHING)
    out.extend(playable_event_ids(state, state.active))
    return tuple(out)


def draw_event(new: GalaxysEdgeState, card: int) -> None:
    """Drawing Event Cards: the top card joins the hand; the deck is never refilled."""
    deck = list(new.deck)
    deck[card] -= 1
    new.__dict__["deck"] = tuple(deck)
    _change_hand(new, new.active, card, +1)
    _after_event(new)


def _change_hand(new: GalaxysEdgeState, player: int, card: int, delta: int) -> None:
    hands = list(new.hands)
    hand = list(hands[player])
    hand[card] += delta
    hands[player] = tuple(hand)
    new.__dict__["hands"] = tuple(hands)


def _discard(new: GalaxysEdgeState, card: int) -> None:
    """A discarded event card is removed from the game."""
    discarded = list(new.discarded)
    discarded[card] += 1
    new.__dict__["discarded"] = tuple(discarded)


def _after_event(new: GalaxysEdgeState) -> None:
    """After the die: determine military control of the sector the turn completed."""
    built = new.built
    position = built // SLOTS
    if built >= 0 and not new.vacant[position] and military_control(new, position, THEN_END_TURN):
        return
    _end_turn(new)


# -- Determine Military Control and Conquering -------------------------------------------


def military_controller(state: GalaxysEdgeState, position: int) -> int:
    """Determine Military Control: Class 1 bases, then Class 2, then Class 3.

    A player claims control only by being the only player with bases of the
    deciding class in the vicinity of the completed sector; how many they
    have does not matter.  Returns the player, or -1 for no control.
    """
    occupant = state.occupant
    systems = state.layout.systems
    owners: list[set[int]] = [set(), set(), set()]
    for near in state.game.vicinity_positions[position]:
        for loc in systems[near]:
            code = occupant[loc]
            if code >= BASE_CODE:
                index = code - BASE_CODE
                owners[index % 3].add(index // 3)
    for holders in owners:
        if len(holders) == 1:
            return next(iter(holders))
    return -1


def replace_candidates(state: GalaxysEdgeState, position: int, player: int, most: bool) -> tuple[int, ...]:
    """The rival colonies ``player`` may replace in a sector: the most (or least)
    valuable ones, not protected by an active Forcefield, one per owner.

    Interpretation: when rival colonies tie for most (least) valuable, the
    replacing player chooses among them, and a tied colony under a Forcefield
    does not shield an unprotected one of equal value.
    """
    occupant = state.occupant
    value = state.layout.value
    found: list[tuple[int, int]] = []
    for loc in state.layout.systems[position]:
        code = occupant[loc]
        if 0 < code < BASE_CODE and code - 1 != player:
            found.append((value[loc], loc))
    if not found:
        return ()
    target = max(v for v, _ in found) if most else min(v for v, _ in found)
    out: list[int] = []
    owners: set[int] = set()
    forcefield = state.forcefield
    for v, loc in found:
        owner = occupant[loc] - 1
        if v == target and not forcefield[owner] and owner not in owners:
            owners.add(owner)
            out.append(loc)
    return tuple(out)


def military_control(new: GalaxysEdgeState, position: int, then: int) -> bool:
    """Determine Military Control of a just-completed sector and conquer.

    Returns True when the conquering player must first choose among tied
    colonies (the turn then continues at ``then``).
    """
    controller = military_controller(new, position)
    if controller < 0:
        return False
    return conquer(new, controller, position, then)


def conquer(new: GalaxysEdgeState, player: int, position: int, then: int) -> bool:
    """Conquering: replace the most-valuable rival colony unless it is protected."""
    if not new.colonies_left[player]:
        return False  # interpretation: no colony left in supply to replace it with
    candidates = replace_candidates(new, position, player, most=True)
    return _replace_or_choose(new, player, candidates, then)


def _replace_or_choose(new: GalaxysEdgeState, player: int, candidates: tuple[int, ...], then: int) -> bool:
    if not candidates:
        return False
    if len(candidates) == 1:
        replace_colony(new, candidates[0], player)
        return False
    new.__dict__["choice"] = Choice(player, candidates, then)
    new.__dict__["phase"] = Phase.CHOOSE
    new.__dict__["_player"] = player
    return True


def replace_colony(new: GalaxysEdgeState, location: int, player: int) -> None:
    """Replace a rival colony with one of ``player``'s: the displaced colony
    returns to its owner's supply."""
    victim = new.occupant[location] - 1
    occupant = list(new.occupant)
    occupant[location] = colony_code(player)
    new.__dict__["occupant"] = tuple(occupant)
    left = list(new.colonies_left)
    left[victim] += 1
    left[player] -= 1
    new.__dict__["colonies_left"] = tuple(left)
    position = location // SLOTS
    _refresh_player_at(new, victim, position)
    _gain_presence(new, player, position)
    _gain_colony_bit(new, player, position)
    claim_pledge(new, new.layout.species[position])


def _gain_presence(new: GalaxysEdgeState, player: int, position: int) -> None:
    bit = 1 << position
    if not new.presence[player] & bit:
        presence = list(new.presence)
        presence[player] |= bit
        new.__dict__["presence"] = tuple(presence)
        reach = list(new.reach)
        reach[player] |= GEOMETRY.vicinity[position]
        new.__dict__["reach"] = tuple(reach)


def _refresh_player_at(new: GalaxysEdgeState, player: int, position: int) -> None:
    """Recompute ``player``'s masks after one of their installations left ``position``."""
    has_any = has_colony = False
    occupant = new.occupant
    for loc in new.layout.systems[position]:
        code = occupant[loc]
        if code and new.owner(loc) == player:
            has_any = True
            has_colony = has_colony or code < BASE_CODE
    bit = 1 << position
    if not has_colony and new.colony_mask[player] & bit:
        masks = list(new.colony_mask)
        masks[player] &= ~bit
        new.__dict__["colony_mask"] = tuple(masks)
    if not has_any and new.presence[player] & bit:
        presence = list(new.presence)
        presence[player] &= ~bit
        new.__dict__["presence"] = tuple(presence)
        reach = list(new.reach)
        reach[player] = reach_of(presence[player])
        new.__dict__["reach"] = tuple(reach)


def reach_of(presence: int) -> int:
    """The positions in the vicinity of any position in the mask ``presence``."""
    reach = 0
    vicinity = GEOMETRY.vicinity
    while presence:
        low = presence & -presence
        presence ^= low
        reach |= vicinity[low.bit_length() - 1]
    return reach


# -- Loyalty Pledges --------------------------------------------------------------------


def pledge_tallies(state: GalaxysEdgeState, species: int) -> tuple[int, ...]:
    """Loyalty Pledges: per player, sectors of ``species`` holding their colonies,
    plus their Alien Embassy tokens on that pledge."""
    mask = state.layout.species_mask[species]
    embassy = state.embassy[species]
    return tuple((m & mask).bit_count() + e for m, e in zip(state.colony_mask, embassy))


def claim_pledge(new: GalaxysEdgeState, species: int) -> None:
    """Loyalty Pledges: whoever has colonies in more sectors of a species than
    every other player claims its pledge from whoever holds it."""
    tallies = pledge_tallies(new, species)
    best = max(tallies)
    if best == 0 or tallies.count(best) != 1:
        return
    claimant = tallies.index(best)
    if new.pledges[species] != claimant:
        pledges = list(new.pledges)
        pledges[species] = claimant
        new.__dict__["pledges"] = tuple(pledges)


# -- Event Cards ------------------------------------------------------------------------------


_EMBASSY, _TAKEOVER, _DISCOVERY, _FORCEFIELD, _REBELLION, _SURPRISE, _WORMHOLE = (int(c) for c in EventCard)


def playable_event_ids(state: GalaxysEdgeState, player: int) -> list[int]:
    """Every (card, target) ``player`` may play now, in id order."""
    hand = state.hands[player]
    out: list[int] = []
    if not any(hand):
        return out
    ids = state.game.ids
    has_colony = state.colonies_left[player] > 0
    if hand[_EMBASSY] and has_colony:
        out.extend(range(ids.EMBASSY, ids.EMBASSY + len(Species)))
    rivals = 0
    for q, mask in enumerate(state.colony_mask):
        if q != player:
            rivals |= mask
    occupant = state.occupant
    systems = state.layout.systems
    vicinity = state.game.vicinity_positions
    if hand[_TAKEOVER] and has_colony:
        own = state.colony_mask[player]
        near = rivals & reach_of(own)
        if near:
            code = colony_code(player)
            counts = [0] * GEOMETRY.size
            for pos in positions_in(own):
                counts[pos] = sum(1 for loc in systems[pos] if occupant[loc] == code)
            out.extend(
                ids.TAKEOVER + p
                for p in positions_in(near)
                if sum(counts[q] for q in vicinity[p]) >= 4
                and replace_candidates(state, p, player, most=False)
            )
    if hand[_DISCOVERY] and has_colony:
        free = state.open_mask & ~state.ban_mask & ~state.presence[player]
        out.extend(ids.DISCOVERY + p for p in positions_in(free))
    if hand[_FORCEFIELD]:
        out.append(ids.FORCEFIELD)
    if hand[_REBELLION] and has_colony:
        held = 0
        for species, holder in enumerate(state.pledges):
            if holder == player:
                held |= state.layout.species_mask[species]
        if held:
            low = base_code(player, 1)
            for p in positions_in(held):
                for loc in systems[p]:
                    code = occupant[loc]
                    if code >= BASE_CODE and not low <= code < low + 3:
                        out.append(ids.REBELLION + loc)
    if hand[_SURPRISE] and has_colony:
        targets = state.open_mask & rivals & state.reach[player]
        if targets:
            low = base_code(player, 1)
            bases = 0
            for pos in positions_in(state.presence[player]):
                if any(low <= occupant[loc] < low + 3 for loc in systems[pos]):
                    bases |= 1 << pos
            targets &= reach_of(bases)
            out.extend(
                ids.SURPRISE + p
                for p in positions_in(targets)
                if replace_candidates(state, p, player, most=True)
            )
    if hand[_WORMHOLE]:
        wormhole = state.game.wormhole_ids
        for target, at in enumerate(state.flagships):
            out.extend(wormhole[target][at])
    return out


def _play(new: GalaxysEdgeState, card: EventCard) -> None:
    _change_hand(new, new.active, card, -1)
    if card != EventCard.FORCEFIELD:
        _discard(new, card)


def play_alien_embassy(new: GalaxysEdgeState, species: int) -> None:
    """Alien Embassy: a colony token on a pledge adds 1 to your tally for that species."""
    player = new.active
    _play(new, EventCard.ALIEN_EMBASSY)
    embassy = list(new.embassy)
    row = list(embassy[species])
    row[player] += 1
    embassy[species] = tuple(row)
    new.__dict__["embassy"] = tuple(embassy)
    left = list(new.colonies_left)
    left[player] -= 1
    new.__dict__["colonies_left"] = tuple(left)
    claim_pledge(new, species)
    _after_event(new)


def play_cultural_takeover(new: GalaxysEdgeState, position: int) -> None:
    """Cultural Takeover: with 4 colonies in the vicinity, replace the least-valuable rival colony."""
    player = new.active
    _play(new, EventCard.CULTURAL_TAKEOVER)
    candidates = replace_candidates(new, position, player, most=False)
    if not _replace_or_choose(new, player, candidates, THEN_AFTER_EVENT):
        _after_event(new)


def play_discovery_mission(new: GalaxysEdgeState, position: int) -> None:
    """Discovery Mission: colonize the least-valuable available system of a sector
    with no ban and none of your installations; resolve military control if it
    completes the sector."""
    player = new.active
    _play(new, EventCard.DISCOVERY_MISSION)
    value = new.layout.value
    location = min(new.vacant[position], key=lambda loc: (value[loc], loc))
    _occupy(new, location, colony_code(player), player)
    _gain_colony_bit(new, player, position)
    left = list(new.colonies_left)
    left[player] -= 1
    new.__dict__["colonies_left"] = tuple(left)
    if not new.vacant[position] and military_control(new, position, THEN_AFTER_EVENT):
        return
    _after_event(new)


def play_forcefield(new: GalaxysEdgeState) -> None:
    """Forcefield: your colonies cannot be removed until the end of your next turn."""
    player = new.active
    _play(new, EventCard.FORCEFIELD)
    if new.forcefield[player]:
        _discard(new, EventCard.FORCEFIELD)  # the earlier one ends with this turn anyway
    forcefield = list(new.forcefield)
    forcefield[player] = 2
    new.__dict__["forcefield"] = tuple(forcefield)
    _after_event(new)


def play_rebellion(new: GalaxysEdgeState, location: int) -> None:
    """Rebellion: in a sector of a species whose pledge you hold, replace a rival
    base with one of your colonies; the base's tokens return to its owner."""
    player = new.active
    _play(new, EventCard.REBELLION)
    victim = new.owner(location)
    tokens = list(new.tokens_left)
    tokens[victim] += new.base_class(location)
    new.__dict__["tokens_left"] = tuple(tokens)
    occupant = list(new.occupant)
    occupant[location] = colony_code(player)
    new.__dict__["occupant"] = tuple(occupant)
    left = list(new.colonies_left)
    left[player] -= 1
    new.__dict__["colonies_left"] = tuple(left)
    position = location // SLOTS
    _refresh_player_at(new, victim, position)
    _gain_presence(new, player, position)
    _gain_colony_bit(new, player, position)
    _after_event(new)


def play_surprise_attack(new: GalaxysEdgeState, position: int) -> None:
    """Surprise Attack: in an incomplete sector with your base in the vicinity,
    replace the most-valuable rival colony."""
    player = new.active
    _play(new, EventCard.SURPRISE_ATTACK)
    candidates = replace_candidates(new, position, player, most=True)
    if not _replace_or_choose(new, player, candidates, THEN_AFTER_EVENT):
        _after_event(new)


def play_wormhole(new: GalaxysEdgeState, target: int, position: int) -> None:
    """Wormhole: move any one flagship to any sector, regardless of distance."""
    _play(new, EventCard.WORMHOLE)
    flagships = list(new.flagships)
    flagships[target] = position
    new.__dict__["flagships"] = tuple(flagships)
    _after_event(new)


def choose_replacement(new: GalaxysEdgeState, location: int) -> None:
    """Resolve a pending choice among tied rival colonies, then continue the turn."""
    choice = new.choice
    assert choice is not None  # only offered while a choice is pending
    new.__dict__["choice"] = None
    replace_colony(new, location, choice.chooser)
    if choice.then == THEN_AFTER_EVENT:
        _after_event(new)
    else:
        _end_turn(new)


# -- Ending Your Turn and Game End ---------------------------------------------------------------


def _end_turn(new: GalaxysEdgeState) -> None:
    """Ending Your Turn: a Forcefield played on your previous turn is discarded;
    play passes clockwise; the game ends once every player in a row has taken
    a turn without building."""
    d = new.__dict__
    player = d["active"]
    forcefield = d["forcefield"]
    status = forcefield[player]
    if status:
        d["forcefield"] = forcefield[:player] + (status - 1,) + forcefield[player + 1 :]
        if status == 1:
            _discard(new, EventCard.FORCEFIELD)
    idle = 0 if d["built"] >= 0 else d["idle"] + 1
    players = new.game.players
    d["idle"] = idle
    d["moved"] = False
    d["built"] = -1
    if idle >= players:
        d["phase"] = Phase.OVER
        d["_player"] = TERMINAL
        return
    following = (player + 1) % players
    d["phase"] = Phase.TURN
    d["active"] = following
    d["_player"] = following


# -- Dispatch ---------------------------------------------------------------------------------------


def _apply(new: GalaxysEdgeState, action_id: int) -> None:
    ids = new.game.ids
    if action_id < ids.END:
        if action_id < ids.BASE:
            build_colony(new, action_id - ids.COLONY)
        else:
            offset = action_id - ids.BASE
            build_base(new, offset // 3, offset % 3 + 1)
    elif action_id < ids.DRAW:
        if action_id >= ids.MOVE:
            move_flagship(new, action_id - ids.MOVE)
        elif action_id == ids.END:
            _after_actions(new)
        else:
            place_flagship(new, action_id - ids.PLACE)
    elif action_id >= ids.ROLL:
        if action_id >= ids.DRAWN:
            draw_event(new, action_id - ids.DRAWN)
        else:
            roll_event_die(new, action_id - ids.ROLL)
    elif action_id == ids.DRAW:
        new.__dict__["phase"] = Phase.DRAW
        new.__dict__["_player"] = CHANCE
    elif action_id == ids.NOTHING:
        _after_event(new)
    elif action_id < ids.TAKEOVER:
        play_alien_embassy(new, action_id - ids.EMBASSY)
    elif action_id < ids.DISCOVERY:
        play_cultural_takeover(new, action_id - ids.TAKEOVER)
    elif action_id < ids.FORCEFIELD:
        play_discovery_mission(new, action_id - ids.DISCOVERY)
    elif action_id == ids.FORCEFIELD:
        play_forcefield(new)
    elif action_id < ids.SURPRISE:
        play_rebellion(new, action_id - ids.REBELLION)
    elif action_id < ids.WORMHOLE:
        play_surprise_attack(new, action_id - ids.SURPRISE)
    elif action_id < ids.REPLACE:
        target, position = divmod(action_id - ids.WORMHOLE, GEOMETRY.size)
        play_wormhole(new, target, position)
    else:
        choose_replacement(new, action_id - ids.REPLACE)


def derived_fields(
    layout: Layout, occupant: tuple[int, ...], players: int, bans: tuple[int, ...]
) -> dict[str, Any]:
    """The fields that follow from the occupants and bans (for setup and loading)."""
    size = GEOMETRY.size
    vacant = tuple(tuple(loc for loc in layout.systems[p] if not occupant[loc]) for p in range(size))
    open_mask = sum(1 << p for p in range(size) if vacant[p])
    presence = [0] * players
    colony_mask = [0] * players
    for p in range(size):
        for loc in layout.systems[p]:
            code = occupant[loc]
            if code:
                owner = code - 1 if code < BASE_CODE else (code - BASE_CODE) // 3
                presence[owner] |= 1 << p
                if code < BASE_CODE:
                    colony_mask[owner] |= 1 << p
    ban_mask = 0
    for b in bans:
        if b >= 0:
            ban_mask |= 1 << b
    return {
        "vacant": vacant,
        "open_mask": open_mask,
        "presence": tuple(presence),
        "reach": tuple(reach_of(m) for m in presence),
        "colony_mask": tuple(colony_mask),
        "ban_mask": ban_mask,
    }
