"""Launching: Launch Ship, Activate Region, Raider Strike (and Placing New Raiders)."""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import progress_tracks, raiders
from boardgames.games.andromedas_edge.components import (
    ATTACK,
    ENERGY,
    JUMP,
    VOYAGE,
)
from boardgames.games.andromedas_edge.interpretations import PEEK_MIN_EVENT_CARDS
from boardgames.games.andromedas_edge.progress_tracks import can_afford
from boardgames.games.andromedas_edge.state import BAY, Task, add_to, read
from boardgames.kernel.cards import Deck

MONOLITH, TRADE_HUB, MAXIMUS, ODESSA, SHIPYARD, DEVELOPMENT_OFFICE = range(6)
BASE_CODE = 15
SPECIAL_CODE = 21
SPEND_THEN_DRAW3, SPEND_THEN_CREDITS, SPEND_THEN_GAIN3 = 1, 2, 3


def activatable_bases(s: Any, player: int, regions: int, launch: Any, res: Any, moons: bool = True) -> int:
    """Additional Launch Requirements: launch to an Alliance Base only if you can
    activate it.  The regions of mask ``regions`` whose base ``player`` can
    activate with ``res``, or with the claimed moons' resources besides (a moon
    may be abandoned as part of paying) unless ``moons`` is false; ``launch``
    is the layout's :data:`game.LaunchRegions`, whose masks of the regions of
    each base (one tile each) are tested in turn."""
    _, _, _, spare_bases, market_bases, office = launch
    ok = 0
    if regions & spare_bases:
        spare = res[0] + res[1] + res[2] + res[3] + res[4]  # (written out: no sum() to call)
        if spare >= 2 or spare + sum(s.hands[player]) >= 2:
            ok = spare_bases  # Monolith, Trade Hub: any 2 resources, tactics cards too
    if market_bases:  # Maximus, Odessa: a module of their market columns
        market = s.market
        for base, places in market_bases:
            if regions & base:
                for k, i, price in places:  # the places that cost nothing first
                    if market[k][i] >= 0 and (price is None or can_afford(res, price)):
                        ok |= base
                        break
    if regions & office and progress_tracks.development_sites(s, player, res):
        ok |= office
    # (the Shipyard is never checked: a repair is always possible, nothing to
    # repair gives 1 VP; Game.launch_regions leaves it out)
    ok &= regions
    if ok != regions and moons and s.claimed[player]:
        ok |= activatable_bases(s, player, regions & ~ok, launch, moon_resources(s, player, res), False)
    return ok


