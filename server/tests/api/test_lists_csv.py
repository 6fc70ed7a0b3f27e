"""speakerscsv and vfilescsv: real CSV that survives a round trip through the csv module."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

import httpx

from tests.api.activities_support import build_world, create, iso, session_body
from venuely.core.services import Services


def _parse(response: httpx.Response) -> list[list[str]]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"].startswith("attachment; filename=")
    assert response.content.startswith(b"\xef\xbb\xbf")  # BOM for spreadsheet apps
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline="")))


async def test_speakers_csv_round_trips_awkward_text(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    now = services.clock.now()
    tricky = await create(
        client,
        world,
        "Speaker",
        {
            "FirstName": 'Zoë "Z"',
            "LastName": "O'Brien, PhD",
            "Company": '=HYPERLINK("http://evil")',
            "Biography": 'Line one,\nline two; with "quotes"\r\nand 李小龍',
        },
    )
    plain = await create(client, world, "Speaker", {"FirstName": "Łukasz", "LastName": "Ñandú"})
    for name, hours in (("Panel, part 2", 3), ("Opening", 1)):
        talk = await create(
            client,
            world,
            "Session",
            session_body(
                now,
                InternalName=name.lower().replace(" ", "-"),
                Title=name,
                DateBegin=iso(now + timedelta(hours=hours)),
                DateEnd=iso(now + timedelta(hours=hours + 1)),
            ),
        )
        response = await client.post(
            "/relations",
            json={
                "EventID": world.event_a.id,
                "ParentType": "Session",
                "ParentID": talk["ID"],
                "RelationType": "Speaker",
                "ChildType": "Speaker",
                "ChildID": tricky["ID"],
            },
            headers=world.h("admin_a"),
        )
        assert response.status_code == 201
    rows = _parse(
        await client.get(
            f"/events/{world.event_a.id}/lists/speakerscsv", headers=world.h("admin_a")
        )
    )
    assert rows[0][:4] == ["ID", "FullName", "FirstName", "LastName"]
    by_id = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    assert list(by_id) == [plain["ID"], tricky["ID"]]  # by last name: Ñandú before O'Brien
    row = by_id[tricky["ID"]]
    assert row["FullName"] == 'Zoë "Z" O\'Brien, PhD'
    assert row["Biography"] == 'Line one,\nline two; with "quotes"\r\nand 李小龍'
    # A formula would run in a spreadsheet: it is defused with a leading apostrophe.
    assert row["Company"] == '\'=HYPERLINK("http://evil")'
    assert row["Sessions"] == "Opening; Panel, part 2"
    assert by_id[plain["ID"]]["FullName"] == "Łukasz Ñandú"


async def test_csv_exports_are_for_admins(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    base = f"/events/{world.event_a.id}/lists"
    for path in ("/speakerscsv", "/vfilescsv?EntityType=Person"):
        assert (await client.get(base + path)).status_code == 401
        assert (await client.get(base + path, headers=world.h("attendee_a"))).status_code == 403
        foreign = await client.get(base + path, headers=world.h("admin_b"))
        assert foreign.status_code == 403


async def test_vfiles_csv_has_its_header(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    url = f"/events/{world.event_a.id}/lists/vfilescsv"
    rows = _parse(
        await client.get(url, params={"EntityType": "Person"}, headers=world.h("admin_a"))
    )
    assert rows == [
        [
            "ID",
            "EntityType",
            "EntityID",
            "FileName",
            "MimeType",
            "FileBytes",
            "IsDisabled",
            "URL",
            "CreatedAt",
        ]
    ]
    missing = await client.get(url, headers=world.h("admin_a"))
    assert missing.json()["Error"]["Data"]["Parameters"] == ["EntityType"]
    bad = await client.get(url, params={"EntityType": "a/b"}, headers=world.h("admin_a"))
    assert bad.status_code == 422
