"""Fan-out through the in-process hub to real sockets: channels, membership, slow consumers."""

from __future__ import annotations

import asyncio
import secrets
import socket

from websockets.client import ClientProtocol
from websockets.frames import Frame
from websockets.frames import Opcode as WsOpcode
from websockets.uri import parse_uri

from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.client import RealtimeSocket
from venuely.realtime import CloseCode, Opcode, encode_json_frame
from venuely.realtime.connection import ConnState
from venuely.realtime.hub import close_person_connections, event_channel, person_channel


def _sync(n: int) -> bytes:
    return encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, {"N": n})


async def _next_is_pong(socket: RealtimeSocket) -> None:
    """Frames arrive in order: a PONG first means nothing was queued before the PING."""
    await socket.ping("mark")
    frame = await socket.recv()
    assert (frame.opcode, frame.value) == (Opcode.PONG, "mark")


async def _connected(live: LiveServer, person_id: str, count: int = 1) -> None:
    await wait_until(lambda: len(live.hub.connections_of(person_id)) == count, "connected")


async def test_publish_reaches_event_and_person_channels_only(live: LiveServer) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    stranger = await attendee(live.services)  # another event
    sockets = {w.person.id: await live.socket(w.token) for w in (ada, bob, stranger)}
    for pid in sockets:
        await _connected(live, pid)
    await live.services.hub.publish(event_channel(ada.event.id), _sync(1))
    for who in (ada, bob):
        assert (await sockets[who.person.id].wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)).value == {
            "N": 1
        }
    await _next_is_pong(sockets[stranger.person.id])
    await live.services.hub.publish(person_channel(bob.person.id), _sync(2))
    assert (await sockets[bob.person.id].recv()).value == {"N": 2}
    await _next_is_pong(sockets[ada.person.id])
    for open_socket in sockets.values():
        await open_socket.close()


async def test_members_added_and_removed_at_runtime(live: LiveServer) -> None:
    ada = await attendee(live.services)
    socket = await live.socket(ada.token)
    await _connected(live, ada.person.id)
    await live.services.hub.add_member("room:r1", ada.person.id)
    await live.services.hub.publish("room:r1", _sync(3))
    assert (await socket.recv()).value == {"N": 3}
    await live.services.hub.remove_member("room:r1", ada.person.id)
    assert "room:r1" not in live.hub.subscribed_channels()
    await live.services.hub.publish("room:r1", _sync(4))
    await _next_is_pong(socket)
    await socket.close()
    await wait_until(lambda: not live.hub.connections, "detached")
    assert live.hub.subscribed_channels() == frozenset()


class StalledReader:
    """A client that completes the WebSocket handshake and then stops reading, with a tiny
    receive buffer, so whatever the server sends piles up on the server's side."""

    def __init__(self, url: str) -> None:
        self.uri = parse_uri(url)
        self.protocol = ClientProtocol(self.uri)
        self.reader: asyncio.StreamReader | None = None
        # Held: a StreamWriter that is garbage-collected closes its socket.
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        host_port = self.uri.host, self.uri.port
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.setblocking(False)
        await asyncio.get_running_loop().sock_connect(raw, host_port)
        # A small stream limit: the stream stops reading from the socket at 2 × 4 KiB.
        self.reader, self.writer = await asyncio.open_connection(sock=raw, limit=4096)
        self.protocol.send_request(self.protocol.connect())
        self.writer.write(b"".join(self.protocol.data_to_send()))
        while self.protocol.handshake_exc is None and not self.protocol.events_received():
            self.protocol.receive_data(await self.reader.read(4096))
        assert self.protocol.handshake_exc is None

    async def read_until_closed(self) -> tuple[int, int]:
        """Resume reading: how many binary messages came, and the close code after them."""
        assert self.reader is not None
        messages = 0
        while self.protocol.close_rcvd is None:
            chunk = await self.reader.read(1 << 16)
            if not chunk:
                break
            self.protocol.receive_data(chunk)
            for event in self.protocol.events_received():
                if isinstance(event, Frame) and event.opcode is WsOpcode.BINARY:
                    messages += 1
        assert self.protocol.close_rcvd is not None
        return messages, self.protocol.close_rcvd.code


async def test_slow_consumer_is_closed_without_slowing_others(live: LiveServer) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    async with live.client() as api:
        slow = StalledReader(api.socket_url(await api.ticket(ada.token)))
    await slow.open()
    fine = await live.socket(bob.token)
    await _connected(live, ada.person.id)
    await _connected(live, bob.person.id)
    slow_conn = live.hub.connections_of(ada.person.id)[0]
    slow_conn.budget = 100_000
    fine_conn = live.hub.connections_of(bob.person.id)[0]
    fine_conn.budget = 1 << 30
    # Incompressible, so each frame stays about 48 KB on the wire (frames are deflated when
    # that pays).
    big = encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, {"Pad": secrets.token_urlsafe(36_000)})
    published = 0
    # Writes never wait, so without yielding the kernel's buffers fill, then the transport's,
    # until the slow one holds more than its budget. The bound only keeps a failure finite.
    while slow_conn.state is ConnState.OPEN and published < 1000:
        await live.services.hub.publish(event_channel(ada.event.id), big)
        published += 1
    assert slow_conn.close_code == CloseCode.SLOW_CONSUMER
    # Once closing, it is skipped; the others still get it.
    assert live.hub.deliver_local(event_channel(ada.event.id), big) == 1
    published_to_fine = published + 1
    # The fast reader got every frame; the slow one every frame written before its close
    # frame, the one that overflowed included, and nothing after.
    for _ in range(published_to_fine):
        await fine.wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)
    received, code = await slow.read_until_closed()
    assert code == CloseCode.SLOW_CONSUMER
    assert received == published
    await fine.close()


async def test_close_person_connections_uses_the_given_code(live: LiveServer) -> None:
    ada = await attendee(live.services)
    socket = await live.socket(ada.token)
    await _connected(live, ada.person.id)
    await close_person_connections(live.services, ada.person.id, code=CloseCode.NOT_WHITELISTED)
    assert await socket.wait_closed() == CloseCode.NOT_WHITELISTED
