"""Disabling a customer takes effect on open sockets: its events' attendees are closed with
NOT_WHITELISTED (no longer admitted) and a new ticket is refused with CUSTOMER_DISABLED; the
events' admins keep their sockets, and attendees of other customers' events keep theirs."""

from __future__ import annotations

from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.realtime import CloseCode, Opcode


async def _pong(socket: RealtimeSocket) -> None:
    await socket.ping("hi")
    assert (await socket.wait_for(Opcode.PONG)).value == "hi"


async def test_disabling_a_customer_closes_its_attendees_sockets(live: LiveServer) -> None:
    who = await attendee(live.services)
    bystander = await attendee(live.services)  # another customer's event
    organizer = await make_person(live.services)
    await grant_admin(live.services, organizer, AdminType.EVENT, event_id=who.event.id)
    master = await make_person(live.services)
    await grant_admin(live.services, master, AdminType.MASTER)
    organizer_token = await token_for(live.services, organizer)
    attendee_socket = await live.socket(who.token)
    bystander_socket = await live.socket(bystander.token)
    await _pong(attendee_socket)
    async with live.client() as api:
        ticket = await api.ticket(organizer_token, who.event.id)
        organizer_socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        await _pong(organizer_socket)
        response = await api.http.put(
            f"/customers/{who.event.customer_id}",
            json={"IsDisabled": True},
            headers=bearer(await token_for(live.services, master)),
        )
        assert response.status_code == 200, response.text
        assert await attendee_socket.wait_closed() == CloseCode.NOT_WHITELISTED
        refused = await api.http.post(
            "/amvproto/authenticate", params={"EventID": who.event.id}, headers=bearer(who.token)
        )
        assert refused.status_code == 403
        assert refused.json()["Error"]["Code"] == "CUSTOMER_DISABLED"
    await _pong(organizer_socket)
    await _pong(bystander_socket)
    await organizer_socket.close()
    await bystander_socket.close()
