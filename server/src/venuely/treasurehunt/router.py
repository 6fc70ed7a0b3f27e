"""HTTP routes of the treasure hunt, under /events/{EventID}/treasure-hunts
(docs/subsystems/treasurehunt.md): the hunts, the caller's standing, the board and its CSV.
The items and finds are `items_router.py`, included here.

Members of the event (`EventMember`) read hunts, items and boards, find items and hide their
own name; organizers (`EventAdmin`) place items and export the board with real names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.pagination import LastIdQuery
from venuely.events.schemas import as_utc
from venuely.lists import csvexport
from venuely.treasurehunt import hooks as _hooks  # noqa: F401 - a deleted hunt's items go
from venuely.treasurehunt import rankings, scores
from venuely.treasurehunt.access import access_hunt, viewer_of
from venuely.treasurehunt.frames import RankingOut
from venuely.treasurehunt.items_router import BASE, HUNT, HuntIdPath, items_router
from venuely.treasurehunt.notify import deliver
from venuely.treasurehunt.schemas import HuntOut, MeIn, MeOut
from venuely.treasurehunt.views import hunts_out, me_out

router = APIRouter(tags=["treasurehunt"])

MAX_LIMIT = 200
CSV_COLUMNS = ("Rank", "Name", "Email", "Score", "Found", "ScoredAt")
_CSV_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/csv": {"schema": {"type": "string"}}},
        "description": "UTF-8 CSV with BOM",
    }
}


@router.get(BASE, response_model=list[HuntOut])
async def list_hunts(
    access: EventMember, session: SessionDep, services: ServicesDep
) -> list[HuntOut]:
    """The event's hunts, the main one first, with the caller's score in each."""
    now = services.clock.now()
    return await hunts_out(session, access.event, access.principal.person_id, now)


@router.get(HUNT + "/me", response_model=MeOut)
async def get_me(access: EventMember, hunt_id: HuntIdPath, session: SessionDep) -> MeOut:
    """The caller's score, rank (null while 0), finds and whether their name is hidden."""
    hunt = await access_hunt(session, access, hunt_id)
    return await me_out(session, hunt, access.principal.person_id)


@router.put(HUNT + "/me", response_model=MeOut)
async def put_me(
    access: EventMember,
    hunt_id: HuntIdPath,
    body: MeIn,
    session: SessionDep,
    services: ServicesDep,
) -> MeOut:
    """Hide (or show again) the caller's name and picture on the hunt's board."""
    hunt = await access_hunt(session, access, hunt_id)
    person_id = access.principal.person_id
    _, changes = await scores.set_hidden(session, services, hunt, person_id, body.Hidden)
    await session.commit()
    await deliver(services, changes)
    return await me_out(session, hunt, person_id)


@router.get(HUNT + "/rankings", response_model=list[RankingOut])
async def get_rankings(
    access: EventMember,
    session: SessionDep,
    hunt_id: HuntIdPath,
    last_score: Annotated[int | None, Query(alias="LastScore", ge=-(2**31), lt=2**31)] = None,
    last_id: LastIdQuery = None,
    last_updated_at: Annotated[datetime | None, Query(alias="LastUpdatedAt")] = None,
    limit: Annotated[int, Query(alias="Limit", ge=1, le=MAX_LIMIT)] = 50,
) -> list[RankingOut]:
    """One page of the hunt's board; pass the last row's Score, UpdatedAt and PersonID to go
    on."""
    hunt = await access_hunt(session, access, hunt_id)
    cursor = None
    if last_score is not None and last_updated_at is not None and last_id is not None:
        cursor = rankings.Cursor(last_score, as_utc(last_updated_at), last_id)
    elif last_score is not None or last_updated_at is not None or last_id is not None:
        missing = [
            name
            for name, value in (
                ("LastScore", last_score),
                ("LastUpdatedAt", last_updated_at),
                ("LastID", last_id),
            )
            if value is None
        ]
        raise ApiError(
            ErrorCode.MISSING_PARAMETER,
            f"Missing required parameter {', '.join(missing)}: the paging cursor is"
            " LastScore, LastUpdatedAt and LastID together",
            {"Parameters": missing},
        )
    viewer = viewer_of(access)
    return await rankings.page(session, hunt.event_id, hunt.id, viewer, cursor, limit)


@router.get(HUNT + "/rankings.csv", response_class=Response, responses=_CSV_RESPONSE)
async def rankings_csv(access: EventAdmin, hunt_id: HuntIdPath, session: SessionDep) -> Response:
    """The whole board with real names and addresses, hidden ones too (prizes are awarded from
    it)."""
    hunt = await access_hunt(session, access, hunt_id)
    rows = await rankings.export_rows(session, hunt.event_id, hunt.id)
    body = csvexport.render(CSV_COLUMNS, rows)
    return csvexport.csv_response(body, f"rankings-{hunt.id}.csv")


router.include_router(items_router)
