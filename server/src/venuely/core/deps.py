"""FastAPI dependency aliases shared by every feature router."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.services import Services


def services_of(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


# Dependencies that do no I/O are `async def`: FastAPI runs a plain `def` dependency in a worker
# thread, and the hop cost more than the dependency itself on every request.
async def get_services(request: Request) -> Services:
    return services_of(request)


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    async with services_of(request).db.session() as session:
        yield session


ServicesDep = Annotated[Services, Depends(get_services)]
# scope="function": the unit of work commits before the response is sent, so a client never
# sees success for a write that then fails to commit.
SessionDep = Annotated[AsyncSession, Depends(get_session, scope="function")]
