"""Which hunts an event has, which one is its main hunt, and whether a hunt is open.

A hunt is the event's `TreasureHuntID` (when it is not the null id) or one of the event's
activities of EntityType `TreasureHunt`; the former is the same hunt as the activity when it
names one. The **main hunt** is the event's `TreasureHuntID` when set, else its earliest created
TreasureHunt activity: its score is the attendee variable `Var_User_Game_01` (`pano.py`).

A hunt with an activity is open between the activity's `DateBegin` and `DateEnd` when they are
set. The activities API keeps a TreasureHunt's fields as an open document, so the two are read
from it here: ISO 8601 times (a time without a zone is UTC); a value that is not one is
ignored, as if unset, rather than closing a hunt nobody can reopen without fixing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.events.models import Event

DEFAULT_TITLE = "Treasure hunt"
HuntState = Literal["scheduled", "open", "ended"]


@dataclass(frozen=True, slots=True)
class Hunt:
    id: str
    event_id: str
    title: str
    date_begin: datetime | None
    date_end: datetime | None
    is_main: bool

    def state(self, now: datetime) -> HuntState:
        if self.date_begin is not None and now < self.date_begin:
            return "scheduled"
        if self.date_end is not None and now >= self.date_end:
            return "ended"
        return "open"

    def is_open(self, now: datetime) -> bool:
        return self.state(now) == "open"


def hunt_not_found(hunt_id: str) -> ApiError:
    return ApiError(
        ErrorCode.NOT_FOUND,
        f"Treasure hunt {hunt_id} not found in this event",
        {"TreasureHuntID": hunt_id},
    )


def hunt_closed(hunt: Hunt, now: datetime) -> ApiError:
    state = hunt.state(now)
    when = "has not started yet" if state == "scheduled" else "has ended"
    return ApiError(
        ErrorCode.TREASURE_HUNT_CLOSED,
        f"This treasure hunt {when}",
        {"TreasureHuntID": hunt.id, "State": state},
    )


def document_time(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str) and value.strip():
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    else:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _of_activity(activity: Activity, is_main: bool) -> Hunt:
    document = activity.document
    title = document.get("Title") or activity.title or activity.internal_name
    return Hunt(
        id=activity.id,
        event_id=activity.event_id,
        title=str(title) if title else DEFAULT_TITLE,
        date_begin=activity.date_begin or document_time(document.get("DateBegin")),
        date_end=activity.date_end or document_time(document.get("DateEnd")),
        is_main=is_main,
    )


def _of_event(event: Event) -> Hunt:
    return Hunt(event.treasure_hunt_id, event.id, DEFAULT_TITLE, None, None, is_main=True)


async def _activities(session: AsyncSession, event_id: str) -> list[Activity]:
    rows = await session.scalars(
        select(Activity)
        .where(
            Activity.event_id == event_id,
            Activity.entity_type == EntityType.TREASURE_HUNT.value,
        )
        .order_by(Activity.created_at, Activity.id)
    )
    return list(rows.all())


def _main_id(event: Event, activities: list[Activity]) -> str | None:
    if event.treasure_hunt_id != NULL_ID:
        return event.treasure_hunt_id
    return activities[0].id if activities else None


async def event_hunts(session: AsyncSession, event: Event) -> list[Hunt]:
    """Every hunt of the event, the main one first, then the activities by creation."""
    activities = await _activities(session, event.id)
    main = _main_id(event, activities)
    hunts = [_of_activity(a, is_main=a.id == main) for a in activities]
    if main is not None and not any(h.id == main for h in hunts):
        hunts.append(_of_event(event))
    return sorted(hunts, key=lambda hunt: not hunt.is_main)  # stable: the rest keep their order


async def main_hunt_id(session: AsyncSession, event: Event) -> str | None:
    if event.treasure_hunt_id != NULL_ID:
        return event.treasure_hunt_id
    return await session.scalar(
        select(Activity.id)
        .where(
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.TREASURE_HUNT.value,
        )
        .order_by(Activity.created_at, Activity.id)
        .limit(1)
    )


async def load_hunt(session: AsyncSession, event: Event, hunt_id: str) -> Hunt:
    """The hunt of the event called `hunt_id`, else 404 NOT_FOUND (naming `TreasureHuntID`)."""
    activity = await session.scalar(
        select(Activity).where(
            Activity.id == hunt_id,
            Activity.event_id == event.id,
            Activity.entity_type == EntityType.TREASURE_HUNT.value,
        )
    )
    if activity is not None:
        return _of_activity(activity, is_main=await main_hunt_id(session, event) == hunt_id)
    if hunt_id != NULL_ID and hunt_id == event.treasure_hunt_id:
        return _of_event(event)
    raise hunt_not_found(hunt_id)
