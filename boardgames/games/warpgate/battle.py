"""Battles (I5, I6): an attack reveals tactics cards, the battle is decided, the loser withdraws.

The actions chapter says only that Skirmish, Advance and Concentrate may
"Move or Attack"; how a battle is fought is ``interpretations.Battle``:
how many tactics cards each side reveals, what they add up to, who wins
and where the loser goes.  Edits are made on a fresh successor state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.deploying import put_ships
from boardgames.games.warpgate.state import NOBODY, REVEAL_ATT, REVEAL_DEF, WITHDRAW, Pend
from boardgames.games.warpgate.turn import add, end_turn, put, put_row, remove
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState

__all__ = ["reveal", "revealing_side", "start_battle", "withdraw", "withdraw_ids", "withdraw_places"]

_set = object.__setattr__


def start_battle(s: WarpgateState, place: int, attackers: int, defender: int) -> None:
    """An attack: the active player's ``attackers`` ships attack ``defender``'s ships at ``place``."""
    p = s.pend
    reveals = s.game.interpretations.battle.cards_revealed(True)
    _set(s, "pend", Pend(REVEAL_ATT, p.action, p.x, dest=place, fleet=attackers, who=defender, draws=reveals))
    reveal_next(s)


def revealing_side(s: WarpgateState) -> int:
    """The player whose tactics card is revealed next: the attacker's first, then the defender's."""
    p = s.pend
    return s.active if p.step == REVEAL_ATT else p.who


def reveal_next(s: WarpgateState) -> None:
    """I5: the battle's next tactics card is revealed, or, when both sides are done, the battle resolves.

    The attacking side reveals its cards first, then the defending side;
    a side whose tactics deck and discard are both empty reveals no more.
    """
    p = s.pend
    side = revealing_side(s)
    if p.draws > 0 and (s.tactics[side] or s.tactics_discard[side]):
        _set(s, "_player", CHANCE)
        return
    if p.step == REVEAL_ATT:
        reveals = s.game.interpretations.battle.cards_revealed(False)
        _set(s, "pend", p._replace(step=REVEAL_DEF, attacker_cards=len(p.cards), draws=reveals))
        reveal_next(s)
        return
    resolve(s, p.cards[: p.attacker_cards], p.cards[p.attacker_cards :])


def reveal(s: WarpgateState, card: int) -> None:
    """I5: the revealing side turns over the top card of its tactics deck (an empty deck is first
    re-formed from its tactics discard)."""
    p = s.pend
    w = revealing_side(s)
    if s.tactics[w]:
        _set(s, "tactics", put_row(s.tactics, w, remove(s.tactics[w], card)))
    else:
        _set(s, "tactics", put_row(s.tactics, w, remove(s.tactics_discard[w], card)))
        _set(s, "tactics_discard", put_row(s.tactics_discard, w, ()))
    _set(s, "pend", p._replace(cards=(*p.cards, card), draws=p.draws - 1))
    reveal_next(s)


def resolve(s: WarpgateState, attack_cards: tuple[int, ...], defence_cards: tuple[int, ...]) -> None:
    """I5: decide the battle at the pending place once both sides revealed their tactics cards.

    Losses never exceed a side's ships and go back to their owner's supply;
    the revealed cards go to their owners' tactics discard piles; the
    loser's surviving ships withdraw (I6).
    """
    t = s.t
    p = s.pend
    attacker, defender, place = s.active, p.who, p.dest
    defenders = s.ships[place]
    rule = s.game.interpretations.battle
    power, casualties = t.tactic_power, t.tactic_casualties
    result = rule.resolve(
        rule.side(p.fleet, [power[c] for c in attack_cards], [casualties[c] for c in attack_cards]),
        rule.side(defenders, [power[c] for c in defence_cards], [casualties[c] for c in defence_cards]),
    )
    discard = s.tactics_discard
    attacker_discard = discard[attacker]
    for card in attack_cards:
        attacker_discard = add(attacker_discard, card)
    discard = put_row(discard, attacker, attacker_discard)
    defender_discard = discard[defender]
    for card in defence_cards:
        defender_discard = add(defender_discard, card)
    _set(s, "tactics_discard", put_row(discard, defender, defender_discard))
    attackers_left = p.fleet - min(p.fleet, max(0, result.attacker_losses))
    defenders_left = defenders - min(defenders, max(0, result.defender_losses))
    supply = put(s.supply, attacker, s.supply[attacker] + p.fleet - attackers_left)
    _set(s, "supply", put(supply, defender, supply[defender] + defenders - defenders_left))
    if result.attacker_won:
        loser, survivors = defender, defenders_left
        _set(s, "ships", put(s.ships, place, attackers_left))
        _set(s, "owner", put(s.owner, place, attacker if attackers_left else NOBODY))
    else:
        loser, survivors = attacker, attackers_left
        _set(s, "ships", put(s.ships, place, defenders_left))
        if not defenders_left:
            _set(s, "owner", put(s.owner, place, NOBODY))
    if not survivors:
        end_turn(s)
        return
    places = withdraw_places(s, loser, place)
    if len(places) == 1:
        put_ships(s, places[0], loser, survivors)
        end_turn(s)
    else:
        _set(s, "pend", Pend(WITHDRAW, p.action, p.x, dest=place, fleet=survivors, who=loser,
                             cards=p.cards, attacker_cards=p.attacker_cards))
        _set(s, "_player", loser)


def withdraw_places(s: WarpgateState, loser: int, battle: int) -> tuple[int, ...]:
    """I6: where ``loser``'s ships leaving the battle at ``battle`` may go."""
    t = s.t
    rule = s.game.interpretations.battle
    near = t.near[battle]
    if rule.withdraw_range < len(near):
        nearby = near[rule.withdraw_range]
    else:
        reach = t.dist[battle]
        nearby = tuple(d for d in range(len(reach)) if d != battle and reach[d] <= rule.withdraw_range)
    return rule.withdraw_places(loser, t.gate[loser], nearby, s.owner, t.seat)


def withdraw_ids(s: WarpgateState) -> tuple[int, ...]:
    """I6: the loser's choices of where to withdraw."""
    p = s.pend
    off = s.t.off_withdraw
    return tuple(off + d for d in withdraw_places(s, p.who, p.dest))


def withdraw(s: WarpgateState, place: int) -> None:
    """I6: the loser's surviving ships withdraw to ``place``; the turn ends."""
    p = s.pend
    put_ships(s, place, p.who, p.fleet)
    end_turn(s)
