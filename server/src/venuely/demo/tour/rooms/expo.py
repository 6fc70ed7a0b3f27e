"""The expo hall: six sponsor booths and the billboard and link web elements."""

from __future__ import annotations

from venuely.demo.tour import textures as tx
from venuely.demo.tour.canvas import Canvas, sponsor_banner
from venuely.demo.tour.primitives import Box, Primitive
from venuely.demo.tour.rooms.furniture import DOOR_FRAME, place, plant, round_table
from venuely.demo.tour.rooms.spec import Panel, RoomSpec, WebElement, mirror
from venuely.demo.tour.scene import Light, Room

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
    banner = sponsor_banner(name, tagline, colour, accent, (800, 600))
    back = Canvas(4.0, 3.0, 200, colour)
    back.paste(banner, 0, 0, 4.0, 3.0)
    counter = Canvas(1.8, 1.05, 200, (245, 245, 245))
    counter.rect(0, 0.0, 1.8, 0.2, accent)
    counter.text(0.9, 0.6, name, 0.18, colour, bold=True)
    white = tx.solid((240, 240, 240), gloss=0.2)
    parts: list[Primitive] = []
    bx, bz = place(x, z, yaw, 0.0, -1.0)
    parts.append(Box(bx, bz, 4.0, 0.12, 0.0, 3.0, white, yaw=yaw, front=back.material()))
    for side in (-1, 1):
        sx, sz = place(x, z, yaw, side * 2.0, -0.3)
        parts.append(Box(sx, sz, 0.08, 1.4, 0.0, 2.4, white, yaw=yaw))
    cx, cz = place(x, z, yaw, 0.3, 0.45)
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
    fx, fz = place(x, z, yaw, 0.0, -0.1)
    parts.append(
        Box(fx, fz, 4.0, 2.0, 0.0, 0.02, tx.carpet(40 + index, accent, colour, 0.4), yaw=yaw)
    )
    lx, lz = place(x, z, yaw, 0.0, 1.5)
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
    art = sponsor_banner(
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
    tx.doorway(walls["left"], room.wall_u("left", 6.0), 2.6, 3.0, "Lobby", DOOR_FRAME)
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
    cx, cz = place(0.0, 8.5, 180.0, 0.3, 0.45 + 0.31)
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
            WebElement("Screen_02", "link", mirror(link_panel), "https://example.org"),
        ],
        assets={"assets/sponsor-banner.jpg": art},
    )
