"""Calendar documents of the agenda: "Add to calendar" for one session and the secret, revocable
feed URL of a person's agenda. Every document is read back with the `icalendar` parser, and the
VTIMEZONE is checked by building a zone from its own rules rather than looking its name up."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from icalendar import Calendar, Component, Timezone
from sqlalchemy import select, text, update

from tests.api.activities_support import World, build_world, create, iso, session_body
from tests.api.agenda_support import (
    add,
    calendar_url,
    issue_feed,
    parse_calendar,
    remove,
    secret_of,
    session_at,
    speaker_of,
    vevents,
)
from tests.factories import bearer, make_person, token_for
from venuely.accounts.models import Person
from venuely.agenda.models import CalendarFeed
from venuely.core.clock import FrozenClock
from venuely.core.ids import new_id
from venuely.core.services import Services

BERLIN = "Europe/Berlin"
BEGIN = datetime(2030, 6, 1, 7, 0, tzinfo=UTC)  # 09:00 in Berlin (CEST, UTC+2)
PUBLIC_URL = "http://venuely.test"  # the test settings' public_url
NOT_FOUND = {"Error": {"Code": "NOT_FOUND", "Message": "Not found", "Data": {}}}


async def _world(services: Services, zone: str = BERLIN, begin: datetime = BEGIN) -> World:
    return await build_world(
        services, time_zone=zone, date_begin=begin, date_end=begin + timedelta(days=3)
    )


def _file_url(world: World, session_id: str) -> str:
    return f"/events/{world.event_a.id}/agenda/sessions/{session_id}.ics"


def _zone_of(calendar: Calendar, tzid: str) -> tzinfo:
    """The zone the document's own VTIMEZONE defines (not the system's zone of that name)."""
    [vtimezone] = [tz for tz in calendar.walk("VTIMEZONE") if str(tz["TZID"]) == tzid]
    assert isinstance(vtimezone, Timezone)
    zone = vtimezone.to_tz(lookup_tzid=False)
    assert isinstance(zone, tzinfo)
    return zone


def _times(vevent: Component) -> tuple[datetime, datetime]:
    begin, end = vevent.decoded("DTSTART"), vevent.decoded("DTEND")
    assert isinstance(begin, datetime)
    assert isinstance(end, datetime)
    return begin, end


def _assert_private(response: httpx.Response) -> None:
    assert response.headers["content-type"] == "text/calendar; charset=utf-8"
    # Whoever holds the URL holds the agenda: no shared cache may keep a copy.
    assert response.headers["cache-control"] == "private, no-store"
    assert response.headers["referrer-policy"] == "no-referrer"


# -- "Add to calendar" -------------------------------------------------------------------------


async def test_session_file_carries_zone_times_and_a_venue_link(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    start = BEGIN + timedelta(hours=2)  # 11:00 CEST
    title = "Keynote: AI, ethics; and you"  # characters iCalendar must escape
    made = await session_at(
        client,
        world,
        services,
        "keynote",
        start,
        minutes=90,
        Title=title,
        PanoNodeID="hall-a",
        Description="Why we meet.",
        Tags=["AI", "Ethics"],
        StreamID="stream-7f3k",
    )
    await speaker_of(client, world, made["ID"], FirstName="Amy", LastName="Alpha")

    # Not in the caller's agenda: the file is for any session they can see.
    response = await client.get(_file_url(world, made["ID"]), headers=world.h("attendee_a"))
    assert response.status_code == 200, response.text
    _assert_private(response)
    filename = f"{world.event_a.internal_name}-keynote.ics"
    assert response.headers["content-disposition"] == f'attachment; filename="{filename}"'

    calendar = parse_calendar(response.content)
    assert str(calendar["X-WR-CALNAME"]) == world.event_a.title
    [vevent] = vevents(calendar)
    begin, end = _times(vevent)
    for name in ("DTSTART", "DTEND"):
        assert vevent[name].params["TZID"] == BERLIN
    assert (begin, end) == (start, start + timedelta(minutes=90))
    assert f"{begin:%Y-%m-%d %H:%M}" == "2030-06-01 11:00"  # the organizers' wall time
    own_zone = _zone_of(calendar, BERLIN)
    assert begin.replace(tzinfo=own_zone).astimezone(UTC) == start

    link = f"{PUBLIC_URL}/{world.event_a.internal_name}/hall-a?id={made['ID']}"
    assert vevent.decoded("URL") == link
    assert vevent.decoded("LOCATION") == link
    assert vevent.decoded("SUMMARY") == title
    assert vevent.decoded("DESCRIPTION") == f"Why we meet.\n\nSpeakers: Amy Alpha\n\n{link}"
    assert vevent.decoded("CATEGORIES") == ["AI", "Ethics"]
    assert vevent.decoded("UID") == f"session-{made['ID']}@venuely.test"
    # Calendars sync to other services: nothing that lets someone watch the stream goes in.
    assert b"stream.example.com" not in response.content
    assert b"stream-7f3k" not in response.content


async def test_session_without_a_room_links_the_event_with_the_session_selected(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "roomless", BEGIN + timedelta(hours=1))
    response = await client.get(_file_url(world, made["ID"]), headers=world.h("attendee_a"))
    [vevent] = vevents(parse_calendar(response.content))
    assert vevent.decoded("URL") == (f"{PUBLIC_URL}/{world.event_a.internal_name}/?id={made['ID']}")


async def test_utc_event_is_written_in_utc_without_a_vtimezone(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services, zone="UTC")
    start = BEGIN + timedelta(hours=3)
    made = await session_at(client, world, services, "talk", start)
    response = await client.get(_file_url(world, made["ID"]), headers=world.h("attendee_a"))
    assert b"DTSTART:20300601T100000Z" in response.content
    calendar = parse_calendar(response.content)
    assert calendar.walk("VTIMEZONE") == []
    [vevent] = vevents(calendar)
    assert _times(vevent)[0] == start


async def test_session_file_only_for_sessions_of_the_event(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    speaker = await speaker_of(client, world, made["ID"], FirstName="Amy", LastName="Alpha")
    body = session_body(services.clock.now(), InternalName="b-talk")
    elsewhere = await create(client, world, "Session", body, event=world.event_b)
    for wrong in (elsewhere["ID"], speaker["ID"], new_id()):
        response = await client.get(_file_url(world, wrong), headers=world.h("attendee_a"))
        assert response.status_code == 404, response.text
        assert response.json()["Error"]["Code"] == "ACTIVITY_NOT_FOUND"
    assert (await client.get(_file_url(world, made["ID"]))).status_code == 401
    foreign = await client.get(_file_url(world, made["ID"]), headers=world.h("attendee_b"))
    assert foreign.status_code == 403


# -- the feed ----------------------------------------------------------------------------------


async def test_feed_is_the_owners_agenda_as_it_is_now(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    world = await _world(services)
    other = await make_person(services, event=world.event_a)
    world.headers["other_a"] = bearer(await token_for(services, other, world.event_a))
    late = await session_at(client, world, services, "late", BEGIN + timedelta(days=1))
    early = await session_at(client, world, services, "early", BEGIN + timedelta(hours=1))
    theirs = await session_at(client, world, services, "theirs", BEGIN + timedelta(hours=2))
    await add(client, world, "attendee_a", late["ID"])
    await add(client, world, "attendee_a", early["ID"])
    await add(client, world, "other_a", theirs["ID"])

    issued = await client.post(calendar_url(world), headers=world.h("attendee_a"))
    assert issued.status_code == 201, issued.text
    assert issued.json()["CreatedAt"] == iso(clock.now())
    url = issued.json()["URL"]
    prefix = f"{PUBLIC_URL}/api/v1/events/{world.event_a.id}/agenda/calendar/"
    assert url.startswith(prefix)
    assert url.endswith(".ics")
    assert len(secret_of(url)) >= 43  # 256 bits, URL-safe base64

    # A calendar app sends no token: the secret in the URL is the credential.
    response = await client.get(url)
    assert response.status_code == 200, response.text
    _assert_private(response)
    assert "content-disposition" not in response.headers
    calendar = parse_calendar(response.content)
    assert str(calendar["X-WR-CALNAME"]) == f"{world.event_a.title} – my agenda"
    assert str(calendar["X-WR-TIMEZONE"]) == BERLIN
    assert calendar.decoded("REFRESH-INTERVAL") == timedelta(hours=1)
    # An X- property is text to the parser; what matters is that it reads as a DURATION.
    assert str(calendar["X-PUBLISHED-TTL"]) == "PT1H"
    shown = [(str(v["UID"]), v.decoded("SUMMARY")) for v in vevents(calendar)]
    assert shown == [
        (f"session-{early['ID']}@venuely.test", "Early"),
        (f"session-{late['ID']}@venuely.test", "Late"),
    ]
    for vevent in vevents(calendar):
        assert vevent["DTSTART"].params["TZID"] == BERLIN

    # Read on every fetch, not a snapshot of the agenda when the URL was issued.
    await remove(client, world, "attendee_a", early["ID"])
    [only] = vevents(parse_calendar((await client.get(url)).content))
    assert only.decoded("SUMMARY") == "Late"
    await remove(client, world, "attendee_a", late["ID"])
    empty = await client.get(url)
    assert empty.status_code == 200
    assert vevents(parse_calendar(empty.content)) == []


async def test_feed_keeps_local_times_across_dst(
    client: httpx.AsyncClient, services: Services
) -> None:
    # Berlin leaves CET for CEST at 02:00 local on Sunday 31 March 2030.
    begin = datetime(2030, 3, 29, 23, 15, tzinfo=UTC)
    world = await _world(services, begin=begin)
    starts = {
        "before": (datetime(2030, 3, 30, 22, 30, tzinfo=UTC), "2030-03-30 23:30"),
        "midnight": (datetime(2030, 3, 30, 23, 30, tzinfo=UTC), "2030-03-31 00:30"),
        "after": (datetime(2030, 3, 31, 22, 30, tzinfo=UTC), "2030-04-01 00:30"),
    }
    for name, (start, _) in starts.items():
        made = await session_at(client, world, services, name, start, minutes=30)
        await add(client, world, "attendee_a", made["ID"])
    url = await issue_feed(client, world, "attendee_a")

    calendar = parse_calendar((await client.get(url)).content)
    own_zone = _zone_of(calendar, BERLIN)
    found = vevents(calendar)
    assert [v.decoded("SUMMARY") for v in found] == ["Before", "Midnight", "After"]
    for vevent, (start, wall) in zip(found, starts.values(), strict=True):
        begin, end = _times(vevent)
        assert (begin, end) == (start, start + timedelta(minutes=30))
        assert f"{begin:%Y-%m-%d %H:%M}" == wall
        # A calendar app that trusts only the document's VTIMEZONE lands on the same instant:
        # it covers both sides of the change.
        assert begin.replace(tzinfo=own_zone).astimezone(UTC) == start


async def test_state_rotate_and_revoke(
    client: httpx.AsyncClient, services: Services, clock: FrozenClock
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    await add(client, world, "attendee_a", made["ID"])
    as_attendee = world.h("attendee_a")

    async def state() -> dict[str, Any]:
        response = await client.get(calendar_url(world), headers=as_attendee)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    assert await state() == {"Active": False, "CreatedAt": None}
    first = await issue_feed(client, world, "attendee_a")
    # The state never shows the URL again: the server has no copy of the secret.
    assert await state() == {"Active": True, "CreatedAt": iso(clock.now())}
    clock.advance(timedelta(hours=1))
    second = await issue_feed(client, world, "attendee_a")
    assert second != first
    assert await state() == {"Active": True, "CreatedAt": iso(clock.now())}
    old = await client.get(first)
    assert (old.status_code, old.json()) == (404, NOT_FOUND)
    assert (await client.get(second)).status_code == 200

    revoked = await client.delete(calendar_url(world), headers=as_attendee)
    assert revoked.status_code == 204
    gone = await client.get(second)
    assert (gone.status_code, gone.json()) == (404, NOT_FOUND)
    assert await state() == {"Active": False, "CreatedAt": None}
    # Revoking again, or with nothing issued, is not an error.
    assert (await client.delete(calendar_url(world), headers=as_attendee)).status_code == 204

    assert (await client.post(calendar_url(world))).status_code == 401
    foreign = await client.post(calendar_url(world), headers=world.h("attendee_b"))
    assert foreign.status_code == 403


async def test_bad_feed_urls_all_get_the_same_bare_404(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    await add(client, world, "attendee_a", made["ID"])
    url = await issue_feed(client, world, "attendee_a")
    secret = secret_of(url)
    issued_b = await client.post(
        f"/events/{world.event_b.id}/agenda/calendar", headers=world.h("attendee_b")
    )
    assert issued_b.status_code == 201, issued_b.text
    secret_b = secret_of(issued_b.json()["URL"])
    event_a, event_b = world.event_a.id, world.event_b.id

    def feed(event_id: str, value: str) -> str:
        return f"/events/{event_id}/agenda/calendar/{value}.ics"

    bad = {
        "wrong secret": feed(event_a, secret[:-2] + ("AA" if secret[-2:] != "AA" else "BB")),
        "one character short": feed(event_a, secret[:-1]),
        "another case": feed(event_a, secret.swapcase()),
        "another event's id": feed(event_b, secret),
        "another event's secret": feed(event_a, secret_b),
        "unknown event": feed(new_id(), secret),
        "malformed event id": feed("not-an-event", secret),
        "malformed secret": feed(event_a, "not%20a%20secret!"),
        "overlong secret": feed(event_a, "A" * 500),
    }
    for case, path in bad.items():
        response = await client.get(path)
        assert (response.status_code, response.json()) == (404, NOT_FOUND), case
        for private in (secret, secret_b, event_a, event_b, world.attendee_a.id):
            assert private not in response.text, case
    # The right URL still works: nothing above disturbed it.
    assert (await client.get(url)).status_code == 200
    assert (await client.get(feed(event_b, secret_b))).status_code == 200


async def test_feed_stops_while_its_owner_may_not_enter(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    for who in ("attendee_a", "admin_a"):
        await add(client, world, who, made["ID"])
    attendee_url = await issue_feed(client, world, "attendee_a")
    organizer_url = await issue_feed(client, world, "admin_a")
    event_url = f"/events/{world.event_a.id}"

    restricted = await client.put(
        event_url, json={"IsRestricted": True}, headers=world.h("admin_a")
    )
    assert restricted.status_code == 200, restricted.text
    shut = await client.get(attendee_url)
    assert (shut.status_code, shut.json()) == (404, NOT_FOUND)
    # Organizers pass the whitelist everywhere, their feed too.
    assert (await client.get(organizer_url)).status_code == 200

    # Not revoked, only refused: admitting the address again brings the same URL back.
    whitelisted = await client.put(
        f"{event_url}/email-whitelist",
        json={"Entries": [world.attendee_a.login_email]},
        headers=world.h("admin_a"),
    )
    assert whitelisted.status_code == 200, whitelisted.text
    assert (await client.get(attendee_url)).status_code == 200

    async with services.db.session() as db:
        await db.execute(
            update(Person).where(Person.id == world.attendee_a.id).values(is_disabled=True)
        )
        await db.commit()
    disabled = await client.get(attendee_url)
    assert (disabled.status_code, disabled.json()) == (404, NOT_FOUND)


async def test_database_keeps_only_the_hash_of_the_secret(
    client: httpx.AsyncClient, services: Services
) -> None:
    world = await _world(services)
    first = secret_of(await issue_feed(client, world, "attendee_a"))
    secret = secret_of(await issue_feed(client, world, "attendee_a"))
    async with services.db.session() as db:
        feeds = list((await db.scalars(select(CalendarFeed))).all())
        raw = (await db.execute(text("SELECT * FROM agenda_calendar_feeds"))).all()
    # One row per person and event: rotating replaced the hash in place.
    assert [(f.event_id, f.person_id) for f in feeds] == [(world.event_a.id, world.attendee_a.id)]
    assert feeds[0].token_hash == hashlib.sha256(secret.encode()).hexdigest()
    stored = " ".join(str(value) for row in raw for value in row)
    assert secret not in stored
    assert first not in stored


@pytest.mark.parametrize("who", ["attendee_a", "admin_a"])
async def test_feed_url_works_for_attendees_and_organizers(
    client: httpx.AsyncClient, services: Services, who: str
) -> None:
    world = await _world(services)
    made = await session_at(client, world, services, "talk", BEGIN + timedelta(hours=1))
    await add(client, world, who, made["ID"])
    url = await issue_feed(client, world, who)
    assert urlsplit(url).netloc == "venuely.test"
    [vevent] = vevents(parse_calendar((await client.get(url)).content))
    assert vevent.decoded("SUMMARY") == "Talk"
