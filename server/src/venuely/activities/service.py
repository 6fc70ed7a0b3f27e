"""Business rules for activities: writes, lists, values and the relation join.

Writes that attendees must hear about (sessions) commit first and then publish
ACTIVITY_SYNC_NOTIFY through `sync.commit_and_publish`, so a client that re-reads on the signal
always finds the change.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.access import access_activity
from venuely.activities.checks import check_session
from venuely.activities.models import Activity, ActivityValue, EntityType
from venuely.activities.picture import check_picture
from venuely.activities.schemas import (
    MAX_DOCUMENT_BYTES,
    ActivityIn,
    BreakoutRoomIn,
    PollIn,
    SessionIn,
    SpeakerIn,
    document_of,
    portable_json,
)
from venuely.activities.sync import commit_and_publish
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import new_id
from venuely.core.pagination import page_by_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.relations.models import Relation

MAX_BY_RELATION = 1000
# The columns `_columns` fills from a document: what a change hook compares (`sync.py`).
COLUMN_NAMES = ("pano_node_id", "internal_name", "title", "date_begin", "date_end", "is_active")


def _columns(parsed: ActivityIn) -> dict[str, Any]:
    values: dict[str, Any] = {
        "pano_node_id": parsed.PanoNodeID,
        "internal_name": parsed.InternalName,
        "title": parsed.Title,
        "date_begin": None,
        "date_end": None,
        "is_active": False,
    }
    if isinstance(parsed, SessionIn):
        values.update(date_begin=parsed.DateBegin, date_end=parsed.DateEnd)
    elif isinstance(parsed, SpeakerIn):
        values["title"] = parsed.FullName
    elif isinstance(parsed, PollIn):
        # A poll's state is computed from these three (polls/state.py), in SQL as well.
        values.update(
            is_active=parsed.IsActive, date_begin=parsed.OpensAt, date_end=parsed.ClosesAt
        )
    elif isinstance(parsed, BreakoutRoomIn):
        # Whether a room is open is computed from these two (breakouts/state.py), in SQL too.
        values.update(date_begin=parsed.OpensAt, date_end=parsed.ClosesAt)
    return values


def columns_of(activity: Activity) -> Mapping[str, Any]:
    """The activity's queried columns as they are now, taken before a write changes them."""
    return {name: getattr(activity, name) for name in COLUMN_NAMES}


async def _check_references(session: AsyncSession, event: Event, parsed: ActivityIn) -> None:
    """What a document names must be of its own event: a session's video (checks.py), a poll's
    session."""
    if isinstance(parsed, SessionIn):
        await check_session(session, event, parsed)
    elif isinstance(parsed, PollIn) and parsed.SessionID is not None:
        await access_activity(session, event, parsed.SessionID, entity_type=EntityType.SESSION)


def _checked_document(parsed: ActivityIn) -> dict[str, Any]:
    document: dict[str, Any] = portable_json(
        document_of(parsed), limit=MAX_DOCUMENT_BYTES, what="The activity document"
    )
    return document


def _check_identity(activity: Activity, parsed: ActivityIn) -> None:
    """A client may send back what it read; what identifies the activity must then match."""
    if parsed.ID is not None and activity.id != parsed.ID:
        raise ApiError(ErrorCode.VALIDATION_ERROR, "ID does not match the path", {"ID": parsed.ID})
    if parsed.EventID is not None and parsed.EventID != activity.event_id:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "EventID does not match", {"EventID": parsed.EventID}
        )
    for name in ("Type", "EntityType"):
        sent = getattr(parsed, name)
        if sent is not None and sent != activity.entity_type:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"An activity cannot change its type ({activity.entity_type})",
                {name: sent},
            )


def build_activity(
    services: Services, event: Event, entity_type: EntityType, parsed: ActivityIn
) -> Activity:
    """The row a create would store, not yet added (also the `activitiesDUMMY` dry run)."""
    if parsed.ID is not None:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR, "ID is assigned by the server on create", {"ID": parsed.ID}
        )
    now = services.clock.now()
    activity = Activity(
        id=new_id(),
        event_id=event.id,
        entity_type=entity_type.value,
        zoom_meeting_id="",
        document=_checked_document(parsed),
        created_at=now,
        updated_at=now,
        **_columns(parsed),
    )
    _check_identity(activity, parsed)
    return activity


async def create_activity(
    session: AsyncSession,
    services: Services,
    event: Event,
    entity_type: EntityType,
    parsed: ActivityIn,
) -> Activity:
    activity = build_activity(services, event, entity_type, parsed)
    await _check_references(session, event, parsed)
    await check_picture(session, parsed)
    session.add(activity)
    await commit_and_publish(session, services, activity)
    return activity


def apply_document(activity: Activity, parsed: ActivityIn, now: datetime) -> None:
    """Replace what the activity says with `parsed` (validated, identity already checked)."""
    document = _checked_document(parsed)
    # Zoom data belongs to the meeting the server made; a PUT from an older read must not drop it.
    if activity.zoom_meeting_id:
        for key in ("ConferenceType", "ConferenceID", "ConferenceJoinURL", "ConferencePassword"):
            if key in activity.document:
                document[key] = activity.document[key]
    for column, value in _columns(parsed).items():
        setattr(activity, column, value)
    activity.document = document
    activity.updated_at = now


