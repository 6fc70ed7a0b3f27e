"""Email whitelist rules: an event with entries admits only listed addresses and domains.

Matching is exact and case-insensitive: `evil-example.com` and `sub.example.com` are not
`example.com`. An entry written as `@example.com` means the domain.
"""

from __future__ import annotations

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.events.models import WhitelistEntry


def normalize_entry(raw: str) -> str:
    entry = raw.strip().lower()
    return entry[1:] if entry.startswith("@") else entry


def email_domain(email: str) -> str:
    return email.rpartition("@")[2].lower()


def entry_admits(entry: str, email: str) -> bool:
    email = email.lower()
    return entry == email if "@" in entry else entry == email_domain(email)


async def is_email_allowed(session: AsyncSession, event_id: str, email: str) -> bool:
    """One query: allowed when the event has no entries, or one equals the address or its domain."""
    email = email.lower()
    matches = case((WhitelistEntry.entry.in_([email, email_domain(email)]), 1), else_=0)
    row = (
        await session.execute(
            select(func.count(), func.coalesce(func.sum(matches), 0)).where(
                WhitelistEntry.event_id == event_id
            )
        )
    ).one()
    total, matched = int(row[0]), int(row[1])
    return total == 0 or matched > 0
