"""Where a game's Python work goes: bytecodes executed per action, by function and by step kind.

    python benchmarks/opcodes.py [--games andromedas-edge ...] [--players 2] [--seeds 6] [--top 30]
    python benchmarks/opcodes.py --games galaxys-edge --lines kernel/steps.py:apply

``benchmarks/instructions.py`` gives exact totals but takes a minute per row
and says nothing of where the instructions go; cProfile and line profilers
say where, but their own cost per call and per line distorts a profile of
many small calls.  This counts, under ``sys.settrace`` with opcode events,
every bytecode the seeded uniform random playouts of ``benchmarks/speed.py``
execute (legal actions, the pick, apply; chance by its probabilities), and
charges each to the function running it.  A warm-up game (seed 0) is
played first and not counted, as in ``instructions.py``: tables a game
builds once, on its first use (the outcomes of a deck, say), would
otherwise show as a cost of every action.  The counts are exact and repeat
from run to run, so two builds compare to the opcode, and a run takes
seconds.  It prints per game and player count:

- the opcodes per action, and per function (its own opcodes, not those of
  the functions it calls), the largest first;
- for a game on the kernel's step machine, per kind of the step that was
  first in the queue: how often it came, and the opcodes of listing its
  choices (``legal_actions`` or ``chance_outcomes``), of the driver's pick,
  and of ``apply`` (with everything settling runs afterwards), per action;
- with ``--lines FILE:FUNCTION``, the opcodes of each line of that function;
- with ``--unspecialised``, the instructions CPython's specialising
  interpreter gave up on (attribute reads, method loads, calls, subscripts:
  shown by ``dis.get_instructions(code, adaptive=True)`` under a generic
  name, on 3.11 as ``..._ADAPTIVE``), after the same games were played
  untraced (tracing stops specialisation), with how often each runs per
  action and its line.  On 3.11 such a read or call costs about 250 machine
  instructions where a specialised one costs a few dozen: a method load on
  a state, a class attribute read through a state, ``__dict__``, a call of
  ``dict.update()``.  On 3.11 it lists too the specialised instructions
  that fail their guard on most runs, which ``dis`` shows as specialised
  most of the time: a specialised instruction's first cache entry counts its
  misses down from 53, and at 0 it goes back to adaptive and specialises
  again.  Read every few actions of the untraced games, a counter more than
  two misses a game below 53 marks the site, shown with the most misses
  seen (a method load on a state: its guard compares the version of the
  class's shared keys with the version of the state's own dict's keys,
  which a state's dict, cloned from its parent's, never has).  A site the
  games share (the kernel's) keeps what an earlier game of the same process
  made of it until it has missed 53 times: read the guards of one game per
  process (``--games andromedas-edge --players 2``).

An opcode is a proxy, not a cost: one ``LOAD_FAST`` and one ``BINARY_SUBSCR``
that copies a dict count the same, and work done in C (builtins, ``dict``
and ``tuple`` operations) is not seen.  On 3.11 an Andromeda's Edge action
averages about 65 machine instructions per opcode.  Use this to find where
to look and ``instructions.py`` to say whether a change paid.  This is a
benchmark tool, not a test.
"""

from __future__ import annotations

import argparse
import dis
import gc
import linecache
import os
import sys
from collections import Counter
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from speed import pick_outcome, random_step


def _machine(game: Any) -> Any:
    """The game's step machine, where it keeps one (``game.machine``,
    ``game.rules.machine`` or ``game.rules`` itself), else None."""
    from boardgames.kernel.steps import StepMachine

    rules = getattr(game, "rules", None)
    for found in (getattr(game, "machine", None), getattr(rules, "machine", None), rules):
        if isinstance(found, StepMachine):
            return found
    return None


_FAMILIES = (
    "LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR", "LOAD_GLOBAL",
    "BINARY_SUBSCR", "STORE_SUBSCR", "PRECALL", "CALL",
)  # fmt: skip
"""The reads, stores and calls the specialising interpreter (3.11+) rewrites for the types it sees."""


def _generic(opname: str) -> bool:
    """Whether an instruction, as ``dis`` shows it after the warm-up, runs unspecialised."""
    if sys.version_info < (3, 12):
        # 3.11 shows an instruction it could not specialise as ..._ADAPTIVE (one never run
        # keeps its plain name); a CALL after a specialised PRECALL_* is never run, and
        # after PRECALL_ADAPTIVE the site is listed already
        return opname.endswith("_ADAPTIVE") and opname[:-9] in _FAMILIES and opname != "CALL_ADAPTIVE"
    return opname in _FAMILIES


_MISSES = 53
"""CPython 3.11's count of misses a specialised instruction takes before it goes back to
adaptive (``miss_counter_start``): its first cache entry, set to this when it specialises."""


