"""SVG pictures as pixels (PNG bytes or an RGB array), for ``render_mode="rgb_array"`` and image files.

The rasterizer is resvg (the ``resvg-py`` wheel: Rust, statically linked, no
system library), decoded with Pillow; both come with the ``viz`` extra
(``pip install 'boardgames[viz]'``) and are imported only when called.
Text is drawn with the machine's fonts; where none is installed the shapes
are still drawn.
"""

from __future__ import annotations

from io import BytesIO
from typing import TYPE_CHECKING, Any

from boardgames import InvalidOptionError

if TYPE_CHECKING:
    import numpy as np

__all__ = ["svg_to_png", "svg_to_rgb"]

_EXTRA = "pip install 'boardgames[viz]'"


def svg_to_png(svg: str, *, scale: float = 1.0, background: str = "#ffffff") -> bytes:
    """The PNG image of ``svg`` (SVG text), ``scale`` times its own size, on ``background``.

    >>> from boardgames.kernel.svg import text_svg
    >>> svg_to_png(text_svg("hello"))[:8]
    b'\\x89PNG\\r\\n\\x1a\\n'
    """
    if not isinstance(svg, str) or not svg.strip():
        raise InvalidOptionError("svg_to_png() needs SVG text")
    if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale <= 16:
        raise InvalidOptionError(f"scale must be a number in (0, 16], not {scale!r}")
    try:
        import resvg_py
    except ImportError as error:
        raise ImportError(f"drawing SVG as pixels needs resvg-py: {_EXTRA}") from error
    try:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=float(scale), background=background))
    except ValueError as error:
        raise InvalidOptionError(f"cannot draw this SVG: {error}") from None


def svg_to_rgb(svg: str, *, scale: float = 1.0, background: str = "#ffffff") -> np.ndarray[Any, Any]:
    """The picture of ``svg`` as a ``(height, width, 3)`` uint8 array, as ``rgb_array`` rendering wants.

    >>> from boardgames.kernel.svg import text_svg
    >>> image = svg_to_rgb(text_svg("hello"))
    >>> image.ndim, image.shape[2], str(image.dtype)
    (3, 3, 'uint8')
    """
    png = svg_to_png(svg, scale=scale, background=background)
    try:
        from PIL import Image
    except ImportError as error:
        raise ImportError(f"decoding the picture needs Pillow: {_EXTRA}") from error
    import numpy

    with Image.open(BytesIO(png)) as image:
        return numpy.asarray(image.convert("RGB"), dtype=numpy.uint8)
