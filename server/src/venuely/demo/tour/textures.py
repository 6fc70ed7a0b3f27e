"""Surface materials for the demo rooms, drawn with Pillow and numpy: floors, fabrics,
ceilings, painted walls with doorways and windows (drawn on a `canvas.Canvas`).

All randomness is seeded: same bytes each run.
"""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageFilter

from venuely.demo.tour.canvas import RGB, Canvas
from venuely.demo.tour.surface import F32, Material, Texture, srgb_to_linear, vec


def _noise(shape: tuple[int, int], seed: int, blur: float) -> F32:
    """Smooth random field in 0..1 (tileable: blurred with wrap-around)."""
    rng = np.random.default_rng(seed)
    raw = rng.random(shape, dtype=np.float32)
    pad = int(blur * 3) + 1
    wrapped = np.pad(raw, pad, mode="wrap")
    img = Image.fromarray((wrapped * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur))
    out = np.asarray(img, np.float32)[pad:-pad, pad:-pad] / 255
    lo, hi = float(out.min()), float(out.max())
    return ((out - lo) / max(hi - lo, 1e-6)).astype(np.float32)


def _to_texture(rgb: F32, size_m: tuple[float, float], tile: bool = True) -> Texture:
    return Texture(srgb_to_linear(np.clip(rgb, 0, 1).astype(np.float32)), size_m, None, tile)


