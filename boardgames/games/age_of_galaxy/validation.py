"""The one validator of Age of Galaxy states built from outside the rules.

JSON loading (:func:`state_from_data`, here) and ``game.position(...)``
both end here, so a state that loads or is built is one the rules could
reach, or the error names the field and why.  Checked, in order:

- types and shapes: every field an int or a tuple of ints of the right length;
- ranges and caps: 12 Credit, Productivity and Strength, 5 Cruisers in a
  supply, 9 Cruisers and 15 Action discs of a colour (one more marks
  Prestige), every index within the component set;
- conservation: every Faction card in exactly one place, every Action disc
  counted where it lies (planets, Technologies, Main board sections, Trade
  cards, the Nominate track), every Planet and Exploration token either on
  the board, on a telescope, in the box or gone;
- the board: planets exactly those of the face-up System cards, the number of
  face-up cards fixed by the Galactic Fleet marker's position, Technologies
  with their prerequisites on the player's board or Alliance cards;
- the flow: the queue of steps is one the rules build (a turn's sub-decision
  or Exploration reveal in front of that player's turn step, Planet-token
  draws one per space, any other step alone), the player to act is the one
  its first step names, and phase, round and queue fit each other (a decision
  has legal actions, a chance node outcomes, winners only at the end).

This runs at the ways into a state only, never in ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.action_phase import conversions
from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.actions_in_detail import colonize_cost
from boardgames.games.age_of_galaxy.components import CREDIT, CRUISER, PRODUCTIVITY, RESOURCES
from boardgames.games.age_of_galaxy.icons import cruisers_on_planets
from boardgames.games.age_of_galaxy.state import (
    ACTED,
    ACTION,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    CARD_PLAYED,
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
    DRAFT,
    END,
    EXPLORATION_TOKENS,
    FOUND,
    MAX_SUPPLY_CRUISERS,
    NO_PLAYER,
    NONE,
    NP,
    ROUNDS,
    S_TURN,
    STAGES,
    STEP_KINDS,
    STEP_NAMES,
    TURN_STEPS,
    VO,
    VO_CRUISERS,
    VO_DISCS,
    VO_DISCS_TOTAL,
    VO_STRENGTH,
    WAR,
    AgeState,
)
from boardgames.games.age_of_galaxy.war_phase import acquire_candidates, places
from boardgames.kernel.cards import mask_cards, mask_size
from boardgames.kernel.errors import BoardGameError, SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL
from boardgames.kernel.steps import Role

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables
    from boardgames.kernel.game import Game

__all__ = ["validate"]

CAP = 12
HAND_SIZE = 7
MAX_DISCARDS = 3
MAX_ALLIANCE = 3
# Relic, Innovation and Influence tokens have substitutes when they run out, so only
# a bound no 5-round game comes near keeps numbers sane.
TOKEN_LIMIT = 99
PRESTIGE_LIMIT = 199
CLOCK_LIMIT = 10**6
SCALARS = ("round", "pos", "passed", "flags", "clock", "deck", "played", "fleet", "ptokens",
           "espots", "unseen", "gone", "flipped")
NESTED = ("alliance", "sections", "tdiscs")
# Sub-decisions of an action whose Action disc is already placed.
ACTION_STEPS = (D_EXCHANGE, D_PAY, D_TAKE, D_BUILD, D_RETRIEVE, D_ADAPT, D_BONUS)
# Chance steps that name the player they concern (the one who draws, the one who explores).
PLAYER_CHANCE_STEPS = (C_REDRAW, C_EXPLORE)


class _Fault(Exception):
    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"state.{field}: {why}")


def _fail(field: str, why: str) -> None:
    raise _Fault(field, why)


def validate(T: Tables, s: AgeState, error: type[BoardGameError]) -> None:
    """Raise ``error`` naming the field and why unless ``s`` is a position the rules could reach."""
    try:
        _types(T, s)
        _ranges(T, s)
        _queue(T, s)
        _cards(T, s)
        _board(T, s)
        _discs(T, s)
        _flow(T, s)
        _playable(s)
    except _Fault as fault:
        raise error(str(fault)) from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int_tuple(name: str, value: Any, length: int | None) -> None:
    if not isinstance(value, tuple) or not all(_is_int(v) for v in value):
        _fail(name, "must be a list of integers")
    if length is not None and len(value) != length:
        _fail(name, f"must have {length} entries, not {len(value)}")


def _types(T: Tables, s: AgeState) -> None:
    n = T.n
    d = s.__dict__
    if not _is_int(d["_player"]):
        _fail("player", "must be an integer")
    for name in SCALARS:
        if not _is_int(d[name]):
            _fail(name, "must be an integer")
    lengths: dict[str, int | None] = {
        "order": n, "res": 8 * n, "stamp": n, "discs": n, "board_discs": n, "hands": n,
        "discards": n, "packets": n, "ideology": n, "techs": n, "systems": None,
        "pkind": len(T.slot_pos), "powner": len(T.slot_pos), "plevel": len(T.slot_pos), "telescope": n,
        "explore_discs": n, "trade": 3, "nominate": len(T.c.nominate), "vo": 5 if T.solo else 0,
    }
    for name, length in lengths.items():
        _int_tuple(name, d[name], length)
    if not isinstance(d["steps"], tuple):
        _fail("steps", "must be a list of steps")
    for name, count in (("alliance", n), ("sections", 3), ("tdiscs", 3), ("steps", len(d["steps"]))):
        rows = d[name]
        if not isinstance(rows, tuple) or len(rows) != count:
            _fail(name, f"must be a list of {count} lists")
        for i, row in enumerate(rows):
            _int_tuple(f"{name}[{i}]", row, None)


def _within(name: str, value: int, lo: int, hi: int) -> None:
    if not lo <= value <= hi:
        _fail(name, f"must be in {lo}..{hi}, not {value}")


def _each_within(name: str, values: tuple[int, ...], lo: int, hi: int) -> None:
    for i, v in enumerate(values):
        if not lo <= v <= hi:
            _fail(f"{name}[{i}]", f"must be in {lo}..{hi}, not {v}")


def _queue(T: Tables, s: AgeState) -> None:
    """The queue holds steps of known kinds and arities, in an order the rules build, and its
    first step names who acts (the player of a decision, chance for a draw, nobody at the end)."""
    n = T.n
    steps = s.steps
    for i, step in enumerate(steps):
        try:
            STEP_KINDS.check(step)
        except BoardGameError as error:
            _fail(f"steps[{i}]", str(error))
        kind = step[0]
        if STEP_KINDS.roles[kind] == Role.DECISION or kind in PLAYER_CHANCE_STEPS:
            _within(f"steps[{i}][1]", step[1], 0, n - 1)
        elif step[1] != NO_PLAYER:
            _fail(f"steps[{i}][1]", f"a {STEP_NAMES[kind]!r} step concerns no player ({NO_PLAYER})")
    if not steps:
        who = TERMINAL
    else:
        first = steps[0]
        code = first[0]
        if code in TURN_STEPS or code == C_EXPLORE:
            if steps[1:] != ((S_TURN, first[1]),):
                _fail("steps", f"a {STEP_NAMES[code]!r} step comes just before its player's turn step")
        elif code == C_PLANET_TOKEN:
            if any(step[0] != C_PLANET_TOKEN for step in steps):
                _fail("steps", "only Planet-token draws follow a Planet-token draw")
        elif len(steps) != 1:
            _fail("steps", f"a {STEP_NAMES[code]!r} step is the only step")
        who = CHANCE if STEP_KINDS.roles[code] == Role.CHANCE else first[1]
    if s._player != who:
        _fail("player", f"the first step of the queue has {who} act, not {s._player}")


def _ranges(T: Tables, s: AgeState) -> None:
    n = T.n
    if s._player not in (CHANCE, TERMINAL, *range(n)):
        _fail("player", f"must be a player 0..{n - 1}, CHANCE ({CHANCE}) or TERMINAL ({TERMINAL})")
    _within("round", s.round, 0, ROUNDS)
    if sorted(s.order) != list(range(n)):
        _fail("order", "must list every player once")
    _within("pos", s.pos, 0, n - 1)
    _within("passed", s.passed, 0, (1 << n) - 1)
    _within("flags", s.flags, 0, ACTED | CARD_PLAYED)
    limits = (CAP, CAP, CAP, MAX_SUPPLY_CRUISERS, TOKEN_LIMIT, TOKEN_LIMIT, TOKEN_LIMIT, PRESTIGE_LIMIT)
    for p in range(n):
        for r, hi in enumerate(limits):
            if not 0 <= s.res[p * 8 + r] <= hi:
                _fail("res", f"player {p}'s {RESOURCES[r]} must be in 0..{hi}, not {s.res[p * 8 + r]}")
    _within("clock", s.clock, n, CLOCK_LIMIT)
    _each_within("stamp", s.stamp, 1, s.clock)
    if len(set(s.stamp)) != n:
        _fail("stamp", "two Prestige markers cannot both be on top")
    _each_within("discs", s.discs, 0, DISCS_PER_PLAYER)
    _each_within("board_discs", s.board_discs, 0, DISCS_PER_PLAYER)
    for p in range(n):
        if s.discs[p] + s.board_discs[p] > DISCS_PER_PLAYER:
            _fail("discs", f"player {p} has more than {DISCS_PER_PLAYER} Action discs")
    cards = T.all_cards
    for name in ("hands", "discards", "packets"):
        _each_within(name, getattr(s, name), 0, cards)
    _within("deck", s.deck, 0, cards)
    _within("played", s.played, 0, cards)
    for p, a in enumerate(s.alliance):
        _each_within(f"alliance[{p}]", a, 0, T.nfac - 1)
        if len(a) > MAX_ALLIANCE:
            _fail(f"alliance[{p}]", f"at most {MAX_ALLIANCE} Factions in an Alliance")
    _each_within("ideology", s.ideology, -1, T.nfac - 1)
    _each_within("techs", s.techs, 0, (1 << T.ntech) - 1)
    _each_within("systems", s.systems, 0, len(T.c.systems) - 1)
    if len(set(s.systems)) != len(s.systems):
        _fail("systems", "a System card appears twice")
    _within("fleet", s.fleet, 0, 4)
    _each_within("pkind", s.pkind, -1, len(T.c.planet_kinds) - 1)
    _each_within("powner", s.powner, -1, VO if T.solo else n - 1)
    if T.solo:  # the planets' owners are you (0), the Virtual Opponent or nobody
        for slot, owner in enumerate(s.powner):
            if owner not in (-1, 0, VO):
                _fail(f"powner[{slot}]", f"must be -1 (nobody), 0 (you) or {VO} (the Virtual Opponent), "
                      f"not {owner}")
    _each_within("plevel", s.plevel, 0, 3)
    _within("ptokens", s.ptokens, 0, (1 << len(T.c.planet_tokens)) - 1)
    _within("espots", s.espots, 0, (1 << (5 * EXPLORE_SLOTS)) - 1)
    _within("unseen", s.unseen, 0, (1 << EXPLORATION_TOKENS) - 1)
    _within("gone", s.gone, 0, EXPLORATION_TOKENS)
    _each_within("telescope", s.telescope, 0, EXPLORATION_TOKENS)
    _each_within("explore_discs", s.explore_discs, 0, DISCS_PER_PLAYER)
    for i, row in enumerate(s.sections):
        _each_within(f"sections[{i}]", row, 0, n - 1)
    _each_within("trade", s.trade, 0, len(T.c.trade_cards) - 1)
    if len(set(s.trade)) != 3:
        _fail("trade", "must be 3 different Trade cards")
    for i, row in enumerate(s.tdiscs):
        _each_within(f"tdiscs[{i}]", row, 0, NP)
        if any(o >= n and o != NP for o in row):
            _fail(f"tdiscs[{i}]", "holds a disc of no player")
    _within("flipped", s.flipped, 0, 7)
    for i, owner in enumerate(s.nominate):
        if owner not in (-1, NP, *range(n)) and not (T.solo and owner == VO):
            _fail(f"nominate[{i}]", f"{owner} is not a player's disc")
    if T.solo:
        sc = T.scenario
        _within("vo[0]", s.vo[VO_CRUISERS], 0, MAX_SUPPLY_CRUISERS)
        _within("vo[1]", s.vo[1], 0, TOKEN_LIMIT)
        _within("vo[2]", s.vo[2], 0, PRESTIGE_LIMIT)
        strength = 4 if sc is None else sc.opponent_strength
        if s.vo[VO_STRENGTH] != strength:
            _fail("vo[3]", f"the Virtual Opponent's Strength is always {strength}")
        _within("vo[4]", s.vo[VO_DISCS], 0, VO_DISCS_TOTAL)


def _cards(T: Tables, s: AgeState) -> None:
    """Every Faction card in exactly one place; hands, discards and packets of legal sizes."""
    seen = 0
    places: list[tuple[str, int]] = [(f"hands[{p}]", h) for p, h in enumerate(s.hands)]
    places += [(f"discards[{p}]", d) for p, d in enumerate(s.discards)]
    places += [(f"packets[{p}]", k) for p, k in enumerate(s.packets)]
    places += [("deck", s.deck), ("played", s.played)]
    places += [(f"alliance[{p}]", 1 << c) for p, a in enumerate(s.alliance) for c in a]
    places += [(f"ideology[{p}]", 1 << c) for p, c in enumerate(s.ideology) if c >= 0]
    for name, mask in places:
        if seen & mask:
            _fail(name, f"Faction card {T.card_name[mask_cards(seen & mask)[0]]} is in two places")
        seen |= mask
    if seen != T.all_cards:
        _fail("deck", f"Faction card {T.card_name[mask_cards(T.all_cards & ~seen)[0]]} is nowhere")
    for p in range(T.n):
        if mask_size(s.hands[p]) > HAND_SIZE:
            _fail(f"hands[{p}]", f"more than {HAND_SIZE} cards")
        if mask_size(s.discards[p]) > MAX_DISCARDS:
            _fail(f"discards[{p}]", f"more than {MAX_DISCARDS} setup discards")
        if s.packets[p] and s.stage != DRAFT:
            _fail(f"packets[{p}]", "draft packets exist only while drafting")
        if s.discards[p] and (T.drafting or (T.solo and s.stage != DISCARD)):
            _fail(f"discards[{p}]", "no setup discards here (drafting; or solo: they are in the deck)")
        if s.stage >= ACTION and not s.alliance[p]:
            _fail(f"alliance[{p}]", "every player founded an Alliance in setup")


def _planet_layout(T: Tables, s: AgeState) -> dict[int, str]:
    """Which slots may hold what: 'printed' kinds are fixed, 'token' slots hold a Planet token."""
    allowed: dict[int, str] = {}
    for position, card in enumerate(s.systems):
        for k, kind in T.sys_planets[card]:
            slot = position * PLANET_SLOTS + k
            allowed[slot] = "printed"
            if s.pkind[slot] != kind:
                _fail(f"pkind[{slot}]", f"System card {T.c.systems[card].name} has planet kind {kind} there")
        for k in T.sys_token_slots[card]:
            allowed[position * PLANET_SLOTS + k] = "token"
    return allowed


def _board(T: Tables, s: AgeState) -> None:
    n = T.n
    # the face-up System cards follow the Galactic Fleet marker
    steps = s.steps
    code = steps[0][0] if steps else NONE
    if T.explored:
        expected = 5
    elif code == C_SYSTEM:
        expected = s.fleet + 1
    else:
        expected = min(5, s.fleet + 2)
    if len(s.systems) != expected:
        _fail("systems", f"{expected} System cards are face up with the Galactic Fleet on card {s.fleet + 1}")
    allowed = _planet_layout(T, s)
    token_kinds = {kind: t for t, kind in enumerate(T.c.planet_tokens)}
    on_board = 0
    pending_slots = {step[2] for step in steps} if code == C_PLANET_TOKEN else set()
    for slot, kind in enumerate(s.pkind):
        where = allowed.get(slot)
        owner, level = s.powner[slot], s.plevel[slot]
        if where is None and kind >= 0:
            _fail(f"pkind[{slot}]", "no planet there on the face-up System cards")
        if where == "token":
            if kind >= 0:
                if kind not in token_kinds:
                    _fail(f"pkind[{slot}]", "a Planet-token space holds a printed planet")
                bit = 1 << token_kinds[kind]
                if on_board & bit:
                    _fail(f"pkind[{slot}]", "a Planet token is on the board twice")
                on_board |= bit
            elif s.ptokens and slot not in pending_slots:
                _fail(f"pkind[{slot}]", "an empty Planet-token space while Planet tokens are left")
        if owner >= 0 and kind < 0:
            _fail(f"powner[{slot}]", "no planet there to own")
        if (owner < 0) != (level == 0):
            _fail(f"plevel[{slot}]", "an owned planet is Colonized, Developed or Conquered; a free one none")
        if owner == VO and level == 2:
            _fail(f"plevel[{slot}]", "the Virtual Opponent never Develops")
    if on_board & s.ptokens:
        _fail("ptokens", "a Planet token is both on the board and in the supply")
    if (on_board | s.ptokens) != (1 << len(T.c.planet_tokens)) - 1:
        _fail("ptokens", "a Planet token is neither on the board nor in the supply")
    # Exploration tokens
    for spot in mask_cards(s.espots):
        position, point = divmod(spot, EXPLORE_SLOTS)
        if position >= len(s.systems) or point not in T.sys_explore[s.systems[position]]:
            _fail("espots", f"no Exploration point {position + 1}.{point + 1} on the face-up System cards")
    faceup = mask_size(s.espots) + sum(s.telescope)
    if faceup + s.gone > EXPLORATION_TOKENS:
        _fail("gone", "more Exploration tokens than exist")
    waiting = 1 if code == C_EXPLORE else 0
    hidden = EXPLORATION_TOKENS - s.gone + waiting
    if mask_size(s.unseen) < hidden or (not T.solo and mask_size(s.unseen) != hidden):
        _fail("unseen", f"{hidden} Exploration tokens are unseen (those not revealed by Explore)")
    for p in range(n):
        telescope = sum(T.c.technologies[t].exploration_tokens for t in mask_cards(s.techs[p]))
        if s.telescope[p] > telescope:
            _fail(f"telescope[{p}]", "more tokens than the player's Deep Space Telescope holds")
        # Technologies: on the board or an Alliance card, with a prerequisite researched
        spaces = T.board_tech_mask | T.alliance(s.alliance[p]).techs
        for t in mask_cards(s.techs[p]):
            if not spaces >> t & 1:
                _fail(f"techs[{p}]", f"{T.c.technologies[t].name} is on no card of the player's")
            if T.tech_requires[t] and not s.techs[p] & T.tech_requires[t]:
                _fail(f"techs[{p}]", f"{T.c.technologies[t].name} without its prerequisite")
        # Cruisers: 5 in a supply, 9 of a colour
        if s.res[p * 8 + CRUISER] + cruisers_on_planets(s.plevel, s.powner, p) > CRUISERS_PER_PLAYER:
            _fail("res", f"player {p} has more than {CRUISERS_PER_PLAYER} Cruisers")
    if T.solo and s.vo[VO_CRUISERS] + cruisers_on_planets(s.plevel, s.powner, VO) > CRUISERS_PER_PLAYER:
        _fail("vo[0]", f"the Virtual Opponent has more than {CRUISERS_PER_PLAYER} Cruisers")
    # Trade cards and the Nominate track
    for i, card in enumerate(s.trade):
        row = s.tdiscs[i]
        blockers = sum(1 for o in row if o == NP)
        if s.flipped >> i & 1:
            if blockers:
                _fail(f"tdiscs[{i}]", "non-player discs leave a Trade card in its Golden Age")
        else:
            if blockers != T.trade_np[card]:
                _fail(f"tdiscs[{i}]", f"{T.trade_np[card]} spaces are blocked at this player count")
            if len(row) > T.trade_spaces[card]:
                _fail(f"tdiscs[{i}]", "more discs than spaces on a Trade card that did not flip")
        if list(row) != sorted(row):
            _fail(f"tdiscs[{i}]", "must be sorted")
    for i, row in enumerate(s.sections):
        if list(row) != sorted(row):
            _fail(f"sections[{i}]", "must be sorted")
    for i, owner in enumerate(s.nominate):
        if (owner == NP) != (not T.nominate_open[i]):
            _fail(f"nominate[{i}]", "non-player discs block exactly the spaces above the player count")


def _discs(T: Tables, s: AgeState) -> None:
    """Every Action disc on the board is counted where it lies."""
    for p in range(T.n):
        on_board = (
            sum(level for owner, level in zip(s.powner, s.plevel, strict=True) if owner == p and level < 3)
            + s.explore_discs[p]
            + sum(row.count(p) for row in s.sections)
            + sum(row.count(p) for row in s.tdiscs)
            + s.nominate.count(p)
            + mask_size(s.techs[p])
        )
        if s.board_discs[p] != on_board:
            _fail(f"board_discs[{p}]", f"player {p} has {on_board} Action discs on the board")
    if T.solo:
        vo_board = sum(1 for o, lv in zip(s.powner, s.plevel, strict=True) if o == VO and lv == 1)
        vo_board += s.nominate.count(VO)
        if s.vo[VO_DISCS] != vo_board:
            _fail("vo[4]", f"the Virtual Opponent has {vo_board} Action discs on the board")


def _setup_stage(T: Tables, s: AgeState) -> None:
    """Before the first round nothing is on the board and only the current seat moved."""
    n = T.n
    if s.round != 0 or s.fleet != 0:
        _fail("round", "setup is round 0 with the Galactic Fleet on the first card")
    if any(s.discs) or any(s.board_discs) or any(s.techs) or any(o != -1 for o in s.powner):
        _fail("discs", "no Action disc is played before the first round")
    if s.played or any(c >= 0 for c in s.ideology) or s.passed or s.flags or s.gone:
        _fail("played", "no Faction card is played before the first round")
    for p in range(n):
        expected = [0] * 8
        expected[PRODUCTIVITY] = 3
        extra = [T.c.factions[c].debut for c in s.alliance[p]]
        if p == 0 and T.scenario is not None:
            extra.append(T.scenario.player_gain)
        for g in extra:
            for r, amount in enumerate(g):
                expected[r] += amount
        capped = [min(v, MAX_SUPPLY_CRUISERS if r == CRUISER else CAP if r < CRUISER else v)
                  for r, v in enumerate(expected)]
        if list(s.res[p * 8:p * 8 + 8]) != capped:
            _fail("res", f"player {p} holds {capped} in setup (3 Productivity, Debut bonus)")
    founded = [bool(a) for a in s.alliance]
    for i in range(n):
        p = s.order[i]
        if founded[p] != (s.stage == FOUND and i < s.pos):
            _fail(f"alliance[{p}]", "Alliances are founded in player order in the last setup step")
        if s.stage == DISCARD and i > s.pos and (s.discards[p] or mask_size(s.hands[p]) != HAND_SIZE):
            _fail(f"hands[{p}]", "a player still to discard holds the 7 dealt cards")


def _flow(T: Tables, s: AgeState) -> None:
    """Phase, round, the queue's first step and the player to act fit each other."""
    n = T.n
    stage, player, steps = s.stage, s._player, s.steps
    step = steps[0] if steps else (NONE,)
    code = step[0]
    full = (1 << n) - 1
    if stage in (DISCARD, DRAFT, FOUND):
        if (stage == DRAFT) != T.drafting and stage != FOUND:
            _fail("steps", "drafting replaces setup step 13 exactly when the option is on")
        _setup_stage(T, s)
    elif stage == END:
        if s.round != ROUNDS or s.fleet != 4:
            _fail("steps", "the game ends after the War phase of round 5")
    else:
        if not 1 <= s.round <= ROUNDS or (stage == WAR and s.round < 2):
            _fail("round", f"the {STAGES[stage]} phase cannot be in round {s.round}")
        galactic = code in (C_SYSTEM, C_PLANET_TOKEN)
        if s.fleet != s.round - 1 + (1 if galactic else 0):
            _fail("fleet", f"the Galactic Fleet is on card {s.round} in round {s.round}")
    acting = player >= 0 or code == C_EXPLORE
    mover = step[1] if code == C_EXPLORE else player
    if stage in (DISCARD, DRAFT, FOUND, ACTION) and acting and mover != s.order[s.pos]:
        _fail("pos", "the player to act is the one at the turn-order position")
    if stage == ACTION:
        if acting:
            if s.passed >> mover & 1:
                _fail("passed", f"player {mover} has passed and cannot act")
        elif s.passed != full:
            _fail("passed", "after the Action phase every player has passed")
    elif stage in (WAR, END) and s.passed != full:
        _fail("passed", "after the Action phase every player has passed")
    if s.flags and not (stage == ACTION and acting):
        _fail("flags", "turn flags exist only during a turn")
    if any(s.explore_discs) and stage not in (ACTION, WAR, END):
        _fail("explore_discs", "Explore discs return in the Galactic phase")
    _pending(T, s, step)


