"""The seeded world of the authorization matrix (`test_authz_matrix.py`).

Two customers with one event each (A and B), the seven callers, and objects of every feature:
the callers' own ones (in event A, or attendee A's) and foreign ones (another attendee's of A,
event B's, customer B's), so each route can be asked about both. Rows name objects by the keys
of `World.ids` (`{ROOM}`, `{DM_REL}`, ...); the keys are listed where the objects are made.

Objects are made through the API as the master admin where the API has a create call, so they
are exactly what the API stores; straight into the database where it has none (pano versions,
stored files, chat messages and read status) or where the owner matters (vfiles, wall of fame
rows).

The private contexts: a direct room (`DM`) and a group room (`GROUP`) between two other
attendees of A (`P2` and `P3`), never attendee A. Their membership relations (`DM_REL`,
`GROUP_REL`: `P3` as `ChatroomAttendee`) and an activity pinned to the direct room (`DM_ACT`) are
what attendee A must not read. The stream link: a session starting tomorrow (`FUTURE`, on agenda
day `FUTURE_DAY`) whose join URL and conference id (`STREAM_SECRETS`) only organizers may read.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import httpx
from pydantic import TypeAdapter
from sqlalchemy import select

from tests.api.authz_breakouts import breakout_objects
from tests.api.authz_helpdesk import helpdesk_objects
from tests.api.authz_identity import identity_objects
from tests.api.authz_media import media_objects
from tests.api.authz_polls import poll_objects
from tests.api.authz_qna import qna_objects
from tests.api.authz_treasurehunt import treasurehunt_objects
from tests.api.authz_walloffame import walloffame_objects
from tests.factories import (
    DEFAULT_PASSWORD,
    bearer,
    grant_admin,
    make_customer,
    make_event,
    make_person,
    token_for,
)
from venuely.accounts.models import Person, PersonValue
from venuely.activities.models import Activity
from venuely.admins.models import AdminType
from venuely.chat.messages import post_message
from venuely.chat.models import ChatPersonStatus, Chatroom
from venuely.chat.service import create_direct_room, create_group_room, ensure_broadcast_room
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.menu import MenuItemIn, item_document
from venuely.events.models import Event, EventValue, MenuItem
from venuely.files.models import StoredFile
from venuely.files.storage import build_storage
from venuely.lists.service import day_window
from venuely.panoramas.models import PanoVersion
from venuely.relations.models import Relation, RelationType
from venuely.themes.models import Theme
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable, VTableRow
from venuely.vtables.schemas import WALL_OF_FAME
from venuely.walloffame.models import ReviewState, WallOfFameReview

CALLERS = ("anonymous", "att_a", "att_b", "event_admin_a", "cust_admin_a", "cust_admin_b", "master")
# Event A's organizers: they read everything of the event.
ORGANIZERS_A = frozenset({"event_admin_a", "cust_admin_a", "master"})

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
NOT_AN_UPLOAD = ("notes.txt", b"plain text, neither font, image nor zip", "text/plain")
# A stored blob (served by /files/{hash}, listed in a tour version, named by a global theme).
BLOB = b"<krpano><scene name='lobby'/></krpano>\n"
BLOB_HASH = hashlib.sha256(BLOB).hexdigest()
# What attendees must not read of a session that has not started yet.
STREAM_URL = "https://stream.example.com/secret-token"
STREAM_SECRETS = ("secret-token", "dial-in-kq7z")


@dataclass
class World:
    ids: dict[str, str]
    tokens: dict[str, str]
    # Who each caller is (person and the event their token names), for a session of their own.
    logins: dict[str, tuple[Person, Event | None]]
    # The running session as created, for rows that send it back changed.
    session_body: dict[str, Any]

    def fill(self, template: str) -> str:
        """`template` with every `{KEY}` replaced by the world's id of that key."""
        for key, value in self.ids.items():
            template = template.replace("{" + key + "}", value)
        return template


