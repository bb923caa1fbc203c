"""Battle: Escalation, Diplomacy, Battle Preparations, Roll Dice, Outcome, Damage Ships.

Participants are the players (by index) and the raiders (index ``players``).
In 2v2 mode teammates fight as one side and compare their combined dice.
"""

from __future__ import annotations

from typing import Any

from boardgames.games.andromedas_edge import progress_tracks
from boardgames.games.andromedas_edge.components import ENERGY, JUMP, VOYAGE
from boardgames.games.andromedas_edge.interpretations import TARGETING_LIMIT
from boardgames.games.andromedas_edge.raiders import raiders_at
from boardgames.games.andromedas_edge.state import SCRAPPED, Task, add_to, put_in, read
from boardgames.kernel.work import put

DICE_LIMIT = 6


def side(s: Any, participant: int) -> int:
    """The side a participant fights on (2v2: its team; raiders are their own side)."""
    n = s.game.players
    if participant == n:
        return -1
    return int(s.game.team_of(participant))


def opposed(s: Any, region: int) -> bool:
    """Whether 2 or more opposing sides (:func:`side`) have a ship or a raider in
    ``region``: a battle there.  It stops at the second side (no set of them)."""
    sides = s.game.sides
    first = -2  # no side yet (the raiders' side is -1)
    p = 0  # (a count, not enumerate(): a call fewer)
    for row in s.ships:  # a state: its attributes (cheaper than its __dict__'s items)
        if region in row:
            if first == -2:
                first = sides[p]
            elif sides[p] != first:
                return True
        p += 1  # noqa: SIM113 (enumerate() measured dearer here)
    return first != -2 and region in s.rpos  # the raiders, against the one side there


_DIPLOMACY_STEP, _PREPARE_STEP = (Task.BATTLE_DIPLOMACY, -1, 0, 0), (Task.BATTLE_PREPARE, -1, 0, 0)
"""The battle's Diplomacy and Battle Preparations steps."""


