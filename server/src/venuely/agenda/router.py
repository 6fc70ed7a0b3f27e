"""HTTP routes of the agenda feature, under /events/{EventID}/agenda (docs/subsystems/agenda.md).

The personal agenda and the calendar URL act for the caller only (`EventMember`: attendees of the
event and its organizers); there is no route naming another person. The feed itself is `Public`:
calendar apps cannot send a token, the secret in the URL is the credential.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Path, Response

from venuely.accounts.permissions import EventMember, Public
from venuely.activities.schemas import activity_out
from venuely.agenda import ics, service
from venuely.agenda.access import access_agenda_session, access_feed
from venuely.agenda.schemas import (
    CalendarFeedIssuedOut,
    CalendarFeedOut,
    PersonalEntryOut,
    PersonalSessionOut,
)
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.ids import ID_PATTERN
from venuely.lists.service import speakers_by_session

router = APIRouter(tags=["agenda"])

BASE = "/events/{EventID}/agenda"
PERSONAL = BASE + "/personal"
CALENDAR = BASE + "/calendar"

SessionIdPath = Annotated[str, Path(alias="SessionID", pattern=ID_PATTERN)]
# Not pattern-checked: a malformed secret or event id is told the same 404 as a wrong one.
SecretPath = Annotated[str, Path(alias="Secret")]
FeedEventPath = Annotated[str, Path(alias="EventID")]

_ICS_RESPONSE: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"text/calendar": {"schema": {"type": "string"}}},
        "description": "An iCalendar document (RFC 5545)",
    }
}
_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def _ics_response(body: bytes, filename: str | None) -> Response:
    headers = {
        # The feed's URL is a secret: no shared cache may keep it, no page it links to may see it.
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
    }
    if filename is not None:
        headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return Response(body, media_type=ics.MEDIA_TYPE, headers=headers)


@router.get(PERSONAL, response_model=list[PersonalSessionOut])
async def personal_agenda(
    access: EventMember, session: SessionDep, services: ServicesDep
) -> list[dict[str, Any]]:
    """The caller's saved sessions of the event, by begin time, each with its `Speakers`, the
    agenda `DayNumber` it is listed on and `AddedAt`."""
    event, now = access.event, services.clock.now()
    rows = await service.personal_sessions(session, event.id, access.principal.person_id)
    speakers = await speakers_by_session(session, event.id, [a.id for _, a in rows])
    return [
        {
            **activity_out(activity, for_admin=access.is_admin, now=now),
            "Speakers": [
                activity_out(sp, for_admin=False, now=now) for sp in speakers.get(activity.id, [])
            ],
            "DayNumber": service.day_number(event, activity.date_begin or event.date_begin),
            "AddedAt": entry.created_at,
        }
        for entry, activity in rows
    ]


@router.put(
    PERSONAL + "/{SessionID}",
    response_model=PersonalEntryOut,
    responses={201: {"model": PersonalEntryOut, "description": "Added"}},
)
async def add_to_personal_agenda(
    access: EventMember,
    session_id: SessionIdPath,
    session: SessionDep,
    services: ServicesDep,
    response: Response,
) -> PersonalEntryOut:
    """Saves a session of this event in the caller's agenda: 201 when added, 200 when it was
    there already (the first `AddedAt` is kept)."""
    activity = await access_agenda_session(session, access.event, session_id)
    entry, created = await service.add_session(
        session, services, access.event, access.principal.person_id, activity
    )
    response.status_code = 201 if created else 200
    return PersonalEntryOut(SessionID=entry.session_id, AddedAt=entry.created_at)


@router.delete(PERSONAL + "/{SessionID}", status_code=204)
async def remove_from_personal_agenda(
    access: EventMember, session_id: SessionIdPath, session: SessionDep
) -> Response:
    """Removes the session from the caller's agenda; 204 also when it was not there."""
    activity = await access_agenda_session(session, access.event, session_id)
    await service.remove_session(session, access.event.id, access.principal.person_id, activity.id)
    return Response(status_code=204)


@router.get(BASE + "/sessions/{SessionID}.ics", response_class=Response, responses=_ICS_RESPONSE)
async def session_calendar_file(
    access: EventMember, session_id: SessionIdPath, session: SessionDep, services: ServicesDep
) -> Response:
    """One session as an iCalendar file ("Add to calendar")."""
    event = access.event
    activity = await access_agenda_session(session, event, session_id)
    entries = await service.calendar_entries(session, event.id, [activity])
    body = ics.build_calendar(
        event,
        entries,
        public_url=services.settings.public_url,
        now=services.clock.now(),
        name=event.title,
    )
    name = _UNSAFE_NAME.sub("-", f"{event.internal_name}-{activity.internal_name}").strip("-.")
    return _ics_response(body, f"{name or activity.id}.ics")


@router.get(CALENDAR, response_model=CalendarFeedOut)
async def calendar_feed_state(access: EventMember, session: SessionDep) -> CalendarFeedOut:
    feed = await service.feed_of(session, access.event.id, access.principal.person_id)
    return CalendarFeedOut(Active=feed is not None, CreatedAt=feed.created_at if feed else None)


@router.post(CALENDAR, response_model=CalendarFeedIssuedOut, status_code=201)
async def issue_calendar_feed(
    access: EventMember, session: SessionDep, services: ServicesDep
) -> CalendarFeedIssuedOut:
    """A new secret calendar URL for the caller's agenda; an earlier one stops working."""
    feed, secret = await service.issue_feed(
        session, services, access.event, access.principal.person_id
    )
    url = service.feed_url(services.settings.public_url, access.event, secret)
    return CalendarFeedIssuedOut(URL=url, CreatedAt=feed.created_at)


@router.delete(CALENDAR, status_code=204)
async def revoke_calendar_feed(access: EventMember, session: SessionDep) -> Response:
    await service.revoke_feed(session, access.event.id, access.principal.person_id)
    return Response(status_code=204)


@router.get(CALENDAR + "/{Secret}.ics", response_class=Response, responses=_ICS_RESPONSE)
async def calendar_feed(
    _: Public,
    event_id: FeedEventPath,
    secret: SecretPath,
    session: SessionDep,
    services: ServicesDep,
) -> Response:
    """The personal agenda as a subscribable iCalendar feed. 404, without detail, for a wrong,
    rotated or revoked secret, another event's, or an owner who may no longer enter the event."""
    owner = await access_feed(session, event_id, secret)
    rows = await service.personal_sessions(session, owner.event.id, owner.person.id)
    entries = await service.calendar_entries(session, owner.event.id, [a for _, a in rows])
    body = ics.build_calendar(
        owner.event,
        entries,
        public_url=services.settings.public_url,
        now=services.clock.now(),
        name=service.feed_name(owner.event),
    )
    return _ics_response(body, None)
