"""The demo venue: lobby, auditorium, expo hall and lounge, in the tour's order."""

from collections.abc import Callable

from venuely.demo.tour.rooms.auditorium import auditorium
from venuely.demo.tour.rooms.expo import expo
from venuely.demo.tour.rooms.lobby import lobby
from venuely.demo.tour.rooms.lounge import lounge
from venuely.demo.tour.rooms.spec import RoomSpec

ROOMS: tuple[Callable[[], RoomSpec], ...] = (lobby, auditorium, expo, lounge)
