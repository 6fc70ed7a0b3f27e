"""Shared steps of the agenda tests: sessions at given times, speakers, the personal agenda, the
calendar URL and reading iCalendar documents back."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import httpx
from icalendar import Calendar, Component

from tests.api.activities_support import World, create, iso, session_body
from venuely.core.services import Services


async def session_at(
    client: httpx.AsyncClient,
    world: World,
    services: Services,
    name: str,
    begin: datetime,
    minutes: int = 60,
    **fields: Any,
) -> dict[str, Any]:
    body = session_body(
        services.clock.now(),
        InternalName=name,
        Title=fields.pop("Title", name.title()),
        DateBegin=iso(begin),
        DateEnd=iso(begin + timedelta(minutes=minutes)),
        **fields,
    )
    return await create(client, world, "Session", body)


async def speaker_of(
    client: httpx.AsyncClient, world: World, session_id: str, **fields: Any
) -> dict[str, Any]:
    """A Speaker activity linked to the session by a Speaker relation."""
    speaker = await create(client, world, "Speaker", {"InternalName": "sp", **fields})
    relation = await client.post(
        "/relations",
        json={
            "EventID": world.event_a.id,
            "ParentType": "Session",
            "ParentID": session_id,
            "RelationType": "Speaker",
            "ChildType": "Speaker",
            "ChildID": speaker["ID"],
        },
        headers=world.h("admin_a"),
    )
    assert relation.status_code == 201, relation.text
    return speaker


def personal_url(world: World, session_id: str | None = None) -> str:
    base = f"/events/{world.event_a.id}/agenda/personal"
    return base if session_id is None else f"{base}/{session_id}"


async def personal(client: httpx.AsyncClient, world: World, who: str) -> list[dict[str, Any]]:
    response = await client.get(personal_url(world), headers=world.h(who))
    assert response.status_code == 200, response.text
    rows: list[dict[str, Any]] = response.json()
    return rows


async def add(client: httpx.AsyncClient, world: World, who: str, session_id: str) -> int:
    response = await client.put(personal_url(world, session_id), headers=world.h(who))
    assert response.status_code in {200, 201}, response.text
    return response.status_code


async def remove(client: httpx.AsyncClient, world: World, who: str, session_id: str) -> None:
    response = await client.delete(personal_url(world, session_id), headers=world.h(who))
    assert response.status_code == 204, response.text


def calendar_url(world: World) -> str:
    return f"/events/{world.event_a.id}/agenda/calendar"


async def issue_feed(client: httpx.AsyncClient, world: World, who: str) -> str:
    """A new calendar URL for `who` in event A (absolute, as a calendar app is given it)."""
    response = await client.post(calendar_url(world), headers=world.h(who))
    assert response.status_code == 201, response.text
    url: str = response.json()["URL"]
    return url


def secret_of(feed_url: str) -> str:
    return feed_url.rsplit("/", 1)[1].removesuffix(".ics")


def parse_calendar(body: bytes) -> Calendar:
    """The document read back by the `icalendar` parser, as a calendar app would read it."""
    calendar = Calendar.from_ical(body)
    assert isinstance(calendar, Calendar)
    return calendar


def vevents(calendar: Calendar) -> list[Component]:
    return list(calendar.walk("VEVENT"))
