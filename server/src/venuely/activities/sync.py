"""ACTIVITY_SYNC_NOTIFY: tell every connection of the event that an activity changed.

Called only after the change is committed (architecture.md §5: the database is the truth and a
publish only signals). A failed publish is logged, not raised (`realtime.publish`): the write has
happened and the client re-reads the list on reconnect, so failing the HTTP call would only
mislead the organizer.

**Decision:** one frame per change for every connection of the event, carrying the attendee view
as it is at publish time (`activity_out(for_admin=False, now=...)`): a session that has not begun
goes out without its stream fields. Organizer screens read the full activity over REST, so no
second, per-viewer frame is needed; attendees whose session starts later fetch it then.

Other features send frames of their own about activities of their types (polls: POLL_NOTIFY).
They register a change hook for the type (`register_change_hook`), which `commit_and_publish`
calls after every committed write of such an activity, through any route; activities never
imports them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.frames import ActivitySync
from venuely.activities.models import Activity, EntityType
from venuely.activities.schemas import DELETED, activity_out
from venuely.core.services import Services
from venuely.realtime.hub import event_channel
from venuely.realtime.opcodes import Opcode
from venuely.realtime.publish import publish

# Only sessions are pushed on every change: the web app's sync handler treats what it gets as a
# session list update, so pushing speakers or polls there would add them to its player list.
# `POST /{ActivityID}/sync` publishes any type on purpose.
AUTO_SYNC_TYPES = frozenset({EntityType.SESSION.value})

log = logging.getLogger("venuely.activities")


@dataclass(frozen=True, slots=True)
class ActivityChange:
    """A committed write of an activity, as a change hook gets it."""

    activity: Activity
    deleted: bool
    # The queried columns before the write (`service.columns_of`); None when it created the
    # activity or the writer did not take them. A hook compares them to tell what changed.
    before: Mapping[str, Any] | None


ChangeHook = Callable[[Services, ActivityChange], Awaitable[None]]
_HOOKS: dict[str, list[ChangeHook]] = {}


def register_change_hook(entity_type: EntityType, hook: ChangeHook) -> None:
    """Run `hook` after every committed write of an activity of `entity_type` (import time)."""
    hooks = _HOOKS.setdefault(entity_type.value, [])
    if hook not in hooks:
        hooks.append(hook)


def sync_payload(activity: Activity, now: datetime, *, deleted: bool = False) -> ActivitySync:
    """The activity as attendees read it at `now`; on removal only what protocol/README.md
    guarantees."""
    if deleted:
        return ActivitySync(
            ID=activity.id,
            EventID=activity.event_id,
            Type=activity.entity_type,
            InternalName=DELETED,
        )
    return ActivitySync.model_validate(activity_out(activity, for_admin=False, now=now))


async def publish_activity(
    services: Services,
    activity: Activity,
    *,
    deleted: bool = False,
    now: datetime | None = None,
) -> bool:
    """Publish to `event:{EventID}`; False when the hub failed to take it. `now` defaults to the
    services' clock; a caller that also answers the attendee view passes its own, so both agree."""
    when = services.clock.now() if now is None else now
    payload = sync_payload(activity, when, deleted=deleted)
    return await publish(
        services.hub, event_channel(activity.event_id), Opcode.ACTIVITY_SYNC_NOTIFY, payload
    )


async def commit_and_publish(
    session: AsyncSession,
    services: Services,
    activity: Activity,
    *,
    deleted: bool = False,
    before: Mapping[str, Any] | None = None,
) -> None:
    """Commit a write, then publish it when its type is pushed on every change, and run the
    type's change hooks: committed first, so a client that re-reads on the signal always finds
    the change."""
    await session.commit()
    if activity.entity_type in AUTO_SYNC_TYPES:
        await publish_activity(services, activity, deleted=deleted)
    change = ActivityChange(activity, deleted, before)
    for hook in _HOOKS.get(activity.entity_type, ()):
        try:
            await hook(services, change)
        except Exception:
            # The write is committed; a lost signal is repaired by the clients' re-read
            # (architecture.md §5), so failing the request would only mislead its caller.
            log.exception("activities: change hook failed", extra={"activity": activity.id})
