"""Signed connection tickets without a server: what verifies, what does not, and the single-use
record of the in-process hub."""

from __future__ import annotations

import asyncio
import base64
import string
from datetime import timedelta
from pathlib import Path

import pytest

from venuely.core.clock import FrozenClock
from venuely.core.ids import NULL_ID, new_id
from venuely.core.services import Services, build_services
from venuely.realtime.localhub import InProcessHub
from venuely.realtime.tickets import TICKET_LENGTH, TICKET_TTL, issue_ticket, verify_ticket
from venuely.settings import Environment, Settings


def _services(tmp_path: Path, clock: FrozenClock, secret: str) -> Services:
    settings = Settings(
        env=Environment.TEST,
        data_dir=tmp_path / "var",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'unused.db'}",
        secret_key=secret,
    )
    return build_services(settings, clock=clock)


@pytest.fixture
def services(tmp_path: Path, clock: FrozenClock) -> Services:
    return _services(tmp_path, clock, "a" * 40)


def test_a_ticket_carries_its_session_and_event(services: Services) -> None:
    session_id, event_id = new_id(), new_id()
    ticket = issue_ticket(services, session_id=session_id, event_id=event_id)
    assert len(ticket) == TICKET_LENGTH
    assert set(ticket) <= set(string.ascii_letters + string.digits + "-_")
    grant = verify_ticket(services, ticket)
    assert grant is not None
    assert (grant.session_id, grant.event_id) == (session_id, event_id)
    # Admin tickets not bound to an event carry the null id.
    admin = verify_ticket(services, issue_ticket(services, session_id=session_id, event_id=NULL_ID))
    assert admin is not None
    assert admin.event_id == NULL_ID


def test_every_ticket_has_its_own_nonce(services: Services) -> None:
    session_id = new_id()
    grants = [
        verify_ticket(services, issue_ticket(services, session_id=session_id, event_id=NULL_ID))
        for _ in range(50)
    ]
    assert len({grant.nonce for grant in grants if grant is not None}) == 50


def test_a_ticket_expires_after_its_ttl(services: Services, clock: FrozenClock) -> None:
    ticket = issue_ticket(services, session_id=new_id(), event_id=NULL_ID)
    clock.advance(TICKET_TTL - timedelta(milliseconds=1))
    assert verify_ticket(services, ticket) is not None
    clock.advance(timedelta(milliseconds=1))
    assert verify_ticket(services, ticket) is None


def test_changing_any_byte_breaks_the_ticket(services: Services) -> None:
    ticket = issue_ticket(services, session_id=new_id(), event_id=new_id())
    raw = base64.urlsafe_b64decode(ticket + "=" * (-len(ticket) % 4))
    for index in range(len(raw)):
        changed = bytearray(raw)
        changed[index] ^= 0x01
        forged = base64.urlsafe_b64encode(bytes(changed)).rstrip(b"=").decode()
        assert verify_ticket(services, forged) is None, index


def test_a_ticket_from_another_secret_is_refused(
    services: Services, tmp_path: Path, clock: FrozenClock
) -> None:
    other = _services(tmp_path, clock, "b" * 40)
    ticket = issue_ticket(other, session_id=new_id(), event_id=NULL_ID)
    assert verify_ticket(services, ticket) is None


@pytest.mark.parametrize(
    "ticket", ["", "A" * TICKET_LENGTH, "!" * TICKET_LENGTH, "A" * (TICKET_LENGTH + 1)]
)
def test_malformed_tickets_are_refused(services: Services, ticket: str) -> None:
    assert verify_ticket(services, ticket) is None


async def test_the_hub_admits_each_nonce_once_until_it_would_have_expired(
    services: Services,
) -> None:
    hub = InProcessHub(services.settings)
    hub.ticket_hold_seconds = 0.05
    assert await hub.claim_ticket(b"n" * 16)
    assert not await hub.claim_ticket(b"n" * 16)
    assert await hub.claim_ticket(b"m" * 16)
    # Entries are pruned once they could no longer matter, so the record stays bounded.
    await asyncio.sleep(0.06)
    assert await hub.claim_ticket(b"o" * 16)
    assert hub._claimed == {b"o" * 16}
