"""``game.position(...)`` for every moment of a game: the market and decks, the
event deck, leaders, developments, upgrade tiles, discovery and supremacy
tokens, the planet stack, a battle in progress and any pending step; and the
round trip from any reachable state through :func:`describe` and back."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardgames as bg
from boardgames.games.andromedas_edge.position import STEP_NAMES, describe
from boardgames.games.andromedas_edge.state import DEVELOPED, FIELDS, MARKER_ON_STATION, OVER, Task
from tests.tamper import play_randomly, play_to_the_end


def _game(players: int = 2, **options: Any) -> Any:
    return bg.make("andromedas-edge", players=players, **options)


def _texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def _module(game: Any, name: str) -> int:
    return next(k for k, m in enumerate(game.components.modules) if m.name == name)


def _modules_of(game: Any, column: int) -> list[str]:
    return [m.name for m in game.components.modules if m.type == column and not m.core]


# -- the board, the decks and the supplies -------------------------------------------------------


def test_position_market_and_module_decks() -> None:
    """Setup: each module deck shows 3 modules face up; a discarded module goes
    to the bottom of its deck."""
    g = _game(2)
    science = _modules_of(g, 0)
    state = g.position(
        market={"science": [science[0], science[1], None]}, module_bottom={"industry": [_modules_of(g, 1)[0]]}
    )
    assert state.market[0] == (_module(g, science[0]), _module(g, science[1]), -1)
    assert state.mbottom[1] == (_module(g, _modules_of(g, 1)[0]),)
    # every module is in exactly one place: the decks hold the rest
    for k, count in enumerate(g.components.module_counts):
        placed = sum(col.count(k) for col in state.market) + sum(col.count(k) for col in state.mbottom)
        assert state.mdeck[k] + placed + sum(row[4:].count(k) for row in state.station) == count
    with pytest.raises(bg.InvalidOptionError, match="another type"):
        g.position(market={"science": [_modules_of(g, 1)[0], None, None]})
    with pytest.raises(bg.InvalidOptionError, match="3 places"):
        g.position(market={"science": [science[0]]})
    with pytest.raises(bg.InvalidOptionError, match="market column"):
        g.position(market={"supremacy": [None, None, None]})


def test_position_event_deck_discard_and_the_marker_on_a_station() -> None:
    """The Event Track: "Place the event marker on your station to remind you to
    resolve an event card at the end of your turn"; resolved cards are discarded face up."""
    g = _game(2)
    names = [g.components.events[k].name for k in g.event_cards]
    state = g.position(
        event_marker=("station", "Blue"),
        event_discard=names[:2],
        event_top=[(names[2], ["Blue"])],
        to_act="Blue",
        pending=[("event", None), ("end turn", None)],
    )
    assert state.event_pos == MARKER_ON_STATION and state.event_holder == 1
    assert state.ediscard == tuple(g.event_cards[:2]) and state.etop == ((g.event_cards[2], 0b10),)
    assert sum(state.edeck.counts) == len(names) - 3  # the deck's shuffled middle holds the rest
    assert state.is_chance and state.tasks[0][0] == Task.EVENT
    # Blue saw the top card; Red did not
    assert state.view(1).etop == ((g.event_cards[2], 0b10),) and state.view(0).etop == ((-1, 0b10),)
    assert len(state.chance_outcomes()) == 1  # the card on top is known: it is the one revealed
    with pytest.raises(bg.InvalidOptionError, match="event card"):
        g.position(event_discard=["No Such Event"])
    with pytest.raises(bg.InvalidOptionError, match="two places"):
        g.position(event_discard=names[:1], event_top=[(names[0], [])])
    with pytest.raises(bg.InvalidOptionError, match="event_holder|event_marker"):
        g.position(event_marker=99)


