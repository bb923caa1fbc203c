"""Resources, effects, Progress Tracks, The Event Track, Developments and Modules.

Each function does one rule of the rulebook section it is named after and
edits a :class:`Work` copy of the successor being assembled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames.games.andromedas_edge import raiders
from boardgames.games.andromedas_edge.components import (
    CREDITS,
    CREDITS_WILD_FOR,
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
pay = _PAYMENT.pay
"""``pay(res, cost)``: each resource from its own store first, the shortfall in credits
(:func:`spend` pays a price on a Work)."""


def gain(w: Work, player: int, amounts: tuple[int, ...] | list[int]) -> None:
    """Gain resources; storage limits apply at the end of the turn (:func:`discard_excess`)."""
    row = read(w, "res")[player]
    if type(row) is list:  # thawed by an earlier rule: gain there
        RESOURCE_KINDS.add_all(row, amounts)
        return
    gained = list(row)
    RESOURCE_KINDS.add_all(gained, amounts)
    w.put("res", player, tuple(gained))


def spend(w: Work, player: int, price: WildPrice) -> None:
    """Pay a cost (its :func:`price`) from ``player``'s resources as one edit of their
    row: each resource from its own store first, the shortfall in credits."""
    row = read(w, "res")[player]
    if type(row) is list:  # thawed by an earlier rule: pay there
        _PAYMENT.pay_price(row, price)
        return
    paid = list(row)
    _PAYMENT.pay_price(paid, price)
    w.put("res", player, tuple(paid))


def discard_excess(s: Any, player: int) -> None:
    """Taking Your Turn: discard any resources in excess of your limits (on
    the successor ``s`` itself, at the end of the turn: :func:`turn.end_turn`)."""
    d = s.__dict__
    res = d["res"]
    row = res[player]
    if RESOURCE_KINDS.over_cap(row):
        kept = list(row)
        RESOURCE_KINDS.clamp(kept)
        d["res"] = put(res, player, tuple(kept))


def add_vp(w: Work, player: int, vp: int) -> None:
    """Score VP; reaching the terminus triggers the end of the game (Game End)."""
    if vp <= 0:
        return
    total = w.add("vp", player, vp)
    if total >= w.game.terminus and read(w, "final") < 0:
        game_end_triggered(w)


def game_end_triggered(w: Work) -> None:
    """Game End: remove the event marker; the current turn finishes, then
    each player takes 1 more turn."""
    w.final = w.game.players
    w.event_pos = MARKER_REMOVED
    w.event_holder = -1


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


def apply_effect(w: Work, player: int, effect: Effect) -> None:
    """Apply an effect's primitives in order: gain, VP, draw, repair, advance, event."""
    if any(effect.gain):
        gain(w, player, effect.gain)
    if effect.vp:
        add_vp(w, player, effect.vp)
    tasks: list[tuple[int, ...]] = []
    if effect.draw:
        tasks.append((Task.DRAW, player, effect.draw, 0))
    for _ in range(effect.repair):
        tasks.append((Task.REPAIR, player, 0, 0))
    if effect.build_ship:
        tasks.append((Task.BUILD, player, 0, 0))
    for _ in range(effect.damage):
        tasks.append((Task.DAMAGE, player, 0, 0))
    w.push(*tasks)
    for track in effect.advance:
        advance(w, player, track)
    for _ in range(effect.event):
        event_step(w)


# -- Progress Tracks -------------------------------------------------------------------


def advance(w: Work, player: int, track: int, token: bool = True) -> None:
    """Progress Tracks: advance 1 space and resolve the space reached (with
    ``token`` False a supremacy token space is left to the caller: 2v2)."""
    spec = w.game.components.tracks[track]
    pos = read(w, "tracks")[player][track]
    if pos + 1 >= len(spec.vp):
        return
    pos += 1
    w.put("tracks", (player, track), pos)
    if pos in spec.event:
        event_step(w)
    special = spec.special[pos]
    if special == 1:  # discovery token space
        stack = sum(1 for i in range(pos) if spec.special[i] == 1)
        if sum(w.dstacks[stack]):
            w.push((Task.DISCOVERY, player, stack, 0))
    elif special == 2:  # ship upgrade space
        if upgrade_options(w, player):
            w.push((Task.UPGRADE, player, 0, 0))
    elif special == 3 and token:  # supremacy token space
        place = sum(1 for i in range(pos) if spec.special[i] == 3)
        kind = w.stokens[place]  # the token on that space (-1: taken)
        if kind >= 0:
            w.stokens[place] = -1
            w.sheld[player][kind] += 1
        else:
            add_vp(w, player, SUPREMACY_GONE_VP)
    elif special in (6, 7):  # tactics card limit space: "You may then immediately draw"
        w.push((Task.CIV_DRAW, player, 0, 0))


