"""`check_command_callers` (accounts/permissions.py), the socket commands' batched caller check,
gives every kind of caller the verdict REST gives it (`check_session` + `check_event_member`):
the same person and admin flag, or the same refusal, all answered by one call."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, update

from tests.factories import grant_admin, make_customer, make_event, make_person, token_for
from tests.statements import counted_statements
from venuely.accounts.models import AuthSession, Person
from venuely.accounts.permissions import (
    EventCaller,
    check_command_callers,
    check_event_member,
    load_event,
)
from venuely.accounts.socket import session_principal
from venuely.accounts.tokens import issue_token
from venuely.admins.models import Admin, AdminType
from venuely.core.clock import FrozenClock
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.security import decode_jwt
from venuely.core.services import Services
from venuely.events.models import Event


def _session_id(services: Services, token: str) -> str:
    return str(decode_jwt(token, services.settings.secret_key, services.clock.now())["jti"])


async def _rest_verdict(services: Services, session_id: str, event_id: str) -> object:
    try:
        async with services.db.session() as session:
            principal = await session_principal(session, services, session_id)
            access = await check_event_member(
                session, principal, await load_event(session, event_id)
            )
            return (principal.person_id, access.is_admin)
    except ApiError as refusal:
        return refusal.code


def _verdict(found: EventCaller | ApiError) -> object:
    if isinstance(found, ApiError):
        return found.code
    return (found.person_id, found.is_admin)


async def _session(services: Services, person: Person, event: Event | None) -> str:
    return _session_id(services, await token_for(services, person, event))


async def test_every_kind_of_caller_gets_the_rest_verdict(
    services: Services, clock: FrozenClock
) -> None:
    customer = await make_customer(services)
    other_customer = await make_customer(services, "Other")
    open_event = await make_event(services, customer)
    listed = await make_event(services, customer, whitelist=["example.org", "vip@example.com"])
    restricted = await make_event(services, customer, is_restricted=True)
    elsewhere = await make_event(services, other_customer)

    attendee = await make_person(services, event=open_event)
    on_list = await make_person(services, "someone@example.org", event=listed)
    vip = await make_person(services, "VIP@example.com", event=listed)
    off_list = await make_person(services, event=listed)
    shut_out = await make_person(services, event=restricted)
    disabled = await make_person(services, event=open_event, is_disabled=True)
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

    sessions = [
        await _session(services, attendee, open_event),
        await _session(services, on_list, listed),
        await _session(services, vip, listed),
        await _session(services, off_list, listed),
        await _session(services, shut_out, restricted),
        await _session(services, disabled, open_event),
        await _session(services, customer_admin, None),
        await _session(services, event_admin, None),
        await _session(services, master, None),
        await _session(services, stranger_admin, None),
        await _session(services, attendee, elsewhere),  # a token for another event
        await _session(services, attendee, open_event),  # revoked below
        await _session(services, attendee, open_event),  # expired below
        new_id(),  # never existed
    ]
    async with services.db.session() as session:
        for person in (previewer, former):
            token = await issue_token(session, services, person, open_event.id, preview=True)
            sessions.append(_session_id(services, token))
        await session.execute(delete(Admin).where(Admin.id == former_grant.id))
        await session.execute(delete(AuthSession).where(AuthSession.id == sessions[11]))
        await session.execute(
            update(AuthSession)
            .where(AuthSession.id == sessions[12])
            .values(expires_at=clock.now() - timedelta(seconds=1))
        )

    seen_codes: set[object] = set()
    for event in (open_event, listed, restricted, elsewhere):
        async with services.db.session() as session:
            found = await check_command_callers(session, services, event.id, sessions)
        assert set(found) == set(sessions)
        for session_id in sessions:
            expected = await _rest_verdict(services, session_id, event.id)
            assert _verdict(found[session_id]) == expected, (event.id, sessions.index(session_id))
            seen_codes.add(expected if not isinstance(expected, tuple) else expected[1])
    # The cases above do reach every outcome: admitted as attendee or admin, and each refusal.
    assert seen_codes >= {
        False,
        True,
        "TOKEN_REVOKED",
        "JWT_EXPIRED",
        "FORBIDDEN",
        "NOT_WHITELISTED",
    }

    async with services.db.session() as session:
        unknown = await check_command_callers(session, services, new_id(), sessions[:1])
    assert _verdict(unknown[sessions[0]]) == "EVENT_NOT_FOUND"


async def test_an_open_event_needs_no_whitelist_query_while_another_is_restricted(
    services: Services,
) -> None:
    """`admits_everyone` looks at the socket's own event: a restricted event elsewhere must not
    send every attendee's command of an open event through the per-email whitelist query."""
    customer = await make_customer(services)
    open_event = await make_event(services, customer)
    await make_event(services, customer, is_restricted=True)
    attendee = await make_person(services, event=open_event)
    session_id = await _session(services, attendee, open_event)
    with counted_statements(services) as statements:
        async with services.db.session() as session:
            found = await check_command_callers(session, services, open_event.id, [session_id])
    assert _verdict(found[session_id]) == (attendee.id, False)
    assert not [s for s in statements if "event_whitelist" in s and "auth_sessions" not in s]
