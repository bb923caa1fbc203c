"""The kernel on its own: catalogue, chance, hex grids, pools, turns, registry, JSON."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames as bg
from boardgames.kernel.actions import Action, ActionCatalogue
from boardgames.kernel.cards import EVERYONE, Deck, counts_of, unseen
from boardgames.kernel.chance import Die, Sampler, make_rng
from boardgames.kernel.game import State, best_rivals, leads_over_rivals
from boardgames.kernel.hexgrid import HexGrid, hex_distance
from boardgames.kernel.resources import InsufficientResources, ResourceKinds
from boardgames.kernel.serialize import Reader
from boardgames.kernel.steps import clockwise, counterclockwise

from .toy import ToyGame, ToyState


@attrs.frozen(cache_hash=True)
class Pick(Action):
    n: int

    def __str__(self) -> str:
        return f"pick {self.n}"


def test_catalogue_ids_texts_and_parse_errors() -> None:
    catalogue = ActionCatalogue([Pick(i) for i in range(5)])
    assert catalogue.id_of(Pick(3)) == 3 and catalogue[3] == Pick(3)
    assert catalogue.parse("  pick   4 ") == Pick(4)
    with pytest.raises(bg.InvalidActionError, match="did you mean 'pick 1'"):
        catalogue.parse("pik 1")
    with pytest.raises(bg.InvalidActionError, match="out of range"):
        catalogue[9]
    with pytest.raises(bg.InvalidActionError):
        catalogue.id_of("pick 1")
    with pytest.raises(ValueError, match="share the text"):
        ActionCatalogue([Pick(1), Pick(1)])

    @attrs.frozen
    class Same(Action):
        n: int

        def __str__(self) -> str:
            return "same"

    with pytest.raises(ValueError, match="share the text"):
        ActionCatalogue([Same(1), Same(2)])


@given(
    st.lists(st.integers(0, 3), max_size=8),
    st.lists(st.sampled_from(["draw", "look", "top", "bottom"]), max_size=10),
    st.lists(st.integers(0, 3), min_size=10, max_size=10),
    st.lists(st.integers(1, 7), min_size=10, max_size=10),
)
def test_deck_methods_give_the_decks_the_constructor_builds(
    cards: list[int], moves: list[str], picks: list[int], masks: list[int]
) -> None:
    # The methods build their decks without the constructor's checks: each one must
    # equal (and hash like) the deck the constructor makes from the same parts.
    deck = Deck.of(cards, kinds=4)
    for move, card, seen in zip(moves, picks, masks):
        try:
            if move == "draw":
                deck = deck.draw(card)
            elif move == "look":
                deck = deck.look(card, seen=seen)
            elif move == "top":
                deck = deck.put_on_top(card, seen=seen)
            else:
                deck = deck.put_on_bottom(card, seen=seen)
        except bg.BoardGameError:
            continue
        rebuilt = Deck(deck.top, deck.counts, deck.bottom, deck.top_seen, deck.bottom_seen)
        assert deck == rebuilt and hash(deck) == hash(rebuilt)
        assert Deck.from_data(json.loads(json.dumps(deck.to_data())), kinds=4) == deck


@pytest.mark.parametrize("card", [4, -1, True, "0", 1.0])
def test_deck_methods_refuse_a_card_that_is_not_a_kind(card: Any) -> None:
    deck = Deck.of([0, 1], kinds=4)
    for method in (deck.put_on_top, deck.put_on_bottom, deck.look):
        with pytest.raises(bg.BoardGameError):
            method(card)
    with pytest.raises(bg.BoardGameError):
        deck.put_on_top(0, seen=0)


def test_die_outcomes_are_exact_for_any_faces() -> None:
    die = Die(("a", "b", "b", "c", "c", "c"))
    assert die.outcomes() == (("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2)))
    with pytest.raises(ValueError):
        Die(())


def test_deck_is_a_count_vector_with_known_cards_kept_in_order() -> None:
    deck = Deck.of([0, 0, 1], kinds=3)
    assert dict(deck.draw_outcomes()) == {0: 2 / 3, 1: 1 / 3}
    assert deck.draw(1) == Deck.of([0, 0], kinds=3)
    with pytest.raises(bg.BoardGameError):
        deck.draw(2)
    peeked = deck.draw(0).put_on_top(0)
    assert peeked.draw_outcomes() == ((0, 1.0),)
    assert peeked.put_on_bottom(2).size == 4
    assert peeked.shuffle_in([2]).multiset() == (2, 1, 1)
    assert Deck.of([], kinds=2).draw_outcomes() == ()
    # Cards are ordered by kind, not by their text: 10 comes after 2.
    assert [k for k, _ in Deck.of([10, 2, 1], kinds=11).draw_outcomes()] == [1, 2, 10]
    with pytest.raises(bg.BoardGameError):
        Deck(top=(5,), counts=(1, 1))


def test_sampler_is_seeded_and_machine_independent() -> None:
    a, b = Sampler(42), Sampler(42)
    assert [a.random() for _ in range(3000)] == [b.random() for _ in range(3000)]
    assert Sampler(7).index(10) == Sampler(7).index(10)
    assert make_rng(1).random() == make_rng(1).random()
    counts = [0, 0]
    sampler = Sampler(0)
    for _ in range(2000):
        counts[sampler.weighted([1.0, 3.0])] += 1
    assert 1300 < counts[1] < 1700


def test_hex_grid_topology_is_compiled_to_tuples() -> None:
    grid = HexGrid.from_rows((3, 4, 5, 6, 5, 4, 3))
    assert len(grid) == 30 and len(grid.outer) == 16
    for i, neighbours in enumerate(grid.neighbours):
        assert all(grid.distance[i][j] == 1 for j in neighbours)
        assert all(i in grid.neighbours[j] for j in neighbours)
    a, b = grid.cells[0], grid.cells[-1]
    assert grid.distance[0][29] == hex_distance(a, b)
    assert set(grid.within(15, 1)) == {15, *grid.neighbours[15]}
    assert grid.cells_of(grid.vicinity_mask[15]) == tuple(sorted(grid.within(15, 1)))
    with pytest.raises(ValueError):
        HexGrid([(0, 0), (0, 0)])


def test_resource_kinds_cap_gains_refuse_short_payments_and_convert() -> None:
    kinds = ResourceKinds.of(credit=12, influence=None)
    values = list(kinds.vector(credit=11, influence=2))
    assert kinds.gain(values, kinds.index("credit"), 3) == 2 and values == [12, 2]
    with pytest.raises(InsufficientResources, match="influence"):
        kinds.pay_all(values, kinds.vector(influence=3))
    assert values == [12, 2]  # a refused payment changes nothing
    assert kinds.convert(values, kinds.vector(influence=1, credit=2), kinds.vector(credit=1)) == 0
    assert values == [11, 1] and kinds.describe(values) == "11 credit, 1 influence"
    with pytest.raises(InsufficientResources):
        kinds.convert(values, kinds.vector(influence=2), kinds.vector(credit=1))
    assert values == [11, 1]
    with pytest.raises(KeyError, match="resources: credit, influence"):
        kinds.vector(gold=1)


def test_resource_kinds_do_index_based_arithmetic_on_a_working_list() -> None:
    kinds = ResourceKinds.of(ore=4, ice=None)
    ore, ice = kinds.index("ore"), kinds.index("ice")
    values = [3, 0, 1, 9]  # two players' blocks of (ore, ice)
    assert kinds.gain(values, ore, 3, offset=2) == 0 and values[2] == 4
    assert kinds.gain(values, ore, 3) == 2 and values[0] == 4
    with pytest.raises(InsufficientResources, match="ice"):
        kinds.pay(values, ice, 1)
    assert values == [4, 0, 4, 9]
    assert kinds.can_pay(values, (4, 9), offset=2) and not kinds.can_pay(values, (0, 1))
    with pytest.raises(InsufficientResources):
        kinds.pay_all(values, (1, 1))
    assert values == [4, 0, 4, 9]  # nothing paid
    kinds.pay_all(values, (1, 9), offset=2)
    assert values[2:] == [3, 0] and kinds.describe(values) == "4 ore"


def test_turn_order() -> None:
    assert clockwise(1, 3) == (1, 2, 0) and counterclockwise(1, 3) == (1, 0, 2)


def test_registry_unknown_games_list_the_valid_ones() -> None:
    assert "galaxys-edge" in bg.available_games()
    with pytest.raises(bg.UnknownGameError, match="available games: .*galaxys-edge"):
        bg.make("galaxy-edge")


def test_registry_plugins_by_entry_point(monkeypatch: pytest.MonkeyPatch) -> None:
    class EntryPoint:
        name = "toy-plugin"

        def load(self) -> type[bg.Game]:
            return ToyGame

    import boardgames.kernel.registry as registry

    monkeypatch.setattr(
        registry, "entry_points", lambda group: [EntryPoint()] if group == "boardgames.games" else []
    )
    assert "toy-plugin" in bg.available_games()
    assert isinstance(bg.make("toy-plugin", players=2), ToyGame)


def test_reader_names_the_path_of_a_fault() -> None:
    reader = Reader({"xs": [1, 2, "3"], "flag": 1}, "state")
    with pytest.raises(bg.SerializationError, match=r"state\.xs\[2\]"):
        reader.ints("xs", 3, 0, 9)
    with pytest.raises(bg.SerializationError, match="state.flag must be true or false"):
        reader.bool("flag")
    with pytest.raises(bg.SerializationError, match="state.missing is missing"):
        reader.int("missing", 0, 1)


def test_states_are_immutable_to_the_user() -> None:
    state = bg.make("galaxys-edge", players=2).new_game(0)
    with pytest.raises(AttributeError, match="immutable"):
        state.phase = 3
    with pytest.raises(AttributeError):
        del state.phase  # type: ignore[attr-defined]


def test_state_classes_may_not_declare_slots() -> None:
    with pytest.raises(TypeError, match="annotations"):

        class Slotted(bg.State):
            __slots__ = ("x",)


def test_state_classes_take_no_constructor_arguments() -> None:
    # a successor is made by calling its class
    with pytest.raises(TypeError, match="no constructor arguments"):

        class Built(bg.State):
            def __init__(self, x: int) -> None:
                pass


def test_legal_action_mask_matches_the_legal_actions() -> None:
    game = bg.make("galaxys-edge", players=3)
    state = game.new_game(2)
    mask = state.legal_action_mask()
    assert mask.dtype == np.bool_ and mask.sum() == len(state.legal_actions())
    assert all(mask[game.action_id(a)] for a in state.legal_actions())


# -- the conformance checker catches broken games ------------------------------------


@pytest.fixture(autouse=True)
def _private_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games registered by a test stay in that test."""
    import boardgames.kernel.registry as registry

    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    monkeypatch.setattr(registry, "_CACHE", {})
    bg.register_game("toy-race", ToyGame)


