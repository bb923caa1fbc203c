"""Static tables and the actions chapter's placement rules.

:class:`Tables` compiles a component set for one player count into tuples
(places, ranges, card tables, action-id offsets) once per game.  The
functions below are the text's rules about where ships, deployments, the
research drone and trade ships may go; each cites its section.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.games.warpgate import actions as A
from boardgames.games.warpgate.components import (
    ACTION_TITLES,
    ACTIONS,
    PLANET_TYPES,
    ComponentSet,
)
from boardgames.games.warpgate.interpretations import (
    TACTIC_VP,
    TURNS_PER_ROUND,
    Interpretations,
    TechnologyEffect,
)
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.hexgrid import HexGrid

__all__ = ["DRAW", "MAX_MULTIPLIER", "Tables", "attack_target", "move_target"]

DRAW = len(ACTIONS)
"""Index of the Draw action (usable instead of either action of any card)."""

MAX_MULTIPLIER = TURNS_PER_ROUND + 1
"""The largest X: slot 4 plus one trade good."""

UNREACHABLE = 999


class Tables:
    """Everything static about one configured game, as tuples of ints."""

    def __init__(
        self, components: ComponentSet, players: int, side: int, interpretations: Interpretations
    ) -> None:
        layout = components.layout(players)
        self.players = players
        self.trade_goods = layout.trade_goods
        places = layout.places
        self.place_names: tuple[str, ...] = tuple(p.name for p in places)
        self.place_type: tuple[int, ...] = tuple(
            -1 if p.type is None else PLANET_TYPES.index(p.type) for p in places
        )
        self.trade: tuple[bool, ...] = tuple(p.trade for p in places)
        self.seat: tuple[int, ...] = tuple(p.seat for p in places)
        self.gate: tuple[int, ...] = tuple(self.seat.index(s) for s in range(players))
        self.planets: tuple[int, ...] = tuple(i for i, t in enumerate(self.place_type) if t >= 0)
        grid = HexGrid(layout.cells)
        self.grid = grid
        self.cell_of: tuple[int, ...] = tuple(grid.index(p.cell) for p in places)
        n_places = len(places)
        # I16: how range is counted is an interpretation (interpretations.Range).
        ranges = interpretations.range.distances(grid, self.cell_of)
        self.dist: tuple[tuple[int, ...], ...] = tuple(
            tuple(UNREACHABLE if d < 0 else d for d in row) for row in ranges
        )
        max_range = 2 * MAX_MULTIPLIER
        # near[a][r]: other places within range r of a, ascending.
        self.near: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(
                tuple(b for b in range(n_places) if b != a and self.dist[a][b] <= r)
                for r in range(max_range + 1)
            )
            for a in range(n_places)
        )
        # trade_near[a][r]: places with a trade icon within range r of a (Trade moves only between them).
        self.trade_near: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(b for b in row if self.trade[b]) for row in self.near[a]) for a in range(n_places)
        )
        # -- cards
        factions = components.factions
        kinds: list[tuple[int, int]] = []
        for faction in factions:
            for s in faction.sides:
                for top, bottom in s.cards:
                    pair = (ACTIONS.index(top), ACTIONS.index(bottom))
                    if pair not in kinds:
                        kinds.append(pair)
        kinds.sort()
        self.card_actions: tuple[tuple[int, int], ...] = tuple(kinds)
        self.card_names: tuple[str, ...] = tuple(
            f"{ACTION_TITLES[ACTIONS[a]]}/{ACTION_TITLES[ACTIONS[b]]}" for a, b in kinds
        )
        self.faction_names: tuple[str, ...] = tuple(f.name for f in factions)
        self.faction_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(kinds.index((ACTIONS.index(t), ACTIONS.index(b))) for t, b in f.sides[side].cards))
            for f in factions
        )
        basic = components.basic_tactics
        heroes = tuple(f.hero for f in factions)
        tactics = (*basic, *heroes, *components.promotion)
        self.tactic_names: tuple[str, ...] = tuple(t.name for t in tactics)
        self.tactic_power: tuple[int, ...] = tuple(t.power for t in tactics)
        self.tactic_casualties: tuple[int, ...] = tuple(t.casualties for t in tactics)
        self.tactic_vp: tuple[int, ...] = tuple(0 if t.kind == "basic" else TACTIC_VP for t in tactics)
        first_promo = len(basic) + len(heroes)
        self.promotion: tuple[int, ...] = tuple(range(first_promo, len(tactics)))
        self.faction_tactics: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(len(basic) + i if b.letter == h.letter else j for j, b in enumerate(basic)))
            for i, h in enumerate(heroes)
        )
        techs = components.technologies
        self.tech_names: tuple[str, ...] = tuple(t.name for t in techs)
        self.tech_type: tuple[int, ...] = tuple(PLANET_TYPES.index(t.type) for t in techs)
        self.tech_vp: tuple[int, ...] = tuple(t.vp for t in techs)
        effects = interpretations.technology_effects
        self.tech_effect: tuple[TechnologyEffect, ...] = tuple(effects.on_take(t.effect) for t in techs)
        market = interpretations.technology_market
        # I12: which technology deck holds each planet type's (and so each card's) technologies.
        self.type_deck: tuple[int, ...] = tuple(market.deck_of(k) for k in range(len(PLANET_TYPES)))
        self.tech_deck_of: tuple[int, ...] = tuple(self.type_deck[k] for k in self.tech_type)
        objectives = components.objectives
        self.objective_names: tuple[str, ...] = tuple(o.name for o in objectives)
        self.objective_kind: tuple[str, ...] = tuple(o.kind for o in objectives)
        self.objective_type: tuple[int, ...] = tuple(
            -1 if o.type is None else PLANET_TYPES.index(o.type) for o in objectives
        )
        self.objective_count: tuple[int, ...] = tuple(o.count for o in objectives)
        self._build_catalogue()

    def _build_catalogue(self) -> None:
        names = self.place_names
        acts: list[Action] = []

        def block(items: Sequence[Action]) -> int:
            start = len(acts)
            acts.extend(items)
            return start

        uses = [ACTION_TITLES[a] for a in ACTIONS]
        self.off_play = block([
            A.Play(card, use)
            for card, (top, bottom) in zip(self.card_names, self.card_actions, strict=False)
            for use in (uses[top], uses[bottom], "draw")
        ])
        self.off_spend = block([A.SpendTradeGood(True), A.SpendTradeGood(False)])
        self.off_from = block([A.From(n) for n in names])
        self.off_to = block([A.To(n) for n in names])
        self.off_ships = block([A.ChooseShips(c) for c in range(1, 13)])
        self.off_warp = block([A.WarpIn(c) for c in range(1, MAX_MULTIPLIER + 1)])
        self.off_reinforce = block([A.Reinforce(n) for n in names])
        self.off_research = block([A.Research(n) for n in names])
        self.off_take = block([A.TakeTechnology(n) for n in self.tech_names])
        self.off_control = block([A.Control(n) for n in names])
        self.off_promote = block([A.Promote(self.tactic_names[t]) for t in self.promotion])
        self.off_withdraw = block([A.Withdraw(n) for n in names])
        self.id_done = block([A.Done()])
        self.off_draw = block([A.DrawActionCard(c) for c in self.card_names])
        self.off_reveal = block([A.RevealTactic(t) for t in self.tactic_names])
        self.off_objective = block([A.DrawObjective(o) for o in self.objective_names])
        self.off_tech = block([A.RevealTechnology(t) for t in self.tech_names])
        self.off_promo_draw = block([A.DrawPromotion(self.tactic_names[t]) for t in self.promotion])
        self.first_promo = self.promotion[0] if self.promotion else len(self.tactic_names)
        self.catalogue = ActionCatalogue(acts)
        self.score_memo: dict[tuple[object, ...], tuple[tuple[float, ...], ...]] = {}
        """Score rows already counted for this game, by the fields scoring reads
        (see ``WarpgateState._score_rows``); the only mutable thing here."""


# -- General Rules for Movement / Deploying Ships ------------------------------------------


def move_target(t: Tables, owner: Sequence[int], player: int, place: int) -> bool:
    """General Rules for Movement: a ship may move (not attack) to ``place``.

    Not onto another player's ships, never to another player's warpgate;
    outposts, colonies and research drones do not matter.  The same holds for
    deploying: never onto enemy ships (a warpgate counts as a planet).
    """
    o = owner[place]
    s = t.seat[place]
    return (o < 0 or o == player) and (s < 0 or s == player)


def attack_target(t: Tables, player: int, place: int) -> bool:
    """Skirmish/Advance/Concentrate: ``place`` may be moved to or attacked
    (anything but another player's warpgate)."""
    s = t.seat[place]
    return s < 0 or s == player
