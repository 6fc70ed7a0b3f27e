"""Inviting people to an event: an import (pasted or CSV) judged row by row, stored only whole
or with the organizer's confirmation, each invitee mailed a sign-up link; and withdrawing an
invitation nobody used.

Mails are queued on the request's `Outbox` and sent after the response (accounts/mails.py):
they leave only once the invitations are committed, and a 5,000-row import does not hold the
request open for 5,000 SMTP conversations.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.mails import Outbox
from venuely.accounts.models import Person
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.i18n import normalize_language
from venuely.core.services import Services
from venuely.events.models import Attendee, Event
from venuely.people.csvimport import Candidate, from_csv, from_pasted, normalized_email
from venuely.people.mails import invitation_mail
from venuely.people.models import EventInvitation
from venuely.people.schemas import ImportRow, ImportStatus, InvitationImportIn, InvitationImportOut

# Addresses per IN list: well inside every driver's parameter limit.
_CHUNK = 500


def _chunks(values: Sequence[str]) -> list[Sequence[str]]:
    return [values[i : i + _CHUNK] for i in range(0, len(values), _CHUNK)]


async def _known(
    session: AsyncSession, event_id: str, emails: Sequence[str]
) -> tuple[set[str], set[str]]:
    """Of `emails`: those invited already, and those of attendees of the event."""
    invited: set[str] = set()
    registered: set[str] = set()
    for chunk in _chunks(emails):
        invited.update(
            await session.scalars(
                select(EventInvitation.email).where(
                    EventInvitation.event_id == event_id, EventInvitation.email.in_(chunk)
                )
            )
        )
        registered.update(
            await session.scalars(
                select(Person.login_email)
                .join(Attendee, Attendee.person_id == Person.id)
                .where(Attendee.event_id == event_id, Person.login_email.in_(chunk))
            )
        )
    return invited, registered


def _report(candidates: Sequence[Candidate]) -> list[ImportRow]:
    return [
        ImportRow(Line=c.line, Email=c.email, Status=c.status, Message=c.message)
        for c in candidates
    ]


async def import_invitations(
    session: AsyncSession,
    services: Services,
    outbox: Outbox,
    event: Event,
    inviter_id: str,
    body: InvitationImportIn,
) -> InvitationImportOut:
    if (body.Emails is None) == (body.CSV is None):
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            "Send exactly one of Emails and CSV",
            {"Operation": "import_invitations", "Problems": []},
        )
    candidates = from_csv(body.CSV) if body.CSV is not None else from_pasted(body.Emails or [])
    fresh = [c.email for c in candidates if c.status is ImportStatus.OK]
    invited, registered = await _known(session, event.id, fresh)
    for candidate in candidates:
        if candidate.status is not ImportStatus.OK:
            continue
        if candidate.email in registered:
            candidate.status = ImportStatus.ALREADY_REGISTERED
            candidate.message = "Already an attendee of this event"
        elif candidate.email in invited:
            candidate.status = ImportStatus.ALREADY_INVITED
            candidate.message = "Invited before; not mailed again"
    report = _report(candidates)
    good = [c for c in candidates if c.status is ImportStatus.OK]
    # Nothing partial unless asked: with any row skipped, the organizer sees the report and
    # confirms; a file without its header has no good row to confirm.
    header_missing = any(c.status is ImportStatus.MISSING_HEADER for c in candidates)
    if header_missing or (len(good) < len(candidates) and not body.Confirm):
        raise ApiError(
            ErrorCode.INVITATION_IMPORT_INVALID,
            f"{len(candidates) - len(good)} of {len(candidates)} rows cannot be invited; "
            "nothing was stored",
            {"Rows": [row.model_dump(mode="json") for row in report]},
        )
    now = services.clock.now()
    try:
        async with session.begin_nested():
            session.add_all(
                EventInvitation(
                    event_id=event.id,
                    email=c.email,
                    invited_at=now,
                    invited_by=inviter_id,
                    mailed_at=now,
                )
                for c in good
            )
    except IntegrityError as exc:
        # Another import stored some of these addresses a moment ago.
        raise ApiError(
            ErrorCode.CONFLICT, "Some of these addresses were invited meanwhile; import again"
        ) from exc
    for candidate in good:
        language = candidate.language or normalize_language(event.default_language)
        mail = invitation_mail(
            services.settings, event, candidate.email, candidate.first_name, language
        )
        outbox.add(mail)
    return InvitationImportOut(Rows=report, Invited=len(good))


async def withdraw_invitation(session: AsyncSession, event_id: str, raw_email: str) -> None:
    """Delete an invitation whose address has not registered: a used one is the attendee's
    admission now (remove the person instead)."""
    email = normalized_email(raw_email) or raw_email.strip().lower()
    data = {"Email": email}
    invitation = await session.get(EventInvitation, (event_id, email))
    if invitation is None:
        raise ApiError(ErrorCode.NOT_FOUND, "No invitation for this address", data)
    used = await session.scalar(
        select(
            exists().where(
                Attendee.event_id == event_id,
                Attendee.person_id == Person.id,
                Person.login_email == email,
            )
        )
    )
    if used:
        raise ApiError(
            ErrorCode.CONFLICT, "This invitation was used: the address is an attendee now", data
        )
    await session.execute(
        delete(EventInvitation).where(
            EventInvitation.event_id == event_id, EventInvitation.email == email
        )
    )
