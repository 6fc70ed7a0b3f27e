"""The Wall of Fame over real sockets against a live server: WALLOFFAME_PROJECT_NOTIFY reaches
the author's connection and the organizers' (the staff channel) when a project is submitted
and decided, and nobody else's — not another attendee's, although they are on the event's
channel."""

from __future__ import annotations

from typing import Any

from tests.realtime.interaction_support import settle, stage
from tests.realtime.live import LiveServer
from venuely.client import RealtimeSocket
from venuely.realtime.codec import Frame
from venuely.realtime.opcodes import Opcode

PROJECT = {
    "Title": "Solar kiosk",
    "Category": "Energy",
    "Description": "A kiosk that runs on sunlight.",
    "Link": "https://example.org/solar",
}


async def _notice(socket: RealtimeSocket, project_id: str, state: str) -> dict[str, Any]:
    def about(frame: Frame) -> bool:
        return bool(frame.value["ProjectID"] == project_id and frame.value["State"] == state)

    frame = await socket.wait_for(Opcode.WALLOFFAME_PROJECT_NOTIFY, about)
    payload: dict[str, Any] = frame.value
    return payload


async def test_project_notices_reach_the_author_and_the_organizers(live: LiveServer) -> None:
    s = await stage(live, "ada", "bob")
    try:
        submitted = await s.call("POST", "/walloffame/projects", who="ada", body=PROJECT)
        assert submitted.status_code == 201, submitted.text
        project = submitted.json()
        expected = {
            "EventID": s.event_id,
            "ProjectID": project["ID"],
            "State": "pending",
            "Featured": False,
            "AuthorID": s.people["ada"].person.id,
            "Deleted": False,
        }
        for who in ("ada", "admin"):
            assert await _notice(s.sockets[who], project["ID"], "pending") == expected, who
        rejected = await s.call(
            "POST", f"/walloffame/projects/{project['ID']}/reject", body={"Reason": "Blurry"}
        )
        assert rejected.status_code == 200, rejected.text
        for who in ("ada", "admin"):
            told = await _notice(s.sockets[who], project["ID"], "rejected")
            assert "Reason" not in told
        approved = await s.call("POST", f"/walloffame/projects/{project['ID']}/approve")
        assert approved.status_code == 200, approved.text
        await _notice(s.sockets["ada"], project["ID"], "approved")
        # Another attendee hears nothing of any of it.
        frames = await settle(s.sockets["bob"])
        assert Opcode.WALLOFFAME_PROJECT_NOTIFY not in {f.opcode for f in frames}
    finally:
        await s.close()
