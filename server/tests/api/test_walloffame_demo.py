"""The demo's Wall of Fame: its categories, six approved projects with drawn pictures and
thumbnails (one featured), the demo attendee's project waiting in the queue, review on; and
seeding again adds nothing."""

from __future__ import annotations

import httpx
from sqlalchemy import func, select

from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import seed_demo
from venuely.vfiles.models import VFile
from venuely.vtables.models import VTableRow
from venuely.walloffame.demo import CATEGORIES


async def _login(
    client: httpx.AsyncClient, event_id: str, email: str, password: str
) -> dict[str, str]:
    path = "/loginadmin" if email == content.ADMIN_EMAIL else "/login"
    params = {} if email == content.ADMIN_EMAIL else {"EventID": event_id}
    answer = await client.post(
        path, params=params, json={"LoginEMail": email, "Password": password}
    )
    return {"Authorization": f"Bearer {answer.json()['Token']}"}


async def test_the_demo_wall(services: Services, client: httpx.AsyncClient) -> None:
    ctx = await seed_demo(services)
    base = f"/events/{ctx.event.id}/walloffame"
    attendee = await _login(client, ctx.event.id, content.ATTENDEE_EMAIL, content.ATTENDEE_PASSWORD)
    admin = await _login(client, ctx.event.id, content.ADMIN_EMAIL, content.ADMIN_PASSWORD)

    assert (await client.get(f"{base}/categories", headers=attendee)).json() == list(CATEGORIES)
    assert (await client.get(f"{base}/settings", headers=attendee)).json() == {
        "ReviewRequired": True
    }
    gallery = (await client.get(f"{base}/projects", headers=attendee)).json()["Projects"]
    assert len(gallery) == 6
    assert [p["Featured"] for p in gallery] == [True] + [False] * 5
    assert {p["Category"] for p in gallery} == set(CATEGORIES)
    assert all(p["State"] == "approved" and p["AuthorName"] for p in gallery)
    assert all(1 <= len(p["Pictures"]) <= 2 for p in gallery)
    public = httpx.AsyncClient(transport=client._transport, base_url="http://venuely.test")
    thumbnail = await public.get(gallery[0]["Pictures"][0]["ThumbnailURL"])
    assert thumbnail.status_code == 200
    assert thumbnail.headers["content-type"].startswith("image/")

    mine = (await client.get(f"{base}/projects?Mine=true", headers=attendee)).json()["Projects"]
    assert [(p["Title"], p["State"]) for p in mine] == [("Hallway-track podcast", "pending")]
    queue = (await client.get(f"{base}/projects?State=pending", headers=admin)).json()
    assert queue["Counts"] == {"pending": 1, "approved": 6, "rejected": 0}

    async with services.db.session() as session:
        before = (
            await session.scalar(select(func.count()).select_from(VTableRow)),
            await session.scalar(select(func.count()).select_from(VFile)),
        )
    await seed_demo(services)
    async with services.db.session() as session:
        after = (
            await session.scalar(select(func.count()).select_from(VTableRow)),
            await session.scalar(select(func.count()).select_from(VFile)),
        )
    assert after == before
