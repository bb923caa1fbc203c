"""The state of Asteroid Rush, its views, and the rules that move it on.

Each rule function names its README section (§).  The turn is data: a
``phase`` (deal, roll, move, work, draw, over), the ``active`` player, and a
:class:`~boardgames.kernel.turns.PendingStack` of flare discards that
interrupt the turn and belong to other players.
"""

from __future__ import annotations

import attrs
from boardgames.kernel.cards import Deck
from boardgames.kernel.game import CHANCE, TERMINAL, State, View
from boardgames.kernel.resources import ResourcePool
from boardgames.kernel.turns import PendingStack, clockwise

from asteroid_rush.actions import DELIVER, DISCARD, DRAW, FLY, MINE, REST, ROLL, SCAN, STAY, TRADE, TRADES
from asteroid_rush.components import (
    ASTEROIDS,
    BELT,
    CARDS,
    DIE,
    FLARE_FACE,
    FLARE_LIMIT,
    FLIGHT_RANGE,
    HAND_LIMIT,
    HOLD,
    KINDS,
    MINE_YIELD,
    ROUNDS,
    STATION,
    TARGET,
)

__all__ = [
    "DEAL",
    "MOVE",
    "OVER",
    "PHASE_NAMES",
    "REACH",
    "ROLL_PHASE",
    "SCAN_DRAW",
    "WORK",
    "AsteroidState",
    "AsteroidView",
    "Flare",
    "contract_points",
]

DEAL, ROLL_PHASE, MOVE, WORK, SCAN_DRAW, OVER = range(6)
PHASE_NAMES = ("deal", "roll", "move", "work", "draw", "over")

REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in BELT.within(cell, FLIGHT_RANGE) if c != cell) for cell in range(len(BELT))
)
"""The hexes a ship may fly to from each hex (§5), ascending."""

_FACE_IDS: tuple[tuple[int, float], ...] = tuple(
    (ROLL + DIE.faces.index(face), float(p)) for face, p in DIE.outcomes()
)
_CAP = HOLD.caps


@attrs.frozen
class Flare:
    """A pending flare discard (§4): ``player`` discards until they hold at most the limit."""

    player: int


@attrs.frozen
class AsteroidView(View):
    """What one player knows (§10): everything but the other hands and the order of the deck."""

    phase: int
    active: int
    round: int
    to_act: int
    positions: tuple[int, ...]
    holds: tuple[tuple[int, ...], ...]
    delivered: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    flares: tuple[int, ...]
    last_roll: int
    ending: bool


def contract_points(delivered: tuple[int, ...]) -> int:
    """Points of the delivered contracts (§7)."""
    return sum(CARDS[card].points for card in delivered)


