"""The Warpgate game: options, setup, views, resampling, tensors and JSON."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from operator import itemgetter
from typing import Any, cast

import numpy as np

from boardgames.games.warpgate import interpretations as I
from boardgames.games.warpgate import scoring
from boardgames.games.warpgate.components import ComponentSet, Tables, load_components
from boardgames.games.warpgate.position import build_position
from boardgames.games.warpgate.render import (
    action_group,
    decision_text,
    describe,
    help_text,
    render_state,
    render_table,
    seat_name,
    table_of,
)
from boardgames.games.warpgate.rules import MACHINE, OUTCOME_BASES, PILE_SIZES, WarpgateRules, first_steps
from boardgames.games.warpgate.setup import new_game
from boardgames.games.warpgate.state import (
    FIELDS,
    KINDS,
    Step,
    WarpgateState,
    WarpgateView,
    observation,
    observation_size,
)
from boardgames.games.warpgate.turn import play_queues
from boardgames.games.warpgate.validation import read_state, write_state
from boardgames.kernel import cards
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.components import components_option
from boardgames.kernel.errors import InvalidOptionError
from boardgames.kernel.game import (
    TERMINAL,
    Game,
    GameSpec,
    OptionSpec,
    State,
    View,
    int_option,
    leads_over_rivals,
)

__all__ = ["Warpgate"]

_VALUED = itemgetter(*scoring.SCORED, "supply", "round")
"""The fields a state's heuristic values follow from, as one tuple (read from its ``__dict__``)."""


def _check_side(value: Any) -> int:
    if value not in ("a", "b", "A", "B"):
        raise InvalidOptionError(f"must be 'a' or 'b' (the faction board side), not {value!r}")
    return 0 if value in ("a", "A") else 1


def _check_interpretations(value: Any) -> I.Interpretations:
    return I.named(value)


