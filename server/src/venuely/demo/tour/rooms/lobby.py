"""The lobby, where the tour starts: the event banner, reception, doors to every room."""

from __future__ import annotations

from venuely.demo.tour import textures as tx
from venuely.demo.tour.canvas import Canvas, logo_mark
from venuely.demo.tour.primitives import Box, Cylinder
from venuely.demo.tour.rooms.furniture import DOOR_FRAME, plant
from venuely.demo.tour.rooms.spec import EVENT_TITLE, RoomSpec
from venuely.demo.tour.scene import Light, Room


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
        logo_mark(256, (255, 255, 255), (255, 170, 90)),
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
    tx.doorway(walls["left"], room.wall_u("left", 3.0), door_w, door_h, "Auditorium", DOOR_FRAME)
    tx.doorway(walls["right"], room.wall_u("right", 3.0), door_w, door_h, "Expo Hall", DOOR_FRAME)
    tx.doorway(walls["back"], room.wall_u("back", 0.0), door_w, door_h, "Lounge", DOOR_FRAME)
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

    desk_front = Canvas(5.0, 1.1, 100, (244, 240, 232))
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
