"""Support for the OpenAPI fuzzer (test_fuzz_openapi.py): a seeded world per operation, the callers
that probe it and what each may not see, and a way to send schemathesis cases to the app
in-process from a synchronous Hypothesis test.

Why its own event loop: Hypothesis tests are synchronous, and the database engine (asyncpg above
all) must live on one loop for its whole life. A blocking portal gives each fuzzed operation one
loop thread: the world is built on it, every generated case is sent on it, and the engine is
disposed on it before the thread ends.

Why a fresh world per operation: destructive cases (DELETE of the seeded event, customer or
person) must not leave later operations without the objects their path parameters point at. The
first world of a process is seeded through the API and kept as rows (`_Snapshot`); every later
operation empties the database and inserts those rows again, which costs a few statements instead
of some forty requests, and gives every operation the same ids at the same frozen time.

The world has two customers, A and B, each with an event and one object of every kind a path can
name, and two things inside event A that not every member of A may read: a direct chat between
two other attendees (the room, its membership relations, a message) and a session starting
tomorrow whose stream link carries a secret. Three callers use it (`Role`): a master admin, an
attendee of event A and a customer admin of B. Each non-master caller has the strings it must
never read (`Role.hidden`: the other customer's object ids, persons and grants it does not
administer, the private chat, the stream secret) and those it must never change
(`Role.untouchable`: the hidden ones and the other customer's public identifiers, the event and
customer ids anyone may read in event metadata). What counts as visible follows
docs/subsystems/permissions.md: attendees of an event are listed to its members (ids and names,
not login addresses), persons are seen by the admins of an event they attend.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar
from urllib.parse import unquote

import httpx
import requests
from anyio.from_thread import BlockingPortal, start_blocking_portal
from fastapi import FastAPI
from fastapi.routing import APIRoute
from hypothesis import strategies as st
from sqlalchemy import Table, select, text
from starlette.routing import BaseRoute

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.accounts.permissions import POLICY_ATTR
from venuely.admins.models import AdminType
from venuely.app import create_app
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.core.clock import FrozenClock
from venuely.core.db import Base
from venuely.core.services import Services, build_services
from venuely.settings import Settings

BASE_URL = "http://venuely.test"
API_PREFIX = "/api/v1"
T = TypeVar("T")

# What attendees must not read of a session that has not started yet (its join URL carries a
# token, its conference id lets anyone dial in). Neither is digits only: `/metrics` prints counters
# whose digits can spell any number, which the leak check would take for the secret.
STREAM_URL = "https://stream.example.com/secret-token"
STREAM_SECRETS = {"A.future.join_url": "secret-token", "A.future.conference_id": "dial-in-kq7z"}
DIRECT_TEXT = "just between us"
MUTATING = frozenset({"POST", "PUT", "PATCH", "DELETE"})

# Parameter name (path, query or top-level body field) -> values it may take besides the generated
# one: ids of seeded objects of both customers, so callers ask for their own objects and for
# foreign ones. Filled by `fuzz_world` for the operation being fuzzed; the Hypothesis hooks read it
# while generating that operation's cases.
SEEDED: dict[str, tuple[Any, ...]] = {}

# Parameter name -> labels (keys of `FuzzWorld.values`) of the objects it is drawn from, own and
# foreign alike; the order is fixed so that generation is the same in every process.
_POOLS: dict[str, tuple[str, ...]] = {
    "CustomerID": ("A.customer", "B.customer"),
    "EventID": ("A.event", "B.event"),
    "EventInternalName": ("A.event.name", "B.event.name"),
    "PersonID": ("A.attendee", "A.member", "B.attendee"),
    "EMail": ("A.attendee.email", "A.member.email", "B.attendee.email"),
    "AdminID": ("A.event_grant", "B.customer_grant", "B.event_grant"),
    "ActivityID": ("A.session", "A.future", "B.session"),
    "ChatroomID": ("A.room", "A.direct", "B.room"),
    "ChatMessageID": ("A.message", "A.direct.message", "B.message"),
    "RelationID": ("A.relation", "A.direct.relation", "B.relation"),
    "LocationID": ("A.location", "B.location"),
    "MenuItemID": ("A.menu_item", "B.menu_item"),
    "ThemeID": ("A.theme", "B.theme"),
    "PanoID": ("A.pano", "B.pano"),
    "VTableID": ("A.vtable", "B.vtable"),
    "TicketID": ("A.ticket", "A.member.ticket", "B.ticket"),
    "TreasureHuntID": ("A.hunt", "B.hunt"),
    "ItemID": ("A.hunt.item", "B.hunt.item"),
    "ProjectID": ("A.project", "A.member.project", "B.project"),
}
_SAME_POOL = {
    "AttendeeID": "PersonID",
    "ChildID": "PersonID",
    "loginEMail": "EMail",
    "LoginEMail": "EMail",
    "sessionID": "ActivityID",
    "ParentID": "ChatroomID",
    "StartID": "ChatMessageID",
    "RepliedToMessageID": "ChatMessageID",
    "LastReadChatMessageID": "ChatMessageID",
}
# Plain values, the same in every world.
_LITERALS: dict[str, tuple[Any, ...]] = {"Key": ("k",), "DayNumber": (1, 2)}
_SCALAR = (str, int, float, bool, type(None))
# Identifiers anyone may read in event metadata (`GET /events/id/{EventID}/metadata` is public):
# naming another customer's is no leak, changing anything through them is.
_PUBLIC_IDS = ("event", "event.name", "customer")


@dataclass(frozen=True)
class Role:
    """A caller: its token, the strings no 2xx answer to it may contain (label -> value), and the
    strings no 2xx answer to a change it asks for may name."""

    name: str
    token: str = field(repr=False)
    hidden: Mapping[str, str] = field(default_factory=dict, repr=False)
    untouchable: Mapping[str, str] = field(default_factory=dict, repr=False)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


@dataclass
class FuzzWorld:
    services: Services
    portal: BlockingPortal
    client: httpx.AsyncClient
    roles: tuple[Role, ...]
    # Label ("A.event", "B.relation", ...) -> id or string of the seeded object.
    values: dict[str, str]
    # (METHOD, document path) -> access policy of the route (`accounts/permissions.py`).
    policies: Mapping[tuple[str, str], str]
    # Whether this operation's probes ran, and the first failure found (test_fuzz_openapi.py).
    probed: bool = False
    failure: str | None = None

    def __repr__(self) -> str:
        return f"FuzzWorld(A={self.values['A.event']}, B={self.values['B.event']})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis prints dataclasses field by field; the tokens and id maps are noise there.
        printer.text(repr(self))

    def run(self, fn: Callable[[], Awaitable[T]]) -> T:
        return self.portal.call(fn)


def _iso(value: Any) -> str:
    return str(value.isoformat()).replace("+00:00", "Z")


async def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    body: dict[str, Any] = response.json()
    return body


class _Seeder:
    """Makes the objects through the API as the master admin, so their documents are exactly what
    the API stores; persons, events, grants and rooms go straight into the database (the API
    has no call for some, and others would only repeat the factories)."""

    def __init__(self, services: Services, client: httpx.AsyncClient, master_token: str) -> None:
        self.services = services
        self.client = client
        self.h = bearer(master_token)
        self.values: dict[str, str] = {}

    def person(self, label: str, person: Person) -> None:
        self.values[label] = person.id
        self.values[f"{label}.email"] = person.login_email

    async def post(self, label: str, url: str, body: Any, **kwargs: Any) -> dict[str, Any]:
        created = await _created(await self.client.post(url, headers=self.h, json=body, **kwargs))
        if label:
            self.values[label] = str(created.get("ID") or created.get("ThemeID"))
        return created

    async def customer(self, side: str) -> dict[str, Any]:
        """One customer with an event, its attendee, an event admin and a customer admin, and
        one object of every kind a path names. Returns the rows later steps need."""
        services, now = self.services, self.services.clock.now()
        customer = await make_customer(services, name=f"Customer {side}")
        event = await make_event(services, customer)
        attendee = await make_person(services, event=event)
        event_admin = await make_person(services)
        customer_admin = await make_person(services)
        event_grant = await grant_admin(
            services, event_admin, AdminType.EVENT, event_id=event.id, customer_id=customer.id
        )
        customer_grant = await grant_admin(
            services, customer_admin, AdminType.CUSTOMER, customer_id=customer.id
        )
        async with services.db.session() as session:
            room = await ensure_broadcast_room(session, event.id, now)
        v = self.values
        v[f"{side}.customer"] = customer.id
        v[f"{side}.event"] = event.id
        v[f"{side}.event.name"] = event.internal_name
        self.person(f"{side}.attendee", attendee)
        self.person(f"{side}.event_admin", event_admin)
        self.person(f"{side}.customer_admin", customer_admin)
        v[f"{side}.event_grant"] = event_grant.id
        v[f"{side}.customer_grant"] = customer_grant.id
        v[f"{side}.room"] = room.id
        e = f"/events/{event.id}"
        session_doc = {
            "InternalName": f"keynote-{side}",
            "Title": "Keynote",
            "IsVirtual": True,
            "DateBegin": _iso(now - timedelta(minutes=10)),
            "DateEnd": _iso(now + timedelta(minutes=50)),
            "ConferenceType": "Iframe",
            "ConferenceJoinURL": "https://stream.example.com/live",
        }
        activity = await self.post(
            f"{side}.session", f"{e}/activities", session_doc, params={"EntityType": "Session"}
        )
        attendee_token = await token_for(services, attendee, event)
        message = await _created(
            await self.client.post(
                f"{e}/chat-rooms/{room.id}/chat-messages",
                headers=bearer(attendee_token),
                json={"TmpID": "seed", "Text": "hello"},
            )
        )
        v[f"{side}.message"] = message["ID"]
        await self.ticket(f"{side}.ticket", event.id, attendee_token)
        await self.hunt(side, e, attendee_token)
        await self.project(f"{side}.project", event.id, attendee_token)
        relation = {
            "EventID": event.id,
            "ParentType": "Chatroom",
            "ParentID": room.id,
            "RelationType": "Moderator",
            "ChildType": "Person",
            "ChildID": attendee.id,
        }
        await self.post(f"{side}.relation", "/relations", relation)
        location = {"LocationType": "VirtualSpace", "Name": "Hall", "EventID": event.id}
        await self.post(f"{side}.location", f"/customers/{customer.id}/locations", location)
        item = {
            "Position": "Top",
            "Index": 1,
            "Name": "Agenda",
            "Type": "Module",
            "Data": {"module": "agenda"},
        }
        await self.post(f"{side}.menu_item", f"{e}/menu", item)
        theme = {"CustomerID": customer.id, "Name": f"Brand {side}"}
        await self.post(f"{side}.theme", "/events/themes/global", theme)
        await self.post(f"{side}.pano", "/panos", {"CustomerID": customer.id, "Name": "Lobby"})
        await self.post(f"{side}.vtable", f"{e}/vtables", {"VTableName": "scores", "Rows": []})
        for url, value in (
            (f"{e}/values/k", {"a": 1}),
            (f"/persons/{attendee.id}/values/k", 1),
            (f"{e}/activities/{activity['ID']}/values/k", [1]),
        ):
            await self.post("", url, value)
        return {"event": event, "attendee": attendee, "customer_admin": customer_admin}

    async def ticket(self, label: str, event_id: str, token: str) -> None:
        """A help desk ticket asked by the token's person, and its support room."""
        ticket = await _created(
            await self.client.post(
                f"/events/{event_id}/helpdesk/tickets",
                headers=bearer(token),
                json={"Topic": "Help", "Text": "Where is the keynote?", "TmpID": label},
            )
        )
        self.values[label] = ticket["ID"]
        self.values[f"{label}.room"] = ticket["ChatroomID"]

    async def project(self, label: str, event_id: str, token: str) -> None:
        """A Wall of Fame project submitted by the token's person (pending: its author's and
        the organizers' only)."""
        project = await _created(
            await self.client.post(
                f"/events/{event_id}/walloffame/projects",
                headers=bearer(token),
                json={"Title": "Kiosk", "Category": "Energy", "Description": "Sunny", "Link": ""},
            )
        )
        self.values[label] = project["ID"]

    async def hunt(self, side: str, event_url: str, token: str) -> None:
        """A treasure hunt with an item the token's person found (so its board has a row)."""
        body = {"InternalName": f"hunt-{side}", "Title": "Hunt"}
        hunt = await self.post(
            f"{side}.hunt", f"{event_url}/activities", body, params={"EntityType": "TreasureHunt"}
        )
        items = f"{event_url}/treasure-hunts/{hunt['ID']}/items"
        star = {"NodeID": "lobby", "Yaw": 0, "Pitch": 0, "Name": "Star"}
        item = await self.post(f"{side}.hunt.item", items, star)
        await _created(await self.client.post(f"{items}/{item['ID']}/find", headers=bearer(token)))

    async def private_parts(self, event: Any) -> None:
        """Inside event A: a direct chat between two other attendees (with its membership
        relations and a message) and a session that starts tomorrow with a secret stream link."""
        services, now, v = self.services, self.services.clock.now(), self.values
        member = await make_person(services, event=event, first_name="Mia")
        peer = await make_person(services, event=event, first_name="Pia")
        self.person("A.member", member)
        self.person("A.peer", peer)
        async with services.db.session() as session:
            direct, _ = await create_direct_room(
                session, services, event=event, inviter_id=member.id, invitee_id=peer.id, tmp_id="s"
            )
        v["A.direct"] = direct.ID
        listed = await self.client.get(
            "/relations", headers=self.h, params={"EventID": event.id, "ParentID": direct.ID}
        )
        for n, relation in enumerate(listed.json()):
            v[f"A.direct.relation{'' if n == 0 else n}"] = relation["ID"]
        message = await _created(
            await self.client.post(
                f"/events/{event.id}/chat-rooms/{direct.ID}/chat-messages",
                headers=bearer(await token_for(services, member, event)),
                json={"TmpID": "seed", "Text": DIRECT_TEXT},
            )
        )
        v["A.direct.message"] = message["ID"]
        v["A.direct.text"] = DIRECT_TEXT
        # Another attendee's help desk conversation: theirs and the agents' only.
        await self.ticket("A.member.ticket", event.id, await token_for(services, member, event))
        # Another attendee's Wall of Fame project, waiting for review: theirs and the organizers'.
        await self.project("A.member.project", event.id, await token_for(services, member, event))
        future = {
            "InternalName": "tomorrow",
            "Title": "Tomorrow",
            "IsVirtual": True,
            "DateBegin": _iso(now + timedelta(days=1)),
            "DateEnd": _iso(now + timedelta(days=1, hours=1)),
            "ConferenceType": "Iframe",
            "ConferenceJoinURL": STREAM_URL,
            "ConferenceID": STREAM_SECRETS["A.future.conference_id"],
        }
        await self.post(
            "A.future",
            f"/events/{event.id}/activities",
            future,
            params={"EntityType": "Session"},
        )
        v.update(STREAM_SECRETS)


