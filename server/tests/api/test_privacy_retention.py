"""Chat retention: messages of events whose end + ChatRetentionDays has passed are deleted."""

from __future__ import annotations

from datetime import timedelta

import httpx
from sqlalchemy import func, select

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.chat.models import ChatMessage
from venuely.chat.service import ensure_broadcast_room
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.privacy.retention import purge_expired_chat


async def _messages(services: Services, event_id: str) -> int:
    async with services.db.session() as session:
        query = select(func.count()).where(ChatMessage.event_id == event_id)
        return int(await session.scalar(query) or 0)


async def test_retention_deletes_only_expired_events_messages(
    services: Services, client: httpx.AsyncClient, clock: FrozenClock
) -> None:
    customer = await make_customer(services)
    now = clock.now()
    ended = await make_event(
        services, customer, date_begin=now - timedelta(days=3), date_end=now - timedelta(days=2)
    )
    kept = await make_event(
        services, customer, date_begin=now - timedelta(days=3), date_end=now - timedelta(days=2)
    )
    running = await make_event(services, customer)
    organizer = await make_person(services)
    await grant_admin(services, organizer, AdminType.CUSTOMER, customer_id=customer.id)
    h = bearer(await token_for(services, organizer))
    for event, days in ((ended, 5), (running, 30)):
        answer = await client.put(
            f"/events/{event.id}", json={"ChatRetentionDays": days}, headers=h
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["ChatRetentionDays"] == days
    bad = await client.put(f"/events/{kept.id}", json={"ChatRetentionDays": 0}, headers=h)
    assert bad.status_code == 422
    for event in (ended, kept, running):
        person = await make_person(services, event=event)
        async with services.db.session() as session:
            room = await ensure_broadcast_room(session, event.id, now)
        token = bearer(await token_for(services, person, event))
        for _ in range(3):
            sent = await client.post(
                f"/events/{event.id}/chat-rooms/{room.id}/chat-messages",
                json={"TmpID": new_id(), "Text": "hi"},
                headers=token,
            )
            assert sent.status_code in {200, 201}, sent.text

    assert await purge_expired_chat(services) == 0  # ended 2 days ago, kept for 5
    clock.advance(timedelta(days=3, minutes=1))
    assert await purge_expired_chat(services) == 3
    assert await _messages(services, ended.id) == 0
    assert await _messages(services, kept.id) == 3  # no retention set
    assert await _messages(services, running.id) == 3  # still running
    assert await purge_expired_chat(services) == 0  # idempotent
