"""The handshake against a real server: tickets, origin, the connection limit."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.core.clock import FrozenClock
from venuely.realtime import CloseCode, Opcode
from venuely.realtime.tickets import TICKET_LENGTH


async def _pong(socket: RealtimeSocket, text: str = "hi") -> None:
    await socket.ping(text)
    frame = await socket.wait_for(Opcode.PONG)
    assert frame.value == text


async def test_ticket_call_needs_a_token(live: LiveServer) -> None:
    async with live.client() as api:
        response = await api.http.post("/amvproto/authenticate")
    assert response.status_code == 401


async def test_ticket_opens_one_socket_only(live: LiveServer) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        ticket = await api.ticket(who.token)
        assert isinstance(ticket, str)
        assert len(ticket) >= 22
        first = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        await _pong(first)
        second = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        assert await second.wait_closed() == CloseCode.UNAUTHENTICATED
        await first.close()


async def test_expired_ticket_is_refused(live: LiveServer, clock: FrozenClock) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        ticket = await api.ticket(who.token)
        clock.advance(timedelta(seconds=31))
        socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        assert await socket.wait_closed() == CloseCode.UNAUTHENTICATED


@pytest.mark.parametrize("ticket", ["x" * 32, "short", "A" * 200, "A" * TICKET_LENGTH])
async def test_forged_ticket_is_refused(live: LiveServer, ticket: str) -> None:
    async with live.client() as api:
        socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    assert await socket.wait_closed() == CloseCode.UNAUTHENTICATED


async def test_tampered_ticket_is_refused_and_does_not_use_up_the_real_one(
    live: LiveServer,
) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        ticket = await api.ticket(who.token)
        middle = len(ticket) // 2
        tampered = ticket[:middle] + ("B" if ticket[middle] != "B" else "C") + ticket[middle + 1 :]
        forged = await RealtimeSocket.open(api.socket_url(tampered), heartbeat_seconds=None)
        assert await forged.wait_closed() == CloseCode.UNAUTHENTICATED
        genuine = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
        await _pong(genuine)
        await genuine.close()


async def test_ticket_of_a_revoked_token_is_refused(live: LiveServer) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        ticket = await api.ticket(who.token)
        await api.logout(who.token)
        socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    assert await socket.wait_closed() == CloseCode.TOKEN_REVOKED


async def test_foreign_origin_is_refused_and_the_own_one_accepted(live: LiveServer) -> None:
    who = await attendee(live.services)
    refused = await live.socket(who.token, origin="https://evil.example")
    assert await refused.wait_closed() == CloseCode.ORIGIN_REFUSED
    accepted = await live.socket(who.token, origin="http://venuely.test")
    await _pong(accepted)
    await accepted.close()


async def test_connection_limit_answers_max_allowed_conns_reached(live: LiveServer) -> None:
    live.hub.max_connections = 2
    who = await attendee(live.services)
    open_ = [await live.socket(who.token), await live.socket(who.token)]
    for socket in open_:
        await _pong(socket)
    third = await live.socket(who.token)
    frame = await third.wait_for(Opcode.MAX_ALLOWED_CONNS_REACHED)
    assert frame.value == {"Limit": 2, "Scope": "PERSON"}
    assert await third.wait_closed() == CloseCode.MAX_CONNECTIONS
    # Another person of the same event is not affected by someone else's limit.
    other = await live.socket((await attendee(live.services, who.event)).token)
    await _pong(other)
    for socket in [*open_, other]:
        await socket.close()


async def test_whitelist_is_checked_when_the_ticket_is_issued(live: LiveServer) -> None:
    who = await attendee(live.services)
    async with live.client() as api:
        other = await attendee(live.services)  # a token for another event
        response = await api.http.post(
            "/amvproto/authenticate",
            params={"EventID": who.event.id},
            headers=bearer(other.token),
        )
    assert response.status_code == 403


async def test_logout_closes_only_that_tokens_sockets(live: LiveServer) -> None:
    who = await attendee(live.services)
    second_token = await token_for(live.services, who.person, who.event)
    doomed = await live.socket(who.token)
    survivor = await live.socket(second_token)
    await _pong(doomed)
    async with live.client() as api:
        await api.logout(who.token)
    assert await doomed.wait_closed() == CloseCode.TOKEN_REVOKED
    await _pong(survivor)
    await survivor.close()


async def test_idle_socket_is_closed(live: LiveServer) -> None:
    # The sweeper reads the limit when it starts; restart it with a short one.
    await live.hub.stop()
    live.hub.idle_seconds = 0.3
    await live.hub.start()
    who = await attendee(live.services)
    socket = await live.socket(who.token, heartbeat=None)
    assert await socket.wait_closed() == CloseCode.IDLE_TIMEOUT
    # A client that heartbeats stays.
    beating = await live.socket(who.token, heartbeat=0.05)
    await _pong(beating)
    await _pong(beating)
    await beating.close()


async def test_whitelist_change_closes_sockets_of_people_it_no_longer_admits(
    live: LiveServer,
) -> None:
    kept = await attendee(live.services)
    dropped = await attendee(live.services, kept.event)
    organizer = await make_person(live.services)
    await grant_admin(live.services, organizer, AdminType.EVENT, event_id=kept.event.id)
    kept_socket = await live.socket(kept.token)
    dropped_socket = await live.socket(dropped.token)
    await _pong(kept_socket)
    await _pong(dropped_socket)
    async with live.client() as api:
        response = await api.http.put(
            f"/events/{kept.event.id}/email-whitelist",
            json={"Entries": [kept.person.login_email]},
            headers=bearer(await token_for(live.services, organizer)),
        )
    assert response.status_code == 200
    assert await dropped_socket.wait_closed() == CloseCode.NOT_WHITELISTED
    await _pong(kept_socket)
    await kept_socket.close()


async def test_membership_is_checked_at_ticket_and_again_at_the_handshake(
    live: LiveServer,
) -> None:
    """The ticket call and the handshake read the event's owner and the whitelist's verdict in
    one statement: the attendee by address or domain, the admin without an attendee token, the
    attendee the whitelist stopped admitting between ticket and socket, an unknown event."""
    admitted = await attendee(live.services)
    event = admitted.event
    by_domain = await attendee(live.services, event)
    refused = await attendee(live.services, event)
    organizer = await make_person(live.services)
    await grant_admin(live.services, organizer, AdminType.EVENT, event_id=event.id)
    admin_token = await token_for(live.services, organizer)
    domain = by_domain.person.login_email.rpartition("@")[2]
    assert refused.person.login_email.rpartition("@")[2] == domain  # the factory's one domain

    async def whitelist(entries: list[str]) -> None:
        async with live.client() as api:
            response = await api.http.put(
                f"/events/{event.id}/email-whitelist",
                json={"Entries": entries},
                headers=bearer(admin_token),
            )
        assert response.status_code == 200

    async def ticket_status(token: str, event_id: str) -> int:
        async with live.client() as api:
            response = await api.http.post(
                "/amvproto/authenticate", params={"EventID": event_id}, headers=bearer(token)
            )
        return response.status_code

    await whitelist([admitted.person.login_email])
    assert await ticket_status(admitted.token, event.id) == 200
    assert await ticket_status(refused.token, event.id) == 401
    assert await ticket_status(admin_token, event.id) == 200
    assert await ticket_status(admin_token, "0" * 23 + "1") == 404
    await whitelist([f"@{domain}"])
    assert await ticket_status(by_domain.token, event.id) == 200

    async with live.client() as api:
        ticket = await api.ticket(by_domain.token)
        await whitelist([admitted.person.login_email])
        late = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    assert await late.wait_closed() == CloseCode.NOT_WHITELISTED
