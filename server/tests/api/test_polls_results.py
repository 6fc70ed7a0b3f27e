"""The tally: who may see it when (`Results` live / closed / hidden), POLL_RESULTS_NOTIFY coalesced
per poll and sent only where it may be seen, and a recount that always equals the ballots."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest

from tests.api.polls_support import Polls, iso, options, polls
from venuely.core.clock import FrozenClock
from venuely.realtime.opcodes import Opcode

__all__ = ["polls"]  # the fixture, used by name


async def _results_status(polls: Polls, poll_id: str, who: str) -> int:
    response = await polls.client.get(polls.url(poll_id, "/results"), headers=polls.h(who))
    if response.status_code == 403:
        assert response.json()["Error"]["Code"] == "FORBIDDEN"
    return response.status_code


@pytest.mark.parametrize(
    ("mode", "while_open", "once_closed"),
    [("live", True, True), ("closed", False, True), ("hidden", False, False)],
)
async def test_who_sees_the_tally_when(
    polls: Polls, clock: FrozenClock, mode: str, while_open: bool, once_closed: bool
) -> None:
    poll = await polls.create(Results=mode)
    await polls.voted("attendee_a", poll["ID"], ["b"])
    for visible in (while_open, once_closed):
        view = await polls.get(poll["ID"], "attendee_a")
        assert view["ResultsVisible"] is visible
        assert (view["Tally"] is not None) is visible
        assert await _results_status(polls, poll["ID"], "attendee_a") == (200 if visible else 403)
        # Organizers always see it.
        admin_view = await polls.get(poll["ID"], "admin_a")
        assert admin_view["Tally"]["Counts"][1] == {"OptionID": "b", "Count": 1}
        assert admin_view["ResultsVisible"] is visible
        assert await _results_status(polls, poll["ID"], "admin_a") == 200
        clock.advance(timedelta(seconds=1))
        await polls.client.post(polls.url(poll["ID"], "/close"), headers=polls.h("admin_a"))
    listed = await polls.client.get(polls.url(), headers=polls.h("attendee_a"))
    assert (listed.json()[0]["Tally"] is not None) is once_closed


async def test_hidden_results_never_reach_the_event_channel(polls: Polls) -> None:
    poll = await polls.create(Results="hidden")
    polls.hub.published.clear()
    await polls.voted("attendee_a", poll["ID"], ["a"])
    await polls.tick()
    assert polls.channels(Opcode.POLL_RESULTS_NOTIFY) == [polls.staff_channel]
    await polls.client.post(polls.url(poll["ID"], "/close"), headers=polls.h("admin_a"))
    await polls.tick()
    assert polls.event_channel not in polls.channels(Opcode.POLL_RESULTS_NOTIFY)
    assert await _results_status(polls, poll["ID"], "attendee_a") == 403


async def test_closed_results_go_to_the_event_once_the_poll_closes(
    polls: Polls, clock: FrozenClock
) -> None:
    poll = await polls.create(Results="closed")
    await polls.voted("attendee_a", poll["ID"], ["c"])
    await polls.tick()
    assert polls.channels(Opcode.POLL_RESULTS_NOTIFY) == [polls.staff_channel]
    polls.hub.published.clear()
    clock.advance(timedelta(seconds=1))
    await polls.client.post(polls.url(poll["ID"], "/close"), headers=polls.h("admin_a"))
    await polls.tick()
    [results] = polls.frames(Opcode.POLL_RESULTS_NOTIFY, polls.event_channel)
    assert results["Counts"][2] == {"OptionID": "c", "Count": 1}


async def test_a_storm_of_ballots_makes_one_frame_per_tick(
    polls: Polls, clock: FrozenClock
) -> None:
    poll = await polls.create(AllowOther=True)
    voters = [await polls.attendee(f"voter{i}") for i in range(6)]
    polls.hub.published.clear()
    for i in range(6):
        if i == 5:
            await polls.voted(f"voter{i}", poll["ID"], [], other="soup")
        else:
            await polls.voted(f"voter{i}", poll["ID"], ["ab"[i % 2]])
    assert polls.frames(Opcode.POLL_RESULTS_NOTIFY) == []  # not per ballot
    await polls.tick()
    [results] = polls.frames(Opcode.POLL_RESULTS_NOTIFY)
    assert polls.channels(Opcode.POLL_RESULTS_NOTIFY) == [polls.event_channel]
    assert results == {
        "PollID": poll["ID"],
        "EventID": polls.event_id,
        "Ballots": 6,
        "Counts": [
            {"OptionID": "a", "Count": 3},
            {"OptionID": "b", "Count": 2},
            {"OptionID": "c", "Count": 0},
        ],
        "Other": 1,
        "AsOf": iso(clock.now()),
    }
    assert await polls.results(poll["ID"], "attendee_a") == results
    await polls.tick()
    assert len(polls.frames(Opcode.POLL_RESULTS_NOTIFY)) == 1  # nothing new, nothing sent
    assert len(polls.frames(Opcode.POLL_BALLOT_NOTIFY)) == len(voters)


async def test_as_of_is_the_newest_ballot(polls: Polls, clock: FrozenClock) -> None:
    poll = await polls.create()
    assert (await polls.results(poll["ID"]))["AsOf"] is None
    await polls.voted("attendee_a", poll["ID"], ["a"])
    first = clock.now()
    clock.advance(timedelta(minutes=3))
    await polls.voted("admin_a", poll["ID"], ["b"])
    assert (await polls.results(poll["ID"]))["AsOf"] == iso(clock.now())
    clock.advance(timedelta(minutes=3))
    await polls.voted("attendee_a", poll["ID"], ["c"])  # a change is news too
    assert (await polls.results(poll["ID"]))["AsOf"] == iso(clock.now())
    assert first < clock.now()


async def test_the_recount_equals_the_ballots_after_many_changes(
    polls: Polls, clock: FrozenClock
) -> None:
    poll = await polls.create(Multiple=True, AllowOther=True, Options=options("a", "b", "c", "d"))
    people = [f"p{i}" for i in range(12)]
    for name in people:
        await polls.attendee(name)
    rng = random.Random(17)
    final: dict[str, tuple[list[str], str | None]] = {}
    for _ in range(60):
        who = rng.choice(people)
        chosen = sorted(rng.sample("abcd", rng.randint(0, 3)))
        other = "tea" if not chosen or rng.random() < 0.2 else None
        await polls.voted(who, poll["ID"], chosen, other)
        final[who] = (chosen, other)
        clock.advance(timedelta(seconds=1))
        if rng.random() < 0.3:
            await polls.tick()
    await polls.tick()
    expected: Counter[str] = Counter(option for chosen, _ in final.values() for option in chosen)
    live: dict[str, Any] = polls.frames(Opcode.POLL_RESULTS_NOTIFY)[-1]
    recount = await polls.results(poll["ID"])
    assert live == recount
    assert recount["Counts"] == [{"OptionID": o, "Count": expected[o]} for o in "abcd"]
    assert recount["Ballots"] == len(final)
    assert recount["Other"] == sum(1 for _, other in final.values() if other)
