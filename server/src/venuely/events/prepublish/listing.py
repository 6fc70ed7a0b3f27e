"""Listing an event runs the pre-publish check first: error findings refuse it.

Turning `IsListed` on (`PUT /events/{EventID}` from false to true, or a create with it true) is
the moment attendees start finding the event, so what would be broken for them must be fixed
first. The refusal is 409 `PREPUBLISH_FAILED` with the error findings in `Data`, raised before the
unit of work commits, so nothing of the request is stored. Warnings and infos do not block.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.outbound import OutboundClient
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.events.prepublish.codes import Severity
from venuely.events.prepublish.runner import embed_findings, run_check
from venuely.events.prepublish.schemas import Finding, PrepublishReport
from venuely.events.schemas import EventUpdate
from venuely.files.storage import Storage


def starts_listing(event: Event, body: EventUpdate) -> bool:
    return "IsListed" in body.model_fields_set and body.IsListed and not event.is_listed


def refusal(result: PrepublishReport) -> ApiError | None:
    errors = [f for f in result.Findings if f.Severity is Severity.ERROR]
    if not errors:
        return None
    return ApiError(
        ErrorCode.PREPUBLISH_FAILED,
        f"The event cannot be listed: the pre-publish check found {len(errors)} error(s)",
        {
            "EventID": result.EventID,
            "Codes": list(dict.fromkeys(f.Code.value for f in errors)),
            "Findings": [f.model_dump(mode="json") for f in errors],
        },
    )


@dataclass(slots=True)
class ListingGuard:
    """Made before the request writes anything (the embedded pages are fetched then, while no
    write lock is held; a request that lists an event cannot change its menu), checked after
    its changes are flushed and before they are committed."""

    storage: Storage
    outbound: OutboundClient
    embeds: list[Finding]

    @classmethod
    async def prepare(
        cls,
        session: AsyncSession,
        storage: Storage,
        services: Services,
        outbound: OutboundClient,
        event: Event,
    ) -> ListingGuard:
        embeds = await embed_findings(session, storage, services, outbound, event)
        return cls(storage, outbound, embeds)

    async def check(self, session: AsyncSession, services: Services, event: Event) -> None:
        """An `events.service.EventHook`: raises the refusal when the check finds errors."""
        result = await run_check(
            session, self.storage, services, self.outbound, event, embeds=self.embeds
        )
        error = refusal(result)
        if error is not None:
            raise error