def test_position_leaders_where_setup_put_them() -> None:
    """Leaders: "1 leader on each Alliance Base ... 2 leaders on the nebula matching
    the die rolled ... their remaining 1 leader in the leaders area of their station"."""
    g = _game(2)
    state = g.position(leaders={0: {"N3": 2}})
    assert state.leaders_on[0] == (0,) * (g.regions - 4) + (2, 0, 0, 0)
    assert state.leaders_home[0] == 7  # the 6 base leaders recruited
    with pytest.raises(bg.InvalidOptionError, match="leaders_on"):
        g.position(leaders={0: {"N3": 3}})
    with pytest.raises(bg.InvalidOptionError, match="Alliance Bases"):
        g.position(leaders={0: {"A1": 2}})


def test_position_developments_and_their_cards() -> None:
    """Developments: a transport populates the planet; the development card of its type is gained."""
    g = _game(2)
    fresh = g.new_game(0)
    region = next(r for r in range(g.spaces) if 0 <= fresh.layout[r] < 15)
    kind = g.components.planets[fresh.layout[region]].type
    type_name = ("science", "industry", "commerce", "civilization", "supremacy")[kind]
    name = "ABCD"[region // 6] + str(region % 6 + 1)
    built = {"developments": {name: "Red"}, "ships": {0: {"transport 1": "developed"}}, "leaders": {0: {}}}
    state = g.position(**built, development_cards={0: {type_name: 1}})
    assert state.dev[region] == 0 and state.ships[0][0] == DEVELOPED and state.devcards[0][kind] == 1
    # the leaders assigned to the development left the station for good
    assert state.leaders_home[0] == 9 - g.components.dev_leaders[kind]
    used = g.position(**built, development_cards_used={0: {type_name: 1}})
    assert used.devused[0][kind] == 1 and used.devcards[0][kind] == 0
    with pytest.raises(bg.InvalidOptionError, match="one transport populates"):
        g.position(developments={name: "Red"}, leaders={0: {}}, development_cards={0: {type_name: 1}})


def test_position_upgrade_tiles_owned_and_in_the_supply() -> None:
    """Ship upgrades: a player holds 1 neutral tile per ship type and their faction's tile."""
    g = _game(2)
    base = g.position(factions={0: "Korr Warhost"})
    tile = next(t for t in base.upg_supply[0] if t < len(g.components.upgrades) and g.tile_spec(t).ship == 1)
    state = g.position(
        factions={0: "Korr Warhost"},
        upgrades={0: {"fighter": tile}},
        upgrade_supply={
            0: [
                t if t < len(g.components.upgrades) else "Korr Warhost"
                for t in base.upg_supply[0]
                if t != tile
            ]
        },
    )
    assert state.upgrades[0][1] == tile and tile not in state.upg_supply[0]
    with pytest.raises(bg.InvalidOptionError, match="upgrades of player 0"):
        g.position(factions={0: "Korr Warhost"}, upgrades={0: {"transport": tile}})


def test_position_discovery_and_supremacy_tokens() -> None:
    """Progress Tracks: 3 stacks of 5 discovery tokens, 3 supremacy tokens face up;
    "If you are the first to reach a supremacy token space, claim the token"."""
    g = _game(2)
    fresh = g.new_game(0)
    stacks = [dict((k, n) for k, n in enumerate(st) if n) for st in fresh.dstacks]
    first = min(stacks[0])
    taken = dict(stacks[0])
    taken[first] -= 1
    state = g.position(
        discovery_stacks=[taken, stacks[1], stacks[2]],
        discovery_tokens={1: {first: 1}},
        supremacy_tokens=[None, fresh.stokens[1], fresh.stokens[2]],
        supremacy_held={0: {fresh.stokens[0]: 1}},
        tracks={0: {"supremacy": 2}},
    )
    assert state.dheld[1][first] == 1 and sum(state.dstacks[0]) == 4
    assert state.stokens[0] == -1 and state.sheld[0][fresh.stokens[0]] == 1
    with pytest.raises(bg.InvalidOptionError, match="discovery tokens"):
        g.position(discovery_tokens={1: {first: 1}})
    with pytest.raises(bg.InvalidOptionError, match="supremacy tokens"):
        g.position(supremacy_held={0: {0: 1}})
    with pytest.raises(bg.InvalidOptionError, match="claims the token"):
        g.position(tracks={0: {"supremacy": 2}})
    with pytest.raises(bg.InvalidOptionError, match="claims the token"):
        g.position(
            supremacy_tokens=[fresh.stokens[0], None, fresh.stokens[2]],
            supremacy_held={0: {fresh.stokens[1]: 1}},
            tracks={0: {"supremacy": 2}},
        )


def test_position_planet_stack_is_what_the_layout_leaves() -> None:
    """Setup: the planets not placed on the board form the planet stack."""
    g = _game(2)
    planets = [p.name for p in g.components.planets]

    def last(layout: list[Any]) -> int:
        return max(i for i, t in enumerate(layout) if t is not None)

    found = ((seed, describe(g.position(seed=seed))) for seed in range(50))
    seed, fresh = next((seed, d) for seed, d in found if d["layout"][last(d["layout"])] in planets)
    layout = fresh["layout"]
    end = last(layout)
    name = "ABCD"[end // 6] + str(end % 6 + 1)
    moons = {region: moon for region, moon in fresh["moons"].items() if region != name}
    state = g.position(seed=seed, layout=[*layout[:end], None, *layout[end + 1 :]], moons=moons)
    assert state.planet_stack[planets.index(layout[end])] == 1 and state.layout[end] == -1
    assert sum(state.planet_stack) == sum(g.new_game(seed).planet_stack) + 1
    with pytest.raises(bg.InvalidOptionError, match="not a tile"):
        g.position(layout=["Nowhere"] * g.spaces)
    with pytest.raises(bg.InvalidOptionError, match="each of the"):
        g.position(layout=[])


def test_position_tactics_discard_and_sustain_cards() -> None:
    """Tactics cards: played cards are discarded; sustain cards stay until Return to Station."""
    g = _game(2)
    comps = g.components
    sustain = next(t.name for t in comps.tactics if t.type == 2)
    action = next(t.name for t in comps.tactics if t.type == 0)
    state = g.position(tactics_discard={action: 1}, sustain={0: {sustain: 1}})
    a = [t.name for t in comps.tactics].index(action)
    s = [t.name for t in comps.tactics].index(sustain)
    assert state.tdiscard[a] == 1 and state.sustain[0][s] == 1
    assert state.tdeck[a] == comps.tactics_counts[a] - 1 and state.tdeck[s] == comps.tactics_counts[s] - 1
    with pytest.raises(bg.InvalidOptionError, match="not a sustain card"):
        g.position(sustain={0: {action: 1}})
    with pytest.raises(bg.InvalidOptionError, match="more tactics cards"):
        g.position(tactics_discard={action: 99})


# -- a turn in progress ------------------------------------------------------------------------


def test_position_battle_in_progress_dice_to_roll() -> None:
    """Battle Step 4 -- Roll Dice: each participant rolls its battle dice, then Step 5 -- Outcome."""
    g = _game(2)
    state = g.position(
        to_act="Red",
        ships={0: {"fighter": "A1"}},
        raiders={"A": "A1"},
        region="A1",
        battle={"dice": {0: 1, "raiders": 1}, "targeting": {0: 1, "raiders": 1}},
        pending=[
            ("battle die", None, 0),
            ("battle die", None, "raiders"),
            ("battle outcome", None),
            ("free actions", 0),
        ],
    )
    assert state.is_chance and state.tasks[0] == (Task.BATTLE_DIE, -1, 0, 0)
    assert len(state.chance_outcomes()) == 6
    rolled = state.apply(state.chance_outcomes()[5][0])
    assert rolled.b_rolls[0] == (6,) and rolled.is_chance
    assert describe(rolled)["battle"]["rolls"] == {0: [6]}
    with pytest.raises(bg.InvalidOptionError, match="no active region"):
        g.position(pending=("battle die", None, 0))
    with pytest.raises(bg.InvalidOptionError, match="not a part of a battle"):
        g.position(battle={"morale": {0: 1}})
    with pytest.raises(bg.InvalidOptionError, match="battle rolls"):
        g.position(battle={"rolls": {0: [7]}})
    with pytest.raises(bg.InvalidOptionError, match="b_lost"):
        g.position(battle={"lost": ["raiders"]})


def test_position_pending_decisions_and_chance_steps() -> None:
    """Any step can be pending: one step is followed by the rest of the turn (free actions)."""
    g = _game(2)
    salvage = "Salvage Run"
    discarding = g.position(hands={0: {salvage: 6}}, pending="discard")
    assert discarding.tasks == ((Task.DISCARD, 0, 0, 0), (Task.POST, 0, 0, 0))
    assert discarding.current_player == 0 and all("discard" in t for t in _texts(discarding))
    drawing = g.position(pending=("draw", "Red", 2))
    assert drawing.is_chance and drawing.tasks[0] == (Task.DRAW, 0, 2, 0)
    refilling = g.position(
        market={"commerce": [None, None, None]}, pending=[("refill", None, "commerce"), ("free actions", 0)]
    )
    assert refilling.is_chance and refilling.tasks[0] == (Task.REFILL, -1, 2, 0)
    returning = g.position(pending=[("return to station", 0), ("return ships", 0), ("free actions", 0)])
    assert returning.tasks[0] == (Task.RETURN, 0, 0, 0)
    assert set(STEP_NAMES.values()) >= {
        "discard",
        "spend",
        "battle die",
        "draw",
        "refill",
        "event",
        "return to station",
    }
    with pytest.raises(bg.InvalidOptionError, match="is not a step"):
        g.position(pending="teleport")
    with pytest.raises(bg.InvalidOptionError, match="active player's turn names another"):
        g.position(pending=[("free actions", 1)])
    with pytest.raises(bg.InvalidOptionError, match="no legal action"):
        g.position(pending=("peek", 0))


def test_position_this_turn_flags_and_the_final_turns() -> None:
    """Game End: "immediately remove the event marker from the event track"; final turns follow."""
    g = _game(2)
    state = g.position(event_marker="removed", final_turns=1, turn=7, this_turn=["ability used"])
    assert state.event_pos == -1 and state.final == 1 and state.turn == 7 and state.ability_used
    with pytest.raises(bg.InvalidOptionError, match="marker is removed"):
        g.position(final_turns=1)
    with pytest.raises(bg.InvalidOptionError, match="only in 2v2"):
        g.position(this_turn=["transferred"])
    with pytest.raises(bg.InvalidOptionError, match="this_turn flag"):
        g.position(this_turn=["tired"])


def test_position_game_over() -> None:
    g = _game(2)
    over = g.position(game_over=True, vp={0: 30, 1: 20})
    assert over.phase == OVER and over.is_terminal and over.winners == frozenset({0})
    with pytest.raises(bg.InvalidOptionError, match="no step is pending"):
        g.position(game_over=True, pending="discard")


def test_position_faction_and_destiny_still_to_choose() -> None:
    """Factions: "keep 1 of 3"; Destiny: keep 1 of the 2 dealt."""
    g = _game(2, destiny=True)
    fresh = g.new_game(0)
    offers = {p: [g.components.factions[f].name for f in fresh.offers[p]] for p in range(2)}
    destinies = {p: [g.components.destiny[k].name for k in fresh.doffers[p]] for p in range(2)}
    first = g.turn_order(fresh.active)[0]
    state = g.position(
        to_act=fresh.active,
        faction_offers=offers,
        destiny_offers=destinies,
        pending=[("faction", p) for p in g.turn_order(fresh.active)]
        + [("destiny", p) for p in g.turn_order(fresh.active)]
        + [("launch or return", fresh.active)],
        resources={
            p: dict.fromkeys(("energy", "titanium", "ice", "nanocarbon", "credits"), 0) for p in range(2)
        },
        upgrade_supply={p: list(fresh.upg_supply[p]) for p in range(2)},
    )
    assert state.current_player == first and _texts(state) == _texts(fresh)
    with pytest.raises(bg.InvalidOptionError, match="dealt to two players"):
        g.position(factions={0: "Korr Warhost", 1: "Korr Warhost"})
    with pytest.raises(bg.InvalidOptionError, match="has kept a faction"):
        g.position(factions={0: "Korr Warhost"}, faction_offers={0: offers[0]})


def test_position_raider_damage_and_cards() -> None:
    """Raiders: damage stays on a standee on the board; each class has one raider card."""
    g = _game(2)
    c_card = next(r for r in g.components.raiders if r.cls == 3 and r.shields)
    state = g.position(raiders={"C": "B3"}, raider_cards={"C": c_card.name}, raider_damage={"C": [1]})
    assert state.rdmg[g.class_standees[3][0]] == 1
    assert state.raider_cards[3] == g.components.raiders.index(c_card)
    with pytest.raises(bg.InvalidOptionError, match="not on the board"):
        g.position(raiders={"C": None}, raider_cards={"C": c_card.name}, raider_damage={"C": [1]})
    with pytest.raises(bg.InvalidOptionError, match="shields"):
        g.position(raiders={"C": "B3"}, raider_cards={"C": c_card.name}, raider_damage={"C": [2]})
    with pytest.raises(bg.InvalidOptionError, match="raider card"):
        g.position(raider_cards={"A": "Nobody"})
    with pytest.raises(bg.InvalidOptionError, match="one card of each class"):
        g.position(raider_cards={"A": c_card.name})


def test_position_moons_on_the_board_and_discarded() -> None:
    """Claiming Moons: each planet holds a face-up moon over face-down ones."""
    g = _game(2)
    d = describe(g.new_game(0))
    region, (top, hidden) = next(iter(d["moons"].items()))
    state = g.position(moons={**d["moons"], region: (top, hidden - 1)}, moon_discard={top: 1})
    assert state.moon_discard[top] == 1
    with pytest.raises(bg.InvalidOptionError, match="moon"):
        g.position(moons={region: (top, 5)})


def test_position_ships_on_modules_only_while_returning_to_station() -> None:
    """Return to Station: ships placed on modules return with the others in Step 2."""
    g = _game(2)
    with pytest.raises(bg.InvalidOptionError, match="Return to Station"):
        g.position(ships={0: {"transport 1": "on a module"}})
    with pytest.raises(bg.InvalidOptionError, match="Return to Station"):
        g.position(used_modules={0: {0: 1}})
    state = g.position(
        ships={0: {"transport 1": "on a module"}},
        used_modules={0: {0: 1}},
        pending=[("return to station", 0), ("return ships", 0), ("free actions", 0)],
    )
    assert state.mused[0][0] == 1


# -- the round trip -------------------------------------------------------------------------------------


GAMES = (
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"destiny": True}),
    (3, {"special_regions": "quasars"}),
    (3, {"special_regions": "vortexes", "event_deck": "Cosmic Twilight"}),
    (4, {"teams": True, "destiny": True}),
)


def _reachable(players: int, options: dict[str, Any], seed: int, steps: int) -> Any:
    return play_randomly(_game(players, **options).new_game(seed), seed, steps)


@settings(max_examples=40, deadline=None)
@given(which=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**16), steps=st.integers(0, 900))
def test_position_of_a_reachable_states_description_round_trips(which: int, seed: int, steps: int) -> None:
    players, options = GAMES[which]
    state = _reachable(players, options, seed, steps)
    game = state.game
    built = game.position(**describe(state))
    for name in ("_player", *FIELDS):
        assert built.__dict__[name] == state.__dict__[name], name
    assert describe(built) == describe(state)
    assert bg.to_json(built) == bg.to_json(state)
    if built.is_chance:
        assert built.chance_outcomes() == state.chance_outcomes()
    elif not built.is_terminal:
        assert built.legal_action_ids() == state.legal_action_ids()
        assert _texts(built) == _texts(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_position_built_mid_game_plays_to_the_end(players: int) -> None:
    state = _reachable(players, {}, players, 300)
    built = state.game.position(**describe(state))
    play_to_the_end(built, players)
