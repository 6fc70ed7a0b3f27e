"""What the tour says about a room besides its picture: names, links, screens, web elements.

Every hotspot in the tour is computed from the same numbers that place the geometry, so the
auditorium's screen hotspot sits exactly on the rendered screen and each link sits on the
rendered doorway. Coordinates as in `surface.py`: camera at the origin, +z ahead, +x right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PIL import Image

from venuely.demo.tour.scene import Room
from venuely.demo.tour.surface import Vec3, direction_angles

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


def mirror(panel: Panel) -> Panel:
    """Order the corners left-to-right as the camera sees them."""
    (ax, ay, az), (bx, by, bz) = panel.left_bottom, panel.right_top
    if math.atan2(ax, az) > math.atan2(bx, bz):
        return Panel((bx, ay, bz), (ax, by, az))
    return panel