def upgrade_options(w: Work, player: int) -> list[int]:
    """Ship Upgrades: tiles in the supply for ship types not yet upgraded."""
    upgraded = w.upgrades[player]
    return [t for t in w.upg_supply[player] if upgraded[w.game.tile_spec(t).ship] < 0]


def place_upgrade(w: Work, player: int, tile: int) -> None:
    """Ship Upgrades: place the tile; a ship of that type in the supply is built free."""
    ship = w.game.tile_spec(tile).ship
    w.upgrades[player][ship] = tile
    w.upg_supply[player].remove(tile)
    for i, kind in enumerate(w.game.ship_types):
        if kind == ship and w.ships[player][i] == SUPPLY:
            w.ships[player][i] = BAY
            break


# -- The Event Track ------------------------------------------------------------------


def event_step(w: Work) -> None:
    """The Event Track: advance the marker; at the end reveal a new planet now
    and resolve an event card at the end of the current turn."""
    if w.event_pos < 0:
        return  # on a station already, or removed at game end
    w.event_pos += 1
    if w.event_pos < w.game.components.event_end:
        return
    w.event_pos = MARKER_ON_STATION
    w.event_holder = w.active
    if sum(w.planet_stack):
        w.push((Task.PLANET, -1, 0, 0))


def reveal_planet(w: Work, planet: int) -> None:
    """Triggering an Event: the top planet goes in the next empty space, with 3 moons."""
    w.planet_stack[planet] = 0
    space = w.layout.index(-1)
    w.layout[space] = planet
    w.moon_hidden[space] = 3
    w.push((Task.MOON, -1, space, 0))


def resolve_event(w: Work, card: int) -> None:
    """Resolve Event Card: score the track minus damaged modules, place the
    raider, the special effect, then reset the event track."""
    c = w.game.components
    event = c.events[card]
    order = w.game.turn_order(w.active)
    for p in order:
        damaged = sum(1 for d in w.mdmg[p] if d)
        add_vp(w, p, max(0, c.tracks[event.track].vp[w.tracks[p][event.track]] - damaged))
    w.ediscard.append(card)
    if w.final < 0:
        w.event_pos = c.event_start[w.game.players - 2]
        w.event_holder = -1
    raiders.place_raider(w, event.raider, 1)
    for r in range(w.game.spaces, w.game.regions):
        w.bonus[r] = [a + b for a, b in zip(w.bonus[r], event.effect.bonus)]
    for p in reversed(order):
        apply_effect(w, p, event.effect)


def take_event(w: Work, card: int) -> None:
    """Reveal the top event card: a known top card, else one of the unknown middle, else the bottom."""
    w.edeck = read(w, "edeck").draw(card)


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
    if len(ships) - ships.count(SUPPLY) - ships.count(DEVELOPED) < 2:  # not your last ship
        return []
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
            res = read(w, "res")[player]
        if can_afford(res, game.planet_prices[planet]):
            sites.append(loc)
    return sorted(sites)


def leaders_near(w: Work, region: int, extra: int) -> int:
    """Development Scoring: leaders on the planet and adjacent regions (all
    players, recruited or not) plus assigned leaders of the new and adjacent
    developments, up to 10."""
    game = w.game
    total = extra
    for r in (region, *game.adjacent[region]):
        total += sum(w.leaders_on[p][r] for p in range(game.players))
        if r != region and w.dev[r] >= 0:
            total += game.components.dev_leaders[game.components.planets[w.layout[r]].type]
    return min(DEVELOPMENT_VP_CAP, total)


def build_development(w: Work, player: int, region: int) -> None:
    """Building a Development: pay, leaders leave the game, the transport
    populates it, claim the card, score leaders nearby, advance the track."""
    game = w.game
    spec = game.components.planets[w.layout[region]]
    spend(w, player, game.planet_prices[w.layout[region]])
    leaders = game.components.dev_leaders[spec.type]
    w.leaders_home[player] -= leaders
    ships = w.ships[player]
    for i, loc in enumerate(ships):
        if loc == region and game.ship_types[i] == 0:
            ships[i] = DEVELOPED
            w.shield_dmg[player][i] = 0
            break
    w.dev[region] = player
    w.devcards[player][spec.type] += 1
    add_vp(w, player, leaders_near(w, region, leaders))
    advance(w, player, spec.type)


