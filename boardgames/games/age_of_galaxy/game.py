"""The Age of Galaxy game: options, setup, views, observations and JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from boardgames.games.age_of_galaxy import position as _position
from boardgames.games.age_of_galaxy import render as _render
from boardgames.games.age_of_galaxy import scoring, setup, validation
from boardgames.games.age_of_galaxy.actions import build_catalogue
from boardgames.games.age_of_galaxy.components import (
    CREDIT,
    CRUISER,
    INFLUENCE,
    INNOVATION,
    PRESTIGE,
    PRODUCTIVITY,
    RELIC,
    STRENGTH,
    Components,
    load_components,
)
from boardgames.games.age_of_galaxy.rules import Pile, Rules, Tables
from boardgames.games.age_of_galaxy.state import (
    D_ADAPT,
    D_USE,
    NONE,
    PUBLIC_FIELDS,
    STAGES,
    STEP_NAMES,
    VO_PRESTIGE,
    AgeState,
    AgeView,
    stage_of,
)
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import deal_masks, mask_cards, mask_size, mask_unseen
from boardgames.kernel.components import components_option
from boardgames.kernel.errors import HiddenInformationError, InvalidOptionError
from boardgames.kernel.game import TERMINAL, Game, GameSpec, OptionSpec, State, View, leads_over_rivals
from boardgames.kernel.steps import Step

__all__ = ["AgeOfGalaxy"]

RESAMPLE_TRIES = 10_000
if tuple(range(8)) != (CREDIT, PRODUCTIVITY, STRENGTH, CRUISER, INNOVATION, INFLUENCE, RELIC, PRESTIGE):
    raise ValueError("_heuristics and scoring.totals unpack a player's resources in this order")
HEURISTIC_SCALE = 6.0  # Victory Points of lead over the best rival for a value of about 0.73



def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidOptionError(f"must be true or false, not {value!r}")
    return value


def _scenario(value: Any) -> str | None:
    if value is not None and (not isinstance(value, str) or not value):
        raise InvalidOptionError(f"must be a scenario id (a string) or None, not {value!r}")
    return value


class AgeOfGalaxy(Game):
    """Age of Galaxy for 1-4 players (1 player: the solo variants).

    >>> import boardgames as bg
    >>> game = bg.make("age-of-galaxy", players=3)
    >>> state = game.new_game(seed=1)
    >>> state.current_player in range(3), len(state.legal_actions()) > 0
    (True, True)
    """

    spec = GameSpec(
        id="age-of-galaxy",
        title="Age of Galaxy",
        min_players=1,
        max_players=4,
        default_players=2,
        hidden_information=True,
        options=(
            OptionSpec("drafting", False, "Faction Drafting variant: hands of 7 are drafted", _flag),
            OptionSpec("explored_galaxy", False, "Explored Galaxy Mode: all System cards face up", _flag),
            OptionSpec(
                "scenario", None,
                "Advanced Solo Variant scenario id (1 player only); None: Standard Solo with 1 player",
                _scenario,
            ),
            OptionSpec(
                "components", None,
                "None for the reference component set, or a directory with your own TOML files "
                "(or a dict from file name to that file's tables)",
                components_option(load_components, "a directory path or a dict"),
            ),
        ),
        description="Build an Alliance of Factions, colonize the galaxy and win the most Victory Points.",
    )

    components: Components
    tables: Tables
    rules: Rules
    piles: tuple[Pile | None, ...]
    legal_of: tuple[Callable[[AgeState, Step], Sequence[int]] | None, ...]

    def _build_catalogue(self) -> ActionCatalogue:
        self.components = self.options["components"]
        scenario_id = self.options["scenario"]
        scenario = None
        if scenario_id is not None:
            if self.players != 1:
                raise InvalidOptionError(
                    "option 'scenario': scenarios are for the 1-player Advanced Solo Variant"
                )
            try:
                scenario = self.components.scenario(scenario_id)
            except KeyError:
                known = ", ".join(s.id for s in self.components.scenarios) or "none"
                raise InvalidOptionError(
                    f"option 'scenario': no scenario {scenario_id!r} (scenarios: {known})"
                ) from None
        self.tables = Tables(
            self.components, self.players, self.options["explored_galaxy"], scenario, self.options["drafting"]
        )
        self.rules = Rules(self.tables)
        self.machine = self.rules.machine
        self._next_state = self.machine.apply  # what AgeState._apply calls
        # the rules' tables that the state reads at every listing and draw, an attribute
        # hop nearer (AgeState._legal_ids, chance_outcomes, _allows)
        self.piles = self.rules.piles
        self.legal_of = self.rules.legal_of
        self._obs_size = _observation_size(self.tables)
        catalogue = build_catalogue(self.tables.ids)
        self.rules.set_actions(catalogue.actions)
        return catalogue

    # -- playing ---------------------------------------------------------------------------

    def new_game(self, seed: int | None = 0) -> AgeState:
        return self.machine.start(setup.new_game(self.tables, self, seed))

    @property
    def max_game_length(self) -> int:
        # Setup: at most 7 draft picks or 3 discards, 3 draws, 1 Alliance per player.
        # Each round a player has at most 15 discs; a turn is at most 6 decisions and
        # chance outcomes besides Free actions.  Free actions spend resources that
        # only actions, cards and production give (well under 60 per player per round).
        return 200 + self.players * (20 + 5 * (15 * 6 + 60)) + 5 * 20

    def fingerprint(self) -> str:
        return self.components.fingerprint

    def position(self, **setup: Any) -> AgeState:
        """A position set up by hand, at any moment the rules can reach.

        Keyword arguments, all optional (players are seats 0..n-1; names as printed):
        ``phase``: ``"discard"``, ``"draft"``, ``"found"`` (setup), ``"action"``
        (default), ``"solo"`` (the Virtual Opponent's cards), ``"galactic"`` (a System
        card or Planet tokens being revealed), ``"war"`` (the single Overlord's
        acquisition, its rewards already gained) or ``"end"``;
        ``pending``: what is waiting in the middle of a step, ``("use", card)``,
        ``("exchange", 1..3)``, ``("pay", technology)``, ``("take", technology)``,
        ``"build"``, ``"retrieve"``, ``("adapt", "1.2")``, ``"develop bonus"``,
        ``"exploration reveal"``, ``"draw"`` (setup), ``"system reveal"``,
        ``("planet tokens", ["4.3"])``, ``"solo die"``, ``("solo reveal", cards)``;
        ``acted`` / ``card_played``: the turn's action or Faction card is done;
        ``round`` (1-5; the Galactic Fleet is on System card ``round``),
        ``order`` (turn order), ``to_act`` (default: first in order), ``passed``,
        ``prestige_order`` (Prestige markers, the one on top first);
        ``resources={p: {"credit": 5, "cruiser": 2, ...}}`` (default 3 Productivity),
        ``technologies={p: ["Warp Drive"]}``, ``alliances={p: ["Voicavus"]}`` (a
        plain Faction by default), ``true_ideologies={p: name}``, ``hands={p: [names]}``,
        ``discards={p: [names]}`` and ``packets={p: [names]}`` (setup),
        ``played=[names]`` (face-up discarded cards), ``action_discs={p: 3}``;
        ``systems=[names]`` (face up, left to right), ``planet_tokens={"1.3": 2}``,
        ``planets={"1.1": (p, "colonized" | "developed" | "conquered")}`` (owner
        ``"opponent"`` for the solo Virtual Opponent), ``exploration=["1.1", ...]``
        (points still holding a face-down token), ``revealed=[token numbers]``
        (Exploration tokens revealed by Explore), ``removed`` (face-down tokens taken
        off the board), ``telescopes={p: 2}``;
        ``explore_discs={p: 1}``, ``sections={"manufacture": [p, ...]}`` (also
        ``retrieve``, ``scavenge``), ``trade_cards=[3 names]``,
        ``trade_discs={1: [p, ...]}``, ``flipped=[card numbers]``,
        ``nominate={space: p}``; ``virtual_opponent={"cruisers": 2, "influence": 0,
        "prestige": 0}`` in solo games.  Faction cards named nowhere form the deck;
        Action discs on the board are counted from where they lie.
        :func:`position.describe` gives the arguments of any reachable state.

        The position goes through the same validator as JSON loading:
        :class:`InvalidOptionError` names the argument or field and why.

        >>> import boardgames as bg
        >>> game = bg.make("age-of-galaxy", players=2)
        >>> state = game.position(round=2, resources={0: {"credit": 7}},
        ...                       planets={"1.1": (0, "colonized")})
        >>> [str(a) for a in state.legal_actions() if str(a).startswith("develop")]
        ['develop 1.1']
        """
        return _position.position(self.tables, self, setup)

    # -- hidden information ------------------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> AgeState:
        """A full state consistent with ``view``: unseen Faction cards dealt at random.

        Public facts about a hidden hand are respected: a card being played
        (its use still to choose) is in its player's hand, and a player
        choosing which card to play as an Adaptation holds at least two that
        match the planet (with one, it is played without a choice).
        """
        view = self._check_view(view, AgeView)
        self._check_rng(rng)
        if len(view.public) != len(PUBLIC_FIELDS):
            raise HiddenInformationError("not a view of an Age of Galaxy state")
        T = self.tables
        n = T.n
        p = view.player
        public = dict(zip(PUBLIC_FIELDS, view.public, strict=True))
        seen = [view.hand, view.discarded, view.packet, public["played"]]
        seen += [1 << c for a in public["alliance"] for c in a]
        seen += [1 << c for c in public["ideology"] if c >= 0]
        unknown = mask_unseen(T.all_cards, *seen)
        hand_sizes = list(view.hand_sizes)
        fixed = [0] * n  # cards known to be in a hidden hand
        steps, actor = public["steps"], public["_player"]
        step: tuple[int, ...] = steps[0] if steps else (NONE,)
        if step[0] == D_USE and actor != p and unknown >> step[2] & 1:  # the card being played
            fixed[actor] = 1 << step[2]
            unknown &= ~fixed[actor]
            hand_sizes[actor] -= 1
        others = [q for q in range(n) if q != p]
        sizes = [size for q in others
                 for size in (hand_sizes[q], view.discard_sizes[q], view.packet_sizes[q])]
        if sum(sizes) + view.deck_size != mask_size(unknown) or min(hand_sizes) < 0:
            raise HiddenInformationError("the view's card counts do not add up")
        sizes.append(view.deck_size)
        adapt_bit = 0
        if step[0] == D_ADAPT and actor != p:
            adapt_bit = 1 << T.kind_type[public["pkind"][step[2]]]
        card_adapt = T.card_adapt
        hands = list(fixed)
        discards = [0] * n
        packets = [0] * n
        hands[p], discards[p], packets[p] = view.hand, view.discarded, view.packet
        for _ in range(RESAMPLE_TRIES):
            dealt = deal_masks(rng, unknown, sizes)
            for k, q in enumerate(others):
                hands[q] = fixed[q] | dealt[3 * k]
                discards[q] = dealt[3 * k + 1]
                packets[q] = dealt[3 * k + 2]
            if not adapt_bit or sum(1 for c in mask_cards(hands[actor]) if card_adapt[c] & adapt_bit) >= 2:
                break
        else:
            raise HiddenInformationError("no deal of the unseen cards fits the pending Adaptation")
        s = AgeState._blank(self, actor)
        for name, value in public.items():
            s.__dict__[name] = value
        for name, value in (("hands", tuple(hands)), ("discards", tuple(discards)), ("deck", dealt[-1]),
                            ("packets", tuple(packets))):
            s.__dict__[name] = value
        return s

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._obs_size,)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        state = self._check_state(state, AgeState)
        self._check_player(player)
        return _encode(self.tables, state.view(player), self._obs_size)

    def _heuristics(self, state: State) -> tuple[float, ...]:
        """Every player's position value in [0, 1]: projected Victory Points against the others'.

        Projection: the current score plus what resources are worth at the
        exchange rates of the actions (Relics at 3 Credit + 1 Innovation,
        Develop at 7 Credit for 3 points, ...) and Productivity over the
        remaining rounds.  The scores come from one pass over the state for
        all players (:func:`scoring.totals`).
        """
        state = cast(AgeState, state)  # unchecked (hot path): a state of this game
        T = self.tables
        n = T.n
        if state._player == TERMINAL:
            if n == 1:
                return (min(1.0, state.scores()[0] / 60.0),)
            winners = state.winners
            return tuple([1.0 if p in winners else 0.0 for p in range(n)])
        points = scoring.totals(T, state)  # ints: int + float is the float sum exactly
        rounds_left = max(0, 5 - state.round)
        r = state.res
        hands = state.hands
        values = []
        for p in range(n):
            credit, productivity, strength, cruiser, innovation, influence = r[p * 8:p * 8 + 6]
            values.append(
                points[p]
                + credit / 3.5 + innovation / 2.5 + influence / 2.0
                + cruiser * 0.4 + strength * 0.2
                + productivity * rounds_left / 3.5
                + hands[p].bit_count() * 0.8
            )
        if n == 1:
            opponent = state.vo[VO_PRESTIGE] + 10.0
            return (float(values[0] / (values[0] + opponent)),)
        return leads_over_rivals(values, HEURISTIC_SCALE)

    # -- serialization, scores, text ------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        state = self._check_state(state, AgeState)
        return validation.state_to_data(state)

    def state_from_data(self, data: Any) -> AgeState:
        return validation.state_from_data(self.tables, self, data)

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        state = self._check_state(state, AgeState)
        return scoring.breakdown(self.tables, state)

    def scenario_result(self, state: AgeState) -> bool | None:
        """Whether the Advanced Solo scenario's victory conditions hold (None: no scenario)."""
        sc = self.tables.scenario
        if sc is None:
            return None
        score = state.scores()[0]
        _, developed, _ = scoring.planets(state, 0)
        return (
            score >= sc.min_score
            and state.res[RELIC] >= sc.min_relics
            and developed >= sc.min_developed
            and (not sc.more_prestige_than_opponent or state.res[PRESTIGE] > state.vo[VO_PRESTIGE])
        )

    def render(self, state: State) -> str:
        state = self._check_state(state, AgeState)
        return _render.render(self.tables, state)

    def render_view(self, view: View) -> str:
        return _render.render_view(self.tables, self._own_view(view))

    def decision_text(self, view: View) -> str:
        return _render.decision_text(self.tables, self._own_view(view))

    def action_group(self, action: Action) -> str:
        self._check_action(action)
        return _render.action_group(action)

    def help_text(self, view: View) -> str:
        return _render.help_text(self.tables, self._own_view(view))

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The Galaxy, the main board, the Trade cards and every player's board."""
        from boardgames.games.age_of_galaxy.picture import picture

        self._check_target(target)
        if last_action is not None:
            self._check_action(last_action)
        if not isinstance(target, AgeState):
            target = self._own_view(target)
        return picture(self.tables, target, last_action)

    def _own_view(self, view: Any) -> AgeView:
        checked: AgeView = self._check_view(view, AgeView)
        if len(checked.public) != len(PUBLIC_FIELDS):
            raise HiddenInformationError("an Age of Galaxy view needs every public field")
        return checked

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        state = self._check_state(state, AgeState)
        self._check_action(action)
        self._check_viewer(viewer)
        return _render.describe(self.tables, state, action, viewer)


