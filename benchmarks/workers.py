"""Tournament games per second with one worker process and with several.

    python benchmarks/workers.py [--games 200] [--workers 2] [--bots greedy,random] [--json] [GAME ...]

For every game it plays the same seeded tournament (``--games`` games
between ``--bots`` at 2 players) once with ``--workers 1`` (every game in
this process) and once with ``--workers N`` (a process pool), and prints
games per second of each and the speedup.

Wall-clock speedup is what a user sees, and it is only meaningful on a
machine with N idle cores: on a shared machine other jobs take the cores the
pool would use.  So the script also reports the CPU time each run spent
(this process and its workers, from ``getrusage``): the pool's *overhead*
is how much more CPU the parallel run needed for the same games (starting
the workers, making the game again in each, sending games and summaries),
and ``ideal`` is the speedup N idle cores would give with that overhead,
``N * cpu(1) / cpu(N)`` capped by how evenly the chunks share out.
The load average before and after is printed so a loaded run can be told
from a quiet one.

A pool cannot beat the machine: N cores of a virtual machine (or cores that
share caches and memory bandwidth) do not run N processes at full speed.
So the script also runs N independent single-process tournaments of
``games / N`` games each at the same time, no pool involved: ``copies`` is
their speedup over the one-worker run, what the machine allows, and
``of copies`` is the pool's speedup as a share of it (1.00: the pool costs
nothing the machine would not).  Each run is a fresh Python process, so that neither
inherits what the other computed.  This is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from typing import Any

import boardgames as bg
from boardgames.arena.tournament import chunked, schedule
from boardgames.arena.tournament import tournament as run_tournament


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _run(game: bg.Game, bots: list[str], games: int, workers: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds of one tournament."""
    cpu = _cpu()
    wall = time.perf_counter()
    result = run_tournament(game, bots, games=games, workers=workers, seed=1)
    wall = time.perf_counter() - wall
    cpu = _cpu() - cpu
    if result.failures:
        raise SystemExit(f"{game.id}: {len(result.failures)} games failed: {result.failures[0].error}")
    return wall, cpu


def _fresh(game_id: str, bots: list[str], games: int, workers: int) -> tuple[float, float]:
    """:func:`_run` in a new Python process.  Games remember what they computed
    for positions they met (Galaxy's Edge's tables), and forked workers inherit
    what their parent holds: two runs in one process would not start equal."""
    out = subprocess.run(
        [sys.executable, __file__, "--single", game_id, str(games), str(workers), ",".join(bots)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    wall, cpu = json.loads(out)
    return float(wall), float(cpu)


def _copies(game_id: str, bots: list[str], games: int, copies: int) -> float:
    """Wall seconds of ``copies`` single-worker tournaments of ``games // copies``
    games each, run side by side in separate processes (no pool)."""
    command = [sys.executable, __file__, "--single", game_id, str(games // copies), "1", ",".join(bots)]
    wall = time.perf_counter()
    running = [subprocess.Popen(command, stdout=subprocess.DEVNULL) for _ in range(copies)]
    if any(p.wait() for p in running):
        raise SystemExit(f"{game_id}: a side-by-side tournament failed")
    return time.perf_counter() - wall


def measure(game_id: str, games: int, workers: int, bots: list[str]) -> dict[str, Any]:
    load = os.getloadavg()[0]
    wall1, cpu1 = _fresh(game_id, bots, games, 1)
    walln, cpun = _fresh(game_id, bots, games, workers)
    wallc = _copies(game_id, bots, games, workers)
    # The pool cannot beat its last chunk: the share of games in the largest chunk
    # per worker bounds the speedup on idle cores.
    chunks = chunked(schedule(len(bots), 2, games, 1), workers)
    balance = min(workers, games / max(len(c) for c in chunks))
    return {
        "game": game_id,
        "games": games,
        "workers": workers,
        "games_per_second_1": games / wall1,
        f"games_per_second_{workers}": games / walln,
        "speedup": wall1 / walln,
        "cpu_seconds_1": cpu1,
        f"cpu_seconds_{workers}": cpun,
        "overhead": cpun / cpu1 - 1.0,
        "ideal": min(balance, workers * cpu1 / cpun),
        "copies": wall1 / wallc * (games // workers * workers) / games,
        "of_copies": (wall1 / walln) / (wall1 / wallc * (games // workers * workers) / games),
        "load_before": load,
        "load_after": os.getloadavg()[0],
    }


def main() -> None:
    if len(sys.argv) == 6 and sys.argv[1] == "--single":
        game_id, games, workers, bots = sys.argv[2:]
        game = bg.make(game_id, players=2)
        print(json.dumps(_run(game, bots.split(","), int(games), int(workers))))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="game ids (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per tournament")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [
        measure(g, args.games, args.workers, args.bots.split(","))
        for g in (args.games_ids or bg.available_games())
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    w = args.workers
    print(f"{args.games} games of {args.bots} at 2 players, 1 worker against {w}")
    heads = ("games/s 1", f"games/s {w}", "speedup", "overhead", "ideal", "copies", "of copies", "load")
    widths = (10, 10, 8, 9, 6, 7, 9, 10)
    print(f"{'game':18} " + " ".join(f"{h:>{n}}" for h, n in zip(heads, widths)))
    for r in rows:
        print(
            f"{r['game']:18} {r['games_per_second_1']:10.2f} {r[f'games_per_second_{w}']:10.2f} "
            f"{r['speedup']:7.2f}x {r['overhead']:8.1%} {r['ideal']:5.2f}x "
            f"{r['copies']:6.2f}x {r['of_copies']:9.2f} "
            f"{r['load_before']:4.1f}-{r['load_after']:4.1f}"
        )


if __name__ == "__main__":
    main()
