"""Warpgate positions: their fields, the codes they hold, and what each player may see.

A :class:`WarpgateState` holds only tuples and ints.  Multisets (decks,
hands, discard piles) are sorted tuples of card ids, so a draw is a chance
outcome with an exact probability and no hidden order is stored.  What is
still to be decided in the current action lives in ``pend``, a
:class:`Pend` record: a compound action (a two-group Maneuver, Trade's two
hops, Promote's choice) is a sequence of atomic decisions.

The rules are not here: they are the chapter modules (``turn``,
``movement``, ``battle``, ``deploying``, ``research``, ``control``,
``trade``, ``promote``, ``draw``), dispatched by ``rules``, which a state
reaches through its game (``self.game.rules``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import attrs

from boardgames.games.warpgate import interpretations as I
from boardgames.kernel.game import State, View

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Tables
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["CHANCE_STEPS", "FIELDS", "SCORE_PARTS", "STEPS", "Pend", "WarpgateState", "WarpgateView"]

FIELDS: tuple[str, ...] = (
    "round", "turn", "first", "pend",
    "owner", "ships", "supply", "marker", "colony", "drone",
    "techs", "tech_deck", "tech_avail", "goods_pool", "goods", "spent",
    "tactics", "tactics_discard", "promo_deck", "promo_discard",
    "faction", "hand", "deck", "discard", "played", "objectives", "objective_deck",
)
"""The fields of a state besides the player to act, in serialization order."""

SCORE_PARTS: tuple[str, ...] = (
    "outposts", "colonies", "technologies", "trade goods", "tactics", "objectives",
)
"""The sources of victory points, in the order ``WarpgateState.score_parts`` lists them."""

NOBODY = -1
"""In ``owner``, ``marker`` and a place's ``seat``: no player."""

STEPS: tuple[str, ...] = (
    "deal", "play", "trade good", "origin", "destination", "ships", "second origin",
    "second destination", "second ships", "warp-in", "reinforce", "research", "technology",
    "technology reveal", "control", "objective", "trade origin", "trade hop 1", "trade hop 2",
    "promotion draw", "promote", "draw", "attacker reveal", "defender reveal", "withdraw",
)
"""The names of the pending steps, by step kind."""

(DEAL, PLAY, GOOD, ORIGIN, DEST, COUNT, ORIGIN2, DEST2, COUNT2, DEPLOY, REINFORCE_PICK, DRONE, TECH,
 TECH_REVEAL, CONTROL_PICK, OBJECTIVE, TRADE_FROM, HOP1, HOP2, PROMO_DRAW, PROMOTE_PICK, DRAW_CARDS,
 REVEAL_ATT, REVEAL_DEF, WITHDRAW) = range(len(STEPS))
# REINFORCE_PICK, CONTROL_PICK, PROMOTE_PICK are steps; REINFORCE, CONTROL, PROMOTE (components) actions.

CHANCE_STEPS = frozenset({DEAL, DRAW_CARDS, REVEAL_ATT, REVEAL_DEF, OBJECTIVE, TECH_REVEAL, PROMO_DRAW})
"""The step kinds at which a card is drawn (a chance node)."""

NO_ACTION = -1
"""``Pend.action`` while no action card is being resolved."""


class Pend(NamedTuple):
    """The decision (or chance event) the state waits for, and the action so far."""

    step: int
    action: int = NO_ACTION  # the action's code (components.ACTIONS index, or DRAW)
    x: int = 0  # the action's multiplier
    origin: int = -1
    dest: int = -1  # destination / battle planet / drone planet / first trade hop
    fleet: int = 0  # ships in the first group / attackers / ships to withdraw
    origin2: int = -1
    dest2: int = -1  # the Maneuver's second destination
    left: int = 0  # picks or draws still allowed
    who: int = -1  # defender, loser, or the player being dealt
    used: tuple[int, ...] = ()  # places already chosen, or promotion cards drawn
    cards: tuple[int, ...] = ()  # tactics revealed in the battle: the attacker's, then the defender's
    attacker_cards: int = 0  # how many of ``cards`` are the attacker's (once the defender reveals)
    draws: int = 0  # tactics cards this side still reveals, or objective cards the new colony still draws


