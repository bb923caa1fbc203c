"""benchmarks/opcodes.py: the opcode profile a speed change is looked at with."""

from __future__ import annotations

import dis
import sys

import pytest

import boardgames as bg
from tests.benchmark_tools import load

opcodes = load("opcodes")


def test_counts_repeat_and_add_up() -> None:
    row = opcodes.profile("galaxys-edge", 2, 1, "kernel/game.py:apply")
    assert row == opcodes.profile("galaxys-edge", 2, 1, "kernel/game.py:apply")
    assert row["actions"] > 0 and row["opcodes"] > 10 * row["actions"]
    assert sum(row["functions"].values()) == row["opcodes"]
    assert sum(sum(phases[1:]) for phases in row["kinds"].values()) == row["opcodes"]
    assert sum(phases[0] for phases in row["kinds"].values()) == row["actions"]
    (apply,) = [
        n
        for name, n in row["functions"].items()
        if name.startswith("boardgames/kernel/game.py:") and name.endswith(" apply")
    ]
    assert sum(row["lines"].values()) == apply  # every opcode of State.apply, line by line
    assert all(row["source"][n].strip() for n in row["lines"])


def test_a_gc_callback_of_another_library_is_not_counted() -> None:
    # hypothesis installs one; a collection starting inside a traced step ran it
    import gc

    quiet = opcodes.profile("galaxys-edge", 2, 1)
    calls = []
    threshold = gc.get_threshold()
    gc.callbacks.append(lambda phase, info: calls.append(phase))
    gc.set_threshold(10)  # a collection every few allocations, were the collector on
    try:
        noisy = opcodes.profile("galaxys-edge", 2, 1)
    finally:
        gc.callbacks.pop()
        gc.set_threshold(*threshold)
    assert noisy == quiet
    assert gc.isenabled()  # and the collector is back on afterwards


def test_the_warm_up_game_is_not_counted() -> None:
    from boardgames.kernel.chance import Sampler

    game = bg.make("galaxys-edge", players=2)
    sampler = Sampler(12345)
    lengths = []
    for seed in (0, 1):  # the playouts' sampler goes on from the warm-up game
        state, n = game.new_game(seed), 0
        while not state.is_terminal:
            if state.is_chance:
                state = state.apply(opcodes.pick_outcome(state.chance_outcomes(), sampler))
            else:
                legal = state.legal_actions()
                state = state.apply(legal[sampler.index(len(legal))])
            n += 1
        lengths.append(n)
    assert opcodes.profile("galaxys-edge", 2, 1)["actions"] == lengths[1]


def test_opcodes_with_no_line_are_counted_under_line_0() -> None:
    # the step machine's apply has an opcode 3.11 gives no line (after its try: block)
    row = opcodes.profile("andromedas-edge", 2, 1, "kernel/steps.py:apply")
    (apply,) = [
        n
        for name, n in row["functions"].items()
        if name.startswith("boardgames/kernel/steps.py:") and name.endswith(" apply")
    ]
    assert sum(row["lines"].values()) == apply
    assert row["lines"][0] > 0 and row["source"][0] == "(no line)"


@pytest.mark.parametrize("game_id", ["andromedas-edge", "age-of-galaxy", "galaxys-edge", "warpgate"])
def test_every_game_of_the_library_is_profiled_by_step_kind(game_id: str) -> None:
    spec = bg.make(game_id).spec
    row = opcodes.profile(game_id, max(2, spec.min_players), 1)
    assert len(row["kinds"]) > 1 and "-" not in row["kinds"]


def test_bad_arguments_are_refused() -> None:
    for argv in (["--seeds", "0"], ["--games", "chess"], ["--players", "9"], ["--lines", "apply"]):
        with pytest.raises(SystemExit):
            opcodes.main(argv)


