"""Helpers for the outbound, proxy and vfiles tests (no tests here).

`Site` is a real HTTP server on a loopback address that records every request, standing in for
an internal service (must never be reached) or, on 127.0.0.2 with a test-only address check, for
a public one. `app_client` builds the app with an injected `OutboundClient`: the only way a test
lets the server talk to loopback; production never has such a switch.
"""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx

from tests.apps import app_for
from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.netguard import IPAddress, refusal_for
from venuely.core.outbound import OutboundClient, system_resolver
from venuely.core.services import Services
from venuely.events.models import Event

Answer = tuple[int, dict[str, str], bytes]
PUBLIC_STAND_IN = ipaddress.ip_address("127.0.0.2")


class Site:
    """Answers `routes[path]` (default 404) and records the paths it was asked for."""

    def __init__(self, host: str = "127.0.0.1") -> None:
        self.hits: list[str] = []
        self.host_headers: list[str] = []
        self.routes: dict[str, Callable[[], Answer]] = {}
        self.release = threading.Event()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                site.hits.append(self.path)
                site.host_headers.append(self.headers.get("Host", ""))
                route = site.routes.get(self.path.split("?")[0])
                status, headers, body = route() if route else (404, {}, b"not here")
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.host = host
        self.server = ThreadingHTTPServer((host, 0), Handler)
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def url(self, path: str = "/") -> str:
        return f"http://{self.host}:{self.port}{path}"

    def serve(self, path: str, body: bytes, content_type: str = "image/png") -> None:
        self.routes[path] = lambda: (200, {"Content-Type": content_type}, body)

    def redirect(self, path: str, location: str) -> None:
        self.routes[path] = lambda: (302, {"Location": location, "Content-Length": "0"}, b"")

    def stall(self, path: str) -> None:
        """Answer only when the test ends: the fetch must give up first."""

        def answer() -> Answer:
            self.release.wait(30)
            return 200, {"Content-Type": "image/png"}, b""

        self.routes[path] = answer

    def __enter__(self) -> Site:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


def allow_public_stand_in(ip: IPAddress) -> str | None:
    """Test-only address check: 127.0.0.2 plays a public host; every other rule stays."""
    return None if ip == PUBLIC_STAND_IN else refusal_for(ip)


def names(mapping: dict[str, str]) -> Callable[[str, int], Any]:
    """A resolver answering `mapping` for its names and the system resolver for the rest."""

    async def resolve(host: str, port: int) -> list[IPAddress]:
        if host in mapping:
            return [ipaddress.ip_address(mapping[host])]
        return await system_resolver(host, port)

    return resolve


def outbound_for(services: Services, ports: list[int], **kwargs: Any) -> OutboundClient:
    settings = services.settings.model_copy(
        update={"outbound_allowed_ports": [80, 443, *ports], **kwargs.pop("settings", {})}
    )
    return OutboundClient(settings, **kwargs)


@asynccontextmanager
async def app_client(
    services: Services,
    outbound: OutboundClient | None = None,
    settings: dict[str, Any] | None = None,
) -> AsyncIterator[httpx.AsyncClient]:
    if settings:
        services = replace(services, settings=services.settings.model_copy(update=settings))
    app = app_for(services)
    if outbound is not None:
        app.state.outbound = outbound
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://venuely.test/api/v1") as c:
        yield c


@dataclass
class World:
    event: Event
    other_event: Event
    ids: dict[str, str] = field(default_factory=dict)
    headers: dict[str, dict[str, str]] = field(default_factory=dict)

    def h(self, who: str) -> dict[str, str]:
        return self.headers[who]


async def build_world(services: Services) -> World:
    """Event A with two attendees and its admin, a customer admin of another customer, a master
    admin, and an attendee of another event."""
    customer = await make_customer(services, "Customer A")
    other_customer = await make_customer(services, "Customer B")
    event = await make_event(services, customer)
    other_event = await make_event(services, other_customer)
    world = World(event=event, other_event=other_event)
    people = {
        "att_a": await make_person(services, event=event),
        "att_b": await make_person(services, event=event),
        "admin": await make_person(services),
        "foreign_admin": await make_person(services),
        "master": await make_person(services),
        "outsider": await make_person(services, event=other_event),
    }
    await grant_admin(services, people["admin"], AdminType.EVENT, event_id=event.id)
    await grant_admin(
        services, people["foreign_admin"], AdminType.CUSTOMER, customer_id=other_customer.id
    )
    await grant_admin(services, people["master"], AdminType.MASTER)
    for who, person in people.items():
        world.ids[who] = person.id
        token_event = {"att_a": event, "att_b": event, "outsider": other_event}.get(who)
        world.headers[who] = bearer(await token_for(services, person, token_event))
    world.headers["anonymous"] = {}
    return world
