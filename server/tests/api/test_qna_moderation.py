"""Moderating a session's questions and switching its interaction: pre-moderation (pending
questions reach only their author and the organizers until approved), hiding, answering,
pinning (one pinned question per session), the frames each change sends to whom, and the
interaction route with its ACTIVITY_SYNC_NOTIFY."""

from __future__ import annotations

import asyncio

from tests.api.qna_support import Board, board
from venuely.activities.models import Activity
from venuely.core.ids import new_id
from venuely.realtime.opcodes import Opcode

__all__ = ["board"]


async def test_pending_questions_wait_for_approval(b: Board) -> None:
    assert (await b.interaction(QnaModerated=True)).status_code == 200
    b.hub.published.clear()
    asked = await b.ask("attendee_a", "Moderated?", Anonymous=True)
    assert asked["Status"] == "pending"
    # Only the author and the organizers hear of it, with no name on it in any frame.
    frames = b.question_frames()
    assert sorted(c for c, _ in frames) == sorted([b.person("attendee_a"), b.staff()])
    assert len(b.hub.published) == 2
    frame = frames[0][1]
    assert frames[1][1] == frame
    assert (frame["ID"], frame["Status"], frame["AuthorName"]) == (asked["ID"], "pending", None)

    assert await b.listed("other_a") == []
    [own] = await b.listed("attendee_a")
    assert (own["ID"], own["Status"], own["Mine"]) == (asked["ID"], "pending", True)
    [queued] = await b.listed("admin_a")
    assert (queued["Status"], queued["AuthorName"]) == ("pending", "Ada Lovelace")
    # Another attendee can neither upvote nor delete it: it does not exist for them.
    for response in (
        await b.vote("other_a", asked["ID"]),
        await b.client.delete(b.url("questions", asked["ID"]), headers=b.h("other_a")),
    ):
        assert response.status_code == 404
        assert response.json()["Error"]["Code"] == "QUESTION_NOT_FOUND"
    # Its author cannot upvote it either: only the public board is voted on.
    assert (await b.vote("attendee_a", asked["ID"])).status_code == 404

    b.hub.published.clear()
    approved = await b.moderate(asked["ID"], Status="visible")
    assert approved["Status"] == "visible"
    [(channel, frame)] = b.question_frames()
    assert (channel, frame["Status"], frame["AuthorName"]) == (b.everyone(), "visible", None)
    [seen] = await b.listed("other_a")
    assert (seen["ID"], seen["AuthorName"]) == (asked["ID"], None)
    # Switching moderation off leaves what is pending pending.
    second = await b.ask("other_a", "Still moderated")
    assert (await b.interaction(QnaModerated=False)).status_code == 200
    assert [q["Status"] for q in await b.listed("other_a") if q["ID"] == second["ID"]] == [
        "pending"
    ]
    assert (await b.ask("other_a", "Not moderated"))["Status"] == "visible"


async def test_hiding_takes_a_question_off_the_board(b: Board) -> None:
    asked = await b.ask("attendee_a", "Off topic")
    b.hub.published.clear()
    hidden = await b.moderate(asked["ID"], Status="hidden")
    assert hidden["Status"] == "hidden"
    # The event hears it blanked (clients drop it), then author and staff hear it whole.
    frames = b.question_frames()
    assert [c for c, _ in frames] == [b.everyone(), b.person("attendee_a"), b.staff()]
    blank, full = frames[0][1], frames[1][1]
    assert (blank["Text"], blank["AuthorName"], blank["Status"]) == ("", None, "hidden")
    assert (full["Text"], full["AuthorName"]) == ("Off topic", "Ada Lovelace")
    assert frames[2][1] == full
    assert await b.listed("other_a") == []
    assert [q["Status"] for q in await b.listed("attendee_a")] == ["hidden"]
    assert [q["Status"] for q in await b.listed("admin_a")] == ["hidden"]
    assert (await b.vote("other_a", asked["ID"])).status_code == 404
    again = await b.moderate(asked["ID"], Status="visible")
    assert again["Status"] == "visible"
    assert [q["ID"] for q in await b.listed("other_a")] == [asked["ID"]]


async def test_answered_and_a_patch_that_changes_nothing(b: Board) -> None:
    asked = await b.ask("attendee_a", "Answer me")
    b.hub.published.clear()
    answered = await b.moderate(asked["ID"], Answered=True)
    assert answered["Answered"] is True
    [(_, frame)] = b.question_frames()
    assert frame["Answered"] is True
    b.hub.published.clear()
    assert (await b.moderate(asked["ID"], Answered=True)) == answered
    assert (await b.moderate(asked["ID"])) == answered
    assert b.question_frames() == []  # nothing changed, nothing said
    reopened = await b.moderate(asked["ID"], Answered=False)
    assert reopened["Answered"] is False


