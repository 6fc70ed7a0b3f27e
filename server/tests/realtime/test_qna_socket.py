"""Q&A frames through the gateway: real sockets of an event's attendees and organizer against a
live server, the questions asked and moderated over REST.

A visible question reaches everyone without a name when anonymous; a pending one only its author
and the organizer's staff channel; a hidden one reaches attendees blanked and the organizer
whole; upvote counts arrive coalesced, recounted; switching the session's interaction reaches
every socket as ACTIVITY_SYNC_NOTIFY.
"""

from __future__ import annotations

from typing import Any

from tests.realtime.interaction_support import Stage, settle, stage
from tests.realtime.live import LiveServer
from venuely.client import RealtimeSocket
from venuely.realtime.opcodes import Opcode

QUESTION, VOTES = Opcode.QUESTION_NOTIFY, Opcode.QUESTION_VOTES_NOTIFY


async def _ask(s: Stage, who: str, text: str, **fields: Any) -> dict[str, Any]:
    response = await s.call(
        "POST", f"/sessions/{s.session_id}/questions", who, {"Text": text, **fields}
    )
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def _questions(socket: RealtimeSocket) -> list[dict[str, Any]]:
    return [f.value for f in await settle(socket) if f.opcode is QUESTION]


async def test_an_anonymous_question_reaches_everyone_without_a_name(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    asked = await _ask(s, "ada", "Who decides the programme?", Anonymous=True)
    for who in ("ada", "bob", "admin"):
        frame = (await s.sockets[who].wait_for(QUESTION)).value
        assert frame["ID"] == asked["ID"]
        assert (frame["Text"], frame["AuthorName"], frame["Anonymous"]) == (
            "Who decides the programme?",
            None,
            True,
        )
        assert (frame["Status"], frame["Deleted"]) == ("visible", False)
    # The organizer reads the name over REST; the other attendee does not.
    listed = await s.call("GET", f"/sessions/{s.session_id}/questions", "admin")
    assert listed.json()[0]["AuthorName"] == "Ada Lovelace"
    listed = await s.call("GET", f"/sessions/{s.session_id}/questions", "bob")
    assert listed.json()[0]["AuthorName"] is None
    await s.close()


async def test_moderation_frames_go_where_the_question_may_be_read(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    path = f"/sessions/{s.session_id}"
    flags = {"QnaEnabled": True, "QnaModerated": True, "ReactionsEnabled": True}
    assert (await s.call("PUT", f"{path}/interaction", body=flags)).status_code == 200
    for socket in s.sockets.values():
        sync = (await socket.wait_for(Opcode.ACTIVITY_SYNC_NOTIFY)).value
        assert (sync["ID"], sync["QnaModerated"]) == (s.session_id, True)

    asked = await _ask(s, "ada", "Pending first")
    assert [q["Status"] for q in await _questions(s.sockets["ada"])] == ["pending"]
    assert [q["Text"] for q in await _questions(s.sockets["admin"])] == ["Pending first"]
    assert await _questions(s.sockets["bob"]) == []  # nothing of it reaches other attendees

    approve = await s.call("PATCH", f"{path}/questions/{asked['ID']}", body={"Status": "visible"})
    assert approve.status_code == 200
    for who in ("ada", "bob", "admin"):
        assert [(q["ID"], q["Status"]) for q in await _questions(s.sockets[who])] == [
            (asked["ID"], "visible")
        ]

    hide = await s.call("PATCH", f"{path}/questions/{asked['ID']}", body={"Status": "hidden"})
    assert hide.status_code == 200
    [blank] = await _questions(s.sockets["bob"])
    assert (blank["Status"], blank["Text"], blank["AuthorName"]) == ("hidden", "", None)
    # Author and organizer get the blank frame from the event, then the whole one.
    for who in ("ada", "admin"):
        frames = await _questions(s.sockets[who])
        assert [f["Text"] for f in frames] == ["", "Pending first"]
        assert frames[-1]["AuthorName"] == "Ada Lovelace"
    await s.close()


async def test_upvote_counts_arrive_coalesced(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob", "cy")
    asked = await _ask(s, "ada", "Count me")
    for socket in s.sockets.values():
        await socket.wait_for(QUESTION)
    vote = f"/sessions/{s.session_id}/questions/{asked['ID']}/vote"
    for who in ("bob", "cy", "admin"):
        assert (await s.call("PUT", vote, who)).status_code == 200
    assert (await s.call("DELETE", vote, "cy")).status_code == 200
    await live.services.background.drain()
    for socket in s.sockets.values():
        counts: dict[str, int] = {}
        for frame in await settle(socket):
            assert frame.opcode is VOTES  # votes never come as QUESTION_NOTIFY
            assert (frame.value["SessionID"], frame.value["EventID"]) == (
                s.session_id,
                s.event_id,
            )
            counts.update({v["ID"]: v["Votes"] for v in frame.value["Votes"]})
        assert counts == {asked["ID"]: 2}
    await s.close()
