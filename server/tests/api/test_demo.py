"""The demo seed: idempotent, live now, and its printed logins work through the API."""

from __future__ import annotations

import httpx
import pytest
from sqlalchemy import func, select

from venuely.accounts.models import Person
from venuely.core.services import Services
from venuely.demo import content
from venuely.demo.seed import run_demo_seed, seed_demo
from venuely.demo.tour import install
from venuely.events.models import Event, MenuItem
from venuely.panoramas.models import Pano, PanoVersion
from venuely.panoramas.urls import parse_tour_url
from venuely.qna.demo import AUDIENCE
from venuely.settings import Environment


async def test_seed_twice_keeps_one_event_and_refreshes_dates(services: Services) -> None:
    first = await seed_demo(services)
    second = await seed_demo(services)
    assert first.event.id == second.event.id
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(Event)) == 1
        # The four logins (attendee, organizer, help desk agent, platform master), and the
        # keynote's audience asking questions (qna/demo.py), one of whom also asks the help desk.
        assert await session.scalar(select(func.count()).select_from(Person)) == 4 + len(AUDIENCE)
        menu_count = await session.scalar(select(func.count()).select_from(MenuItem))
    assert menu_count == len(content.menu_items(services.settings.public_url))
    now = services.clock.now()
    assert second.event.date_begin <= now < second.event.date_end


async def test_demo_metadata_is_public(services: Services, client: httpx.AsyncClient) -> None:
    ctx = await seed_demo(services)
    response = await client.get("/events/name/DEMO/metadata")
    assert response.status_code == 200
    body = response.json()
    assert body["EventID"] == ctx.event.id
    assert body["Title"] == content.DEMO_TITLE


async def test_demo_logins_work(services: Services, client: httpx.AsyncClient) -> None:
    ctx = await seed_demo(services)
    attendee = await client.post(
        "/login",
        params={"EventID": ctx.event.id},
        json={"LoginEMail": content.ATTENDEE_EMAIL, "Password": content.ATTENDEE_PASSWORD},
    )
    assert attendee.json()["Reason"] == 7
    admin = await client.post(
        "/loginadmin",
        json={"LoginEMail": content.ADMIN_EMAIL, "Password": content.ADMIN_PASSWORD},
    )
    assert admin.json()["Reason"] == 7
    token = admin.json()["Token"]
    event = await client.get(
        f"/events/{ctx.event.id}", headers={"Authorization": f"Bearer {token}"}
    )
    assert event.status_code == 200


async def test_demo_has_a_landing_page_and_faq_that_reseeding_does_not_overwrite(
    services: Services, client: httpx.AsyncClient
) -> None:
    ctx = await seed_demo(services)
    login = await client.post(
        "/loginadmin",
        json={"LoginEMail": content.ADMIN_EMAIL, "Password": content.ADMIN_PASSWORD},
    )
    headers = {"Authorization": f"Bearer {login.json()['Token']}"}
    public = (await client.get(f"/events/{ctx.event.id}/public", headers=headers)).json()
    assert public["Landing"]["Title"] == content.LANDING_TITLE
    assert public["FAQ"]["Content"] == content.FAQ_TEXT
    edited = await client.put(
        f"/events/{ctx.event.id}/faq",
        data={"Title": "Ours", "Content": "Our answers."},
        headers=headers,
    )
    assert edited.status_code == 200, edited.text
    await seed_demo(services)
    public = (await client.get(f"/events/{ctx.event.id}/public", headers=headers)).json()
    assert public["FAQ"]["Title"] == "Ours"


async def test_demo_menu_items_pass_the_menu_validation(
    services: Services, client: httpx.AsyncClient
) -> None:
    ctx = await seed_demo(services)
    admin = await client.post(
        "/loginadmin",
        json={"LoginEMail": content.ADMIN_EMAIL, "Password": content.ADMIN_PASSWORD},
    )
    headers = {"Authorization": f"Bearer {admin.json()['Token']}"}
    for document in content.menu_items(services.settings.public_url):
        created = await client.post(f"/events/{ctx.event.id}/menu", json=document, headers=headers)
        assert created.status_code == 201, created.text


async def test_demo_refuses_production(services: Services) -> None:
    settings = services.settings.model_copy(update={"env": Environment.PRODUCTION})
    assert await run_demo_seed(settings) == 2


async def test_seed_installs_the_demo_tour_on_the_event(
    services: Services, client: httpx.AsyncClient
) -> None:
    ctx = await seed_demo(services)
    parsed = parse_tour_url(ctx.event.pano_url)
    assert parsed is not None
    async with services.db.session() as session:
        pano = await session.get(Pano, parsed[0])
        assert pano is not None
        assert pano.customer_id == ctx.customer.id
    tours = httpx.AsyncClient(transport=client._transport, base_url="http://venuely.test")
    tour = await tours.get(f"{ctx.event.pano_url}tour.json")
    assert tour.status_code == 200
    nodes = {node["ID"]: node for node in tour.json()["Nodes"]}
    # The demo sessions play on PanoNodeID "auditorium", ScreenID "auditorium-screen".
    assert [s["ScreenID"] for s in nodes["auditorium"]["Screens"]] == ["auditorium-screen"]
    xml = await tours.get(f"{ctx.event.pano_url}pano.xml")
    assert xml.status_code == 200
    assert "auditorium-screen" in xml.text
    image = await tours.get(f"{ctx.event.pano_url}{nodes['lobby']['Panorama']}")
    assert image.status_code == 200
    assert image.headers["content-type"] == "image/jpeg"


async def test_reseeding_reuses_the_installed_tour_version(services: Services) -> None:
    first = await seed_demo(services)
    second = await seed_demo(services)
    assert second.event.pano_url == first.event.pano_url
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(Pano)) == 1
        assert await session.scalar(select(func.count()).select_from(PanoVersion)) == 1


async def test_seed_imports_a_changed_tour_as_the_next_version(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await seed_demo(services)
    monkeypatch.setattr(install, "TEST_WIDTH", 128)  # different pictures, different zip
    second = await seed_demo(services)
    first_url, second_url = (
        parse_tour_url(first.event.pano_url),
        parse_tour_url(second.event.pano_url),
    )
    assert first_url is not None
    assert second_url is not None
    assert second_url == (first_url[0], first_url[1] + 1)
