"""Support for the OpenAPI fuzzer (test_fuzz_openapi.py): a seeded world per operation, and a way
to send schemathesis cases to the app in-process from a synchronous Hypothesis test.

Why its own event loop: Hypothesis tests are synchronous, and the database engine (asyncpg above
all) must live on one loop for its whole life. A blocking portal gives each fuzzed operation one
loop thread: the world is seeded on it, every generated case is sent on it, and the engine is
disposed on it before the thread ends.

Why a fresh world per operation: destructive cases (DELETE of the seeded event, customer or
person) must not leave later operations without the objects their path parameters point at. A
world is a copy of the empty SQLite template (or a truncated PostgreSQL database) plus a dozen
rows, cheap enough to rebuild for each of the ~140 operations.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

import httpx
import requests
from anyio.from_thread import BlockingPortal, start_blocking_portal
from hypothesis import strategies as st

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.admins.models import AdminType
from venuely.app import create_app
from venuely.chat.service import ensure_broadcast_room
from venuely.core.clock import FrozenClock
from venuely.core.services import Services, build_services
from venuely.settings import Settings

BASE_URL = "http://venuely.test"
T = TypeVar("T")

# Parameter name (path or query) -> id of the seeded object it may point at. Filled by `seed` for
# the operation being fuzzed; the Hypothesis hooks read it while generating that operation's cases.
SEEDED: dict[str, str] = {}


@dataclass
class FuzzWorld:
    services: Services
    portal: BlockingPortal
    client: httpx.AsyncClient
    token: str
    ids: dict[str, str] = field(default_factory=dict)

    def run(self, fn: Callable[[], Awaitable[T]]) -> T:
        return self.portal.call(fn)


def _iso(value: Any) -> str:
    return str(value.isoformat()).replace("+00:00", "Z")


async def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    body: dict[str, Any] = response.json()
    return body


async def seed(services: Services, client: httpx.AsyncClient) -> tuple[str, dict[str, str]]:
    """One customer with an event, a master admin (whose token every case carries), an attendee,
    an event-admin grant, and one of each object a path can name, made through the API itself so
    their documents are exactly what the API stores."""
    customer = await make_customer(services)
    event = await make_event(services, customer)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    attendee = await make_person(services, event=event)
    event_admin = await make_person(services)
    grant = await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    token = await token_for(services, master)
    attendee_token = await token_for(services, attendee, event)
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, event.id, services.clock.now())
    h = bearer(token)
    e = f"/events/{event.id}"
    now = services.clock.now()
    activity = await _created(
        await client.post(
            f"{e}/activities",
            params={"EntityType": "Session"},
            headers=h,
            json={
                "InternalName": "keynote",
                "Title": "Keynote",
                "IsVirtual": True,
                "DateBegin": _iso(now - timedelta(minutes=10)),
                "DateEnd": _iso(now + timedelta(minutes=50)),
                "ConferenceType": "Iframe",
                "ConferenceJoinURL": "https://stream.example.com/live",
            },
        )
    )
    message = await _created(
        await client.post(
            f"{e}/chat-rooms/{room.id}/chat-messages",
            headers=bearer(attendee_token),
            json={"TmpID": "seed", "Text": "hello"},
        )
    )
    relation = await _created(
        await client.post(
            "/relations",
            headers=h,
            json={
                "EventID": event.id,
                "ParentType": "Chatroom",
                "ParentID": room.id,
                "RelationType": "Moderator",
                "ChildType": "Person",
                "ChildID": attendee.id,
            },
        )
    )
    location = await _created(
        await client.post(
            f"/customers/{customer.id}/locations",
            headers=h,
            json={"LocationType": "VirtualSpace", "Name": "Hall", "EventID": event.id},
        )
    )
    item = await _created(
        await client.post(
            f"{e}/menu",
            headers=h,
            json={
                "Position": "Top",
                "Index": 1,
                "Name": "Agenda",
                "Type": "Module",
                "Data": {"module": "agenda"},
            },
        )
    )
    theme = await _created(
        await client.post(
            "/events/themes/global", headers=h, json={"CustomerID": customer.id, "Name": "Brand"}
        )
    )
    for url, value in (
        (f"{e}/values/k", {"a": 1}),
        (f"/persons/{attendee.id}/values/k", 1),
        (f"{e}/activities/{activity['ID']}/values/k", [1]),
    ):
        await _created(await client.post(url, headers=h, json=value))
    ids = {
        "CustomerID": customer.id,
        "EventID": event.id,
        "EventInternalName": event.internal_name,
        "PersonID": attendee.id,
        "AttendeeID": attendee.id,
        "ChildID": attendee.id,
        "EMail": attendee.login_email,
        "loginEMail": attendee.login_email,
        "AdminID": grant.id,
        "ActivityID": activity["ID"],
        "sessionID": activity["ID"],
        "ChatroomID": room.id,
        "ParentID": room.id,
        "ChatMessageID": message["ID"],
        "StartID": message["ID"],
        "RelationID": relation["ID"],
        "LocationID": location["ID"],
        "MenuItemID": item["ID"],
        "ThemeID": theme["ThemeID"],
        "Key": "k",
    }
    return token, ids


@contextmanager
def fuzz_world(settings: Settings) -> Iterator[FuzzWorld]:
    """A seeded app on a loop of its own for the duration of one fuzzed operation."""
    with start_blocking_portal() as portal:
        services = build_services(settings, clock=FrozenClock())
        app = create_app(services=services)
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE_URL)
        seeding = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url=f"{BASE_URL}/api/v1"
        )
        try:
            token, ids = portal.call(seed, services, seeding)
            SEEDED.clear()
            SEEDED.update(ids)
            yield FuzzWorld(services, portal, client, token, ids)
        finally:
            SEEDED.clear()
            portal.call(seeding.aclose)
            portal.call(client.aclose)
            portal.call(services.db.dispose)


def send(world: FuzzWorld, kwargs: dict[str, Any]) -> httpx.Response:
    """Send one case, given as `requests` keyword arguments (what schemathesis serializes a case
    to), through httpx to the app. `requests` prepares the body so multipart and form encodings
    are exactly the ones schemathesis meant."""
    prepared = requests.Request(
        method=kwargs["method"],
        url=kwargs["url"],
        headers=kwargs.get("headers"),
        params=kwargs.get("params"),
        cookies=kwargs.get("cookies"),
        json=kwargs.get("json"),
        data=kwargs.get("data"),
        files=kwargs.get("files"),
    ).prepare()
    body = prepared.body
    content = body.encode() if isinstance(body, str) else body
    assert content is None or isinstance(content, bytes)
    headers = [
        (name, value if isinstance(value, str) else value.decode("latin-1"))
        for name, value in prepared.headers.items()
    ]

    async def call() -> httpx.Response:
        request = world.client.build_request(
            str(prepared.method),
            str(prepared.url),
            headers=headers,
            content=content,
        )
        response = await world.client.send(request)
        await response.aread()
        return response

    return world.run(call)


def seeded_or(name: str, generated: Any) -> st.SearchStrategy[Any]:
    """Either the generated value or, when one is seeded under that parameter name, the seeded
    object's id: real objects get hit some of the time, random ones the rest."""
    seeded = SEEDED.get(name)
    if seeded is None or not isinstance(generated, str | int | float | bool | type(None)):
        return st.just(generated)
    return st.sampled_from([generated, seeded])


def seeded_values(values: dict[str, Any] | None) -> st.SearchStrategy[dict[str, Any] | None]:
    if not values:
        return st.just(values)
    return st.fixed_dictionaries({k: seeded_or(k, v) for k, v in values.items()})