async def seed(
    services: Services, client: httpx.AsyncClient
) -> tuple[tuple[Role, ...], dict[str, str]]:
    """Customers A and B with their objects, A's private parts, and the three callers."""
    master = await make_person(services)
    master_grant = await grant_admin(services, master, AdminType.MASTER)
    master_token = await token_for(services, master)
    seeder = _Seeder(services, client, master_token)
    seeder.person("master", master)
    seeder.values["master_grant"] = master_grant.id
    a = await seeder.customer("A")
    b = await seeder.customer("B")
    await seeder.private_parts(a["event"])
    values = seeder.values
    attendee_sees = {
        "A.customer",
        "A.event",
        "A.event.name",
        "A.attendee",
        "A.attendee.email",  # their own
        "A.member",
        "A.peer",  # attendees are listed to members (`/events/{E}/attendees/ids`), not their email
        "A.session",
        "A.future",  # the session itself is on the agenda; only its stream fields are withheld
        "A.room",
        "A.message",
        "A.relation",
        "A.location",
        "A.menu_item",
        "A.theme",
        "A.vtable",
        "A.pano",  # of the event's customer: its tour is what the attendee walks through
        "A.ticket",
        "A.ticket.room",  # their own help desk conversation
        "A.hunt",
        "A.hunt.item",  # the event's treasure hunt and what is hidden in it
        "A.project",  # their own Wall of Fame project
    }
    b_admin_sees = {label for label in values if label.startswith("B.")}
    roles = (
        Role("attendee of A", await token_for(services, a["attendee"], a["event"])),
        Role("customer admin of B", await token_for(services, b["customer_admin"])),
        Role("master", master_token),
    )
    return (
        (
            _probing(roles[0], values, sees=attendee_sees, foreign="B"),
            _probing(roles[1], values, sees=b_admin_sees, foreign="A"),
            roles[2],
        ),
        values,
    )