def _pending(T: Tables, s: AgeState, step: tuple[int, ...]) -> None:
    """The first step's arguments fit the position (a Technology being paid for is researched, ...)."""
    code = step[0]
    player = s._player
    if code == S_TURN:
        _turn(T, s)
        return
    p = player
    if code in ACTION_STEPS and s.flags & ACTED:
        _fail("flags", "an action in progress after the turn's action")
    if code == D_USE:
        _within("steps[0][2]", step[2], 0, T.nfac - 1)
        if not s.hands[p] >> step[2] & 1 or s.flags & CARD_PLAYED:
            _fail("steps", "a card being played is in hand, as the turn's one card")
        if not s.flags & ACTED and s.discs[p] < 1:
            # a card played before the turn's action: the action is still to come
            _fail("discs", f"player {p} plays a card before an action without an Action disc")
    elif code == D_EXCHANGE:
        _within("steps[0][2]", step[2], 0, 2)
        if p not in s.tdiscs[step[2]]:
            _fail("steps", "the player's disc is on the Trade card being used")
    elif code in (D_PAY, D_TAKE):
        _within("steps[0][2]", step[2], 0, T.ntech - 1)
        if not s.techs[p] >> step[2] & 1:
            _fail("steps", "the Technology being paid for is researched")
        if code == D_TAKE and not T.c.technologies[step[2]].choice:
            _fail("steps", "the Technology offers no choice")
    elif code == D_ADAPT:
        slot = step[2]
        _within("steps[0][2]", slot, 0, len(T.slot_pos) - 1)
        if s.pkind[slot] < 0 or s.powner[slot] != -1 or s.flags & CARD_PLAYED:
            _fail("steps", "Colonizing an empty planet with the turn's card")
        if s.res[p * 8 + CREDIT] < colonize_cost(T, s, p):
            _fail("steps", "the player cannot pay for the Colonize action")
    elif code == D_ACQUIRE:
        overlords = [o for o, place in places(T, s).items() if place == 1]
        if overlords != [player]:
            _fail("steps", "the single Overlord chooses the acquisition")
        if not acquire_candidates(T, s, player):
            _fail("steps", "the Overlord has no planet to acquire")
    elif code == D_SURRENDER:
        overlords = [o for o, place in places(T, s).items() if place == 1]
        if not T.solo or overlords != [VO] or player != 0:
            _fail("steps", "you choose what the Virtual Opponent, the single Overlord, acquires")
    elif code == C_REDRAW:
        q, missing = step[1], step[2]
        if q != s.order[s.pos] or not 1 <= missing <= HAND_SIZE - mask_size(s.hands[q]):
            _fail("steps", "the redraw tops up the discarding player's hand to 7")
    elif code == C_EXPLORE:
        if s.explore_discs[step[1]] < 1:
            _fail("steps", "an Explore action places a disc on Explore")
    elif code == C_SYSTEM:
        if T.explored or len(s.systems) >= 5:
            _fail("steps", "no face-down System card is left")
    elif code == C_PLANET_TOKEN:
        slots = [st[2] for st in s.steps]
        position = len(s.systems) - 1
        last = {position * PLANET_SLOTS + k for k in T.sys_token_slots[s.systems[position]]}
        if slots != sorted(set(slots)) or not set(slots) <= last:
            _fail("steps", "Planet tokens go on the newest System card's token spaces")
        if any(s.pkind[slot] >= 0 for slot in slots) or not s.ptokens:
            _fail("steps", "Planet tokens go on empty spaces while tokens are left")
    elif code == C_SOLO:
        if not T.solo or not 1 <= step[2] <= 5 or not s.deck:
            _fail("steps", "the Virtual Opponent reveals 1 to 5 cards from a deck with cards")
    elif code == C_DIE and T.scenario is None:
        _fail("steps", "the die is rolled only in an Advanced Solo scenario")


