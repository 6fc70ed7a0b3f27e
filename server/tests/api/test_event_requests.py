"""Master admins list, approve and reject event requests. Approving creates the event as the
console would and makes the requester its admin; both decisions mail the requester in their
language; a request is decided once, also when two masters decide at the same moment; refusals
write nothing and send nothing."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import func, select

from tests.api.customers_support import customer_admin_headers, master_headers
from tests.conftest import Mailbox
from tests.factories import bearer, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import Admin, AdminType
from venuely.chat.models import BROADCAST, Chatroom
from venuely.core.services import Services
from venuely.events.models import Customer, Event, EventRequest


async def _request(
    client: httpx.AsyncClient, services: Services, requester: Person, title: str = "Robot Fair"
) -> str:
    begin = services.clock.now() + timedelta(days=30)
    response = await client.post(
        "/events/event-request",
        headers=bearer(await token_for(services, requester)),
        json={
            "Title": title,
            "DateBeginUTC": begin.isoformat(),
            "DateEndUTC": (begin + timedelta(days=2)).isoformat(),
            "InternalName": "robots",
            "Description": "Robots, mostly.",
            "TimeZone": "Europe/Berlin",
            "DefaultLanguage": "de",
            "Message": "Please!",
        },
    )
    assert response.status_code == 202, response.text
    return str(response.json()["RequestID"])


async def _counts(services: Services) -> tuple[int, ...]:
    async with services.db.session() as session:
        counts = []
        for model in (Customer, Event, Admin):
            counts.append(int(await session.scalar(select(func.count()).select_from(model)) or 0))
        decided = select(func.count()).where(EventRequest.status != "pending")
        counts.append(int(await session.scalar(decided) or 0))
        return tuple(counts)


async def test_approving_creates_the_event_and_its_admin_and_mails_the_requester(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    customer = await make_customer(services, "Acme")
    requester = await make_person(services, "rita@example.com", first_name="Rita", language="es")
    request_id = await _request(client, services, requester)
    mailbox.messages.clear()

    pending = await client.get("/event-requests", params={"Status": "pending"}, headers=headers)
    assert pending.status_code == 200, pending.text
    [item] = pending.json()
    assert item["ID"] == request_id
    assert (item["Status"], item["Title"], item["Message"], item["InternalName"]) == (
        "pending",
        "Robot Fair",
        "Please!",
        "robots",
    )
    assert (item["RequesterID"], item["RequesterEMail"], item["RequesterName"]) == (
        requester.id,
        "rita@example.com",
        "Rita Lovelace",
    )
    assert (item["DecidedAt"], item["EventID"], item["Reason"]) == (None, None, "")

    approved = await client.post(
        f"/event-requests/{request_id}/approve",
        headers=headers,
        json={"CustomerID": customer.id, "InternalName": "Robot-Fair-2027", "Title": "Robots!"},
    )
    assert approved.status_code == 200, approved.text
    body = approved.json()
    assert body["Status"] == "approved"
    assert body["DecidedAt"] is not None
    assert body["DecidedByID"] is not None
    event_id = body["EventID"]

    async with services.db.session() as session:
        event = await session.get(Event, event_id)
        assert event is not None
        assert (event.customer_id, event.internal_name, event.title) == (
            customer.id,
            "robot-fair-2027",
            "Robots!",
        )
        assert (event.time_zone, event.default_language, event.description) == (
            "Europe/Berlin",
            "de",
            "Robots, mostly.",
        )
        assert event.is_listed is False
        # What every console-created event gets (the events service's creation hooks): the
        # chat's broadcast room.
        broadcast = await session.scalar(
            select(Chatroom.id).where(
                Chatroom.event_id == event_id, Chatroom.internal_name == BROADCAST
            )
        )
        assert broadcast is not None
        grant = await session.scalar(select(Admin).where(Admin.person_id == requester.id))
        assert grant is not None
        assert (grant.admin_type, grant.event_id, grant.customer_id) == (
            AdminType.EVENT.value,
            event_id,
            customer.id,
        )

    [mail] = mailbox.to("rita@example.com")
    assert str(mail["Subject"]) == "Tu evento «Robots!» está listo"
    text = Mailbox.text(mail)
    assert "Hola Rita:" in text
    assert f"{services.settings.public_url}/robot-fair-2027" in text

    # The requester manages their event now.
    rita = bearer(await token_for(services, requester))
    assert (await client.get(f"/events/{event_id}", headers=rita)).status_code == 200
    assert (
        await client.get("/event-requests", params={"Status": "pending"}, headers=headers)
    ).json() == []
    decided = (
        await client.get("/event-requests", params={"Status": "approved"}, headers=headers)
    ).json()
    assert [d["ID"] for d in decided] == [request_id]


async def test_approving_into_a_new_customer(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    requester = await make_person(services)
    request_id = await _request(client, services, requester)
    approved = await client.post(
        f"/event-requests/{request_id}/approve",
        headers=headers,
        json={"NewCustomerName": "Robot Guild", "InternalName": "robots"},
    )
    assert approved.status_code == 200, approved.text
    async with services.db.session() as session:
        event = await session.get(Event, approved.json()["EventID"])
        assert event is not None
        assert event.title == "Robot Fair"
        customer = await session.get(Customer, event.customer_id)
        assert customer is not None
        assert customer.name == "Robot Guild"


async def test_rejecting_mails_the_reason_and_deciding_twice_is_a_conflict(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    customer = await make_customer(services)
    requester = await make_person(services, "otto@example.com", first_name="Otto", language="de")
    request_id = await _request(client, services, requester)
    mailbox.messages.clear()

    rejected = await client.post(
        f"/event-requests/{request_id}/reject",
        headers=headers,
        json={"Reason": "  We only host robot events on weekdays.  "},
    )
    assert rejected.status_code == 200, rejected.text
    assert rejected.json()["Status"] == "rejected"
    assert rejected.json()["Reason"] == "We only host robot events on weekdays."
    [mail] = mailbox.to("otto@example.com")
    assert str(mail["Subject"]) == "Deine Veranstaltungsanfrage „Robot Fair“"
    assert "Die Begründung: We only host robot events on weekdays." in Mailbox.text(mail)
    mailbox.messages.clear()

    before = await _counts(services)
    for path, body in (
        ("reject", {"Reason": "Again"}),
        ("approve", {"CustomerID": customer.id, "InternalName": "robots"}),
    ):
        again = await client.post(
            f"/event-requests/{request_id}/{path}", headers=headers, json=body
        )
        assert again.status_code == 409, again.text
        assert again.json()["Error"]["Code"] == "CONFLICT"
        assert again.json()["Error"]["Data"]["Status"] == "rejected"
    assert await _counts(services) == before
    assert mailbox.messages == []


async def test_two_masters_deciding_at_once_decide_once(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    first, second = await master_headers(services), await master_headers(services)
    customer = await make_customer(services)
    requester = await make_person(services, "both@example.com")
    request_id = await _request(client, services, requester)
    mailbox.messages.clear()

    answers = await asyncio.gather(
        client.post(
            f"/event-requests/{request_id}/approve",
            headers=first,
            json={"CustomerID": customer.id, "InternalName": "robots"},
        ),
        client.post(f"/event-requests/{request_id}/reject", headers=second, json={"Reason": "No."}),
    )
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    winner = next(a for a in answers if a.status_code == 200).json()
    async with services.db.session() as session:
        stored = await session.get(EventRequest, request_id)
        assert stored is not None
        assert stored.status == winner["Status"]
        events = await session.scalar(
            select(func.count()).select_from(Event).where(Event.customer_id == customer.id)
        )
        assert events == (1 if winner["Status"] == "approved" else 0)
    assert len(mailbox.to("both@example.com")) == 1


async def test_bad_decisions_write_nothing_and_send_nothing(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    headers = await master_headers(services)
    customer = await make_customer(services, "Acme")
    await make_event(services, customer, internal_name="taken")
    requester = await make_person(services)
    request_id = await _request(client, services, requester)
    mailbox.messages.clear()
    approve = f"/event-requests/{request_id}/approve"
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        (approve, {"InternalName": "robots"}, 422, "VALIDATION_ERROR"),
        (
            approve,
            {"CustomerID": customer.id, "NewCustomerName": "Both", "InternalName": "robots"},
            422,
            "VALIDATION_ERROR",
        ),
        (approve, {"CustomerID": customer.id}, 422, "MISSING_PARAMETER"),
        (approve, {"CustomerID": customer.id, "InternalName": "a b"}, 422, "VALIDATION_ERROR"),
        (approve, {"CustomerID": customer.id, "InternalName": "manage"}, 422, "VALIDATION_ERROR"),
        (approve, {"CustomerID": "nope", "InternalName": "robots"}, 422, "VALIDATION_ERROR"),
        (
            approve,
            {"CustomerID": customer.id, "InternalName": "robots", "Title": ""},
            422,
            "VALIDATION_ERROR",
        ),
        (
            approve,
            {"CustomerID": "0" * 23 + "1", "InternalName": "robots"},
            404,
            "CUSTOMER_NOT_FOUND",
        ),
        (approve, {"CustomerID": customer.id, "InternalName": "taken"}, 409, "INTERNAL_NAME_TAKEN"),
        # The new customer is checked after the claim: its refusal must undo the claim too.
        (approve, {"NewCustomerName": "acme", "InternalName": "robots"}, 409, "CONFLICT"),
        (f"/event-requests/{request_id}/reject", {"Reason": "   "}, 422, "VALIDATION_ERROR"),
        (f"/event-requests/{request_id}/reject", {}, 422, "MISSING_PARAMETER"),
        (
            f"/event-requests/{request_id}/reject",
            {"Reason": "x" * 2001},
            422,
            "VALIDATION_ERROR",
        ),
        (
            f"/event-requests/{'0' * 23}1/reject",
            {"Reason": "Spam"},
            404,
            "EVENT_REQUEST_NOT_FOUND",
        ),
    ]
    before = await _counts(services)
    for path, body, status, code in cases:
        response = await client.post(path, headers=headers, json=body)
        assert response.status_code == status, (path, body, response.text)
        assert response.json()["Error"]["Code"] == code, (path, body, response.text)
    assert await _counts(services) == before
    assert mailbox.messages == []
    listed = await client.get("/event-requests", params={"Status": "bogus"}, headers=headers)
    assert listed.status_code == 422

    # Only masters decide; a customer admin is refused before anything happens.
    own = await customer_admin_headers(services, customer)
    before = await _counts(services)
    for path, body in (
        (approve, {"CustomerID": customer.id, "InternalName": "robots"}),
        (f"/event-requests/{request_id}/reject", {"Reason": "Mine"}),
    ):
        assert (await client.post(path, headers=own, json=body)).status_code == 403
    assert (await client.get("/event-requests", headers=own)).status_code == 403
    assert await _counts(services) == before