# -- Modules ---------------------------------------------------------------------------


def market_options(
    w: Work, player: int, mask: int, free: bool = False, res: Any = None
) -> list[tuple[int, int]]:
    """Buying or Acquiring Modules: (column, place) of modules one can pay for
    (with ``res`` instead of the stored resources, if given)."""
    prices = w.game.market_prices
    if res is None:
        res = read(w, "res")[player]
    market = w.market
    found = []  # (loops: no comprehension to call)
    for k in range(4):
        if mask >> k & 1:
            for i in range(3):
                if market[k][i] >= 0 and (free or can_afford(res, prices[k][i])):
                    found.append((k, i))
    return found


def gain_module(w: Work, player: int, column: int, place: int, paid: bool) -> None:
    """Add the module to its row with its damage, advance the track, leave a gap
    to refresh at the end of the action."""
    kind = read(w, "market")[column][place]
    if paid:
        spend(w, player, w.game.market_prices[column][place])
    w.put("market", (column, place), -1)
    schedule_refresh(w, column)
    if w.game.teams and player == w.active and not w.module_first:
        w.module_first = True
        w.push((Task.GIVE_MODULE, player, kind, 0))
        return
    receive_module(w, player, kind)


def receive_module(w: Work, player: int, kind: int) -> None:
    """The module joins ``player``'s station and they advance on its track."""
    add_module(w, player, kind)
    advance(w, player, w.game.components.modules[kind].type)


_REFRESH_BEFORE = (Task.POST, Task.MAIN, Task.RETURN)
"""The steps that end a gain action: a column refresh is queued before the first of them."""


def schedule_refresh(w: Any, column: int) -> None:
    """Refresh the column once the gain action is over (after pending steps of it)
    (``w``: a Work, or a successor being built)."""
    task = (Task.REFILL, -1, column, 0)
    work = isinstance(w, Work)
    queue = w.peek("tasks") if work else w.__dict__["tasks"]
    if type(queue) is not tuple:  # thawed by a rule: steps as lists
        queue = tuple([tuple(t) for t in queue])
    if task not in queue:
        index = len(queue)
        for i, t in enumerate(queue):
            if t[0] in _REFRESH_BEFORE:
                index = i
                break
        queue = (*queue[:index], task, *queue[index:])
        if work:
            w.tasks = queue
        else:
            w.__dict__["tasks"] = queue


def add_module(w: Work, player: int, kind: int) -> None:
    """Modules: a new module joins its row with 1 damage marker per damage icon."""
    spec = w.game.components.modules[kind]
    station = (*read(w, "station")[player], kind)
    w.put_row("station", player, station)
    w.put_row("mdmg", player, (*read(w, "mdmg")[player], spec.damage))
    w.put_row("mmoon", player, (*read(w, "mmoon")[player], -1))
    w.put_row("mused", player, (*read(w, "mused")[player], 0))
    if spec.type == 1:  # the new industry module joins the end of the row, with a half-moon slot
        w.put_row("irow", player, (*read(w, "irow")[player], len(station) - 1))
        w.put_row("half", player, (*read(w, "half")[player], -1))


def discard_module(s: Any, column: int, place: int) -> None:
    """The discarded module goes to the bottom of its deck.  On the successor
    ``s`` itself (a direct rule, no working copy)."""
    d = s.__dict__
    market, mbottom = d["market"], d["mbottom"]
    d["mbottom"] = put(mbottom, column, (*mbottom[column], market[column][place]))
    d["market"] = put(market, column, put(market[column], place, -1))
    schedule_refresh(s, column)


def refresh_column(w: Any, column: int) -> bool:
    """Slide modules down to fill gaps; True if a new one must be revealed
    (``w``: a Work, or a successor being built, edited by a new tuple)."""
    market = read(w, "market")[column]
    if -1 not in market:  # no gap (an empty place is -1)
        return False
    row = [k for k in market if k >= 0]
    slid = row + [-1] * (3 - len(row))
    if list(market) != slid:
        if type(market) is list:  # thawed by an earlier rule: edit it there
            market[:] = slid
        elif isinstance(w, Work):
            w.put("market", column, tuple(slid))
        else:
            fields = w.__dict__
            fields["market"] = put(fields["market"], column, tuple(slid))
    return deck_size(w, column) > 0


def deck_size(w: Work, column: int) -> int:
    mdeck = read(w, "mdeck")
    return int(sum([mdeck[k] for k in w.game.column_modules[column]]) + len(read(w, "mbottom")[column]))
