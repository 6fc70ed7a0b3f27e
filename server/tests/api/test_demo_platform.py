"""The demo's platform side: the published master login reaches the console's platform screens,
and one event request from the demo attendee waits there; seeding again adds no second one."""

from __future__ import annotations

import httpx

from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo


async def test_the_demo_has_a_master_and_a_pending_event_request(
    services: Services, client: httpx.AsyncClient
) -> None:
    ctx = await seed_demo(services)
    login = await client.post(
        "/loginadmin",
        json={"LoginEMail": content.MASTER_EMAIL, "Password": content.MASTER_PASSWORD},
    )
    assert login.json()["Reason"] == 7, login.text
    headers = {"Authorization": f"Bearer {login.json()['Token']}"}
    assert (await client.get("/admins/getismasteradmin", headers=headers)).json() is True
    await seed_demo(services)
    pending = await client.get("/event-requests", params={"Status": "pending"}, headers=headers)
    assert pending.status_code == 200, pending.text
    [request] = pending.json()
    assert request["Title"] == content.EVENT_REQUEST["Title"]
    assert request["RequesterID"] == ctx.attendee.id
    assert request["ContactEMail"] == content.ATTENDEE_EMAIL
