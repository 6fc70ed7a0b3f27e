"""Tour uploads: a package built here with Pillow becomes a served version; every malicious or
broken package in the corpus is refused as a whole with nothing stored."""

from __future__ import annotations

import io
import json
import stat
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import httpx
import pytest
from PIL import Image

from tests.factories import bearer, grant_admin, make_customer, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Customer
from venuely.panoramas.models import Pano, PanoVersion
from venuely.panoramas.service import import_tour
from venuely.settings import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    # A small tour allowance so the over-limit test need not send 200 MiB; the test packages
    # here are a few KiB.
    return settings.model_copy(update={"max_tour_upload_bytes": 2 * 1024 * 1024})


def image_bytes(width: int, height: int, fmt: str = "JPEG", color: str = "teal") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), color).save(buffer, fmt)
    return buffer.getvalue()


def tour_document(**overrides: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "FormatVersion": 1,
        "Title": "Demo <venue> & co",
        "StartNodeID": "lobby",
        "StartYaw": 0,
        "StartPitch": 0,
        "Nodes": [
            {
                "ID": "lobby",
                "CustomID": "lobby",
                "Name": {"en": "Lobby", "de": "Foyer"},
                "Panorama": "images/lobby.jpg",
                "Thumbnail": "images/lobby-thumb.jpg",
                "Links": [{"NodeID": "hall", "Yaw": 90, "Pitch": -4}],
                "Screens": [{"ScreenID": "1", "Yaw": 0, "Pitch": 6, "Width": 40, "Height": 22}],
                "WebElements": [
                    {
                        "ID": "Screen_01",
                        "Type": "image",
                        "Yaw": -60,
                        "Pitch": 4,
                        "Width": 20,
                        "Height": 12,
                        "Default": "assets/sponsor.png",
                    },
                    {
                        "ID": "Screen_02",
                        "Type": "link",
                        "Yaw": 60,
                        "Pitch": 0,
                        "Width": 10,
                        "Height": 6,
                        "Default": 'https://example.org/?a=1&b="2"',
                    },
                ],
                "Components": ["cinema"],
            },
            {
                "ID": "hall",
                "Name": {"en": "Hall"},
                "Panorama": "images/hall.png",
                "Links": [{"NodeID": "lobby", "Yaw": -90, "Pitch": 0}],
            },
        ],
    }
    document.update(overrides)
    return document


def tour_files() -> dict[str, bytes]:
    return {
        "images/lobby.jpg": image_bytes(64, 32),
        "images/lobby-thumb.jpg": image_bytes(32, 16),
        "images/hall.png": image_bytes(80, 40, "PNG", "navy"),
        "assets/sponsor.png": image_bytes(20, 10, "PNG", "gold"),
    }


