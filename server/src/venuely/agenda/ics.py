"""iCalendar (RFC 5545) documents of agenda sessions: the personal feed and "Add to calendar".

Built with the `icalendar` library, which does the escaping, line folding and VTIMEZONE
generation; nothing here writes iCalendar text by hand.

**Times (decision):** DTSTART/DTEND carry a TZID naming the event's IANA zone, with a VTIMEZONE
for it in the same document (generated from zoneinfo, covering the span of the sessions in the
document). A session at 09:00 in Berlin stays "09:00 Europe/Berlin" in the attendee's calendar
app, which then shows it in the attendee's own zone, across daylight-saving changes, as the
organizers meant it. UTC-only times would be equally exact instants, but calendar apps would lose
the event's zone when showing or editing the entry. An event whose zone is UTC (or unknown) is
written in UTC (`...Z`) without a VTIMEZONE.

Nothing of a session's stream (join URL, conference id, password) ever goes into a document:
calendars sync to other devices and services. The link leads into the venue, where the usual
rules apply.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from urllib.parse import quote, urlsplit

from icalendar import Calendar, vDuration, vText
from icalendar import Event as VEvent

from venuely.activities.models import Activity
from venuely.events.models import Event
from venuely.lists.service import event_zone

PRODID = "-//Venuely//Agenda//EN"
MEDIA_TYPE = "text/calendar; charset=utf-8"
# RFC 7986 REFRESH-INTERVAL and its older X-PUBLISHED-TTL: how often subscribed apps poll.
REFRESH = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class CalendarEntry:
    session: Activity
    speaker_names: Sequence[str]


def venue_link(public_url: str, event: Event, session: Activity) -> str:
    """The web app's address of the session: its room with `?id=` (which selects the session and
    opens its player on its screen while it runs, attendee-app.md §2 and §4). A session that names
    no room keeps the `?id=` on the event's start: the web app selects it after any page, so the
    entry still leads to the session rather than to the event alone."""
    base = f"{public_url}/{quote(event.internal_name, safe='')}"
    room = quote(session.pano_node_id, safe="") if session.pano_node_id else ""
    return f"{base}/{room}?id={session.id}"


def _uid(public_url: str, session: Activity) -> str:
    # The same for every fetch and every attendee: calendar apps update the entry in place
    # when a session moves instead of adding a second one.
    host = urlsplit(public_url).hostname or "venuely"
    return f"session-{session.id}@{host}"


def _description(session: Activity, speaker_names: Sequence[str], link: str) -> str:
    parts = [str(session.document.get("Description") or "").strip()]
    if speaker_names:
        parts.append("Speakers: " + ", ".join(speaker_names))
    parts.append(link)
    return "\n\n".join(p for p in parts if p)


def _vevent(event: Event, entry: CalendarEntry, public_url: str, now: datetime) -> VEvent:
    session = entry.session
    assert session.date_begin is not None
    assert session.date_end is not None
    zone = event_zone(event)
    link = venue_link(public_url, event, session)
    vevent = VEvent()
    vevent.add("uid", _uid(public_url, session))
    vevent.add("dtstamp", now.astimezone(UTC))
    vevent.add("last-modified", session.updated_at.astimezone(UTC))
    vevent.add("dtstart", session.date_begin.astimezone(zone))
    vevent.add("dtend", session.date_end.astimezone(zone))
    title = session.document.get("Title") or session.title or session.internal_name
    vevent.add("summary", str(title))
    vevent.add("description", _description(session, entry.speaker_names, link))
    vevent.add("url", link)
    vevent.add("location", link)
    vevent.add("status", "CONFIRMED")
    tags = [str(t) for t in session.document.get("Tags") or [] if str(t).strip()]
    if tags:
        vevent.add("categories", tags)
    return vevent


def build_calendar(
    event: Event, entries: Sequence[CalendarEntry], *, public_url: str, now: datetime, name: str
) -> bytes:
    """A VCALENDAR with one VEVENT per entry (sessions without dates are left out)."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    # Properties the library has no type for are given theirs, so they are escaped as TEXT
    # and written as a DURATION rather than Python's str().
    calendar.add("name", vText(name))
    calendar.add("x-wr-calname", vText(name))
    calendar.add("x-wr-timezone", vText(event_zone(event).key))
    calendar.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    calendar.add("x-published-ttl", vDuration(REFRESH))
    dated = [e for e in entries if e.session.date_begin and e.session.date_end]
    for entry in dated:
        calendar.add_component(_vevent(event, entry, public_url, now))
    if dated:
        calendar.add_missing_timezones(*_span(event, dated))
    ical: bytes = calendar.to_ical()
    return ical


def _span(event: Event, entries: Sequence[CalendarEntry]) -> tuple[date, date]:
    """First and last local date the VTIMEZONE must cover, with a day of margin each side."""
    zone = event_zone(event)
    begins = [e.session.date_begin for e in entries if e.session.date_begin]
    ends = [e.session.date_end for e in entries if e.session.date_end]
    first = min(begins).astimezone(zone).date() - timedelta(days=1)
    last = max(ends).astimezone(zone).date() + timedelta(days=1)
    return first, last
