"""Checks on the event's own settings: its dates and who may enter."""

from __future__ import annotations

from sqlalchemy import func, select

from venuely.events.models import WhitelistEntry
from venuely.events.prepublish.codes import FindingCode
from venuely.events.prepublish.context import CheckContext
from venuely.events.prepublish.schemas import Finding, finding


async def check_dates(ctx: CheckContext) -> list[Finding]:
    # Writes refuse inverted dates; old rows and direct database writes may still hold them.
    begin, end = ctx.event.date_begin, ctx.event.date_end
    if end > begin:
        return []
    return [
        finding(
            FindingCode.DATES_INVERTED,
            f"The event ends ({end.isoformat()}) before or when it begins ({begin.isoformat()})",
            DateBeginUTC=begin.isoformat(),
            DateEndUTC=end.isoformat(),
        )
    ]


async def check_whitelist(ctx: CheckContext) -> list[Finding]:
    count = await ctx.session.scalar(
        select(func.count())
        .select_from(WhitelistEntry)
        .where(WhitelistEntry.event_id == ctx.event.id)
    )
    if count:
        return []
    if ctx.event.is_restricted:
        return [
            finding(
                FindingCode.WHITELIST_EMPTY_RESTRICTED,
                "The event is restricted and its whitelist is empty: only its admins can enter",
            )
        ]
    return [
        finding(
            FindingCode.WHITELIST_OPEN,
            "The event is not restricted and has no whitelist: anyone may register and enter",
        )
    ]
