"""The demo venue: lobby, auditorium, expo hall and lounge, and where their hotspots go.

Every hotspot in the tour is computed from the same numbers that place the geometry, so the
auditorium's screen hotspot sits exactly on the rendered screen and each link sits on the
rendered doorway. Coordinates as in `scene.py`: camera at the origin, +z ahead, +x right.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from PIL import Image

from venuely.demo.tour import textures as tx
from venuely.demo.tour.scene import (
    Box,
    Cylinder,
    Light,
    Material,
    Primitive,
    Room,
    Sphere,
    Vec3,
    direction_angles,
)

EVENT_TITLE = "Venuely Demo Conference"
AUDITORIUM_SCREEN_ID = "auditorium-screen"


@dataclass(frozen=True)
class Panel:
    """A flat upright rectangle in the world: its left-bottom and right-top corners as seen
    by the camera. Converted to the tour's yaw/pitch/width/height by `angles`."""

    left_bottom: Vec3
    right_top: Vec3

    def angles(self) -> dict[str, float]:
        (x0, y0, z0), (x1, y1, z1) = self.left_bottom, self.right_top
        mx, my, mz = (x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2
        yaw_l, _ = direction_angles(x0, my, z0)
        yaw_r, _ = direction_angles(x1, my, z1)
        _, pitch_b = direction_angles(mx, y0, mz)
        _, pitch_t = direction_angles(mx, y1, mz)
        # Centre of the angular extent, not the direction of the centre point: for a screen
        # seen from below, the two differ and the viewer lays overlays out by their extents.
        return {
            "Yaw": round((yaw_l + yaw_r) / 2, 2),
            "Pitch": round((pitch_b + pitch_t) / 2, 2),
            "Width": round(yaw_r - yaw_l, 2),
            "Height": round(pitch_t - pitch_b, 2),
        }


@dataclass
class WebElement:
    id: str
    type: str  # "image" or "link"
    panel: Panel
    default: str


@dataclass
class RoomSpec:
    id: str
    names: dict[str, str]
    room: Room
    links: list[tuple[str, Vec3]] = field(default_factory=list)  # target node, doorway point
    screens: list[tuple[str, Panel]] = field(default_factory=list)
    web_elements: list[WebElement] = field(default_factory=list)
    assets: dict[str, Image.Image] = field(default_factory=dict)  # zip path -> image


def link_angles(point: Vec3) -> dict[str, float]:
    yaw, pitch = direction_angles(*point)
    return {"Yaw": round(yaw, 2), "Pitch": round(pitch, 2)}


# --- furniture builders -------------------------------------------------------------------


def _place(x: float, z: float, yaw: float, lx: float, lz: float) -> tuple[float, float]:
    """World (x, z) of a point at local (lx, lz) of something at (x, z) facing `yaw`."""
    r = math.radians(yaw)
    return x + lx * math.cos(r) + lz * math.sin(r), z - lx * math.sin(r) + lz * math.cos(r)


def facing_camera(x: float, z: float) -> float:
    """The yaw an object at (x, z) must face to look at the camera."""
    return math.degrees(math.atan2(-x, -z))


def sofa(x: float, z: float, yaw: float, width: float, cloth: Material) -> list[Primitive]:
    parts: list[Primitive] = []
    for lx, lz, w, d, y0, y1 in (
        (0.0, 0.05, width - 0.36, 0.75, 0.1, 0.45),  # seat cushion
        (0.0, -0.38, width, 0.22, 0.1, 0.9),  # backrest
        (-(width / 2 - 0.09), 0.0, 0.18, 0.95, 0.1, 0.65),  # arms
        (width / 2 - 0.09, 0.0, 0.18, 0.95, 0.1, 0.65),
    ):
        px, pz = _place(x, z, yaw, lx, lz)
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


def pendant(x: float, y: float, z: float, ceiling: float, colour: tx.RGB) -> list[Primitive]:
    return [
        Cylinder(x, z, 0.008, y, ceiling, tx.solid((30, 30, 30))),
        Sphere(x, y, z, 0.18, tx.solid(colour, emission=5.0)),
    ]


# --- rooms --------------------------------------------------------------------------------

_FRAME = (92, 66, 48)


def lobby() -> RoomSpec:
    x0, x1, z0, z1, h = -9.0, 9.0, -8.0, 10.0, 5.5
    paint, wood = (226, 218, 204), (128, 88, 58)
    walls = {
        name: tx.paint_wall(18.0, h, paint, wood, ppm=100, seed=i)
        for i, name in enumerate(("front", "back", "left", "right"))
    }
    room = Room(
        x0,
        x1,
        z0,
        z1,
        h,
        tx.stone_tiles(3),
        tx.ceiling(18, 18, 3.0, 1.2),
        {},
        ambient=(0.32, 0.3, 0.28),
        exposure=1.0,
    )
    # Front: the event banner above the reception desk.
    front = walls["front"]
    bu0, bu1 = room.wall_u("front", -6.0), room.wall_u("front", 6.0)
    banner_top, banner_bottom = h - 4.7, h - 2.5
    front.rect(bu0, banner_top, bu1, banner_bottom, (24, 36, 74), radius=0.05)
    front.vertical_gradient(
        bu0 + 0.1, banner_top + 0.1, bu1 - 0.1, banner_bottom - 0.1, (36, 58, 120), (20, 28, 64)
    )
    front.paste(
        tx.logo_mark(256, (255, 255, 255), (255, 170, 90)),
        bu0 + 0.4,
        banner_top + 0.35,
        bu0 + 1.9,
        banner_top + 1.85,
    )
    front.text(
        bu0 + 2.3,
        banner_top + 0.85,
        EVENT_TITLE,
        0.6,
        (255, 255, 255),
        glow=(120, 120, 130),
        anchor="lm",
        bold=True,
    )
    front.text(
        bu0 + 2.3,
        banner_top + 1.6,
        "Three days · one venue · everywhere",
        0.32,
        (255, 196, 140),
        anchor="lm",
    )
    # Doors to the other rooms: left to the auditorium, right to the expo, back to the lounge.
    door_w, door_h = 2.6, 3.0
    tx.doorway(walls["left"], room.wall_u("left", 3.0), door_w, door_h, "Auditorium", _FRAME)
    tx.doorway(walls["right"], room.wall_u("right", 3.0), door_w, door_h, "Expo Hall", _FRAME)
    tx.doorway(walls["back"], room.wall_u("back", 0.0), door_w, door_h, "Lounge", _FRAME)
    # A programme board beside the lounge door.
    back = walls["back"]
    pu = room.wall_u("back", -4.5)
    back.rect(pu - 1.3, h - 3.6, pu + 1.3, h - 1.5, (18, 22, 32), glow=(10, 14, 24), radius=0.05)
    back.text(pu, h - 3.3, "Today", 0.28, (255, 190, 120), glow=(255, 170, 90), bold=True)
    for i, line in enumerate(
        ("Keynote · Auditorium", "Sponsors · Expo Hall", "Meet people · Lounge")
    ):
        back.text(pu, h - 2.85 + i * 0.4, line, 0.22, (236, 240, 250), glow=(200, 205, 220))
    room.walls = {name: c.material(glow_strength=3.0) for name, c in walls.items()}

    desk_front = tx.Canvas(5.0, 1.1, 100, (244, 240, 232))
    desk_front.rect(0, 0.0, 5.0, 0.08, (150, 110, 72))
    desk_front.rect(0.0, 0.82, 5.0, 1.1, (60, 70, 110))
    desk_front.text(2.5, 0.42, "Welcome · Registration", 0.28, (40, 48, 80), bold=True)
    room.objects += [
        Box(
            0.0,
            5.0,
            5.0,
            0.9,
            0.0,
            1.1,
            tx.solid((236, 232, 224)),
            yaw=180,
            front=desk_front.material(),
            top=tx.solid((150, 110, 72), gloss=0.8),
        ),
        Box(0.0, 6.4, 7.0, 0.5, 0.0, 2.2, tx.solid((120, 84, 56)), yaw=180),  # back counter
    ]
    pillar = tx.solid((236, 230, 220))
    for px in (-5.0, 5.0):
        room.objects.append(Cylinder(px, 7.5, 0.4, 0.0, h, pillar))
    for i, (px, pz) in enumerate(
        ((-7.8, 8.8), (7.8, 8.8), (-7.6, 1.0), (7.6, 1.0), (-2.2, -7.2), (2.2, -7.2))
    ):
        room.objects += plant(px, pz, 1.1, i)
    bench = tx.fabric(4, (70, 92, 120))
    for bx in (-4.0, 4.0):
        room.objects.append(Box(bx, -4.5, 2.4, 0.8, 0.05, 0.45, bench))
    room.lights = [
        Light((0, h - 0.3, 3.0), (255, 236, 210), 14.0),
        Light((0, h - 0.3, -4.0), (255, 236, 210), 12.0),
        Light((-6, h - 0.3, 3.0), (255, 236, 210), 9.0),
        Light((6, h - 0.3, 3.0), (255, 236, 210), 9.0),
        Light((0, 2.5, 8.5), (180, 200, 255), 6.0),  # lights the banner wall
    ]
    return RoomSpec(
        "lobby",
        {"en": "Lobby", "de": "Foyer", "es": "Vestíbulo", "fr": "Hall", "it": "Atrio"},
        room,
        links=[
            ("auditorium", (x0, 1.2, 3.0)),
            ("expo", (x1, 1.2, 3.0)),
            ("lounge", (0.0, 1.2, z0)),
        ],
    )


def _curtain(c: tx.Canvas, u0: float, u1: float, top: float, bottom: float) -> None:
    """Velvet folds: a sine-shaded red, drawn as thin vertical strips."""
    step = 0.05
    u = u0
    while u < u1:
        shade = 0.55 + 0.45 * math.sin(u * 5.5) ** 2
        c.rect(
            u, top, min(u + step, u1), bottom, (int(150 * shade), int(22 * shade), int(36 * shade))
        )
        u += step


def auditorium() -> RoomSpec:
    x0, x1, z0, z1, h = -11.0, 11.0, -10.0, 16.0, 9.0
    walls = {
        "front": tx.paint_wall(22.0, h, (40, 34, 38), None, ppm=90, seed=11),
        "back": tx.paint_wall(22.0, h, (96, 60, 52), (90, 58, 40), ppm=90, seed=12),
        "left": tx.paint_wall(26.0, h, (96, 60, 52), (90, 58, 40), ppm=90, seed=13),
        "right": tx.paint_wall(26.0, h, (96, 60, 52), (90, 58, 40), ppm=90, seed=14),
    }
    room = Room(
        x0,
        x1,
        z0,
        z1,
        h,
        tx.carpet(21, (96, 24, 34), (120, 40, 44)),
        tx.ceiling(22, 26, 3.5, 0.35, warm=True, tone=(60, 48, 46)),
        {},
        ambient=(0.16, 0.12, 0.11),
        exposure=1.1,
    )
    # The screen: 16:9 on the front wall, above the stage. The live session plays on top.
    screen_x0, screen_x1, screen_y0 = -5.5, 5.5, 2.4
    screen_y1 = screen_y0 + (screen_x1 - screen_x0) * 9 / 16
    front = walls["front"]
    _curtain(front, 0, room.wall_u("front", -7.0), 0.3, h)
    _curtain(front, room.wall_u("front", 7.0), 22.0, 0.3, h)
    su0, su1 = room.wall_u("front", screen_x0), room.wall_u("front", screen_x1)
    front.rect(su0 - 0.15, h - screen_y1 - 0.15, su1 + 0.15, h - screen_y0 + 0.15, (12, 12, 14))
    front.vertical_gradient(
        su0, h - screen_y1, su1, h - screen_y0, (34, 44, 78), (14, 18, 34), glow=0.8
    )
    front.paste(
        tx.logo_mark(256, (190, 200, 235), (255, 170, 90)),
        (su0 + su1) / 2 - 0.8,
        h - screen_y1 + 1.3,
        (su0 + su1) / 2 + 0.8,
        h - screen_y1 + 2.9,
    )
    front.text(
        (su0 + su1) / 2,
        h - screen_y1 + 3.7,
        EVENT_TITLE,
        0.45,
        (210, 216, 240),
        glow=(160, 166, 200),
    )
    for wall in ("left", "right"):
        c = walls[wall]
        # Acoustic wood slats on the upper side walls, and warm sconces between them.
        u = 0.3
        while u < 25.7:
            c.rect(u, 1.2, u + 0.08, h - 1.3, (120, 78, 50))
            u += 0.25
        for zz in (-6.0, -1.0, 4.0, 9.0):
            su = room.wall_u(wall, zz)
            c.rect(su - 0.5, h - 4.3, su + 0.5, h - 3.9, (255, 214, 160), glow=(255, 200, 140))
    tx.doorway(walls["back"], room.wall_u("back", 0.0), 2.6, 3.0, "Lobby", _FRAME)
    room.walls = {name: c.material(glow_strength=3.0) for name, c in walls.items()}

    stage_wood = tx.wood_floor(31, (110, 72, 44), plank=0.15)
    stage_front = tx.Canvas(18.0, 1.0, 60, (30, 26, 26))
    stage_front.rect(0, 0, 18.0, 0.06, (180, 130, 80))
    room.objects.append(
        Box(
            0.0,
            13.5,
            18.0,
            5.0,
            0.0,
            1.0,
            tx.solid((30, 26, 26)),
            yaw=180,
            front=stage_front.material(),
            top=stage_wood,
        )
    )
    lectern = tx.Canvas(0.7, 1.2, 200, (40, 44, 60))
    lectern.paste(tx.logo_mark(128, (255, 255, 255), (255, 170, 90)), 0.15, 0.25, 0.55, 0.65)
    room.objects.append(
        Box(
            6.0, 12.2, 0.7, 0.5, 1.0, 2.2, tx.solid((40, 44, 60)), yaw=180, front=lectern.material()
        )
    )
    room.objects += plant(-8.5, 12.0, 1.3, 1) + plant(8.5, 12.0, 1.3, 2)
    seat = tx.fabric(22, (150, 30, 40))
    shell = tx.solid((40, 30, 30), gloss=0.2)
    rows = [2.2 + 1.05 * i for i in range(7)] + [-1.6 - 1.05 * i for i in range(7)]
    for rz in rows:
        for side in (-1, 1):
            xa, xb = 1.3, 10.4
            mid = side * (xa + xb) / 2
            # One long cushion per row and side, individual backrests facing the stage.
            room.objects.append(Box(mid, rz, xb - xa, 0.5, 0.25, 0.48, seat))
            n = int((xb - xa) / 0.62)
            for k in range(n):
                sx = side * (xa + 0.31 + k * 0.62)
                room.objects.append(Box(sx, rz - 0.3, 0.56, 0.12, 0.3, 1.0, seat, top=shell))
    warm, stage = (255, 200, 140), (255, 226, 180)
    room.lights = [
        Light((-5, 7.5, 10.5), stage, 30.0),
        Light((5, 7.5, 10.5), stage, 30.0),
        Light((0, 7.0, 4.0), warm, 16.0),
        Light((0, 7.0, -4.0), warm, 14.0),
        *(Light((wx, 5.0, zz), warm, 3.5) for wx in (-10.6, 10.6) for zz in (-6, -1, 4, 9)),
    ]
    centre_z = z1 - 0.01
    return RoomSpec(
        "auditorium",
        {
            "en": "Auditorium",
            "de": "Auditorium",
            "es": "Auditorio",
            "fr": "Auditorium",
            "it": "Auditorium",
        },
        room,
        links=[("lobby", (0.0, 1.2, z0))],
        screens=[
            (
                AUDITORIUM_SCREEN_ID,
                Panel((screen_x0, screen_y0, centre_z), (screen_x1, screen_y1, centre_z)),
            )
        ],
    )


_SPONSORS = (
    ("Northwind Audio", "Sound that travels", (32, 70, 140), (60, 150, 220)),
    ("Lumen Stage", "Light for every room", (200, 90, 30), (250, 170, 60)),
    ("Orbit Cloud", "Streams that scale", (70, 40, 120), (160, 90, 200)),
    ("Fable Coffee", "Brewed for breaks", (90, 56, 40), (200, 140, 80)),
    ("Kite Analytics", "Know your audience", (20, 110, 100), (70, 200, 170)),
    ("Harbor Travel", "Arrive rested", (30, 60, 90), (230, 90, 90)),
)


def _booth(x: float, z: float, yaw: float, index: int) -> tuple[list[Primitive], Light]:
    name, tagline, colour, accent = _SPONSORS[index]
    banner = tx.sponsor_banner(name, tagline, colour, accent, (800, 600))
    back = tx.Canvas(4.0, 3.0, 200, colour)
    back.paste(banner, 0, 0, 4.0, 3.0)
    counter = tx.Canvas(1.8, 1.05, 200, (245, 245, 245))
    counter.rect(0, 0.0, 1.8, 0.2, accent)
    counter.text(0.9, 0.6, name, 0.18, colour, bold=True)
    white = tx.solid((240, 240, 240), gloss=0.2)
    parts: list[Primitive] = []
    bx, bz = _place(x, z, yaw, 0.0, -1.0)
    parts.append(Box(bx, bz, 4.0, 0.12, 0.0, 3.0, white, yaw=yaw, front=back.material()))
    for side in (-1, 1):
        sx, sz = _place(x, z, yaw, side * 2.0, -0.3)
        parts.append(Box(sx, sz, 0.08, 1.4, 0.0, 2.4, white, yaw=yaw))
    cx, cz = _place(x, z, yaw, 0.3, 0.45)
    parts.append(
        Box(
            cx,
            cz,
            1.8,
            0.6,
            0.0,
            1.05,
            white,
            yaw=yaw,
            front=counter.material(),
            top=tx.solid((40, 40, 44), gloss=0.6),
        )
    )
    fx, fz = _place(x, z, yaw, 0.0, -0.1)
    parts.append(
        Box(fx, fz, 4.0, 2.0, 0.0, 0.02, tx.carpet(40 + index, accent, colour, 0.4), yaw=yaw)
    )
    lx, lz = _place(x, z, yaw, 0.0, 1.5)
    return parts, Light((lx, 4.0, lz), (255, 246, 230), 7.0)


def expo() -> RoomSpec:
    x0, x1, z0, z1, h = -15.0, 15.0, -12.0, 15.0, 7.0
    walls = {
        "front": tx.paint_wall(30.0, h, (232, 232, 236), (90, 96, 110), ppm=80, seed=21),
        "back": tx.paint_wall(30.0, h, (232, 232, 236), (90, 96, 110), ppm=80, seed=22),
        "left": tx.paint_wall(27.0, h, (232, 232, 236), (90, 96, 110), ppm=80, seed=23),
        "right": tx.paint_wall(27.0, h, (232, 232, 236), (90, 96, 110), ppm=80, seed=24),
    }
    room = Room(
        x0,
        x1,
        z0,
        z1,
        h,
        tx.concrete(25),
        tx.ceiling(30, 27, 4.0, 1.2),
        {},
        ambient=(0.3, 0.3, 0.32),
        exposure=0.85,
    )
    # The billboard on the front wall is web element Screen_01: the rendered art is its
    # default content, so the room looks right before the organizer changes anything.
    board_x0, board_x1, board_y0, board_y1 = -4.0, 4.0, 4.2, 6.2
    art = tx.sponsor_banner(
        "Your brand here",
        "Sponsor of the Venuely Demo Conference",
        (28, 40, 80),
        (255, 150, 70),
        (1200, 300),
    )
    front = walls["front"]
    fu0, fu1 = room.wall_u("front", board_x0), room.wall_u("front", board_x1)
    front.rect(fu0 - 0.08, h - board_y1 - 0.08, fu1 + 0.08, h - board_y0 + 0.08, (30, 30, 34))
    front.paste(art, fu0, h - board_y1, fu1, h - board_y0)
    tx.doorway(walls["left"], room.wall_u("left", 6.0), 2.6, 3.0, "Lobby", _FRAME)
    room.walls = {name: c.material(glow_strength=3.0) for name, c in walls.items()}
    layout = (
        (-6.5, 7.5, 180.0),
        (0.0, 8.5, 180.0),
        (6.5, 7.5, 180.0),
        (9.5, 0.5, -90.0),
        (-5.5, -7.0, 0.0),
        (5.5, -7.0, 0.0),
    )
    for index, (bx, bz, yaw) in enumerate(layout):
        parts, light = _booth(bx, bz, yaw, index)
        room.objects += parts
        room.lights.append(light)
    # A carpet runner from the entrance through the hall, so the floor is not one grey field.
    room.objects.append(
        Box(-1.0, 0.0, 2.4, 24.0, 0.0, 0.012, tx.carpet(26, (38, 62, 120), (52, 80, 150), 0.5))
    )
    room.objects.append(
        Box(
            -7.5,
            6.0,
            15.0,
            2.4,
            0.0,
            0.012,
            tx.carpet(26, (38, 62, 120), (52, 80, 150), 0.5),
            yaw=0.0,
        )
    )
    room.objects += plant(-12.0, 0.0, 1.2, 3) + plant(12.0, -8.0, 1.2, 4)
    room.objects += round_table(-4.0, 3.5, 0.4, 1.1, tx.solid((245, 245, 245), gloss=0.5))
    room.objects += round_table(4.0, 3.5, 0.4, 1.1, tx.solid((245, 245, 245), gloss=0.5))
    room.lights += [
        Light((0, h - 0.3, 0), (255, 250, 240), 16.0),
        Light((0, 5.0, 12.0), (255, 250, 240), 8.0),
    ]
    # Screen_02 is a link on the central booth's counter ("visit our website").
    cx, cz = _place(0.0, 8.5, 180.0, 0.3, 0.45 + 0.31)
    link_panel = Panel((cx + 0.9, 0.25, cz), (cx - 0.9, 1.05, cz))
    z_board = z1 - 0.01
    return RoomSpec(
        "expo",
        {
            "en": "Expo Hall",
            "de": "Ausstellung",
            "es": "Sala de exposición",
            "fr": "Exposition",
            "it": "Area espositiva",
        },
        room,
        links=[("lobby", (x0, 1.2, 6.0))],
        web_elements=[
            WebElement(
                "Screen_01",
                "image",
                Panel((board_x0, board_y0, z_board), (board_x1, board_y1, z_board)),
                "assets/sponsor-banner.jpg",
            ),
            WebElement("Screen_02", "link", _mirror(link_panel), "https://example.org"),
        ],
        assets={"assets/sponsor-banner.jpg": art},
    )


def _mirror(panel: Panel) -> Panel:
    """Order the corners left-to-right as the camera sees them."""
    (ax, ay, az), (bx, by, bz) = panel.left_bottom, panel.right_top
    if math.atan2(ax, az) > math.atan2(bx, bz):
        return Panel((bx, ay, bz), (ax, by, az))
    return panel


def lounge() -> RoomSpec:
    # Off the plank grid by half a plank, so no floor seam runs straight under the camera.
    x0, x1, z0, z1, h = -8.1, 7.9, -7.0, 9.0, 4.2
    sage, oak = (168, 184, 160), (140, 100, 66)
    walls = {
        name: tx.paint_wall(16.0, h, sage, oak, ppm=100, seed=30 + i)
        for i, name in enumerate(("front", "back", "left", "right"))
    }
    room = Room(
        x0,
        x1,
        z0,
        z1,
        h,
        tx.wood_floor(33),
        tx.ceiling(16, 16, 4.0, 0.3, warm=True),
        {},
        ambient=(0.3, 0.29, 0.27),
        exposure=1.0,
    )
    for i, (u0, u1) in enumerate(((1.5, 7.0), (9.0, 14.5))):
        tx.window(walls["front"], u0, h - 3.6, u1, h - 0.95, seed=50 + i)
        tx.window(walls["right"], u0, h - 3.6, u1, h - 0.95, seed=60 + i)
    tx.doorway(walls["back"], room.wall_u("back", 0.0), 2.4, 2.8, "Lobby", _FRAME)
    # Bookshelf on the left wall: rows of coloured spines.
    left = walls["left"]
    su = room.wall_u("left", 1.0)
    left.rect(su - 2.0, h - 3.0, su + 2.0, h - 0.12, (96, 66, 44))
    palette = (
        (170, 60, 50),
        (50, 90, 140),
        (220, 190, 120),
        (60, 120, 90),
        (120, 80, 140),
        (230, 230, 220),
    )
    for shelf in range(5):
        top = h - 2.9 + shelf * 0.55
        u = su - 1.9
        k = shelf * 7
        while u < su + 1.85:
            w = 0.04 + 0.03 * ((k * 37) % 5) / 4
            height = 0.3 + 0.15 * ((k * 53) % 7) / 6
            left.rect(u, top + 0.45 - height, u + w, top + 0.45, palette[k % len(palette)])
            u += w + 0.005
            k += 1
        left.rect(su - 2.0, top + 0.45, su + 2.0, top + 0.5, (120, 86, 58))
    room.walls = {name: c.material(glow_strength=2.5) for name, c in walls.items()}

    velvet, mustard = tx.fabric(41, (52, 84, 110)), tx.fabric(42, (200, 150, 60))
    rug = tx.carpet(43, (190, 170, 150), (150, 110, 90), 0.8)
    room.objects.append(Box(0.0, 4.0, 5.0, 3.6, 0.0, 0.015, rug))
    room.objects += sofa(0.0, 5.6, 180.0, 2.6, velvet)
    room.objects += sofa(-2.2, 3.6, 90.0, 1.1, mustard)
    room.objects += sofa(2.2, 3.6, -90.0, 1.1, mustard)
    room.objects += round_table(0.0, 3.8, 0.55, 0.42, tx.solid((150, 108, 70), gloss=0.7))
    room.objects += sofa(5.4, -2.0, -90.0, 2.2, velvet)
    room.objects += round_table(4.2, -2.0, 0.4, 0.45, tx.solid((150, 108, 70), gloss=0.7))
    room.objects += sofa(-5.0, -4.0, 45.0, 1.2, mustard)
    for i, (px, pz, size) in enumerate(
        ((-7.2, 8.2, 1.4), (7.2, 8.2, 1.3), (7.2, -6.2, 1.2), (-3.2, 7.8, 0.9))
    ):
        room.objects += plant(px, pz, size, i)
    room.objects += pendant(0.0, 2.6, 3.8, h, (255, 214, 160))
    room.objects += pendant(4.2, 2.6, -2.0, h, (255, 214, 160))
    room.lights = [
        Light((0.0, 2.4, 3.8), (255, 210, 160), 6.0),
        Light((4.2, 2.4, -2.0), (255, 210, 160), 5.0),
        Light((0.0, 3.0, 8.0), (200, 220, 255), 10.0),  # daylight through the windows
        Light((7.0, 3.0, 1.0), (200, 220, 255), 10.0),
        Light((-4.0, h - 0.3, -1.0), (255, 230, 200), 7.0),
    ]
    return RoomSpec(
        "lounge",
        {"en": "Lounge", "de": "Lounge", "es": "Salón", "fr": "Salon", "it": "Lounge"},
        room,
        links=[("lobby", (0.0, 1.2, z0))],
    )


ROOMS: tuple[Callable[[], RoomSpec], ...] = (lobby, auditorium, expo, lounge)
