"""Listing an event runs the pre-publish check: error findings refuse it with 409
PREPUBLISH_FAILED and change nothing; warnings do not block."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import func, select

from tests.api.prepublish_support import EmbedSite, Organizer, clean_organizer, embed_client
from tests.factories import bearer, grant_admin, make_customer, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event, WhitelistEntry


async def stored(services: Services, organizer: Organizer) -> tuple[Event, list[str]]:
    async with services.db.session() as session:
        event = await session.get(Event, organizer.event.id)
        entries = await session.scalars(
            select(WhitelistEntry.entry).where(WhitelistEntry.event_id == organizer.event.id)
        )
        assert event is not None
        return event, list(entries.all())


def refusal(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 409, response.text
    error: dict[str, Any] = response.json()["Error"]
    assert error["Code"] == "PREPUBLISH_FAILED"
    return error


async def test_listing_an_event_with_errors_is_refused_and_changes_nothing(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    # The request itself would create the error: it is checked as the request leaves the event.
    response = await organizer.put_event(
        IsListed=True,
        IsRestricted=True,
        EmailWhitelist=[],
        Title="Renamed",
        PanoEventVars={"Var_Stage": "open"},
    )
    error = refusal(response)
    assert error["Data"]["Codes"] == ["WHITELIST_EMPTY_RESTRICTED"]
    assert [f["Code"] for f in error["Data"]["Findings"]] == ["WHITELIST_EMPTY_RESTRICTED"]
    assert error["Data"]["Findings"][0]["Fix"]["Screen"] == "access"
    event, entries = await stored(services, organizer)
    assert (event.is_listed, event.is_restricted, event.title) == (False, False, "Test Event")
    assert event.pano_event_vars == {}
    assert entries == ["example.com"]
    upcoming = await client.get("/events/upcoming")
    assert organizer.event.id not in [e["EventID"] for e in upcoming.json()]


async def test_warnings_do_not_block_listing(client: httpx.AsyncClient, services: Services) -> None:
    organizer = await clean_organizer(client, services)
    await organizer.add_item(Type="Module", Data={"module": "casino"})  # a warning
    response = await organizer.put_event(IsListed=True)
    assert response.status_code == 200, response.text
    assert response.json()["IsListed"] is True
    upcoming = await client.get("/events/upcoming")
    assert organizer.event.id in [e["EventID"] for e in upcoming.json()]


async def test_only_turning_listing_on_runs_the_check(
    client: httpx.AsyncClient, services: Services
) -> None:
    organizer = await clean_organizer(client, services)
    assert (await organizer.put_event(IsListed=True)).status_code == 200
    # Already listed: later edits are not blocked by findings (the check still reports them).
    response = await organizer.put_event(IsListed=True, IsRestricted=True, EmailWhitelist=[])
    assert response.status_code == 200, response.text
    assert (await organizer.put_event(IsListed=False)).status_code == 200
    refusal(await organizer.put_event(IsListed=True))


async def test_an_embed_refusing_to_be_framed_blocks_listing(services: Services) -> None:
    with EmbedSite() as site:
        site.page("/page", {"X-Frame-Options": "SAMEORIGIN"})
        async with embed_client(services, site) as client:
            organizer = await clean_organizer(client, services)
            await organizer.add_item(Type="IFrame", Data={"url": site.https("/page")})
            error = refusal(await organizer.put_event(IsListed=True))
    assert error["Data"]["Codes"] == ["EMBED_FRAMING_REFUSED"]
    event, _ = await stored(services, organizer)
    assert event.is_listed is False


async def test_creating_a_listed_event_runs_the_check(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=customer.id)
    headers = bearer(await token_for(services, admin))
    body = {
        "Title": "Gala",
        "InternalName": "gala-2030",
        "DateBeginUTC": "2030-06-01T08:00:00Z",
        "DateEndUTC": "2030-06-01T12:00:00Z",
        "IsListed": True,
    }
    url = f"/customers/{customer.id}/events"
    error = refusal(await client.post(url, json={**body, "IsRestricted": True}, headers=headers))
    assert error["Data"]["Codes"] == ["WHITELIST_EMPTY_RESTRICTED"]
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(Event)) == 0
    # Without errors (a new event only has warnings and infos) it is created listed.
    created = await client.post(url, json=body, headers=headers)
    assert created.status_code == 201, created.text
    assert created.json()["IsListed"] is True
