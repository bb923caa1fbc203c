"""Andromeda's Edge actions: every atomic choice, each with a readable text.

Regions are named as on the board grid (rows A-D, columns 1-6: ``B3``) and
the nebulae ``N1``-``N6``; station modules by their place on the station
(``#0`` is the Primary Reactor); ships by type and number; market modules by
column and space.  Cards, factions, planets and modules go by their names in
the component set, and moons, tokens and ship upgrade tiles by what they show
(:mod:`~boardgames.games.andromedas_edge.names`).  Those names are worked out
once, when the catalogue is built, and carried in each action's ``name``
field, which takes no part in equality.
"""

from __future__ import annotations

from typing import Any

import attrs

from boardgames.games.andromedas_edge.components import (
    RESOURCES,
    SHIP_TYPES,
    TRACKS,
    ComponentSet,
)
from boardgames.games.andromedas_edge.names import effect_text, moon_name, upgrade_name
from boardgames.kernel.actions import Action, ActionCatalogue

__all__ = [
    "BARGE_PLACE",
    "COLOURS",
    "MAX_GAPS",
    "MAX_STATION",
    "TACOPS_SLOT",
    "Abandon",
    "Activate",
    "ActivateScience",
    "AwardSupremacy",
    "BuildShip",
    "BuyModule",
    "ChooseDestiny",
    "ChooseFaction",
    "ChooseRaider",
    "CollectBonus",
    "DamageModule",
    "Develop",
    "DieRoll",
    "DiscardModule",
    "DiscardTactic",
    "Done",
    "DrawCard",
    "DrawToLimit",
    "EndTurn",
    "Escalate",
    "GainAny",
    "GiveModule",
    "KeepOnTop",
    "Launch",
    "MoveIndustry",
    "PlanetRevealed",
    "PlayTactic",
    "Recruit",
    "Repair",
    "ReturnToStation",
    "SlotMoon",
    "SpendAny",
    "SpendEnergyDie",
    "TacOps",
    "TakeShip",
    "TakeToken",
    "Transfer",
    "Upgrade",
    "UseDevelopmentCard",
    "UseFactionAbility",
    "UseToken",
    "action_key",
    "build_catalogue",
    "key_table",
    "region_name",
    "ship_name",
]

COLOURS: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green")
MAX_STATION = 112
"""Station places: the 4 core modules and at most the 108 deck modules."""
MAX_GAPS = 28
"""Half-moon slots between neighbouring industry modules."""
TACOPS_SLOT = -1
"""The Tactical Operations area, as a SlotMoon target."""
BARGE_PLACE = -4
"""The Repair Barge, as a TakeShip place (the ship location of the same value)."""
SHIP_INDEX_TYPES: tuple[int, ...] = (0, 0, 0, 0, 0, 0, 1, 2, 3)

_COLUMNS = 6


def region_name(region: int, spaces: int = 24, columns: int = _COLUMNS) -> str:
    if region >= spaces:
        return f"N{region - spaces + 1}"
    return f"{'ABCDEFGH'[region // columns]}{region % columns + 1}"


def ship_name(index: int) -> str:
    kind = SHIP_INDEX_TYPES[index]
    name = SHIP_TYPES[kind].replace("_", " ")
    return f"{name} {index + 1}" if kind == 0 else name


@attrs.frozen(cache_hash=True)
class ChooseFaction(Action):
    faction: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"keep faction {self.name}"


@attrs.frozen(cache_hash=True)
class ChooseDestiny(Action):
    card: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"keep destiny card {self.name}"


@attrs.frozen(cache_hash=True)
class Launch(Action):
    """Launch a ship of ``ship`` type to ``region`` (``jump``: pay 1 energy for infinite range)."""

    ship: int
    region: int
    jump: bool
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        how = " by jump" if self.jump else ""
        return f"launch {SHIP_TYPES[self.ship].replace('_', ' ')} to {self.name}{how}"


@attrs.frozen(cache_hash=True)
class ReturnToStation(Action):
    def __str__(self) -> str:
        return "return to station"


