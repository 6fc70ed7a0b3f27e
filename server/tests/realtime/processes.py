"""Real `venuely serve` processes for fault tests (127.0.0.1 subprocesses sharing the test's
database), and chat participants that talk to them over the Python client and REST.

`FaultRig` (the `rig` fixture in conftest.py) starts processes and connects participants, and
stops and closes all of them after the test, whatever happened.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import TEST_SECRET
from tests.factories import make_event, make_person, token_for
from venuely.chat.service import ensure_broadcast_room
from venuely.client import RealtimeSocket, VenuelyClient
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.realtime import Opcode
from venuely.realtime.codec import Frame
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
        return await self._until(lambda message: message["TmpID"] == tmp)

    async def receive(self, text: str) -> str:
        """Wait until the message with `text` arrives live."""
        return await self._until(lambda message: message["Text"] == text)

    async def _until(self, wanted: Callable[[dict[str, Any]], bool]) -> str:
        """Read chat messages until a `wanted` one; every message read on the way counts as
        seen, as a client shows every message that reaches it."""
        assert self.socket is not None

        def seen(frame: Frame) -> bool:
            self.seen[frame.value["ID"]] = frame.value["Text"]
            return wanted(frame.value)

        notify = await self.socket.wait_for(Opcode.CHAT_MESSAGE_SEND_NOTIFY, seen, within=WAIT)
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


@dataclass
class FaultRig:
    services: Services
    settings: Settings
    workdir: Path
    servers: list[ServerProcess] = field(default_factory=list)
    chatters: list[Chatter] = field(default_factory=list)

    def server(self, redis_url: str = "") -> ServerProcess:
        """A server process on the test's database, not started yet."""
        server = ServerProcess(self.settings.database_url, self.workdir, redis_url)
        self.servers.append(server)
        return server

    async def started(self, redis_url: str = "") -> ServerProcess:
        server = self.server(redis_url)
        await server.start()
        return server

    async def people(self, count: int) -> list[Chatter]:
        """`count` attendees of one new event, in its broadcast room, not yet connected."""
        _, people = await chatters(self.services, count)
        self.chatters.extend(people)
        return people

    async def connected(self, server: ServerProcess, count: int) -> list[Chatter]:
        people = await self.people(count)
        for person in people:
            await person.connect(server)
        return people

    async def close(self) -> None:
        for chatter in self.chatters:
            # A socket to a killed server may fail to close cleanly; it is gone either way.
            with contextlib.suppress(Exception):
                await chatter.close()
        for server in self.servers:
            server.stop()
