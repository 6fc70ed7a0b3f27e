"""Pano CRUD, previews, versions (delete, usage, panovars) and events pointing at a version."""

from __future__ import annotations

import io

import httpx
from PIL import Image

from tests.api.test_panos_upload import (
    customer_admin,
    image_bytes,
    make_pano,
    tour_zip,
    versions_of,
)
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.panoramas.models import Pano
from venuely.panoramas.service import import_tour


async def _with_version(services: Services, pano: Pano, count: int = 1) -> None:
    async with services.db.session() as session:
        for _ in range(count):
            await import_tour(session, services, pano, tour_zip())


async def test_crud_round_trip(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    headers = await customer_admin(services, customer)
    created = await client.post(
        "/panos",
        headers=headers,
        json={"CustomerID": customer.id, "Name": "Main venue", "Data": {"Floor": 2}},
    )
    assert created.status_code == 201, created.text
    pano = created.json()
    assert pano["Versions"] == []
    assert pano["PreviewURL"] == ""

    got = await client.get(f"/panos/{pano['ID']}", headers=headers)
    assert got.json()["Name"] == "Main venue"
    assert got.json()["Data"] == {"Floor": 2}

    # The whole object read back may be sent again.
    body = got.json() | {"Name": "Renamed", "Description": "Two floors"}
    updated = await client.put(f"/panos/{pano['ID']}", headers=headers, json=body)
    assert updated.status_code == 200, updated.text
    assert updated.json()["Name"] == "Renamed"

    moved = await client.put(
        f"/panos/{pano['ID']}", headers=headers, json={"Name": "x", "CustomerID": new_id()}
    )
    assert moved.status_code == 422

    listed = await client.get("/panos", headers=headers, params={"CustomerID": customer.id})
    assert [p["ID"] for p in listed.json()] == [pano["ID"]]
    mine = await client.get("/panos", headers=headers)
    assert [p["ID"] for p in mine.json()] == [pano["ID"]]

    deleted = await client.delete(f"/panos/{pano['ID']}", headers=headers)
    assert deleted.status_code == 204
    assert (await client.get(f"/panos/{pano['ID']}", headers=headers)).status_code == 404


async def test_permissions(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    other = await make_customer(services, "Other")
    pano = await make_pano(services, customer)
    event = await make_event(services, customer)
    attendee = await make_person(services, event=event)
    attendee_headers = bearer(await token_for(services, attendee, event))
    event_admin = await make_person(services)
    await grant_admin(services, event_admin, AdminType.EVENT, event_id=event.id)
    event_admin_headers = bearer(await token_for(services, event_admin))
    foreign = await customer_admin(services, other)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    master_headers = bearer(await token_for(services, master))

    url = f"/panos/{pano.id}"
    assert (await client.get(url)).status_code == 401
    assert (await client.get(url, headers=attendee_headers)).status_code == 403
    assert (await client.get("/panos", headers=attendee_headers)).status_code == 403
    assert (await client.get(url, headers=foreign)).status_code == 404
    assert (await client.get(url, headers=event_admin_headers)).status_code == 404
    assert (await client.get(url, headers=master_headers)).status_code == 200
    assert (await client.put(url, headers=foreign, json={"Name": "x"})).status_code == 404
    assert (await client.delete(url, headers=foreign)).status_code == 404
    listed = await client.get("/panos", headers=foreign, params={"CustomerID": customer.id})
    assert listed.status_code == 403
    assert (await client.get("/panos", headers=foreign)).json() == []
    created = await client.post(
        "/panos", headers=foreign, json={"CustomerID": customer.id, "Name": "x"}
    )
    assert created.status_code == 403
    missing = await client.post(
        "/panos", headers=master_headers, json={"CustomerID": new_id(), "Name": "x"}
    )
    assert missing.status_code == 404
    async with services.db.session() as session:
        assert await session.get(Pano, pano.id) is not None


async def test_preview_upload_is_reencoded_and_removable(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    headers = await customer_admin(services, customer)
    url = f"/panos/{pano.id}/preview-upload"
    refused = await client.put(
        url, headers=headers, files={"preview": ("x.png", b"<svg/>", "image/png")}
    )
    assert refused.status_code == 415
    response = await client.put(
        url, headers=headers, files={"preview": ("p.png", image_bytes(40, 20, "PNG"), "image/png")}
    )
    assert response.status_code == 200, response.text
    preview = response.json()["PreviewURL"]
    assert preview.startswith("/api/v1/files/")
    files = httpx.AsyncClient(transport=client._transport, base_url="http://venuely.test")
    image = await files.get(preview)
    assert Image.open(io.BytesIO(image.content)).size == (40, 20)
    cleared = await client.delete(url, headers=headers)
    assert cleared.json()["PreviewURL"] == ""


async def test_event_uses_version_then_delete_is_refused(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    await _with_version(services, pano, 2)
    headers = await customer_admin(services, customer)
    event = await make_event(services, customer)

    linked = await client.put(
        f"/events/{event.id}", headers=headers, json={"PanoID": pano.id, "PanoVersion": 2}
    )
    assert linked.status_code == 200, linked.text
    assert linked.json()["PanoURL"] == f"/tours/{pano.id}/2/"
    assert linked.json()["PanoID"] == pano.id
    assert linked.json()["PanoVersion"] == 2

    usage = await client.get(f"/panos/{pano.id}/versions/2/usage", headers=headers)
    assert [u["EventID"] for u in usage.json()] == [event.id]
    assert (await client.get(f"/panos/{pano.id}/versions/1/usage", headers=headers)).json() == []
    by_pano = await client.get(f"/events/pano/{pano.id}/2", headers=headers)
    assert by_pano.status_code == 200
    assert [e["ID"] for e in by_pano.json()] == [event.id]

    conflict = await client.delete(f"/panos/{pano.id}/versions/2", headers=headers)
    assert conflict.status_code == 409
    assert conflict.json()["Error"]["Data"]["EventIDs"] == [event.id]
    assert (await client.delete(f"/panos/{pano.id}", headers=headers)).status_code == 409
    assert (await client.delete(f"/panos/{pano.id}/versions/1", headers=headers)).status_code == 204
    assert [v.version for v in await versions_of(services, pano)] == [2]
    gone = await client.delete(f"/panos/{pano.id}/versions/1", headers=headers)
    assert gone.status_code == 404

    # Pointing the event elsewhere frees the version.
    await client.put(f"/events/{event.id}", headers=headers, json={"PanoURL": ""})
    assert (await client.delete(f"/panos/{pano.id}/versions/2", headers=headers)).status_code == 204


async def test_event_cannot_point_at_missing_or_foreign_versions(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    other = await make_customer(services, "Other")
    foreign_pano = await make_pano(services, other)
    await _with_version(services, foreign_pano)
    pano = await make_pano(services, customer)
    await _with_version(services, pano)
    headers = await customer_admin(services, customer)
    event = await make_event(services, customer)
    url = f"/events/{event.id}"
    cases = [
        ({"PanoID": foreign_pano.id, "PanoVersion": 1}, 404),
        ({"PanoID": pano.id, "PanoVersion": 7}, 404),
        ({"PanoID": pano.id}, 422),
        ({"PanoURL": f"/tours/{foreign_pano.id}/1/"}, 404),
        ({"PanoURL": "/tours/elsewhere/"}, 422),
    ]
    for body, status in cases:
        response = await client.put(url, headers=headers, json=body)
        assert response.status_code == status, (body, response.text)
    async with services.db.session() as session:
        stored = await session.get(Event, event.id)
        assert stored is not None
        assert stored.pano_url == ""
    ok = await client.put(url, headers=headers, json={"PanoURL": f"/tours/{pano.id}/1/"})
    assert ok.json()["PanoVersion"] == 1


async def test_pano_vars_round_trip_and_validation(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    await _with_version(services, pano)
    headers = await customer_admin(services, customer)
    url = f"/panos/{pano.id}/versions/1/panovars"
    body = {"Var_Theme": "dark", "Var_Floors": 2, "Var_Open": True, "Var_Nothing": None}
    saved = await client.put(url, headers=headers, json=body)
    assert saved.status_code == 200, saved.text
    assert saved.json()["PanoVars"] == body
    got = await client.get(f"/panos/{pano.id}", headers=headers)
    assert got.json()["Versions"][0]["PanoVars"] == body
    for bad in (
        {"Theme": "x"},
        {"Var_Nested": {"a": 1}},
        {"Var_Long": "x" * 3000},
        {f"Var_{n}": "v" for n in range(300)},
        ["Var_x"],
    ):
        response = await client.put(url, headers=headers, json=bad)
        assert response.status_code == 422, bad
    missing = await client.put(f"/panos/{pano.id}/versions/9/panovars", headers=headers, json={})
    assert missing.status_code == 404
    got = await client.get(f"/panos/{pano.id}", headers=headers)
    assert got.json()["Versions"][0]["PanoVars"] == body
