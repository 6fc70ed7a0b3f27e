"""`Video` sessions: a cinema video played as if it were live.

A session with `ConferenceType` `Video` names a video of its event in `ConferenceID`. While the
session runs, everyone watching is at the same point: `(now - DateBegin) mod duration` seconds
into the video, looping, as a channel that started playing when the session began. The server
computes that offset with its own clock and sends `ServerTime` along, so a client whose clock is
off still joins at the right moment (it adds the time since the answer arrived). A video without
a known duration is not looped: the offset is the time since the session began.

Registers the session check that keeps `ConferenceID` pointing at a video of the same event.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.checks import register_session_check
from venuely.activities.schemas import ConferenceType, SessionIn
from venuely.activities.stream import check_playable
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event
from venuely.media.access import access_session, access_video
from venuely.media.schemas import LiveVideoOut
from venuely.media.service import video_out


def live_offset(begin: datetime, now: datetime, duration: float | None) -> tuple[float, bool]:
    """(seconds into the video at `now`, whether it loops) for a stream that began at `begin`."""
    elapsed = max(0.0, (now - begin).total_seconds())
    if duration is None or duration <= 0:
        return elapsed, False
    return elapsed % duration, True


async def live_video(
    session: AsyncSession, access: EventAccess, session_id: str, now: datetime
) -> LiveVideoOut:
    activity = await access_session(session, access.event, session_id)
    # Attendees only while the session runs (410 MEDIA_EXPIRED otherwise), as for every stream.
    check_playable(activity, now, is_admin=access.is_admin)
    if activity.document.get("ConferenceType") != ConferenceType.VIDEO.value:
        raise ApiError(
            ErrorCode.CONFERENCE_TYPE_MISMATCH,
            f"Session {activity.id} does not stream a video of the event",
            {"SessionID": activity.id, "ConferenceType": activity.document.get("ConferenceType")},
        )
    video = await access_video(session, access.event, str(activity.document.get("ConferenceID")))
    assert activity.date_begin is not None
    assert activity.date_end is not None
    offset, loop = live_offset(activity.date_begin, now, video.duration_seconds)
    return LiveVideoOut(
        SessionID=activity.id,
        Video=video_out(video),
        StartedAt=activity.date_begin,
        EndsAt=activity.date_end,
        ServerTime=now,
        Offset=round(offset, 3),
        Loop=loop,
    )


async def _video_session_exists(session: AsyncSession, event: Event, parsed: SessionIn) -> None:
    if parsed.ConferenceType is ConferenceType.VIDEO:
        await access_video(session, event, parsed.ConferenceID)


register_session_check(_video_session_exists)
