"""Static tables of one configured game, computed once when the game is made.

Everything the hot path looks up (Technology aggregates, card bits, spaces in
use at this player count, the war reward table) is precomputed here.
"""

from __future__ import annotations

import attrs

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS, Ids
from boardgames.games.age_of_galaxy.components import NO_GAINS, Components, Gains, Scenario

__all__ = ["WAR_REWARDS", "Aggregate", "Tables"]

# War Phase reward table: players -> per place (Credit, Prestige).
WAR_REWARDS: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 1),),
    3: ((2, 1), (0, 1)),
    4: ((3, 1), (1, 1), (0, 1)),
}

BASIC_COSTS = ((3, 0), (0, 1))  # (credit, innovation): 3 Credit / 1 Innovation
ADVANCED_COSTS = ((3, 1), (0, 2))  # 3 Credit and 1 Innovation / 2 Innovation


def _add(a: Gains, b: Gains) -> Gains:
    return tuple(x + y for x, y in zip(a, b, strict=False))


@attrs.frozen
class Aggregate:
    """What a set of researched Technologies gives, summed."""

    adapt: int
    reach: int
    on_explore: Gains
    on_develop: Gains
    develop_discount: int
    colonize_discount: int
    manufacture_discount: int
    protect_all: bool
    protects: int
    war_keep: int
    score_colonized: int
    score_developed: int
    advanced: int


@attrs.frozen
class AllianceAggregate:
    adapt: int
    protects: int
    production: Gains
    techs: int  # Technologies printed on the Alliance's cards


class Tables:
    """Per-game static data."""

    def __init__(self, c: Components, players: int, explored: bool, scenario: Scenario | None,
                 drafting: bool) -> None:
        self.c = c
        self.n = players
        self.solo = players == 1
        self.eff = max(2, players)  # the solo variants simulate a 2-player game
        self.explored = explored
        self.scenario = scenario
        self.drafting = drafting
        self.ids = Ids(c)
        self.nfac = len(c.factions)
        self.all_cards = (1 << self.nfac) - 1
        self.ntech = len(c.technologies)
        self.tech_bit = tuple(1 << t.index for t in c.technologies)
        self.tech_costs = tuple(ADVANCED_COSTS if t.advanced else BASIC_COSTS for t in c.technologies)
        self.tech_requires = tuple(sum(1 << r for r in t.requires) for t in c.technologies)
        self.board_tech_mask = sum(1 << t.index for t in c.technologies if t.path >= 0)
        self.card_techs = tuple(sum(1 << t for t in f.technologies) for f in c.factions)
        self.card_adapt = tuple(1 << f.adaptation for f in c.factions)
        self.card_name = tuple(f.name for f in c.factions)
        self.card_ideology = tuple(f.ideology for f in c.factions)
        eff = self.eff
        self.nominate_open = tuple(sp.players <= eff for sp in c.nominate)
        self.trade_spaces = tuple(len(t.spaces) for t in c.trade_cards)
        self.trade_np = tuple(sum(1 for x in t.spaces if x > eff) for t in c.trade_cards)
        # per system card: printed planets in use as (slot within card, kind); token slots; exploration points
        self.sys_planets: list[tuple[tuple[int, int], ...]] = []
        self.sys_token_slots: list[tuple[int, ...]] = []
        self.sys_explore: list[tuple[int, ...]] = []
        for card in c.systems:
            self.sys_planets.append(
                tuple((k, kind) for k, (kind, least) in enumerate(card.planets) if least <= eff)
            )
            base = len(card.planets)
            self.sys_token_slots.append(
                tuple(base + k for k, least in enumerate(card.planet_tokens) if least <= eff)
            )
            self.sys_explore.append(tuple(k for k, least in enumerate(card.exploration) if least <= eff))
        self.kind_type = tuple(k.type for k in c.planet_kinds)
        self.kind_reward = tuple(k.reward for k in c.planet_kinds)
        self.war_rewards = WAR_REWARDS[eff]
        self.slot_pos = tuple(s // PLANET_SLOTS for s in range(5 * PLANET_SLOTS))
        self.spot_pos = tuple(s // EXPLORE_SLOTS for s in range(5 * EXPLORE_SLOTS))
        self.tech_advanced = tuple(t.advanced for t in c.technologies)
        # each Trade card's exchanges per side (0 front, 1 flipped) as sparse costs
        self.trade_costs = tuple(
            tuple(
                tuple(tuple((i, a) for i, a in enumerate(ex.give) if a) for ex in side)
                for side in (t.exchanges, t.back)
            )
            for t in c.trade_cards
        )
        self._available: dict[tuple[int, int], tuple[tuple[int, bool], ...]] = {}
        self._agg: dict[int, Aggregate] = {}
        self._alliance: dict[tuple[int, ...], AllianceAggregate] = {}

    def agg(self, techs: int) -> Aggregate:
        """The summed effects of the Technologies in the bitmask ``techs``."""
        found = self._agg.get(techs)
        if found is not None:
            return found
        adapt = reach = dd = cd = md = protects = keep = sc = sd = adv = 0
        shield = False
        explore: Gains = NO_GAINS
        develop: Gains = NO_GAINS
        for t in self.c.technologies:
            if techs >> t.index & 1:
                adapt |= t.adapt
                reach = max(reach, t.reach)
                explore = _add(explore, t.on_explore)
                develop = _add(develop, t.on_develop)
                dd += t.develop_discount
                cd += t.colonize_discount
                md += t.manufacture_discount
                shield = shield or t.protect_all
                protects |= t.protects
                keep += t.war_keep
                sc += t.score_colonized
                sd += t.score_developed
                adv += t.advanced
        found = Aggregate(adapt, reach, explore, develop, dd, cd, md, shield, protects, keep, sc, sd, adv)
        self._agg[techs] = found
        return found

    def available(self, mine: int, alliance_techs: int) -> tuple[tuple[int, bool], ...]:
        """(Technology, advanced) with a free space, on the board or an Alliance card, prerequisites met."""
        key = (mine, alliance_techs)
        found = self._available.get(key)
        if found is None:
            spaces = self.board_tech_mask | alliance_techs
            found = tuple(
                (t, self.tech_advanced[t]) for t in range(self.ntech)
                if spaces >> t & 1 and not mine >> t & 1
                and (not self.tech_requires[t] or mine & self.tech_requires[t])
            )
            self._available[key] = found
        return found

    def alliance(self, cards: tuple[int, ...]) -> AllianceAggregate:
        found = self._alliance.get(cards)
        if found is not None:
            return found
        adapt = protects = techs = 0
        production: Gains = NO_GAINS
        for i in cards:
            f = self.c.factions[i]
            adapt |= 1 << f.adaptation
            protects |= f.protects
            production = _add(production, f.production)
            techs |= self.card_techs[i]
        found = AllianceAggregate(adapt, protects, production, techs)
        self._alliance[cards] = found
        return found
