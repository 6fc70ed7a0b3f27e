"""Pano frames reach the right sockets through a real server: attendee variables to the person's
other connections, event variables to every connection of the event, uploader frames to the
uploader."""

from __future__ import annotations

import httpx

from tests.api.test_panos_upload import make_pano, tour_zip
from tests.factories import bearer, grant_admin, make_person, token_for
from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.events.models import Customer
from venuely.realtime import Opcode


async def _connected(live: LiveServer, person_id: str, count: int = 1) -> None:
    await wait_until(lambda: len(live.hub.connections_of(person_id)) == count, "connected")


async def _nothing_queued(socket: RealtimeSocket) -> None:
    """Frames arrive in order: a PONG first means nothing was sent to this socket before."""
    await socket.ping("mark")
    frame = await socket.recv()
    assert (frame.opcode, frame.value) == (Opcode.PONG, "mark")


async def test_attendee_vars_reach_the_persons_other_socket(live: LiveServer) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    first, second = await live.socket(ada.token), await live.socket(ada.token)
    other = await live.socket(bob.token)
    await _connected(live, ada.person.id, 2)
    await _connected(live, bob.person.id)
    state = {"Var_User_Lang": "fr", "Var_User_01": "7"}
    async with httpx.AsyncClient(base_url=live.url + "/api/v1") as http:
        response = await http.post(
            f"/events/{ada.event.id}/attendees/{ada.person.id}/pano-variables",
            headers=bearer(ada.token),
            json=state,
        )
    assert response.status_code == 200
    expected = {"EventID": ada.event.id, "PersonID": ada.person.id, "Vars": state}
    for socket in (first, second):
        assert (await socket.wait_for(Opcode.PANO_ATTENDEE_VAR_SYNC)).value == expected
    await _nothing_queued(other)
    for socket in (first, second, other):
        await socket.close()


async def test_event_vars_reach_event_members(live: LiveServer) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    stranger = await attendee(live.services)
    sockets = [await live.socket(w.token) for w in (ada, bob, stranger)]
    for who in (ada, bob, stranger):
        await _connected(live, who.person.id)
    admin = await make_person(live.services)
    await grant_admin(live.services, admin, AdminType.EVENT, event_id=ada.event.id)
    admin_token = await token_for(live.services, admin)
    new_vars = {"Var_EventDay": "2", "Var_x_Screen_01": "https://example.org/a.png"}
    async with httpx.AsyncClient(base_url=live.url + "/api/v1") as http:
        unchanged = await http.put(
            f"/events/{ada.event.id}", headers=bearer(admin_token), json={"Title": "Renamed"}
        )
        assert unchanged.status_code == 200
        response = await http.put(
            f"/events/{ada.event.id}",
            headers=bearer(admin_token),
            json={"PanoEventVars": new_vars},
        )
    assert response.status_code == 200
    for socket in sockets[:2]:
        frame = await socket.wait_for(Opcode.PANO_EVENT_VAR_SYNC)
        assert frame.value == {"EventID": ada.event.id, "Vars": new_vars}
        # Only one frame: the title change before did not publish.
        await _nothing_queued(socket)
    await _nothing_queued(sockets[2])
    for socket in sockets:
        await socket.close()


async def test_uploader_frames_reach_the_uploader(live: LiveServer) -> None:
    ada = await attendee(live.services)
    admin = await make_person(live.services)
    await grant_admin(live.services, admin, AdminType.CUSTOMER, customer_id=ada.event.customer_id)
    token = await token_for(live.services, admin)
    async with live.services.db.session() as session:
        customer = await session.get(Customer, ada.event.customer_id)
    assert customer is not None
    pano = await make_pano(live.services, customer)
    socket = await live.socket(token)
    await _connected(live, admin.id)
    async with httpx.AsyncClient(base_url=live.url + "/api/v1") as http:
        ok = await http.post(
            f"/panos/{pano.id}/upload",
            headers=bearer(token),
            files={"file": ("tour.zip", tour_zip(), "application/zip")},
        )
        assert ok.status_code == 201
        refused = await http.post(
            f"/panos/{pano.id}/upload",
            headers=bearer(token),
            files={"file": ("tour.zip", b"not a zip", "application/zip")},
        )
        assert refused.status_code == 422
    progress = await socket.wait_for(Opcode.PANO_UPLOADER_PROGRESS)
    assert progress.value["PanoID"] == pano.id
    assert progress.value["Version"] == 1
    assert progress.value["Step"] == "check"
    success = await socket.wait_for(Opcode.PANO_UPLOADER_SUCCESS)
    assert success.value == {"PanoID": pano.id, "Version": 1, "PanoURL": f"/tours/{pano.id}/1/"}
    error = await socket.wait_for(Opcode.PANO_UPLOADER_ERROR)
    assert error.value["Error"]["Code"] == "INVALID_FILE"
    assert error.value["Error"]["Data"] == {"PanoID": pano.id, "Version": 2}
    await socket.close()
