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
    CREDIT_CAP,
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
    AgeWork,
    Fields,
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
# Develop: "either 1 Influence, or 1 Credit and 1 Productivity"
INFLUENCE_BONUS: Gains = tuple(1 if i == INFLUENCE else 0 for i in range(8))
CREDIT_PRODUCTIVITY_BONUS: Gains = tuple(1 if i in (CREDIT, PRODUCTIVITY) else 0 for i in range(8))


# -- what may be done -----------------------------------------------------------------


def legal(T: Tables, s: Fields, p: int) -> list[int]:
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
    all_flipped, tdiscs = s.flipped, s.tdiscs
    for i, card in enumerate(s.trade):
        flipped = all_flipped >> i & 1
        if not flipped and len(tdiscs[i]) >= trade_spaces[card]:
            continue
        for cost in trade_costs[card][flipped]:
            for r, amount in cost:
                if res[b + r] < amount:
                    break
            else:
                out.append(ids.trade[i])
                break
    # Research
    research = ids.research
    out.extend([research[t] for t in research_options(T, s, p)])
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
            adapt |= T.hand_adapt(s.hands[p])
        kind_type = T.kind_type
        out.extend(ids.colonize[slot] for slot in free if adapt >> kind_type[pkind[slot]] & 1)
    # Develop
    if mine and credit >= DEVELOP_COST - agg.develop_discount:
        out.extend(ids.develop[slot] for slot in mine)
    # Nominate
    if developed and res[b + INFLUENCE] >= NOMINATE_COST:
        out.extend(ids.nominate[i] for i, owner in enumerate(s.nominate) if owner == -1)
    return out


def _affordable(T: Tables, s: Fields, p: int, position: int) -> list[int]:
    """Exchanges of the Trade card at ``position`` (on its current side) that ``p`` can pay."""
    res = s.peek("res")
    b = p * 8
    costs = T.trade_costs[s.peek("trade")[position]][s.flipped >> position & 1]
    return [k for k, cost in enumerate(costs) if all(res[b + i] >= a for i, a in cost)]


def payment_options(T: Tables, s: Fields, p: int, tech: int) -> list[int]:
    b = p * 8
    res = s.peek("res")
    return [
        k for k, (credit, innovation) in enumerate(T.tech_costs[tech])
        if res[b + CREDIT] >= credit and res[b + INNOVATION] >= innovation
    ]


def research_options(T: Tables, s: Fields, p: int) -> tuple[int, ...]:
    """Available Technologies the player can pay for (3 Credit / 1 Innovation; Advanced:
    3 Credit and 1 Innovation / 2 Innovation)."""
    b = p * 8
    res = s.peek("res")
    credit = res[b + CREDIT] >= 3
    innovation = res[b + INNOVATION]
    basic = credit or innovation >= 1
    advanced = (credit and innovation >= 1) or innovation >= 2
    if not basic:
        return ()
    return T.researchable(s.peek("techs")[p], T.alliance(s.peek("alliance")[p]).techs, advanced)


def manufacture_cost(T: Tables, s: Fields, p: int) -> int:
    return max(0, CRUISER_COST - T.agg(s.peek("techs")[p]).manufacture_discount)


