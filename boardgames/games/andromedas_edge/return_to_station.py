"""Return to Station (Activate Modules, Return All Ships, Discard Energy),
Starships (building), Damage & Repair, and moon slots on modules."""

from __future__ import annotations

from functools import cache
from typing import Any

from boardgames.games.andromedas_edge import launching, progress_tracks
from boardgames.games.andromedas_edge.actions import MAX_STATION, TACOPS_SLOT, ActivateScience
from boardgames.games.andromedas_edge.components import ENERGY, Module
from boardgames.games.andromedas_edge.progress_tracks import can_afford, price
from boardgames.games.andromedas_edge.state import (
    BARGE,
    BAY,
    OFF_BOARD,
    ON_MODULE,
    SCRAPPED,
    SUPPLY,
    Task,
    add_to,
    put_in,
)
from boardgames.kernel.resources import WildPrice
from boardgames.kernel.work import put

REACTOR, SHIPWRIGHT, TREASURY, ARCHITECT = range(4)
USED_SHIP, USED_ENERGY, USED_REACTOR = 1, 2, 3


def module_type(s: Any, kind: int) -> int:
    return int(s.game.components.modules[kind].type)


def free_ships(s: Any, player: int) -> int:
    """Ships on the board or the Repair Barge (a ship placed on a module has left both)."""
    return sum([loc >= 0 or loc == BARGE for loc in s.ships[player]])


def ship_sources(s: Any, player: int) -> list[tuple[int, int]]:
    """Activate Modules: "take 1 ship from anywhere on the board (or the Repair
    Barge area of the Scrapyard)": (ship type, place) for each distinct choice
    (ships of one type in one place are alike)."""
    types = s.game.ship_types
    found: list[tuple[int, int]] = []
    i = 0  # the ship's place in the row (a count, not enumerate(): a call fewer)
    for loc in s.ships[player]:
        if loc >= 0 or loc == BARGE:
            pair = (types[i], loc)
            if pair not in found:
                found.append(pair)
        i += 1  # noqa: SIM113
    found.sort()
    return found


def input_cost(game: Any, kind: int, moon: int) -> tuple[int, ...] | None:
    """The resources activating a module ``kind`` holding ``moon`` (-1: none) costs
    (input side), or None if it cannot be activated (:func:`input_prices_of`)."""
    spec: Module = game.components.modules[kind]
    if spec.moon == 1:
        if moon < 0:
            return None  # Moon Inputs: an empty input slot blocks activation
        gain: tuple[int, ...] = game.components.moons[moon].gain
        return gain
    return spec.input


def input_prices_of(game: Any, kind: int, moon: int) -> InputPrices | None:
    """:func:`input_cost` of a module ``kind`` holding ``moon`` (-1: none) as its
    :data:`InputPrices` (``Game.module_inputs``, ``Game.moon_input_prices``)."""
    prices = game.module_inputs[kind][1]
    if prices is None and moon >= 0:  # Moon Inputs: the slotted moon's resources
        prices = game.moon_input_prices[moon]
    return prices  # type: ignore[no-any-return]


InputPrices = tuple[WildPrice, WildPrice]
"""A module's input as prices (:func:`progress_tracks.price`): alone (activated with a
ship) and with 1 energy more (with energy, when a ship is already on its row)."""


@cache
def input_prices(cost: tuple[int, ...]) -> InputPrices:
    """:data:`InputPrices` of an input ``cost``."""
    with_energy = list(cost)
    with_energy[ENERGY] += 1
    return price(cost), price(with_energy)


NO_FREE_SHIP = OFF_BOARD - {BARGE}
"""The places of a ship that :func:`free_ships` does not count: off the board, but the Repair Barge."""


def activation_options(s: Any, player: int) -> list[tuple[int, bool]]:
    """Step 1 -- Activate Modules: (station place, with a ship) for each legal activation."""
    actions = s.game.catalogue.actions
    return [(actions[i].slot, actions[i].ship) for i in activation_ids(s, player, [])]


