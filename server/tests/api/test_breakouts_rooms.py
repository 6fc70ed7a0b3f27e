"""Breakout room definitions: made, read, changed, opened, closed and deleted through the
breakouts routes and the generic activity routes, each with its chat room and its
BREAKOUT_ROOM_NOTIFY; bad documents and ids refused with nothing stored; the way into a room's
call kept from attendees who are not inside; a Zoom meeting for a room."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.api.activities_support import iso
from tests.api.breakouts_support import SECRET_URL, Breakouts, breakouts, make_room, room_body
from tests.api.test_activities_zoom import FakeZoom, fake_zoom, zoom_client
from tests.factories import bearer, grant_admin, make_person, token_for
from venuely.activities.models import Activity, EntityType
from venuely.admins.models import AdminType
from venuely.breakouts.state import chat_name
from venuely.chat.models import Chatroom
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.realtime.opcodes import Opcode

__all__ = ["breakouts", "fake_zoom", "zoom_client"]


async def _rooms_stored(services: Services) -> int:
    async with services.db.session() as session:
        query = select(func.count()).where(Activity.entity_type == EntityType.BREAKOUT_ROOM.value)
        return int(await session.scalar(query) or 0)


async def _chat(services: Services, event_id: str, room_id: str) -> Chatroom | None:
    async with services.db.session() as session:
        return await session.scalar(
            select(Chatroom).where(
                Chatroom.event_id == event_id, Chatroom.internal_name == chat_name(room_id)
            )
        )


async def test_a_room_is_made_with_a_chat_room_and_announced(breakouts: Breakouts) -> None:
    made = await breakouts.create(OpensAt=None, ClosesAt=None)
    assert made["Title"] == "Speakers' corner"
    assert made["Topic"] == "Questions for the speakers"
    assert (made["Capacity"], made["State"], made["Occupancy"], made["SeatsLeft"]) == (
        3,
        "open",
        0,
        3,
    )
    assert made["PersonIDs"] == []
    assert made["ConferenceType"] == "Jitsi"
    # Organizers read the way into the call.
    assert made["Call"] == {"Type": "Jitsi", "URL": SECRET_URL, "MeetingID": "", "Password": ""}
    chat = await _chat(breakouts.services, breakouts.event_id, made["ID"])
    assert chat is not None
    assert chat.id == made["ChatroomID"]
    assert chat.title == "Speakers' corner"
    assert chat.kind == "group"

    [notice] = breakouts.frames(Opcode.BREAKOUT_ROOM_NOTIFY, breakouts.event_channel)
    assert notice["ID"] == made["ID"]
    assert notice["State"] == "open"
    assert notice["Deleted"] is False
    assert SECRET_URL not in str(breakouts.hub.frames())

    # Attendees see the room, not the way into its call, here nor in the generic activities.
    seen = await breakouts.get(made["ID"], "attendee_a")
    assert seen["Call"] is None
    assert seen["ChatroomID"] == made["ChatroomID"]
    listed = await breakouts.client.get(breakouts.url(), headers=breakouts.h("attendee_a"))
    assert [room["ID"] for room in listed.json()] == [made["ID"]]
    assert SECRET_URL not in listed.text
    generic = await breakouts.client.get(
        f"/events/{breakouts.event_id}/activities/{made['ID']}", headers=breakouts.h("attendee_a")
    )
    assert generic.status_code == 200
    assert SECRET_URL not in generic.text
    generic_admin = await breakouts.client.get(
        f"/events/{breakouts.event_id}/activities/{made['ID']}", headers=breakouts.h("admin_a")
    )
    assert generic_admin.json()["ConferenceJoinURL"] == SECRET_URL


BAD_ROOMS: list[tuple[str, dict[str, Any]]] = [
    ("no title", {"Title": ""}),
    ("capacity 0", {"Capacity": 0}),
    ("capacity above 1000", {"Capacity": 1001}),
    ("capacity not a number", {"Capacity": "many"}),
    (
        "closes before it opens",
        {"OpensAt": "2026-05-09T12:00:00Z", "ClosesAt": "2026-05-09T11:00:00Z"},
    ),
    ("Jitsi without a URL", {"ConferenceJoinURL": ""}),
    ("a URL that is no web address", {"ConferenceJoinURL": "javascript:alert(1)"}),
    ("an unknown call type", {"ConferenceType": "Skype"}),
    ("a misspelt field", {"Capacty": 5}),
    ("DELETED as its name", {"InternalName": "DELETED"}),
]


@pytest.mark.parametrize(("case", "fields"), BAD_ROOMS, ids=[case for case, _ in BAD_ROOMS])
async def test_a_bad_room_is_refused_and_nothing_stored(
    breakouts: Breakouts, case: str, fields: dict[str, Any]
) -> None:
    body = room_body(**fields)
    response = await breakouts.client.post(
        breakouts.url(), json=body, headers=breakouts.h("admin_a")
    )
    assert response.status_code == 422, (case, response.text)
    assert response.json()["Error"]["Code"] == "VALIDATION_ERROR"
    generic = await breakouts.client.post(
        f"/events/{breakouts.event_id}/activities",
        params={"EntityType": "BreakoutRoom"},
        json=body,
        headers=breakouts.h("admin_a"),
    )
    assert generic.status_code == 422, (case, generic.text)
    assert await _rooms_stored(breakouts.services) == 0
    assert breakouts.hub.published == []


async def test_the_generic_activity_routes_make_the_same_rooms(breakouts: Breakouts) -> None:
    response = await breakouts.client.post(
        f"/events/{breakouts.event_id}/activities",
        params={"EntityType": "BreakoutRoom"},
        json=room_body(Capacity=8, PanoNodeID="lounge"),
        headers=breakouts.h("admin_a"),
    )
    assert response.status_code == 201, response.text
    room_id = response.json()["ID"]
    view = await breakouts.get(room_id, "attendee_a")
    assert (view["Capacity"], view["PanoNodeID"], view["State"]) == (8, "lounge", "open")
    # The change hook gave it its chat room and announced it.
    assert view["ChatroomID"] is not None
    assert [n["ID"] for n in breakouts.frames(Opcode.BREAKOUT_ROOM_NOTIFY)] == [room_id]


async def test_unknown_foreign_and_malformed_rooms(breakouts: Breakouts) -> None:
    other = await make_room(breakouts.services, breakouts.world.event_b)
    session = await make_room(breakouts.services, breakouts.world.event_a)
    async with breakouts.services.db.session() as db:
        row = await db.get(Activity, session.id)
        assert row is not None
        row.entity_type = EntityType.POLL.value  # an activity of another type
    for room_id in (new_id(), other.id, session.id):
        for who in ("attendee_a", "admin_a"):
            response = await breakouts.client.get(breakouts.url(room_id), headers=breakouts.h(who))
            assert response.status_code == 404, response.text
            error = response.json()["Error"]
            assert error["Code"] == "BREAKOUT_ROOM_NOT_FOUND"
            assert error["Data"] == {"RoomID": room_id}
    malformed = await breakouts.client.get(
        breakouts.url("not-an-id"), headers=breakouts.h("admin_a")
    )
    assert malformed.status_code == 422
    own = await breakouts.create()
    assert (
        await breakouts.client.get(breakouts.url(own["ID"]), headers=breakouts.h("attendee_b"))
    ).status_code == 403
    assert (await breakouts.client.get(breakouts.url(own["ID"]))).status_code == 401


async def test_an_update_renames_the_chat_room_and_is_announced(breakouts: Breakouts) -> None:
    made = await breakouts.create()
    response = await breakouts.client.put(
        breakouts.url(made["ID"]),
        json=room_body(Title="Speakers' lounge", Capacity=5, ConferenceType="Iframe"),
        headers=breakouts.h("admin_a"),
    )
    assert response.status_code == 200, response.text
    assert (response.json()["Title"], response.json()["Capacity"]) == ("Speakers' lounge", 5)
    chat = await _chat(breakouts.services, breakouts.event_id, made["ID"])
    assert chat is not None
    assert chat.title == "Speakers' lounge"
    notices = breakouts.frames(Opcode.BREAKOUT_ROOM_NOTIFY)
    assert [(n["Title"], n["ConferenceType"]) for n in notices][-1] == (
        "Speakers' lounge",
        "Iframe",
    )
    # Identity fields sent back must match; nothing changes otherwise.
    wrong = await breakouts.client.put(
        breakouts.url(made["ID"]),
        json=room_body(ID=new_id(), Title="Hijacked"),
        headers=breakouts.h("admin_a"),
    )
    assert wrong.status_code == 422
    assert (await breakouts.get(made["ID"]))["Title"] == "Speakers' lounge"


async def test_closing_and_opening_by_hand(breakouts: Breakouts) -> None:
    now = breakouts.services.clock.now()
    made = await breakouts.create(OpensAt=iso(now - timedelta(hours=1)))
    closed = await breakouts.client.post(
        breakouts.url(made["ID"], "/close"), headers=breakouts.h("admin_a")
    )
    assert closed.status_code == 200, closed.text
    assert closed.json()["State"] == "closed"
    assert closed.json()["ClosesAt"] == iso(now)
    assert closed.json()["OpensAt"] == iso(now - timedelta(hours=1))
    again = await breakouts.client.post(
        breakouts.url(made["ID"], "/close"), headers=breakouts.h("admin_a")
    )
    assert again.status_code == 200
    assert again.json()["ClosesAt"] == iso(now)
    opened = await breakouts.client.post(
        breakouts.url(made["ID"], "/open"), headers=breakouts.h("admin_a")
    )
    assert opened.status_code == 200
    assert (opened.json()["State"], opened.json()["ClosesAt"], opened.json()["OpensAt"]) == (
        "open",
        None,
        None,
    )
    states = [n["State"] for n in breakouts.frames(Opcode.BREAKOUT_ROOM_NOTIFY)]
    assert states == ["open", "closed", "open"]
    # A room that opens later opens now by hand; closing a scheduled one drops its opening.
    later = await breakouts.create(InternalName="later", OpensAt=iso(now + timedelta(hours=2)))
    assert later["State"] == "scheduled"
    shut = await breakouts.client.post(
        breakouts.url(later["ID"], "/close"), headers=breakouts.h("admin_a")
    )
    assert (shut.json()["State"], shut.json()["OpensAt"]) == ("closed", None)
    reopened = await breakouts.client.post(
        breakouts.url(later["ID"], "/open"), headers=breakouts.h("admin_a")
    )
    assert reopened.json()["State"] == "open"


async def test_a_room_closes_and_opens_by_the_clock(breakouts: Breakouts) -> None:
    now = breakouts.services.clock.now()
    made = await breakouts.create(
        OpensAt=iso(now + timedelta(minutes=5)), ClosesAt=iso(now + timedelta(minutes=35))
    )
    assert made["State"] == "scheduled"
    clock = breakouts.services.clock
    clock.advance(timedelta(minutes=10))  # type: ignore[attr-defined]
    assert (await breakouts.get(made["ID"]))["State"] == "open"
    clock.advance(timedelta(minutes=30))  # type: ignore[attr-defined]
    assert (await breakouts.get(made["ID"]))["State"] == "closed"


async def test_deleting_a_room_deletes_its_chat_room(breakouts: Breakouts) -> None:
    made = await breakouts.create()
    gone = await breakouts.client.delete(breakouts.url(made["ID"]), headers=breakouts.h("admin_a"))
    assert gone.status_code == 204
    assert await _chat(breakouts.services, breakouts.event_id, made["ID"]) is None
    assert (
        await breakouts.client.get(breakouts.url(made["ID"]), headers=breakouts.h("admin_a"))
    ).status_code == 404
    last = breakouts.frames(Opcode.BREAKOUT_ROOM_NOTIFY)[-1]
    assert (last["ID"], last["Deleted"]) == (made["ID"], True)
    # Through the generic route too.
    other = await breakouts.create(InternalName="other")
    generic = await breakouts.client.delete(
        f"/events/{breakouts.event_id}/activities/{other['ID']}", headers=breakouts.h("admin_a")
    )
    assert generic.status_code == 204
    assert await _chat(breakouts.services, breakouts.event_id, other["ID"]) is None


async def test_attendees_cannot_act_as_organizers(breakouts: Breakouts) -> None:
    made = await breakouts.create()
    attendee = breakouts.h("attendee_a")
    calls = [
        ("POST", breakouts.url(), room_body()),
        ("PUT", breakouts.url(made["ID"]), room_body(Title="Mine now")),
        ("DELETE", breakouts.url(made["ID"]), None),
        ("POST", breakouts.url(made["ID"], "/close"), None),
        ("POST", breakouts.url(made["ID"], "/open"), None),
        ("POST", breakouts.url(made["ID"], "/move"), {"PersonID": breakouts.world.attendee_a.id}),
        ("POST", breakouts.url(suffix="/broadcast"), {"Text": "Hello"}),
    ]
    await breakouts.tick()
    before = len(breakouts.hub.published)
    for method, url, body in calls:
        response = await breakouts.client.request(method, url, json=body, headers=attendee)
        assert response.status_code == 403, (method, url, response.text)
        assert response.json()["Error"]["Code"] == "FORBIDDEN"
    assert len(breakouts.hub.published) == before
    view = await breakouts.get(made["ID"])
    assert (view["Title"], view["State"]) == ("Speakers' corner", "open")
    # Admins of another customer are not the event's organizers either.
    admin_b = breakouts.h("admin_b")
    closed = await breakouts.client.post(breakouts.url(made["ID"], "/close"), headers=admin_b)
    assert closed.status_code == 403


async def test_an_event_admin_organizes_rooms(breakouts: Breakouts) -> None:
    organizer = await make_person(breakouts.services)
    await grant_admin(
        breakouts.services,
        organizer,
        AdminType.EVENT,
        event_id=breakouts.event_id,
        customer_id=breakouts.world.customer_a.id,
    )
    breakouts.world.headers["event_admin"] = bearer(await token_for(breakouts.services, organizer))
    made = await breakouts.create("event_admin")
    assert made["Call"] is not None


async def test_a_zoom_meeting_for_a_breakout_room(
    zoom_client: httpx.AsyncClient, services: Services, fake_zoom: FakeZoom
) -> None:
    from tests.api.activities_support import build_world

    world = await build_world(services)
    response = await zoom_client.post(
        f"/events/{world.event_a.id}/breakouts",
        json=room_body(ConferenceType="Zoom", ConferenceJoinURL=""),
        headers=world.h("admin_a"),
    )
    assert response.status_code == 201, response.text
    room_id = response.json()["ID"]
    made = await zoom_client.post(
        f"/events/{world.event_a.id}/activities/{room_id}/createzoommeeting",
        headers=world.h("admin_a"),
    )
    assert made.status_code == 200, made.text
    assert fake_zoom.requests[-1].url.path == "/v2/users/me/meetings"
    view = await zoom_client.get(
        f"/events/{world.event_a.id}/breakouts/{room_id}", headers=world.h("admin_a")
    )
    assert view.json()["Call"] == {
        "Type": "Zoom",
        "URL": "https://us06web.zoom.us/j/85746065432?pwd=xyz",
        "MeetingID": "85746065432",
        "Password": "xyz",
    }
    seen = await zoom_client.get(
        f"/events/{world.event_a.id}/breakouts/{room_id}", headers=world.h("attendee_a")
    )
    assert seen.json()["Call"] is None
    assert "85746065432" not in seen.text
