"""Drawing board pictures as SVG, with the standard library only.

Every game draws its states and views through this module, so the pictures
share one look: the same colour-blind-safe player colours (Okabe and Ito's
palette), the same fonts and the same markup.  A :class:`Drawing` is a small
builder over :mod:`xml.etree.ElementTree`; ``str(drawing)`` is the SVG text.

>>> d = Drawing(120, 40, title="example")
>>> d.rect(0, 0, 120, 40, fill=BACKGROUND)
>>> d.text(60, 25, "Blue & Orange", anchor="middle")
>>> with d.group(title='a "quoted" <title>', css="note"):
...     d.circle(10, 10, 4, fill=player_colour(0), title="seat 0 & 1")
>>> svg = str(d)
>>> svg.startswith("<svg") and "Blue &amp; Orange" in svg
True
>>> import xml.etree.ElementTree as ET
>>> [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}title")]
['example', 'a "quoted" <title>', 'seat 0 & 1']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

__all__ = [
    "BACKGROUND",
    "FONT",
    "INK",
    "MUTED",
    "PLAYER_COLOURS",
    "PLAYER_COLOUR_NAMES",
    "Drawing",
    "hexagon_points",
    "player_colour",
    "text_svg",
]

SVG_NS = "http://www.w3.org/2000/svg"

PLAYER_COLOURS: tuple[str, ...] = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
"""Seat colours, seat 0 first: Okabe and Ito's colour-blind-safe palette."""

PLAYER_COLOUR_NAMES: tuple[str, ...] = ("Blue", "Orange", "Green", "Purple", "Sky", "Vermilion")
"""The names of :data:`PLAYER_COLOURS`, for legends and logs."""

INK = "#222222"
MUTED = "#8a8a8a"
BACKGROUND = "#fbfaf7"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def player_colour(player: int) -> str:
    """The colour of seat ``player`` (cycling past the sixth seat)."""
    return PLAYER_COLOURS[player % len(PLAYER_COLOURS)]


