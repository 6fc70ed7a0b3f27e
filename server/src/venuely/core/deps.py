"""FastAPI dependency aliases shared by every feature router."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services


def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    async with get_services(request).db.session() as session:
        yield session


ServicesDep = Annotated[Services, Depends(get_services)]
# scope="function": the unit of work commits before the response is sent, so a client never
# sees success for a write that then fails to commit.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
