"""Q&A upvotes through the gateway: QUESTION_UPVOTE from real sockets against a live server.

The voter's connections all hear QUESTION_UPVOTE_NOTIFY (the sending one recognises its TmpID),
the event hears the recounted votes, refusals come back as QUESTION_UPVOTE_ERROR echoing
QuestionID and TmpID with nothing stored, and many sockets upvoting at once are each counted
once.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import func, select

from tests.factories import make_person, token_for
from tests.realtime.live import LiveServer, attendee, wait_until
from venuely.activities.models import Activity, EntityType
from venuely.client import RealtimeSocket
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.qna.models import Question, Status, Upvote
from venuely.realtime.opcodes import Opcode


async def _board(services: Services, event: Event, asker: str) -> tuple[str, str, str]:
    """A running session of the event with a published and a pending question."""
    now = services.clock.now()
    session_id, published, pending = new_id(), new_id(), new_id()
    async with services.db.session() as session:
        session.add(
            Activity(
                id=session_id,
                event_id=event.id,
                entity_type=EntityType.SESSION.value,
                internal_name="keynote",
                date_begin=now - timedelta(minutes=5),
                date_end=now + timedelta(hours=1),
                document={"InternalName": "keynote"},
                created_at=now,
                updated_at=now,
            )
        )
        await session.flush()
        for question_id, status in ((published, Status.VISIBLE), (pending, Status.PENDING)):
            session.add(
                Question(
                    id=question_id,
                    event_id=event.id,
                    session_id=session_id,
                    person_id=asker,
                    text="Will the slides be shared?",
                    anonymous=False,
                    status=status.value,
                    answered=False,
                    pinned=False,
                    votes=0,
                    created_at=now,
                    updated_at=now,
                )
            )
    return session_id, published, pending


async def _stored(services: Services, question_id: str) -> tuple[int, int]:
    """(the count column, the stored upvotes)."""
    async with services.db.session() as session:
        column = await session.scalar(select(Question.votes).where(Question.id == question_id))
        rows = await session.scalar(
            select(func.count()).select_from(Upvote).where(Upvote.question_id == question_id)
        )
    return int(column or 0), int(rows or 0)


async def _socket(live: LiveServer, token: str, person_id: str) -> RealtimeSocket:
    socket = await live.socket(token)
    await wait_until(lambda: bool(live.hub.connections_of(person_id)), "connected")
    return socket


async def test_an_upvote_reaches_the_voter_everywhere_and_the_count_the_event(
    live: LiveServer,
) -> None:
    ada = await attendee(live.services)
    bob = await attendee(live.services, ada.event)
    session_id, question, _ = await _board(live.services, ada.event, bob.person.id)
    ada_first = await _socket(live, ada.token, ada.person.id)
    ada_second = await live.socket(ada.token)
    bob_socket = await _socket(live, bob.token, bob.person.id)
    payload = {"SessionID": session_id, "QuestionID": question, "TmpID": "up-1"}
    await ada_first.send_json(Opcode.QUESTION_UPVOTE, payload)
    for socket in (ada_first, ada_second):
        frame = await socket.wait_for(Opcode.QUESTION_UPVOTE_NOTIFY)
        assert frame.value == {
            "EventID": ada.event.id,
            "SessionID": session_id,
            "QuestionID": question,
            "TmpID": "up-1",
            "Votes": 1,
        }
    assert await _stored(live.services, question) == (1, 1)  # committed before it was told
    counts = await bob_socket.wait_for(Opcode.QUESTION_VOTES_NOTIFY)
    assert counts.value["Votes"] == [{"ID": question, "Votes": 1}]
    for socket in (ada_first, ada_second, bob_socket):
        await socket.close()


async def test_refusals_echo_the_question_and_tmp_id_and_store_nothing(live: LiveServer) -> None:
    ada = await attendee(live.services)
    asker = await make_person(live.services, event=ada.event)
    session_id, question, pending = await _board(live.services, ada.event, asker.id)
    elsewhere = await attendee(live.services)
    other_session, foreign, _ = await _board(live.services, elsewhere.event, elsewhere.person.id)
    socket = await _socket(live, ada.token, ada.person.id)
    for session, target, code in (
        (session_id, pending, "QUESTION_NOT_FOUND"),
        (session_id, new_id(), "QUESTION_NOT_FOUND"),
        (other_session, foreign, "ACTIVITY_NOT_FOUND"),
        (session_id, foreign, "QUESTION_NOT_FOUND"),
    ):
        tmp = f"t-{code}-{target[-4:]}"
        await socket.send_json(
            Opcode.QUESTION_UPVOTE, {"SessionID": session, "QuestionID": target, "TmpID": tmp}
        )
        frame = await socket.wait_for(Opcode.QUESTION_UPVOTE_ERROR)
        error = frame.value["Error"]
        assert error["Code"] == code, error
        assert (error["Data"]["QuestionID"], error["Data"]["TmpID"]) == (target, tmp)
    await socket.send_json(
        Opcode.QUESTION_UPVOTE, {"SessionID": session_id, "QuestionID": question}
    )
    missing = await socket.wait_for(Opcode.QUESTION_UPVOTE_ERROR)
    assert missing.value["Error"]["Code"] == "MISSING_PARAMETER"
    for target in (question, pending, foreign):
        assert await _stored(live.services, target) == (0, 0)

    first = {"SessionID": session_id, "QuestionID": question, "TmpID": "first"}
    await socket.send_json(Opcode.QUESTION_UPVOTE, first)
    assert (await socket.wait_for(Opcode.QUESTION_UPVOTE_NOTIFY)).value["TmpID"] == "first"
    await socket.send_json(Opcode.QUESTION_UPVOTE, {**first, "TmpID": "again"})
    again = await socket.wait_for(Opcode.QUESTION_UPVOTE_ERROR)
    assert again.value["Error"]["Code"] == "ALREADY_UPVOTED"
    assert again.value["Error"]["Data"] == {"QuestionID": question, "TmpID": "again"}
    assert await _stored(live.services, question) == (1, 1)
    await socket.close()


async def test_many_sockets_upvoting_at_once_are_each_counted_once(live: LiveServer) -> None:
    host = await attendee(live.services)
    session_id, question, _ = await _board(live.services, host.event, host.person.id)
    people = [await make_person(live.services, event=host.event) for _ in range(12)]
    sockets = []
    for person in people:
        token = await token_for(live.services, person, host.event)
        sockets.append(await _socket(live, token, person.id))
    payload = {"SessionID": session_id, "QuestionID": question}
    # Everyone at once, and each twice: twelve upvotes stored, twelve refused.
    await asyncio.gather(
        *(
            s.send_json(Opcode.QUESTION_UPVOTE, {**payload, "TmpID": f"{n}-{k}"})
            for n, s in enumerate(sockets)
            for k in range(2)
        )
    )
    outcomes = []
    for socket in sockets:
        mine: list[Opcode] = []
        while len(mine) < 2:
            frame = await socket.recv()
            if frame.opcode in (Opcode.QUESTION_UPVOTE_NOTIFY, Opcode.QUESTION_UPVOTE_ERROR):
                mine.append(frame.opcode)
        outcomes.append(sorted(mine))
    assert outcomes == [[Opcode.QUESTION_UPVOTE_ERROR, Opcode.QUESTION_UPVOTE_NOTIFY]] * 12
    assert await _stored(live.services, question) == (12, 12)
    for socket in sockets:
        await socket.close()
