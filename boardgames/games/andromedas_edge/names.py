"""Andromeda's Edge components in words: the names action texts and logs use.

The rulebook names moons, discovery and supremacy tokens and ship upgrade
tiles only by what they show, so those are named by their colour or ship
type and their printed effect (``science moon (2 energy)``).
"""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge.components import (
    ABILITIES,
    RESOURCES,
    SHIP_TYPES,
    TRACKS,
    ComponentSet,
    Effect,
    ShipSpec,
)

__all__ = [
    "amounts",
    "effect_text",
    "moon_colour",
    "moon_name",
    "ship_spec_text",
    "ship_type_name",
    "upgrade_name",
]


def ship_type_name(kind: int) -> str:
    return SHIP_TYPES[kind].replace("_", " ")


def amounts(values: Any, *, joiner: str = ", ") -> str:
    """``(1, 0, 2, 0, 0)`` as ``1 energy, 2 ice`` (``nothing`` when all are zero)."""
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(values) if n]
    return joiner.join(parts) if parts else "nothing"


def effect_text(effect: Effect | None) -> str:
    """An effect in words, in the order the rules apply its parts."""
    if effect is None:
        return "no effect"
    parts = []
    if any(effect.gain):
        parts.append("gain " + amounts(effect.gain))
    if effect.vp:
        parts.append(f"{effect.vp} VP")
    if effect.draw:
        parts.append(f"draw {effect.draw} tactics card{'s' if effect.draw > 1 else ''}")
    if effect.repair:
        parts.append(f"repair {effect.repair}")
    for track in effect.advance:
        parts.append(f"advance on the {TRACKS[track]} track")
    if effect.event:
        parts.append("trigger an event")
    if effect.damage:
        parts.append(f"{effect.damage} damage to a station module")
    if effect.dice:
        parts.append(f"+{effect.dice} battle dice")
    if effect.targeting:
        parts.append(f"+{effect.targeting} targeting")
    if effect.ceasefire:
        parts.append("ceasefire (the battle ends)")
    if effect.build_ship:
        parts.append("build a ship")
    if any(effect.bonus):
        parts.append("bonus " + amounts(effect.bonus) + " on every nebula")
    return "; ".join(parts) if parts else "no effect"


def ship_spec_text(spec: ShipSpec) -> str:
    abilities = [name for i, name in enumerate(ABILITIES) if spec.abilities >> i & 1]
    text = f"range {spec.range}, weapons {spec.weapons}"
    if spec.shields:
        text += f", shields {spec.shields}"
    if spec.targeting:
        text += f", targeting +{spec.targeting}"
    return text + (f" ({', '.join(abilities)})" if abilities else "")


def moon_colour(colour: int) -> str:
    return "orphaned nebula" if colour == 5 else TRACKS[colour]


def moon_name(c: ComponentSet, kind: int) -> str:
    """A moon kind by its colour and what it gives: ``science moon (2 energy)``."""
    moon = c.moons[kind]
    colour = moon_colour(moon.colour)
    gains = []
    if any(moon.gain):
        gains.append(amounts(moon.gain))
    if moon.vp:
        gains.append(f"{moon.vp} VP")
    if moon.repair:
        gains.append(f"repair {moon.repair}")
    return f"{colour} moon ({', '.join(gains) or 'nothing'})"


def upgrade_name(c: ComponentSet, tile: int) -> str:
    """A ship upgrade tile by ship type, owner and printed values."""
    n = len(c.upgrades)
    spec = c.upgrades[tile] if tile < n else c.factions[tile - n].upgrade
    owner = "neutral" if tile < n else f"{c.factions[tile - n].name} faction"
    return f"{ship_type_name(spec.ship)} upgrade ({owner}): {ship_spec_text(spec)}"
