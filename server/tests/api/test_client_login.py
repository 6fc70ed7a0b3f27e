"""`venuely.client` logs in the way the server answers: the reason code decides, not the status."""

from __future__ import annotations

import httpx
import pytest

from tests.apps import app_for
from tests.factories import DEFAULT_PASSWORD, grant_admin, make_event, make_person
from venuely.admins.models import AdminType
from venuely.client import ApiError, VenuelyClient
from venuely.core.ids import NULL_ID
from venuely.core.services import Services


def _client(services: Services) -> VenuelyClient:
    transport = httpx.ASGITransport(app=app_for(services))
    return VenuelyClient("http://venuely.test", transport=transport)


async def test_login_returns_the_token_and_whom_it_names(services: Services) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    async with _client(services) as api:
        login = await api.login(event.id, person.login_email, DEFAULT_PASSWORD)
        assert (login.person_id, login.event_id) == (person.id, event.id)
        # The token works: the server trades it for a socket ticket.
        assert await api.ticket(login.token)


async def test_a_refused_login_raises_with_the_servers_answer(services: Services) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    async with _client(services) as api:
        with pytest.raises(ApiError) as refused:
            await api.login(event.id, person.login_email, DEFAULT_PASSWORD + "-wrong")
    assert refused.value.body["ReasonText"] == "WRONG_CREDENTIALS"


async def test_admin_login_names_no_event_and_refuses_attendees(services: Services) -> None:
    admin, attendee = await make_person(services), await make_person(services)
    await grant_admin(services, admin, AdminType.MASTER)
    async with _client(services) as api:
        login = await api.login_admin(admin.login_email, DEFAULT_PASSWORD)
        assert (login.person_id, login.event_id) == (admin.id, NULL_ID)
        with pytest.raises(ApiError) as refused:
            await api.login_admin(attendee.login_email, DEFAULT_PASSWORD)
    assert refused.value.body["ReasonText"] == "ADMIN_REQUIRED"