async def _created(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code in {200, 201}, f"{response.request.url}: {response.text}"
    body: dict[str, Any] = response.json()
    return body


def _iso(value: datetime) -> str:
    return value.isoformat().replace("+00:00", "Z")


def menu_item() -> dict[str, Any]:
    return {
        "Position": "Top",
        "Index": 1,
        "Name": "Agenda",
        "Type": "Module",
        "Data": {"module": "agenda"},
    }


def event_body() -> dict[str, Any]:
    return {
        "Title": "New",
        "InternalName": f"new-{new_id()[-10:]}",
        "DateBeginUTC": "2030-01-01T10:00:00Z",
        "DateEndUTC": "2030-01-02T10:00:00Z",
    }


def relation_body(
    event_id: str, parent: tuple[str, str], kind: str, child: tuple[str, str]
) -> dict[str, Any]:
    """A relation as POST /relations takes it; `parent` and `child` are (type, id)."""
    return {
        "EventID": event_id,
        "ParentType": parent[0],
        "ParentID": parent[1],
        "RelationType": kind,
        "ChildType": child[0],
        "ChildID": child[1],
    }


def _day_number(event: Event, moment: datetime) -> int:
    """The agenda's DayNumber of `moment` in `event`."""
    for number in range(1, 367):
        start, end = day_window(event, number)
        if start <= moment < end:
            return number
    raise AssertionError(f"{moment} is not a day of the event")


async def build_world(services: Services, client: httpx.AsyncClient) -> World:
    ids: dict[str, str] = {}
    logins = await _people(services, ids)
    tokens = {
        caller: await token_for(services, person, event)
        for caller, (person, event) in logins.items()
    }
    event_a, event_b = logins["att_a"][1], logins["att_b"][1]
    assert event_a is not None
    assert event_b is not None
    await _database_rows(services, ids, event_a, event_b)
    session_body = await _api_objects(client, bearer(tokens["master"]), ids, services.clock.now())
    ids["FUTURE_DAY"] = str(_day_number(event_a, services.clock.now() + timedelta(days=1)))
    await media_objects(client, bearer(tokens["master"]), ids, services.clock.now())
    await poll_objects(client, bearer(tokens["master"]), ids, services.clock.now())
    await qna_objects(services, client, bearer(tokens["master"]), ids, services.clock.now())
    await breakout_objects(client, bearer(tokens["master"]), ids, services.clock.now())
    await helpdesk_objects(services, client, ids)
    await treasurehunt_objects(services, client, bearer(tokens["master"]), ids)
    await walloffame_objects(services, client, bearer(tokens["master"]), ids)
    await identity_objects(client, bearer(tokens["master"]), ids)
    await _chat(services, ids, event_a, event_b)
    await _themes_and_tours(services, ids)
    return World(ids=ids, tokens=tokens, logins=logins, session_body=session_body)


async def _people(
    services: Services, ids: dict[str, str]
) -> dict[str, tuple[Person, Event | None]]:
    """The customers, events and persons. Keys: A, B (events), NAME (A's internal name), C, CB
    (customers), P, P2, P3 (attendees of A: attendee A and two others), PB (attendee of B),
    EMAIL and MASTER_EMAIL (attendee A's and the master's logins), PASSWORD (everyone's), SPARE
    (a person without rights), GRANT (the event admin's grant on A), GRANT_B (an event grant on
    B)."""
    customer_a = await make_customer(services, "Customer A")
    customer_b = await make_customer(services, "Customer B")
    event_a = await make_event(services, customer_a)
    event_b = await make_event(services, customer_b)
    att_a = await make_person(services, event=event_a)
    other_a = await make_person(services, event=event_a)
    third_a = await make_person(services, event=event_a)
    att_b = await make_person(services, event=event_b)
    event_admin, cust_admin_a, cust_admin_b, master, spare, admin_b = [
        await make_person(services) for _ in range(6)
    ]
    grant = await grant_admin(
        services, event_admin, AdminType.EVENT, event_id=event_a.id, customer_id=customer_a.id
    )
    grant_b = await grant_admin(
        services, admin_b, AdminType.EVENT, event_id=event_b.id, customer_id=customer_b.id
    )
    await grant_admin(services, cust_admin_a, AdminType.CUSTOMER, customer_id=customer_a.id)
    await grant_admin(services, cust_admin_b, AdminType.CUSTOMER, customer_id=customer_b.id)
    await grant_admin(services, master, AdminType.MASTER)
    ids.update(
        A=event_a.id,
        B=event_b.id,
        NAME=event_a.internal_name,
        C=customer_a.id,
        CB=customer_b.id,
        P=att_a.id,
        P2=other_a.id,
        P3=third_a.id,
        PB=att_b.id,
        EMAIL=att_a.login_email,
        MASTER_EMAIL=master.login_email,
        PASSWORD=DEFAULT_PASSWORD,
        SPARE=spare.id,
        GRANT=grant.id,
        GRANT_B=grant_b.id,
    )
    return {
        "att_a": (att_a, event_a),
        "att_b": (att_b, event_b),
        "event_admin_a": (event_admin, None),
        "cust_admin_a": (cust_admin_a, None),
        "cust_admin_b": (cust_admin_b, None),
        "master": (master, None),
    }


async def _database_rows(
    services: Services, ids: dict[str, str], event_a: Event, event_b: Event
) -> None:
    """Keys: ITEM, ITEM_B (menu items), ACT_B (an activity of B), VT_B (a table of B), VF_OWN,
    VF_OTHER, VF_B (vfiles: attendee A's, another attendee's of A, one of B), WOF (A's wall of
    fame) with rows WOF_OWN (attendee A's) and WOF_OTHER (another attendee's), FILE (a stored
    file's hash)."""
    now = services.clock.now()
    keys = "ITEM ITEM_B ACT_B VT_B VF_OWN VF_OTHER VF_B WOF WOF_OWN WOF_OTHER"
    ids.update({key: new_id() for key in keys.split()})
    document = item_document(TypeAdapter(MenuItemIn).validate_python(menu_item()))
    await build_storage(services.settings).put(BLOB_HASH, BLOB, "application/xml")
    async with services.db.session() as session:
        session.add(EventValue(event_id=event_a.id, key="k", value={"a": 1}, updated_at=now))
        session.add(PersonValue(person_id=ids["P"], key="k", value=1, updated_at=now))
        for item_id, event in ((ids["ITEM"], event_a), (ids["ITEM_B"], event_b)):
            session.add(
                MenuItem(
                    id=item_id,
                    event_id=event.id,
                    position="Top",
                    index=1,
                    is_visible=True,
                    type="Module",
                    document=document,
                    created_at=now,
                    updated_at=now,
                )
            )
        session.add(
            Activity(
                id=ids["ACT_B"],
                event_id=event_b.id,
                entity_type="Poll",
                created_at=now,
                updated_at=now,
            )
        )
        session.add(
            VTable(id=ids["VT_B"], event_id=event_b.id, name="b", created_at=now, updated_at=now)
        )
        session.add(
            VTable(
                id=ids["WOF"],
                event_id=event_a.id,
                name=WALL_OF_FAME,
                created_at=now,
                updated_at=now,
            )
        )
        await session.flush()
        for row_id, author in ((ids["WOF_OWN"], ids["P"]), (ids["WOF_OTHER"], ids["P2"])):
            session.add(
                VTableRow(
                    id=row_id,
                    vtable_id=ids["WOF"],
                    person_id=author,
                    data={"Title": "Project"},
                    created_at=now,
                    updated_at=now,
                )
            )
            # Approved, as projects made before moderation are: another attendee's is seen
            # (and is 403 to change), not hidden.
            session.add(
                WallOfFameReview(
                    row_id=row_id,
                    event_id=event_a.id,
                    state=ReviewState.APPROVED.value,
                    submitted_at=now,
                )
            )
        for vfile_id, owner, event in (
            (ids["VF_OWN"], ids["P"], event_a),
            (ids["VF_OTHER"], ids["P2"], event_a),
            (ids["VF_B"], ids["PB"], event_b),
        ):
            session.add(
                VFile(
                    id=vfile_id,
                    event_id=event.id,
                    entity_type="Person",
                    entity_id=owner,
                    person_id=owner,
                    title="CV",
                    file_type="File",
                    created_at=now,
                    updated_at=now,
                )
            )
        # Content-addressed: a fresh world (after a destructive row) finds the row there.
        if await session.get(StoredFile, BLOB_HASH) is None:
            session.add(
                StoredFile(
                    hash=BLOB_HASH,
                    kind="font",
                    content_type="application/xml",
                    extension="xml",
                    size=len(BLOB),
                    created_at=now,
                )
            )
    ids["FILE"] = BLOB_HASH


async def _api_objects(
    client: httpx.AsyncClient, h: dict[str, str], ids: dict[str, str], now: datetime
) -> dict[str, Any]:
    """Made through the API as master. Keys: ACT (a running session), FUTURE (a session starting
    tomorrow), SPEAKER (FUTURE's speaker), HUNT, DM_ACT (a poll, pinned to DM by `_chat`), REL_B
    (a relation of event B), LOC, THEME, THEME_B (global themes of customers A and B), PANO,
    PANO_B (panos of customers A and B), VT, GVT (a global table) with row GVT_ROW."""
    e = f"/events/{ids['A']}"
    session_body = {
        "InternalName": "keynote",
        "Title": "Keynote",
        "IsVirtual": True,
        "DateBegin": _iso(now - timedelta(minutes=10)),
        "DateEnd": _iso(now + timedelta(minutes=50)),
        "ConferenceType": "Iframe",
        "ConferenceJoinURL": "https://stream.example.com/live",
    }

    async def activity(entity_type: str, body: dict[str, Any]) -> str:
        created = await _created(
            await client.post(
                f"{e}/activities", params={"EntityType": entity_type}, headers=h, json=body
            )
        )
        return str(created["ID"])

    ids["ACT"] = await activity("Session", session_body)
    ids["FUTURE"] = await activity(
        "Session",
        {
            "InternalName": "closing",
            "Title": "Closing",
            "IsVirtual": True,
            "DateBegin": _iso(now + timedelta(days=1)),
            "DateEnd": _iso(now + timedelta(days=1, hours=1)),
            "ConferenceType": "Iframe",
            "ConferenceJoinURL": STREAM_URL,
            "ConferenceID": STREAM_SECRETS[1],
        },
    )
    ids["SPEAKER"] = await activity("Speaker", {"InternalName": "ada", "FullName": "Ada"})
    ids["HUNT"] = await activity("TreasureHunt", {"InternalName": "hunt", "Title": "Hunt"})
    ids["DM_ACT"] = await activity("Poll", {"InternalName": "dm-poll", "Title": "Just us"})
    await _created(await client.post(f"{e}/activities/{ids['ACT']}/values/k", headers=h, json=1))
    speaker = relation_body(
        ids["A"], ("Activity", ids["FUTURE"]), "Speaker", ("Activity", ids["SPEAKER"])
    )
    await _created(await client.post("/relations", headers=h, json=speaker))
    poll_b = relation_body(ids["B"], ("Event", ids["B"]), "Agenda", ("Activity", ids["ACT_B"]))
    ids["REL_B"] = (await _created(await client.post("/relations", headers=h, json=poll_b)))["ID"]
    location = {"LocationType": "VirtualSpace", "Name": "Hall", "EventID": ids["A"]}
    ids["LOC"] = (
        await _created(
            await client.post(f"/customers/{ids['C']}/locations", headers=h, json=location)
        )
    )["ID"]
    for key, customer in (("THEME", ids["C"]), ("THEME_B", ids["CB"])):
        theme = {"CustomerID": customer, "Name": "Brand"}
        created = await _created(await client.post("/events/themes/global", headers=h, json=theme))
        ids[key] = created["ThemeID"]
    for key, customer in (("PANO", ids["C"]), ("PANO_B", ids["CB"])):
        pano = {"CustomerID": customer, "Name": "Venue"}
        ids[key] = (await _created(await client.post("/panos", headers=h, json=pano)))["ID"]
    ids["VT"] = (
        await _created(await client.post(f"{e}/vtables", headers=h, json={"VTableName": "scores"}))
    )["ID"]
    gvt = {"VTableName": f"g-{new_id()}"}
    ids["GVT"] = (await _created(await client.post("/vtables", headers=h, json=gvt)))["ID"]
    row = await client.post("/vtables", params={"VTableID": ids["GVT"]}, headers=h, json={"N": 1})
    ids["GVT_ROW"] = (await _created(row))["ID"]
    upload = await client.put(
        f"{e}/vfiles/{ids['VF_OTHER']}/uploadcontent",
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
    return session_body


async def _chat(services: Services, ids: dict[str, str], event_a: Event, event_b: Event) -> None:
    """Keys: ROOM, ROOM_B (the broadcast rooms), DM and GROUP (private rooms of P2 and P3) with
    DM_REL and GROUP_REL (P3's memberships), REL (attendee A moderates ROOM), MSG_OWN, MSG_OWN2
    (attendee A's messages in ROOM, the second one to delete), MSG_OTHER (P2's in ROOM), MSG_DM,
    MSG_DM2 (P2's in DM, the second to delete), MSG_B (in ROOM_B), STATUS_OWN, STATUS_OTHER
    (read status of attendee A and of P2 in ROOM), DM_PIN (DM_ACT pinned to DM)."""
    now = services.clock.now()
    async with services.db.session() as session:
        room_a = await ensure_broadcast_room(session, event_a.id, now)
        room_b = await ensure_broadcast_room(session, event_b.id, now)
        direct, _ = await create_direct_room(
            session,
            services,
            event=event_a,
            inviter_id=ids["P2"],
            invitee_id=ids["P3"],
            tmp_id="dm",
        )
        group, _ = await create_group_room(
            session,
            services,
            event=event_a,
            creator_id=ids["P2"],
            title="Two of us",
            member_ids_in=[ids["P3"]],
            tmp_id="group",
        )
        ids.update(ROOM=room_a.id, ROOM_B=room_b.id, DM=direct.ID, GROUP=group.ID)
        for key, room_id in (("DM_REL", direct.ID), ("GROUP_REL", group.ID)):
            ids[key] = str(
                await session.scalar(
                    select(Relation.id).where(
                        Relation.parent_id == room_id,
                        Relation.relation_type == RelationType.CHATROOM_ATTENDEE.value,
                        Relation.child_id == ids["P3"],
                    )
                )
            )
        for key, parent_type, parent, kind, child in (
            ("REL", "Chatroom", room_a.id, "Moderator", ids["P"]),
            ("DM_PIN", "Chatroom", direct.ID, "Pinned", ids["DM_ACT"]),
        ):
            ids[key] = new_id()
            session.add(
                Relation(
                    id=ids[key],
                    event_id=event_a.id,
                    parent_type=parent_type,
                    parent_id=parent,
                    relation_type=kind,
                    child_type="Person" if kind == "Moderator" else "Activity",
                    child_id=child,
                    sort_fields={},
                    created_at=now,
                    updated_at=now,
                )
            )
        for key, room_id, sender in (
            ("MSG_OWN", room_a.id, ids["P"]),
            ("MSG_OWN2", room_a.id, ids["P"]),
            ("MSG_OTHER", room_a.id, ids["P2"]),
            ("MSG_DM", direct.ID, ids["P2"]),
            ("MSG_DM2", direct.ID, ids["P2"]),
            ("MSG_B", room_b.id, ids["PB"]),
        ):
            room = await session.get(Chatroom, room_id)
            assert room is not None
            outcome = await post_message(
                session, services, room, sender_id=sender, tmp_id=key, text=f"{key} text"
            )
            ids[key] = outcome.message.ID
        for key, person in (("STATUS_OWN", ids["P"]), ("STATUS_OTHER", ids["P2"])):
            ids[key] = new_id()
            session.add(
                ChatPersonStatus(
                    id=ids[key],
                    event_id=event_a.id,
                    person_id=person,
                    chatroom_id=room_a.id,
                    last_read_chat_message_id=ids["MSG_OWN"],
                    created=now,
                    updated=now,
                )
            )


async def _themes_and_tours(services: Services, ids: dict[str, str]) -> None:
    """Customer A's global theme holds a font and a logo, so that removing them gets past the
    theme's own 404 (which is also what other customers' admins are told). Version 1 of PANO is
    a tour with one file, `pano.xml`."""
    async with services.db.session() as session:
        entry = {"Hash": BLOB_HASH, "ContentType": "application/xml", "Size": len(BLOB)}
        session.add(
            PanoVersion(
                pano_id=ids["PANO"],
                version=1,
                manifest={"pano.xml": entry},
                created_at=services.clock.now(),
            )
        )
        theme = await session.get(Theme, ids["THEME"])
        assert theme is not None
        theme.fonts = {"regular": [BLOB_HASH]}
        theme.media_assets = {"logo": BLOB_HASH}
