"""Checks that a text shown to a person holds no raw codes, and seeded walks through games.

Used by the games' picture and terminal-seat tests: no tuple or list of
ints, no long digit run (a bit mask), no record repr (``Effect(gain=...``,
``<... object at 0x...>``), and board lines within the terminal width.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import numpy as np

from boardgames.kernel.actions import Action
from boardgames.kernel.game import Game, State

SVG = "{http://www.w3.org/2000/svg}"

_RAW = (
    (re.compile(r"[(\[]\s*-?\d+\s*,\s*-?\d+"), "a tuple or list of ints"),
    (re.compile(r"\d{5,}"), "a long digit run (a bit mask?)"),
    (re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|\))"), "a record repr"),
    (re.compile(r"object at 0x|<boardgames\."), "an object repr"),
)


def assert_readable(text: str, *, width: int | None = None) -> None:
    """``text`` holds no raw code; with ``width``, no line is wider."""
    assert isinstance(text, str) and text.strip(), "empty text"
    for pattern, what in _RAW:
        found = pattern.search(text)
        assert found is None, f"{what} {found.group(0)!r} in:\n{text}"
    if width is not None:
        for line in text.splitlines():
            assert len(line) <= width, f"line of {len(line)} columns: {line!r}"


NUMBERED = re.compile(
    r"\b(cards?|faction|destiny|moon|planet|module|upgrade|tokens?|discovery|kind|tile) \d+\b"
)
"""A card, faction, moon, planet, module, token or tile named by a bare catalogue number."""


def assert_names_things(text: str) -> None:
    """``text`` names each card, faction, moon, planet, module, token and tile by
    its name or what it shows, never by a bare catalogue number (``play tactics
    card 5``); places such as station module ``#4`` or region ``B3`` are fine."""
    found = NUMBERED.search(text)
    assert found is None, f"a catalogue number {found.group(0)!r} in: {text!r}"


def walk(game: Game, seed: int, steps: int) -> Iterator[tuple[State, Action]]:
    """(state, action taken) along a seeded random playout of at most ``steps`` actions."""
    rng = np.random.default_rng(seed)
    state = game.new_game(seed)
    for _ in range(steps):
        if state.is_terminal:
            return
        if state.is_chance:
            outcomes = state.chance_outcomes()
            weights = np.array([w for _, w in outcomes])
            action = outcomes[int(rng.choice(len(outcomes), p=weights / weights.sum()))][0]
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        yield state, action
        state = state.apply(action)


def svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def groups(root: ET.Element, css: str) -> list[ET.Element]:
    """The ``<g>`` elements whose class list holds ``css``."""
    return [g for g in root.iter(f"{SVG}g") if css in g.get("class", "").split()]


def title_of(element: ET.Element) -> str:
    title = element.find(f"{SVG}title")
    return "" if title is None or title.text is None else title.text


def svg_text(root: ET.Element) -> str:
    """Every text and tooltip of a picture, joined."""
    return "\n".join(e.text or "" for e in root.iter() if e.tag in (f"{SVG}text", f"{SVG}title"))
