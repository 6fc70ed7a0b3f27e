"""Two app instances (two hubs, two HTTP servers) sharing one database and one Redis behave like
one server. Collected only when VENUELY_TEST_REDIS_URL is set; it then fails if Redis is down."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator

import pytest

from tests.factories import bearer
from tests.realtime.conftest import REDIS_URL
from tests.realtime.live import LiveServer, attendee, start_server, wait_until
from venuely.chat.service import ensure_broadcast_room
from venuely.client import RealtimeSocket
from venuely.core.clock import FrozenClock
from venuely.core.services import Services, build_services
from venuely.realtime import CloseCode, Opcode, encode_json_frame
from venuely.realtime.hub import close_person_connections, event_channel
from venuely.realtime.redishub import RedisHub
from venuely.settings import Settings


@pytest.fixture
async def pair(settings: Settings, clock: FrozenClock) -> AsyncIterator[tuple[LiveServer, ...]]:
    redis_settings = settings.model_copy(update={"redis_url": REDIS_URL})
    # A prefix of this test's own, so parallel runs on one Redis never hear each other.
    prefix = f"venuely-test-{secrets.token_hex(4)}:"
    servers: list[LiveServer] = []
    built: list[Services] = []
    for _ in range(2):
        services = build_services(
            redis_settings, clock=clock, hub=RedisHub(redis_settings, prefix=prefix)
        )
        built.append(services)
        servers.append(await start_server(services))
    yield tuple(servers)
    for server in servers:
        await server.stop()
    for services in built:
        await services.db.dispose()


async def test_publish_on_one_process_reaches_a_socket_on_the_other(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    ada = await attendee(a.services)
    socket = await b.socket(ada.token)  # ticket from B, redeemed on B; A never sees the socket
    channel = event_channel(ada.event.id)
    await wait_until(lambda: channel in b.hub.subscribed_channels(), "B subscribed")
    assert channel not in a.hub.subscribed_channels()
    frame = encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, {"From": "A"})
    await a.services.hub.publish(channel, frame)
    assert (await socket.wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)).value == {"From": "A"}

    # Membership added on A applies on B before add_member returns: the very next publish lands.
    await a.services.hub.add_member("room:shared", ada.person.id)
    assert "room:shared" in b.hub.subscribed_channels()
    await a.services.hub.publish("room:shared", encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, 7))
    assert (await socket.wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)).value == 7

    await a.services.hub.remove_member("room:shared", ada.person.id)
    await wait_until(lambda: "room:shared" not in b.hub.subscribed_channels(), "B left the room")

    # Revocation through A closes the socket held by B.
    await close_person_connections(a.services, ada.person.id)
    assert await socket.wait_closed() == CloseCode.TOKEN_REVOKED
    await wait_until(lambda: not b.hub.subscribed_channels(), "B unsubscribed everything")


async def test_a_ticket_from_one_process_opens_a_socket_on_the_other(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    a, b = pair
    ada = await attendee(a.services)
    async with a.client() as api_a:
        ticket = await api_a.ticket(ada.token)
    async with b.client() as api_b:
        socket = await RealtimeSocket.open(api_b.socket_url(ticket), heartbeat_seconds=None)
    await socket.ping("cross")
    assert (await socket.wait_for(Opcode.PONG)).value == "cross"
    await socket.close()


async def test_a_mute_made_on_one_process_filters_the_muters_socket_on_the_other(
    pair: tuple[LiveServer, LiveServer],
) -> None:
    """CHAT_MUTES_NOTIFY reaches B's hub through Redis like any frame; B's filter takes the list
    from it, so bob's message, published on A, skips ada's socket on B and reaches carol's."""
    a, b = pair
    ada = await attendee(a.services)
    bob = await attendee(a.services, ada.event)
    carol = await attendee(a.services, ada.event)
    async with a.services.db.session() as session:
        room = await ensure_broadcast_room(session, ada.event.id, a.services.clock.now())
        await session.commit()
    ada_socket, carol_socket = await b.socket(ada.token), await b.socket(carol.token)
    bob_socket = await a.socket(bob.token)
    await wait_until(
        lambda: all(
            live.hub.connections_of(who.person.id) for live, who in ((b, ada), (b, carol), (a, bob))
        ),
        "connected",
    )
    async with a.client() as api:
        muted = await api.http.put(
            f"/events/{ada.event.id}/chat-mutes/{bob.person.id}",
            json={"Blocked": False},
            headers=bearer(ada.token),
        )
    assert muted.status_code == 200, muted.text
    await ada_socket.wait_for(Opcode.CHAT_MUTES_NOTIFY)
    [conn] = b.hub.connections_of(ada.person.id)
    assert conn.mutes == frozenset({bob.person.id})
    await bob_socket.send_message(room.id, "from bob on A")
    assert (await carol_socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)).value["Text"] == (
        "from bob on A"
    )
    await carol_socket.send_message(room.id, "from carol on B")
    first = await ada_socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY)
    assert first.value["Text"] == "from carol on B"  # bob's, sent before, never came
    for socket in (ada_socket, carol_socket, bob_socket):
        await socket.close()
