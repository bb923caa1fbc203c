"""The nine actions (rulebook "Actions in Detail").

Each action places an Action disc and is chosen with its target first; where
a choice remains (a Trade exchange, a Research payment, how many Cruisers or
Relics, the Faction card played as an Adaptation, a Develop or Xenology
bonus) it is the next decision.  An action is offered only when it can be
completed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy import action_phase
from boardgames.games.age_of_galaxy.actions import BONUS_INFLUENCE
from boardgames.games.age_of_galaxy.components import (
    CREDIT,
    CRUISER,
    INFLUENCE,
    INNOVATION,
    NO_GAINS,
    PRESTIGE,
    PRODUCTIVITY,
    RELIC,
    Gains,
)
from boardgames.games.age_of_galaxy.icons import (
    CREDIT_CAP,
    SparseGains,
    add_now,
    cruiser_room,
    exchange_now,
    gain_now,
    lose_now,
    place_disc_now,
    sorted_with,
    sparse,
    tokens_in_box,
)
from boardgames.games.age_of_galaxy.interpretations import LEAST_MANUFACTURED, LEAST_RETRIEVED
from boardgames.games.age_of_galaxy.state import (
    C_EXPLORE,
    CARD_PLAYED,
    COLONIZED,
    D_ADAPT,
    D_BONUS,
    D_BUILD,
    D_EXCHANGE,
    D_PAY,
    D_RETRIEVE,
    D_TAKE,
    DEVELOPED,
    VO_CRUISERS,
    AgeState,
)
from boardgames.kernel.cards import mask_cards
from boardgames.kernel.game import successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Aggregate, Tables

CRUISER_COST = 2
RELIC_COST_CREDIT = 3
RELIC_COST_INNOVATION = 1
DEVELOP_COST = 7
NOMINATE_COST = 3
MANUFACTURE, RETRIEVE, SCAVENGE = range(3)
# Develop: "either 1 Influence, or 1 Credit and 1 Productivity"
INFLUENCE_BONUS: SparseGains = ((INFLUENCE, 1),)
CREDIT_PRODUCTIVITY_BONUS: SparseGains = ((CREDIT, 1), (PRODUCTIVITY, 1))


# -- what may be done -----------------------------------------------------------------


def legal(T: Tables, s: AgeState, p: int, out: list[int], hand_adapt: int) -> list[int]:
    """First decisions of every action player ``p`` can complete now (ascending ids),
    appended to ``out`` (the turn's choices before them); ``hand_adapt`` is the planet
    types the Adaptations of their hand allow (:meth:`Tables.hand_choices`), 0 once they
    played a card this turn.

    What depends on the player's Technologies and Alliance (reach, discounts, the
    Technologies they may Research) comes from :meth:`Tables.player_profile`, what depends
    on the planets from :meth:`Tables.layout_of`, the Trade row from
    :meth:`Tables.open_trades`, each remembered for the last of its fields by identity
    (checked here, without a call, when it is still the same); only the checks against
    the player's resources are made afresh.
    """
    ids = T.ids
    res = s.res
    b = p * 8
    credit = res[b + CREDIT]
    innovation = res[b + INNOVATION]
    techs = s.techs[p]
    alliance = s.alliance[p]
    known = T.last_profile[p]
    profile = known[2] if known[0] == techs and known[1] is alliance else T.player_profile(p, techs, alliance)
    last = s.fleet + profile.reach
    if last > 4:
        last = 4
    pkind, powner, plevel = s.pkind, s.powner, s.plevel
    layout = T.layout
    if not (layout[2] is plevel and layout[1] is powner and layout[0] is pkind
            and layout[3] == len(s.systems)):
        layout = T.layout_of(pkind, powner, plevel, len(s.systems))
    owned, room, developed, mine = layout[4][p]
    # Explore
    if res[b + CRUISER] >= 1:  # the Exploration points at System positions up to ``last``
        spots = s.espots & T.spots_upto[last]
        e0, e1 = T.explore_bytes
        out += e0[spots & 255] + e1[spots >> 8]
        if s.telescope[p]:
            out.append(ids.explore_telescope)
    # Trade
    trade, tdiscs, flipped = s.trade, s.tdiscs, s.flipped
    known_trades = T.last_trades
    if known_trades[1] is tdiscs and known_trades[0] is trade and known_trades[2] == flipped:
        open_trades = known_trades[3]
    else:
        open_trades = T.open_trades(trade, tdiscs, flipped)
    for trade_id, r0, a0, r1, a1, r2, a2, costs in open_trades:  # (rules.TradeEntry)
        if costs is None:  # every exchange costs one resource: any one affordable
            if res[b + r0] >= a0 or res[b + r1] >= a1 or res[b + r2] >= a2:
                out.append(trade_id)
        elif _affordable_costs(costs, res, b):
            out.append(trade_id)
    # Research: 3 Credit / 1 Innovation; Advanced: 3 Credit and 1 Innovation / 2 Innovation
    if innovation >= 2 or (credit >= 3 and innovation >= 1):
        out += profile.research_all
    elif credit >= 3 or innovation >= 1:
        out += profile.research_basic
    # Manufacture, Retrieve, Scavenge
    if room > res[b + CRUISER] and credit >= profile.manufacture_cost:
        out.append(ids.manufacture)
    if credit >= RELIC_COST_CREDIT and innovation >= RELIC_COST_INNOVATION:
        out.append(ids.retrieve)
    out.append(ids.scavenge)
    # Colonize: the free planets in reach (those at System positions up to ``last``)
    cut = layout[6][last]
    if cut and credit >= owned - profile.colonize_discount:
        adapt = profile.adapt | hand_adapt
        for colonize, bit in layout[5][:cut]:
            if adapt & bit:
                out.append(colonize)
    # Develop
    if mine and credit >= profile.develop_cost:
        out += mine
    # Nominate
    if developed and res[b + INFLUENCE] >= NOMINATE_COST:
        nominate = ids.nominate
        out += [nominate[i] for i, owner in enumerate(s.nominate) if owner == -1]
    return out


Costs = tuple[tuple[tuple[int, int], ...], ...]
"""Exchanges as sparse costs: per exchange its (resource, amount) pairs."""


def _affordable_costs(costs: Costs, res: Sequence[int], b: int) -> list[int]:
    """The indices of the exchanges ``costs`` (sparse costs) that resources ``res`` (from ``b`` on) pay."""
    out = []
    for k, cost in enumerate(costs):
        for i, a in cost:
            if res[b + i] < a:
                break
        else:
            out.append(k)
    return out


def _affordable(T: Tables, s: AgeState, p: int, position: int) -> list[int]:
    """Exchanges of the Trade card at ``position`` (on its current side) that ``p`` can pay."""
    costs = T.trade_costs[s.trade[position]][s.flipped >> position & 1]
    return _affordable_costs(costs, s.res, p * 8)


def payment_options(T: Tables, s: AgeState, p: int, tech: int) -> list[int]:
    b = p * 8
    res = s.res
    credit_left, innovation_left = res[b + CREDIT], res[b + INNOVATION]
    out = []
    for k, (credit, innovation) in enumerate(T.tech_costs[tech]):
        if credit_left >= credit and innovation_left >= innovation:
            out.append(k)
    return out


def manufacture_cost_with(agg: Aggregate) -> int:
    """Manufacture: 2 Credit per Cruiser, less the discounts of the Technologies ``agg``."""
    cost = CRUISER_COST - agg.manufacture_discount
    return cost if cost > 0 else 0  # (not max(): a builtin call costs some 1,300 instructions)


def manufacture_cost(T: Tables, s: AgeState, p: int) -> int:
    return manufacture_cost_with(T.agg(s.techs[p]))


def manufacture_max(T: Tables, s: AgeState, p: int) -> int:
    room = cruiser_room(s, p)
    cost = manufacture_cost(T, s, p)
    if cost == 0:
        return room
    affordable = s.res[p * 8 + CREDIT] // cost
    return affordable if affordable < room else room


def retrieve_max(s: AgeState, p: int) -> int:
    b = p * 8
    res = s.res
    return min(res[b + CREDIT] // RELIC_COST_CREDIT, res[b + INNOVATION] // RELIC_COST_INNOVATION)


def colonize_cost(T: Tables, s: AgeState, p: int) -> int:
    """Credit equal to your Colonized planets before this action (less Nanoconstruct)."""
    cost = T.planet_count(s.powner, s.plevel, p) - T.agg(s.techs[p]).colonize_discount
    return cost if cost > 0 else 0


def develop_cost_with(agg: Aggregate) -> int:
    """Develop: 7 Credit, less the discounts of the Technologies ``agg``."""
    cost = DEVELOP_COST - agg.develop_discount
    return cost if cost > 0 else 0


def develop_cost(T: Tables, s: AgeState, p: int) -> int:
    return develop_cost_with(T.agg(s.techs[p]))


def adaptation_cards(T: Tables, s: AgeState, p: int, slot: int) -> list[int]:
    bit = 1 << T.kind_type[s.pkind[slot]]
    return [c for c in mask_cards(s.hands[p]) if T.card_adapt[c] & bit]


def sub_legal(T: Tables, s: AgeState, step: tuple[int, ...]) -> Sequence[int]:
    """The second decision of an action in progress (the first step of the queue)."""
    p = step[1]
    ids = T.ids
    code = step[0]
    if code == D_EXCHANGE:
        return exchange_ids(T, _affordable(T, s, p, step[2]))
    if code == D_PAY:
        return pay_ids(T, payment_options(T, s, p, step[2]))
    if code == D_TAKE:
        return take_ids(T, step[2])
    if code == D_BUILD:
        return build_ids(T, manufacture_max(T, s, p))
    if code == D_RETRIEVE:
        return retrieve_ids(T, retrieve_max(s, p))
    if code == D_ADAPT:
        return adapt_ids(T, adaptation_cards(T, s, p, step[2]))
    if code == D_BONUS:
        return ids.develop_bonus
    return []


# The ids of the choices of a second decision; the action that pushes its step knows
# them and leaves them as the successor's legal ids (the kernel's ``_legal`` cache), as
# action_phase.maybe_end_now does for a turn, so that its listing need not work them out.


def exchange_ids(T: Tables, options: Sequence[int]) -> tuple[int, ...]:
    """The ids of the exchanges ``options`` (:func:`_affordable`) of a Trade card."""
    return tuple(map(T.ids.exchange.__getitem__, options))


def pay_ids(T: Tables, options: Sequence[int]) -> tuple[int, ...]:
    """The ids of the payments ``options`` (:func:`payment_options`) of a Research."""
    return tuple(map(T.ids.pay.__getitem__, options))


def build_ids(T: Tables, most: int) -> tuple[int, ...]:
    """The ids of Manufacturing 1 to ``most`` Cruisers (:func:`manufacture_max`)."""
    return T.ids.build[LEAST_MANUFACTURED - 1:most]


def retrieve_ids(T: Tables, most: int) -> tuple[int, ...]:
    """The ids of Retrieving 1 to ``most`` Relics (:func:`retrieve_max`)."""
    return T.ids.retrieve_relics[LEAST_RETRIEVED - 1:most]


def take_ids(T: Tables, tech: int) -> tuple[int, ...]:
    """The ids of taking each option of the Technology ``tech``'s choice."""
    return T.ids.take[:len(T.c.technologies[tech].choice)]


