"""Ballots over REST (`PUT/GET /events/{EventID}/polls/{PollID}/ballot`): the voting rules, one
ballot per person, changes, the caller's own ballot only, and what each refusal leaves stored."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from tests.api.activities_support import create
from tests.api.polls_support import Polls, iso, options, poll_body, polls
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.polls.models import PollBallot, PollBallotChoice
from venuely.realtime.opcodes import Opcode

__all__ = ["polls"]  # the fixture, used by name


async def _stored(polls: Polls) -> tuple[int, int]:
    async with polls.services.db.session() as session:
        ballots = await session.scalar(select(func.count()).select_from(PollBallot))
        choices = await session.scalar(select(func.count()).select_from(PollBallotChoice))
    return int(ballots or 0), int(choices or 0)


def _error(response: Any) -> dict[str, Any]:
    error: dict[str, Any] = response.json()["Error"]
    return error


async def test_a_ballot_is_stored_answered_and_announced_to_the_voter(
    polls: Polls, clock: FrozenClock
) -> None:
    poll = await polls.create(Multiple=True)
    polls.hub.published.clear()
    response = await polls.vote("attendee_a", poll["ID"], ["c", "a"])
    assert response.status_code == 200, response.text
    # Choices come back in the poll's order, whatever order they were sent in.
    assert response.json() == {
        "PollID": poll["ID"],
        "OptionIDs": ["a", "c"],
        "Other": None,
        "UpdatedAt": iso(clock.now()),
    }
    [notice] = polls.frames(Opcode.POLL_BALLOT_NOTIFY)
    assert polls.channels(Opcode.POLL_BALLOT_NOTIFY) == [
        polls.person_channel(polls.world.attendee_a.id)
    ]
    assert notice == {
        "PollID": poll["ID"],
        "EventID": polls.event_id,
        "TmpID": "",
        "OptionIDs": ["a", "c"],
        "Other": None,
        "UpdatedAt": iso(clock.now()),
    }
    mine = await polls.client.get(polls.url(poll["ID"], "/ballot"), headers=polls.h("attendee_a"))
    assert mine.json() == response.json()
    assert await _stored(polls) == (1, 2)


async def test_get_ballot_answers_only_the_caller_own(polls: Polls) -> None:
    poll = await polls.create()
    await polls.attendee("other_a")
    url = polls.url(poll["ID"], "/ballot")
    before = await polls.client.get(url, headers=polls.h("attendee_a"))
    assert (before.status_code, before.json()) == (200, None)
    await polls.voted("other_a", poll["ID"], ["b"])
    # Someone else's ballot is not the caller's: still none; no route names another person.
    still = await polls.client.get(url, headers=polls.h("attendee_a"))
    assert still.json() is None
    await polls.voted("attendee_a", poll["ID"], ["a"])
    mine = await polls.client.get(url, headers=polls.h("attendee_a"))
    theirs = await polls.client.get(url, headers=polls.h("other_a"))
    assert (mine.json()["OptionIDs"], theirs.json()["OptionIDs"]) == (["a"], ["b"])
    # A person named in the query is not read: the answer is still the caller's own.
    named = {"PersonID": polls.world.attendee_a.id}
    ignored = await polls.client.get(url, params=named, headers=polls.h("other_a"))
    assert ignored.json()["OptionIDs"] == ["b"]


@pytest.mark.parametrize(
    ("fields", "option_ids", "other", "code", "data"),
    [
        ({}, ["a", "a"], None, "VALIDATION_ERROR", None),
        ({"Multiple": True}, ["a", "b", "a"], None, "VALIDATION_ERROR", None),
        ({}, ["z"], None, "POLL_OPTION_UNKNOWN", {"OptionIDs": ["z"]}),
        (
            {"Multiple": True},
            ["a", "y", "z"],
            None,
            "POLL_OPTION_UNKNOWN",
            {"OptionIDs": ["y", "z"]},
        ),
        ({}, ["a"], "mine", "POLL_OTHER_NOT_ALLOWED", {}),
        ({}, [], "mine", "POLL_OTHER_NOT_ALLOWED", {}),
        ({"AllowOther": True}, [], "x" * 201, "TEXT_TOO_LONG", {"MaxLength": 200}),
        ({}, [], None, "POLL_CHOICE_INVALID", {"Multiple": False}),
        ({}, ["a", "b"], None, "POLL_CHOICE_INVALID", {"Multiple": False}),
        ({"AllowOther": True}, ["a"], "and this", "POLL_CHOICE_INVALID", {"Multiple": False}),
        ({"AllowOther": True}, [], "   ", "POLL_CHOICE_INVALID", {"Multiple": False}),
        ({"Multiple": True}, [], None, "POLL_CHOICE_INVALID", {"Multiple": True}),
    ],
)
async def test_invalid_ballots_are_refused_and_store_nothing(
    polls: Polls,
    fields: dict[str, Any],
    option_ids: list[str],
    other: str | None,
    code: str,
    data: dict[str, Any] | None,
) -> None:
    poll = await polls.create(**fields)
    polls.hub.published.clear()
    response = await polls.vote("attendee_a", poll["ID"], option_ids, other)
    assert _error(response)["Code"] == code, response.text
    assert response.status_code == 422
    if data is not None:
        assert _error(response)["Data"] == data
    assert await _stored(polls) == (0, 0)
    assert polls.hub.published == []


@pytest.mark.parametrize(
    ("fields", "option_ids", "other"),
    [
        ({}, ["b"], None),
        ({}, ["b"], ""),  # a blank Other is no answer, also where none is allowed
        ({"AllowOther": True}, [], "  soup  "),
        ({"Multiple": True}, ["a", "b", "c"], None),
        ({"Multiple": True, "AllowOther": True}, ["c"], "soup"),
        ({"Multiple": True, "AllowOther": True}, [], "soup"),
        ({"AllowOther": True}, [], "x" * 200),
    ],
)
async def test_valid_ballots(
    polls: Polls, fields: dict[str, Any], option_ids: list[str], other: str | None
) -> None:
    poll = await polls.create(**fields)
    ballot = await polls.voted("attendee_a", poll["ID"], option_ids, other)
    answer = (other or "").strip() or None
    assert (ballot["OptionIDs"], ballot["Other"]) == (option_ids, answer)


async def test_malformed_bodies_are_422(polls: Polls) -> None:
    poll = await polls.create()
    url = polls.url(poll["ID"], "/ballot")
    bodies: list[Any] = [
        {"OptionIDs": "a"},
        {"OptionIDs": [1]},
        {"OptionIDs": [""]},
        {"OptionIDs": ["a" * 65]},
        {"OptionIDs": [f"o{i}" for i in range(21)]},
        {"OptionIDs": ["a"], "Other": 5},
        {"OptionIDs": ["a"], "Unknown": True},
        [],
    ]
    for body in bodies:
        response = await polls.client.put(url, json=body, headers=polls.h("attendee_a"))
        assert response.status_code == 422, (body, response.text)
        assert _error(response)["Code"] in {"VALIDATION_ERROR", "MISSING_PARAMETER"}
    missing = await polls.client.put(url, headers=polls.h("attendee_a"))
    assert missing.status_code == 422
    assert await _stored(polls) == (0, 0)


async def test_polls_not_open_or_not_visible_take_no_ballot(
    polls: Polls, clock: FrozenClock
) -> None:
    world, client = polls.world, polls.client
    draft = await polls.create(InternalName="draft", IsActive=False)
    closed = await polls.create(InternalName="closed")
    clock.advance(timedelta(seconds=1))
    await client.post(polls.url(closed["ID"], "/close"), headers=polls.h("admin_a"))
    scheduled = await polls.create(
        InternalName="later", IsActive=False, OpensAt=iso(clock.now() + timedelta(hours=1))
    )
    foreign = await create(client, world, "Poll", poll_body(), event=world.event_b)
    session = await create(client, world, "Session", {"InternalName": "s", **_times(clock)})

    for poll_id, who, status, code, data in (
        (draft["ID"], "attendee_a", 404, "POLL_NOT_FOUND", {"PollID": draft["ID"]}),
        (draft["ID"], "admin_a", 409, "POLL_NOT_OPEN", {"PollID": draft["ID"], "State": "draft"}),
        (scheduled["ID"], "attendee_a", 404, "POLL_NOT_FOUND", {"PollID": scheduled["ID"]}),
        (
            closed["ID"],
            "attendee_a",
            409,
            "POLL_NOT_OPEN",
            {"PollID": closed["ID"], "State": "closed"},
        ),
        (foreign["ID"], "attendee_a", 404, "POLL_NOT_FOUND", {"PollID": foreign["ID"]}),
        (foreign["ID"], "admin_a", 404, "POLL_NOT_FOUND", {"PollID": foreign["ID"]}),
        (session["ID"], "attendee_a", 404, "POLL_NOT_FOUND", {"PollID": session["ID"]}),
        (new_id(), "attendee_a", 404, "POLL_NOT_FOUND", None),
    ):
        response = await polls.vote(who, poll_id, ["a"])
        assert response.status_code == status, (poll_id, who, response.text)
        assert _error(response)["Code"] == code
        if data is not None:
            assert _error(response)["Data"] == data
    assert await _stored(polls) == (0, 0)


def _times(clock: FrozenClock) -> dict[str, str]:
    return {
        "DateBegin": iso(clock.now()),
        "DateEnd": iso(clock.now() + timedelta(hours=1)),
    }


async def test_people_outside_the_event_cannot_vote(polls: Polls) -> None:
    poll = await polls.create()
    # An attendee of event B, with a token for B, asking about A's poll: not a member of A.
    foreign = await polls.vote("attendee_b", poll["ID"], ["a"])
    assert foreign.status_code == 403
    assert _error(foreign)["Code"] == "FORBIDDEN"
    # Through B's path, A's poll is not B's.
    wrong_path = await polls.client.put(
        polls.url(poll["ID"], "/ballot", event=polls.world.event_b),
        json={"OptionIDs": ["a"]},
        headers=polls.h("attendee_b"),
    )
    assert wrong_path.status_code == 404
    assert _error(wrong_path)["Code"] == "POLL_NOT_FOUND"
    anonymous = await polls.vote("anonymous", poll["ID"], ["a"])
    assert anonymous.status_code == 401
    admin_b = await polls.vote("admin_b", poll["ID"], ["a"])
    assert admin_b.status_code == 403
    assert await _stored(polls) == (0, 0)


async def test_a_second_ballot_is_locked_when_changes_are_off(
    polls: Polls, clock: FrozenClock
) -> None:
    poll = await polls.create(AllowChange=False)
    first = await polls.voted("attendee_a", poll["ID"], ["a"])
    clock.advance(timedelta(seconds=5))
    for option_ids in (["b"], ["a"]):
        again = await polls.vote("attendee_a", poll["ID"], option_ids)
        assert again.status_code == 409
        assert _error(again) == {
            "Code": "POLL_BALLOT_LOCKED",
            "Message": "Your ballot is in, and this poll does not let ballots change",
            "Data": {"PollID": poll["ID"]},
        }
    mine = await polls.client.get(polls.url(poll["ID"], "/ballot"), headers=polls.h("attendee_a"))
    assert mine.json() == first
    assert await _stored(polls) == (1, 1)


async def test_a_change_replaces_the_choices(polls: Polls, clock: FrozenClock) -> None:
    poll = await polls.create(Multiple=True, AllowOther=True)
    await polls.voted("attendee_a", poll["ID"], ["a", "b"], other="soup")
    clock.advance(timedelta(seconds=5))
    changed = await polls.voted("attendee_a", poll["ID"], ["c"])
    assert changed == {
        "PollID": poll["ID"],
        "OptionIDs": ["c"],
        "Other": None,
        "UpdatedAt": iso(clock.now()),
    }
    assert await _stored(polls) == (1, 1)
    results = await polls.results(poll["ID"], "attendee_a")
    assert results["Counts"] == [
        {"OptionID": "a", "Count": 0},
        {"OptionID": "b", "Count": 0},
        {"OptionID": "c", "Count": 1},
    ]
    assert (results["Ballots"], results["Other"], results["AsOf"]) == (1, 0, iso(clock.now()))


async def test_concurrent_ballots_of_one_person_store_one(polls: Polls) -> None:
    """The same person sending several ballots at once (several tabs or retries): exactly one
    ballot; with changes off every other send is told POLL_BALLOT_LOCKED."""
    locked = await polls.create(InternalName="locked", AllowChange=False)
    answers = await asyncio.gather(
        *(polls.vote("attendee_a", locked["ID"], [option]) for option in "abcabc")
    )
    statuses = sorted(response.status_code for response in answers)
    assert statuses == [200, 409, 409, 409, 409, 409], [r.text for r in answers]
    assert {_error(r)["Code"] for r in answers if r.status_code == 409} == {"POLL_BALLOT_LOCKED"}
    [winner] = [r.json() for r in answers if r.status_code == 200]
    mine = await polls.client.get(polls.url(locked["ID"], "/ballot"), headers=polls.h("attendee_a"))
    assert mine.json() == winner
    assert await _stored(polls) == (1, 1)

    changing = await polls.create(InternalName="changing", Multiple=True)
    sends = [["a"], ["b", "c"], ["a", "c"], ["b"], ["a", "b", "c"], ["c"]]
    answers = await asyncio.gather(
        *(polls.vote("attendee_a", changing["ID"], option_ids) for option_ids in sends)
    )
    assert [response.status_code for response in answers] == [200] * len(sends)
    final = await polls.client.get(
        polls.url(changing["ID"], "/ballot"), headers=polls.h("attendee_a")
    )
    # One ballot, holding exactly one of the sends' choices, never a mix of two.
    assert final.json()["OptionIDs"] in sends
    async with polls.services.db.session() as session:
        ballots = await session.scalar(
            select(func.count()).where(PollBallot.poll_id == changing["ID"])
        )
        choices = await session.scalar(
            select(func.count()).where(PollBallotChoice.poll_id == changing["ID"])
        )
    assert (ballots, choices) == (1, len(final.json()["OptionIDs"]))


async def test_removed_options_stop_counting(polls: Polls) -> None:
    poll = await polls.create(Multiple=True)
    await polls.voted("attendee_a", poll["ID"], ["a", "c"])
    response = await polls.client.put(
        polls.url(poll["ID"]),
        json=poll_body(Multiple=True, Options=options("a", "b")),
        headers=polls.h("admin_a"),
    )
    assert response.status_code == 200
    results = await polls.results(poll["ID"])
    assert results["Counts"] == [{"OptionID": "a", "Count": 1}, {"OptionID": "b", "Count": 0}]
    assert results["Ballots"] == 1
    mine = await polls.client.get(polls.url(poll["ID"], "/ballot"), headers=polls.h("attendee_a"))
    assert mine.json()["OptionIDs"] == ["a"]
