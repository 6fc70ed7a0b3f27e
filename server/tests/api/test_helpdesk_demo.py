"""The demo event's help desk: a named agent with the published login, the demo attendee's
conversation answered by that agent, another attendee's waiting unclaimed; seeding again changes
none of it."""

from __future__ import annotations

from datetime import timedelta

import httpx
from sqlalchemy import select

from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.helpdesk.access import is_named_agent
from venuely.helpdesk.models import HelpdeskTicket


async def _tickets(services: Services) -> list[HelpdeskTicket]:
    async with services.db.session() as session:
        return list(
            (
                await session.scalars(select(HelpdeskTicket).order_by(HelpdeskTicket.created_at))
            ).all()
        )


async def test_the_demo_has_a_help_desk(services: Services, client: httpx.AsyncClient) -> None:
    ctx = await seed_demo(services)
    now = services.clock.now()
    login = await client.post(
        "/login",
        params={"EventID": ctx.event.id},
        json={"LoginEMail": content.AGENT_EMAIL, "Password": content.AGENT_PASSWORD},
    )
    assert login.json()["Reason"] == 7, login.text  # logged in
    headers = {"Authorization": f"Bearer {login.json()['Token']}"}
    me = await client.get(f"/events/{ctx.event.id}/helpdesk/me", headers=headers)
    assert me.json() == {"IsAgent": True}
    answered, waiting = await _tickets(services)
    assert (answered.requester_id, answered.state, answered.message_count) == (
        ctx.attendee.id,
        "waiting",
        2,
    )
    assert answered.first_response_at is not None
    assert (
        timedelta(minutes=1)
        < answered.first_response_at - answered.created_at
        < timedelta(minutes=30)
    )
    assert answered.created_at < now
    assert (waiting.state, waiting.assignee_id, waiting.message_count) == ("new", None, 1)
    queue = await client.get(
        f"/events/{ctx.event.id}/helpdesk/queue", params={"View": "new"}, headers=headers
    )
    assert [t["ID"] for t in queue.json()["Tickets"]] == [waiting.id]
    agent_id = answered.assignee_id
    assert agent_id is not None
    async with services.db.session() as session:
        assert await is_named_agent(session, ctx.event.id, agent_id)

    await seed_demo(services)
    again = await _tickets(services)
    assert [(t.id, t.state, t.message_count) for t in again] == [
        (answered.id, "waiting", 2),
        (waiting.id, "new", 1),
    ]
