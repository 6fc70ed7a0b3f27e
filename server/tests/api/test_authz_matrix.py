"""Authorization matrix: every kind of caller against representative routes of every feature.

Each row names a route and the exact status each caller must get; the callers are an anonymous
client, an attendee of event A, an attendee of event B (another customer), an event admin of A,
a customer admin of A's customer, a customer admin of B's customer and a master admin. A cell
that answers differently from the table fails the test, which lists every mismatching cell, so a
2xx where the table expects 401/403/404 (an unexpected allow) cannot pass. Allowed calls sent a
deliberately unusable body (a file that is not a font, a tour that is not a zip) expect the 4xx
that proves the call got past the permission checks.

Rows are grouped by feature; a group shares one seeded world. Destructive rows get a fresh world
after every call that succeeded, so each caller meets the object it is meant to meet.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import httpx
import pytest
from pydantic import TypeAdapter

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import PersonValue
from venuely.activities.models import Activity
from venuely.admins.models import AdminType
from venuely.chat.service import ensure_broadcast_room
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.menu import MenuItemIn, item_document
from venuely.events.models import EventValue, MenuItem
from venuely.panoramas.models import PanoVersion
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable

CALLERS = ("anonymous", "att_a", "att_b", "event_admin_a", "cust_admin_a", "cust_admin_b", "master")
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
NOT_AN_UPLOAD = ("notes.txt", b"plain text, neither font, image nor zip", "text/plain")

Expected = tuple[int, int, int, int, int, int, int]


# The policies of accounts/permissions.py as rows of expectations, `ok` being the allowed answer.
def member(ok: int = 200) -> Expected:
    """Event A's admins and its attendee."""
    return (401, ok, 403, ok, ok, 403, ok)


def event_admin(ok: int = 200) -> Expected:
    return (401, 403, 403, ok, ok, 403, ok)


def customer_admin(ok: int = 200) -> Expected:
    """Admins of A's customer; an admin of one event of it is not one."""
    return (401, 403, 403, 403, ok, 403, ok)


def any_admin(ok: int = 200) -> Expected:
    return (401, 403, 403, ok, ok, ok, ok)


def master_only(ok: int = 200) -> Expected:
    return (401, 403, 403, 403, 403, 403, ok)


def authenticated(ok: int = 200) -> Expected:
    return (401, ok, ok, ok, ok, ok, ok)


def customer_object(ok: int = 200) -> Expected:
    """An object of A's customer behind `AnyAdmin` (panos): other admins are told it does not
    exist."""
    return (401, 403, 403, 404, ok, 404, ok)


@dataclass
class World:
    ids: dict[str, str]
    tokens: dict[str, str]
    # The running session as created, for rows that send it back changed.
    session_body: dict[str, Any]


async def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    body: dict[str, Any] = response.json()
    return body


def _iso(value: Any) -> str:
    return str(value.isoformat()).replace("+00:00", "Z")


