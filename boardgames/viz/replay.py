"""A whole game as one self-contained HTML page: every step's board, the log and the score chart.

The page needs no network: the boards are inline SVG (``Game.render_svg``),
the script and the styles are inline, and no font is fetched.
"""

from __future__ import annotations

import html
import itertools
import json
from collections.abc import Sequence

from boardgames import CHANCE, Action, Game, InvalidOptionError, Replay, State
from boardgames.viz.chart import score_chart_svg

__all__ = ["replay_html", "seat_label"]


def seat_label(game: Game, player: int, name: str = "") -> str:
    """How a seat is named in logs, pages and tables: ``P0 (Blue) greedy``.

    The game's name of the player (``Game.player_name``), the colour its
    pieces are drawn in when that name is not already the colour, and the
    bot or person at the seat.
    """
    own = game.player_name(player)
    colour = game.player_colour(player)[0]
    label = own if own == colour else f"{own} ({colour})"
    return f"{label} {name}".strip()


def _steps(source: Replay | Sequence[State]) -> tuple[list[State], list[Action | None]]:
    """The states in order and, for each state after the first, the action that led to it."""
    if isinstance(source, Replay):
        states = [state for state, _ in source.states()]
        game = states[0].game
        return states, [None, *(game.parse_action(text) for text in source.actions)]
    states = list(source)
    if not states or not all(isinstance(s, State) for s in states):
        raise InvalidOptionError("replay_html() needs a Replay or a non-empty list of states")
    game = states[0].game
    if any(s.game != game for s in states):
        raise InvalidOptionError("replay_html(): the states belong to different games")
    return states, [None, *(_action_between(a, b) for a, b in itertools.pairwise(states))]


def _action_between(before: State, after: State) -> Action | None:
    """The action that turns ``before`` into ``after``, if one does (a list of states need not be a game)."""
    if before.is_terminal:
        return None
    options = [a for a, _ in before.chance_outcomes()] if before.is_chance else before.legal_actions()
    for action in options:
        if before.apply(action) == after:
            return action
    return None


