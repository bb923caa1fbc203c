"""What the table shows: one record for drawing a state or a view alike.

The text and SVG pictures draw a :class:`Table`, made either from a full
state (every hand known) or from a player's view (other hands only as
counts), so that a view's picture can never show what its player may not
know: the hidden cards are simply not in the record.
"""

from __future__ import annotations

import attrs

from boardgames.games.galaxys_edge.actions import COLOURS
from boardgames.games.galaxys_edge.board import Layout
from boardgames.games.galaxys_edge.state import BASE_CODE, GalaxysEdgeState, GalaxysEdgeView, Phase
from boardgames.kernel.chance import make_rng
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import State, View

__all__ = ["Table", "table_of"]


@attrs.frozen
class Table:
    """The public board and each player's area, as one viewer may see them.

    ``hands[p]`` is player ``p``'s event cards (a count per card type) when
    the viewer may see them, else ``None``; ``viewer`` is ``None`` for an
    all-seeing spectator of a full state.
    """

    players: int
    layout: Layout
    occupant: tuple[int, ...]
    flagships: tuple[int, ...]
    bans: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discarded: tuple[int, ...]
    forcefield: tuple[int, ...]
    pledges: tuple[int, ...]
    embassy: tuple[tuple[int, ...], ...]
    colonies_left: tuple[int, ...]
    tokens_left: tuple[int, ...]
    phase: int
    active: int
    to_act: int
    moved: bool
    built: int
    choice_options: tuple[int, ...]
    viewer: int | None
    scores: dict[str, tuple[int, ...]]

    def owner(self, location: int) -> int:
        """The player whose installation is on ``location``, or -1."""
        code = self.occupant[location]
        if code == 0:
            return -1
        return code - 1 if code < BASE_CODE else (code - BASE_CODE) // 3

    def base_class(self, location: int) -> int:
        """The class (1-3) of the base on ``location``, or 0."""
        code = self.occupant[location]
        return 0 if code < BASE_CODE else (code - BASE_CODE) % 3 + 1

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    def name(self, player: int) -> str:
        return COLOURS[player]

    def acting(self, player: int) -> bool:
        """Whether it is ``player``'s turn (or decision) in a game still going on."""
        if self.phase == Phase.OVER:
            return False
        return player == self.to_act or (self.to_act < 0 and player == self.active)


def table_of(target: State | View) -> Table:
    """The :class:`Table` of a Galaxy's Edge state or view."""
    from boardgames.games.galaxys_edge.scoring import score_table

    if isinstance(target, GalaxysEdgeState):
        state = target
        hands: tuple[tuple[int, ...] | None, ...] = state.hands
        viewer = None
        deck_size = sum(state.deck)
    elif isinstance(target, GalaxysEdgeView):
        if target.game is None:
            raise InvalidOptionError("this view was made without its game, so it cannot be drawn")
        # Scores depend on the board and the pledges only, never on the hidden
        # cards, so any state consistent with the view scores the same.
        resampled = target.game.resample(target, make_rng(0))
        if not isinstance(resampled, GalaxysEdgeState):
            raise InvalidOptionError("this view belongs to another game")
        state = resampled
        hands = tuple(target.hand if p == target.player else None for p in range(len(target.hand_sizes)))
        viewer = target.player
        deck_size = target.deck_size
    else:
        raise InvalidOptionError(f"a Galaxy's Edge picture needs a state or a view, not {target!r}")
    choice = state.choice
    return Table(
        players=state.game.players,
        layout=state.layout,
        occupant=state.occupant,
        flagships=state.flagships,
        bans=state.bans,
        hands=hands,
        hand_sizes=tuple(sum(h) for h in state.hands),
        deck_size=deck_size,
        discarded=state.discarded,
        forcefield=state.forcefield,
        pledges=state.pledges,
        embassy=state.embassy,
        colonies_left=state.colonies_left,
        tokens_left=state.tokens_left,
        phase=state.phase,
        active=state.active,
        to_act=state.current_player,
        moved=state.moved,
        built=state.built,
        choice_options=choice.options if choice is not None else (),
        viewer=viewer,
        scores=score_table(state),
    )
