"""Pictures of the demo's speakers, drawn with Pillow: a head-and-shoulders silhouette on a
background of the speaker's own colour, so the agenda and the speaker pages show pictures without
any download and without a photograph of a real person.
"""

from __future__ import annotations

import hashlib
import io

from PIL import Image, ImageDraw

SIZE = 256


def _colour(seed: str, lightness: float) -> tuple[int, int, int]:
    """A colour of its own per speaker (from the name's hash), at the given lightness."""
    digest = hashlib.sha256(seed.encode()).digest()
    base = [60 + digest[i] % 140 for i in range(3)]
    return (
        int(base[0] * lightness),
        int(base[1] * lightness),
        int(base[2] * lightness),
    )


def portrait_png(seed: str) -> bytes:
    """A square PNG; the same seed always gives the same bytes (a re-seed stores nothing new)."""
    image = Image.new("RGB", (SIZE, SIZE), _colour(seed, 1.0))
    draw = ImageDraw.Draw(image)
    figure = _colour(seed, 0.45)
    # Shoulders: the top of an ellipse rising from the bottom edge; the head: a circle above.
    draw.ellipse((SIZE * 0.14, SIZE * 0.66, SIZE * 0.86, SIZE * 1.3), fill=figure)
    draw.ellipse((SIZE * 0.32, SIZE * 0.2, SIZE * 0.68, SIZE * 0.56), fill=figure)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