def adapt_ids(T: Tables, cards: Sequence[int]) -> tuple[int, ...]:
    """The ids of playing each of ``cards`` (:func:`adaptation_cards`) as the Adaptation, ascending."""
    adapt = T.ids.adapt
    return tuple(sorted([adapt[c] for c in cards]))


# -- doing it --------------------------------------------------------------------------
#
# Each action builds its successor itself: ``new, f = successor(s)``, then new
# values in its ``__dict__`` ``f`` (the fields of ``new`` read as its attributes:
# see :mod:`.icons`); the rules a choice leads on to (the exchange, the payment, ...)
# finish the same successor.


def explore(T: Tables, s: AgeState, spot: int | None) -> AgeState:
    """Place a disc on Explore, spend 1 Cruiser, reveal a reachable token (a chance node)."""
    new, f = successor(s)
    p = s._player
    place_disc_now(new, f, p)
    f["explore_discs"] = put(s.explore_discs, p, s.explore_discs[p] + 1)
    lose_now(new, f, p, CRUISER, 1)
    if spot is None:
        f["telescope"] = put(s.telescope, p, s.telescope[p] - 1)
    else:
        f["espots"] = s.espots & ~(1 << spot)
    f["gone"] = s.gone + 1
    f["steps"] = ((C_EXPLORE, p),) + s.steps
    return new


