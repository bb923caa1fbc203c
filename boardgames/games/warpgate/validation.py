"""The one check of a Warpgate position, shared by JSON loading and ``Warpgate.position``.

:func:`validate` accepts only positions the rules could reach: every ship,
marker, technology, trade good, action card, tactics card, promotion card
and objective is in exactly one place; the round, turn, first player,
pending step and player to act agree; every field of the pending step
names what that step needs (a real place holding the right ships, a
multiplier the turn's slot allows, ...); and a decision has legal actions,
each of the kind the step offers, as a chance node has outcomes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.battle import withdraw_places
from boardgames.games.warpgate.components import (
    ADVANCE,
    ATTACKS,
    CONCENTRATE,
    CONTROL,
    DRAW,
    MANEUVER,
    MAX_MULTIPLIER,
    MOVES,
    PROMOTE,
    REINFORCE,
    RESEARCH,
    TRADE,
    WARP_IN,
)
from boardgames.games.warpgate.movement import maneuver_available, move_destinations, second_origins
from boardgames.games.warpgate.state import (
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
    GOOD,
    HOP1,
    HOP2,
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
    Pend,
    WarpgateState,
)
from boardgames.games.warpgate.trade import trade_hops
from boardgames.kernel.actions import Action
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["validate"]

Fault = Callable[[str], BoardGameError]

STEP_ACTIONS: dict[int, tuple[int, ...]] = {
    GOOD: (*range(11), DRAW), ORIGIN: MOVES, DEST: MOVES, COUNT: (MANEUVER, ADVANCE, CONCENTRATE),
    ORIGIN2: (MANEUVER, CONCENTRATE), DEST2: (MANEUVER,), COUNT2: (MANEUVER, CONCENTRATE),
    DEPLOY: (WARP_IN,), REINFORCE_PICK: (REINFORCE,), DRONE: (RESEARCH,), TECH: (RESEARCH,),
    TECH_REVEAL: (RESEARCH,), CONTROL_PICK: (CONTROL,), OBJECTIVE: (CONTROL,), TRADE_FROM: (TRADE,),
    HOP1: (TRADE,), HOP2: (TRADE,), PROMO_DRAW: (PROMOTE,), PROMOTE_PICK: (PROMOTE,), DRAW_CARDS: (DRAW,),
    REVEAL_ATT: ATTACKS, REVEAL_DEF: ATTACKS, WITHDRAW: ATTACKS,
}
"""The action (index into ACTIONS, or DRAW) each pending step may belong to."""

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

    _pieces(game, s, bad)
    _cards(game, s, bad)
    _turn(game, s, bad)
    if s.is_terminal:
        return
    _pending(game, s, bad)
    _offers(game, s, bad)


def _pieces(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Ships, markers, drones, technologies and trade goods."""
    t = game.tables
    n = game.players
    p = s.pend
    if any((w < 0) != (k == 0) for w, k in zip(s.owner, s.ships, strict=True)):
        raise bad("ships and their owners disagree")
    for q in range(n):
        for place, w in enumerate(s.owner):
            if w == q and t.seat[place] not in (-1, q):
                raise bad(f"player {q}'s ships are on another player's warpgate {t.place_names[place]}")
    in_transit = [0] * n
    if p.step in (REVEAL_ATT, REVEAL_DEF):
        in_transit[s.active] += p.fleet
    if p.step == WITHDRAW and 0 <= p.who < n:
        in_transit[p.who] += p.fleet
    if p.step in (ORIGIN2, COUNT2) and p.action == CONCENTRATE:
        in_transit[s.active] += p.fleet
    for q in range(n):
        on_board = sum(k for w, k in zip(s.owner, s.ships, strict=True) if w == q)
        if on_board + s.supply[q] + in_transit[q] != I.SHIPS:
            raise bad(f"player {q}'s ships do not add up to {I.SHIPS}")
        if s.marker.count(q) > I.MARKERS:
            raise bad(f"player {q} has more than {I.MARKERS} markers out")
        drone = s.drone[q]
        if t.seat[drone] not in (-1, q):
            raise bad(f"player {q}'s research drone is on another player's warpgate")
    if any(c and m < 0 for m, c in zip(s.marker, s.colony, strict=True)):
        raise bad("a colony without a marker")
    if any(t.place_type[d] < 0 and m >= 0 for d, m in enumerate(s.marker)):
        raise bad("a marker on a warpgate")
    all_techs = sorted((*s.tech_deck, *s.tech_avail, *(c for row in s.techs for c in row)))
    if all_techs != list(range(len(t.tech_names))):
        raise bad("technologies are missing or repeated")
    revealing = t.type_deck[t.place_type[p.dest]] if p.step == TECH_REVEAL and p.dest >= 0 else -1
    for deck in set(t.tech_deck_of):
        available = sum(1 for c in s.tech_avail if t.tech_deck_of[c] == deck)
        waiting = any(t.tech_deck_of[c] == deck for c in s.tech_deck)
        wanted = 1 if deck == revealing else 2
        if available > 2 or (waiting and available != wanted):
            raise bad("a technology deck does not have 2 available technologies beside it")
    if s.goods_pool + sum(s.goods) + sum(s.spent) != t.trade_goods:
        raise bad("trade goods do not add up")


