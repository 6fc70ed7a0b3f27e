"""What the checks read, loaded once per run: the event, its menu, and where files live."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.events.models import Event, MenuItem
from venuely.files.storage import Storage
from venuely.settings import Settings

LANGUAGES = ("en", "de", "es", "fr", "it")


@dataclass(slots=True)
class CheckContext:
    session: AsyncSession
    storage: Storage
    settings: Settings
    event: Event
    # Every item, hidden ones included, in the attendee app's order (Index descending).
    items: list[MenuItem]

    @property
    def visible(self) -> list[MenuItem]:
        """Hidden items are drafts attendees never receive: only the default page check looks
        at them, everything else checks what attendees will see."""
        return [item for item in self.items if item.is_visible]


async def load_context(
    session: AsyncSession, storage: Storage, settings: Settings, event: Event
) -> CheckContext:
    rows = await session.scalars(
        select(MenuItem)
        .where(MenuItem.event_id == event.id)
        .order_by(MenuItem.index.desc(), MenuItem.id)
    )
    return CheckContext(session, storage, settings, event, list(rows.all()))


def data_text(item: MenuItem, key: str) -> str:
    """A `Data` field as text, as the web app reads it (strings trimmed, numbers spelled out);
    documents written by older code paths may hold anything."""
    value: Any = (item.document.get("Data") or {}).get(key)
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return ""


def item_name(item: MenuItem) -> str:
    """A name to show the organizer: English first, then whatever the item has, then its Type."""
    document = item.document
    raw = document.get("Names")
    names: dict[str, Any] = raw if isinstance(raw, dict) else {}
    for candidate in (
        names.get("en"),
        document.get("Name"),
        document.get("NameDE"),
        *names.values(),
    ):
        if isinstance(candidate, str) and candidate.strip():
            return candidate.strip()
    return item.type