def test_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert opcodes.main(["--games", "warpgate", "--players", "3", "--seeds", "1", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("warpgate 3p:") and "opcodes per action" in out


def test_the_instructions_left_unspecialised_are_listed_most_run_first() -> None:
    assert opcodes.profile("galaxys-edge", 2, 1)["unspecialised"] == []
    row = opcodes.profile("galaxys-edge", 2, 1, unspecialised=True)
    found = row["unspecialised"]
    counts = [n for n, _ in found]
    assert counts == sorted(counts, reverse=True) and all(n > 0 for n in counts)
    if sys.version_info[:2] == (3, 11) and sys.gettrace() is None:
        # the step machine reads the successor's __dict__ after every direct action,
        # which 3.11 never specialises (a descriptor of the class)
        assert any("kernel/steps.py" in text and "LOAD_ATTR_ADAPTIVE __dict__" in text for _, text in found)
        # and State.apply reads the id an action carries in a slot, on one class of action
        # after another: specialised for one, it misses on the others (shown as missing its
        # guard, whatever dis shows it as when the games end)
        assert any(
            "kernel/game.py" in text and "_catalogue_id" in text and "missed its guard" in text
            for _, text in found
        )


@pytest.mark.skipif(
    sys.version_info[:2] != (3, 11) or sys.gettrace() is not None,
    reason="3.11's miss counters, read where nothing traces",
)
def test_a_site_that_keeps_missing_its_guard_is_told_from_one_that_passes_it() -> None:
    from collections import Counter

    classes = [type(f"Slotted{k}", (), {"__slots__": ("x",)}) for k in range(6)]
    objects = []
    for cls in classes:
        obj = cls()
        obj.x = 1
        objects.append(obj)
    # two reads of a slot, compiled here so that their inline caches start afresh at every run
    namespace: dict[str, object] = {}
    exec("def one(o):\n    return o.x\ndef many(o):\n    return o.x\n", namespace)
    one, many = namespace["one"], namespace["many"]
    sites: Counter[tuple[object, int]] = Counter()
    for function in (one, many):
        code = function.__code__  # type: ignore[attr-defined]
        (read,) = [i.offset for i in dis.get_instructions(code) if i.opname == "LOAD_ATTR"]
        sites[code, read] = 1
    guarded = opcodes._guarded_sites(sites)
    assert len(guarded) == 2
    seen: dict[tuple[object, int], int] = {}
    for game in (1, 2, 3):  # a "game" of 60 reads each: one class at the first site, six at the other
        for obj in objects * 10:
            one(objects[0])  # type: ignore[operator]
            many(obj)  # type: ignore[operator]
            opcodes._misses(guarded, game, seen)
    assert [code for code, _ in seen] == [many.__code__]  # type: ignore[attr-defined]
    assert 2 * 3 < max(seen.values()) <= opcodes._MISSES


def test_only_what_the_specialiser_gave_up_on_counts_as_unspecialised() -> None:
    generic = opcodes._generic
    if sys.version_info[:2] == (3, 11):
        assert generic("LOAD_ATTR_ADAPTIVE") and generic("PRECALL_ADAPTIVE")
        assert not generic("LOAD_ATTR_WITH_HINT") and not generic("LOAD_ATTR")  # specialised; never run
        assert not generic("CALL_ADAPTIVE")  # after a specialised PRECALL it never runs
        assert not generic("BINARY_OP_ADAPTIVE")  # not a read, store or call
    else:
        assert generic("LOAD_ATTR") and not generic("LOAD_ATTR_INSTANCE_VALUE")


def test_the_untraced_games_leave_the_counts_as_they_were() -> None:
    # --unspecialised plays the same games untraced after the counted ones, on the same game object.
    # A first profile fills what the game's modules remember across game objects (a pile's
    # cumulative sums, say) with every entry these games make, whatever ran before in this
    # process; the two compared then start alike.
    opcodes.profile("andromedas-edge", 2, 1)
    plain = opcodes.profile("andromedas-edge", 2, 1)
    asked = opcodes.profile("andromedas-edge", 2, 1, unspecialised=True)
    assert asked["unspecialised"] and not plain["unspecialised"]
    del asked["unspecialised"], plain["unspecialised"]
    assert asked == plain
