"""Every kind of caller an event's member check tells apart, for the tests that hold a lean check
(`check_command_callers`, the `EventMember` policy's one statement) to REST's verdicts: one token
per kind, with revocation, expiry, removal, chat ban and a closed customer already applied."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import delete, update

from tests.factories import grant_admin, make_customer, make_event, make_person, token_for
from venuely.accounts.models import AuthSession
from venuely.accounts.tokens import issue_token
from venuely.admins.models import Admin, AdminType
from venuely.core.clock import FrozenClock
from venuely.core.security import decode_jwt
from venuely.core.services import Services
from venuely.events.models import Attendee, Customer, Event


def session_id_of(services: Services, token: str) -> str:
    return str(decode_jwt(token, services.settings.secret_key, services.clock.now())["jti"])


# What the member check answers across `every_kind_of_caller`'s tokens and events, plus an event
# that does not exist: (is admin, chat banned) when admitted, else the refusal's code. A test
# that asserts it met all of them proves its cases reached every branch.
EVERY_VERDICT: frozenset[object] = frozenset(
    {
        (False, False),
        (False, True),
        (True, False),
        "TOKEN_REVOKED",
        "JWT_EXPIRED",
        "FORBIDDEN",
        "NOT_WHITELISTED",
        "ATTENDEE_REMOVED",
        "CUSTOMER_DISABLED",
        "EVENT_NOT_FOUND",
    }
)


@dataclass(frozen=True)
class CallerKinds:
    open_event: Event
    listed: Event  # a whitelist of a domain and an address
    restricted: Event
    elsewhere: Event  # another customer's
    closed: Event  # its customer is disabled
    # Index 0 is an admitted attendee of `open_event`, 2 one banned from its chat.
    tokens: list[str]

    @property
    def events(self) -> tuple[Event, ...]:
        return (self.open_event, self.listed, self.restricted, self.elsewhere, self.closed)


async def every_kind_of_caller(services: Services, clock: FrozenClock) -> CallerKinds:
    customer = await make_customer(services)
    other_customer = await make_customer(services, "Other")
    closed_customer = await make_customer(services, "Closed")
    open_event = await make_event(services, customer)
    listed = await make_event(services, customer, whitelist=["example.org", "vip@example.com"])
    restricted = await make_event(services, customer, is_restricted=True)
    elsewhere = await make_event(services, other_customer)
    closed = await make_event(services, closed_customer)

    attendee = await make_person(services, event=open_event)
    removed = await make_person(services, event=open_event)
    banned = await make_person(services, event=open_event)
    on_list = await make_person(services, "someone@example.org", event=listed)
    vip = await make_person(services, "VIP@example.com", event=listed)
    off_list = await make_person(services, event=listed)
    shut_out = await make_person(services, event=restricted)
    disabled = await make_person(services, event=open_event, is_disabled=True)
    at_closed = await make_person(services, event=closed)
    customer_admin = await make_person(services)
    await grant_admin(services, customer_admin, AdminType.CUSTOMER, customer_id=customer.id)
    event_admin = await make_person(services)
    await grant_admin(services, event_admin, AdminType.EVENT, event_id=listed.id)
    master = await make_person(services)
    await grant_admin(services, master, AdminType.MASTER)
    stranger_admin = await make_person(services)
    await grant_admin(services, stranger_admin, AdminType.CUSTOMER, customer_id=other_customer.id)
    previewer = await make_person(services)
    await grant_admin(services, previewer, AdminType.EVENT, event_id=open_event.id)
    former = await make_person(services)
    former_grant = await grant_admin(services, former, AdminType.EVENT, event_id=open_event.id)

    tokens = [
        await token_for(services, attendee, open_event),
        await token_for(services, removed, open_event),
        await token_for(services, banned, open_event),
        await token_for(services, on_list, listed),
        await token_for(services, vip, listed),
        await token_for(services, off_list, listed),
        await token_for(services, shut_out, restricted),
        await token_for(services, disabled, open_event),
        await token_for(services, at_closed, closed),
        await token_for(services, customer_admin),
        await token_for(services, event_admin),
        await token_for(services, master),
        await token_for(services, stranger_admin),
        await token_for(services, attendee, elsewhere),  # a token for another event
        await token_for(services, attendee, open_event),  # revoked below
        await token_for(services, attendee, open_event),  # expired below
    ]
    async with services.db.session() as session:
        for person in (previewer, former):
            tokens.append(await issue_token(session, services, person, open_event.id, preview=True))
        await session.execute(delete(Admin).where(Admin.id == former_grant.id))
        await session.execute(
            delete(AuthSession).where(AuthSession.id == session_id_of(services, tokens[14]))
        )
        await session.execute(
            update(AuthSession)
            .where(AuthSession.id == session_id_of(services, tokens[15]))
            .values(expires_at=clock.now() - timedelta(seconds=1))
        )
        now = clock.now()
        for person, column in ((removed, "removed_at"), (banned, "chat_banned_at")):
            await session.execute(
                update(Attendee)
                .where(Attendee.event_id == open_event.id, Attendee.person_id == person.id)
                .values({column: now})
            )
        await session.execute(
            update(Customer).where(Customer.id == closed_customer.id).values(is_disabled=True)
        )
    return CallerKinds(open_event, listed, restricted, elsewhere, closed, tokens)
