"""The auditorium: stage, seating, and the screen where the live sessions play."""

from __future__ import annotations

import math

from venuely.demo.tour import textures as tx
from venuely.demo.tour.canvas import Canvas, logo_mark
from venuely.demo.tour.primitives import Box
from venuely.demo.tour.rooms.furniture import DOOR_FRAME, plant
from venuely.demo.tour.rooms.spec import AUDITORIUM_SCREEN_ID, EVENT_TITLE, Panel, RoomSpec
from venuely.demo.tour.scene import Light, Room


def _curtain(c: Canvas, u0: float, u1: float, top: float, bottom: float) -> None:
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
        logo_mark(256, (190, 200, 235), (255, 170, 90)),
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
    tx.doorway(walls["back"], room.wall_u("back", 0.0), 2.6, 3.0, "Lobby", DOOR_FRAME)
    room.walls = {name: c.material(glow_strength=3.0) for name, c in walls.items()}

    stage_wood = tx.wood_floor(31, (110, 72, 44), plank=0.15)
    stage_front = Canvas(18.0, 1.0, 60, (30, 26, 26))
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
    lectern = Canvas(0.7, 1.2, 200, (40, 44, 60))
    lectern.paste(logo_mark(128, (255, 255, 255), (255, 170, 90)), 0.15, 0.25, 0.55, 0.65)
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
