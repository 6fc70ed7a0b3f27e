"""Scheduled polls: `OpensAt`/`ClosesAt` open and close a poll by the clock alone, the schedule job
announces each turn once, and the SQL form of the state rule agrees with the Python one."""

from __future__ import annotations

import itertools
from datetime import datetime, timedelta

from sqlalchemy import select

from tests.api.polls_support import Polls, iso, make_poll, polls
from venuely.activities.models import Activity, EntityType
from venuely.activities.service import poll_open_at
from venuely.core.background import _periodic
from venuely.core.clock import FrozenClock
from venuely.polls.schedule import INTERVAL, announce_schedule
from venuely.polls.state import poll_state
from venuely.realtime.opcodes import Opcode

__all__ = ["polls"]  # the fixture, used by name


async def test_the_job_is_registered_to_run_every_second() -> None:
    job = _periodic["polls.schedule"]
    assert (job.job, job.interval) == (announce_schedule, INTERVAL)


async def test_a_scheduled_poll_opens_and_closes_by_the_clock(
    polls: Polls, clock: FrozenClock
) -> None:
    opens, closes = clock.now() + timedelta(minutes=5), clock.now() + timedelta(minutes=20)
    poll = await polls.create(IsActive=False, OpensAt=iso(opens), ClosesAt=iso(closes))
    poll_id = poll["ID"]
    assert poll["State"] == "draft"
    await announce_schedule(polls.services)  # the first run: nothing has turned
    polls.hub.published.clear()
    hidden = await polls.client.get(polls.url(poll_id), headers=polls.h("attendee_a"))
    assert hidden.status_code == 404
    early = await polls.vote("admin_a", poll_id, ["a"])
    assert early.json()["Error"]["Data"]["State"] == "draft"

    clock.advance(timedelta(minutes=5))
    # Open now, with nobody writing: reads and ballots follow the clock at once.
    view = await polls.get(poll_id, "attendee_a")
    assert (view["State"], view["IsActive"]) == ("open", True)
    await polls.voted("attendee_a", poll_id, ["a"])
    await announce_schedule(polls.services)
    [opened] = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)
    assert (opened["ID"], opened["State"], opened["OpensAt"]) == (poll_id, "open", iso(opens))
    await announce_schedule(polls.services)  # announced once
    assert len(polls.frames(Opcode.POLL_NOTIFY)) == 1

    clock.advance(timedelta(minutes=15))
    late = await polls.vote("attendee_a", poll_id, ["b"])
    assert late.status_code == 409
    assert late.json()["Error"]["Data"] == {"PollID": poll_id, "State": "closed"}
    await announce_schedule(polls.services)
    closed = polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)[-1]
    assert (closed["State"], closed["ClosesAt"]) == ("closed", iso(closes))
    # The tally is marked too: a closed poll's results may now be shown.
    await polls.tick()
    [results] = polls.frames(Opcode.POLL_RESULTS_NOTIFY, polls.event_channel)
    assert results["Ballots"] == 1


async def test_turns_between_two_runs_are_announced_whatever_the_gap(
    polls: Polls, clock: FrozenClock
) -> None:
    start = clock.now()
    first = await polls.create(
        InternalName="first", IsActive=False, OpensAt=iso(start + timedelta(minutes=1))
    )
    second = await polls.create(
        InternalName="second", IsActive=False, OpensAt=iso(start + timedelta(minutes=2))
    )
    await polls.create(
        InternalName="later", IsActive=False, OpensAt=iso(start + timedelta(hours=1))
    )
    await announce_schedule(polls.services)
    polls.hub.published.clear()
    clock.advance(timedelta(minutes=3))  # a slow process: both turned since its last run
    await announce_schedule(polls.services)
    announced = [f["ID"] for f in polls.frames(Opcode.POLL_NOTIFY, polls.event_channel)]
    assert announced == [first["ID"], second["ID"]]


async def test_polls_of_other_events_are_announced_on_their_own_channel(
    polls: Polls, clock: FrozenClock
) -> None:
    soon = clock.now() + timedelta(seconds=30)
    other = await make_poll(
        polls.services, polls.world.event_b, IsActive=False, OpensAt=soon.isoformat()
    )
    await announce_schedule(polls.services)
    clock.advance(timedelta(minutes=1))
    await announce_schedule(polls.services)
    assert polls.channels(Opcode.POLL_NOTIFY) == [f"event:{polls.world.event_b.id}"]
    assert polls.frames(Opcode.POLL_NOTIFY)[0]["ID"] == other.id


async def test_activepolls_follows_the_schedule(polls: Polls, clock: FrozenClock) -> None:
    opens = clock.now() + timedelta(minutes=1)
    poll = await polls.create(IsActive=False, OpensAt=iso(opens), PanoNodeID="hall")
    url = f"/events/{polls.event_id}/activities/activepolls"
    before = await polls.client.get(url, params={"Node": "hall"}, headers=polls.h("attendee_a"))
    assert before.json() == []
    clock.advance(timedelta(minutes=1))
    after = await polls.client.get(url, params={"Node": "hall"}, headers=polls.h("attendee_a"))
    assert [(p["ID"], p["IsActive"]) for p in after.json()] == [(poll["ID"], True)]


async def test_the_sql_rule_agrees_with_the_python_rule(polls: Polls, clock: FrozenClock) -> None:
    now = clock.now()
    moments: list[datetime | None] = [
        None,
        now - timedelta(minutes=1),
        now,
        now + timedelta(minutes=1),
    ]
    expected: dict[str, str] = {}
    for index, (active, opens, closes) in enumerate(
        itertools.product((False, True), moments, moments)
    ):
        fields = {"InternalName": f"p{index}", "IsActive": active, "Options": []}
        poll = await make_poll(polls.services, polls.world.event_a, **fields)
        async with polls.services.db.session() as session:
            stored = await session.get(Activity, poll.id)
            assert stored is not None
            # Straight to the columns: some of these pairs are not valid documents.
            stored.date_begin, stored.date_end = opens, closes
        expected[poll.id] = poll_state(active, opens, closes, now)
    async with polls.services.db.session() as session:
        open_ids = set(
            (
                await session.scalars(
                    select(Activity.id).where(
                        Activity.entity_type == EntityType.POLL.value, poll_open_at(now)
                    )
                )
            ).all()
        )
    assert open_ids == {poll_id for poll_id, state in expected.items() if state == "open"}
    assert set(expected.values()) == {"draft", "open", "closed"}
    listed = await polls.client.get(polls.url(), headers=polls.h("attendee_a"))
    shown = {p["ID"]: p["State"] for p in listed.json()}
    assert shown == {poll_id: s for poll_id, s in expected.items() if s != "draft"}
