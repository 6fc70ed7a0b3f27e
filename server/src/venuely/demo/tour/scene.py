"""A room as the renderer sees it: its shell (floor, ceiling, four walls), what stands in it,
its lamps, and the contact shadows baked onto its floor."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from venuely.demo.tour.primitives import Box, Cylinder, Primitive, Sphere
from venuely.demo.tour.surface import (
    EYE_HEIGHT,
    F32,
    I32,
    MISS,
    Material,
    Shading,
    Vec3,
    shade_material,
    vec,
)


@dataclass(frozen=True)
class Light:
    position: Vec3
    colour: Vec3  # tint as 0-255 sRGB, like the textures' colours
    power: float  # roughly the lit surface's brightness at 1 m


@dataclass
class Room:
    """The room's shell (an axis-aligned box around the camera) and what stands in it.

    `floor`, `ceiling` and `walls` are textures; wall textures are indexed front (z = z1,
    yaw 0), back (z = z0, yaw 180), left (x = x0, yaw -90), right (x = x1, yaw 90).
    """

    x0: float
    x1: float
    z0: float
    z1: float
    height: float
    floor: Material
    ceiling: Material
    walls: dict[str, Material]
    objects: list[Primitive] = field(default_factory=list)
    lights: list[Light] = field(default_factory=list)
    ambient: Vec3 = (0.25, 0.25, 0.25)
    exposure: float = 1.0
    floor_shadow: F32 | None = None  # baked by `bake_floor_shadows`

    def wall_u(self, wall: str, along: float) -> float:
        """Texture u (metres from the wall's left edge) of world x or z `along` that wall."""
        return {
            "front": along - self.x0,
            "back": self.x1 - along,
            "left": along - self.z0,
            "right": self.z1 - along,
        }[wall]

    def wall_size(self, wall: str) -> tuple[float, float]:
        span = self.x1 - self.x0 if wall in ("front", "back") else self.z1 - self.z0
        return span, self.height


_SHADOW_PPM = 10.0  # floor shadow map resolution, texels per metre


def bake_floor_shadows(room: Room) -> None:
    """Soft contact shadows under everything standing on the floor, as a floor multiplier.

    Each object darkens the floor by its footprint, blurred in proportion to how high it
    reaches: a sofa leaves a dark, tight shadow, a tall booth wall a broader, fainter one.
    """
    w = int((room.x1 - room.x0) * _SHADOW_PPM)
    h = int((room.z1 - room.z0) * _SHADOW_PPM)
    gx = room.x0 + (np.arange(w, dtype=np.float32) + 0.5) / _SHADOW_PPM
    gz = room.z0 + (np.arange(h, dtype=np.float32) + 0.5) / _SHADOW_PPM
    xx, zz = np.meshgrid(gx, gz)
    shadow = np.ones((h, w), np.float32)
    for obj in room.objects:
        if isinstance(obj, Box) and obj.y0 < 0.6:
            c, s = obj.axes()
            rx, rz = xx - obj.x, zz - obj.z
            lx, lz = rx * c - rz * s, rx * s + rz * c
            ex = np.maximum(np.abs(lx) - obj.width / 2, 0)
            ez = np.maximum(np.abs(lz) - obj.depth / 2, 0)
            dist = np.hypot(ex, ez)
            reach = 0.12 + 0.12 * min(obj.y1 - obj.y0, 3.0)
            shadow *= 1.0 - 0.55 * np.exp(-dist / reach)
        elif isinstance(obj, Cylinder) and obj.y0 < 0.6:
            dist = np.maximum(np.hypot(xx - obj.x, zz - obj.z) - obj.radius, 0)
            shadow *= 1.0 - 0.5 * np.exp(-dist / (0.1 + 0.1 * obj.radius * 4))
        elif isinstance(obj, Sphere) and obj.y - obj.radius < 1.0:
            dist = np.maximum(np.hypot(xx - obj.x, zz - obj.z) - obj.radius * 0.7, 0)
            shadow *= 1.0 - 0.35 * np.exp(-dist / 0.3)
    room.floor_shadow = shadow


class Shell:
    """The room box seen from inside, as a primitive: faces 0 floor, 1 ceiling, 2-5 walls."""

    _WALLS = ("front", "back", "left", "right")

    def __init__(self, room: Room) -> None:
        self.room = room

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        r = self.room
        with np.errstate(divide="ignore"):
            ty = np.where(dy > 0, (r.height - EYE_HEIGHT) / dy, -EYE_HEIGHT / dy)
            tz = np.where(dz > 0, r.z1 / dz, r.z0 / dz)
            tx = np.where(dx > 0, r.x1 / dx, r.x0 / dx)
        ty = np.where(dy == 0, MISS, ty)
        tz = np.where(dz == 0, MISS, tz)
        tx = np.where(dx == 0, MISS, tx)
        t = np.minimum(np.minimum(ty, tz), tx)
        faces = np.where(
            t == ty,
            np.where(dy > 0, 1, 0),
            np.where(t == tz, np.where(dz > 0, 2, 3), np.where(dx < 0, 4, 5)),
        ).astype(np.int32)
        return t.astype(np.float32), faces

    def shade(self, points: F32, faces: I32) -> Shading:
        r = self.room
        x, y, z = points[:, 0], points[:, 1], points[:, 2]
        normals = vec([[0, 1, 0], [0, -1, 0], [0, 0, -1], [0, 0, 1], [1, 0, 0], [-1, 0, 0]])[faces]
        # Ambient occlusion from the distance to the two nearest perpendicular surfaces.
        d_floor, d_ceil = y, r.height - y
        d_x = np.minimum(x - r.x0, r.x1 - x)
        d_z = np.minimum(z - r.z0, r.z1 - z)
        near_a = np.where(faces <= 1, d_x, np.minimum(d_floor, d_ceil))
        near_b = np.where(faces <= 1, d_z, np.where(faces <= 3, d_x, d_z))
        ao = (1 - 0.45 * np.exp(-near_a / 0.35)) * (1 - 0.45 * np.exp(-near_b / 0.35))
        n = len(faces)
        out = Shading(
            normals,
            np.zeros((n, 3), np.float32),
            np.zeros((n, 3), np.float32),
            np.zeros(n, np.float32),
            ao.astype(np.float32),
        )
        for face, material, u, v in (
            (0, r.floor, x - r.x0, r.z1 - z),
            (1, r.ceiling, x - r.x0, z - r.z0),
            (2, r.walls["front"], x - r.x0, r.height - y),
            (3, r.walls["back"], r.x1 - x, r.height - y),
            (4, r.walls["left"], z - r.z0, r.height - y),
            (5, r.walls["right"], r.z1 - z, r.height - y),
        ):
            m = faces == face
            if not m.any():
                continue
            sub = shade_material(
                material,
                u[m].astype(np.float32),
                v[m].astype(np.float32),
                normals[m],
                points[m],
                out.ao[m],
            )
            out.albedo[m], out.emission[m], out.gloss[m] = sub.albedo, sub.emission, sub.gloss
        if r.floor_shadow is not None:
            m = faces == 0
            sh = r.floor_shadow
            ix = np.clip(((x[m] - r.x0) * _SHADOW_PPM).astype(np.int32), 0, sh.shape[1] - 1)
            iz = np.clip(((z[m] - r.z0) * _SHADOW_PPM).astype(np.int32), 0, sh.shape[0] - 1)
            out.ao[m] *= sh[iz, ix]
        return out

    def bound(self) -> tuple[Vec3, float]:
        return (0.0, 0.0, 0.0), math.inf
