"""Permission-checked loaders of the agenda feature.

- `access_agenda_session`: a session of the event in the path (the `EventMember` policy admitted
  the caller); anything else — an unknown id, another event's session, a poll — is 404
  `ACTIVITY_NOT_FOUND`, so a personal agenda can only ever hold sessions of its own event.
- `access_feed`: the public calendar route has no token, only the secret in its URL. Every
  failure is the same bare 404 (`feed_not_found`): a wrong secret, a revoked or rotated one, a
  secret of another event, an unknown event, or a person who may no longer enter the event. The
  answer never says which, so the route cannot be used to probe for events or people.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.models import Person
from venuely.accounts.permissions import Principal
from venuely.accounts.whitelist import is_email_allowed
from venuely.activities.access import access_activity
from venuely.activities.models import Activity, EntityType
from venuely.admins.models import Admin
from venuely.agenda.models import CalendarFeed
from venuely.core.errors import ApiError, ErrorCode
from venuely.core.ids import NULL_ID
from venuely.core.security import digest, digests_equal
from venuely.events.models import Attendee, Event

# token_urlsafe(32) is 43 characters; anything far longer is not ours and is not even hashed.
MAX_SECRET_LENGTH = 128


async def access_agenda_session(session: AsyncSession, event: Event, session_id: str) -> Activity:
    return await access_activity(session, event, session_id, entity_type=EntityType.SESSION)


def feed_not_found() -> ApiError:
    # No Data and a fixed message: nothing about the event, the person or the secret.
    return ApiError(ErrorCode.NOT_FOUND, "Not found")


@dataclass(frozen=True, slots=True)
class FeedOwner:
    event: Event
    person: Person


async def access_feed(session: AsyncSession, event_id: str, secret: str) -> FeedOwner:
    """The event and person a calendar secret belongs to, while it is valid."""
    if not secret or len(secret) > MAX_SECRET_LENGTH:
        raise feed_not_found()
    wanted = digest(secret)
    # Found by the hash of a 256-bit secret: how long the index lookup takes depends on the hash,
    # and learning bits of a SHA-256 output tells nothing about the input. The stored hash is
    # still compared in constant time, so the decision itself never short-circuits on content.
    feed = await session.scalar(select(CalendarFeed).where(CalendarFeed.token_hash == wanted))
    if feed is None or not digests_equal(feed.token_hash, wanted) or feed.event_id != event_id:
        raise feed_not_found()
    event = await session.get(Event, feed.event_id)
    person = await session.get(Person, feed.person_id)
    if event is None or person is None or not await may_enter(session, event, person):
        raise feed_not_found()
    return FeedOwner(event=event, person=person)


async def may_enter(session: AsyncSession, event: Event, person: Person) -> bool:
    """Whether the person could still sign in to the event and read its agenda: not disabled, and
    an organizer of it, or an attendee whose address the whitelist admits. A feed must stop
    when its owner's access stops, as their tokens do."""
    if person.is_disabled:
        return False
    grants = list((await session.scalars(select(Admin).where(Admin.person_id == person.id))).all())
    if Principal(person, "", NULL_ID, grants).admins_event(event):
        return True
    attends = await session.get(Attendee, (event.id, person.id))
    return attends is not None and await is_email_allowed(session, event.id, person.login_email)
