"""The demo's platform side: a master admin, and one event request waiting for a decision, so the
console's Customers and Event requests screens have something to show."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.core.ids import new_id
from venuely.core.security import hash_password
from venuely.demo import content
from venuely.demo.people import demo_person
from venuely.events.models import EventRequest
from venuely.events.schemas import EventRequestIn


async def _ensure_master(session: AsyncSession, now: datetime) -> Person:
    first, last = content.MASTER_NAME
    master = await demo_person(session, content.MASTER_EMAIL, first, last, now)
    # Reset each run so the printed login always works, like the other demo logins.
    master.password_hash = hash_password(content.MASTER_PASSWORD)
    master.is_verified, master.is_disabled = True, False
    grant = await session.scalar(
        select(Admin.id).where(
            Admin.person_id == master.id, Admin.admin_type == AdminType.MASTER.value
        )
    )
    if grant is None:
        session.add(
            Admin(
                id=new_id(),
                person_id=master.id,
                admin_type=AdminType.MASTER.value,
                roles=[],
                created_at=now,
            )
        )
    await session.flush()
    return master


async def _ensure_event_request(session: AsyncSession, now: datetime, requester: Person) -> None:
    """The demo attendee asks for an event; made once (a decided request stays decided)."""
    existing = await session.scalar(
        select(EventRequest.id).where(EventRequest.person_id == requester.id)
    )
    if existing is not None:
        return
    begin = (now + timedelta(days=60)).replace(hour=8, minute=0, second=0, microsecond=0)
    # Through the same schema `POST /events/event-request` validates, so it reads like a real one.
    document = EventRequestIn.model_validate(
        {
            **content.EVENT_REQUEST,
            "DateBeginUTC": begin,
            "DateEndUTC": begin + timedelta(days=1, hours=9),
            "ContactEMail": requester.login_email,
        }
    )
    session.add(
        EventRequest(
            id=new_id(),
            person_id=requester.id,
            document=document.model_dump(mode="json"),
            created_at=now - timedelta(hours=3),
        )
    )


async def ensure_demo_platform(session: AsyncSession, now: datetime, requester: Person) -> None:
    await _ensure_master(session, now)
    await _ensure_event_request(session, now, requester)
