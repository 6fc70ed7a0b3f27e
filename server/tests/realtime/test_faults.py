"""Faults against real server processes (`venuely serve` subprocesses on 127.0.0.1, sharing the
test's database): a client that was away catches up over REST after its last id, and a server
process killed with SIGKILL mid-chat loses no acknowledged message and duplicates nothing when the
clients reconnect and resend by TmpID (quality-bar §3, protocol/README.md §9).

The helpers here (`ServerProcess`, `Chatter`) are shared with `test_faults_redis.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import TEST_SECRET
from tests.factories import make_event, make_person, token_for
from venuely.chat.service import ensure_broadcast_room
from venuely.client import RealtimeSocket, VenuelyClient
from venuely.client.realtime import SocketClosed
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime import Opcode
from venuely.settings import Settings

START_TIMEOUT = 60.0  # a cold interpreter importing the app on a busy 2-core machine
WAIT = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class ServerProcess:
    """One `venuely serve` process; `kill()` is SIGKILL (no shutdown code runs)."""

    database_url: str
    workdir: Path
    redis_url: str = ""
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _spawn(self) -> subprocess.Popen[bytes]:
        env = {
            **os.environ,
            "VENUELY_ENV": "test",
            "VENUELY_DATABASE_URL": self.database_url,
            "VENUELY_SECRET_KEY": TEST_SECRET,
            "VENUELY_DATA_DIR": str(self.workdir / "var"),
            "VENUELY_PUBLIC_URL": "http://venuely.test",
            "VENUELY_REDIS_URL": self.redis_url,
            "VENUELY_LOG_FORMAT": "console",
        }
        command = [sys.executable, "-m", "venuely.cli", "serve"]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        with (self.workdir / f"server-{self.port}-{self.starts}.log").open("wb") as log:
            return subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)

    async def start(self) -> None:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.starts += 1
        self.proc = self._spawn()
        async with httpx.AsyncClient(timeout=2.0) as http, asyncio.timeout(START_TIMEOUT):
            while True:
                assert self.proc.poll() is None, f"server exited: {self.log_text()}"
                try:
                    await http.get(f"{self.url}/api/v1/")
                    return
                except httpx.TransportError:
                    await asyncio.sleep(0.1)

    def log_text(self) -> str:
        return "\n".join(
            p.read_text(errors="replace")[-4000:]
            for p in sorted(self.workdir.glob(f"server-{self.port}-*.log"))
        )

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def processes() -> Iterator[list[ServerProcess]]:
    """Server processes a test starts on the test's database; all are stopped at the end."""
    started: list[ServerProcess] = []
    yield started
    for server in started:
        server.stop()


def server_on(
    processes: list[ServerProcess], settings: Settings, tmp_path: Path, redis_url: str = ""
) -> ServerProcess:
    server = ServerProcess(settings.database_url, tmp_path, redis_url)
    processes.append(server)
    return server


