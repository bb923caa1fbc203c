"""Andromeda's Edge positions and the turn engine.

A state keeps a queue of pending steps (``tasks``).  The step at its head is
a decision of one player (who then is ``current_player``), a chance event,
or an automatic rule that runs at once.  ``apply`` carries out one action
on a :class:`Work` copy of the successor, then runs automatic steps until
the head is a decision or chance again (copy-on-write: only touched fields
are copied).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from boardgames.games.andromedas_edge import actions as A
from boardgames.games.andromedas_edge import battle, launching, progress, station
from boardgames.games.andromedas_edge.components import ENERGY
from boardgames.games.andromedas_edge.work import (
    BAY,
    MARKER_ON_STATION,
    OVER,
    PLAY,
    Task,
    Work,
)
from boardgames.kernel.actions import Action
from boardgames.kernel.game import CHANCE, TERMINAL, State, View

if TYPE_CHECKING:
    from boardgames.games.andromedas_edge.game import AndromedasEdge

__all__ = ["FIELDS", "AndromedasEdgeState", "AndromedasEdgeView"]

FIELDS: tuple[str, ...] = (
    "phase", "tasks", "active", "turn", "final", "truncated", "event_pos", "event_holder",
    "region", "transferred", "rearranged", "ability_used", "module_first", "layout", "moon_top",
    "moon_hidden", "moon_pool", "moon_discard",
    "dev", "bonus", "leaders_on", "rpos", "rdmg", "raider_cards", "planet_stack", "market",
    "mdeck", "mbottom", "hands", "tdeck", "tdiscard", "sustain", "edeck", "etop", "ebottom",
    "ediscard", "dstacks", "dheld", "dused", "stokens", "sheld", "sused", "faction", "offers",
    "destiny", "doffers", "res", "vp", "tracks", "ships", "shield_dmg", "upgrades", "upg_supply",
    "leaders_home", "claimed", "tacops", "station", "mdmg", "mmoon", "mused", "half", "irow", "devcards",
    "devused", "b_bonus", "b_target_bonus", "b_dice", "b_target", "b_rolls", "b_cease", "b_lost",
)  # fmt: skip
"""Every field of a state, in JSON order."""

HIDDEN = frozenset({"hands", "tdeck", "dstacks", "dheld", "destiny", "doffers", "edeck", "etop", "ebottom"})


@attrs.frozen
class AndromedasEdgeView(View):
    """What one player may know: every public field, and for the hidden ones
    their own hand, tokens and destiny, the sizes of the rest, and the event
    cards they have seen on top of or under the deck.  In 2v2 mode teammates
    share hidden information: the view also holds the teammate's hand, tokens
    and destiny, and the event cards and discovery stack the teammate has seen."""

    public: tuple[tuple[str, Any], ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    tdeck_size: int
    dheld: tuple[int, ...]
    dheld_sizes: tuple[int, ...]
    dstack_sizes: tuple[int, ...]
    dstack_seen: tuple[int, ...]
    """The contents of the discovery stack this player is choosing from, else ()."""
    destiny: int
    doffer: tuple[int, ...]
    destiny_held: tuple[bool, ...]
    doffer_sizes: tuple[int, ...]
    eremaining: tuple[int, ...]
    """Event cards still in the deck (any order), sorted."""
    etop: tuple[tuple[int, int], ...]
    ebottom: tuple[tuple[int, int], ...]
    """Known deck places: (the card if this player or their teammate saw it, else -1; who has seen it)."""
    mate: int = -1
    """2v2: the teammate whose hidden information this view shares, else -1."""
    mate_hand: tuple[int, ...] = ()
    mate_dheld: tuple[int, ...] = ()
    mate_destiny: int = -1
    mate_doffer: tuple[int, ...] = ()

    def field(self, name: str) -> Any:
        for key, value in self.public:
            if key == name:
                return value
        raise KeyError(name)


class AndromedasEdgeState(State):
    """An Andromeda's Edge position.  Read its fields; change it only with ``apply``."""

    game: AndromedasEdge
    phase: int
    tasks: tuple[tuple[int, ...], ...]
    active: int
    turn: int
    final: int
    event_pos: int
    event_holder: int
    region: int
    transferred: bool
    rearranged: bool
    """The last action was a rearrangement of the industry row (none may follow it directly)."""
    ability_used: bool
    """The active player has used their faction ability this turn."""
    module_first: bool
    layout: tuple[int, ...]
    moon_top: tuple[int, ...]
    moon_hidden: tuple[int, ...]
    moon_pool: tuple[int, ...]
    moon_discard: tuple[int, ...]
    dev: tuple[int, ...]
    bonus: tuple[tuple[int, ...], ...]
    leaders_on: tuple[tuple[int, ...], ...]
    rpos: tuple[int, ...]
    rdmg: tuple[int, ...]
    raider_cards: tuple[int, ...]
    planet_stack: tuple[int, ...]
    market: tuple[tuple[int, ...], ...]
    mdeck: tuple[int, ...]
    mbottom: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    tdeck: tuple[int, ...]
    tdiscard: tuple[int, ...]
    sustain: tuple[tuple[int, ...], ...]
    edeck: tuple[int, ...]
    etop: tuple[tuple[int, int], ...]
    ebottom: tuple[tuple[int, int], ...]
    ediscard: tuple[int, ...]
    dstacks: tuple[tuple[int, ...], ...]
    dheld: tuple[tuple[int, ...], ...]
    dused: tuple[int, ...]
    stokens: tuple[int, ...]
    sheld: tuple[tuple[int, ...], ...]
    sused: tuple[int, ...]
    faction: tuple[int, ...]
    offers: tuple[tuple[int, ...], ...]
    destiny: tuple[int, ...]
    doffers: tuple[tuple[int, ...], ...]
    res: tuple[tuple[int, ...], ...]
    vp: tuple[int, ...]
    tracks: tuple[tuple[int, ...], ...]
    ships: tuple[tuple[int, ...], ...]
    shield_dmg: tuple[tuple[int, ...], ...]
    upgrades: tuple[tuple[int, ...], ...]
    upg_supply: tuple[tuple[int, ...], ...]
    leaders_home: tuple[int, ...]
    claimed: tuple[tuple[int, ...], ...]
    tacops: tuple[int, ...]
    station: tuple[tuple[int, ...], ...]
    mdmg: tuple[tuple[int, ...], ...]
    mmoon: tuple[tuple[int, ...], ...]
    mused: tuple[tuple[int, ...], ...]
    half: tuple[tuple[int, ...], ...]
    irow: tuple[tuple[int, ...], ...]
    """Per player, the station places of the industry modules in row order (the Shipwright first)."""
    devcards: tuple[tuple[int, ...], ...]
    devused: tuple[tuple[int, ...], ...]
    b_bonus: tuple[int, ...]
    b_target_bonus: tuple[int, ...]
    b_dice: tuple[int, ...]
    b_target: tuple[int, ...]
    b_rolls: tuple[tuple[int, ...], ...]
    b_cease: int
    b_lost: tuple[int, ...]

    # -- the contract ---------------------------------------------------------------

    def _legal_ids(self) -> tuple[int, ...]:
        ids = self.game.catalogue.ids
        return tuple(sorted({ids[a] for a in legal_actions(self)}))

    def _chance_ids(self) -> tuple[tuple[int, float], ...]:
        if self._player != CHANCE:
            return ()
        ids = self.game.catalogue.ids
        outcomes = chance_outcomes(self)
        total = sum(w for _, w in outcomes)
        return tuple(sorted((ids[a], w / total) for a, w in outcomes))

    def _apply(self, action_id: int) -> State:
        new = self._successor()
        fields = new.__dict__
        action = self.game.catalogue.actions[action_id]
        if fields["rearranged"] and type(action) is not A.MoveIndustry:
            fields["rearranged"] = False
        w = Work(fields, self.game)
        perform(w, action)
        run(w)
        w.commit()
        fields["_player"] = to_act(fields)
        return new

    @property
    def truncated(self) -> bool:
        """The game was stopped by the ``turn_limit`` option, not by its rules:
        it has no winners and returns 0 to every player."""
        return bool(self.__dict__["truncated"])

    def scores(self) -> tuple[float, ...]:
        from boardgames.games.andromedas_edge.scoring import score_table

        return tuple(float(sum(col)) for col in zip(*score_table(self).values()))

    @property
    def winners(self) -> frozenset[int]:
        """Resolving Ties: most VP, then most modules, then most resources; else shared.
        2v2: the team with the higher summed score."""
        if self._player != TERMINAL or self.truncated:
            return frozenset()
        from boardgames.games.andromedas_edge.scoring import winners

        return winners(self)

    def view(self, player: int) -> AndromedasEdgeView:
        self._check_player(player)
        return make_view(self, player)