async def test_pinning_one_unpins_the_other(b: Board) -> None:
    first = await b.ask("attendee_a", "First")
    second = await b.ask("other_a", "Second")
    third = await b.ask("other_a", "Third")
    assert (await b.vote("attendee_a", first["ID"])).status_code == 200
    assert (await b.moderate(first["ID"], Pinned=True))["Pinned"] is True
    b.hub.published.clear()
    assert (await b.moderate(second["ID"], Pinned=True))["Pinned"] is True
    frames = b.question_frames()
    assert [(f["ID"], f["Pinned"]) for _, f in frames] == [
        (first["ID"], False),
        (second["ID"], True),
    ]
    # Pinned first, then by votes, then oldest.
    listed = await b.listed("attendee_a")
    assert [(q["ID"], q["Pinned"]) for q in listed] == [
        (second["ID"], True),
        (first["ID"], False),
        (third["ID"], False),
    ]
    # Two organizers pinning at once still leave one pinned question.
    await asyncio.gather(b.moderate(first["ID"], Pinned=True), b.moderate(third["ID"], Pinned=True))
    assert sum(q["Pinned"] for q in await b.listed("admin_a")) == 1


async def test_only_visible_questions_are_pinned(b: Board) -> None:
    asked = await b.ask("attendee_a", "Pin me")
    await b.moderate(asked["ID"], Pinned=True)
    hidden = await b.moderate(asked["ID"], Status="hidden")
    assert (hidden["Status"], hidden["Pinned"]) == ("hidden", False)
    refused = await b.client.patch(
        b.url("questions", asked["ID"]), json={"Pinned": True}, headers=b.h("admin_a")
    )
    assert refused.status_code == 422
    assert refused.json()["Error"]["Code"] == "VALIDATION_ERROR"
    contradictory = await b.client.patch(
        b.url("questions", asked["ID"]),
        json={"Status": "hidden", "Pinned": True},
        headers=b.h("admin_a"),
    )
    assert contradictory.status_code == 422
    both = await b.moderate(asked["ID"], Status="visible", Pinned=True)
    assert (both["Status"], both["Pinned"]) == ("visible", True)
    for body in ({"Status": "pending"}, {"Status": "gone"}, {"Answered": "maybe"}, {"Bad": 1}):
        response = await b.client.patch(
            b.url("questions", asked["ID"]), json=body, headers=b.h("admin_a")
        )
        assert response.status_code == 422, body
    unknown = await b.client.patch(
        b.url("questions", new_id()), json={"Answered": True}, headers=b.h("admin_a")
    )
    assert unknown.status_code == 404
    assert unknown.json()["Error"]["Code"] == "QUESTION_NOT_FOUND"


async def test_interaction_switches_reach_attendees(b: Board) -> None:
    # A new session has the defaults.
    session_url = f"/events/{b.event_id}/activities/{b.session_id}"
    before = (await b.client.get(session_url, headers=b.h("attendee_a"))).json()
    assert (before["QnaEnabled"], before["QnaModerated"], before["ReactionsEnabled"]) == (
        True,
        False,
        True,
    )
    b.hub.published.clear()
    response = await b.interaction(QnaEnabled=False, QnaModerated=True, ReactionsEnabled=False)
    assert response.status_code == 200
    assert response.json() == {
        "SessionID": b.session_id,
        "QnaEnabled": False,
        "QnaModerated": True,
        "ReactionsEnabled": False,
    }
    [(channel, frame)] = b.frames(Opcode.ACTIVITY_SYNC_NOTIFY)
    assert channel == b.everyone()
    assert frame["ID"] == b.session_id
    assert (frame["QnaEnabled"], frame["QnaModerated"], frame["ReactionsEnabled"]) == (
        False,
        True,
        False,
    )
    after = (await b.client.get(session_url, headers=b.h("attendee_a"))).json()
    assert (after["QnaEnabled"], after["QnaModerated"], after["ReactionsEnabled"]) == (
        False,
        True,
        False,
    )
    # The rest of the session is untouched.
    assert {
        k: v
        for k, v in after.items()
        if k not in {"QnaEnabled", "QnaModerated", "ReactionsEnabled", "UpdatedAt"}
    } == {
        k: v
        for k, v in before.items()
        if k not in {"QnaEnabled", "QnaModerated", "ReactionsEnabled", "UpdatedAt"}
    }
    for body in (
        {"QnaEnabled": False},
        {"QnaEnabled": "maybe", "QnaModerated": False, "ReactionsEnabled": True},
    ):
        bad = await b.client.put(b.url("interaction"), json=body, headers=b.h("admin_a"))
        assert bad.status_code == 422, body
    foreign = await b.client.put(
        b.url("interaction", session_id=b.session_b),
        json={"QnaEnabled": True, "QnaModerated": False, "ReactionsEnabled": True},
        headers=b.h("admin_a"),
    )
    assert foreign.status_code == 404
    assert foreign.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"


async def test_sessions_stored_before_the_switches_read_as_the_defaults(b: Board) -> None:
    async with b.services.db.session() as session:
        stored = await session.get(Activity, b.session_id)
        assert stored is not None
        stored.document = {
            k: v
            for k, v in stored.document.items()
            if k not in {"QnaEnabled", "QnaModerated", "ReactionsEnabled"}
        }
    assert (await b.ask("attendee_a", "Old session"))["Status"] == "visible"