def test_conformance_passes_a_correct_game() -> None:
    report = bg.check_game("toy-race", seeds=range(25))
    assert report.player_counts == (1, 2, 3) and report.games_played == 75


def _broken(**overrides: Any) -> type[ToyGame]:
    return type("BrokenToy", (ToyGame,), overrides)


def test_conformance_catches_a_game_that_never_ends() -> None:
    game = _broken(max_game_length=property(lambda self: 3))(players=2)
    with pytest.raises(bg.ConformanceError, match="declared bound"):
        bg.check_game(game, seeds=range(3))


def test_conformance_catches_a_view_that_leaks_hidden_information() -> None:
    def leaky_tensor(self: ToyGame, state: bg.State, player: int) -> np.ndarray:
        cards = state.cards  # type: ignore[attr-defined]
        return np.array([*cards, *([0] * (2 * self.players)), 0], dtype=np.float32)

    game = _broken(observation_tensor=leaky_tensor)(players=2)
    with pytest.raises(bg.ConformanceError, match="hidden information"):
        bg.check_game(game, seeds=range(5))


def test_conformance_catches_non_deterministic_setup() -> None:
    counter = iter(range(10**6))

    def new_game(self: ToyGame, seed: int | None = 0) -> bg.State:
        return ToyGame.new_game(self, next(counter))

    game = _broken(new_game=new_game)(players=2)
    with pytest.raises(bg.ConformanceError, match="not deterministic"):
        bg.check_game(game, seeds=range(3))


