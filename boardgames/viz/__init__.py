"""Seeing games: replay pages, score charts and pictures as pixels.

Built on the public API only: every picture comes from ``Game.render_svg``
and every log line from ``Game.describe_action``, so whatever a game draws
shows here.

- :func:`replay_html`: a whole game as one self-contained HTML page.
- :func:`score_chart_svg`: a position's score breakdown as SVG bars.
- :func:`svg_to_png`, :func:`svg_to_rgb`: SVG as PNG bytes or an RGB array
  (needs the ``viz`` extra).
"""

from boardgames.viz.chart import score_chart_svg
from boardgames.viz.raster import svg_to_png, svg_to_rgb
from boardgames.viz.replay import replay_html, seat_label

__all__ = ["replay_html", "score_chart_svg", "seat_label", "svg_to_png", "svg_to_rgb"]
