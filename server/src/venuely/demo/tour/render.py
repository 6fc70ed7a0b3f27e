"""A tiny ray caster for equirectangular panoramas of box-shaped rooms (`scene.Room`).

Only primary rays are cast: every pixel finds its nearest surface, and lighting is a sum of
point lights without shadow rays. What makes the result read as a real room is cheap and
local instead: ambient occlusion near corners and edges, baked contact shadows under objects,
a little gloss on floors and bloom around lamps. That keeps a room at a few seconds on one core.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageFilter

from venuely.demo.tour.primitives import Primitive
from venuely.demo.tour.scene import Room, Shell, bake_floor_shadows
from venuely.demo.tour.surface import (
    EYE_HEIGHT,
    F32,
    I32,
    Shading,
    Vec3,
    direction_angles,
    linear_colour,
    vec,
)


def _light(room: Room, points: F32, view: F32, s: Shading) -> F32:
    """Diffuse light from the room's lamps plus a hemisphere ambient, and gloss highlights.

    Works on separate x/y/z arrays and sums lamps of the same tint as plain scalars before
    touching colour: lighting is most of the render time, and this keeps it a few passes.
    """
    px, py, pz = (np.ascontiguousarray(points[:, i]) for i in range(3))
    nx, ny, nz = (np.ascontiguousarray(s.normal[:, i]) for i in range(3))
    glossy = np.nonzero(s.gloss)[0]
    spec = np.zeros(len(glossy), np.float32)
    if len(glossy):
        vx, vy, vz = (view[glossy, i] for i in range(3))
        gnx, gny, gnz = nx[glossy], ny[glossy], nz[glossy]
    by_tint: dict[Vec3, F32] = {}
    for light in room.lights:
        lx, ly, lz = light.position
        tx_, ty_, tz_ = lx - px, ly - py, lz - pz
        dist2 = tx_ * tx_ + ty_ * ty_ + tz_ * tz_
        inv = 1.0 / np.sqrt(dist2)
        lambert = np.maximum((tx_ * nx + ty_ * ny + tz_ * nz) * inv, 0)
        falloff = light.power / (dist2 + 1.0)
        weight = lambert * falloff
        by_tint[light.colour] = by_tint.get(light.colour, 0) + weight
        if len(glossy):
            # Blinn-Phong: the half vector between the light and the eye.
            hx = tx_[glossy] * inv[glossy] - vx
            hy = ty_[glossy] * inv[glossy] - vy
            hz = tz_[glossy] * inv[glossy] - vz
            n_h = np.maximum(hx * gnx + hy * gny + hz * gnz, 0) / np.sqrt(
                hx * hx + hy * hy + hz * hz + 1e-12
            )
            spec += falloff[glossy] * n_h**60
    total = linear_colour(room.ambient) * (0.65 + 0.35 * ny)[:, None]  # the floor bounces less
    for tint, weight in by_tint.items():
        total = (
            total + linear_colour((tint[0] / 255, tint[1] / 255, tint[2] / 255)) * weight[:, None]
        )
    colour = s.albedo * total * s.ao[:, None] + s.emission
    if len(glossy):
        colour[glossy] += (spec * s.gloss[glossy] * s.ao[glossy] * 0.6)[:, None]
    return colour * room.exposure


def _tonemap(hdr: F32) -> F32:
    """Filmic curve (an ACES fit): keeps lamps white without flattening the mid-tones."""
    a, b, c, d, e = 2.51, 0.03, 2.43, 0.59, 0.14
    mapped = np.clip((hdr * (a * hdr + b)) / (hdr * (c * hdr + d) + e), 0, 1)
    return np.where(
        mapped <= 0.0031308, mapped * 12.92, 1.055 * mapped ** (1 / 2.4) - 0.055
    ).astype(np.float32)


@dataclass
class _Cull:
    rows: tuple[int, int]
    cols: list[tuple[int, int]]


def _cull(prim: Primitive, width: int, height: int) -> _Cull:
    """The rectangle of equirectangular pixels the primitive's bounding sphere can cover."""
    (cx, cy, cz), radius = prim.bound()
    dist = math.sqrt(cx * cx + (cy - EYE_HEIGHT) ** 2 + cz * cz)
    if dist <= radius * 1.01:
        return _Cull((0, height), [(0, width)])
    alpha = math.asin(radius / dist) + 2 * math.pi / width  # plus a pixel of slack
    yaw, pitch = (math.radians(a) for a in direction_angles(cx, cy, cz))
    lo, hi = pitch - alpha, pitch + alpha
    rows = (
        max(0, int((0.5 - min(hi, math.pi / 2) / math.pi) * height) - 1),
        min(height, int((0.5 - max(lo, -math.pi / 2) / math.pi) * height) + 2),
    )
    if hi >= math.pi / 2 or lo <= -math.pi / 2:
        return _Cull(rows, [(0, width)])
    half = math.asin(min(1.0, math.sin(alpha) / math.cos(pitch)))
    c0 = int(((yaw - half) / (2 * math.pi) + 0.5) * width) - 1
    c1 = int(((yaw + half) / (2 * math.pi) + 0.5) * width) + 2
    if c1 - c0 >= width:
        return _Cull(rows, [(0, width)])
    if c0 < 0:
        return _Cull(rows, [(0, c1), (c0 + width, width)])
    if c1 > width:
        return _Cull(rows, [(c0, width), (0, c1 - width)])
    return _Cull(rows, [(c0, c1)])