def wood_floor(seed: int, tone: RGB = (150, 100, 62), plank: float = 0.2) -> Material:
    """Oak planks of random length and tone, staggered, with grain running along them."""
    ppm, size = 160, 4.0
    n = int(size * ppm)
    rng = np.random.default_rng(seed)
    grain = _noise((n, n // 8), seed, 1.2)
    grain = vec(vec(Image.fromarray((grain * 255).astype(np.uint8)).resize((n, n))) / 255)
    base = vec(tone) / 255
    img = np.zeros((n, n, 3), np.float32)
    row_px = max(1, round(plank * ppm))
    rows = -(-n // row_px)  # the last row may be cut off by the tile edge, never left empty
    for r in range(rows):
        offset = int(rng.integers(0, n))
        cuts = sorted({int(c) for c in rng.integers(0, n, size=3)} | {0})
        ys = slice(r * row_px, (r + 1) * row_px)
        xs = np.arange(n)
        rolled = (xs + offset) % n
        seg = np.searchsorted(cuts, rolled, side="right")
        tint = (0.88 + 0.18 * rng.random(len(cuts) + 1)).astype(np.float32)[seg]
        fine = 0.85 + 0.3 * grain[ys][:, rolled]
        img[ys] = base * (tint[None, :] * fine)[:, :, None]
        # A thin dark seam between planks and where one plank ends and the next begins.
        img[r * row_px] *= 0.55
        ends = np.isin(rolled, cuts)
        img[ys, ends] *= 0.6
    return Material(texture=_to_texture(img.transpose(1, 0, 2), (size, size)), gloss=0.5)


def carpet(seed: int, colour: RGB, pattern: RGB, scale: float = 0.6) -> Material:
    """Hotel-style carpet: fibre noise and a faint repeating diamond pattern."""
    ppm, size = 100, 4.0
    n = int(size * ppm)
    fibre = _noise((n, n), seed, 0.7)
    blotch = _noise((n // 8, n // 8), seed + 1, 2.0)
    blotch = np.asarray(Image.fromarray((blotch * 255).astype(np.uint8)).resize((n, n)), np.float32)
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32) / ppm
    k = 2 * math.pi / scale
    diamond = np.abs(np.sin(k * (xs + ys) / 2)) * np.abs(np.sin(k * (xs - ys) / 2))
    mix = 0.5 * (diamond > 0.8).astype(np.float32)[:, :, None]
    base = vec(colour) / 255 * (1 - mix) + vec(pattern) / 255 * mix
    img = base * (0.85 + 0.25 * fibre[:, :, None]) * (0.92 + 0.16 * blotch[:, :, None] / 255)
    return Material(texture=_to_texture(img, (size, size)))


def stone_tiles(seed: int, tile: float = 1.0) -> Material:
    """Polished pale stone tiles with soft veins and grout lines."""
    ppm, size = 128, 4.0
    n = int(size * ppm)
    veins = _noise((n, n), seed, 6.0)
    vein = np.exp(-(((veins - 0.5) * 30) ** 2))  # thin bands where the noise crosses 0.5
    cloud = _noise((n, n), seed + 5, 18.0)
    base = vec([0.86, 0.84, 0.80]) * (0.92 + 0.1 * cloud[:, :, None])
    img = base * (1 - 0.08 * vein[:, :, None])
    rng = np.random.default_rng(seed)
    per = int(tile * ppm)
    for ty in range(0, n, per):
        for tx in range(0, n, per):
            img[ty : ty + per, tx : tx + per] *= np.float32(0.96 + 0.07 * rng.random())
    grout = np.zeros((n, n), bool)
    grout[:, ::per] = grout[::per, :] = True
    grout[:, 1::per] = grout[1::per, :] = True
    img[grout] = vec([0.55, 0.53, 0.5])
    return Material(texture=_to_texture(img, (size, size)), gloss=1.0)


def concrete(seed: int, tone: RGB = (150, 150, 148)) -> Material:
    ppm, size = 80, 6.0
    n = int(size * ppm)
    a, b = _noise((n, n), seed, 1.0), _noise((n, n), seed + 1, 20.0)
    img = vec(tone) / 255 * (0.88 + 0.1 * a[:, :, None] + 0.12 * b[:, :, None])
    return Material(texture=_to_texture(vec(img), (size, size)), gloss=0.35)


def fabric(seed: int, colour: RGB) -> Material:
    """Upholstery: a woven texture small enough to read as cloth, not as a pattern."""
    ppm, size = 200, 1.0
    n = int(size * ppm)
    weave = _noise((n, n), seed, 0.6)
    ys, xs = np.mgrid[0:n, 0:n]
    check = ((xs // 2 + ys // 2) % 2).astype(np.float32)
    img = vec(colour) / 255 * (0.85 + 0.12 * weave + 0.05 * check)[:, :, None]
    return Material(texture=_to_texture(img, (size, size)), bumps=0.05)


def ceiling(
    width: float,
    depth: float,
    panel_every: float,
    panel: float,
    warm: bool = False,
    tone: RGB = (236, 234, 228),
) -> Material:
    """Ceiling tiles with a grid of glowing light panels (the bloom makes them look lit)."""
    c = Canvas(width, depth, 40, tone)
    grid = (int(tone[0] * 0.85), int(tone[1] * 0.85), int(tone[2] * 0.85))
    step = 0.6
    u = 0.0
    while u < width:
        c.rect(u, 0, u + 0.01, depth, grid)
        u += step
    v = 0.0
    while v < depth:
        c.rect(0, v, width, v + 0.01, grid)
        v += step
    colour = (255, 236, 200) if warm else (250, 250, 255)
    nu, nv = max(1, int(width / panel_every)), max(1, int(depth / panel_every))
    for i in range(nu):
        for j in range(nv):
            cu = (i + 0.5) * width / nu
            cv = (j + 0.5) * depth / nv
            if warm:
                c.ellipse(cu - panel / 2, cv - panel / 2, cu + panel / 2, cv + panel / 2, colour)
                c.glow_draw.ellipse(
                    c.box(cu - panel / 2, cv - panel / 2, cu + panel / 2, cv + panel / 2),
                    fill=colour,
                )
                c.has_glow = True
            else:
                c.rect(
                    cu - panel / 2,
                    cv - panel / 4,
                    cu + panel / 2,
                    cv + panel / 4,
                    colour,
                    glow=colour,
                )
    return c.material(glow_strength=6.0)


def paint_wall(
    width: float,
    height: float,
    paint: RGB,
    wainscot: RGB | None,
    ppm: float = 80,
    seed: int = 1,
) -> Canvas:
    """Painted plaster with a skirting board and, optionally, wood panelling below a rail."""
    c = Canvas(width, height, ppm, paint)
    noise = _noise((c.size_px[1] // 4 + 1, c.size_px[0] // 4 + 1), seed, 3.0)
    shade = Image.fromarray((noise * 255).astype(np.uint8)).resize(c.size_px)
    base = np.asarray(c.image, np.float32) * (
        0.96 + 0.06 * np.asarray(shade, np.float32)[..., None] / 255
    )
    c.image.paste(Image.fromarray(np.clip(base, 0, 255).astype(np.uint8)))
    floor_v = height
    if wainscot is not None:
        dark = tuple(int(x * 0.75) for x in wainscot)
        light = tuple(min(255, int(x * 1.12)) for x in wainscot)
        c.rect(0, floor_v - 1.1, width, floor_v, wainscot)
        u = 0.1
        while u + 0.8 < width:
            c.rect(u, floor_v - 0.95, u + 0.8, floor_v - 0.25, dark)  # type: ignore[arg-type]
            c.rect(u + 0.02, floor_v - 0.93, u + 0.78, floor_v - 0.27, wainscot)
            u += 0.9
        c.rect(0, floor_v - 1.14, width, floor_v - 1.08, light)  # type: ignore[arg-type]
    c.rect(0, floor_v - 0.12, width, floor_v, (60, 52, 46))
    return c


def doorway(c: Canvas, u: float, width: float, height: float, label: str, frame: RGB) -> None:
    """An open double door: a lit corridor beyond, a frame, and a backlit sign above."""
    floor_v = c.size_m[1]
    top = floor_v - height
    c.rect(u - width / 2 - 0.12, top - 0.12, u + width / 2 + 0.12, floor_v, frame)
    c.vertical_gradient(
        u - width / 2, top, u + width / 2, floor_v, (46, 40, 36), (96, 86, 74), glow=0.12
    )
    # The far end of the corridor: a brighter, smaller doorway suggests depth.
    c.vertical_gradient(
        u - width / 4,
        top + height * 0.3,
        u + width / 4,
        floor_v - height * 0.08,
        (200, 186, 160),
        (150, 138, 118),
        glow=0.35,
    )
    c.rect(u - 0.02, top, u + 0.02, floor_v, frame)
    sign_w = max(width + 0.4, len(label) * 0.22 + 0.6)
    sign_top = top - 0.75
    c.rect(
        u - sign_w / 2,
        sign_top,
        u + sign_w / 2,
        sign_top + 0.5,
        (28, 30, 38),
        glow=(6, 6, 8),
        radius=0.06,
    )
    c.text(u, sign_top + 0.25, label, 0.3, (255, 246, 230), glow=(255, 240, 210), bold=True)


def window(c: Canvas, u0: float, v0: float, u1: float, v1: float, seed: int) -> None:
    """A window onto a late-afternoon sky over a distant skyline, with mullions."""
    c.vertical_gradient(u0, v0, u1, v1, (120, 170, 230), (250, 214, 170), glow=1.6)
    rng = np.random.default_rng(seed)
    horizon = v0 + (v1 - v0) * 0.72
    u = u0
    while u < u1:
        w = float(rng.uniform(0.15, 0.5))
        h = float(rng.uniform(0.1, 0.6))
        shade = int(rng.uniform(95, 130))
        c.rect(
            u,
            horizon - h,
            min(u + w, u1),
            v1,
            (shade - 20, shade, shade + 30),
            glow=(shade // 2 - 10, shade // 2, shade // 2 + 15),
        )
        u += w + float(rng.uniform(0.0, 0.1))
    c.rect(u0, horizon + 0.05, u1, v1, (90, 110, 90), glow=(40, 52, 40))
    frame = (235, 235, 232)
    c.rect(u0 - 0.06, v0 - 0.06, u1 + 0.06, v0, frame)
    c.rect(u0 - 0.06, v1, u1 + 0.06, v1 + 0.08, frame)
    c.rect(u0 - 0.06, v0, u0, v1, frame)
    c.rect(u1, v0, u1 + 0.06, v1, frame)
    panes = max(1, round((u1 - u0) / 1.2))
    for i in range(1, panes):
        uu = u0 + (u1 - u0) * i / panes
        c.rect(uu - 0.03, v0, uu + 0.03, v1, frame)


def solid(rgb: RGB, gloss: float = 0.0, emission: float = 0.0, bumps: float = 0.0) -> Material:
    return Material(
        colour=(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255),
        gloss=gloss,
        emission=emission,
        bumps=bumps,
    )