def _turn(T: Tables, s: AgeState) -> None:
    """At the top of a turn: discs for an action, or a turn that has not ended by itself."""
    p = s._player
    if not s.flags & ACTED:
        if s.discs[p] < 1:
            _fail("discs", f"player {p} takes an action without an Action disc")
    elif (s.flags & CARD_PLAYED or not s.hands[p]) and not conversions(s, p):
        _fail("flags", "a turn with nothing left to do has ended by itself")


def _playable(s: AgeState) -> None:
    """A decision offers actions, a chance node outcomes; winners only at the end."""
    if s._player >= 0 and not s._legal_ids():
        _fail("player", "a decision with no legal action")
    if s._player == CHANCE and not s._chance_ids():
        _fail("steps", "a chance event with no outcome")


# -- JSON ------------------------------------------------------------------------------

FLAT = frozenset(
    {"order", "res", "stamp", "discs", "board_discs", "hands", "discards", "packets", "ideology",
     "techs", "systems", "pkind", "powner", "plevel", "telescope", "explore_discs", "trade", "nominate", "vo"}
)


def state_to_data(s: AgeState) -> dict[str, Any]:
    d = s.__dict__
    data: dict[str, Any] = {}
    for name in AgeState.FIELDS:
        value = d[name]
        if name in FLAT:
            data[name] = list(value)
        elif name in NESTED or name == "steps":
            data[name] = [list(v) for v in value]
        else:
            data[name] = value
    data["player"] = s._player
    return data


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SerializationError(f"{where} must be an integer, not {value!r}")
    return value


