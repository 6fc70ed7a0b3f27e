"""Faults against real server processes: a client that was away catches up over REST after its
last id, and a server process killed with SIGKILL mid-chat loses no acknowledged message and
duplicates nothing when the clients reconnect and resend by TmpID (quality-bar §3,
protocol/README.md §9). The processes and participants come from `processes.py`.
"""

from __future__ import annotations

import httpx
import pytest

from tests.realtime.processes import Chatter, FaultRig, ServerProcess
from venuely.client.realtime import SocketClosed


async def test_a_client_away_catches_up_exactly_what_it_missed(rig: FaultRig) -> None:
    server = await rig.started()
    ada, bob = await rig.connected(server, 2)
    first = await bob.send("before")
    assert await ada.receive("before") == first

    await ada.close()  # Ada goes away; Bob keeps talking
    missed = [await bob.send(f"while away {n}") for n in range(5)]

    await ada.connect(server)
    fetched = await ada.catch_up(server)
    assert [m["ID"] for m in fetched] == missed
    assert [m["Text"] for m in fetched] == [f"while away {n}" for n in range(5)]

    # Back live: the next message arrives on the socket, and the catch-up did not repeat it.
    latest = await bob.send("after")
    assert await ada.receive("after") == latest
    assert list(ada.seen) == [first, *missed, latest]
    assert await ada.history(server, latest) == []


async def test_killed_process_loses_no_acknowledged_message_and_resends_do_not_duplicate(
    rig: FaultRig,
) -> None:
    server = await rig.started()
    ada, bob = await rig.connected(server, 2)
    acknowledged = [await bob.send(f"m{n}") for n in range(3)]
    for n in range(3):
        await ada.receive(f"m{n}")

    # Bob sends and the process dies before he can know whether it was stored: the answer is
    # lost either way, so he must resend with the same TmpID after reconnecting.
    assert bob.socket is not None
    in_flight = await bob.socket.send_message(bob.room_id, "m3")
    server.kill()
    for chatter in (ada, bob):
        assert await chatter.wait_closed() != 1000  # not a clean close: the peer vanished

    await server.start()  # the same port, the same database
    await ada.connect(server)
    await bob.connect(server)
    resent = await bob.send("m3", tmp_id=in_flight)
    resent_again = await bob.send("m3", tmp_id=in_flight)
    assert resent_again == resent
    after = await bob.send("m4")

    await ada.catch_up(server)
    history = await ada.history(server, None)
    assert [m["Text"] for m in history] == ["m0", "m1", "m2", "m3", "m4"]
    assert [m["ID"] for m in history][:3] == acknowledged
    assert [m["ID"] for m in history][3:] == [resent, after]
    assert sorted(ada.seen) == [m["ID"] for m in history]
    assert [m["TmpID"] for m in history].count(in_flight) == 1


async def test_socket_refused_while_the_process_is_down_then_served_again(rig: FaultRig) -> None:
    # What a reconnecting client meets while the process is down: a refused connection, not a
    # hang; after the restart the same token gets a socket again.
    server = await rig.started()
    (ada,) = await rig.connected(server, 1)
    server.kill()
    assert await ada.wait_closed() != 1000
    with pytest.raises((httpx.TransportError, SocketClosed, OSError)):
        await ada.connect(server)
    await server.start()
    await ada.connect(server)
    assert await ada.send("back") in await _ids(ada, server)


async def _ids(chatter: Chatter, server: ServerProcess) -> list[str]:
    return [m["ID"] for m in await chatter.history(server, None)]