class AsteroidState(State):
    """One position of Asteroid Rush (fields are small ints, tuples and kernel values)."""

    phase: int
    active: int
    round: int
    positions: tuple[int, ...]
    holds: tuple[ResourcePool, ...]
    hands: tuple[tuple[int, ...], ...]
    delivered: tuple[tuple[int, ...], ...]
    deck: Deck
    flares: PendingStack[Flare]
    last_roll: int
    ending: bool

    # -- legal decisions -------------------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        if self.flares:
            hold = self.holds[self.flares.top.player].amounts
            return tuple(DISCARD + k for k in range(len(KINDS)) if hold[k] > 0)
        if self.phase == MOVE:
            return (STAY, *(FLY + c for c in REACH[self.positions[self.active]]))
        return self._work_ids()

    def _work_ids(self) -> tuple[int, ...]:
        """§6: mine on an asteroid, trade or deliver at the station, scan, or rest."""
        player = self.active
        where = self.positions[player]
        hold = self.holds[player].amounts
        ids: list[int] = []
        asteroid = ASTEROIDS[where]
        if asteroid is not None and hold[asteroid.kind] < (_CAP[asteroid.kind] or 0):
            ids.append(MINE)
        if where == STATION:
            ids += [
                TRADE + i
                for i, (give, get) in enumerate(TRADES)
                if hold[give] >= 2 and hold[get] < (_CAP[get] or 0)
            ]
            for card in sorted(set(self.hands[player])):
                if all(have >= need for have, need in zip(hold, CARDS[card].cost)):
                    ids.append(DELIVER + card)
        if len(self.hands[player]) < HAND_LIMIT and self.deck.size:
            ids.append(SCAN)
        ids.append(REST)
        return tuple(ids)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        if self._player != CHANCE:
            return ()
        if self.phase == ROLL_PHASE:
            return _FACE_IDS
        return tuple((DRAW + card, float(p)) for card, p in self.deck.draw_outcomes())

    # -- applying ----------------------------------------------------------------

    def _apply(self, action_id: int) -> AsteroidState:
        new = self._successor()
        if action_id < DRAW:
            new._roll(DIE.faces[action_id - ROLL])
        elif action_id < DRAW + len(CARDS):
            new._draw(action_id - DRAW)
        elif action_id >= DISCARD:
            new._discard(action_id - DISCARD)
        elif action_id < MINE:
            new._fly(action_id)
        else:
            new._work(action_id)
        return new

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _draw(self, card: int) -> None:
        """§3 and §6: the drawn contract goes to the active player's hand."""
        hands = list(self.hands)
        hands[self.active] = tuple(sorted((*hands[self.active], card)))
        self._set("hands", tuple(hands))
        self._set("deck", self.deck.draw(card))
        if self.phase == DEAL:
            if self.active + 1 < len(self.hands):
                self._set("active", self.active + 1)
            else:
                self._set("active", 0)
                self._set("phase", ROLL_PHASE)
            return
        self._end_turn()

    def _roll(self, face: int) -> None:
        """§4: every ship on an asteroid of the rolled number takes one of its resource; a 6 is a flare."""
        holds = list(self.holds)
        for player, cell in enumerate(self.positions):
            asteroid = ASTEROIDS[cell]
            if asteroid is not None and asteroid.number == face:
                holds[player] = holds[player].gain(**{KINDS[asteroid.kind]: 1})
        self._set("holds", tuple(holds))
        self._set("last_roll", face)
        self._set("phase", MOVE)
        if face == FLARE_FACE:
            flares = self.flares
            for player in reversed(clockwise(self.active, len(holds))):
                if sum(holds[player].amounts) > FLARE_LIMIT:
                    flares = flares.push(Flare(player))
            self._set("flares", flares)
        self._set_player()

    def _discard(self, kind: int) -> None:
        """§4: the flared player discards one resource; once at the limit, the next flare is decided."""
        player = self.flares.top.player
        holds = list(self.holds)
        holds[player] = holds[player].pay(**{KINDS[kind]: 1})
        self._set("holds", tuple(holds))
        if sum(holds[player].amounts) <= FLARE_LIMIT:
            self._set("flares", self.flares.pop())
        self._set_player()

    def _fly(self, action_id: int) -> None:
        """§5: the ship stays or flies up to two hexes."""
        if action_id != STAY:
            positions = list(self.positions)
            positions[self.active] = action_id - FLY
            self._set("positions", tuple(positions))
        self._set("phase", WORK)

    def _work(self, action_id: int) -> None:
        """§6: one work action, then the turn ends (a scan first draws its contract)."""
        player = self.active
        holds = list(self.holds)
        if action_id == MINE:
            asteroid = ASTEROIDS[self.positions[player]]
            assert asteroid is not None  # offered only on an asteroid
            holds[player] = holds[player].gain(**{KINDS[asteroid.kind]: MINE_YIELD})
        elif action_id < DELIVER:
            give, get = TRADES[action_id - TRADE]
            holds[player] = holds[player].convert({KINDS[give]: 2}, {KINDS[get]: 1})
        elif action_id < SCAN:
            card = action_id - DELIVER
            holds[player] = holds[player].pay(**CARDS[card].needs())
            hand = list(self.hands[player])
            hand.remove(card)
            hands = list(self.hands)
            hands[player] = tuple(hand)
            delivered = list(self.delivered)
            delivered[player] = tuple(sorted((*delivered[player], card)))
            self._set("hands", tuple(hands))
            self._set("delivered", tuple(delivered))
        elif action_id == SCAN:
            self._set("phase", SCAN_DRAW)
            self._set("_player", CHANCE)
            return
        self._set("holds", tuple(holds))
        self._end_turn()

    def _end_turn(self) -> None:
        """§8: after the last seat's turn, the game ends if someone reached the target or it was round 15."""
        ending = self.ending or any(contract_points(d) >= TARGET for d in self.delivered)
        self._set("ending", ending)
        if self.active + 1 < len(self.positions):
            self._set("active", self.active + 1)
        elif ending or self.round == ROUNDS:
            self._set("phase", OVER)
            self._set("_player", TERMINAL)
            return
        else:
            self._set("active", 0)
            self._set("round", self.round + 1)
        self._set("phase", ROLL_PHASE)
        self._set("_player", CHANCE)

    def _set_player(self) -> None:
        """Who decides now: the top pending flare, else the active player."""
        self._set("_player", self.flares.top.player if self.flares else self.active)

    # -- scores and views --------------------------------------------------------

    def score_parts(self, player: int) -> tuple[int, int, int]:
        """§9: contract points, one point per three resources in the hold, minus one per contract in hand."""
        return (
            contract_points(self.delivered[player]),
            sum(self.holds[player].amounts) // 3,
            -len(self.hands[player]),
        )

    def scores(self) -> tuple[float, ...]:
        return tuple(float(sum(self.score_parts(p))) for p in range(len(self.positions)))

    def view(self, player: int) -> AsteroidView:
        self._check_player(player)
        return AsteroidView(
            player,
            phase=self.phase,
            active=self.active,
            round=self.round,
            to_act=self._player,
            positions=self.positions,
            holds=tuple(h.amounts for h in self.holds),
            delivered=self.delivered,
            hand=self.hands[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=self.deck.size,
            flares=tuple(f.player for f in self.flares),
            last_roll=self.last_roll,
            ending=self.ending,
            game=self.game,
        )
