"""A griffe extension: the library's reStructuredText-flavoured docstrings read as Markdown.

Doctest examples (``>>>`` blocks) become ``pycon`` code blocks, and roles
such as :class:`~boardgames.Game` become code spans.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|func|meth|data|attr|mod|exc|obj|py:\w+):`~?([^`]+)`")


def markdown(text: str) -> str:
    """``text`` with doctest blocks fenced and roles turned into code spans."""
    lines = _ROLE.sub(r"`\1`", text).splitlines()
    out: list[str] = []
    inside = False
    for line in lines:
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            indent = line[: len(line) - len(line.lstrip())]
            if out and out[-1].strip():
                out.append("")
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


class RestructuredMarkdown(griffe.Extension):
    """Rewrites every docstring with :func:`markdown` as the objects are loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
