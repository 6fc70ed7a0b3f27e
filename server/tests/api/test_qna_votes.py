"""Upvotes: once per person (also when two requests race), taken back idempotently, the board's
order, and QUESTION_VOTES_NOTIFY: coalesced per session, recounted from the stored upvotes, and
only ever about visible questions."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import func, select

from tests.api.qna_support import Board, board
from venuely.core.clock import FrozenClock
from venuely.qna import votes
from venuely.qna.models import Question, Upvote
from venuely.realtime.opcodes import Opcode

__all__ = ["board"]


async def _stored_votes(b: Board, question_id: str) -> tuple[int, int]:
    """(the question's votes column, its upvote rows)."""
    async with b.services.db.session() as session:
        column = await session.scalar(select(Question.votes).where(Question.id == question_id))
        rows = await session.scalar(
            select(func.count()).select_from(Upvote).where(Upvote.question_id == question_id)
        )
    return int(column or 0), int(rows or 0)


async def test_upvote_once_and_take_it_back(b: Board) -> None:
    asked = await b.ask("attendee_a", "Vote for me")
    first = await b.vote("other_a", asked["ID"])
    assert first.status_code == 200, first.text
    assert (first.json()["Votes"], first.json()["Upvoted"]) == (1, True)
    twice = await b.vote("other_a", asked["ID"])
    assert twice.status_code == 409
    assert twice.json()["Error"]["Code"] == "ALREADY_UPVOTED"
    assert twice.json()["Error"]["Data"] == {"QuestionID": asked["ID"]}
    # One's own question may be upvoted too; the caller's own mark is per person.
    assert (await b.vote("attendee_a", asked["ID"])).json()["Votes"] == 2
    [as_other] = await b.listed("other_a")
    assert (as_other["Votes"], as_other["Upvoted"]) == (2, True)
    [as_admin] = await b.listed("admin_a")
    assert (as_admin["Votes"], as_admin["Upvoted"]) == (2, False)

    taken = await b.unvote("other_a", asked["ID"])
    assert taken.status_code == 200
    assert (taken.json()["Votes"], taken.json()["Upvoted"]) == (1, False)
    # Taking back a vote one never gave (or twice) changes nothing.
    for who in ("other_a", "admin_a"):
        again = await b.unvote(who, asked["ID"])
        assert again.status_code == 200
        assert again.json()["Votes"] == 1
    assert await _stored_votes(b, asked["ID"]) == (1, 1)
    assert (await b.vote("other_a", asked["ID"])).json()["Votes"] == 2


async def test_a_double_upvote_racing_itself_counts_once(b: Board) -> None:
    asked = await b.ask("attendee_a", "Race")
    answers = await asyncio.gather(*(b.vote("other_a", asked["ID"]) for _ in range(4)))
    assert sorted(r.status_code for r in answers) == [200, 409, 409, 409]
    assert await _stored_votes(b, asked["ID"]) == (1, 1)


async def test_concurrent_upvotes_of_many_people_all_count(b: Board) -> None:
    asked = await b.ask("attendee_a", "Popular")
    voters = [f"voter{n}" for n in range(12)]
    for voter in voters:
        await b.add_attendee(voter)
    answers = await asyncio.gather(*(b.vote(v, asked["ID"]) for v in voters))
    assert {r.status_code for r in answers} == {200}
    assert await _stored_votes(b, asked["ID"]) == (12, 12)
    assert sorted(r.json()["Votes"] for r in answers)[-1] == 12


async def test_the_board_is_pinned_then_most_voted_then_oldest(
    b: Board, clock: FrozenClock
) -> None:
    asked = []
    for who, text in (
        ("attendee_a", "Oldest, one vote"),
        ("attendee_a", "Two votes"),
        ("other_a", "Newer, one vote"),
        ("other_a", "Newest, none"),
        ("other_a", "Pinned, none"),
    ):
        asked.append((await b.ask(who, text))["ID"])
        clock.advance(timedelta(seconds=1))
    old, popular, tie, fresh, pinned = asked
    for who, question in (
        ("attendee_a", tie),
        ("attendee_a", popular),
        ("other_a", popular),
        ("other_a", old),
    ):
        assert (await b.vote(who, question)).status_code == 200
    await b.moderate(pinned, Pinned=True)
    expected = [pinned, popular, old, tie, fresh]
    for who in ("attendee_a", "admin_a"):
        assert [q["ID"] for q in await b.listed(who)] == expected


async def test_votes_frames_are_coalesced_and_recounted(b: Board) -> None:
    asked = await b.ask("attendee_a", "Storm")
    other = await b.ask("other_a", "Bystander")
    voters = [f"voter{n}" for n in range(20)]
    for voter in voters:
        await b.add_attendee(voter)
    await b.services.background.drain()
    b.hub.published.clear()

    for voter in voters:
        assert (await b.vote(voter, asked["ID"])).status_code == 200
    assert (await b.vote("other_a", other["ID"])).status_code == 200
    assert (await b.unvote("voter0", asked["ID"])).status_code == 200
    await b.services.background.drain()

    frames = b.frames(Opcode.QUESTION_VOTES_NOTIFY)
    # One frame per tick per session, never one per vote. (How many ticks the 22 votes span
    # depends on the machine's speed, so the count is bounded by the votes, not by the clock:
    # a timing bound failed on a loaded CI machine; the rate is measured in `make bench`.)
    assert 1 <= len(frames) < len(voters)
    assert {channel for channel, _ in frames} == {b.everyone()}
    last = frames[-1][1]
    assert (last["SessionID"], last["EventID"]) == (b.session_id, b.event_id)
    latest: dict[str, int] = {}
    for _, frame in frames:
        latest.update({entry["ID"]: entry["Votes"] for entry in frame["Votes"]})
    assert latest == {asked["ID"]: 19, other["ID"]: 1}
    assert await _stored_votes(b, asked["ID"]) == (19, 19)
    async with b.services.db.session() as session:
        assert await votes.recount(session, b.session_id) == {asked["ID"]: 19, other["ID"]: 1}


async def test_one_frame_for_everything_marked_within_a_tick(b: Board) -> None:
    first = await b.ask("attendee_a", "One")
    second = await b.ask("attendee_a", "Two")
    for who in ("attendee_a", "other_a"):
        for question in (first, second):
            assert (await b.vote(who, question["ID"])).status_code == 200
    await b.services.background.drain()
    b.hub.published.clear()
    # However often marked since the last tick, the session gets one frame with both counts.
    for _ in range(50):
        votes.mark_votes(b.services, b.event_id, b.session_id, first["ID"])
    votes.mark_votes(b.services, b.event_id, b.session_id, second["ID"])
    await b.services.background.drain()
    [(channel, frame)] = b.frames(Opcode.QUESTION_VOTES_NOTIFY)
    assert channel == b.everyone()
    assert sorted((v["ID"], v["Votes"]) for v in frame["Votes"]) == sorted(
        [(first["ID"], 2), (second["ID"], 2)]
    )
    await b.services.background.drain()
    assert len(b.frames(Opcode.QUESTION_VOTES_NOTIFY)) == 1  # nothing new, nothing sent


async def test_hidden_questions_counts_are_not_sent(b: Board) -> None:
    asked = await b.ask("attendee_a", "Soon hidden")
    assert (await b.vote("other_a", asked["ID"])).status_code == 200
    await b.moderate(asked["ID"], Status="hidden")
    b.hub.published.clear()
    await b.services.background.drain()
    assert b.frames(Opcode.QUESTION_VOTES_NOTIFY) == []
    # The author still reads it, with its count, over REST.
    [own] = await b.listed("attendee_a")
    assert (own["Status"], own["Votes"]) == ("hidden", 1)