# -- the engine ----------------------------------------------------------------------------


def to_act(fields: dict[str, Any]) -> int:
    if fields["phase"] == OVER:
        return TERMINAL
    head = fields["tasks"][0]
    if head[0] in Task.CHANCE:
        return CHANCE
    return int(head[1])


def run(w: Work) -> None:
    """Run automatic steps until a decision or a chance event heads the queue."""
    while w.phase != OVER:
        if not w.tasks:
            next_turn(w)
            continue
        head = w.tasks[0]
        kind = head[0]
        if kind in Task.CHANCE:
            if chance_possible(w, head):
                return
            w.tasks.pop(0)
            continue
        if kind in Task.DECISIONS:
            if kind == Task.SPEND and head[2] == 0:
                w.tasks.pop(0)
                then_spent(w, head[1], head[3])
                continue
            if decision_needed(w, head):
                return
            w.tasks.pop(0)
            continue
        w.tasks.pop(0)
        automatic(w, head)


def chance_possible(w: Work, task: list[int]) -> bool:
    kind = task[0]
    if kind == Task.DRAW:
        if not sum(w.tdeck) and sum(w.tdiscard):
            w.tdeck = [a + b for a, b in zip(w.tdeck, w.tdiscard)]  # reshuffle the discard pile
            w.tdiscard = [0] * len(w.tdiscard)
        return bool(sum(w.tdeck)) and task[2] > 0
    if kind == Task.MOON:
        return bool(moon_pool_of(w, task[2]))
    if kind == Task.REFILL:
        return launching_refill_needed(w, task[2])
    if kind == Task.PLANET:
        return bool(sum(w.planet_stack))
    if kind == Task.EVENT:
        if launching.edeck_size(w) == 0 and w.ediscard:
            w.edeck = [1 if c in w.ediscard else 0 for c in range(len(w.edeck))]
            w.ediscard = []
        return w.event_holder == w.active and launching.edeck_size(w) > 0
    if kind == Task.PEEK_DRAW:
        return True
    if kind == Task.RAIDER_ROLL:
        return bool(launching.raider_targets(w, task[2], bool(task[3] & 1)))
    return kind == Task.BATTLE_DIE


