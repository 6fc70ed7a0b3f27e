"""The account flows' rate limits, in one place so the numbers in docs/subsystems/auth.md have a
single source.

Login counts *failures* only and is checked before the password is, so a throttled account costs
no argon2 work and learns nothing. Limits on mail-sending endpoints keep Venuely from being used
to flood someone's inbox.
"""

from __future__ import annotations

from datetime import timedelta

from fastapi import Request
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.ratelimit import Limit, RateCounter

_HALF_HOUR = timedelta(minutes=30)
_HOUR = timedelta(hours=1)

LOGIN_FAILURES_PER_ACCOUNT = Limit("login_fail_account", 5, _HALF_HOUR)
LOGIN_FAILURES_PER_IP = Limit("login_fail_ip", 50, _HALF_HOUR)
REGISTER_PER_IP = Limit("register_ip", 10, _HOUR)
REGISTER_PER_EMAIL = Limit("register_email", 3, _HOUR)
# Beyond this the answer stays Reason 5 but no mail goes out (see docs/subsystems/auth.md).
FORGOT_PER_EMAIL = Limit("forgot_email", 3, _HOUR)
FORGOT_PER_IP = Limit("forgot_ip", 20, _HOUR)
CONFIRM_PER_IP = Limit("confirm_ip", 60, _HOUR)
RESET_PER_IP = Limit("reset_ip", 30, _HOUR)
PERSONS_CREATED_PER_ADMIN = Limit("person_create_admin", 200, _HOUR)


def client_ip(request: Request) -> str:
    # Behind a proxy uvicorn's --proxy-headers (set by `venuely serve`) fills this in.
    return request.client.host if request.client else "unknown"


async def forget_login_failures(session: AsyncSession, login_email: str) -> None:
    """A completed password reset proves the mailbox; the owner need not wait out the window."""
    await session.execute(
        delete(RateCounter).where(
            RateCounter.key == f"{LOGIN_FAILURES_PER_ACCOUNT.name}:{login_email}"
        )
    )