async def update_activity(
    session: AsyncSession, services: Services, activity: Activity, parsed: ActivityIn
) -> Activity:
    _check_identity(activity, parsed)
    if isinstance(parsed, SessionIn | PollIn):
        event = await session.get(Event, activity.event_id)
        assert event is not None  # the activity was loaded through its event
        await _check_references(session, event, parsed)
    await check_picture(session, parsed)
    before = columns_of(activity)
    apply_document(activity, parsed, services.clock.now())
    await commit_and_publish(session, services, activity, before=before)
    return activity


async def delete_activity(session: AsyncSession, services: Services, activity: Activity) -> None:
    # Relations name activities by id without a foreign key; remove both directions with it.
    await session.execute(
        delete(Relation).where(
            Relation.event_id == activity.event_id,
            or_(Relation.parent_id == activity.id, Relation.child_id == activity.id),
        )
    )
    await session.delete(activity)
    await commit_and_publish(session, services, activity, deleted=True)


async def list_activities(
    session: AsyncSession,
    event_id: str,
    entity_type: EntityType | None,
    pano_node_id: str | None,
    start_id: str | None,
    limit: int,
) -> list[Activity]:
    query = select(Activity).where(Activity.event_id == event_id)
    if entity_type is not None:
        query = query.where(Activity.entity_type == entity_type.value)
    if pano_node_id is not None:
        query = query.where(Activity.pano_node_id == pano_node_id)
    return list((await session.scalars(page_by_id(query, Activity.id, start_id, limit))).all())


async def count_activities(
    session: AsyncSession, event_id: str, entity_type: EntityType | None
) -> int:
    query = select(func.count()).select_from(Activity).where(Activity.event_id == event_id)
    if entity_type is not None:
        query = query.where(Activity.entity_type == entity_type.value)
    return int(await session.scalar(query) or 0)


def poll_open_at(now: datetime) -> ColumnElement[bool]:
    """SQL for "the poll is open at `now`": not closed (`ClosesAt` unset or later) and opened by
    hand or by its `OpensAt`. The same rule as `polls.state.poll_state`, which tests hold it to."""
    return and_(
        or_(Activity.date_end.is_(None), Activity.date_end > now),
        or_(Activity.is_active.is_(True), Activity.date_begin <= now),
    )


async def open_polls(session: AsyncSession, event_id: str, now: datetime) -> list[Activity]:
    query = select(Activity).where(
        Activity.event_id == event_id,
        Activity.entity_type == EntityType.POLL.value,
        poll_open_at(now),
    )
    return list((await session.scalars(query.order_by(Activity.id))).all())


async def session_ids_at_node(session: AsyncSession, event_id: str, node: str) -> set[str]:
    query = select(Activity.id).where(
        Activity.event_id == event_id,
        Activity.entity_type == EntityType.SESSION.value,
        Activity.pano_node_id == node,
    )
    return set((await session.scalars(query)).all())


def shown_at_node(poll: Activity, node: str, sessions_at_node: set[str]) -> bool:
    """A poll shows on a panorama node when it names the node, or names a session held there
    (so moving the session moves its polls)."""
    return poll.pano_node_id == node or poll.document.get("SessionID") in sessions_at_node


async def active_polls(
    session: AsyncSession, event_id: str, node: str, now: datetime
) -> list[Activity]:
    """Open polls shown at `node`. The session binding lives in the document, not a column, so
    the event's open polls (a handful) are filtered here rather than by JSON queries, which
    SQLite and PostgreSQL spell differently."""
    polls = await open_polls(session, event_id, now)
    if not polls:
        return []
    sessions_at_node = await session_ids_at_node(session, event_id, node)
    return [poll for poll in polls if shown_at_node(poll, node, sessions_at_node)]


async def get_value(session: AsyncSession, activity: Activity, key: str) -> Any:
    row = await session.get(ActivityValue, (activity.id, key))
    if row is None:
        raise ApiError(
            ErrorCode.VALUE_NOT_FOUND,
            f"No value '{key}' for this activity",
            {"Key": key, "ActivityID": activity.id},
        )
    return row.value


async def set_value(
    session: AsyncSession, services: Services, activity: Activity, key: str, value: Any
) -> Any:
    now = services.clock.now()
    row = await session.get(ActivityValue, (activity.id, key))
    if row is None:
        try:
            async with session.begin_nested():
                session.add(
                    ActivityValue(activity_id=activity.id, key=key, value=value, updated_at=now)
                )
            return value
        except IntegrityError:  # written concurrently: last writer wins, as for an update
            row = await session.get(ActivityValue, (activity.id, key), populate_existing=True)
            assert row is not None
    row.value, row.updated_at = value, now
    await session.flush()
    return value
