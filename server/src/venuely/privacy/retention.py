"""Chat retention: an event's chat messages are deleted `Event.chat_retention_days` after it
ends (None keeps them).

Hourly in every process. Each batch is its own short transaction (a few hundred rows, so no
long lock on the messages table while attendees of other events chat), and deleting what is
already gone deletes nothing, so processes running it at once only share the work. Reactions
go with their messages (foreign key cascade); rooms, tickets and read markers stay: a read
marker is a position in the room's id sequence, which never restarts."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import delete, select

from venuely.chat.models import ChatMessage
from venuely.core.background import periodic_job
from venuely.core.services import Services
from venuely.events.models import Event

INTERVAL = 3600.0
BATCH = 500


async def expired_events(services: Services, now: datetime) -> list[str]:
    """Events whose retention has run out. The cut-off is computed here rather than in SQL:
    date arithmetic with a per-row interval is spelled differently by each database, and only
    events with a retention set are read."""
    async with services.db.session() as session:
        rows = await session.execute(
            select(Event.id, Event.date_end, Event.chat_retention_days).where(
                Event.chat_retention_days.is_not(None)
            )
        )
        return [
            event_id
            for event_id, date_end, days in rows
            if days is not None and date_end + timedelta(days=days) <= now
        ]


async def _delete_batch(services: Services, event_id: str) -> int:
    async with services.db.session() as session:
        keys = (
            await session.execute(
                select(ChatMessage.chatroom_id, ChatMessage.id)
                .where(ChatMessage.event_id == event_id)
                .limit(BATCH)
            )
        ).all()
        by_room: dict[str, list[str]] = {}
        for room_id, message_id in keys:
            by_room.setdefault(room_id, []).append(message_id)
        for room_id, ids in by_room.items():
            await session.execute(
                delete(ChatMessage).where(
                    ChatMessage.chatroom_id == room_id, ChatMessage.id.in_(ids)
                )
            )
        return len(keys)


async def purge_expired_chat(services: Services) -> int:
    """Delete the messages of every expired event; the number of messages deleted."""
    deleted = 0
    for event_id in await expired_events(services, services.clock.now()):
        while count := await _delete_batch(services, event_id):
            deleted += count
    return deleted


@periodic_job("privacy.chat_retention", INTERVAL)
async def chat_retention(services: Services) -> None:
    await purge_expired_chat(services)
