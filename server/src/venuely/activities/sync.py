"""ACTIVITY_SYNC_NOTIFY: tell every connection of the event that an activity changed.

Called only after the change is committed (architecture.md §5: the database is the truth and a
publish only signals). A failed publish is logged, not raised (`realtime.publish`): the write has
happened and the client re-reads the list on reconnect, so failing the HTTP call would only
mislead the organizer.
"""

from __future__ import annotations

from venuely.activities.frames import ActivitySync
from venuely.activities.models import Activity
from venuely.activities.schemas import DELETED, activity_out
from venuely.core.services import Services
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish


def sync_payload(activity: Activity, *, deleted: bool = False) -> ActivitySync:
    """The activity as attendees read it; on removal only what protocol/README.md guarantees."""
    if deleted:
        return ActivitySync(
            ID=activity.id,
            EventID=activity.event_id,
            Type=activity.entity_type,
            InternalName=DELETED,
        )
    return ActivitySync.model_validate(activity_out(activity, for_admin=False))


async def publish_activity(
    services: Services, activity: Activity, *, deleted: bool = False
) -> bool:
    """Publish to `event:{EventID}`; False when the hub failed to take it."""
    payload = sync_payload(activity, deleted=deleted)
    return await publish(
        services.hub, event_channel(activity.event_id), Opcode.ACTIVITY_SYNC_NOTIFY, payload
    )
