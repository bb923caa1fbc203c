"""Resources, effects, Progress Tracks, The Event Track, Developments and Modules.

Each function does one rule of the rulebook section it is named after and
edits the successor being assembled: the effects (gaining, spending, VP,
track steps, the event marker, modules) edit the successor itself, so that
the rules that use them need no working copy (a rule on a :class:`Work`
passes ``w.sync()``); the rest edit a :class:`Work`.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add
from typing import Any

from boardgames.games.andromedas_edge import raiders
from boardgames.games.andromedas_edge.components import (
    CREDITS,
    CREDITS_WILD_FOR,
    NO_RESOURCES,
    RESOURCE_KINDS,
    Effect,
)
from boardgames.games.andromedas_edge.state import (
    BAY,
    DEVELOPED,
    MARKER_ON_STATION,
    MARKER_REMOVED,
    SUPPLY,
    Task,
    Work,
    add_to,
    put_in,
    read,
)
from boardgames.kernel.cards import Deck
from boardgames.kernel.resources import WildPrice
from boardgames.kernel.work import put

DEVELOPMENT_VP_CAP = 10
SUPREMACY_GONE_VP = 2
"""Supremacy Track: reaching a token space whose token is gone scores 2 VP."""
BASE_TACTICS_LIMIT = 5

# -- Resources -----------------------------------------------------------------------


_PAYMENT = RESOURCE_KINDS.wild_payment(CREDITS, CREDITS_WILD_FOR)
"""Resources: credits are wild for titanium, ice and nanocarbon; energy is exact."""

price = _PAYMENT.price
"""``price(cost)``: a cost prepared once for :func:`can_afford` and :func:`spend` (its kinds
with a cost); the game keeps the prices of its fixed costs (``Game.market_prices`` ...)."""
can_afford = _PAYMENT.can_afford
"""``can_afford(res, price)``: whether ``res`` covers the price, credits standing in (one Python call)."""
can_pay = _PAYMENT.can_pay
"""``can_pay(res, cost)``: :func:`can_afford` of a cost vector (its price made on the way)."""
pay_affordable = _PAYMENT.pay_affordable
"""``pay_affordable(res, price)``: pay a price the rule has tested already, each resource
from its own store first, the shortfall in credits (:func:`spend`)."""
pay = _PAYMENT.pay
"""``pay(res, cost)``: each resource from its own store first, the shortfall in credits
(:func:`spend` pays a price on a Work)."""


def gain(s: Any, d: dict[str, Any], player: int, amounts: tuple[int, ...] | list[int]) -> None:
    """Gain resources; storage limits apply at the end of the turn (:func:`turn.end_turn`).
    On the successor ``s`` being built (a direct rule; a rule on a Work passes ``w.sync()``),
    as are the other effects of this chapter; its stores through its dict ``d``, which the
    caller holds already (reading ``s.__dict__`` again costs about 280 instructions)."""
    res = [*s.res]  # (a field read as an attribute: cheaper than through __dict__)
    # the five resources written out: on 3.11 about a third of tuple(map(add, row, amounts))
    energy, titanium, ice, nanocarbon, credits = res[player]
    e, t, i, n, c = amounts
    res[player] = (energy + e, titanium + t, ice + i, nanocarbon + n, credits + c)
    d["res"] = tuple(res)


def spend(s: Any, d: dict[str, Any], player: int, price: WildPrice) -> None:
    """Pay a cost (its :func:`price`) from ``player``'s resources as one edit of their
    row: each resource from its own store first, the shortfall in credits.  The
    listings offer only prices the player can afford: paid without testing again
    (:func:`pay_affordable`)."""
    res = [*s.res]
    paid = [*res[player]]
    pay_affordable(paid, price)
    res[player] = tuple(paid)
    d["res"] = tuple(res)


def add_vp(s: Any, d: dict[str, Any], player: int, vp: int) -> None:
    """Score VP; reaching the terminus triggers the end of the game (Game End)."""
    if vp <= 0:
        return
    scores = [*s.vp]
    scores[player] = total = scores[player] + vp  # put() inlined
    d["vp"] = tuple(scores)
    if total >= s.game.terminus and s.final < 0:
        game_end_triggered(d, s.game.players)


def game_end_triggered(d: dict[str, Any], players: int) -> None:
    """Game End: remove the event marker; the current turn finishes, then
    each player takes 1 more turn (``d``: the successor's dict)."""
    d["final"] = players
    d["event_pos"] = MARKER_REMOVED
    d["event_holder"] = -1


def tactics_limit(w: Work, player: int) -> int:
    """Civilization Track: tactics card limit spaces raise the hand limit."""
    return int(w.game.rules.tactics_limits[read(w, "tracks")[player][3]])


def tactics_limit_at(track: Any, position: int) -> int:
    """Civilization Track: the tactics card limit of a player at ``position``
    (the limit spaces reached so far raise it); :func:`tactics_limit` reads
    it from a table of every position."""
    limit = BASE_TACTICS_LIMIT
    for i in range(position + 1):
        special = track.special[i]
        if special == 6:
            limit = max(limit, 6)
        elif special == 7:
            limit = max(limit, 7)
    return limit


def apply_effect(s: Any, d: dict[str, Any], player: int, effect: Effect) -> None:
    """Apply an effect's primitives in order: gain, VP, draw, repair, advance, event."""
    if effect.gain != NO_RESOURCES:  # (a compare, not any(): no call)
        gain(s, d, player, effect.gain)
    if effect.vp:
        add_vp(s, d, player, effect.vp)
    draw, repair, damage = effect.draw, effect.repair, effect.damage
    if draw or repair or damage or effect.build_ship:  # most effects queue no step
        tasks: list[tuple[int, ...]] = []
        if draw:
            tasks.append((Task.DRAW, player, draw, 0))
        if repair:  # (a repeated row: no range() to call)
            tasks += ((Task.REPAIR, player, 0, 0),) * repair
        if effect.build_ship:
            tasks.append((Task.BUILD, player, 0, 0))
        if damage:
            tasks += ((Task.DAMAGE, player, 0, 0),) * damage
        d["tasks"] = (*tasks, *s.tasks)
    for track in effect.advance:
        advance(s, d, player, track)
    if effect.event:
        for _ in range(effect.event):
            event_step(s, d)


# -- Progress Tracks -------------------------------------------------------------------


def advance(s: Any, d: dict[str, Any], player: int, track: int, token: bool = True) -> None:
    """Progress Tracks: advance 1 space and resolve the space reached (with
    ``token`` False a supremacy token space is left to the caller: 2v2)."""
    spec = s.game.components.tracks[track]
    tracks = s.tracks
    pos = tracks[player][track]
    if pos + 1 >= len(spec.vp):
        return
    pos += 1
    rows = [*tracks]
    row = [*rows[player]]
    row[track] = pos  # put_in() inlined: every module bought or built on
    rows[player] = tuple(row)
    d["tracks"] = tuple(rows)
    if pos in spec.event:
        event_step(s, d)
    special = spec.special[pos]
    if special == 1:  # discovery token space
        stack = spec.special[:pos].count(1)  # the discovery token spaces before it
        if sum(s.dstacks[stack]):
            d["tasks"] = ((Task.DISCOVERY, player, stack, 0),) + s.tasks
    elif special == 2:  # ship upgrade space
        if upgrade_options(s, player):
            d["tasks"] = ((Task.UPGRADE, player, 0, 0),) + s.tasks
    elif special == 3 and token:  # supremacy token space
        place = spec.special[:pos].count(3)  # the supremacy token spaces before it
        stokens = s.stokens
        kind = stokens[place]  # the token on that space (-1: taken)
        if kind >= 0:
            d["stokens"] = put(stokens, place, -1)
            add_to(d, "sheld", player, kind, 1)
        else:
            add_vp(s, d, player, SUPREMACY_GONE_VP)
    elif special in (6, 7):  # tactics card limit space: "You may then immediately draw"
        d["tasks"] = ((Task.CIV_DRAW, player, 0, 0),) + s.tasks


def upgrade_options(s: Any, player: int) -> list[int]:
    """Ship Upgrades: tiles in the supply for ship types not yet upgraded."""
    upgraded = s.upgrades[player]
    found = []
    for t in s.upg_supply[player]:  # (a loop: no comprehension to call)
        if upgraded[s.game.tile_spec(t).ship] < 0:
            found.append(t)
    return found


def place_upgrade(s: Any, player: int, tile: int) -> None:
    """Ship Upgrades: place the tile; a ship of that type in the supply is built free."""
    game = s.game
    ship = game.tile_spec(tile).ship
    d = s.__dict__
    put_in(d, "upgrades", player, ship, tile)
    supply = [*s.upg_supply[player]]
    supply.remove(tile)
    d["upg_supply"] = put(s.upg_supply, player, tuple(supply))
    ships = s.ships[player]
    for i, kind in enumerate(game.ship_types):
        if kind == ship and ships[i] == SUPPLY:
            put_in(d, "ships", player, i, BAY)
            break


# -- The Event Track ------------------------------------------------------------------


def event_step(s: Any, d: dict[str, Any]) -> None:
    """The Event Track: advance the marker; at the end reveal a new planet now
    and resolve an event card at the end of the current turn."""
    pos = s.event_pos
    if pos < 0:
        return  # on a station already, or removed at game end
    pos += 1
    if pos < s.game.components.event_end:
        d["event_pos"] = pos
        return
    d["event_pos"] = MARKER_ON_STATION
    d["event_holder"] = s.active
    if sum(s.planet_stack):
        d["tasks"] = ((Task.PLANET, -1, 0, 0),) + s.tasks


def reveal_planet(s: Any, planet: int) -> None:
    """Triggering an Event: the top planet goes in the next empty space, with 3 moons."""
    d = s.__dict__
    d["planet_stack"] = put(s.planet_stack, planet, 0)
    layout = s.layout
    space = layout.index(-1)
    d["layout"] = put(layout, space, planet)
    d["moon_hidden"] = put(s.moon_hidden, space, 3)
    d["tasks"] = ((Task.MOON, -1, space, 0),) + s.tasks


def resolve_event(s: Any, d: dict[str, Any], card: int) -> None:
    """Resolve Event Card: score the track minus damaged modules, place the
    raider, the special effect, then reset the event track (on the successor
    ``s`` and its dict ``d``)."""
    game = s.game
    c = game.components
    event = c.events[card]
    order = game.turn_orders[s.active]
    track, track_vp = event.track, c.tracks[event.track].vp
    for p in order:
        mdmg = s.mdmg[p]
        vp = track_vp[s.tracks[p][track]] - (len(mdmg) - mdmg.count(0))  # less modules with damage
        if vp > 0:
            add_vp(s, d, p, vp)
    d["ediscard"] = s.ediscard + (card,)
    if s.final < 0:
        d["event_pos"] = c.event_start[game.players - 2]
        d["event_holder"] = -1
    raiders.place_raider(s, event.raider, 1)
    gained = event.effect.bonus
    if gained != NO_RESOURCES:  # (a compare, not any(): no call)
        bonus = [*s.bonus]
        for r in range(game.spaces, game.regions):
            bonus[r] = tuple(map(add, bonus[r], gained))  # in C: no comprehension to call
        d["bonus"] = tuple(bonus)
    for p in reversed(order):
        apply_effect(s, d, p, event.effect)


def take_event(s: Any, card: int) -> None:
    """Reveal the top event card: a known top card, else one of the unknown middle, else the bottom."""
    s.__dict__["edeck"] = s.edeck.draw(card)


def keep_on_top(deck: Deck, keep: int) -> Deck:
    """Activating a Nebula: of the top 2 event cards, ``keep`` stays on top
    and the other goes under the deck (each still known to who saw it)."""
    first, second = deck.top[0], deck.top[1]
    seen_first, seen_second = deck.top_seen[0], deck.top_seen[1]
    other, seen_other = (second, seen_second) if first == keep else (first, seen_first)
    seen_keep = seen_first if first == keep else seen_second
    return deck.draw(first).draw(second).put_on_top(keep, seen_keep).put_on_bottom(other, seen_other)


def reshuffle_events(w: Work) -> None:
    """Drawing Cards: an empty event deck is refilled from its discard pile, shuffled."""
    w.edeck = read(w, "edeck").shuffle_in(read(w, "ediscard"))
    w.ediscard = []


# -- Developments ---------------------------------------------------------------------


def development_sites(w: Work | Any, player: int, res: Sequence[int] | None = None) -> list[int]:
    """Building a Development: undeveloped planets with your transport, enough
    leaders and resources, and not your last ship."""
    game = w.game
    ships = w.ships[player]
    sites = []
    for loc in ships[: game.transports]:  # the transports (ship type 0) come first in a row
        if loc < 0 or loc in sites:
            continue
        planet = w.layout[loc] if loc < game.spaces else -1
        if not 0 <= planet < 15 or w.dev[loc] >= 0:
            continue
        spec = game.components.planets[planet]
        if w.leaders_home[player] < game.components.dev_leaders[spec.type]:
            continue
        if res is None:
            res = w.res[player]
        if can_afford(res, game.planet_prices[planet]):
            sites.append(loc)
    if not sites:
        return sites  # (most asks: no sort, no counts)
    # Not your last ship: tested once a site is found (most asks find none, and
    # the counts are builtin calls).
    if len(ships) - ships.count(SUPPLY) - ships.count(DEVELOPED) < 2:
        return []
    sites.sort()
    return sites


def leaders_near(w: Work, region: int, extra: int) -> int:
    """Development Scoring: leaders on the planet and adjacent regions (all
    players, recruited or not) plus assigned leaders of the new and adjacent
    developments, up to 10."""
    game = w.game
    total = extra
    leaders_on = w.leaders_on
    for r in (region, *game.adjacent[region]):
        for row in leaders_on:  # every player's (no generator: a call and a frame)
            total += row[r]
        if r != region and w.dev[r] >= 0:
            total += game.components.dev_leaders[game.components.planets[w.layout[r]].type]
    return min(DEVELOPMENT_VP_CAP, total)


def build_development(s: Any, d: dict[str, Any], player: int, region: int) -> None:
    """Building a Development: pay, leaders leave the game, the transport
    populates it, claim the card, score leaders nearby, advance the track."""
    game = s.game
    planet = s.layout[region]
    spec = game.components.planets[planet]
    spend(s, d, player, game.planet_prices[planet])
    leaders = game.components.dev_leaders[spec.type]
    home = s.leaders_home
    d["leaders_home"] = put(home, player, home[player] - leaders)
    for i, loc in enumerate(s.ships[player]):
        if loc == region and game.ship_types[i] == 0:
            put_in(d, "ships", player, i, DEVELOPED)
            put_in(d, "shield_dmg", player, i, 0)
            break
    d["dev"] = put(s.dev, region, player)
    add_to(d, "devcards", player, spec.type, 1)
    add_vp(s, d, player, leaders_near(s, region, leaders))
    advance(s, d, player, spec.type)


# -- Modules ---------------------------------------------------------------------------


def market_options(
    w: Work, player: int, mask: int, free: bool = False, res: Any = None
) -> list[tuple[int, int]]:
    """Buying or Acquiring Modules: (column, place) of modules one can pay for
    (with ``res`` instead of the stored resources, if given)."""
    checks = w.game.market_checks  # (place, price), None for a place that costs nothing
    if res is None:
        res = w.res[player]
    market = w.market
    found = []  # (loops: no comprehension to call)
    for k in MASK_COLUMNS[mask]:
        column = market[k]
        for i, price in checks[k]:
            if column[i] >= 0 and (free or price is None or can_afford(res, price)):
                found.append((k, i))
    return found


MASK_COLUMNS = tuple(tuple(k for k in range(4) if mask >> k & 1) for mask in range(16))
"""The market columns of a mask of ``1 << column``: ``MASK_COLUMNS[mask]`` (no
shift and ``&`` per column, which 3.11 does not specialise, nor a range() to call)."""


def gain_module(s: Any, d: dict[str, Any], player: int, column: int, place: int, paid: bool) -> None:
    """Add the module to its row with its damage, advance the track, leave a gap
    to refresh at the end of the action."""
    game = s.game
    kind = s.market[column][place]
    if paid:
        spend(s, d, player, game.market_prices[column][place])
    put_in(d, "market", column, place, -1)
    schedule_refresh(s, d, column)
    if game.teams and player == s.active and not s.module_first:
        d["module_first"] = True
        d["tasks"] = ((Task.GIVE_MODULE, player, kind, 0),) + s.tasks
        return
    receive_module(s, d, player, kind)


def receive_module(s: Any, d: dict[str, Any], player: int, kind: int) -> None:
    """The module joins ``player``'s station and they advance on its track."""
    add_module(s, d, player, kind)
    advance(s, d, player, s.game.components.modules[kind].type)


_REFRESH_BEFORE = (Task.POST, Task.MAIN, Task.RETURN)
"""The steps that end a gain action: a column refresh is queued before the first of them."""


def schedule_refresh(w: Any, d: dict[str, Any], column: int) -> None:
    """Refresh the column once the gain action is over (after pending steps of it)
    (``w``: a Work, or a successor being built; ``d``: its dict)."""
    task = (Task.REFILL, -1, column, 0)
    work = isinstance(w, Work)
    queue = w.peek("tasks") if work else w.tasks
    if type(queue) is not tuple:  # thawed by a rule: steps as lists
        queue = tuple([tuple(t) for t in queue])
    if task not in queue:
        index = 0  # before the first of them, else at the end (a count: no enumerate() to call)
        for t in queue:
            if t[0] in _REFRESH_BEFORE:
                break
            index += 1
        queue = (*queue[:index], task, *queue[index:])
        if work:
            w.tasks = queue
        else:
            d["tasks"] = queue


def add_module(s: Any, d: dict[str, Any], player: int, kind: int) -> None:
    """Modules: a new module joins its row with 1 damage marker per damage icon
    (on the successor ``s``; ``d``: its dict, for stores: fields are read as
    attributes, which see them)."""
    spec = s.game.components.modules[kind]
    stations = [*s.station]
    stations[player] = station = stations[player] + (kind,)  # put() inlined
    d["station"] = tuple(stations)
    # its damage markers, no moon, not used: each at the end of the player's row
    mdmg, mmoon, mused = [*s.mdmg], [*s.mmoon], [*s.mused]
    mdmg[player] = mdmg[player] + (spec.damage,)
    mmoon[player] = mmoon[player] + (-1,)
    mused[player] = mused[player] + (0,)
    d["mdmg"], d["mmoon"], d["mused"] = tuple(mdmg), tuple(mmoon), tuple(mused)
    if spec.type == 1:  # the new industry module joins the end of the row, with a half-moon slot
        irow, half = [*s.irow], [*s.half]
        irow[player] = irow[player] + (len(station) - 1,)
        half[player] = half[player] + (-1,)
        d["irow"], d["half"] = tuple(irow), tuple(half)


def discard_module(s: Any, d: dict[str, Any], column: int, place: int) -> None:
    """The discarded module goes to the bottom of its deck.  On the successor
    ``s`` itself and its dict ``d`` (a direct rule, no working copy)."""
    mbottom = [*s.mbottom]
    mbottom[column] = mbottom[column] + (s.market[column][place],)  # put() inlined
    d["mbottom"] = tuple(mbottom)
    put_in(d, "market", column, place, -1)
    schedule_refresh(s, d, column)


def refresh_column(w: Any, d: dict[str, Any], task: tuple[int, ...]) -> bool:
    """Refilling the market, the column of the Refill step ``task``: slide its
    modules down to fill gaps; True if a new one must be revealed (``w``: a
    Work, or a successor being built, edited by a new tuple; ``d``: its dict).
    Also the step's ``direct_needed`` hook itself (no dispatch on the way)."""
    column = task[2]
    fields = d.get("_fields", d)  # read() inlined: a Work or a state
    market = (d["market"] if "market" in d else fields["market"])[column]
    if -1 not in market:  # no gap (an empty place is -1)
        return False
    slid = []  # the modules in order, then the gaps (a loop: no comprehension to call)
    for k in market:
        if k >= 0:
            slid.append(k)
    slid += [-1] * (3 - len(slid))
    if [*market] != slid:
        if type(market) is list:  # thawed by an earlier rule: edit it there
            market[:] = slid
        elif isinstance(w, Work):
            w.put("market", column, tuple(slid))
        else:
            d["market"] = put(d["market"], column, tuple(slid))
    # the deck of the column's type: the modules put under it, or its kinds in the
    # module deck (loops that stop at the first found: no itemgetter or sum() to call)
    if (d["mbottom"] if "mbottom" in d else fields["mbottom"])[column]:
        return True
    mdeck = d["mdeck"] if "mdeck" in d else fields["mdeck"]
    for k in w.game.column_modules[column]:  # noqa: SIM110 (any() of a generator: calls)
        if mdeck[k]:
            return True
    return False