@attrs.frozen(cache_hash=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end turn"


@attrs.frozen(cache_hash=True)
class Done(Action):
    """Finish the current step (escalation, preparations, activations ...)."""

    def __str__(self) -> str:
        return "done"


@attrs.frozen(cache_hash=True)
class ChooseRaider(Action):
    cls: int

    def __str__(self) -> str:
        return f"raider strike by class {'SABCD'[self.cls]}"


@attrs.frozen(cache_hash=True)
class KeepOnTop(Action):
    card: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"keep event card {self.name} on top"


@attrs.frozen(cache_hash=True)
class SpendAny(Action):
    resource: int

    def __str__(self) -> str:
        return f"spend 1 {RESOURCES[self.resource]}"


@attrs.frozen(cache_hash=True)
class GainAny(Action):
    resource: int

    def __str__(self) -> str:
        return f"gain 1 {RESOURCES[self.resource]}"


@attrs.frozen(cache_hash=True)
class BuyModule(Action):
    column: int
    place: int

    def __str__(self) -> str:
        return f"take the module in {TRACKS[self.column]} column space {self.place + 1}"


@attrs.frozen(cache_hash=True)
class DiscardModule(Action):
    column: int
    place: int

    def __str__(self) -> str:
        return f"discard the module in {TRACKS[self.column]} column space {self.place + 1}"


@attrs.frozen(cache_hash=True)
class BuildShip(Action):
    ship: int

    def __str__(self) -> str:
        return f"build {SHIP_TYPES[self.ship].replace('_', ' ')}"


@attrs.frozen(cache_hash=True)
class Repair(Action):
    """A repair option: 0 a scrapped ship of type ``target`` to the Repair
    Barge, 1 recharge a shield of a ``target``-type ship in the Launch Bay,
    2 remove damage from station module ``target``, 3 nothing to repair."""

    option: int
    target: int

    def __str__(self) -> str:
        if self.option == 0:
            return f"repair scrapped {SHIP_TYPES[self.target].replace('_', ' ')}"
        if self.option == 1:
            return f"recharge {SHIP_TYPES[self.target].replace('_', ' ')} shields"
        if self.option == 2:
            return f"repair module #{self.target}"
        return "nothing to repair: gain 1 VP"


@attrs.frozen(cache_hash=True)
class Develop(Action):
    region: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"build development on {self.name}"


@attrs.frozen(cache_hash=True)
class DrawCard(Action):
    """Architect: draw 1 tactics card instead of developing."""

    def __str__(self) -> str:
        return "draw 1 tactics card"


@attrs.frozen(cache_hash=True)
class DrawToLimit(Action):
    """Civilization Track: draw tactics cards up to the new hand limit (or ``done`` to decline)."""

    def __str__(self) -> str:
        return "draw tactics cards up to the hand limit"


@attrs.frozen(cache_hash=True)
class Upgrade(Action):
    tile: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"place {self.name}"


@attrs.frozen(cache_hash=True)
class TakeToken(Action):
    kind: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"claim discovery token ({self.name})"


@attrs.frozen(cache_hash=True)
class Escalate(Action):
    ship: int

    def __str__(self) -> str:
        return f"move {ship_name(self.ship)} into battle"


@attrs.frozen(cache_hash=True)
class PlayTactic(Action):
    kind: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"play tactics card {self.name}"


@attrs.frozen(cache_hash=True)
class SpendEnergyDie(Action):
    def __str__(self) -> str:
        return "spend 1 energy for a battle die"


@attrs.frozen(cache_hash=True)
class TacOps(Action):
    """Tactical Operations: ``moon`` False draws a card, True takes the slotted moon's resources."""

    moon: bool

    def __str__(self) -> str:
        return "tactical operations: slotted moon" if self.moon else "tactical operations: draw 1"


@attrs.frozen(cache_hash=True)
class Activate(Action):
    slot: int
    ship: bool

    def __str__(self) -> str:
        return f"activate module #{self.slot} with {'a ship' if self.ship else 'energy'}"


@attrs.frozen(cache_hash=True)
class TakeShip(Action):
    """Activate Modules: the ship of type ``ship`` taken from ``place`` (a region,
    or ``BARGE_PLACE`` for the Repair Barge) and placed on the module."""

    ship: int
    place: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        where = "the Repair Barge" if self.place == BARGE_PLACE else self.name
        return f"take {SHIP_TYPES[self.ship].replace('_', ' ')} from {where}"


@attrs.frozen(cache_hash=True)
class ActivateScience(Action):
    slot: int

    def __str__(self) -> str:
        return f"activate science module #{self.slot} through the reactor"


@attrs.frozen(cache_hash=True)
class DamageModule(Action):
    slot: int

    def __str__(self) -> str:
        return f"damage module #{self.slot}"


@attrs.frozen(cache_hash=True)
class DiscardTactic(Action):
    kind: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"discard tactics card {self.name}"


@attrs.frozen(cache_hash=True)
class SlotMoon(Action):
    """Slot a claimed moon: ``slot`` a station place, TACOPS_SLOT, or
    ``MAX_STATION + g`` the half-moon slot after industry module g."""

    moon: int
    slot: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        if self.slot == TACOPS_SLOT:
            where = "tactical operations"
        elif self.slot >= MAX_STATION:
            where = f"industry half-moon slot {self.slot - MAX_STATION + 1}"
        else:
            where = f"module #{self.slot}"
        return f"slot {self.name} into {where}"


@attrs.frozen(cache_hash=True)
class Abandon(Action):
    moon: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"abandon {self.name}"


@attrs.frozen(cache_hash=True)
class UseDevelopmentCard(Action):
    type: int

    def __str__(self) -> str:
        return f"use {TRACKS[self.type]} development card"


@attrs.frozen(cache_hash=True)
class UseToken(Action):
    """Discard a held token: ``supremacy`` False a discovery token."""

    supremacy: bool
    kind: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"use {'supremacy' if self.supremacy else 'discovery'} token ({self.name})"


@attrs.frozen(cache_hash=True)
class Recruit(Action):
    region: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"recruit leader from {self.name}"


@attrs.frozen(cache_hash=True)
class CollectBonus(Action):
    region: int
    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"collect bonus resources at {self.name}"


@attrs.frozen(cache_hash=True)
class MoveIndustry(Action):
    """Rearrange the industry row: move industry module ``#slot`` to row place
    ``place`` (place 0 is the Shipwright, printed on the station mat)."""

    slot: int
    place: int

    def __str__(self) -> str:
        return f"move industry module #{self.slot} to industry place {self.place + 1}"


@attrs.frozen(cache_hash=True)
class UseFactionAbility(Action):
    """Use Faction Abilities: the faction's once-per-turn free action."""

    def __str__(self) -> str:
        return "use faction ability"


@attrs.frozen(cache_hash=True)
class AwardSupremacy(Action):
    """2v2: the active player decides which of two teammates reaching the same
    supremacy token space at the same time takes the token."""

    player: int

    def __str__(self) -> str:
        return f"supremacy token to {COLOURS[self.player]}"


@attrs.frozen(cache_hash=True)
class GiveModule(Action):
    """2v2: the first module acquired on a turn may go to the teammate instead."""

    give: bool

    def __str__(self) -> str:
        return "give the module to teammate" if self.give else "keep the module"


@attrs.frozen(cache_hash=True)
class Transfer(Action):
    """2v2: give (``give``) or take one thing to or from the teammate.

    ``resource`` 0-4 is a resource; the others name a component of kind
    ``kind``: :data:`TRANSFER_TACTIC` a tactics card, :data:`TRANSFER_MOON` a
    claimed (unslotted) moon, :data:`TRANSFER_DISCOVERY` a discovery token,
    :data:`TRANSFER_SUPREMACY` a supremacy token."""

    give: bool
    resource: int
    kind: int = 0
    name: str = attrs.field(eq=False, default="")
    """The component's name (``tactics card Salvage Run``); a resource is named by ``resource``."""

    def __str__(self) -> str:
        what = f"1 {RESOURCES[self.resource]}" if self.resource < TRANSFER_TACTIC else self.name
        return f"{'give' if self.give else 'take'} {what} {'to' if self.give else 'from'} teammate"


TRANSFER_TACTIC, TRANSFER_MOON, TRANSFER_DISCOVERY, TRANSFER_SUPREMACY = 5, 6, 7, 8
"""The non-resource things :class:`Transfer` moves (its ``resource`` field)."""


# -- chance outcomes ---------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class DrawnTactic(Action):
    kind: int

    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"tactics card {self.name} drawn"


@attrs.frozen(cache_hash=True)
class MoonRevealed(Action):
    kind: int

    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"{self.name} revealed"


@attrs.frozen(cache_hash=True)
class ModuleRevealed(Action):
    kind: int

    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"module {self.name} revealed"


@attrs.frozen(cache_hash=True)
class PlanetRevealed(Action):
    planet: int

    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"planet {self.name} revealed"


@attrs.frozen(cache_hash=True)
class EventRevealed(Action):
    card: int

    name: str = attrs.field(eq=False, default="")

    def __str__(self) -> str:
        return f"event card {self.name} revealed"


@attrs.frozen(cache_hash=True)
class DieRoll(Action):
    face: int

    def __str__(self) -> str:
        return f"die shows {self.face}"


def action_key(action: Action) -> tuple[Any, ...]:
    """``(class, *fields)`` of ``action``, without the fields that take no part in equality."""
    record: Any = type(action)  # an attrs class (the kernel's Action base is not one)
    return (record, *(getattr(action, f.name) for f in attrs.fields(record) if f.eq))


def key_table(catalogue: ActionCatalogue) -> dict[tuple[Any, ...], int]:
    """The id of every action of ``catalogue`` by :func:`action_key`."""
    return {action_key(a): i for i, a in enumerate(catalogue.actions)}


def build_catalogue(c: ComponentSet, teams: bool) -> ActionCatalogue:
    """Every action of the game, decisions first, then chance outcomes."""
    regions = c.spaces + 6
    names = [region_name(r, c.spaces, c.columns) for r in range(regions)]
    moons = [moon_name(c, m) for m in range(len(c.moons))]
    upgrades = [upgrade_name(c, t) for t in range(len(c.upgrades) + len(c.factions))]
    tactics = [t.name for t in c.tactics]
    discoveries = [effect_text(e) for e in c.discoveries]
    supremacy = [effect_text(e) for e in c.supremacy]
    acts: list[Action] = [ReturnToStation(), EndTurn(), Done(), DrawCard(), SpendEnergyDie(), DrawToLimit()]
    acts += [ChooseFaction(f, faction.name) for f, faction in enumerate(c.factions)]
    acts += [ChooseDestiny(d, card.name) for d, card in enumerate(c.destiny)]
    acts += [Launch(s, r, j, names[r]) for s in range(4) for r in range(regions) for j in (False, True)]
    acts += [ChooseRaider(k) for k in range(5)]
    acts += [KeepOnTop(e, card.name) for e, card in enumerate(c.events)]
    acts += [SpendAny(r) for r in range(5)] + [GainAny(r) for r in range(5)]
    acts += [BuyModule(k, i) for k in range(4) for i in range(3)]
    acts += [DiscardModule(k, i) for k in range(4) for i in range(3)]
    acts += [BuildShip(s) for s in range(4)]
    acts += [Repair(0, s) for s in range(4)] + [Repair(1, s) for s in range(4)]
    acts += [Repair(2, i) for i in range(MAX_STATION)] + [Repair(3, 0)]
    acts += [Develop(r, names[r]) for r in range(c.spaces)]
    acts += [Upgrade(t, name) for t, name in enumerate(upgrades)]
    acts += [TakeToken(k, name) for k, name in enumerate(discoveries)]
    acts += [Escalate(i) for i in range(9)]
    acts += [PlayTactic(k, name) for k, name in enumerate(tactics)]
    acts += [TacOps(False), TacOps(True)]
    acts += [Activate(i, s) for i in range(MAX_STATION) for s in (True, False)]
    places = (*range(regions), BARGE_PLACE)
    acts += [TakeShip(t, r, names[r] if r >= 0 else "") for t in range(4) for r in places]
    acts += [ActivateScience(i) for i in range(MAX_STATION)]
    acts += [DamageModule(i) for i in range(MAX_STATION)]
    acts += [DiscardTactic(k, name) for k, name in enumerate(tactics)]
    slots = (TACOPS_SLOT, *range(MAX_STATION), *range(MAX_STATION, MAX_STATION + MAX_GAPS))
    acts += [SlotMoon(m, s, name) for m, name in enumerate(moons) for s in slots]
    acts += [Abandon(m, name) for m, name in enumerate(moons)]
    acts += [UseDevelopmentCard(t) for t in range(5)]
    acts += [UseToken(False, k, name) for k, name in enumerate(discoveries)]
    acts += [UseToken(True, k, name) for k, name in enumerate(supremacy)]
    acts += [Recruit(r, names[r]) for r in range(regions)]
    acts += [CollectBonus(r, names[r]) for r in range(regions)]
    acts += [MoveIndustry(k, i) for k in range(4, MAX_STATION) for i in range(1, MAX_GAPS)]
    acts += [UseFactionAbility()]
    if teams:
        acts += [Transfer(g, r) for g in (True, False) for r in range(5)]
        things = (
            (TRANSFER_TACTIC, [f"tactics card {name}" for name in tactics]),
            (TRANSFER_MOON, moons),
            (TRANSFER_DISCOVERY, [f"discovery token ({name})" for name in discoveries]),
            (TRANSFER_SUPREMACY, [f"supremacy token ({name})" for name in supremacy]),
        )
        for thing, labels in things:
            acts += [Transfer(g, thing, k, name) for g in (True, False) for k, name in enumerate(labels)]
        acts += [GiveModule(False), GiveModule(True)]
        acts += [AwardSupremacy(p) for p in range(4)]
    acts += [DrawnTactic(k, name) for k, name in enumerate(tactics)]
    acts += [MoonRevealed(k, name) for k, name in enumerate(moons)]
    acts += [ModuleRevealed(k, module.name) for k, module in enumerate(c.modules)]
    acts += [PlanetRevealed(p, planet.name) for p, planet in enumerate(c.planets)]
    acts += [EventRevealed(e, card.name) for e, card in enumerate(c.events)]
    acts += [DieRoll(f) for f in range(1, 7)]
    return ActionCatalogue(acts)