def launching_refill_needed(w: Work, column: int) -> bool:
    return progress.refresh_column(w, column)


def moon_pool_of(s: Any, region: int) -> list[int]:
    colour = s.game.components.planets[s.layout[region]].type
    moons = s.game.components.moons
    return [k for k, n in enumerate(s.moon_pool) if n and moons[k].colour == colour]


_ALWAYS = frozenset(
    {
        Task.MAIN, Task.POST, Task.FACTION, Task.DESTINY, Task.RETURN, Task.ESCALATE,
        Task.DIPLOMACY, Task.PREPARE, Task.TACOPS, Task.REACTOR, Task.GIVE_MODULE, Task.SUPREMACY,
    }
)  # fmt: skip
"""Decision steps that always offer a choice ("done" or more) once queued."""


def decision_needed(w: Work, task: list[int]) -> bool:
    """Whether a decision step still has a choice to make (else it is skipped)."""
    kind, player = task[0], task[1]
    if kind == Task.DISCARD:
        return bool(sum(w.hands[player]) > progress.tactics_limit(w, player))
    if kind in _ALWAYS:
        return True
    if kind == Task.OFF_TURN:  # only a player holding an any-turn action card
        hand = w.hands[player]
        return any(hand[k] for k in w.game.any_turn_cards)
    if kind == Task.SPEND:
        if sum(w.res[player]) + sum(w.hands[player]) > 0:
            return True
        return bool(w.claimed[player]) and bool(decision_actions(w, task))
    if kind == Task.GAIN:
        return task[2] > 0
    if kind == Task.WINDOW:
        return window_open(w, task) and bool(free_actions(w, player))
    if kind == Task.CIV_DRAW:
        cards: int = sum(w.tdeck) + sum(w.tdiscard)
        return cards > 0 and progress.tactics_limit(w, player) > sum(w.hands[player])
    return bool(decision_actions(w, task))


def window_open(w: Work, task: list[int]) -> bool:
    """Free actions "at any time on your turn": a window between the steps of a
    launch is opened only before a step that will happen (a raider strike, a
    battle); otherwise the next free-action step (end of turn) offers the same."""
    if task[2] == 0:
        return bool(launching.strike_candidates(w))
    return len(battle.sides_present(w, w.region)) > 1


def then_spent(w: Work, player: int, then: int) -> None:
    """What follows spending any 2 resources (Monolith, Trade Hub, Spaceport)."""
    if then == launching.SPEND_THEN_DRAW3:
        w.push((Task.DRAW, player, 3, 0))
    elif then == launching.SPEND_THEN_CREDITS:
        w.res[player][4] += 2
    else:
        w.push((Task.GAIN, player, 3, 0))


def automatic(w: Work, task: list[int]) -> None:
    kind = task[0]
    if kind == Task.STRIKE:
        found = launching.strike_candidates(w)
        if len(found) == 1:
            launching.raider_strike(w, next(iter(found)))
        elif found:
            w.push((Task.RAIDER, w.active, 0, 0))
    elif kind == Task.BATTLE:
        battle.start_battle(w)
    elif kind == Task.BATTLE_DIPLOMACY:
        battle.diplomacy_stage(w)
    elif kind == Task.BATTLE_PREPARE:
        battle.prepare_stage(w)
    elif kind == Task.BATTLE_ROLL:
        battle.roll_stage(w)
    elif kind == Task.BATTLE_OUTCOME:
        battle.outcome(w)
    elif kind == Task.BATTLE_DAMAGE:
        battle.damage_stage(w)
    elif kind == Task.RETURN_SHIPS:
        station.return_ships(w, task[1])
    elif kind == Task.END_TURN:
        end_turn(w)


def end_turn(w: Work) -> None:
    """End of turn: discard tactics cards over the limit and resources over
    their storage; resolve the event card if the marker is on your station."""
    p = w.active
    if sum(w.hands[p]) > progress.tactics_limit(w, p):
        w.push((Task.DISCARD, p, 0, 0), (Task.END_TURN, -1, 0, 0))
        return
    if w.event_holder == p and w.event_pos == MARKER_ON_STATION and w.final < 0:
        w.push((Task.EVENT, -1, 0, 0), (Task.END_TURN, -1, 0, 0))
        return
    progress.discard_excess(w, p)
    if w.final == 0:
        w.phase = OVER
        return
    if w.final > 0:
        w.final -= 1
    w.tasks = []


def next_turn(w: Work) -> None:
    """Turns pass clockwise; at the start of a turn Vortex benefits are gained."""
    game = w.game
    if w.phase != PLAY:
        return
    w.turn += 1
    if game.turn_limit and w.turn >= game.turn_limit:
        w.truncated = True
        w.phase = OVER
        return
    p = (w.active + 1) % game.players
    start_turn(w, p)


def start_turn(w: Work, p: int) -> None:
    w.active = p
    w.region = -1
    w.transferred = False
    w.ability_used = False
    w.module_first = False
    game = w.game
    if game.special == "vortexes":
        for k, space in enumerate(game.components.special_spaces):
            if space in w.ships[p]:
                progress.gain(w, p, game.special_tiles[k].gain)
    w.tasks = [[Task.MAIN, p, 0, 0]]


# -- chance ------------------------------------------------------------------------------------