@attrs.frozen
class WarpgateView(View):
    """What one player may know: the board, all public piles, own hand, deck and objectives."""

    to_act: int
    round: int
    turn: int
    first: int
    pend: tuple[object, ...]
    owner: tuple[int, ...]
    ships: tuple[int, ...]
    supply: tuple[int, ...]
    marker: tuple[int, ...]
    colony: tuple[int, ...]
    drone: tuple[int, ...]
    techs: tuple[tuple[int, ...], ...]
    tech_deck: tuple[int, ...]
    tech_avail: tuple[int, ...]
    goods_pool: int
    goods: tuple[int, ...]
    spent: tuple[int, ...]
    tactics: tuple[tuple[int, ...], ...]
    tactics_discard: tuple[tuple[int, ...], ...]
    promo_deck: tuple[int, ...]
    promo_discard: tuple[int, ...]
    faction: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    discard: tuple[tuple[int, ...], ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    objective_counts: tuple[int, ...]
    objective_deck_size: int
    hand: tuple[int, ...]
    deck: tuple[int, ...]
    objectives: tuple[int, ...]


class WarpgateState(State):
    """One Warpgate position (see the module docstring for the encoding)."""

    round: int
    turn: int
    first: int
    pend: Pend
    owner: tuple[int, ...]  # per place: the player with ships there, or -1
    ships: tuple[int, ...]  # per place: how many
    supply: tuple[int, ...]
    marker: tuple[int, ...]  # per place: owner of the outpost/colony marker, or -1
    colony: tuple[int, ...]  # per place: 1 if the marker shows its colony side
    drone: tuple[int, ...]  # per player: the research drone's place
    techs: tuple[tuple[int, ...], ...]
    tech_deck: tuple[int, ...]
    tech_avail: tuple[int, ...]
    goods_pool: int
    goods: tuple[int, ...]  # unspent trade goods per player
    spent: tuple[int, ...]
    tactics: tuple[tuple[int, ...], ...]
    tactics_discard: tuple[tuple[int, ...], ...]
    promo_deck: tuple[int, ...]
    promo_discard: tuple[int, ...]
    faction: tuple[int, ...]
    hand: tuple[tuple[int, ...], ...]
    deck: tuple[tuple[int, ...], ...]
    discard: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]  # the cards on the faction board's slots this round
    objectives: tuple[tuple[int, ...], ...]
    objective_deck: tuple[int, ...]

    game: Warpgate

    @property
    def t(self) -> Tables:
        """The game's static tables (map topology, card tables, action ids)."""
        return self.game.tables

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        n = self.game.players
        return (self.first + self.turn % n) % n

    @property
    def slot(self) -> int:
        """0..3: which turn of the round the active player is on."""
        return self.turn // self.game.players

    def markers_left(self, player: int) -> int:
        """Outpost/colony markers ``player`` has not placed."""
        return I.MARKERS - self.marker.count(player)

    # -- the rules, through the game ---------------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        return self.game.rules.legal_ids(self)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        return self.game.rules.chance_ids(self)

    def _apply(self, action_id: int) -> WarpgateState:
        return self.game.rules.apply(self, action_id)

    def feasible(self, action: int, x: int, player: int) -> bool:
        """Whether ``action`` at multiplier X has at least one legal resolution."""
        return self.game.rules.feasible(self, action, x, player)

    def move_destinations(self, action: int, origin: int, x: int, player: int) -> tuple[int, ...]:
        """Places the ships at ``origin`` may move (or attack) to with ``action`` at X."""
        return self.game.rules.move_destinations(self, action, origin, x, player)

    def score_parts(self) -> dict[str, tuple[float, ...]]:
        """Victory points by source (see interpretations I7, I8 and I10)."""
        columns = zip(*self.game.rules.score_rows(self), strict=True)
        return {name: tuple(column) for name, column in zip(SCORE_PARTS, columns, strict=True)}

    def scores(self) -> tuple[float, ...]:
        return tuple([float(sum(row)) for row in self.game.rules.score_rows(self)])

    def view(self, player: int) -> WarpgateView:
        self._check_player(player)
        own_deck = self.deck[player]
        return WarpgateView(
            player=player,
            game=self.game,
            to_act=self._player,
            round=self.round,
            turn=self.turn,
            first=self.first,
            pend=tuple(self.pend),
            owner=self.owner,
            ships=self.ships,
            supply=self.supply,
            marker=self.marker,
            colony=self.colony,
            drone=self.drone,
            techs=self.techs,
            tech_deck=self.tech_deck,
            tech_avail=self.tech_avail,
            goods_pool=self.goods_pool,
            goods=self.goods,
            spent=self.spent,
            tactics=self.tactics,
            tactics_discard=self.tactics_discard,
            promo_deck=self.promo_deck,
            promo_discard=self.promo_discard,
            faction=self.faction,
            played=self.played,
            discard=self.discard,
            hand_sizes=tuple(len(h) for h in self.hand),
            deck_sizes=tuple(len(d) for d in self.deck),
            objective_counts=tuple(len(o) for o in self.objectives),
            objective_deck_size=len(self.objective_deck),
            hand=self.hand[player],
            deck=own_deck,
            objectives=self.objectives[player],
        )

