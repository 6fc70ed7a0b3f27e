"""Event reads without admin rights: metadata, isolations, listings, the public view, requests."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from pydantic import TypeAdapter
from sqlalchemy import func, select

from tests.conftest import Mailbox
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.menu import MenuItemIn, item_document
from venuely.events.models import Event, EventRequest, MenuItem


async def test_metadata_by_id_and_by_name_case_insensitively(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(
        services,
        internal_name="my-event",
        default_language="fr",
        is_use_isolation=True,
        isolations=["stage"],
        tracking={"URL": "https://t.example", "SiteID": "3"},
        time_zone="Europe/Paris",
    )
    by_id = await client.get(f"/events/id/{event.id}/metadata")
    by_name = await client.get("/events/name/My-EVENT/metadata")
    assert by_id.status_code == by_name.status_code == 200
    assert by_id.json() == by_name.json()
    assert by_id.json() == {
        "EventID": event.id,
        "InternalName": "my-event",
        "Title": "Test Event",
        "DefaultLanguage": "fr",
        "IsUseIsolation": True,
        "Isolations": ["stage"],
        "CustomerID": event.customer_id,
        "Tracking": {"URL": "https://t.example", "SiteID": "3"},
        "DateBeginUTC": event.date_begin.isoformat().replace("+00:00", "Z"),
        "DateEndUTC": event.date_end.isoformat().replace("+00:00", "Z"),
        "TimeZone": "Europe/Paris",
    }
    isolations = await client.get("/events/name/MY-event/isolations")
    assert isolations.json() == {"IsUseIsolation": True, "Isolations": ["stage"]}


async def test_metadata_of_unknown_event_is_404(client: httpx.AsyncClient) -> None:
    for path in (
        f"/events/id/{'e' * 24}/metadata",
        "/events/name/nothing-here/metadata",
        "/events/name/nothing-here/isolations",
    ):
        response = await client.get(path)
        assert response.status_code == 404, path
        assert response.json()["Error"]["Code"] == "EVENT_NOT_FOUND"
    assert (await client.get("/events/id/not-an-id/metadata")).status_code == 422


async def test_metadata_ignores_a_stale_token(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    response = await client.get(
        f"/events/id/{event.id}/metadata", headers={"Authorization": "Bearer stale.token.here"}
    )
    assert response.status_code == 200


async def test_getallevents_is_for_masters_and_metadata_lists_only_listed(
    client: httpx.AsyncClient, services: Services
) -> None:
    listed = await make_event(services, is_listed=True)
    hidden = await make_event(services)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    everything = await client.get(
        "/events/getallevents", headers=bearer(await token_for(services, master))
    )
    assert {e["ID"] for e in everything.json()} == {listed.id, hidden.id}
    customer_admin = await make_person(services)
    await grant_admin(services, customer_admin, AdminType.CUSTOMER, customer_id=listed.customer_id)
    refused = await client.get(
        "/events/getallevents", headers=bearer(await token_for(services, customer_admin))
    )
    assert refused.status_code == 403
    public = await client.get("/events/getallevents/metadata")
    assert [e["EventID"] for e in public.json()] == [listed.id]


async def test_past_and_upcoming_follow_the_clock(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    now = clock.now()
    customer = await make_customer(services)

    async def listed(name: str, begin_days: int, end_days: int) -> Event:
        return await make_event(
            services,
            customer,
            internal_name=name,
            title=name.title(),
            is_listed=True,
            date_begin=now + timedelta(days=begin_days),
            date_end=now + timedelta(days=end_days),
        )

    old = await listed("old-fair", -30, -29)
    recent = await listed("recent-fair", -5, -4)
    running = await listed("running-fair", -1, 1)
    later = await listed("later-fair", 10, 11)
    await make_event(
        services, customer, date_begin=now + timedelta(days=2), date_end=now + timedelta(days=3)
    )  # not listed

    async def ids(path: str, **params: str | int) -> list[str]:
        response = await client.get(path, params=params)
        assert response.status_code == 200, response.text
        return [e["EventID"] for e in response.json()]

    assert await ids("/events/past") == [recent.id, old.id]
    assert await ids("/events/upcoming") == [running.id, later.id]
    assert await ids("/events/upcoming", search="LATER") == [later.id]
    assert await ids("/events/past", StartID=recent.id) == [old.id]
    assert await ids("/events/upcoming", MaxCount=1) == [running.id]
    assert await ids("/events/upcoming", StartID=running.id, MaxCount=1) == [later.id]
    clock.advance(timedelta(days=2))
    assert await ids("/events/past") == [running.id, recent.id, old.id]
    assert await ids("/events/upcoming") == [later.id]
    assert (await client.get("/events/past", params={"StartID": "zz"})).status_code == 422


def _item(name: str, index: int, *, visible: bool = True) -> dict[str, object]:
    return {
        "Position": "Top",
        "Index": index,
        "IsVisible": visible,
        "Name": name,
        "Type": "Module",
        "Data": {"module": name.lower()},
    }


async def _add_item(services: Services, event: Event, body: dict[str, object]) -> str:
    item = TypeAdapter(MenuItemIn).validate_python(body)
    item_id = new_id()
    now = services.clock.now()
    async with services.db.session() as session:
        session.add(
            MenuItem(
                id=item_id,
                event_id=event.id,
                position=item.Position,
                index=item.Index,
                is_visible=item.IsVisible,
                type=item.Type,
                document=item_document(item),
                created_at=now,
                updated_at=now,
            )
        )
    return item_id


async def test_public_view_for_attendees_and_admins(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(
        services,
        pano_url="https://tour.example/pano",
        pano_custom_vars={"WebElements": {"logo": {"Type": "image", "Value": "x.png"}}},
    )
    low = await _add_item(services, event, _item("Agenda", 1))
    high = await _add_item(services, event, _item("Chat", 5))
    hidden = await _add_item(services, event, _item("Draft", 3, visible=False))
    attendee = await make_person(services, event=event)
    response = await client.get(
        f"/events/{event.id}/public", headers=bearer(await token_for(services, attendee, event))
    )
    assert response.status_code == 200, response.text
    data = response.json()
    assert [i["ID"] for i in data["Navigation"]] == [high, low]
    assert data["Photobooth"] is None
    assert data["FAQ"] is None
    assert data["PanoURL"] == "https://tour.example/pano"
    assert data["PanoCustomVars"]["WebElements"]["logo"]["Value"] == "x.png"
    assert data["Navigation"][0]["Data"] == {"module": "chat"}
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=event.customer_id)
    as_admin = await client.get(
        f"/events/{event.id}/public", headers=bearer(await token_for(services, admin))
    )
    assert [i["ID"] for i in as_admin.json()["Navigation"]] == [high, hidden, low]


async def test_public_view_refuses_a_token_for_another_event(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    other = await make_event(services)
    attendee = await make_person(services, event=other)
    token = await token_for(services, attendee, other)
    response = await client.get(f"/events/{event.id}/public", headers=bearer(token))
    assert response.status_code == 403
    assert (await client.get(f"/events/{event.id}/public")).status_code == 401


def _request_body(**extra: object) -> dict[str, object]:
    return {
        "Title": "Robotics Expo",
        "DateBeginUTC": "2031-03-01T09:00:00Z",
        "DateEndUTC": "2031-03-02T17:00:00Z",
        "Message": "We expect 500 guests",
        "ContactEMail": "orga@robots.example",
        **extra,
    }


async def test_event_request_is_stored_and_mailed_to_masters_in_their_language(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    german = await make_person(services, "master.de@example.com", language="de")
    english = await make_person(services, "master.en@example.com", language="en")
    for master in (german, english):
        await grant_admin(services, master, AdminType.MASTER)
    requester = await make_person(services, "ask@example.com", first_name="Grace")
    response = await client.post(
        "/events/event-request",
        json=_request_body(),
        headers=bearer(await token_for(services, requester)),
    )
    assert response.status_code == 202, response.text
    request_id = response.json()["RequestID"]
    async with services.db.session() as session:
        stored = await session.get(EventRequest, request_id)
    assert stored is not None
    assert stored.person_id == requester.id
    assert stored.document["Title"] == "Robotics Expo"
    [de_mail] = mailbox.to("master.de@example.com")
    [en_mail] = mailbox.to("master.en@example.com")
    assert de_mail["Subject"] == "Neue Veranstaltungsanfrage: Robotics Expo"
    assert en_mail["Subject"] == "New event request: Robotics Expo"
    text = Mailbox.text(en_mail)
    assert "ask@example.com" in text
    assert "We expect 500 guests" in text
    assert "orga@robots.example" in text
    assert "http://venuely.test" in text


async def test_event_request_refusals(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    requester = await make_person(services)
    headers = bearer(await token_for(services, requester))
    assert (await client.post("/events/event-request", json=_request_body())).status_code == 401
    missing = await client.post(
        "/events/event-request", json={"DateBeginUTC": "2031-03-01T09:00:00Z"}, headers=headers
    )
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    assert set(missing.json()["Error"]["Data"]["Parameters"]) == {"Title", "DateEndUTC"}
    backwards = await client.post(
        "/events/event-request",
        json=_request_body(DateEndUTC="2031-02-01T00:00:00Z"),
        headers=headers,
    )
    assert backwards.status_code == 422
    bad_mail = await client.post(
        "/events/event-request", json=_request_body(ContactEMail="nope"), headers=headers
    )
    assert bad_mail.status_code == 422
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(EventRequest)) == 0
    assert mailbox.messages == []


@pytest.mark.usefixtures("mailbox")
async def test_event_requests_are_rate_limited_per_person(
    client: httpx.AsyncClient, services: Services
) -> None:
    requester = await make_person(services)
    headers = bearer(await token_for(services, requester))
    statuses = [
        (
            await client.post("/events/event-request", json=_request_body(), headers=headers)
        ).status_code
        for _ in range(6)
    ]
    assert statuses == [202] * 5 + [429]
    other = await make_person(services)
    response = await client.post(
        "/events/event-request",
        json=_request_body(),
        headers=bearer(await token_for(services, other)),
    )
    assert response.status_code == 202
