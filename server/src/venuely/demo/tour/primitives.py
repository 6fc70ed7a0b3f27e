"""What stands in a room: boxes, upright cylinders and spheres, each intersected with the
camera's rays and shaded where hit (conventions in `surface.py`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import numpy as np

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


class Primitive(Protocol):
    def bound(self) -> tuple[Vec3, float]:
        """A bounding sphere (centre, radius), used to skip pixels that cannot see us."""
        ...

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        """Distance along each camera ray to the nearest hit (inf on a miss) and the face."""
        ...

    def shade(self, points: F32, faces: I32) -> Shading: ...


@dataclass(frozen=True)
class Box:
    """A box standing on `y0`, turned by `yaw` degrees about its vertical axis.

    Its front face is the one whose outward normal points to `yaw` (0 = towards +z); `front`
    textures are stretched over that face exactly, reading left to right for a viewer facing it.
    Faces: 0 bottom, 1 top, 2 front, 3 back, 4 left side (-x local), 5 right side (+x local).
    """

    x: float
    z: float
    width: float
    depth: float
    y0: float
    y1: float
    material: Material
    yaw: float = 0.0
    front: Material | None = None
    top: Material | None = None

    def axes(self) -> tuple[float, float]:
        r = math.radians(self.yaw)
        return math.cos(r), math.sin(r)

    def bound(self) -> tuple[Vec3, float]:
        radius = 0.5 * math.sqrt(self.width**2 + self.depth**2 + (self.y1 - self.y0) ** 2)
        return (self.x, 0.5 * (self.y0 + self.y1), self.z), radius

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        c, s = self.axes()
        # Ray in box space: local x = (c, 0, -s), local z = (s, 0, c) (the front normal).
        ox, oz = -self.x, -self.z
        lox, loz = ox * c - oz * s, ox * s + oz * c
        ldx, ldz = dx * c - dz * s, dx * s + dz * c
        hx, hz = self.width / 2, self.depth / 2
        with np.errstate(divide="ignore", invalid="ignore"):
            slabs = []
            for o, d, lo, hi in (
                (EYE_HEIGHT, dy, self.y0, self.y1),
                (loz, ldz, -hz, hz),
                (lox, ldx, -hx, hx),
            ):
                inv = 1.0 / d
                t_lo, t_hi = (lo - o) * inv, (hi - o) * inv
                slabs.append((np.minimum(t_lo, t_hi), np.maximum(t_lo, t_hi), d))
        near = np.stack([s_[0] for s_ in slabs])
        far = np.minimum(np.minimum(slabs[0][1], slabs[1][1]), slabs[2][1])
        axis = np.argmax(np.nan_to_num(near, nan=-np.inf), axis=0)
        t_near = np.take_along_axis(near, axis[None], axis=0)[0]
        hit = (t_near <= far) & (t_near > 1e-4)
        d_axis = np.choose(axis, [slabs[0][2], slabs[1][2], slabs[2][2]])
        # A ray travelling towards +axis enters through the face whose normal points to -axis.
        low_side = d_axis > 0
        faces = np.where(
            axis == 0,
            np.where(low_side, 0, 1),
            np.where(axis == 1, np.where(low_side, 3, 2), np.where(low_side, 4, 5)),
        ).astype(np.int32)
        return np.where(hit, t_near, MISS).astype(np.float32), faces

    def shade(self, points: F32, faces: I32) -> Shading:
        c, s = self.axes()
        rel_x, rel_z = points[:, 0] - self.x, points[:, 2] - self.z
        lx, lz = rel_x * c - rel_z * s, rel_x * s + rel_z * c
        hx, hz = self.width / 2, self.depth / 2
        ax, az = np.array([c, 0, -s], np.float32), np.array([s, 0, c], np.float32)
        up = np.array([0, 1, 0], np.float32)
        normals = np.stack([-up, up, az, -az, -ax, ax])[faces]
        y = points[:, 1]
        # u runs left to right for a viewer facing the face, v from the top edge down.
        u = np.choose(faces, [lx + hx, lx + hx, hx - lx, lx + hx, hz - lz, lz + hz]).astype(
            np.float32
        )
        v = np.where(faces <= 1, lz + hz, self.y1 - y).astype(np.float32)
        # Darker towards the floor and towards vertical edges: light reaches corners less.
        ao = 1.0 - 0.45 * np.exp(-np.maximum(y, 0) / 0.25)
        edge = np.minimum(np.where(np.abs(lx) < hx - 1e-3, hx - np.abs(lx), hz - np.abs(lz)), 0.5)
        ao *= 1.0 - 0.15 * np.exp(-edge / 0.04)
        # Which material each pixel uses: 0 the body, 1 the front (signage), 2 the top.
        which = np.zeros(len(faces), np.int32)
        if self.front is not None:
            which[faces == 2] = 1
        if self.top is not None:
            which[faces == 1] = 2
        out = Shading(
            normals,
            np.zeros((len(faces), 3), np.float32),
            np.zeros((len(faces), 3), np.float32),
            np.zeros(len(faces), np.float32),
            ao.astype(np.float32),
        )
        for index, material in enumerate((self.material, self.front, self.top)):
            m = which == index
            if material is None or not m.any():
                continue
            sub = shade_material(material, u[m], v[m], normals[m], points[m], out.ao[m])
            out.albedo[m], out.emission[m] = sub.albedo, sub.emission
            out.gloss[m], out.normal[m] = sub.gloss, sub.normal
        return out


@dataclass(frozen=True)
class Cylinder:
    """An upright cylinder (table legs, pots, pillars, lamp cords); faces: 0 side, 1 top."""

    x: float
    z: float
    radius: float
    y0: float
    y1: float
    material: Material
    top: Material | None = None

    def bound(self) -> tuple[Vec3, float]:
        half = 0.5 * (self.y1 - self.y0)
        return (self.x, self.y0 + half, self.z), math.hypot(self.radius, half)

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        ox, oz = -self.x, -self.z
        a = dx * dx + dz * dz
        b = 2 * (ox * dx + oz * dz)
        cc = ox * ox + oz * oz - self.radius**2
        disc = b * b - 4 * a * cc
        with np.errstate(invalid="ignore", divide="ignore"):
            t_side = (-b - np.sqrt(disc)) / (2 * a)
            y_side = EYE_HEIGHT + t_side * dy
            side_ok = (disc >= 0) & (t_side > 1e-4) & (y_side >= self.y0) & (y_side <= self.y1)
            t_cap = (self.y1 - EYE_HEIGHT) / dy
            cx, cz = t_cap * dx + ox, t_cap * dz + oz
            cap_ok = (t_cap > 1e-4) & (cx * cx + cz * cz <= self.radius**2)
        t = np.where(side_ok, t_side, MISS)
        faces = np.zeros(t.shape, np.int32)
        use_cap = cap_ok & (t_cap < t)
        t = np.where(use_cap, t_cap, t)
        faces[use_cap] = 1
        return t.astype(np.float32), faces

    def shade(self, points: F32, faces: I32) -> Shading:
        radial = np.stack(
            [points[:, 0] - self.x, np.zeros(len(points)), points[:, 2] - self.z], axis=1
        ).astype(np.float32)
        radial /= np.maximum(np.linalg.norm(radial, axis=1, keepdims=True), 1e-6)
        normals = np.where(faces[:, None] == 1, vec([0, 1, 0]), radial).astype(np.float32)
        angle = np.arctan2(radial[:, 0], radial[:, 2]) * self.radius
        u = np.where(faces == 1, points[:, 0] - self.x, angle).astype(np.float32)
        v = np.where(faces == 1, points[:, 2] - self.z, self.y1 - points[:, 1]).astype(np.float32)
        ao = (1.0 - 0.4 * np.exp(-np.maximum(points[:, 1], 0) / 0.2)).astype(np.float32)
        out = shade_material(self.material, u, v, normals, points, ao)
        if self.top is not None and (faces == 1).any():
            m = faces == 1
            sub = shade_material(self.top, u[m], v[m], normals[m], points[m], ao[m])
            out.albedo[m], out.emission[m], out.gloss[m] = sub.albedo, sub.emission, sub.gloss
        return out


@dataclass(frozen=True)
class Sphere:
    """A ball (foliage, pendant lamps, globe lights)."""

    x: float
    y: float
    z: float
    radius: float
    material: Material

    def bound(self) -> tuple[Vec3, float]:
        return (self.x, self.y, self.z), self.radius

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        ox, oy, oz = -self.x, EYE_HEIGHT - self.y, -self.z
        b = ox * dx + oy * dy + oz * dz
        cc = ox * ox + oy * oy + oz * oz - self.radius**2
        disc = b * b - cc
        with np.errstate(invalid="ignore"):
            t = -b - np.sqrt(disc)
        t = np.where((disc >= 0) & (t > 1e-4), t, MISS).astype(np.float32)
        return t, np.zeros(t.shape, np.int32)

    def shade(self, points: F32, faces: I32) -> Shading:
        normals = (points - vec([self.x, self.y, self.z])) / self.radius
        normals = normals.astype(np.float32)
        u = (np.arctan2(normals[:, 0], normals[:, 2]) * self.radius).astype(np.float32)
        v = (np.arccos(np.clip(normals[:, 1], -1, 1)) * self.radius).astype(np.float32)
        # Light struggles into the underside of a ball standing close to anything.
        ao = (0.75 + 0.25 * np.clip(normals[:, 1] + 0.5, 0, 1)).astype(np.float32)
        return shade_material(self.material, u, v, normals, points, ao)
