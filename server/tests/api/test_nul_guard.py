"""U+0000 is refused at the door: PostgreSQL cannot store it, so without the guard the same
request would succeed on SQLite and fail with a server error on PostgreSQL."""

from __future__ import annotations

import httpx
from sqlalchemy import func, select

from tests.conftest import Mailbox
from tests.factories import bearer, grant_admin, make_person, token_for
from venuely.admins.models import AdminType
from venuely.core.services import Services
from venuely.events.models import EventRequest


async def test_json_body_with_nul_is_422_and_nothing_is_stored(
    client: httpx.AsyncClient, services: Services
) -> None:
    person = await make_person(services)
    body = (
        '{"Title": "Launch\\u0000party", "DateBeginUTC": "2027-01-01T10:00:00Z",'
        ' "DateEndUTC": "2027-01-01T12:00:00Z"}'
    )
    response = await client.post(
        "/events/event-request",
        content=body,
        headers={**bearer(await token_for(services, person)), "content-type": "application/json"},
    )
    assert response.status_code == 422
    assert response.json()["Error"]["Data"] == {"Reason": "nul_character"}
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(EventRequest)) == 0


async def test_an_escaped_backslash_before_u0000_is_ordinary_text(
    client: httpx.AsyncClient, services: Services
) -> None:
    person = await make_person(services)
    body = (
        '{"Title": "C:\\\\u0000 drive", "DateBeginUTC": "2027-01-01T10:00:00Z",'
        ' "DateEndUTC": "2027-01-01T12:00:00Z"}'
    )
    response = await client.post(
        "/events/event-request",
        content=body,
        headers={**bearer(await token_for(services, person)), "content-type": "application/json"},
    )
    assert response.status_code == 202, response.text


async def test_query_with_nul_is_422(client: httpx.AsyncClient) -> None:
    response = await client.get("/events/upcoming", params={"search": "a\x00b"})
    assert response.status_code == 422
    assert response.json()["Error"]["Data"] == {"Reason": "nul_character"}


async def test_line_breaks_in_a_mailed_title_do_not_break_the_mail(
    client: httpx.AsyncClient, services: Services, mailbox: Mailbox
) -> None:
    master = await make_person(services, email="master@example.com")
    await grant_admin(services, master, AdminType.MASTER)
    person = await make_person(services)
    response = await client.post(
        "/events/event-request",
        json={
            "Title": "Launch\r\nBcc: someone@example.com",
            "DateBeginUTC": "2027-01-01T10:00:00Z",
            "DateEndUTC": "2027-01-01T12:00:00Z",
        },
        headers=bearer(await token_for(services, person)),
    )
    assert response.status_code == 202, response.text
    (mail,) = mailbox.to("master@example.com")
    assert "\n" not in str(mail["Subject"])
    assert "Launch Bcc: someone@example.com" in str(mail["Subject"])
    assert mail["Bcc"] is None


async def test_a_lone_surrogate_is_422_and_nothing_is_stored(
    client: httpx.AsyncClient, services: Services
) -> None:
    person = await make_person(services)
    headers = {**bearer(await token_for(services, person)), "content-type": "application/json"}
    dates = '"DateBeginUTC": "2027-01-01T10:00:00Z", "DateEndUTC": "2027-01-01T12:00:00Z"'
    for title in ("Launch \\ud800", "\\udc00 first", "half \\uD83D only"):
        body = f'{{"Title": "{title}", {dates}}}'
        response = await client.post("/events/event-request", content=body, headers=headers)
        assert response.status_code == 422, title
        assert response.json()["Error"]["Data"] == {"Reason": "lone_surrogate"}
    async with services.db.session() as session:
        assert await session.scalar(select(func.count()).select_from(EventRequest)) == 0
    # A whole pair is one character (an emoji escaped as JSON may write it), and an escaped
    # backslash makes the rest ordinary text.
    for title in ("Launch \\ud83c\\udf89", "C:\\\\ud800 drive"):
        body = f'{{"Title": "{title}", {dates}}}'
        response = await client.post("/events/event-request", content=body, headers=headers)
        assert response.status_code == 202, (title, response.text)