def hexagon_points(cx: float, cy: float, radius: float, pointy: bool = True) -> list[tuple[float, float]]:
    """The six corners of a regular hexagon centred on (cx, cy)."""
    start = 30.0 if pointy else 0.0
    angles = [math.radians(start + 60 * k) for k in range(6)]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def escape(text: str, quote: bool = False) -> str:
    """``text`` with the characters XML reserves replaced (and ``"`` too, in an attribute)."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if quote and '"' in text:
        text = text.replace('"', "&quot;")
    return text


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


class Drawing:
    """An SVG picture under construction.

    Shapes are appended to the current group; :meth:`group` opens a nested
    group (with an optional tooltip ``title`` and CSS ``class``) for the
    shapes drawn inside its ``with`` block.  The markup is written as text as
    the shapes are drawn (a board has thousands of them, and building an
    element tree first costs more than drawing).
    """

    def __init__(self, width: float, height: float, *, title: str | None = None) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []
        self._start(
            "svg",
            {
                "xmlns": SVG_NS,
                "width": _num(width),
                "height": _num(height),
                "viewBox": f"0 0 {_num(width)} {_num(height)}",
                "font-family": FONT,
            },
        )
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")

    # -- structure -------------------------------------------------------------

    def _start(self, tag: str, attributes: dict[str, str]) -> None:
        markup = "".join(f' {k}="{escape(v, True)}"' for k, v in attributes.items() if v != "")
        self._parts.append(f"<{tag}{markup}>")

    def _add(self, tag: str, attributes: dict[str, str], title: str | None, text: str | None = None) -> None:
        """One element; empty attribute values are left out."""
        self._start(tag, attributes)
        parts = self._parts
        if text:
            parts.append(escape(text))
        if title:
            parts.append(f"<title>{escape(title)}</title>")
        if not text and not title:
            parts[-1] = parts[-1][:-1] + " />"
        else:
            parts.append(f"</{tag}>")

    @contextmanager
    def group(self, *, title: str | None = None, css: str = "", **attributes: str) -> Iterator[None]:
        """Draw the shapes of the ``with`` block inside a ``<g>`` element."""
        attrs = {k.replace("_", "-"): v for k, v in attributes.items()}
        if css:
            attrs["class"] = css
        self._start("g", attrs)
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")
        try:
            yield
        finally:
            self._parts.append("</g>")

    # -- shapes ----------------------------------------------------------------

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str = "",
        stroke_width: float = 1.0,
        rx: float = 0.0,
        title: str | None = None,
        dash: str = "",
    ) -> None:
        self._add(
            "rect",
            {
                "x": _num(x),
                "y": _num(y),
                "width": _num(width),
                "height": _num(height),
                "rx": _num(rx) if rx else "",
                "fill": fill,
                "stroke": stroke,
                "stroke-width": _num(stroke_width) if stroke else "",
                "stroke-dasharray": dash,
            },
            title,
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str = "",
        stroke_width: float = 1.0,
        title: str | None = None,
    ) -> None:
        self._add(
            "circle",
            {
                "cx": _num(cx),
                "cy": _num(cy),
                "r": _num(r),
                "fill": fill,
                "stroke": stroke,
                "stroke-width": _num(stroke_width) if stroke else "",
            },
            title,
        )

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = INK,
        stroke_width: float = 1.0,
        dash: str = "",
    ) -> None:
        self._add(
            "line",
            {
                "x1": _num(x1),
                "y1": _num(y1),
                "x2": _num(x2),
                "y2": _num(y2),
                "stroke": stroke,
                "stroke-width": _num(stroke_width),
                "stroke-dasharray": dash,
            },
            None,
        )

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str = "",
        stroke_width: float = 1.0,
        title: str | None = None,
        dash: str = "",
    ) -> None:
        self._add(
            "polygon",
            {
                "points": " ".join(f"{_num(x)},{_num(y)}" for x, y in points),
                "fill": fill,
                "stroke": stroke,
                "stroke-width": _num(stroke_width) if stroke else "",
                "stroke-dasharray": dash,
            },
            title,
        )

    def hexagon(self, cx: float, cy: float, radius: float, *, pointy: bool = True, **style: object) -> None:
        """A regular hexagon (pointy-top by default); ``style`` as for :meth:`polygon`."""
        self.polygon(hexagon_points(cx, cy, radius, pointy), **style)  # type: ignore[arg-type]

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12.0,
        fill: str = INK,
        anchor: str = "start",
        weight: str = "normal",
        italic: bool = False,
        title: str | None = None,
        monospace: bool = False,
    ) -> None:
        """One line of text with its baseline at ``y``; ``anchor`` is start, middle or end."""
        self._add(
            "text",
            {
                "x": _num(x),
                "y": _num(y),
                "font-size": _num(size),
                "fill": fill,
                "text-anchor": anchor if anchor != "start" else "",
                "font-weight": weight if weight != "normal" else "",
                "font-style": "italic" if italic else "",
                "font-family": "DejaVu Sans Mono, Menlo, Consolas, monospace" if monospace else "",
                "xml:space": "preserve" if monospace else "",
            },
            title,
            text,
        )

    # -- output ----------------------------------------------------------------

    def __str__(self) -> str:
        return "".join(self._parts) + "</svg>"

    def _repr_svg_(self) -> str:
        return str(self)


def text_svg(text: str, *, title: str | None = None, size: float = 12.0) -> str:
    """A plain picture of a text drawing (the fallback for games that draw no board)."""
    lines = text.splitlines() or [""]
    char = size * 0.62
    width = max(len(line) for line in lines) * char + 2 * size
    height = len(lines) * size * 1.3 + 2 * size
    drawing = Drawing(max(width, 4 * size), height, title=title)
    drawing.rect(0, 0, drawing.width, height, fill=BACKGROUND)
    for row, line in enumerate(lines):
        drawing.text(size, size * (1.9 + 1.3 * row), line, size=size, monospace=True)
    return str(drawing)
