"""Positions set up by hand, in the rulebook's terms: ``game.position(...)``.

Systems and sectors are named as on the board (``"D3b"``, ``"D3"``); every
argument is checked, and the position is then checked as a whole by the one
validator (:mod:`validation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardgames.games.galaxys_edge.components import GEOMETRY, SLOTS, EventCard, Layout, Species
from boardgames.games.galaxys_edge.pledges import claim_pledge
from boardgames.games.galaxys_edge.state import (
    COLONIES_PER_PLAYER,
    EMPTY,
    MILITARY_TOKENS_PER_PLAYER,
    NOBODY,
    NOT_BUILT,
    NOWHERE,
    Forcefield,
    GalaxysEdgeState,
    Phase,
    assemble,
    base_code,
    colony_code,
)
from boardgames.games.galaxys_edge.validation import validate
from boardgames.kernel.errors import InvalidOptionError

if TYPE_CHECKING:
    from boardgames.games.galaxys_edge.game import GalaxysEdge

__all__ = ["position", "sector_position", "system_location"]


def _mapping(value: Any, what: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidOptionError(f"{what} must be a mapping (dict), not {type(value).__name__}")
    return value


def _count(value: Any, most: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise InvalidOptionError(f"{what} must be an int in 0..{most}, not {value!r}")
    return value


def _plain_int(value: Any, most: int = 10**6, what: str = "a tile") -> int:
    return _count(value, most, what)


def position(
    game: GalaxysEdge,
    *,
    tiles: tuple[int, ...] | None = None,
    colonies: Mapping[str, int] | None = None,
    bases: Mapping[str, tuple[int, int]] | None = None,
    flagships: tuple[int | str, ...] | None = None,
    bans: Mapping[int, str] | None = None,
    hands: tuple[Mapping[EventCard, int], ...] | None = None,
    pledges: Mapping[Species, int] | None = None,
    embassy: Mapping[Species, Mapping[int, int]] | None = None,
    forcefield: Mapping[int, int] | None = None,
    active: int = 0,
) -> GalaxysEdgeState:
    """A position set up by hand, at the start of ``active``'s turn.

    ``tiles`` is the tile index on each board position (default: tile i
    on position i); ``colonies`` maps system names (``"D3b"``) to their
    owner; ``bases`` maps system names to ``(owner, class)``; pledges not
    given go to the player with the unique highest tally, if any.  The
    event deck holds every card not in a hand.

    >>> import boardgames as bg
    >>> game = bg.make("galaxys-edge", players=2)
    >>> state = game.position(colonies={"D3a": 0}, flagships=("D3", "A1"))
    >>> state.owner(game.system("D3a")), state.current_player
    (0, 0)
    """
    n = game.players
    count = len(game.components.tiles)
    if tiles is None:
        tiles = tuple(range(count))
    elif not isinstance(tiles, (tuple, list)) or sorted(map(_plain_int, tiles)) != list(range(count)):
        raise InvalidOptionError(f"tiles must place every tile 0..{count - 1} exactly once")
    tiles = tuple(tiles)
    layout = game.layout(tiles)
    occupant = [EMPTY] * (GEOMETRY.size * SLOTS)
    colonies_left = [COLONIES_PER_PLAYER] * n
    tokens_left = [MILITARY_TOKENS_PER_PLAYER] * n
    for name, owner in _mapping(colonies, "colonies").items():
        loc = _existing_system(layout, name)
        _check_seat(game, owner)
        occupant[loc] = colony_code(owner)
        colonies_left[owner] -= 1
    for name, held in _mapping(bases, "bases").items():
        loc = _existing_system(layout, name)
        if not isinstance(held, (tuple, list)) or len(held) != 2:
            raise InvalidOptionError(f"bases[{name!r}] must be (owner, class), not {held!r}")
        owner, base_class = held
        _check_seat(game, owner)
        if base_class not in (1, 2, 3) or isinstance(base_class, bool):
            raise InvalidOptionError(f"base class must be 1, 2 or 3, not {base_class!r}")
        if occupant[loc] != EMPTY:
            raise InvalidOptionError(f"system {name} holds a colony and a base: one installation only")
        occupant[loc] = base_code(owner, base_class)
        tokens_left[owner] -= base_class
    emb = [[0] * n for _ in Species]
    for species, row in _mapping(embassy, "embassy").items():
        if species not in list(Species):
            raise InvalidOptionError(f"embassy: {species!r} is not a Species")
        for owner, tokens in _mapping(row, f"embassy[{species!r}]").items():
            _check_seat(game, owner)
            emb[species][owner] = _count(tokens, COLONIES_PER_PLAYER, f"embassy[{species!r}][{owner}]")
            colonies_left[owner] -= emb[species][owner]
    if min(colonies_left) < 0 or min(tokens_left) < 0:
        raise InvalidOptionError("a player has more colonies or military tokens than their supply")
    if flagships is not None and (not isinstance(flagships, (tuple, list)) or len(flagships) != n):
        raise InvalidOptionError(f"give {n} flagship positions")
    flags = tuple(
        sector_position(f) if isinstance(f, str) else _plain_int(f, GEOMETRY.size - 1, "a flagship position")
        for f in (flagships or tuple(GEOMETRY.outer[:n]))
    )
    ban_positions = [NOWHERE] * n
    for owner, where in _mapping(bans, "bans").items():
        _check_seat(game, owner)
        ban_positions[owner] = sector_position(where)
    if hands is not None and (not isinstance(hands, (tuple, list)) or len(hands) != n):
        raise InvalidOptionError(f"hands must give one mapping of event cards to counts per player ({n})")
    hand_rows = []
    in_hands = [0] * len(EventCard)
    for p in range(n):
        held_cards = [0] * len(EventCard)
        for card, number in _mapping(hands[p] if hands else None, f"hands[{p}]").items():
            if card not in list(EventCard):
                raise InvalidOptionError(f"hands[{p}]: {card!r} is not an EventCard")
            held_cards[card] = _count(number, max(game.components.event_counts), f"hands[{p}][{card!r}]")
            in_hands[card] += held_cards[card]
        hand_rows.append(tuple(held_cards))
    given_forcefield = _mapping(forcefield, "forcefield")
    for owner, status in given_forcefield.items():
        _check_seat(game, owner)
        _count(status, Forcefield.ENDS_THIS_TURN, f"forcefield[{owner}]")
    in_play = sum(1 for status in given_forcefield.values() if status)
    deck = tuple(
        total - held - (in_play if card == EventCard.FORCEFIELD else 0)
        for card, (total, held) in enumerate(zip(game.components.event_counts, in_hands, strict=True))
    )
    if min(deck) < 0:
        raise InvalidOptionError("the hands and forcefields hold more cards of a type than the game has")
    _check_seat(game, active)
    state = assemble(
        game,
        tiles=tiles,
        occupant=tuple(occupant),
        flagships=flags,
        bans=tuple(ban_positions),
        hands=tuple(hand_rows),
        deck=deck,
        discarded=(0,) * len(EventCard),
        forcefield=tuple(given_forcefield.get(p, Forcefield.NONE) for p in range(n)),
        pledges=(NOBODY,) * len(Species),
        embassy=tuple(tuple(r) for r in emb),
        colonies_left=tuple(colonies_left),
        tokens_left=tuple(tokens_left),
        steps=((Phase.TURN, active),),
        active=active,
        player=active,
        moved=False,
        built=NOT_BUILT,
        idle=0,
        start=active,
        placed=n,
    )
    given_pledges = _mapping(pledges, "pledges")
    d = state.__dict__
    for species in Species:
        claim_pledge(state, d, species)  # from nobody: the one leader, if any
    holders = list(state.pledges)
    for species in Species:
        if species in given_pledges:
            holder = given_pledges[species]
            if holder != NOBODY:
                _check_seat(game, holder)
            holders[species] = holder
    unknown = [k for k in given_pledges if k not in list(Species)]
    if unknown:
        raise InvalidOptionError(f"pledges: {unknown[0]!r} is not a Species")
    d["pledges"] = tuple(holders)
    validate(game, state, InvalidOptionError)
    return state

def system_location(name: str) -> int:
    """The location id of a system name such as ``"D3b"``."""
    if (
        not isinstance(name, str)
        or len(name) < 3
        or name[-1] not in "abcd"
        or name[:-1] not in GEOMETRY.by_name
    ):
        raise InvalidOptionError(f"{name!r} is not a system name like 'D3b'")
    return GEOMETRY.by_name[name[:-1]] * SLOTS + "abcd".index(name[-1])

def sector_position(name: str) -> int:
    """The position id of a sector name such as ``"D3"``."""
    if not isinstance(name, str) or name not in GEOMETRY.by_name:
        raise InvalidOptionError(f"{name!r} is not a sector name like 'D3'")
    return GEOMETRY.by_name[name]

def _existing_system(layout: Layout, name: str) -> int:
    loc = system_location(name)
    if loc not in layout.systems[loc // SLOTS]:
        raise InvalidOptionError(f"sector {name[:-1]} has no system {name[-1]}")
    return loc

def _check_seat(game: GalaxysEdge, player: int) -> None:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
        raise InvalidOptionError(f"player must be 0..{game.players - 1}, not {player!r}")