# -- observation encoding ---------------------------------------------------------------------


def _observation_size(T: Tables) -> int:
    c = T.c
    nf, nt = T.nfac, T.ntech
    per_player = 8 + 5 + nf + nf + nt + 3
    return (
        4 + 8 + len(STAGES) + len(STEP_NAMES) + 5 + 4 + 4 + 2 + 16
        + 4 * per_player
        + nf
        + 5 * len(c.systems)
        + 20 * (len(c.planet_kinds) + 6 + 4)
        + len(c.planet_tokens) + 15 + len(c.exploration_tokens) + 1
        + 3 * (len(c.trade_cards) + 12)
        + 3
        + 7 * len(c.nominate)
        + 5
        + 3 * nf + 1
    )


class _Sparse:
    """Indices and values of the non-zero entries of an observation, block by block."""

    __slots__ = ("at", "index", "value")

    def __init__(self) -> None:
        self.at = 0
        self.index: list[int] = []
        self.value: list[float] = []

    def onehot(self, value: int, size: int, offset: int = 0) -> None:
        i = value + offset
        if 0 <= i < size:
            self.index.append(self.at + i)
            self.value.append(1.0)
        self.at += size

    def bits(self, mask: int, size: int) -> None:
        at = self.at
        while mask:
            low = mask & -mask
            i = low.bit_length() - 1
            if i < size:
                self.index.append(at + i)
                self.value.append(1.0)
            mask ^= low
        self.at += size

    def number(self, value: float) -> None:
        if value:
            self.index.append(self.at)
            self.value.append(float(value))
        self.at += 1


