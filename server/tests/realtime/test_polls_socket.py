"""Polls through the gateway: POLL_VOTE from real sockets against a live server.

The voter's connections all hear POLL_BALLOT_NOTIFY (the voting one recognises its TmpID),
refusals come back as POLL_VOTE_ERROR echoing PollID and TmpID with nothing stored, two sockets
of one person voting at the same moment leave exactly one ballot, the tally arrives coalesced and
only where it may be seen, and drafts are announced to organizers' sockets only.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from tests.api.polls_support import make_poll
from tests.factories import grant_admin, make_person, token_for
from tests.realtime.live import Attendee, LiveServer, attendee, wait_until
from venuely.activities.models import Activity
from venuely.admins.models import AdminType
from venuely.client import RealtimeSocket
from venuely.core.services import Services
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.polls.tally import recount
from venuely.realtime.opcodes import Opcode


@dataclass
class Room:
    """Attendees of one event with a socket each, and an organizer's socket on the event."""

    ada: Attendee
    bob: Attendee
    ada_socket: RealtimeSocket
    bob_socket: RealtimeSocket
    admin_socket: RealtimeSocket
    extra: list[RealtimeSocket]

    async def close(self) -> None:
        for socket in (self.ada_socket, self.bob_socket, self.admin_socket, *self.extra):
            await socket.close()


async def _connected(live: LiveServer, person_id: str) -> None:
    await wait_until(lambda: bool(live.hub.connections_of(person_id)), "connected")


async def _admin_socket(live: LiveServer, event_id: str) -> RealtimeSocket:
    admin = await make_person(live.services)
    await grant_admin(live.services, admin, AdminType.MASTER)
    token = await token_for(live.services, admin)
    async with live.client() as api:
        ticket = await api.ticket(token, event_id)
        socket = await RealtimeSocket.open(api.socket_url(ticket), heartbeat_seconds=None)
    await _connected(live, admin.id)
    return socket


async def _room(live: LiveServer) -> Room:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    sockets = []
    for who in (ada, bob):
        sockets.append(await live.socket(who.token))
        await _connected(live, who.person.id)
    admin = await _admin_socket(live, ada.event.id)
    return Room(ada, bob, sockets[0], sockets[1], admin, [])


def _vote(
    poll_id: str, option_ids: list[str], tmp_id: str, other: str | None = None
) -> dict[str, Any]:
    payload: dict[str, Any] = {"PollID": poll_id, "OptionIDs": option_ids, "TmpID": tmp_id}
    if other is not None:
        payload["Other"] = other
    return payload


