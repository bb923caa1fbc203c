"""Warpgate positions set up by hand, in the rulebook's terms (see ``Warpgate.position``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate.state import PLAY, WarpgateState
from boardgames.games.warpgate.validation import validate
from boardgames.kernel.cards import counts_of
from boardgames.kernel.errors import InvalidOptionError

if TYPE_CHECKING:
    from boardgames.games.warpgate.game import Warpgate

__all__ = ["build_position"]


def _int(value: Any, lo: int, hi: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidOptionError(f"{what} must be an int in {lo}..{hi}, not {value!r}")
    return value


def _mapping(value: Any, what: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidOptionError(f"{what} must be a mapping (dict), not {type(value).__name__}")
    return value


def _names(value: Any, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise InvalidOptionError(f"{what} must be a list of names, not {value!r}")
    if not all(isinstance(v, str) for v in value):
        raise InvalidOptionError(f"{what} must hold names (str)")
    return tuple(value)


def _index(names: Sequence[str], name: Any, what: str) -> int:
    if not isinstance(name, str) or name not in names:
        shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
        raise InvalidOptionError(f"{what}: {name!r} is not one of {shown}")
    return names.index(name)


def _per_player(value: Any, players: int, what: str) -> dict[int, Any]:
    rows = _mapping(value, what)
    for player in rows:
        _int(player, 0, players - 1, f"a player in {what}")
    return dict(rows)


def build_position(
    game: Warpgate,
    *,
    ships: Any = None,
    outposts: Any = None,
    colonies: Any = None,
    drones: Any = None,
    technologies: Any = None,
    available: Any = None,
    trade_goods: Any = None,
    factions: Any = None,
    hands: Any = None,
    played: Any = None,
    discards: Any = None,
    promoted: Any = None,
    objectives: Any = None,
    round: Any = 1,
    turn: Any = 1,
    player: Any = None,
) -> WarpgateState:
    """The position described by the keyword arguments (see ``Warpgate.position``)."""
    t = game.tables
    n = game.players
    rounds = game.interpretations.rounds
    places = t.place_names
    round_ = _int(round, 1, game.rounds, "round")
    slot = _int(turn, 1, I.TURNS_PER_ROUND, "turn")
    first = 0
    for _ in range(round_ - 1):
        first = rounds.next_first_player(first, n)
    to_act = first if player is None else _int(player, 0, n - 1, "player")
    turn_index = (slot - 1) * n + (to_act - first) % n

    # -- the board ------------------------------------------------------------------------
    owner = [-1] * len(places)
    count = [0] * len(places)
    board = _mapping(ships, "ships") if ships is not None else {
        places[t.gate[q]]: (q, game.interpretations.setup.ships_at_warpgate) for q in range(n)
    }
    for name, held in board.items():
        place = _index(places, name, "ships")
        if not isinstance(held, tuple) or len(held) != 2:
            raise InvalidOptionError(f"ships[{name!r}] must be (player, count), not {held!r}")
        owner[place] = _int(held[0], 0, n - 1, f"the player of ships[{name!r}]")
        count[place] = _int(held[1], 1, I.SHIPS, f"the count of ships[{name!r}]")
    supply = [I.SHIPS - sum(k for w, k in zip(owner, count, strict=True) if w == q) for q in range(n)]
    for q in range(n):
        if supply[q] < 0:
            raise InvalidOptionError(f"player {q} has more than {I.SHIPS} ships on the board")
    marker = [-1] * len(places)
    colony = [0] * len(places)
    for side, given in (("outposts", outposts), ("colonies", colonies)):
        for name, q in _mapping(given, side).items():
            place = _index(places, name, side)
            if marker[place] >= 0:
                raise InvalidOptionError(f"{name} holds an outpost and a colony; a planet holds one marker")
            marker[place] = _int(q, 0, n - 1, f"the player of {side}[{name!r}]")
            colony[place] = int(side == "colonies")
    drone = list(t.gate)
    for q, name in _per_player(drones, n, "drones").items():
        drone[q] = _index(places, name, f"drones[{q}]")

    # -- technologies and trade goods -----------------------------------------------------------
    techs: list[list[int]] = [[] for _ in range(n)]
    for q, names in _per_player(technologies, n, "technologies").items():
        where = f"technologies[{q}]"
        techs[q] = sorted(_index(t.tech_names, c, where) for c in _names(names, where))
    taken = {c for row in techs for c in row}
    if available is None:
        face_up: list[int] = []
        for deck in sorted(set(t.tech_deck_of)):
            face_up.extend([c for c, d in enumerate(t.tech_deck_of) if d == deck and c not in taken][:2])
    else:
        face_up = [_index(t.tech_names, c, "available") for c in _names(available, "available")]
    tech_deck = [c for c in range(len(t.tech_names)) if c not in taken and c not in face_up]
    goods = [0] * n
    spent = [0] * n
    for q, pair in _per_player(trade_goods, n, "trade_goods").items():
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidOptionError(f"trade_goods[{q}] must be (unspent, spent), not {pair!r}")
        goods[q] = _int(pair[0], 0, t.trade_goods, f"trade_goods[{q}] unspent")
        spent[q] = _int(pair[1], 0, t.trade_goods, f"trade_goods[{q}] spent")
    pool = t.trade_goods - sum(goods) - sum(spent)
    if pool < 0:
        raise InvalidOptionError(f"the map has only {t.trade_goods} trade goods")

    # -- cards ------------------------------------------------------------------------------
    if factions is None:
        faction = list(range(n))
    else:
        chosen = _names(factions, "factions")
        if len(chosen) != n:
            raise InvalidOptionError(f"factions must name {n} factions, one per player")
        faction = [_index(t.faction_names, f, "factions") for f in chosen]
    hand_rows, deck_rows, discard_rows, played_rows = [], [], [], []
    given_hands = _per_player(hands, n, "hands")
    given_played = _per_player(played, n, "played")
    given_discards = _per_player(discards, n, "discards")
    for q in range(n):
        own = list(t.faction_cards[faction[q]])

        def take(names: Any, what: str, own: list[int] = own, q: int = q) -> list[int]:
            cards = []
            for name in _names(names, f"{what}[{q}]"):
                card = _index(t.card_names, name, f"{what}[{q}]")
                if card not in own:
                    raise InvalidOptionError(f"{what}[{q}]: player {q}'s faction has no more {name} cards")
                own.remove(card)
                cards.append(card)
            return cards

        played_row = take(given_played.get(q, ()), "played")
        discard_row = sorted(take(given_discards.get(q, ()), "discards"))
        if q in given_hands:
            hand_row = sorted(take(given_hands[q], "hands"))
        else:
            seat = (q - first) % n
            done = sum(1 for k in range(turn_index) if k % n == seat)
            size = 0 if done == I.TURNS_PER_ROUND else max(0, rounds.hand_size - len(played_row))
            hand_row = sorted(own)[:size]
            for card in hand_row:
                own.remove(card)
        hand_rows.append(tuple(hand_row))
        played_rows.append(tuple(played_row))
        discard_rows.append(tuple(discard_row))
        deck_rows.append(tuple(sorted(own)))
    promotion_left = list(t.promotion)
    tactics = []
    for q in range(n):
        row = list(t.faction_tactics[faction[q]])
        for name in _names(_per_player(promoted, n, "promoted").get(q, ()), f"promoted[{q}]"):
            card = _index(t.tactic_names, name, f"promoted[{q}]")
            if card not in promotion_left:
                raise InvalidOptionError(f"promoted[{q}]: {name} is not a promotion card still in the deck")
            promotion_left.remove(card)
            row.append(card)
        tactics.append(tuple(sorted(row)))
    objective_left = list(range(len(t.objective_names)))
    objective_rows: list[tuple[int, ...]] = [() for _ in range(n)]
    for q, names in _per_player(objectives, n, "objectives").items():
        row = []
        for name in _names(names, f"objectives[{q}]"):
            card = _index(t.objective_names, name, f"objectives[{q}]")
            if card not in objective_left:
                raise InvalidOptionError(f"objectives[{q}]: {name} is already held")
            objective_left.remove(card)
            row.append(card)
        objective_rows[q] = tuple(sorted(row))

    kinds, tactic_kinds, objective_kinds = len(t.card_names), len(t.tactic_names), len(t.objective_names)

    def rows(cards: list[tuple[int, ...]], size: int) -> tuple[tuple[int, ...], ...]:
        return tuple(counts_of(row, size) for row in cards)

    fields = {
        "round": round_, "turn": turn_index, "first": first, "steps": ((PLAY, to_act),),
        "revealed": ((),) * n, "taken": (),
        "owner": tuple(owner), "ships": tuple(count), "supply": tuple(supply),
        "marker": tuple(marker), "colony": tuple(colony), "drone": tuple(drone),
        "techs": tuple(tuple(row) for row in techs), "tech_deck": counts_of(tech_deck, len(t.tech_names)),
        "tech_avail": tuple(sorted(face_up)), "goods_pool": pool,
        "goods": tuple(goods), "spent": tuple(spent),
        "tactics": rows(tactics, tactic_kinds), "tactics_discard": (t.no_tactics,) * n,
        "promo_deck": counts_of(promotion_left, tactic_kinds), "promo_discard": t.no_tactics,
        "faction": tuple(faction), "hand": rows(hand_rows, kinds), "deck": rows(deck_rows, kinds),
        "discard": rows(discard_rows, kinds), "played": tuple(played_rows),
        "objectives": rows(objective_rows, objective_kinds),
        "objective_deck": counts_of(objective_left, objective_kinds),
    }
    state = game._fill(game._blank_state(to_act), fields)
    validate(game, state, InvalidOptionError)
    return state
