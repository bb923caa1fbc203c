"""A plain-text progress bar on a stream (stderr by default); no dependency."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Redraws ``[#####.....]  45/200 games  12.3 s  eta 15 s`` in place with a carriage return.

    On a stream that is not a terminal it writes a new line only every tenth
    of the way, so logs stay short.
    """

    def __init__(
        self, total: int, stream: TextIO | None = None, width: int = 30, label: str = "games"
    ) -> None:
        self.total = total
        self.stream = sys.stderr if stream is None else stream
        self.width = width
        self.label = label
        self.started = time.perf_counter()
        isatty = getattr(self.stream, "isatty", None)
        self.interactive = bool(isatty()) if callable(isatty) else False
        self._last_decile = -1

    def __call__(self, done: int, total: int) -> None:
        self.update(done)

    def update(self, done: int) -> None:
        total = max(self.total, 1)
        decile = 10 * done // total
        if not self.interactive and decile == self._last_decile and done < self.total:
            return
        self._last_decile = decile
        filled = self.width * done // total
        elapsed = time.perf_counter() - self.started
        eta = "" if done == 0 or done >= self.total else f"  eta {elapsed / done * (self.total - done):.0f} s"
        line = (
            f"[{'#' * filled}{'.' * (self.width - filled)}] {done:>{len(str(self.total))}}/{self.total} "
            f"{self.label}  {elapsed:.1f} s{eta}"
        )
        end = "\n" if not self.interactive or done >= self.total else ""
        self.stream.write(("\r" if self.interactive else "") + line + end)
        self.stream.flush()