class Warpgate(Game):
    """Warpgate for 2 to 6 players: the actions chapter exactly, the rest by documented interpretation."""

    spec = GameSpec(
        id="warpgate",
        title="Warpgate",
        min_players=2,
        max_players=6,
        default_players=4,
        hidden_information=True,
        options=(
            OptionSpec("components", None,
                       "None for the reference component set, or a path to a directory of TOML files "
                       "or one TOML file with your own components (or a dict of their sections)",
                       components_option(load_components, "a path or a dict")),
            OptionSpec("side", "a", "the faction board side every player uses: 'a' or 'b'", _check_side),
            OptionSpec("rounds", I.DEFAULT_ROUNDS, "rounds of 4 turns before the game ends",
                       int_option(1, 20)),
            OptionSpec("interpretations", I.REFERENCE.name,
                       "the name of a registered set of interpretations (interpretations.register) for "
                       "the rules the actions chapter leaves open", _check_interpretations),
        ),
        description="Action cards on a 4-slot faction board: the actions chapter plus interpretations.",
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.rounds: int = self.options["rounds"]
        self.interpretations: I.Interpretations = self.options["interpretations"]
        self.rules = WarpgateRules()
        self.legal_by_kind = WarpgateRules.legal_by_kind
        self.pile_by_kind = WarpgateRules.pile_by_kind
        self.machine = MACHINE
        """The turn structure (:data:`rules.MACHINE`); states apply actions through it."""
        self._next_state = MACHINE.apply  # what WarpgateState._apply calls
        # For the hot path of WarpgateState: per chance step kind the id of the outcome
        # drawing a card of kind 0 and the outcome actions from there on (by card kind).
        actions = self.catalogue.actions
        bases = {kind: base(self.tables) for kind, base in OUTCOME_BASES.items()}
        self.outcome_base: tuple[int, ...] = tuple(bases.get(kind, 0) for kind in range(len(KINDS.kinds)))
        self.drawn_actions: tuple[tuple[Action, ...], ...] = tuple(
            actions[bases[kind]:] if kind in bases else () for kind in range(len(KINDS.kinds))
        )
        # Per chance step kind: its pile's card kinds, as a range made once (making a range per
        # listing costs about as much as walking the pile).
        self.drawn_kinds: tuple[range, ...] = tuple(
            range(PILE_SIZES[kind](self.tables) if kind in PILE_SIZES else 0)
            for kind in range(len(KINDS.kinds))
        )
        # The three above and the pile's function, per chance step kind, read at once by a chance
        # node's listing (WarpgateState.chance_outcomes) and its _allows.
        self.drawing: tuple[
            tuple[Callable[[WarpgateState, Step], tuple[int, ...]], int, tuple[Action, ...], range], ...
        ] = tuple(
            zip(self.pile_by_kind, self.outcome_base, self.drawn_actions, self.drawn_kinds, strict=True)
        )
        # The largest pile a card is drawn from (the validator refuses a pile of more cards): a
        # faction's action cards, every tactics, promotion, objective or technology card.
        t = self.tables
        most = max(
            max(sum(counts) for counts in t.faction_counts), len(t.tactic_names), sum(t.promotion_counts),
            len(t.objective_names), len(t.tech_names),
        )
        self.probabilities: tuple[tuple[float, ...], ...] = tuple(
            tuple([count / total for count in range(total + 1)]) if total else () for total in range(most + 1)
        )
        """``count / total`` at ``[total][count]``: the probability of drawing a card of a kind a pile
        of ``total`` cards holds ``count`` of (``WarpgateState.chance_outcomes``)."""
        self.first_steps = first_steps(self.players)
        """Each player's first step of each action at each X (``turn.begin_fields``)."""
        self.play_queues = play_queues(self.players)
        """The queue as a turn starts, by the round's first player and the turn (``turn.end_turn_fields``)."""
        self.last_pile: tuple[object, int, tuple[int, ...]] = (None, 0, ())
        """The last chance node whose outcomes were listed, the id of the outcome drawing a card
        of kind 0 and the pile they are drawn from (``WarpgateState.chance_outcomes``, read by its
        ``_allows``)."""

    def _build_catalogue(self) -> ActionCatalogue:
        self.components: ComponentSet = self.options["components"]
        if self.players > max(layout.players for layout in self.components.layouts):
            raise InvalidOptionError(f"the map has no layout for {self.players} players")
        options = self.options
        self.tables = Tables(self.components, self.players, options["side"], options["interpretations"])
        return self.tables.catalogue

    def fingerprint(self) -> str:
        return self.components.fingerprint

    @property
    def max_game_length(self) -> int:
        per_turn = 32
        refill = self.interpretations.rounds.hand_size
        return self.rounds * self.players * (refill + I.TURNS_PER_ROUND * per_turn) + 16

    # -- setup -------------------------------------------------------------------------

    def _blank_state(self, player: int) -> WarpgateState:
        return WarpgateState._blank(self, player)

    def _fill(self, state: WarpgateState, fields: dict[str, Any]) -> WarpgateState:
        values = state.__dict__  # a state being built: its dict written directly
        for name in FIELDS:
            values[name] = fields[name]
        return state

    def new_game(self, seed: int | None = 0) -> WarpgateState:
        return new_game(self, seed)

    def position(
        self,
        *,
        ships: Mapping[str, tuple[int, int]] | None = None,
        outposts: Mapping[str, int] | None = None,
        colonies: Mapping[str, int] | None = None,
        drones: Mapping[int, str] | None = None,
        technologies: Mapping[int, Sequence[str]] | None = None,
        available: Sequence[str] | None = None,
        trade_goods: Mapping[int, tuple[int, int]] | None = None,
        factions: Sequence[str] | None = None,
        hands: Mapping[int, Sequence[str]] | None = None,
        played: Mapping[int, Sequence[str]] | None = None,
        discards: Mapping[int, Sequence[str]] | None = None,
        promoted: Mapping[int, Sequence[str]] | None = None,
        objectives: Mapping[int, Sequence[str]] | None = None,
        round: int = 1,
        turn: int = 1,
        player: int | None = None,
    ) -> WarpgateState:
        """A position set up by hand: ``player`` is about to play a card on turn ``turn`` of round ``round``.

        Everything is named as on the table: ``ships`` maps a place (a
        planet or ``"Warpgate 2"``) to ``(player, count)`` (default: the
        setup's ships on each warpgate), the rest of each player's 12 ships
        are in supply; ``outposts`` / ``colonies`` map planets to their
        owner; ``drones`` maps a player to the research drone's place
        (default: their warpgate); ``technologies`` maps a player to the
        technologies they took; ``available`` lists the face-up
        technologies (default: the first 2 of each deck not taken);
        ``trade_goods`` maps a player to ``(unspent, spent)``; ``factions``
        names each player's faction (default: the first ones); ``hands``,
        ``played`` (this round, in order) and ``discards`` list action
        cards by name (``"Recon/Warp-in"``); a hand not given holds the
        faction's first cards left, as many as a new round deals less the
        cards already played; every other action card is in its owner's
        deck; ``promoted`` lists promotion cards shuffled into a tactics
        deck; ``objectives`` maps a player to their objective cards.
        ``turn`` is 1-4 (the multiplier X) and ``player`` defaults to the
        round's first player.

        The position is checked as a loaded game is; any fault raises
        :class:`InvalidOptionError` naming it.

        >>> import boardgames as bg
        >>> game = bg.make("warpgate", players=2)
        >>> state = game.position(ships={"Warpgate 1": (0, 3), "Aridia": (1, 2)}, colonies={"Aridia": 1})
        >>> state.current_player, state.supply
        (0, (9, 10))
        """
        return build_position(
            self, ships=ships, outposts=outposts, colonies=colonies, drones=drones,
            technologies=technologies, available=available, trade_goods=trade_goods, factions=factions,
            hands=hands, played=played, discards=discards, promoted=promoted, objectives=objectives,
            round=round, turn=turn, player=player,
        )

    # -- hidden information --------------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> WarpgateState:
        view = self._check_view(view, WarpgateView)
        self._check_rng(rng)
        t = self.tables
        n = self.players
        me = view.player
        kinds = len(t.card_names)
        hand_rows: list[tuple[int, ...]] = []
        deck_rows: list[tuple[int, ...]] = []
        for p in range(n):
            if p == me:
                hand_rows.append(view.hand)
                deck_rows.append(view.deck)
                continue
            # Another player's hand and deck hold their faction's cards not seen in piles.
            hidden = cards.unseen(
                t.faction_counts[view.faction[p]], view.discard[p], cards.counts_of(view.played[p], kinds),
            )
            hand, deck = cards.deal(rng, hidden, (view.hand_sizes[p], view.deck_sizes[p]))
            hand_rows.append(hand)
            deck_rows.append(deck)
        objectives = len(t.objective_names)
        others = [p for p in range(n) if p != me]
        dealt = cards.deal(
            rng,
            cards.unseen((1,) * objectives, view.objectives),
            (*(view.objective_counts[p] for p in others), view.objective_deck_size),
        )
        objective_rows = [view.objectives] * n
        for p, row in zip(others, dealt, strict=False):
            objective_rows[p] = row
        unknown = dealt[-1]
        fields = {
            "round": view.round, "turn": view.turn, "first": view.first, "steps": view.steps,
            "revealed": view.revealed, "taken": view.taken,
            "owner": view.owner, "ships": view.ships, "supply": view.supply,
            "marker": view.marker, "colony": view.colony, "drone": view.drone, "techs": view.techs,
            "tech_deck": view.tech_deck, "tech_avail": view.tech_avail, "goods_pool": view.goods_pool,
            "goods": view.goods, "spent": view.spent, "tactics": view.tactics,
            "tactics_discard": view.tactics_discard, "promo_deck": view.promo_deck,
            "promo_discard": view.promo_discard, "faction": view.faction, "hand": tuple(hand_rows),
            "deck": tuple(deck_rows), "discard": view.discard, "played": view.played,
            "objectives": tuple(objective_rows), "objective_deck": unknown,
        }
        return self._fill(self._blank_state(view.to_act), fields)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (observation_size(self.tables, self.players),)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        state = self._check_state(state, WarpgateState)
        self._check_player(player)
        return observation(state.view(player), self.tables, self.rounds)

    # -- values for bots ---------------------------------------------------------------------

    def _heuristics(self, state: State) -> tuple[float, ...]:
        """Every player's position value in [0, 1]: points so far plus board presence, against the
        best rival (a share of the win at the end)."""
        fields = state.__dict__
        if fields["_player"] == TERMINAL:
            winners = state.winners
            share = 1.0 / len(winners)
            return tuple([share if p in winners else 0.0 for p in range(self.players)])
        # The values follow from the fields the score rows are counted from (marker and goods
        # among them), the supplies and the round: the last values are kept with them (a search
        # values many children of one position, most of which differ only in cards, and a
        # successor's fields it shares compare by identity).
        key = _VALUED(fields)
        t = self.tables
        last_key, last_values = t.last_heuristics
        if key == last_key:
            return last_values
        s = cast(WarpgateState, state)  # unchecked: the kernel passes only states of this game
        n = self.players
        rows = scoring.score_rows(s)
        later = 1.0 - s.round / self.rounds
        marker = s.marker
        values = [
            float(sum(row)) + later * (0.6 * (I.SHIPS - supply) + 0.8 * marker.count(p) + 1.0 * goods)
            for p, row, supply, goods in zip(range(n), rows, s.supply, s.goods)
        ]
        leads = leads_over_rivals(values, 6.0)
        t.last_heuristics = (key, leads)
        return leads

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        state = self._check_state(state, WarpgateState)
        return state.score_parts()

    def player_name(self, player: int) -> str:
        """Seats are named by their colour in the pictures: Blue, Orange, Green, Purple, Sky, Vermilion."""
        return seat_name(self._check_player(player))

    def render(self, state: State) -> str:
        state = self._check_state(state, WarpgateState)
        return render_state(state)

    def render_view(self, view: View) -> str:
        """Every place (at most 100 columns), a legend, and each player's public area;
        the viewer's own hand and objectives named, the others' as counts."""
        view = self._check_view(view, WarpgateView)
        return render_table(table_of(view))

    def decision_text(self, view: View) -> str:
        """The pending decision in the actions chapter's words (or whom the viewer waits for)."""
        view = self._check_view(view, WarpgateView)
        return "\n".join(textwrap.wrap(decision_text(table_of(view)), 100))

    def action_group(self, action: Action) -> str:
        """The action a choice belongs to (Play a card: Recon, Where to, Control, ...)."""
        self._check_action(action)
        return action_group(action)

    def help_text(self, view: View) -> str:
        """The legend, the rules of the actions on the viewer's cards, Technologies, objectives, tactics."""
        view = self._check_view(view, WarpgateView)
        return help_text(table_of(view))

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The hex map with every ship, outpost, colony and research drone, and each player's area.

        A view is drawn from the view alone: other players' action cards and
        objectives appear face down.  ``last_action`` is outlined on the map.
        """
        from boardgames.games.warpgate.picture import draw

        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        return draw(table_of(target), last_action)

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        state = self._check_state(state, WarpgateState)
        self._check_action(action)
        self._check_viewer(viewer)
        return describe(state, action, viewer)

    # -- JSON ---------------------------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        return write_state(self._check_state(state, WarpgateState))

    def state_from_data(self, data: Any) -> WarpgateState:
        return read_state(self, data)
