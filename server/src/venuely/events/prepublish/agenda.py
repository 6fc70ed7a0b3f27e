"""Virtual sessions that would play on one screen at the same time.

A session plays on its `ScreenID` in the tour when `IsVirtual`; two such sessions overlap when
their time ranges intersect (one ending exactly when the next begins does not). Sorted by begin
per screen, each session is compared with the one reaching furthest so far, so every session
that collides with an earlier one is reported once, naming that one, without comparing all pairs.
"""

from __future__ import annotations

from datetime import datetime
from itertools import groupby

from sqlalchemy import select

from venuely.activities.models import Activity, EntityType
from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import CheckContext
from venuely.events.prepublish.schemas import Finding, finding


def _title(session: Activity) -> str:
    return session.title or session.internal_name or session.id


async def check_sessions(ctx: CheckContext) -> list[Finding]:
    rows = await ctx.session.scalars(
        select(Activity).where(
            Activity.event_id == ctx.event.id,
            Activity.entity_type == EntityType.SESSION.value,
            Activity.date_begin.is_not(None),
            Activity.date_end.is_not(None),
        )
    )
    playing: list[tuple[str, datetime, datetime, Activity]] = []
    for session in rows.all():
        screen = session.document.get("ScreenID")
        virtual = session.document.get("IsVirtual", True) is True
        begin, end = session.date_begin, session.date_end
        if isinstance(screen, str) and screen and virtual and begin and end:
            playing.append((screen, begin, end, session))
    playing.sort(key=lambda row: (row[0], row[1], row[3].id))
    findings: list[Finding] = []
    for screen, group in groupby(playing, key=lambda row: row[0]):
        furthest: tuple[datetime, Activity] | None = None  # the session ending last so far
        for _, begin, end, session in group:
            if furthest is not None and begin < furthest[0]:
                findings.append(_overlap(screen, session, furthest[1]))
            if furthest is None or end > furthest[0]:
                furthest = (end, session)
    return findings


def _overlap(screen: str, session: Activity, other: Activity) -> Finding:
    return finding(
        FindingCode.SESSIONS_OVERLAP,
        f"'{_title(session)}' and '{_title(other)}' overlap on screen '{screen}'",
        session.id,
        ScreenID=screen,
        SessionID=session.id,
        SessionTitle=_title(session),
        OtherSessionID=other.id,
        OtherSessionTitle=_title(other),
    )
