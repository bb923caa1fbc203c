"""JSON data for Age of Galaxy states, validated field by field on load.

Every field is checked for type, length and range with the kernel's
:class:`Reader`; then the whole is checked for consistency (every Faction
card in exactly one place, disc and Cruiser limits, a pending decision that
fits the player to act).  Anything wrong raises :class:`SerializationError`.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.age_of_galaxy.components import CREDIT, CRUISER, PRODUCTIVITY, STRENGTH
from boardgames.games.age_of_galaxy.state import (
    ACTION,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    CRUISERS_PER_PLAYER,
    D_ACQUIRE,
    D_ADAPT,
    D_BONUS,
    D_BUILD,
    D_EXCHANGE,
    D_PAY,
    D_RETRIEVE,
    D_SURRENDER,
    D_TAKE,
    D_USE,
    DISCARD,
    DISCS_PER_PLAYER,
    NP,
    PENDING,
    STAGES,
    VO,
    WAR,
    AgeState,
)
from boardgames.games.age_of_galaxy.tables import Tables
from boardgames.kernel.errors import SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL, Game
from boardgames.kernel.serialize import Reader, int_list

BIG = 10**6

# pending decision -> (stages where it may stand, lengths of ``pend`` it may have)
_PENDING_SHAPES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    D_USE: ((ACTION,), (2,)),
    D_EXCHANGE: ((ACTION,), (2,)),
    D_PAY: ((ACTION,), (2,)),
    D_TAKE: ((ACTION,), (2,)),
    D_BUILD: ((ACTION,), (1,)),
    D_RETRIEVE: ((ACTION,), (1,)),
    D_ADAPT: ((ACTION,), (2,)),
    D_BONUS: ((ACTION,), (1,)),
    D_ACQUIRE: ((WAR,), (2,)),
    D_SURRENDER: ((WAR,), (1,)),
    C_REDRAW: ((DISCARD,), (3,)),
    C_EXPLORE: ((ACTION,), (2,)),
    C_SYSTEM: ((ACTION, WAR), (1,)),
    C_PLANET_TOKEN: ((ACTION, WAR), (2, 3, 4, 5)),
    C_SOLO: ((ACTION, WAR), (2,)),
    C_DIE: ((ACTION, WAR), (1,)),
}


NESTED = frozenset({"alliance", "sections", "tdiscs"})
FLAT = frozenset(
    {"pend", "order", "res", "stamp", "discs", "board_discs", "hands", "discards", "packets", "ideology",
     "techs", "systems", "pkind", "powner", "plevel", "telescope", "explore_discs", "trade", "nominate", "vo"}
)


def state_to_data(s: AgeState) -> dict[str, Any]:
    d = s.__dict__
    data: dict[str, Any] = {}
    for name in AgeState.FIELDS:
        value = d[name]
        if name in FLAT:
            data[name] = list(value)
        elif name in NESTED:
            data[name] = [list(v) for v in value]
        else:
            data[name] = value
    data["player"] = s._player
    return data


def _owner_lists(r: Reader, key: str, count: int, hi: int) -> tuple[tuple[int, ...], ...]:
    value = r.list(key)
    if len(value) != count:
        raise SerializationError(f"state.{key} must be a list of {count} lists")
    out = []
    for i, row in enumerate(value):
        items = int_list(row, None, 0, hi, f"state.{key}[{i}]")
        if list(items) != sorted(items) or len(items) > 64:
            raise SerializationError(f"state.{key}[{i}] must be sorted owners")
        out.append(items)
    return tuple(out)


def state_from_data(T: Tables, game: Game, data: Any) -> AgeState:
    r = Reader(data, "state")
    n = T.n
    cards = T.all_cards
    nslots = len(T.slot_pos)
    values: dict[str, Any] = {}
    player = r.int("player", TERMINAL, n - 1)
    if player in (-2, -3):
        raise SerializationError("state.player is not a player, CHANCE or TERMINAL")
    values["stage"] = r.int("stage", 0, len(STAGES) - 1)
    values["pend"] = r.ints("pend", None, -1, 63)
    if len(values["pend"]) > 6 or (values["pend"] and not 0 < values["pend"][0] < len(PENDING)):
        raise SerializationError("state.pend is not a pending decision")
    values["round"] = r.int("round", 0, 5)
    order = r.ints("order", n, 0, n - 1)
    if sorted(order) != list(range(n)):
        raise SerializationError("state.order must list every player once")
    values["order"] = order
    values["pos"] = r.int("pos", 0, n - 1)
    values["passed"] = r.int("passed", 0, (1 << n) - 1)
    values["flags"] = r.int("flags", 0, 3)
    res = r.ints("res", 8 * n, 0, BIG)
    for p in range(n):
        for i in (CREDIT, PRODUCTIVITY, STRENGTH):
            if res[p * 8 + i] > 12:
                raise SerializationError(f"state.res: player {p} is over the cap of 12")
        if res[p * 8 + CRUISER] > 5:
            raise SerializationError(f"state.res: player {p} has more than 5 Cruisers in supply")
    values["res"] = res
    stamp = r.ints("stamp", n, 0, BIG)
    if len(set(stamp)) != n:
        raise SerializationError("state.stamp: two Prestige markers cannot both be on top")
    values["stamp"] = stamp
    values["clock"] = r.int("clock", max(stamp), BIG)
    values["discs"] = r.ints("discs", n, 0, DISCS_PER_PLAYER)
    values["board_discs"] = r.ints("board_discs", n, 0, DISCS_PER_PLAYER)
    for p in range(n):
        if values["discs"][p] + values["board_discs"][p] > DISCS_PER_PLAYER:
            raise SerializationError(f"state: player {p} has more Action discs than exist")
    values["hands"] = r.ints("hands", n, 0, cards)
    values["discards"] = r.ints("discards", n, 0, cards)
    values["deck"] = r.int("deck", 0, cards)
    values["packets"] = r.ints("packets", n, 0, cards)
    alliance = r.list("alliance")
    if len(alliance) != n:
        raise SerializationError(f"state.alliance must be a list of {n} lists")
    values["alliance"] = tuple(
        int_list(a, None, 0, T.nfac - 1, f"state.alliance[{i}]") for i, a in enumerate(alliance)
    )
    if any(len(a) > 3 for a in values["alliance"]):
        raise SerializationError("state.alliance: at most 3 Factions in an Alliance")
    values["ideology"] = r.ints("ideology", n, -1, T.nfac - 1)
    values["played"] = r.int("played", 0, cards)
    values["techs"] = r.ints("techs", n, 0, (1 << T.ntech) - 1)
    systems = r.ints("systems", None, 0, len(T.c.systems) - 1)
    if not 2 <= len(systems) <= 5 or len(set(systems)) != len(systems):
        raise SerializationError("state.systems must be 2 to 5 distinct System cards")
    values["systems"] = systems
    values["fleet"] = r.int("fleet", 0, 4)
    values["pkind"] = r.ints("pkind", nslots, -1, len(T.c.planet_kinds) - 1)
    values["powner"] = r.ints("powner", nslots, -1, VO)
    values["plevel"] = r.ints("plevel", nslots, 0, 3)
    for slot in range(nslots):
        owner, level, kind = values["powner"][slot], values["plevel"][slot], values["pkind"][slot]
        if (owner < 0) != (level == 0) or (owner >= 0 and kind < 0) or (0 <= owner < VO and owner >= n):
            raise SerializationError(f"state: planet slot {slot} is inconsistent")
    values["ptokens"] = r.int("ptokens", 0, (1 << len(T.c.planet_tokens)) - 1)
    values["espots"] = r.int("espots", 0, (1 << 15) - 1)
    values["telescope"] = r.ints("telescope", n, 0, 9)
    values["unseen"] = r.int("unseen", 0, (1 << len(T.c.exploration_tokens)) - 1)
    values["gone"] = r.int("gone", 0, len(T.c.exploration_tokens))
    used = values["gone"] + bin(values["espots"]).count("1") + sum(values["telescope"])
    if used > len(T.c.exploration_tokens):
        raise SerializationError("state: more Exploration tokens than exist")
    values["explore_discs"] = r.ints("explore_discs", n, 0, DISCS_PER_PLAYER)
    values["sections"] = _owner_lists(r, "sections", 3, n - 1)
    trade = r.ints("trade", 3, 0, len(T.c.trade_cards) - 1)
    if len(set(trade)) != 3:
        raise SerializationError("state.trade must be 3 distinct Trade cards")
    values["trade"] = trade
    values["tdiscs"] = _owner_lists(r, "tdiscs", 3, NP)
    values["flipped"] = r.int("flipped", 0, 7)
    values["nominate"] = r.ints("nominate", len(T.c.nominate), -1, NP)
    vo = r.ints("vo", None, 0, BIG)
    if len(vo) != (5 if T.solo else 0):
        raise SerializationError("state.vo must hold the Virtual Opponent in solo games only")
    values["vo"] = vo
    # consistency
    seen = 0
    groups = [*values["hands"], *values["discards"], values["deck"], *values["packets"], values["played"]]
    groups += [1 << c for a in values["alliance"] for c in a]
    groups += [1 << c for c in values["ideology"] if c >= 0]
    for g in groups:
        if seen & g:
            raise SerializationError("state: a Faction card is in two places")
        seen |= g
    if seen != cards:
        raise SerializationError("state: some Faction cards are missing")
    for p in range(n):
        owners = zip(values["powner"], values["plevel"], strict=False)
        on_planets = sum(1 for o, lv in owners if o == p and lv == 3)
        if res[p * 8 + CRUISER] + on_planets > CRUISERS_PER_PLAYER:
            raise SerializationError(f"state: player {p} has more Cruisers than exist")
    pend = values["pend"]
    if player == CHANCE and not (pend and C_REDRAW <= pend[0] <= C_DIE):
        raise SerializationError("state: a chance node needs a pending chance event")
    if player >= 0 and pend and pend[0] >= C_REDRAW:
        raise SerializationError("state: a pending chance event while a player is to act")
    if pend:
        stages, lengths = _PENDING_SHAPES[pend[0]]
        if values["stage"] not in stages or len(pend) not in lengths:
            stage = STAGES[values["stage"]]
            raise SerializationError(f"state.pend {list(pend)} does not fit the {stage} stage")
    s = AgeState._blank(game, player)
    for name, value in values.items():
        object.__setattr__(s, name, value)
    _check_playable(s)
    return s


def _check_playable(s: AgeState) -> None:
    """A decision must offer actions and a chance node outcomes (tampered data may not)."""
    try:
        if s._player >= 0:
            ok = bool(s._legal_ids())
        elif s._player == CHANCE:
            ok = bool(s._chance_ids())
        else:
            ok = True
    except (IndexError, KeyError, ValueError, ZeroDivisionError) as error:
        raise SerializationError(f"state is inconsistent: {error!r}") from None
    if not ok:
        raise SerializationError("state is inconsistent: nothing can happen next")
