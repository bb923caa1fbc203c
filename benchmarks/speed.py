"""Speed of seeded uniform random playouts, per game.

    python benchmarks/speed.py [--seconds 5] [--games galaxys-edge ...] [--json]

For every game (and player count) it reports applied actions per second,
games per second, and the median cost of one ``apply``.  All games go
through one Python driver loop: ``legal_actions()``, pick uniformly,
``apply``; chance nodes pick from ``chance_outcomes()``.  When OpenSpiel
(``pip install open_spiel``) is installed, its C++ ``backgammon`` runs
through the same loop in the same run (with its in-place ``apply_action``,
the fastest way to drive it), and the ratio to it is printed, one row per
game and player count.

Rates are per second of CPU time of this process (``time.process_time``), so
that other load on the machine skews them less; a loaded machine still
slows both sides (caches, frequency), so compare ratios measured in one run.
This is a benchmark, not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import boardgames as bg
from boardgames.kernel.chance import Sampler


def pick_outcome(outcomes: Any, sampler: Sampler) -> Any:
    draw = sampler.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if draw < total:
            return outcome
    return outcomes[-1][0]


def drive(
    new_state: Callable[[int], Any],
    step: Callable[[Any, Sampler], Any],
    done: Callable[[Any], bool],
    seconds: float,
) -> dict[str, float]:
    """Play seeded games until ``seconds`` of CPU time have passed; count actions and games."""
    sampler = Sampler(12345)
    actions = games = 0
    seed = 0
    clock = time.process_time
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = new_state(seed)
        seed += 1
        while not done(state):
            state = step(state, sampler)
            actions += 1
        games += 1
    elapsed = clock() - start
    return {"actions_per_second": actions / elapsed, "games_per_second": games / elapsed, "games": games}


def ours(game: bg.Game, seconds: float) -> dict[str, float]:
    def step(state: bg.State, sampler: Sampler) -> bg.State:
        if state.is_chance:
            return state.apply(pick_outcome(state.chance_outcomes(), sampler))
        actions = state.legal_actions()
        return state.apply(actions[sampler.index(len(actions))])

    result = drive(game.new_game, step, lambda s: s.is_terminal, seconds)
    result["median_apply_us"] = median_apply(game)
    return result


def median_apply(game: bg.Game, samples: int = 20000) -> float:
    """Median wall time of one ``apply`` (decisions and chance alike), in microseconds."""
    sampler = Sampler(99)
    times: list[int] = []
    seed = 0
    clock = time.perf_counter_ns
    while len(times) < samples:
        state = game.new_game(seed)
        seed += 1
        while not state.is_terminal and len(times) < samples:
            if state.is_chance:
                action = pick_outcome(state.chance_outcomes(), sampler)
            else:
                actions = state.legal_actions()
                action = actions[sampler.index(len(actions))]
            t0 = clock()
            state = state.apply(action)
            times.append(clock() - t0)
    return statistics.median(times) / 1000


def backgammon(seconds: float) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    spiel_game = pyspiel.load_game("backgammon")

    def step(state: Any, sampler: Sampler) -> Any:
        if state.is_chance_node():
            state.apply_action(pick_outcome(state.chance_outcomes(), sampler))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[sampler.index(len(actions))])
        return state

    return drive(lambda seed: spiel_game.new_initial_state(), step, lambda s: s.is_terminal(), seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--games", nargs="*", default=list(bg.available_games()))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    reference = backgammon(args.seconds)
    for game_id in args.games:
        spec = bg.make(game_id).spec
        for players in range(spec.min_players, spec.max_players + 1):
            result = ours(bg.make(game_id, players=players), args.seconds)
            row: dict[str, Any] = {"game": game_id, "players": players, **result}
            if reference:
                # Measured right after this game, so that both see the same machine load.
                after = backgammon(args.seconds / 2)
                assert after is not None
                row["backgammon_actions_per_second"] = after["actions_per_second"]
                row["vs_backgammon"] = result["actions_per_second"] / after["actions_per_second"]
            rows.append(row)
    if args.json:
        print(json.dumps({"games": rows, "openspiel_backgammon": reference}, indent=2))
        return 0
    print(
        f"{'game':<18}{'players':>8}{'actions/s':>12}{'games/s':>10}{'median apply':>15}{'vs backgammon':>15}"
    )
    for row in rows:
        ratio = f"{row['vs_backgammon']:.2f}x" if "vs_backgammon" in row else "-"
        print(
            f"{row['game']:<18}{row['players']:>8}{row['actions_per_second']:>12,.0f}"
            f"{row['games_per_second']:>10,.1f}{row['median_apply_us']:>12.2f} us{ratio:>15}"
        )
    if reference:
        print(
            f"{'OpenSpiel backgammon':<26}{reference['actions_per_second']:>12,.0f}"
            f"{reference['games_per_second']:>10,.1f}   (C++, in-place apply_action, same driver loop)"
        )
    else:
        print("OpenSpiel is not installed: pip install open_spiel for the backgammon comparison")
    return 0


if __name__ == "__main__":
    sys.exit(main())