_AA_OFFSETS = ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75))


def _directions(j0: int, j1: int, width: int, height: int, du: float, dv: float) -> list[F32]:
    """View directions of rows j0..j1 at sub-pixel offset (du, dv) inside each pixel."""
    yaw = ((np.arange(width, dtype=np.float32) + du) / width - 0.5) * np.float32(2 * math.pi)
    pitch = (0.5 - (np.arange(j0, j1, dtype=np.float32) + dv) / height) * np.float32(math.pi)
    cos_p, sin_p = np.cos(pitch)[:, None], np.sin(pitch)[:, None]
    dx = (cos_p * np.sin(yaw)[None, :]).astype(np.float32)
    dy = np.ascontiguousarray(np.broadcast_to(sin_p, dx.shape), dtype=np.float32)
    dz = (cos_p * np.cos(yaw)[None, :]).astype(np.float32)
    return [dx, dy, dz]


def _trace(
    prims: list[Primitive],
    culls: list[_Cull],
    j0: int,
    dirs: list[F32],
    mask: npt.NDArray[np.bool_],
) -> tuple[F32, I32, I32]:
    """Nearest hit (distance, primitive index, face) for the rays of rows j0.. where `mask`."""
    shape = dirs[0].shape
    j1 = j0 + shape[0]
    t_best = np.full(shape, np.inf, np.float32)
    owner = np.zeros(shape, np.int32)
    face = np.zeros(shape, np.int32)
    everything = bool(mask.all())
    for index, (prim, cull) in enumerate(zip(prims, culls, strict=True)):
        r0, r1 = max(cull.rows[0], j0) - j0, min(cull.rows[1], j1) - j0
        if r0 >= r1:
            continue
        for c0, c1 in cull.cols:
            block = (slice(r0, r1), slice(c0, c1))
            tb, ob, fb = t_best[block], owner[block], face[block]  # views: written in place
            if everything:
                t, f = prim.intersect(dirs[0][block], dirs[1][block], dirs[2][block])
                closer = t < tb
                tb[closer], ob[closer], fb[closer] = t[closer], index, f[closer]
                continue
            m = mask[block]
            if not m.any():
                continue
            t, f = prim.intersect(dirs[0][block][m], dirs[1][block][m], dirs[2][block][m])
            closer = t < tb[m]
            sel = np.nonzero(m)
            hit = (sel[0][closer], sel[1][closer])
            tb[hit], ob[hit], fb[hit] = t[closer], index, f[closer]
    return t_best, owner, face


def _shade_rays(room: Room, prims: list[Primitive], d: F32, t: F32, owners: I32, faces: I32) -> F32:
    """Display colours (0..1, tone-mapped) of rays given as flat arrays."""
    points = d * t[:, None] + vec([0, EYE_HEIGHT, 0])
    colour = np.zeros_like(points)
    order = np.argsort(owners, kind="stable")
    ids, starts = np.unique(owners[order], return_index=True)
    ends = [*starts[1:], len(order)]
    for index, start, end in zip(ids, starts, ends, strict=True):
        sel = order[start:end]
        shading = prims[int(index)].shade(points[sel], faces[sel])
        colour[sel] = _light(room, points[sel], d[sel], shading)
    return colour


