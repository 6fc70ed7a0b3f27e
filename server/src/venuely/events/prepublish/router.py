"""`GET /events/{EventID}/prepublish-check`: the event's findings, worst first."""

from __future__ import annotations

from datetime import timedelta

from fastapi import APIRouter

from venuely.accounts.permissions import EventAdmin
from venuely.core import ratelimit
from venuely.core.deps import ServicesDep, SessionDep
from venuely.core.outbound import OutboundDep
from venuely.events.prepublish.runner import run_check
from venuely.events.prepublish.schemas import PrepublishReport
from venuely.files.service import StorageDep

prepublish_router = APIRouter(tags=["events"])

# Each run may fetch up to embeds.MAX_EMBEDS pages elsewhere: a budget per person keeps the
# check from becoming a way to make this server send requests in bulk.
CHECK_LIMIT = ratelimit.Limit("prepublish", 20, timedelta(minutes=1))


@prepublish_router.get("/events/{EventID}/prepublish-check", response_model=PrepublishReport)
async def prepublish_check(
    access: EventAdmin,
    session: SessionDep,
    services: ServicesDep,
    storage: StorageDep,
    outbound: OutboundDep,
) -> PrepublishReport:
    now = services.clock.now()
    await ratelimit.enforce(session, CHECK_LIMIT, access.principal.person_id, now)
    # The counted run must survive a failed one, and no write lock may be held while pages
    # elsewhere are fetched.
    await session.commit()
    return await run_check(session, storage, services, outbound, access.event)