def chance_outcomes(s: Any) -> list[tuple[Action, float]]:
    """Each chance outcome with a weight (normalised by the caller)."""
    task = s.tasks[0]
    kind = task[0]
    if kind == Task.DRAW:
        return [(A.DrawnTactic(k), n) for k, n in enumerate(s.tdeck) if n]
    if kind == Task.MOON:
        return [(A.MoonRevealed(k), s.moon_pool[k]) for k in moon_pool_of(s, task[2])]
    if kind == Task.REFILL:
        column = task[2]
        if any(n for k, n in enumerate(s.mdeck) if s.game.components.modules[k].type == column):
            mods = s.game.components.modules
            return [(A.ModuleRevealed(k), n) for k, n in enumerate(s.mdeck) if n and mods[k].type == column]
        return [(A.ModuleRevealed(s.mbottom[column][0]), 1)]
    if kind == Task.PLANET:
        return [(A.PlanetRevealed(p), 1) for p, n in enumerate(s.planet_stack) if n]
    if kind in (Task.EVENT, Task.PEEK_DRAW):
        depth = task[2] if kind == Task.PEEK_DRAW else 0
        if len(s.etop) > depth:
            return [(A.EventRevealed(s.etop[depth][0]), 1)]
        if sum(s.edeck):
            return [(A.EventRevealed(c), 1) for c, n in enumerate(s.edeck) if n]
        return [(A.EventRevealed(s.ebottom[0][0]), 1)]
    if kind == Task.RAIDER_ROLL:
        return [(A.DieRoll(face), 1) for face, _ in launching.raider_targets(s, task[2], bool(task[3] & 1))]
    if kind == Task.BATTLE_DIE:
        return [(A.DieRoll(f), 1) for f in battle.die_faces(s.b_target[task[2]])]
    return []


def chance_result(w: Work, action: Action) -> None:
    task = w.tasks.pop(0)
    kind = task[0]
    if isinstance(action, A.DrawnTactic):
        w.tdeck[action.kind] -= 1
        w.hands[task[1]][action.kind] += 1
        if task[2] > 1:
            w.push((Task.DRAW, task[1], task[2] - 1, 0))
    elif isinstance(action, A.MoonRevealed):
        region = task[2]
        w.moon_pool[action.kind] -= 1
        w.moon_top[region] = action.kind
        w.moon_hidden[region] -= 1
    elif isinstance(action, A.ModuleRevealed):
        column = task[2]
        if w.mdeck[action.kind]:
            w.mdeck[action.kind] -= 1
        else:
            w.mbottom[column].pop(0)
        w.market[column][w.market[column].index(-1)] = action.kind
        w.push((Task.REFILL, -1, column, 0))
    elif isinstance(action, A.PlanetRevealed):
        progress.reveal_planet(w, action.planet)
    elif isinstance(action, A.EventRevealed):
        if kind == Task.EVENT:
            take_event(w, action.card)
            progress.resolve_event(w, action.card)
        else:
            peek_card(w, task[1], task[2], action.card)
    elif isinstance(action, A.DieRoll):
        if kind == Task.BATTLE_DIE:
            w.b_rolls[task[2]].append(action.face)
        else:
            region = w.game.face_region[action.face]
            if launching.placeable(w, task[2], region):
                launching.put_raider(w, task[2], task[3] >> 1, region)
            else:  # occupied: a random nebula not occupied by a raider instead
                w.push((Task.RAIDER_ROLL, -1, task[2], task[3] | 1))


def take_event(w: Work, card: int) -> None:
    """Reveal the top event card: a known top card, else one of the unknown middle, else the bottom."""
    if w.etop:
        w.etop.pop(0)
    elif w.edeck[card]:
        w.edeck[card] -= 1
    else:
        w.ebottom.pop(0)


def peek_card(w: Work, player: int, depth: int, card: int) -> None:
    """Activating a Nebula: secretly look at the top 2 event cards (they become
    known places of the deck, seen by ``player``)."""
    bit = 1 << player
    if len(w.etop) > depth:
        w.etop[depth][1] |= bit
    elif w.edeck[card]:
        w.edeck[card] -= 1
        w.etop.append([card, bit])
    else:
        known = w.ebottom.pop(0)
        w.etop.append([card, known[1] | bit])
    w.push((Task.PEEK_DRAW, player, 1, 0) if depth == 0 else (Task.PEEK, player, 0, 0))


# -- decisions ----------------------------------------------------------------------------------


def legal_actions(s: AndromedasEdgeState) -> list[Action]:
    task = s.tasks[0]
    return decision_actions(s, task)