def token_revealed(T: Tables, s: AgeState, token: int) -> AgeState:
    """Gain the depicted resources and discard the token (plus Explore Technologies)."""
    new, f = successor(s)
    p = s.steps[0][1]
    f["unseen"] = s.unseen & ~(1 << token)
    f["_player"] = p  # the explorer's turn goes on: the rules below read who acts
    gain_now(new, f, p, T.token_gains[token])
    bonus = T.agg(s.techs[p]).on_explore
    if bonus is not NO_GAINS and any(bonus):  # (most have no such Technology: no any() call)
        gain_now(new, f, p, sparse(bonus))
    action_phase.action_done_now(T, new, f)
    return new


def trade(T: Tables, s: AgeState, position: int) -> AgeState:
    new, f = successor(s)
    p = s._player
    place_disc_now(new, f, p)
    f["tdiscs"] = put(s.tdiscs, position, sorted_with(s.tdiscs[position], p))
    options = _affordable(T, new, p, position)
    if len(options) == 1:
        _exchange(T, new, f, position, options[0])
    else:
        f["steps"] = ((D_EXCHANGE, p, position),) + s.steps
        f["_legal"] = exchange_ids(T, options)
    return new


def exchange(T: Tables, s: AgeState, option: int) -> AgeState:
    """The exchange chosen on the Trade card of the action (the step's argument)."""
    new, fields = successor(s)
    _exchange(T, new, fields, s.steps[0][2], option)
    return new