async def build_world(services: Services, client: httpx.AsyncClient) -> World:
    """Two customers with one event each, the callers, and one object of each feature: rows
    straight into the database where the API has no create call (pano versions) or where the
    owner matters (vfiles), the rest through the API as the master admin, so they are exactly
    what the API stores."""
    customer_a = await make_customer(services, "Customer A")
    customer_b = await make_customer(services, "Customer B")
    event_a = await make_event(services, customer_a)
    event_b = await make_event(services, customer_b)
    att_a = await make_person(services, event=event_a)
    other_att_a = await make_person(services, event=event_a)
    att_b = await make_person(services, event=event_b)
    event_admin = await make_person(services)
    cust_admin_a = await make_person(services)
    cust_admin_b = await make_person(services)
    master = await make_person(services)
    spare = await make_person(services)
    grant = await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event_a.id, customer_id=customer_a.id
    )
    await grant_admin(services, cust_admin_a, AdminType.CUSTOMER, customer_id=customer_a.id)
    await grant_admin(services, cust_admin_b, AdminType.CUSTOMER, customer_id=customer_b.id)
    await grant_admin(services, master, AdminType.MASTER)
    tokens = {
        "att_a": await token_for(services, att_a, event_a),
        "att_b": await token_for(services, att_b, event_b),
        "event_admin_a": await token_for(services, event_admin),
        "cust_admin_a": await token_for(services, cust_admin_a),
        "cust_admin_b": await token_for(services, cust_admin_b),
        "master": await token_for(services, master),
    }
    now = services.clock.now()
    item_id, vfile_own, vfile_other, vtable_b, activity_b = (new_id() for _ in range(5))
    async with services.db.session() as session:
        room_a = await ensure_broadcast_room(session, event_a.id, now)
        room_b = await ensure_broadcast_room(session, event_b.id, now)
        session.add(EventValue(event_id=event_a.id, key="k", value={"a": 1}, updated_at=now))
        session.add(PersonValue(person_id=att_a.id, key="k", value=1, updated_at=now))
        session.add(
            MenuItem(
                id=item_id,
                event_id=event_a.id,
                position="Top",
                index=1,
                is_visible=True,
                type="Module",
                document=item_document(TypeAdapter(MenuItemIn).validate_python(_menu_item())),
                created_at=now,
                updated_at=now,
            )
        )
        # Event B's objects, to be named through event A's paths.
        session.add(
            Activity(
                id=activity_b,
                event_id=event_b.id,
                entity_type="Poll",
                created_at=now,
                updated_at=now,
            )
        )
        session.add(
            VTable(id=vtable_b, event_id=event_b.id, name="b", created_at=now, updated_at=now)
        )
        # One vfile of attendee A's own, one of another attendee of A; both enabled.
        for vfile_id, owner in ((vfile_own, att_a.id), (vfile_other, other_att_a.id)):
            session.add(
                VFile(
                    id=vfile_id,
                    event_id=event_a.id,
                    entity_type="Person",
                    entity_id=owner,
                    person_id=owner,
                    title="CV",
                    file_type="File",
                    created_at=now,
                    updated_at=now,
                )
            )
    h = bearer(tokens["master"])
    e = f"/events/{event_a.id}"
    session_body = {
        "InternalName": "keynote",
        "Title": "Keynote",
        "IsVirtual": True,
        "DateBegin": _iso(now - timedelta(minutes=10)),
        "DateEnd": _iso(now + timedelta(minutes=50)),
        "ConferenceType": "Iframe",
        "ConferenceJoinURL": "https://stream.example.com/live",
    }
    activity = await _created(
        await client.post(
            f"{e}/activities", params={"EntityType": "Session"}, headers=h, json=session_body
        )
    )
    await _created(
        await client.post(f"{e}/activities/{activity['ID']}/values/k", headers=h, json=1)
    )
    hunt = await _created(
        await client.post(
            f"{e}/activities",
            params={"EntityType": "TreasureHunt"},
            headers=h,
            json={"InternalName": "hunt", "Title": "Hunt"},
        )
    )
    relation = await _created(
        await client.post(
            "/relations",
            headers=h,
            json={
                "EventID": event_a.id,
                "ParentType": "Chatroom",
                "ParentID": room_a.id,
                "RelationType": "Moderator",
                "ChildType": "Person",
                "ChildID": att_a.id,
            },
        )
    )
    location = await _created(
        await client.post(
            f"/customers/{customer_a.id}/locations",
            headers=h,
            json={"LocationType": "VirtualSpace", "Name": "Hall", "EventID": event_a.id},
        )
    )
    theme = await _created(
        await client.post(
            "/events/themes/global", headers=h, json={"CustomerID": customer_a.id, "Name": "Brand"}
        )
    )
    pano = await _created(
        await client.post("/panos", headers=h, json={"CustomerID": customer_a.id, "Name": "Venue"})
    )
    async with services.db.session() as session:
        session.add(PanoVersion(pano_id=pano["ID"], version=1, created_at=now))
    vtable = await _created(
        await client.post(f"{e}/vtables", headers=h, json={"VTableName": "scores"})
    )
    global_vtable = await _created(
        await client.post("/vtables", headers=h, json={"VTableName": f"g-{new_id()}"})
    )
    upload = await client.put(
        f"{e}/vfiles/{vfile_other}/uploadcontent",
        params={
            "FileName": "cv.pdf",
            "MimeType": "application/pdf",
            "FileBytes": len(PDF),
            "FileTimeAsInt": 1_700_000_000_000,
        },
        content=PDF,
        headers=h,
    )
    await _created(upload)
    ids = {
        "A": event_a.id,
        "B": event_b.id,
        "C": customer_a.id,
        "CB": customer_b.id,
        "ITEM": item_id,
        "GRANT": grant.id,
        "SPARE": spare.id,
        "P": att_a.id,
        "P2": other_att_a.id,
        "EMAIL": att_a.login_email,
        "ACT": activity["ID"],
        "ACT_B": activity_b,
        "HUNT": hunt["ID"],
        "ROOM": room_a.id,
        "ROOM_B": room_b.id,
        "REL": relation["ID"],
        "LOC": location["ID"],
        "THEME": theme["ThemeID"],
        "PANO": pano["ID"],
        "VF_OWN": vfile_own,
        "VF_OTHER": vfile_other,
        "VT": vtable["ID"],
        "VT_B": vtable_b,
        "GVT": global_vtable["ID"],
    }
    return World(ids=ids, tokens=tokens, session_body=session_body)