def _probing(role: Role, values: Mapping[str, str], *, sees: set[str], foreign: str) -> Role:
    hidden = {k: v for k, v in values.items() if k not in sees}
    public = {f"{foreign}.{name}" for name in _PUBLIC_IDS}
    return Role(
        role.name,
        role.token,
        hidden={k: v for k, v in hidden.items() if k not in public},
        untouchable=hidden,
    )


def _api_routes(routes: Iterable[BaseRoute]) -> Iterator[APIRoute]:
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        included = getattr(route, "original_router", None)
        if included is not None:
            yield from _api_routes(included.routes)


def _policy(call: Any, dependencies: Iterable[Any]) -> str | None:
    found = getattr(call, POLICY_ATTR, None)
    if isinstance(found, str):
        return found
    for dep in dependencies:
        name = _policy(dep.call, dep.dependencies)
        if name is not None:
            return name
    return None


def route_policies(app: FastAPI) -> dict[tuple[str, str], str]:
    """(METHOD, path as the document writes it) -> the route's policy name."""
    policies: dict[tuple[str, str], str] = {}
    for route in _api_routes(app.routes):
        name = _policy(route.dependant.call, route.dependant.dependencies)
        path = re.sub(r"\{(\w+):[^}]+\}", r"{\1}", route.path)
        for method in route.methods or ():
            policies[(method, path if path.startswith(API_PREFIX) else API_PREFIX + path)] = (
                name or "unknown"
            )
    return policies


