"""Runs every family of checks over one event and assembles the report.

The checks that only read this server's own data (`LOCAL_CHECKS`) are kept apart from the one
that fetches embedded pages from elsewhere (`embeds.check_embeds`), so a caller that is about to
write (listing the event) can do the slow fetching first and hold no write lock while it waits.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.outbound import OutboundClient
from venuely.core.services import Services
from venuely.events.models import Event
from venuely.events.prepublish.agenda import check_sessions
from venuely.events.prepublish.context import CheckContext, load_context
from venuely.events.prepublish.embeds import check_embeds
from venuely.events.prepublish.names import check_names
from venuely.events.prepublish.navigation import check_default_page, check_targets
from venuely.events.prepublish.schemas import Finding, PrepublishReport, report
from venuely.events.prepublish.settings_checks import check_dates, check_whitelist
from venuely.events.prepublish.theme import check_theme
from venuely.files.storage import Storage

LocalCheck = Callable[[CheckContext], Awaitable[list[Finding]]]

# In the order findings of one severity are listed.
LOCAL_CHECKS: tuple[LocalCheck, ...] = (
    check_dates,
    check_whitelist,
    check_default_page,
    check_targets,
    check_names,
    check_theme,
    check_sessions,
)


async def local_findings(ctx: CheckContext) -> list[Finding]:
    findings: list[Finding] = []
    for check in LOCAL_CHECKS:
        findings += await check(ctx)
    return findings


async def embed_findings(
    session: AsyncSession,
    storage: Storage,
    services: Services,
    outbound: OutboundClient,
    event: Event,
) -> list[Finding]:
    ctx = await load_context(session, storage, services.settings, event)
    return await check_embeds(ctx.items, outbound, services.settings.public_url)


async def run_check(
    session: AsyncSession,
    storage: Storage,
    services: Services,
    outbound: OutboundClient,
    event: Event,
    *,
    embeds: list[Finding] | None = None,
) -> PrepublishReport:
    """The whole check; `embeds` are findings of `check_embeds` made earlier for this event."""
    ctx = await load_context(session, storage, services.settings, event)
    findings = await local_findings(ctx)
    if embeds is None:
        embeds = await check_embeds(ctx.items, outbound, services.settings.public_url)
    return report(event.id, services.clock.now(), findings + embeds)
