"""Replay pages, score charts and pictures as pixels, through the public hooks of any game."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import boardgames as bg
from boardgames.kernel.svg import PLAYER_COLOURS, Drawing
from boardgames.viz import replay_html, score_chart_svg, seat_label, svg_to_png, svg_to_rgb
from tests.kernel.toy import ToyGame

bg.register_game("toy-race", ToyGame)


def _frames(page: str) -> list[str]:
    found = re.search(r'<script id="frames" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    frames: list[str] = json.loads(found.group(1))
    return frames


def _log(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", item).strip() for item in re.findall(r"<li data-step=.*?</li>", page)]


def test_a_replay_page_has_every_step_the_whole_log_and_the_score_chart() -> None:
    record = bg.play("toy-race", ["greedy", "random"], seed=5)
    page = replay_html(record.replay)
    game = record.game
    frames = _frames(page)
    assert len(frames) == len(record.replay.actions) + 1
    states = [state for state, _ in record.replay.states()]
    actions = [None, *(game.parse_action(a) for a in record.replay.actions)]
    assert frames == [game.render_svg(s, last_action=a) for s, a in zip(states, actions)]
    log = _log(page)
    assert len(log) == len(record.moves)
    for line, move in zip(log, record.moves):
        assert line.endswith(move.description)
        assert line.startswith("chance" if move.player == bg.CHANCE else game.player_name(move.player))
    assert "P0 (Blue) greedy" in log[0] or "chance" in log[0]
    assert "Final score" in page and "total" in page
    assert "Winner: " in page


def test_the_page_fetches_nothing_from_the_network() -> None:
    page = replay_html(bg.play("toy-race", ["random", "random"], seed=1).replay)
    outside = page.replace('xmlns=\\"http://www.w3.org/2000/svg\\"', "").replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )
    for reference in ("http:", "https:", "src=", "href=", "@import", "url(", "@font-face"):
        assert reference not in outside, reference


def test_the_replay_keeps_the_seat_names_and_names_can_be_given() -> None:
    replay = bg.play("toy-race", ["greedy", "random"], seed=2).replay
    assert replay.names == ("greedy", "random")
    assert "P1 (Orange) random" in replay_html(replay)
    assert "P1 (Orange) Ann" in replay_html(replay, names=["Bo", "Ann"])
    with pytest.raises(bg.InvalidOptionError, match="one name per seat"):
        replay_html(replay, names=["Bo"])


def test_a_viewer_sees_their_views_and_a_log_without_what_they_may_not_know() -> None:
    replay = bg.play("toy-race", ["random", "random"], seed=3).replay
    game = replay.make_game()
    states = [state for state, _ in replay.states()]
    frames = _frames(replay_html(replay, viewer=1))
    assert frames[0] == game.render_svg(states[0].view(1))
    assert f"card: {states[0].cards[1]}" in frames[0]  # type: ignore[attr-defined]
    with pytest.raises(bg.InvalidOptionError, match="viewer"):
        replay_html(replay, viewer=2)


def test_a_list_of_states_is_stepped_with_the_actions_found_between_them() -> None:
    game = bg.make("toy-race", players=2)
    first = game.new_game(0)
    rolled = first.apply_text("roll")
    after = rolled.apply_text("rolled 3")
    page = replay_html([first, rolled, after])
    assert _log(page) == ["P0 (Blue) roll", "chance rolled 3"]
    jumped = replay_html([first, after])
    assert _log(jumped) == ["(a jump to position 1)"]
    with pytest.raises(bg.InvalidOptionError):
        replay_html([])
    with pytest.raises(bg.InvalidOptionError, match="different games"):
        replay_html([first, bg.make("toy-race", players=3).new_game(0)])


def test_seat_labels_name_the_colour_once() -> None:
    game = bg.make("toy-race", players=2)
    assert seat_label(game, 0) == "P0 (Blue)"
    assert seat_label(game, 1, "mcts") == "P1 (Orange) mcts"

    class Coloured(ToyGame):
        def player_name(self, player: int) -> str:
            return ("Blue", "Orange")[player]

    assert seat_label(Coloured(players=2), 1, "you") == "Orange you"


def _bars(svg: str) -> list[tuple[float, float, str]]:
    """(x, width, tooltip) of each bar of a score chart."""
    bar = r'<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)"[^>]*><title>([^<]*)'
    return [(float(x), float(w), tip) for x, w, tip in re.findall(bar, svg)]


def test_the_score_chart_draws_each_part_and_total_to_scale() -> None:
    class Parted(ToyGame):
        def score_breakdown(self, state: bg.State) -> dict[str, tuple[float, ...]]:
            return {"track": (6.0, 3.0), "penalty": (-2.0, 0.0)}

        def player_name(self, player: int) -> str:
            return ("Ann", "Bo")[player]

    game = Parted(players=2)
    state = game.new_game(0)
    bars = {tip: (x, width) for x, width, tip in _bars(score_chart_svg(state))}
    assert set(bars) == {"Ann: track 6", "Bo: track 3", "Ann: penalty -2", "Bo: penalty 0"} | {
        f"{name}: total {int(score) if score.is_integer() else score}"
        for name, score in zip(("Ann", "Bo"), state.scores())
    }
    assert bars["Ann: track 6"][1] == pytest.approx(2 * bars["Bo: track 3"][1])
    # a negative part ends where the positive parts start: at zero
    assert bars["Ann: penalty -2"][0] + bars["Ann: penalty -2"][1] == pytest.approx(bars["Ann: track 6"][0])


def test_svg_becomes_png_and_rgb_pixels_of_the_right_size_and_colour() -> None:
    drawing = Drawing(40, 20)
    drawing.rect(0, 0, 20, 20, fill=PLAYER_COLOURS[0])
    drawing.rect(20, 0, 20, 20, fill=PLAYER_COLOURS[1])
    svg = str(drawing)
    assert svg_to_png(svg).startswith(b"\x89PNG")
    image = svg_to_rgb(svg, scale=2)
    assert image.shape == (40, 80, 3) and image.dtype == np.uint8
    blue, orange = (tuple(int(PLAYER_COLOURS[k][i : i + 2], 16) for i in (1, 3, 5)) for k in (0, 1))
    assert tuple(image[20, 10]) == blue and tuple(image[20, 70]) == orange


def test_a_board_picture_becomes_pixels() -> None:
    game = bg.make("toy-race", players=2)
    image = svg_to_rgb(game.render_svg(game.new_game(0)))
    assert image.shape[0] > 10 and image.shape[1] > 100
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 2  # more than background: the text is drawn


@pytest.mark.parametrize("bad", ["", "not svg at all", "<svg"])
def test_svg_that_cannot_be_drawn_is_a_clear_error(bad: str) -> None:
    with pytest.raises(bg.InvalidOptionError):
        svg_to_png(bad)


def test_a_bad_scale_is_refused() -> None:
    with pytest.raises(bg.InvalidOptionError, match="scale"):
        svg_to_png(str(Drawing(10, 10)), scale=0)


def test_pictures_that_contain_script_endings_or_comments_stay_inside_the_page_data() -> None:
    class Tricky(ToyGame):
        def render_svg(self, target: bg.State | bg.View, *, last_action: bg.Action | None = None) -> str:
            return f"<svg><!-- {last_action} --></script><script>alert(1)</script></svg>"

    game = Tricky(players=2)
    first = game.new_game(0)
    page = replay_html([first, first.apply_text("roll")])
    assert _frames(page) == [
        "<svg><!-- None --></script><script>alert(1)</script></svg>",
        "<svg><!-- roll --></script><script>alert(1)</script></svg>",
    ]
    assert page.count("</script>") == 2  # only the data and the page's own script end


def test_a_seat_is_labelled_with_the_colour_its_pieces_are_drawn_in() -> None:
    galaxy = bg.make("galaxys-edge", players=3)
    assert [seat_label(galaxy, p) for p in range(3)] == ["Red", "Blue", "Yellow"]
    assert galaxy.player_colour(0)[1] in galaxy.render_svg(galaxy.new_game(seed=1))
    andromeda = bg.make("andromedas-edge", players=2)
    assert [andromeda.player_colour(p)[0] for p in range(2)] == ["Red", "Blue"]
    assert andromeda.player_colour(0)[1] in andromeda.render_svg(andromeda.new_game(seed=1))
    warpgate = bg.make("warpgate", players=2)
    assert seat_label(warpgate, 1, "greedy") == "Orange greedy"
    with pytest.raises(bg.InvalidOptionError):
        warpgate.player_colour(2)
