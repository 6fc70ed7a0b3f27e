"""The lounge: sofas, a bookshelf and windows onto a skyline."""

from __future__ import annotations

from venuely.demo.tour import textures as tx
from venuely.demo.tour.primitives import Box
from venuely.demo.tour.rooms.furniture import DOOR_FRAME, pendant, plant, round_table, sofa
from venuely.demo.tour.rooms.spec import RoomSpec
from venuely.demo.tour.scene import Light, Room


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
    tx.doorway(walls["back"], room.wall_u("back", 0.0), 2.4, 2.8, "Lobby", DOOR_FRAME)
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