def _cards(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Factions, action cards, tactics, promotion cards and objectives."""
    t = game.tables
    n = game.players
    p = s.pend
    if len(set(s.faction)) != n:
        raise bad("two players share a faction")
    for q in range(n):
        own = Counter(t.faction_cards[s.faction[q]])
        if Counter((*s.hand[q], *s.deck[q], *s.discard[q], *s.played[q])) != own:
            raise bad(f"player {q}'s action cards are not their faction's 12")
    all_objectives = sorted((*s.objective_deck, *(c for row in s.objectives for c in row)))
    if all_objectives != list(range(len(t.objective_names))):
        raise bad("objectives are missing or repeated")
    battle = game.interpretations.battle
    if p.step not in (REVEAL_ATT, REVEAL_DEF, WITHDRAW) and (p.cards or p.attacker_cards):
        raise bad("revealed tactics cards outside a battle")
    if p.step == REVEAL_ATT and p.attacker_cards:
        raise bad("the defender reveals before the attacker is done")
    if not 0 <= p.attacker_cards <= len(p.cards):
        raise bad("pend.attacker_cards does not count revealed tactics cards")
    if p.step in (REVEAL_DEF, WITHDRAW) and p.attacker_cards > battle.cards_revealed(True):
        raise bad("the attacker revealed more tactics cards than a battle allows")
    if p.step == WITHDRAW and len(p.cards) - p.attacker_cards > battle.cards_revealed(False):
        raise bad("the defender revealed more tactics cards than a battle allows")
    # Cards revealed in a battle still being fought are on the table, in no pile yet.
    on_table = [[] for _ in range(n)] if not 0 <= p.who < n else [
        list(p.cards) if p.step == REVEAL_ATT and q == s.active
        else list(p.cards[: p.attacker_cards]) if p.step == REVEAL_DEF and q == s.active
        else list(p.cards[p.attacker_cards :]) if p.step == REVEAL_DEF and q == p.who
        else []
        for q in range(n)
    ]
    promotion = set(t.promotion)
    promo_held: list[int] = []
    for q in range(n):
        owned = [*s.tactics[q], *s.tactics_discard[q], *on_table[q]]
        promo_held.extend(c for c in owned if c in promotion)
        basic = sorted(c for c in owned if c not in promotion)
        if basic != list(t.faction_tactics[s.faction[q]]):
            raise bad(f"player {q}'s basic and hero tactics cards are not their faction's 8")
    drawn = list(p.used) if p.step in (PROMO_DRAW, PROMOTE_PICK) else []
    if sorted((*s.promo_deck, *s.promo_discard, *promo_held, *drawn)) != list(t.promotion):
        raise bad("promotion cards are missing or repeated")


def _turn(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """Round, turn, first player, played cards and the end of the game."""
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
    p = s.pend
    if s.is_terminal:
        if s.turn != last_turn or not rounds.game_over(s.round, game.rounds):
            raise bad("the game is over only after the last turn of the last round")
        if p != Pend(PLAY):
            raise bad("a finished game has a pending step")
    elif s.turn >= last_turn:
        raise bad("the round has no turn left but the game goes on")
    elif p.step == DEAL and s.turn != 0:
        raise bad("cards are dealt only at the start of a round")
    elif (p.step in CHANCE_STEPS) != (s.current_player == CHANCE):
        raise bad("the pending step and the player to act disagree")
    elif s.current_player >= 0 and s.current_player != (p.who if p.step == WITHDRAW else s.active):
        raise bad(f"the player to act is not player {s.current_player}")
    for q in range(n):
        seat = (q - s.first) % n
        done = sum(1 for k in range(s.turn) if k % n == seat)
        taken = done + (s.turn < last_turn and s.turn % n == seat and p.step not in (PLAY, DEAL))
        if done == I.TURNS_PER_ROUND:
            if s.played[q] or s.hand[q]:
                raise bad(f"player {q} took their 4th turn but still has action cards in hand or played")
        elif len(s.played[q]) != taken:
            raise bad(f"player {q} has taken {taken} turn(s) this round, so {taken} card(s) are played")
        elif p.step != DEAL and len(s.hand[q]) < I.TURNS_PER_ROUND - taken:
            # Each turn plays one card and a draw only adds cards, so a hand never holds fewer
            # cards than the turns its owner has still to start.
            raise bad(f"player {q} holds too few action cards for the turns left this round")
    if p.step == DEAL and not s.is_terminal:
        refill = rounds.hand_size
        for k in range(n):
            q = (s.first + k) % n
            order = (q - s.first) % n - (p.who - s.first) % n
            cards = len(s.hand[q])
            whole = cards + len(s.deck[q]) + len(s.discard[q])
            if (
                (order < 0 and cards != min(refill, whole))
                or (order == 0 and cards + p.left != min(refill, whole))
                or (order > 0 and cards)
            ):
                raise bad(f"player {q}'s hand does not fit the deal in progress")


def _pending(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """The pending step's fields name what the step needs."""
    t = game.tables
    n = game.players
    p = s.pend
    step = p.step
    places = len(t.place_names)
    player = s.active
    battle = game.interpretations.battle
    for name in ("origin", "dest", "origin2", "dest2"):
        if not -1 <= getattr(p, name) < places:
            raise bad(f"pend.{name} is not a place")
    if not -1 <= p.who < n:
        raise bad("pend.who is not a player")
    if step == PLAY:
        if p != Pend(PLAY):
            raise bad("a card is to be played but an action is pending")
        return
    if step == DEAL:
        if p != Pend(DEAL, who=p.who, left=p.left) or p.who < 0 or not 1 <= p.left <= I.SHIPS:
            raise bad("the deal names no player or no card to deal")
        if not (s.deck[p.who] or s.discard[p.who]):
            raise bad("a player is dealt from an empty action deck")
        return
    if p.action not in STEP_ACTIONS[step]:
        raise bad(f"pend.action {p.action} cannot be pending at step {step}")
    slot = s.slot + 1
    if step != TECH_REVEAL and p.x not in (slot, slot + 1):
        raise bad(f"pend.x is {p.x}, but turn {slot} of the round gives X = {slot} ({slot + 1} with a good)")
    if not 0 <= p.x <= MAX_MULTIPLIER:
        raise bad("pend.x is out of range")
    need = 2 if p.action == ADVANCE else 1
    owner, ships = s.owner, s.ships

    def own(place: int, at_least: int = 1) -> bool:
        return place >= 0 and owner[place] == player and ships[place] >= at_least

    if step in (DEST, COUNT) and not own(p.origin, need):
        raise bad("the moving ships' origin holds none of the active player's ships")
    if step == COUNT and p.dest not in move_destinations(s, p.action, p.origin, p.x, player):
        raise bad("the destination is out of reach")
    if step in (ORIGIN2, DEST2, COUNT2):
        if p.fleet < 1 or not 0 <= p.dest < places or p.origin < 0:
            raise bad("the first group is missing")
        if p.action == MANEUVER and (owner[p.dest] != player or ships[p.dest] < p.fleet):
            raise bad("the first Maneuver group is not at its destination")
    if step == DEST2 and not maneuver_available(s, p.origin2) > 0:
        raise bad("the second group's origin holds no ship that may still move")
    if step == COUNT2:
        if p.action == MANEUVER and (
            maneuver_available(s, p.origin2) < 2
            or p.dest2 not in move_destinations(s, MANEUVER, p.origin2, p.x, player)
        ):
            raise bad("the second Maneuver group cannot move as pending")
        if p.action == CONCENTRATE and (p.origin2 not in second_origins(s) or ships[p.origin2] < 2):
            raise bad("the second Concentrate planet cannot send ships as pending")
    if step in (REINFORCE_PICK, CONTROL_PICK):
        if len(set(p.used)) != len(p.used) or any(u >= places for u in p.used):
            raise bad("pend.used must name different places")
        if p.left != p.x - len(p.used):
            raise bad("pend.left does not match the places already chosen")
        if any(owner[u] != player for u in p.used):
            raise bad("a place already chosen does not hold the active player's ships")
    if step == OBJECTIVE and (
        not p.used or p.used[-1] >= places or s.marker[p.used[-1]] != player or not s.colony[p.used[-1]]
    ):
        raise bad("an objective is drawn without a new colony")
    if step in (TECH, TECH_REVEAL) and (p.dest != s.drone[player] or t.place_type[p.dest] < 0):
        raise bad("the research drone is not on the planet researched")
    if step == TECH and sum(1 for c in s.tech_avail if t.tech_type[c] == t.place_type[p.dest]) < 2:
        raise bad("a choice of technology is pending without two matching technologies")
    if step in (HOP1, HOP2) and not (own(p.origin) and t.trade[p.origin]):
        raise bad("the trading ship's origin is not a trade planet holding the active player's ships")
    if step == HOP2 and p.dest not in trade_hops(s, p.origin, p.x, player):
        raise bad("the trade's first hop is out of reach")
    if step in (PROMO_DRAW, PROMOTE_PICK, DRAW_CARDS) and p.who != player:
        raise bad("cards are drawn for someone other than the active player")
    if step in (PROMO_DRAW, DRAW_CARDS) and not 1 <= p.left <= p.x:
        raise bad("pend.left is not a number of cards still to draw")
    if step in (PROMO_DRAW, PROMOTE_PICK):
        drawn = len(p.used) + (p.left if step == PROMO_DRAW else 0)
        if len(set(p.used)) != len(p.used) or drawn > p.x:
            raise bad("the promotion cards drawn do not match X")
        if step == PROMOTE_PICK and len(set(p.used)) < 2:
            raise bad("a promotion choice needs two cards drawn")
    if step in (REVEAL_ATT, REVEAL_DEF, WITHDRAW) and (not 0 <= p.dest < places or p.who < 0 or p.fleet < 1):
        raise bad("the battle's place, sides or ships are missing")
    if step == REVEAL_ATT and p.draws + len(p.cards) != battle.cards_revealed(True):
        raise bad("the attacker's tactics cards still to reveal do not add up")
    if step == REVEAL_DEF and p.draws + len(p.cards) - p.attacker_cards != battle.cards_revealed(False):
        raise bad("the defender's tactics cards still to reveal do not add up")
    if step in (REVEAL_ATT, REVEAL_DEF, OBJECTIVE) and p.draws < 1:
        raise bad("a card is drawn but none is still to draw")
    if step not in (REVEAL_ATT, REVEAL_DEF, OBJECTIVE) and p.draws:
        raise bad("cards are still to be revealed outside a battle or a colony's objectives")
    if step == OBJECTIVE and p.draws > game.interpretations.control.objectives_per_colony():
        raise bad("a colony draws more objective cards than it yields")
    if step in (REVEAL_ATT, REVEAL_DEF):
        if p.who == player or owner[p.dest] != p.who or p.fleet > I.SHIPS:
            raise bad("the battle's defender does not hold the battle planet")
        if p.fleet < (2 if p.action == ADVANCE else 1):
            raise bad("too few attacking ships for the action")
    if step == WITHDRAW:
        if len(withdraw_places(s, p.who, p.dest)) < 2:
            raise bad("a withdrawal is pending with no choice to make")
        if owner[p.dest] == p.who:
            raise bad("the losing side still holds the battle planet")


def _offers(game: Warpgate, s: WarpgateState, bad: Fault) -> None:
    """A decision has legal actions, a chance node outcomes, each of the kind the step offers."""
    catalogue = game.catalogue.actions
    kinds = STEP_OFFERS[s.pend.step]
    try:
        ids = [i for i, _ in s._chance_ids()] if s.is_chance else list(s._legal_ids())
    except (IndexError, ValueError, KeyError) as fault:
        raise bad(f"the pending decision cannot be resolved ({fault!r})") from None
    if not ids:
        raise bad("the pending decision has no legal outcome")
    if any(not 0 <= i < len(catalogue) or not isinstance(catalogue[i], kinds) for i in ids):
        raise bad("the pending step offers actions of another kind")
