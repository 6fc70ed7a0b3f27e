"""The stream rule: a session's join URL, conference id and stream id reach attendees only while
the session is playable, through every answer that carries the session; organizers always get
them, and the password never appears in a list."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.api.activities_support import World, build_world, create, iso, session_body
from venuely.core.clock import FrozenClock
from venuely.core.services import Services

PLAYABLE = ("ConferenceJoinURL", "ConferenceID", "StreamID")
STREAM = (*PLAYABLE, "ConferencePassword")
BEGINS_IN = timedelta(hours=3)
LASTS = timedelta(hours=1)


@dataclass
class Programme:
    world: World
    session: dict[str, Any]
    speaker: dict[str, Any]
    begin: datetime


@pytest.fixture
async def programme(client: httpx.AsyncClient, services: Services) -> Programme:
    """A Zoom session beginning in three hours, with one speaker linked to it."""
    world = await build_world(services)
    begin = services.clock.now() + BEGINS_IN
    body = session_body(
        services.clock.now(),
        DateBegin=iso(begin),
        DateEnd=iso(begin + LASTS),
        ConferenceType="Zoom",
        ConferenceJoinURL="https://us02web.zoom.us/j/123456789?pwd=token",
        ConferenceID="123456789",
        ConferencePassword="open sesame",
        StreamID="main-stage",
    )
    talk = await create(client, world, "Session", body)
    speaker = await create(client, world, "Speaker", {"FirstName": "Ada", "LastName": "Byron"})
    linked = await client.post(
        "/relations",
        json={
            "EventID": world.event_a.id,
            "ParentType": "Session",
            "ParentID": talk["ID"],
            "RelationType": "Speaker",
            "ChildType": "Speaker",
            "ChildID": speaker["ID"],
        },
        headers=world.h("admin_a"),
    )
    assert linked.status_code == 201, linked.text
    return Programme(world, talk, speaker, begin)


def _find(rows: Any, activity_id: str) -> dict[str, Any]:
    assert isinstance(rows, list), rows
    [found] = [row for row in rows if row["ID"] == activity_id]
    assert isinstance(found, dict)
    return found


async def _get(client: httpx.AsyncClient, url: str, who: str, p: Programme, **params: Any) -> Any:
    response = await client.get(url, params=params, headers=p.world.h(who))
    assert response.status_code == 200, response.text
    return response.json()


def _agenda_day(p: Programme) -> int:
    # The test event is in UTC and began an hour before the clock started.
    return (p.begin.date() - p.world.event_a.date_begin.date()).days + 1


async def _views(client: httpx.AsyncClient, p: Programme, who: str) -> dict[str, dict[str, Any]]:
    """The session as `who` reads it through each answer that carries it."""
    base, sid = f"/events/{p.world.event_a.id}", p.session["ID"]
    by_relation = await _get(
        client, f"{base}/activities/activitiesbyrelation", who, p, ChildID=p.speaker["ID"]
    )
    agenda = await _get(client, f"{base}/lists/agenda", who, p, DayNumber=_agenda_day(p))
    return {
        "list": _find(await _get(client, f"{base}/activities", who, p), sid),
        "list of sessions": _find(
            await _get(client, f"{base}/activities", who, p, EntityType="Session"), sid
        ),
        "single": await _get(client, f"{base}/activities/{sid}", who, p),
        "activitiesbyrelation": _find(by_relation, sid),
        "agenda": _find(agenda, sid),
    }


def _present(view: dict[str, Any], names: tuple[str, ...]) -> list[str]:
    return [name for name in names if name in view]


async def test_attendees_get_no_stream_fields_before_the_session_plays(
    client: httpx.AsyncClient, programme: Programme
) -> None:
    views = await _views(client, programme, "attendee_a")
    assert {where: _present(view, STREAM) for where, view in views.items()} == {
        where: [] for where in views
    }
    # The rest of the session is still there: the agenda and the player list need it.
    assert views["single"]["DateBegin"] == programme.session["DateBegin"]
    assert views["agenda"]["ConferenceType"] == "Zoom"


async def test_attendees_get_them_while_it_plays_and_never_the_password(
    client: httpx.AsyncClient, programme: Programme, clock: FrozenClock
) -> None:
    clock.advance(BEGINS_IN)  # DateBegin itself is inside the window
    for where, view in (await _views(client, programme, "attendee_a")).items():
        assert _present(view, STREAM) == list(PLAYABLE), where
        assert view["StreamID"] == "main-stage"
        assert view["ConferenceID"] == "123456789"
    clock.advance(LASTS)  # DateEnd is outside it again
    for where, view in (await _views(client, programme, "attendee_a")).items():
        assert _present(view, STREAM) == [], where


async def test_a_session_that_is_not_virtual_never_shows_them(
    client: httpx.AsyncClient, programme: Programme, clock: FrozenClock
) -> None:
    url = f"/events/{programme.world.event_a.id}/activities/{programme.session['ID']}"
    body = {**programme.session, "IsVirtual": False}
    updated = await client.put(url, json=body, headers=programme.world.h("admin_a"))
    assert updated.status_code == 200, updated.text
    clock.advance(BEGINS_IN + timedelta(minutes=5))
    read = await _get(client, url, "attendee_a", programme)
    assert _present(read, STREAM) == []


async def test_event_admins_always_get_every_stream_field(
    client: httpx.AsyncClient, programme: Programme, clock: FrozenClock
) -> None:
    for where, view in (await _views(client, programme, "admin_a")).items():
        assert _present(view, STREAM) == list(STREAM), where
        assert view["ConferencePassword"] == "open sesame"
    clock.advance(BEGINS_IN + LASTS + timedelta(minutes=10))
    single = await _get(
        client,
        f"/events/{programme.world.event_a.id}/activities/{programme.session['ID']}",
        "admin_a",
        programme,
    )
    assert _present(single, STREAM) == list(STREAM)


async def test_speakers_list_embeds_no_session_documents(
    client: httpx.AsyncClient, programme: Programme
) -> None:
    """`lists/speakers` names sessions by id only, so it has nothing of the stream to hide."""
    rows = await _get(
        client,
        f"/events/{programme.world.event_a.id}/lists/speakers",
        "attendee_a",
        programme,
        DayNumber=_agenda_day(programme),
    )
    [speaker] = rows
    assert speaker["SessionIDs"] == [programme.session["ID"]]
    assert _present(speaker, STREAM) == []


async def test_other_types_keep_stream_fields_from_attendees(
    client: httpx.AsyncClient, programme: Programme
) -> None:
    """Only sessions have a playable time; a meeting's Zoom link or a poll's stream id is for
    organizers (nothing in the attendee app plays them)."""
    world = programme.world
    meeting = await create(
        client,
        world,
        "Meeting",
        {"InternalName": "standup", "ConferenceJoinURL": "https://zoom.us/j/1?pwd=x"},
    )
    poll = await create(
        client,
        world,
        "Poll",
        {"InternalName": "lunch", "IsActive": True, "PanoNodeID": "hall", "StreamID": "s"},
    )
    base = f"/events/{world.event_a.id}/activities"
    read = await _get(client, f"{base}/{meeting['ID']}", "attendee_a", programme)
    assert _present(read, STREAM) == []
    polls = await _get(client, f"{base}/activepolls", "attendee_a", programme, Node="hall")
    assert _present(_find(polls, poll["ID"]), STREAM) == []
    admin_polls = await _get(client, f"{base}/activepolls", "admin_a", programme, Node="hall")
    assert _find(admin_polls, poll["ID"])["StreamID"] == "s"
