"""The dashboard (`GET .../analytics/dashboard`) and its CSV exports (`.../{Table}.csv`):
registrations per hour, chat per minute, poll participation, top rooms and page views, read by
organizers with the `analytics` role only."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from sqlalchemy import update

from tests.api.activities_support import iso
from tests.api.analytics_support import Analytics, analytics, item, to_next_minute
from tests.factories import bearer, grant_admin, make_person, token_for
from venuely.admins.models import AdminType
from venuely.chat.messages import post_message
from venuely.chat.service import ensure_broadcast_room
from venuely.events.models import Attendee

__all__ = ["analytics"]  # the fixture, used by name

TABLES = ("attendance", "registrations", "chat", "polls", "rooms", "pageviews")


def _rows(body: bytes) -> list[list[str]]:
    text = body.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


async def _chat(analytics: Analytics, texts: int) -> None:
    async with analytics.services.db.session() as session:
        room = await ensure_broadcast_room(session, analytics.event.id, analytics.clock.now())
        for n in range(texts):
            await post_message(
                session,
                analytics.services,
                room,
                sender_id=analytics.world.attendee_a.id,
                tmp_id=f"t{analytics.clock.now().timestamp()}-{n}",
                text="hello",
            )


async def test_the_dashboard_shows_every_figure(analytics: Analytics) -> None:
    to_next_minute(analytics.clock)
    start = analytics.clock.now()
    # Registrations: attendee A an hour ago, two more now.
    async with analytics.services.db.session() as session:
        await session.execute(
            update(Attendee)
            .where(Attendee.person_id == analytics.world.attendee_a.id)
            .values(created_at=start - timedelta(hours=1))
        )
    await analytics.attendee("b")
    await analytics.attendee("c")
    await analytics.consent(analytics.world.attendee_a)
    # Chat: two messages this minute, one the next.
    await _chat(analytics, 2)
    # A poll with one ballot out of three attendees.
    poll = await analytics.client.post(
        f"/events/{analytics.event.id}/polls",
        json={
            "InternalName": "tea",
            "Title": "Tea?",
            "Question": "Tea or coffee?",
            "Options": [{"ID": "a", "Text": "Tea"}, {"ID": "b", "Text": "Coffee"}],
            "IsActive": True,
        },
        headers=analytics.h("admin_a"),
    )
    assert poll.status_code == 201, poll.text
    vote = await analytics.client.put(
        f"/events/{analytics.event.id}/polls/{poll.json()['ID']}/ballot",
        json={"OptionIDs": ["a"]},
        headers=analytics.h("b"),
    )
    assert vote.status_code == 200, vote.text
    # Rooms and page views.
    await analytics.sent("b", item(), item(screen="chat"), item("ping", "room", Place="Lobby"))
    await analytics.sent("c", item(), item("ping", "room", Place="Lobby"))
    await analytics.sent("attendee_a", item("ping", "room", Place="Expo"))
    analytics.clock.advance(timedelta(minutes=1))
    await _chat(analytics, 1)
    await analytics.sent("b", item("ping", "room", Place="Lobby"))
    await analytics.flush()

    body = await analytics.dashboard()
    assert body["EventID"] == analytics.event.id
    assert body["Attendees"] == 3
    # Only b pinged within the last 45 s.
    assert body["OnlineNow"] == {"Total": 1, "PerPlace": [{"Place": "Lobby", "Count": 1}]}
    hour = start.replace(minute=0)
    assert body["Registrations"] == [
        {"At": iso(hour - timedelta(hours=1)), "Count": 1},
        {"At": iso(hour), "Count": 2},
    ]
    assert body["ChatPerMinute"] == [
        {"Minute": iso(start), "Count": 2},
        {"Minute": iso(start + timedelta(minutes=1)), "Count": 1},
    ]
    assert body["Polls"] == [
        {"PollID": poll.json()["ID"], "Title": "Tea?", "Ballots": 1, "Participation": 0.3333}
    ]
    assert body["TopRooms"] == [
        {"Place": "Lobby", "PersonMinutes": 0.75},
        {"Place": "Expo", "PersonMinutes": 0.25},
    ]
    assert body["PageViews"] == [{"Screen": "start", "Count": 2}, {"Screen": "chat", "Count": 1}]
    assert body["Attendance"] == []


async def test_every_table_exports_as_csv_with_formulas_defused(analytics: Analytics) -> None:
    await analytics.session_activity(title="=HYPERLINK(1)")
    await analytics.consent(analytics.world.attendee_a)
    await analytics.sent("attendee_a", item(), item("ping", "room", Place="Lobby"))
    await analytics.flush()
    for table in TABLES:
        response = await analytics.client.get(
            f"/events/{analytics.event.id}/analytics/{table}.csv", headers=analytics.h("admin_a")
        )
        assert response.status_code == 200, (table, response.text)
        assert response.headers["content-type"].startswith("text/csv")
        assert f"{table}.csv" in response.headers["content-disposition"]
        rows = _rows(response.content)
        assert rows[0], table
    attendance = await analytics.client.get(
        f"/events/{analytics.event.id}/analytics/attendance.csv", headers=analytics.h("admin_a")
    )
    rows = _rows(attendance.content)
    assert rows[0] == ["ActivityID", "Title", "Peak", "Unique", "AverageMinutes"]
    assert rows[1][1] == "'=HYPERLINK(1)"
    rooms = _rows(
        (
            await analytics.client.get(
                f"/events/{analytics.event.id}/analytics/rooms.csv", headers=analytics.h("admin_a")
            )
        ).content
    )
    assert rooms == [["Place", "PersonMinutes"], ["Lobby", "0.25"]]
    unknown = await analytics.client.get(
        f"/events/{analytics.event.id}/analytics/persons.csv", headers=analytics.h("admin_a")
    )
    assert unknown.status_code == 422


async def test_only_organizers_with_the_analytics_role_read_it(analytics: Analytics) -> None:
    url = f"/events/{analytics.event.id}/analytics/dashboard"
    assert (await analytics.client.get(url, headers=analytics.h("attendee_a"))).status_code == 403
    assert (await analytics.client.get(url, headers=analytics.h("admin_b"))).status_code == 403
    for roles, status in ((["content", "people"], 403), (["analytics"], 200)):
        person = await make_person(analytics.services)
        await grant_admin(
            analytics.services, person, AdminType.EVENT, event_id=analytics.event.id, roles=roles
        )
        headers = bearer(await token_for(analytics.services, person))
        assert (await analytics.client.get(url, headers=headers)).status_code == status
        csv_url = f"/events/{analytics.event.id}/analytics/pageviews.csv"
        assert (await analytics.client.get(csv_url, headers=headers)).status_code == status


async def test_a_dashboard_before_any_data_is_empty_not_an_error(analytics: Analytics) -> None:
    body = await analytics.dashboard()
    assert body["OnlineNow"] == {"Total": 0, "PerPlace": []}
    assert body["TopRooms"] == body["PageViews"] == body["Polls"] == body["ChatPerMinute"] == []
