"""Load the caller behind an open socket from its auth session id.

A socket outlives the REST call that minted its ticket, so every command re-reads the token's
`auth_sessions` row: logout, password reset or disabling the account (which delete the row or
flag the person) stop the next command even before the close signal arrives. The checks mirror
`accounts.tokens.authenticate` minus the JWT, which the ticket has replaced.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.accounts.permissions import Principal
from venuely.accounts.tokens import session_with_grants
from venuely.core.errors import JWT_EXPIRED_TEXT, ApiError, ErrorCode
from venuely.core.services import Services


async def load_session_principal(
    session: AsyncSession, services: Services, session_id: str
) -> Principal:
    found = await session_with_grants(session, session_id)
    if found is None:
        raise ApiError(ErrorCode.TOKEN_REVOKED, "Token has been revoked")
    auth, person, grants = found
    if person.is_disabled:
        raise ApiError(ErrorCode.TOKEN_REVOKED, "Account is disabled")
    if auth.expires_at <= services.clock.now():
        raise ApiError(ErrorCode.JWT_EXPIRED, JWT_EXPIRED_TEXT)
    return Principal(person=person, session_id=auth.id, token_event_id=auth.event_id, grants=grants)
