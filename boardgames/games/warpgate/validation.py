"""The one check of a Warpgate position, shared by JSON loading and ``Warpgate.position``.

:func:`validate` accepts only positions the rules could reach: every pile
and hand is a count vector of the right length with no negative count and
no more cards of a kind than the game has; every ship,
marker, technology, trade good, action card, tactics card, promotion card
and objective is in exactly one place; the round, turn, first player,
pending step and player to act agree; every field of the pending step
names what that step needs (a real place holding the right ships, a
multiplier the turn's slot allows, ...); and a decision has legal actions,
each of the kind the step offers, as a chance node has outcomes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.battle import withdraw_places
from boardgames.games.warpgate.components import (
    ADVANCE,
    CONCENTRATE,
    CONTROL,
    DRAW,
    MANEUVER,
    MOVES,
    PROMOTE,
    REINFORCE,
    RESEARCH,
    TRADE,
    WARP_IN,
)
from boardgames.games.warpgate.movement import maneuver_available, move_destinations, second_origins
from boardgames.games.warpgate.state import (
    BATTLE,
    CHANCE_STEPS,
    CONTROL_PICK,
    COUNT,
    COUNT2,
    DEAL,
    DEPLOY,
    DEST,
    DEST2,
    DRAW_CARDS,
    DRONE,
    END_TURN,
    GOOD,
    HOP1,
    HOP2,
    KINDS,
    NO_PLACE,
    NOBODY,
    OBJECTIVE,
    ORIGIN,
    ORIGIN2,
    PLAY,
    PROMO_DRAW,
    PROMOTE_PICK,
    REINFORCE_PICK,
    REVEAL_ATT,
    REVEAL_DEF,
    TECH,
    TECH_REVEAL,
    TRADE_FROM,
    WITHDRAW,
    Step,
    WarpgateState,
    arg,
    chosen_places,
)
from boardgames.games.warpgate.trade import trade_hops
from boardgames.kernel.actions import Action
from boardgames.kernel.cards import cards_of, counts_of
from boardgames.kernel.errors import BoardGameError, SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.serialize import Reader, int_list

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["read_state", "validate", "write_state"]

Fault = Callable[[str], BoardGameError]

STEP_ACTIONS: dict[int, tuple[int, ...]] = {
    GOOD: (*range(11), DRAW), ORIGIN: MOVES, DEST: MOVES, COUNT: (MANEUVER, ADVANCE, CONCENTRATE),
    ORIGIN2: (MANEUVER, CONCENTRATE), DEST2: (MANEUVER,), COUNT2: (MANEUVER, CONCENTRATE),
    DEPLOY: (WARP_IN,), REINFORCE_PICK: (REINFORCE,), DRONE: (RESEARCH,),
    CONTROL_PICK: (CONTROL,), TRADE_FROM: (TRADE,), HOP1: (TRADE,), HOP2: (TRADE,), PROMO_DRAW: (PROMOTE,),
}
"""The action (index into ACTIONS, or DRAW) of a step whose ``action`` or ``x`` argument says it."""

STEP_OFFERS: dict[int, tuple[type[Action], ...]] = {
    PLAY: (A.Play,), GOOD: (A.SpendTradeGood,), ORIGIN: (A.From,), DEST: (A.To,), COUNT: (A.ChooseShips,),
    ORIGIN2: (A.From, A.Done), DEST2: (A.To,), COUNT2: (A.ChooseShips,), DEPLOY: (A.WarpIn,),
    REINFORCE_PICK: (A.Reinforce, A.Done), DRONE: (A.Research,), TECH: (A.TakeTechnology,),
    CONTROL_PICK: (A.Control, A.Done), TRADE_FROM: (A.From,), HOP1: (A.To,), HOP2: (A.To,),
    PROMOTE_PICK: (A.Promote,), WITHDRAW: (A.Withdraw,), DEAL: (A.DrawActionCard,),
    DRAW_CARDS: (A.DrawActionCard,), REVEAL_ATT: (A.RevealTactic,), REVEAL_DEF: (A.RevealTactic,),
    OBJECTIVE: (A.DrawObjective,), TECH_REVEAL: (A.RevealTechnology,), PROMO_DRAW: (A.DrawPromotion,),
}
"""The kinds of action (or chance outcome) each pending step offers."""


def validate(game: Warpgate, s: WarpgateState, error: type[BoardGameError]) -> None:
    """Raise ``error`` naming the first fault if ``s`` is not a position the rules could reach."""

    def bad(what: str) -> BoardGameError:
        return error(f"inconsistent Warpgate state: {what}")

    _shapes(game, s, bad)
    _queue(game, s, bad)
    _pieces(game, s, bad)
    _cards(game, s, bad)
    _turn(game, s, bad)
    if s.is_terminal:
        return
    _pending(game, s, bad)
    _offers(game, s, bad)


def _vector_fault(row: Sequence[int], most: Sequence[int], what: str) -> str | None:
    """What is wrong with the count vector ``row`` of ``what`` whose kinds number at most ``most``."""
    if len(row) != len(most):
        return f"{what} needs {len(most)} counts, one per kind, not {len(row)}"
    for kind, (count, top) in enumerate(zip(row, most, strict=True)):
        if count < 0:
            return f"{what} holds a negative count ({count}) of kind {kind}"
        if count > top:
            return f"{what} holds {count} cards of kind {kind}, more than the game has ({top})"
    return None


def _shapes(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Every pile and hand is a count vector: one count per kind, none negative, none above what the
    game holds of that kind (the faction that has most of an action card; one of every other card)."""
    t = game.tables
    n = game.players
    action_most = tuple(max(column) for column in zip(*t.faction_counts, strict=True))
    one_each = (1,) * len(t.tactic_names)
    piles: list[tuple[tuple[int, ...], Sequence[int], str]] = [
        (s.tech_deck, (1,) * len(t.tech_names), "the technology deck (technologies)"),
        (s.promo_deck, t.promotion_counts, "the promotion deck (promotion cards)"),
        (s.promo_discard, t.promotion_counts, "the promotion discard (promotion cards)"),
        (s.objective_deck, (1,) * len(t.objective_names), "the objective deck (objectives)"),
    ]
    for field, most, what in (
        ("hand", action_most, "hand of action cards"), ("deck", action_most, "deck of action cards"),
        ("discard", action_most, "discard pile of action cards"),
        ("tactics", one_each, "deck of tactics cards"),
        ("tactics_discard", one_each, "discard of tactics cards"),
        ("objectives", (1,) * len(t.objective_names), "objectives"),
    ):
        for q, row in enumerate(getattr(s, field)):
            piles.append((row, most, f"player {q}'s {what}"))
        if len(getattr(s, field)) != n:
            raise bad(f"{field} needs one count vector per player")
    for pile, top, name in piles:
        fault = _vector_fault(pile, top, name)
        if fault is not None:
            raise bad(fault)