def launch_option_ids(s: Any, player: int, acts: list[int]) -> list[int]:
    """Launch Ship: the action id of every legal launch (ship type, region,
    jump), added to the step's listing ``acts`` (returned) in no particular
    order (:meth:`Rules.legal_ids` sorts a listing).  Sets of regions are
    masks of ``1 << region`` (:attr:`Game.region_bits`)."""
    ships = s.ships[player]
    if BAY not in ships:
        return acts
    game = s.game
    bit = game.region_bits
    mine = 0  # the regions of your ships on the board
    board: list[int] = []  # and those ships' places (a place off the board is negative)
    for loc in ships:
        if loc >= 0:
            mine |= bit[loc]
            board.append(loc)
    # Additional Launch Requirements: an Alliance Base only if it can be activated
    # after the launch, checked once per (base, jump) in a listing.  The other
    # regions need no check: those of a printed space, and all (nebulae too).
    layout = s.layout
    last = game.last_launch_regions  # the layout changes only when a planet is revealed
    launch = last[1] if last[0] is layout else game.launch_regions(layout)
    every, printed, bases = launch[0], launch[1], launch[2]
    upgrades = s.upgrades[player]
    last = game.last_ship_specs[player]  # ship_specs' answer, if for this row
    specs = last[1] if last[0] is upgrades else game.ship_specs(upgrades, player)
    id_chunks = game.rules.launch_id_chunks
    res = s.res[player]
    # Per ship type in the bay, without a jump and (if it can) with one: its table
    # of ids by bytes of a mask (Rules.launch_id_chunks), the regions it reaches
    # that way, those it may enter (nebulae only with Voyage) and whether it
    # jumps; over all types, the regions reached each way.
    reaches: list[tuple[Any, int, int, int]] = []
    near_all = far_all = 0
    if mine:
        # A ship is never launched into a region where one of yours already is.
        # (one ~ for the three masks: 3.11 does not specialise ~, & and |, each a
        # call into C and a new int past 256)
        elsewhere = ~mine
        every &= elsewhere
        printed &= elsewhere
        bases &= elsewhere
        within = game.within_masks  # (rows as long as the longest range: no clamp)
        jump = res[ENERGY] >= 1
        reach = near = -1
        for t, start, end in game.type_spans:
            if ships[start] != BAY and (end - start == 1 or BAY not in ships[start + 1 : end]):
                continue  # no ship of this type in the Launch Bay (by its place for one ship: no slice)
            spec = specs[t]
            # Range: the regions within the ship's range of one of your ships on the
            # board; beyond it only with Jump, for 1 energy.
            if spec.range != reach:  # (else the type before's regions)
                reach = spec.range
                near = 0
                for loc in board:
                    near |= within[loc][reach]
            plain = every if spec.abilities & VOYAGE else printed
            reaches.append((id_chunks[t][0], near, plain, 0))
            near_all |= near
            if jump and spec.abilities & JUMP:
                far_all |= ~near
                reaches.append((id_chunks[t][1], ~near, plain, 1))
    else:
        # The first ship may not enter a region with a raider or another player's ship
        # (unless it can attack): those regions, worked out once for every ship type;
        # the raiders' kept by identity of their positions (they seldom move).
        rpos = s.rpos
        last = game.last_raider_regions
        if last[0] is rpos:
            taken = last[1]
        else:
            taken = 0
            for loc in rpos:
                if loc >= 0:  # (a test is cheaper than or-ing a zero: masks past 2**8 are new ints)
                    taken |= bit[loc]
            if type(rpos) is tuple:  # (a row a rule thawed, a list, is never kept)
                game.last_raider_regions = (rpos, taken)
        for row in s.ships:
            if row is not ships:  # (yours has none on the board)
                for loc in row:
                    if loc >= 0:
                        taken |= bit[loc]
        free = ~taken
        for t, start, end in game.type_spans:
            if ships[start] != BAY and (end - start == 1 or BAY not in ships[start + 1 : end]):
                continue  # no ship of this type in the Launch Bay
            abilities = specs[t].abilities
            near = -1 if abilities & ATTACK else free  # -1: every region
            reaches.append((id_chunks[t][0], near, every if abilities & VOYAGE else printed, 0))
            near_all |= near
        # Building a Development needs a transport of yours on a planet, and none of
        # your ships is on the board: the Development Office cannot be activated
        # (progress_tracks.development_sites would find no site: no call for it).
        bases &= ~launch[5]
    # Additional Launch Requirements: the Alliance Base regions whose base can be
    # activated after the launch, each checked once, paying 1 energy for a jump.
    # The Shipyard's region is never checked (Game.launch_regions).
    ok_near = bases & near_all
    if ok_near:
        ok_near = activatable_bases(s, player, ok_near, launch, res)
    ok_far = bases & far_all
    if ok_far:
        paid = [*res]
        paid[ENERGY] -= 1
        ok_far = activatable_bases(s, player, ok_far, launch, paid)
    base_ok = (ok_near, ok_far)
    for tables, reached, plain, jumped in reaches:
        # the ids of the regions of the mask by its bytes, from the type's table
        regions = (plain | base_ok[jumped]) & reached
        for table in tables:
            if not regions:
                break
            low = regions & 255
            if low:
                acts += table[low]
            regions >>= 8
    return acts


def moon_resources(s: Any, player: int, res: Any) -> list[int]:
    """The resources ``res`` with those on ``player``'s claimed moons: a moon may
    be abandoned as part of paying a resource cost, so they count towards being
    able to activate an Alliance Base."""
    a, b, c, e, f = res  # the five resources written out (no comprehension to call)
    moons = s.game.components.moons
    for m in s.claimed[player]:
        gain = moons[m].gain
        a, b, c, e, f = a + gain[0], b + gain[1], c + gain[2], e + gain[3], f + gain[4]
    return [a, b, c, e, f]


LAUNCH_STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    (
        (Task.WINDOW, p, 0, 0),
        (Task.STRIKE, -1, 0, 0),
        (Task.WINDOW, p, 1, 0),
        (Task.BATTLE, -1, 0, 0),
        (Task.POST, p, 0, 0),
    )
    for p in range(4)  # each seat
)
"""The queue after ``p``'s launch (before Activate Region's own steps):
``LAUNCH_STEPS[p]``, the steps of Launch Ship (see :func:`launch`)."""


