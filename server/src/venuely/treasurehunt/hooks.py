"""A deleted TreasureHunt activity takes its items, finds and scores along.

Hunts have no table of their own (`hunts.py`), so nothing cascades from the activity: the
activities module calls this hook after every committed write of a TreasureHunt activity,
through any route (`activities.sync.register_change_hook`). When the event's `TreasureHuntID`
still names the deleted activity's id, the hunt lives on as the event's and keeps everything.
"""

from __future__ import annotations

from venuely.activities.models import EntityType
from venuely.activities.sync import ActivityChange, register_change_hook
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.treasurehunt.items import forget_hunt


async def forget_deleted_hunt(services: Services, change: ActivityChange) -> None:
    if not change.deleted:
        return
    hunt = change.activity
    async with services.db.session() as session:
        event = await session.get(Event, hunt.event_id)
        if event is None:
            return  # the event went, and everything of it by its foreign keys
        if event.treasure_hunt_id != NULL_ID and event.treasure_hunt_id == hunt.id:
            return
        await forget_hunt(session, hunt.event_id, hunt.id)


register_change_hook(EntityType.TREASURE_HUNT, forget_deleted_hunt)