def _guarded_sites(sites: Counter[tuple[Any, int]]) -> list[tuple[Any, int]]:
    """The counted sites whose instruction has an inline cache (3.11: whose first entry,
    when the instruction is specialised, counts its misses down)."""
    found = []
    for code, offset in sites:
        name = dis._all_opname[code._co_code_adaptive[offset]]  # type: ignore[attr-defined]
        base = dis.deoptmap.get(name, name)  # type: ignore[attr-defined]
        if dis._inline_cache_entries[dis.opmap[base]]:  # type: ignore[attr-defined]
            found.append((code, offset))
    return found


def _misses(guarded: list[tuple[Any, int]], games: int, seen: dict[tuple[Any, int], int]) -> None:
    """Note in ``seen`` each site of ``guarded`` whose instruction is specialised and has
    missed more than twice a game of the ``games`` played since it could have specialised
    (its counter below ``_MISSES - 2 * games``), with the most misses seen."""
    for site in guarded:
        code, offset = site
        raw = code._co_code_adaptive
        name = dis._all_opname[raw[offset]]  # type: ignore[attr-defined]
        if name in dis.opmap or name.endswith("_ADAPTIVE"):
            continue  # not specialised (or not quickened)
        left = raw[offset + 2] | raw[offset + 3] << 8
        if left < _MISSES - 2 * games:
            seen[site] = max(seen.get(site, 0), _MISSES - left)


def _unspecialised(
    sites: Counter[tuple[Any, int]], root: str, missing: dict[tuple[Any, int], int]
) -> list[tuple[int, str]]:
    """The sites whose instruction runs unspecialised, or specialised but missing its guard
    (``missing``: the most misses seen), with their counts, most run first."""
    found: list[tuple[int, str]] = []
    shown: dict[Any, dict[int, dis.Instruction]] = {}
    for (code, offset), n in sites.items():
        if code not in shown:
            shown[code] = {i.offset: i for i in dis.get_instructions(code, adaptive=True)}
        instruction = shown[code].get(offset)
        if instruction is None:
            continue
        if (code, offset) in missing:
            how = f"  (specialised, then missed its guard {missing[code, offset]} times of {_MISSES})"
        elif _generic(instruction.opname):
            how = ""
        else:
            continue
        path = code.co_filename
        where = os.path.relpath(path, root) if path.startswith(root) else path
        line = instruction.positions.lineno if instruction.positions else None
        text = linecache.getline(path, line).strip() if line else ""
        shown_as = f"{instruction.opname} {instruction.argrepr}{how}"
        found.append((n, f"{where}:{line} {code.co_name}  {shown_as}  | {text[:70]}"))
    found.sort(key=lambda item: -item[0])
    return found


def profile(
    game_id: str, players: int, seeds: int, lines: str | None = None, unspecialised: bool = False
) -> dict[str, Any]:
    """The opcode counts of ``seeds`` seeded random games of ``game_id`` at ``players``
    (seeds 1 to ``seeds``, after a warm-up game of seed 0 that is not counted,
    as in ``instructions.py``: tables a game builds once are left out).

    ``functions`` maps ``"file:line name"`` to its own opcodes; ``kinds`` maps a
    step kind's name to ``[times, listing, pick, apply]``; ``lines`` (when
    ``lines`` names ``FILE:FUNCTION``, the file by the end of its path) maps a
    line number to its opcodes, and ``source`` to its text; ``unspecialised``
    (when asked) lists the instructions that ran unspecialised, or (on 3.11)
    specialised but failing their guard on most runs, most run first.
    """
    from boardgames.kernel.chance import Sampler
    from boardgames.kernel.registry import game_class

    # A game object of its own, not bg.make's shared one: its memos start empty
    # whatever ran before in this process, so that two profiles count alike.
    game = game_class(game_id)(players)
    machine = _machine(game)
    functions: Counter[tuple[str, int, str]] = Counter()
    phases: Counter[tuple[str, int]] = Counter()
    per_line: Counter[int] = Counter()
    sites: Counter[tuple[Any, int]] = Counter()
    where: dict[str, Any] = {"phase": 0, "file": ""}
    file_end, _, function = (lines or "").rpartition(":")

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            functions[code.co_filename, code.co_firstlineno, code.co_name] += 1
            phases[kind, where["phase"]] += 1
            if unspecialised:
                sites[code, frame.f_lasti] += 1
            if lines and code.co_name == function and code.co_filename.endswith(file_end):
                # 3.11 gives some opcodes no line (the cleanup after an except:
                # clause, say): they are counted under line 0
                per_line[frame.f_lineno or 0] += 1
                where["file"] = code.co_filename
        return tracer

    sampler = Sampler(12345)
    times: Counter[str] = Counter()
    actions = 0
    # a collection could start inside any traced step and run the gc callbacks
    # other libraries install (hypothesis has one), whose opcodes would count
    # as that step's: the collector is off while the playouts run
    collecting = gc.isenabled()
    gc.disable()
    try:
        for seed in range(seeds + 1):
            state = game.new_game(seed)
            if not seed:  # the warm-up game
                while not state.is_terminal:
                    state = random_step(state, sampler)
                continue
            while not state.is_terminal:
                kind = "-"
                if machine is not None:
                    head = machine.front(state)
                    if head is not None:
                        kind = machine.kinds.kind(head[0]).name
                times[kind] += 1
                sys.settrace(tracer)
                try:
                    where["phase"] = 0
                    if state.is_chance:
                        outcomes = state.chance_outcomes()
                        where["phase"] = 1
                        action = pick_outcome(outcomes, sampler)
                    else:
                        legal = state.legal_actions()
                        where["phase"] = 1
                        action = legal[sampler.index(len(legal))]
                    where["phase"] = 2
                    state = state.apply(action)
                finally:
                    sys.settrace(None)
                actions += 1
    finally:
        if collecting:
            gc.enable()
    missing: dict[tuple[Any, int], int] = {}
    if unspecialised:
        # Under tracing the interpreter does not specialise.  After the counted games (and
        # only then, so that their memos were as empty as without this) the same games are
        # played again, untraced, on the same game object (a call of a function the game
        # object holds, its step machine's, say, is then the same call), and what the
        # specialiser made of each counted site is read after them.  On 3.11 the miss
        # counters of the specialised ones are read every 16 actions; the warm-up game was
        # the first untraced game.
        warm = Sampler(12345)
        guarded = _guarded_sites(sites) if sys.version_info[:2] == (3, 11) else []
        for seed in range(seeds + 1):
            state = game.new_game(seed)
            played = 0
            while not state.is_terminal:
                state = random_step(state, warm)
                played += 1
                if not played & 15:
                    _misses(guarded, seed + 2, missing)
            _misses(guarded, seed + 2, missing)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return {
        "game": game_id,
        "players": players,
        "actions": actions,
        "opcodes": sum(functions.values()),
        "functions": {
            f"{os.path.relpath(path, root) if path.startswith(root) else path}:{first} {name}": n
            for (path, first, name), n in functions.most_common()
        },
        "kinds": {k: [times[k], *(phases[k, phase] for phase in range(3))] for k in times},
        "lines": dict(sorted(per_line.items())),
        "source": {
            n: linecache.getline(where["file"], n).rstrip() if n else "(no line)" for n in per_line
        },
        "unspecialised": _unspecialised(sites, root, missing) if unspecialised else [],
    }


