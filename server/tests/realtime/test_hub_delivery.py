"""Fan-out through the in-process hub to real sockets: channels, membership, slow consumers."""

from __future__ import annotations

from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.client import RealtimeSocket
from venuely.realtime import CloseCode, Opcode, encode_json_frame
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
    for socket in sockets.values():
        await socket.close()


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


async def test_slow_consumer_is_closed_without_slowing_others(live: LiveServer) -> None:
    live.hub.outbound_budget = 10_000
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    slow, fine = await live.socket(ada.token), await live.socket(bob.token)
    await _connected(live, ada.person.id)
    await _connected(live, bob.person.id)
    slow_conn = live.hub.connections_of(ada.person.id)[0]
    slow_conn.budget = 10_000
    fine_conn = live.hub.connections_of(bob.person.id)[0]
    fine_conn.budget = 1_000_000
    big = encode_json_frame(Opcode.ACTIVITY_SYNC_NOTIFY, {"Pad": "x" * 6000})
    # Without yielding to the writers, the buffers only grow: the second frame overflows 10 kB.
    for _ in range(3):
        await live.services.hub.publish(event_channel(ada.event.id), big)
    assert await slow.wait_closed() == CloseCode.SLOW_CONSUMER
    for _ in range(3):
        assert (await fine.wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)).value["Pad"] == "x" * 6000
    await fine.close()


async def test_close_person_connections_uses_the_given_code(live: LiveServer) -> None:
    ada = await attendee(live.services)
    socket = await live.socket(ada.token)
    await _connected(live, ada.person.id)
    await close_person_connections(live.services, ada.person.id, code=CloseCode.NOT_WHITELISTED)
    assert await socket.wait_closed() == CloseCode.NOT_WHITELISTED
