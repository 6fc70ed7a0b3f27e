"""HTTP routes of analytics (docs/subsystems/analytics.md).

Members of the event (`EventMember`, like every attendee route) send tracker items; organizers
holding the `analytics` role (`EventAdmin`, admins/roles.py) read the dashboard and its CSVs.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.analytics import dashboard as queries
from venuely.analytics import flush as _flush  # noqa: F401 - registers the flush job
from venuely.analytics import retention as _retention  # noqa: F401 - registers the retention job
from venuely.analytics.schemas import Dashboard, TrackIn, TrackOut
from venuely.analytics.track import track
from venuely.core.deps import ServicesDep, SessionDep
from venuely.lists.csvexport import csv_response, render

router = APIRouter(tags=["analytics"])

BASE = "/events/{EventID}/analytics"


class Table(StrEnum):
    ATTENDANCE = "attendance"
    REGISTRATIONS = "registrations"
    CHAT = "chat"
    POLLS = "polls"
    ROOMS = "rooms"
    PAGEVIEWS = "pageviews"


TablePath = Annotated[Table, Path(alias="Table")]
_CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/csv": {"schema": {"type": "string"}}},
        "description": "UTF-8 CSV with BOM",
    }
}


@router.post(BASE, response_model=TrackOut, status_code=202)
async def post_items(
    access: EventMember, body: TrackIn, session: SessionDep, services: ServicesDep
) -> TrackOut:
    """Tracker items (page views, usage, pings), kept only with the caller's statistics
    consent for the event. Items dropped (no consent, bad item, unknown screen, flood) are
    counted, never stored; the answer says how many of each call were kept."""
    return await track(session, services, access.event.id, access.principal.person_id, body)


@router.get(BASE + "/dashboard", response_model=Dashboard)
async def get_dashboard(
    access: EventAdmin, session: SessionDep, services: ServicesDep
) -> Dashboard:
    """Online now, registrations per hour, attendance per session, chat per minute, poll
    participation, top rooms and page views. The console polls it every 10 s."""
    return await queries.dashboard(session, access.event, services.clock.now())


@router.get(BASE + "/{Table}.csv", response_class=Response, responses=_CSV_RESPONSE)
async def export_table(
    access: EventAdmin, table: TablePath, session: SessionDep, services: ServicesDep
) -> Response:
    """One dashboard table as CSV: attendance, registrations, chat, polls, rooms, pageviews."""
    header, rows = await queries.table_rows(
        session, table.value, access.event, services.clock.now()
    )
    return csv_response(render(header, rows), f"analytics-{access.event.id}-{table.value}.csv")
