"""Pictures of the demo's Wall of Fame projects, drawn with Pillow: a poster per picture — a
sky-to-ground gradient in the category's colours, a motif of the category (a booth, a light
bulb, a circle of people, a tree) and the project's title — so the gallery has believable
thumbnails without any download or photograph. The same arguments always give the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from venuely.demo.tour.canvas import font

WIDTH, HEIGHT = 960, 640
RGB = tuple[int, int, int]
Draw = ImageDraw.ImageDraw

# Category -> (top colour, bottom colour, motif colour).
PALETTES: dict[str, tuple[RGB, RGB, RGB]] = {
    "Best booth": ((32, 64, 120), (120, 170, 220), (250, 196, 64)),
    "Innovation": ((40, 24, 72), (140, 80, 170), (255, 230, 120)),
    "Community": ((150, 60, 50), (240, 160, 110), (255, 245, 230)),
    "Sustainability": ((30, 80, 50), (140, 200, 120), (245, 250, 230)),
}


def _gradient(top: RGB, bottom: RGB) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), top)
    draw = ImageDraw.Draw(image)
    for y in range(HEIGHT):
        t = y / (HEIGHT - 1)
        colour = tuple(round(a * (1 - t) + b * t) for a, b in zip(top, bottom, strict=True))
        draw.line((0, y, WIDTH, y), fill=colour)
    return image


def _booth(draw: Draw, colour: RGB, variant: int) -> None:
    """A stand with a counter, a banner and two screens."""
    x = 300 + variant * 60
    draw.rectangle((x, 200, x + 360, 250), fill=colour)
    draw.rectangle((x + 20, 250, x + 40, 470), fill=colour)
    draw.rectangle((x + 320, 250, x + 340, 470), fill=colour)
    draw.rounded_rectangle((x + 60, 380, x + 300, 470), radius=12, fill=(245, 245, 245))
    for sx in (x + 70, x + 190):
        draw.rectangle((sx, 280, sx + 100, 350), fill=(20, 30, 50), outline=colour, width=4)


def _bulb(draw: Draw, colour: RGB, variant: int) -> None:
    """A light bulb with rays."""
    cx, cy = 480 + variant * 40, 300
    for step in range(10):
        angle = math.pi * (0.05 + 0.1 * step) + math.pi
        near, far = 130, 180
        draw.line(
            (
                cx + near * math.cos(angle),
                cy + near * math.sin(angle),
                cx + far * math.cos(angle),
                cy + far * math.sin(angle),
            ),
            fill=colour,
            width=8,
        )
    draw.ellipse((cx - 90, cy - 100, cx + 90, cy + 80), fill=colour)
    draw.rectangle((cx - 40, cy + 70, cx + 40, cy + 130), fill=(200, 200, 210))


def _people(draw: Draw, colour: RGB, variant: int) -> None:
    """Figures standing in a half circle."""
    for i in range(5 + variant):
        x = 200 + i * (560 // (4 + variant))
        y = 330 + abs(i - (4 + variant) / 2) * 18
        draw.ellipse((x - 30, y - 120, x + 30, y - 60), fill=colour)
        draw.rounded_rectangle((x - 45, y - 50, x + 45, y + 90), radius=30, fill=colour)


def _tree(draw: Draw, colour: RGB, variant: int) -> None:
    """Trees on a hill, with a sun."""
    draw.ellipse((-200, 420, WIDTH + 200, 900), fill=(60, 120, 60))
    draw.ellipse((720, 70, 840, 190), fill=(255, 220, 120))
    for i in range(3 + variant):
        x = 220 + i * 180
        draw.rectangle((x - 12, 330, x + 12, 450), fill=(100, 70, 40))
        draw.ellipse((x - 80, 200, x + 80, 360), fill=colour)


MOTIFS: dict[str, Callable[[Draw, RGB, int], None]] = {
    "Best booth": _booth,
    "Innovation": _bulb,
    "Community": _people,
    "Sustainability": _tree,
}


def poster_png(title: str, category: str, variant: int = 0) -> bytes:
    """A 960 × 640 PNG for a project of `category`; `variant` 0 or 1 varies the motif."""
    top, bottom, motif = PALETTES[category]
    image = _gradient(top, bottom)
    draw = ImageDraw.Draw(image)
    MOTIFS[category](draw, motif, variant)
    draw.rectangle((0, HEIGHT - 110, WIDTH, HEIGHT), fill=(15, 20, 30))
    draw.text((40, HEIGHT - 55), title, fill=(255, 255, 255), font=font(44), anchor="lm")
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