def decision_actions(s: Any, task: Any) -> list[Action]:
    kind, p = task[0], task[1]
    game = s.game
    if kind == Task.MAIN:
        acts: list[Action] = [A.ReturnToStation()]
        if any(loc == BAY for loc in s.ships[p]):
            acts += [A.Launch(t, r, j) for t, r, j in launching.launch_options(s, p)]
        return acts + free_actions(s, p)
    if kind == Task.POST:
        return [A.EndTurn(), *free_actions(s, p)]
    if kind == Task.RETURN:
        acts = [A.Done()]
        acts += [A.Activate(slot, ship) for slot, ship in station.activation_options(s, p)]
        return acts + free_actions(s, p)
    if kind == Task.FACTION:
        return [A.ChooseFaction(f) for f in s.offers[p]]
    if kind == Task.DESTINY:
        return [A.ChooseDestiny(d) for d in s.doffers[p]]
    if kind == Task.RAIDER:
        return [A.ChooseRaider(c) for c in sorted(launching.strike_candidates(s))]
    if kind == Task.PEEK:
        return [A.KeepOnTop(s.etop[0][0]), A.KeepOnTop(s.etop[1][0])] if len(s.etop) >= 2 else []
    if kind == Task.SPEND:  # tactics cards are resources too
        spend: list[Action] = [A.SpendAny(r) for r in range(5) if s.res[p][r] > 0]
        spend += [A.DiscardTactic(k) for k, n in enumerate(s.hands[p]) if n]
        need, cards = task[2], sum(s.hands[p])
        return spend + moon_payment(s, p, lambda res: {0} if sum(res) + cards >= need else set())
    if kind == Task.GAIN:
        return [A.GainAny(r) for r in range(5)]
    if kind == Task.BUY:
        acts = [A.BuyModule(k, i) for k, i in progress.market_options(s, p, task[2])]
        if task[3]:
            acts += [
                A.DiscardModule(k, i)
                for k in range(4)
                if task[2] >> k & 1
                for i in range(3)
                if s.market[k][i] >= 0
            ]
        mask = task[2]
        return acts + moon_payment(s, p, lambda res: set(progress.market_options(s, p, mask, res=res)))
    if kind == Task.CITY:
        return [A.BuyModule(k, i) for k, i in progress.market_options(s, p, 0b1111, free=True)]
    if kind == Task.SHIPYARD:
        acts = [A.BuildShip(t) for t in station.build_options(s, p)]
        acts += [A.Repair(o, t) for o, t in station.repair_options(s, p)]
        return acts + moon_payment(s, p, lambda res: set(station.build_options(s, p, res)))
    if kind == Task.REPAIR:
        return [A.Repair(o, t) for o, t in station.repair_options(s, p)]
    if kind == Task.BUILD:
        acts = [A.BuildShip(t) for t in station.build_options(s, p)]
        return acts + moon_payment(s, p, lambda res: set(station.build_options(s, p, res)))
    if kind == Task.DEVELOP:
        acts = [A.DrawCard()] if task[2] else []
        acts += [A.Develop(r) for r in progress.development_sites(s, p)]
        return acts + moon_payment(s, p, lambda res: set(progress.development_sites(s, p, res)))
    if kind == Task.UPGRADE:
        return [A.Upgrade(t) for t in sorted(progress.upgrade_options(s, p))]
    if kind == Task.DISCOVERY:
        return [A.TakeToken(k) for k, n in enumerate(s.dstacks[task[2]]) if n]
    if kind == Task.ESCALATE:
        return [A.Done()] + [A.Escalate(i) for i, _ in battle.escalation_ships(s, p)]
    if kind == Task.DIPLOMACY:
        acts = [A.Done()] + [A.PlayTactic(k) for k in game.tactics_of_type(3) if s.hands[p][k]]
        if p == s.active:  # free actions on your turn, in battle too (no action cards)
            acts += free_actions(s, p, battle=True)
        return acts
    if kind == Task.PREPARE:
        acts = [A.Done()]
        if s.res[p][ENERGY] and s.b_dice[p] < battle.DICE_LIMIT:
            acts.append(A.SpendEnergyDie())
        acts += [A.PlayTactic(k) for k in game.tactics_of_type(4) if s.hands[p][k]]
        if p == s.active:  # free actions on your turn, in battle too (no action cards)
            acts += free_actions(s, p, battle=True)
        return acts
    if kind == Task.TACOPS:
        acts = [A.Done(), A.TacOps(False)]
        if s.tacops[p] >= 0:
            acts.append(A.TacOps(True))
        return acts + [A.SlotMoon(m, A.TACOPS_SLOT) for m in sorted(set(s.claimed[p]))]
    if kind == Task.REACTOR:
        acts = [A.Done()] + [A.ActivateScience(slot) for slot in station.reactor_options(s, p)]
        return acts + moon_payment(s, p, lambda res: set(station.reactor_options(s, p, res)))
    if kind == Task.DISCARD:
        return [A.DiscardTactic(k) for k, n in enumerate(s.hands[p]) if n]
    if kind == Task.MOON_FULL:  # abandon one, or slot one elsewhere on the station
        claimed = sorted(set(s.claimed[p]))
        acts = [A.Abandon(m) for m in claimed]
        return acts + [A.SlotMoon(m, t) for m in claimed for t in station.slot_targets(s, p, m)]
    if kind == Task.WINDOW:
        return [A.Done(), *free_actions(s, p)]
    if kind == Task.CIV_DRAW:
        return [A.Done(), A.DrawToLimit()]
    if kind == Task.SHIP_FROM:
        return [A.TakeShip(t, loc) for t, loc in station.ship_sources(s, p)]
    if kind == Task.DAMAGE:
        return [A.DamageModule(slot) for slot, d in enumerate(s.mdmg[p]) if not d]
    if kind == Task.GIVE_MODULE:
        return [A.GiveModule(False), A.GiveModule(True)]
    if kind == Task.OFF_TURN:
        return off_turn_actions(s, p)
    if kind == Task.SUPREMACY:
        return [A.AwardSupremacy(q) for q in sorted((task[3], game.teammate(task[3])))]
    return []


def off_turn_actions(s: Any, p: int) -> list[Action]:
    """Another player's turn is ending: play any-turn action cards, slot moons, or pass."""
    acts: list[Action] = [A.Done()]
    acts += [A.PlayTactic(k) for k in s.game.any_turn_cards if s.hands[p][k]]
    for m in sorted(set(s.claimed[p])):
        acts += [A.SlotMoon(m, t) for t in station.slot_targets(s, p, m)]
    return acts


