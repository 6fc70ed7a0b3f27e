"""Fixed-window counters kept in the database, so limits hold across server processes.

Used for login throttling, account creation and every endpoint that sends mail. A window is
identified by (key, window start); old rows are pruned opportunistically.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Integer, String, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from venuely.core.db import Base
from venuely.core.errors import ApiError, ErrorCode


class RateCounter(Base):
    __tablename__ = "rate_counters"

    key: Mapped[str] = mapped_column(String(400), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


@dataclass(frozen=True, slots=True)
class Limit:
    name: str
    max_hits: int
    window: timedelta

    def window_start(self, now: datetime) -> datetime:
        seconds = int(self.window.total_seconds())
        return datetime.fromtimestamp(int(now.timestamp()) // seconds * seconds, tz=now.tzinfo)


async def hits(session: AsyncSession, limit: Limit, subject: str, now: datetime) -> int:
    count = await session.scalar(
        select(RateCounter.count).where(
            RateCounter.key == f"{limit.name}:{subject}",
            RateCounter.window_start == limit.window_start(now),
        )
    )
    return count or 0


async def is_exceeded(session: AsyncSession, limit: Limit, subject: str, now: datetime) -> bool:
    return await hits(session, limit, subject, now) >= limit.max_hits


async def record(session: AsyncSession, limit: Limit, subject: str, now: datetime) -> int:
    """Count one hit and return the count in the current window."""
    key, start = f"{limit.name}:{subject}", limit.window_start(now)
    updated = await session.execute(
        update(RateCounter)
        .where(RateCounter.key == key, RateCounter.window_start == start)
        .values(count=RateCounter.count + 1)
        .returning(RateCounter.count)
    )
    count = updated.scalar_one_or_none()
    if count is not None:
        return count
    try:
        async with session.begin_nested():
            session.add(RateCounter(key=key, window_start=start, count=1))
    except IntegrityError:  # another process created the window first
        return await record(session, limit, subject, now)
    # Each limit prunes its own expired windows (names hold no LIKE wildcards).
    await session.execute(
        delete(RateCounter).where(
            RateCounter.key.like(f"{limit.name}:%"), RateCounter.window_start < start - limit.window
        )
    )
    return 1


async def enforce(session: AsyncSession, limit: Limit, subject: str, now: datetime) -> None:
    """Count a hit; refuse with 429 once the window's budget is spent."""
    if await record(session, limit, subject, now) > limit.max_hits:
        retry = limit.window_start(now) + limit.window - now
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            "Too many requests, try again later",
            {"Limit": limit.name, "RetryAfterSeconds": int(retry.total_seconds()) + 1},
            headers={"Retry-After": str(int(retry.total_seconds()) + 1)},
        )
