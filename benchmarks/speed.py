"""Speed of seeded uniform random playouts, per game.

    python benchmarks/speed.py [--seconds 5] [--slices 10] [--games galaxys-edge ...] [--json]

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
slows both sides (caches, frequency).  So that both sides see the same load,
a game and backgammon take turns in short slices (``--slices`` of each per
row, games carried on from one slice to the next), and the ratio is of the
rates summed over all slices.  Beside it, the lowest and highest ratio of a
game's slice to the backgammon slice after it show how far the ratio moves
within the row: with the machine's load, and with the stretch of which games
each short slice caught.  This is a benchmark, not a test: numbers depend on
the machine.
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


class Driver:
    """Seeded games played one after another, in slices of CPU time; counts actions and games."""

    def __init__(
        self,
        new_state: Callable[[int], Any],
        step: Callable[[Any, Sampler], Any],
        done: Callable[[Any], bool],
    ) -> None:
        self.new_state, self.step, self.done = new_state, step, done
        self.sampler = Sampler(12345)
        self.seed = 0
        self.state = new_state(0)
        self.actions = self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> float:
        """Play on for ``seconds`` of CPU time (at least one action); the slice's actions per second."""
        step, done, sampler = self.step, self.done, self.sampler
        state = self.state
        clock = time.process_time
        start = clock()
        deadline = start + seconds
        actions = 0
        while True:
            if done(state):
                self.games += 1
                self.seed += 1
                state = self.new_state(self.seed)
            state = step(state, sampler)
            actions += 1
            if not actions & 63 and clock() >= deadline:
                break
        spent = clock() - start
        self.seconds += spent
        self.actions += actions
        self.state = state
        return actions / spent

    def result(self) -> dict[str, float]:
        return {
            "actions_per_second": self.actions / self.seconds,
            "games_per_second": self.games / self.seconds,
            "games": self.games,
        }


def random_step(state: bg.State, sampler: Sampler) -> bg.State:
    """One step of the playouts: a uniform pick among the legal actions, or
    a chance outcome drawn by its probability."""
    if state.is_chance:
        return state.apply(pick_outcome(state.chance_outcomes(), sampler))
    actions = state.legal_actions()
    return state.apply(actions[sampler.index(len(actions))])


def ours(game: bg.Game) -> Driver:
    return Driver(game.new_game, random_step, lambda s: s.is_terminal)


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


def backgammon() -> Driver | None:
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

    return Driver(lambda seed: spiel_game.new_initial_state(), step, lambda s: s.is_terminal())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time per game and player count")
    parser.add_argument("--slices", type=int, default=10, help="turns taken with backgammon per row")
    parser.add_argument("--games", nargs="*", default=list(bg.available_games()))
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if not args.seconds > 0 or args.slices < 1:
        parser.error("--seconds must be > 0 and --slices >= 1")
    rows: list[dict[str, Any]] = []
    reference = backgammon()
    for game_id in args.games:
        spec = bg.make(game_id).spec
        for players in range(spec.min_players, spec.max_players + 1):
            game = bg.make(game_id, players=players)
            driver = ours(game)
            rival = backgammon() if reference else None
            # Turn and turn about, so that both see the same machine load.
            by_slice: list[float] = []
            for _ in range(args.slices):
                slice_rate = driver.run(args.seconds / args.slices)
                if rival is not None:
                    by_slice.append(slice_rate / rival.run(args.seconds / args.slices))
            row: dict[str, Any] = {"game": game_id, "players": players, **driver.result()}
            row["median_apply_us"] = median_apply(game)
            if reference is not None and rival is not None:
                reference.actions += rival.actions
                reference.games += rival.games
                reference.seconds += rival.seconds
                rate = rival.result()["actions_per_second"]
                row["backgammon_actions_per_second"] = rate
                row["vs_backgammon"] = row["actions_per_second"] / rate
                row["vs_backgammon_by_slice"] = by_slice
            rows.append(row)
    overall = reference.result() if reference is not None and reference.seconds > 0 else None
    if args.json:
        print(json.dumps({"games": rows, "openspiel_backgammon": overall}, indent=2))
        return 0
    print(
        f"{'game':<18}{'players':>8}{'actions/s':>12}{'games/s':>10}{'median apply':>15}"
        f"{'vs backgammon':>15}{'slices':>13}"
    )
    for row in rows:
        ratio, spread = "-", ""
        if "vs_backgammon" in row:
            ratio = f"{row['vs_backgammon']:.2f}x"
            slices = row["vs_backgammon_by_slice"]
            spread = f"{min(slices):.2f}-{max(slices):.2f}"
        print(
            f"{row['game']:<18}{row['players']:>8}{row['actions_per_second']:>12,.0f}"
            f"{row['games_per_second']:>10,.1f}{row['median_apply_us']:>12.2f} us{ratio:>15}{spread:>13}"
        )
    if overall:
        print(
            f"{'OpenSpiel backgammon':<26}{overall['actions_per_second']:>12,.0f}"
            f"{overall['games_per_second']:>10,.1f}   (C++, in-place apply_action, all slices)"
        )
    else:
        print("OpenSpiel is not installed: pip install open_spiel for the backgammon comparison")
    return 0


if __name__ == "__main__":
    sys.exit(main())