def off_turn_windows(w: Work) -> list[list[int]]:
    """Play Tactics Cards on other players' turns: when a turn ends, each other
    player in turn order gets a window (a decision only while they hold an
    any-turn action card; see ``decision_needed``)."""
    game = w.game
    if not game.any_turn_cards:
        return []
    return [[Task.OFF_TURN, q, 0, 0] for q in game.turn_order(w.active)[1:]]


def moon_payment(s: Any, p: int, options: Any) -> list[Action]:
    """Abandon a Moon Token "as part of paying a resource cost": in a step that
    pays a cost on your turn, the claimed moons whose resources bring an option
    within reach that is out of reach now (with any one moon if one suffices,
    else with every moon that gives resources, if all of them together do)."""
    claimed = s.claimed[p]
    if not claimed or p != s.active:
        return []
    moons = s.game.components.moons
    res = s.res[p]
    now = options(res)
    useful = [m for m in sorted(set(claimed)) if any(moons[m].gain)]
    single = [m for m in useful if options([a + b for a, b in zip(res, moons[m].gain)]) - now]
    if single:
        return [A.Abandon(m) for m in single]
    total = list(res)
    for m in claimed:
        total = [a + b for a, b in zip(total, moons[m].gain)]
    if len(useful) > 1 and options(total) - now:
        return [A.Abandon(m) for m in useful]
    return []


def free_actions(s: Any, p: int, battle: bool = False) -> list[Action]:
    """Free Actions on your turn: slot or abandon moons, play tactics cards,
    development cards, tokens, recruit leaders, bonus resources, rearrange the
    industry row, the faction ability, 2v2 transfers.  In ``battle`` action
    cards are left out: they "can't be played during battle"."""
    game = s.game
    acts: list[Action] = []
    for m in sorted(set(s.claimed[p])):
        acts.append(A.Abandon(m))
        acts += [A.SlotMoon(m, t) for t in station.slot_targets(s, p, m)]
    playable = (1, 2) if battle else (0, 1, 2)
    for k, n in enumerate(s.hands[p]):
        if n and game.components.tactics[k].type in playable:
            acts.append(A.PlayTactic(k))
    for t, n in enumerate(s.devcards[p]):
        if n and development_card_usable(s, p, t):
            acts.append(A.UseDevelopmentCard(t))
    acts += [A.UseToken(False, k) for k, n in enumerate(s.dheld[p]) if n]
    acts += [A.UseToken(True, k) for k, n in enumerate(s.sheld[p]) if n]
    mine = {loc for loc in s.ships[p] if loc >= 0}
    acts += [A.Recruit(r) for r in sorted(mine) if s.leaders_on[p][r]]
    acts += [A.CollectBonus(r) for r in sorted(mine) if any(s.bonus[r])]
    if not s.rearranged:
        acts += [A.MoveIndustry(k, i) for k, i in station.rearrange_options(s, p)]
    if not s.ability_used and faction_ability_usable(s, p):
        acts.append(A.UseFactionAbility())
    if game.teams and not s.transferred:
        acts += transfer_options(s, p, game.teammate(p))
    return acts


def faction_ability_usable(s: Any, p: int) -> bool:
    """Use Faction Abilities: a faction with a free-action ability whose cost can be paid."""
    f = s.faction[p]
    if f < 0:
        return False
    spec = s.game.components.factions[f]
    return spec.ability is not None and progress.can_pay(s.res[p], spec.ability_cost)


def use_faction_ability(w: Work, p: int) -> None:
    """Use Faction Abilities (reference factions: once per turn, on your turn):
    pay the ability's cost, then resolve its effect."""
    spec = w.game.components.factions[w.faction[p]]
    assert spec.ability is not None  # offered only then (faction_ability_usable)
    progress.pay(w.res[p], spec.ability_cost)
    w.ability_used = True
    progress.apply_effect(w, p, spec.ability)


def award_supremacy(w: Work, place: int, taker: int) -> None:
    """2v2: the chosen teammate takes the token; the other finds it gone and scores 2 VP."""
    token = w.stokens[place]
    w.stokens[place] = -1
    w.sheld[taker][token] += 1
    progress.add_vp(w, w.game.teammate(taker), progress.SUPREMACY_GONE_VP)


def development_card_usable(s: Any, p: int, t: int) -> bool:
    """Development Abilities: only when the ability can do something."""
    if t == 0:
        return bool(sum(s.dstacks[2]))
    if t == 2:
        return bool(sum(s.res[p]) + sum(s.hands[p]) >= 2)
    if t == 3:
        return any(k >= 0 for col in s.market for k in col)
    return True


