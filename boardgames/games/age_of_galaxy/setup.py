"""Setup (rulebook "Setup", steps 1-14) and the Faction Drafting variant.

Setup randomness (Trade cards, first player, System cards, Planet tokens,
the dealt hands) is drawn from the seed.  The discard-up-to-3 step draws back
up to 7 through chance nodes, as does every later draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames.games.age_of_galaxy.actions import EXPLORE_SLOTS, PLANET_SLOTS
from boardgames.games.age_of_galaxy.components import PRODUCTIVITY
from boardgames.games.age_of_galaxy.icons import gain_now, sparse
from boardgames.games.age_of_galaxy.state import (
    C_REDRAW,
    EXPLORATION_TOKENS,
    NP,
    PRODUCTION_PHASE,
    S_DISCARD,
    S_DRAFT,
    S_FOUND,
    AgeState,
    AgeWork,
)
from boardgames.kernel.cards import deal_masks, mask_cards, mask_entries, mask_size
from boardgames.kernel.chance import make_rng
from boardgames.kernel.game import Game, successor
from boardgames.kernel.work import put

if TYPE_CHECKING:
    from boardgames.games.age_of_galaxy.rules import Tables

HAND_SIZE = 7
MAX_DISCARDS = 3


def new_game(T: Tables, game: Game, seed: int | None) -> AgeState:
    """Setup steps 1-13: everything up to the first decision (the queue holds it; who acts
    is set from the queue by the game's step machine)."""
    rng = make_rng(seed)
    n = T.n
    c = T.c
    s = AgeState._blank(game, 0)
    fields = s.__dict__
    fields.update(T.setup_fields)  # what every game starts with (setup_fields below)
    # The shuffles below are ``rng.shuffle`` of a list of the card indices: the same swaps,
    # so the same order, as ``rng.permutation`` of their number, without making an array.
    trade_cards = list(T.trade_indices)
    rng.shuffle(trade_cards)
    trade = tuple(trade_cards[:3])  # step 2
    # step 3: first game: a random first player (``integers(1)`` would draw nothing)
    first = int(rng.integers(n)) if n > 1 else 0
    order = T.setup_orders[first]
    shown = 5 if T.explored else 2  # step 5 (Explored Galaxy Mode: all face up)
    system_cards = list(T.system_indices)
    rng.shuffle(system_cards)
    systems = tuple(system_cards[:shown])
    pkind = [-1] * (5 * PLANET_SLOTS)
    ptokens = T.all_tokens
    token_pool = list(range(len(c.planet_tokens)))
    espots = 0
    placed = 0
    for pos, card in enumerate(systems):  # step 7
        base = pos * PLANET_SLOTS
        for k, kind in T.sys_planets[card]:
            pkind[base + k] = kind
        for k in T.sys_token_slots[card]:
            if token_pool:
                t = token_pool.pop(int(rng.integers(len(token_pool))))
                ptokens &= ~(1 << t)
                pkind[base + k] = c.planet_tokens[t]
        for k in T.sys_explore[card]:
            if placed < EXPLORATION_TOKENS:
                espots |= 1 << (pos * EXPLORE_SLOTS + k)
                placed += 1
    # step 13 (or the draft's hands of 7): 7 cards each from the shuffled deck, the rest stays
    *dealt, rest = deal_masks(rng, T.all_cards, T.deal_sizes)
    if T.drafting:
        fields["packets"] = tuple(dealt)
    else:
        fields["hands"] = tuple(dealt)
    fields["steps"] = ((S_DRAFT if T.drafting else S_DISCARD, order[0]),)
    fields["order"] = order
    # step 11: the first player's disc on top, the second beneath it, ...
    fields["stamp"] = T.setup_stamps[first]
    fields["deck"] = rest
    fields["systems"] = systems
    fields["pkind"] = tuple(pkind)
    fields["ptokens"] = ptokens
    fields["espots"] = espots
    fields["trade"] = trade
    start_discs = T.trade_start_discs
    fields["tdiscs"] = tuple(map(start_discs.__getitem__, trade))  # step 4
    if T.scenario is not None:
        gain_now(s, fields, 0, sparse(T.scenario.player_gain))
    return s


def setup_fields(T: Tables) -> dict[str, Any]:
    """The fields every game of ``T`` starts with (:func:`new_game` sets the drawn ones
    over them): made once per game object, read by every new game."""
    n = T.n
    res = [0] * (8 * n)
    for p in range(n):
        res[p * 8 + PRODUCTIVITY] = 3  # step 12
    vo: tuple[int, ...] = ()
    if T.solo:  # Standard Solo setup 2: the Virtual Opponent's Cruisers
        sc = T.scenario
        vo = (2 if sc is None else sc.opponent_cruisers, 0, 0, 4 if sc is None else sc.opponent_strength, 0)
    return {
        "round": 0,
        "pos": 0,
        "passed": 0,
        "flags": 0,
        "res": tuple(res),
        "clock": n,
        "discs": (0,) * n,
        "board_discs": (0,) * n,
        "hands": (0,) * n,
        "discards": (0,) * n,
        "packets": (0,) * n,
        "alliance": ((),) * n,
        "ideology": (-1,) * n,
        "played": 0,
        "techs": (0,) * n,
        "fleet": 0,  # step 6
        "powner": (-1,) * (5 * PLANET_SLOTS),
        "plevel": (0,) * (5 * PLANET_SLOTS),
        "telescope": (0,) * n,
        "unseen": (1 << EXPLORATION_TOKENS) - 1,
        "gone": 0,
        "explore_discs": (0,) * n,
        "sections": ((), (), ()),
        "flipped": 0,
        "nominate": tuple(-1 if open_ else NP for open_ in T.nominate_open),
        "vo": vo,
    }


# -- step 13: discard up to 3, draw back up to 7 --------------------------------------


def discard_legal(T: Tables, s: AgeState) -> list[int]:
    """Ascending: discarding each card of the hand (while fewer than 3 are discarded), keeping it."""
    p = s.order[s.pos]
    if mask_size(s.discards[p]) < MAX_DISCARDS:
        return [*mask_entries(T.discard_tables, s.hands[p]), T.ids.keep_hand]
    return [T.ids.keep_hand]


# The setup's discards and draws build their successors themselves (``successor(s)``
# and new values in its ``__dict__``); the hand-over to founding goes through a working copy.


def discard(T: Tables, s: AgeState, card: int) -> AgeState:
    """Setup 13: "Each player may discard up to 3 of them"."""
    new, fields = successor(s)
    p = s.order[s.pos]
    hands, discards = s.hands, s.discards
    fields["hands"] = put(hands, p, hands[p] & ~(1 << card))
    fields["discards"] = put(discards, p, discards[p] | 1 << card)
    if mask_size(fields["discards"][p]) >= MAX_DISCARDS:
        _keep_hand_now(T, new)
    return new


def keep_hand(T: Tables, s: AgeState) -> AgeState:
    """Setup 13: "... and draw back up to 7" (one chance draw per card)."""
    new = successor(s)[0]
    _keep_hand_now(T, new)
    return new


def _keep_hand_now(T: Tables, s: AgeState) -> None:
    fields = s.__dict__
    p = fields["order"][fields["pos"]]
    missing = HAND_SIZE - mask_size(fields["hands"][p])
    if missing and fields["deck"]:
        fields["steps"] = ((C_REDRAW, p, missing),)
    else:
        _next_discarder_now(T, s)


def redraw(T: Tables, s: AgeState, card: int) -> AgeState:
    """Setup 13: one card drawn back (a chance outcome)."""
    new, fields = successor(s)
    _, p, missing = s.steps[0]
    fields["hands"] = put(s.hands, p, s.hands[p] | 1 << card)
    fields["deck"] = deck = s.deck & ~(1 << card)
    if missing > 1 and deck:
        fields["steps"] = ((C_REDRAW, p, missing - 1),)
    else:
        _next_discarder_now(T, new)
    return new


def _next_discarder_now(T: Tables, s: AgeState) -> None:
    fields = s.__dict__
    pos = fields["pos"] + 1
    if pos < T.n:
        fields["pos"] = pos
        fields["steps"] = ((S_DISCARD, fields["order"][pos]),)
    else:
        _start_founding(T, s)


# -- Faction Drafting ---------------------------------------------------------------------


def draft_legal(T: Tables, s: AgeState) -> list[int]:
    p = s.order[s.pos]
    return [T.ids.draft[c] for c in mask_cards(s.packets[p])]


def draft(T: Tables, w: AgeWork, card: int) -> None:
    """Choose a card face down; once everyone has chosen, pass the rest to the left."""
    p = w.peek("order")[w.pos]
    hands, packets = w.hands, w.packets
    hands[p] |= 1 << card
    packets[p] &= ~(1 << card)
    if w.pos + 1 < T.n:
        w.pos += 1
        w.steps = ((S_DRAFT, w.peek("order")[w.pos]),)
        return
    n = T.n
    packets = [packets[(q - 1) % n] for q in range(n)]  # pass to the left (clockwise)
    if mask_size(packets[0]) == 1:  # the last card of each hand is no choice
        w.hands = [h | k for h, k in zip(hands, packets, strict=False)]
        packets = [0] * n
    w.packets = packets
    if packets[0]:
        w.pos = 0
        w.steps = ((S_DRAFT, w.peek("order")[0]),)
    else:
        _start_founding(T, w.sync())  # on the successor itself from here


# -- step 14: the first Faction of each Alliance ---------------------------------------------


def _start_founding(T: Tables, s: AgeState) -> None:
    """The founding begins with the first player (on the successor ``s`` being built)."""
    fields = s.__dict__
    if T.solo:  # Standard Solo setup 3: "Place the remaining Faction cards in a deck."
        fields["deck"] = fields["deck"] | fields["discards"][0]
        fields["discards"] = (0,)
    fields["pos"] = 0
    fields["steps"] = ((S_FOUND, fields["order"][0]),)


def found_legal(T: Tables, s: AgeState) -> list[int]:
    p = s.order[s.pos]
    return list(mask_entries(T.found_tables, s.hands[p]))


def found(T: Tables, s: AgeState, card: int) -> AgeState:
    """Setup 14: the first Faction of the Alliance, with its Debut bonus, in player order."""
    new, fields = successor(s)
    pos = s.pos
    p = s.order[pos]
    fields["hands"] = put(s.hands, p, s.hands[p] & ~(1 << card))
    fields["alliance"] = put(s.alliance, p, (card,))
    gain_now(new, fields, p, T.debuts[card])
    if pos + 1 < T.n:
        fields["pos"] = pos + 1
        fields["steps"] = ((S_FOUND, s.order[pos + 1]),)
    else:
        fields["round"] = 1
        s.game.rules.begin(new, fields, PRODUCTION_PHASE)
    return new
