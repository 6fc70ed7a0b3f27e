"""HTTP routes under /events/{EventID}/lists (the chat feature adds chatmessageschronologically).

Agenda, speakers and attendees are read by attendees; the CSV exports are for event admins.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Response

from venuely.accounts.permissions import EventAdmin, EventMember
from venuely.activities.models import Activity
from venuely.activities.schemas import ActivityOut, activity_out
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import Id
from venuely.core.pagination import LastIdQuery
from venuely.lists import csvexport, service
from venuely.lists.schemas import AttendeeOut
from venuely.relations.schemas import TYPE_PATTERN
from venuely.vfiles.service import csv_rows as vfile_csv_rows

router = APIRouter(tags=["lists"])

BASE = "/events/{EventID}/lists"
CURSOR_HEADER = "amv-cursor-pos"
MAX_PERSON_IDS = 10_000
DayNumber = Annotated[int, Query(alias="DayNumber", ge=1, le=366)]
PersonIds = Annotated[list[Id], Body()]


def _speaker_out(speaker: Activity, now: datetime) -> dict[str, Any]:
    # Speakers carry no stream fields (SpeakerIn refuses them); the shared rule applies anyway,
    # so no activity reaches a client by another path. The attendee view suits every reader.
    return activity_out(speaker, for_admin=False, now=now)


@router.get(BASE + "/agenda", response_model=list[ActivityOut])
async def agenda(
    access: EventMember, day_number: DayNumber, session: SessionDep, services: ServicesDep
) -> list[dict[str, Any]]:
    """The day's sessions by begin time, each with its `Speakers`. Sessions follow the stream
    rule (`activities.visibility`): attendees see the stream fields only while one plays."""
    sessions = await service.sessions_of_day(session, access.event, day_number)
    speakers = await service.speakers_by_session(session, access.event.id, [s.id for s in sessions])
    now = services.clock.now()
    return [
        {
            **activity_out(s, for_admin=access.is_admin, now=now),
            "Speakers": [_speaker_out(sp, now) for sp in speakers.get(s.id, [])],
        }
        for s in sessions
    ]


@router.get(BASE + "/speakers", response_model=list[ActivityOut])
async def speakers(
    access: EventMember, day_number: DayNumber, session: SessionDep, services: ServicesDep
) -> list[dict[str, Any]]:
    """Speakers of the day's sessions by name, each with the `SessionIDs` they speak in."""
    sessions = await service.sessions_of_day(session, access.event, day_number)
    by_session = await service.speakers_by_session(
        session, access.event.id, [s.id for s in sessions]
    )
    session_ids: dict[str, list[str]] = {}
    found: dict[str, Activity] = {}
    for s in sessions:
        for speaker in by_session.get(s.id, []):
            found[speaker.id] = speaker
            session_ids.setdefault(speaker.id, []).append(s.id)
    now = services.clock.now()
    return [
        {**_speaker_out(sp, now), "SessionIDs": session_ids[sp.id]}
        for sp in service.sort_by_name(list(found.values()))
    ]


@router.post(BASE + "/attendees", response_model=list[AttendeeOut])
async def attendees(
    access: EventMember,
    person_ids: PersonIds,
    session: SessionDep,
    response: Response,
    last_id: LastIdQuery = None,
) -> list[AttendeeOut]:
    """Attendees among `person_ids`, 100 per page by id. While more remain the response
    carries `amv-cursor-pos` (the last id); send it back as `LastID` for the next page."""
    if len(person_ids) > MAX_PERSON_IDS:
        raise ApiError(
            ErrorCode.VALIDATION_ERROR,
            f"At most {MAX_PERSON_IDS} person ids per request",
            {"Limit": MAX_PERSON_IDS, "Count": len(person_ids)},
        )
    persons, more = await service.attendees_page(session, access.event.id, person_ids, last_id)
    if more:
        response.headers[CURSOR_HEADER] = persons[-1].id
    return [
        AttendeeOut(
            PersonID=p.id,
            FullName=p.full_name,
            FirstName=p.first_name,
            LastName=p.last_name,
            PictureURL=p.picture_url,
        )
        for p in persons
    ]


@router.get(
    BASE + "/speakerscsv",
    response_class=Response,
    responses={
        200: {
            "content": {"text/csv": {"schema": {"type": "string"}}},
            "description": "UTF-8 CSV with BOM",
        }
    },
)
async def speakers_csv(access: EventAdmin, session: SessionDep) -> Response:
    event = access.event
    speakers_list = await service.all_speakers(session, event.id)
    sessions = await service.sessions_by_speaker(session, event.id)
    body = csvexport.render(
        csvexport.SPEAKER_COLUMNS, csvexport.speaker_rows(speakers_list, sessions)
    )
    return csvexport.csv_response(body, f"speakers-{event.internal_name}.csv")


@router.get(
    BASE + "/vfilescsv",
    response_class=Response,
    responses={
        200: {
            "content": {"text/csv": {"schema": {"type": "string"}}},
            "description": "UTF-8 CSV with BOM",
        }
    },
)
async def vfiles_csv(
    access: EventAdmin,
    session: SessionDep,
    entity_type: Annotated[str, Query(alias="EntityType", pattern=TYPE_PATTERN)],
) -> Response:
    """Every vfile of the event with this EntityType, disabled ones included (admins only)."""
    rows = await vfile_csv_rows(session, access.event.id, entity_type)
    body = csvexport.render(csvexport.VFILE_COLUMNS, rows)
    name = f"vfiles-{access.event.internal_name}-{entity_type}.csv"
    return csvexport.csv_response(body, name)
