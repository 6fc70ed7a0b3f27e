"""The tracker's intake (`POST /events/{EventID}/analytics`): kept only with statistics
consent, and every item it drops (no consent, bad item, unknown screen, flood) is counted by
reason and never stored."""

from __future__ import annotations

from datetime import timedelta

from tests.api.analytics_support import Analytics, analytics, dropped, item
from venuely.analytics.models import AnalyticsAttendance, AnalyticsCount, AnalyticsPresence

__all__ = ["analytics"]  # the fixture, used by name


async def test_items_with_consent_are_accepted_and_stored(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    answer = await analytics.sent(
        "attendee_a", item(), item("usage", "agenda"), item("ping", "room", Place="Lobby")
    )
    assert answer == {"Accepted": 3, "Dropped": 0}
    await analytics.flush()
    counts = {(c.kind, c.screen, c.place): c.count for c in await analytics.rows(AnalyticsCount)}
    assert counts == {
        ("page_view", "start", ""): 1,
        ("usage", "agenda", ""): 1,
        ("ping", "", "Lobby"): 1,
    }


async def test_without_consent_everything_is_dropped_and_counted(analytics: Analytics) -> None:
    before = dropped("no_consent")
    # No record at all, then a record without statistics: both are "no".
    assert await analytics.sent("attendee_a", item(), item()) == {"Accepted": 0, "Dropped": 2}
    await analytics.consent(analytics.world.attendee_a, statistics=False)
    assert await analytics.sent("attendee_a", item("ping", "room")) == {"Accepted": 0, "Dropped": 1}
    assert dropped("no_consent") - before == 3
    await analytics.flush()
    assert await analytics.rows(AnalyticsCount) == []
    assert await analytics.rows(AnalyticsPresence) == []


async def test_consent_withdrawn_drops_the_next_call(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    assert (await analytics.sent("attendee_a", item()))["Accepted"] == 1
    await analytics.consent(analytics.world.attendee_a, statistics=False)
    before = dropped("no_consent")
    assert await analytics.sent("attendee_a", item("usage", "chat")) == {
        "Accepted": 0,
        "Dropped": 1,
    }
    assert dropped("no_consent") - before == 1
    await analytics.flush()
    assert [(c.kind, c.screen) for c in await analytics.rows(AnalyticsCount)] == [
        ("page_view", "start")
    ]


async def test_unknown_screens_are_dropped_listed_ones_match_loosely(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    before = dropped("unknown_screen")
    answer = await analytics.sent(
        "attendee_a", item(screen="admin-backdoor"), item(screen="Sign-Up"), item(screen="x" * 40)
    )
    assert answer == {"Accepted": 1, "Dropped": 2}
    assert dropped("unknown_screen") - before == 2
    await analytics.flush()
    assert [c.screen for c in await analytics.rows(AnalyticsCount)] == ["sign_up"]


async def test_a_flood_is_dropped_past_twelve_items_per_fifteen_seconds(
    analytics: Analytics,
) -> None:
    await analytics.consent(analytics.world.attendee_a)
    before = dropped("flood")
    assert await analytics.sent("attendee_a", *[item()] * 10) == {"Accepted": 10, "Dropped": 0}
    assert await analytics.sent("attendee_a", *[item()] * 5) == {"Accepted": 2, "Dropped": 3}
    assert await analytics.sent("attendee_a", item()) == {"Accepted": 0, "Dropped": 1}
    assert dropped("flood") - before == 4
    # Another person has a window of their own; and the next window admits again.
    await analytics.attendee("other")
    assert (await analytics.sent("other", item()))["Accepted"] == 1
    analytics.clock.advance(timedelta(seconds=15))
    assert (await analytics.sent("attendee_a", item()))["Accepted"] == 1
    await analytics.flush()
    assert sum(c.count for c in await analytics.rows(AnalyticsCount)) == 14


async def test_bad_items_are_dropped_one_by_one(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    before = dropped("bad_item")
    answer = await analytics.sent(
        "attendee_a",
        item(kind="click"),
        item(ActivityID="not-an-id"),
        item(Place="<script>"),
        item(Place=""),
        item(Place="x" * 101),
        item(Extra=1),
        {"Kind": "page_view"},
        {"Kind": "ping", "Screen": 7},
        item("ping", "room", Place="Hall A: stage #2"),
    )
    assert answer == {"Accepted": 1, "Dropped": 8}
    assert dropped("bad_item") - before == 8


async def test_the_envelope_itself_must_be_sound(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    too_many = await analytics.send("attendee_a", *[item()] * 21)
    assert too_many.status_code == 422
    not_objects = await analytics.client.post(
        f"/events/{analytics.event.id}/analytics",
        json={"Events": ["page_view"]},
        headers=analytics.h("attendee_a"),
    )
    assert not_objects.status_code == 422
    assert await analytics.sent("attendee_a") == {"Accepted": 0, "Dropped": 0}
    # Nothing of the refused calls was kept.
    await analytics.flush()
    assert await analytics.rows(AnalyticsCount) == []


async def test_only_members_of_the_event_may_send(analytics: Analytics) -> None:
    assert (await analytics.send("anonymous", item())).status_code == 401
    assert (await analytics.send("attendee_b", item())).status_code == 403


async def test_a_session_of_another_event_counts_no_attendance(analytics: Analytics) -> None:
    await analytics.consent(analytics.world.attendee_a)
    foreign = await analytics.session_activity(event=analytics.world.event_b)
    before = dropped("bad_item")
    await analytics.sent("attendee_a", item("ping", "auditorium", ActivityID=foreign))
    await analytics.flush()
    assert await analytics.rows(AnalyticsAttendance) == []
    assert dropped("bad_item") - before == 1
    # The ping itself (presence) still counts: the person was there.
    assert len(await analytics.rows(AnalyticsPresence)) == 1
