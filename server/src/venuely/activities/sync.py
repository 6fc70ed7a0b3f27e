"""ACTIVITY_SYNC_NOTIFY: tell every connection of the event that an activity changed.

Called only after the change is committed (architecture.md §5: the database is the truth and a
publish only signals). A failed publish is logged, not raised: the write has happened and the
client re-reads the list on reconnect, so failing the HTTP call would only mislead the organizer.
"""

from __future__ import annotations

import logging
from typing import Any

from venuely.activities.models import Activity
from venuely.activities.schemas import DELETED, activity_out
from venuely.realtime.codec import encode_json_frame
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode

log = logging.getLogger("venuely.activities.sync")


def sync_payload(activity: Activity, *, deleted: bool = False) -> dict[str, Any]:
    """The activity as attendees read it; on removal only what protocol/README.md guarantees."""
    if deleted:
        return {
            "ID": activity.id,
            "EventID": activity.event_id,
            "Type": activity.entity_type,
            "InternalName": DELETED,
        }
    return activity_out(activity, for_admin=False)


async def publish_activity(services: Any, activity: Activity, *, deleted: bool = False) -> bool:
    """Publish to `event:{EventID}`; False when there is no hub (realtime off) or it failed.

    `services` is typed loosely on purpose: the hub is looked up with getattr so this works with
    and without a realtime gateway configured.
    """
    hub = getattr(services, "hub", None)
    if hub is None:
        return False
    frame = encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, sync_payload(activity, deleted=deleted))
    try:
        await hub.publish(event_channel(activity.event_id), frame)
    except Exception:
        log.exception("ACTIVITY_SYNC_NOTIFY for %s not published", activity.id)
        return False
    return True