def perform(w: Work, action: Action) -> None:
    """Carry out one action on the working copy."""
    if w.tasks[0][0] in Task.CHANCE:
        chance_result(w, action)
        return
    task = w.tasks[0]
    kind, p = task[0], task[1]
    game = w.game
    if isinstance(action, A.Launch):
        launching.launch(w, p, action.ship, action.region, action.jump)
    elif isinstance(action, A.ReturnToStation):
        w.tasks = [[Task.RETURN, p, 0, 0], [Task.RETURN_SHIPS, p, 0, 0], [Task.POST, p, 0, 0]]
    elif isinstance(action, A.EndTurn):
        w.tasks = [*off_turn_windows(w), [Task.END_TURN, -1, 0, 0]]
    elif isinstance(action, A.Done):
        w.tasks.pop(0)
    elif isinstance(action, A.ChooseFaction):
        w.tasks.pop(0)
        choose_faction(w, p, action.faction)
    elif isinstance(action, A.ChooseDestiny):
        w.tasks.pop(0)
        w.destiny[p] = action.card
        w.doffers[p] = []
    elif isinstance(action, A.ChooseRaider):
        w.tasks.pop(0)
        launching.raider_strike(w, action.cls)
    elif isinstance(action, A.KeepOnTop):
        w.tasks.pop(0)
        first, second = w.etop[0], w.etop[1]
        keep, other = (first, second) if first[0] == action.card else (second, first)
        w.etop[0:2] = [keep]
        w.ebottom.append(other)
    elif isinstance(action, A.SpendAny):
        w.res[p][action.resource] -= 1
        task[2] -= 1
    elif isinstance(action, A.GainAny):
        w.res[p][action.resource] += 1
        task[2] -= 1
    elif isinstance(action, A.BuyModule):
        w.tasks.pop(0)
        if kind == Task.BUY and not task[3]:
            w.push((Task.BUY, p, task[2], 1))
        progress.gain_module(w, p, action.column, action.place, paid=kind == Task.BUY)
    elif isinstance(action, A.DiscardModule):
        w.tasks.pop(0)
        progress.discard_module(w, action.column, action.place)
    elif isinstance(action, A.BuildShip):
        w.tasks.pop(0)
        station.build_ship(w, p, action.ship)
    elif isinstance(action, A.Repair):
        w.tasks.pop(0)
        station.repair(w, p, action.option, action.target)
    elif isinstance(action, A.Develop):
        w.tasks.pop(0)
        progress.build_development(w, p, action.region)
    elif isinstance(action, A.DrawCard):
        w.tasks.pop(0)
        w.push((Task.DRAW, p, 1, 0))
    elif isinstance(action, A.DrawToLimit):
        w.tasks.pop(0)
        w.push((Task.DRAW, p, progress.tactics_limit(w, p) - sum(w.hands[p]), 0))
    elif isinstance(action, A.TakeShip):
        w.tasks.pop(0)
        station.take_ship(w, p, action.ship, action.place)
        station.resolve_module(w, p, task[2])
    elif isinstance(action, A.Upgrade):
        w.tasks.pop(0)
        progress.place_upgrade(w, p, action.tile)
    elif isinstance(action, A.TakeToken):
        w.tasks.pop(0)
        w.dstacks[task[2]][action.kind] -= 1
        w.dheld[p][action.kind] += 1
    elif isinstance(action, A.Escalate):
        battle.escalate(w, p, action.ship)
    elif isinstance(action, A.PlayTactic):
        play_tactic(w, p, action.kind, kind)
    elif isinstance(action, A.SpendEnergyDie):
        w.res[p][ENERGY] -= 1
        w.b_dice[p] += 1
    elif isinstance(action, A.TacOps):
        w.tasks.pop(0)
        battle.tactical_operations(w, p, action.moon)
    elif isinstance(action, A.Activate):
        station.activate(w, p, action.slot, station.USED_SHIP if action.ship else station.USED_ENERGY)
    elif isinstance(action, A.ActivateScience):
        station.activate(w, p, action.slot, station.USED_REACTOR)
    elif isinstance(action, A.DamageModule):
        w.tasks.pop(0)
        w.mdmg[p][action.slot] += 1
    elif isinstance(action, A.DiscardTactic):
        w.hands[p][action.kind] -= 1
        w.tdiscard[action.kind] += 1
        if kind == Task.SPEND:
            task[2] -= 1
    elif isinstance(action, A.SlotMoon):
        if kind == Task.MOON_FULL:
            w.tasks.pop(0)
        station.slot_moon(w, p, action.moon, action.slot)
    elif isinstance(action, A.Abandon):
        if kind == Task.MOON_FULL:
            w.tasks.pop(0)
            if p != w.active:  # a moon gained on another player's turn: no benefit
                w.claimed[p].remove(action.moon)
                w.moon_discard[action.moon] += 1
                return
        abandon_moon(w, p, action.moon)
    elif isinstance(action, A.UseDevelopmentCard):
        use_development_card(w, p, action.type)
    elif isinstance(action, A.UseToken):
        if action.supremacy:
            w.sheld[p][action.kind] -= 1
            w.sused[action.kind] += 1
            progress.apply_effect(w, p, game.components.supremacy[action.kind])
        else:
            w.dheld[p][action.kind] -= 1
            w.dused[action.kind] += 1
            progress.apply_effect(w, p, game.components.discoveries[action.kind])
    elif isinstance(action, A.Recruit):
        w.leaders_on[p][action.region] -= 1
        w.leaders_home[p] += 1
    elif isinstance(action, A.CollectBonus):
        progress.gain(w, p, w.bonus[action.region])
        w.bonus[action.region] = [0] * 5
    elif isinstance(action, A.Transfer):
        transfer(w, p, action)
    elif isinstance(action, A.GiveModule):
        w.tasks.pop(0)
        progress.receive_module(w, game.teammate(p) if action.give else p, task[2])
    elif isinstance(action, A.MoveIndustry):
        station.rearrange(w, p, action.slot, action.place)
    elif isinstance(action, A.UseFactionAbility):
        use_faction_ability(w, p)
    elif isinstance(action, A.AwardSupremacy):
        w.tasks.pop(0)
        award_supremacy(w, task[2], action.player)


def choose_faction(w: Work, p: int, faction: int) -> None:
    """Factions: keep 1 of 3; gain its starting resources; advance on its
    tracks; take its unique ship upgrade with the dealt neutral ones."""
    game = w.game
    spec = game.components.factions[faction]
    w.faction[p] = faction
    w.offers[p] = []
    w.upg_supply[p].append(len(game.components.upgrades) + faction)
    w.upg_supply[p].sort()
    progress.gain(w, p, spec.start)
    for track in spec.tracks:
        progress.advance(w, p, track)


