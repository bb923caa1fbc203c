"""Text pictures of Age of Galaxy states and log lines for actions."""

from __future__ import annotations

from boardgames.games.age_of_galaxy import scoring
from boardgames.games.age_of_galaxy.actions import (
    EXPLORE_SLOTS,
    PLANET_SLOTS,
    Discard,
    Draft,
    Draw,
    Exchange,
    Trade,
    gains_text,
    planet_name,
)
from boardgames.games.age_of_galaxy.components import IDEOLOGIES, PLANET_TYPES, RESOURCES
from boardgames.games.age_of_galaxy.effects import VO_CRUISERS, VO_INFLUENCE, VO_PRESTIGE, VO_STRENGTH
from boardgames.games.age_of_galaxy.state import NP, PENDING, STAGES, VO, AgeState
from boardgames.games.age_of_galaxy.tables import Tables
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL

_LEVEL = ("", "colonized", "developed", "conquered")


def _owner(T: Tables, owner: int) -> str:
    if owner == VO:
        return "virtual opponent"
    if owner == NP:
        return "blocked"
    return f"P{owner}"


def render(T: Tables, s: AgeState) -> str:
    c = T.c
    lines = []
    who = {CHANCE: "chance to act", TERMINAL: "game over"}.get(s._player, f"P{s._player} to act")
    pend = f", pending {PENDING[s.pend[0]]}" if s.pend else ""
    lines.append(f"Age of Galaxy - round {s.round}, {STAGES[s.stage]} stage, {who}{pend}")
    lines.append("Turn order: " + " ".join(f"P{p}" for p in s.order))
    lines.append(f"Galaxy (fleet at system {s.fleet + 1}):")
    for pos in range(5):
        if pos >= len(s.systems):
            lines.append(f"  {pos + 1}. [face down]")
            continue
        card = c.systems[s.systems[pos]]
        marker = " <- Galactic Fleet" if pos == s.fleet else ""
        lines.append(f"  {pos + 1}. {card.name}{marker}")
        for k in range(PLANET_SLOTS):
            slot = pos * PLANET_SLOTS + k
            kind = s.pkind[slot]
            if kind < 0:
                continue
            planet = c.planet_kinds[kind]
            holder = ""
            if s.powner[slot] >= 0:
                holder = f" - {_LEVEL[s.plevel[slot]]} by {_owner(T, s.powner[slot])}"
            what = f"{PLANET_TYPES[planet.type]} ({gains_text(planet.reward)})"
            lines.append(f"     planet {planet_name(slot)} {what}{holder}")
        tokens = [k for k in range(EXPLORE_SLOTS) if s.espots >> (pos * EXPLORE_SLOTS + k) & 1]
        if tokens:
            lines.append("     exploration tokens at " + ", ".join(f"{pos + 1}.{k + 1}" for k in tokens))
    lines.append("Trade cards:")
    for i, t in enumerate(s.trade):
        trade = c.trade_cards[t]
        side = "flipped" if s.flipped >> i & 1 else f"{len(s.tdiscs[i])}/{len(trade.spaces)} spaces filled"
        lines.append(f"  card {i + 1}: {trade.name} ({side})")
    lines.append(
        "Nominate: " + ", ".join(
            f"{sp.prestige}:{'-' if o < 0 else _owner(T, o)}"
            for sp, o in zip(c.nominate, s.nominate, strict=False)
        )
    )
    points = scoring.scores(T, s)
    for p in range(T.n):
        b = p * 8
        res = ", ".join(f"{RESOURCES[i]} {s.res[b + i]}" for i in range(8))
        alliance = ", ".join(c.factions[x].name for x in s.alliance[p]) or "-"
        techs = ", ".join(t.name for t in c.technologies if s.techs[p] >> t.index & 1) or "-"
        ideology = scoring.major_ideology(T, s, p)
        lines.append(f"P{p}: {points[p]:g} VP; {res}; discs {s.discs[p]}; hand {bin(s.hands[p]).count('1')}")
        lines.append(f"    alliance: {alliance}; major ideology: "
                     f"{'none' if ideology is None else IDEOLOGIES[ideology]}; technologies: {techs}")
    if T.solo:
        vo = s.vo
        lines.append(
            f"Virtual opponent: cruisers {vo[VO_CRUISERS]}, influence {vo[VO_INFLUENCE]}, "
            f"prestige {vo[VO_PRESTIGE]}, strength {vo[VO_STRENGTH]}"
        )
    return "\n".join(lines)


def describe(T: Tables, s: AgeState, action: Action, viewer: int | None) -> str:
    """A log line; a draw, discard or draft names the card only to its owner (and spectators)."""
    who = "chance" if s._player == CHANCE else f"P{s._player}"
    if isinstance(action, Draw):
        owner = s.pend[1]
        if viewer is not None and viewer != owner:
            return f"P{owner} draws a Faction card"
        return f"P{owner} draws {action.name}"
    if isinstance(action, (Discard, Draft)) and viewer is not None and viewer != s._player:
        return f"{who}: {'discards' if isinstance(action, Discard) else 'drafts'} a Faction card"
    if isinstance(action, Trade):
        return f"{who}: trade at {T.c.trade_cards[s.trade[action.position]].name}"
    if isinstance(action, Exchange) and s.pend:
        card = T.c.trade_cards[s.trade[s.pend[1]]]
        ex = (card.back if s.flipped >> s.pend[1] & 1 else card.exchanges)[action.option]
        return f"{who}: exchange {gains_text(ex.give)} for {gains_text(ex.get)}"
    return f"{who}: {action}"