def _toy_applying(game_id: str, after: Callable[[bg.State, bg.State], None]) -> None:
    """Register a toy game whose ``_apply`` calls ``after(old, new)`` on each successor."""
    original = ToyState._apply

    def applied(self: ToyState, action_id: int) -> bg.State:
        new = original(self, action_id)
        after(self, new)
        return new

    class AlteredState(ToyState):
        _apply = applied

    class AlteredGame(ToyGame):
        spec = attrs.evolve(ToyGame.spec, id=game_id)

        def _state(self, *args: Any, **kwargs: Any) -> ToyState:
            state = super()._state(*args, **kwargs)
            object.__setattr__(state, "__class__", AlteredState)
            return state

    bg.register_game(game_id, AlteredGame)


def test_conformance_catches_an_apply_that_changes_the_old_state() -> None:
    def mutate(old: bg.State, new: bg.State) -> None:
        object.__setattr__(old, "turn", new.turn)  # type: ignore[attr-defined]

    _toy_applying("toy-mutating", mutate)
    with pytest.raises(bg.ConformanceError, match="changed the old state"):
        bg.check_game("toy-mutating", seeds=range(5), players=[3])


def test_conformance_catches_a_successor_that_keeps_its_parents_caches() -> None:
    def keep_caches(old: bg.State, new: bg.State) -> None:
        for name in bg.State._CACHES:  # a successor copied after the caches were reset
            new.__dict__[name] = old.__dict__[name]

    _toy_applying("toy-keeping", keep_caches)
    with pytest.raises(bg.ConformanceError, match="holds stale"):
        bg.check_game("toy-keeping", seeds=range(5), players=[2])