def activation_ids(s: Any, player: int, acts: list[int]) -> list[int]:
    """:func:`activation_options` as action ids (``Rules.activate_ids[slot][ship]``),
    added to the step's listing ``acts`` (returned).  A module is activated with
    a ship on the board or the Repair Barge (:func:`free_ships`), or with 1
    energy if a ship already sits on a module of its row; it must be undamaged
    and unused, its input payable, and a science module only through the
    Primary Reactor (:func:`activation_places`)."""
    game = s.game
    # free_ships(s, player) > 0: a place that is neither off the board nor the
    # Repair Barge (one C call, no loop)
    ships = not NO_FREE_SHIP.issuperset(s.ships[player])
    res = s.res[player]
    station, mused, mdmg = s.station[player], s.mused[player], s.mdmg[player]
    # Per module type, whether a ship is on one of its modules (a flag by row: a
    # subscript costs less than a mask's `&`, which 3.11 does not specialise).
    rows_with_ship: Any = NO_SHIP_ROWS
    if USED_SHIP in mused:
        rows_with_ship = [*NO_SHIP_ROWS]
        # each module holding a ship found by index() (no loop over the row, no zip)
        inputs = game.module_inputs
        slot = -1
        count = mused.count(USED_SHIP)
        while count:  # (no range() to call)
            slot = mused.index(USED_SHIP, slot + 1)
            rows_with_ship[inputs[station[slot]][0]] = True
            count -= 1
    last = game.last_activation_places[player]  # activation_places' answer, if for this row
    places = last[1] if last[0] is station else activation_places(game, player, station)
    # The input with 1 energy last tested and whether it is paid: equal prices are
    # one object (input_prices), most often 1 energy (free inputs).
    tested: Any = None
    paid = False
    for slot, kind, prices, free, row, with_ship, with_energy in places:
        if mused[slot] or mdmg[slot]:
            continue
        if prices is None:  # Moon Inputs: the slotted moon's resources (none: blocked)
            prices = input_prices_of(game, kind, s.mmoon[player][slot])
            if prices is None:
                continue
            free = False
        if ships and (free or can_afford(res, prices[0])):  # free: nothing to pay
            acts.append(with_ship)
        if rows_with_ship[row]:
            if prices is not tested:
                tested, paid = prices, can_afford(res, prices[1])
            if paid:
                acts.append(with_energy)  # the input and 1 energy
    return acts


ActivationPlace = tuple[int, int, "InputPrices | None", bool, int, int, int]
"""A station place for :func:`activation_ids`: (place, module kind, its input prices
(``Game.module_inputs``; None for a Moon Inputs slot), whether activating it is
free, its row of a ship (its module type; :data:`NO_ROW` for the Primary Reactor,
never activated with energy), the ids of activating it with a ship and with energy)."""

NO_ROW = 4
"""The row of the Primary Reactor's place in :data:`ActivationPlace`: never with a ship on it."""

NO_SHIP_ROWS = (False,) * (NO_ROW + 1)
"""Per row (module type, and :data:`NO_ROW`): whether a ship is on one of its modules, none yet."""


def activation_places(game: Any, player: int, station: Any) -> tuple[ActivationPlace, ...]:
    """The places of a station row that may be activated outright: every place
    but science modules other than the Primary Reactor ("Science modules may only
    be activated with the Primary Reactor").  The answer is kept for the next
    listing (``game.last_activation_places[player]``, tested by identity of the
    row: successors share rows they do not change; a row a rule thawed, a list,
    is never kept)."""
    last = game.last_activation_places[player]
    if last[0] is station:
        return last[1]  # type: ignore[no-any-return]  # (activation_ids looks here first itself)
    inputs, ids = game.module_inputs, game.rules.activate_ids
    found: list[ActivationPlace] = []
    for slot, kind in enumerate(station):
        mtype, prices, free = inputs[kind]
        if mtype == 0 and slot != REACTOR:
            continue  # Science modules: only through the Primary Reactor
        row = NO_ROW if slot == REACTOR else mtype
        found.append((slot, kind, prices, free, row, ids[slot][True], ids[slot][False]))
    places = tuple(found)
    if type(station) is tuple:
        game.last_activation_places[player] = (station, places)
    return places


