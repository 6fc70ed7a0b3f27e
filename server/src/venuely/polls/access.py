"""Permission-checked loaders of the polls feature, for REST and the socket alike.

The event comes from a policy (`EventMember`, `EventAdmin`) or, on a socket, from
`check_event_member`, which is the same rule. A poll attendees may not see — a draft, another
event's poll, another type of activity, an unknown id — is answered as one that does not exist
(404 `POLL_NOT_FOUND`), so ids of drafts cannot be probed. Organizers see drafts.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import EventAccess
from venuely.activities.models import Activity, EntityType
from venuely.core.errors import ApiError, ErrorCode
from venuely.polls.state import DRAFT, state_of


def poll_not_found(poll_id: str) -> ApiError:
    return ApiError(ErrorCode.POLL_NOT_FOUND, f"Poll {poll_id} not found", {"PollID": poll_id})


async def access_poll(
    session: AsyncSession, access: EventAccess, poll_id: str, now: datetime
) -> Activity:
    poll = await session.scalar(
        select(Activity).where(
            Activity.id == poll_id,
            Activity.event_id == access.event.id,
            Activity.entity_type == EntityType.POLL.value,
        )
    )
    if poll is None or (not access.is_admin and state_of(poll, now) == DRAFT):
        raise poll_not_found(poll_id)
    return poll