def test_component_files_that_cannot_be_read_raise_component_errors(tmp_path: Any) -> None:
    from boardgames.kernel.components import read_toml

    good = tmp_path / "good.toml"
    good.write_text('[set]\nname = "mine"\n')
    assert read_toml(good, "toy") == {"set": {"name": "mine"}}
    bad = tmp_path / "bad.toml"
    bad.write_text("[set\n")
    with pytest.raises(bg.ComponentError, match="toy components: .*bad.toml is not valid TOML"):
        read_toml(bad, "toy")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(bg.ComponentError, match="not UTF-8"):
        read_toml(binary, "toy")
    with pytest.raises(bg.ComponentError, match="cannot read"):
        read_toml(tmp_path / "missing.toml", "toy")


def test_deck_knows_who_has_seen_each_known_card() -> None:
    deck = Deck.of([0, 1, 1, 2], kinds=3)
    # Player 1 looks at the top card (a 2) and leaves it; it stays the top card.
    peeked = deck.look(2, seen=0b10)
    assert peeked.top == (2,) and peeked.top_seen == (0b10,) and peeked.size == 4
    assert peeked.known_to(0b01) == ((-1,), ())
    assert peeked.known_to(0b10) == ((2,), ())
    # The card below the known top is drawn from the shuffled middle.
    assert dict(peeked.draw_outcomes(depth=1)) == {0: 1 / 3, 1: 2 / 3}
    # Put under the deck by player 0 alone; known cards without a mask are public.
    under = peeked.draw(2).put_on_bottom(2, seen=0b01).put_on_top(0)
    assert under.known_to(0b10) == ((0,), (-1,))
    assert under.top_seen == (EVERYONE,)
    assert Deck((1,), (1, 1)) == Deck((1,), (1, 1), (), (EVERYONE,))
    with pytest.raises(bg.BoardGameError):
        Deck((1,), (1, 1), (), (1, 2))  # one mask per known card
    with pytest.raises(bg.BoardGameError):
        Deck((1,), (1, 1), (), (0,))  # a known card someone has seen
    # Player 0 looks at the known top card too; a peek below an empty middle
    # brings up the card under the deck, still known to whoever saw it there.
    assert peeked.show(0, 0b01).top_seen == (0b11,)
    with pytest.raises(bg.BoardGameError):
        peeked.show(1, 0b01)
    bare = Deck((), (0, 0, 0), (2,), (), (0b100,))
    assert bare.look(2, seen=0b01) == Deck((2,), (0, 0, 0), (), (0b101,))
    with pytest.raises(bg.BoardGameError):
        bare.look(1)


