"""A breakout room's state and a lenient reader of its document.

The state is computed, never stored, from the room's `OpensAt` / `ClosesAt` (the activity's
`date_begin` / `date_end` columns) at the moment of asking:

- **closed** ⇔ `ClosesAt` ≤ now;
- **scheduled** ⇔ not closed and `OpensAt` > now;
- **open** otherwise (both unset: open until an organizer closes it).

So a room opens and closes by the clock with no writer; closing by hand sets `ClosesAt` to now.
`open_at` is the same rule in SQL. Documents are read leniently because rooms stored before
this feature existed were open documents of any shape (`BreakoutRoomIn` checks new writes).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from sqlalchemy import ColumnElement, and_, or_

from venuely.activities.models import Activity
from venuely.activities.schemas import MAX_BREAKOUT_CAPACITY

RoomState = Literal["scheduled", "open", "closed"]
SCHEDULED: RoomState = "scheduled"
OPEN: RoomState = "open"
CLOSED: RoomState = "closed"
# A room stored without a usable Capacity (before rooms were checked) seats this many.
DEFAULT_CAPACITY = 20
CALL_TYPES = frozenset({"None", "Zoom", "Jitsi", "BigBlueButton", "Iframe"})


def room_state(opens_at: datetime | None, closes_at: datetime | None, now: datetime) -> RoomState:
    if closes_at is not None and closes_at <= now:
        return CLOSED
    if opens_at is not None and opens_at > now:
        return SCHEDULED
    return OPEN


def state_of(room: Activity, now: datetime) -> RoomState:
    return room_state(room.date_begin, room.date_end, now)


def open_at(now: datetime) -> ColumnElement[bool]:
    """SQL for "the room is open at `now`", the rule of `room_state`."""
    return and_(
        or_(Activity.date_end.is_(None), Activity.date_end > now),
        or_(Activity.date_begin.is_(None), Activity.date_begin <= now),
    )


@dataclass(frozen=True, slots=True)
class Call:
    """How the people inside meet: the call's kind and the way in (attendees get it only once
    inside)."""

    type: str
    url: str
    meeting_id: str
    password: str


@dataclass(frozen=True, slots=True)
class RoomDefinition:
    title: str
    topic: str
    capacity: int
    call: Call


def _text(document: dict[str, Any], key: str) -> str:
    value = document.get(key)
    return value if isinstance(value, str) else ""


def _capacity(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        return DEFAULT_CAPACITY
    return max(0, min(value, MAX_BREAKOUT_CAPACITY))


def definition_of(room: Activity) -> RoomDefinition:
    document = room.document if isinstance(room.document, dict) else {}
    kind = _text(document, "ConferenceType")
    return RoomDefinition(
        title=_text(document, "Title") or room.title or room.internal_name,
        topic=_text(document, "Topic"),
        capacity=_capacity(document.get("Capacity")),
        call=Call(
            type=kind if kind in CALL_TYPES else "None",
            url=_text(document, "ConferenceJoinURL"),
            meeting_id=_text(document, "ConferenceID"),
            password=_text(document, "ConferencePassword"),
        ),
    )


def chat_name(room_id: str) -> str:
    """The internal name of the room's chat room (chat/service.py `ensure_named_group`)."""
    return f"breakout:{room_id}"
