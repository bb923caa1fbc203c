"""Warpgate positions: their fields, the codes they hold, and what each player may see.

A :class:`WarpgateState` holds only tuples and ints.  Every pile and hand
whose order is unknown (action hands, decks and discards, tactics decks and
discards, the promotion deck and discard, the technology deck, objectives
and the objective deck) is a count vector of :mod:`boardgames.kernel.cards`:
one count per card kind, numbered as the catalogue numbers the cards
(action cards by ``Tables.card_names``, tactics and promotion cards by
``Tables.tactic_names``, technologies, objectives), so a draw is a chance
outcome with an exact probability and no hidden order is stored.  Cards
lying face up in a known order or in play stay tuples of card ids: the
cards played onto the faction board's slots (``played``, in slot order),
technologies taken and available, and the cards on the table during a
battle (``revealed``) or a Promote (``taken``).  What is
still to happen is the queue ``steps`` (see :data:`KINDS`): its first step
is the decision or chance event the state waits for, and carries the
action so far; a compound action (a two-group Maneuver, Trade's two hops,
Promote's choice) is a sequence of atomic steps.

The rules are not here: they are the chapter modules (``turn``,
``movement``, ``battle``, ``deploying``, ``research``, ``control``,
``trade``, ``promote``, ``draw``), dispatched by ``rules``, which a state
reaches through its game (``self.game.rules``).
"""

from __future__ import annotations