def _exchange(T: Tables, s: AgeState, f: dict[str, Any], position: int, option: int) -> None:
    p = s._player
    card = s.trade[position]
    side = s.flipped >> position & 1
    # the exchange's cost and gains as their sparse pairs
    exchange_now(s, f, p, T.trade_costs[card][side][option], T.trade_gets[card][side][option])
    action_phase.action_done_now(T, s, f)


def research(T: Tables, s: AgeState, tech: int) -> AgeState:
    new, f = successor(s)
    p = s._player
    options = payment_options(T, s, p, tech)
    place_disc_now(new, f, p)
    f["techs"] = put(s.techs, p, s.techs[p] | T.tech_bit[tech])
    if len(options) == 1:
        _pay_research(T, new, f, tech, options[0])
    else:
        f["steps"] = ((D_PAY, p, tech),) + s.steps
        f["_legal"] = pay_ids(T, options)
    return new


def pay_research(T: Tables, s: AgeState, option: int) -> AgeState:
    """The payment chosen for the Technology of the action (the step's argument)."""
    new, fields = successor(s)
    _pay_research(T, new, fields, s.steps[0][2], option)
    return new


def _pay_research(T: Tables, s: AgeState, f: dict[str, Any], tech: int, option: int) -> None:
    p = s._player
    credit, innovation = T.tech_costs[tech][option]
    res = list(s.res)
    res[p * 8 + CREDIT] -= credit
    res[p * 8 + INNOVATION] -= innovation
    f["res"] = tuple(res)
    technology_effects(T, s, f, p, tech)