def _print(row: dict[str, Any], top: int) -> None:
    actions = row["actions"]
    total = row["opcodes"]
    print(f"{row['game']} {row['players']}p: {actions} actions, {total / actions:,.0f} opcodes per action")
    print("  per action   share  function (own opcodes)")
    for name, n in list(row["functions"].items())[:top]:
        print(f"  {n / actions:10.1f}  {100 * n / total:5.1f}%  {name}")
    if len(row["kinds"]) > 1:
        print("  step kind first in the queue: times, then opcodes per action of listing / pick / apply")
        ranked = sorted(row["kinds"].items(), key=lambda item: -sum(item[1][1:]))
        for name, (times, listing, pick, apply) in ranked[:top]:
            shares = "".join(f" {n / actions:8.1f}" for n in (listing, pick, apply))
            print(f"  {name:<18}{times:>7} {shares}   ({(listing + pick + apply) / times:,.0f} per time)")
    if row["lines"]:
        print("  opcodes per action by line")
        for number, n in row["lines"].items():
            print(f"  {n / actions:8.2f}  {number:5d} {row['source'][number][:100]}")
    if row["unspecialised"]:
        print(
            "  unspecialised instructions (or missing their guard): runs per action, where,"
            " the instruction as dis shows it"
        )
        for n, text in row["unspecialised"][:top]:
            print(f"  {n / actions:8.3f}  {text}")
    print()


def main(argv: list[str] | None = None) -> int:
    import boardgames as bg

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*")
    parser.add_argument("--players", nargs="*", type=int, help="default: 2 (or the least)")
    parser.add_argument("--seeds", type=int, default=6, help="seeded games per row")
    parser.add_argument("--top", type=int, default=30, help="functions and step kinds shown")
    parser.add_argument("--lines", metavar="FILE:FUNCTION", help="opcodes per line of one function too")
    parser.add_argument(
        "--unspecialised", action="store_true", help="the instructions left unspecialised, most run first"
    )
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.top < 1:
        parser.error("--seeds and --top must be at least 1")
    if args.lines is not None and ":" not in args.lines:
        parser.error("--lines takes FILE:FUNCTION, e.g. kernel/steps.py:apply")
    known = bg.available_games()
    for game_id in args.games or known:
        if game_id not in known:
            parser.error(f"unknown game {game_id!r} (one of {', '.join(known)})")
        spec = bg.make(game_id).spec
        for players in args.players or [max(2, spec.min_players)]:
            if not spec.min_players <= players <= spec.max_players:
                parser.error(f"{game_id} takes {spec.min_players}-{spec.max_players} players, not {players}")
            _print(profile(game_id, players, args.seeds, args.lines, args.unspecialised), args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