from bisect import bisect
from functools import lru_cache
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.components import (
    CONTROL,
    DRAW,
    PROMOTE,
    REINFORCE,
    RESEARCH,
    TRADE,
    WARP_IN,
    Occupancy,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import draw_outcomes
from boardgames.kernel.game import CHANCE, State, View
from boardgames.kernel.steps import Role, StepKind, StepKinds
from boardgames.kernel.work import Work

if TYPE_CHECKING:
    from boardgames.games.warpgate.components import Tables
    from boardgames.games.warpgate.game import Warpgate

__all__ = [
    "BOARDS_MEMO_SIZE", "CHANCE_STEPS", "FIELDS", "KINDS", "SCORE_PARTS", "STEPS", "WarpgateState",
    "WarpgateView", "WarpgateWork", "arg", "board_of", "changed_board", "count_board", "held", "observation",
    "observation_size", "occupancy", "reowned",
]

FIELDS: tuple[str, ...] = (
    "round", "turn", "first", "steps", "revealed", "taken",
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

NO_PLACE = -1
"""A step argument naming no place (Concentrate's second group has no destination of its own)."""

# -- the step kinds: the turn structure as data (boardgames.kernel.steps) ----------------------------

(DEAL, PLAY, GOOD, ORIGIN, DEST, COUNT, ORIGIN2, DEST2, COUNT2, DEPLOY, REINFORCE_PICK, DRONE, TECH,
 TECH_REVEAL, CONTROL_PICK, OBJECTIVE, TRADE_FROM, HOP1, HOP2, PROMO_DRAW, PROMOTE_PICK, DRAW_CARDS,
 REVEAL_ATT, REVEAL_DEF, WITHDRAW, BATTLE, END_TURN) = range(27)
# REINFORCE_PICK, CONTROL_PICK, PROMOTE_PICK are steps; REINFORCE, CONTROL, PROMOTE (components) actions.

_D, _C, _A = Role.DECISION, Role.CHANCE, Role.AUTO
MOVE = ("action", "x")

KINDS = StepKinds(
    StepKind(DEAL, "deal", _C, ("cards",), "I1: each round's hands"),
    StepKind(PLAY, "play", _D, (), "Faction board: play a card onto the next slot"),
    StepKind(GOOD, "trade good", _D, MOVE, "Trade Goods: spend one for +1 X"),
    StepKind(ORIGIN, "origin", _D, MOVE, "General Rules for Movement"),
    StepKind(DEST, "destination", _D, (*MOVE, "origin"), "General Rules for Movement"),
    StepKind(COUNT, "ships", _D, (*MOVE, "origin", "destination"), "Maneuver, Advance, Concentrate"),
    StepKind(ORIGIN2, "second origin", _D, (*MOVE, "origin", "destination", "first_group"),
             "Maneuver, Concentrate: a second group"),
    StepKind(DEST2, "second destination", _D, (*MOVE, "destination", "first_group", "origin2"), "Maneuver"),
    StepKind(COUNT2, "second ships", _D,
             (*MOVE, "destination", "first_group", "origin2", "destination2"), "Maneuver, Concentrate"),
    StepKind(DEPLOY, "warp-in", _D, ("x",), "Warp-in Action"),
    StepKind(REINFORCE_PICK, "reinforce", _D, ("x", "chosen"), "Reinforce Action"),
    StepKind(DRONE, "research", _D, ("x",), "Research Action"),
    StepKind(TECH, "technology", _D, ("x", "planet"), "Research Action"),
    StepKind(TECH_REVEAL, "technology reveal", _C, ("deck",), "Research Action: the refill"),
    StepKind(CONTROL_PICK, "control", _D, ("x", "chosen"), "Control Action"),
    StepKind(OBJECTIVE, "objective", _C, ("cards",), "Objective Cards (I7: how many)"),
    StepKind(TRADE_FROM, "trade origin", _D, ("x",), "Trade Action"),
    StepKind(HOP1, "trade hop 1", _D, ("x", "origin"), "Trade Action"),
    StepKind(HOP2, "trade hop 2", _D, ("x", "origin", "hop"), "Trade Action"),
    StepKind(PROMO_DRAW, "promotion draw", _C, ("x", "cards"), "Promote Action"),
    StepKind(PROMOTE_PICK, "promote", _D, ("x",), "Promote Action"),
    StepKind(DRAW_CARDS, "draw", _C, ("x", "cards"), "Draw Action"),
    StepKind(REVEAL_ATT, "attacker reveal", _C, ("place", "cards"), "I5: battles"),
    StepKind(REVEAL_DEF, "defender reveal", _C, ("place", "cards"), "I5: battles"),
    StepKind(WITHDRAW, "withdraw", _D, ("place", "ships"), "I6: withdrawal"),
    StepKind(BATTLE, "battle", _A, ("place", "attackers", "defender"), "I5: battles"),
    StepKind(END_TURN, "end of turn", _A, (), "I1-I3: rounds"),
)
"""Every step kind: its name, role, arguments (after ``kind`` and ``player``) and rulebook section.

A step is ``(kind, player, *args)``.  ``player`` is who decides (for a
chance step, whose pile a card comes from; for BATTLE, the attacker).
``action`` is an action's code (``components.ACTIONS`` index or DRAW),
``x`` its multiplier, places are place indices, ``chosen`` a bit mask of
places already chosen, ``cards`` the cards still to draw or reveal."""

STEPS: tuple[str, ...] = tuple(k.name for k in KINDS.kinds if k is not None)
"""The names of the step kinds, by code."""

CHANCE_STEPS = frozenset(code for code, role in enumerate(KINDS.roles) if role == Role.CHANCE)
"""The step kinds at which a card is drawn (a chance node)."""

NO_ACTION = -1
"""No action card is being resolved."""

Step = tuple[int, ...]


def arg(step: Step, name: str) -> int:
    """The argument ``name`` of ``step`` (a KeyError-free lookup for texts: -1 when the kind has none)."""
    names = KINDS.kinds[step[0]].args  # type: ignore[union-attr]
    return step[2 + names.index(name)] if name in names else -1


_KIND_ACTION: dict[int, int] = {
    DEPLOY: WARP_IN, REINFORCE_PICK: REINFORCE, DRONE: RESEARCH, TECH: RESEARCH, TECH_REVEAL: RESEARCH,
    CONTROL_PICK: CONTROL, OBJECTIVE: CONTROL, TRADE_FROM: TRADE, HOP1: TRADE, HOP2: TRADE,
    PROMO_DRAW: PROMOTE, PROMOTE_PICK: PROMOTE, DRAW_CARDS: DRAW,
}


def action_of(step: Step) -> int:
    """The code of the action ``step`` belongs to (its ``action`` argument, or the one its kind
    resolves), or :data:`NO_ACTION` (dealing, playing a card, a battle, the end of a turn)."""
    if not step:
        return NO_ACTION
    action = arg(step, "action")
    return action if action >= 0 else _KIND_ACTION.get(step[0], NO_ACTION)


@lru_cache(maxsize=1 << 12)
def held(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds a count vector holds at least one card of, ascending (remembered: a hand is
    scanned for every decision to play a card, and hands repeat).

    >>> held((0, 2, 0, 1))
    (1, 3)
    """
    return tuple(compress(range(len(counts)), counts))


BOARDS_MEMO_SIZE = 2048
"""The most boards a game remembers by identity (see :func:`occupancy`); it starts over when full."""


def occupancy(s: WarpgateState) -> Occupancy:
    """Who holds which places on ``s``'s board (``s.owner`` by player).

    Most rules ask about one player's few places, so they walk these
    instead of every place.  A board is counted once per ``owner`` tuple:
    the last one is found by identity, others in a memo by identity (a
    successor shares the tuple until a place changes hands, and the memo
    holds the tuple, so its identity is not reused): no tuple is hashed.

    >>> import boardgames as bg
    >>> board = occupancy(bg.make("warpgate", players=2).new_game(0))
    >>> [len(places) for places in board.places], board.others[0] == board.mine[1]
    ([1, 1], True)
    """
    owner = s.owner
    t = s.game.tables
    last_owner, board = t.last_occupancy
    if owner is last_owner:
        return board
    return board_of(t, owner, s.game.players)


def board_of(t: Tables, owner: tuple[int, ...], players: int) -> Occupancy:
    """:func:`occupancy` of the board whose owners are ``owner`` (a rule's board in the making)."""
    last_owner, board = t.last_occupancy
    if owner is last_owner:
        return board
    boards = t.boards
    found = boards.get(id(owner))
    if found is not None and found[0] is owner:
        board = found[1]
    else:
        # A board is most often the last one counted with a ship or two moved: it is then
        # counted from that one and the places that changed hands (as the rule that moved them
        # noted them, see reowned, or else found in one C-level pass).
        before, after, moved = t.reowned
        if after is owner and before is last_owner:
            changed: tuple[int, ...] | None = moved
        else:
            changed = (
                tuple(compress(range(len(owner)), map(ne, owner, last_owner)))
                if len(owner) == len(last_owner) else None
            )
        if changed is not None and len(changed) <= CHANGED_MOST:
            board = changed_board(board, last_owner, owner, changed, t.bit)
        else:
            board = count_board(owner, players, t.bit)
        if len(boards) >= BOARDS_MEMO_SIZE:
            boards.clear()
        boards[id(owner)] = (owner, board)
    t.last_occupancy = (owner, board)
    return board


def reowned(
    fields: dict[str, Any], before: tuple[int, ...], after: tuple[int, ...], places: tuple[int, ...]
) -> None:
    """Note that the ``owner`` tuple ``after``, just written into a successor's ``fields``, is
    ``before`` with ``places`` changed hands (so that :func:`board_of` need not compare them).
    Changes since the last board counted add up (a group leaves, then lands; a move whose
    board nobody asked for, then the next)."""
    t = fields["game"].tables
    first, last, moved = t.reowned
    if last is before and first is t.last_occupancy[0]:
        t.reowned = (first, after, moved + tuple([d for d in places if d not in moved]))
    else:
        t.reowned = (before, after, places)


def count_board(owner: tuple[int, ...], players: int, bit: tuple[int, ...]) -> Occupancy:
    """:func:`occupancy` counted in one pass over the places (``bit``: each place's bit)."""
    places: list[list[int]] = [[] for _ in range(players)]
    for d, w in enumerate(owner):
        if w >= 0:
            places[w].append(d)
    mine = [sum([bit[d] for d in row]) for row in places]
    occupied = sum(mine)
    return Occupancy(tuple(map(tuple, places)), tuple(mine), tuple([occupied ^ m for m in mine]))


CHANGED_MOST = 4
"""The most places changing hands for which :func:`board_of` updates the last board rather than
counting the board anew."""


def changed_board(
    board: Occupancy, before: tuple[int, ...], owner: tuple[int, ...], changed: tuple[int, ...],
    bit: tuple[int, ...],
) -> Occupancy:
    """:func:`count_board` of ``owner`` from ``board``, the board of ``before``, which differs from
    ``owner`` only at the places ``changed``.

    >>> bit = (1, 2, 4)
    >>> before = count_board((0, -1, 1), 2, bit)
    >>> changed_board(before, (0, -1, 1), (0, 1, -1), (1, 2), bit) == count_board((0, 1, -1), 2, bit)
    True
    """
    places = list(board.places)
    mine = list(board.mine)
    occupied = board.mine[0] | board.others[0]  # every place holding ships
    for d in changed:
        was, now = before[d], owner[d]
        b = bit[d]
        if was >= 0:
            mine[was] ^= b
            row = places[was]
            i = row.index(d)
            places[was] = row[:i] + row[i + 1:]
        if now >= 0:
            mine[now] |= b
            occupied |= b
            row = places[now]
            i = bisect(row, d)
            places[now] = (*row[:i], d, *row[i:])
        else:
            occupied &= ~b
    others = []  # a loop rather than a comprehension (on 3.11 a function call of its own)
    for m in mine:
        others.append(occupied ^ m)  # occupied & ~m in one operation: m is within occupied
    return Occupancy(tuple(places), tuple(mine), tuple(others))


def chosen_places(mask: int) -> tuple[int, ...]:
    """The places in a ``chosen`` bit mask, ascending."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


class WarpgateWork(Work):
    """The kernel's working copy over a Warpgate successor, with the state's fields declared."""

    FIELDS = FIELDS


@attrs.frozen
class WarpgateView(View):
    """What one player may know: the board, all public piles, own hand, deck and objectives."""

    to_act: int
    round: int
    turn: int
    first: int
    steps: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, ...], ...]
    taken: tuple[int, ...]
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
    steps: tuple[Step, ...]  # the queue: its first step is what happens next
    revealed: tuple[tuple[int, ...], ...]  # per player: tactics cards revealed in the battle being fought
    taken: tuple[int, ...]  # promotion cards taken by the Promote being resolved, face up (I11)
    owner: tuple[int, ...]  # per place: the player with ships there, or -1
    ships: tuple[int, ...]  # per place: how many
    supply: tuple[int, ...]
    marker: tuple[int, ...]  # per place: owner of the outpost/colony marker, or -1
    colony: tuple[int, ...]  # per place: 1 if the marker shows its colony side
    drone: tuple[int, ...]  # per player: the research drone's place
    techs: tuple[tuple[int, ...], ...]  # per player: the technologies taken, ascending ids
    tech_deck: tuple[int, ...]  # count vector by technology (every deck of I12 in one vector)
    tech_avail: tuple[int, ...]  # the face-up technologies, ascending ids
    goods_pool: int
    goods: tuple[int, ...]  # unspent trade goods per player
    spent: tuple[int, ...]
    tactics: tuple[tuple[int, ...], ...]  # per player: count vector by tactics card
    tactics_discard: tuple[tuple[int, ...], ...]  # per player: count vector by tactics card
    promo_deck: tuple[int, ...]  # count vector by tactics card (promotion cards only)
    promo_discard: tuple[int, ...]  # count vector by tactics card (promotion cards only)
    faction: tuple[int, ...]
    hand: tuple[tuple[int, ...], ...]  # per player: count vector by action card kind
    deck: tuple[tuple[int, ...], ...]  # per player: count vector by action card kind
    discard: tuple[tuple[int, ...], ...]  # per player: count vector by action card kind
    played: tuple[tuple[int, ...], ...]  # the cards on the faction board's slots this round, in order
    objectives: tuple[tuple[int, ...], ...]  # per player: count vector by objective
    objective_deck: tuple[int, ...]  # count vector by objective

    game: Warpgate

    @property
    def t(self) -> Tables:
        """The game's static tables (map topology, card tables, action ids)."""
        return self.game.tables

    @property
    def step(self) -> Step:
        """The first step of the queue (``()`` once the game is over)."""
        steps = self.steps
        return steps[0] if steps else ()

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

    # The step machine's dispatch by the first step's kind, called from here (the kernel calls
    # these only at a decision, a chance node, and with a legal id: the queue is not empty).

    def _legal_ids(self) -> tuple[int, ...]:
        step = self.steps[0]
        return self.game.legal_by_kind[step[0]](self, step)

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        step = self.steps[0]
        kind = step[0]
        game = self.game
        return draw_outcomes(game.pile_by_kind[kind](self, step), game.outcome_base[kind])

    # The kernel's chance outcomes and its test of one, from the same tables with fewer
    # calls: every chance step draws one card of a pile (``rules.PILES``), so its outcomes are
    # paired with their actions straight from the pile, and an id is an outcome when its card is
    # in the pile (what ``cards.draw_outcomes`` lists).

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        if self._player != CHANCE:
            return ()
        step = self.steps[0]
        game = self.game
        pile_of, base, actions, kinds = game.drawing[step[0]]
        pile = pile_of(self, step)
        # _allows of the outcome to be applied reads the pile and the id of its kind 0 from here
        # (the state is kept, so its identity is not reused while it is remembered).
        game.last_pile = (self, base, pile)
        # count / total for every count, made once per game (the same floats, without dividing)
        probability = game.probabilities[sum(pile)]
        # cards.labelled_outcomes(pile, actions), walking only the kinds the pile holds (picked
        # out by compress from the range of the pile's kinds; a pile of no cards has no outcomes)
        # (a loop rather than a comprehension: on 3.11 a comprehension is a function call of its own)
        outcomes = []
        for k in compress(kinds, pile):
            outcomes.append((actions[k], probability[pile[k]]))
        return tuple(outcomes)

    def _allows(self, action_id: int) -> bool:
        listed, base, pile = self.game.last_pile
        if listed is not self:  # not the chance node listed last (or no chance node): asked anew
            if self._player != CHANCE:
                return super()._allows(action_id)
            step = self.steps[0]
            pile_of, base, _, _ = self.game.drawing[step[0]]
            pile = pile_of(self, step)
        card = action_id - base
        return 0 <= card < len(pile) and pile[card] > 0

    def _apply(self, action_id: int) -> WarpgateState:
        return self.game.machine.apply(self, action_id)

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
            steps=self.steps,
            revealed=self.revealed,
            taken=self.taken,
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
            hand_sizes=tuple([sum(h) for h in self.hand]),
            deck_sizes=tuple([sum(d) for d in self.deck]),
            objective_counts=tuple([sum(o) for o in self.objectives]),
            objective_deck_size=sum(self.objective_deck),
            hand=self.hand[player],
            deck=own_deck,
            objectives=self.objectives[player],
        )


# -- the observation encoding ---------------------------------------------------------------------


def observation_size(t: Tables, players: int) -> int:
    """The length of a view's observation vector (see :func:`observation`)."""
    n = players
    size = (
        len(t.place_names) * 4 * n  # ships, outposts, colonies, drones per place and player
        + n * 10  # per-player public counts
        + len(t.card_names) * 3  # own hand, own deck, own played
        + len(t.objective_names)  # own objectives
        + len(t.tech_names) * 2  # available, in deck
        + len(t.tactic_names) * n  # tactics owned
        + n + 4 + len(STEPS) + 2
    )
    return size


def observation(v: WarpgateView, t: Tables, rounds: int) -> np.ndarray:
    """A view as a fixed-length float32 vector (see docs/games/warpgate.md, "Observation tensor")."""
    n = len(v.hand_sizes)
    out = np.zeros(observation_size(t, n), dtype=np.float32)
    places = len(t.place_names)
    i = 0
    for place in range(places):
        w = v.owner[place]
        if w >= 0:
            out[i + w] = v.ships[place] / I.SHIPS
        m = v.marker[place]
        if m >= 0:
            out[i + n * (2 if v.colony[place] else 1) + m] = 1.0
        for p in range(n):
            if v.drone[p] == place:
                out[i + 3 * n + p] = 1.0
        i += 4 * n
    for p in range(n):
        row = (
            v.supply[p] / I.SHIPS, v.goods[p] / 4, v.spent[p] / 4, len(v.techs[p]) / 4,
            sum(t.tech_vp[c] for c in v.techs[p]) / 10, v.objective_counts[p] / 4,
            v.hand_sizes[p] / 8, v.deck_sizes[p] / 12, sum(v.discard[p]) / 12,
            v.marker.count(p) / I.MARKERS,
        )
        out[i : i + 10] = row
        i += 10
    k = len(t.card_names)
    out[i : i + k] = v.hand
    out[i + k : i + 2 * k] = v.deck
    for c in v.played[v.player]:
        out[i + 2 * k + c] += 1.0
    i += 3 * k
    out[i : i + len(t.objective_names)] = v.objectives
    i += len(t.objective_names)
    m = len(t.tech_names)
    for c in v.tech_avail:
        out[i + c] = 1.0
    out[i + m : i + 2 * m] = v.tech_deck
    i += 2 * m
    nt = len(t.tactic_names)
    for p in range(n):
        for c, (deck, discard) in enumerate(zip(v.tactics[p], v.tactics_discard[p], strict=True)):
            out[i + p * nt + c] = deck + discard
    i += nt * n
    if 0 <= v.to_act < n:
        out[i + v.to_act] = 1.0
    i += n
    chance = float(v.to_act == CHANCE)
    out[i : i + 4] = (v.round / rounds, v.turn / (4 * n), v.goods_pool / 12, chance)
    i += 4
    if v.steps:
        out[i + v.steps[0][0]] = 1.0
    i += len(STEPS)
    x = arg(v.steps[0], "x") if v.steps else -1
    out[i] = float(x) / 5 if x > 0 else 0.0
    out[i + 1] = float(v.player) / n
    return out