def technology_effects(T: Tables, s: AgeState, f: dict[str, Any], p: int, tech: int) -> None:
    """The immediate effects of a Researched Technology (rulebook "Technologies")."""
    gain, others_lose, prestige_per_planet, exploration_tokens, choice = T.tech_effects[tech]
    if gain is not None:
        gain_now(s, f, p, gain)
    if others_lose is not None:
        for q in range(T.n):
            if q != p:
                for r, amount in enumerate(others_lose):
                    if amount:
                        lose_now(s, f, q, r, amount)
        if T.solo and others_lose[CRUISER]:
            f["vo"] = put(s.vo, VO_CRUISERS, max(0, s.vo[VO_CRUISERS] - others_lose[CRUISER]))
    if prestige_per_planet:
        count = sum(
            1 for slot, owner in enumerate(s.powner)
            if owner == p and prestige_per_planet >> T.kind_type[s.pkind[slot]] & 1
        )
        if count:
            add_now(s, f, p, PRESTIGE, count)
    if exploration_tokens:
        placed = min(exploration_tokens, tokens_in_box(s))
        if placed:
            f["telescope"] = put(s.telescope, p, s.telescope[p] + placed)
    if choice:
        f["steps"] = ((D_TAKE, p, tech),) + T.turn_queues[p]
        f["_legal"] = take_ids(T, tech)
        return
    action_phase.action_done_now(T, s, f)


def take_option(T: Tables, s: AgeState, option: int) -> AgeState:
    new, f = successor(s)
    gain_now(new, f, s._player, T.tech_choices[s.steps[0][2]][option])
    action_phase.action_done_now(T, new, f)
    return new


def _section(s: AgeState, f: dict[str, Any], p: int, section: int) -> None:
    place_disc_now(s, f, p)
    f["sections"] = put(s.sections, section, sorted_with(s.sections[section], p))


def manufacture(T: Tables, s: AgeState, _: int = 0) -> AgeState:
    new, f = successor(s)
    p = s._player
    most = manufacture_max(T, s, p)
    _section(new, f, p, MANUFACTURE)
    if most == 1:
        _build(T, new, f, 1)
    else:
        f["steps"] = ((D_BUILD, p),) + s.steps
        f["_legal"] = build_ids(T, most)
    return new


def build(T: Tables, s: AgeState, count: int) -> AgeState:
    new, fields = successor(s)
    _build(T, new, fields, count)
    return new


def _build(T: Tables, s: AgeState, f: dict[str, Any], count: int) -> None:
    """Spend 2 Credit (less Bioship Factories) per Cruiser."""
    p = s._player
    res = list(s.res)
    res[p * 8 + CREDIT] -= count * manufacture_cost(T, s, p)
    res[p * 8 + CRUISER] += count
    f["res"] = tuple(res)
    action_phase.action_done_now(T, s, f)


def retrieve(T: Tables, s: AgeState, _: int = 0) -> AgeState:
    new, f = successor(s)
    p = s._player
    most = retrieve_max(s, p)
    _section(new, f, p, RETRIEVE)
    if most == 1:
        _retrieve_relics(T, new, f, 1)
    else:
        f["steps"] = ((D_RETRIEVE, p),) + s.steps
        f["_legal"] = retrieve_ids(T, most)
    return new


def retrieve_relics(T: Tables, s: AgeState, count: int) -> AgeState:
    new, fields = successor(s)
    _retrieve_relics(T, new, fields, count)
    return new


def _retrieve_relics(T: Tables, s: AgeState, f: dict[str, Any], count: int) -> None:
    """Spend 3 Credit and 1 Innovation per Relic."""
    b = s._player * 8
    res = list(s.res)
    res[b + CREDIT] -= RELIC_COST_CREDIT * count
    res[b + INNOVATION] -= RELIC_COST_INNOVATION * count
    res[b + RELIC] += count
    f["res"] = tuple(res)
    action_phase.action_done_now(T, s, f)


def scavenge(T: Tables, s: AgeState, _: int = 0) -> AgeState:
    new, f = successor(s)
    p = s._player
    _section(new, f, p, SCAVENGE)
    i = p * 8 + CREDIT
    if s.res[i] < CREDIT_CAP:
        f["res"] = put(s.res, i, s.res[i] + 1)
    action_phase.action_done_now(T, new, f)
    return new


