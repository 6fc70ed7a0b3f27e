"""Ballots stored in batches (polls/casting.py): one batch holding every kind of send stores what
its sends stored one after the other, and answers each send alone."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from tests.api.polls_support import Polls, polls
from tests.factories import make_person, token_for
from venuely.accounts.permissions import EventCaller
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.security import decode_jwt
from venuely.polls.ballots import BallotOutcome, BallotRequest
from venuely.polls.casting import write_ballots
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.polls.schemas import BallotOut

__all__ = ["polls"]  # the fixture, used by name


async def _socket_session(polls: Polls) -> tuple[str, str]:
    """A new attendee of event A: their person id and the auth session a socket would carry."""
    person = await make_person(polls.services, event=polls.world.event_a)
    token = await token_for(polls.services, person, polls.world.event_a)
    claims = decode_jwt(token, polls.services.settings.secret_key, polls.services.clock.now())
    return person.id, str(claims["jti"])


def _summary(outcome: BallotOutcome | ApiError) -> object:
    if isinstance(outcome, ApiError):
        return outcome.code
    return outcome.person_id, outcome.ballot.PollID, outcome.ballot.OptionIDs, outcome.ballot.Other


async def _stored(polls: Polls, poll_id: str) -> dict[str, tuple[list[str], str | None]]:
    async with polls.services.db.session() as session:
        ballots = (
            await session.execute(select(PollBallot).where(PollBallot.poll_id == poll_id))
        ).scalars()
        found = {}
        for ballot in ballots:
            options = await session.scalars(
                select(PollBallotChoice.option_id)
                .where(PollBallotChoice.ballot_id == ballot.id)
                .order_by(PollBallotChoice.option_id)
            )
            found[ballot.person_id] = (list(options), ballot.other_text)
    return found


async def test_a_batch_stores_what_its_sends_stored_one_after_the_other(polls: Polls) -> None:
    services = polls.services
    changing = await polls.create(InternalName="changing", AllowOther=True)
    locked = await polls.create(InternalName="locked", AllowChange=False)
    closed = await polls.create(InternalName="closed")
    draft = await polls.create(InternalName="draft", IsActive=False)
    await polls.client.post(polls.url(closed["ID"], "/close"), headers=polls.h("admin_a"))
    ann, ann_session = await _socket_session(polls)
    bob, bob_session = await _socket_session(polls)
    # Before the batch: Ann's ballot on `changing` exists, so her first send there changes it.
    await polls.voted("attendee_a", changing["ID"], ["b"])
    carol = polls.world.attendee_a.id
    carol_access = EventCaller(carol, is_admin=False)  # admitted by REST's policy
    admin = EventCaller(polls.world.admin_a.id, is_admin=True)
    attendee_b_token = polls.h("attendee_b")["Authorization"].split()[1]
    other_event_session = str(
        decode_jwt(attendee_b_token, services.settings.secret_key, services.clock.now())["jti"]
    )
    now = services.clock.now()

    def send(
        caller: EventCaller | str, poll_id: str, *options: str, other: str | None = None
    ) -> BallotRequest:
        return BallotRequest(polls.event_id, caller, poll_id, options, other, now)

    requests = [
        send(ann_session, changing["ID"], "a"),  # 0 new
        send(bob_session, changing["ID"], "b"),  # 1 new
        send(ann_session, changing["ID"], "c"),  # 2 changes 0
        send(ann_session, locked["ID"], "a"),  # 3 new
        send(ann_session, locked["ID"], "b"),  # 4 locked by 3
        send(carol_access, changing["ID"], other="tea"),  # 5 changes the ballot from before
        send(new_id(), changing["ID"], "a"),  # 6 a session that does not exist
        send(other_event_session, changing["ID"], "a"),  # 7 a token for event B
        send(bob_session, new_id(), "a"),  # 8 an unknown poll
        send(bob_session, changing["ID"], "a", "b"),  # 9 two options of a single choice
        send(bob_session, closed["ID"], "a"),  # 10 closed
        send(bob_session, draft["ID"], "a"),  # 11 attendees do not see drafts
        send(admin, draft["ID"], "a"),  # 12 organizers do: not open yet
        send(bob_session, changing["ID"], "z"),  # 13 no such option
        send(bob_session, locked["ID"], "c"),  # 14 new
    ]
    outcomes = await write_ballots(services, requests)
    assert [_summary(o) for o in outcomes] == [
        (ann, changing["ID"], ["a"], None),
        (bob, changing["ID"], ["b"], None),
        (ann, changing["ID"], ["c"], None),
        (ann, locked["ID"], ["a"], None),
        "POLL_BALLOT_LOCKED",
        (carol, changing["ID"], [], "tea"),
        "TOKEN_REVOKED",
        "FORBIDDEN",
        "POLL_NOT_FOUND",
        "POLL_CHOICE_INVALID",
        "POLL_NOT_OPEN",
        "POLL_NOT_FOUND",
        "POLL_NOT_OPEN",
        "POLL_OPTION_UNKNOWN",
        (bob, locked["ID"], ["c"], None),
    ]
    assert await _stored(polls, changing["ID"]) == {
        ann: (["c"], None),
        bob: (["b"], None),
        carol: ([], "tea"),
    }
    assert await _stored(polls, locked["ID"]) == {ann: (["a"], None), bob: (["c"], None)}
    assert await _stored(polls, closed["ID"]) == {}
    assert await _stored(polls, draft["ID"]) == {}
    results = await polls.results(changing["ID"])
    assert (results["Ballots"], results["Other"]) == (3, 1)

    # A later batch sees the earlier one's ballots: Ann is locked out of `locked`, and her
    # change of `changing` replaces its choices.
    later = now + timedelta(seconds=1)
    again = await write_ballots(
        services,
        [
            BallotRequest(polls.event_id, ann_session, locked["ID"], ("c",), None, later),
            BallotRequest(polls.event_id, ann_session, changing["ID"], ("a",), None, later),
        ],
    )
    assert [_summary(o) for o in again] == [
        "POLL_BALLOT_LOCKED",
        (ann, changing["ID"], ["a"], None),
    ]
    assert isinstance(again[1], BallotOutcome)
    assert again[1].ballot == BallotOut(
        PollID=changing["ID"], OptionIDs=["a"], Other=None, UpdatedAt=later
    )
    assert (await _stored(polls, changing["ID"]))[ann] == (["a"], None)
    async with services.db.session() as session:
        total = await session.scalar(select(func.count()).select_from(PollBallot))
    assert total == 5
