"""The demo keynote's Q&A: questions from the audience, one pinned, one answered, one anonymous
and one pending that only the demo admin sees; Q&A and reactions on; seeding again puts the same
questions back instead of adding more."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import func, select

from venuely.activities.models import Activity
from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.qna import votes
from venuely.qna.demo import KEYNOTE, QUESTIONS
from venuely.qna.models import Question


async def _login(client: httpx.AsyncClient, event_id: str, admin: bool) -> dict[str, str]:
    if admin:
        body = {"LoginEMail": content.ADMIN_EMAIL, "Password": content.ADMIN_PASSWORD}
        login = await client.post("/loginadmin", json=body)
    else:
        body = {"LoginEMail": content.ATTENDEE_EMAIL, "Password": content.ATTENDEE_PASSWORD}
        login = await client.post("/login", params={"EventID": event_id}, json=body)
    return {"Authorization": f"Bearer {login.json()['Token']}"}


async def test_the_demo_keynote_has_questions(
    services: Services, client: httpx.AsyncClient
) -> None:
    await seed_demo(services)
    ctx = await seed_demo(services)
    async with services.db.session() as session:
        keynote = await session.scalar(
            select(Activity).where(
                Activity.event_id == ctx.event.id, Activity.internal_name == KEYNOTE
            )
        )
        assert keynote is not None
        stored = await session.scalar(select(func.count()).select_from(Question))
        recounted = await votes.recount(session, keynote.id)
    assert stored == len(QUESTIONS)
    assert (
        keynote.document["QnaEnabled"],
        keynote.document["QnaModerated"],
        keynote.document["ReactionsEnabled"],
    ) == (True, False, True)
    now = services.clock.now()
    assert keynote.date_begin is not None
    assert keynote.date_end is not None
    assert keynote.date_begin <= now < keynote.date_end  # reactions are taken now

    url = f"/events/{ctx.event.id}/sessions/{keynote.id}/questions"
    attendee = (await client.get(url, headers=await _login(client, ctx.event.id, False))).json()
    admin = (await client.get(url, headers=await _login(client, ctx.event.id, True))).json()
    assert len(admin) == len(QUESTIONS)
    assert [q["Status"] for q in admin].count("pending") == 1
    assert all(q["Status"] == "visible" for q in attendee)
    assert len(attendee) == len(QUESTIONS) - 1
    first: dict[str, Any] = attendee[0]
    assert (first["Pinned"], first["Anonymous"], first["AuthorName"]) == (True, True, None)
    assert sum(q["Answered"] for q in attendee) == 1
    assert all(q["AuthorName"] for q in admin)  # organizers read every name
    assert {q["ID"]: q["Votes"] for q in attendee} == recounted
