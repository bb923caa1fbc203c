"""MCTS iterations per second, per game, on one fixed position.

    python benchmarks/search.py [--iterations 200] [--rounds 3] [--games warpgate ...] [--json]

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
"""

from __future__ import annotations

import argparse
import json
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


def measure(game_id: str, iterations: int, rounds: int) -> dict[str, Any]:
    game = bg.make(game_id, players=2)
    state = position(game)
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
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = [measure(game_id, args.iterations, args.rounds) for game_id in args.games]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'game':<18}{'iterations/s':>14}  chosen action (root visits)")
    for row in rows:
        top = sorted(row["visits"].items(), key=lambda kv: -kv[1])[:3]
        shown = ", ".join(f"{text}: {n}" for text, n in top)
        print(f"{row['game']:<18}{row['iterations_per_second']:>14,.0f}  {row['choice']} ({shown})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