def play_tactic(w: Work, p: int, kind: int, step: int) -> None:
    """Play Tactics Cards: action and event cards resolve at once (an event card
    also advances the event marker); sustain cards stay in play until Return
    to Station; diplomacy and battle cards in their battle steps."""
    game = w.game
    card = game.components.tactics[kind]
    if card.type in (3, 4):
        if step == Task.DIPLOMACY:
            w.tasks.pop(0)
        battle.play_battle_card(w, p, kind)
        return
    w.hands[p][kind] -= 1
    if card.type == 2:
        w.sustain[p][kind] += 1
        if step == Task.PREPARE:  # targeting was counted at the start of preparations
            w.b_target[p] += card.effect.targeting
        return
    w.tdiscard[kind] += 1
    if card.type == 1:
        progress.event_step(w)
    progress.apply_effect(w, p, card.effect)


def abandon_moon(w: Work, p: int, moon: int) -> None:
    """Abandon a Moon Token: gain its resources and VP; a repair icon gives a repair."""
    spec = w.game.components.moons[moon]
    w.claimed[p].remove(moon)
    w.moon_discard[moon] += 1
    progress.gain(w, p, spec.gain)
    progress.add_vp(w, p, spec.vp)
    if spec.repair:
        w.push((Task.REPAIR, p, 0, 0))


def use_development_card(w: Work, p: int, t: int) -> None:
    """Development Abilities (once per card): Observatory, Factory, Spaceport, City, Obelisk."""
    w.devcards[p][t] -= 1
    w.devused[p][t] += 1
    if t == 0:
        w.push((Task.DISCOVERY, p, 2, 0))
    elif t == 1:
        w.push((Task.REPAIR, p, 0, 0), (Task.REPAIR, p, 0, 0))
    elif t == 2:
        w.push((Task.SPEND, p, 2, launching.SPEND_THEN_GAIN3))
    elif t == 3:
        w.push((Task.CITY, p, 0, 0))
    else:
        w.res[p][ENERGY] += 4


def transfer_options(s: Any, p: int, mate: int) -> list[Action]:
    """2v2 Collaboration, Transfer a Resource/Token: 1 resource, 1 tactics card,
    1 claimed but unslotted moon, 1 supremacy or 1 discovery token, either way."""
    acts: list[Action] = []
    for give, giver in ((True, p), (False, mate)):
        acts += [A.Transfer(give, r) for r in range(5) if s.res[giver][r]]
        acts += [A.Transfer(give, A.TRANSFER_TACTIC, k) for k, n in enumerate(s.hands[giver]) if n]
        acts += [A.Transfer(give, A.TRANSFER_MOON, m) for m in sorted(set(s.claimed[giver]))]
        acts += [A.Transfer(give, A.TRANSFER_DISCOVERY, k) for k, n in enumerate(s.dheld[giver]) if n]
        acts += [A.Transfer(give, A.TRANSFER_SUPREMACY, k) for k, n in enumerate(s.sheld[giver]) if n]
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
        launching.claim_moon(w, taker, kind)
    elif what == A.TRANSFER_DISCOVERY:
        w.dheld[giver][kind] -= 1
        w.dheld[taker][kind] += 1
    elif what == A.TRANSFER_SUPREMACY:
        w.sheld[giver][kind] -= 1
        w.sheld[taker][kind] += 1
    else:
        w.res[giver][what] -= 1
        w.res[taker][what] += 1


# -- views -----------------------------------------------------------------------------------------


def make_view(s: AndromedasEdgeState, player: int) -> AndromedasEdgeView:
    public = tuple((name, getattr(s, name)) for name in FIELDS if name not in HIDDEN)
    mate = s.game.teammate(player) if s.game.teams else -1
    bit = 1 << player | (1 << mate if mate >= 0 else 0)
    seen: tuple[int, ...] = ()
    task = s.tasks[0] if s.tasks else ()
    if task and task[0] == Task.DISCOVERY and task[1] in (player, mate):
        seen = s.dstacks[task[2]]
    remaining = sorted(
        [c for c, n in enumerate(s.edeck) for _ in range(n)]
        + [c for c, _ in s.etop]
        + [c for c, _ in s.ebottom]
    )
    return AndromedasEdgeView(
        player=player,
        game=s.game,
        public=public,
        hand=s.hands[player],
        hand_sizes=tuple(sum(h) for h in s.hands),
        tdeck_size=sum(s.tdeck),
        dheld=s.dheld[player],
        dheld_sizes=tuple(sum(h) for h in s.dheld),
        dstack_sizes=tuple(sum(st) for st in s.dstacks),
        dstack_seen=seen,
        destiny=s.destiny[player],
        doffer=s.doffers[player],
        destiny_held=tuple(d >= 0 for d in s.destiny),
        doffer_sizes=tuple(len(o) for o in s.doffers),
        eremaining=tuple(remaining),
        etop=tuple((c if m & bit else -1, m) for c, m in s.etop),
        ebottom=tuple((c if m & bit else -1, m) for c, m in s.ebottom),
        mate=mate,
        mate_hand=s.hands[mate] if mate >= 0 else (),
        mate_dheld=s.dheld[mate] if mate >= 0 else (),
        mate_destiny=s.destiny[mate] if mate >= 0 else -1,
        mate_doffer=s.doffers[mate] if mate >= 0 else (),
    )
