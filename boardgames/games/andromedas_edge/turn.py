"""Taking Your Turn and Free Actions (with Factions and 2v2 Collaboration).

A turn is one Launch Ship or Return to Station action, with free actions
at any time on it; the end of the turn discards down to the limits and
resolves an event card whose marker sits on the station.  Each function
does one rule of the section its docstring names and edits the successor
itself or, where it says so, a
:class:`~boardgames.games.andromedas_edge.state.Work` copy of it.
"""

from __future__ import annotations

from itertools import compress
from typing import Any

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import battle, launching, progress_tracks, return_to_station
from boardgames.games.andromedas_edge.components import (
    CREDITS,
    ENERGY,
    NO_RESOURCES,
    RESOURCE_CAPS,
)
from boardgames.games.andromedas_edge.progress_tracks import can_afford
from boardgames.games.andromedas_edge.state import (
    MARKER_ON_STATION,
    OVER,
    PLAY,
    Task,
    Work,
    add_to,
    read,
)
from boardgames.kernel.work import put

TURN_STEPS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(((Task.MAIN, p, 0, 0),) for p in range(4))
"""The queue at the start of ``p``'s turn: ``TURN_STEPS[p]``, the turn's action."""


def next_turn(s: Any, d: dict[str, Any]) -> None:
    """Turns pass clockwise.  The start of the next player's turn resets the
    turn's flags, and Vortex benefits are gained; the queue holds the turn's
    action, or nothing once the game is over.  On the successor ``s`` itself
    (no working copy), through its dict ``d``."""
    if s.phase != PLAY:
        d["tasks"] = ()
        return
    game = s.game
    d["turn"] = turn_ = s.turn + 1
    if game.turn_limit and turn_ >= game.turn_limit:
        d["truncated"] = True
        d["phase"] = OVER
        d["tasks"] = ()
        return
    p = s.active + 1  # clockwise (a compare: % is not specialised on 3.11)
    d["active"] = p = p if p < game.players else 0
    d["region"] = -1
    if s.transferred or s.ability_used or s.module_first:  # (reads cost less than stores)
        d["transferred"] = d["ability_used"] = d["module_first"] = False
    if game.special == "vortexes":
        for k, space in enumerate(game.components.special_spaces):
            if space in s.ships[p]:
                progress_tracks.gain(s, d, p, game.special_tiles[k].gain)
    d["tasks"] = TURN_STEPS[p]


END_TURN_STEP = (Task.END_TURN, -1, 0, 0)

_ENERGY_CAP, _TITANIUM_CAP, _ICE_CAP, _NANOCARBON_CAP, _CREDITS_CAP = RESOURCE_CAPS
"""The storage limits, one name each (:func:`end_turn` compares a row with them one by one)."""


def end_turn(s: Any, d: dict[str, Any], rest: tuple[tuple[int, ...], ...]) -> None:
    """End of turn: discard tactics cards over the limit and resources over
    their storage; resolve the event card if the marker is on your station.
    Then the next turn begins.  On the successor ``s`` itself (no working
    copy), through its dict ``d``, whatever its queue holds: ``rest`` is what
    follows the end of the turn, kept only behind a discard or an event step
    (which end the turn again after them, :data:`END_TURN_STEP`)."""
    p = s.active
    if sum(s.hands[p]) > s.game.rules.tactics_limits[s.tracks[p][3]]:  # progress_tracks.tactics_limit
        d["tasks"] = ((Task.DISCARD, p, 0, 0), END_TURN_STEP) + rest
        return
    if s.event_holder == p and s.event_pos == MARKER_ON_STATION and s.final < 0:
        d["tasks"] = ((Task.EVENT, -1, 0, 0), END_TURN_STEP) + rest
        return
    # Taking Your Turn: discard any resources in excess of your limits
    # (storage limits apply only now).
    res = s.res
    row = res[p]
    energy, titanium, ice, nanocarbon, credits = row
    # RESOURCE_KINDS.over_cap written out (every turn): five compares cost a
    # third of any(map(gt, row, caps))
    if (
        energy > _ENERGY_CAP
        or titanium > _TITANIUM_CAP
        or ice > _ICE_CAP
        or nanocarbon > _NANOCARBON_CAP
        or credits > _CREDITS_CAP
    ):
        # RESOURCE_KINDS.clamp written out too: each amount cut to its cap (no
        # call, no row to thaw; about 4,800 instructions fewer a turn that clamps)
        rows = [*res]
        rows[p] = (  # put() inlined
            energy if energy < _ENERGY_CAP else _ENERGY_CAP,
            titanium if titanium < _TITANIUM_CAP else _TITANIUM_CAP,
            ice if ice < _ICE_CAP else _ICE_CAP,
            nanocarbon if nanocarbon < _NANOCARBON_CAP else _NANOCARBON_CAP,
            credits if credits < _CREDITS_CAP else _CREDITS_CAP,
        )
        d["res"] = tuple(rows)
    # The turn is over: nothing else of it follows (next_turn sets the queue).
    final = s.final
    if final == 0:
        d["tasks"] = ()
        d["phase"] = OVER
        return
    if final > 0:
        d["final"] = final - 1
    next_turn(s, d)


