"""`check_command_callers` (accounts/permissions.py), the socket commands' batched caller check,
gives every kind of caller the verdict REST gives it (`check_session` + `check_event_member`):
the same person and admin flag, or the same refusal, all answered by one call. So does
`socket_event_member`, the per-command check of chat, reactions and breakouts, in one
statement."""

from __future__ import annotations

from tests.api.caller_kinds import EVERY_VERDICT, every_kind_of_caller, session_id_of
from tests.factories import make_customer, make_event, make_person, token_for
from tests.statements import counted_statements
from venuely.accounts.models import Person
from venuely.accounts.permissions import (
    EventCaller,
    check_command_callers,
    check_event_member,
    load_event,
    socket_event_member,
)
from venuely.accounts.socket import session_principal
from venuely.core.clock import FrozenClock
from venuely.core.errors import ApiError
from venuely.core.ids import new_id
from venuely.core.services import Services
from venuely.events.models import Event


async def _rest_verdict(
    services: Services, session_id: str, event_id: str, *, banned: bool = False
) -> object:
    try:
        async with services.db.session() as session:
            principal = await session_principal(session, services, session_id)
            access = await check_event_member(
                session, principal, await load_event(session, event_id)
            )
            if banned:
                return (principal.person_id, access.is_admin, access.chat_banned)
            return (principal.person_id, access.is_admin)
    except ApiError as refusal:
        return refusal.code


async def _socket_verdict(services: Services, session_id: str, event_id: str) -> object:
    try:
        async with services.db.session() as session:
            access = await socket_event_member(session, services, session_id, event_id)
            return (access.principal.person_id, access.is_admin, access.chat_banned)
    except ApiError as refusal:
        return refusal.code


def _verdict(found: EventCaller | ApiError) -> object:
    if isinstance(found, ApiError):
        return found.code
    return (found.person_id, found.is_admin)


async def _session(services: Services, person: Person, event: Event | None) -> str:
    return session_id_of(services, await token_for(services, person, event))


async def test_every_kind_of_caller_gets_the_rest_verdict(
    services: Services, clock: FrozenClock
) -> None:
    world = await every_kind_of_caller(services, clock)
    sessions = [session_id_of(services, token) for token in world.tokens]
    sessions.append(new_id())  # never existed

    seen_codes: set[object] = set()
    for event in world.events:
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


async def test_every_kind_of_caller_gets_the_rest_verdict_per_socket_command(
    services: Services, clock: FrozenClock
) -> None:
    world = await every_kind_of_caller(services, clock)
    sessions = [session_id_of(services, token) for token in world.tokens]
    sessions.append(new_id())  # never existed

    seen: set[object] = set()
    for event_id in (*(event.id for event in world.events), new_id()):
        for session_id in sessions:
            expected = await _rest_verdict(services, session_id, event_id, banned=True)
            assert await _socket_verdict(services, session_id, event_id) == expected, (
                event_id,
                sessions.index(session_id),
            )
            seen.add(expected[1:] if isinstance(expected, tuple) else expected)
    assert seen >= EVERY_VERDICT


async def test_a_socket_commands_caller_check_is_one_statement(services: Services) -> None:
    event = await make_event(services, await make_customer(services))
    attendee = await make_person(services, event=event)
    session_id = await _session(services, attendee, event)
    with counted_statements(services) as statements:
        async with services.db.session() as session:
            access = await socket_event_member(session, services, session_id, event.id)
    assert (access.principal.person_id, access.is_admin) == (attendee.id, False)
    assert len(statements) == 1, statements
