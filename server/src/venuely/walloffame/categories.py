"""The organizer's settings of the Wall of Fame: its categories and whether submissions wait for
review.

Categories stay where vtables keeps them — the `Name` of each row of the event's
`walloffametags` table, in row order — so `GET /vtables/walloffametags` and `project_fields`
read the same list. Replacing them rewrites that table's rows (made when missing). Projects keep
the category they were submitted with, also when it is renamed or removed: the text is theirs.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from venuely.core.errors import ApiError, ErrorCode
from venuely.core.services import Services
from venuely.vtables import service as vtables
from venuely.vtables.schemas import WALL_OF_FAME_TAGS, VTableIn
from venuely.walloffame.models import WallOfFameSettings
from venuely.walloffame.schemas import SettingsIO
from venuely.walloffame.store import lock_event, review_required


def _unique(names: list[str]) -> list[str]:
    """The names as given, or 422 naming the first one that repeats (case aside)."""
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise ApiError(
                ErrorCode.VALIDATION_ERROR,
                f"The category {name} is listed twice",
                {"Problems": [{"Name": "Categories", "Message": f"Duplicate category: {name}"}]},
            )
        seen.add(key)
    return names


async def replace_categories(
    session: AsyncSession, services: Services, event_id: str, names: list[str]
) -> list[str]:
    names = _unique(names)
    body = VTableIn(VTableName=WALL_OF_FAME_TAGS, Rows=[{"Name": name} for name in names])
    table = await vtables.find_table(session, event_id, WALL_OF_FAME_TAGS)
    if table is None:
        await lock_event(session, event_id)
        table = await vtables.find_table(session, event_id, WALL_OF_FAME_TAGS)
    if table is None:
        await vtables.create_table(session, services, event_id, body)
    else:
        await vtables.replace_table(session, services, table, body)
    return await vtables.categories(session, event_id)


async def read_settings(session: AsyncSession, event_id: str) -> SettingsIO:
    return SettingsIO(ReviewRequired=await review_required(session, event_id))


async def write_settings(
    session: AsyncSession, services: Services, event_id: str, body: SettingsIO
) -> SettingsIO:
    """Turning review off affects what is submitted or edited from now on: projects waiting
    in the queue stay there until an organizer decides."""
    await lock_event(session, event_id)
    found = await session.scalar(
        select(WallOfFameSettings).where(WallOfFameSettings.event_id == event_id)
    )
    now = services.clock.now()
    if found is None:
        session.add(
            WallOfFameSettings(
                event_id=event_id, review_required=body.ReviewRequired, updated_at=now
            )
        )
    else:
        found.review_required, found.updated_at = body.ReviewRequired, now
    await session.flush()
    return body