def reactor_options(s: Any, player: int, res: Any = None) -> list[int]:
    """Primary Reactor: the other undamaged, unused science modules it may activate."""
    comps = s.game.components.modules
    if res is None:
        res = s.res[player]
    result = []
    mused, mdmg, mmoon = s.mused[player], s.mdmg[player], s.mmoon[player]
    for slot, kind in enumerate(s.station[player]):
        if comps[kind].type != 0 or slot == REACTOR or mused[slot] or mdmg[slot]:
            continue
        prices = input_prices_of(s.game, kind, mmoon[slot])
        if prices is not None and can_afford(res, prices[0]):
            result.append(slot)
    return result


def activate(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Place a ship or energy on the module, pay its input, gain its output:
    ``action`` is an Activate (with a ship or energy) or an ActivateScience
    (through the Primary Reactor) of the player of ``step``, whose step stays
    for the next activation.  The ship leaves the board (or the Repair Barge)
    for the module; where there is a choice of ship, a SHIP_FROM step asks
    which before the module acts.  On the successor ``s`` itself (a rule of
    :data:`rules.DIRECT_DECISIONS`, no working copy), as are the rules of
    this chapter that edit a few fields."""
    player, slot = step[1], action.slot
    how = USED_REACTOR if type(action) is ActivateScience else USED_SHIP if action.ship else USED_ENERGY
    mused = [*s.mused]
    used = [*mused[player]]
    used[slot] = how  # put_in() inlined: every activation
    mused[player] = tuple(used)
    d["mused"] = tuple(mused)
    if how == USED_ENERGY:
        add_to(d, "res", player, ENERGY, -1)
    elif how == USED_SHIP:
        ship = the_only_source(s, player)
        if ship < 0:
            d["tasks"] = ((Task.SHIP_FROM, player, slot, 0),) + s.tasks
            return
        put_in(d, "ships", player, ship, ON_MODULE)
    resolve_module(s, d, player, slot)


def the_only_source(s: Any, player: int) -> int:
    """The ship :func:`take_ship` takes when :func:`ship_sources` offers one choice
    only (every ship on the board or the Repair Barge of one type in one place):
    the first of them; else -1 (a choice to make).  One pass over the row, which
    stops at the second choice."""
    types = s.game.ship_types
    first = -1
    place = ship = 0
    i = -1  # the ship's place in the row (a count, not enumerate(): a call fewer)
    for loc in s.ships[player]:  # a state: its attribute (no read() to call)
        i += 1
        if loc >= 0 or loc == BARGE:
            if first < 0:
                first, place, ship = i, loc, types[i]
            elif loc != place or types[i] != ship:
                return -1
    return first


def take_ship(s: Any, d: dict[str, Any], player: int, ship: int, place: int) -> None:
    """Take a ship of type ``ship`` from ``place`` and put it on a module."""
    types = s.game.ship_types
    ships = [*s.ships]
    row = [*ships[player]]
    i = -1  # the ship's place in the row (a count, not enumerate(): a call fewer)
    for loc in row:
        i += 1
        if loc == place and types[i] == ship:
            row[i] = ON_MODULE  # put_in() inlined
            ships[player] = tuple(row)
            d["ships"] = tuple(ships)
            return


def resolve_module(s: Any, d: dict[str, Any], player: int, slot: int) -> None:
    """Pay the module's input and gain its output, and the moons slotted on it:
    a moon output, and the half-moon slots on both sides of an industry module
    (the Shipwright too: "All industry modules have half-moon slots on each side")."""
    game = s.game
    kind = s.station[player][slot]
    spec = game.components.modules[kind]
    mmoon = s.mmoon[player]
    prices = input_prices_of(game, kind, mmoon[slot])  # from the rows read here
    assert prices is not None  # checked by activation_options
    progress_tracks.spend(s, d, player, prices[0])
    moons = []
    if spec.moon == 2 and mmoon[slot] >= 0:
        moons.append(mmoon[slot])
    if spec.type == 1:  # Moon Half Slots on both sides
        # the module's place in the industry row: its half-moon gaps are place-1 and place
        place = s.irow[player].index(slot)
        half = s.half[player]
        gaps = len(half)  # (the two gaps written out: no row of them to loop over)
        if 0 < place <= gaps and half[place - 1] >= 0:
            moons.append(half[place - 1])
        if place < gaps and half[place] >= 0:
            moons.append(half[place])
    for moon in moons:
        m = game.components.moons[moon]
        progress_tracks.gain(s, d, player, m.gain)
        progress_tracks.add_vp(s, d, player, m.vp)
    if spec.core:
        core_module(s, d, player, slot)
    else:
        progress_tracks.apply_effect(s, d, player, spec.output)


def core_module(s: Any, d: dict[str, Any], player: int, slot: int) -> None:
    """Core Modules: Primary Reactor, Shipwright, Treasury, Architect."""
    spec = s.game.components.modules[s.station[player][slot]]
    if slot == REACTOR:
        progress_tracks.apply_effect(s, d, player, spec.output)
        if reactor_options(s, player):
            d["tasks"] = ((Task.REACTOR, player, 0, 0),) + s.tasks
    elif slot == SHIPWRIGHT:
        d["tasks"] = ((Task.SHIPYARD, player, 0, 0),) + s.tasks
    elif slot == TREASURY:
        progress_tracks.apply_effect(s, d, player, spec.output)
    else:
        d["tasks"] = ((Task.DEVELOP, player, 1, 0),) + s.tasks


_RETURNING = (SCRAPPED, BARGE, ON_MODULE)
"""The places off the board a ship returns to the bay from (besides the regions)."""


def returned_place(loc: int) -> int:
    """Step 2 -- Return All Ships: where a ship at ``loc`` is afterwards: the
    bay from a region, the Scrapyard, the Repair Barge or a module; else where
    it was (the supply, the bay, a development).  ``Rules.returned_places``
    holds the answer for every place, for :func:`return_ships`."""
    return BAY if loc >= 0 or loc in _RETURNING else loc


def return_ships(s: Any, d: dict[str, Any], task: tuple[int, ...]) -> None:
    """Step 2 -- Return All Ships (shield damage removed) and Step 3 -- Discard
    Energy (spent already) and sustain cards, of the player of ``task`` (the
    RETURN_SHIPS step).  On the successor ``s`` itself (an automatic step run
    without a working copy; ``d``: its dict, for stores: fields are read as
    attributes, which see them)."""
    player = task[1]
    # put() inlined (a copy of each field's rows, the player's row replaced)
    ships = [*s.ships]
    # returned_place() of each ship, by its table in C (no loop of nine to interpret)
    ships[player] = row = tuple(map(s.game.rules.returned_places, ships[player]))
    d["ships"] = tuple(ships)
    shield_dmg = [*s.shield_dmg]
    shield_dmg[player] = (0,) * len(row)
    d["shield_dmg"] = tuple(shield_dmg)
    mused = [*s.mused]
    mused[player] = (0,) * len(mused[player])
    d["mused"] = tuple(mused)
    sustains = s.sustain
    sustain = sustains[player]
    if sustain != s.game.rules.no_cards:  # any() of the row (a compare costs less than the call)
        d["tdiscard"] = tuple([n + count for n, count in zip(s.tdiscard, sustain)])
        d["sustain"] = put(sustains, player, (0,) * len(sustain))


# -- Starships ------------------------------------------------------------------------------


def build_options(s: Any, player: int, res: Any = None) -> list[int]:
    """Building Your Fleet: ship types with a ship in the supply you can pay for."""
    game = s.game
    if res is None:
        res = s.res[player]
    result = []
    ships = s.ships[player]
    for t, start, end in game.type_spans:
        # a ship of the type in the supply: its last place first (the first in the
        # supply is built first), the others by a slice only for a longer type
        if (ships[end - 1] == SUPPLY or (end - start > 1 and SUPPLY in ships[start : end - 1])) and (
            progress_tracks.can_afford(res, game.ship_prices[t])
        ):
            result.append(t)
    return result


def build_ship(s: Any, d: dict[str, Any], player: int, ship: int) -> None:
    game = s.game
    progress_tracks.spend(s, d, player, game.ship_prices[ship])
    _, start, end = game.type_spans[ship]
    put_in(d, "ships", player, s.ships[player].index(SUPPLY, start, end), BAY)  # the first there


# -- Damage & Repair ------------------------------------------------------------------------


def repair_options(s: Any, player: int) -> list[tuple[int, int]]:
    """Repair: a scrapped ship to the Repair Barge, recharge a shield in the
    Launch Bay, repair a station module -- or, with nothing to repair, 1 VP.
    Each option once, in order."""
    types = s.game.ship_types
    shields = s.shield_dmg[player]
    options: list[tuple[int, int]] = []  # (a list and `in`: no set to make)
    i = -1  # the ship's place in the row (a count, not enumerate(): a call fewer)
    for loc in s.ships[player]:
        i += 1
        if loc == SCRAPPED:
            option = (0, types[i])
        elif loc == BAY and shields[i]:
            option = (1, types[i])
        else:
            continue
        if option not in options:
            options.append(option)
    mdmg = s.mdmg[player]
    if any(mdmg):
        for slot, damage in enumerate(mdmg):
            if damage:
                options.append((2, slot))
    if not options:
        return [(3, 0)]
    options.sort()
    return options


def repair(s: Any, d: dict[str, Any], player: int, option: int, target: int) -> None:
    game = s.game
    ships = s.ships[player]
    i = -1  # the ship's place in the row (a count, not enumerate(): a call fewer)
    if option == 0:
        for loc in ships:
            i += 1
            if loc == SCRAPPED and game.ship_types[i] == target:
                put_in(d, "ships", player, i, BARGE)
                return
    elif option == 1:
        shield_dmg = s.shield_dmg[player]
        for loc in ships:
            i += 1
            if loc == BAY and game.ship_types[i] == target and shield_dmg[i]:
                add_to(d, "shield_dmg", player, i, -1)
                return
    elif option == 2:
        add_to(d, "mdmg", player, target, -1)
    else:
        progress_tracks.add_vp(s, d, player, 1)


# -- Slotting Moons into Modules ----------------------------------------------------------------


def slot_targets(s: Any, player: int, moon: int) -> tuple[int, ...]:
    """Moon slots a claimed moon may go into: modules with a slot (no repair
    moon as an input), complete industry half-moon slots, Tactical Operations."""
    return slot_targets_of(s, player, bool(s.game.components.moons[moon].repair))


def slot_targets_of(s: Any, player: int, repair_moon: bool) -> tuple[int, ...]:
    """:func:`slot_targets` for a moon with or without a repair icon (all that
    sets one moon's slots apart from another's).  Both answers depend on the
    station row only (and the industry row's length): they are kept for the
    next call (``game.last_slot_targets[player]``, by identity of the row: a
    row a rule thawed, a list, is never kept), as tuples: the memo hands the
    same answer to every caller."""
    station = s.station[player]
    halves = len(s.half[player])
    last = s.game.last_slot_targets[player]
    if last[0] is station and last[1] == halves:
        return last[2][repair_moon]  # type: ignore[no-any-return]
    modules = s.game.components.modules
    every = [TACOPS_SLOT]  # a moon without a repair icon: input slots too
    no_inputs = [TACOPS_SLOT]  # a repair moon: no Moon Inputs slot
    for slot, kind in enumerate(station):
        moon = modules[kind].moon
        if moon == 2:
            every.append(slot)
            no_inputs.append(slot)
        elif moon == 1:
            every.append(slot)
    every.extend(range(MAX_STATION, MAX_STATION + halves))
    no_inputs.extend(range(MAX_STATION, MAX_STATION + halves))
    answers = (tuple(every), tuple(no_inputs))  # by repair_moon
    if type(station) is tuple:
        s.game.last_slot_targets[player] = (station, halves, answers)
    return answers[repair_moon]


def slot_moon(s: Any, d: dict[str, Any], player: int, moon: int, target: int) -> None:
    """Slot a Moon Token: a replaced moon is discarded; slot VP are scored once."""
    launching.unclaim_moon(s, d, player, moon)
    if target == TACOPS_SLOT:
        tacops = s.tacops
        old = tacops[player]
        d["tacops"] = put(tacops, player, moon)
    elif target >= MAX_STATION:
        old = s.half[player][target - MAX_STATION]
        put_in(d, "half", player, target - MAX_STATION, moon)
    else:
        old = s.mmoon[player][target]
        put_in(d, "mmoon", player, target, moon)
        if old < 0:  # "you score those VP once, when you slot a moon into it"; a module keeps its moon
            kind = s.station[player][target]
            progress_tracks.add_vp(s, d, player, s.game.components.modules[kind].slot_vp)
    if old >= 0:
        discard = s.moon_discard
        d["moon_discard"] = put(discard, old, discard[old] + 1)


# -- Rearranging the industry row -----------------------------------------------------------


def rearrange_options(s: Any, player: int) -> list[tuple[int, int]]:
    """Modules on your station may be rearranged: (industry module place, new
    row place) for each distinct new order of the industry row.  Only the
    industry row's order matters (its half-moon slots), so moves are offered
    only while a moon could be slotted (one is claimed) or sits in a half slot.
    The Shipwright (printed on the mat) stays first; moving a module one place
    to the right is offered as moving its right neighbour one place left."""
    return rearrange_moves(s.irow[player]) if rearrangeable(s, player) else []


def rearrangeable(s: Any, player: int) -> bool:
    """Whether :func:`rearrange_options` offers moves: an industry row of 3 or
    more (a row of 3 has 2 half slots) while a moon is claimed or sits in a half slot."""
    if len(s.irow[player]) < 3:
        return False
    if s.claimed[player]:
        return True
    half: tuple[int, ...] = s.half[player]
    return half.count(-1) < len(half)  # (tests, not bool() of an or: no call)


def rearrange_moves(row: Any) -> list[tuple[int, int]]:
    """The moves of :func:`rearrange_options` for an industry row ``row`` (its
    station places in order) whatever the moons: each distinct new order once."""
    return [(row[pos], place) for pos, place in rearrange_places(len(row))]


@cache
def rearrange_places(size: int) -> tuple[tuple[int, int], ...]:
    """(position, new place) of each move of :func:`rearrange_moves` in a row of
    ``size``: every module but the first, to every place but the first, its own and
    the one after it (that order is its right neighbour's move one place left)."""
    return tuple(
        (pos, place)
        for pos in range(1, size)
        for place in range(1, size)
        if place != pos and place != pos + 1
    )


def rearrange(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Move an industry module (``action.slot``) to another place in the row
    (``action.place``) of the player of ``step``.  A moon stays in its
    half-moon slot while the two modules around it stay side by side;
    separating them discards the moon without its benefit (Moon Half Slots).
    On the successor ``s`` itself (a rule of :data:`rules.DIRECT_DECISIONS`,
    no working copy)."""
    player, slot, place = step[1], action.slot, action.place
    irow, halves = s.irow, s.half
    row, half = [*irow[player]], halves[player]
    # the moon between each pair of neighbours, by the pair (the lower slot first: a
    # tuple, not a frozenset to call; loops, no comprehensions to call)
    between = {}
    for i in range(len(row) - 1):
        a, b = row[i], row[i + 1]
        between[(a, b) if a < b else (b, a)] = half[i]
    row.remove(slot)
    row.insert(place, slot)
    rows = [*irow]
    rows[player] = tuple(row)  # put() inlined, twice
    d["irow"] = tuple(rows)
    kept = []
    for i in range(len(row) - 1):
        a, b = row[i], row[i + 1]
        kept.append(between.pop((a, b) if a < b else (b, a), -1))
    rows = [*halves]
    rows[player] = tuple(kept)
    d["half"] = tuple(rows)
    discard = s.moon_discard
    for moon in between.values():
        if moon >= 0:
            discard = put(discard, moon, discard[moon] + 1)
    d["moon_discard"] = discard
    d["rearranged"] = True
