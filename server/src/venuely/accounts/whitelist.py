"""Email whitelist rules: an event with entries admits only listed addresses and domains; one
without entries admits everyone, unless it is restricted (`Event.is_restricted`), which then
admits no attendee at all (its admins pass the whitelist everywhere, see permissions.py).
An invitation (people/models.py) admits its address on any event, without restricting it.

Matching is exact and case-insensitive: `evil-example.com` and `sub.example.com` are not
`example.com`. An entry written as `@example.com` means the domain.
"""

from __future__ import annotations

from sqlalchemy import ColumnElement, and_, bindparam, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from venuely.events.models import Event, WhitelistEntry
from venuely.people.models import EventInvitation


def normalize_entry(raw: str) -> str:
    entry = raw.strip().lower()
    return entry[1:] if entry.startswith("@") else entry


def email_domain(email: str) -> str:
    return email.rpartition("@")[2].lower()


def entry_admits(entry: str, email: str) -> bool:
    email = email.lower()
    return entry == email if "@" in entry else entry == email_domain(email)


def _email_allowed_clause() -> ColumnElement[bool]:
    entries = select(WhitelistEntry.entry).where(
        WhitelistEntry.event_id == bindparam("whitelist_event_id")
    )
    # Two equalities rather than IN: an IN list is re-rendered on every execution.
    matching = entries.where(
        or_(
            WhitelistEntry.entry == bindparam("whitelist_email"),
            WhitelistEntry.entry == bindparam("whitelist_domain"),
        )
    )
    restricted = select(Event.id).where(
        Event.id == bindparam("whitelist_event_id"), Event.is_restricted.is_(True)
    )
    # An invitation admits its address as an entry would, but is not an entry: it never turns
    # an open event into a listed one (`admits_everyone` does not look at invitations). A
    # primary-key probe inside the statement the callers run anyway: no query of its own.
    invited = select(EventInvitation.email).where(
        EventInvitation.event_id == bindparam("whitelist_event_id"),
        EventInvitation.email == bindparam("whitelist_email"),
    )
    return or_(and_(~entries.exists(), ~restricted.exists()), matching.exists(), invited.exists())


# True when the event has no entries and is not restricted, or an entry equals the address or
# its domain. A boolean SQL
# expression with named parameters (`email_allowed_params`), built once, so callers can fold
# the verdict into a statement they run anyway and no call pays for building it.
EMAIL_ALLOWED = _email_allowed_clause()
_IS_EMAIL_ALLOWED = select(EMAIL_ALLOWED)


def admits_everyone(event_id: ColumnElement[str]) -> ColumnElement[bool]:
    """True when the event (its id column in the enclosing statement) has no entries and is not
    restricted: whoever asks is admitted, and no email needs matching."""
    entries = select(WhitelistEntry.entry).where(WhitelistEntry.event_id == event_id)
    # An alias, not `Event`: when `event_id` is the enclosing statement's own events column, a
    # subquery over the same table compares each row with itself, and any restricted event
    # anywhere would then count.
    other = aliased(Event)
    restricted = select(other.id).where(other.id == event_id, other.is_restricted.is_(True))
    return and_(~entries.exists(), ~restricted.exists())


def email_allowed_params(event_id: str, email: str) -> dict[str, str]:
    email = email.lower()
    return {
        "whitelist_event_id": event_id,
        "whitelist_email": email,
        "whitelist_domain": email_domain(email),
    }


async def is_email_allowed(session: AsyncSession, event_id: str, email: str) -> bool:
    return bool(await session.scalar(_IS_EMAIL_ALLOWED, email_allowed_params(event_id, email)))
