"""Permission-checked loaders for activities. The event comes from a policy (`EventMember` or
`EventAdmin`); an activity of another event is reported as not found, like an unknown id."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.events.models import Event
from venuely.relations.references import ReferenceCheck, register_reference


def activity_not_found(event: Event, activity_id: str) -> ApiError:
    return activity_not_found_in(event.id, activity_id)


def activity_not_found_in(event_id: str, activity_id: str) -> ApiError:
    return ApiError(
        ErrorCode.ACTIVITY_NOT_FOUND,
        f"Activity {activity_id} not found in event {event_id}",
        {"ActivityID": activity_id, "EventID": event_id},
    )


async def access_activity(
    session: AsyncSession, event: Event, activity_id: str, *, entity_type: EntityType | None = None
) -> Activity:
    query = select(Activity).where(Activity.id == activity_id, Activity.event_id == event.id)
    if entity_type is not None:
        query = query.where(Activity.entity_type == entity_type.value)
    activity = await session.scalar(query)
    if activity is None:
        raise activity_not_found(event, activity_id)
    return activity


def _activity_of_type(entity_type: EntityType) -> ReferenceCheck:
    async def check(session: AsyncSession, event_id: str, activity_id: str) -> bool:
        found = await session.scalar(
            select(Activity.id).where(
                Activity.id == activity_id,
                Activity.event_id == event_id,
                Activity.entity_type == entity_type.value,
            )
        )
        return found is not None

    return check


# A relation naming a session, a speaker, a poll ... must name one of its own event.
for _type in EntityType:
    register_reference(_type.value, _activity_of_type(_type))