def _edges(owner: I32, face: I32) -> npt.NDArray[np.bool_]:
    """Pixels whose neighbour (wrapping around the seam) shows another surface."""
    key = owner * 8 + face
    edge = np.zeros(key.shape, bool)
    edge[:-1] |= key[:-1] != key[1:]
    edge[1:] |= key[1:] != key[:-1]
    edge |= key != np.roll(key, 1, axis=1)
    edge |= key != np.roll(key, -1, axis=1)
    return edge


def render(room: Room, width: int, chunk_rows: int = 64) -> Image.Image:
    """Render the room as a `width` × `width/2` equirectangular RGB image.

    Anti-aliasing is adaptive: one ray per pixel, then four more for the pixels where a
    neighbour shows a different surface (object outlines); textures are already filtered.
    That costs a fraction of uniform supersampling, and the seam stays clean because the
    neighbour test wraps around ±180°.
    """
    if room.floor_shadow is None:
        bake_floor_shadows(room)
    height = width // 2
    prims: list[Primitive] = [Shell(room), *room.objects]
    culls = [_cull(p, width, height) for p in prims]
    ldr = np.empty((height, width, 3), np.uint8)
    bloom_scale = 4
    glow = np.zeros((height // bloom_scale, width // bloom_scale, 3), np.float32)
    dither = np.random.default_rng(7).random((chunk_rows, width), dtype=np.float32)
    for j0 in range(0, height, chunk_rows):
        j1 = min(height, j0 + chunk_rows)
        # One row of overlap on each side so outlines along chunk borders are found too.
        a0, a1 = max(0, j0 - 1), min(height, j1 + 1)
        dirs = _directions(a0, a1, width, height, 0.5, 0.5)
        t, owner, face = _trace(prims, culls, a0, dirs, np.ones(dirs[0].shape, bool))
        edge = _edges(owner, face)[j0 - a0 : j1 - a0]
        inner = slice(j0 - a0, j1 - a0)
        d_flat = np.stack([c[inner].ravel() for c in dirs], axis=1)
        hdr = _shade_rays(
            room, prims, d_flat, t[inner].ravel(), owner[inner].ravel(), face[inner].ravel()
        ).reshape(j1 - j0, width, 3)
        mapped = _tonemap(hdr)
        if edge.any():
            total = mapped[edge]
            for du, dv in _AA_OFFSETS:
                sub = _directions(j0, j1, width, height, du, dv)
                ts, os_, fs = _trace(prims, culls, j0, sub, edge)
                d_sub = np.stack([c[edge] for c in sub], axis=1)
                total = total + _tonemap(
                    _shade_rays(room, prims, d_sub, ts[edge], os_[edge], fs[edge])
                )
            mapped[edge] = total / (1 + len(_AA_OFFSETS))
        rows = (j1 - j0) // bloom_scale * bloom_scale
        if rows:
            g0 = j0 // bloom_scale
            small = hdr[:rows].reshape(rows // bloom_scale, bloom_scale, -1, bloom_scale, 3)
            glow[g0 : g0 + rows // bloom_scale] = small.mean(axis=(1, 3))
        ldr[j0:j1] = np.clip(mapped * 255 + dither[: j1 - j0, :, None], 0, 255).astype(np.uint8)
    return _add_bloom(Image.fromarray(ldr), glow)


def _add_bloom(image: Image.Image, glow: F32) -> Image.Image:
    """Soft halo around whatever is brighter than white (lamps, windows, light panels)."""
    excess = np.clip(glow - 1.0, 0, 4) / 4
    if not excess.any():
        return image
    pad = excess.shape[1] // 8  # wrap horizontally so the halo crosses the ±180° seam
    wrapped = np.concatenate([excess[:, -pad:], excess, excess[:, :pad]], axis=1)
    halo = Image.fromarray((np.sqrt(wrapped) * 255).astype(np.uint8))
    halo = halo.filter(ImageFilter.GaussianBlur(max(1, excess.shape[1] // 160)))
    arr = np.asarray(halo, np.float32)[:, pad:-pad] / 255
    up = Image.fromarray((arr * 255).astype(np.uint8)).resize(image.size, Image.Resampling.BILINEAR)
    base = np.asarray(image, np.float32) / 255
    add = np.asarray(up, np.float32) / 255 * 0.35
    screen = 1 - (1 - base) * (1 - add)
    return Image.fromarray(np.clip(screen * 255 + 0.5, 0, 255).astype(np.uint8))