def launch(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Launch Ship (``action``: its ship type, region and jump; ``step``: the
    main step of the player launching), then Activate Region, Raider Strike and
    Battle in turn.  On the successor ``s`` itself (a rule of
    :data:`rules.DIRECT_DECISIONS`, no working copy)."""
    player, ship, region = step[1], action.ship, action.region
    _, start, end = s.game.type_spans[ship]
    ships = [*s.ships]
    row = [*ships[player]]
    row[row.index(BAY, start, end)] = region  # the first in the bay
    ships[player] = tuple(row)  # put() inlined
    d["ships"] = tuple(ships)
    if action.jump:
        add_to(d, "res", player, ENERGY, -1)
    d["region"] = region
    # a window for free actions, Raider Strike, a window, Battle, then the free
    # actions after the turn's action
    d["tasks"] = LAUNCH_STEPS[player]
    activate_region(s, d, player, region)


def unclaim_moon(s: Any, d: dict[str, Any], player: int, kind: int) -> None:
    """Take one moon ``kind`` out of ``player``'s claimed moons area (on the
    successor ``s`` itself, through its dict ``d``)."""
    claimed = [*s.claimed]
    row = [*claimed[player]]
    row.remove(kind)
    claimed[player] = tuple(row)  # put() inlined
    d["claimed"] = tuple(claimed)


def claim_moon(s: Any, d: dict[str, Any], player: int, kind: int) -> None:
    """Claiming Moons: at most 4 in the claimed moons area.  On a state ``s``
    being built (a successor, or a :class:`Work` synced to it: :meth:`Work.sync`),
    through its dict ``d``."""
    claimed = [*s.claimed]
    row = sorted((*claimed[player], kind))
    claimed[player] = tuple(row)  # put() inlined
    d["claimed"] = tuple(claimed)
    if len(row) > 4:
        d["tasks"] = ((Task.MOON_FULL, player, 0, 0),) + s.tasks


def activate_region(s: Any, d: dict[str, Any], player: int, region: int) -> None:
    """Activate Region: a planet's moon (or printed resource), a nebula's moon
    and event peek, an Alliance Base's action, a Vortex's benefit.  On the
    successor ``s`` itself (see :func:`launch`), through its dict ``d``; its
    fields read as attributes (which see the stores made through ``d``)."""
    game = s.game
    if region >= game.spaces:
        moon_top = s.moon_top
        kind = moon_top[region]
        if kind >= 0:
            top = [*moon_top]
            top[region] = -1  # put() inlined
            d["moon_top"] = tuple(top)
            claim_moon(s, d, player, kind)
        if s.edeck.size >= PEEK_MIN_EVENT_CARDS:  # interpretation 8
            d["tasks"] = ((Task.PEEK_DRAW, player, 0, 0),) + s.tasks
        return
    code = s.layout[region]
    if code < BASE_CODE:
        moon_top = s.moon_top
        kind = moon_top[region]
        if kind >= 0:
            top = [*moon_top]
            top[region] = -1  # put() inlined
            d["moon_top"] = tuple(top)
            if s.moon_hidden[region]:
                d["tasks"] = ((Task.MOON, -1, region, 0),) + s.tasks
            claim_moon(s, d, player, kind)
        else:
            progress_tracks.gain(s, d, player, game.components.planets[code].exhausted)
        return
    if code >= SPECIAL_CODE:
        progress_tracks.gain(s, d, player, game.special_tiles[code - SPECIAL_CODE].gain)  # a Vortex
        return
    base = code - BASE_CODE
    if base == MONOLITH:
        d["tasks"] = ((Task.SPEND, player, 2, SPEND_THEN_DRAW3),) + s.tasks
    elif base == TRADE_HUB:
        d["tasks"] = ((Task.SPEND, player, 2, SPEND_THEN_CREDITS),) + s.tasks
    elif base == MAXIMUS or base == ODESSA:  # noqa: SIM109
        d["tasks"] = ((Task.BUY, player, 0b0011 if base == MAXIMUS else 0b1100, 0),) + s.tasks
        progress_tracks.event_step(s, d)
    elif base == SHIPYARD:
        d["tasks"] = ((Task.SHIPYARD, player, 0, 0),) + s.tasks
    else:
        d["tasks"] = ((Task.DEVELOP, player, 0, 0),) + s.tasks


def edeck_size(s: Any) -> int:
    return int(read(s, "edeck").size)


# -- Raider Strike ----------------------------------------------------------------------


def strike_candidates(s: Any) -> dict[int, list[int]]:
    """Raider Strike: raiders within range of the active region, by class.

    The answer depends on the raider positions and cards only, besides the
    region, and they seldom change: per region it is kept for the rows it was
    found for (``game.last_strike_reach``, by identity; bounded by the number
    of regions, and the answers are shared: callers only read them), and the
    mask of regions within any raider's range (:func:`strike_reach`) refuses
    the others first.  A launch's window and its strike ask the same."""
    game = s.game
    region = s.region
    rpos = s.rpos  # a state: its attributes (cheaper than its __dict__'s items)
    cards = s.raider_cards
    last = game.last_strike_reach
    if last[0] is not rpos or last[1] is not cards:
        last = strike_reach(game, rpos, cards)
    if region >= 0 and not last[2] & game.region_bits[region]:  # (one int operator, not two)
        return {}  # out of every raider's range
    kept = last[3]
    found = kept.get(region)
    if found is None:
        found = kept[region] = _strike_candidates(s, region, rpos, cards)
    return found  # type: ignore[no-any-return]


