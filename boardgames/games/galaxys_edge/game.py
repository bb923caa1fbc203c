"""Galaxy's Edge: the game object (options, setup, views, JSON), delegating to
the rules (:mod:`rules`), the setup (:mod:`setup`), hand-made positions
(:mod:`position`) and the pictures (:mod:`render`, :mod:`picture`)."""

from __future__ import annotations

import textwrap
from typing import Any

import numpy as np

from boardgames.games.galaxys_edge import actions as act
from boardgames.games.galaxys_edge import position as hand_made
from boardgames.games.galaxys_edge.components import (
    GEOMETRY,
    SLOTS,
    ComponentSet,
    EventCard,
    Layout,
    Species,
    load_components,
)
from boardgames.games.galaxys_edge.rules import Rules
from boardgames.games.galaxys_edge.scoring import score_table, totals_of
from boardgames.games.galaxys_edge.setup import new_game_fields
from boardgames.games.galaxys_edge.state import (
    COLONIES_PER_PLAYER,
    EMPTY,
    MILITARY_TOKENS_PER_PLAYER,
    NOBODY,
    NOT_BUILT,
    NOWHERE,
    Choice,
    Forcefield,
    GalaxysEdgeState,
    GalaxysEdgeView,
    Phase,
    Then,
    assemble,
    base_code,
    steps_of,
)
from boardgames.games.galaxys_edge.validation import validate
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import add, deal, unseen
from boardgames.kernel.chance import make_rng
from boardgames.kernel.components import components_option
from boardgames.kernel.errors import SerializationError
from boardgames.kernel.game import TERMINAL, Game, GameSpec, OptionSpec, State, View, leads_over_rivals
from boardgames.kernel.serialize import Reader

__all__ = ["GalaxysEdge"]

_INCONSISTENT = "inconsistent Galaxy's Edge state"

HEURISTIC_SCALE = 8.0
"""The width of the heuristic's logistic curve, in points of lead over the best rival."""

LEADS_KEPT = 4096
"""The most heuristic values a game remembers by their estimates; the memo starts over when full."""


