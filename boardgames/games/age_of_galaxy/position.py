"""Positions set up by hand, in the rulebook's terms (``game.position(...)``).

Everything is named as on the table: resources by name, Technologies and
Faction cards by name, planets as ``"system.planet"`` counted from the left,
Exploration points as ``"system.point"``.  The result is checked by
:func:`validate.validate`, the validator JSON loading uses too, so a built
position is one the rules could reach; anything wrong raises
:class:`InvalidOptionError` naming the argument or state field and why.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import PRODUCTIVITY, RESOURCES
from boardgames.games.age_of_galaxy.effects import EXPLORATION_TOKENS
from boardgames.games.age_of_galaxy.state import ACTION, D_ACQUIRE, D_SURRENDER, NP, VO, WAR, AgeState
from boardgames.games.age_of_galaxy.tables import Tables
from boardgames.games.age_of_galaxy.validate import validate
from boardgames.games.age_of_galaxy.war import places
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import Game

__all__ = ["build_position", "position"]

PLANET_STATES = {"colonized": 1, "developed": 2, "conquered": 3}
SECTIONS = ("manufacture", "retrieve", "scavenge")
OPPONENT = "opponent"
OPPONENT_FIELDS = ("cruisers", "influence", "prestige")


def _bad(argument: str, why: str) -> InvalidOptionError:
    return InvalidOptionError(f"position({argument}=...): {why}")


def _player(T: Tables, argument: str, value: Any, opponent: bool = False) -> int:
    if opponent and value == OPPONENT:
        if not T.solo:
            raise _bad(argument, "the Virtual Opponent plays only in the solo variants")
        return VO
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < T.n:
        raise _bad(argument, f"{value!r} is not a player 0..{T.n - 1}")
    return value


def _per_player(T: Tables, argument: str, value: Mapping[int, Any] | None) -> dict[int, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise _bad(argument, "must map players to values")
    return {_player(T, argument, p): v for p, v in value.items()}


def _count(argument: str, value: Any, hi: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        raise _bad(argument, f"{value!r} is not a count 0..{hi}")
    return value


def _names(argument: str, value: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise _bad(argument, f"must be a list of names, not {value!r}")
    names = list(value)
    if not all(isinstance(v, str) for v in names):
        raise _bad(argument, "names must be strings")
    return names


def _card(T: Tables, argument: str, name: str) -> int:
    if name not in T.card_name:
        raise _bad(argument, f"no Faction card {name!r}")
    return T.card_name.index(name)


def _tech(T: Tables, argument: str, name: str) -> int:
    for t in T.c.technologies:
        if name in (t.name, t.id):
            return t.index
    raise _bad(argument, f"no Technology {name!r}")


def _place(argument: str, name: Any, per_system: int) -> int:
    """``"system.k"`` (both from 1) as a slot index."""
    parts = name.split(".") if isinstance(name, str) else []
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise _bad(argument, f"{name!r} is not a place like '1.2'")
    system, k = int(parts[0]), int(parts[1])
    if not (1 <= system <= 5 and 1 <= k <= per_system):
        raise _bad(argument, f"{name!r}: System cards are 1..5, places 1..{per_system}")
    return (system - 1) * per_system + k - 1


def build_position(
    T: Tables,
    game: Game,
    *,
    round: int = 1,
    phase: str = "action",
    order: Sequence[int] | None = None,
    to_act: int | None = None,
    passed: Iterable[int] = (),
    resources: Mapping[int, Mapping[str, int]] | None = None,
    technologies: Mapping[int, Iterable[str]] | None = None,
    alliances: Mapping[int, Sequence[str]] | None = None,
    true_ideologies: Mapping[int, str] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    played: Iterable[str] = (),
    action_discs: Mapping[int, int] | None = None,
    systems: Sequence[str] | None = None,
    planet_tokens: Mapping[str, int] | None = None,
    planets: Mapping[str, tuple[int | str, str]] | None = None,
    exploration: Iterable[str] | None = None,
    telescopes: Mapping[int, int] | None = None,
    explore_discs: Mapping[int, int] | None = None,
    sections: Mapping[str, Sequence[int]] | None = None,
    trade_cards: Sequence[str] | None = None,
    trade_discs: Mapping[int, Sequence[int]] | None = None,
    flipped: Iterable[int] = (),
    nominate: Mapping[int, int | str] | None = None,
    virtual_opponent: Mapping[str, int] | None = None,
) -> AgeState:
    """The start of ``to_act``'s turn in the Action phase of ``round``, or with ``phase="war"``
    the single Overlord's acquisition (see ``AgeOfGalaxy.position``)."""
    n = T.n
    c = T.c
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= 5:
        raise _bad("round", f"{round!r} is not a round 1..5")
    fleet = round - 1
    order_t = tuple(range(n)) if order is None else tuple(_player(T, "order", p) for p in order)
    if sorted(order_t) != list(range(n)):
        raise _bad("order", "must list every player once")
    actor = order_t[0] if to_act is None else _player(T, "to_act", to_act)
    passed_mask = 0
    for p in passed:
        passed_mask |= 1 << _player(T, "passed", p)
    # resources
    res = [0] * (8 * n)
    for p in range(n):
        res[p * 8 + PRODUCTIVITY] = 3
    for p, amounts in _per_player(T, "resources", resources).items():
        if not isinstance(amounts, Mapping):
            raise _bad("resources", "each player's resources are a mapping like {'credit': 3}")
        for name, amount in amounts.items():
            if name not in RESOURCES:
                raise _bad("resources", f"no resource {name!r} (resources: {', '.join(RESOURCES)})")
            res[p * 8 + RESOURCES.index(name)] = _count("resources", amount, 999)
    # Technologies
    techs = [0] * n
    for p, names in _per_player(T, "technologies", technologies).items():
        for name in _names("technologies", names):
            techs[p] |= 1 << _tech(T, "technologies", name)
    # Faction cards: named ones first; every Alliance needs a Faction, the rest form the deck
    used = 0

    def take(argument: str, name: str) -> int:
        nonlocal used
        card = _card(T, argument, name)
        if used >> card & 1:
            raise _bad(argument, f"Faction card {name!r} is named twice")
        used |= 1 << card
        return card

    given_alliances = _per_player(T, "alliances", alliances)
    hand_masks = [0] * n
    for p, names in _per_player(T, "hands", hands).items():
        for name in _names("hands", names):
            hand_masks[p] |= 1 << take("hands", name)
    ideology = [-1] * n
    for p, name in _per_player(T, "true_ideologies", true_ideologies).items():
        ideology[p] = take("true_ideologies", name)
    played_mask = 0
    for name in _names("played", played):
        played_mask |= 1 << take("played", name)
    alliance: list[tuple[int, ...]] = [()] * n
    for p, names in given_alliances.items():
        alliance[p] = tuple(take("alliances", name) for name in _names("alliances", names))
    for p in range(n):
        if not alliance[p]:
            plain = next(
                f.index for f in c.factions
                if not used >> f.index & 1 and not f.technologies and not f.protects
            )
            used |= 1 << plain
            alliance[p] = (plain,)
    deck = T.all_cards & ~used
    # the galaxy
    count = 5 if T.explored else min(5, fleet + 2)
    system_ids = tuple(range(count)) if systems is None else tuple(
        next((s.index for s in c.systems if s.name == name), -1) for name in _names("systems", systems)
    )
    if -1 in system_ids:
        raise _bad("systems", f"System cards are {', '.join(s.name for s in c.systems)}")
    if len(system_ids) != count:
        raise _bad("systems", f"{count} System cards are face up in round {round}")
    pkind = [-1] * len(T.slot_pos)
    token_slots = []
    for position, card in enumerate(system_ids):
        for k, kind in T.sys_planets[card]:
            pkind[position * PLANET_SLOTS + k] = kind
        token_slots += [position * PLANET_SLOTS + k for k in T.sys_token_slots[card]]
    chosen = {_place("planet_tokens", name, PLANET_SLOTS): _count("planet_tokens", t, len(c.planet_tokens))
              for name, t in (planet_tokens or {}).items()}
    free_tokens = [t for t in range(len(c.planet_tokens)) if t + 1 not in chosen.values()]
    for slot in token_slots:
        token = chosen.pop(slot, 0) - 1
        if token < 0 and free_tokens:
            token = free_tokens.pop(0)
        if token >= 0:
            pkind[slot] = c.planet_tokens[token]
    if chosen:
        raise _bad("planet_tokens", "a Planet token is placed where no Planet-token icon is")
    ptokens = sum(1 << t for t in range(len(c.planet_tokens)) if c.planet_tokens[t] not in pkind)
    powner = [-1] * len(T.slot_pos)
    plevel = [0] * len(T.slot_pos)
    for name, value in (planets or {}).items():
        slot = _place("planets", name, PLANET_SLOTS)
        if not isinstance(value, tuple) or len(value) != 2 or value[1] not in PLANET_STATES:
            raise _bad("planets", f"{name}: give (owner, 'colonized' / 'developed' / 'conquered')")
        powner[slot] = _player(T, "planets", value[0], opponent=True)
        plevel[slot] = PLANET_STATES[value[1]]
    points = [
        position * EXPLORE_SLOTS + k for position, card in enumerate(system_ids) for k in T.sys_explore[card]
    ][:EXPLORATION_TOKENS]
    if exploration is None:
        spots = points
    else:
        spots = [_place("exploration", name, EXPLORE_SLOTS) for name in _names("exploration", exploration)]
    espots = sum(1 << spot for spot in spots)
    gone = max(0, len(points) - len(set(spots)))
    telescope = [0] * n
    for p, k in _per_player(T, "telescopes", telescopes).items():
        telescope[p] = _count("telescopes", k, EXPLORATION_TOKENS)
    # the Main board and Trade cards
    explore = [0] * n
    for p, k in _per_player(T, "explore_discs", explore_discs).items():
        explore[p] = _count("explore_discs", k, 15)
    section_rows: list[tuple[int, ...]] = [(), (), ()]
    for name, owners in (sections or {}).items():
        if name not in SECTIONS:
            raise _bad("sections", f"sections are {', '.join(SECTIONS)}, not {name!r}")
        section_rows[SECTIONS.index(name)] = tuple(sorted(_player(T, "sections", o) for o in owners))
    trade_ids = (0, 1, 2) if trade_cards is None else tuple(
        next((t.index for t in c.trade_cards if t.name == name), -1)
        for name in _names("trade_cards", trade_cards)
    )
    if -1 in trade_ids or len(trade_ids) != 3:
        raise _bad("trade_cards", f"name 3 of {', '.join(t.name for t in c.trade_cards)}")
    flipped_mask = 0
    for k in flipped:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 3:
            raise _bad("flipped", "Trade cards are numbered 1..3")
        flipped_mask |= 1 << (k - 1)
    tdiscs: list[tuple[int, ...]] = []
    given_trade = dict(trade_discs or {})
    for i, card in enumerate(trade_ids):
        owners = [_player(T, "trade_discs", o) for o in given_trade.pop(i + 1, ())]
        if not flipped_mask >> i & 1:
            owners += [NP] * T.trade_np[card]
        tdiscs.append(tuple(sorted(owners)))
    if given_trade:
        raise _bad("trade_discs", "Trade cards are numbered 1..3")
    track = [-1 if open_ else NP for open_ in T.nominate_open]
    for space, owner in (nominate or {}).items():
        if isinstance(space, bool) or not isinstance(space, int) or not 1 <= space <= len(track):
            raise _bad("nominate", f"Nominate spaces are 1..{len(track)}")
        track[space - 1] = _player(T, "nominate", owner, opponent=True)
    # Action discs: in supply as given (3 by default), on the board where they lie
    discs = [3] * n
    for p, k in _per_player(T, "action_discs", action_discs).items():
        discs[p] = _count("action_discs", k, 15)
    board = [
        sum(lv for o, lv in zip(powner, plevel, strict=True) if o == p and lv < 3) + explore[p]
        + sum(row.count(p) for row in section_rows) + sum(row.count(p) for row in tdiscs)
        + track.count(p) + bin(techs[p]).count("1")
        for p in range(n)
    ]
    vo: tuple[int, ...] = ()
    if T.solo:
        given = dict(virtual_opponent or {})
        unknown = set(given) - set(OPPONENT_FIELDS)
        if unknown:
            raise _bad("virtual_opponent", f"fields are {', '.join(OPPONENT_FIELDS)}")
        sc = T.scenario
        values = [_count("virtual_opponent", given.get(f, 0), 999) for f in OPPONENT_FIELDS]
        if "cruisers" not in given:
            values[0] = 2 if sc is None else sc.opponent_cruisers
        vo_discs = track.count(VO) + sum(
            1 for o, lv in zip(powner, plevel, strict=True) if o == VO and lv == 1
        )
        vo = (*values, 4 if sc is None else sc.opponent_strength, vo_discs)
    elif virtual_opponent:
        raise _bad("virtual_opponent", "the Virtual Opponent plays only in the solo variants")
    s = AgeState._blank(game, actor)
    values_: dict[str, Any] = {
        "stage": ACTION, "pend": (), "round": round, "order": order_t,
        "pos": order_t.index(actor), "passed": passed_mask, "flags": 0,
        "res": tuple(res), "stamp": tuple(n - order_t.index(p) for p in range(n)),
        "clock": n, "discs": tuple(discs), "board_discs": tuple(board), "hands": tuple(hand_masks),
        "discards": (0,) * n, "deck": deck, "packets": (0,) * n, "alliance": tuple(alliance),
        "ideology": tuple(ideology), "played": played_mask, "techs": tuple(techs), "systems": system_ids,
        "fleet": fleet, "pkind": tuple(pkind), "powner": tuple(powner), "plevel": tuple(plevel),
        "ptokens": ptokens, "espots": espots, "telescope": tuple(telescope),
        "unseen": ((1 << EXPLORATION_TOKENS) - 1) & ~((1 << gone) - 1), "gone": gone,
        "explore_discs": tuple(explore), "sections": tuple(section_rows), "trade": trade_ids,
        "tdiscs": tuple(tdiscs), "flipped": flipped_mask, "nominate": tuple(track), "vo": vo,
    }
    for name, value in values_.items():
        object.__setattr__(s, name, value)
    if phase == "war":
        _war_decision(T, s)
    elif phase != "action":
        raise _bad("phase", f"phases are 'action' (a turn) and 'war' (the acquisition), not {phase!r}")
    validate(T, s, InvalidOptionError)
    return s


def _war_decision(T: Tables, s: AgeState) -> None:
    """The War phase's one decision: the single Overlord's acquisition (rewards already gained)."""
    overlords = [o for o, place in places(T, s).items() if place == 1]
    if s.round < 2 or len(overlords) != 1:
        raise _bad("phase", "the War phase (from round 2) waits only for a single Overlord's acquisition")
    overlord = overlords[0]
    if overlord == VO:
        pend: tuple[int, ...] = (D_SURRENDER,)
        actor = 0
    else:
        pend = (D_ACQUIRE, overlord)
        actor = overlord
    for name, value in (("stage", WAR), ("pend", pend), ("passed", (1 << T.n) - 1),
                        ("_player", actor), ("pos", 0)):
        object.__setattr__(s, name, value)


def position(T: Tables, game: Game, setup: Mapping[str, Any]) -> AgeState:
    """:func:`build_position` with its keyword arguments checked by name first."""
    known = set(inspect.signature(build_position).parameters) - {"T", "game"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise InvalidOptionError(
            f"position() has no argument {unknown[0]!r} (arguments: {', '.join(sorted(known))})"
        )
    return build_position(T, game, **setup)
