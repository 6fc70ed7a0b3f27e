"""Permission-checked loaders for videos and recordings. The event comes from the route's policy
(`EventMember` or `EventAdmin`); a video or session of another event is reported as not found,
like an unknown id.

What an attendee may read of a video: one in the cinema, or the recording of a session that has
ended. Anything else (a recording prepared for a session still to come, a video the organizers
keep out of the cinema) is 404 for them, as if it did not exist; organizers read every video.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import exists, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import Exists

from venuely.accounts.permissions import EventAccess
from venuely.activities.access import access_activity
from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event
from venuely.media.models import Recording, Video


def video_not_found(event_id: str, video_id: str) -> ApiError:
    return ApiError(
        ErrorCode.VIDEO_NOT_FOUND,
        f"Video {video_id} not found in event {event_id}",
        {"VideoID": video_id, "EventID": event_id},
    )


async def access_video(session: AsyncSession, event: Event, video_id: str) -> Video:
    """Any video of the event: for organizers' routes."""
    video = await session.scalar(
        select(Video).where(Video.id == video_id, Video.event_id == event.id)
    )
    if video is None:
        raise video_not_found(event.id, video_id)
    return video


def ended_recording_of(video_id: str, now: datetime) -> Exists:
    """SQL: the video is the recording of a session of its event that has ended by `now`."""
    return exists().where(
        Recording.video_id == video_id,
        Activity.id == Recording.session_id,
        Activity.date_end.is_not(None),
        Activity.date_end <= now,
    )


async def access_video_for(
    session: AsyncSession, access: EventAccess, video_id: str, now: datetime
) -> Video:
    """The video if this caller may watch it (the rule in the module's docstring)."""
    video = await access_video(session, access.event, video_id)
    if access.is_admin or video.is_in_cinema:
        return video
    if await session.scalar(select(ended_recording_of(video.id, now))):
        return video
    raise video_not_found(access.event.id, video_id)


async def access_session(session: AsyncSession, event: Event, session_id: str) -> Activity:
    """A session (activity of type Session) of the event; anything else is 404."""
    return await access_activity(session, event, session_id, entity_type=EntityType.SESSION)


async def access_recording(session: AsyncSession, event: Event, session_id: str) -> Recording:
    recording = await session.get(Recording, session_id)
    if recording is None or recording.event_id != event.id:
        raise ApiError(
            ErrorCode.RECORDING_NOT_FOUND,
            f"Session {session_id} has no recording in event {event.id}",
            {"SessionID": session_id, "EventID": event.id},
        )
    return recording