Rows = tuple[tuple[Table, tuple[dict[str, Any], ...]], ...]


@dataclass(frozen=True)
class _Snapshot:
    """A seeded world as rows, to put back into an empty database instead of seeding again."""

    now: datetime
    rows: Rows
    files: dict[str, bytes]
    roles: tuple[Role, ...]
    values: dict[str, str]


# Backend -> the world seeded first in this process. Every operation starts from the same
# rows at the same frozen time: seeding through the API is most of a world's cost, restoring
# the rows takes a few statements.
_SNAPSHOTS: dict[str, _Snapshot] = {}


def _backend(settings: Settings) -> str:
    return settings.database_url.split(":", 1)[0]


async def _empty(services: Services) -> None:
    """The database as the schema left it (PostgreSQL keeps one database per process)."""
    if services.db.engine.dialect.name == "postgresql":
        tables = ", ".join(t.name for t in Base.metadata.sorted_tables)
        async with services.db.engine.begin() as conn:
            await conn.execute(text(f"TRUNCATE {tables} CASCADE"))


async def _capture(services: Services, settings: Settings) -> tuple[Rows, dict[str, bytes]]:
    rows: list[tuple[Table, tuple[dict[str, Any], ...]]] = []
    async with services.db.engine.connect() as conn:
        for table in Base.metadata.sorted_tables:
            found = (await conn.execute(select(table))).mappings().all()
            rows.append((table, tuple(dict(row) for row in found)))
    files = {
        str(path.relative_to(settings.data_dir)): path.read_bytes()
        for path in sorted(settings.data_dir.rglob("*"))
        if path.is_file()
    }
    return tuple(rows), files


