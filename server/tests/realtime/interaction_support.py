"""A stage for the Q&A and reactions socket tests: an event with a session running now, attendees
and an organizer of it with open sockets (the organizer's also on the staff channel), and REST
calls against the same live server."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import httpx

from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import Attendee, LiveServer, attendee, wait_until
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.realtime.opcodes import Opcode


def iso(moment: Any) -> str:
    return str(moment.isoformat().replace("+00:00", "Z"))


@dataclass
class Stage:
    live: LiveServer
    event_id: str
    admin_token: str
    session_id: str
    people: dict[str, Attendee]
    sockets: dict[str, RealtimeSocket] = field(default_factory=dict)
    http: httpx.AsyncClient | None = None

    def token(self, who: str) -> str:
        return self.admin_token if who == "admin" else self.people[who].token

    async def call(
        self, method: str, path: str, who: str = "admin", body: Any = None
    ) -> httpx.Response:
        async with self.live.client() as api:
            return await api.http.request(
                method, f"/events/{self.event_id}{path}", json=body, headers=bearer(self.token(who))
            )

    async def session(self, name: str, begin_minutes: int, end_minutes: int) -> str:
        """A session beginning and ending that many minutes from now (negative: ago)."""
        now = self.live.services.clock.now()
        body = {
            "InternalName": name,
            "Title": name.title(),
            "DateBegin": iso(now + timedelta(minutes=begin_minutes)),
            "DateEnd": iso(now + timedelta(minutes=end_minutes)),
        }
        async with self.live.client() as api:
            response = await api.http.post(
                f"/events/{self.event_id}/activities",
                params={"EntityType": "Session"},
                json=body,
                headers=bearer(self.admin_token),
            )
        assert response.status_code == 201, response.text
        return str(response.json()["ID"])

    async def close(self) -> None:
        for socket in self.sockets.values():
            await socket.close()


async def stage(live: LiveServer, *names: str) -> Stage:
    services = live.services
    first = await attendee(services)
    people = {names[0]: first}
    for name in names[1:]:
        people[name] = await attendee(services, first.event)
    admin = await make_person(services, first_name="Olivia", last_name="Organizer")
    await grant_admin(
        services,
        admin,
        AdminType.EVENT,
        event_id=first.event.id,
        customer_id=first.event.customer_id,
    )
    admin_token = await token_for(services, admin)
    result = Stage(live, first.event.id, admin_token, "", people)
    result.session_id = await result.session("keynote", -10, 50)
    for name, who in people.items():
        result.sockets[name] = await live.socket(who.token)
        await _connected(live, who.person.id, name)
    async with live.client() as api:
        ticket = await api.ticket(admin_token, first.event.id)
        result.sockets["admin"] = await RealtimeSocket.open(
            api.socket_url(ticket), heartbeat_seconds=None
        )
    await _connected(live, admin.id, "admin")
    return result


async def _connected(live: LiveServer, person_id: str, name: str) -> None:
    await wait_until(lambda: bool(live.hub.connections_of(person_id)), f"{name} connected")


async def settle(socket: RealtimeSocket, mark: str = "settle") -> list[Any]:
    """Every frame that reached the socket before the answer to a PING sent now."""
    await socket.ping(mark)
    frames = []
    while (frame := await socket.recv()).opcode is not Opcode.PONG or frame.value != mark:
        frames.append(frame)
    return frames