def end_turn_chosen(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """After the turn's action, "end turn" (a rule of :data:`rules.DIRECT_DECISIONS`,
    on the successor ``s`` itself).  Play Tactics Cards on other players' turns:
    when a turn ends, each other player in turn order gets a window (a decision
    only while they hold an any-turn action card, :func:`holds_any_turn_card`),
    then the end of the turn (:data:`END_TURN_STEP`), in place of the whole
    queue; with no window, the end of the turn at once (:func:`end_turn`)."""
    game = s.game
    if game.any_turn_cards:
        # a state: its attributes (read() and holds_any_turn_card inlined)
        kinds, hands = game.any_turn_cards, s.hands
        # A window whose player holds no such card is dropped while the queue
        # settles, and nothing happens before the first window that is a decision:
        # the leading windows that would be dropped are left out here already
        # (Rules.off_turn_queues: each other player with the windows from theirs on,
        # then the end of the turn).
        for q, queue in game.rules.off_turn_queues[s.active]:
            hand = hands[q]
            for k in kinds:  # such a card held (a loop: no call of an itemgetter, no any())
                if hand[k]:
                    d["tasks"] = queue
                    return
    end_turn(s, d, ())  # not queued only to be run next


def holds_any_turn_card(s: Any, p: int) -> bool:
    """Whether ``p`` holds an action card that may be played on other players' turns."""
    return any(s.game.rules.any_turn_counts(read(s, "hands")[p]))


def off_turn_actions(s: Any, p: int) -> list[int]:
    """Another player's turn is ending: play any-turn action cards, slot moons, or pass."""
    K = s.game.key_ids
    acts: list[int] = [K[A.Done,]]
    acts += [K[A.PlayTactic, k] for k in s.game.any_turn_cards if s.hands[p][k]]
    for m in sorted(set(s.claimed[p])):
        acts += [K[A.SlotMoon, m, t] for t in return_to_station.slot_targets(s, p, m)]
    return acts


def then_spent(s: Any, d: dict[str, Any], player: int, then: int) -> None:
    """What follows spending any 2 resources (Monolith, Trade Hub, Spaceport),
    in place of the spent Spend step at the head of the queue.  On the
    successor ``s`` itself (a direct rule, no working copy), through its dict ``d``."""
    rest = s.tasks[1:]
    if then == launching.SPEND_THEN_DRAW3:
        d["tasks"] = ((Task.DRAW, player, 3, 0),) + rest
    elif then == launching.SPEND_THEN_CREDITS:
        d["tasks"] = rest
        add_to(d, "res", player, CREDITS, 2)
    else:
        d["tasks"] = ((Task.GAIN, player, 3, 0),) + rest


class FreeActionsMemo:
    """What :func:`free_actions` last worked out for one player, by identity of
    the rows it came from (successors share rows they do not change; a row a
    rule thawed, a list, is never kept): the hand and the ids of its free
    tactics cards, out of battle and in battle; the development card, discovery
    token and supremacy token fields (every player's rows) last seen with this
    player's rows all empty; the ship row, leader row and bonus field and the
    ids of :func:`board_actions`; the industry row, half-moon row and claimed
    moons last tested for a rearrangement and the ids of its moves (none if
    they offer no move); the resource row and faction ability price last
    tested and whether the row pays it.  One record per player
    (``game.last_free``), its fields read as slots: one look-up per listing,
    not one per part."""

    __slots__ = (
        "affordable", "battle_hand", "battle_tactics", "board", "bonus", "claimed", "devcards",
        "dheld", "half", "hand", "irow", "leaders", "moves", "price", "res", "sheld", "ships",
        "tactics",
    )  # fmt: skip

    def __init__(self) -> None:
        self.hand: Any = None
        self.tactics: tuple[int, ...] = ()
        self.battle_hand: Any = None
        self.battle_tactics: tuple[int, ...] = ()
        self.devcards: Any = None
        self.dheld: Any = None
        self.sheld: Any = None
        self.ships: Any = None
        self.leaders: Any = None
        self.bonus: Any = None
        self.board: tuple[int, ...] = ()
        self.irow: Any = None
        self.half: Any = None
        self.claimed: Any = None
        self.moves: tuple[int, ...] = ()
        self.res: Any = None
        self.price: Any = None
        self.affordable = False


def free_actions(s: Any, p: int, acts: list[int], battle: bool = False) -> list[int]:
    """Free Actions on your turn: slot or abandon moons, play tactics cards,
    development cards, tokens, recruit leaders, bonus resources, rearrange the
    industry row, the faction ability, 2v2 transfers.  In ``battle`` action
    cards are left out: they "can't be played during battle".  The ids are
    added to the step's listing ``acts`` (returned), in no particular order
    (:meth:`Rules.legal_ids` sorts a step's listing)."""
    game = s.game
    claimed = s.claimed[p]
    if claimed:
        rules = game.rules
        moons = game.components.moons
        slot_ids = rules.slot_moon_ids
        # the slot targets of a moon without and with a repair icon (slot_targets_of),
        # each asked once
        plain: Any = None
        repair: Any = None
        for m in {*claimed}:  # in any order: Rules.legal_ids sorts the ids
            acts.append(rules.abandon_ids[m])
            if moons[m].repair:
                if repair is None:
                    repair = return_to_station.slot_targets_of(s, p, True)
                found = repair
            else:
                if plain is None:
                    plain = return_to_station.slot_targets_of(s, p, False)
                found = plain
            ids = slot_ids[m]
            for t in found:  # (a loop: no comprehension to call)
                acts.append(ids[t])
    # Each part is kept in the player's FreeActionsMemo for the next listing.
    # Empty rows are told by comparing with a row of zeros (no call, unlike any());
    # a row a rule thawed (a list) is never equal to it and goes on to the listing,
    # which skips zero counts anyway.
    memo = game.last_free[p]
    hand = s.hands[p]
    if battle:
        if memo.battle_hand is hand:
            if memo.battle_tactics:  # (most hands have none: no extend)
                acts += memo.battle_tactics
        else:
            picked = free_tactics(game, hand, True)
            acts += picked
            if type(hand) is tuple:
                memo.battle_hand, memo.battle_tactics = hand, picked
    elif memo.hand is hand:
        if memo.tactics:
            acts += memo.tactics
    else:
        picked = free_tactics(game, hand, False)
        acts += picked
        if type(hand) is tuple:
            memo.hand, memo.tactics = hand, picked
    # Development cards and tokens are seldom held: the three fields last seen with
    # this player's rows all empty are known again by identity (they change only
    # when someone's holdings do).
    if memo.devcards is not s.devcards or memo.dheld is not s.dheld or memo.sheld is not s.sheld:
        rules = game.rules
        devcards, dheld, sheld = s.devcards[p], s.dheld[p], s.sheld[p]
        held = False
        K = game.key_ids
        if devcards != rules.no_devcards:
            held = True
            for t, n in enumerate(devcards):  # (loops: no comprehension to call)
                if n and development_card_usable(s, p, t):
                    acts.append(K[A.UseDevelopmentCard, t])
        if dheld != rules.no_discoveries:
            held = True
            for k, n in enumerate(dheld):
                if n:
                    acts.append(K[A.UseToken, False, k])
        if sheld != rules.no_supremacy:
            held = True
            for k, n in enumerate(sheld):
                if n:
                    acts.append(K[A.UseToken, True, k])
        if not held and type(s.devcards) is tuple and type(s.dheld) is tuple and type(s.sheld) is tuple:
            # (fields a rule thawed are never kept)
            memo.devcards, memo.dheld, memo.sheld = s.devcards, s.dheld, s.sheld
    ships, leaders, bonus = s.ships[p], s.leaders_on[p], s.bonus
    if memo.ships is ships and memo.leaders is leaders and memo.bonus is bonus:
        board = memo.board  # the same rows as last time
    else:
        board = board_actions(s, p, ships, leaders, bonus)
    if board:  # (most listings find none: no extend)
        acts += board
    irow = s.irow[p]
    if len(irow) >= 3 and not s.rearranged:
        # return_to_station.rearrange_options as ids (Game.move_ids), kept with the
        # rows they depend on (the same rows as last time in about 4 of 5 tests);
        # a shorter row (most) has one order only: no call for it, nor the window's test.
        half = s.half[p]
        if memo.irow is irow and memo.half is half and memo.claimed is claimed:
            moves = memo.moves
        else:
            moves = game.move_ids(irow) if return_to_station.rearrangeable(s, p) else ()
            if type(irow) is tuple and type(half) is tuple and type(claimed) is tuple:
                memo.irow, memo.half, memo.claimed, memo.moves = irow, half, claimed, moves
        if moves:
            acts += moves
    # Use Faction Abilities: a faction with a free-action ability (most have none;
    # ability_prices[-1] is None: no faction yet), once a turn, whose cost can be paid.
    # Whether the resources pay it is kept with the row and price tested (the row is
    # the same as at the player's last listing in about 6 of 10 of these tests).
    price = game.ability_prices[s.faction[p]]
    if price is not None and not s.ability_used:
        res = s.res[p]
        if memo.res is res and memo.price is price:
            affordable = memo.affordable
        else:
            affordable = can_afford(res, price)
            if type(res) is tuple:
                memo.res, memo.price, memo.affordable = res, price, affordable
        if affordable:
            acts.append(game.rules.use_ability)
    if game.teams and not s.transferred:
        acts += transfer_options(s, p, game.teammate(p))
    return acts


def free_tactics(game: Any, hand: Any, battle: bool) -> tuple[int, ...]:
    """The ids of the tactics cards of ``hand`` playable as free actions (in
    ``battle``: no action cards), from the rules' tables (Rules.free_tactic_picks)."""
    rules = game.rules
    if hand == rules.no_cards:
        return ()
    counts, tactic_ids = rules.free_tactic_picks[battle]
    return tuple(compress(tactic_ids, counts(hand)))


def board_actions(s: Any, p: int, ships: Any, leaders: Any, bonus: Any) -> tuple[int, ...]:
    """The free actions of the regions of ``p``'s ships on the board: recruit a
    leader there, collect its bonus resources.  The answer is kept for the
    next listing (``game.last_free[p]``, tested by identity of the rows: a row
    a rule thawed, a list, is never kept)."""
    game = s.game
    found: tuple[int, ...] = ()  # (a tuple made only for an action found: most listings find none)
    # Each place of your ships on the board (every other place is negative); two
    # ships in one region give its actions once (tested only for an action found:
    # most regions have none, and a list of the regions seen cost more).
    for r in ships:
        if r >= 0:
            if leaders[r]:
                recruit = game.rules.recruit_ids[r]
                if recruit not in found:
                    found += (recruit,)
            # any(bonus[r]), called only for a row that is not the shared row of no
            # resources (the setup's and a collected bonus's: most are; another row,
            # of zeros or not, goes on to the call)
            if bonus[r] is not NO_RESOURCES and any(bonus[r]):
                collect = game.rules.bonus_ids[r]
                if collect not in found:
                    found += (collect,)
    if type(ships) is tuple and type(leaders) is tuple and type(bonus) is tuple:
        memo = game.last_free[p]
        memo.ships, memo.leaders, memo.bonus, memo.board = ships, leaders, bonus, found
    return found


def moon_payment(s: Any, p: int, options: Any) -> list[int]:
    """Abandon a Moon Token "as part of paying a resource cost": in a step that
    pays a cost on your turn, the claimed moons whose resources bring an option
    within reach that is out of reach now (with any one moon if one suffices,
    else with every moon that gives resources, if all of them together do)."""
    K = s.game.key_ids
    claimed = s.claimed[p]
    if not claimed or p != s.active:
        return []
    moons = s.game.components.moons
    res = s.res[p]
    now = options(res)
    useful = [m for m in sorted({*claimed}) if any(moons[m].gain)]
    single = [m for m in useful if options([a + b for a, b in zip(res, moons[m].gain)]) - now]
    if single:
        return [K[A.Abandon, m] for m in single]
    total = [*res]
    for m in claimed:
        total = [a + b for a, b in zip(total, moons[m].gain)]
    if len(useful) > 1 and options(total) - now:
        return [K[A.Abandon, m] for m in useful]
    return []


def use_faction_ability(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Use Faction Abilities (reference factions: once per turn, on your turn):
    the player of ``step`` pays the ability's cost, then resolves its effect.
    On the successor ``s`` itself (a rule of :data:`rules.DIRECT_DECISIONS`,
    no working copy)."""
    p = step[1]
    faction = s.faction[p]
    spec = s.game.components.factions[faction]
    price = s.game.ability_prices[faction]
    assert spec.ability is not None and price is not None  # offered only then (free_actions)
    progress_tracks.spend(s, d, p, price)
    d["ability_used"] = True
    progress_tracks.apply_effect(s, d, p, spec.ability)


def development_card_usable(s: Any, p: int, t: int) -> bool:
    """Development Abilities: only when the ability can do something."""
    if t == 0:
        return bool(sum(s.dstacks[2]))
    if t == 2:
        return bool(sum(s.res[p]) + sum(s.hands[p]) >= 2)
    if t == 3:
        return any(k >= 0 for col in s.market for k in col)
    return True


def use_development_card(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Development Abilities (once per card): Observatory, Factory, Spaceport, City, Obelisk
    (``action.type``), by the player of ``step``.  On the successor ``s`` itself
    (a rule of :data:`rules.DIRECT_DECISIONS`, no working copy)."""
    p, t = step[1], action.type
    add_to(d, "devcards", p, t, -1)
    add_to(d, "devused", p, t, 1)
    if t == 0:
        d["tasks"] = ((Task.DISCOVERY, p, 2, 0),) + s.tasks
    elif t == 1:
        d["tasks"] = ((Task.REPAIR, p, 0, 0), (Task.REPAIR, p, 0, 0)) + s.tasks
    elif t == 2:
        d["tasks"] = ((Task.SPEND, p, 2, launching.SPEND_THEN_GAIN3),) + s.tasks
    elif t == 3:
        d["tasks"] = ((Task.CITY, p, 0, 0),) + s.tasks
    else:
        add_to(d, "res", p, ENERGY, 4)


def play_tactic(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Play Tactics Cards: action and event cards resolve at once (an event card
    also advances the event marker); sustain cards stay in play until Return
    to Station; diplomacy and battle cards in their battle steps.  The card is
    ``action.kind``, played by the player of ``step`` at that step.  On the
    successor ``s`` itself (a rule of :data:`rules.DIRECT_DECISIONS`, no
    working copy)."""
    p, kind = step[1], action.kind
    card = s.game.components.tactics[kind]
    if card.type in (3, 4):
        if step[0] == Task.DIPLOMACY:
            d["tasks"] = s.tasks[1:]
        battle.play_battle_card(s, d, p, kind)
        return
    hands = [*s.hands]
    hand = [*hands[p]]
    hand[kind] -= 1  # add_to() inlined: every card played but a battle's
    hands[p] = tuple(hand)
    d["hands"] = tuple(hands)
    if card.type == 2:
        add_to(d, "sustain", p, kind, 1)
        if step[0] == Task.PREPARE:  # targeting was counted at the start of preparations
            targets = s.b_target
            d["b_target"] = put(targets, p, targets[p] + card.effect.targeting)
        return
    discard = [*s.tdiscard]
    discard[kind] += 1  # put() inlined
    d["tdiscard"] = tuple(discard)
    if card.type == 1:
        progress_tracks.event_step(s, d)
    progress_tracks.apply_effect(s, d, p, card.effect)


def abandon_moon(s: Any, d: dict[str, Any], p: int, moon: int) -> None:
    """Abandon a Moon Token: gain its resources and VP; a repair icon gives a repair."""
    spec = s.game.components.moons[moon]
    launching.unclaim_moon(s, d, p, moon)
    discard = s.moon_discard
    d["moon_discard"] = put(discard, moon, discard[moon] + 1)
    progress_tracks.gain(s, d, p, spec.gain)
    progress_tracks.add_vp(s, d, p, spec.vp)
    if spec.repair:
        d["tasks"] = ((Task.REPAIR, p, 0, 0),) + s.tasks


def choose_faction(w: Work, p: int, faction: int) -> None:
    """Factions: keep 1 of 3; gain its starting resources; advance on its
    tracks; take its unique ship upgrade with the dealt neutral ones."""
    game = w.game
    spec = game.components.factions[faction]
    s = w.sync()  # the effects on the successor itself
    d = s.__dict__
    d["faction"] = put(s.faction, p, faction)
    d["offers"] = put(s.offers, p, ())
    tiles = [*s.upg_supply[p], len(game.components.upgrades) + faction]
    tiles.sort()
    d["upg_supply"] = put(s.upg_supply, p, tuple(tiles))
    progress_tracks.gain(s, d, p, spec.start)
    for track in spec.tracks:
        progress_tracks.advance(s, d, p, track)


def award_supremacy(w: Work, place: int, taker: int) -> None:
    """2v2: the chosen teammate takes the token; the other finds it gone and scores 2 VP."""
    token = w.stokens[place]
    w.stokens[place] = -1
    w.sheld[taker][token] += 1
    s = w.sync()
    progress_tracks.add_vp(s, s.__dict__, w.game.teammate(taker), progress_tracks.SUPREMACY_GONE_VP)


def transfer_options(s: Any, p: int, mate: int) -> list[int]:
    """2v2 Collaboration, Transfer a Resource/Token: 1 resource, 1 tactics card,
    1 claimed but unslotted moon, 1 supremacy or 1 discovery token, either way."""
    K = s.game.key_ids
    acts: list[int] = []
    for give, giver in ((True, p), (False, mate)):
        acts += [K[A.Transfer, give, r, 0] for r in range(5) if s.res[giver][r]]
        acts += [K[A.Transfer, give, A.TRANSFER_TACTIC, k] for k, n in enumerate(s.hands[giver]) if n]
        acts += [K[A.Transfer, give, A.TRANSFER_MOON, m] for m in sorted({*s.claimed[giver]})]
        acts += [K[A.Transfer, give, A.TRANSFER_DISCOVERY, k] for k, n in enumerate(s.dheld[giver]) if n]
        acts += [K[A.Transfer, give, A.TRANSFER_SUPREMACY, k] for k, n in enumerate(s.sheld[giver]) if n]
    return acts


def transfer(w: Work, p: int, action: A.Transfer) -> None:
    """2v2 Collaboration: once per turn, one thing to or from the teammate.

    A moon goes to the taker's claimed moons area; a fifth moon there makes
    the taker discard one, as for any moon gained (Claiming Moons)."""
    mate = w.game.teammate(p)
    giver, taker = (p, mate) if action.give else (mate, p)
    what, kind = action.resource, action.kind
    w.transferred = True
    if what == A.TRANSFER_TACTIC:
        w.hands[giver][kind] -= 1
        w.hands[taker][kind] += 1
    elif what == A.TRANSFER_MOON:
        w.claimed[giver].remove(kind)
        synced = w.sync()  # on the successor itself
        launching.claim_moon(synced, synced.__dict__, taker, kind)
    elif what == A.TRANSFER_DISCOVERY:
        w.dheld[giver][kind] -= 1
        w.dheld[taker][kind] += 1
    elif what == A.TRANSFER_SUPREMACY:
        w.sheld[giver][kind] -= 1
        w.sheld[taker][kind] += 1
    else:
        w.res[giver][what] -= 1
        w.res[taker][what] += 1