def replay_html(
    source: Replay | Sequence[State],
    *,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
    title: str | None = None,
) -> str:
    """One HTML page that steps through a game.

    ``source`` is a :class:`~boardgames.Replay` or a list of states in order
    (the action between two consecutive states is found among the legal
    ones; a step no single action explains is logged as a jump).  The page
    shows each step's board (``Game.render_svg(state, last_action=...)``),
    previous / next buttons, a slider, the left and right arrow keys (Home
    and End too), the move log (``Game.describe_action``) with the current
    move highlighted (click a move to go there), and the score breakdown of
    the last step as a bar chart.

    ``names`` labels the seats (default: the replay's own names, if any);
    ``viewer`` draws every step as that player's view and hides from the
    log what that player may not see.

    >>> import boardgames as bg
    >>> record = bg.play("galaxys-edge", ["greedy", "random"], seed=2)
    >>> page = replay_html(record.replay)
    >>> page.startswith("<!DOCTYPE html>") and page.count('data-step=') == len(record.replay.actions)
    True
    """
    states, actions = _steps(source)
    game = states[0].game
    if names is None and isinstance(source, Replay) and source.names is not None:
        names = source.names
    seat_names = [""] * game.players if names is None else [str(n) for n in names]
    if len(seat_names) != game.players:
        raise InvalidOptionError(f"names must give one name per seat ({game.players}), not {len(seat_names)}")
    if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < game.players):
        raise InvalidOptionError(f"viewer must be a seat from 0 to {game.players - 1}, not {viewer!r}")
    frames = []
    for state, action in zip(states, actions):
        target = state if viewer is None else state.view(viewer)
        frames.append(game.render_svg(target, last_action=action))
    log = []
    for step, (before, action) in enumerate(zip(states, actions[1:]), 1):
        who = before.current_player
        if action is None:
            text, seat, colour = f"(a jump to position {step})", "", "transparent"
        else:
            text = game.describe_action(before, action, viewer=viewer)
            seat = "chance" if who == CHANCE else seat_label(game, who, seat_names[who])
            colour = game.player_colour(who)[1] if who >= 0 else "transparent"
        log.append(
            f'<li data-step="{step}"><span class="swatch" style="background:{colour}"></span>'
            f"<b>{html.escape(seat)}</b> {html.escape(text)}</li>"
        )
    last = states[-1]
    seats = "".join(
        f'<li><span class="swatch" style="background:{game.player_colour(p)[1]}"></span>'
        f"{html.escape(seat_label(game, p, seat_names[p]))}</li>"
        for p in range(game.players)
    )
    heading = title or f"{game.spec.title}: {len(states) - 1} moves"
    if isinstance(source, Replay) and source.seed is not None:
        heading = title or f"{heading}, seed {source.seed}"
    chart_title = "Final score" if last.is_terminal else "Score at the last step"
    winners = ", ".join(seat_label(game, p, seat_names[p]) for p in sorted(last.winners))
    result = f"<p>Winner: {html.escape(winners)}</p>" if last.is_terminal and winners else ""
    # "</" or "<!--" inside the JSON would end or upset the script element: escape them (still JSON)
    frames_json = json.dumps(frames).replace("</", "<\\/").replace("<!--", "<\\u0021--")
    return _PAGE.format(
        title=html.escape(heading),
        seats=seats,
        last=len(states) - 1,
        log="\n".join(log),
        chart_title=chart_title,
        chart=score_chart_svg(last, [seat_label(game, p, seat_names[p]) for p in range(game.players)]),
        result=result,
        frames=frames_json,
        script=_SCRIPT,
        style=_STYLE,
    )


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1em; color: #222; background: #fff; }
header ul { list-style: none; padding: 0; display: flex; gap: 1.2em; flex-wrap: wrap; }
.swatch { display: inline-block; width: .8em; height: .8em; margin-right: .35em; border-radius: 2px; }
main { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
#controls { display: flex; gap: .5em; align-items: center; margin: .5em 0; }
#slider { width: 22em; }
#board svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
#log { position: relative; max-height: 70vh; overflow-y: auto; margin: 0; padding-left: 3.5em;
       min-width: 22em;
       border: 1px solid #ddd; font-size: 90%; }
#log li { padding: 1px 4px; cursor: pointer; }
#log li.current { background: #ffe8a3; outline: 1px solid #e69f00; }
"""

_SCRIPT = """
(function () {
  const frames = JSON.parse(document.getElementById("frames").textContent);
  const board = document.getElementById("board");
  const slider = document.getElementById("slider");
  const counter = document.getElementById("counter");
  const prev = document.getElementById("prev");
  const next = document.getElementById("next");
  const log = document.getElementById("log");
  const moves = Array.from(log.querySelectorAll("li"));
  let step = -1;
  function show(wanted) {
    const target = Math.max(0, Math.min(frames.length - 1, wanted));
    if (target === step) return;
    step = target;
    board.innerHTML = frames[step];
    slider.value = String(step);
    counter.textContent = "step " + step + " of " + (frames.length - 1);
    prev.disabled = step === 0;
    next.disabled = step === frames.length - 1;
    moves.forEach(function (li, k) {
      const here = k === step - 1;
      li.classList.toggle("current", here);
      if (here) {  // scroll the log, not the page, to keep the current move in sight
        const top = li.offsetTop, bottom = top + li.offsetHeight;
        if (top < log.scrollTop) log.scrollTop = top;
        else if (bottom > log.scrollTop + log.clientHeight) log.scrollTop = bottom - log.clientHeight;
      }
    });
    document.body.dataset.step = String(step);
  }
  prev.addEventListener("click", function () { show(step - 1); });
  next.addEventListener("click", function () { show(step + 1); });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  moves.forEach(function (li) {
    li.addEventListener("click", function () { show(Number(li.dataset.step)); });
  });
  document.addEventListener("keydown", function (event) {
    if (event.target === slider) return;  // the slider moves itself with the arrows
    const keys = {ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: frames.length - 1};
    if (event.key in keys) { event.preventDefault(); show(keys[event.key]); }
  });
  show(0);
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
<ul id="seats">{seats}</ul>
</header>
<div id="controls">
<button id="prev" type="button" title="previous step (left arrow)">&#9664; previous</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">
<button id="next" type="button" title="next step (right arrow)">next &#9654;</button>
<span id="counter"></span>
</div>
<main>
<div id="board"></div>
<ol id="log">
{log}
</ol>
</main>
<section id="score">
<h2>{chart_title}</h2>
{result}
{chart}
</section>
<script id="frames" type="application/json">{frames}</script>
<script>{script}</script>
</body>
</html>
"""