def _menu_item() -> dict[str, Any]:
    return {
        "Position": "Top",
        "Index": 1,
        "Name": "Agenda",
        "Type": "Module",
        "Data": {"module": "agenda"},
    }


def _event_body() -> dict[str, Any]:
    return {
        "Title": "New",
        "InternalName": f"new-{new_id()[-10:]}",
        "DateBeginUTC": "2030-01-01T10:00:00Z",
        "DateEndUTC": "2030-01-02T10:00:00Z",
    }


@dataclass(frozen=True)
class Row:
    method: str
    path: str
    expected: Expected
    body: Callable[[World], Any] | None = None
    destructive: bool = False
    form: dict[str, str] = field(default_factory=dict)
    upload: tuple[str, bytes, str] | None = None

    def __str__(self) -> str:
        return f"{self.method} {self.path}"


def _ref(key: str) -> Callable[[World], str]:
    return lambda w: w.ids[key]


GROUPS: dict[str, list[Row]] = {
    "events": [
        #                                                 anon att_a att_b evadm custA custB master
        Row("GET", "/events/{A}", event_admin()),
        Row("PUT", "/events/{A}", event_admin(), lambda w: {"Title": "T2"}),
        Row("DELETE", "/events/{A}", (401, 403, 403, 403, 204, 403, 204), destructive=True),
        Row("GET", "/events/{A}/public", member()),
        Row("GET", "/events/{A}/email-whitelist", member()),
        Row("PUT", "/events/{A}/email-whitelist", event_admin(), lambda w: {"Entries": []}),
        Row("GET", "/events/{A}/values/k", member()),
        Row("POST", "/events/{A}/values/k", event_admin(), lambda w: [1]),
        Row("GET", "/events/{A}/attendees/ids", member()),
        Row("POST", "/events/{A}/menu", event_admin(201), lambda w: _menu_item()),
        Row("PUT", "/events/{A}/menu/{ITEM}", event_admin(), lambda w: _menu_item()),
        Row("DELETE", "/events/{A}/menu/{ITEM}", event_admin(204), destructive=True),
        Row("PUT", "/events/{A}/menu/default", event_admin(), lambda w: {"ID": w.ids["ITEM"]}),
        Row("GET", "/customers/{C}/events", customer_admin()),
        Row("POST", "/customers/{C}/events", customer_admin(201), lambda w: _event_body()),
        Row("GET", "/events/getallevents", master_only()),
        Row("GET", "/events/id/{A}/metadata", (200, 200, 200, 200, 200, 200, 200)),
    ],
    "admins": [
        Row("GET", "/admins", any_admin()),
        Row("GET", "/admins/listadmins/Event?EventID={A}", any_admin()),
        Row(
            "POST",
            "/admins",
            customer_admin(201),
            lambda w: {"PersonID": w.ids["SPARE"], "AdminType": "Event", "EventID": w.ids["A"]},
            destructive=True,
        ),
        Row("GET", "/admins/{GRANT}", (401, 403, 403, 200, 200, 404, 200)),
        Row("PUT", "/admins/{GRANT}", (401, 403, 403, 403, 200, 404, 200), lambda w: {"Roles": []}),
        Row("DELETE", "/admins/{GRANT}", (401, 403, 403, 403, 204, 404, 204), destructive=True),
        Row("POST", "/admins/{GRANT}/sendnewadmininfomail", (401, 403, 403, 403, 202, 404, 202)),
        Row("GET", "/admins/getiseventorcustomerormasteradmin?EventID={A}", authenticated()),
        Row("GET", "/admins/getismasteradmin", authenticated()),
    ],
    # Persons: attendee A's own record. Outside their scope, admins and attendees get 404.
    "persons": [
        Row("GET", "/persons", any_admin()),
        Row(
            "POST",
            "/persons",
            (401, 403, 403, 201, 201, 403, 201),
            lambda w: {
                "FirstName": "New",
                "LastName": "Person",
                "LoginEMail": f"new-{new_id()}@example.com",
                "EventID": w.ids["A"],
            },
        ),
        Row("GET", "/personbyemail?EMail={EMAIL}", (401, 403, 403, 200, 200, 404, 200)),
        Row("GET", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200)),
        Row(
            "PUT", "/persons/{P}", (401, 200, 404, 200, 200, 404, 200), lambda w: {"FirstName": "X"}
        ),
        Row("DELETE", "/persons/{P}", (401, 204, 404, 403, 204, 404, 204), destructive=True),
        Row("GET", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200)),
        Row("POST", "/persons/{P}/values/k", (401, 200, 404, 200, 200, 404, 200), lambda w: 2),
    ],
    # Global themes belong to customer A: its admins change them, event A's admin may only read
    # them (to apply one), other customers' admins are told they do not exist.
    "themes": [
        Row("GET", "/events/themes/default", any_admin()),
        Row("PUT", "/events/themes/default/MainTheme", master_only(), lambda w: {}),
        Row("GET", "/events/themes/global", any_admin()),
        Row(
            "POST",
            "/events/themes/global",
            customer_admin(201),
            lambda w: {"CustomerID": w.ids["C"], "Name": "New"},
        ),
        Row("GET", "/events/themes/global/{C}", customer_admin()),
        Row("GET", "/events/themes/{THEME}", (401, 403, 403, 200, 200, 404, 200)),
        Row(
            "PUT",
            "/events/themes/{THEME}/HeaderTheme",
            (401, 403, 403, 403, 200, 404, 200),
            lambda w: {},
        ),
        Row(
            "DELETE",
            "/events/themes/{THEME}",
            (401, 403, 403, 403, 204, 404, 204),
            destructive=True,
        ),
        Row(
            "POST",
            "/events/themes/{THEME}/fonts/regular",
            (401, 403, 403, 403, 415, 404, 415),
            upload=NOT_AN_UPLOAD,
        ),
        Row("GET", "/events/{A}/theme", event_admin()),
        Row("PUT", "/events/{A}/theme/ChatTheme", event_admin(), lambda w: {}),
        Row("PUT", "/events/{A}/theme/MainTheme/reset", event_admin()),
        Row("POST", "/events/{A}/themes/{THEME}/apply", event_admin()),
        Row("GET", "/events/{A}/public/theme", member()),
        Row("POST", "/events/{A}/themes/fonts/bold", event_admin(415), upload=NOT_AN_UPLOAD),
        Row("PUT", "/events/{A}/themes/fonts/bold/re-order", event_admin(), lambda w: []),
        Row("POST", "/events/{A}/themes/media-assets/logo", event_admin(415), upload=NOT_AN_UPLOAD),
        # No logo is set: past the policy, admins learn the asset does not exist.
        Row("DELETE", "/events/{A}/themes/media-assets/logo", event_admin(404)),
    ],
    "event pages": [
        Row("PUT", "/events/{A}/faq", event_admin(), form={"Title": "FAQ", "Content": "Q?"}),
        Row("PUT", "/events/{A}/landing", event_admin(), form={"Title": "Hi", "Content": "x"}),
        Row(
            "PUT",
            "/events/{A}/photobooth",
            event_admin(),
            lambda w: {"Slug": "booth", "Domain": "https://booth.example.com"},
        ),
        Row("POST", "/events/{A}/webelement-image/hero", event_admin(415), upload=NOT_AN_UPLOAD),
    ],
    "activities": [
        Row("GET", "/events/{A}/activities", member()),
        Row(
            "POST",
            "/events/{A}/activities?EntityType=Poll",
            event_admin(201),
            lambda w: {"InternalName": "poll", "Title": "Poll"},
        ),
        Row("GET", "/events/{A}/activities/{ACT}", member()),
        Row("GET", "/events/{A}/activities/{ACT_B}", (401, 404, 403, 404, 404, 403, 404)),
        Row(
            "PUT",
            "/events/{A}/activities/{ACT}",
            event_admin(),
            lambda w: {**w.session_body, "Title": "Opening"},
        ),
        Row("DELETE", "/events/{A}/activities/{ACT}", event_admin(204), destructive=True),
        Row("DELETE", "/events/{A}/activities/{ACT_B}", (401, 403, 403, 404, 404, 403, 404)),
        Row("GET", "/events/{A}/activities/{ACT}/values/k", member()),
        Row("POST", "/events/{A}/activities/{ACT}/values/k", event_admin(), lambda w: 2),
        Row("POST", "/events/{A}/activities/{ACT}/sync", event_admin()),
        Row("GET", "/events/{A}/stream/iframe/{ACT}", member()),
    ],
    # Relations name their event in the query or the relation: members read, admins write.
    "relations": [
        Row("GET", "/relations?EventID={A}", member()),
        Row(
            "POST",
            "/relations",
            event_admin(201),
            lambda w: {
                "EventID": w.ids["A"],
                "ParentType": "Chatroom",
                "ParentID": w.ids["ROOM"],
                "RelationType": "ChatroomAttendee",
                "ChildType": "Person",
                "ChildID": new_id(),
            },
        ),
        Row(
            "DELETE",
            "/relations?EventID={A}&ParentType=Chatroom",
            event_admin(),
            destructive=True,
        ),
        Row("GET", "/relations/{REL}", (401, 200, 404, 200, 200, 404, 200)),
        Row("DELETE", "/relations/{REL}", (401, 403, 404, 204, 204, 404, 204), destructive=True),
    ],
    "lists": [
        Row("GET", "/events/{A}/lists/agenda?DayNumber=1", member()),
        Row("POST", "/events/{A}/lists/attendees", member(), lambda w: [w.ids["P2"]]),
        Row("GET", "/events/{A}/lists/speakerscsv", event_admin()),
        Row("GET", "/events/{A}/lists/vfilescsv?EntityType=Person", event_admin()),
    ],
    # Locations of customer A: its admins see all; others read through one event of A (their
    # token's, or the EventID they pass). The event admin's login names no event.
    "locations": [
        Row("GET", "/customers/{C}/locations", (401, 200, 403, 403, 200, 403, 200)),
        Row("GET", "/customers/{C}/locations?EventID={A}", member()),
        Row("GET", "/customers/{C}/locations?EventID={B}", (401, 403, 403, 403, 200, 403, 200)),
        Row(
            "POST",
            "/customers/{C}/locations",
            customer_admin(201),
            lambda w: {"LocationType": "VirtualSpace", "Name": "Foyer"},
        ),
        Row("GET", "/customers/{C}/locations/{LOC}", (401, 200, 403, 403, 200, 403, 200)),
        Row("GET", "/customers/{C}/locations/{LOC}?EventID={A}", member()),
        # Customer A's location named under customer B: B's attendee and admins find nothing.
        Row("GET", "/customers/{CB}/locations/{LOC}", (401, 403, 404, 403, 403, 404, 404)),
        Row(
            "PUT",
            "/customers/{C}/locations/{LOC}",
            customer_admin(),
            lambda w: {"LocationType": "VirtualSpace", "Name": "Hall 2", "EventID": w.ids["A"]},
        ),
        Row("DELETE", "/customers/{C}/locations/{LOC}", customer_admin(204), destructive=True),
    ],
    # Event A's broadcast room; event B's room named through event A's path does not exist.
    "chat": [
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chat-messages", member()),
        Row(
            "POST",
            "/events/{A}/chat-rooms/{ROOM}/chat-messages",
            member(201),
            lambda w: {"TmpID": new_id(), "Text": "hello"},
        ),
        Row(
            "GET",
            "/events/{A}/chat-rooms/{ROOM_B}/chat-messages",
            (401, 404, 403, 404, 404, 403, 404),
        ),
        Row("GET", "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?PersonID={P}", member()),
        Row(
            "GET",
            "/events/{A}/chat-rooms/{ROOM}/chatpersonstatus?PersonID={P2}",
            (401, 403, 403, 200, 200, 403, 200),
        ),
    ],
    # Tickets for a realtime connection: an attendee's token names its event; admins name one.
    "realtime": [
        Row("POST", "/amvproto/authenticate", authenticated()),
        Row("POST", "/amvproto/authenticate?EventID={A}", member()),
    ],
    "panoramas": [
        Row("GET", "/panos", any_admin()),
        Row("GET", "/panos?CustomerID={C}", customer_admin()),
        Row(
            "POST", "/panos", customer_admin(201), lambda w: {"CustomerID": w.ids["C"], "Name": "N"}
        ),
        Row(
            "POST",
            "/panos",
            (401, 403, 403, 403, 403, 201, 201),
            lambda w: {"CustomerID": w.ids["CB"], "Name": "N"},
        ),
        Row("GET", "/panos/{PANO}", customer_object()),
        Row("PUT", "/panos/{PANO}", customer_object(), lambda w: {"Name": "Renamed"}),
        Row("DELETE", "/panos/{PANO}", customer_object(204), destructive=True),
        Row("POST", "/panos/{PANO}/upload", customer_object(422), upload=NOT_AN_UPLOAD),
        Row("PUT", "/panos/{PANO}/versions/1/panovars", customer_object(), lambda w: {}),
        Row("GET", "/panos/{PANO}/versions/1/usage", customer_object()),
        Row("GET", "/events/pano/{PANO}/1", customer_object()),
        Row("DELETE", "/panos/{PANO}/versions/1", customer_object(204), destructive=True),
        # Attendee variables: attendee A's own, and another attendee's of the same event.
        Row("GET", "/events/{A}/attendees/{P}/pano-variables", member()),
        Row(
            "POST",
            "/events/{A}/attendees/{P}/pano-variables",
            member(),
            lambda w: {"Var_User_01": "open"},
        ),
        Row("POST", "/events/{A}/attendees/{P}/pano-variables/sync", member()),
        Row("GET", "/events/{A}/attendees/{P2}/pano-variables", event_admin()),
        Row(
            "POST",
            "/events/{A}/attendees/{P2}/pano-variables",
            event_admin(),
            lambda w: {"Var_User_01": "open"},
        ),
        Row("POST", "/events/{A}/attendees/{P2}/pano-variables/sync", event_admin()),
        Row("POST", "/events/{A}/attendees/pano-variables/sync", event_admin()),
    ],
    # Vfiles of event A: attendee A's own, and another attendee's (with content).
    "vfiles": [
        Row("GET", "/events/{A}/vfiles", member()),
        Row("GET", "/events/{A}/vfiles/walloffame", member()),
        Row(
            "POST",
            "/events/{A}/vfiles",
            member(201),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P"], "Title": "Mine"},
        ),
        Row(
            "POST",
            "/events/{A}/vfiles",
            event_admin(201),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P2"], "Title": "Theirs"},
        ),
        Row("GET", "/events/{A}/vfiles/{VF_OTHER}", member()),
        Row("GET", "/events/{A}/vfiles/{VF_OTHER}/file", member()),
        Row(
            "PUT",
            "/events/{A}/vfiles/{VF_OWN}",
            member(),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P"], "Title": "New"},
        ),
        Row(
            "PUT",
            "/events/{A}/vfiles/{VF_OTHER}",
            event_admin(),
            lambda w: {"EntityType": "Person", "EntityID": w.ids["P2"], "Title": "New"},
        ),
        Row("DELETE", "/events/{A}/vfiles/{VF_OWN}", member(204), destructive=True),
        Row("DELETE", "/events/{A}/vfiles/{VF_OTHER}", event_admin(204), destructive=True),
    ],
    "vtables": [
        Row("GET", "/events/{A}/vtables", member()),
        Row(
            "POST",
            "/events/{A}/vtables",
            event_admin(201),
            lambda w: {"VTableName": f"t-{new_id()}"},
        ),
        Row("GET", "/events/{A}/vtables/{VT}", member()),
        Row("GET", "/events/{A}/vtables/{VT_B}", (401, 404, 403, 404, 404, 403, 404)),
        Row("PUT", "/events/{A}/vtables/{VT}", event_admin(), lambda w: {"VTableName": "scores"}),
        Row("POST", "/events/{A}/vtables?VTableID={VT}", event_admin(201), lambda w: {"Score": 1}),
        Row("DELETE", "/events/{A}/vtables/{VT}", event_admin(204), destructive=True),
        Row("GET", "/vtables", authenticated()),
        Row("POST", "/vtables", master_only(201), lambda w: {"VTableName": f"g-{new_id()}"}),
        Row("GET", "/vtables/{GVT}", authenticated()),
        Row("PUT", "/vtables/{GVT}", master_only(), lambda w: {"VTableName": f"g-{new_id()}"}),
        Row("DELETE", "/vtables/{GVT}", master_only(204), destructive=True),
    ],
    "treasure hunt": [
        Row("GET", "/events/{A}/treasure-hunts/{HUNT}/rankings", member()),
    ],
    # A URL the outbound guard refuses as invalid before any connection (so no network happens)
    # with a 422, which no permission check answers: the call got past the policy.
    "proxy": [
        Row("GET", "/proxy?url=ftp://127.0.0.1:9/x.png", authenticated(422)),
    ],
}