def _encode(T: Tables, view: AgeView, size: int) -> np.ndarray:
    """A fixed-length float32 encoding of a view (see :func:`_observation_size` for the layout)."""
    c = T.c
    n = T.n
    nf, nt = T.nfac, T.ntech
    f = dict(zip(PUBLIC_FIELDS, view.public, strict=True))
    e = _Sparse()
    e.onehot(view.player, 4)
    e.onehot(f["_player"], 8, 4)
    steps = f["steps"]
    e.onehot(stage_of(steps, f["round"]), len(STAGES))
    step = steps[0] if steps else (NONE,)  # the first step: its kind, player and arguments
    e.onehot(step[0], len(STEP_NAMES))
    for i in range(1, 5):
        e.number(step[i] if i < len(step) else 0)
    e.number(len(steps))
    e.number(f["round"] / 5.0)
    e.number(f["fleet"] / 4.0)
    e.number(f["pos"])
    e.number(f["clock"] / 100.0)
    e.bits(f["passed"], 4)
    e.bits(f["flags"], 2)
    for i in range(4):
        e.onehot(f["order"][i] if i < n else -1, 4)
    res = f["res"]
    for p in range(4):
        if p >= n:
            e.at += 8 + 5 + nf + nf + nt + 3
            continue
        for r in range(8):
            e.number(res[p * 8 + r] / 12.0)
        e.number(f["stamp"][p] / 100.0)
        e.number(f["discs"][p])
        e.number(f["board_discs"][p])
        e.number(f["telescope"][p])
        e.number(f["explore_discs"][p])
        e.bits(sum(1 << card for card in f["alliance"][p]), nf)
        e.onehot(f["ideology"][p], nf)
        e.bits(f["techs"][p], nt)
        e.number(view.hand_sizes[p])
        e.number(view.discard_sizes[p])
        e.number(view.packet_sizes[p])
    e.bits(f["played"], nf)
    systems = f["systems"]
    for i in range(5):
        e.onehot(systems[i] if i < len(systems) else -1, len(c.systems))
    for kind, owner, level in zip(f["pkind"], f["powner"], f["plevel"], strict=True):
        e.onehot(kind, len(c.planet_kinds))
        e.onehot(owner, 6, 1)
        e.onehot(level, 4)
    e.bits(f["ptokens"], len(c.planet_tokens))
    e.bits(f["espots"], 15)
    e.bits(f["unseen"], len(c.exploration_tokens))
    e.number(f["gone"])
    for i in range(3):
        e.onehot(f["trade"][i], len(c.trade_cards))
        section, discs = f["sections"][i], f["tdiscs"][i]
        for owner in range(6):
            e.number(section.count(owner))
            e.number(discs.count(owner))
    e.bits(f["flipped"], 3)
    for owner in f["nominate"]:
        e.onehot(owner, 7, 1)
    vo = f["vo"]
    for i in range(5):
        e.number(vo[i] if i < len(vo) else 0)
    e.bits(view.hand, nf)
    e.bits(view.discarded, nf)
    e.bits(view.packet, nf)
    e.number(view.deck_size)
    if e.at != size:
        raise ValueError(f"observation layout of {e.at} entries, expected {size}")
    out = np.zeros(size, dtype=np.float32)
    out[e.index] = e.value
    return out