def _strike_candidates(s: Any, region: int, rpos: Any, cards: Any) -> dict[int, list[int]]:
    """:func:`strike_candidates` worked out: a raider in the region other than an
    S-class one stops the strike, else S-class raiders only strike into a region
    held by S-class raiders; each raider strikes within its card's range."""
    game = s.game
    present = raiders.raiders_at(s, region) if region in rpos else []
    if present and any([game.standee_class[i] != 0 for i in present]):
        return {}
    found: dict[int, list[int]] = {}
    classes, specs = game.standee_class, game.components.raiders
    dist = game.dist[region]  # distances are symmetric (Game._distances; test_listings checks it)
    for i, r in enumerate(rpos):
        if r < 0 or r == region:
            continue
        cls = classes[i]
        if present and cls != 0:
            continue
        if dist[r] <= specs[cards[cls]].range:
            found.setdefault(cls, []).append(i)
    return found


StrikeMemo = tuple[Any, Any, int, dict[int, dict[int, list[int]]]]
"""``game.last_strike_reach``: raider positions, raider cards (the objects
themselves), the mask of :func:`strike_reach` and the answers of
:func:`strike_candidates` by region."""


def strike_reach(game: Any, rpos: Any, cards: Any) -> StrikeMemo:
    """The regions (a mask of ``1 << region``) within range of a raider at
    positions ``rpos`` with raider cards ``cards``, each raider's own region
    left out: :func:`strike_candidates` finds none elsewhere.  With an empty
    table of answers, kept for the next call (``game.last_strike_reach``)
    when both rows are tuples (a row a rule thawed, a list, is never kept)."""
    within = game.within_masks  # (rows as long as the longest range: no clamp)
    classes, specs = game.standee_class, game.components.raiders
    reach = 0
    for i, r in enumerate(rpos):
        if r >= 0:
            reach |= within[r][specs[cards[classes[i]]].range] & ~(1 << r)
    memo: StrikeMemo = (rpos, cards, reach, {})
    if type(rpos) is tuple and type(cards) is tuple:
        game.last_strike_reach = memo
    return memo


def raider_strike(s: Any, d: dict[str, Any], cls: int) -> None:
    """The chosen raider moves in; an S-class strike moves every S-class raider in range.
    On the successor ``s`` itself and its dict ``d`` (no working copy)."""
    region = s.region
    rpos = [*s.rpos]
    for i in strike_candidates(s)[cls]:
        rpos[i] = region  # put() inlined
    d["rpos"] = tuple(rpos)


def peek_card(s: Any, d: dict[str, Any], player: int, depth: int, card: int) -> None:
    """Activating a Nebula: secretly look at the top 2 event cards (they become
    known places of the deck, seen by ``player``).  On the successor ``s`` itself
    and its dict ``d``."""
    deck: Deck = s.edeck
    if len(deck.top) > depth:
        d["edeck"] = deck.show(depth, 1 << player)
    else:
        d["edeck"] = deck.look(card, 1 << player)
    task = (Task.PEEK_DRAW, player, 1, 0) if depth == 0 else (Task.PEEK, player, 0, 0)
    d["tasks"] = (task,) + s.tasks