@dataclass
class Chatter:
    """An attendee with a socket to one server process, and what it has seen of one room."""

    token: str
    person_id: str
    event_id: str
    room_id: str
    socket: RealtimeSocket | None = None
    seen: dict[str, str] = field(default_factory=dict)  # message ID -> Text

    @property
    def last_id(self) -> str:
        return max(self.seen)

    async def connect(self, server: ServerProcess) -> RealtimeSocket:
        async with VenuelyClient(server.url) as api:
            self.socket = await api.connect(self.token)
        await self.socket.ping("ready")
        await self.socket.wait_for(Opcode.PONG, within=WAIT)
        return self.socket

    async def send(self, text: str, tmp_id: str | None = None) -> str:
        """Send and wait for the server's acknowledgement; returns the stored message ID."""
        assert self.socket is not None
        tmp = await self.socket.send_message(self.room_id, text, tmp_id=tmp_id)
        notify = await self.socket.wait_for(
            Opcode.CHAT_MESSAGE_SEND_NOTIFY, lambda f: f.value["TmpID"] == tmp, within=WAIT
        )
        self.seen[notify.value["ID"]] = notify.value["Text"]
        return str(notify.value["ID"])

    async def receive(self, text: str) -> str:
        """Wait until the message with `text` arrives live."""
        assert self.socket is not None
        notify = await self.socket.wait_for(
            Opcode.CHAT_MESSAGE_SEND_NOTIFY, lambda f: f.value["Text"] == text, within=WAIT
        )
        self.seen[notify.value["ID"]] = notify.value["Text"]
        return str(notify.value["ID"])

    async def history(self, server: ServerProcess, after: str | None) -> list[dict[str, Any]]:
        """The room's messages after `after` (all without it), oldest first, over REST."""
        params: dict[str, Any] = {"ChatroomID": self.room_id, "MaxCount": 1000}
        if after is not None:
            params.update(StartID=after, IsAscending="true")
        async with httpx.AsyncClient(base_url=f"{server.url}/api/v1", timeout=WAIT) as http:
            response = await http.get(
                f"/events/{self.event_id}/lists/chatmessageschronologically",
                params=params,
                headers={"Authorization": f"Bearer {self.token}"},
            )
        assert response.status_code == 200, response.text
        page: list[dict[str, Any]] = response.json()
        return page

    async def catch_up(self, server: ServerProcess) -> list[dict[str, Any]]:
        """What a reconnecting client does (§9): fetch after its last id, de-duplicate by ID."""
        fetched = await self.history(server, self.last_id)
        for message in fetched:
            self.seen.setdefault(message["ID"], message["Text"])
        return fetched

    async def wait_closed(self) -> int | None:
        assert self.socket is not None
        return await self.socket.wait_closed(within=WAIT)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()


async def chatters(services: Services, count: int) -> tuple[Event, list[Chatter]]:
    event = await make_event(services)
    async with services.db.session() as session:
        room = await ensure_broadcast_room(session, event.id, services.clock.now())
        room_id = room.id
    people = []
    for _ in range(count):
        person = await make_person(services, event=event)
        token = await token_for(services, person, event)
        people.append(Chatter(token, person.id, event.id, room_id))
    return event, people


@pytest.fixture
async def quiet_sockets() -> AsyncIterator[list[Chatter]]:
    """Chatters registered here have their sockets closed after the test, whatever happened."""
    registered: list[Chatter] = []
    yield registered
    for chatter in registered:
        # A socket to a killed server may fail to close cleanly; it is gone either way.
        with contextlib.suppress(Exception):
            await chatter.close()


async def test_a_client_away_catches_up_exactly_what_it_missed(
    services: Services,
    settings: Settings,
    tmp_path: Path,
    processes: list[ServerProcess],
    quiet_sockets: list[Chatter],
) -> None:
    server = server_on(processes, settings, tmp_path)
    await server.start()
    _, (ada, bob) = await chatters(services, 2)
    quiet_sockets.extend([ada, bob])
    await ada.connect(server)
    await bob.connect(server)
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
    services: Services,
    settings: Settings,
    tmp_path: Path,
    processes: list[ServerProcess],
    quiet_sockets: list[Chatter],
) -> None:
    server = server_on(processes, settings, tmp_path)
    await server.start()
    _, (ada, bob) = await chatters(services, 2)
    quiet_sockets.extend([ada, bob])
    await ada.connect(server)
    await bob.connect(server)
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


async def test_socket_refused_while_the_process_is_down_then_served_again(
    services: Services,
    settings: Settings,
    tmp_path: Path,
    processes: list[ServerProcess],
    quiet_sockets: list[Chatter],
) -> None:
    # What a reconnecting client meets while the process is down: a refused connection, not a
    # hang; after the restart the same token gets a socket again.
    server = server_on(processes, settings, tmp_path)
    await server.start()
    _, (ada,) = await chatters(services, 1)
    quiet_sockets.append(ada)
    await ada.connect(server)
    server.kill()
    assert await ada.wait_closed() != 1000
    with pytest.raises((httpx.TransportError, SocketClosed, OSError)):
        await ada.connect(server)
    await server.start()
    await ada.connect(server)
    assert await ada.send("back") in await _ids(ada, server)


async def _ids(chatter: Chatter, server: ServerProcess) -> list[str]:
    return [m["ID"] for m in await chatter.history(server, None)]