async def _restore(services: Services, settings: Settings, snapshot: _Snapshot) -> None:
    async with services.db.engine.begin() as conn:
        for table, rows in snapshot.rows:
            if rows:
                await conn.execute(table.insert(), list(rows))
    for name, content in snapshot.files.items():
        target = settings.data_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)


async def _build(services: Services, settings: Settings, seeding: httpx.AsyncClient) -> _Snapshot:
    """Seed this process's first world, or put its rows back for every later operation."""
    await _empty(services)
    known = _SNAPSHOTS.get(_backend(settings))
    if known is not None:
        await _restore(services, settings, known)
        return known
    roles, values = await seed(services, seeding)
    rows, files = await _capture(services, settings)
    snapshot = _Snapshot(services.clock.now(), rows, files, roles, values)
    _SNAPSHOTS[_backend(settings)] = snapshot
    return snapshot


@contextmanager
def fuzz_world(settings: Settings) -> Iterator[FuzzWorld]:
    """A seeded app on a loop of its own for the duration of one fuzzed operation."""
    known = _SNAPSHOTS.get(_backend(settings))
    with start_blocking_portal() as portal:
        services = build_services(settings, clock=FrozenClock(known.now if known else None))
        app = create_app(services=services)
        client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=BASE_URL)
        seeding = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url=f"{BASE_URL}{API_PREFIX}"
        )
        try:
            world = portal.call(_build, services, settings, seeding)
            SEEDED.clear()
            SEEDED.update(pools(world.values))
            yield FuzzWorld(
                services, portal, client, world.roles, world.values, route_policies(app)
            )
        finally:
            SEEDED.clear()
            portal.call(seeding.aclose)
            portal.call(client.aclose)
            portal.call(services.db.dispose)


