"""Recordings of sessions, and the replays attendees browse by event day.

Organizers attach a recording (a video of the event) to a session at any time; attendees see it
under replays from the moment the session ends (`DateEnd <= now`, the services' clock), never
before, so a recording can be prepared ahead without spoiling the live session. Days are the
agenda's: day 1 is the calendar day the event begins on in its own time zone, and a session
belongs to the day it begins on there (`lists.service.day_window`), DST included.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.models import Activity
from venuely.activities.schemas import ActivityOut, activity_out
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.lists.service import day_window, event_zone
from venuely.media.access import access_recording, access_session, access_video
from venuely.media.models import Recording, Video
from venuely.media.schemas import RecordingIn, ReplayOut
from venuely.media.service import video_out


def has_ended(activity: Activity, now: datetime) -> bool:
    return activity.date_end is not None and activity.date_end <= now


def replay_out(
    event: Event, activity: Activity, video: Video, now: datetime, *, for_admin: bool
) -> ReplayOut:
    assert activity.date_begin is not None  # sessions always have dates (SessionIn)
    zone = event_zone(event)
    local = activity.date_begin.astimezone(zone).date()
    first = event.date_begin.astimezone(zone).date()
    return ReplayOut(
        SessionID=activity.id,
        DayNumber=(local - first).days + 1,
        Date=local.isoformat(),
        IsEnded=has_ended(activity, now),
        Session=ActivityOut.model_validate(activity_out(activity, for_admin=for_admin, now=now)),
        Video=video_out(video),
    )


async def list_replays(
    session: AsyncSession, access: EventAccess, day_number: int | None, now: datetime
) -> list[ReplayOut]:
    event = access.event
    query = (
        select(Activity, Video)
        .join(Recording, Recording.session_id == Activity.id)
        .join(Video, Video.id == Recording.video_id)
        .where(Recording.event_id == event.id, Activity.event_id == event.id)
    )
    if not access.is_admin:
        query = query.where(Activity.date_end <= now)
    if day_number is not None:
        start, end = day_window(event, day_number)
        query = query.where(Activity.date_begin >= start, Activity.date_begin < end)
    rows = await session.execute(query.order_by(Activity.date_begin, Activity.id))
    return [
        replay_out(event, activity, video, now, for_admin=access.is_admin)
        for activity, video in rows.all()
    ]


async def attach_recording(
    session: AsyncSession, services: Services, event: Event, session_id: str, body: RecordingIn
) -> ReplayOut:
    activity = await access_session(session, event, session_id)
    video = await access_video(session, event, body.VideoID)
    now = services.clock.now()
    recording = await session.get(Recording, activity.id)
    if recording is None:
        recording = Recording(
            session_id=activity.id, event_id=event.id, video_id=video.id, created_at=now
        )
        session.add(recording)
    recording.video_id, recording.updated_at = video.id, now
    await session.flush()
    return replay_out(event, activity, video, now, for_admin=True)


async def detach_recording(session: AsyncSession, event: Event, session_id: str) -> None:
    recording = await access_recording(session, event, session_id)
    await session.delete(recording)
    await session.flush()
