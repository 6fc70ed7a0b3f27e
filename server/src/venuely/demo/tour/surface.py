"""Conventions, colours and surfaces shared by the demo tour's ray caster.

Conventions (the same as docs/formats/tour-package.md): the camera stands at x = z = 0 at eye
height; +z is straight ahead (yaw 0, the centre of the image), +x is to the right (yaw +90), +y is
up (pitch +90). Lengths are metres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
I32 = npt.NDArray[np.int32]
Vec3 = tuple[float, float, float]

EYE_HEIGHT = 1.6
MISS = np.float32(np.inf)  # the distance of a ray that hits nothing


def vec(values: object) -> F32:
    """A float32 array (numpy's own constructors type their result loosely)."""
    return np.asarray(values, dtype=np.float32)


def srgb_to_linear(values: F32) -> F32:
    return np.where(values <= 0.04045, values / 12.92, ((values + 0.055) / 1.055) ** 2.4).astype(
        np.float32
    )


# 8-bit sRGB to linear light by table: textures are big, and the formula is slow on them.
_SRGB_TABLE = srgb_to_linear(vec(np.arange(256) / 255))


def bytes_to_linear(values: npt.NDArray[np.uint8]) -> F32:
    return _SRGB_TABLE[values]


def linear_colour(rgb: Vec3) -> F32:
    """An sRGB colour (0..1 per channel, as a designer picks it) in linear light."""
    return srgb_to_linear(vec(rgb))


def direction_angles(x: float, y: float, z: float) -> tuple[float, float]:
    """(yaw, pitch) in degrees of the world point (x, y, z) seen from the camera."""
    yaw = math.degrees(math.atan2(x, z))
    pitch = math.degrees(math.atan2(y - EYE_HEIGHT, math.hypot(x, z)))
    return yaw, pitch


@dataclass(frozen=True)
class Texture:
    """An albedo image (linear light) and an optional emission image of the same size.

    `size` is the surface area the image covers in metres (width, height); with `tile` the
    image repeats beyond it (floors), without it the edge texels stretch (walls, signs).
    """

    albedo: F32
    size: tuple[float, float]
    emission: F32 | None = None
    tile: bool = False

    def sample(self, u: F32, v: F32) -> tuple[F32, F32 | None]:
        """Bilinear lookup at (u, v) metres from the top-left corner."""
        h, w = self.albedo.shape[:2]
        x = u * (w / self.size[0]) - 0.5
        y = v * (h / self.size[1]) - 0.5
        x0f, y0f = np.floor(x), np.floor(y)
        fx, fy = (x - x0f)[:, None], (y - y0f)[:, None]
        x0, y0 = x0f.astype(np.int32), y0f.astype(np.int32)
        if self.tile:
            xs, ys = (x0 % w, (x0 + 1) % w), (y0 % h, (y0 + 1) % h)
        else:
            xs = (np.clip(x0, 0, w - 1), np.clip(x0 + 1, 0, w - 1))
            ys = (np.clip(y0, 0, h - 1), np.clip(y0 + 1, 0, h - 1))

        def lookup(img: F32) -> F32:
            top = img[ys[0], xs[0]] * (1 - fx) + img[ys[0], xs[1]] * fx
            bottom = img[ys[1], xs[0]] * (1 - fx) + img[ys[1], xs[1]] * fx
            return vec(top * (1 - fy) + bottom * fy)

        return lookup(self.albedo), None if self.emission is None else lookup(self.emission)


@dataclass(frozen=True)
class Material:
    """How a surface looks: a flat colour or a texture, plus glow, gloss and organic bumps."""

    colour: Vec3 = (0.8, 0.8, 0.8)
    texture: Texture | None = None
    emission: float = 0.0  # the colour itself glows (lamps, screens) with this strength
    gloss: float = 0.0  # strength of the light highlights (polished floors, lacquer)
    bumps: float = 0.0  # wobbles normals and colour, for foliage and upholstery


@dataclass
class Shading:
    """Per-pixel surface description filled by primitives, consumed by the renderer's lighting."""

    normal: F32
    albedo: F32
    emission: F32
    gloss: F32
    ao: F32


def shade_material(
    material: Material, u: F32, v: F32, normal: F32, points: F32, ao: F32
) -> Shading:
    n = len(u)
    if material.texture is not None:
        albedo, glow = material.texture.sample(u, v)
        emission = glow if glow is not None else np.zeros_like(albedo)
    else:
        albedo = np.broadcast_to(linear_colour(material.colour), (n, 3)).copy()
        emission = np.zeros_like(albedo)
    if material.emission:
        emission = emission + albedo * material.emission
    if material.bumps:
        # Three incommensurate waves per axis: cheap, smooth, and without a visible period.
        px, py, pz = points[:, 0], points[:, 1], points[:, 2]
        wob = np.stack(
            [
                np.sin(px * 23.0 + py * 7.0) * np.cos(pz * 19.0),
                np.sin(py * 29.0 + pz * 5.0) * np.cos(px * 17.0),
                np.sin(pz * 31.0 + px * 3.0) * np.cos(py * 13.0),
            ],
            axis=1,
        ).astype(np.float32)
        normal = normal + material.bumps * wob
        normal /= np.linalg.norm(normal, axis=1, keepdims=True)
        albedo = albedo * (1.0 + 0.6 * material.bumps * wob[:, :1])
    return Shading(normal, albedo, emission, np.full(n, material.gloss, np.float32), ao)