def pools(values: Mapping[str, str]) -> dict[str, tuple[Any, ...]]:
    found: dict[str, tuple[Any, ...]] = {
        name: tuple(values[label] for label in labels) for name, labels in _POOLS.items()
    }
    found.update({alias: found[name] for alias, name in _SAME_POOL.items()})
    found.update(_LITERALS)
    return found


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


# --- probes -------------------------------------------------------------------------------------

# Which objects a probe names: whose event (and customer) the path points into, and whose objects
# the other ids point at. Every combination of own, private and foreign, so each role asks both
# within its own event and across into the other customer's.
PROBES: tuple[tuple[str, str], ...] = (
    ("A", "A"),
    ("A", "A.private"),
    ("A", "B"),
    ("B", "B"),
    ("B", "A"),
    ("B", "A.private"),
)
_OBJECTS = (
    "ActivityID",
    "ChatroomID",
    "ChatMessageID",
    "RelationID",
    "LocationID",
    "MenuItemID",
    "ThemeID",
    "PanoID",
    "VTableID",
    "TicketID",
    "TreasureHuntID",
    "ItemID",
)


def _probe_labels(event_side: str, objects: str) -> dict[str, str]:
    side = objects.split(".", maxsplit=1)[0]
    labels = {
        "EventID": f"{event_side}.event",
        "CustomerID": f"{event_side}.customer",
        "EventInternalName": f"{event_side}.event.name",
        "PersonID": f"{side}.attendee",
        "EMail": f"{side}.attendee.email",
        "AdminID": f"{side}.event_grant",
    }
    for name in _OBJECTS:
        pool = _POOLS[name]
        labels[name] = next(label for label in pool if label.startswith(f"{side}."))
    if objects == "A.private":
        labels.update(
            PersonID="A.member",
            EMail="A.member.email",
            AdminID="A.customer_grant",
            ActivityID="A.future",
            ChatroomID="A.direct",
            ChatMessageID="A.direct.message",
            RelationID="A.direct.relation",
            TicketID="A.member.ticket",
        )
    return labels


def probe_values(values: Mapping[str, str], event_side: str, objects: str) -> dict[str, Any]:
    """Parameter name -> the value a probe gives it."""
    found: dict[str, Any] = {
        name: values[label] for name, label in _probe_labels(event_side, objects).items()
    }
    found.update({alias: found[name] for alias, name in _SAME_POOL.items()})
    # Day 2 of the event is tomorrow, when the private session runs.
    found.update(Key="k", DayNumber=2 if objects == "A.private" else 1)
    return found


def probed(container: Any, values: Mapping[str, Any], *, body: bool = False) -> Any:
    """`container` (path parameters, query or a JSON object body) with every field that names a
    seeded kind of object pointing at the probe's object. A body's own `ID` is left out: the
    server assigns it on create and wants the path's on change, a probe asks about the others."""
    if not isinstance(container, dict):
        return container
    return {
        k: values[k] if k in values and isinstance(v, _SCALAR) else v
        for k, v in container.items()
        if not (body and k == "ID")
    }


# --- the per-role checks --------------------------------------------------------------------------


def _text(content: bytes) -> str:
    return content.decode("utf-8", errors="replace")


def _response_text(response: httpx.Response) -> str:
    headers = "\n".join(f"{k}: {v}" for k, v in response.headers.items())
    return headers + "\n" + _text(response.content)


def _first(text: str, strings: Mapping[str, str]) -> tuple[str, str] | None:
    for label, value in strings.items():
        if value in text:
            return label, value
    return None


