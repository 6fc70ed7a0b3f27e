"""The email whitelist: who sees it, how it is replaced, and how domains match."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import select

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import Event, WhitelistEntry


async def _admin_headers(services: Services, event: Event) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(
        services, admin, AdminType.EVENT, event_id=event.id, customer_id=event.customer_id
    )
    return bearer(await token_for(services, admin))


async def _attendee_headers(services: Services, event: Event, email: str) -> dict[str, str]:
    person = await make_person(services, email, event=event)
    return bearer(await token_for(services, person, event))


async def _entries(services: Services, event: Event) -> list[str]:
    async with services.db.session() as session:
        rows = await session.scalars(
            select(WhitelistEntry.entry)
            .where(WhitelistEntry.event_id == event.id)
            .order_by(WhitelistEntry.entry)
        )
        return list(rows.all())


async def test_attendee_learns_only_that_they_are_allowed(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, whitelist=["example.com"])
    headers = await _attendee_headers(services, event, "ada@example.com")
    response = await client.get(f"/events/{event.id}/email-whitelist", headers=headers)
    assert response.status_code == 200
    assert response.json() == {"IsAllowed": True}


async def test_admin_sees_the_entries(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services, whitelist=["example.com", "guest@other.org"])
    response = await client.get(
        f"/events/{event.id}/email-whitelist", headers=await _admin_headers(services, event)
    )
    assert response.json() == {"IsAllowed": True, "Entries": ["example.com", "guest@other.org"]}


@pytest.mark.parametrize(
    ("entries", "email", "allowed"),
    [
        (["example.com"], "ada@example.com", True),
        (["example.com"], "Ada@EXAMPLE.com", True),
        (["example.com"], "ada@evil-example.com", False),
        (["example.com"], "ada@sub.example.com", False),
        (["example.com"], "ada@example.com.evil.org", False),
        (["ada@example.com"], "ada@example.com", True),
        (["ada@example.com"], "bob@example.com", False),
        ([], "anyone@anywhere.org", True),
    ],
)
async def test_whitelist_matching(
    client: httpx.AsyncClient, services: Services, entries: list[str], email: str, allowed: bool
) -> None:
    event = await make_event(services, whitelist=entries)
    headers = await _attendee_headers(services, event, email)
    response = await client.get(f"/events/{event.id}/email-whitelist", headers=headers)
    if allowed:
        assert response.status_code == 200
    else:
        assert response.status_code == 401
        assert response.json()["Error"]["Code"] == "NOT_WHITELISTED"


async def test_admin_replaces_the_list_normalized(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services, whitelist=["old.example"])
    response = await client.put(
        f"/events/{event.id}/email-whitelist",
        json={"Entries": ["@Example.COM", " Guest@Other.org ", "example.com", "xn--bcher-kva.ch"]},
        headers=await _admin_headers(services, event),
    )
    assert response.status_code == 200, response.text
    expected = ["example.com", "guest@other.org", "xn--bcher-kva.ch"]
    assert response.json() == {"IsAllowed": True, "Entries": expected}
    assert await _entries(services, event) == expected


async def test_removal_from_the_list_locks_an_attendee_out_at_once(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    attendee = await _attendee_headers(services, event, "ada@example.com")
    path = f"/events/{event.id}/email-whitelist"
    assert (await client.get(path, headers=attendee)).status_code == 200
    admin = await _admin_headers(services, event)
    await client.put(path, json={"Entries": ["other.org"]}, headers=admin)
    assert (await client.get(path, headers=attendee)).status_code == 401
    assert (await client.get(f"/events/{event.id}/public", headers=attendee)).status_code == 401
    await client.put(path, json={"Entries": []}, headers=admin)
    assert (await client.get(path, headers=attendee)).status_code == 200


@pytest.mark.parametrize(
    "entry",
    [
        "",
        "not a domain",
        "example",
        "@",
        "a@@example.com",
        "ada@",
        "-bad.com",
        "exa_mple.com",
        "x" * 330,
    ],
)
async def test_bad_entries_are_refused_and_nothing_changes(
    client: httpx.AsyncClient, services: Services, entry: str
) -> None:
    event = await make_event(services, whitelist=["keep.example"])
    response = await client.put(
        f"/events/{event.id}/email-whitelist",
        json={"Entries": ["fine.example", entry]},
        headers=await _admin_headers(services, event),
    )
    assert response.status_code == 422, response.text
    assert response.json()["Error"]["Data"]["Problems"][0]["Name"] == "Entries.1"
    assert await _entries(services, event) == ["keep.example"]


async def test_replacing_needs_event_admin_rights(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    attendee = await _attendee_headers(services, event, "ada@example.com")
    response = await client.put(
        f"/events/{event.id}/email-whitelist", json={"Entries": ["x.org"]}, headers=attendee
    )
    assert response.status_code == 403
    other_event = await make_event(services)
    other_admin = await _admin_headers(services, other_event)
    response = await client.put(
        f"/events/{event.id}/email-whitelist", json={"Entries": ["x.org"]}, headers=other_admin
    )
    assert response.status_code == 403
    missing = await client.put(
        f"/events/{event.id}/email-whitelist",
        json={},
        headers=await _admin_headers(services, event),
    )
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"
    assert await _entries(services, event) == []
