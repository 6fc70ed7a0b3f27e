"""Furniture the demo rooms share: sofas, plants, tables, pendant lamps."""

from __future__ import annotations

import math

from venuely.demo.tour import textures as tx
from venuely.demo.tour.canvas import RGB
from venuely.demo.tour.primitives import Box, Cylinder, Primitive, Sphere
from venuely.demo.tour.surface import Material

DOOR_FRAME = (92, 66, 48)


def place(x: float, z: float, yaw: float, lx: float, lz: float) -> tuple[float, float]:
    """World (x, z) of a point at local (lx, lz) of something at (x, z) facing `yaw`."""
    r = math.radians(yaw)
    return x + lx * math.cos(r) + lz * math.sin(r), z - lx * math.sin(r) + lz * math.cos(r)


def sofa(x: float, z: float, yaw: float, width: float, cloth: Material) -> list[Primitive]:
    parts: list[Primitive] = []
    for lx, lz, w, d, y0, y1 in (
        (0.0, 0.05, width - 0.36, 0.75, 0.1, 0.45),  # seat cushion
        (0.0, -0.38, width, 0.22, 0.1, 0.9),  # backrest
        (-(width / 2 - 0.09), 0.0, 0.18, 0.95, 0.1, 0.65),  # arms
        (width / 2 - 0.09, 0.0, 0.18, 0.95, 0.1, 0.65),
    ):
        px, pz = place(x, z, yaw, lx, lz)
        parts.append(Box(px, pz, w, d, y0, y1, cloth, yaw=yaw))
    return parts


def plant(x: float, z: float, size: float, seed: int) -> list[Primitive]:
    leaf = tx.solid((58, 112, 52), bumps=0.55)
    dark = tx.solid((40, 88, 44), bumps=0.6)
    pot = tx.solid((214, 208, 196), gloss=0.3)
    parts: list[Primitive] = [
        Cylinder(x, z, 0.28 * size, 0.0, 0.55 * size, pot, top=tx.solid((70, 52, 40))),
        Cylinder(x, z, 0.03, 0.5 * size, 1.1 * size, tx.solid((90, 70, 50))),
    ]
    offsets = (
        (0.0, 1.25, 0.0, 0.42),
        (0.2, 1.05, 0.12, 0.33),
        (-0.18, 1.1, -0.1, 0.34),
        (0.05, 1.5, -0.08, 0.3),
    )
    for i, (ox, oy, oz, r) in enumerate(offsets):
        material = leaf if (i + seed) % 2 else dark
        parts.append(Sphere(x + ox * size, oy * size, z + oz * size, r * size, material))
    return parts


def round_table(x: float, z: float, radius: float, height: float, top: Material) -> list[Primitive]:
    metal = tx.solid((40, 40, 42), gloss=0.6)
    return [
        Cylinder(x, z, radius, height - 0.04, height, top, top=top),
        Cylinder(x, z, 0.04, 0.02, height - 0.04, metal),
        Cylinder(x, z, radius * 0.45, 0.0, 0.03, metal),
    ]


def pendant(x: float, y: float, z: float, ceiling: float, colour: RGB) -> list[Primitive]:
    return [
        Cylinder(x, z, 0.008, y, ceiling, tx.solid((30, 30, 30))),
        Sphere(x, y, z, 0.18, tx.solid(colour, emission=5.0)),
    ]
