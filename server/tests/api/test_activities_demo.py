"""The demo programme: seeded twice it stays one programme, a session is on stage now and
streams the demo's own video, and the session that has ended has it as its recording."""

from __future__ import annotations

from datetime import datetime, timedelta

import httpx
from sqlalchemy import func, select

from venuely.activities.demo import ENDED_SESSION
from venuely.activities.models import Activity
from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.relations.models import Relation


async def test_demo_sessions_are_idempotent_and_live(
    services: Services, client: httpx.AsyncClient
) -> None:
    await seed_demo(services)
    ctx = await seed_demo(services)
    async with services.db.session() as session:
        # The programme's sessions and speakers; the demo's polls, breakout rooms and treasure
        # hunt are counted in test_polls_demo, test_breakouts_demo and the treasure hunt's tests.
        programme = (
            select(func.count())
            .select_from(Activity)
            .where(Activity.entity_type.notin_(("Poll", "BreakoutRoom", "TreasureHunt")))
        )
        assert await session.scalar(programme) == 7
        assert (
            await session.scalar(
                select(func.count())
                .select_from(Relation)
                .where(Relation.relation_type == "Speaker")
            )
            == 7
        )
    login = await client.post(
        "/login",
        params={"EventID": ctx.event.id},
        json={"LoginEMail": content.ATTENDEE_EMAIL, "Password": content.ATTENDEE_PASSWORD},
    )
    headers = {"Authorization": f"Bearer {login.json()['Token']}"}
    response = await client.get(
        f"/events/{ctx.event.id}/activities", params={"EntityType": "Session"}, headers=headers
    )
    sessions = {s["InternalName"]: s for s in response.json()}
    now = services.clock.now()
    keynote = sessions["demo-keynote"]
    begin, end = (datetime.fromisoformat(keynote[k]) for k in ("DateBegin", "DateEnd"))
    assert begin <= now < end
    assert keynote["ConferenceType"] == "Video"
    assert keynote["PanoNodeID"] == "auditorium"
    # The stream rule: the live keynote plays by its id; the later ones keep theirs until they run.
    assert ctx.videos is not None
    assert keynote["ConferenceID"] == ctx.videos.mp4.id
    welcome = sessions[ENDED_SESSION]
    assert datetime.fromisoformat(welcome["DateEnd"]) <= now
    assert "ConferenceID" not in welcome
    workshop = sessions["demo-streaming-workshop"]
    assert workshop["ConferenceType"] == "Vimeo"
    assert "ConferenceID" not in workshop
    assert "ConferenceJoinURL" not in sessions["demo-community-panel"]
    panel = datetime.fromisoformat(sessions["demo-community-panel"]["DateBegin"])
    assert panel - now == timedelta(days=1, seconds=-now.second, microseconds=-now.microsecond)
    speakers = await client.get(
        f"/events/{ctx.event.id}/activities/activitiesbyrelation",
        params={"ParentID": sessions["demo-streaming-workshop"]["ID"], "SortFields": "Index"},
        headers=headers,
    )
    assert [s["LastName"] for s in speakers.json()] == ["Weber", "Okafor"]
    # Each speaker has a picture of their own, stored by the seed and served like an upload.
    pictures = [s["PictureURL"] for s in speakers.json()]
    assert all(p.startswith("/api/v1/files/") for p in pictures)
    assert len(set(pictures)) == 2
    served = await client.get(pictures[0].removeprefix("/api/v1"))
    assert served.status_code == 200
    assert served.headers["content-type"] == "image/png"
