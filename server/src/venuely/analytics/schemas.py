"""Wire shapes of the analytics routes (docs/subsystems/analytics.md).

The tracker's envelope is checked as a whole (at most 20 items: 422 beyond), but each item on
its own: a client that sends one odd item among good ones loses that item only, and the drop is
counted (`bad_item`) rather than failing the batch that a page unload may not retry.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from venuely.analytics.models import MAX_PLACE
from venuely.analytics.screens import PLACE_PATTERN
from venuely.analytics.screens import Kind as ItemKind
from venuely.core.ids import ID_PATTERN

MAX_ITEMS = 20


class TrackItem(BaseModel):
    """One tracker item. `Screen` must be one of analytics/screens.py `SCREENS`; `ActivityID`
    (a ping while a session plays) counts attendance; `Place` is the room, page or pano scene."""

    model_config = ConfigDict(extra="forbid")

    Kind: ItemKind
    Screen: str = Field(min_length=1, max_length=40)
    ActivityID: str | None = Field(default=None, pattern=ID_PATTERN)
    Place: str | None = Field(default=None, max_length=MAX_PLACE, pattern=PLACE_PATTERN)


class TrackIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    Events: list[dict[str, Any]] = Field(
        max_length=MAX_ITEMS,
        description="Up to 20 items, each a TrackItem: {Kind: page_view|usage|ping, Screen, "
        "ActivityID?, Place?}. An item that is not one is dropped (counted as bad_item).",
    )


class TrackOut(BaseModel):
    Accepted: int
    Dropped: int


class PlaceCount(BaseModel):
    Place: str
    Count: int


class OnlineNow(BaseModel):
    Total: int
    PerPlace: list[PlaceCount]


class HourCount(BaseModel):
    At: datetime
    Count: int


class MinuteCount(BaseModel):
    Minute: datetime
    Count: int


class SessionAttendance(BaseModel):
    ActivityID: str
    Title: str
    Peak: int
    Unique: int
    AverageMinutes: float


class PollParticipation(BaseModel):
    PollID: str
    Title: str
    Ballots: int
    # Ballots per attendee of the event, 0..1.
    Participation: float


class RoomMinutes(BaseModel):
    Place: str
    PersonMinutes: float


class ScreenCount(BaseModel):
    Screen: str
    Count: int


class Dashboard(BaseModel):
    """Everything the console's dashboard shows, in one read it polls every 10 s."""

    EventID: str
    GeneratedAt: datetime
    Attendees: int
    OnlineNow: OnlineNow
    Registrations: list[HourCount]
    Attendance: list[SessionAttendance]
    ChatPerMinute: list[MinuteCount]
    Polls: list[PollParticipation]
    TopRooms: list[RoomMinutes]
    PageViews: list[ScreenCount]