@given(
    cards=st.lists(st.integers(0, 4), max_size=12),
    split=st.tuples(st.integers(0, 12), st.integers(0, 12)),
    masks=st.lists(st.integers(1, 7), min_size=24, max_size=24),
    viewer=st.integers(1, 7),
    seed=st.integers(0, 2**16),
)
def test_a_dealt_deck_agrees_with_what_its_viewer_knows(
    cards: list[int], split: tuple[int, int], masks: list[int], viewer: int, seed: int
) -> None:
    # A deck with known places on top and at the bottom, seen by some players (bits 0-2).
    n_top = min(split[0], len(cards))
    n_bottom = min(split[1], len(cards) - n_top)
    top, bottom, middle = cards[:n_top], cards[n_top : n_top + n_bottom], cards[n_top + n_bottom :]
    deck = Deck(top, counts_of(middle, 5), bottom, masks[:n_top], masks[12 : 12 + n_bottom])
    seen_top, seen_bottom = deck.known_to(viewer)
    known = [c for c in (*seen_top, *seen_bottom) if c >= 0]
    pool = unseen(deck.multiset(), counts_of(known, 5))

    def deal(rng_seed: int) -> Deck:
        rng = np.random.default_rng(rng_seed)
        return Deck.dealt(rng, pool, seen_top, len(middle), seen_bottom, deck.top_seen, deck.bottom_seen)

    again = deal(seed)
    assert again.known_to(viewer) == (seen_top, seen_bottom)
    assert again.multiset() == deck.multiset()
    assert (len(again.top), sum(again.counts), len(again.bottom)) == (n_top, len(middle), n_bottom)
    assert (again.top_seen, again.bottom_seen) == (deck.top_seen, deck.bottom_seen)
    assert deal(seed) == again
    assert Deck.from_data(json.loads(json.dumps(again.to_data())), kinds=5, players=3) == again


@given(st.lists(st.floats(-100, 100), min_size=2, max_size=6))
def test_best_rivals_is_the_best_of_the_others(values: list[float]) -> None:
    rivals = best_rivals(values)
    assert rivals == [max(v for q, v in enumerate(values) if q != p) for p in range(len(values))]
    leads = leads_over_rivals(values, 6.0)
    assert all(0.0 <= x <= 1.0 for x in leads)
    for share, own, rival in zip(leads, values, rivals):
        assert (share > 0.5 and own > rival) or (share < 0.5 and own < rival) or share == 0.5
        # the same float for two players (written out) as for more (a loop)
        assert share == 1.0 / (1.0 + math.exp(-(own - rival) / 6.0))


def test_successors_reset_every_cache_including_a_games_own() -> None:
    """A successor starts with every cache empty: the kernel's three, and the
    ones a game adds to ``_CACHES`` (reset from ``_RESET``)."""

    class Scored(ToyState):
        _CACHES = (*State._CACHES, "_score_table")

    game = ToyGame(players=2)
    state = game.new_game(1)
    plain = state._successor()
    state.legal_action_ids()
    state.chance_outcome_ids()
    after = state._successor()
    assert type(after) is type(state)
    assert (after._legal, after.__dict__["_chance"]) == (None, None)
    assert after._fields() == plain._fields() == state._fields()

    own = object.__new__(Scored)
    object.__setattr__(own, "__dict__", {**state.__dict__, "_score_table": (1, 2), "_legal": (0,)})
    successor = own._successor()
    assert type(successor) is Scored
    assert successor.__dict__["_score_table"] is None and successor._legal is None
    assert successor._fields() == own._fields()
