"""A disabled customer's events are closed to attendees: password login, registration, realtime
tickets and every member call (REST and the socket commands' batched check) answer
CUSTOMER_DISABLED (403); the events' admins and masters still pass, to look and fix. Enabling
the customer again restores everything."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import update

from tests.api.accounts_support import STRONG_PASSWORD
from tests.factories import (
    DEFAULT_PASSWORD,
    bearer,
    grant_admin,
    make_customer,
    make_event,
    make_person,
    token_for,
)
from venuely.accounts.permissions import (
    EventCaller,
    check_command_callers,
    check_event_member_by_id,
)
from venuely.accounts.socket import session_principal
from venuely.accounts.tokens import issue_token
from venuely.admins.models import AdminType
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.security import decode_jwt
from venuely.core.services import Services
from venuely.customers.status import DISABLED_MESSAGE, check_customer_active
from venuely.events.models import Customer, Event


async def _set_disabled(services: Services, customer_id: str, value: bool) -> None:
    async with services.db.session() as session:
        await session.execute(
            update(Customer).where(Customer.id == customer_id).values(is_disabled=value)
        )


def _refused(response: httpx.Response, customer_id: str) -> None:
    assert response.status_code == 403, response.text
    assert response.json()["Error"] == {
        "Code": "CUSTOMER_DISABLED",
        "Message": DISABLED_MESSAGE,
        "Data": {"CustomerID": customer_id},
    }


async def _login(client: httpx.AsyncClient, event: Event, email: str) -> httpx.Response:
    return await client.post(
        f"/login?EventID={event.id}", json={"LoginEMail": email, "Password": DEFAULT_PASSWORD}
    )


async def test_attendees_are_refused_everywhere_while_organizers_pass(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    attendee = await make_person(services, "ada@example.com", event=event)
    attendee_token = await token_for(services, attendee, event)
    organizer = await make_person(services, "org@example.com")
    await grant_admin(services, organizer, AdminType.EVENT, event_id=event.id)
    master = await make_person(services, "boss@example.com")
    await grant_admin(services, master, AdminType.MASTER)
    await _set_disabled(services, customer.id, True)

    _refused(await _login(client, event, "ada@example.com"), customer.id)
    registration = await client.post(
        f"/registernewaccount?EventID={event.id}",
        json={
            "FirstName": "Grace",
            "LastName": "Hopper",
            "LoginEMail": "grace@example.com",
            "Password": STRONG_PASSWORD,
        },
    )
    _refused(registration, customer.id)
    _refused(
        await client.post("/amvproto/authenticate", headers=bearer(attendee_token)), customer.id
    )
    _refused(
        await client.get(f"/events/{event.id}/public", headers=bearer(attendee_token)), customer.id
    )

    # A wrong password says nothing about the event: the password is checked first.
    wrong = await client.post(
        f"/login?EventID={event.id}", json={"LoginEMail": "ada@example.com", "Password": "nope"}
    )
    assert wrong.json()["ReasonText"] == "WRONG_CREDENTIALS"

    for email in ("org@example.com", "boss@example.com"):
        login = await _login(client, event, email)
        assert login.json()["ReasonText"] == "LOGIN_OK", login.text
        token = login.json()["Token"]
        assert (
            await client.get(f"/events/{event.id}/public", headers=bearer(token))
        ).status_code == 200
        ticket = await client.post("/amvproto/authenticate", headers=bearer(token))
        assert ticket.status_code == 200, ticket.text

    await _set_disabled(services, customer.id, False)
    assert (await _login(client, event, "ada@example.com")).json()["ReasonText"] == "LOGIN_OK"
    assert (
        await client.post("/amvproto/authenticate", headers=bearer(attendee_token))
    ).status_code == 200


async def test_socket_checks_refuse_attendees_and_pass_organizers(services: Services) -> None:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    other = await make_event(services)  # another customer's, not disabled
    attendee = await make_person(services, event=event)
    elsewhere = await make_person(services, event=other)
    organizer = await make_person(services)
    await grant_admin(services, organizer, AdminType.CUSTOMER, customer_id=customer.id)
    previewer = await make_person(services)
    await grant_admin(services, previewer, AdminType.EVENT, event_id=event.id)

    def jti(token: str) -> str:
        return str(decode_jwt(token, services.settings.secret_key, services.clock.now())["jti"])

    attendee_session = jti(await token_for(services, attendee, event))
    organizer_session = jti(await token_for(services, organizer, event))
    elsewhere_session = jti(await token_for(services, elsewhere, other))
    async with services.db.session() as session:
        preview_session = jti(
            await issue_token(session, services, previewer, event.id, preview=True)
        )
    await _set_disabled(services, customer.id, True)

    async with services.db.session() as session:
        verdicts = await check_command_callers(
            session, services, event.id, [attendee_session, organizer_session, preview_session]
        )
        refusal = verdicts[attendee_session]
        assert isinstance(refusal, ApiError)
        assert refusal.code is ErrorCode.CUSTOMER_DISABLED
        assert verdicts[organizer_session] == EventCaller(organizer.id, is_admin=True)
        assert verdicts[preview_session] == EventCaller(previewer.id, is_admin=False)
        other_verdicts = await check_command_callers(
            session, services, other.id, [elsewhere_session]
        )
        assert other_verdicts[elsewhere_session] == EventCaller(elsewhere.id, is_admin=False)

        # The handshake's check, which the ticket call shares.
        principal = await session_principal(session, services, attendee_session)
        with pytest.raises(ApiError) as refused:
            await check_event_member_by_id(session, principal, event.id)
        assert refused.value.code is ErrorCode.CUSTOMER_DISABLED
        organizer_principal = await session_principal(session, services, organizer_session)
        assert await check_event_member_by_id(session, organizer_principal, event.id) is True


async def test_check_customer_active_is_the_one_helper(services: Services) -> None:
    customer = await make_customer(services)
    async with services.db.session() as session:
        await check_customer_active(session, customer.id)
    await _set_disabled(services, customer.id, True)
    with pytest.raises(ApiError) as refused:
        async with services.db.session() as session:
            await check_customer_active(session, customer.id)
    assert refused.value.status == 403
    assert refused.value.envelope()["Error"]["Data"] == {"CustomerID": customer.id}


async def test_public_listings_leave_out_a_disabled_customers_events(
    client: httpx.AsyncClient, services: Services
) -> None:
    shown_customer = await make_customer(services)
    hidden_customer = await make_customer(services, "Hidden")
    shown = await make_event(services, shown_customer, is_listed=True)
    hidden = await make_event(services, hidden_customer, is_listed=True)
    await _set_disabled(services, hidden_customer.id, True)
    for path in ("/events/getallevents/metadata", "/events/upcoming"):
        response = await client.get(path)
        assert response.status_code == 200, response.text
        ids = {item["EventID"] for item in response.json()}
        assert shown.id in ids, path
        assert hidden.id not in ids, path
    await _set_disabled(services, hidden_customer.id, False)
    response = await client.get("/events/getallevents/metadata")
    assert hidden.id in {item["EventID"] for item in response.json()}