def colonize(T: Tables, s: AgeState, slot: int) -> AgeState:
    new, f = successor(s)
    p = s._player
    bit = 1 << T.kind_type[s.pkind[slot]]
    if T.profile(s.techs[p], s.alliance[p]).adapt & bit:  # allowed by Technologies or Alliance
        _settle(T, new, f, slot)
        return new
    cards = adaptation_cards(T, s, p, slot)
    if len(cards) == 1:
        _adapt(T, new, f, slot, cards[0])
    else:
        f["steps"] = ((D_ADAPT, p, slot),) + s.steps
        f["_legal"] = adapt_ids(T, cards)
    return new


def adapt(T: Tables, s: AgeState, card: int) -> AgeState:
    """The Faction card played as the Adaptation for the planet of the action (the step's argument)."""
    new, fields = successor(s)
    _adapt(T, new, fields, s.steps[0][2], card)
    return new


def _adapt(T: Tables, s: AgeState, f: dict[str, Any], slot: int, card: int) -> None:
    """Play a Faction card as an Adaptation (the turn's card) and discard it."""
    p = s._player
    f["hands"] = put(s.hands, p, s.hands[p] & ~(1 << card))
    f["played"] = s.played | 1 << card
    f["flags"] = s.flags | CARD_PLAYED
    _settle(T, s, f, slot)


def _settle(T: Tables, s: AgeState, f: dict[str, Any], slot: int) -> None:
    """Spend the Colonize cost, place a disc on the planet and gain its resources."""
    p = s._player
    cost = colonize_cost(T, s, p)
    if cost:
        add_now(s, f, p, CREDIT, -cost)
    place_disc_now(s, f, p)
    powner, plevel = s.powner, s.plevel
    f["powner"] = new_powner = put(powner, slot, p)
    f["plevel"] = new_plevel = put(plevel, slot, COLONIZED)
    T.layout_changed(s.pkind, len(s.systems), powner, plevel, new_powner, new_plevel, slot)
    gain_now(s, f, p, T.kind_reward[s.pkind[slot]])
    action_phase.action_done_now(T, s, f)


def develop(T: Tables, s: AgeState, slot: int) -> AgeState:
    """Spend 7 Credit (less discounts), a second disc, 1 Prestige, then the bonus choice."""
    new, f = successor(s)
    p = s._player
    cost = develop_cost(T, s, p)
    if cost:
        add_now(new, f, p, CREDIT, -cost)
    place_disc_now(new, f, p)
    plevel = f["plevel"] = put(s.plevel, slot, DEVELOPED)
    T.layout_changed(s.pkind, len(s.systems), s.powner, s.plevel, s.powner, plevel, slot)
    add_now(new, f, p, PRESTIGE, 1)
    bonus: Gains = T.agg(s.techs[p]).on_develop
    if bonus is not NO_GAINS and any(bonus):
        gain_now(new, f, p, sparse(bonus))
    f["steps"] = ((D_BONUS, p),) + s.steps
    f["_legal"] = T.ids.develop_bonus
    return new


def develop_bonus(T: Tables, s: AgeState, kind: int) -> AgeState:
    """Either 1 Influence, or 1 Credit and 1 Productivity."""
    new, f = successor(s)
    gain_now(new, f, s._player, INFLUENCE_BONUS if kind == BONUS_INFLUENCE else CREDIT_PRODUCTIVITY_BONUS)
    action_phase.action_done_now(T, new, f)
    return new


def nominate(T: Tables, s: AgeState, space: int) -> AgeState:
    new, f = successor(s)
    p = s._player
    place_disc_now(new, f, p)
    f["nominate"] = put(s.nominate, space, p)
    lose_now(new, f, p, INFLUENCE, NOMINATE_COST)
    add_now(new, f, p, PRESTIGE, T.c.nominate[space].prestige)
    action_phase.action_done_now(T, new, f)
    return new