async def _answers(
    socket: RealtimeSocket, *, notices: int, errors: int = 0
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Read until `notices` POLL_BALLOT_NOTIFY and `errors` POLL_VOTE_ERROR frames came (other
    frames, like the tally, are skipped)."""
    heard: dict[Opcode, list[dict[str, Any]]] = {
        Opcode.POLL_BALLOT_NOTIFY: [],
        Opcode.POLL_VOTE_ERROR: [],
    }
    while (
        len(heard[Opcode.POLL_BALLOT_NOTIFY]) < notices
        or len(heard[Opcode.POLL_VOTE_ERROR]) < errors
    ):
        frame = await socket.recv()
        if frame.opcode in heard:
            heard[frame.opcode].append(frame.value)
    return heard[Opcode.POLL_BALLOT_NOTIFY], heard[Opcode.POLL_VOTE_ERROR]


def _as_of(results: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(results["AsOf"])


async def _quiet(socket: RealtimeSocket) -> None:
    """Nothing is queued for this socket: frames arrive in order, so a PONG comes first."""
    await socket.ping("mark")
    frame = await socket.recv()
    assert (frame.opcode, frame.value) == (Opcode.PONG, "mark"), frame


async def _ballots(services: Services, poll_id: str) -> list[tuple[str, list[str]]]:
    async with services.db.session() as session:
        ballots = (
            await session.scalars(select(PollBallot).where(PollBallot.poll_id == poll_id))
        ).all()
        result = []
        for ballot in ballots:
            options = await session.scalars(
                select(PollBallotChoice.option_id)
                .where(PollBallotChoice.ballot_id == ballot.id)
                .order_by(PollBallotChoice.option_id)
            )
            result.append((ballot.person_id, list(options.all())))
    return result


async def test_a_vote_reaches_every_connection_of_the_voter(live: LiveServer) -> None:
    room = await _room(live)
    poll = await make_poll(live.services, room.ada.event)
    second = await live.socket(room.ada.token)
    room.extra.append(second)
    await room.ada_socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["b"], "t-1"))
    for socket in (room.ada_socket, second):
        frame = await socket.wait_for(Opcode.POLL_BALLOT_NOTIFY)
        assert frame.value["TmpID"] == "t-1"
        assert (frame.value["PollID"], frame.value["EventID"]) == (poll.id, room.ada.event.id)
        assert (frame.value["OptionIDs"], frame.value["Other"]) == (["b"], None)
    # Committed before it was announced.
    assert await _ballots(live.services, poll.id) == [(room.ada.person.id, ["b"])]
    # Bob hears the tally, never Ada's ballot.
    results = await room.bob_socket.wait_for(Opcode.POLL_RESULTS_NOTIFY)
    assert results.value["Ballots"] == 1
    await _quiet(room.bob_socket)
    await room.close()


async def test_refusals_echo_the_poll_and_tmp_id_and_store_nothing(live: LiveServer) -> None:
    room = await _room(live)
    event = room.ada.event
    poll = await make_poll(live.services, event, AllowChange=False)
    closed = await make_poll(
        live.services, event, InternalName="closed", ClosesAt="2000-01-01T00:00:00Z"
    )
    draft = await make_poll(live.services, event, InternalName="draft", IsActive=False)
    other_event = await attendee(live.services)
    foreign = await make_poll(live.services, other_event.event, InternalName="foreign")
    socket = room.ada_socket
    for payload, code, data in (
        (_vote(poll.id, ["z"], "t-unknown"), "POLL_OPTION_UNKNOWN", {"OptionIDs": ["z"]}),
        (_vote(poll.id, ["a", "b"], "t-two"), "POLL_CHOICE_INVALID", {"Multiple": False}),
        (_vote(poll.id, ["a", "a"], "t-dup"), "VALIDATION_ERROR", None),
        (_vote(poll.id, ["a"], "t-other", "mine"), "POLL_OTHER_NOT_ALLOWED", {}),
        (_vote(closed.id, ["a"], "t-closed"), "POLL_NOT_OPEN", {"State": "closed"}),
        (_vote(draft.id, ["a"], "t-draft"), "POLL_NOT_FOUND", {}),
        (_vote(foreign.id, ["a"], "t-foreign"), "POLL_NOT_FOUND", {}),
    ):
        await socket.send_json(Opcode.POLL_VOTE, payload)
        frame = await socket.recv()
        assert frame.opcode is Opcode.POLL_VOTE_ERROR, frame
        error = frame.value["Error"]
        assert error["Code"] == code, error
        assert (error["Data"]["PollID"], error["Data"]["TmpID"]) == (
            payload["PollID"],
            payload["TmpID"],
        )
        for key, value in (data or {}).items():
            assert error["Data"][key] == value
    await socket.send_json(Opcode.POLL_VOTE, {"PollID": poll.id, "OptionIDs": ["a"]})
    missing = await socket.recv()
    assert missing.opcode is Opcode.POLL_VOTE_ERROR
    assert missing.value["Error"]["Code"] == "MISSING_PARAMETER"
    assert missing.value["Error"]["Data"]["PollID"] == poll.id
    for poll_id in (poll.id, closed.id, draft.id, foreign.id):
        assert await _ballots(live.services, poll_id) == []

    await socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["a"], "t-first"))
    assert (await socket.wait_for(Opcode.POLL_BALLOT_NOTIFY)).value["TmpID"] == "t-first"
    await socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["b"], "t-again"))
    locked = await socket.wait_for(Opcode.POLL_VOTE_ERROR)
    assert locked.value["Error"]["Code"] == "POLL_BALLOT_LOCKED"
    assert locked.value["Error"]["Data"] == {"PollID": poll.id, "TmpID": "t-again"}
    assert await _ballots(live.services, poll.id) == [(room.ada.person.id, ["a"])]
    await room.close()


async def test_an_attendee_of_another_event_cannot_vote(live: LiveServer) -> None:
    room = await _room(live)
    poll = await make_poll(live.services, room.ada.event)
    outsider = await attendee(live.services)  # of another event, connected to it
    socket = await live.socket(outsider.token)
    room.extra.append(socket)
    await socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["a"], "t-out"))
    frame = await socket.wait_for(Opcode.POLL_VOTE_ERROR)
    assert frame.value["Error"]["Code"] == "POLL_NOT_FOUND"
    assert await _ballots(live.services, poll.id) == []
    await room.close()


async def test_two_sockets_of_one_person_voting_at_once_leave_one_ballot(
    live: LiveServer,
) -> None:
    room = await _room(live)
    event = room.ada.event
    second = await live.socket(room.ada.token)
    room.extra.append(second)
    for round_number in range(5):
        poll = await make_poll(
            live.services, event, InternalName=f"locked-{round_number}", AllowChange=False
        )
        await asyncio.gather(
            room.ada_socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["a"], "t-a")),
            second.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["b"], "t-b")),
        )
        # Both connections are the same person's: each hears the one winning notice...
        first_notices, first_errors = await _answers(room.ada_socket, notices=1)
        winner = first_notices[0]["TmpID"]
        if winner == "t-b":  # the first socket lost: its refusal may still be on the way
            _, more = await _answers(room.ada_socket, notices=0, errors=1 - len(first_errors))
            first_errors += more
        second_notices, second_errors = await _answers(
            second, notices=1, errors=1 if winner == "t-a" else 0
        )
        assert second_notices == first_notices
        # ...and only the losing socket is refused.
        [refusal] = first_errors + second_errors
        assert refusal["Error"]["Code"] == "POLL_BALLOT_LOCKED"
        assert refusal["Error"]["Data"] == {
            "PollID": poll.id,
            "TmpID": ({"t-a", "t-b"} - {winner}).pop(),
        }
        stored = await _ballots(live.services, poll.id)
        assert stored == [(room.ada.person.id, first_notices[0]["OptionIDs"])]

        changing = await make_poll(live.services, event, InternalName=f"changing-{round_number}")
        await asyncio.gather(
            room.ada_socket.send_json(Opcode.POLL_VOTE, _vote(changing.id, ["a"], "c-a")),
            second.send_json(Opcode.POLL_VOTE, _vote(changing.id, ["b"], "c-b")),
        )
        for socket in (room.ada_socket, second):
            notices, errors = await _answers(socket, notices=2)
            # Both counted, one after the other: a change of the first.
            assert ({n["TmpID"] for n in notices}, errors) == ({"c-a", "c-b"}, [])
        [(person, options)] = await _ballots(live.services, changing.id)
        assert person == room.ada.person.id
        assert options in (["a"], ["b"])
    await room.close()


async def test_the_tally_is_coalesced_and_equals_the_recount(live: LiveServer) -> None:
    room = await _room(live)
    event = room.ada.event
    poll = await make_poll(live.services, event, Multiple=True)
    voters = [await attendee(live.services, event) for _ in range(8)]
    sockets = []
    for voter in voters:
        sockets.append(await live.socket(voter.token))
        await _connected(live, voter.person.id)
    room.extra.extend(sockets)
    choices = [["a"], ["b"], ["a", "c"], ["c"], ["a", "b", "c"], ["b"], ["a"], ["c"]]
    await asyncio.gather(
        *(
            socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, chosen, f"t{i}"))
            for i, (socket, chosen) in enumerate(zip(sockets, choices, strict=True))
        )
    )
    # Some changes of mind.
    await sockets[0].wait_for(Opcode.POLL_BALLOT_NOTIFY)
    await sockets[0].send_json(Opcode.POLL_VOTE, _vote(poll.id, ["b", "c"], "t-change"))
    await sockets[0].wait_for(Opcode.POLL_BALLOT_NOTIFY, lambda f: f.value["TmpID"] == "t-change")
    choices[0] = ["b", "c"]
    expected = [
        {"OptionID": o, "Count": sum(o in chosen for chosen in choices)} for o in ("a", "b", "c")
    ]
    # Bob (no vote) keeps the frame with the latest AsOf, until it shows every ballot.
    latest: dict[str, Any] = {}
    while latest.get("Counts") != expected:
        frame = await room.bob_socket.wait_for(Opcode.POLL_RESULTS_NOTIFY)
        if not latest or _as_of(frame.value) >= _as_of(latest):
            latest = frame.value
    async with live.services.db.session() as session:
        stored = await session.get(Activity, poll.id)
        assert stored is not None
        recounted = (await recount(session, stored)).model_dump(mode="json")
    assert latest == recounted
    assert latest["Ballots"] == len(voters)
    await room.close()


async def test_hidden_results_reach_organizers_only(live: LiveServer) -> None:
    room = await _room(live)
    poll = await make_poll(live.services, room.ada.event, Results="hidden")
    await room.ada_socket.send_json(Opcode.POLL_VOTE, _vote(poll.id, ["c"], "t-h"))
    await room.ada_socket.wait_for(Opcode.POLL_BALLOT_NOTIFY)
    results = await room.admin_socket.wait_for(Opcode.POLL_RESULTS_NOTIFY)
    assert results.value["Counts"][2] == {"OptionID": "c", "Count": 1}
    # Published before the organizer got it: had it gone to the event, it would be queued here.
    for socket in (room.ada_socket, room.bob_socket):
        await _quiet(socket)
    await room.close()


async def test_drafts_are_announced_to_organizers_only(live: LiveServer) -> None:
    room = await _room(live)
    event_id = room.ada.event.id
    admin = await make_person(live.services)
    await grant_admin(live.services, admin, AdminType.MASTER)
    async with live.client() as api:
        token = await token_for(live.services, admin)
        base = f"/events/{event_id}/polls"
        body = {
            "InternalName": "q",
            "Question": "Coffee or tea?",
            "Options": [{"ID": "c", "Text": "Coffee"}, {"ID": "t", "Text": "Tea"}],
        }
        draft = await api.http.post(base, json=body, headers={"Authorization": f"Bearer {token}"})
        assert draft.status_code == 201, draft.text
        poll_id = draft.json()["ID"]
        notice = await room.admin_socket.wait_for(Opcode.POLL_NOTIFY)
        assert (notice.value["ID"], notice.value["State"]) == (poll_id, "draft")
        await _quiet(room.ada_socket)
        opened = await api.http.post(
            f"{base}/{poll_id}/open", headers={"Authorization": f"Bearer {token}"}
        )
        assert opened.status_code == 200, opened.text
    for socket in (room.ada_socket, room.bob_socket, room.admin_socket):
        frame = await socket.wait_for(Opcode.POLL_NOTIFY)
        assert (frame.value["ID"], frame.value["State"]) == (poll_id, "open")
    async with live.services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(PollBallot)) == 0
    await room.close()
