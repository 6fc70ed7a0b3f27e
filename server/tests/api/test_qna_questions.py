"""Asking questions in a session (`/events/{EventID}/sessions/{SessionID}/questions`): who reads
which names, the text rules, Q&A switched off, the ask rate limit, deleting, and every way of
naming something that is not there or not the caller's."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from tests.api.activities_support import create, session_body
from tests.api.qna_support import Board, board
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.qna.export import EXPORT_COLUMNS
from venuely.qna.models import Question

__all__ = ["board"]


async def _stored(b: Board) -> int:
    async with b.services.db.session() as session:
        return int(await session.scalar(select(func.count()).select_from(Question)) or 0)


async def test_ask_answers_and_publishes_the_question(b: Board, clock: FrozenClock) -> None:
    asked = await b.ask("attendee_a", "  What comes after the keynote?  ")
    assert asked == {
        "ID": asked["ID"],
        "EventID": b.event_id,
        "SessionID": b.session_id,
        "Text": "What comes after the keynote?",  # trimmed
        "AuthorName": "Ada Lovelace",
        "Anonymous": False,
        "Status": "visible",
        "Answered": False,
        "Pinned": False,
        "Votes": 0,
        "CreatedAt": clock.now().isoformat().replace("+00:00", "Z"),
        "Upvoted": False,
        "Mine": True,
    }
    [(channel, frame)] = b.question_frames()
    assert channel == b.everyone()
    assert frame == {
        **{k: v for k, v in asked.items() if k not in {"Upvoted", "Mine"}},
        "Deleted": False,
    }
    [seen] = await b.listed("other_a")
    assert (seen["ID"], seen["AuthorName"], seen["Mine"]) == (asked["ID"], "Ada Lovelace", False)


async def test_an_anonymous_question_hides_its_author_from_other_attendees(b: Board) -> None:
    asked = await b.ask("attendee_a", "Is it recorded?", Anonymous=True)
    assert (asked["Anonymous"], asked["AuthorName"]) == (True, "Ada Lovelace")  # the author
    [as_other] = await b.listed("other_a")
    assert (as_other["Anonymous"], as_other["AuthorName"]) == (True, None)
    assert "Lovelace" not in str(as_other)
    [as_admin] = await b.listed("admin_a")
    assert as_admin["AuthorName"] == "Ada Lovelace"
    [as_author] = await b.listed("attendee_a")
    assert as_author["AuthorName"] == "Ada Lovelace"
    # Frames reach everybody alike: never a name on an anonymous question.
    [(_, frame)] = b.question_frames()
    assert (frame["Anonymous"], frame["AuthorName"]) == (True, None)
    # The organizers' export names the asker.
    csv = await b.client.get(b.url("questions.csv"), headers=b.h("admin_a"))
    assert csv.status_code == 200
    assert csv.headers["content-type"].startswith("text/csv")
    assert csv.text.lstrip("\ufeff").splitlines()[0] == ",".join(EXPORT_COLUMNS)
    assert "Ada Lovelace" in csv.text
    assert "Is it recorded?" in csv.text


async def test_text_rules(b: Board) -> None:
    longest = "x" * 500
    assert (await b.ask("attendee_a", longest))["Text"] == longest
    for text, code in (
        ("", "TEXT_EMPTY"),
        ("   \n\t ", "TEXT_EMPTY"),
        ("y" * 501, "TEXT_TOO_LONG"),
    ):
        response = await b.client.post(
            b.url("questions"), json={"Text": text}, headers=b.h("attendee_a")
        )
        assert response.status_code == 422, response.text
        error = response.json()["Error"]
        assert error["Code"] == code
        if code == "TEXT_TOO_LONG":
            assert error["Data"]["MaxLength"] == 500
    for body in ({}, {"Text": 5}, {"Text": "hi", "Anonymous": "perhaps"}, {"Text": "hi", "X": 1}):
        response = await b.client.post(b.url("questions"), json=body, headers=b.h("attendee_a"))
        assert response.status_code == 422, body
        assert response.json()["Error"]["Code"] in {"MISSING_PARAMETER", "VALIDATION_ERROR"}
    surrogate = await b.client.post(
        b.url("questions"),
        content=b'{"Text": "half a \\ud83d character"}',
        headers={**b.h("attendee_a"), "Content-Type": "application/json"},
    )
    assert surrogate.status_code == 422
    assert surrogate.json()["Error"]["Code"] == "VALIDATION_ERROR"
    assert await _stored(b) == 1


async def test_qna_switched_off_closes_asking_and_voting(b: Board) -> None:
    asked = await b.ask("attendee_a", "Before closing")
    assert (await b.interaction(QnaEnabled=False)).status_code == 200
    refused = await b.client.post(
        b.url("questions"), json={"Text": "After closing"}, headers=b.h("other_a")
    )
    assert refused.status_code == 409
    assert refused.json()["Error"] == {
        "Code": "QNA_CLOSED",
        "Message": refused.json()["Error"]["Message"],
        "Data": {"SessionID": b.session_id},
    }
    for call in (b.vote, b.unvote):
        closed = await call("other_a", asked["ID"])
        assert closed.status_code == 409
        assert closed.json()["Error"]["Code"] == "QNA_CLOSED"
    # The board stays readable.
    assert [q["ID"] for q in await b.listed("other_a")] == [asked["ID"]]
    assert await _stored(b) == 1
    assert (await b.interaction(QnaEnabled=True)).status_code == 200
    assert (await b.ask("other_a", "Open again"))["Status"] == "visible"


async def test_at_most_five_questions_a_minute_per_person_and_session(
    b: Board, clock: FrozenClock
) -> None:
    for n in range(5):
        await b.ask("attendee_a", f"Question {n}")
        clock.advance(timedelta(seconds=5))
    # 25 s after the first of the five: it leaves the window 35 s from now.
    refused = await b.client.post(
        b.url("questions"), json={"Text": "A sixth"}, headers=b.h("attendee_a")
    )
    assert refused.status_code == 429
    error = refused.json()["Error"]
    assert error["Code"] == "RATE_LIMITED"
    assert error["Data"] == {"SessionID": b.session_id, "RetryAfterMs": 35_000}
    assert refused.headers["Retry-After"] == "35"
    # Another person is not limited by it.
    await b.ask("other_a", "Mine is the first")
    assert await _stored(b) == 6
    clock.advance(timedelta(seconds=34))
    still = await b.client.post(
        b.url("questions"), json={"Text": "Not yet"}, headers=b.h("attendee_a")
    )
    assert still.status_code == 429
    clock.advance(timedelta(seconds=1))
    await b.ask("attendee_a", "A sixth, a minute after the first")


async def test_other_events_and_unknown_things_are_not_found(b: Board) -> None:
    asked = await b.ask("attendee_a", "Here")
    speaker = await create(b.client, b.world, "Speaker", {"InternalName": "sp", "FullName": "S"})
    for session_id in (b.session_b, speaker["ID"], new_id()):
        for method in ("GET", "POST"):
            response = await b.client.request(
                method,
                b.url("questions", session_id=session_id),
                json={"Text": "hello"},
                headers=b.h("attendee_a"),
            )
            assert response.status_code == 404, (method, session_id, response.text)
            assert response.json()["Error"] == {
                "Code": "ACTIVITY_NOT_FOUND",
                "Message": response.json()["Error"]["Message"],
                "Data": {"ActivityID": session_id, "EventID": b.event_id},
            }
    # A question of this event named under another session of it, or an unknown question.
    other_session = await create(
        b.client, b.world, "Session", session_body(b.services.clock.now(), InternalName="other")
    )
    for session_id, question_id in ((other_session["ID"], asked["ID"]), (b.session_id, new_id())):
        for method, path in (("PUT", "vote"), ("DELETE", "vote"), ("DELETE", "")):
            url = b.url("questions", question_id, *([path] if path else []), session_id=session_id)
            response = await b.client.request(method, url, headers=b.h("attendee_a"))
            assert response.status_code == 404, (method, url, response.text)
            assert response.json()["Error"]["Code"] == "QUESTION_NOT_FOUND"
            assert response.json()["Error"]["Data"] == {"QuestionID": question_id}
    malformed = await b.client.get(b.url("questions", session_id="nope"), headers=b.h("attendee_a"))
    assert malformed.status_code == 422
    assert await _stored(b) == 1


async def test_outsiders_are_refused(b: Board) -> None:
    asked = await b.ask("attendee_a", "Members only")
    for method, path, body in (
        ("GET", b.url("questions"), None),
        ("POST", b.url("questions"), {"Text": "let me in"}),
        ("PUT", b.url("questions", asked["ID"], "vote"), None),
        ("DELETE", b.url("questions", asked["ID"]), None),
    ):
        foreign = await b.client.request(method, path, json=body, headers=b.h("attendee_b"))
        assert foreign.status_code == 403, (method, path, foreign.text)
        anonymous = await b.client.request(method, path, json=body)
        assert anonymous.status_code == 401
    # Organizer-only routes refuse attendees of the event itself.
    organizers_only: tuple[tuple[str, str, dict[str, bool] | None], ...] = (
        ("PATCH", b.url("questions", asked["ID"]), {"Answered": True}),
        (
            "PUT",
            b.url("interaction"),
            {"QnaEnabled": False, "QnaModerated": False, "ReactionsEnabled": True},
        ),
        ("GET", b.url("questions.csv"), None),
    )
    for method, path, flags in organizers_only:
        response = await b.client.request(method, path, json=flags, headers=b.h("attendee_a"))
        assert response.status_code == 403, (method, path)
    [still] = await b.listed("attendee_a")
    assert (still["Answered"], still["Text"]) == (False, "Members only")


async def test_delete_by_author_or_organizer_only(b: Board) -> None:
    mine = await b.ask("attendee_a", "Mine")
    theirs = await b.ask("other_a", "Theirs")
    forbidden = await b.client.delete(b.url("questions", theirs["ID"]), headers=b.h("attendee_a"))
    assert forbidden.status_code == 403
    assert forbidden.json()["Error"]["Code"] == "FORBIDDEN"
    b.hub.published.clear()
    gone = await b.client.delete(b.url("questions", mine["ID"]), headers=b.h("attendee_a"))
    assert gone.status_code == 204
    [(channel, frame)] = b.question_frames()
    assert (channel, frame["ID"], frame["Deleted"]) == (b.everyone(), mine["ID"], True)
    removed = await b.client.delete(b.url("questions", theirs["ID"]), headers=b.h("admin_a"))
    assert removed.status_code == 204
    assert await b.listed("attendee_a") == []
    again = await b.client.delete(b.url("questions", theirs["ID"]), headers=b.h("admin_a"))
    assert again.status_code == 404


async def test_deleting_the_session_deletes_its_questions(b: Board) -> None:
    asked = await b.ask("attendee_a", "Doomed")
    assert (await b.vote("other_a", asked["ID"])).status_code == 200
    response = await b.client.delete(
        f"/events/{b.event_id}/activities/{b.session_id}", headers=b.h("admin_a")
    )
    assert response.status_code == 204
    assert await _stored(b) == 0
