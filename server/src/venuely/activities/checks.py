"""Checks other features add to session writes, so activities need not import them.

A session may name another feature's object (a `Video` session names a cinema video, media/),
and that object must exist in the session's event. The owning feature registers an async check
here; `service.create_activity` and `update_activity` run every check before they store, so a
refused write changes nothing. (The demo seed builds its sessions from what it made itself.)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.activities.schemas import SessionIn
from venuely.events.models import Event

# Raises an ApiError when `SessionIn` names something the event does not have.
SessionCheck = Callable[[AsyncSession, Event, SessionIn], Awaitable[None]]

_CHECKS: list[SessionCheck] = []


def register_session_check(check: SessionCheck) -> None:
    if check not in _CHECKS:
        _CHECKS.append(check)


async def check_session(session: AsyncSession, event: Event, parsed: SessionIn) -> None:
    for check in _CHECKS:
        await check(session, event, parsed)
