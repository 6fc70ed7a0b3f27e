"""A tiny ray caster for equirectangular panoramas of box-shaped rooms.

Conventions (the same as docs/formats/tour-package.md): the camera stands at x = z = 0 at eye
height; +z is straight ahead (yaw 0, the centre of the image), +x is to the right (yaw +90), +y is
up (pitch +90). Lengths are metres.

Only primary rays are cast: every pixel finds its nearest surface, and lighting is a sum of
point lights without shadow rays. What makes the result read as a real room is cheap and
local instead: ambient occlusion near corners and edges, baked contact shadows under objects,
a little gloss on floors and bloom around lamps. That keeps a room at a few seconds on one core.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageFilter

F32 = npt.NDArray[np.float32]
I32 = npt.NDArray[np.int32]
Vec3 = tuple[float, float, float]

EYE_HEIGHT = 1.6
_MISS = np.float32(np.inf)


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
    """Per-pixel surface description filled by primitives, consumed by `_light`."""

    normal: F32
    albedo: F32
    emission: F32
    gloss: F32
    ao: F32


def _shade_material(
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

    def _axes(self) -> tuple[float, float]:
        r = math.radians(self.yaw)
        return math.cos(r), math.sin(r)

    def bound(self) -> tuple[Vec3, float]:
        radius = 0.5 * math.sqrt(self.width**2 + self.depth**2 + (self.y1 - self.y0) ** 2)
        return (self.x, 0.5 * (self.y0 + self.y1), self.z), radius

    def intersect(self, dx: F32, dy: F32, dz: F32) -> tuple[F32, I32]:
        c, s = self._axes()
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
        return np.where(hit, t_near, _MISS).astype(np.float32), faces

    def shade(self, points: F32, faces: I32) -> Shading:
        c, s = self._axes()
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
            sub = _shade_material(material, u[m], v[m], normals[m], points[m], out.ao[m])
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
        t = np.where(side_ok, t_side, _MISS)
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
        out = _shade_material(self.material, u, v, normals, points, ao)
        if self.top is not None and (faces == 1).any():
            m = faces == 1
            sub = _shade_material(self.top, u[m], v[m], normals[m], points[m], ao[m])
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
        t = np.where((disc >= 0) & (t > 1e-4), t, _MISS).astype(np.float32)
        return t, np.zeros(t.shape, np.int32)

    def shade(self, points: F32, faces: I32) -> Shading:
        normals = (points - vec([self.x, self.y, self.z])) / self.radius
        normals = normals.astype(np.float32)
        u = (np.arctan2(normals[:, 0], normals[:, 2]) * self.radius).astype(np.float32)
        v = (np.arccos(np.clip(normals[:, 1], -1, 1)) * self.radius).astype(np.float32)
        # Light struggles into the underside of a ball standing close to anything.
        ao = (0.75 + 0.25 * np.clip(normals[:, 1] + 0.5, 0, 1)).astype(np.float32)
        return _shade_material(self.material, u, v, normals, points, ao)


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
            c, s = obj._axes()
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


class _Shell:
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
        ty = np.where(dy == 0, _MISS, ty)
        tz = np.where(dz == 0, _MISS, tz)
        tx = np.where(dx == 0, _MISS, tx)
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
            sub = _shade_material(
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
    prims: list[Primitive] = [_Shell(room), *room.objects]
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
