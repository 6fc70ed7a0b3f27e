"""The demo event's polls: an open one bound to the live keynote, a draft, and a closed one with
ballots; seeding again changes none of them."""

from __future__ import annotations

import httpx
from sqlalchemy import func, select

from tests.factories import bearer, token_for
from venuely.activities.models import Activity, EntityType
from venuely.core.services import Services
from venuely.demo.seed import seed_demo
from venuely.polls import demo
from venuely.polls.models import PollBallot
from venuely.polls.state import state_of


async def test_the_demo_has_an_open_a_draft_and_a_closed_poll(services: Services) -> None:
    ctx = await seed_demo(services)
    async with services.db.session() as session:
        stored = {
            poll.internal_name: poll
            for poll in (
                await session.scalars(
                    select(Activity).where(
                        Activity.event_id == ctx.event.id,
                        Activity.entity_type == EntityType.POLL.value,
                    )
                )
            ).all()
        }
        keynote = await session.scalar(
            select(Activity).where(
                Activity.event_id == ctx.event.id, Activity.internal_name == demo.KEYNOTE
            )
        )
        ballots = await session.scalar(
            select(func.count()).where(PollBallot.poll_id == stored[demo.CLOSED_POLL].id)
        )
    now = services.clock.now()
    assert {name: state_of(poll, now) for name, poll in stored.items()} == {
        demo.OPEN_POLL: "open",
        demo.DRAFT_POLL: "draft",
        demo.CLOSED_POLL: "closed",
    }
    live = stored[demo.OPEN_POLL]
    assert keynote is not None
    assert live.document["SessionID"] == keynote.id
    assert live.document["Question"] == "Which topic should the panel take first?"
    assert live.document["Results"] == "live"
    # The first attendees of the demo (its attendee and organizer among them) voted in it.
    assert ballots is not None
    assert 2 <= ballots <= demo.MAX_SEEDED_BALLOTS

    await seed_demo(services)
    async with services.db.session() as session:
        again = (
            await session.scalars(
                select(Activity).where(
                    Activity.event_id == ctx.event.id,
                    Activity.entity_type == EntityType.POLL.value,
                )
            )
        ).all()
        ballots_again = await session.scalar(select(func.count()).select_from(PollBallot))
    assert {(p.id, p.updated_at, p.date_end) for p in again} == {
        (p.id, p.updated_at, p.date_end) for p in stored.values()
    }
    assert ballots_again == ballots


async def test_the_demo_attendee_finds_the_keynote_poll_in_the_auditorium(
    services: Services, client: httpx.AsyncClient
) -> None:
    ctx = await seed_demo(services)
    headers = bearer(await token_for(services, ctx.attendee, ctx.event))
    active = await client.get(
        f"/events/{ctx.event.id}/activities/activepolls",
        params={"Node": "auditorium"},
        headers=headers,
    )
    assert [p["InternalName"] for p in active.json()] == [demo.OPEN_POLL]
    listed = await client.get(f"/events/{ctx.event.id}/polls", headers=headers)
    assert {p["InternalName"]: p["State"] for p in listed.json()} == {
        demo.OPEN_POLL: "open",
        demo.CLOSED_POLL: "closed",
    }
    closed = next(p for p in listed.json() if p["InternalName"] == demo.CLOSED_POLL)
    assert closed["ResultsVisible"] is True
    assert closed["Tally"]["Ballots"] >= 2
