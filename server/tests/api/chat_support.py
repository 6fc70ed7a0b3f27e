"""A chat world for the chat tests: one event with attendees, an admin, a direct room, and a
second event whose attendee must never see any of it. Plus a hub that records what chat
publishes, so tests can check who would be told what."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from tests.factories import bearer, grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import Person
from venuely.admins.models import AdminType
from venuely.chat import publish
from venuely.chat.models import ChatMessage
from venuely.chat.service import create_direct_room, ensure_broadcast_room
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime.codec import decode_frame
from venuely.realtime.opcodes import Opcode
from venuely.relations.models import Relation, RelationType

_tmp = itertools.count()


def tmp_id() -> str:
    return f"tmp-{next(_tmp)}-{new_id()[-6:]}"


@dataclass
class Published:
    channel: str
    opcode: Opcode
    payload: Any


@dataclass
class RecordingHub:
    published: list[Published] = field(default_factory=list)
    members: list[tuple[str, str, bool]] = field(default_factory=list)

    async def publish(self, channel: str, frame: bytes) -> None:
        decoded = decode_frame(frame)
        self.published.append(Published(channel, decoded.opcode, decoded.value))

    async def add_member(self, channel: str, person_id: str) -> None:
        self.members.append((channel, person_id, True))

    async def remove_member(self, channel: str, person_id: str) -> None:
        self.members.append((channel, person_id, False))

    def of(self, opcode: Opcode) -> list[Published]:
        return [p for p in self.published if p.opcode is opcode]


def install_hub(monkeypatch: pytest.MonkeyPatch) -> RecordingHub:
    """Route chat's deliveries into a RecordingHub for the rest of the test."""
    recording = RecordingHub()
    monkeypatch.setattr(publish, "hub_of", lambda _services: recording)
    return recording


@dataclass
class ChatWorld:
    event: Event
    other_event: Event
    persons: dict[str, Person]
    tokens: dict[str, str]
    broadcast_id: str
    direct_id: str  # alice and bob
    other_broadcast_id: str

    def h(self, who: str) -> dict[str, str]:
        return bearer(self.tokens[who])

    def id(self, who: str) -> str:
        return self.persons[who].id

    def messages_url(self, room_id: str | None = None, event_id: str | None = None) -> str:
        event_id = event_id or self.event.id
        return f"/events/{event_id}/chat-rooms/{room_id or self.broadcast_id}/chat-messages"

    def status_url(self, room_id: str | None = None) -> str:
        return f"/events/{self.event.id}/chat-rooms/{room_id or self.broadcast_id}/chatpersonstatus"


async def build_chat_world(services: Services) -> ChatWorld:
    customer = await make_customer(services)
    event = await make_event(services, customer)
    other_event = await make_event(services, await make_customer(services, "Other"))
    persons = {
        "alice": await make_person(services, event=event, first_name="Alice"),
        "bob": await make_person(services, event=event, first_name="Bob"),
        "carol": await make_person(services, event=event, first_name="Carol"),
        "dave": await make_person(services, event=event, first_name="Dave"),
        "outsider": await make_person(services, event=other_event),
        "admin": await make_person(services),
    }
    await grant_admin(
        services, persons["admin"], AdminType.EVENT, event_id=event.id, customer_id=customer.id
    )
    tokens = {
        name: await token_for(services, person, other_event if name == "outsider" else event)
        for name, person in persons.items()
        if name != "admin"
    }
    tokens["admin"] = await token_for(services, persons["admin"])
    async with services.db.session() as session:
        now = services.clock.now()
        broadcast = await ensure_broadcast_room(session, event.id, now)
        other = await ensure_broadcast_room(session, other_event.id, now)
        direct, _ = await create_direct_room(
            session,
            services,
            event=event,
            inviter_id=persons["alice"].id,
            invitee_id=persons["bob"].id,
            tmp_id="setup",
        )
    return ChatWorld(event, other_event, persons, tokens, broadcast.id, direct.ID, other.id)


async def relate(
    services: Services, world: ChatWorld, who: str, kind: RelationType, *, room: str | None
) -> None:
    """A moderator or room admin relation: with the room as parent, or the event (room=None)."""
    now = services.clock.now()
    async with services.db.session() as session:
        session.add(
            Relation(
                id=new_id(),
                event_id=world.event.id,
                parent_type="Chatroom" if room else "Event",
                parent_id=room or world.event.id,
                relation_type=kind.value,
                child_type="Person",
                child_id=world.id(who),
                sort_fields={},
                created_at=now,
                updated_at=now,
            )
        )


async def send(
    client: httpx.AsyncClient,
    world: ChatWorld,
    who: str,
    text: str = "hello",
    *,
    room_id: str | None = None,
    tmp: str | None = None,
    **extra: Any,
) -> httpx.Response:
    return await client.post(
        world.messages_url(room_id),
        json={"TmpID": tmp or tmp_id(), "Text": text, **extra},
        headers=world.h(who),
    )


async def message_rows(services: Services) -> int:
    async with services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(ChatMessage)) or 0)
