"""MCTS iterations per second, per game, on one fixed position.

    python benchmarks/search.py [--iterations 200] [--rounds 3] [--games warpgate ...] [--json]
    python benchmarks/search.py --against /tmp/base     # old vs new, side by side

``--against DIR`` measures a second checkout of the library (for example
``git worktree add --detach /tmp/base <commit>``, or ``git archive <commit>
| tar -x -C /tmp/base``) on the same positions with this same script, and
prints both best rates, their ratio, the median of the rounds' ratios and
whether the two builds searched the same tree (same choice and root
visits: the search itself is unchanged, so the ratio compares equal work).
In each round the two builds run at the same time, each in a fresh process
(so caches a game keeps between searches start cold on both sides), so that
load from other jobs on a shared machine slows both alike; the median of
the paired ratios is the figure to trust on a busy machine.

For every game it plays 40 seeded uniform random steps (decisions and
chance outcomes alike) into a 2-player game from seed 0, goes on to the
next decision, and lets the default :class:`~boardgames.bots.MCTSBot`
search that position for ``--iterations`` iterations with a generator
seeded 0.  The position and the search are deterministic, so two builds
measured with this script search exactly the same tree; the chosen action
and the root visit counts are printed so that can be checked.

Time is CPU time of this process (``time.process_time``), the best of
``--rounds`` searches, so that other load on the machine skews it less.
This is a benchmark, not a test: numbers depend on the machine.

The position is reached by uniform random steps in which chance outcomes are
picked uniformly too (not with their probabilities), so for some games it is
not a typical position of a real game: Age of Galaxy's is an early turn whose
heuristic is dear to compute, and its rate there is well below the rate on
positions 40 decisions into a game.  ``--steps`` moves the position; rates
taken at different positions (or with other bot settings: the budget is the
default MCTSBot's, 10 worlds and priors of weight 5) do not compare.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

import numpy as np

import boardgames as bg
from boardgames.bots import MCTSBot
from boardgames.kernel.chance import Sampler

STEPS = 40
"""Random steps from the start to the measured position."""


def position(game: bg.Game, steps: int = STEPS) -> bg.State:
    """The first decision at or after ``steps`` seeded uniform random steps from seed 0."""
    sampler = Sampler(2026)
    state = game.new_game(0)
    done = 0
    while not state.is_terminal and (done < steps or state.is_chance):
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.apply(outcomes[sampler.index(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state = state.apply(actions[sampler.index(len(actions))])
        done += 1
    if state.is_terminal:
        raise SystemExit(f"{game.id}: the game ended within {steps} random steps; take fewer --steps")
    return state


def search(game: bg.Game, state: bg.State, iterations: int) -> tuple[float, str, dict[str, int]]:
    """CPU seconds of one search, the chosen action's text and the root visit counts."""
    player = state.current_player
    bot = MCTSBot(iterations=iterations)
    bot.start(game, player)
    view = state.view(player)
    legal = state.legal_actions()
    started = time.process_time()
    action = bot.choose(view, legal, np.random.default_rng(0))
    seconds = time.process_time() - started
    assert bot.last_search is not None
    return seconds, str(action), bot.last_search.visits


def measure(
    game_id: str, iterations: int, rounds: int, steps: int = STEPS, players: int = 2
) -> dict[str, Any]:
    game = bg.make(game_id, players=players)
    state = position(game, steps)
    best = float("inf")
    choice = ""
    visits: dict[str, int] = {}
    for _ in range(rounds):
        seconds, choice, visits = search(game, state, iterations)
        best = min(best, seconds)
    return {
        "game": game_id,
        "iterations": iterations,
        "iterations_per_second": iterations / best if best > 0 else float("inf"),
        "choice": choice,
        "visits": visits,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200, help="iterations per search")
    parser.add_argument("--rounds", type=int, default=3, help="searches per game; the fastest counts")
    parser.add_argument("--games", nargs="*", default=list(bg.available_games()))
    parser.add_argument("--steps", type=int, default=STEPS, help="random steps to the position (default 40)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", metavar="DIR", help="another checkout of the library to compare with")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if args.against:
        return compare(args)
    rows = [
        measure(game_id, args.iterations, args.rounds, args.steps, args.players) for game_id in args.games
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'game':<18}{'iterations/s':>14}  chosen action (root visits)")
    for row in rows:
        top = sorted(row["visits"].items(), key=lambda kv: -kv[1])[:3]
        shown = ", ".join(f"{text}: {n}" for text, n in top)
        print(f"{row['game']:<18}{row['iterations_per_second']:>14,.0f}  {row['choice']} ({shown})")
    return 0


def _start(root: str, args: argparse.Namespace) -> subprocess.Popen[str]:
    """A fresh process that measures every game once (best of 2 searches) with the library at ``root``."""
    command = [
        sys.executable,
        os.path.abspath(__file__),
        "--json",
        "--rounds=2",
        f"--iterations={args.iterations}",
        f"--steps={args.steps}",
        f"--players={args.players}",
        "--games",
        *args.games,
    ]
    env = {**os.environ, "PYTHONPATH": root}
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)


def _rows(process: subprocess.Popen[str]) -> dict[str, dict[str, Any]]:
    out, _ = process.communicate()
    if process.returncode:
        raise SystemExit(f"a measuring process failed (exit status {process.returncode})")
    return {row["game"]: row for row in json.loads(out)}


def compare(args: argparse.Namespace) -> int:
    """Old (``--against``) and new (this checkout) side by side, in pairs of processes run together."""
    old_root = os.path.abspath(args.against)
    if not os.path.isdir(os.path.join(old_root, "boardgames")):
        print(f"{old_root} is not a checkout of the library (no boardgames/ in it)", file=sys.stderr)
        return 2
    new_root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rounds: list[tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]] = []
    for _ in range(args.rounds):
        # Both builds at the same time, so that whatever else the machine runs
        # slows both alike; each round's ratio is one paired sample.
        old_process, new_process = _start(old_root, args), _start(new_root, args)
        rounds.append((_rows(old_process), _rows(new_process)))
    rows = []
    for game_id in args.games:
        olds = [old[game_id] for old, _ in rounds]
        news = [new[game_id] for _, new in rounds]
        ratios = sorted(n["iterations_per_second"] / o["iterations_per_second"] for o, n in zip(olds, news))
        old = max(olds, key=lambda r: r["iterations_per_second"])
        new = max(news, key=lambda r: r["iterations_per_second"])
        same = old["choice"] == new["choice"] and old["visits"] == new["visits"]
        rows.append(
            {
                "game": game_id,
                "old": old["iterations_per_second"],
                "new": new["iterations_per_second"],
                "ratio": new["iterations_per_second"] / old["iterations_per_second"],
                "median_ratio": ratios[len(ratios) // 2]
                if len(ratios) % 2
                else (ratios[len(ratios) // 2 - 1] + ratios[len(ratios) // 2]) / 2,
                "same_search": same,
                "old_choice": old["choice"],
                "new_choice": new["choice"],
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"old: {old_root}\nnew: {new_root}")
    print(f"{args.iterations} iterations; best of {args.rounds} rounds, old and new run together in each")
    print(f"{'game':<18}{'old it/s':>10}{'new it/s':>10}{'best/best':>11}{'median':>9}  same search")
    for row in rows:
        same_text = "yes" if row["same_search"] else f"no ({row['old_choice']} / {row['new_choice']})"
        print(
            f"{row['game']:<18}{row['old']:>10,.0f}{row['new']:>10,.0f}{row['ratio']:>10.2f}x"
            f"{row['median_ratio']:>8.2f}x  {same_text}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
