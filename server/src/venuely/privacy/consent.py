"""Consent records: what an attendee accepted in an event's consent banner.

The web app keeps the choice locally as well; the server copy exists so the server can honour
it (analytics accepts tracking only with Statistics consent) and so it can be exported."""

from __future__ import annotations

from collections.abc import Collection

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services
from venuely.privacy.models import PersonConsent
from venuely.privacy.schemas import ConsentIn, ConsentOut


async def statistics_consented(session: AsyncSession, event_id: str, person_id: str) -> bool:
    """Whether the person allowed statistics in this event: one primary-key read, for callers on
    a hot path (analytics' track endpoint). No record means no consent."""
    row = await session.get(PersonConsent, (person_id, event_id))
    return row is not None and row.statistics


async def statistics_consenters(
    session: AsyncSession, event_id: str, person_ids: Collection[str]
) -> set[str]:
    """Which of the persons allowed statistics in this event, in one statement: the socket's
    tracker items are checked a batch at a time (analytics/intake.py)."""
    rows = await session.scalars(
        select(PersonConsent.person_id).where(
            PersonConsent.event_id == event_id,
            PersonConsent.person_id.in_(sorted(person_ids)),
            PersonConsent.statistics.is_(True),
        )
    )
    return set(rows)


def consent_out(row: PersonConsent | None) -> ConsentOut:
    if row is None:
        return ConsentOut(Functional=False, Statistics=False, UpdatedAt=None)
    return ConsentOut(
        Functional=row.functional, Statistics=row.statistics, UpdatedAt=row.updated_at
    )


async def read_consent(session: AsyncSession, event_id: str, person_id: str) -> ConsentOut:
    return consent_out(await session.get(PersonConsent, (person_id, event_id)))


async def store_consent(
    session: AsyncSession, services: Services, event_id: str, person_id: str, body: ConsentIn
) -> ConsentOut:
    now = services.clock.now()
    row = await session.get(PersonConsent, (person_id, event_id))
    if row is None:
        row = PersonConsent(
            person_id=person_id,
            event_id=event_id,
            functional=body.Functional,
            statistics=body.Statistics,
            updated_at=now,
        )
        try:
            async with session.begin_nested():
                session.add(row)
            return consent_out(row)
        except IntegrityError:  # the app saved from two tabs at once: update the winner's row
            found = await session.get(PersonConsent, (person_id, event_id))
            assert found is not None
            row = found
    row.functional, row.statistics, row.updated_at = body.Functional, body.Statistics, now
    await session.flush()
    return consent_out(row)
