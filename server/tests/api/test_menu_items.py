"""Menu items: create, update, delete, default page, and the Data each Type accepts."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.factories import bearer, grant_admin, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.ids import NULL_ID
from venuely.core.services import Services
from venuely.events.models import Event, MenuItem

GOOD_DATA: list[tuple[str, dict[str, Any]]] = [
    ("URL", {"mode": "New tab", "src": "https://example.com/page"}),
    ("URL", {"mode": "Over page", "src": "http://example.com"}),
    ("JS Call", {"code": "window.openSomething()"}),
    ("Module", {"module": "agenda"}),
    ("Addon", {"module": "TreasureHunt"}),
    ("Addon", {"module": "Iframe"}),
    ("IFrame", {"url": "https://embed.example/x", "width": 800, "height": "60%"}),
    ("FullscreenIframe", {"slug": "sponsor-wall-2"}),
    ("FullscreenIframe", {"slug": "sponsors", "url": "https://sponsors.example/wall"}),
    ("Panorama", {"id": "node_12", "angle": 90}),
    ("Panorama", {"id": "lobby"}),
    ("VirtualLocation", {"VirtualSpaceMainpanoID": "space1", "angle": "10,0,90", "id": "n1"}),
]

BAD_DATA: list[tuple[str, dict[str, Any]]] = [
    ("URL", {"mode": "New tab", "src": "javascript:alert(1)"}),
    ("URL", {"mode": "Popup", "src": "https://example.com"}),
    ("URL", {"mode": "New tab"}),
    ("JS Call", {"code": ""}),
    ("JS Call", {"code": "x" * 10_001}),
    ("Module", {}),
    ("Addon", {"module": "Casino"}),
    ("IFrame", {"url": "data:text/html,hi", "width": 1, "height": 1}),
    ("IFrame", {"url": "https://ok.example", "width": "wide"}),
    ("FullscreenIframe", {"slug": "Has Caps"}),
    ("FullscreenIframe", {"slug": "../etc"}),
    ("FullscreenIframe", {"slug": "sponsors", "url": "javascript:alert(1)"}),
    ("Panorama", {"angle": 3}),
    ("VirtualLocation", {"id": "n1"}),
    ("Module", {"module": "agenda", "extra": True}),
    ("Teleport", {"where": "moon"}),
]


def item(
    type_: str = "Module", data: dict[str, Any] | None = None, **fields: Any
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "Position": "Top",
        "IsVisible": True,
        "Index": 3,
        "Name": "Agenda",
        "NameDE": "Programm",
        "Names": {"en": "Agenda", "de": "Programm"},
        "SidebarTitles": {"en": "Today"},
        "Type": type_,
        "SidebarType": "Agenda",
        "Data": data if data is not None else {"module": "agenda"},
        "IsSidebar": True,
    }
    body.update(fields)
    return body


async def admin_headers(services: Services, event: Event) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(
        services, admin, AdminType.EVENT, event_id=event.id, customer_id=event.customer_id
    )
    return bearer(await token_for(services, admin))


async def item_count(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(MenuItem)) or 0)


@pytest.mark.parametrize(("type_", "data"), GOOD_DATA)
async def test_each_type_accepts_its_data(
    client: httpx.AsyncClient, services: Services, type_: str, data: dict[str, Any]
) -> None:
    event = await make_event(services)
    response = await client.post(
        f"/events/{event.id}/menu",
        json=item(type_, data),
        headers=await admin_headers(services, event),
    )
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["Type"] == type_
    for key, value in data.items():
        assert created["Data"][key] == value


@pytest.mark.parametrize(("type_", "data"), BAD_DATA)
async def test_each_type_refuses_bad_data(
    client: httpx.AsyncClient, services: Services, type_: str, data: dict[str, Any]
) -> None:
    event = await make_event(services)
    response = await client.post(
        f"/events/{event.id}/menu",
        json=item(type_, data),
        headers=await admin_headers(services, event),
    )
    assert response.status_code == 422, response.text
    assert response.json()["Error"]["Code"] in {"VALIDATION_ERROR", "MISSING_PARAMETER"}
    assert await item_count(services) == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"Position": "Left"},
        {"SidebarType": "Casino"},
        {"Index": "first"},
        {"Names": {"pt": "Agenda"}},
        {"VirtualSpaceID": "xyz"},
        {"Name": "n" * 201},
        {"Color": "red"},
    ],
)
async def test_common_fields_are_validated(
    client: httpx.AsyncClient, services: Services, fields: dict[str, Any]
) -> None:
    event = await make_event(services)
    response = await client.post(
        f"/events/{event.id}/menu",
        json=item(**fields),
        headers=await admin_headers(services, event),
    )
    assert response.status_code == 422, response.text
    assert await item_count(services) == 0


async def test_missing_position_names_the_parameter(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    body = item()
    del body["Position"]
    response = await client.post(
        f"/events/{event.id}/menu", json=body, headers=await admin_headers(services, event)
    )
    assert response.status_code == 422
    error = response.json()["Error"]
    assert error["Code"] == "MISSING_PARAMETER"
    assert error["Data"]["Operation"] == "create_menu_item"
    assert error["Data"]["Parameters"] == ["Module.Position"]


async def test_create_returns_the_full_item_with_defaults(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    response = await client.post(
        f"/events/{event.id}/menu",
        json={"Position": "Bottom", "Type": "Addon", "Data": {"module": "Polls"}},
        headers=await admin_headers(services, event),
    )
    assert response.status_code == 201
    created = response.json()
    assert created == {
        "ID": created["ID"],
        "Position": "Bottom",
        "IsVisible": True,
        "Index": 0,
        "Name": "",
        "NameDE": "",
        "Names": {"en": "", "de": "", "es": "", "fr": "", "it": ""},
        "SidebarTitles": {"en": "", "de": "", "es": "", "fr": "", "it": ""},
        "Type": "Addon",
        "SidebarType": None,
        "Data": {"module": "Polls"},
        "VirtualSpaceID": NULL_ID,
        "IsSidebar": False,
    }


async def test_update_replaces_the_item(client: httpx.AsyncClient, services: Services) -> None:
    event = await make_event(services)
    headers = await admin_headers(services, event)
    created = (await client.post(f"/events/{event.id}/menu", json=item(), headers=headers)).json()
    body = item("URL", {"mode": "Same tab", "src": "https://x.example"}, Index=9, IsVisible=False)
    body["ID"] = created["ID"]
    response = await client.put(
        f"/events/{event.id}/menu/{created['ID']}", json=body, headers=headers
    )
    assert response.status_code == 200, response.text
    assert response.json()["Type"] == "URL"
    assert response.json()["Index"] == 9
    public = await client.get(f"/events/{event.id}/public", headers=headers)
    assert public.json()["Navigation"] == [response.json()]
    wrong_id = body | {"ID": "f" * 24}
    mismatch = await client.put(
        f"/events/{event.id}/menu/{created['ID']}", json=wrong_id, headers=headers
    )
    assert mismatch.status_code == 422
    bad = await client.put(
        f"/events/{event.id}/menu/{created['ID']}",
        json=item("URL", {"mode": "Same tab", "src": "file:///etc/passwd"}),
        headers=headers,
    )
    assert bad.status_code == 422
    after = await client.get(f"/events/{event.id}/public", headers=headers)
    assert after.json()["Navigation"][0]["Data"]["src"] == "https://x.example"


async def test_items_of_another_event_are_not_found(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    other = await make_event(services, await _customer_of(services, event))
    headers = await _customer_admin(services, event)
    foreign = (await client.post(f"/events/{other.id}/menu", json=item(), headers=headers)).json()
    path = f"/events/{event.id}/menu/{foreign['ID']}"
    for response in (
        await client.put(path, json=item(), headers=headers),
        await client.delete(path, headers=headers),
        await client.put(
            f"/events/{event.id}/menu/default", json={"ID": foreign["ID"]}, headers=headers
        ),
    ):
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "MENU_ITEM_NOT_FOUND"
    assert await item_count(services) == 1
    unknown = await client.delete(f"/events/{event.id}/menu/{'9' * 24}", headers=headers)
    assert unknown.status_code == 404
    bad = await client.delete(f"/events/{event.id}/menu/nope", headers=headers)
    assert bad.status_code == 422


async def _customer_of(services: Services, event: Event) -> Any:
    from venuely.events.models import Customer

    async with services.db.session() as session:
        return await session.get(Customer, event.customer_id)


async def _customer_admin(services: Services, event: Event) -> dict[str, str]:
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.CUSTOMER, customer_id=event.customer_id)
    return bearer(await token_for(services, admin))


async def test_default_page_set_clear_and_reset_on_delete(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    headers = await admin_headers(services, event)
    created = (await client.post(f"/events/{event.id}/menu", json=item(), headers=headers)).json()
    set_default = await client.put(
        f"/events/{event.id}/menu/default", json=created, headers=headers
    )
    assert set_default.status_code == 200, set_default.text
    assert set_default.json()["DefaultPage"] == created["ID"]
    public = await client.get(f"/events/{event.id}/public", headers=headers)
    assert public.json()["DefaultPage"] == created["ID"]
    cleared = await client.put(
        f"/events/{event.id}/menu/default", json={"ID": NULL_ID}, headers=headers
    )
    assert cleared.json()["DefaultPage"] == NULL_ID
    await client.put(
        f"/events/{event.id}/menu/default", json={"ID": created["ID"]}, headers=headers
    )
    deleted = await client.delete(f"/events/{event.id}/menu/{created['ID']}", headers=headers)
    assert deleted.status_code == 204
    after = await client.get(f"/events/{event.id}", headers=headers)
    assert after.json()["DefaultPage"] == NULL_ID
    assert await item_count(services) == 0
    missing = await client.put(f"/events/{event.id}/menu/default", json={}, headers=headers)
    assert missing.status_code == 422
    assert missing.json()["Error"]["Code"] == "MISSING_PARAMETER"


async def test_menu_writes_need_event_admin_rights(
    client: httpx.AsyncClient, services: Services
) -> None:
    event = await make_event(services)
    attendee = await make_person(services, event=event)
    headers = bearer(await token_for(services, attendee, event))
    response = await client.post(f"/events/{event.id}/menu", json=item(), headers=headers)
    assert response.status_code == 403
    assert (await client.post(f"/events/{event.id}/menu", json=item())).status_code == 401
    assert await item_count(services) == 0
