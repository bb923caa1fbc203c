"""Dispatch: which decisions are legal, which chance outcomes are possible, and apply.

The phase and action modules hold the rules; this module maps action ids to
them and runs them on a copy-on-write successor.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames.games.age_of_galaxy import (
    action_phase,
    actions_in_detail,
    faction_cards,
    galactic,
    scoring,
    setup,
    solo,
    war,
)
from boardgames.games.age_of_galaxy.effects import bits
from boardgames.games.age_of_galaxy.state import (
    ACTION,
    C_DIE,
    C_EXPLORE,
    C_PLANET_TOKEN,
    C_REDRAW,
    C_SOLO,
    C_SYSTEM,
    D_ACQUIRE,
    D_SURRENDER,
    D_USE,
    DISCARD,
    DRAFT,
    FOUND,
    WAR,
    AgeState,
    AgeView,
)
from boardgames.games.age_of_galaxy.tables import Tables
from boardgames.kernel.game import State

Step = Callable[[Tables, AgeState, int], None]


class Rules:
    """The rules of one configured game, bound to its static tables."""

    def __init__(self, T: Tables) -> None:
        self.T = T
        ids = T.ids
        table: list[tuple[Step, int] | None] = [None] * len(ids.actions)

        def family(members: tuple[int, ...], step: Step, base: int = 0) -> None:
            for k, i in enumerate(members):
                table[i] = (step, k + base)

        aid = actions_in_detail
        family(ids.discard, lambda T, s, c: setup.discard(T, s, c))
        family((ids.keep_hand,), lambda T, s, _: setup.keep_hand(T, s))
        family(ids.draft, lambda T, s, c: setup.draft(T, s, c))
        family(ids.found, lambda T, s, c: setup.found(T, s, c))
        family(ids.play, lambda T, s, c: faction_cards.play(T, s, c))
        family(ids.use, lambda T, s, u: faction_cards.use(T, s, u))
        family(ids.convert, lambda T, s, k: action_phase.convert(T, s, k))
        family(ids.explore, lambda T, s, spot: aid.explore(T, s, spot))
        family((ids.explore_telescope,), lambda T, s, _: aid.explore(T, s, None))
        family(ids.trade, lambda T, s, i: aid.trade(T, s, i))
        family(ids.exchange, lambda T, s, k: aid.exchange(T, s, s.pend[1], k))
        family(ids.research, lambda T, s, t: aid.research(T, s, t))
        family(ids.pay, lambda T, s, k: aid.pay_research(T, s, s.pend[1], k))
        family(ids.take, lambda T, s, k: aid.take_option(T, s, k))
        family((ids.manufacture,), lambda T, s, _: aid.manufacture(T, s))
        family(ids.build, lambda T, s, k: aid.build(T, s, k), 1)
        family((ids.retrieve,), lambda T, s, _: aid.retrieve(T, s))
        family(ids.retrieve_relics, lambda T, s, k: aid.retrieve_relics(T, s, k), 1)
        family((ids.scavenge,), lambda T, s, _: aid.scavenge(T, s))
        family(ids.colonize, lambda T, s, slot: aid.colonize(T, s, slot))
        family(ids.adapt, lambda T, s, c: aid.adapt(T, s, s.pend[1], c))
        family(ids.develop, lambda T, s, slot: aid.develop(T, s, slot))
        family(ids.develop_bonus, lambda T, s, k: aid.develop_bonus(T, s, k))
        family(ids.nominate, lambda T, s, i: aid.nominate(T, s, i))
        family((ids.end_turn,), lambda T, s, _: action_phase.end_turn(T, s))
        family(ids.acquire, lambda T, s, slot: war.choose_acquisition(T, s, slot))
        family((ids.acquire_nothing,), lambda T, s, _: war.choose_acquisition(T, s, None))
        family(ids.surrender, lambda T, s, slot: war.choose_surrender(T, s, slot))
        family(ids.draw, lambda T, s, c: setup.redraw(T, s, c))
        family(ids.reveal, lambda T, s, c: solo.revealed(T, s, c))
        family(ids.system, lambda T, s, c: galactic.reveal_system(T, s, c))
        family(ids.planet_token, lambda T, s, t: galactic.place_planet_token(T, s, t))
        family(ids.token, lambda T, s, t: aid.token_revealed(T, s, t))
        family(ids.die, lambda T, s, f: solo.rolled(T, s, f), 1)
        self.table: tuple[tuple[Step, int], ...] = tuple(entry for entry in table if entry is not None)
        if len(self.table) != len(table):
            raise ValueError("every catalogue action needs a rule")

    # -- decisions -------------------------------------------------------------------

    def legal_ids(self, s: AgeState) -> tuple[int, ...]:
        T = self.T
        stage = s.stage
        if stage == ACTION:
            if not s.pend:
                return tuple(action_phase.turn_legal(T, s))
            if s.pend[0] == D_USE:
                return tuple(faction_cards.use_legal(T, s))
            return tuple(actions_in_detail.sub_legal(T, s))
        if stage == WAR:
            if s.pend[0] == D_ACQUIRE:
                found = [T.ids.acquire[slot] for slot in war.acquire_candidates(T, s, s._player)]
                return (*found, T.ids.acquire_nothing)
            if s.pend[0] == D_SURRENDER:
                return tuple(T.ids.surrender[slot] for slot in war.surrender_candidates(T, s))
            return ()
        if stage == DISCARD:
            return tuple(sorted(setup.discard_legal(T, s)))
        if stage == DRAFT:
            return tuple(setup.draft_legal(T, s))
        if stage == FOUND:
            return tuple(setup.found_legal(T, s))
        return ()

    def chance_ids(self, s: AgeState) -> tuple[tuple[int, float], ...]:
        T = self.T
        ids = T.ids
        code = s.pend[0]
        if code in (C_REDRAW, C_SOLO):
            family = ids.draw if code == C_REDRAW else ids.reveal
            cards = bits(s.deck)
            return tuple((family[c], 1.0 / len(cards)) for c in cards)
        if code == C_EXPLORE:
            tokens = bits(s.unseen)
            return tuple((ids.token[t], 1.0 / len(tokens)) for t in tokens)
        if code == C_SYSTEM:
            left = [c for c in range(len(T.c.systems)) if c not in s.systems]
            return tuple((ids.system[c], 1.0 / len(left)) for c in left)
        if code == C_PLANET_TOKEN:
            tokens = bits(s.ptokens)
            return tuple((ids.planet_token[t], 1.0 / len(tokens)) for t in tokens)
        if code == C_DIE:
            return tuple((i, 1.0 / 6) for i in ids.die)
        return ()

    def apply(self, s: AgeState, action_id: int) -> State:
        new = s._successor()
        step, param = self.table[action_id]
        step(self.T, new, param)
        return new

    # -- scores and views ------------------------------------------------------------------

    def scores(self, s: AgeState) -> tuple[float, ...]:
        return scoring.scores(self.T, s)

    def winners(self, s: AgeState) -> frozenset[int]:
        return scoring.winners(self.T, s)

    def view(self, s: AgeState, player: int) -> AgeView:
        return AgeView(
            player=player,
            game=s.game,
            public=s.public(),
            hand=s.hands[player],
            discarded=s.discards[player],
            packet=s.packets[player],
            hand_sizes=tuple(bin(h).count("1") for h in s.hands),
            discard_sizes=tuple(bin(d).count("1") for d in s.discards),
            packet_sizes=tuple(bin(k).count("1") for k in s.packets),
            deck_size=bin(s.deck).count("1"),
        )


__all__ = ["Rules"]
