"""The nine actions (rulebook "Actions in Detail").

Each action places an Action disc and is chosen with its target first; where
a choice remains (a Trade exchange, a Research payment, how many Cruisers or
Relics, the Faction card played as an Adaptation, a Develop or Xenology
bonus) it is the next decision.  An action is offered only when it can be
completed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardgames.games.age_of_galaxy import action_phase
from boardgames.games.age_of_galaxy.actions import BONUS_INFLUENCE
from boardgames.games.age_of_galaxy.components import (
    CREDIT,
    CRUISER,
    INFLUENCE,
    INNOVATION,
    PRESTIGE,
    PRODUCTIVITY,
    RELIC,
    Gains,
)
from boardgames.games.age_of_galaxy.icons import (
    W,
    add,
    cruiser_room,
    gain,
    lose,
    pay,
    place_disc,
    planet_count,
    tokens_in_box,
)
from boardgames.games.age_of_galaxy.interpretations import LEAST_MANUFACTURED, LEAST_RETRIEVED
from boardgames.games.age_of_galaxy.state import (
    C_EXPLORE,
    CARD_PLAYED,
    D_ADAPT,
    D_BONUS,
    D_BUILD,
    D_EXCHANGE,
    D_PAY,
    D_RETRIEVE,
    D_TAKE,
    AgeState,
    bits,
)
from boardgames.kernel.game import CHANCE

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

CRUISER_COST = 2
RELIC_COST_CREDIT = 3
RELIC_COST_INNOVATION = 1
DEVELOP_COST = 7
NOMINATE_COST = 3
MANUFACTURE, RETRIEVE, SCAVENGE = range(3)


# -- what may be done -----------------------------------------------------------------


def legal(T: Tables, s: AgeState, p: int) -> list[int]:
    """First decisions of every action player ``p`` can complete now (ascending ids)."""
    ids = T.ids
    res = s.res
    b = p * 8
    credit = res[b + CREDIT]
    innovation = res[b + INNOVATION]
    out: list[int] = []
    agg = T.agg(s.techs[p])
    last = min(4, s.fleet + agg.reach)
    # one pass over the planets
    owned = 0
    on_planets = 0
    developed = False
    mine: list[int] = []
    free: list[int] = []
    slot_pos = T.slot_pos
    pkind, powner, plevel = s.pkind, s.powner, s.plevel
    for slot in range(4 * len(s.systems)):
        if pkind[slot] < 0:
            continue
        owner = powner[slot]
        if owner == -1:
            if slot_pos[slot] <= last:
                free.append(slot)
        elif owner == p:
            level = plevel[slot]
            if level == 1:
                owned += 1
                mine.append(slot)
            elif level == 2:
                owned += 1
                developed = True
            else:
                on_planets += 1
    # Explore
    if res[b + CRUISER] >= 1:
        spots = s.espots
        spot_pos = T.spot_pos
        while spots:
            low = spots & -spots
            spot = low.bit_length() - 1
            if spot_pos[spot] <= last:
                out.append(ids.explore[spot])
            spots ^= low
        if s.telescope[p]:
            out.append(ids.explore_telescope)
    # Trade
    trade_costs = T.trade_costs
    trade_spaces = T.trade_spaces
    for i, card in enumerate(s.trade):
        flipped = s.flipped >> i & 1
        if not flipped and len(s.tdiscs[i]) >= trade_spaces[card]:
            continue
        for cost in trade_costs[card][flipped]:
            for r, amount in cost:
                if res[b + r] < amount:
                    break
            else:
                out.append(ids.trade[i])
                break
    # Research
    out.extend(ids.research[t] for t in research_options(T, s, p))
    # Manufacture, Retrieve, Scavenge
    room = min(5, 9 - on_planets) - res[b + CRUISER]
    if room > 0 and credit >= manufacture_cost(T, s, p):
        out.append(ids.manufacture)
    if credit >= RELIC_COST_CREDIT and innovation >= RELIC_COST_INNOVATION:
        out.append(ids.retrieve)
    out.append(ids.scavenge)
    # Colonize
    if free and credit >= owned - agg.colonize_discount:
        adapt = agg.adapt | T.alliance(s.alliance[p]).adapt
        if not s.flags & CARD_PLAYED:
            for c in bits(s.hands[p]):
                adapt |= T.card_adapt[c]
        kind_type = T.kind_type
        out.extend(ids.colonize[slot] for slot in free if adapt >> kind_type[pkind[slot]] & 1)
    # Develop
    if mine and credit >= DEVELOP_COST - agg.develop_discount:
        out.extend(ids.develop[slot] for slot in mine)
    # Nominate
    if developed and res[b + INFLUENCE] >= NOMINATE_COST:
        out.extend(ids.nominate[i] for i, owner in enumerate(s.nominate) if owner == -1)
    return out


def _affordable(T: Tables, s: AgeState, p: int, position: int) -> list[int]:
    """Exchanges of the Trade card at ``position`` (on its current side) that ``p`` can pay."""
    res = s.res
    b = p * 8
    costs = T.trade_costs[s.trade[position]][s.flipped >> position & 1]
    return [k for k, cost in enumerate(costs) if all(res[b + i] >= a for i, a in cost)]


def payment_options(T: Tables, s: AgeState, p: int, tech: int) -> list[int]:
    b = p * 8
    return [
        k for k, (credit, innovation) in enumerate(T.tech_costs[tech])
        if s.res[b + CREDIT] >= credit and s.res[b + INNOVATION] >= innovation
    ]


def research_options(T: Tables, s: AgeState, p: int) -> list[int]:
    """Available Technologies the player can pay for (3 Credit / 1 Innovation; Advanced:
    3 Credit and 1 Innovation / 2 Innovation)."""
    b = p * 8
    credit = s.res[b + CREDIT] >= 3
    innovation = s.res[b + INNOVATION]
    basic = credit or innovation >= 1
    advanced = (credit and innovation >= 1) or innovation >= 2
    if not basic:
        return []
    return [
        t for t, adv in T.available(s.techs[p], T.alliance(s.alliance[p]).techs)
        if advanced or not adv
    ]


def manufacture_cost(T: Tables, s: AgeState, p: int) -> int:
    return max(0, CRUISER_COST - T.agg(s.techs[p]).manufacture_discount)


def manufacture_max(T: Tables, s: AgeState, p: int) -> int:
    room = cruiser_room(s, p)
    cost = manufacture_cost(T, s, p)
    return room if cost == 0 else min(room, s.res[p * 8 + CREDIT] // cost)


def retrieve_max(s: AgeState, p: int) -> int:
    b = p * 8
    return min(s.res[b + CREDIT] // RELIC_COST_CREDIT, s.res[b + INNOVATION] // RELIC_COST_INNOVATION)


def colonize_cost(T: Tables, s: AgeState, p: int) -> int:
    """Credit equal to your Colonized planets before this action (less Nanoconstruct)."""
    return max(0, planet_count(s, p) - T.agg(s.techs[p]).colonize_discount)


def develop_cost(T: Tables, s: AgeState, p: int) -> int:
    return max(0, DEVELOP_COST - T.agg(s.techs[p]).develop_discount)


def adaptation_cards(T: Tables, s: AgeState, p: int, slot: int) -> list[int]:
    bit = 1 << T.kind_type[s.pkind[slot]]
    return [c for c in bits(s.hands[p]) if T.card_adapt[c] & bit]


def sub_legal(T: Tables, s: AgeState) -> list[int]:
    """The second decision of an action in progress."""
    p = s._player
    ids = T.ids
    code = s.pend[0]
    if code == D_EXCHANGE:
        return [ids.exchange[k] for k in _affordable(T, s, p, s.pend[1])]
    if code == D_PAY:
        return [ids.pay[k] for k in payment_options(T, s, p, s.pend[1])]
    if code == D_TAKE:
        return [ids.take[k] for k in range(len(T.c.technologies[s.pend[1]].choice))]
    if code == D_BUILD:
        return [ids.build[k - 1] for k in range(LEAST_MANUFACTURED, manufacture_max(T, s, p) + 1)]
    if code == D_RETRIEVE:
        return [ids.retrieve_relics[k - 1] for k in range(LEAST_RETRIEVED, retrieve_max(s, p) + 1)]
    if code == D_ADAPT:
        return sorted(ids.adapt[c] for c in adaptation_cards(T, s, p, s.pend[1]))
    if code == D_BONUS:
        return list(ids.develop_bonus)
    return []


# -- doing it --------------------------------------------------------------------------


def explore(T: Tables, s: AgeState, spot: int | None) -> None:
    """Place a disc on Explore, spend 1 Cruiser, reveal a reachable token (a chance node)."""
    p = s._player
    place_disc(s, p)
    explore_discs = list(s.explore_discs)
    explore_discs[p] += 1
    W(s, "explore_discs", tuple(explore_discs))
    lose(s, p, CRUISER, 1)
    if spot is None:
        telescope = list(s.telescope)
        telescope[p] -= 1
        W(s, "telescope", tuple(telescope))
    else:
        W(s, "espots", s.espots & ~(1 << spot))
    W(s, "gone", s.gone + 1)
    W(s, "pend", (C_EXPLORE, p))
    W(s, "_player", CHANCE)


def token_revealed(T: Tables, s: AgeState, token: int) -> None:
    """Gain the depicted resources and discard the token (plus Explore Technologies)."""
    p = s.pend[1]
    W(s, "unseen", s.unseen & ~(1 << token))
    W(s, "_player", p)
    gain(s, p, T.c.exploration_tokens[token])
    bonus = T.agg(s.techs[p]).on_explore
    if any(bonus):
        gain(s, p, bonus)
    action_phase.action_done(T, s)


def trade(T: Tables, s: AgeState, position: int) -> None:
    p = s._player
    place_disc(s, p)
    tdiscs = list(s.tdiscs)
    tdiscs[position] = tuple(sorted((*tdiscs[position], p)))
    W(s, "tdiscs", tuple(tdiscs))
    options = _affordable(T, s, p, position)
    if len(options) == 1:
        exchange(T, s, position, options[0])
    else:
        W(s, "pend", (D_EXCHANGE, position))


def exchange(T: Tables, s: AgeState, position: int, option: int) -> None:
    p = s._player
    card = T.c.trade_cards[s.trade[position]]
    ex = (card.back if s.flipped >> position & 1 else card.exchanges)[option]
    pay(s, p, ex.give)
    gain(s, p, ex.get)
    action_phase.action_done(T, s)


def research(T: Tables, s: AgeState, tech: int) -> None:
    p = s._player
    options = payment_options(T, s, p, tech)
    place_disc(s, p)
    techs = list(s.techs)
    techs[p] |= T.tech_bit[tech]
    W(s, "techs", tuple(techs))
    if len(options) == 1:
        pay_research(T, s, tech, options[0])
    else:
        W(s, "pend", (D_PAY, tech))


def pay_research(T: Tables, s: AgeState, tech: int, option: int) -> None:
    p = s._player
    credit, innovation = T.tech_costs[tech][option]
    res = list(s.res)
    res[p * 8 + CREDIT] -= credit
    res[p * 8 + INNOVATION] -= innovation
    W(s, "res", tuple(res))
    technology_effects(T, s, p, tech)


def technology_effects(T: Tables, s: AgeState, p: int, tech: int) -> None:
    """The immediate effects of a Researched Technology (rulebook "Technologies")."""
    t = T.c.technologies[tech]
    if any(t.gain):
        gain(s, p, t.gain)
    if any(t.others_lose):
        for q in range(T.n):
            if q != p:
                for r, amount in enumerate(t.others_lose):
                    if amount:
                        lose(s, q, r, amount)
        if T.solo and t.others_lose[CRUISER]:
            vo = list(s.vo)
            vo[0] = max(0, vo[0] - t.others_lose[CRUISER])
            W(s, "vo", tuple(vo))
    if t.prestige_per_planet:
        count = sum(
            1 for slot, owner in enumerate(s.powner)
            if owner == p and t.prestige_per_planet >> T.kind_type[s.pkind[slot]] & 1
        )
        if count:
            add(s, p, PRESTIGE, count)
    if t.exploration_tokens:
        placed = min(t.exploration_tokens, tokens_in_box(s))
        if placed:
            telescope = list(s.telescope)
            telescope[p] += placed
            W(s, "telescope", tuple(telescope))
    if t.choice:
        W(s, "pend", (D_TAKE, tech))
        return
    action_phase.action_done(T, s)


def take_option(T: Tables, s: AgeState, option: int) -> None:
    p = s._player
    gain(s, p, T.c.technologies[s.pend[1]].choice[option])
    action_phase.action_done(T, s)


def _section(s: AgeState, p: int, section: int) -> None:
    place_disc(s, p)
    sections = list(s.sections)
    sections[section] = tuple(sorted((*sections[section], p)))
    W(s, "sections", tuple(sections))


def manufacture(T: Tables, s: AgeState) -> None:
    p = s._player
    most = manufacture_max(T, s, p)
    _section(s, p, MANUFACTURE)
    if most == 1:
        build(T, s, 1)
    else:
        W(s, "pend", (D_BUILD,))


def build(T: Tables, s: AgeState, count: int) -> None:
    """Spend 2 Credit (less Bioship Factories) per Cruiser."""
    p = s._player
    res = list(s.res)
    res[p * 8 + CREDIT] -= count * manufacture_cost(T, s, p)
    res[p * 8 + CRUISER] += count
    W(s, "res", tuple(res))
    action_phase.action_done(T, s)


def retrieve(T: Tables, s: AgeState) -> None:
    p = s._player
    most = retrieve_max(s, p)
    _section(s, p, RETRIEVE)
    if most == 1:
        retrieve_relics(T, s, 1)
    else:
        W(s, "pend", (D_RETRIEVE,))


def retrieve_relics(T: Tables, s: AgeState, count: int) -> None:
    """Spend 3 Credit and 1 Innovation per Relic."""
    p = s._player
    b = p * 8
    res = list(s.res)
    res[b + CREDIT] -= RELIC_COST_CREDIT * count
    res[b + INNOVATION] -= RELIC_COST_INNOVATION * count
    res[b + RELIC] += count
    W(s, "res", tuple(res))
    action_phase.action_done(T, s)


def scavenge(T: Tables, s: AgeState) -> None:
    p = s._player
    _section(s, p, SCAVENGE)
    res = list(s.res)
    res[p * 8 + CREDIT] = min(12, res[p * 8 + CREDIT] + 1)
    W(s, "res", tuple(res))
    action_phase.action_done(T, s)


def colonize(T: Tables, s: AgeState, slot: int) -> None:
    p = s._player
    bit = 1 << T.kind_type[s.pkind[slot]]
    if (T.agg(s.techs[p]).adapt | T.alliance(s.alliance[p]).adapt) & bit:
        settle(T, s, slot)
        return
    cards = adaptation_cards(T, s, p, slot)
    if len(cards) == 1:
        adapt(T, s, slot, cards[0])
    else:
        W(s, "pend", (D_ADAPT, slot))


def adapt(T: Tables, s: AgeState, slot: int, card: int) -> None:
    """Play a Faction card as an Adaptation (the turn's card) and discard it."""
    p = s._player
    hands = list(s.hands)
    hands[p] &= ~(1 << card)
    W(s, "hands", tuple(hands))
    W(s, "played", s.played | 1 << card)
    W(s, "flags", s.flags | CARD_PLAYED)
    settle(T, s, slot)


def settle(T: Tables, s: AgeState, slot: int) -> None:
    """Spend the Colonize cost, place a disc on the planet and gain its resources."""
    p = s._player
    cost = colonize_cost(T, s, p)
    res = list(s.res)
    res[p * 8 + CREDIT] -= cost
    W(s, "res", tuple(res))
    place_disc(s, p)
    powner = list(s.powner)
    plevel = list(s.plevel)
    powner[slot] = p
    plevel[slot] = 1
    W(s, "powner", tuple(powner))
    W(s, "plevel", tuple(plevel))
    gain(s, p, T.kind_reward[s.pkind[slot]])
    action_phase.action_done(T, s)


def develop(T: Tables, s: AgeState, slot: int) -> None:
    """Spend 7 Credit (less discounts), a second disc, 1 Prestige, then the bonus choice."""
    p = s._player
    res = list(s.res)
    res[p * 8 + CREDIT] -= develop_cost(T, s, p)
    W(s, "res", tuple(res))
    place_disc(s, p)
    plevel = list(s.plevel)
    plevel[slot] = 2
    W(s, "plevel", tuple(plevel))
    add(s, p, PRESTIGE, 1)
    bonus: Gains = T.agg(s.techs[p]).on_develop
    if any(bonus):
        gain(s, p, bonus)
    W(s, "pend", (D_BONUS,))


def develop_bonus(T: Tables, s: AgeState, kind: int) -> None:
    """Either 1 Influence, or 1 Credit and 1 Productivity."""
    p = s._player
    g = [0] * 8
    if kind == BONUS_INFLUENCE:
        g[INFLUENCE] = 1
    else:
        g[CREDIT] = 1
        g[PRODUCTIVITY] = 1
    gain(s, p, tuple(g))
    action_phase.action_done(T, s)


def nominate(T: Tables, s: AgeState, space: int) -> None:
    p = s._player
    place_disc(s, p)
    nominate_ = list(s.nominate)
    nominate_[space] = p
    W(s, "nominate", tuple(nominate_))
    lose(s, p, INFLUENCE, NOMINATE_COST)
    add(s, p, PRESTIGE, T.c.nominate[space].prestige)
    action_phase.action_done(T, s)

