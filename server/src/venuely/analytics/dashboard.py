"""The dashboard's reads (`GET /events/{EventID}/analytics/dashboard` and the CSV exports).

Each is one aggregate over one index range of one event, so the whole dashboard stays within
200 ms on an event with 10,000 attendees and a day of pings (bench/ `analytics_pings`):

- online now: `ix_analytics_presence_seen` (event, seen_at) from 45 s ago;
- registrations per hour: the attendees' primary key (event, person), bucketed by hour;
- attendance: the primary keys of `analytics_attendance` and `analytics_session_minutes`,
  grouped by session, then the sessions' titles;
- chat per minute: `ix_chat_messages_event_created` over a day;
- polls: the event's polls, then ballots per poll through `uq_poll_ballots_poll_person`;
- top rooms and page views: `analytics_counts`' primary key (event, kind, screen, place, minute).

Buckets are computed by the database in UTC (`date_trunc` on PostgreSQL, `strftime` on SQLite).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, func, literal_column, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.models import Activity, EntityType
from venuely.analytics.collector import PING_MINUTES
from venuely.analytics.models import (
    AnalyticsAttendance,
    AnalyticsCount,
    AnalyticsPresence,
    AnalyticsSessionMinute,
)
from venuely.analytics.schemas import (
    Dashboard,
    HourCount,
    MinuteCount,
    OnlineNow,
    PlaceCount,
    PollParticipation,
    RoomMinutes,
    ScreenCount,
    SessionAttendance,
)
from venuely.analytics.screens import Kind
from venuely.chat.models import ChatMessage
from venuely.events.models import Attendee, Event
from venuely.polls.models import PollBallot

ONLINE_WITHIN = timedelta(seconds=45)
CHAT_WINDOW = timedelta(hours=24)
TOP_ROOMS = 20

_UTC: ColumnElement[str] = literal_column("'UTC'")
_FORMATS = {"hour": "%Y-%m-%d %H:00:00", "minute": "%Y-%m-%d %H:%M:00"}


def _bucket(dialect: str, unit: str, column: Any) -> ColumnElement[Any]:
    if dialect == "postgresql":
        # In UTC whatever the connection's TimeZone: a zone with a 30-minute offset would
        # otherwise shift the hours.
        # Written into the statement, not bound: the GROUP BY must repeat the very expression
        # of the SELECT, and two bound parameters are two expressions to PostgreSQL.
        return func.date_trunc(literal_column(f"'{unit}'"), func.timezone(_UTC, column))
    return func.strftime(literal_column(f"'{_FORMATS[unit]}'"), column)


def _moment(value: Any) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
    return datetime.fromisoformat(str(value)).replace(tzinfo=UTC)


async def _dialect(session: AsyncSession) -> str:
    return (await session.connection()).dialect.name


async def attendee_count(session: AsyncSession, event_id: str) -> int:
    found = await session.scalar(
        select(func.count()).select_from(Attendee).where(Attendee.event_id == event_id)
    )
    return int(found or 0)


async def online_now(session: AsyncSession, event_id: str, now: datetime) -> OnlineNow:
    rows = (
        await session.execute(
            select(AnalyticsPresence.place, func.count())
            .where(
                AnalyticsPresence.event_id == event_id,
                AnalyticsPresence.seen_at >= now - ONLINE_WITHIN,
            )
            .group_by(AnalyticsPresence.place)
        )
    ).all()
    per_place = sorted(
        (PlaceCount(Place=place, Count=int(n)) for place, n in rows),
        key=lambda p: (-p.Count, p.Place),
    )
    return OnlineNow(Total=sum(p.Count for p in per_place), PerPlace=per_place)


async def registrations(session: AsyncSession, event_id: str) -> list[HourCount]:
    hour = _bucket(await _dialect(session), "hour", Attendee.created_at)
    rows = await session.execute(
        select(hour, func.count())
        .where(Attendee.event_id == event_id)
        .group_by(hour)
        .order_by(hour)
    )
    return [HourCount(At=_moment(at), Count=int(n)) for at, n in rows.all()]


async def attendance(session: AsyncSession, event_id: str) -> list[SessionAttendance]:
    """Every session of the event (zeros before anyone watched), and any other activity that
    was watched (a cinema video), in the order of their start."""
    watched = {
        activity_id: (int(unique), float(avg or 0))
        for activity_id, unique, avg in (
            await session.execute(
                select(
                    AnalyticsAttendance.activity_id,
                    func.count(),
                    func.avg(AnalyticsAttendance.minutes),
                )
                .where(AnalyticsAttendance.event_id == event_id)
                .group_by(AnalyticsAttendance.activity_id)
            )
        ).all()
    }
    peaks = {
        activity_id: int(peak)
        for activity_id, peak in (
            await session.execute(
                select(AnalyticsSessionMinute.activity_id, func.max(AnalyticsSessionMinute.viewers))
                .where(AnalyticsSessionMinute.event_id == event_id)
                .group_by(AnalyticsSessionMinute.activity_id)
            )
        ).all()
    }
    named = set(watched) | set(peaks)
    condition = Activity.entity_type == EntityType.SESSION.value
    if named:
        condition = or_(condition, Activity.id.in_(sorted(named)))
    activities = (
        await session.execute(
            select(Activity.id, Activity.title, Activity.internal_name)
            .where(Activity.event_id == event_id, condition)
            .order_by(Activity.date_begin, Activity.id)
        )
    ).all()
    out: list[SessionAttendance] = []
    for activity_id, title, internal_name in activities:
        unique, average = watched.get(activity_id, (0, 0.0))
        out.append(
            SessionAttendance(
                ActivityID=activity_id,
                Title=title or internal_name,
                Peak=peaks.get(activity_id, 0),
                Unique=unique,
                AverageMinutes=round(average, 2),
            )
        )
    return out


def chat_window(event: Event, now: datetime) -> tuple[datetime, datetime]:
    """The last 24 h while the event runs or before it; the event's last 24 h once it ended."""
    end = min(now, event.date_end) if now >= event.date_begin else now
    return end - CHAT_WINDOW, end


