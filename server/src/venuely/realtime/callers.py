"""Who is behind a socket: realtime asks the feature that owns persons and sessions.

The accounts feature registers a loader when it is imported (`accounts/socket.py`). The gateway
calls it during the handshake with the ticket's auth session and event: the loader re-checks the
session (revoked, expired, disabled) and the caller's membership of the event, and answers the
person, or raises the `ApiError` whose code decides the close code (`errors.close_code_for`).
A hook rather than an import keeps `realtime/` free of features.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncSession

if TYPE_CHECKING:
    from venuely.core.services import Services


@dataclass(frozen=True, slots=True)
class SocketCaller:
    person_id: str
    # Organizes the socket's event: the connection also listens on `staff:{EventID}`.
    event_admin: bool = False


# (database session, services, auth session id, event id or the null id) → the caller
CallerLoader = Callable[[AsyncSession, "Services", str, str], Awaitable[SocketCaller]]

_loaders: list[CallerLoader] = []


def register_caller_loader(loader: CallerLoader) -> CallerLoader:
    if _loaders and _loaders[0] is not loader:
        raise RuntimeError("a socket caller loader is registered already")
    _loaders[:] = [loader]
    return loader


async def load_caller(
    session: AsyncSession, services: Services, session_id: str, event_id: str
) -> SocketCaller:
    if not _loaders:
        raise RuntimeError("no socket caller loader registered (venuely.accounts.socket)")
    return await _loaders[0](session, services, session_id, event_id)
