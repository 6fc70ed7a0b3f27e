"""Wire shapes of the agenda routes (docs/subsystems/agenda.md)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from venuely.activities.schemas import ActivityOut


class PersonalSessionOut(ActivityOut):
    """A saved session as the caller reads it (the stream rule applies, as in `lists/agenda`),
    with its `Speakers`, the agenda day it is listed on and when it was saved."""

    Speakers: list[ActivityOut]
    DayNumber: int
    AddedAt: datetime


class PersonalEntryOut(BaseModel):
    SessionID: str
    AddedAt: datetime


class CalendarFeedOut(BaseModel):
    """Whether the caller has a calendar URL for the event. The URL itself is shown only when it
    is issued: the server keeps no copy of the secret it contains."""

    Active: bool
    CreatedAt: datetime | None


class CalendarFeedIssuedOut(BaseModel):
    URL: str
    CreatedAt: datetime