def tour_zip(
    document: dict[str, Any] | None = None,
    files: dict[str, bytes] | None = None,
    *,
    raw_json: bytes | None = None,
) -> bytes:
    """A package: tour.json (or `raw_json`) plus `files` (default: the images the tour names)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        body = raw_json if raw_json is not None else json.dumps(document or tour_document())
        archive.writestr("tour.json", body)
        for name, data in (tour_files() if files is None else files).items():
            archive.writestr(name, data)
    return buffer.getvalue()


async def make_pano(services: Services, customer: Customer, name: str = "Venue") -> Pano:
    now = services.clock.now()
    async with services.db.session() as session:
        pano = Pano(id=new_id(), customer_id=customer.id, name=name, created_at=now, updated_at=now)
        session.add(pano)
    return pano


async def customer_admin(services: Services, customer: Customer) -> dict[str, str]:
    person = await make_person(services)
    await grant_admin(services, person, AdminType.CUSTOMER, customer_id=customer.id)
    return bearer(await token_for(services, person))


def stored_blobs(services: Services) -> list[Path]:
    root = services.settings.files_dir
    return [p for p in root.rglob("*") if p.is_file()] if root.exists() else []


async def versions_of(services: Services, pano: Pano) -> list[PanoVersion]:
    from sqlalchemy import select

    async with services.db.session() as session:
        query = select(PanoVersion).where(PanoVersion.pano_id == pano.id)
        return list((await session.scalars(query)).all())


async def upload(
    client: httpx.AsyncClient,
    pano: Pano,
    headers: dict[str, str],
    data: bytes,
    method: str = "POST",
) -> httpx.Response:
    return await client.request(
        method,
        f"/panos/{pano.id}/upload",
        headers=headers,
        files={"file": ("tour.zip", data, "application/zip")},
    )


async def test_import_tour_from_code_creates_numbered_versions(services: Services) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    steps: list[tuple[str, int, int]] = []

    async def progress(step: str, done: int, total: int) -> None:
        steps.append((step, done, total))

    async with services.db.session() as session:
        first = await import_tour(session, services, pano, tour_zip(), progress)
        second = await import_tour(session, services, pano, tour_zip())
    assert (first.version, second.version) == (1, 2)
    assert set(first.manifest) == {
        "tour.json",
        "pano.xml",
        "images/lobby.jpg",
        "images/lobby-thumb.jpg",
        "images/hall.png",
        "assets/sponsor.png",
    }
    assert first.start_node_id == "lobby"
    assert first.node_count == 2
    assert ("check", 5, 5) in steps
    assert ("images", 4, 4) in steps
    assert ("store", 6, 6) in steps
    assert len(await versions_of(services, pano)) == 2


async def test_upload_serves_cleaned_files_and_generated_pano_xml(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    headers = await customer_admin(services, customer)
    original = image_bytes(64, 32)
    exif = Image.Exif()
    exif[0x010E] = "secret camera note"
    buffer = io.BytesIO()
    Image.open(io.BytesIO(original)).save(buffer, "JPEG", exif=exif.tobytes())
    files = tour_files() | {"images/lobby.jpg": buffer.getvalue()}

    response = await upload(client, pano, headers, tour_zip(files=files))
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["Version"] == 1
    assert body["PanoURL"] == f"/tours/{pano.id}/1/"

    tours = httpx.AsyncClient(transport=client._transport, base_url="http://venuely.test")
    image = await tours.get(f"/tours/{pano.id}/1/images/lobby.jpg")
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/jpeg"
    assert image.headers["x-content-type-options"] == "nosniff"
    assert "immutable" in image.headers["cache-control"]
    assert b"secret camera note" not in image.content
    assert Image.open(io.BytesIO(image.content)).size == (64, 32)

    xml = await tours.get(f"/tours/{pano.id}/1/pano.xml")
    assert xml.status_code == 200
    assert xml.headers["content-type"].startswith("application/xml")
    root = ET.fromstring(xml.content)  # noqa: S314 - our own output, checked in a test
    assert root.get("title") == "Demo <venue> & co"
    assert root.get("startnode") == "lobby"
    lobby = root.find("node[@id='lobby']")
    assert lobby is not None
    assert lobby.findtext("name[@lang='de']") == "Foyer"
    assert [link.get("node") for link in lobby.findall("link")] == ["hall"]
    assert [s.get("id") for s in lobby.findall("screen")] == ["1"]
    assert [c.get("name") for c in lobby.findall("component")] == ["cinema"]
    elements = {e.get("id"): e for e in lobby.findall("webelement")}
    assert elements["Screen_01"].get("default") == "assets/sponsor.png"
    assert elements["Screen_02"].get("default") == 'https://example.org/?a=1&b="2"'
    assert elements["Screen_02"].get("type") == "link"
    assert b"&amp;" in xml.content
    assert b"&lt;venue&gt;" in xml.content

    tour_json = await tours.get(f"/tours/{pano.id}/1/tour.json")
    assert tour_json.json()["StartNodeID"] == "lobby"

    again = await upload(client, pano, headers, tour_zip(), method="PUT")
    assert again.status_code == 201
    assert again.json()["Version"] == 2
    listed = await client.get(f"/panos/{pano.id}", headers=headers)
    assert [v["Version"] for v in listed.json()["Versions"]] == [1, 2]


async def test_tours_refuse_what_the_version_does_not_hold(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    async with services.db.session() as session:
        await import_tour(session, services, pano, tour_zip())
    tours = httpx.AsyncClient(transport=client._transport, base_url="http://venuely.test")
    for path in (
        f"/tours/{pano.id}/1/images/missing.jpg",
        f"/tours/{pano.id}/2/pano.xml",
        f"/tours/{pano.id}/1/",
        f"/tours/{pano.id}/1/images",
        f"/tours/{pano.id}/1/..%2F..%2Fsecret_key",
        f"/tours/{pano.id}/1/images/..%2Ftour.json",
        f"/tours/{new_id()}/1/pano.xml",
        "/tours/not-an-id/1/pano.xml",
    ):
        response = await tours.get(path)
        assert response.status_code == 404, path
    head = await tours.head(f"/tours/{pano.id}/1/pano.xml")
    assert head.status_code == 200


def _zip_with(entries: list[tuple[zipfile.ZipInfo | str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            archive.writestr(info, data)
    return buffer.getvalue()


def _base_entries() -> list[tuple[zipfile.ZipInfo | str, bytes]]:
    entries: list[tuple[zipfile.ZipInfo | str, bytes]] = [
        ("tour.json", json.dumps(tour_document()).encode())
    ]
    entries.extend(tour_files().items())
    return entries


def _symlink() -> bytes:
    info = zipfile.ZipInfo("assets/link.png")
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return _zip_with([*_base_entries(), (info, b"/etc/passwd")])


def _encrypted() -> bytes:
    data = bytearray(tour_zip())
    # Set the "encrypted" flag bit on every local and central header: the entries claim to be
    # encrypted though they are not, which must be refused before any decryption is attempted.
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = 0
        while (found := data.find(signature, start)) != -1:
            data[found + offset] |= 0x01
            start = found + 4
    return bytes(data)


def _bomb() -> bytes:
    info = zipfile.ZipInfo("assets/sponsor.png")
    info.compress_type = zipfile.ZIP_DEFLATED
    entries = [e for e in _base_entries() if e[0] != "assets/sponsor.png"]
    return _zip_with([*entries, (info, b"\x89PNG\r\n\x1a\n" + b"\x00" * (8 * 1024 * 1024))])


def _too_many() -> bytes:
    return _zip_with([*_base_entries(), *((f"assets/x{n}.png", b"x") for n in range(501))])


def _polyglot() -> bytes:
    fake = b"\xff\xd8\xff\xe0" + b"<html><script>alert(1)</script></html>" * 10
    return tour_zip(files=tour_files() | {"images/lobby.jpg": fake})


def _document_with(**changes: Any) -> dict[str, Any]:
    return tour_document(**changes)


def _unknown_link() -> bytes:
    document = tour_document()
    document["Nodes"][1]["Links"] = [{"NodeID": "nowhere", "Yaw": 0, "Pitch": 0}]
    return tour_zip(document)


CORPUS: dict[str, tuple[Any, int, str]] = {
    "traversal": (
        lambda: _zip_with([*_base_entries(), ("../x", b"x")]),
        422,
        "'..'",
    ),
    "nested traversal": (
        lambda: _zip_with([*_base_entries(), ("assets/../../x", b"x")]),
        422,
        "'..'",
    ),
    "absolute": (lambda: _zip_with([*_base_entries(), ("/etc/x", b"x")]), 422, "relative"),
    "drive letter": (lambda: _zip_with([*_base_entries(), ("C:/x", b"x")]), 422, "relative"),
    "backslash": (
        lambda: _zip_with([*_base_entries(), ("assets\\x.png", b"x")]),
        422,
        "backslash",
    ),
    "symlink": (_symlink, 422, "symbolic link"),
    "encrypted": (_encrypted, 422, "encrypted"),
    "zip bomb": (_bomb, 422, "ratio"),
    "too many entries": (_too_many, 413, "entries"),
    "not a zip": (lambda: b"GIF89a not a zip at all", 422, "not a zip"),
    "missing tour.json": (
        lambda: _zip_with(list(tour_files().items())),
        422,
        "tour.json is missing",
    ),
    "bad json": (lambda: tour_zip(raw_json=b"{not json"), 422, "not valid JSON"),
    "wrong format version": (
        lambda: tour_zip(_document_with(FormatVersion=2)),
        422,
        "FormatVersion",
    ),
    "unknown link": (_unknown_link, 422, "unknown node 'nowhere'"),
    "unknown start node": (
        lambda: tour_zip(_document_with(StartNodeID="attic")),
        422,
        "StartNodeID",
    ),
    "angle out of range": (
        lambda: tour_zip(_document_with(StartYaw=400)),
        422,
        "StartYaw",
    ),
    "referenced file missing": (
        lambda: tour_zip(files={k: v for k, v in tour_files().items() if "hall" not in k}),
        422,
        "not in the zip",
    ),
    "not 2:1": (
        lambda: tour_zip(files=tour_files() | {"images/hall.png": image_bytes(80, 50, "PNG")}),
        422,
        "twice as wide",
    ),
    "fake image": (
        lambda: tour_zip(files=tour_files() | {"images/hall.png": b"<svg onload=alert(1)>"}),
        422,
        "not a jpeg or png image",
    ),
    "gif as panorama": (
        lambda: tour_zip(files=tour_files() | {"images/hall.png": image_bytes(80, 40, "GIF")}),
        422,
        "not a jpeg or png image",
    ),
    "polyglot": (_polyglot, 422, "not a readable jpeg"),
    "unreferenced extra": (
        lambda: tour_zip(files=tour_files() | {"assets/extra.png": image_bytes(4, 2, "PNG")}),
        422,
        "not referenced",
    ),
}


@pytest.mark.parametrize("case", sorted(CORPUS))
async def test_malicious_packages_are_refused_with_nothing_stored(
    client: httpx.AsyncClient, services: Services, case: str
) -> None:
    build, status, reason = CORPUS[case]
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    headers = await customer_admin(services, customer)
    response = await upload(client, pano, headers, build())
    assert response.status_code == status, response.text
    assert reason in response.json()["Error"]["Message"], response.text
    assert await versions_of(services, pano) == []
    assert stored_blobs(services) == []


async def test_upload_over_the_configured_limit_is_413(
    client: httpx.AsyncClient, services: Services
) -> None:
    customer = await make_customer(services)
    pano = await make_pano(services, customer)
    headers = await customer_admin(services, customer)
    limit = services.settings.max_tour_upload_bytes
    assert limit < services.settings.max_upload_bytes + services.settings.max_body_bytes
    response = await upload(client, pano, headers, b"PK" + b"\x00" * (limit + 10))
    assert response.status_code == 413
    assert await versions_of(services, pano) == []


async def test_upload_permissions(client: httpx.AsyncClient, services: Services) -> None:
    customer = await make_customer(services)
    other = await make_customer(services, "Other")
    pano = await make_pano(services, customer)
    attendee = await make_person(services)
    foreign = await customer_admin(services, other)
    assert (await upload(client, pano, {}, tour_zip())).status_code == 401
    attendee_headers = bearer(await token_for(services, attendee))
    assert (await upload(client, pano, attendee_headers, tour_zip())).status_code == 403
    assert (await upload(client, pano, foreign, tour_zip())).status_code == 404
    missing = Pano(id=new_id(), customer_id=customer.id)
    admin = await customer_admin(services, customer)
    assert (await upload(client, missing, admin, tour_zip())).status_code == 404
    assert await versions_of(services, pano) == []