async def chat_per_minute(session: AsyncSession, event: Event, now: datetime) -> list[MinuteCount]:
    start, end = chat_window(event, now)
    minute = _bucket(await _dialect(session), "minute", ChatMessage.created_at)
    rows = await session.execute(
        select(minute, func.count())
        .where(
            ChatMessage.event_id == event.id,
            ChatMessage.created_at >= start,
            ChatMessage.created_at <= end,
        )
        .group_by(minute)
        .order_by(minute)
    )
    return [MinuteCount(Minute=_moment(at), Count=int(n)) for at, n in rows.all()]


async def polls(session: AsyncSession, event_id: str, attendees: int) -> list[PollParticipation]:
    defined = (
        await session.execute(
            select(Activity.id, Activity.title, Activity.internal_name, Activity.document)
            .where(Activity.event_id == event_id, Activity.entity_type == EntityType.POLL.value)
            .order_by(Activity.id)
        )
    ).all()
    if not defined:
        return []
    ballots = {
        poll_id: int(n)
        for poll_id, n in (
            await session.execute(
                select(PollBallot.poll_id, func.count())
                .where(PollBallot.poll_id.in_([row[0] for row in defined]))
                .group_by(PollBallot.poll_id)
            )
        ).all()
    }
    out: list[PollParticipation] = []
    for poll_id, title, internal_name, document in defined:
        n = int(ballots.get(poll_id, 0))
        out.append(
            PollParticipation(
                PollID=poll_id,
                Title=str(document.get("Title") or title or internal_name),
                Ballots=n,
                Participation=round(min(1.0, n / attendees), 4) if attendees else 0.0,
            )
        )
    return out


async def top_rooms(
    session: AsyncSession, event_id: str, limit: int = TOP_ROOMS
) -> list[RoomMinutes]:
    pings = func.sum(AnalyticsCount.count)
    rows = await session.execute(
        select(AnalyticsCount.place, pings)
        .where(
            AnalyticsCount.event_id == event_id,
            AnalyticsCount.kind == Kind.PING.value,
            AnalyticsCount.screen == "",
            AnalyticsCount.place != "",
        )
        .group_by(AnalyticsCount.place)
        .order_by(pings.desc(), AnalyticsCount.place)
        .limit(limit)
    )
    return [
        RoomMinutes(Place=place, PersonMinutes=int(n) * PING_MINUTES) for place, n in rows.all()
    ]


async def page_views(session: AsyncSession, event_id: str) -> list[ScreenCount]:
    views = func.sum(AnalyticsCount.count)
    rows = await session.execute(
        select(AnalyticsCount.screen, views)
        .where(
            AnalyticsCount.event_id == event_id,
            AnalyticsCount.kind == Kind.PAGE_VIEW.value,
        )
        .group_by(AnalyticsCount.screen)
        .order_by(views.desc(), AnalyticsCount.screen)
    )
    return [ScreenCount(Screen=screen, Count=int(n)) for screen, n in rows.all()]


async def dashboard(session: AsyncSession, event: Event, now: datetime) -> Dashboard:
    attendees = await attendee_count(session, event.id)
    return Dashboard(
        EventID=event.id,
        GeneratedAt=now,
        Attendees=attendees,
        OnlineNow=await online_now(session, event.id, now),
        Registrations=await registrations(session, event.id),
        Attendance=await attendance(session, event.id),
        ChatPerMinute=await chat_per_minute(session, event, now),
        Polls=await polls(session, event.id, attendees),
        TopRooms=await top_rooms(session, event.id),
        PageViews=await page_views(session, event.id),
    )


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


async def table_rows(
    session: AsyncSession, table: str, event: Event, now: datetime
) -> tuple[Sequence[str], list[list[object]]]:
    """The header and rows of one CSV export (the same figures as the dashboard)."""
    if table == "attendance":
        return ("ActivityID", "Title", "Peak", "Unique", "AverageMinutes"), [
            [a.ActivityID, a.Title, a.Peak, a.Unique, a.AverageMinutes]
            for a in await attendance(session, event.id)
        ]
    if table == "registrations":
        return ("Hour", "Count"), [
            [_iso(r.At), r.Count] for r in await registrations(session, event.id)
        ]
    if table == "chat":
        return ("Minute", "Count"), [
            [_iso(c.Minute), c.Count] for c in await chat_per_minute(session, event, now)
        ]
    if table == "polls":
        attendees = await attendee_count(session, event.id)
        return ("PollID", "Title", "Ballots", "Participation"), [
            [p.PollID, p.Title, p.Ballots, p.Participation]
            for p in await polls(session, event.id, attendees)
        ]
    if table == "rooms":
        return ("Place", "PersonMinutes"), [
            [r.Place, r.PersonMinutes] for r in await top_rooms(session, event.id, limit=10_000)
        ]
    return ("Screen", "Count"), [[p.Screen, p.Count] for p in await page_views(session, event.id)]
