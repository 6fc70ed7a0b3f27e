"""`createzoommeeting` and `deletemeeting`: a Zoom meeting for a session, meeting or breakout
room activity.

The meeting's join data is written into the activity (`ConferenceType` Zoom, `ConferenceID`,
`ConferenceJoinURL`, `ConferencePassword`) so the player and lists need nothing Zoom-specific.
Zoom is called before the database changes: if Zoom fails, nothing is written.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import ConferenceType
from venuely.activities.sync import commit_and_publish
from venuely.activities.zoom import ZoomClient
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services

_MEETING_TYPES = frozenset(
    {EntityType.SESSION.value, EntityType.MEETING.value, EntityType.BREAKOUT_ROOM.value}
)
DEFAULT_MINUTES = 60


async def create_zoom_meeting(
    session: AsyncSession, services: Services, activity: Activity
) -> Activity:
    if activity.entity_type not in _MEETING_TYPES:
        raise ApiError(
            ErrorCode.CONFLICT,
            "A Zoom meeting belongs to a Session, Meeting or BreakoutRoom, "
            f"not a {activity.entity_type}",
            {"ActivityID": activity.id, "EntityType": activity.entity_type},
        )
    if activity.zoom_meeting_id:
        raise ApiError(
            ErrorCode.CONFLICT,
            "This activity has a Zoom meeting already; delete it first",
            {"ActivityID": activity.id, "ConferenceID": activity.zoom_meeting_id},
        )
    client = ZoomClient.from_settings(services.settings, services.clock)
    start = activity.date_begin or services.clock.now()
    end = activity.date_end or start + timedelta(minutes=DEFAULT_MINUTES)
    topic = str(activity.document.get("Title") or activity.internal_name or "Meeting")
    meeting = await client.create_meeting(topic, start, int((end - start).total_seconds() // 60))
    activity.zoom_meeting_id = meeting.id
    activity.document = {
        **activity.document,
        "ConferenceType": ConferenceType.ZOOM.value,
        "ConferenceID": meeting.id,
        "ConferenceJoinURL": meeting.join_url,
        "ConferencePassword": meeting.password,
    }
    activity.updated_at = services.clock.now()
    # Like every activity write: sessions are pushed, and features hear of their types.
    await commit_and_publish(session, services, activity)
    return activity


async def delete_zoom_meeting(
    session: AsyncSession, services: Services, activity: Activity
) -> Activity:
    if not activity.zoom_meeting_id:
        raise ApiError(
            ErrorCode.NOT_FOUND,
            "This activity has no Zoom meeting",
            {"ActivityID": activity.id},
        )
    client = ZoomClient.from_settings(services.settings, services.clock)
    await client.delete_meeting(activity.zoom_meeting_id)
    activity.zoom_meeting_id = ""
    activity.document = {
        **activity.document,
        "ConferenceType": ConferenceType.NONE.value,
        "ConferenceID": "",
        "ConferenceJoinURL": "",
        "ConferencePassword": "",
    }
    activity.updated_at = services.clock.now()
    # Like every activity write: sessions are pushed, and features hear of their types.
    await commit_and_publish(session, services, activity)
    return activity
