"""The ``Game`` class of Asteroid Rush: catalogue, setup, hidden information, JSON and hooks."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import numpy as np
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import Deck
from boardgames.kernel.errors import HiddenInformationError, InvalidOptionError, SerializationError
from boardgames.kernel.game import CHANCE, TERMINAL, Game, GameSpec, State, View
from boardgames.kernel.resources import ResourcePool
from boardgames.kernel.serialize import Reader
from boardgames.kernel.turns import PendingStack

from asteroid_rush.actions import Deliver, Discard, Draw, Fly, Mine, Rest, Roll, Scan, Stay, Trade, catalogue
from asteroid_rush.components import (
    ASTEROIDS,
    BELT,
    CARDS,
    CELL_NAMES,
    COPIES,
    FLARE_FACE,
    FLARE_LIMIT,
    FLIGHT_RANGE,
    HAND_LIMIT,
    HOLD,
    KINDS,
    MINE_YIELD,
    ROUNDS,
    STATION,
    TARGET,
)
from asteroid_rush.render import board_svg, board_text, seat_name
from asteroid_rush.state import (
    DEAL,
    MOVE,
    OVER,
    ROLL_PHASE,
    SCAN_DRAW,
    WORK,
    AsteroidState,
    AsteroidView,
    Flare,
    contract_points,
)

__all__ = ["AsteroidRush"]

_FULL_DECK: Counter[int] = Counter({card: COPIES for card in range(len(CARDS))})
_SEAT = 27
"""Observation features per seat: position (19), hold (3), points, hand size, active, to act, flare."""


class AsteroidRush(Game):
    """Asteroid Rush for 2 to 4 players (rules in the package README)."""

    spec = GameSpec(
        id="asteroid-rush",
        title="Asteroid Rush",
        min_players=2,
        max_players=4,
        default_players=3,
        hidden_information=True,
        description="Mine a 19-hex asteroid belt and deliver secret contracts (a plug-in example).",
    )

    def _build_catalogue(self) -> ActionCatalogue:
        return catalogue()

    # -- setup ------------------------------------------------------------------

    def _state(
        self,
        *,
        phase: int,
        active: int,
        round: int,
        positions: tuple[int, ...],
        holds: tuple[ResourcePool, ...],
        hands: tuple[tuple[int, ...], ...],
        delivered: tuple[tuple[int, ...], ...],
        deck: Deck,
        flares: PendingStack[Flare],
        last_roll: int,
    ) -> AsteroidState:
        if phase in (DEAL, ROLL_PHASE, SCAN_DRAW):
            player = CHANCE
        elif phase == OVER:
            player = TERMINAL
        elif phase == MOVE and flares:
            player = flares.top.player
        else:
            player = active
        state = AsteroidState._blank(self, player)
        fields = {
            "phase": phase,
            "active": active,
            "round": round,
            "positions": positions,
            "holds": holds,
            "hands": hands,
            "delivered": delivered,
            "deck": deck,
            "flares": flares,
            "last_roll": last_roll,
            "ending": any(contract_points(d) >= TARGET for d in delivered),
        }
        for name, value in fields.items():
            object.__setattr__(state, name, value)
        return state

    def new_game(self, seed: int | None = 0) -> AsteroidState:
        """§3: ships at the station, empty holds; the first chance nodes deal one contract each.

        The game has no hidden setup, so ``seed`` changes nothing: every
        random event is a chance node.
        """
        n = self.players
        return self._state(
            phase=DEAL,
            active=0,
            round=1,
            positions=(STATION,) * n,
            holds=(HOLD.pool(),) * n,
            hands=((),) * n,
            delivered=((),) * n,
            deck=Deck.of(_FULL_DECK.elements(), kinds=len(CARDS)),
            flares=PendingStack(),
            last_roll=0,
        )

    @property
    def max_game_length(self) -> int:
        # deal, then per turn: roll, flare discards (at most 6 per player), fly, work, draw
        n = self.players
        return n + ROUNDS * n * (4 + 6 * n)

    def fingerprint(self) -> str:
        data = repr((CARDS, ASTEROIDS, HOLD, COPIES, ROUNDS, TARGET)).encode()
        return hashlib.sha256(data).hexdigest()[:16]

    def player_name(self, player: int) -> str:
        return seat_name(player)

    # -- hidden information ---------------------------------------------------------

    def resample(self, view: View, rng: np.random.Generator) -> AsteroidState:
        """The other players' hands dealt at random from the cards this player has not seen."""
        if not isinstance(view, AsteroidView) or (view.game is not None and view.game != self):
            raise InvalidOptionError(f"resample() needs a view of {self!r}")
        unseen = _FULL_DECK.copy()
        unseen.subtract(view.hand)
        for pile in view.delivered:
            unseen.subtract(pile)
        if any(n < 0 for n in unseen.values()) or sum(unseen.values()) != view.deck_size + sum(
            size for p, size in enumerate(view.hand_sizes) if p != view.player
        ):
            raise HiddenInformationError("no deal of contracts is consistent with this view")
        pool = sorted(unseen.elements())
        order = [pool[i] for i in rng.permutation(len(pool))]
        hands: list[tuple[int, ...]] = []
        for player, size in enumerate(view.hand_sizes):
            if player == view.player:
                hands.append(view.hand)
            else:
                hands.append(tuple(sorted(order[:size])))
                order = order[size:]
        return self._state(
            phase=view.phase,
            active=view.active,
            round=view.round,
            positions=view.positions,
            holds=tuple(HOLD.pool(**dict(zip(KINDS, h))) for h in view.holds),
            hands=tuple(hands),
            delivered=view.delivered,
            deck=Deck.of(order, kinds=len(CARDS)),
            flares=PendingStack(tuple(Flare(p) for p in reversed(view.flares))),
            last_roll=view.last_roll,
        )

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.players * _SEAT + len(CARDS) + 6 + 1 + 1 + 7 + 1,)

    def observation_tensor(self, state: State, player: int) -> np.ndarray:
        """The view of ``player`` as floats, seats rotated so that ``player`` comes first."""
        view = state.view(player)
        if not isinstance(view, AsteroidView):
            raise InvalidOptionError(f"observation_tensor() needs a state of {self!r}")
        n = self.players
        out = np.zeros(self.observation_shape, dtype=np.float32)
        for offset in range(n):
            seat = (player + offset) % n
            base = offset * _SEAT
            out[base + view.positions[seat]] = 1.0
            for k, amount in enumerate(view.holds[seat]):
                out[base + len(BELT) + k] = amount / 4.0
            tail = base + len(BELT) + len(KINDS)
            out[tail] = contract_points(view.delivered[seat]) / TARGET
            out[tail + 1] = view.hand_sizes[seat] / HAND_LIMIT
            out[tail + 2] = float(seat == view.active)
            out[tail + 3] = float(seat == view.to_act)
            out[tail + 4] = float(seat in view.flares)
        base = n * _SEAT
        for card in view.hand:
            out[base + card] += 1.0 / COPIES
        base += len(CARDS)
        out[base + view.phase] = 1.0
        out[base + 6] = view.round / ROUNDS
        out[base + 7] = view.deck_size / (COPIES * len(CARDS))
        out[base + 8 + view.last_roll] = 1.0
        out[base + 15] = float(view.ending)
        return out

    def heuristic(self, state: State, player: int) -> float:
        """Delivered points, plus the promise of the hold and of payable contracts, scaled to [0, 1]."""
        if not isinstance(state, AsteroidState):
            raise InvalidOptionError(f"heuristic() needs a state of {self!r}")
        if state.is_terminal:
            return state.returns()[player]
        hold = state.holds[player].amounts
        payable = sum(
            CARDS[c].points
            for c in state.hands[player]
            if all(h >= need for h, need in zip(hold, CARDS[c].cost))
        )
        value = contract_points(state.delivered[player]) + 0.5 * payable + sum(hold) / 6
        return max(0.0, min(1.0, value / (TARGET + 4)))

    def score_breakdown(self, state: State) -> dict[str, tuple[float, ...]]:
        """§9 in order: delivered contracts, cargo left in the hold, contracts still in hand."""
        if not isinstance(state, AsteroidState):
            raise InvalidOptionError(f"score_breakdown() needs a state of {self!r}")
        parts = [state.score_parts(p) for p in range(self.players)]
        return {
            "contracts": tuple(float(p[0]) for p in parts),
            "cargo": tuple(float(p[1]) for p in parts),
            "unfinished": tuple(float(p[2]) for p in parts),
        }

    # -- JSON ------------------------------------------------------------------------

    def state_to_data(self, state: State) -> dict[str, Any]:
        if not isinstance(state, AsteroidState):
            raise SerializationError(f"state_to_data() needs a state of {self!r}")
        return {
            "phase": state.phase,
            "active": state.active,
            "round": state.round,
            "positions": list(state.positions),
            "holds": [list(h.amounts) for h in state.holds],
            "hands": [list(h) for h in state.hands],
            "delivered": [list(d) for d in state.delivered],
            "deck": list(state.deck.multiset()),
            "flares": [f.player for f in state.flares.items],
            "last_roll": state.last_roll,
        }

    def state_from_data(self, data: Any) -> AsteroidState:
        """The state, every field checked: ranges, the conservation of cards, the phase's invariants."""
        r = Reader(data, "state")
        n = self.players
        last_card = len(CARDS) - 1
        phase = r.int("phase", DEAL, OVER)
        active = r.int("active", 0, n - 1)
        round_ = r.int("round", 1, ROUNDS)
        positions = r.ints("positions", n, 0, len(BELT) - 1)
        holds = r.int_rows("holds", n, len(KINDS), 0, min(c or 0 for c in HOLD.caps))
        hands = tuple(tuple(sorted(row)) for row in r.int_rows("hands", n, None, 0, last_card))
        delivered = tuple(tuple(sorted(row)) for row in r.int_rows("delivered", n, None, 0, last_card))
        deck_counts = r.ints("deck", len(CARDS), 0, COPIES)
        flares = r.ints("flares", None, 0, n - 1)
        last_roll = r.int("last_roll", 0, 6)
        if any(len(hand) > HAND_LIMIT for hand in hands):
            raise SerializationError(f"state.hands: a player holds more than {HAND_LIMIT} contracts")
        seen: Counter[int] = Counter()
        for pile in (*hands, *delivered):
            seen.update(pile)
        for card in range(len(CARDS)):
            if seen[card] + deck_counts[card] != COPIES:
                raise SerializationError(
                    f"state: {COPIES} copies of {CARDS[card].name} are not all in deck, hands and deliveries"
                )
        if len(set(flares)) != len(flares) or (flares and (phase != MOVE or last_roll != FLARE_FACE)):
            raise SerializationError("state.flares: pending flares only follow a rolled 6, once per player")
        if any(sum(holds[p]) <= FLARE_LIMIT for p in flares):
            raise SerializationError("state.flares: a player under the flare limit has a pending discard")
        started = phase != DEAL and not (phase == ROLL_PHASE and round_ == 1 and active == 0)
        if (last_roll != 0) != started:
            raise SerializationError("state.last_roll: 0 exactly until the first roll")
        if phase == DEAL and (
            round_ != 1
            or any(delivered)
            or any(sum(h) for h in holds)
            or any(p != STATION for p in positions)
            or any(len(hands[p]) != (1 if p < active else 0) for p in range(n))
        ):
            raise SerializationError("state: the deal has contracts, cargo or ships where none can be yet")
        if active == 0 and phase != OVER and any(contract_points(d) >= TARGET for d in delivered):
            raise SerializationError("state: a round began although the target was reached in the last one")
        deck = Deck(counts=deck_counts)
        if phase == SCAN_DRAW and (len(hands[active]) >= HAND_LIMIT or not deck.size):
            raise SerializationError("state.phase: a scan draws only into a hand below the limit from a deck")
        if phase == OVER and (
            active != n - 1 or not (round_ == ROUNDS or any(contract_points(d) >= TARGET for d in delivered))
        ):
            raise SerializationError("state.phase: the game ends only after the last seat's turn")
        return self._state(
            phase=phase,
            active=active,
            round=round_,
            positions=positions,
            holds=tuple(HOLD.pool(**dict(zip(KINDS, h))) for h in holds),
            hands=hands,
            delivered=delivered,
            deck=Deck(counts=deck.multiset()),
            flares=PendingStack(tuple(Flare(p) for p in flares)),
            last_roll=last_roll,
        )

    # -- pictures and words ----------------------------------------------------------

    def render(self, state: State) -> str:
        if not isinstance(state, AsteroidState):
            raise InvalidOptionError(f"render() needs a state of {self!r}")
        return board_text(state.view(0), dict(enumerate(state.hands)))

    def render_view(self, view: View) -> str:
        if not isinstance(view, AsteroidView):
            raise InvalidOptionError(f"render_view() needs a view of {self!r}")
        return f"What {seat_name(view.player)} knows:\n" + board_text(view, {view.player: view.hand})

    def render_svg(self, target: State | View, *, last_action: Action | None = None) -> str:
        """The belt, the ships and the players; a state shows every hand, a view only its player's."""
        if isinstance(target, AsteroidState):
            return board_svg(target.view(0), dict(enumerate(target.hands)), self.spec.title, last_action)
        if isinstance(target, AsteroidView):
            title = f"{self.spec.title}: what {seat_name(target.player)} knows"
            return board_svg(target, {target.player: target.hand}, title, last_action)
        raise InvalidOptionError(f"render_svg() needs a state or a view of {self.id}, not {target!r}")

    def describe_action(self, state: State, action: Action, viewer: int | None = None) -> str:
        """A log line; another player's contract draw is told without naming the card."""
        if not isinstance(state, AsteroidState):
            raise InvalidOptionError(f"describe_action() needs a state of {self!r}")
        who = seat_name(state.active)
        where = CELL_NAMES[state.positions[state.active]]
        if isinstance(action, Roll):
            gains = [
                f"{seat_name(p)} takes 1 {KINDS[a.kind]}"
                for p, cell in enumerate(state.positions)
                if (a := ASTEROIDS[cell]) is not None and a.number == action.face
            ]
            flare = "; solar flare!" if action.face == FLARE_FACE else ""
            return f"{who} rolls {action.face}" + (": " + ", ".join(gains) if gains else "") + flare
        if isinstance(action, Draw):
            verb = "is dealt" if state.phase == DEAL else "draws"
            card = CARDS[action.card].name if viewer is None or viewer == state.active else "a contract"
            return f"{who} {verb} {card}"
        if isinstance(action, Stay):
            return f"{who} stays at {where}"
        if isinstance(action, Fly):
            return f"{who} flies from {where} to {CELL_NAMES[action.cell]}"
        if isinstance(action, Mine):
            asteroid = ASTEROIDS[state.positions[state.active]]
            kind = KINDS[asteroid.kind] if asteroid is not None else "nothing"
            return f"{who} mines {MINE_YIELD} {kind} at {where}"
        if isinstance(action, Trade):
            return f"{who} trades 2 {KINDS[action.give]} for 1 {KINDS[action.get]} at the station"
        if isinstance(action, Deliver):
            contract = CARDS[action.card]
            return f"{who} delivers {contract.name} ({contract.cost_text()}) for {contract.points} points"
        if isinstance(action, Scan):
            return f"{who} scans for a contract"
        if isinstance(action, Rest):
            return f"{who} rests"
        if isinstance(action, Discard) and state.flares:
            return f"{seat_name(state.flares.top.player)} discards 1 {KINDS[action.kind]} in the flare"
        return str(action)

    def decision_text(self, view: View) -> str:
        if not isinstance(view, AsteroidView):
            raise InvalidOptionError(f"decision_text() needs a view of {self!r}")
        if view.flares:
            held = sum(view.holds[view.flares[0]])
            return f"Solar flare: you hold {held} resources; discard one (down to {FLARE_LIMIT})."
        where = CELL_NAMES[view.positions[view.active]]
        if view.phase == MOVE:
            return f"Fly your ship up to {FLIGHT_RANGE} hexes from {where}, or stay."
        if view.phase == WORK:
            return f"Work at {where}: mine, trade or deliver at the station, scan for a contract, or rest."
        return f"{seat_name(view.player)} to decide"

    def action_group(self, action: Action) -> str:
        if isinstance(action, (Stay, Fly)):
            return "Fly"
        if isinstance(action, (Trade, Deliver)):
            return "At the station"
        if isinstance(action, (Mine, Scan, Rest)):
            return "Work"
        if isinstance(action, Discard):
            return "Solar flare"
        return "Chance"

    def help_text(self, view: View) -> str:
        if not isinstance(view, AsteroidView):
            raise InvalidOptionError(f"help_text() needs a view of {self!r}")
        lines = [
            "Each hex shows its name, then 'ore 3' (an ore asteroid yielding on a roll of 3) or 'station';",
            "[02] lists the ships on it by seat. Holds cap each resource at 4.",
            f"A roll of {FLARE_FACE} is a solar flare: holds above {FLARE_LIMIT} discard down to it.",
            "Your contracts:",
        ]
        lines += [
            f"  {CARDS[c].name}: {CARDS[c].cost_text()} -> {CARDS[c].points} points" for c in view.hand
        ] or ["  none"]
        return "\n".join(lines)
