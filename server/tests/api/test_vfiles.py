"""Vfiles: CRUD and who may do what, content upload checks (nothing stored on refusal),
download headers, thumbnails, person pictures (multipart and from a URL), pano variable cleanup
and the vfiles CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import httpx
from PIL import Image
from sqlalchemy import update

from tests.api.proxy_support import (
    Site,
    World,
    allow_public_stand_in,
    app_client,
    build_world,
    outbound_for,
)
from tests.api.upload_support import HTML_AS_PNG, SVG, image_bytes
from venuely.accounts.models import Person
from venuely.core.services import Services
from venuely.events.models import Event

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
MP4 = b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2" + b"\x00" * 64


def base(world: World) -> str:
    return f"/events/{world.event.id}/vfiles"


async def create(
    client: httpx.AsyncClient, world: World, who: str = "admin", **fields: Any
) -> dict[str, Any]:
    body = {"EntityType": "Session", "EntityID": "s1", "Title": "Slides", **fields}
    response = await client.post(base(world), json=body, headers=world.h(who))
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def upload(
    client: httpx.AsyncClient,
    world: World,
    vfile_id: str,
    data: bytes,
    mime: str,
    who: str = "admin",
    declared: int | None = None,
) -> httpx.Response:
    return await client.put(
        f"{base(world)}/{vfile_id}/uploadcontent",
        params={
            "FileName": 'talk "final".pdf',
            "MimeType": mime,
            "FileBytes": len(data) if declared is None else declared,
            "FileTimeAsInt": 1_700_000_000_000,
        },
        content=data,
        headers=world.h(who),
    )


def stored_blobs(services: Services) -> list[Path]:
    root = services.settings.files_dir
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


async def test_admin_crud_and_what_attendees_see(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    video = await create(
        client,
        world,
        FileType="URL",
        FileUploadType="Youtube",
        URL="https://www.youtube.com/watch?v=abc",
        Values={"Order": 1},
    )
    assert video["FileUploadType"] == "Youtube"
    assert video["HasContent"] is False
    slides = await create(client, world, IsDisabled=True)
    assert slides["FileType"] == "File"
    assert slides["FileUploadType"] == "S3"

    seen = await client.get(base(world), headers=world.h("att_a"))
    assert [v["ID"] for v in seen.json()] == [video["ID"]]
    assert (await client.get(f"{base(world)}/count", headers=world.h("att_a"))).json() == {
        "Count": 1
    }
    hidden = await client.get(f"{base(world)}/{slides['ID']}", headers=world.h("att_a"))
    assert hidden.status_code == 404
    assert hidden.json()["Error"]["Code"] == "VFILE_NOT_FOUND"
    admin_list = await client.get(
        base(world), params={"IsDisabled": "true"}, headers=world.h("admin")
    )
    assert [v["ID"] for v in admin_list.json()] == [slides["ID"]]
    page = await client.get(
        base(world), params={"StartID": video["ID"], "MaxCount": 1}, headers=world.h("admin")
    )
    assert [v["ID"] for v in page.json()] == [slides["ID"]]

    changed = await client.put(
        f"{base(world)}/{slides['ID']}",
        json={**slides, "Title": "Slides v2", "IsDisabled": False},
        headers=world.h("admin"),
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["Title"] == "Slides v2"
    assert (await client.get(f"{base(world)}/count", headers=world.h("att_b"))).json() == {
        "Count": 2
    }
    deleted = await client.delete(f"{base(world)}/{video['ID']}", headers=world.h("admin"))
    assert deleted.status_code == 204
    assert (
        await client.get(f"{base(world)}/{video['ID']}", headers=world.h("admin"))
    ).status_code == 404


async def test_field_rules(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    for body in (
        {"EntityType": "Session", "EntityID": "s1", "FileType": "URL"},  # no URL
        {"EntityType": "Session", "EntityID": "s1", "FileType": "URL", "URL": "javascript:x"},
        {"EntityType": "Session", "EntityID": "s1", "URL": "https://example.org/x"},  # File
        {"EntityType": "Session", "EntityID": "s1", "FileType": "Disk"},
        {"EntityType": "Session", "EntityID": "s1", "Unknown": 1},
        {"EntityID": "s1"},
    ):
        response = await client.post(base(world), json=body, headers=world.h("admin"))
        assert response.status_code == 422, body
    assert (await client.get(base(world), headers=world.h("admin"))).json() == []


async def test_permissions(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    admin_file = await create(client, world)
    mine = await create(
        client, world, "att_a", EntityType="Person", EntityID=world.ids["att_a"], IsDisabled=True
    )
    assert mine["PersonID"] == world.ids["att_a"]
    # The author sees their own disabled vfile; others do not.
    one = f"{base(world)}/{mine['ID']}"
    assert (await client.get(one, headers=world.h("att_a"))).status_code == 200
    assert (await client.get(one, headers=world.h("att_b"))).status_code == 404

    for body in (
        {"EntityType": "Person", "EntityID": world.ids["att_b"]},
        {"EntityType": "Session", "EntityID": "s1"},
        {"EntityType": "WallOfFame", "EntityID": "0" * 24},
    ):
        refused = await client.post(base(world), json=body, headers=world.h("att_a"))
        assert refused.status_code == 403, body
    other = f"{base(world)}/{admin_file['ID']}"
    body = {"EntityType": "Session", "EntityID": "s1", "Title": "hijack"}
    assert (await client.put(other, json=body, headers=world.h("att_a"))).status_code == 403
    assert (await client.delete(other, headers=world.h("att_a"))).status_code == 403
    assert (
        await upload(client, world, admin_file["ID"], PDF, "application/pdf", "att_a")
    ).status_code == 403
    assert (await client.get(base(world))).status_code == 401
    for who in ("outsider", "foreign_admin"):
        assert (await client.get(base(world), headers=world.h(who))).status_code == 403
        assert (await client.get(other, headers=world.h(who))).status_code == 403
    assert (await client.delete(f"{other}/panovars", headers=world.h("att_a"))).status_code == 403
    unchanged = await client.get(other, headers=world.h("admin"))
    assert unchanged.json()["Title"] == "Slides"
    # The author may change and remove their own.
    edited = await client.put(
        one,
        json={"EntityType": "Person", "EntityID": world.ids["att_a"], "Title": "Me"},
        headers=world.h("att_a"),
    )
    assert edited.status_code == 200
    assert edited.json()["Title"] == "Me"
    assert (await client.delete(one, headers=world.h("att_a"))).status_code == 204


async def test_upload_content_and_download_headers(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    vfile = await create(client, world)
    uploaded = await upload(client, world, vfile["ID"], PDF, "application/pdf")
    assert uploaded.status_code == 200, uploaded.text
    out = uploaded.json()
    assert out["HasContent"] is True
    assert (out["MimeType"], out["FileBytes"], out["FileTimeAsInt"]) == (
        "application/pdf",
        len(PDF),
        1_700_000_000_000,
    )
    assert out["FileName"] == "talk _final_.pdf"

    download = await client.get(f"{base(world)}/{vfile['ID']}/file", headers=world.h("att_b"))
    assert download.status_code == 200
    assert download.content == PDF
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["x-content-type-options"] == "nosniff"
    assert download.headers["content-disposition"] == 'attachment; filename="talk _final_.pdf"'
    assert (await client.get(f"{base(world)}/{vfile['ID']}/file")).status_code == 401

    video = await create(client, world, Title="Clip")
    assert (await upload(client, world, video["ID"], MP4, "video/mp4")).status_code == 200
    image = await create(client, world, Title="Photo")
    png = image_bytes("PNG", (40, 30))
    assert (await upload(client, world, image["ID"], png, "image/png")).status_code == 200
    shown = await client.get(f"{base(world)}/{image['ID']}/file", headers=world.h("att_a"))
    assert shown.headers["content-type"] == "image/png"
    assert shown.headers["content-disposition"].startswith("inline;")


async def test_refused_uploads_store_nothing(services: Services) -> None:
    world = await build_world(services)
    async with app_client(services, settings={"max_upload_bytes": 4096}) as client:
        vfile = await create(client, world)
        link = await create(
            client, world, FileType="URL", URL="https://example.org/x", Title="Link"
        )
        cases = [
            (PDF + b"x" * 5000, "application/pdf", None, 413),  # over the cap
            (PDF, "application/pdf", 10_000, 413),  # announced over the cap
            (PDF, "application/pdf", len(PDF) + 1, 422),  # FileBytes mismatch
            (PDF, "application/pdf", len(PDF) - 1, 422),
            (image_bytes(), "application/pdf", None, 415),  # type mismatch
            (PDF, "image/png", None, 415),
            (HTML_AS_PNG, "image/png", None, 415),
            (SVG, "image/svg+xml", None, 415),
            (b"<html></html>", "text/html", None, 415),
        ]
        for data, mime, declared, status in cases:
            response = await upload(client, world, vfile["ID"], data, mime, declared=declared)
            assert response.status_code == status, (mime, declared, response.text)
        to_link = await upload(client, world, link["ID"], PDF, "application/pdf")
        assert to_link.status_code == 422
        after = await client.get(f"{base(world)}/{vfile['ID']}", headers=world.h("admin"))
        assert after.json()["HasContent"] is False
        assert after.json()["FileBytes"] == 0
    assert stored_blobs(services) == []


async def test_thumbnail_from_image_content(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    vfile = await create(client, world)
    big = image_bytes("JPEG", (800, 600))
    assert (await upload(client, world, vfile["ID"], big, "image/jpeg")).status_code == 200
    made = await client.post(
        f"{base(world)}/{vfile['ID']}/createthumbnail", headers=world.h("admin")
    )
    assert made.status_code == 200, made.text
    url = made.json()["ThumbnailURL"]
    assert url.startswith("/api/v1/files/")
    thumb = await client.get(url.removeprefix("/api/v1"))
    assert thumb.status_code == 200
    with Image.open(io.BytesIO(thumb.content)) as image:
        assert image.size == (320, 240)

    pdf = await create(client, world, Title="Doc")
    await upload(client, world, pdf["ID"], PDF, "application/pdf")
    refused = await client.post(
        f"{base(world)}/{pdf['ID']}/createthumbnail", headers=world.h("admin")
    )
    assert refused.status_code == 415
    empty = await create(client, world, Title="Empty")
    none = await client.post(
        f"{base(world)}/{empty['ID']}/createthumbnail", headers=world.h("admin")
    )
    assert none.status_code == 415


async def _picture_url(services: Services, person_id: str) -> str:
    async with services.db.session() as session:
        person = await session.get(Person, person_id)
        assert person is not None
        return person.picture_url


async def test_person_picture_upload(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    url = f"{base(world)}/personpicture"
    picture = image_bytes("PNG", (300, 200))
    done = await client.post(
        url, files={"file": ("me.png", picture, "image/png")}, headers=world.h("att_a")
    )
    assert done.status_code == 200, done.text
    assert done.json()["PersonID"] == world.ids["att_a"]
    picture_url = done.json()["PictureURL"]
    assert await _picture_url(services, world.ids["att_a"]) == picture_url
    stored = await client.get(picture_url.removeprefix("/api/v1"))
    with Image.open(io.BytesIO(stored.content)) as image:
        assert image.size == (200, 200)

    svg = await client.post(
        url, files={"file": ("x.svg", SVG, "image/svg+xml")}, headers=world.h("att_b")
    )
    assert svg.status_code == 415
    assert await _picture_url(services, world.ids["att_b"]) == ""
    anonymous = await client.post(url, files={"file": ("me.png", picture, "image/png")})
    assert anonymous.status_code == 401


async def test_person_picture_from_url_goes_through_the_outbound_client(
    services: Services,
) -> None:
    world = await build_world(services)
    with Site() as internal, Site("127.0.0.2") as public:
        internal.serve("/avatar.png", image_bytes())
        public.serve("/avatar.png", image_bytes("JPEG", (64, 48)), content_type="image/jpeg")
        public.serve("/page", b"<html>hi</html>", content_type="text/html")
        outbound = outbound_for(
            services, [internal.port, public.port], address_check=allow_public_stand_in
        )
        async with app_client(services, outbound) as client:
            url = f"{base(world)}/personpicture/fromurl"
            ok = await client.post(
                url, json={"url": public.url("/avatar.png")}, headers=world.h("att_a")
            )
            assert ok.status_code == 200, ok.text
            assert await _picture_url(services, world.ids["att_a"]) == ok.json()["PictureURL"]
            inside = await client.post(
                url, json={"url": internal.url("/avatar.png")}, headers=world.h("att_b")
            )
            assert inside.status_code == 403
            page = await client.post(
                url, json={"url": public.url("/page")}, headers=world.h("att_b")
            )
            assert page.status_code == 415
            missing = await client.post(url, json={}, headers=world.h("att_b"))
            assert missing.status_code == 422
    assert internal.hits == []
    assert await _picture_url(services, world.ids["att_b"]) == ""


async def test_panovars_lose_references_to_the_vfile(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services)
    link = "https://videos.example.org/intro.mp4"
    vfile = await create(client, world, FileType="URL", URL=link)
    async with services.db.session() as session:
        await session.execute(
            update(Event)
            .where(Event.id == world.event.id)
            .values(
                pano_event_vars={"Var_intro": link, "Var_keep": "stays", "Nested": {"A": link}},
                pano_custom_vars={
                    "WebElements": {
                        "screen1": {"Type": "link", "Value": link},
                        "screen2": {"Type": "image", "Value": "/api/v1/files/abc"},
                    }
                },
            )
        )
    removed = await client.delete(f"{base(world)}/{vfile['ID']}/panovars", headers=world.h("admin"))
    assert removed.status_code == 200, removed.text
    assert removed.json() == {"Removed": 3}
    async with services.db.session() as session:
        event = await session.get(Event, world.event.id)
        assert event is not None
        assert event.pano_event_vars == {"Var_keep": "stays", "Nested": {}}
        assert event.pano_custom_vars == {
            "WebElements": {"screen2": {"Type": "image", "Value": "/api/v1/files/abc"}}
        }
    still = await client.get(f"{base(world)}/{vfile['ID']}", headers=world.h("admin"))
    assert still.status_code == 200


async def test_vfiles_csv_lists_real_rows(client: httpx.AsyncClient, services: Services) -> None:
    world = await build_world(services)
    first = await create(
        client,
        world,
        EntityType="Speaker",
        EntityID="-1",
        FileType="URL",
        URL='https://example.org/a,b?q="x"',
    )
    second = await create(client, world, EntityType="Speaker", EntityID="sp.2", IsDisabled=True)
    await upload(client, world, second["ID"], PDF, "application/pdf")
    await create(client, world, EntityType="Session")
    response = await client.get(
        f"/events/{world.event.id}/lists/vfilescsv",
        params={"EntityType": "Speaker"},
        headers=world.h("admin"),
    )
    assert response.status_code == 200
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))
    assert rows[0][:3] == ["ID", "EntityType", "EntityID"]
    assert [r[0] for r in rows[1:]] == [first["ID"], second["ID"]]
    assert rows[1][2] == "'-1"  # no formula in a spreadsheet
    assert rows[1][7] == 'https://example.org/a,b?q="x"'
    assert rows[2][3:7] == ["talk _final_.pdf", "application/pdf", str(len(PDF)), "true"]
    assert rows[2][7] == f"/api/v1/events/{world.event.id}/vfiles/{second['ID']}/file"
