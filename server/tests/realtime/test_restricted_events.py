"""Restricting an event takes effect on open sockets too: with an empty whitelist, attendees'
connections close with NOT_WHITELISTED, and new tickets are refused; its admins stay."""

from __future__ import annotations

from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.realtime import CloseCode, Opcode


async def _pong(socket: RealtimeSocket) -> None:
    await socket.ping("hi")
    assert (await socket.wait_for(Opcode.PONG)).value == "hi"


async def test_restricting_with_an_empty_whitelist_closes_attendee_sockets(
    live: LiveServer,
) -> None:
    who = await attendee(live.services)
    organizer = await make_person(live.services)
    await grant_admin(live.services, organizer, AdminType.EVENT, event_id=who.event.id)
    admin_token = await token_for(live.services, organizer)
    attendee_socket = await live.socket(who.token)
    await _pong(attendee_socket)
    async with live.client() as api:
        ticket = await api.ticket(admin_token, who.event.id)
        admin_socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        await _pong(admin_socket)
        response = await api.http.put(
            f"/events/{who.event.id}", json={"IsRestricted": True}, headers=bearer(admin_token)
        )
        assert response.status_code == 200, response.text
        assert await attendee_socket.wait_closed() == CloseCode.NOT_WHITELISTED
        refused = await api.http.post(
            "/amvproto/authenticate", params={"EventID": who.event.id}, headers=bearer(who.token)
        )
        assert refused.status_code == 401
    await _pong(admin_socket)
    await admin_socket.close()