class GalaxysEdge(Game):
    """Galaxy's Edge for 2 to 4 players.

    Options: ``components`` -- ``None`` for the reference component set, or
    the path of a TOML file (or a dict of the same shape) with your own.
    """

    spec = GameSpec(
        id="galaxys-edge",
        title="Galaxy's Edge",
        min_players=2,
        max_players=4,
        default_players=4,
        hidden_information=True,
        options=(
            OptionSpec(
                "components",
                None,
                "None (the reference set), or a TOML file path / dict with your own component set",
                components_option(load_components),
            ),
        ),
        description="Colonize systems, hold military control, and win the loyalty of five alien species.",
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.components: ComponentSet = self.options["components"]
        self.ids = act.ActionIds(self.players)
        self._layouts: dict[tuple[int, ...], Layout] = {}
        self.rules = Rules(self)
        self._next_state = self.rules.apply  # what GalaxysEdgeState._apply calls
        """The dispatch and the tables the rules read (see :mod:`rules`)."""
        self._leads: dict[tuple[int, ...], tuple[float, ...]] = {}
        """The heuristic by every player's estimate in half points (see :meth:`_heuristics`)."""


    def _build_catalogue(self) -> ActionCatalogue:
        return act.build_catalogue(self.players)

    def fingerprint(self) -> str:
        return self.components.fingerprint

    def layout(self, tiles: tuple[int, ...]) -> Layout:
        """The compiled board for a tile arrangement (cached)."""
        layout = self._layouts.get(tiles)
        if layout is None:
            if len(self._layouts) >= 4096:
                self._layouts.clear()
            layout = self._layouts[tiles] = Layout(self.components, tiles)
        return layout

    @property
    def max_game_length(self) -> int:
        # Each build fills a system for good, so at most one building turn per
        # system; at most players - 1 idle turns (2 actions) between them; a
        # building turn takes at most move, build, roll, event, draw and two
        # choices.
        systems = self.components.system_count
        return self.players + systems * 8 + (systems + 1) * self.players * 2

    # -- setup ---------------------------------------------------------------------
    def new_game(self, seed: int | None = 0) -> GalaxysEdgeState:
        """Setup: shuffle the sectors onto the board, deal 2 event cards each,
        and choose a random starting player, who places their flagship first."""
        return assemble(self, **new_game_fields(self, make_rng(seed)))

    position = hand_made.position
    """A position set up by hand, in the rulebook's terms (see :func:`position.position`)."""

    def system(self, name: str) -> int:
        """The location id of a system name such as ``"D3b"``."""
        return hand_made.system_location(name)

    def sector(self, name: str) -> int:
        """The position id of a sector name such as ``"D3"``."""
        return hand_made.sector_position(name)

    # -- hidden information -------------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> GalaxysEdgeState:
        """A full state consistent with ``view``: the cards the viewer has not
        seen (other hands and the deck) dealt at random into those places."""
        view = self._check_view(view, GalaxysEdgeView)
        self._check_rng(rng)
        in_play = sum(1 for f in view.forcefield if f != Forcefield.NONE)
        forcefields = add((0,) * len(EventCard), EventCard.FORCEFIELD, in_play)
        hidden = unseen(self.components.event_counts, view.hand, view.discarded, forcefields)
        others = [p for p in range(self.players) if p != view.player]
        dealt = deal(rng, hidden, [view.hand_sizes[p] for p in others] + [view.deck_size])
        hands = list(dealt[:-1])
        hands.insert(view.player, view.hand)
        return assemble(
            self,
            tiles=view.layout,
            occupant=view.occupant,
            flagships=view.flagships,
            bans=view.bans,
            hands=tuple(hands),
            deck=dealt[-1],
            discarded=view.discarded,
            forcefield=view.forcefield,
            pledges=view.pledges,
            embassy=view.embassy,
            colonies_left=view.colonies_left,
            tokens_left=view.tokens_left,
            steps=view.steps,
            active=view.active,
            player=view.to_act,
            moved=view.moved,
            built=view.built,
            idle=view.idle,
            start=view.start,
            placed=view.placed,
        )

    @property
    def observation_shape(self) -> tuple[int, ...]:
        locations = GEOMETRY.size * SLOTS
        per_location = 2 + 4 * 4  # exists, value; colony + 3 base classes per relative player
        per_position = len(Species) + 4 + 4  # species, flagships, bans
        extras = (
            len(EventCard) * 2  # own hand, discarded
            + 4 * 4  # hand sizes, forcefields, colonies left, tokens left
            + 1  # deck size
            + len(Species) * (4 + 4)  # pledge holder, embassy tokens
            + 7  # phase
            + 4 * 2  # active, to act
            + 3  # moved, built, idle
        )
        return (locations * per_location + GEOMETRY.size * per_position + extras,)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        """The view of ``player`` as floats; players are numbered from the
        viewer (0 is the viewer, 1 the next player clockwise, ...)."""
        state = self._check_state(state, GalaxysEdgeState)
        self._check_player(player)
        v = state.view(player)
        n = self.players

        def rel(p: int) -> int:
            return (p - player) % n

        locations = GEOMETRY.size * SLOTS
        loc_part = np.zeros((locations, 18), dtype=np.float32)
        values = np.asarray(state.layout.value, dtype=np.float32)
        exists = np.zeros(locations, dtype=np.float32)
        for pos in range(GEOMETRY.size):
            exists[list(state.layout.systems[pos])] = 1.0
        loc_part[:, 0] = exists
        loc_part[:, 1] = values / 9.0
        for loc, code in enumerate(v.occupant):
            if code:
                owner = state.owner(loc)
                loc_part[loc, 2 + 4 * rel(owner) + state.base_class(loc)] = 1.0
        pos_part = np.zeros((GEOMETRY.size, len(Species) + 8), dtype=np.float32)
        pos_part[np.arange(GEOMETRY.size), list(state.layout.species)] = 1.0
        for p, where in enumerate(v.flagships):
            if where >= 0:
                pos_part[where, len(Species) + rel(p)] = 1.0
        for p, where in enumerate(v.bans):
            if where >= 0:
                pos_part[where, len(Species) + 4 + rel(p)] = 1.0
        extras: list[float] = []
        extras += [float(c) for c in v.hand]
        extras += [float(c) for c in v.discarded]
        for table in (v.hand_sizes, v.forcefield, v.colonies_left, v.tokens_left):
            row = [0.0] * 4
            for p in range(n):
                row[rel(p)] = float(table[p])
            extras += row
        extras.append(float(v.deck_size))
        for species in Species:
            holder = [0.0] * 4
            if v.pledges[species] >= 0:
                holder[rel(v.pledges[species])] = 1.0
            tokens = [0.0] * 4
            for p in range(n):
                tokens[rel(p)] = float(v.embassy[species][p])
            extras += holder + tokens
        phase = [0.0] * 7
        phase[v.phase] = 1.0
        extras += phase
        for who in (v.active, v.to_act):
            row = [0.0] * 4
            if who >= 0:
                row[rel(who)] = 1.0
            extras += row
        extras += [float(v.moved), float(v.built >= 0), float(v.idle)]
        return np.concatenate([loc_part.ravel(), pos_part.ravel(), np.asarray(extras, dtype=np.float32)])

    # -- scoring, heuristics, text --------------------------------------------------------

    def player_name(self, player: int) -> str:
        """Players are named by colour: Red, Blue, Yellow, Green (clockwise)."""
        self._check_player(player)
        return act.COLOURS[player]

    def player_colour(self, player: int) -> tuple[str, str]:
        """The rulebook's seat colours (Red, Blue, Yellow, Green), drawn in Okabe-Ito hues."""
        from boardgames.games.galaxys_edge.picture import SEAT_COLOURS

        self._check_player(player)
        return act.COLOURS[player], SEAT_COLOURS[player]

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        state = self._check_state(state, GalaxysEdgeState)
        return {name: tuple(float(x) for x in row) for name, row in score_table(state).items()}

    def _heuristics(self, state: State) -> tuple[float, ...]:
        """Every player's position value in [0, 1]: their score lead over the
        best rival, counting colonies, pledge bonuses as they stand, event
        cards in hand and the room left to build near their installations,
        squashed by a logistic curve of width :data:`HEURISTIC_SCALE`.

        A search values thousands of positions whose estimates take a few
        hundred distinct values, so the curve's values are remembered by the
        estimates (:meth:`_lead_of`).
        """
        ours: GalaxysEdgeState = state  # type: ignore[assignment]  # unchecked: the caller passes one
        buildable = ours.open_mask & ~ours.ban_mask
        # Each player's estimate in half points, an int: float(total) + 2.0 * cards
        # + 0.5 * room is exactly half of it (so the same floats as ever).
        # the memo of scoring.totals_of read here first (the search's commonest case)
        totals = ours.layout.totals.get((self.players, ours.occupant, ours.pledges)) or totals_of(ours)
        halves = []
        for total, hand, near in zip(totals, ours.hands, ours.reach):
            halves.append(2 * total + 4 * sum(hand) + (near & buildable).bit_count())
        key = tuple(halves)
        leads = self._leads.get(key)
        if leads is None:
            leads = self._lead_of(key)
        return leads

    def _lead_of(self, halves: tuple[int, ...]) -> tuple[float, ...]:
        """The heuristic of estimates ``halves`` (in half points), remembered."""
        leads = self._leads
        if len(leads) >= LEADS_KEPT:
            leads.clear()
        found = leads[halves] = leads_over_rivals([half / 2 for half in halves], HEURISTIC_SCALE)
        return found

    def render(self, state: State) -> str:
        """The board (at most 100 columns), a legend, and every player's area."""
        from boardgames.games.galaxys_edge.render import render_table, table_of

        state = self._check_state(state, GalaxysEdgeState)
        return render_table(table_of(state))

    def render_view(self, view: View) -> str:
        """The board as ``view.player`` sees it: other hands only as counts, their own cards named."""
        from boardgames.games.galaxys_edge.render import render_table, table_of

        view = self._check_view(view, GalaxysEdgeView)
        return render_table(table_of(view))

    def decision_text(self, view: View) -> str:
        """The pending decision in the rulebook's words (or whom the viewer waits for)."""
        from boardgames.games.galaxys_edge.render import decision_text, table_of

        view = self._check_view(view, GalaxysEdgeView)
        return "\n".join(textwrap.wrap(decision_text(table_of(view)), 100))

    def action_group(self, action: Action) -> str:
        """The rulebook's name of the action: Move your flagship, Build one colony, ..."""
        from boardgames.games.galaxys_edge.render import action_group

        self._check_action(action)
        return action_group(action)

    def help_text(self, view: View) -> str:
        """The board's legend, the Event Die, and the texts of the viewer's event cards."""
        from boardgames.games.galaxys_edge.render import help_text, table_of

        view = self._check_view(view, GalaxysEdgeView)
        return help_text(table_of(view))

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The hex board with every colony, base, flagship and ban, and each player's area.

        A view is drawn from the view alone: other players' event cards
        appear face down.  ``last_action`` is outlined on the board.
        """
        from boardgames.games.galaxys_edge.picture import draw
        from boardgames.games.galaxys_edge.render import table_of

        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        return draw(table_of(target), last_action)

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        from boardgames.games.galaxys_edge.render import describe

        state = self._check_state(state, GalaxysEdgeState)
        self._check_action(action)
        self._check_viewer(viewer)
        return describe(state, action, viewer)

    # -- JSON -------------------------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        state = self._check_state(state, GalaxysEdgeState)
        choice = state.choice
        return {
            "tiles": list(state.layout.tiles),
            "occupant": list(state.occupant),
            "flagships": list(state.flagships),
            "bans": list(state.bans),
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "discarded": list(state.discarded),
            "forcefield": list(state.forcefield),
            "pledges": list(state.pledges),
            "embassy": [list(r) for r in state.embassy],
            "colonies_left": list(state.colonies_left),
            "tokens_left": list(state.tokens_left),
            "phase": state.phase,
            "active": state.active,
            "player": state.current_player,
            "moved": state.moved,
            "built": state.built,
            "idle": state.idle,
            "start": state.start,
            "placed": state.placed,
            "choice": None
            if choice is None
            else {"chooser": choice.chooser, "options": list(choice.options), "then": choice.then},
        }

    def state_from_data(self, data: Any) -> GalaxysEdgeState:
        """Rebuild a state from :meth:`state_to_data`, checking every field and
        the conservation of colonies, military tokens and event cards."""
        r = Reader(data, "state")
        n = self.players
        size = GEOMETRY.size
        locations = size * SLOTS
        cards = len(EventCard)
        tiles = r.ints("tiles", len(self.components.tiles), 0, len(self.components.tiles) - 1)
        if len(set(tiles)) != len(tiles):
            raise SerializationError("state.tiles must place every tile once")
        layout = self.layout(tiles)
        occupant = r.ints("occupant", locations, EMPTY, base_code(n - 1, 3))
        for loc, code in enumerate(occupant):
            if code and loc not in layout.systems[loc // SLOTS]:
                raise SerializationError(f"state.occupant[{loc}] is on a system that does not exist")
        flagships = r.ints("flagships", n, NOWHERE, size - 1)
        bans = r.ints("bans", n, NOWHERE, size - 1)
        hands = r.int_rows("hands", n, cards, 0, max(self.components.event_counts))
        deck = r.ints("deck", cards, 0, max(self.components.event_counts))
        discarded = r.ints("discarded", cards, 0, max(self.components.event_counts))
        forcefield = r.ints("forcefield", n, Forcefield.NONE, Forcefield.PLAYED_THIS_TURN)
        pledges = r.ints("pledges", len(Species), NOBODY, n - 1)
        embassy = r.int_rows("embassy", len(Species), n, 0, COLONIES_PER_PLAYER)
        colonies_left = r.ints("colonies_left", n, 0, COLONIES_PER_PLAYER)
        tokens_left = r.ints("tokens_left", n, 0, MILITARY_TOKENS_PER_PLAYER)
        phase = r.int("phase", 0, Phase.SAVED)
        active = r.int("active", 0, n - 1)
        player = r.int("player", TERMINAL, n - 1)
        moved = r.bool("moved")
        built = r.int("built", NOT_BUILT, locations - 1)
        idle = r.int("idle", 0, n)
        start = r.int("start", 0, n - 1)
        placed = r.int("placed", 0, n)
        raw_choice = r.data.get("choice")
        choice = None
        if raw_choice is not None:
            c = Reader(raw_choice, "state.choice")
            choice = Choice(
                c.int("chooser", 0, n - 1),
                c.ints("options", None, 0, locations - 1),
                c.int("then", Then.AFTER_EVENT, Then.END_TURN),
            )
            if not choice.options or len(set(choice.options)) != len(choice.options):
                raise SerializationError(f"{_INCONSISTENT}: a choice of colonies offers none, or one twice")
        if (phase == Phase.CHOOSE) != (choice is not None):
            raise SerializationError(f"{_INCONSISTENT}: the player to act does not fit the phase")
        state = assemble(
            self,
            tiles=tiles,
            occupant=occupant,
            flagships=flagships,
            bans=bans,
            hands=hands,
            deck=deck,
            discarded=discarded,
            forcefield=forcefield,
            pledges=pledges,
            embassy=embassy,
            colonies_left=colonies_left,
            tokens_left=tokens_left,
            steps=steps_of(phase, player, active, choice),
            active=active,
            player=player,
            moved=moved,
            built=built,
            idle=idle,
            start=start,
            placed=placed,
        )
        validate(self, state, SerializationError)
        return state
