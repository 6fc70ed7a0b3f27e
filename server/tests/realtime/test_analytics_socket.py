"""Tracker items over the socket (ANALYTICS_TRACK, opcode 47): kept as over HTTP, only with the
sender's statistics consent; never answered; a whole batch of frames checked with one caller
statement and one consent statement; a caller whose session is gone is shut out."""

from __future__ import annotations

from typing import Any

from prometheus_client import REGISTRY
from sqlalchemy import delete, select

from tests.api.analytics_support import dropped, item
from tests.factories import make_person, token_for
from tests.realtime.interaction_support import settle
from tests.realtime.live import LiveServer, attendee
from tests.statements import counted_statements
from venuely.accounts.models import AuthSession
from venuely.analytics.flush import flush
from venuely.analytics.intake import SocketItems, take_batch
from venuely.analytics.models import AnalyticsCount, AnalyticsPresence
from venuely.analytics.schemas import TrackOut
from venuely.core.errors import ApiError
from venuely.core.security import decode_jwt
from venuely.core.services import Services
from venuely.privacy.models import PersonConsent
from venuely.realtime.errors import CloseCode
from venuely.realtime.opcodes import Opcode


def accepted(via: str) -> float:
    return REGISTRY.get_sample_value("venuely_analytics_accepted_total", {"via": via}) or 0.0


def session_id(services: Services, token: str) -> str:
    return str(decode_jwt(token, services.settings.secret_key, services.clock.now())["jti"])


async def consent(services: Services, event_id: str, person_id: str) -> None:
    async with services.db.session() as session:
        session.add(
            PersonConsent(
                person_id=person_id,
                event_id=event_id,
                functional=True,
                statistics=True,
                updated_at=services.clock.now(),
            )
        )


async def rows(services: Services, model: Any) -> list[Any]:
    async with services.db.session() as session:
        return list((await session.scalars(select(model))).all())


async def test_items_are_kept_with_consent_and_never_answered(live: LiveServer) -> None:
    services = live.services
    ada = await attendee(services)
    bob_person = await make_person(services, event=ada.event)
    bob_token = await token_for(services, bob_person, ada.event)
    await consent(services, ada.event.id, ada.person.id)
    ada_socket, bob_socket = await live.socket(ada.token), await live.socket(bob_token)
    kept, refused = accepted("socket"), dropped("no_consent")

    await ada_socket.send_json(
        Opcode.ANALYTICS_TRACK,
        {"Events": [item(), item("ping", "room", Place="Lobby"), item("ping", "no-such-screen")]},
    )
    await bob_socket.send_json(Opcode.ANALYTICS_TRACK, {"Events": [item("usage", "agenda")]})
    # Frames are handled in order: the PONG comes after the items were taken, and nothing else.
    assert await settle(ada_socket) == []
    assert await settle(bob_socket) == []

    assert accepted("socket") - kept == 2
    assert dropped("no_consent") - refused == 1  # Bob never consented
    await flush(services)
    counts = {(c.kind, c.screen, c.place): c.count for c in await rows(services, AnalyticsCount)}
    assert counts == {("page_view", "start", ""): 1, ("ping", "", "Lobby"): 1}
    [presence] = await rows(services, AnalyticsPresence)
    assert (presence.person_id, presence.place) == (ada.person.id, "Lobby")
    await ada_socket.close()
    await bob_socket.close()


async def test_an_envelope_that_is_not_a_list_of_1_to_20_is_refused(live: LiveServer) -> None:
    ada = await attendee(live.services)
    socket = await live.socket(ada.token)
    for events in ([], [item()] * 21, "ping"):
        await socket.send_json(Opcode.ANALYTICS_TRACK, {"Events": events})
        [frame] = await settle(socket)
        assert frame.opcode is Opcode.ERROR
        error = frame.value["Error"]
        assert (error["Code"], error["Data"]["Opcode"]) == ("VALIDATION_ERROR", 47)
    await socket.close()


async def test_a_batch_costs_one_caller_and_one_consent_statement(services: Services) -> None:
    first = await attendee(services)
    others = [await make_person(services, event=first.event) for _ in range(4)]
    tokens = [first.token] + [await token_for(services, p, first.event) for p in others]
    for person in (first.person, *others[:2]):
        await consent(services, first.event.id, person.id)
    gone = session_id(services, tokens[-1])
    async with services.db.session() as session:
        await session.execute(delete(AuthSession).where(AuthSession.id == gone))

    with counted_statements(services) as statements:
        outcomes = await take_batch(
            services,
            [
                SocketItems(first.event.id, session_id(services, token), [item("ping", "room")])
                for token in tokens
            ],
        )
    assert len(statements) == 2
    kept = [o.Accepted if isinstance(o, TrackOut) else o.code for o in outcomes]
    # Three consented, one did not, one logged out meanwhile (REST's refusal).
    assert kept == [1, 1, 1, 0, "TOKEN_REVOKED"]
    assert isinstance(outcomes[-1], ApiError)


async def test_a_session_ended_meanwhile_closes_the_socket(live: LiveServer) -> None:
    services = live.services
    ada = await attendee(services)
    await consent(services, ada.event.id, ada.person.id)
    socket = await live.socket(ada.token)
    # Deleted behind the gateway's back: the next frame's check finds it gone.
    async with services.db.session() as session:
        await session.execute(
            delete(AuthSession).where(AuthSession.id == session_id(services, ada.token))
        )
    before = accepted("socket")
    await socket.send_json(Opcode.ANALYTICS_TRACK, {"Events": [item("ping", "room")]})
    assert await socket.wait_closed() == CloseCode.TOKEN_REVOKED
    assert accepted("socket") == before
