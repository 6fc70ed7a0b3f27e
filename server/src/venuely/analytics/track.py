"""The tracker's intake, over HTTP (`POST /events/{EventID}/analytics`) and over the socket
(ANALYTICS_TRACK, intake.py) alike (docs/subsystems/analytics.md).

Nothing here writes to the database: items are checked, then handed to this process's collector
(collector.py), which the flush stores every 10 s. The one read is the caller's consent record
(a primary-key read over HTTP, one statement per batch over the socket), so consent withdrawn
stops collection from the next call on.

Drops are counted by reason in Prometheus (`venuely_analytics_dropped`) and never stored:
- no_consent: the person's stored consent for the event lacks statistics (or there is none);
- bad_item: an item that is not a TrackItem (wrong kind, a malformed id or place, unknown keys);
- unknown_screen: a screen outside analytics/screens.py;
- flood: beyond 12 items per 15 s for one person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.analytics.collector import Item, collector_of
from venuely.analytics.schemas import TrackIn, TrackItem, TrackOut
from venuely.analytics.screens import screen_name
from venuely.core.metrics import ANALYTICS_ACCEPTED, ANALYTICS_DROPPED
from venuely.core.services import Services
from venuely.privacy.consent import statistics_consented


def _drop(reason: str, count: int) -> None:
    if count:
        ANALYTICS_DROPPED.labels(reason).inc(count)


def _checked(raw: dict[str, Any]) -> Item | str:
    """The item, or the reason it is dropped."""
    try:
        item = TrackItem.model_validate(raw)
    except ValidationError:
        return "bad_item"
    screen = screen_name(item.Screen)
    if screen is None:
        return "unknown_screen"
    return Item(item.Kind, screen, item.ActivityID, item.Place)


async def track(
    session: AsyncSession, services: Services, event_id: str, person_id: str, body: TrackIn
) -> TrackOut:
    if not body.Events:
        return TrackOut(Accepted=0, Dropped=0)
    consented = await statistics_consented(session, event_id, person_id)
    return accept(services, event_id, person_id, body.Events, consented=consented, via="http")


def accept(
    services: Services,
    event_id: str,
    person_id: str,
    raw_items: Sequence[dict[str, Any]],
    *,
    consented: bool,
    via: str,
) -> TrackOut:
    """Checks each item and hands the good ones to the collector; `consented` is the person's
    stored statistics consent for the event, read by the caller."""
    total = len(raw_items)
    if not consented:
        _drop("no_consent", total)
        return TrackOut(Accepted=0, Dropped=total)
    items: list[Item] = []
    for raw in raw_items:
        checked = _checked(raw)
        if isinstance(checked, str):
            _drop(checked, 1)
        else:
            items.append(checked)
    now = services.clock.now()
    collector = collector_of(services.background)
    allowed = collector.admit(person_id, len(items), now)
    _drop("flood", len(items) - allowed)
    for item in items[:allowed]:
        collector.record(event_id, person_id, item, now)
    if allowed:
        ANALYTICS_ACCEPTED.labels(via).inc(allowed)
    return TrackOut(Accepted=allowed, Dropped=total - allowed)
