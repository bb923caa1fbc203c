"""What the table shows: one record for drawing a Warpgate state or view alike.

The text and SVG pictures draw a :class:`Table`, made either from a full
state (every hand and objective known) or from a player's view (other
players' action cards and objectives only as counts), so that a view's
picture cannot show what its player may not know: the hidden cards are not
in the record.
"""

from __future__ import annotations

import attrs

from boardgames.games.warpgate.rules import Tables
from boardgames.games.warpgate.state import Pend, WarpgateState, WarpgateView
from boardgames.kernel.chance import make_rng
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import TERMINAL, State, View
from boardgames.kernel.svg import PLAYER_COLOUR_NAMES

__all__ = ["Table", "seat_name", "table_of"]


def seat_name(player: int) -> str:
    """A seat's name: its colour (Blue, Orange, Green, Purple, Sky, Vermilion)."""
    return PLAYER_COLOUR_NAMES[player % len(PLAYER_COLOUR_NAMES)]


@attrs.frozen
class Table:
    """The map and each player's area, as one viewer may see them.

    ``hands[p]`` and ``objectives[p]`` hold player ``p``'s cards when the
    viewer may see them, else ``None``; ``viewer`` is ``None`` for an
    all-seeing spectator of a full state.  ``scores`` holds the score parts;
    a part the viewer cannot know (another player's secret objectives) is
    ``None``.
    """

    t: Tables
    players: int
    rounds: int
    round: int
    turn: int
    first: int
    pend: Pend
    to_act: int
    owner: tuple[int, ...]
    ships: tuple[int, ...]
    supply: tuple[int, ...]
    marker: tuple[int, ...]
    colony: tuple[int, ...]
    drone: tuple[int, ...]
    techs: tuple[tuple[int, ...], ...]
    tech_deck_size: int
    tech_avail: tuple[int, ...]
    goods_pool: int
    goods: tuple[int, ...]
    spent: tuple[int, ...]
    tactics: tuple[tuple[int, ...], ...]
    tactics_discard: tuple[tuple[int, ...], ...]
    promo_deck_size: int
    promo_discard_size: int
    faction: tuple[int, ...]
    played: tuple[tuple[int, ...], ...]
    discard_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck_sizes: tuple[int, ...]
    objectives: tuple[tuple[int, ...] | None, ...]
    objective_counts: tuple[int, ...]
    viewer: int | None
    scores: dict[str, tuple[float | None, ...]]

    @property
    def active(self) -> int:
        """The player whose turn it is."""
        n = self.players
        return (self.first + self.turn % n) % n

    @property
    def slot(self) -> int:
        """0..3: which turn of the round the active player is on."""
        return min(self.turn // self.players, 3)

    @property
    def over(self) -> bool:
        return self.to_act == TERMINAL

    def total(self, player: int) -> float | None:
        """``player``'s score, or ``None`` when part of it is secret to the viewer."""
        parts = [row[player] for row in self.scores.values()]
        return None if any(p is None for p in parts) else sum(p for p in parts if p is not None)

    def acting(self, player: int) -> bool:
        """Whether it is ``player``'s turn (or decision) in a game still going on."""
        if self.over:
            return False
        return player == self.to_act or (self.to_act < 0 and player == self.active)


def table_of(target: State | View) -> Table:
    """The :class:`Table` of a Warpgate state or view."""
    if isinstance(target, WarpgateState):
        state = target
        viewer: int | None = None
        hands: tuple[tuple[int, ...] | None, ...] = state.hand
        objectives: tuple[tuple[int, ...] | None, ...] = state.objectives
    elif isinstance(target, WarpgateView):
        if target.game is None:
            raise InvalidOptionError("this view was made without its game, so it cannot be drawn")
        resampled = target.game.resample(target, make_rng(0))
        if not isinstance(resampled, WarpgateState):
            raise InvalidOptionError("this view belongs to another game")
        state = resampled
        viewer = target.player
        hands = tuple(target.hand if p == viewer else None for p in range(len(target.hand_sizes)))
        objectives = tuple(target.objectives if p == viewer else None for p in range(len(target.hand_sizes)))
    else:
        raise InvalidOptionError(f"a Warpgate picture needs a state or a view, not {target!r}")
    parts: dict[str, tuple[float | None, ...]] = dict(state.score_parts())
    if viewer is not None:
        # Objectives are secret: another player's completed ones are unknown.
        parts["objectives"] = tuple(v if p == viewer else None for p, v in enumerate(parts["objectives"]))
    return Table(
        t=state.t,
        players=state.game.players,
        rounds=state.game.rounds,
        round=state.round,
        turn=state.turn,
        first=state.first,
        pend=state.pend,
        to_act=state.current_player,
        owner=state.owner,
        ships=state.ships,
        supply=state.supply,
        marker=state.marker,
        colony=state.colony,
        drone=state.drone,
        techs=state.techs,
        tech_deck_size=len(state.tech_deck),
        tech_avail=state.tech_avail,
        goods_pool=state.goods_pool,
        goods=state.goods,
        spent=state.spent,
        tactics=state.tactics,
        tactics_discard=state.tactics_discard,
        promo_deck_size=len(state.promo_deck),
        promo_discard_size=len(state.promo_discard),
        faction=state.faction,
        played=state.played,
        discard_sizes=tuple(len(d) for d in state.discard),
        hands=hands,
        hand_sizes=tuple(len(h) for h in state.hand),
        deck_sizes=tuple(len(d) for d in state.deck),
        objectives=objectives,
        objective_counts=tuple(len(o) for o in state.objectives),
        viewer=viewer,
        scores=parts,
    )
