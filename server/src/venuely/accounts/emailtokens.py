"""Mailed one-time secrets: verification (link token + 6-digit code), reset and invitation links.

Only SHA-256 digests are stored. A person has at most one live secret per purpose: issuing a new
one retires the older ones, so a fresh code does not add to the guesses left on an old one.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import EmailToken, EmailTokenPurpose, Person
from venuely.core.ids import new_id
from venuely.core.security import digest, digests_equal, random_code, random_token

VERIFY_TTL = timedelta(hours=24)
RESET_TTL = timedelta(hours=2)
# An admin-created account's "set your password" link: a person may not read mail within hours.
INVITE_TTL = timedelta(days=3)
MAX_CODE_ATTEMPTS = 5

_TTL = {
    EmailTokenPurpose.VERIFY: VERIFY_TTL,
    EmailTokenPurpose.RESET: RESET_TTL,
    EmailTokenPurpose.INVITE: INVITE_TTL,
}


@dataclass(frozen=True, slots=True)
class IssuedSecret:
    token: str
    code: str | None
    row: EmailToken


async def issue(
    session: AsyncSession,
    person: Person,
    purpose: EmailTokenPurpose,
    event_id: str,
    now: datetime,
) -> IssuedSecret:
    await retire(session, person.id, purpose, now)
    token = random_token()
    code = random_code(6) if purpose is EmailTokenPurpose.VERIFY else None
    row = EmailToken(
        id=new_id(),
        person_id=person.id,
        purpose=purpose.value,
        event_id=event_id,
        token_hash=digest(token),
        code_hash=digest(code) if code else None,
        failed_attempts=0,
        created_at=now,
        expires_at=now + _TTL[purpose],
    )
    session.add(row)
    await session.flush()
    return IssuedSecret(token=token, code=code, row=row)


async def retire(
    session: AsyncSession, person_id: str, purpose: EmailTokenPurpose, now: datetime
) -> None:
    await session.execute(
        update(EmailToken)
        .where(
            EmailToken.person_id == person_id,
            EmailToken.purpose == purpose.value,
            EmailToken.used_at.is_(None),
        )
        .values(used_at=now)
    )


async def latest_issued_at(
    session: AsyncSession, person_id: str, purpose: EmailTokenPurpose
) -> datetime | None:
    return await session.scalar(
        select(EmailToken.created_at)
        .where(EmailToken.person_id == person_id, EmailToken.purpose == purpose.value)
        .order_by(EmailToken.created_at.desc())
        .limit(1)
    )


async def redeem_link(
    session: AsyncSession,
    person: Person,
    purposes: tuple[EmailTokenPurpose, ...],
    token: str,
    now: datetime,
) -> EmailToken | None:
    """The live secret `token` belongs to, or None. Does not mark it used: the caller does once
    the whole operation succeeds (a refused new password leaves a reset link usable)."""
    row = await session.scalar(
        select(EmailToken).where(
            EmailToken.token_hash == digest(token),
            EmailToken.person_id == person.id,
            EmailToken.purpose.in_([p.value for p in purposes]),
        )
    )
    if row is None or row.used_at is not None or row.expires_at <= now:
        return None
    return row


async def redeem_code(
    session: AsyncSession, person: Person, code: str, now: datetime
) -> EmailToken | None:
    """Check a verification code; a wrong guess is counted, and after the last allowed one the
    code is dead (the link of the same mail keeps working until it expires)."""
    row = await session.scalar(
        select(EmailToken)
        .where(
            EmailToken.person_id == person.id,
            EmailToken.purpose == EmailTokenPurpose.VERIFY.value,
            EmailToken.used_at.is_(None),
            EmailToken.expires_at > now,
        )
        .order_by(EmailToken.created_at.desc())
        .limit(1)
    )
    if row is None or row.code_hash is None or row.failed_attempts >= MAX_CODE_ATTEMPTS:
        return None
    if not digests_equal(row.code_hash, digest(code)):
        row.failed_attempts += 1
        return None
    return row
