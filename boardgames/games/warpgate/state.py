"""Warpgate positions and their transitions.

A :class:`WarpgateState` holds only tuples and ints.  Multisets (decks,
hands, discard piles) are sorted tuples of card ids, so a draw is a chance
outcome with an exact probability and no hidden order is stored.  What is
still to be decided in the current action lives in ``pend``, a
:class:`Pend` record: a compound action (a two-group Maneuver, Trade's two
hops, Promote's choice) is a sequence of atomic decisions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import attrs

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.rules import DRAW, Tables, attack_target, move_target
from boardgames.kernel.game import CHANCE, TERMINAL, State, View

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["FIELDS", "SCORE_PARTS", "STEPS", "Pend", "WarpgateState", "WarpgateView"]

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
"""The sources of victory points, in the order :meth:`WarpgateState.score_parts` lists them."""

SCORE_MEMO_SIZE = 4096
"""The most score rows a game remembers (see ``WarpgateState._score_rows``); it starts over when full."""

# Pending steps.  Chance steps: DEAL, DRAW_CARDS, REVEAL_ATT, REVEAL_DEF, OBJECTIVE, TECH_REVEAL, PROMO_DRAW.
STEPS: tuple[str, ...] = (
    "deal", "play", "trade good", "origin", "destination", "ships", "second origin",
    "second destination", "second ships", "warp-in", "reinforce", "research", "technology",
    "technology reveal", "control", "objective", "trade origin", "trade hop 1", "trade hop 2",
    "promotion draw", "promote", "draw", "attacker reveal", "defender reveal", "withdraw",
)
(DEAL, PLAY, GOOD, ORIGIN, DEST, COUNT, ORIGIN2, DEST2, COUNT2, DEPLOY, REINFORCE, DRONE, TECH,
 TECH_REVEAL, CONTROL, OBJECTIVE, TRADE_FROM, HOP1, HOP2, PROMO_DRAW, PROMOTE, DRAW_CARDS,
 REVEAL_ATT, REVEAL_DEF, WITHDRAW) = range(len(STEPS))
CHANCE_STEPS = frozenset({DEAL, DRAW_CARDS, REVEAL_ATT, REVEAL_DEF, OBJECTIVE, TECH_REVEAL, PROMO_DRAW})

(RECON, MANEUVER, SKIRMISH, ADVANCE, CONCENTRATE, WARP_IN, REINFORCE_A, RESEARCH, CONTROL_A, TRADE,
 PROMOTE_A) = range(11)
MOVES = (RECON, MANEUVER, SKIRMISH, ADVANCE, CONCENTRATE)


class Pend(NamedTuple):
    """The decision (or chance event) the state waits for, and the action so far."""

    step: int
    action: int = -1  # index into ACTIONS, DRAW, or -1
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


def _put(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*t[:i], v, *t[i + 1 :])


def _add(ms: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = bisect_right(ms, v)
    return (*ms[:i], v, *ms[i:])


def _remove(ms: tuple[int, ...], v: int) -> tuple[int, ...]:
    i = ms.index(v)
    return ms[:i] + ms[i + 1 :]


@lru_cache(maxsize=4096)
def _outcomes(ms: tuple[int, ...], offset: int) -> tuple[tuple[int, float], ...]:
    """Drawing from the multiset ``ms``: each distinct card (as ``offset`` + card) and its chance.

    Remembered, because the same few piles are drawn from again and again
    (and every chance step asks twice: for its outcomes and to check one).
    """
    n = len(ms)
    out: list[tuple[int, float]] = []
    i = 0
    while i < n:
        v = ms[i]
        j = bisect_right(ms, v, i)
        out.append((offset + v, (j - i) / n))
        i = j
    return tuple(out)


def _put_row(rows: tuple[tuple[int, ...], ...], p: int, row: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (*rows[:p], row, *rows[p + 1 :])


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

    # -- helpers -----------------------------------------------------------------

    @property
    def t(self) -> Tables:
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
        return I.MARKERS - self.marker.count(player)

    # -- where ships may go (the text's rules, see rules.py) --------------------------

    def move_destinations(self, action: int, origin: int, x: int, player: int) -> tuple[int, ...]:
        """Places the ships at ``origin`` may move (or attack) to with ``action`` at X."""
        t = self.t
        owner = self.owner
        if action == RECON:
            return tuple(d for d in t.near[origin][2 * x] if move_target(t, owner, player, d))
        if action == MANEUVER:
            return tuple(d for d in t.near[origin][x] if move_target(t, owner, player, d))
        return tuple(d for d in t.near[origin][x] if attack_target(t, player, d))

    def _can_leave(self, action: int, origin: int, x: int, player: int) -> bool:
        """Whether ships at ``origin`` have any destination (the fast form of move_destinations)."""
        t = self.t
        seat = t.seat
        if action in (RECON, MANEUVER):
            owner = self.owner
            for d in t.near[origin][2 * x if action == RECON else x]:
                o = owner[d]
                s = seat[d]
                if (o < 0 or o == player) and (s < 0 or s == player):
                    return True
            return False
        for d in t.near[origin][x]:
            s = seat[d]
            if s < 0 or s == player:
                return True
        return False

    def move_origins(self, action: int, x: int, player: int) -> tuple[int, ...]:
        need = 2 if action == ADVANCE else 1
        owner, ships = self.owner, self.ships
        return tuple(
            o for o in range(len(owner))
            if owner[o] == player and ships[o] >= need and self._can_leave(action, o, x, player)
        )

    def _any_move(self, action: int, x: int, player: int) -> bool:
        need = 2 if action == ADVANCE else 1
        ships = self.ships
        for o, w in enumerate(self.owner):
            if w == player and ships[o] >= need and self._can_leave(action, o, x, player):
                return True
        return False

    def maneuver_available(self, place: int) -> int:
        """Ships at ``place`` not moved by the Maneuver's first group."""
        p = self.pend
        n = self.ships[place] if self.owner[place] == self.active else 0
        return n - p.fleet if place == p.dest else n

    def second_origins(self) -> tuple[int, ...]:
        p = self.pend
        player = self.active
        owner = self.owner
        if p.action == MANEUVER:
            return tuple(
                o for o in range(len(owner))
                if owner[o] == player and self.maneuver_available(o) >= 1
                and self.move_destinations(MANEUVER, o, p.x, player)
            )
        return tuple(
            o for o in self.t.near[p.dest][p.x] if o != p.origin and owner[o] == player
        )

    def reinforce_places(self) -> tuple[int, ...]:
        p = self.pend
        player = self.active
        if self.supply[player] == 0 or p.left == 0:
            return ()
        return tuple(o for o, w in enumerate(self.owner) if w == player and o not in p.used)

    def research_places(self, player: int, x: int) -> tuple[int, ...]:
        return tuple(self._research_places(player, x))

    def _research_places(self, player: int, x: int) -> Iterator[int]:
        """Research: where the drone may fly, lazily (so that ``feasible`` stops at the first)."""
        t = self.t
        tech_type = t.tech_type
        types = {tech_type[c] for c in self.tech_avail}
        owner = self.owner
        place_type = t.place_type
        return (
            d for d in t.near[self.drone[player]][x]
            if place_type[d] in types and (owner[d] < 0 or owner[d] == player)
        )

    def control_places(self, player: int, used: tuple[int, ...] = ()) -> tuple[int, ...]:
        """Planets holding ``player``'s ships where Control would do something (I7)."""
        return tuple(self._control_places(player, used))

    def _control_places(self, player: int, used: tuple[int, ...] = ()) -> Iterator[int]:
        """:meth:`control_places`, lazily (so that ``feasible`` stops at the first)."""
        place_type = self.t.place_type
        marker, colony = self.marker, self.colony
        spare = self.markers_left(player) > 0
        effect = self.game.interpretations.control.effect
        return (
            d for d, w in enumerate(self.owner)
            if w == player and place_type[d] >= 0 and d not in used
            and effect(marker[d], bool(colony[d]), player, spare) != I.NO_CONTROL
        )

    def trade_hops(self, origin: int, x: int, player: int) -> tuple[int, ...]:
        """First hops from ``origin`` that leave a legal second hop (Trade)."""
        t = self.t
        owner = self.owner
        return tuple(
            h for h in t.trade_near[origin][x]
            if (owner[h] < 0 or owner[h] == player) and self.trade_finals(origin, h, x, player)
        )

    def trade_finals(self, origin: int, hop: int, x: int, player: int) -> tuple[int, ...]:
        t = self.t
        owner = self.owner
        return tuple(
            h for h in t.trade_near[hop][x] if h != origin and (owner[h] < 0 or owner[h] == player)
        )

    def trade_origins(self, x: int, player: int) -> tuple[int, ...]:
        t = self.t
        return tuple(
            o for o, w in enumerate(self.owner)
            if w == player and t.trade[o] and self.trade_hops(o, x, player)
        )

    def _any_trade(self, x: int, player: int) -> bool:
        t = self.t
        trade, near, owner = t.trade, t.trade_near, self.owner
        for o, w in enumerate(owner):
            if w != player or not trade[o]:
                continue
            for h in near[o][x]:
                if owner[h] >= 0 and owner[h] != player:
                    continue
                for f in near[h][x]:
                    if f != o and (owner[f] < 0 or owner[f] == player):
                        return True
        return False

    def feasible(self, action: int, x: int, player: int) -> bool:
        """Whether ``action`` at multiplier X has at least one legal resolution."""
        if action <= CONCENTRATE:
            return self._any_move(action, x, player)
        if action == WARP_IN:
            return self.supply[player] > 0
        if action == REINFORCE_A:
            return self.supply[player] > 0 and player in self.owner
        if action == RESEARCH:
            return next(self._research_places(player, x), -1) >= 0
        if action == CONTROL_A:
            return next(self._control_places(player), -1) >= 0
        if action == TRADE:
            return self._any_trade(x, player)
        if action == PROMOTE_A:
            return bool(self.promo_deck or self.promo_discard)
        return True

    def withdraw_places(self, loser: int, battle: int) -> tuple[int, ...]:
        """Where ``loser``'s ships leaving the battle at ``battle`` may go (I6)."""
        t = self.t
        rule = self.game.interpretations.battle
        reach = t.dist[battle]
        nearby = tuple(d for d in range(len(reach)) if d != battle and reach[d] <= rule.withdraw_range)
        return rule.withdraw_places(loser, t.gate[loser], nearby, self.owner, t.seat)

    def technology_deck(self, deck: int) -> tuple[int, ...]:
        """The cards left in technology deck ``deck`` (I12), ascending."""
        deck_of = self.t.tech_deck_of
        return tuple(c for c in self.tech_deck if deck_of[c] == deck)

    # -- the contract --------------------------------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        p = self.pend
        t = self.t
        step = p.step
        player = self.active
        if step == PLAY:
            out: list[int] = []
            x = self.slot + 1
            bonus = x + 1 if self.goods[player] else x
            last = -1
            known: dict[int, bool] = {}
            for kind in self.hand[player]:
                if kind == last:
                    continue
                last = kind
                top, bottom = t.card_actions[kind]
                base = t.off_play + 3 * kind
                ok = known.get(top)
                if ok is None:
                    ok = known[top] = self.feasible(top, bonus, player)
                if ok:
                    out.append(base)
                ok = known.get(bottom)
                if ok is None:
                    ok = known[bottom] = self.feasible(bottom, bonus, player)
                if ok:
                    out.append(base + 1)
                out.append(base + 2)
            return tuple(out)
        if step == GOOD:
            if p.action == DRAW or self.feasible(p.action, p.x, player):
                return (t.off_spend, t.off_spend + 1)
            return (t.off_spend,)
        if step == ORIGIN:
            return tuple(t.off_from + o for o in self.move_origins(p.action, p.x, player))
        if step == DEST:
            return tuple(t.off_to + d for d in self.move_destinations(p.action, p.origin, p.x, player))
        if step == COUNT:
            low = 2 if p.action == ADVANCE else 1
            return tuple(range(t.off_ships + low - 1, t.off_ships + self.ships[p.origin]))
        if step == ORIGIN2:
            return (*(t.off_from + o for o in self.second_origins()), t.id_done)
        if step == DEST2:
            return tuple(t.off_to + d for d in self.move_destinations(MANEUVER, p.origin2, p.x, player))
        if step == COUNT2:
            most = self.maneuver_available(p.origin2) if p.action == MANEUVER else self.ships[p.origin2]
            return tuple(range(t.off_ships, t.off_ships + most))
        if step == DEPLOY:
            return tuple(range(t.off_warp, t.off_warp + min(p.x, self.supply[player])))
        if step == REINFORCE:
            places = tuple(t.off_reinforce + o for o in self.reinforce_places())
            return (*places, t.id_done) if p.used else places
        if step == DRONE:
            return tuple(t.off_research + d for d in self.research_places(player, p.x))
        if step == TECH:
            kind = t.place_type[p.dest]
            return tuple(sorted(t.off_take + c for c in self.tech_avail if t.tech_type[c] == kind))
        if step == CONTROL:
            places = tuple(t.off_control + d for d in self.control_places(player, p.used)) if p.left else ()
            return (*places, t.id_done) if p.used else places
        if step == TRADE_FROM:
            return tuple(t.off_from + o for o in self.trade_origins(p.x, player))
        if step == HOP1:
            return tuple(t.off_to + h for h in self.trade_hops(p.origin, p.x, player))
        if step == HOP2:
            return tuple(t.off_to + h for h in self.trade_finals(p.origin, p.dest, p.x, player))
        if step == PROMOTE:
            base = t.off_promote - t.first_promo
            return tuple(sorted({base + c for c in p.used}))
        if step == WITHDRAW:
            return tuple(t.off_withdraw + d for d in self.withdraw_places(p.who, p.dest))
        return ()

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        if self._player != CHANCE:
            return ()
        p = self.pend
        t = self.t
        step = p.step
        if step in (DEAL, DRAW_CARDS):
            w = p.who
            return _outcomes(self.deck[w] or self.discard[w], t.off_draw)
        if step in (REVEAL_ATT, REVEAL_DEF):
            w = self.active if step == REVEAL_ATT else p.who
            return _outcomes(self.tactics[w] or self.tactics_discard[w], t.off_reveal)
        if step == OBJECTIVE:
            return _outcomes(self.objective_deck, t.off_objective)
        if step == TECH_REVEAL:
            return _outcomes(self.technology_deck(t.type_deck[t.place_type[p.dest]]), t.off_tech)
        if step == PROMO_DRAW:
            return _outcomes(self.promo_deck or self.promo_discard, t.off_promo_draw - t.first_promo)
        return ()

    def _apply(self, action_id: int) -> WarpgateState:
        new = self._successor()
        t = self.t
        p = self.pend
        step = p.step
        player = self.active
        _set = object.__setattr__
        if step == PLAY:
            kind, half = divmod(action_id - t.off_play, 3)
            _set(new, "hand", _put_row(self.hand, player, _remove(self.hand[player], kind)))
            _set(new, "played", _put_row(self.played, player, (*self.played[player], kind)))
            action = DRAW if half == 2 else t.card_actions[kind][half]
            x = self.slot + 1
            if self.goods[player]:
                _set(new, "pend", Pend(GOOD, action, x))
            else:
                new._begin(action, x)
        elif step == GOOD:
            x = p.x
            if action_id == t.off_spend:
                _set(new, "goods", _put(self.goods, player, self.goods[player] - 1))
                _set(new, "spent", _put(self.spent, player, self.spent[player] + 1))
                x += 1
            new._begin(p.action, x)
        elif step == ORIGIN:
            _set(new, "pend", p._replace(step=DEST, origin=action_id - t.off_from))
        elif step == DEST:
            dest = action_id - t.off_to
            if p.action in (RECON, SKIRMISH):
                new._take_ships(p.origin, 1)
                new._arrive(dest, 1)
            else:
                low = 2 if p.action == ADVANCE else 1
                most = self.ships[p.origin]
                if low == most:
                    new._group(p._replace(dest=dest), most)
                else:
                    _set(new, "pend", p._replace(step=COUNT, dest=dest))
        elif step == COUNT:
            new._group(p, action_id - t.off_ships + 1)
        elif step == ORIGIN2:
            if action_id == t.id_done:
                if p.action == CONCENTRATE:
                    new._arrive(p.dest, p.fleet)
                else:
                    new._end_turn()
            else:
                origin2 = action_id - t.off_from
                if p.action == MANEUVER:
                    _set(new, "pend", p._replace(step=DEST2, origin2=origin2))
                elif self.ships[origin2] == 1:
                    new._take_ships(origin2, 1)
                    new._arrive(p.dest, p.fleet + 1)
                else:
                    _set(new, "pend", p._replace(step=COUNT2, origin2=origin2))
        elif step == DEST2:
            dest2 = action_id - t.off_to
            if self.maneuver_available(p.origin2) == 1:
                new._take_ships(p.origin2, 1)
                new._arrive(dest2, 1)
            else:
                _set(new, "pend", p._replace(step=COUNT2, dest2=dest2))
        elif step == COUNT2:
            count = action_id - t.off_ships + 1
            new._take_ships(p.origin2, count)
            if p.action == MANEUVER:
                new._arrive(p.dest2, count)
            else:
                new._arrive(p.dest, p.fleet + count)
        elif step == DEPLOY:
            new._deploy(t.gate[player], action_id - t.off_warp + 1)
            new._end_turn()
        elif step == REINFORCE:
            if action_id == t.id_done:
                new._end_turn()
            else:
                place = action_id - t.off_reinforce
                new._deploy(place, 1)
                after = p._replace(left=p.left - 1, used=(*p.used, place))
                _set(new, "pend", after)
                if not new.reinforce_places():
                    new._end_turn()
        elif step == DRONE:
            place = action_id - t.off_research
            _set(new, "drone", _put(self.drone, player, place))
            kind = t.place_type[place]
            matching = [c for c in self.tech_avail if t.tech_type[c] == kind]
            if len(matching) == 1:
                new._take_technology(matching[0])
            else:
                _set(new, "pend", p._replace(step=TECH, dest=place))
        elif step == TECH:
            new._take_technology(action_id - t.off_take)
        elif step == CONTROL:
            if action_id == t.id_done:
                new._end_turn()
            else:
                new._control(action_id - t.off_control)
        elif step == TRADE_FROM:
            _set(new, "pend", p._replace(step=HOP1, origin=action_id - t.off_from))
        elif step == HOP1:
            _set(new, "pend", p._replace(step=HOP2, dest=action_id - t.off_to))
        elif step == HOP2:
            new._take_ships(p.origin, 1)
            new._put_ships(action_id - t.off_to, player, 1)
            if self.goods_pool:
                _set(new, "goods_pool", self.goods_pool - 1)
                _set(new, "goods", _put(self.goods, player, self.goods[player] + 1))
            new._end_turn()
        elif step == PROMOTE:
            new._promote(action_id - t.off_promote + t.first_promo)
        elif step == WITHDRAW:
            new._put_ships(action_id - t.off_withdraw, p.who, p.fleet)
            new._end_turn()
        else:
            new._chance(action_id)
        return new

    # -- chance ------------------------------------------------------------------------

    def _chance(self, action_id: int) -> None:
        """Resolve a chance outcome on this (fresh successor) state."""
        t = self.t
        p = self.pend
        step = p.step
        _set = object.__setattr__
        if step in (DEAL, DRAW_CARDS):
            w = p.who
            self._draw_action_card(w, action_id - t.off_draw)
            left = p.left - 1
            if left and (self.deck[w] or self.discard[w]):
                _set(self, "pend", p._replace(left=left))
            elif step == DRAW_CARDS:
                self._end_turn()
            else:
                self._next_deal(w)
        elif step in (REVEAL_ATT, REVEAL_DEF):
            w = self.active if step == REVEAL_ATT else p.who
            card = action_id - t.off_reveal
            if self.tactics[w]:
                _set(self, "tactics", _put_row(self.tactics, w, _remove(self.tactics[w], card)))
            else:
                _set(self, "tactics", _put_row(self.tactics, w, _remove(self.tactics_discard[w], card)))
                _set(self, "tactics_discard", _put_row(self.tactics_discard, w, ()))
            _set(self, "pend", p._replace(cards=(*p.cards, card), draws=p.draws - 1))
            self._reveal_next()
        elif step == OBJECTIVE:
            card = action_id - t.off_objective
            w = self.active
            deck = _remove(self.objective_deck, card)
            _set(self, "objective_deck", deck)
            _set(self, "objectives", _put_row(self.objectives, w, _add(self.objectives[w], card)))
            if p.draws > 1 and deck:
                _set(self, "pend", p._replace(draws=p.draws - 1))
            else:
                self._after_control()
        elif step == TECH_REVEAL:
            card = action_id - t.off_tech
            _set(self, "tech_deck", _remove(self.tech_deck, card))
            _set(self, "tech_avail", _add(self.tech_avail, card))
            self._end_turn()
        elif step == PROMO_DRAW:
            card = action_id - t.off_promo_draw + t.first_promo
            if self.promo_deck:
                _set(self, "promo_deck", _remove(self.promo_deck, card))
            else:
                # Promote: when the promotion deck runs out, shuffle its discard pile into a new deck.
                _set(self, "promo_deck", _remove(self.promo_discard, card))
                _set(self, "promo_discard", ())
            drawn = (*p.used, card)
            left = p.left - 1
            if left and (self.promo_deck or self.promo_discard):
                _set(self, "pend", p._replace(left=left, used=drawn))
            elif len(set(drawn)) == 1:
                _set(self, "pend", p._replace(used=drawn))
                self._promote(card)
            else:
                _set(self, "pend", p._replace(step=PROMOTE, used=drawn))
                _set(self, "_player", self.active)

    def _draw_action_card(self, w: int, kind: int) -> None:
        _set = object.__setattr__
        if self.deck[w]:
            _set(self, "deck", _put_row(self.deck, w, _remove(self.deck[w], kind)))
        else:
            # I1: an empty action deck is re-formed from the discard pile.
            _set(self, "deck", _put_row(self.deck, w, _remove(self.discard[w], kind)))
            _set(self, "discard", _put_row(self.discard, w, ()))
        _set(self, "hand", _put_row(self.hand, w, _add(self.hand[w], kind)))

    def _next_deal(self, w: int) -> None:
        n = self.game.players
        nxt = (w + 1) % n
        if nxt == self.first:
            object.__setattr__(self, "pend", Pend(PLAY))
            object.__setattr__(self, "_player", self.first)
        else:
            refill = self.game.interpretations.rounds.hand_size
            object.__setattr__(self, "pend", Pend(DEAL, who=nxt, left=refill))

    # -- action pieces -------------------------------------------------------------------

    def _begin(self, action: int, x: int) -> None:
        """Start resolving ``action`` at multiplier X for the active player."""
        _set = object.__setattr__
        player = self.active
        if action in MOVES:
            _set(self, "pend", Pend(ORIGIN, action, x))
        elif action == WARP_IN:
            _set(self, "pend", Pend(DEPLOY, action, x))
        elif action == REINFORCE_A:
            _set(self, "pend", Pend(REINFORCE, action, x, left=x))
        elif action == RESEARCH:
            _set(self, "pend", Pend(DRONE, action, x))
        elif action == CONTROL_A:
            _set(self, "pend", Pend(CONTROL, action, x, left=x))
        elif action == TRADE:
            _set(self, "pend", Pend(TRADE_FROM, action, x))
        elif action == PROMOTE_A:
            _set(self, "pend", Pend(PROMO_DRAW, action, x, left=x, who=player))
            _set(self, "_player", CHANCE)
        elif self.deck[player] or self.discard[player]:
            _set(self, "pend", Pend(DRAW_CARDS, action, x, left=x, who=player))
            _set(self, "_player", CHANCE)
        else:
            self._end_turn()

    def _take_ships(self, place: int, count: int) -> None:
        left = self.ships[place] - count
        object.__setattr__(self, "ships", _put(self.ships, place, left))
        if left == 0:
            object.__setattr__(self, "owner", _put(self.owner, place, -1))

    def _put_ships(self, place: int, player: int, count: int) -> None:
        object.__setattr__(self, "ships", _put(self.ships, place, self.ships[place] + count))
        if self.owner[place] != player:
            object.__setattr__(self, "owner", _put(self.owner, place, player))

    def _deploy(self, place: int, count: int) -> None:
        player = self.active
        object.__setattr__(self, "supply", _put(self.supply, player, self.supply[player] - count))
        self._put_ships(place, player, count)

    def _group(self, p: Pend, count: int) -> None:
        """A first group of ``count`` ships chose its destination (Maneuver, Advance, Concentrate)."""
        self._take_ships(p.origin, count)
        if p.action == ADVANCE:
            self._arrive(p.dest, count)
            return
        if p.action == MANEUVER:
            self._put_ships(p.dest, self.active, count)
        after = p._replace(step=ORIGIN2, fleet=count)
        object.__setattr__(self, "pend", after)
        if not self.second_origins():
            if p.action == CONCENTRATE:
                self._arrive(p.dest, count)
            else:
                self._end_turn()

    def _arrive(self, dest: int, count: int) -> None:
        """Ships of the active player reach ``dest``: a move, or an attack starting a battle."""
        player = self.active
        w = self.owner[dest]
        if w < 0 or w == player:
            self._put_ships(dest, player, count)
            self._end_turn()
            return
        p = self.pend
        reveals = self.game.interpretations.battle.cards_revealed(True)
        object.__setattr__(
            self, "pend", Pend(REVEAL_ATT, p.action, p.x, dest=dest, fleet=count, who=w, draws=reveals)
        )
        self._reveal_next()

    def _reveal_next(self) -> None:
        """I5: the battle's next tactics card is revealed, or, when both sides are done, the battle resolves.

        The attacking side reveals its cards first, then the defending side;
        a side whose tactics deck and discard are both empty reveals no more.
        """
        p = self.pend
        side = self.active if p.step == REVEAL_ATT else p.who
        if p.draws > 0 and (self.tactics[side] or self.tactics_discard[side]):
            object.__setattr__(self, "_player", CHANCE)
            return
        if p.step == REVEAL_ATT:
            reveals = self.game.interpretations.battle.cards_revealed(False)
            object.__setattr__(
                self, "pend", p._replace(step=REVEAL_DEF, attacker_cards=len(p.cards), draws=reveals)
            )
            self._reveal_next()
            return
        self._battle(p.cards[: p.attacker_cards], p.cards[p.attacker_cards :])

    def _battle(self, attack_cards: tuple[int, ...], defence_cards: tuple[int, ...]) -> None:
        """I5: resolve the battle at pend.dest once both sides revealed their tactics cards."""
        t = self.t
        p = self.pend
        _set = object.__setattr__
        attacker, defender, place = self.active, p.who, p.dest
        defenders = self.ships[place]
        rule = self.game.interpretations.battle
        power, casualties = t.tactic_power, t.tactic_casualties
        result = rule.resolve(
            rule.side(p.fleet, [power[c] for c in attack_cards], [casualties[c] for c in attack_cards]),
            rule.side(defenders, [power[c] for c in defence_cards], [casualties[c] for c in defence_cards]),
        )
        discard = self.tactics_discard
        attacker_discard = discard[attacker]
        for card in attack_cards:
            attacker_discard = _add(attacker_discard, card)
        discard = _put_row(discard, attacker, attacker_discard)
        defender_discard = discard[defender]
        for card in defence_cards:
            defender_discard = _add(defender_discard, card)
        _set(self, "tactics_discard", _put_row(discard, defender, defender_discard))
        # Losses never exceed a side's ships; lost ships go back to their owner's supply.
        attackers_left = p.fleet - min(p.fleet, max(0, result.attacker_losses))
        defenders_left = defenders - min(defenders, max(0, result.defender_losses))
        supply = _put(self.supply, attacker, self.supply[attacker] + p.fleet - attackers_left)
        _set(self, "supply", _put(supply, defender, supply[defender] + defenders - defenders_left))
        if result.attacker_won:
            loser, survivors = defender, defenders_left
            _set(self, "ships", _put(self.ships, place, attackers_left))
            _set(self, "owner", _put(self.owner, place, attacker if attackers_left else -1))
        else:
            loser, survivors = attacker, attackers_left
            _set(self, "ships", _put(self.ships, place, defenders_left))
            if not defenders_left:
                _set(self, "owner", _put(self.owner, place, -1))
        if not survivors:
            self._end_turn()
            return
        places = self.withdraw_places(loser, place)
        if len(places) == 1:
            self._put_ships(places[0], loser, survivors)
            self._end_turn()
        else:
            _set(self, "pend", Pend(WITHDRAW, p.action, p.x, dest=place, fleet=survivors, who=loser,
                                    cards=p.cards, attacker_cards=p.attacker_cards))
            _set(self, "_player", loser)

    def _take_technology(self, card: int) -> None:
        t = self.t
        player = self.active
        _set = object.__setattr__
        avail = _remove(self.tech_avail, card)
        _set(self, "tech_avail", avail)
        _set(self, "techs", _put_row(self.techs, player, _add(self.techs[player], card)))
        effect = t.tech_effect[card]
        deploy = min(effect.deploy, self.supply[player])
        if deploy:
            self._deploy(t.gate[player], deploy)
        refresh = min(effect.refresh, self.spent[player])
        if refresh:
            _set(self, "spent", _put(self.spent, player, self.spent[player] - refresh))
            _set(self, "goods", _put(self.goods, player, self.goods[player] + refresh))
        # Research: "if there is now only 1 available Technology, reveal the top Technology card
        # (if there is one)": counted in the deck the card was taken from (I12).
        deck = t.tech_deck_of[card]
        deck_of = t.tech_deck_of
        if sum(1 for c in avail if deck_of[c] == deck) == 1 and self.technology_deck(deck):
            _set(self, "pend", Pend(TECH_REVEAL, RESEARCH, dest=self.drone[player]))
            _set(self, "_player", CHANCE)
        else:
            self._end_turn()

    def _control(self, place: int) -> None:
        """I7: place an outpost, upgrade your own outpost, or replace another player's."""
        _set = object.__setattr__
        p = self.pend
        player = self.active
        control = self.game.interpretations.control
        effect = control.effect(self.marker[place], bool(self.colony[place]), player, True)
        _set(self, "pend", p._replace(left=p.left - 1, used=(*p.used, place)))
        if effect == I.COLONY:
            _set(self, "colony", _put(self.colony, place, 1))
            # Upgrading an outpost into a colony yields Objective cards (I7: how many).
            draws = control.objectives_per_colony()
            if draws > 0 and self.objective_deck:
                _set(self, "_player", CHANCE)
                _set(self, "pend", self.pend._replace(step=OBJECTIVE, draws=draws))
                return
        else:
            _set(self, "marker", _put(self.marker, place, player))
        self._after_control()

    def _after_control(self) -> None:
        p = self.pend._replace(step=CONTROL, draws=0)
        object.__setattr__(self, "pend", p)
        object.__setattr__(self, "_player", self.active)
        if not p.left or next(self._control_places(self.active, p.used), -1) < 0:
            self._end_turn()

    def _promote(self, card: int) -> None:
        _set = object.__setattr__
        p = self.pend
        player = self.active
        _set(self, "tactics", _put_row(self.tactics, player, _add(self.tactics[player], card)))
        rest = list(p.used)
        rest.remove(card)
        _set(self, "promo_discard", tuple(sorted((*self.promo_discard, *rest))))
        self._end_turn()

    def _end_turn(self) -> None:
        """End the active player's turn; at the end of their 4th, discard hand and played cards."""
        _set = object.__setattr__
        n = self.game.players
        rounds = self.game.interpretations.rounds
        player = self.active
        if self.slot == I.TURNS_PER_ROUND - 1:
            merged = tuple(sorted((*self.discard[player], *self.hand[player], *self.played[player])))
            _set(self, "discard", _put_row(self.discard, player, merged))
            _set(self, "hand", _put_row(self.hand, player, ()))
            _set(self, "played", _put_row(self.played, player, ()))
        turn = self.turn + 1
        if turn == I.TURNS_PER_ROUND * n:
            if rounds.game_over(self.round, self.game.rounds):
                _set(self, "turn", turn)
                _set(self, "pend", Pend(PLAY))
                _set(self, "_player", TERMINAL)
                return
            first = rounds.next_first_player(self.first, n)
            _set(self, "round", self.round + 1)
            _set(self, "first", first)
            _set(self, "turn", 0)
            _set(self, "pend", Pend(DEAL, who=first, left=rounds.hand_size))
            _set(self, "_player", CHANCE)
            return
        _set(self, "turn", turn)
        _set(self, "pend", Pend(PLAY))
        _set(self, "_player", self.active)

    # -- scoring ---------------------------------------------------------------------

    def score_parts(self) -> dict[str, tuple[float, ...]]:
        """Victory points by source (see interpretations I7, I8 and I10)."""
        columns = zip(*self._score_rows(), strict=True)
        return {name: tuple(column) for name, column in zip(SCORE_PARTS, columns, strict=True)}

    def scores(self) -> tuple[float, ...]:
        return tuple([float(sum(row)) for row in self._score_rows()])

    def _score_rows(self) -> tuple[tuple[float, ...], ...]:
        """Per player, the points of each of :data:`SCORE_PARTS`.

        The search bots value every position they reach by these scores, and
        most of those positions differ only in cards or in a half-made
        action, so the rows are remembered per game by everything
        :meth:`_count_score_rows` reads.
        """
        key = (
            self.marker, self.colony, self.owner, self.ships, self.goods, self.spent,
            self.techs, self.tactics, self.tactics_discard, self.objectives,
        )
        memo = self.t.score_memo
        rows = memo.get(key)
        if rows is None:
            if len(memo) >= SCORE_MEMO_SIZE:
                memo.clear()
            rows = memo[key] = self._count_score_rows()
        return rows

    def _count_score_rows(self) -> tuple[tuple[float, ...], ...]:
        """:meth:`_score_rows` counted in one pass over the board (I7, I8, I10)."""
        t = self.t
        n = self.game.players
        control = self.game.interpretations.control
        met_rule = self.game.interpretations.objectives.met
        place_type = t.place_type
        outposts = [0] * n
        colonies = [0] * n
        by_type = [[0] * 5 for _ in range(n)]
        for m, colony, kind in zip(self.marker, self.colony, place_type, strict=True):
            if m >= 0:
                if colony:
                    colonies[m] += 1
                else:
                    outposts[m] += 1
                by_type[m][kind] += 1
        on_board = [0] * n
        trade_held = [0] * n
        for w, count, trade in zip(self.owner, self.ships, t.trade, strict=True):
            if w >= 0:
                on_board[w] += count
                if trade:
                    trade_held[w] += 1
        tactic_vp, tech_vp = t.tactic_vp, t.tech_vp
        kinds, counts, types = t.objective_kind, t.objective_count, t.objective_type
        rows: list[tuple[float, ...]] = []
        for q in range(n):
            goods = self.goods[q] + self.spent[q]
            owned = [tactic_vp[c] for c in self.tactics[q]] + [tactic_vp[c] for c in self.tactics_discard[q]]
            techs = self.techs[q]
            totals = (colonies[q], len(techs), goods, on_board[q], trade_held[q], len(owned) - owned.count(0))
            met = 0
            for o in self.objectives[q]:
                if met_rule(kinds[o], counts[o], by_type[q][types[o]] if types[o] >= 0 else 0, totals):
                    met += 1
            rows.append((
                float(outposts[q] * control.outpost_vp),
                float(colonies[q] * control.colony_vp),
                float(sum([tech_vp[c] for c in techs])),
                float(goods * I.TRADE_GOOD_VP),
                float(sum(owned)),
                float(met * I.OBJECTIVE_VP),
            ))
        return tuple(rows)

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