def _path(row: Row, world: World) -> str:
    path = row.path
    for key, value in world.ids.items():
        path = path.replace("{" + key + "}", value)
    return path


async def _call(client: httpx.AsyncClient, row: Row, world: World, caller: str) -> int:
    headers = bearer(world.tokens[caller]) if caller in world.tokens else {}
    kwargs: dict[str, Any] = {"headers": headers}
    if row.body is not None:
        kwargs["json"] = row.body(world)
    if row.form:
        kwargs["data"] = row.form
    if row.upload is not None:
        kwargs["files"] = {"file": row.upload}
    response = await client.request(row.method, _path(row, world), **kwargs)
    return response.status_code


@pytest.mark.usefixtures("mailbox")
@pytest.mark.parametrize("group", list(GROUPS), ids=str)
async def test_authorization_matrix(
    client: httpx.AsyncClient, services: Services, group: str
) -> None:
    world = await build_world(services, client)
    mismatches = []
    for row in GROUPS[group]:
        for caller, expected in zip(CALLERS, row.expected, strict=True):
            status = await _call(client, row, world, caller)
            if status != expected:
                mismatches.append(f"{row} as {caller}: expected {expected}, got {status}")
            if row.destructive and 200 <= status < 300:
                # The target is gone: the next caller gets a world where it still exists.
                world = await build_world(services, client)
    assert not mismatches, "unexpected answers:\n" + "\n".join(mismatches)


async def test_is_admin_answers_depend_on_the_caller(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await build_world(services, client)
    path = f"/admins/getiseventorcustomerormasteradmin?EventID={world.ids['A']}"
    answers = {
        caller: (await client.get(path, headers=bearer(world.tokens[caller]))).json()
        for caller in CALLERS[1:]
    }
    assert answers == {
        "att_a": False,
        "att_b": False,
        "event_admin_a": True,
        "cust_admin_a": True,
        "cust_admin_b": False,
        "master": True,
    }