def _battle(s: WarpgateState) -> Step | None:
    """The BATTLE step of a battle being fought (its reveals still pending), if any."""
    for step in s.steps:
        if step[0] == BATTLE:
            return step
    return None


def _queue(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """The queue's shape: one step, or an objective before the rest of a Control, or a battle's reveals
    before the battle; every step of a known kind and arity, naming real players and places."""
    n = game.players
    places = len(game.tables.place_names)
    queue = s.steps
    for step in queue:
        try:
            KINDS.check(step)
        except BoardGameError as fault:
            raise bad(str(fault)) from None
        if not 0 <= step[1] < n:
            raise bad(f"a {KINDS.kind(step[0]).name} step names no player")
        kind = KINDS.kind(step[0])
        for name, value in zip(kind.args, step[2:], strict=True):
            if value < 0 and not (step[0] == COUNT2 and name == "destination2"):
                raise bad(f"a {kind.name} step's {name} is negative")
            if name in ("origin", "destination", "origin2", "destination2", "place", "planet", "hop") \
                    and value >= places:
                raise bad(f"a {kind.name} step's {name} is not a place")
    kinds = tuple(step[0] for step in queue)
    if not kinds:
        return
    if kinds[0] in (BATTLE, END_TURN):
        raise bad("an automatic step is first in the queue (it runs at once)")
    if kinds[0] == OBJECTIVE:
        ok = len(kinds) == 2 and kinds[1] in (CONTROL_PICK, END_TURN) and queue[1][1] == queue[0][1]
    elif kinds[0] == REVEAL_ATT:
        ok = kinds[1:] in ((BATTLE,), (REVEAL_DEF, BATTLE))
    elif kinds[0] == REVEAL_DEF:
        ok = kinds[1:] == (BATTLE,)
    else:
        ok = len(kinds) == 1
    if not ok:
        raise bad("the steps queued do not follow one another as the rules queue them")
    fight = _battle(s)
    if fight is not None:
        _, attacker, place, attackers, defender = fight
        if attacker == defender or attackers < 1 or attackers > I.SHIPS:
            raise bad("the battle's sides or ships are missing")
        if s.owner[place] != defender:
            raise bad("the battle's defender does not hold the battle planet")
        for step in queue[:-1]:
            side = attacker if step[0] == REVEAL_ATT else defender
            if step[1] != side or step[2] != place:
                raise bad("a tactics card is revealed for someone outside the battle")


def _pieces(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Ships, markers, drones, technologies and trade goods."""
    t = game.tables
    n = game.players
    step = s.step
    if any((w < 0) != (k == 0) for w, k in zip(s.owner, s.ships, strict=True)):
        raise bad("ships and their owners disagree")
    for q in range(n):
        for place, w in enumerate(s.owner):
            if w == q and t.seat[place] not in (NOBODY, q):
                raise bad(f"player {q}'s ships are on another player's warpgate {t.place_names[place]}")
    in_transit = [0] * n
    fight = _battle(s)
    if fight is not None:
        in_transit[fight[1]] += fight[3]
    if step and step[0] == WITHDRAW:
        in_transit[step[1]] += step[3]
    if step and step[0] in (ORIGIN2, COUNT2) and step[2] == CONCENTRATE:
        in_transit[step[1]] += arg(step, "first_group")
    for q in range(n):
        on_board = sum(k for w, k in zip(s.owner, s.ships, strict=True) if w == q)
        if on_board + s.supply[q] + in_transit[q] != I.SHIPS:
            raise bad(f"player {q}'s ships do not add up to {I.SHIPS}")
        if s.marker.count(q) > I.MARKERS:
            raise bad(f"player {q} has more than {I.MARKERS} markers out")
        drone = s.drone[q]
        if t.seat[drone] not in (NOBODY, q):
            raise bad(f"player {q}'s research drone is on another player's warpgate")
    if any(c and m < 0 for m, c in zip(s.marker, s.colony, strict=True)):
        raise bad("a colony without a marker")
    if any(t.place_type[d] < 0 and m >= 0 for d, m in enumerate(s.marker)):
        raise bad("a marker on a warpgate")
    all_techs = sorted((*cards_of(s.tech_deck), *s.tech_avail, *(c for row in s.techs for c in row)))
    if all_techs != list(range(len(t.tech_names))):
        raise bad("technologies are missing or repeated")
    revealing = step[2] if step and step[0] == TECH_REVEAL else -1
    decks = set(t.tech_deck_of)
    if step and step[0] == TECH_REVEAL and revealing not in decks:
        raise bad("a technology is revealed for a deck that does not exist")
    for deck in decks:
        available = sum(1 for c in s.tech_avail if t.tech_deck_of[c] == deck)
        waiting = any(k and t.tech_deck_of[c] == deck for c, k in enumerate(s.tech_deck))
        wanted = 1 if deck == revealing else 2
        if available > 2 or (waiting and available != wanted):
            raise bad("a technology deck does not have 2 available technologies beside it")
    if s.goods_pool + sum(s.goods) + sum(s.spent) != t.trade_goods:
        raise bad("trade goods do not add up")


def _cards(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Factions, action cards, tactics, promotion cards and objectives."""
    t = game.tables
    n = game.players
    step = s.step
    if len(set(s.faction)) != n:
        raise bad("two players share a faction")
    kinds = len(t.card_names)
    for q in range(n):
        if any(not 0 <= c < kinds for c in s.played[q]):
            raise bad(f"player {q} played an action card that does not exist")
        played = counts_of(s.played[q], kinds)
        held = tuple(map(sum, zip(s.hand[q], s.deck[q], s.discard[q], played, strict=True)))
        if held != t.faction_counts[s.faction[q]]:
            raise bad(f"player {q}'s action cards are not their faction's 12")
    all_objectives = tuple(map(sum, zip(s.objective_deck, *s.objectives, strict=True)))
    if all_objectives != (1,) * len(t.objective_names):
        raise bad("objectives are missing or repeated")
    battle = game.interpretations.battle
    fight = _battle(s)
    for q in range(n):
        cards = len(s.revealed[q])
        if cards and (fight is None or q not in (fight[1], fight[4])):
            raise bad("tactics cards revealed outside a battle")
        if fight is not None and q in (fight[1], fight[4]) and cards > battle.cards_revealed(q == fight[1]):
            raise bad("a side revealed more tactics cards than a battle allows")
    if fight is not None:
        for step_ in s.steps[:-1]:
            side = step_[1]
            if len(s.revealed[side]) + step_[3] > battle.cards_revealed(step_[0] == REVEAL_ATT):
                raise bad("a side is to reveal more tactics cards than a battle allows")
            if step_[3] > sum(s.tactics[side]) + sum(s.tactics_discard[side]):
                raise bad("a side is to reveal more tactics cards than it holds")
        if s.steps[0][0] == REVEAL_DEF and len(s.revealed[fight[1]]) != min(
            battle.cards_revealed(True), len(s.revealed[fight[1]]) + sum(s.tactics[fight[1]])
            + sum(s.tactics_discard[fight[1]])
        ):
            raise bad("the defender reveals before the attacker is done")
    promotion = set(t.promotion)
    promo_held: list[int] = []
    for q in range(n):
        owned = [*cards_of(s.tactics[q]), *cards_of(s.tactics_discard[q]), *s.revealed[q]]
        promo_held.extend(c for c in owned if c in promotion)
        basic = sorted(c for c in owned if c not in promotion)
        if basic != list(t.faction_tactics[s.faction[q]]):
            raise bad(f"player {q}'s basic and hero tactics cards are not their faction's 8")
    if s.taken and not (step and step[0] in (PROMO_DRAW, PROMOTE_PICK)):
        raise bad("promotion cards are taken outside a Promote")
    promotion_cards = (*cards_of(s.promo_deck), *cards_of(s.promo_discard), *promo_held, *s.taken)
    if sorted(promotion_cards) != list(t.promotion):
        raise bad("promotion cards are missing or repeated")


def _turn(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Round, turn, first player, played cards, who acts and the end of the game."""
    n = game.players
    rounds = game.interpretations.rounds
    first = 0
    for _ in range(s.round - 1):
        first = rounds.next_first_player(first, n)
    if s.first != first:
        raise bad(f"round {s.round}'s first player is player {first}, not {s.first}")
    for r in range(1, s.round):
        if rounds.game_over(r, game.rounds):
            raise bad(f"the game ended after round {r}")
    last_turn = I.TURNS_PER_ROUND * n
    step = s.step
    kind = step[0] if step else -1
    if s.is_terminal:
        if s.turn != last_turn or not rounds.game_over(s.round, game.rounds):
            raise bad("the game is over only after the last turn of the last round")
        if s.steps:
            raise bad("a finished game has a pending step")
    elif not s.steps:
        raise bad("nothing is pending but the game is not over")
    elif s.turn >= last_turn:
        raise bad("the round has no turn left but the game goes on")
    elif kind == DEAL and s.turn != 0:
        raise bad("cards are dealt only at the start of a round")
    elif (kind in CHANCE_STEPS) != (s.current_player == CHANCE):
        raise bad("the pending step and the player to act disagree")
    elif s.current_player >= 0 and s.current_player != step[1]:
        raise bad(f"the player to act is not player {s.current_player}")
    elif kind not in (DEAL, WITHDRAW, REVEAL_DEF) and step[1] != s.active:
        raise bad(f"it is player {s.active}'s turn, not player {step[1]}'s")
    for q in range(n):
        seat = (q - s.first) % n
        done = sum(1 for k in range(s.turn) if k % n == seat)
        taken = done + (s.turn < last_turn and s.turn % n == seat and kind not in (PLAY, DEAL))
        if done == I.TURNS_PER_ROUND:
            if s.played[q] or any(s.hand[q]):
                raise bad(f"player {q} took their 4th turn but still has action cards in hand or played")
        elif len(s.played[q]) != taken:
            raise bad(f"player {q} has taken {taken} turn(s) this round, so {taken} card(s) are played")
        elif kind != DEAL and sum(s.hand[q]) < I.TURNS_PER_ROUND - taken:
            # Each turn plays one card and a draw only adds cards, so a hand never holds fewer
            # cards than the turns its owner has still to start.
            raise bad(f"player {q} holds too few action cards for the turns left this round")
    if kind == DEAL and not s.is_terminal:
        refill = rounds.hand_size
        _, who, left = step
        for k in range(n):
            q = (s.first + k) % n
            order = (q - s.first) % n - (who - s.first) % n
            cards = sum(s.hand[q])
            whole = cards + sum(s.deck[q]) + sum(s.discard[q])
            if (
                (order < 0 and cards != min(refill, whole))
                or (order == 0 and cards + left != min(refill, whole))
                or (order > 0 and cards)
            ):
                raise bad(f"player {q}'s hand does not fit the deal in progress")


def _pending(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """The first step's arguments name what the step needs."""
    t = game.tables
    step = s.step
    kind = step[0]
    player = step[1]
    places = len(t.place_names)
    if kind == DEAL:
        if not 1 <= step[2] <= I.SHIPS:
            raise bad("the deal names no card to deal")
        if not (any(s.deck[player]) or any(s.discard[player])):
            raise bad("a player is dealt from an empty action deck")
        return
    if kind == PLAY:
        return
    action = arg(step, "action")
    if kind in STEP_ACTIONS and action >= 0 and action not in STEP_ACTIONS[kind]:
        raise bad(f"the action {action} cannot be pending at step {KINDS.kind(kind).name}")
    x = arg(step, "x")
    slot = s.slot + 1
    if x >= 0 and x not in (slot, slot + 1):
        raise bad(f"X is {x}, but turn {slot} of the round gives X = {slot} ({slot + 1} with a good)")
    need = 2 if action == ADVANCE else 1
    owner, ships = s.owner, s.ships

    def own(place: int, at_least: int = 1) -> bool:
        return place >= 0 and owner[place] == player and ships[place] >= at_least

    if kind in (DEST, COUNT) and not own(step[4], need):
        raise bad("the moving ships' origin holds none of the player's ships")
    if kind == COUNT and step[5] not in move_destinations(s, action, step[4], x, player):
        raise bad("the destination is out of reach")
    if kind in (ORIGIN2, DEST2, COUNT2):
        destination, first_group = arg(step, "destination"), arg(step, "first_group")
        if first_group < 1 or not 0 <= destination < places:
            raise bad("the first group is missing")
        if action == MANEUVER and (owner[destination] != player or ships[destination] < first_group):
            raise bad("the first Maneuver group is not at its destination")
    if kind in (DEST2, COUNT2):
        _, _, _, _, destination, first_group, origin2 = step[:7]
        available = maneuver_available(ships, owner, player, origin2, destination, first_group)
        if action == MANEUVER and available < 1:
            raise bad("the second group's origin holds no ship that may still move")
    if kind == COUNT2:
        _, _, _, _, destination, first_group, origin2, destination2 = step
        if action == MANEUVER and (
            maneuver_available(ships, owner, player, origin2, destination, first_group) < 2
            or destination2 not in move_destinations(s, MANEUVER, origin2, x, player)
        ):
            raise bad("the second Maneuver group cannot move as pending")
        if action == CONCENTRATE and (
            destination2 != NO_PLACE or ships[origin2] < 2
            or origin2 not in second_origins(s, action, x, player, -1, destination, first_group)
        ):
            raise bad("the second Concentrate planet cannot send ships as pending")
    if kind in (REINFORCE_PICK, CONTROL_PICK) or (kind == OBJECTIVE and s.steps[1][0] == CONTROL_PICK):
        pick = s.steps[1] if kind == OBJECTIVE else step
        chosen = chosen_places(pick[3])
        if any(u >= places for u in chosen) or len(chosen) >= pick[2]:
            raise bad("the places already chosen are not fewer than X")
        if any(owner[u] != player for u in chosen):
            raise bad("a place already chosen does not hold the player's ships")
    if kind == OBJECTIVE:
        most = min(game.interpretations.control.objectives_per_colony(), sum(s.objective_deck))
        if not 1 <= step[2] <= most:
            raise bad("more objective cards are to be drawn than a colony yields or the deck holds")
        if not any(m == player and c for m, c in zip(s.marker, s.colony, strict=True)):
            raise bad("an objective is drawn without a new colony")
    if kind == TECH and (step[3] != s.drone[player] or t.place_type[step[3]] < 0):
        raise bad("the research drone is not on the planet researched")
    if kind == TECH and sum(1 for c in s.tech_avail if t.tech_type[c] == t.place_type[step[3]]) < 2:
        raise bad("a choice of technology is pending without two matching technologies")
    if kind in (HOP1, HOP2) and not (own(step[3]) and t.trade[step[3]]):
        raise bad("the trading ship's origin is not a trade planet holding the player's ships")
    if kind == HOP2 and step[4] not in trade_hops(s, step[3], x, player):
        raise bad("the trade's first hop is out of reach")
    if kind == DRAW_CARDS and not 1 <= step[3] <= x:
        raise bad("the cards still to draw are not a number of cards X allows")
    if kind == PROMO_DRAW and (not 1 <= step[3] <= x or len(s.taken) + step[3] > x):
        raise bad("the promotion cards taken and still to take do not match X")
    if kind in (PROMO_DRAW, PROMOTE_PICK) and len(set(s.taken)) != len(s.taken):
        raise bad("a promotion card is taken twice")
    if kind == PROMOTE_PICK and not 2 <= len(set(s.taken)) <= len(s.taken) <= x:
        raise bad("a promotion choice needs two cards taken")
    if kind == WITHDRAW:
        _, loser, place, survivors = step
        if not 1 <= survivors <= I.SHIPS:
            raise bad("no ships withdraw")
        if len(withdraw_places(s, loser, place)) < 2:
            raise bad("a withdrawal is pending with no choice to make")
        if owner[place] == loser:
            raise bad("the losing side still holds the battle planet")


def _offers(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """A decision has legal actions, a chance node outcomes, each of the kind the step offers."""
    catalogue = game.catalogue.actions
    kinds = STEP_OFFERS[s.step[0]]
    try:
        ids = [i for i, _ in s._chance_ids()] if s.is_chance else list(s._legal_ids())
    except (IndexError, ValueError, KeyError) as fault:
        raise bad(f"the pending decision cannot be resolved ({fault!r})") from None
    if not ids:
        raise bad("the pending decision has no legal outcome")
    if any(not 0 <= i < len(catalogue) or not isinstance(catalogue[i], kinds) for i in ids):
        raise bad("the pending step offers actions of another kind")


# -- saved games -----------------------------------------------------------------------------------

_SCALARS = ("round", "turn", "first", "goods_pool")
_FLAT = ("owner", "ships", "supply", "marker", "colony", "drone", "tech_deck", "tech_avail", "goods", "spent",
         "promo_deck", "promo_discard", "faction", "objective_deck", "taken")
_ROWS = ("techs", "tactics", "tactics_discard", "hand", "deck", "discard", "played", "objectives", "steps",
         "revealed")


_ANY_COUNT = 1 << 16
"""The widest count :func:`read_state` reads before :func:`validate` checks it against the game."""


def write_state(state: WarpgateState) -> dict[str, Any]:
    """A state as JSON data: the player to act and every field, tuples as lists."""
    d = state.__dict__
    data: dict[str, Any] = {"player": state.current_player}
    for name in _SCALARS:
        data[name] = d[name]
    for name in _FLAT:
        data[name] = list(d[name])
    for name in _ROWS:
        data[name] = [list(row) for row in d[name]]
    return data


def read_state(game: Warpgate, data: Any) -> WarpgateState:
    """The state that JSON data describes, checked by :func:`validate` (SerializationError if not)."""
    t = game.tables
    n = game.players
    r = Reader(data, "state")
    places = len(t.place_names)
    cards = len(t.card_names)
    tactics = len(t.tactic_names)
    techs = len(t.tech_names)
    player = r.int("player", TERMINAL, n - 1)
    if player in (-2, -3):
        raise SerializationError("state.player is not a player, CHANCE or TERMINAL")

    def rows(key: str, hi: int, length: int | None = None) -> tuple[tuple[int, ...], ...]:
        return r.int_rows(key, n, length, 0, hi)

    def multiset(key: str, hi: int) -> tuple[int, ...]:
        value = r.ints(key, None, 0, hi)
        if list(value) != sorted(value):
            raise SerializationError(f"state.{key} must be sorted")
        return value

    def multirows(key: str, hi: int) -> tuple[tuple[int, ...], ...]:
        value = rows(key, hi)
        if any(list(row) != sorted(row) for row in value):
            raise SerializationError(f"state.{key} rows must be sorted")
        return value

    # Count vectors are read as any ints; validate() names a wrong length, a negative count or
    # more cards of a kind than the game has.
    def counts(key: str) -> tuple[int, ...]:
        return r.ints(key, None, -_ANY_COUNT, _ANY_COUNT)

    def count_rows(key: str) -> tuple[tuple[int, ...], ...]:
        return r.int_rows(key, n, None, -_ANY_COUNT, _ANY_COUNT)

    raw_steps = r.list("steps")
    steps: list[tuple[int, ...]] = []
    for k, raw in enumerate(raw_steps):
        step = int_list(raw, None, -1, 1 << max(places, 1), f"state.steps[{k}]")
        try:
            KINDS.check(step)
        except BoardGameError as error:
            raise SerializationError(f"state.steps[{k}]: {error}") from None
        steps.append(step)
    fields: dict[str, Any] = {
        "round": r.int("round", 1, game.rounds),
        "turn": r.int("turn", 0, I.TURNS_PER_ROUND * n),
        "first": r.int("first", 0, n - 1),
        "steps": tuple(steps),
        "revealed": rows("revealed", tactics - 1),
        "taken": r.ints("taken", None, 0, tactics - 1),
        "owner": r.ints("owner", places, -1, n - 1),
        "ships": r.ints("ships", places, 0, I.SHIPS),
        "supply": r.ints("supply", n, 0, I.SHIPS),
        "marker": r.ints("marker", places, -1, n - 1),
        "colony": r.ints("colony", places, 0, 1),
        "drone": r.ints("drone", n, 0, places - 1),
        "techs": multirows("techs", techs - 1),
        "tech_deck": counts("tech_deck"),
        "tech_avail": multiset("tech_avail", techs - 1),
        "goods_pool": r.int("goods_pool", 0, t.trade_goods),
        "goods": r.ints("goods", n, 0, t.trade_goods),
        "spent": r.ints("spent", n, 0, t.trade_goods),
        "tactics": count_rows("tactics"),
        "tactics_discard": count_rows("tactics_discard"),
        "promo_deck": counts("promo_deck"),
        "promo_discard": counts("promo_discard"),
        "faction": r.ints("faction", n, 0, len(t.faction_names) - 1),
        "hand": count_rows("hand"),
        "deck": count_rows("deck"),
        "discard": count_rows("discard"),
        "played": rows("played", cards - 1),
        "objectives": count_rows("objectives"),
        "objective_deck": counts("objective_deck"),
    }
    state = game._fill(game._blank_state(player), fields)
    validate(game, state, SerializationError)
    return state
