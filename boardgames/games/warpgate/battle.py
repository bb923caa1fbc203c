"""Battles (I5, I6): an attack reveals tactics cards, the battle is decided, the loser withdraws.

The actions chapter says only that Skirmish, Advance and Concentrate may
"Move or Attack"; how a battle is fought is ``interpretations.Battle``:
how many tactics cards each side reveals, what they add up to, who wins
and where the loser goes.  An attack queues each side's reveals (chance
steps, the attacker's first) and then the BATTLE step, which decides it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.warpgate.deploying import put_ships
from boardgames.games.warpgate.state import BATTLE, NOBODY, REVEAL_ATT, REVEAL_DEF, WITHDRAW, Step
from boardgames.games.warpgate.turn import end_turn
from boardgames.kernel.errors import BoardGameError
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.warpgate.state import WarpgateState
    from boardgames.kernel.work import Work

__all__ = ["resolve", "reveal", "start_battle", "tactics_pile", "withdraw", "withdraw_ids", "withdraw_places"]


def start_battle(w: Work, attacker: int, place: int, attackers: int, defender: int) -> None:
    """An attack: ``attacker``'s ``attackers`` ships attack ``defender``'s ships at ``place``.

    I5: each side reveals as many tactics cards as the battle rule says,
    or as many as its tactics deck and discard hold; the queue is then
    the reveals, the battle, and nothing else of the turn.
    """
    rule = w.state.game.interpretations.battle
    state = w.state
    queue = w.steps
    queue.clear()
    for kind, side, attacking in ((REVEAL_ATT, attacker, True), (REVEAL_DEF, defender, False)):
        held = sum(state.tactics[side]) + sum(state.tactics_discard[side])
        cards = min(rule.cards_revealed(attacking), held)
        if cards > 0:
            queue.append([kind, side, place, cards])
    queue.append([BATTLE, attacker, place, attackers, defender])


def tactics_pile(s: WarpgateState, player: int) -> tuple[int, ...]:
    """The pile ``player``'s next tactics card comes from (a count vector): the deck, or its
    discard when the deck is empty."""
    deck = s.tactics[player]
    return deck if any(deck) else s.tactics_discard[player]


def reveal(s: WarpgateState, step: Step, action_id: int) -> WarpgateState:
    """I5: the revealing side turns over the top card of its tactics deck (an empty deck is first
    re-formed from its tactics discard); the card stays on the table until the battle is decided.

    Builds the successor itself (a ``direct`` action of the step machine), with no Work."""
    kind, side, place, cards = step
    card = action_id - s.game.tables.off_reveal
    new, fields = successor(s)
    deck = s.tactics[side]
    if not any(deck):
        discard = s.tactics_discard
        deck = discard[side]
        fields["tactics_discard"] = put(discard, side, (0,) * len(deck))
    if deck[card] < 1:
        raise BoardGameError(f"no tactics card {card} left to reveal")
    fields["tactics"] = put(s.tactics, side, put(deck, card, deck[card] - 1))
    revealed = s.revealed
    fields["revealed"] = put(revealed, side, (*revealed[side], card))
    rest = s.steps[1:]
    fields["steps"] = ((kind, side, place, cards - 1), *rest) if cards > 1 else rest
    return new


def resolve(w: Work, step: Step) -> None:
    """I5: decide the battle at ``place`` once both sides revealed their tactics cards.

    Losses never exceed a side's ships and go back to their owner's supply;
    the revealed cards go to their owners' tactics discard piles; the
    loser's surviving ships withdraw (I6).
    """
    _, attacker, place, attackers, defender = step
    t = w.state.game.tables
    rule = w.state.game.interpretations.battle
    power, casualties = t.tactic_power, t.tactic_casualties
    revealed = w.revealed
    attack_cards, defence_cards = revealed[attacker], revealed[defender]
    ships = w.ships
    defenders = ships[place]
    result = rule.resolve(
        rule.side(attackers, [power[c] for c in attack_cards], [casualties[c] for c in attack_cards]),
        rule.side(defenders, [power[c] for c in defence_cards], [casualties[c] for c in defence_cards]),
    )
    for side, cards in ((attacker, attack_cards), (defender, defence_cards)):
        for card in cards:
            w.add("tactics_discard", (side, card), 1)
        revealed[side] = []
    attackers_left = attackers - min(attackers, max(0, result.attacker_losses))
    defenders_left = defenders - min(defenders, max(0, result.defender_losses))
    supply = w.supply
    supply[attacker] += attackers - attackers_left
    supply[defender] += defenders - defenders_left
    owner = w.owner
    if result.attacker_won:
        loser, survivors = defender, defenders_left
        ships[place] = attackers_left
        owner[place] = attacker if attackers_left else NOBODY
    else:
        loser, survivors = attacker, attackers_left
        ships[place] = defenders_left
        if not defenders_left:
            owner[place] = NOBODY
    if not survivors:
        end_turn(w)
        return
    places = withdraw_places(w.state, loser, place, owner)
    if len(places) == 1:
        put_ships(w, places[0], loser, survivors)
        end_turn(w)
    else:
        w.steps.insert(0, [WITHDRAW, loser, place, survivors])


def withdraw_places(
    s: WarpgateState, loser: int, battle: int, owner: tuple[int, ...] | list[int] | None = None
) -> tuple[int, ...]:
    """I6: where ``loser``'s ships leaving the battle at ``battle`` may go (``owner``: the board's
    owners, if not the state's)."""
    t = s.game.tables
    rule = s.game.interpretations.battle
    near = t.near[battle]
    if rule.withdraw_range < len(near):
        nearby = near[rule.withdraw_range]
    else:
        reach = t.dist[battle]
        nearby = tuple(d for d in range(len(reach)) if d != battle and reach[d] <= rule.withdraw_range)
    return rule.withdraw_places(loser, t.gate[loser], nearby, s.owner if owner is None else owner, t.seat)


def withdraw_ids(s: WarpgateState, step: Step) -> tuple[int, ...]:
    """I6: the loser's choices of where to withdraw."""
    _, loser, place, _ships = step
    off = s.game.tables.off_withdraw
    return tuple(off + d for d in withdraw_places(s, loser, place))


def withdraw(w: Work, step: Step, action_id: int) -> None:
    """I6: the loser's surviving ships withdraw to the place chosen; the turn ends."""
    _, loser, _place, ships = step
    put_ships(w, action_id - w.state.game.tables.off_withdraw, loser, ships)
    end_turn(w)
