"""Positions set up by hand, in the rulebook's terms (``game.position(...)``).

Everything is named as on the table: resources by name, Technologies and
Faction cards by name, planets as ``"system.planet"`` counted from the left,
Exploration points as ``"system.point"``, Trade cards, Exploration tokens and
Planet tokens by their number from 1.  Any moment the rules can reach can be
set up: the setup steps (``phase="discard"``, ``"draft"``, ``"found"``), a turn
of the Action phase with the turn's action or card already done (``acted``,
``card_played``) or with a sub-decision of an action pending (``pending``),
the chance events (an Exploration token, a System card or Planet tokens being
revealed, the solo die and the Virtual Opponent's cards), the War phase and
the end of the game.  :func:`describe` gives the arguments that build a state
again.  The result is checked by :func:`validation.validate`, the validator
JSON loading uses too, so a built position is one the rules could reach;
anything wrong raises :class:`InvalidOptionError` naming the argument or state
field and why.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS, planet_name
from boardgames.games.age_of_galaxy.components import PRODUCTIVITY, RESOURCES
from boardgames.games.age_of_galaxy.icons import RESOURCE_KINDS
from boardgames.games.age_of_galaxy.setup import HAND_SIZE
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
    CHANCE_STEPS,
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
    NO_PLAYER,
    NONE,
    NP,
    ROUNDS,
    S_DISCARD,
    S_DRAFT,
    S_FOUND,
    S_TURN,
    STEP_KINDS,
    VO,
    WAR,
    AgeState,
)
from boardgames.games.age_of_galaxy.validation import validate
from boardgames.games.age_of_galaxy.war_phase import places
from boardgames.kernel.cards import mask_size
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import CHANCE, TERMINAL, Game
from boardgames.kernel.steps import Role

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

__all__ = ["build_position", "describe", "position"]

PLANET_STATES = {"colonized": 1, "developed": 2, "conquered": 3}
PLANET_STATE_NAMES = {level: name for name, level in PLANET_STATES.items()}
SECTIONS = ("manufacture", "retrieve", "scavenge")
OPPONENT = "opponent"
OPPONENT_FIELDS = ("cruisers", "influence", "prestige")
SOLO_REVEALS_MAX = 5

# phases as position() names them, and the stage each one is
PHASE_STAGES = {
    "discard": DISCARD, "draft": DRAFT, "found": FOUND, "action": ACTION, "solo": ACTION,
    "galactic": ACTION, "war": WAR, "end": END,
}
PHASES = tuple(PHASE_STAGES)
# the step a phase waits for when nothing is pending: the decision of the player to act (the War
# phase's acquisition is found from the Overlords; at the end the queue is empty)
PHASE_OPENING = {"discard": S_DISCARD, "draft": S_DRAFT, "found": S_FOUND, "action": S_TURN}
SETUP_PHASES = frozenset({"discard", "draft", "found"})
TURN_PHASES = frozenset({"discard", "draft", "found", "action"})  # a player at the turn-order position acts
AFTER_TURNS = frozenset({"solo", "galactic", "war", "end"})  # every player has passed
# pending steps in the rulebook's terms: code, arguments
PENDING_CODES = {
    "use": D_USE, "exchange": D_EXCHANGE, "pay": D_PAY, "take": D_TAKE, "build": D_BUILD,
    "retrieve": D_RETRIEVE, "adapt": D_ADAPT, "develop bonus": D_BONUS,
    "exploration reveal": C_EXPLORE, "draw": C_REDRAW, "system reveal": C_SYSTEM,
    "planet tokens": C_PLANET_TOKEN, "solo die": C_DIE, "solo reveal": C_SOLO,
}
PENDING_NAMES = {code: name for name, code in PENDING_CODES.items()}
PENDING_ARGUMENTS: dict[str, tuple[str, ...]] = {
    "use": ("Faction card",), "exchange": ("Trade card 1..3",), "pay": ("Technology",),
    "take": ("Technology",), "build": (), "retrieve": (), "adapt": ("planet",), "develop bonus": (),
    "exploration reveal": (), "draw": (), "system reveal": (), "planet tokens": ("[planets]",),
    "solo die": (), "solo reveal": ("cards left to reveal",),
}
PHASE_PENDING: dict[str, tuple[str, ...]] = {
    "discard": ("draw",), "draft": (), "found": (),
    "action": ("use", "exchange", "pay", "take", "build", "retrieve", "adapt", "develop bonus",
               "exploration reveal"),
    "solo": ("solo die", "solo reveal"), "galactic": ("system reveal", "planet tokens"),
    "war": (), "end": (),
}


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
    round: int | None = None,
    phase: str = "action",
    pending: Sequence[Any] | None = None,
    acted: bool = False,
    card_played: bool = False,
    order: Sequence[int] | None = None,
    to_act: int | None = None,
    passed: Iterable[int] = (),
    prestige_order: Sequence[int] | None = None,
    resources: Mapping[int, Mapping[str, int]] | None = None,
    technologies: Mapping[int, Iterable[str]] | None = None,
    alliances: Mapping[int, Sequence[str]] | None = None,
    true_ideologies: Mapping[int, str] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    discards: Mapping[int, Iterable[str]] | None = None,
    packets: Mapping[int, Iterable[str]] | None = None,
    played: Iterable[str] = (),
    action_discs: Mapping[int, int] | None = None,
    systems: Sequence[str] | None = None,
    planet_tokens: Mapping[str, int] | None = None,
    planets: Mapping[str, tuple[int | str, str]] | None = None,
    exploration: Iterable[str] | None = None,
    revealed: Iterable[int] | None = None,
    removed: int = 0,
    telescopes: Mapping[int, int] | None = None,
    explore_discs: Mapping[int, int] | None = None,
    sections: Mapping[str, Sequence[int]] | None = None,
    trade_cards: Sequence[str] | None = None,
    trade_discs: Mapping[int, Sequence[int]] | None = None,
    flipped: Iterable[int] = (),
    nominate: Mapping[int, int | str] | None = None,
    virtual_opponent: Mapping[str, int] | None = None,
) -> AgeState:
    """A position of ``phase`` in the rulebook's terms (see ``AgeOfGalaxy.position``)."""
    n = T.n
    c = T.c
    if phase not in PHASES:
        raise _bad("phase", f"phases are {', '.join(PHASES)}, not {phase!r}")
    in_setup = phase in SETUP_PHASES
    if in_setup:
        if round not in (None, 0):
            raise _bad("round", f"{round!r}: setup is before round 1 (round 0)")
        round = 0
    elif round is None:
        round = ROUNDS if phase == "end" else 1
    elif isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= ROUNDS:
        raise _bad("round", f"{round!r} is not a round 1..5")
    if phase == "end" and round != ROUNDS:
        raise _bad("round", "the game ends in round 5")
    fleet = ROUNDS - 1 if phase == "end" else max(0, round - 1) + (1 if phase == "galactic" else 0)
    if fleet > ROUNDS - 1:
        raise _bad("round", "there is no Galactic phase after the War phase of round 5")
    order_t = tuple(range(n)) if order is None else tuple(_player(T, "order", p) for p in order)
    if sorted(order_t) != list(range(n)):
        raise _bad("order", "must list every player once")
    actor = order_t[0] if to_act is None else _player(T, "to_act", to_act)
    full = (1 << n) - 1
    passed_mask = 0
    for p in passed:
        passed_mask |= 1 << _player(T, "passed", p)
    if phase in AFTER_TURNS:
        passed_mask = full
    stack = order_t if prestige_order is None else tuple(
        _player(T, "prestige_order", p) for p in prestige_order
    )
    if sorted(stack) != list(range(n)):
        raise _bad("prestige_order", "must list every player once, the marker on top first")
    # Faction cards: named ones first; every Alliance needs a Faction, the rest form the deck
    used = 0

    def take(argument: str, name: str) -> int:
        nonlocal used
        card = _card(T, argument, name)
        if used >> card & 1:
            raise _bad(argument, f"Faction card {name!r} is named twice")
        used |= 1 << card
        return card

    def masks(argument: str, given: Mapping[int, Iterable[str]] | None) -> list[int]:
        out = [0] * n
        for p, names in _per_player(T, argument, given).items():
            for name in _names(argument, names):
                out[p] |= 1 << take(argument, name)
        return out

    hand_masks = masks("hands", hands)
    discard_masks = masks("discards", discards)
    packet_masks = masks("packets", packets)
    ideology = [-1] * n
    for p, name in _per_player(T, "true_ideologies", true_ideologies).items():
        ideology[p] = take("true_ideologies", name)
    played_mask = 0
    for name in _names("played", played):
        played_mask |= 1 << take("played", name)
    alliance: list[tuple[int, ...]] = [()] * n
    for p, names in _per_player(T, "alliances", alliances).items():
        alliance[p] = tuple(take("alliances", name) for name in _names("alliances", names))
    if not in_setup:
        for p in range(n):
            if not alliance[p]:
                plain = next(
                    f.index for f in c.factions
                    if not used >> f.index & 1 and not f.technologies and not f.protects
                )
                used |= 1 << plain
                alliance[p] = (plain,)
    if in_setup:  # hands (or draft packets) not named are dealt from the lowest cards left
        dealt = packet_masks if phase == "draft" else hand_masks
        named = set(_per_player(T, "packets" if phase == "draft" else "hands",
                                packets if phase == "draft" else hands))
        for p in order_t:
            if p in named:
                continue
            size = HAND_SIZE - (mask_size(hand_masks[p]) if phase == "draft" else len(alliance[p]))
            for card in range(T.nfac):
                if size <= 0:
                    break
                if not used >> card & 1:
                    used |= 1 << card
                    dealt[p] |= 1 << card
                    size -= 1
    deck = T.all_cards & ~used
    # resources: 3 Productivity (setup step 12), in setup also the Debut bonuses received
    res = [0] * (8 * n)
    for p in range(n):
        res[p * 8 + PRODUCTIVITY] = 3
        if in_setup:
            extra = [T.c.factions[card].debut for card in alliance[p]]
            if p == 0 and T.scenario is not None:
                extra.append(T.scenario.player_gain)
            for g in extra:
                for r, amount in enumerate(g):
                    res[p * 8 + r] += amount
            for r in range(8):
                res[p * 8 + r] = min(RESOURCE_KINDS.caps[r], res[p * 8 + r])
    for p, amounts in _per_player(T, "resources", resources).items():
        if not isinstance(amounts, Mapping):
            raise _bad("resources", "each player's resources are a mapping like {'credit': 3}")
        for name, amount in amounts.items():
            if name not in RESOURCES:
                raise _bad("resources", f"no resource {name!r} (resources: {', '.join(RESOURCES)})")
            res[p * 8 + RESOURCES.index(name)] = _count("resources", amount, 999)
    techs = [0] * n
    for p, names in _per_player(T, "technologies", technologies).items():
        for name in _names("technologies", names):
            techs[p] |= 1 << _tech(T, "technologies", name)
    # the galaxy
    steps = _queue(T, phase, pending, actor, order_t, hand_masks)
    code = steps[0][0] if steps else NONE
    if T.explored:
        count = 5
    elif code == C_SYSTEM:
        count = fleet + 1
    else:
        count = min(5, fleet + 2)
    system_ids = tuple(range(count)) if systems is None else tuple(
        next((s.index for s in c.systems if s.name == name), -1) for name in _names("systems", systems)
    )
    if -1 in system_ids:
        raise _bad("systems", f"System cards are {', '.join(s.name for s in c.systems)}")
    if len(system_ids) != count:
        raise _bad("systems", f"{count} System cards are face up here (Galactic Fleet on card {fleet + 1})")
    awaiting = {step[2] for step in steps} if code == C_PLANET_TOKEN else set()
    pkind = [-1] * len(T.slot_pos)
    token_slots = []
    for position, card in enumerate(system_ids):
        for k, kind in T.sys_planets[card]:
            pkind[position * PLANET_SLOTS + k] = kind
        token_slots += [position * PLANET_SLOTS + k for k in T.sys_token_slots[card]]
    chosen = {_place("planet_tokens", name, PLANET_SLOTS): _count("planet_tokens", t, len(c.planet_tokens))
              for name, t in (planet_tokens or {}).items()}
    if 0 in chosen.values() or len(set(chosen.values())) != len(chosen):
        raise _bad("planet_tokens", f"each Planet token (1..{len(c.planet_tokens)}) is placed once")
    free_tokens = [t for t in range(len(c.planet_tokens)) if t + 1 not in chosen.values()]
    on_board = 0
    for slot in token_slots:
        token = chosen.pop(slot, 0) - 1
        if token < 0 and free_tokens and slot not in awaiting:
            token = free_tokens.pop(0)
        if token >= 0:
            pkind[slot] = c.planet_tokens[token]
            on_board |= 1 << token
    if chosen:
        raise _bad("planet_tokens", "a Planet token is placed where no Planet-token icon is")
    ptokens = ((1 << len(c.planet_tokens)) - 1) & ~on_board
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
    waiting = 1 if code == C_EXPLORE else 0
    removed_ = _count("removed", removed, EXPLORATION_TOKENS)
    if revealed is None:
        shown = list(range(max(0, len(points) - len(set(spots)) - waiting - removed_)))
    else:
        shown = []
        for k in revealed:
            if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= EXPLORATION_TOKENS:
                raise _bad("revealed", f"Exploration tokens are numbered 1..{EXPLORATION_TOKENS}, not {k!r}")
            shown.append(k - 1)
        if len(set(shown)) != len(shown):
            raise _bad("revealed", "an Exploration token is revealed once")
    unseen = ((1 << EXPLORATION_TOKENS) - 1) & ~sum(1 << k for k in shown)
    gone = len(shown) + removed_ + waiting
    telescope = [0] * n
    for p, k in _per_player(T, "telescopes", telescopes).items():
        telescope[p] = _count("telescopes", k, EXPLORATION_TOKENS)
    # the Main board and Trade cards
    explore = [0] * n
    for p, k in _per_player(T, "explore_discs", explore_discs).items():
        explore[p] = _count("explore_discs", k, DISCS_PER_PLAYER)
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
    # Action discs: in supply as given (3 in play, none in setup by default), on the board where they lie
    discs = [0 if in_setup else 3] * n
    for p, k in _per_player(T, "action_discs", action_discs).items():
        discs[p] = _count("action_discs", k, DISCS_PER_PLAYER)
    board = [
        sum(lv for o, lv in zip(powner, plevel, strict=True) if o == p and lv < 3) + explore[p]
        + sum(row.count(p) for row in section_rows) + sum(row.count(p) for row in tdiscs)
        + track.count(p) + mask_size(techs[p])
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
    flags = (ACTED if _flag("acted", acted) else 0) | (
        CARD_PLAYED if _flag("card_played", card_played) else 0
    )
    s = AgeState._blank(game, actor)
    values_: dict[str, Any] = {
        "steps": steps, "round": round, "order": order_t,
        "pos": order_t.index(actor) if phase in TURN_PHASES else 0, "passed": passed_mask, "flags": flags,
        "res": tuple(res), "stamp": tuple(n - stack.index(p) for p in range(n)),
        "clock": n, "discs": tuple(discs), "board_discs": tuple(board), "hands": tuple(hand_masks),
        "discards": tuple(discard_masks), "deck": deck, "packets": tuple(packet_masks),
        "alliance": tuple(alliance), "ideology": tuple(ideology), "played": played_mask,
        "techs": tuple(techs), "systems": system_ids,
        "fleet": fleet, "pkind": tuple(pkind), "powner": tuple(powner), "plevel": tuple(plevel),
        "ptokens": ptokens, "espots": espots, "telescope": tuple(telescope),
        "unseen": unseen, "gone": gone,
        "explore_discs": tuple(explore), "sections": tuple(section_rows), "trade": trade_ids,
        "tdiscs": tuple(tdiscs), "flipped": flipped_mask, "nominate": tuple(track), "vo": vo,
    }
    for name, value in values_.items():
        s.__dict__[name] = value
    if phase == "war":
        _war_decision(T, s)
    elif not steps:
        s._set_player(TERMINAL)
    elif code in CHANCE_STEPS:
        s._set_player(CHANCE)
    validate(T, s, InvalidOptionError)
    return s


def _flag(argument: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad(argument, f"must be True or False, not {value!r}")
    return value


def _queue(
    T: Tables, phase: str, pending: Sequence[Any] | None, actor: int, order: tuple[int, ...],
    hands: list[int],
) -> tuple[tuple[int, ...], ...]:
    """The queue of ``phase`` with the pending step named by ``pending`` first: a turn's
    sub-decision or Exploration reveal in front of the actor's turn step."""
    allowed = PHASE_PENDING[phase]
    if pending is None:
        if phase in ("solo", "galactic"):
            raise _bad("pending", f"the {phase} phase here is a chance event: name it ({', '.join(allowed)})")
        return ((PHASE_OPENING[phase], actor),) if phase in PHASE_OPENING else ()
    step = _pending(T, phase, pending, actor, hands)
    if phase == "action":
        return (step, (S_TURN, actor))
    if step[0] == C_PLANET_TOKEN:
        return tuple([(C_PLANET_TOKEN, NO_PLAYER, slot) for slot in step[2:]])
    return (step,)


def _pending(
    T: Tables, phase: str, pending: Sequence[Any], actor: int, hands: list[int],
) -> tuple[int, ...]:
    """The pending step named by ``pending`` as a step (Planet tokens: every space after the player)."""
    allowed = PHASE_PENDING[phase]
    if isinstance(pending, str):
        pending = (pending,)
    if not isinstance(pending, Sequence) or not pending or pending[0] not in allowed:
        raise _bad("pending", f"in the {phase} phase: {', '.join(allowed) or 'nothing'}, not {pending!r}")
    name, args = pending[0], tuple(pending[1:])
    arity = PENDING_ARGUMENTS[name]
    if len(args) != len(arity):
        raise _bad("pending", f"({name!r}{''.join(', ' + a for a in arity)})")
    code = PENDING_CODES[name]
    if name == "use":
        return (code, actor, _card(T, "pending", args[0]))
    if name == "exchange":
        k = args[0]
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 3:
            raise _bad("pending", "Trade cards are numbered 1..3")
        return (code, actor, k - 1)
    if name in ("pay", "take"):
        return (code, actor, _tech(T, "pending", args[0]))
    if name == "adapt":
        return (code, actor, _place("pending", args[0], PLANET_SLOTS))
    if name == "draw":
        return (code, actor, HAND_SIZE - mask_size(hands[actor]))
    if name == "solo reveal":
        return (code, NO_PLAYER, _count("pending", args[0], SOLO_REVEALS_MAX))
    if name == "planet tokens":
        places = sorted({_place("pending", p, PLANET_SLOTS) for p in _names("pending", args[0])})
        return (code, NO_PLAYER, *places)
    if STEP_KINDS.roles[code] == Role.CHANCE and code != C_EXPLORE:
        return (code, NO_PLAYER)
    return (code, actor)


def _war_decision(T: Tables, s: AgeState) -> None:
    """The War phase's one decision: the single Overlord's acquisition (rewards already gained)."""
    overlords = [o for o, place in places(T, s).items() if place == 1]
    if s.round < 2 or len(overlords) != 1:
        raise _bad("phase", "the War phase (from round 2) waits only for a single Overlord's acquisition")
    overlord = overlords[0]
    # you choose what the Virtual Opponent acquires
    step = (D_SURRENDER, 0) if overlord == VO else (D_ACQUIRE, overlord)
    for name, value in (("steps", (step,)), ("passed", (1 << T.n) - 1), ("pos", 0)):
        s.__dict__[name] = value
    s._set_player(step[1])


def position(T: Tables, game: Game, setup: Mapping[str, Any]) -> AgeState:
    """:func:`build_position` with its keyword arguments checked by name first."""
    known = set(inspect.signature(build_position).parameters) - {"T", "game"}
    unknown = sorted(set(setup) - known)
    if unknown:
        raise InvalidOptionError(
            f"position() has no argument {unknown[0]!r} (arguments: {', '.join(sorted(known))})"
        )
    return build_position(T, game, **setup)


def _phase_of(s: AgeState) -> str:
    code = s.steps[0][0] if s.steps else NONE
    if code in (C_SYSTEM, C_PLANET_TOKEN):
        return "galactic"
    if code in (C_SOLO, C_DIE):
        return "solo"
    return {DISCARD: "discard", DRAFT: "draft", FOUND: "found", ACTION: "action", WAR: "war",
            END: "end"}[s.stage]


def _described_pending(T: Tables, s: AgeState) -> tuple[Any, ...] | None:
    if not s.steps or s.steps[0][0] not in PENDING_NAMES:
        return None
    code, args = s.steps[0][0], s.steps[0][2:]
    name = PENDING_NAMES[code]
    if code == D_USE:
        return (name, T.card_name[args[0]])
    if code == D_EXCHANGE:
        return (name, args[0] + 1)
    if code in (D_PAY, D_TAKE):
        return (name, T.c.technologies[args[0]].name)
    if code == D_ADAPT:
        return (name, planet_name(args[0]))
    if code == C_SOLO:
        return (name, args[0])
    if code == C_PLANET_TOKEN:
        return (name, [planet_name(step[2]) for step in s.steps])
    return (name,)


def describe(T: Tables, s: AgeState) -> dict[str, Any]:
    """The :func:`build_position` arguments that set up ``s`` again, in the rulebook's terms.

    Everything is given explicitly; only the order in which Prestige markers
    moved is kept as an order (``prestige_order``), not as move counts.
    """
    n = T.n
    c = T.c
    phase = _phase_of(s)
    code = s.steps[0][0] if s.steps else NONE

    def names(mask: int) -> list[str]:
        return [T.card_name[i] for i in range(T.nfac) if mask >> i & 1]

    def owner_name(owner: int) -> int | str:
        return OPPONENT if owner == VO else owner

    token_of = {kind: t for t, kind in enumerate(c.planet_tokens)}
    token_places = {
        position * PLANET_SLOTS + k
        for position, card in enumerate(s.systems) for k in T.sys_token_slots[card]
    }
    waiting = 1 if code == C_EXPLORE else 0
    revealed = [k + 1 for k in range(EXPLORATION_TOKENS) if not s.unseen >> k & 1]
    out: dict[str, Any] = {
        "round": s.round,
        "phase": phase,
        "pending": _described_pending(T, s),
        "acted": bool(s.flags & ACTED),
        "card_played": bool(s.flags & CARD_PLAYED),
        "order": list(s.order),
        "prestige_order": sorted(range(n), key=lambda p: -s.stamp[p]),
        "resources": {p: dict(zip(RESOURCES, s.res[p * 8:p * 8 + 8], strict=True)) for p in range(n)},
        "technologies": {p: [c.technologies[t].name for t in range(T.ntech) if s.techs[p] >> t & 1]
                         for p in range(n)},
        "alliances": {p: [T.card_name[i] for i in s.alliance[p]] for p in range(n)},
        "true_ideologies": {p: T.card_name[i] for p, i in enumerate(s.ideology) if i >= 0},
        "hands": {p: names(s.hands[p]) for p in range(n)},
        "discards": {p: names(s.discards[p]) for p in range(n)},
        "packets": {p: names(s.packets[p]) for p in range(n)},
        "played": names(s.played),
        "action_discs": dict(enumerate(s.discs)),
        "systems": [c.systems[i].name for i in s.systems],
        "planet_tokens": {planet_name(slot): token_of[s.pkind[slot]] + 1
                          for slot in sorted(token_places) if s.pkind[slot] >= 0},
        "planets": {planet_name(slot): (owner_name(owner), PLANET_STATE_NAMES[s.plevel[slot]])
                    for slot, owner in enumerate(s.powner) if owner >= 0},
        "exploration": [f"{spot // EXPLORE_SLOTS + 1}.{spot % EXPLORE_SLOTS + 1}"
                        for spot in range(5 * EXPLORE_SLOTS) if s.espots >> spot & 1],
        "revealed": revealed,
        "removed": s.gone - len(revealed) - waiting,
        "telescopes": dict(enumerate(s.telescope)),
        "explore_discs": dict(enumerate(s.explore_discs)),
        "sections": {name: list(row) for name, row in zip(SECTIONS, s.sections, strict=True)},
        "trade_cards": [c.trade_cards[i].name for i in s.trade],
        "trade_discs": {i + 1: [o for o in row if o != NP] for i, row in enumerate(s.tdiscs)},
        "flipped": [i + 1 for i in range(3) if s.flipped >> i & 1],
        "nominate": {i + 1: owner_name(o) for i, o in enumerate(s.nominate) if o not in (-1, NP)},
    }
    if phase in TURN_PHASES:
        mover = s.steps[0][1] if code == C_EXPLORE else s.order[s.pos]
        out["to_act"] = mover
        out["passed"] = [p for p in range(n) if s.passed >> p & 1]
    if T.solo:
        out["virtual_opponent"] = dict(zip(OPPONENT_FIELDS, s.vo[:3], strict=True))
    return out