def manufacture_max(T: Tables, s: Fields, p: int) -> int:
    room = cruiser_room(s, p)
    cost = manufacture_cost(T, s, p)
    return room if cost == 0 else min(room, s.peek("res")[p * 8 + CREDIT] // cost)


def retrieve_max(s: Fields, p: int) -> int:
    b = p * 8
    res: list[int] = s.peek("res")
    return min(res[b + CREDIT] // RELIC_COST_CREDIT, res[b + INNOVATION] // RELIC_COST_INNOVATION)


def colonize_cost(T: Tables, s: Fields, p: int) -> int:
    """Credit equal to your Colonized planets before this action (less Nanoconstruct)."""
    return max(0, planet_count(s, p) - T.agg(s.peek("techs")[p]).colonize_discount)


def develop_cost(T: Tables, s: Fields, p: int) -> int:
    return max(0, DEVELOP_COST - T.agg(s.peek("techs")[p]).develop_discount)


def adaptation_cards(T: Tables, s: Fields, p: int, slot: int) -> list[int]:
    bit = 1 << T.kind_type[s.peek("pkind")[slot]]
    return [c for c in bits(s.peek("hands")[p]) if T.card_adapt[c] & bit]


def sub_legal(T: Tables, s: Fields) -> list[int]:
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


def explore(T: Tables, w: AgeWork, spot: int | None) -> None:
    """Place a disc on Explore, spend 1 Cruiser, reveal a reachable token (a chance node)."""
    p = w.peek("_player")
    place_disc(w, p)
    w.add("explore_discs", p, 1)
    lose(w, p, CRUISER, 1)
    if spot is None:
        w.add("telescope", p, -1)
    else:
        w.espots = w.peek("espots") & ~(1 << spot)
    w.gone = w.peek("gone") + 1
    w.pend = (C_EXPLORE, p)
    w._player = CHANCE


def token_revealed(T: Tables, w: AgeWork, token: int) -> None:
    """Gain the depicted resources and discard the token (plus Explore Technologies)."""
    p = w.peek("pend")[1]
    w.unseen = w.peek("unseen") & ~(1 << token)
    w._player = p
    gain(w, p, T.c.exploration_tokens[token])
    bonus = T.agg(w.peek("techs")[p]).on_explore
    if any(bonus):
        gain(w, p, bonus)
    action_phase.action_done(T, w)


def trade(T: Tables, w: AgeWork, position: int) -> None:
    p = w.peek("_player")
    place_disc(w, p)
    w.put("tdiscs", position, tuple(sorted((*w.peek("tdiscs")[position], p))))
    options = _affordable(T, w, p, position)
    if len(options) == 1:
        exchange(T, w, position, options[0])
    else:
        w.pend = (D_EXCHANGE, position)


def exchange(T: Tables, w: AgeWork, position: int, option: int) -> None:
    p = w.peek("_player")
    card = T.c.trade_cards[w.peek("trade")[position]]
    ex = (card.back if w.peek("flipped") >> position & 1 else card.exchanges)[option]
    pay(w, p, ex.give)
    gain(w, p, ex.get)
    action_phase.action_done(T, w)


def research(T: Tables, w: AgeWork, tech: int) -> None:
    p = w.peek("_player")
    options = payment_options(T, w, p, tech)
    place_disc(w, p)
    w.put("techs", p, w.peek("techs")[p] | T.tech_bit[tech])
    if len(options) == 1:
        pay_research(T, w, tech, options[0])
    else:
        w.pend = (D_PAY, tech)


def pay_research(T: Tables, w: AgeWork, tech: int, option: int) -> None:
    p = w.peek("_player")
    credit, innovation = T.tech_costs[tech][option]
    held = w.peek("res")
    res = held if type(held) is list else list(held)
    res[p * 8 + CREDIT] -= credit
    res[p * 8 + INNOVATION] -= innovation
    if res is not held:
        w.res = res
    technology_effects(T, w, p, tech)


def technology_effects(T: Tables, w: AgeWork, p: int, tech: int) -> None:
    """The immediate effects of a Researched Technology (rulebook "Technologies")."""
    t = T.c.technologies[tech]
    if any(t.gain):
        gain(w, p, t.gain)
    if any(t.others_lose):
        for q in range(T.n):
            if q != p:
                for r, amount in enumerate(t.others_lose):
                    if amount:
                        lose(w, q, r, amount)
        if T.solo and t.others_lose[CRUISER]:
            w.vo[VO_CRUISERS] = max(0, w.vo[VO_CRUISERS] - t.others_lose[CRUISER])
    if t.prestige_per_planet:
        count = sum(
            1 for slot, owner in enumerate(w.peek("powner"))
            if owner == p and t.prestige_per_planet >> T.kind_type[w.peek("pkind")[slot]] & 1
        )
        if count:
            add(w, p, PRESTIGE, count)
    if t.exploration_tokens:
        placed = min(t.exploration_tokens, tokens_in_box(w))
        if placed:
            w.telescope[p] += placed
    if t.choice:
        w.pend = (D_TAKE, tech)
        return
    action_phase.action_done(T, w)


def take_option(T: Tables, w: AgeWork, option: int) -> None:
    p = w._player
    gain(w, p, T.c.technologies[w.pend[1]].choice[option])
    action_phase.action_done(T, w)


def _section(w: AgeWork, p: int, section: int) -> None:
    place_disc(w, p)
    w.put("sections", section, tuple(sorted((*w.peek("sections")[section], p))))


def manufacture(T: Tables, w: AgeWork) -> None:
    p = w._player
    most = manufacture_max(T, w, p)
    _section(w, p, MANUFACTURE)
    if most == 1:
        build(T, w, 1)
    else:
        w.pend = (D_BUILD,)


def build(T: Tables, w: AgeWork, count: int) -> None:
    """Spend 2 Credit (less Bioship Factories) per Cruiser."""
    p = w.peek("_player")
    cost = count * manufacture_cost(T, w, p)
    held = w.peek("res")
    res = held if type(held) is list else list(held)
    res[p * 8 + CREDIT] -= cost
    res[p * 8 + CRUISER] += count
    if res is not held:
        w.res = res
    action_phase.action_done(T, w)


def retrieve(T: Tables, w: AgeWork) -> None:
    p = w._player
    most = retrieve_max(w, p)
    _section(w, p, RETRIEVE)
    if most == 1:
        retrieve_relics(T, w, 1)
    else:
        w.pend = (D_RETRIEVE,)


def retrieve_relics(T: Tables, w: AgeWork, count: int) -> None:
    """Spend 3 Credit and 1 Innovation per Relic."""
    b = w.peek("_player") * 8
    held = w.peek("res")
    res = held if type(held) is list else list(held)
    res[b + CREDIT] -= RELIC_COST_CREDIT * count
    res[b + INNOVATION] -= RELIC_COST_INNOVATION * count
    res[b + RELIC] += count
    if res is not held:
        w.res = res
    action_phase.action_done(T, w)


def scavenge(T: Tables, w: AgeWork) -> None:
    p = w.peek("_player")
    _section(w, p, SCAVENGE)
    i = p * 8 + CREDIT
    credit = w.peek("res")[i]
    if credit < CREDIT_CAP:
        w.put("res", i, credit + 1)
    action_phase.action_done(T, w)


def colonize(T: Tables, w: AgeWork, slot: int) -> None:
    p = w._player
    bit = 1 << T.kind_type[w.peek("pkind")[slot]]
    if (T.agg(w.peek("techs")[p]).adapt | T.alliance(w.peek("alliance")[p]).adapt) & bit:
        settle(T, w, slot)
        return
    cards = adaptation_cards(T, w, p, slot)
    if len(cards) == 1:
        adapt(T, w, slot, cards[0])
    else:
        w.pend = (D_ADAPT, slot)


def adapt(T: Tables, w: AgeWork, slot: int, card: int) -> None:
    """Play a Faction card as an Adaptation (the turn's card) and discard it."""
    p = w.peek("_player")
    w.put("hands", p, w.peek("hands")[p] & ~(1 << card))
    w.played = w.peek("played") | 1 << card
    w.flags = w.peek("flags") | CARD_PLAYED
    settle(T, w, slot)


def settle(T: Tables, w: AgeWork, slot: int) -> None:
    """Spend the Colonize cost, place a disc on the planet and gain its resources."""
    p = w.peek("_player")
    cost = colonize_cost(T, w, p)
    if cost:
        w.add("res", p * 8 + CREDIT, -cost)
    place_disc(w, p)
    w.put("powner", slot, p)
    w.put("plevel", slot, COLONIZED)
    gain(w, p, T.kind_reward[w.peek("pkind")[slot]])
    action_phase.action_done(T, w)


def develop(T: Tables, w: AgeWork, slot: int) -> None:
    """Spend 7 Credit (less discounts), a second disc, 1 Prestige, then the bonus choice."""
    p = w.peek("_player")
    cost = develop_cost(T, w, p)
    if cost:
        w.add("res", p * 8 + CREDIT, -cost)
    place_disc(w, p)
    w.put("plevel", slot, DEVELOPED)
    add(w, p, PRESTIGE, 1)
    bonus: Gains = T.agg(w.peek("techs")[p]).on_develop
    if any(bonus):
        gain(w, p, bonus)
    w.pend = (D_BONUS,)


def develop_bonus(T: Tables, w: AgeWork, kind: int) -> None:
    """Either 1 Influence, or 1 Credit and 1 Productivity."""
    gain(w, w.peek("_player"), INFLUENCE_BONUS if kind == BONUS_INFLUENCE else CREDIT_PRODUCTIVITY_BONUS)
    action_phase.action_done(T, w)


def nominate(T: Tables, w: AgeWork, space: int) -> None:
    p = w.peek("_player")
    place_disc(w, p)
    w.put("nominate", space, p)
    lose(w, p, INFLUENCE, NOMINATE_COST)
    add(w, p, PRESTIGE, T.c.nominate[space].prestige)
    action_phase.action_done(T, w)
