"""Redis down: two `venuely serve` processes reach Redis through a TCP relay the test can cut.
While it is cut, sends still commit and the servers keep serving; when it is back, cross-process
delivery resumes and clients catch up over REST. Collected only when VENUELY_TEST_REDIS_URL is
set; it then fails if Redis is unreachable."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.realtime.conftest import REDIS_URL
from tests.realtime.processes import Chatter, FaultRig, ServerProcess


class Relay:
    """Forwards 127.0.0.1:<port> to Redis. `cut()` drops every open connection and turns new
    ones away (accepted, then closed at once) until `restore()`."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.cut_off = False
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._writers.update((writer, up_writer))
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(source, sink))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, ConnectionError):
            while data := await source.read(65536):
                sink.write(data)
                await sink.drain()
        sink.close()
        self._writers.discard(sink)

    def cut(self) -> None:
        self.cut_off = True
        for writer in tuple(self._writers):
            writer.transport.abort()
        self._writers.clear()

    def restore(self) -> None:
        self.cut_off = False

    async def stop(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in tuple(self._tasks):
            task.cancel()


@pytest.fixture
async def relay() -> AsyncIterator[Relay]:
    parts = urlsplit(REDIS_URL)
    relay = Relay(parts.hostname or "127.0.0.1", parts.port or 6379)
    await relay.start()
    yield relay
    await relay.stop()


def through(relay: Relay) -> str:
    parts = urlsplit(REDIS_URL)
    auth = parts.netloc.rpartition("@")[0]
    netloc = f"{auth}@127.0.0.1:{relay.port}" if auth else f"127.0.0.1:{relay.port}"
    return urlunsplit(parts._replace(netloc=netloc))


async def test_redis_outage_keeps_sends_committed_and_clients_catch_up(
    rig: FaultRig, relay: Relay
) -> None:
    one = await rig.started(through(relay))
    two = await rig.started(through(relay))
    ada, bob = await rig.people(2)
    await _outage(one, two, ada, bob, relay)


async def _outage(
    one: ServerProcess, two: ServerProcess, ada: Chatter, bob: Chatter, relay: Relay
) -> None:
    await ada.connect(one)
    await bob.connect(two)
    first = await bob.send("through redis")
    assert await ada.receive("through redis") == first  # two processes behave like one

    relay.cut()
    # Frames may now pass unseen: both processes tell their clients to reconnect and catch up.
    assert await ada.wait_closed() == 1011
    assert await bob.wait_closed() == 1011

    # The servers keep serving without the broker: sockets open, sends commit.
    await ada.connect(one)
    await bob.connect(two)
    during = [await bob.send(f"during outage {n}") for n in range(3)]
    assert [m["ID"] for m in await ada.history(one, first)] == during

    relay.restore()
    # Once resubscribed, each process closes the sockets that opened without a broker: they
    # may have missed another process's frames.
    assert await ada.wait_closed() == 1011
    assert await bob.wait_closed() == 1011

    await ada.connect(one)
    await bob.connect(two)
    caught_up = await ada.catch_up(one)
    assert [m["ID"] for m in caught_up] == during
    after = await bob.send("redis is back")
    assert await ada.receive("redis is back") == after  # cross-process delivery resumed
    assert list(ada.seen) == [first, *during, after]
