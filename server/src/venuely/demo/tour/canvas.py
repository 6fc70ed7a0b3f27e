"""Drawing in metres: a `Canvas` knows its pixels per metre, so room code can say "a door
2.2 m wide, 1.5 m from the corner" and the texture lands exactly where the geometry (and so
the tour's hotspots) expects it. Also the demo's artwork: the logo mark and sponsor banners.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from venuely.demo.tour.surface import Material, Texture, bytes_to_linear, vec

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(pixels: int) -> Font:
    """Pillow's bundled scalable font; the small bitmap font when FreeType is missing."""
    try:
        return ImageFont.load_default(size=max(6, pixels))
    except (ImportError, OSError, TypeError):  # pragma: no cover - Pillow built without FreeType
        return ImageFont.load_default()


class Canvas:
    """An albedo image plus an emission image, addressed in metres from the top-left corner."""

    def __init__(self, width_m: float, height_m: float, ppm: float, base: RGB) -> None:
        self.ppm = ppm
        self.size_m = (width_m, height_m)
        self.size_px = (max(2, round(width_m * ppm)), max(2, round(height_m * ppm)))
        self.image = Image.new("RGB", self.size_px, base)
        self.glow = Image.new("RGB", self.size_px, (0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)
        self.glow_draw = ImageDraw.Draw(self.glow)
        self.has_glow = False

    def px(self, metres: float) -> int:
        return round(metres * self.ppm)

    def box(self, u0: float, v0: float, u1: float, v1: float) -> tuple[int, int, int, int]:
        x0, y0 = self.px(u0), self.px(v0)
        return x0, y0, max(x0, self.px(u1) - 1), max(y0, self.px(v1) - 1)  # at least a pixel

    def rect(
        self,
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        fill: RGB,
        glow: RGB | None = None,
        outline: RGB | None = None,
        line: float = 0.0,
        radius: float = 0.0,
    ) -> None:
        shape = self.box(u0, v0, u1, v1)
        width = max(1, self.px(line)) if outline else 0
        self.draw.rounded_rectangle(
            shape, radius=self.px(radius), fill=fill, outline=outline, width=width
        )
        if glow is not None:
            self.glow_draw.rounded_rectangle(shape, radius=self.px(radius), fill=glow)
            self.has_glow = True

    def ellipse(self, u0: float, v0: float, u1: float, v1: float, fill: RGB) -> None:
        self.draw.ellipse(self.box(u0, v0, u1, v1), fill=fill)

    def text(
        self,
        u: float,
        v: float,
        words: str,
        height_m: float,
        fill: RGB,
        glow: RGB | None = None,
        anchor: str = "mm",
        bold: bool = False,
    ) -> None:
        f = font(self.px(height_m))
        stroke = max(1, self.px(height_m) // 18) if bold else 0
        at = (self.px(u), self.px(v))
        self.draw.text(
            at, words, fill=fill, font=f, anchor=anchor, stroke_width=stroke, stroke_fill=fill
        )
        if glow is not None:
            self.glow_draw.text(
                at, words, fill=glow, font=f, anchor=anchor, stroke_width=stroke, stroke_fill=glow
            )
            self.has_glow = True

    def vertical_gradient(
        self,
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        top: RGB,
        bottom: RGB,
        glow: float = 0.0,
    ) -> None:
        x0, y0, x1, y1 = self.box(u0, v0, u1, v1)
        steps = max(1, y1 - y0 + 1)
        t = np.linspace(0, 1, steps, dtype=np.float32)[:, None]
        col = (vec(top) * (1 - t) + vec(bottom) * t).astype(np.uint8)
        strip = Image.fromarray(np.repeat(col[:, None, :], x1 - x0 + 1, axis=1))
        self.image.paste(strip, (x0, y0))
        if glow:
            lit = np.clip(np.asarray(strip, np.float32) * glow, 0, 255).astype(np.uint8)
            self.glow.paste(Image.fromarray(lit), (x0, y0))
            self.has_glow = True

    def paste(self, art: Image.Image, u0: float, v0: float, u1: float, v1: float) -> None:
        x0, y0, x1, y1 = self.box(u0, v0, u1, v1)
        sized = art.resize((x1 - x0 + 1, y1 - y0 + 1), Image.Resampling.LANCZOS)
        mask = sized.getchannel("A") if sized.mode == "RGBA" else None
        self.image.paste(sized.convert("RGB"), (x0, y0), mask)

    def texture(self, glow_strength: float = 4.0, tile: bool = False) -> Texture:
        albedo = bytes_to_linear(np.asarray(self.image))
        emission = None
        if self.has_glow:
            emission = bytes_to_linear(np.asarray(self.glow)) * np.float32(glow_strength)
        return Texture(albedo, self.size_m, emission, tile)

    def material(self, glow_strength: float = 4.0, gloss: float = 0.0) -> Material:
        return Material(texture=self.texture(glow_strength), gloss=gloss)


def logo_mark(size: int, colour: RGB, accent: RGB) -> Image.Image:
    """The Venuely mark: a stylised V of two overlapping rounded bars in a ring."""
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))  # transparent: pasted onto signage
    d = ImageDraw.Draw(img)
    s = size
    d.ellipse((s * 0.04, s * 0.04, s * 0.96, s * 0.96), outline=colour, width=max(2, s // 18))
    d.line((s * 0.3, s * 0.3, s * 0.5, s * 0.72), fill=colour, width=max(2, s // 9))
    d.line((s * 0.7, s * 0.3, s * 0.5, s * 0.72), fill=accent, width=max(2, s // 9))
    return img


def sponsor_banner(
    name: str, tagline: str, colour: RGB, accent: RGB, size: tuple[int, int]
) -> Image.Image:
    """A sponsor's booth graphic: diagonal colour field, name, tagline and a simple mark."""
    w, h = size
    img = Image.new("RGB", size, colour)
    d = ImageDraw.Draw(img)
    d.polygon([(w * 0.55, 0), (w, 0), (w, h), (w * 0.35, h)], fill=accent)
    d.ellipse((w * 0.08, h * 0.12, w * 0.08 + h * 0.28, h * 0.4), fill=(255, 255, 255))
    d.ellipse((w * 0.08 + h * 0.07, h * 0.19, w * 0.08 + h * 0.21, h * 0.33), fill=accent)
    d.text(
        (w * 0.08, h * 0.5),
        name,
        fill=(255, 255, 255),
        font=font(int(h * 0.16)),
        anchor="lm",
        stroke_width=max(1, h // 160),
        stroke_fill=(255, 255, 255),
    )
    d.text(
        (w * 0.08, h * 0.68), tagline, fill=(255, 255, 255), font=font(int(h * 0.07)), anchor="lm"
    )
    return img
