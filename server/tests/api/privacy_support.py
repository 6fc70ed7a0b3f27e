"""A person seeded into every feature of an event (`seed_person`) and the walk over every table
that proves an erasure left nothing naming them (`rows_naming`)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import orjson
from sqlalchemy import select

from tests.factories import bearer, token_for
from venuely.accounts.models import EmailToken, Person, PersonValue
from venuely.activities.models import Activity
from venuely.agenda.models import AgendaEntry, CalendarFeed
from venuely.breakouts.models import BreakoutPresence
from venuely.chat.models import (
    ChatMessage,
    ChatMessageReaction,
    ChatMute,
    ChatPersonStatus,
    Chatroom,
)
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.core.db import Base
from venuely.core.ids import new_id
from venuely.core.ratelimit import RateCounter
from venuely.core.services import Services
from venuely.events.models import Event, WhitelistEntry
from venuely.files.models import StoredFile
from venuely.files.storage import build_storage
from venuely.helpdesk.models import HelpdeskTicket
from venuely.panoramas.models import AttendeePanoVars
from venuely.people.models import EventInvitation
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.privacy.models import PersonConsent
from venuely.qna.models import Question, Upvote
from venuely.relations.models import Relation
from venuely.treasurehunt.models import TreasureHuntFind, TreasureHuntItem, TreasureHuntScore
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTable, VTableRow
from venuely.walloffame.models import WallOfFameReview

UPLOAD = b"%PDF-1.4\nprivacy test upload\n%%EOF\n"


@dataclass
class Seeded:
    """Ids of what was seeded for the person in one event."""

    message_id: str
    other_message_id: str
    broadcast_id: str
    direct_id: str
    question_id: str
    other_question_id: str
    file_hash: str


async def _send(
    client: Any, services: Services, event: Event, person: Person, room: str, text: str
) -> str:
    token = await token_for(services, person, event)
    sent = await client.post(
        f"/events/{event.id}/chat-rooms/{room}/chat-messages",
        json={"TmpID": new_id(), "Text": text},
        headers=bearer(token),
    )
    assert sent.status_code in {200, 201}, sent.text
    return str(sent.json()["ID"])


async def seed_person(
    services: Services, client: Any, event: Event, person: Person, other: Person, tag: str
) -> Seeded:
    """`person` (and `other`, an attendee of the same event) in every feature of `event`; texts
    carry `tag` so a test can tell events apart."""
    now = services.clock.now()
    pid, oid = person.id, other.id
    async with services.db.session() as session:
        broadcast = await ensure_broadcast_room(session, event.id, now)
        direct, _ = await create_direct_room(
            session, services, event=event, inviter_id=pid, invitee_id=oid, tmp_id=new_id()
        )
    mine = await _send(client, services, event, person, broadcast.id, f"mine {tag}")
    theirs = await _send(client, services, event, other, broadcast.id, f"theirs {tag}")
    await _send(client, services, event, person, direct.ID, f"direct {tag}")
    storage = build_storage(services.settings)
    digest = hashlib.sha256(UPLOAD + tag.encode()).hexdigest()
    await storage.put(digest, UPLOAD + tag.encode(), "application/pdf")
    ids = {k: new_id() for k in ("poll", "sess", "q", "q2", "vt", "row", "vf", "item", "ticket")}
    async with services.db.session() as session:
        support = Chatroom(
            id=new_id(),
            event_id=event.id,
            internal_name=f"support:{ids['ticket']}",
            kind="support",
            is_private=True,
            created_by=pid,
            created_at=now,
        )
        group = Chatroom(
            id=new_id(),
            event_id=event.id,
            internal_name=f"group:{new_id()}",
            kind="group",
            is_private=True,
            created_by=pid,
            created_at=now,
        )
        session.add_all([support, group])
        for key, kind in (("poll", "Poll"), ("sess", "Session")):
            session.add(
                Activity(
                    id=ids[key],
                    event_id=event.id,
                    entity_type=kind,
                    title=f"{kind} {tag}",
                    created_at=now,
                    updated_at=now,
                )
            )
        await session.flush()
        message = await session.get(ChatMessage, (broadcast.id, theirs))
        assert message is not None
        message.deleted_by = pid
        vtable = VTable(
            id=ids["vt"], event_id=event.id, name="walloffame", created_at=now, updated_at=now
        )
        session.add(vtable)
        await session.flush()
        session.add_all(
            [
                PersonValue(person_id=pid, key=f"k{tag}", value={"x": 1}, updated_at=now),
                ChatMessageReaction(
                    chatroom_id=broadcast.id, message_id=theirs, person_id=pid, kind="Like"
                ),
                ChatPersonStatus(
                    id=new_id(),
                    event_id=event.id,
                    person_id=pid,
                    chatroom_id=broadcast.id,
                    last_read_chat_message_id=theirs,
                    created=now,
                    updated=now,
                ),
                ChatMute(event_id=event.id, person_id=pid, muted_id=oid, created_at=now),
                ChatMute(
                    event_id=event.id, person_id=oid, muted_id=pid, blocked=True, created_at=now
                ),
                Relation(
                    id=new_id(),
                    event_id=event.id,
                    parent_type="Chatroom",
                    parent_id=group.id,
                    relation_type="ChatroomAttendee",
                    child_type="Person",
                    child_id=pid,
                    sort_fields={},
                    created_at=now,
                    updated_at=now,
                ),
                Relation(
                    id=new_id(),
                    event_id=event.id,
                    parent_type="Person",
                    parent_id=pid,
                    relation_type="Speaker",
                    child_type="Activity",
                    child_id=ids["sess"],
                    sort_fields={},
                    created_at=now,
                    updated_at=now,
                ),
                PollBallot(
                    id=new_id(),
                    poll_id=ids["poll"],
                    event_id=event.id,
                    person_id=pid,
                    other_text=f"other {tag}",
                    created_at=now,
                    updated_at=now,
                ),
                Question(
                    id=ids["q"],
                    event_id=event.id,
                    session_id=ids["sess"],
                    person_id=pid,
                    text=f"question {tag}",
                    anonymous=False,
                    status="visible",
                    answered=False,
                    pinned=False,
                    votes=0,
                    created_at=now,
                    updated_at=now,
                ),
                Question(
                    id=ids["q2"],
                    event_id=event.id,
                    session_id=ids["sess"],
                    person_id=oid,
                    text=f"their question {tag}",
                    anonymous=False,
                    status="visible",
                    answered=False,
                    pinned=False,
                    votes=1,
                    created_at=now,
                    updated_at=now,
                ),
                VTableRow(
                    id=ids["row"],
                    vtable_id=ids["vt"],
                    person_id=pid,
                    data={"Title": f"project {tag}"},
                    created_at=now,
                    updated_at=now,
                ),
                StoredFile(
                    hash=digest,
                    kind="document",
                    content_type="application/pdf",
                    extension="pdf",
                    size=len(UPLOAD) + len(tag),
                    created_at=now,
                ),
                AgendaEntry(
                    event_id=event.id, person_id=pid, session_id=ids["sess"], created_at=now
                ),
                CalendarFeed(
                    event_id=event.id,
                    person_id=pid,
                    token_hash=hashlib.sha256(ids["sess"].encode()).hexdigest(),
                    created_at=now,
                ),
                BreakoutPresence(
                    event_id=event.id,
                    person_id=pid,
                    room_id=ids["sess"],
                    instance_id="i",
                    connection_id=1,
                    joined_at=now,
                ),
                HelpdeskTicket(
                    id=ids["ticket"],
                    event_id=event.id,
                    chatroom_id=support.id,
                    requester_id=pid,
                    tmp_id=new_id(),
                    topic=f"help {tag}",
                    state="open",
                    last_message_by="requester",
                    created_at=now,
                    updated_at=now,
                    last_message_at=now,
                ),
                AttendeePanoVars(
                    event_id=event.id,
                    person_id=pid,
                    state={"a": 1},
                    game_score=0,
                    scored_at=now,
                    updated_at=now,
                ),
                TreasureHuntItem(
                    id=ids["item"],
                    event_id=event.id,
                    hunt_id=ids["poll"],
                    node_id="n",
                    yaw=0.0,
                    pitch=0.0,
                    name="star",
                    clue="",
                    points=1,
                    sort=0,
                    created_at=now,
                    updated_at=now,
                ),
                PersonConsent(
                    person_id=pid,
                    event_id=event.id,
                    functional=True,
                    statistics=True,
                    updated_at=now,
                ),
                WhitelistEntry(event_id=event.id, entry=person.login_email),
                WhitelistEntry(event_id=event.id, entry=other.login_email),
                EventInvitation(event_id=event.id, email=person.login_email, invited_at=now),
                RateCounter(key=f"privacy_test:{pid}:{tag}", window_start=now, count=1),
                EmailToken(
                    id=new_id(),
                    person_id=pid,
                    purpose="verify",
                    event_id=event.id,
                    token_hash=hashlib.sha256(tag.encode() + pid.encode()).hexdigest(),
                    created_at=now,
                    expires_at=now + timedelta(days=1),
                ),
            ]
        )
        await session.flush()
        session.add_all(
            [
                PollBallotChoice(
                    ballot_id=(
                        await session.scalars(
                            select(PollBallot.id).where(
                                PollBallot.person_id == pid, PollBallot.event_id == event.id
                            )
                        )
                    ).one(),
                    option_id="a",
                    poll_id=ids["poll"],
                ),
                Upvote(question_id=ids["q2"], person_id=pid, created_at=now),
                VFile(
                    id=ids["vf"],
                    event_id=event.id,
                    entity_type="WallOfFame",
                    entity_id=ids["row"],
                    person_id=pid,
                    title=f"file {tag}",
                    file_type="File",
                    file_hash=digest,
                    file_name=f"cv-{tag}.pdf",
                    mime_type="application/pdf",
                    file_bytes=len(UPLOAD) + len(tag),
                    values={},
                    created_at=now,
                    updated_at=now,
                ),
                WallOfFameReview(
                    row_id=ids["row"],
                    event_id=event.id,
                    state="pending",
                    reason="",
                    featured=False,
                    submitted_at=now,
                ),
                TreasureHuntFind(
                    item_id=ids["item"],
                    person_id=pid,
                    event_id=event.id,
                    hunt_id=ids["poll"],
                    found_at=now,
                ),
                TreasureHuntScore(
                    event_id=event.id,
                    hunt_id=ids["poll"],
                    person_id=pid,
                    score=1,
                    found=1,
                    scored_at=now,
                    hidden=False,
                ),
            ]
        )
    return Seeded(mine, theirs, broadcast.id, direct.ID, ids["q"], ids["q2"], digest)


def _names(value: Any, person_id: str, email: str) -> bool:
    if value is None or isinstance(value, bool | int | float | datetime):
        return False
    text = value if isinstance(value, str) else orjson.dumps(value, default=str).decode()
    return person_id in text or email.lower() in text.lower()


async def rows_naming(services: Services, person_id: str, email: str) -> list[str]:
    """Every (table, column) holding the person's id or address anywhere in its value."""
    found: list[str] = []
    async with services.db.session() as session:
        for table in Base.metadata.sorted_tables:
            for row in (await session.execute(select(table))).mappings():
                found.extend(
                    f"{table.name}.{column}={value!r}"
                    for column, value in row.items()
                    if _names(value, person_id, email)
                )
    return found
