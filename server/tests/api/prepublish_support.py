"""Helpers for the pre-publish check tests (no tests here).

`EmbedSite` is a real HTTPS server on 127.0.0.2 answering as `embed.test` with a certificate of a
test CA (`certs/`, made once with openssl, valid until 2126), so the check's fetches go through
the real outbound client, TLS verification included: the client gets a resolver that maps
`embed.test` to 127.0.0.2, the test-only address check that lets 127.0.0.2 play a public host,
and the test CA as its trust store. Nothing reaches the internet.

`Organizer` builds the clean event every test starts from and reads its check.
"""

from __future__ import annotations

import io
import json
import ssl
import zipfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from PIL import Image

from tests.api.proxy_support import Site, allow_public_stand_in, app_client, names, outbound_for
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.ids import new_id
from venuely.core.outbound import OutboundClient
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.panoramas.models import Pano
from venuely.panoramas.service import import_tour
from venuely.panoramas.urls import tour_url

CERTS = Path(__file__).parent / "certs"
EMBED_HOST = "embed.test"
FIVE_NAMES = {
    "en": "Welcome",
    "de": "Willkommen",
    "es": "Bienvenida",
    "fr": "Accueil",
    "it": "Benvenuti",
}


class EmbedSite(Site):
    """`Site` behind TLS, reachable as https://embed.test:{port}/ through `embed_outbound`."""

    def __init__(self) -> None:
        super().__init__("127.0.0.2")
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(CERTS / "embed.test.pem")
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)

    def __enter__(self) -> EmbedSite:
        super().__enter__()
        return self

    def https(self, path: str = "/") -> str:
        return f"https://{EMBED_HOST}:{self.port}{path}"

    def page(self, path: str, headers: dict[str, str]) -> None:
        """Answer `path` with an HTML page and `headers` (the framing headers under test)."""
        self.routes[path] = lambda: (200, {"Content-Type": "text/html", **headers}, b"<p>hi</p>")


def embed_outbound(services: Services, site: EmbedSite) -> OutboundClient:
    trust = ssl.create_default_context(cafile=str(CERTS / "test-ca.pem"))
    return outbound_for(
        services,
        [site.port],
        resolver=names({EMBED_HOST: "127.0.0.2"}),
        address_check=allow_public_stand_in,
        trust=trust,
    )


@dataclass
class Organizer:
    client: httpx.AsyncClient
    services: Services
    event: Event
    headers: dict[str, str]
    home_id: str = ""

    @property
    def base(self) -> str:
        return f"/events/{self.event.id}"

    async def add_item(self, **fields: Any) -> dict[str, Any]:
        item = {"Position": "Top", "Index": 1, "Names": FIVE_NAMES, **fields}
        response = await self.client.post(f"{self.base}/menu", json=item, headers=self.headers)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    async def check(self) -> dict[str, Any]:
        response = await self.client.get(f"{self.base}/prepublish-check", headers=self.headers)
        assert response.status_code == 200, response.text
        report: dict[str, Any] = response.json()
        return report

    async def codes(self) -> list[str]:
        return [finding["Code"] for finding in (await self.check())["Findings"]]

    async def put_event(self, **fields: Any) -> httpx.Response:
        return await self.client.put(self.base, json=fields, headers=self.headers)


async def clean_organizer(
    client: httpx.AsyncClient, services: Services, **event_fields: Any
) -> Organizer:
    """An event the check finds nothing in: dates in order, a whitelist, a default page (a
    landing page named in all five languages), the built-in theme, no sessions."""
    customer = await make_customer(services)
    event = await make_event(services, customer, whitelist=["example.com"], **event_fields)
    admin = await make_person(services)
    await grant_admin(services, admin, AdminType.EVENT, event_id=event.id)
    organizer = Organizer(client, services, event, bearer(await token_for(services, admin)))
    home = await organizer.add_item(Type="Addon", Data={"module": "Landing"})
    organizer.home_id = home["ID"]
    response = await client.put(
        f"{organizer.base}/menu/default", json={"ID": home["ID"]}, headers=organizer.headers
    )
    assert response.status_code == 200, response.text
    return organizer


@asynccontextmanager
async def embed_client(services: Services, site: EmbedSite) -> AsyncIterator[httpx.AsyncClient]:
    """An API client whose server fetches through `embed_outbound`."""
    async with app_client(services, embed_outbound(services, site)) as client:
        yield client


def _jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (64, 32), "teal").save(buffer, "JPEG")
    return buffer.getvalue()


async def stored_tour_url(services: Services, event: Event) -> str:
    """Stores a two-node tour (`lobby`, custom id `foyer`, and `hall`) as a version of a pano of
    the event's customer, and answers its PanoURL."""
    tour = {
        "FormatVersion": 1,
        "StartNodeID": "lobby",
        "Nodes": [
            {
                "ID": "lobby",
                "CustomID": "foyer",
                "Name": {"en": "Lobby"},
                "Panorama": "images/lobby.jpg",
                "Links": [{"NodeID": "hall", "Yaw": 90, "Pitch": 0}],
            },
            {"ID": "hall", "Name": {"en": "Hall"}, "Panorama": "images/hall.jpg"},
        ],
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("tour.json", json.dumps(tour))
        archive.writestr("images/lobby.jpg", _jpeg())
        archive.writestr("images/hall.jpg", _jpeg())
    now = services.clock.now()
    async with services.db.session() as session:
        pano = Pano(
            id=new_id(), customer_id=event.customer_id, name="Venue", created_at=now, updated_at=now
        )
        session.add(pano)
        await session.flush()
        version = await import_tour(session, services, pano, buffer.getvalue())
    return tour_url(pano.id, version.version)