def start_battle(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 4 -- Battle: resolved if 2 or more opposing sides are in the active region.
    On the successor ``s`` itself (``d``: its dict; an automatic step run without a
    working copy, ``task``), as are the other stages but Roll Dice's results."""
    if not opposed(s, s.region):
        return
    n = s.game.players
    d["b_bonus"] = d["b_target_bonus"] = d["b_dice"] = d["b_target"] = (0,) * (n + 1)
    d["b_rolls"] = ((),) * (n + 1)
    d["b_cease"] = 0
    tasks = []  # (a loop: no comprehension to call)
    for p in s.game.turn_orders[s.active]:
        if escalation_ships(s, p):
            tasks.append((Task.ESCALATE, p, 0, 0))
    if tasks:
        d["tasks"] = (*tasks, _DIPLOMACY_STEP, *s.tasks)
    else:  # no Escalation: Diplomacy at once (its step would run next; a step of the settling fewer)
        diplomacy_stage(s, d, _DIPLOMACY_STEP)


def escalation_ships(s: Any, player: int) -> list[tuple[int, bool]]:
    """Step 1 -- Escalation: (ship, needs a jump) for ships within range of the
    active region (Voyage for a nebula; Jump spends 1 energy for infinite range).
    The answer is kept per player for the next call (``game.last_escalation``:
    the start of the battle, the Escalation step's listing and the escalation
    itself ask the same), tested by identity of the ship and upgrade rows and
    by the region and energy; rows a rule thawed (lists) are never kept."""
    game = s.game
    ships = s.ships[player]  # a state: its attributes (cheaper than its __dict__'s items)
    # (no max(ships) test for a row with none on the board: a builtin's call on a
    # short row costs more than the loop below, and most rows have some)
    region = s.region
    upgrades = s.upgrades[player]
    energy = s.res[player][ENERGY]
    last = game.last_escalation[player]
    if last[0] is ships and last[1] is upgrades and last[2] == region and last[3] == energy:
        return last[4]  # type: ignore[no-any-return]
    kept = game.last_ship_specs[player]  # ship_specs' answer, if for this row
    specs = kept[1] if kept[0] is upgrades else game.ship_specs(upgrades, player)
    types = game.ship_types
    dist = game.dist
    nebula = region >= game.spaces  # a nebula is entered only with Voyage
    result: list[tuple[int, bool]] = []
    i = -1  # the ship's place in the row (a count, not enumerate(): measured cheaper)
    for loc in ships:
        i += 1
        if loc < 0 or loc == region:
            continue
        spec = specs[types[i]]
        if nebula and not spec.abilities & VOYAGE:
            continue
        if dist[loc][region] <= spec.range:
            result.append((i, False))
        elif spec.abilities & JUMP and energy >= 1:
            result.append((i, True))
    if type(ships) is tuple and type(upgrades) is tuple:
        game.last_escalation[player] = (ships, upgrades, region, energy, result)
    return result


def escalate(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Step 1 -- Escalation: the ship of ``action`` (one of
    :func:`escalation_ships` of the player of ``step``) moves into the active
    region, with 1 energy for a jump when the region is beyond its range (as
    :func:`escalation_ships` tells).  On the successor ``s`` itself (a rule of
    :data:`rules.DIRECT_DECISIONS`, no working copy)."""
    player, ship = step[1], action.ship
    game = s.game
    region = s.region
    ships = [*s.ships]
    row = [*ships[player]]
    spec = game.ship_specs(s.upgrades[player])[game.ship_types[ship]]
    if game.dist[row[ship]][region] > spec.range:  # a jump
        put_in(d, "res", player, ENERGY, s.res[player][ENERGY] - 1)
    row[ship] = region
    ships[player] = tuple(row)  # put() inlined
    d["ships"] = tuple(ships)


def spend_energy_die(s: Any, d: dict[str, Any], step: tuple[int, ...], action: Any) -> None:
    """Step 3 -- Battle Preparations: the player of ``step`` spends 1 energy for
    1 more die.  On the successor ``s`` itself (a rule of
    :data:`rules.DIRECT_DECISIONS`, no working copy)."""
    player = step[1]
    add_to(d, "res", player, ENERGY, -1)
    dice = [*s.b_dice]
    dice[player] += 1  # put() inlined
    d["b_dice"] = tuple(dice)


def fighting(s: Any) -> list[int]:
    """The participants, players with ships in the active region (turn order)
    then the raiders, while 2 or more opposing sides (:func:`side`) are among
    them (the battle goes on), else none: the test of every stage and who
    takes part, in one pass (:func:`opposed` tests the same sides).
    ``s``: the successor itself.  The answer is kept for the next call
    (``game.last_fighting``: the stages after Escalation mostly see the same
    ship rows), tested by identity of the ship rows and raider positions and
    by the region and active player; rows a rule thawed (lists) are never kept.
    The list handed out is that kept one: callers read it and never change it."""
    game = s.game
    region, ships, rpos, active = s.region, s.ships, s.rpos, s.active
    last = game.last_fighting
    if last[0] is ships and last[1] is rpos and last[2] == region and last[3] == active:
        return last[4]  # type: ignore[no-any-return]
    found = []
    for p in game.turn_orders[active]:  # a loop, not a comprehension (a call of its own on 3.11)
        if region in ships[p]:
            found.append(p)
    if region in rpos:  # a raider there (raiders_at): a side of its own
        found.append(game.players)
    if len(found) < 2:
        found = []
    elif game.teams:  # 2v2: teammates are one side
        sides = game.sides
        first = sides[found[0]]
        for p in found:
            if p == game.players or sides[p] != first:
                break
        else:
            found = []
    if type(ships) is tuple and type(rpos) is tuple:
        game.last_fighting = (ships, rpos, region, active, found)
    return found


def diplomacy_stage(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 2 -- Diplomacy: each participating player may play 1 diplomacy card."""
    parts = fighting(s)
    if not parts:
        return
    game = s.game
    diplomacy = game.tactics_of_type(3)
    hands = s.hands
    tasks = []
    for p in parts:  # loops, not comprehensions (a call each on 3.11)
        if p < game.players:
            hand = hands[p]
            for k in diplomacy:
                if hand[k]:  # holds a diplomacy card
                    tasks.append((Task.DIPLOMACY, p, 0, 0))
                    break
    if tasks:
        d["tasks"] = (*tasks, _PREPARE_STEP, *s.tasks)
    else:  # no diplomacy card to play: Battle Preparations at once (as above)
        prepare_stage(s, d, _PREPARE_STEP)


def play_battle_card(s: Any, d: dict[str, Any], player: int, kind: int) -> None:
    """Diplomacy and Battle cards: a ceasefire ends the battle with no winner
    and no defeated; dice and targeting bonuses last for this battle.  On the
    successor ``s`` itself (a direct rule, no working copy)."""
    game = s.game
    effect = game.components.tactics[kind].effect
    add_to(d, "hands", player, kind, -1)
    discard = [*s.tdiscard]
    discard[kind] += 1  # put() inlined
    d["tdiscard"] = tuple(discard)
    if effect.ceasefire:
        d["b_cease"] = 1
    _add(d, "b_bonus", player, effect.dice)
    _add(d, "b_target_bonus", player, effect.targeting)
    rest = game.rules.battle_card_rest[kind]  # attrs_without_battle(effect)
    progress_tracks.apply_effect(s, d, player, rest)
    dice = s.b_dice[player]
    if dice:
        d["b_dice"] = put(s.b_dice, player, min(DICE_LIMIT, dice + effect.dice))
        _add(d, "b_target", player, effect.targeting)


def _add(d: dict[str, Any], name: str, player: int, n: int) -> None:
    """``n`` more in ``player``'s entry of field ``name`` (a successor's dict ``d``)."""
    values = [*d[name]]
    values[player] += n  # put() inlined
    d[name] = tuple(values)


def attrs_without_battle(effect: Any) -> Any:
    """The effect of a diplomacy or battle card but its dice, targeting and
    ceasefire (which last for the battle): the rest applies when it is played.
    Made once per card kind (``Rules.battle_card_rest``)."""
    import attrs

    return attrs.evolve(effect, dice=0, targeting=0, ceasefire=False)


def prepare_stage(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 3 -- Battle Preparations: count dice (weapons, developments in or
    adjacent, bonuses; at most 6) and targeting (ships + bonuses)."""
    if s.b_cease:
        return
    parts = fighting(s)
    if not parts:
        return
    region = s.region
    game = s.game
    dev, ships, upgrades, sustain = s.dev, s.ships, s.upgrades, s.sustain
    near = [dev[region]]  # who developed in or next to it (a loop: no comprehension to call)
    for r in game.adjacent[region]:
        near.append(dev[r])
    bonus, target_bonus = s.b_bonus, s.b_target_bonus
    sustain_targeting = game.rules.sustain_targeting
    types = game.ship_types
    all_dice, all_targets = [*s.b_dice], [*s.b_target]  # (list displays: no list() to call)
    for p in parts:
        if p == game.players:
            dice, target = raider_strength(s)
        else:
            dice = bonus[p] + near.count(p)
            target = target_bonus[p]
            kept = game.last_ship_specs[p]  # ship_specs' answer, if for this row
            specs = kept[1] if kept[0] is upgrades[p] else game.ship_specs(upgrades[p], p)
            i = 0  # the ship's place in the row (a count, not enumerate(): measured cheaper)
            for loc in ships[p]:
                if loc == region:
                    spec = specs[types[i]]
                    dice += spec.weapons
                    target += 1 + spec.targeting
                i += 1  # noqa: SIM113
            held = sustain[p]
            for kind, bonus_each in sustain_targeting:  # the sustain cards with a targeting bonus
                target += held[kind] * bonus_each
        all_dice[p] = dice if dice < DICE_LIMIT else DICE_LIMIT  # at most 6 (no min() to call)
        all_targets[p] = target
    d["b_dice"], d["b_target"] = tuple(all_dice), tuple(all_targets)
    tasks = []  # a loop: no comprehension to call
    for p in parts:
        if p < game.players:
            tasks.append((Task.PREPARE, p, 0, 0))
    d["tasks"] = (*tasks, (Task.BATTLE_ROLL, -1, 0, 0), *s.tasks)


def raider_strength(s: Any) -> tuple[int, int]:
    """Raiders: weapons per standee; S-class targeting is their number of
    ships, other raiders 1 plus their card's bonus."""
    game = s.game
    present = raiders_at(s, s.region)
    cls = game.standee_class[present[0]]
    card = game.components.raiders[read(s, "raider_cards")[cls]]
    dice = card.weapons * len(present)
    target = len(present) if cls == 0 else 1 + card.targeting
    return min(DICE_LIMIT, dice), target


def roll_stage(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 4 -- Roll Dice: every participant rolls at once (one chance node per
    die).  On the successor ``s`` itself (an automatic step run without a working copy)."""
    if s.b_cease:
        return
    parts = fighting(s)
    if not parts:
        return
    dice = s.b_dice
    die_steps = s.game.rules.die_steps  # each participant's dice, one step each
    tasks: tuple[tuple[int, ...], ...] = ()
    for p in parts:
        tasks += die_steps[p][dice[p]]
    d["tasks"] = tasks + ((Task.BATTLE_OUTCOME, -1, 0, 0),) + s.tasks


def die_faces(target: int) -> range:
    """Targeting: results below the targeting value (at most 5) are rerolled,
    so each die ends uniform on targeting..6."""
    return range(max(1, min(TARGETING_LIMIT, target)), 7)


def compare(a: list[int], b: list[int]) -> int:
    """Step 5 -- Outcome: highest die first, then the next; a die left over wins
    the tie.  1 if ``a`` wins, -1 if ``b`` wins, 0 if tied throughout."""
    for x, y in zip(a, b):
        if x != y:
            return 1 if x > y else -1
    return (len(a) > len(b)) - (len(a) < len(b))


def winner_of(rolls: dict[int, list[int]]) -> int | None:
    """The side whose dice beat every other side's, or None (everyone loses)."""
    best: list[int] = []
    top: list[int] = []  # the dice of best[0], highest first
    for k, v in rolls.items():  # a loop, not a dict comprehension (a call of its own on 3.11)
        dice = sorted(v, reverse=True)
        order = compare(dice, top) if best else 1
        if order > 0:
            best, top = [k], dice
        elif order == 0:
            best.append(k)
    return best[0] if len(best) == 1 else None


def outcome(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 5 -- Outcome: the winner advances on supremacy and claims raider
    rewards; defeated players may take Tactical Operations."""
    if s.b_cease:
        return
    parts = fighting(s)
    if not parts:
        return
    game = s.game
    n = game.players
    sides = game.sides  # side() of the players; the raiders (n) are side -1
    rolls: dict[int, list[int]] = {}
    b_rolls = s.b_rolls
    for p in parts:
        rolls.setdefault(-1 if p == n else sides[p], []).extend(b_rolls[p])
    won = winner_of(rolls)
    winners, losers, tasks = [], [], []
    for p in parts:  # one loop, not three comprehensions (a call each on 3.11)
        if p < n:
            if sides[p] == won:
                winners.append(p)
            else:
                losers.append(p)
                tasks.append((Task.TACOPS, p, 0, 0))
    raiders_lost = n in parts and won != -1
    d["b_lost"] = (*losers, n) if raiders_lost else tuple(losers)
    d["tasks"] = (*tasks, (Task.BATTLE_DAMAGE, -1, 0, 0), *s.tasks)
    if raiders_lost:  # their card's reward, read before any winner's effects
        reward = game.components.raiders[s.raider_cards[game.standee_class[raiders_at(s, s.region)[0]]]]
    place = shared_token_place(s, winners) if len(winners) == 2 else -1  # 2v2 teammates only
    for p in reversed(winners):
        if raiders_lost:
            progress_tracks.apply_effect(s, d, p, reward.reward)
        progress_tracks.advance(s, d, p, 4, token=place < 0)
    if place >= 0:
        d["tasks"] = ((Task.SUPREMACY, s.active, place, winners[0]),) + s.tasks


def shared_token_place(s: Any, winners: list[int]) -> int:
    """2v2: the supremacy token place (0-2) that both winning teammates reach
    at the same time with its token still there, else -1."""
    if len(winners) != 2:
        return -1
    track = s.game.components.tracks[4]
    reached = {s.tracks[p][4] + 1 for p in winners}
    if len(reached) != 1:
        return -1
    pos = reached.pop()
    if pos >= len(track.vp) or track.special[pos] != 3:
        return -1
    place = sum(1 for i in range(pos) if track.special[i] == 3)
    return place if s.stokens[place] >= 0 else -1


def tactical_operations(s: Any, d: dict[str, Any], player: int, moon: bool) -> None:
    """Tactical Operations: draw 1 tactics card or gain the slotted moon's resources
    (on the successor ``s`` itself, a direct rule)."""
    if moon:
        spec = s.game.components.moons[s.tacops[player]]
        progress_tracks.gain(s, d, player, spec.gain)
        progress_tracks.add_vp(s, d, player, spec.vp)
    else:
        d["tasks"] = ((Task.DRAW, player, 1, 0),) + s.tasks


def damage_stage(s: Any, d: dict[str, Any], task: Any) -> None:
    """Step 6 -- Damage Ships: defeated ships take damage (shields, else the
    Scrapyard); one defeated raider takes damage or returns to its card."""
    game = s.game
    region = s.region
    for p in s.b_lost:
        if p == game.players:
            standee = raiders_at(s, region)[0]
            cls = game.standee_class[standee]
            shields = game.components.raiders[s.raider_cards[cls]].shields
            rdmg = s.rdmg
            if rdmg[standee] < shields:
                d["rdmg"] = put(rdmg, standee, rdmg[standee] + 1)
            else:
                d["rpos"] = put(s.rpos, standee, -1)
                d["rdmg"] = put(rdmg, standee, 0)
            continue
        i = -1  # the ship's place in the row (a count, not enumerate(): a call fewer)
        for loc in s.ships[p]:
            i += 1
            if loc == region:
                damage_ship(s, d, p, i)
    d["b_lost"] = ()


def damage_ship(s: Any, d: dict[str, Any], player: int, ship: int) -> None:
    """Shields: a damage marker on an undepleted shield; otherwise the Scrapyard
    (``d``: the successor's dict)."""
    game = s.game
    spec = game.ship_spec(s.upgrades[player], game.ship_types[ship])
    if s.shield_dmg[player][ship] < spec.shields:
        add_to(d, "shield_dmg", player, ship, 1)
    else:
        put_in(d, "ships", player, ship, SCRAPPED)