def _ints(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise SerializationError(f"{where} must be a list of integers")
    return tuple(_int(v, f"{where}[{i}]") for i, v in enumerate(value))


def state_from_data(T: Tables, game: Game, data: Any) -> AgeState:
    if not isinstance(data, dict):
        raise SerializationError("state must be an object")
    missing = [name for name in (*AgeState.FIELDS, "player") if name not in data]
    if missing:
        raise SerializationError(f"state.{missing[0]} is missing")
    extra = sorted(set(data) - {*AgeState.FIELDS, "player"})
    if extra:
        raise SerializationError(f"state.{extra[0]} is not a field of an Age of Galaxy state")
    s = AgeState._blank(game, _int(data["player"], "state.player"))
    for name in AgeState.FIELDS:
        raw = data[name]
        where = f"state.{name}"
        if name in FLAT:
            value: Any = _ints(raw, where)
        elif name == "steps":
            value = STEP_KINDS.check_queue(raw, T.n, where)
        elif name in NESTED:
            if not isinstance(raw, list):
                raise SerializationError(f"{where} must be a list of lists of integers")
            value = tuple(_ints(row, f"{where}[{i}]") for i, row in enumerate(raw))
        else:
            value = _int(raw, where)
        s.__dict__[name] = value
    validate(T, s, SerializationError)
    return s
