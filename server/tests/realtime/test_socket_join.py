"""What a new socket joins (`realtime.membership.join_socket`): every feature's channels and
mutes, read in one statement for the whole handshake."""

from __future__ import annotations

from tests.api.chat_support import build_chat_world
from tests.factories import make_event, make_person
from tests.statements import counted_statements
from venuely.chat.models import ChatMute
from venuely.chat.service import find_broadcast_room
from venuely.core.services import Services
from venuely.helpdesk.agents import add_agent
from venuely.helpdesk.notify import helpdesk_channel
from venuely.realtime.hub import room_channel
from venuely.realtime.membership import join_socket


async def test_rooms_mutes_and_help_desk_come_in_one_statement(services: Services) -> None:
    world = await build_chat_world(services)
    alice, carol = world.id("alice"), world.id("carol")
    async with services.db.session() as session:
        session.add(
            ChatMute(
                event_id=world.event.id,
                person_id=alice,
                muted_id=carol,
                blocked=False,
                created_at=services.clock.now(),
            )
        )
        await add_agent(session, services, world.event, alice)

    async with services.db.session() as session:
        with counted_statements(services) as statements:
            joined = await join_socket(session, alice, world.event.id)
        dave = await join_socket(session, world.id("dave"), world.event.id)

    assert len(statements) == 1
    assert sorted(joined.channels) == sorted(
        [
            room_channel(world.broadcast_id),
            room_channel(world.direct_id),
            helpdesk_channel(world.event.id),
        ]
    )
    assert joined.mutes == [carol]
    # Nobody else's rooms, mutes or desk: only the broadcast room.
    assert dave.channels == [room_channel(world.broadcast_id)]
    assert dave.mutes == []


async def test_an_event_older_than_chat_gets_its_broadcast_room_at_the_first_socket(
    services: Services,
) -> None:
    event = await make_event(services)
    person = await make_person(services, event=event)
    async with services.db.session() as session:
        assert await find_broadcast_room(session, event.id) is None
        joined = await join_socket(session, person.id, event.id)
    async with services.db.session() as session:
        room = await find_broadcast_room(session, event.id)
    assert room is not None
    assert joined.channels == [room_channel(room.id)]