def _nothing_done(response: httpx.Response) -> bool:
    """A bulk delete by filter that matched nothing (`{"Deleted": 0}`): a filter may name any id,
    and the answer shows that nothing was changed."""
    try:
        return bool(response.json() == {"Deleted": 0})
    except ValueError:
        return False


def _describe(role: Role, operation: str, response: httpx.Response) -> str:
    request = response.request
    body = _text(request.content)
    return (
        f"{operation} as {role.name}: {request.method} {unquote(str(request.url))}"
        + (f" body {body[:500]!r}" if body else "")
        + f" -> {response.status_code} {_text(response.content)[:800]!r}"
    )


class RoleFinding(AssertionError):
    """A 2xx answer that changed (`kind` "change") or told (`kind` "leak") what the caller may not
    see."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


# Changes that may name a person of the other customer: a grant names its holder by id or login
# address, and any account may be made an admin of one's own customer or event (permissions.md,
# "The admin API"). The person is not changed; the new grant is the caller's own business.
PERSON_NAMING_CHANGES = frozenset({"POST /api/v1/admins"})
_PERSON_KINDS = frozenset({"attendee", "member", "peer", "event_admin", "customer_admin"})


def _is_person(label: str) -> bool:
    name = label.removesuffix(".email")
    return name == "master" or name.partition(".")[2] in _PERSON_KINDS


def check_role(role: Role, operation: str, policy: str, response: httpx.Response) -> None:
    """A 2xx answer to a change `role` asked for names no object it may not see, and no 2xx
    answer carries anything it may not see.

    A change names an object by its path or query, or by a body field that the answer shows was
    taken (a body field the server ignores, such as a read-back `PersonID`, changes nothing).
    Public routes act for anyone, whoever calls, and a bulk delete that matched nothing changed
    nothing. A read is held to every hidden string, even one it named itself: answering it at all
    tells that the object exists; a change already failed above when it named one."""
    if not 200 <= response.status_code < 300:
        return
    request = response.request
    address = unquote(str(request.url))
    body = _text(request.content)
    answer = _response_text(response)
    changes = request.method in MUTATING
    if changes and policy != "public" and not _nothing_done(response):
        for label, value in role.untouchable.items():
            if operation in PERSON_NAMING_CHANGES and _is_person(label):
                continue
            if value in address or (value in body and value in answer):
                raise RoleFinding(
                    "change",
                    f"changed an object it may not see: the request names {label} ({value!r}) "
                    f"and was answered {response.status_code}; "
                    + _describe(role, operation, response),
                )
    named = address + body
    hidden = {k: v for k, v in role.hidden.items() if not (changes and v in named)}
    leaked = _first(answer, hidden)
    if leaked is not None:
        label, value = leaked
        raise RoleFinding(
            "leak",
            f"leak: the answer carries {label} ({value!r}), which {role.name} may not see; "
            + _describe(role, operation, response),
        )


# --- generation hooks -----------------------------------------------------------------------------


def seeded_or(name: str, generated: Any) -> st.SearchStrategy[Any]:
    """Either the generated value or one of the seeded values under that parameter name: real
    objects, own and foreign, get hit some of the time, random ones the rest."""
    seeded = SEEDED.get(name)
    if seeded is None or not isinstance(generated, _SCALAR):
        return st.just(generated)
    return st.sampled_from([generated, *seeded])


def seeded_values(values: dict[str, Any] | None) -> st.SearchStrategy[dict[str, Any] | None]:
    if not values:
        return st.just(values)
    return st.fixed_dictionaries({k: seeded_or(k, v) for k, v in values.items()})


def seeded_body(body: Any) -> st.SearchStrategy[Any]:
    """A JSON object body whose top-level string fields named like a seeded parameter (EventID,
    CustomerID, ParentID, LoginEMail, ...) point at seeded objects part of the time: that is how
    a caller would try to reach another customer's objects through a body."""
    if not isinstance(body, dict) or not any(
        isinstance(v, str) and k in SEEDED for k, v in body.items()
    ):
        return st.just(body)
    return st.fixed_dictionaries(
        {k: seeded_or(k, v) if isinstance(v, str) else st.just(v) for k, v in body.items()}
    )
